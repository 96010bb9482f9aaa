//! MCR as Botzone plays it (`GameRules::mcr_botzone`): each seat draws from a wall of its own,
//! and the hand is drawn when the seat due to draw finds its wall empty, whatever the other
//! walls still hold. The rule is Botzone's judge (ailab-pku/Chinese-Standard-Mahjong,
//! `judge/main.cpp`: `walltiles` cut into four `pTileWall`s of a quarter each, every draw a
//! `pop_back` of the drawer's own, `HUANG` when it is empty) and the Botzone wiki's
//! Chinese-Standard-Mahjong page (复式赛制: 牌墙及初始手牌, 摸牌, 荒牌).
//!
//! A constructed match checks it against a model of those walls written here (not the
//! engine's code): read as the IJCAI line form, as Botzone's own JSON match log, and played
//! through a `Round`. The public match set (real Botzone matches, not in the repository) is
//! replayed when `MJ_BOTZONE_LOGS` names a folder of Botzone match logs (`*.json`); see
//! docs/rules-mcr-botzone.md for where to get them.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use common::botzone as read_botzone;
use mj_game::{Action, GameRules, Phase, Round, RoundEnd, RoundSetup};
use mj_log::botzone::{is_botzone_log, write_botzone};
use mj_tiles::TileId;

/// Botzone's 34 tile names, in its order (万, 饼, 条, winds, 中发白).
fn names() -> Vec<String> {
    let mut n = Vec::new();
    for s in ["W", "B", "T"] {
        for r in 1..=9 {
            n.push(format!("{s}{r}"));
        }
    }
    for r in 1..=4 {
        n.push(format!("F{r}"));
    }
    for r in 1..=3 {
        n.push(format!("J{r}"));
    }
    n
}

/// A shuffled `walltiles` (136 names) whose dealer first draws a tile the seat across holds a
/// pair of: player 0 draws position 20 first (its wall is positions 0..34, taken from 33
/// down after the 13 dealt), player 2 is dealt positions 101, 100, ... first.
fn constructed_wall(seed: u64) -> Vec<String> {
    let mut wall: Vec<String> = names()
        .into_iter()
        .flat_map(|n| [n.clone(), n.clone(), n.clone(), n])
        .collect();
    let mut x = seed;
    for i in (1..wall.len()).rev() {
        x = x
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        wall.swap(i, (x >> 33) as usize % (i + 1));
    }
    let pair = wall[20].clone();
    for target in [101, 100] {
        if wall[target] != pair {
            let from = (0..136)
                .find(|&p| wall[p] == pair && ![20, 100, 101].contains(&p))
                .unwrap();
            wall.swap(target, from);
        }
    }
    wall
}

/// What the model of Botzone's walls says happened: the line-form log, the judge's displays,
/// and the tiles each wall holds at the end.
struct Model {
    lines: Vec<String>,
    displays: Vec<String>,
    left: [usize; 4],
    draws: usize,
}

/// Plays the constructed match on the model: each player's wall is its quarter of
/// `walltiles`, taken from the back; everyone discards the tile drawn, except that player 2
/// pungs the dealer's first discard (skipping player 1's draw) and discards its third dealt
/// tile; the hand is drawn when the player due to draw has an empty wall.
fn model(wall: &[String]) -> Model {
    let mut walls: Vec<Vec<String>> = (0..4).map(|p| wall[34 * p..34 * p + 34].to_vec()).collect();
    let cnt = |w: &Vec<Vec<String>>| format!("{:?}", w.iter().map(Vec::len).collect::<Vec<_>>());
    let mut lines = vec!["Match constructed".to_string(), "Wind 1".to_string()];
    let mut displays = vec![r#"{"action":"INIT","quan":1}"#.to_string()];
    let mut hands: Vec<Vec<String>> = Vec::new();
    for w in &mut walls {
        hands.push((0..13).map(|_| w.pop().unwrap()).collect());
    }
    for (p, h) in hands.iter().enumerate() {
        lines.push(format!("Player {p} Deal {}", h.join(" ")));
    }
    displays.push(format!(
        r#"{{"action":"DEAL","hand":{},"tileCnt":{}}}"#,
        serde_json::to_string(&hands).unwrap(),
        cnt(&walls)
    ));
    let (mut seat, mut draws, mut first) = (0usize, 0usize, true);
    while let Some(t) = walls[seat].pop() {
        draws += 1;
        lines.push(format!("Player {seat} Draw {t}"));
        lines.push(format!("Player {seat} Play {t}"));
        let c = cnt(&walls);
        displays.push(format!(
            r#"{{"action":"DRAW","player":{seat},"tile":"{t}","tileCnt":{c}}}"#
        ));
        displays.push(format!(
            r#"{{"action":"PLAY","player":{seat},"tile":"{t}","tileCnt":{c}}}"#
        ));
        if first {
            first = false;
            let out = hands[2][2].clone();
            lines.push(format!("Player 2 Peng {t}"));
            lines.push(format!("Player 2 Play {out}"));
            displays.push(format!(
                r#"{{"action":"PENG","player":2,"tile":"{out}","tileCnt":{c}}}"#
            ));
            seat = 3;
        } else {
            seat = (seat + 1) % 4;
        }
    }
    lines.push("Huang".into());
    lines.push("Score 0 0 0 0".into());
    displays.push(format!(r#"{{"action":"HUANG","tileCnt":{}}}"#, cnt(&walls)));
    Model {
        lines,
        displays,
        left: core::array::from_fn(|p| walls[p].len()),
        draws,
    }
}

/// The model's match as Botzone keeps it: `initdata` and one log entry per judge output.
fn match_log(wall: &[String], m: &Model) -> String {
    let n = m.displays.len();
    let entries: Vec<String> = m
        .displays
        .iter()
        .enumerate()
        .map(|(i, d)| {
            let command = if i + 1 == n { "finish" } else { "request" };
            format!(r#"{{"output":{{"command":"{command}","display":{d}}}}}"#)
        })
        .collect();
    let init = serde_json::json!({"quan": 1, "walltiles": wall.join(" ")}).to_string();
    format!(
        r#"{{"initdata":{},"logs":[{}]}}"#,
        serde_json::to_string(&init).unwrap(),
        entries.join(",")
    )
}

fn walls_of(r: &Round) -> [usize; 4] {
    core::array::from_fn(|s| usize::from(r.own_wall_left(s as u8).unwrap()))
}

/// The constructed match: 82 draws, and the hand drawn with tiles in two walls. One shared
/// wall would still hold two tiles (84 after the deal), so a reader of one wall says "the hand
/// did not end" (what `read_botzone` said before Botzone's walls were modelled).
#[test]
fn the_draw_comes_when_the_seat_due_to_draw_has_an_empty_wall() {
    let wall = constructed_wall(7);
    let m = model(&wall);
    assert_eq!(m.draws, 82);
    assert_eq!(m.left, [0, 1, 1, 0]);

    // The line form (`Match` ...), as the IJCAI data writes it.
    let text = m.lines.join("\n");
    assert!(is_botzone_log(&text));
    let (_, hands) = read_botzone(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(hands.played.len(), 1);
    let r = &hands.played[0];
    assert_eq!(r.rules().preset_name(), Some("mcr_botzone"));
    assert!(matches!(r.result().unwrap().end, RoundEnd::Draw { .. }));
    assert_eq!(walls_of(r), m.left);
    assert_eq!(r.live_left() as usize, 2);
    // Written back, the same lines (each deal in the hand's order).
    let back = write_botzone("constructed", r.events()).unwrap();
    assert_eq!(same_deals(&back), same_deals(&text));

    // Botzone's own match log of the same game, its `walltiles` included.
    let json = match_log(&wall, &m);
    assert!(is_botzone_log(&json));
    let (_, hands) = read_botzone(&json).unwrap_or_else(|e| panic!("{e}\n{json}"));
    assert_eq!(hands.played[0].events(), r.events());
    // A log that goes on where the judge drew the hand is refused, and so is one whose
    // judge drew it earlier or whose walls end otherwise.
    let mut longer = m.lines.clone();
    let at = longer.len() - 2;
    longer.insert(at, "Player 3 Draw W1".into());
    longer.insert(at + 1, "Player 3 Play W1".into());
    assert!(read_botzone(&longer.join("\n")).is_err());
    let bad_count = json.replacen(
        &format!(r#""action":"HUANG","tileCnt":{:?}"#, m.left),
        r#""action":"HUANG","tileCnt":[0,0,0,2]"#,
        1,
    );
    assert_ne!(bad_count, json);
    let err = read_botzone(&bad_count).unwrap_err();
    assert!(err.contains("walls"), "{err}");
}

/// The same match played through a `Round` on the `mcr_botzone` preset: the same draw, and
/// the same walls left, as the model's.
#[test]
fn a_round_on_own_walls_plays_the_constructed_match() {
    let wall = constructed_wall(7);
    let m = model(&wall);
    let mut copies = [0u8; 34];
    let all = names();
    let seq: Vec<u8> = wall
        .iter()
        .map(|n| {
            let k = all.iter().position(|x| x == n).unwrap();
            // Botzone's J1 is 中 (7z), J3 白 (5z).
            let k = match k {
                31 => 33,
                33 => 31,
                k => k,
            } as u8;
            copies[usize::from(k)] += 1;
            k * 4 + copies[usize::from(k)] - 1
        })
        .collect();
    let setup = RoundSetup {
        round_wind: 1,
        ..RoundSetup::first(0)
    };
    let mut r = Round::try_new_mcr(GameRules::mcr_botzone(), setup, &seq, true).unwrap();
    assert_eq!(walls_of(&r), [20, 21, 21, 21]);
    let mut punged = false;
    while !r.is_over() {
        match r.phase().clone() {
            Phase::Turn { seat, .. } => {
                let a = match r.drawn() {
                    Some(d) => Action::Discard {
                        tile: TileId::new(d).unwrap(),
                    },
                    // After the pung: the third tile dealt.
                    None => Action::Discard {
                        tile: *r
                            .legal_actions(seat)
                            .iter()
                            .find_map(|a| match a {
                                Action::Discard { tile } if tile.as_u8() / 4 == seq[99] / 4 => {
                                    Some(tile)
                                }
                                _ => None,
                            })
                            .unwrap(),
                    },
                };
                r.play(seat, a).unwrap();
            }
            Phase::Claims(_) => {
                let seat = r.to_act().first().unwrap();
                let pung = r
                    .legal_actions(seat)
                    .iter()
                    .copied()
                    .find(|a| matches!(a, Action::Pon { .. }));
                let a = match pung {
                    Some(p) if seat == 2 && !punged => {
                        punged = true;
                        p
                    }
                    _ => Action::Pass,
                };
                r.play(seat, a).unwrap();
            }
            _ => break,
        }
    }
    assert!(punged);
    assert!(matches!(r.result().unwrap().end, RoundEnd::Draw { .. }));
    assert_eq!(walls_of(&r), m.left);
    // No call on the last discard: the next seat's wall was empty.
    let text = write_botzone("constructed", r.events()).unwrap();
    assert_eq!(same_deals(&text), same_deals(&m.lines.join("\n")));
}

/// The lines of a hand with each `Deal`'s tiles sorted (the line form does not fix their
/// order).
fn same_deals(text: &str) -> Vec<String> {
    text.lines()
        .map(|l| {
            let mut t: Vec<&str> = l.split_whitespace().collect();
            if t.get(2) == Some(&"Deal") {
                t[3..].sort_unstable();
            }
            t.join(" ")
        })
        .collect()
}

/// Real Botzone matches (a folder of Botzone match logs, `*.json`, named by `MJ_BOTZONE_LOGS`):
/// every one replays to its recorded end, fans and scores, and the judge's final `tileCnt`;
/// after every draw and discard the engine offers a win exactly when the judge's `canHu` says
/// the seat could win with 8 fan or more.
#[test]
fn public_botzone_matches_replay_to_their_results() {
    let Some(dir) = std::env::var_os("MJ_BOTZONE_LOGS") else {
        eprintln!(
            "MJ_BOTZONE_LOGS is not set: no real Botzone match replayed \
             (docs/rules-mcr-botzone.md names a public set)"
        );
        return;
    };
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no *.json in {dir:?}");
    let (mut wins, mut draws, mut short_draws, mut checked) = (0, 0, 0, 0);
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        assert!(is_botzone_log(&text), "{f:?}");
        let (_, hands) = read_botzone(&text).unwrap_or_else(|e| panic!("{f:?}: {e}"));
        let r = &hands.played[0];
        assert_eq!(r.rules().preset_name(), Some("mcr_botzone"), "{f:?}");
        checked += hands.checks.judge;
        match r.result().unwrap().end {
            RoundEnd::Wins(_) => wins += 1,
            RoundEnd::Draw { .. } => {
                draws += 1;
                short_draws += usize::from(walls_of(r).iter().any(|&n| n > 0));
            }
        }
    }
    eprintln!(
        "{} Botzone matches replayed: {wins} wins, {draws} draws ({short_draws} with tiles left \
         in another wall), {checked} chances to win checked against the judge's canHu",
        files.len()
    );
    assert!(checked > 0, "the logs carry no canHu");
}

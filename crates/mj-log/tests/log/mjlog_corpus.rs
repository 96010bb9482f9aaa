//! Every mjlog in `../shared/logs` (real Tenhou games), at the level of its tags
//! (`mj_log::tenhou::tags`, the format exact to the tile copy): each round's wall, rebuilt
//! from the shuffle seed, gives exactly the logged deal, dice, draws (live and replacement),
//! dora indicators and ura indicators (the layout of `mj_log::tenhou::wall`); every call
//! decodes to tiles that are in the caller's hand or are the last discard, with every win's
//! hand and every shown hand equal to the hand the tags build; and `mj_log::read` reads the
//! same walls and the same plays (by tile) into its events.
//!
//! The logs stay in `../shared/logs` (not in the repository). When that folder is absent the
//! test says so and checks nothing.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test crate

use crate::common;

use std::path::{Path, PathBuf};

use common::{logs_dir, text as read_log};
use mj_game::{Event, MjaiTile};
use mj_log::tenhou::{Call, RoundWall, Tag, TenhouShuffle, TenhouWallLayout, tags};
use mj_tiles::{MeldKind, TileId};

/// One tag of a round, exact to the tile copy (what this test reads the tags into).
#[derive(Clone, Debug, PartialEq)]
enum LogEvent {
    Draw { seat: u8, tile: TileId },
    Discard { seat: u8, tile: TileId },
    Call { seat: u8, meld: Call },
    Riichi { seat: u8, step: u8 },
    Dora { tile: TileId },
    Agari(Agari),
    Ryuukyoku(DrawEnd),
}

#[derive(Clone, Debug, PartialEq)]
struct Agari {
    who: u8,
    from_who: u8,
    hand: Vec<TileId>,
    win_tile: TileId,
    dora: Vec<TileId>,
    ura: Vec<TileId>,
    scores_before: Vec<i32>,
    deltas: Vec<i32>,
}

#[derive(Clone, Debug, PartialEq)]
struct DrawEnd {
    exhaustive: bool,
    scores_before: Vec<i32>,
    deltas: Vec<i32>,
    shown: Vec<Option<Vec<TileId>>>,
}

/// A round's `INIT` and its tags.
#[derive(Clone, Debug)]
struct RoundLog {
    dealer: u8,
    sticks: u8,
    dice: [u8; 2],
    dora_indicator: TileId,
    scores: Vec<i32>,
    hands: Vec<Vec<TileId>>,
    /// The wall of the `INIT`'s own shuffle (2009 logs), with its dice.
    legacy: Option<RoundWall>,
    events: Vec<LogEvent>,
}

#[derive(Clone, Debug, Default)]
struct GameLog {
    go_type: u32,
    players: u8,
    shuffle_seed: Option<String>,
    rounds: Vec<RoundLog>,
    final_scores: Option<Vec<i32>>,
}

fn ids(t: &Tag<'_>, attr: &'static str) -> Vec<TileId> {
    t.ids(attr).unwrap()
}

/// `sc` (scores before, changes) in points, `players` entries.
fn sc(t: &Tag<'_>, players: u8) -> (Vec<i32>, Vec<i32>) {
    let n: Vec<i32> = t.nums("sc").unwrap();
    let p = usize::from(players);
    let pairs = &n[..if n.len() == 16 { 8 } else { n.len() }];
    (
        pairs.iter().step_by(2).take(p).map(|x| x * 100).collect(),
        pairs
            .iter()
            .skip(1)
            .step_by(2)
            .take(p)
            .map(|x| x * 100)
            .collect(),
    )
}

/// The tags of an mjlog, read the way this test checks them.
fn parse(text: &str) -> GameLog {
    let mut g = GameLog {
        players: 4,
        ..GameLog::default()
    };
    for tag in tags(text) {
        let t = tag.unwrap();
        let name = t.name();
        let p = g.players;
        let digits = name.find(|c: char| c.is_ascii_digit());
        if let Some(d) = digits.filter(|_| name.len() > 1 && !name.starts_with("UN")) {
            let seat = match &name[..d] {
                "T" | "D" => 0,
                "U" | "E" => 1,
                "V" | "F" => 2,
                _ => 3,
            };
            let tile = TileId::new(name[d..].parse().unwrap()).unwrap();
            let ev = if matches!(&name[..d], "T" | "U" | "V" | "W") {
                LogEvent::Draw { seat, tile }
            } else {
                LogEvent::Discard { seat, tile }
            };
            g.rounds.last_mut().unwrap().events.push(ev);
            continue;
        }
        let seat = |a: &str| t.get(a).unwrap().parse::<u8>().unwrap();
        match name {
            "SHUFFLE" => g.shuffle_seed = t.get("seed").map(str::to_owned),
            "GO" => {
                g.go_type = t.get("type").unwrap().parse().unwrap();
                g.players = if g.go_type & 0x10 != 0 { 3 } else { 4 };
            }
            "INIT" => {
                let seed: Vec<u8> = t.nums("seed").unwrap();
                let ten: Vec<i32> = t.nums("ten").unwrap();
                let legacy = t.get("shuffle").and_then(|s| RoundWall::legacy(s, p).ok());
                g.rounds.push(RoundLog {
                    dealer: seat("oya"),
                    sticks: seed[2],
                    dice: [seed[3], seed[4]],
                    dora_indicator: TileId::new(seed[5]).unwrap(),
                    scores: ten.iter().take(usize::from(p)).map(|x| x * 100).collect(),
                    hands: ["hai0", "hai1", "hai2", "hai3"]
                        .iter()
                        .take(usize::from(p))
                        .map(|a| ids(&t, a))
                        .collect(),
                    legacy,
                    events: Vec::new(),
                });
            }
            "N" => {
                let who = seat("who");
                let meld = t.call(who, p, t.get("m").unwrap()).unwrap();
                g.rounds
                    .last_mut()
                    .unwrap()
                    .events
                    .push(LogEvent::Call { seat: who, meld });
            }
            "REACH" => {
                let ev = LogEvent::Riichi {
                    seat: seat("who"),
                    step: seat("step"),
                };
                g.rounds.last_mut().unwrap().events.push(ev);
            }
            "DORA" => {
                let tile = ids(&t, "hai")[0];
                g.rounds
                    .last_mut()
                    .unwrap()
                    .events
                    .push(LogEvent::Dora { tile });
            }
            "AGARI" | "RYUUKYOKU" => {
                let (scores_before, deltas) = sc(&t, p);
                let ev = if name == "AGARI" {
                    LogEvent::Agari(Agari {
                        who: seat("who"),
                        from_who: seat("fromWho"),
                        hand: ids(&t, "hai"),
                        win_tile: ids(&t, "machi")[0],
                        dora: ids(&t, "doraHai"),
                        ura: ids(&t, "doraHaiUra"),
                        scores_before,
                        deltas,
                    })
                } else {
                    LogEvent::Ryuukyoku(DrawEnd {
                        exhaustive: t.get("type").is_none(),
                        scores_before,
                        deltas,
                        shown: ["hai0", "hai1", "hai2", "hai3"]
                            .iter()
                            .take(usize::from(p))
                            .map(|a| t.get(a).map(|_| ids(&t, a)))
                            .collect(),
                    })
                };
                if t.get("owari").is_some() {
                    let o: Vec<f64> = t.nums("owari").unwrap();
                    g.final_scores = Some(
                        o.iter()
                            .step_by(2)
                            .take(usize::from(p))
                            .map(|x| (*x as i32) * 100)
                            .collect(),
                    );
                }
                g.rounds.last_mut().unwrap().events.push(ev);
            }
            _ => {}
        }
    }
    g
}

/// Every mjlog file of the corpus, sorted.
fn mjlog_files(root: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let folders: [(&str, &[&str]); 5] = [
        ("tenhou-phoenix-2020", &["mjlog"]),
        ("mjx/mjlog", &["mjlog"]),
        ("corner-cases", &["xml", "xml_"]),
        ("tenhou6", &["xml"]),
        ("mjai-golden", &["mjlog"]),
    ];
    for (folder, exts) in folders {
        let Ok(rd) = std::fs::read_dir(root.join(folder)) else {
            continue;
        };
        for entry in rd.flatten() {
            let path = entry.path();
            let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
            if exts.contains(&ext) {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The text of a log, gunzipped when it is gzip.
#[derive(Default, Debug)]
struct Counts {
    files: usize,
    three_player_files: usize,
    legacy_shuffle_files: usize,
    rounds: usize,
    rounds_with_wall: usize,
    deals: usize,
    live_draws: usize,
    replacement_draws: usize,
    kan_doras: usize,
    ura_checked: usize,
    exhaustive_ends: usize,
    calls: usize,
    wins: usize,
    shown_hands: usize,
    kan_dora_timings: usize,
    riichi_declarations: usize,
    chip_rule_rounds: usize,
    settlements: usize,
    sticks_to_first: usize,
    plays_read: usize,
}

/// The wall of a round, and its layout.
fn id(x: u8) -> TileId {
    TileId::new(x).unwrap_or_else(|| panic!("wall holds {x}"))
}

fn check_wall(
    name: &str,
    ri: usize,
    round: &RoundLog,
    rw: &RoundWall,
    players: u8,
    c: &mut Counts,
) {
    let layout = TenhouWallLayout::new(players).unwrap();
    let wall = &rw.tiles[..];
    assert_eq!(wall.len(), layout.len());
    c.rounds_with_wall += 1;
    let at = |i: Option<usize>| id(wall[i.unwrap_or_else(|| panic!("{name} round {ri}: index"))]);
    for seat in 0..layout.players() {
        let dealt = layout
            .deal(wall, round.dealer, seat)
            .map(|h| h.map(id).to_vec());
        assert_eq!(
            dealt.as_ref(),
            Some(&round.hands[seat as usize]),
            "{name} round {ri}: seat {seat}'s deal"
        );
        c.deals += 1;
    }
    assert_eq!(rw.dice, round.dice, "{name} round {ri}: dice");
    assert_eq!(
        at(layout.dora_index(0)),
        round.dora_indicator,
        "{name} round {ri}: dora indicator"
    );

    let (mut live, mut repl, mut doras) = (0usize, 0usize, 1usize);
    let mut replacement_due = false;
    for (ei, ev) in round.events.iter().enumerate() {
        match ev {
            LogEvent::Draw { tile, .. } => {
                if replacement_due {
                    let i = layout.rinshan_index(repl);
                    assert_eq!(
                        Some(*tile),
                        i.map(|i| id(wall[i])),
                        "{name} round {ri} event {ei}: replacement draw {repl}"
                    );
                    repl += 1;
                    c.replacement_draws += 1;
                } else {
                    let i = layout.live_index(live, repl);
                    assert_eq!(
                        Some(*tile),
                        i.map(|i| id(wall[i])),
                        "{name} round {ri} event {ei}: live draw {live} ({repl} replacements)"
                    );
                    live += 1;
                    c.live_draws += 1;
                }
                replacement_due = false;
            }
            LogEvent::Call { meld, .. } => {
                replacement_due = meld.kind.is_none_or(MeldKind::is_kan);
            }
            LogEvent::Dora { tile } => {
                assert_eq!(
                    *tile,
                    at(layout.dora_index(doras)),
                    "{name} round {ri} event {ei}: kan dora {doras}"
                );
                doras += 1;
                c.kan_doras += 1;
            }
            LogEvent::Agari(a) => {
                let want: Vec<TileId> = (0..a.dora.len())
                    .map(|k| at(layout.dora_index(k)))
                    .collect();
                assert_eq!(
                    a.dora, want,
                    "{name} round {ri}: dora indicators at the win"
                );
                let ura: Vec<TileId> = (0..a.ura.len()).map(|k| at(layout.ura_index(k))).collect();
                assert_eq!(a.ura, ura, "{name} round {ri}: ura indicators");
                if !a.ura.is_empty() {
                    assert_eq!(
                        a.ura.len(),
                        a.dora.len(),
                        "{name} round {ri}: one ura per dora"
                    );
                    c.ura_checked += a.ura.len();
                }
            }
            LogEvent::Ryuukyoku(d) if d.exhaustive => {
                // An exhaustive draw: the live wall is used up, exactly.
                assert_eq!(
                    layout.live_index(live, repl),
                    None,
                    "{name} round {ri}: wall not exhausted at the draw"
                );
                assert_eq!(
                    live + repl,
                    layout.live_len(),
                    "{name} round {ri}: draws at the exhaustive draw"
                );
                c.exhaustive_ends += 1;
            }
            _ => {}
        }
    }
}

fn take(hand: &mut Vec<TileId>, t: TileId, what: &str) {
    let i = hand
        .iter()
        .position(|&x| x == t)
        .unwrap_or_else(|| panic!("{what}: {t:?} not in hand {hand:?}"));
    hand.swap_remove(i);
}

fn sorted(mut v: Vec<TileId>) -> Vec<TileId> {
    v.sort();
    v
}

/// Follows every hand through the round: calls take their tiles from the caller's hand and the
/// last discard; wins and shown hands equal the followed hands.
fn check_calls(name: &str, ri: usize, round: &RoundLog, c: &mut Counts) {
    let mut hands = round.hands.clone();
    let mut pons: Vec<Vec<TileId>> = vec![Vec::new(); hands.len()];
    let mut last_discard: Option<(u8, TileId)> = None;
    for (ei, ev) in round.events.iter().enumerate() {
        let what = format!("{name} round {ri} event {ei} ({ev:?})");
        match ev {
            LogEvent::Draw { seat, tile } => hands[*seat as usize].push(*tile),
            LogEvent::Discard { seat, tile } => {
                take(&mut hands[*seat as usize], *tile, &what);
                last_discard = Some((*seat, *tile));
            }
            LogEvent::Call { seat, meld } => {
                c.calls += 1;
                let h = &mut hands[*seat as usize];
                match meld.kind {
                    Some(MeldKind::Chi | MeldKind::Pon | MeldKind::Minkan) => {
                        let called = meld
                            .called
                            .unwrap_or_else(|| panic!("{what}: no called tile"));
                        assert_eq!(
                            last_discard,
                            Some((meld.from_seat.unwrap_or(9), called)),
                            "{what}: the called tile is the last discard"
                        );
                        for &t in meld.tiles.iter().filter(|&&t| t != called) {
                            take(h, t, &what);
                        }
                        if meld.kind == Some(MeldKind::Pon) {
                            pons[*seat as usize].push(called);
                        }
                    }
                    Some(MeldKind::Ankan) | None => {
                        for &t in &meld.tiles {
                            take(h, t, &what);
                        }
                    }
                    Some(MeldKind::Kakan) => {
                        let added = meld
                            .added
                            .unwrap_or_else(|| panic!("{what}: no added tile"));
                        take(h, added, &what);
                        let called = meld
                            .called
                            .unwrap_or_else(|| panic!("{what}: no called tile"));
                        assert!(
                            pons[*seat as usize].contains(&called),
                            "{what}: added kan without its pon"
                        );
                    }
                }
                last_discard = None;
            }
            LogEvent::Agari(a) => {
                c.wins += 1;
                let mut h = hands[a.who as usize].clone();
                if a.who != a.from_who {
                    h.push(a.win_tile);
                }
                assert_eq!(
                    sorted(h),
                    sorted(a.hand.clone()),
                    "{what}: the winner's hand"
                );
            }
            LogEvent::Ryuukyoku(d) => {
                for (seat, shown) in d.shown.iter().enumerate() {
                    if let Some(s) = shown {
                        assert_eq!(
                            sorted(s.clone()),
                            sorted(hands[seat].clone()),
                            "{what}: seat {seat}'s shown hand"
                        );
                        c.shown_hands += 1;
                    }
                }
            }
            _ => {}
        }
    }
}

/// When Tenhou turns kan dora and accepts riichi (the order the engine must reproduce):
/// a closed kan's indicator right after the call (after any still pending); an open or added
/// kan's after the replacement draw, just before the kanner's next discard or right after
/// their next kan or kita call, and never if the round ends first (a win on the replacement
/// tile, or a robbed kan); riichi step 2 right after the declarer's discard, unless that
/// discard is won on (step 1 right before it).
fn check_order(name: &str, ri: usize, round: &RoundLog, c: &mut Counts) {
    let ev = &round.events;
    let (mut expect, mut pending, mut before_discard) = (0usize, 0usize, false);
    for (i, e) in ev.iter().enumerate() {
        let at = format!("{name} round {ri} event {i} ({e:?})");
        if expect > 0 && matches!(e, LogEvent::Agari(_)) {
            // The kan was robbed: what was due is never turned.
            expect = 0;
        }
        if expect > 0 && !matches!(e, LogEvent::Dora { .. }) {
            panic!("{at}: a kan dora due right after the call");
        }
        if before_discard && !matches!(e, LogEvent::Dora { .. } | LogEvent::Discard { .. }) {
            panic!("{at}: a kan dora turned other than just before a discard");
        }
        match e {
            LogEvent::Call { meld, .. } => match meld.kind {
                Some(MeldKind::Ankan) => (expect, pending) = (pending + 1, 0),
                Some(MeldKind::Minkan | MeldKind::Kakan) => (expect, pending) = (pending, 1),
                None => (expect, pending) = (pending, 0),
                Some(MeldKind::Chi | MeldKind::Pon) => {
                    assert_eq!(pending, 0, "{at}: a call while a kan dora is pending")
                }
            },
            LogEvent::Dora { .. } => {
                c.kan_dora_timings += 1;
                if expect > 0 {
                    expect -= 1;
                } else if pending > 0 {
                    pending -= 1;
                    before_discard = true;
                } else {
                    panic!("{at}: a dora with no kan pending");
                }
            }
            LogEvent::Discard { seat, .. } => {
                assert_eq!(pending, 0, "{at}: a discard before the pending kan dora");
                before_discard = false;
                let declared = i > 0
                    && ev[i - 1]
                        == LogEvent::Riichi {
                            seat: *seat,
                            step: 1,
                        };
                if declared {
                    c.riichi_declarations += 1;
                    let next = ev.get(i + 1);
                    assert!(
                        matches!(next, Some(LogEvent::Riichi { step: 2, seat: s }) if s == seat)
                            || matches!(next, Some(LogEvent::Agari(_))),
                        "{at}: riichi discard followed by {next:?}"
                    );
                }
            }
            LogEvent::Riichi { seat, step: 2 } => {
                let prev = i.checked_sub(2).map(|j| &ev[j]);
                assert_eq!(
                    prev,
                    Some(&LogEvent::Riichi {
                        seat: *seat,
                        step: 1
                    }),
                    "{at}: step 2 not after step 1 and the discard"
                );
            }
            _ => {}
        }
    }
}

/// Scores follow through the game: each result's scores before are the round's start less the
/// riichi sticks placed (1,000 at step 2), its deltas are added (a double ron's second win sees
/// the first's), the next round starts from there, and the final scores are the last ones.
/// A win's deltas add up to the sticks it collects; a draw's to zero. Sticks left on the table
/// at the end go to the first-placed seat.
fn check_scores(name: &str, game: &GameLog, c: &mut Counts) {
    let mut running: Option<Vec<i32>> = None;
    let mut left_sticks = 0;
    for (ri, round) in game.rounds.iter().enumerate() {
        let at = format!("{name} round {ri}");
        if let Some(r) = &running {
            assert_eq!(r, &round.scores, "{at}: scores at the start");
        }
        let mut now = round.scores.clone();
        let mut sticks = i32::from(round.sticks);
        let mut collected = false;
        for e in &round.events {
            match e {
                LogEvent::Riichi { seat, step: 2 } => {
                    now[*seat as usize] -= 1000;
                    sticks += 1;
                }
                LogEvent::Agari(a) => {
                    assert_eq!(a.scores_before, now, "{at}: scores before the win");
                    let gain = if collected { 0 } else { sticks * 1000 };
                    assert_eq!(a.deltas.iter().sum::<i32>(), gain, "{at}: the win's deltas");
                    collected = true;
                    now.iter_mut().zip(&a.deltas).for_each(|(s, d)| *s += d);
                    c.settlements += 1;
                }
                LogEvent::Ryuukyoku(d) => {
                    assert_eq!(d.scores_before, now, "{at}: scores before the draw");
                    assert_eq!(d.deltas.iter().sum::<i32>(), 0, "{at}: the draw's deltas");
                    now.iter_mut().zip(&d.deltas).for_each(|(s, d)| *s += d);
                    c.settlements += 1;
                }
                _ => {}
            }
        }
        running = Some(now);
        left_sticks = if collected { 0 } else { sticks };
    }
    if let (Some(f), Some(mut r)) = (&game.final_scores, running) {
        if left_sticks > 0 {
            let top = (0..r.len())
                .max_by_key(|&i| (r[i], std::cmp::Reverse(i)))
                .unwrap_or(0);
            r[top] += left_sticks * 1000;
            c.sticks_to_first += 1;
        }
        assert_eq!(f, &r, "{name}: final scores");
    }
}

/// The draws and discards of a round by tile, as the tags give them and as `mj_log::read`'s
/// events give them.
fn plays_of_tags(round: &RoundLog, aka: bool) -> Vec<(bool, u8, MjaiTile)> {
    round
        .events
        .iter()
        .filter_map(|e| match e {
            LogEvent::Draw { seat, tile } => Some((true, *seat, MjaiTile::id(tile.as_u8(), aka))),
            LogEvent::Discard { seat, tile } => {
                Some((false, *seat, MjaiTile::id(tile.as_u8(), aka)))
            }
            _ => None,
        })
        .collect()
}

fn plays_of_events(events: &[Event]) -> Vec<(bool, u8, MjaiTile)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Tsumo { actor, pai } => Some((true, *actor, *pai)),
            Event::Dahai { actor, pai, .. } => Some((false, *actor, *pai)),
            _ => None,
        })
        .collect()
}

fn check_game(name: &str, text: &str, game: &GameLog, c: &mut Counts) {
    // The walls straight from the seed with the public shuffle API (or each INIT's own, 2009);
    // the reader's walls must be these, and its plays the tags'.
    let read = mj_log::read(text.as_bytes()).unwrap_or_else(|e| panic!("{name}: {e}"));
    let read = &read.games[0].rounds;
    assert_eq!(read.len(), game.rounds.len(), "{name}: rounds read");
    let mut shuffle = game
        .shuffle_seed
        .as_ref()
        .map(|seed| TenhouShuffle::from_seed(seed).unwrap_or_else(|e| panic!("{name}: {e:?}")));
    if shuffle.is_none() {
        assert!(
            text.contains("shuffle=\"mt19937ar,"),
            "{name}: no seed at all"
        );
        c.legacy_shuffle_files += 1;
    }
    let aka = game.go_type & 0x02 == 0;
    check_scores(name, game, c);
    for (ri, round) in game.rounds.iter().enumerate() {
        c.rounds += 1;
        let rw = match (&round.legacy, shuffle.as_mut()) {
            (Some(w), _) => w.clone(),
            (None, Some(s)) => s.next_round(game.players),
            (None, None) => panic!("{name} round {ri}: no wall (every log here has a seed)"),
        };
        assert_eq!(
            read[ri].wall.as_deref(),
            Some(&rw.tiles[..]),
            "{name} round {ri}: wall"
        );
        let plays = plays_of_tags(round, aka);
        assert_eq!(
            plays,
            plays_of_events(&read[ri].events),
            "{name} round {ri}: draws and discards read"
        );
        c.plays_read += plays.len();
        check_wall(name, ri, round, &rw, game.players, c);
        check_calls(name, ri, round, c);
        // Chip rooms (GO type bit 0x200, `corner-cases/*.xml_`) turn an added kan's dora at
        // once: another rule than the standard rooms' checked here.
        if game.go_type & 0x200 == 0 {
            check_order(name, ri, round, c);
        } else {
            c.chip_rule_rounds += 1;
        }
    }
}

#[test]
fn every_mjlog_parses_and_its_walls_match() {
    let root = logs_dir();
    if !root.is_dir() {
        println!("SKIPPED: {} is absent; no mjlog checked", root.display());
        return;
    }
    let files = mjlog_files(&root);
    assert!(!files.is_empty(), "{}: no mjlog found", root.display());
    let mut c = Counts::default();
    for path in &files {
        let name = path
            .strip_prefix(&root)
            .unwrap_or(path)
            .display()
            .to_string();
        let text = read_log(path);
        let game = parse(&text);
        assert!(
            !game.rounds.is_empty() || name.contains("no-round"),
            "{name}: no round"
        );
        c.files += 1;
        if game.players == 3 {
            c.three_player_files += 1;
        }
        check_game(&name, &text, &game, &mut c);
    }
    println!("mjlog corpus: {c:#?}");
    assert_eq!(c.rounds, c.rounds_with_wall);
}

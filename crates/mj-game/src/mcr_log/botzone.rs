//! Botzone's Chinese Standard Mahjong logs, replayed through the engine: the line form of the
//! IJCAI competitions' data (`Match <id>`, `Wind <n>`, `Player <p> Deal/Draw/Play/Chi/Peng/
//! Gang/AnGang/BuGang/BuHua/Hu`, `Huang`, `Fan`, `Score`; our [`write_botzone`] writes it), and
//! the match log Botzone keeps of a game (JSON: the judge's `display` of every step and the
//! `initdata` with its `walltiles`). Player `p` of a log is seat `p`, player 0 the dealer, as
//! on Botzone.
//!
//! Each hand's wall is rebuilt from the deal and the draws (ids handed out per kind in the
//! order the tiles appear; tiles never drawn fill the rest) or taken from `initdata`; every
//! logged action must be legal; the engine must end the hand where the log does (`Huang`
//! exactly when the log's judge drew the hand); its fan, its fans (by their Chinese names) and
//! its score changes must equal the log's. Botzone's match log says more, and that is checked
//! too: the judge's final `tileCnt` (what each own wall holds) and, after every draw and
//! discard, its `canHu` (the engine offers a win exactly when the judge grants one).
//!
//! The wall's layout is not written in the line form: a hand with no flower, whose players
//! each take at most what a wall of their own holds, is replayed on own walls
//! (`mcr_botzone`), else (or when that fails) on one shared wall (`mcr`); a hand with flowers
//! on the shared wall first, then on own walls of 36. Botzone's own match log is always
//! replayed on own walls (34 tiles each, 36 with flowers), as its judge cuts them.

use serde_json::Value;

use self::match_log::{display, log_entries, read_match_log};
use super::{kind_of, round_wind, two_in_hand};
use crate::action::{Action, Seat};
use crate::log_replay::id_in_hand;
use crate::mjai::{Event, MjaiTile};
use crate::round::mcr::MCR_TILES;
use crate::round::{Phase, Round, RoundEnd, RoundSetup};
use crate::rules::GameRules;
use crate::tiles::{FIRST_FLOWER, is_flower};
use crate::wall::WALL_TILES;

mod match_log;

/// A Botzone tile name: `W1`..`W9` (万, characters, `m`), `B1`..`B9` (饼, dots, `p`),
/// `T1`..`T9` (条, bamboo, `s`), `F1`..`F4` (East, South, West, North), `J1`..`J3` (中, 发,
/// 白), `H1`..`H8` (flowers) for a tile id (0..144).
pub fn botzone_name(id: u8) -> String {
    if is_flower(id) {
        return format!("H{}", id - FIRST_FLOWER + 1);
    }
    let k = id / 4;
    match k {
        0..=8 => format!("W{}", k + 1),
        9..=17 => format!("B{}", k - 8),
        18..=26 => format!("T{}", k - 17),
        27..=30 => format!("F{}", k - 26),
        31 => "J3".to_string(),
        32 => "J2".to_string(),
        _ => "J1".to_string(),
    }
}

/// The kind index (0..34) of a Botzone tile name, or the flower id (136..144) for `H1`..`H8`.
fn botzone_code(name: &str) -> Option<u8> {
    let b = name.as_bytes();
    if b.len() != 2 {
        return None;
    }
    let n = b[1].checked_sub(b'0')?;
    match (b[0], n) {
        (b'W', 1..=9) => Some(n - 1),
        (b'B', 1..=9) => Some(8 + n),
        (b'T', 1..=9) => Some(17 + n),
        (b'F', 1..=4) => Some(26 + n),
        (b'J', 1) => Some(33),
        (b'J', 2) => Some(32),
        (b'J', 3) => Some(31),
        (b'H', 1..=8) => Some(FIRST_FLOWER + n - 1),
        _ => None,
    }
}

fn name_of(t: MjaiTile) -> String {
    t.tile_id().map_or_else(|| "?".to_string(), botzone_name)
}

/// Writes one finished MCR hand (its mjai events, from `start_kyoku` to `end_kyoku`) in the
/// Botzone / IJCAI match-log form: `Match <id>`, `Wind <prevailing wind>`, one `Player <p> Deal`
/// line per player, then `Draw`, `Play`, `Chi <middle tile>`, `Peng`, `Gang`, `AnGang`,
/// `BuGang`, `BuHua`, `Hu <tile>`, or `Huang`, and the result lines `Fan <total> <fan name>
/// <value> ...` (after a win) and `Score <change of player 0..3>`. Players are numbered from
/// the dealer (player 0 is East, as on Botzone); a flower drawn is written as its `BuHua`
/// alone, the replacement as the `Draw` that follows.
///
/// # Errors
/// Events that are not one MCR hand.
pub fn write_botzone(match_id: &str, events: &[Event]) -> Result<String, String> {
    use std::fmt::Write as _;
    let Some(Event::StartKyoku {
        bakaze,
        oya,
        tehais,
        ..
    }) = events.first()
    else {
        return Err("no start_kyoku".into());
    };
    let wind = round_wind(*bakaze)?;
    let p = |s: Seat| (s + 4 - (oya & 3)) & 3;
    let mut out = String::new();
    let _ = writeln!(out, "Match {match_id}");
    let _ = writeln!(out, "Wind {wind}");
    for k in 0..4u8 {
        let seat = usize::from((oya + k) & 3);
        let names: Vec<String> = tehais[seat].iter().map(|t| name_of(*t)).collect();
        let _ = writeln!(out, "Player {k} Deal {}", names.join(" "));
    }
    let mut result = false;
    for e in &events[1..] {
        match e {
            // A flower drawn is written as its `BuHua` alone.
            Event::Tsumo { actor, pai } if !pai.tile_id().is_some_and(is_flower) => {
                let _ = writeln!(out, "Player {} Draw {}", p(*actor), name_of(*pai));
            }
            Event::Hua { actor, pai } => {
                let _ = writeln!(out, "Player {} BuHua {}", p(*actor), name_of(*pai));
            }
            Event::Dahai { actor, pai, .. } => {
                let _ = writeln!(out, "Player {} Play {}", p(*actor), name_of(*pai));
            }
            Event::Chi {
                actor,
                pai,
                consumed,
                ..
            } => {
                let mut k: Vec<u8> = [*pai, consumed[0], consumed[1]]
                    .iter()
                    .map(|t| kind_of(*t))
                    .collect::<Result<_, _>>()?;
                k.sort_unstable();
                let _ = writeln!(out, "Player {} Chi {}", p(*actor), botzone_name(k[1] * 4));
            }
            Event::Pon { actor, pai, .. } => {
                let _ = writeln!(out, "Player {} Peng {}", p(*actor), name_of(*pai));
            }
            Event::Daiminkan { actor, pai, .. } => {
                let _ = writeln!(out, "Player {} Gang {}", p(*actor), name_of(*pai));
            }
            Event::Ankan { actor, consumed } => {
                let _ = writeln!(out, "Player {} AnGang {}", p(*actor), name_of(consumed[0]));
            }
            Event::Kakan { actor, pai, .. } => {
                let _ = writeln!(out, "Player {} BuGang {}", p(*actor), name_of(*pai));
            }
            Event::Hora {
                actor,
                pai,
                yakus,
                fan,
                deltas,
                ..
            } => {
                let _ = writeln!(out, "Player {} Hu {}", p(*actor), name_of(*pai));
                let fans: Vec<String> = yakus.iter().map(|(n, f)| format!("{n} {f}")).collect();
                let _ = writeln!(out, "Fan {fan} {}", fans.join(" "));
                let d: Vec<String> = (0..4u8)
                    .map(|k| deltas[usize::from((oya + k) & 3)].to_string())
                    .collect();
                let _ = writeln!(out, "Score {}", d.join(" "));
                result = true;
            }
            Event::Ryukyoku { .. } => {
                out.push_str("Huang\nScore 0 0 0 0\n");
                result = true;
            }
            _ => {}
        }
    }
    if !result {
        return Err("the hand did not end".into());
    }
    Ok(out)
}

/// One hand read from a Botzone / IJCAI log and replayed.
#[derive(Clone, Debug)]
pub struct BotzoneHand {
    /// The `Match` id (Botzone's match id when its log names it).
    pub id: String,
    /// The hand as the engine played it (player `p` of the log is seat `p`, the dealer seat 0),
    /// under the rules it matched (`mcr_botzone`, `mcr`, or own walls with flowers).
    pub round: Round,
    /// Decisions played.
    pub actions: usize,
    /// Botzone's match log: the seats whose chance to win (the judge's `canHu` after a draw, a
    /// discard or an added kong) was checked against the engine's offer of the win.
    pub wins_checked: usize,
}

/// `true` when `text` looks like a Botzone log [`read_botzone`] reads: lines starting with
/// `Match `, or a Botzone match log (JSON with the judge's `INIT` / `DEAL` displays).
pub fn is_botzone_log(text: &str) -> bool {
    let t = text.trim_start();
    if t.starts_with("Match ") {
        return true;
    }
    if !(t.starts_with('{') || t.starts_with('[')) {
        return false;
    }
    serde_json::from_str::<Value>(t).is_ok_and(|v| {
        log_entries(&v).is_some_and(|logs| {
            logs.iter().filter_map(display).any(|d| {
                matches!(
                    d.get("action").and_then(Value::as_str),
                    Some("INIT" | "DEAL")
                )
            })
        })
    })
}

/// Reads every hand of a Botzone log and replays it through the engine (see the module docs):
/// the line form (hands from `Match` to `Match`), or one match log of Botzone (JSON, from
/// `{` or `[`).
///
/// # Errors
/// The first line (log entry) that cannot be read or replayed, with its number.
pub fn read_botzone(text: &str) -> Result<Vec<BotzoneHand>, String> {
    let t = text.trim_start();
    if t.starts_with('{') || t.starts_with('[') {
        return read_match_log(t).map(|h| vec![h]);
    }
    let mut hands = Vec::new();
    let mut block: Vec<(usize, Vec<&str>)> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let t: Vec<&str> = line.split_whitespace().collect();
        if t.is_empty() {
            continue;
        }
        if t[0] == "Match" && !block.is_empty() {
            hands.push(replay_lines(&block, "line", None)?);
            block.clear();
        }
        block.push((n + 1, t));
    }
    if !block.is_empty() {
        hands.push(replay_lines(&block, "line", None)?);
    }
    Ok(hands)
}

// ----- the line form -----

/// What a hand's lines say about its wall: the 13 dealt ids of each player (flowers among
/// them) and every other tile taken, in order, as `(player, id, a replacement)` (a replacement:
/// after a flower or a kong, which one shared wall gives from its far end).
struct Takes {
    deal: [Vec<u8>; 4],
    takes: Vec<(usize, u8, bool)>,
    used: [bool; MCR_TILES],
    flowers: bool,
}

fn read_takes(block: &[(usize, Vec<&str>)], label: &str) -> Result<Takes, String> {
    let at = |n: usize, why: &str| format!("{label} {n}: {why}");
    let mut w = Takes {
        deal: Default::default(),
        takes: Vec::new(),
        used: [false; MCR_TILES],
        flowers: false,
    };
    let mut copies = [0u8; 34];
    let mut from_back = false;
    for (n, t) in block {
        let n = *n;
        let mut take = |name: &str, used: &mut [bool; MCR_TILES]| -> Result<u8, String> {
            let code = botzone_code(name).ok_or_else(|| at(n, "not a Botzone tile name"))?;
            let id = if is_flower(code) {
                code
            } else {
                let c = copies[usize::from(code)];
                if c >= 4 {
                    return Err(at(n, "a fifth copy of a tile"));
                }
                copies[usize::from(code)] += 1;
                code * 4 + c
            };
            if used[usize::from(id)] {
                return Err(at(n, "a flower twice"));
            }
            used[usize::from(id)] = true;
            Ok(id)
        };
        match (t[0], t.get(2).copied()) {
            ("Player", Some("Deal")) => {
                let p = usize::from(player(t, n, label)?);
                if t.len() != 16 {
                    return Err(at(n, "a deal of 13 tiles"));
                }
                for s in &t[3..] {
                    let id = take(s, &mut w.used)?;
                    w.flowers |= is_flower(id);
                    w.deal[p].push(id);
                }
            }
            ("Player", Some(v @ ("BuHua" | "Draw"))) => {
                let p = usize::from(player(t, n, label)?);
                let name = t.get(3).copied().unwrap_or("");
                let code = botzone_code(name);
                if v == "BuHua" && !code.is_some_and(is_flower) {
                    return Err(at(n, "BuHua of a tile that is not a flower"));
                }
                // A dealt flower set aside takes nothing from the wall.
                let dealt = code.is_some_and(|c| is_flower(c) && w.deal[p].contains(&c));
                if !(v == "BuHua" && dealt) {
                    let id = take(name, &mut w.used)?;
                    w.flowers |= is_flower(id);
                    w.takes.push((p, id, from_back));
                }
                from_back = v == "BuHua";
            }
            ("Player", Some("Gang" | "AnGang" | "BuGang")) => from_back = true,
            _ => {}
        }
    }
    Ok(w)
}

/// The hand's wall as `rules` lays it out (see `round::mcr`): tiles where the log shows them,
/// the rest filled with the unused ids.
fn layout(w: &Takes, rules: &GameRules) -> Result<Vec<u8>, String> {
    let size = if rules.mcr.mcr_flowers {
        MCR_TILES
    } else {
        WALL_TILES
    };
    let full = || "more draws than the wall holds".to_string();
    let mut pos = vec![255u8; size];
    let put = |p: usize, id: u8, pos: &mut Vec<u8>| -> Result<(), String> {
        match pos.get_mut(p) {
            Some(slot) if *slot == 255 => {
                *slot = id;
                Ok(())
            }
            _ => Err(full()),
        }
    };
    if rules.mcr.mcr_own_walls {
        let q = size / 4;
        let mut taken = [0usize; 4];
        let mut own = |p: usize, id: u8, pos: &mut Vec<u8>| -> Result<(), String> {
            let j = taken[p];
            taken[p] += 1;
            if j >= q {
                return Err(format!("player {p} takes more than a wall of {q} holds"));
            }
            put(q * p + q - 1 - j, id, pos)
        };
        for (p, d) in w.deal.iter().enumerate() {
            for &id in d {
                own(p, id, &mut pos)?;
            }
        }
        for &(p, id, _) in &w.takes {
            own(p, id, &mut pos)?;
        }
    } else {
        // The deal: 4, 4, 4, 1 tiles to each player from the dealer (player 0), from the top.
        let mut at = size - 1;
        let mut deals: Vec<_> = w.deal.iter().map(|d| d.iter()).collect();
        for pass in 0..4 {
            for d in &mut deals {
                for _ in 0..if pass < 3 { 4 } else { 1 } {
                    let id = *d.next().ok_or("a player has no deal")?;
                    put(at, id, &mut pos)?;
                    at -= 1;
                }
            }
        }
        let (mut live, mut back) = (at, 0usize);
        for &(_, id, from_back) in &w.takes {
            let p = next_pos(&mut live, &mut back, from_back).ok_or_else(full)?;
            put(p, id, &mut pos)?;
        }
    }
    let mut rest = (0..size as u8).filter(|&i| !w.used[usize::from(i)]);
    for p in &mut pos {
        if *p == 255 {
            *p = rest.next().ok_or("the wall does not add up")?;
        }
    }
    Ok(pos)
}

fn next_pos(live: &mut usize, back: &mut usize, from_back: bool) -> Option<usize> {
    if *back > *live {
        return None;
    }
    if from_back {
        *back += 1;
        Some(*back - 1)
    } else {
        let p = *live;
        if p == 0 {
            *back += 1;
        } else {
            *live -= 1;
        }
        Some(p)
    }
}

/// Own walls with flowers: Botzone's judge on a wall of 144 (no preset).
const OWN_WALLS_WITH_FLOWERS: GameRules = {
    let mut r = GameRules::mcr_botzone();
    r.mcr.mcr_flowers = true;
    r
};

/// Replays one hand's lines under the first wall layout that matches (see the module docs);
/// `wall`: Botzone's match log, its `walltiles` when not empty (then only own walls).
fn replay_lines(
    block: &[(usize, Vec<&str>)],
    label: &str,
    wall: Option<Vec<u8>>,
) -> Result<BotzoneHand, String> {
    let w = read_takes(block, label)?;
    if let Some(p) = (0..4).find(|&p| w.deal[p].len() != 13) {
        return Err(format!("player {p} has no `Deal` of 13 tiles"));
    }
    let fits = (0..4).all(|p| {
        let q = if w.flowers { MCR_TILES } else { WALL_TILES } / 4;
        w.deal[p].len() + w.takes.iter().filter(|t| t.0 == p).count() <= q
    });
    let candidates: Vec<GameRules> = match &wall {
        Some(ids) if ids.len() == MCR_TILES => vec![OWN_WALLS_WITH_FLOWERS],
        Some(ids) if ids.len() == WALL_TILES || ids.is_empty() && !w.flowers => {
            vec![GameRules::mcr_botzone()]
        }
        Some(ids) if ids.is_empty() => vec![OWN_WALLS_WITH_FLOWERS],
        Some(ids) => return Err(format!("walltiles: {} tiles, not 136 or 144", ids.len())),
        None if !w.flowers && fits => vec![GameRules::mcr_botzone(), GameRules::mcr()],
        None if fits => vec![GameRules::mcr(), OWN_WALLS_WITH_FLOWERS],
        None => vec![GameRules::mcr()],
    };
    let mut first: Option<String> = None;
    for rules in candidates {
        let seq = match wall.as_deref().filter(|ids| !ids.is_empty()) {
            Some(ids) => same_wall(&w, &rules, ids)?,
            None => layout(&w, &rules)?,
        };
        match replay_hand(block, label, rules, &seq) {
            Ok(h) => return Ok(h),
            Err(e) => {
                first.get_or_insert(e);
            }
        }
    }
    Err(first.unwrap_or_else(|| "no wall fits the hand".into()))
}

/// Botzone's `walltiles` as the wall, once every tile the log shows lies where it says.
fn same_wall(w: &Takes, rules: &GameRules, ids: &[u8]) -> Result<Vec<u8>, String> {
    let shown = layout(w, rules)?;
    let same = |a: u8, b: u8| a == b || (!is_flower(a) && !is_flower(b) && a / 4 == b / 4);
    for (p, (&a, &b)) in shown.iter().zip(ids).enumerate() {
        if w.used[usize::from(a)] && !same(a, b) {
            return Err(format!(
                "walltiles: position {p} holds {}, the log takes {} there",
                botzone_name(b),
                botzone_name(a)
            ));
        }
    }
    Ok(ids.to_vec())
}

/// Replays the decisions of one hand's lines on the wall `seq` under `rules`.
fn replay_hand(
    block: &[(usize, Vec<&str>)],
    label: &str,
    rules: GameRules,
    seq: &[u8],
) -> Result<BotzoneHand, String> {
    let at = |n: usize, why: &str| format!("{label} {n}: {why}");
    let id = match block.first() {
        Some((_, t)) if t[0] == "Match" => t.get(1).copied().unwrap_or("").to_string(),
        Some((n, _)) => return Err(at(*n, "a hand starts with `Match <id>`")),
        None => return Err("an empty hand".into()),
    };
    let mut wind = 0u8;
    for (n, t) in block {
        if t[0] == "Wind" {
            wind = t
                .get(1)
                .and_then(|w| w.parse::<u8>().ok())
                .filter(|&w| w < 4)
                .ok_or_else(|| at(*n, "`Wind` takes 0..3"))?;
        }
    }
    let setup = RoundSetup {
        round_wind: wind,
        ..RoundSetup::first(0)
    };
    let mut r = Round::try_new_mcr(rules, setup, seq, true).map_err(|e| format!("wall: {e}"))?;
    let code = |s: &str, n: usize| botzone_code(s).ok_or_else(|| at(n, "not a Botzone tile name"));
    let mut actions = 0usize;
    let mut want_fan: Option<(usize, u32, Fans)> = None;
    let mut want_score: Option<(usize, [i32; 4])> = None;
    let mut want_draw: Option<usize> = None;
    let mut want_walls: Option<(usize, Vec<i64>)> = None;
    let mut wins_checked = 0usize;
    let mut last_draw: Option<Seat> = None;
    for (n, t) in block {
        let n = *n;
        let verb = match (t[0], t.get(2).copied()) {
            ("Player", Some(v)) => v,
            ("Fan", _) => {
                let f = t.get(1).and_then(|f| f.parse().ok());
                let fans = t[2.min(t.len())..]
                    .chunks(2)
                    .map(|c| match c {
                        [name, v] => v
                            .parse()
                            .map(|v| (zh_fan(name), v))
                            .map_err(|_| at(n, "`Fan <total> <name> <value> ...`")),
                        _ => Err(at(n, "`Fan <total> <name> <value> ...`")),
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                want_fan = Some((n, f.ok_or_else(|| at(n, "`Fan <total> ...`"))?, fans));
                continue;
            }
            ("Score", _) => {
                let mut s = [0i32; 4];
                for (k, x) in s.iter_mut().enumerate() {
                    *x = t
                        .get(k + 1)
                        .and_then(|v| v.parse().ok())
                        .ok_or_else(|| at(n, "`Score` takes four numbers"))?;
                }
                want_score = Some((n, s));
                continue;
            }
            ("Huang", _) => {
                want_draw = Some(n);
                continue;
            }
            // Botzone's match log: the judge's `canHu` for the tile just drawn or offered.
            ("CanHu", _) => {
                let c: Option<Vec<i64>> = t[1..].iter().map(|x| x.parse().ok()).collect();
                let c = c
                    .filter(|c| c.len() == 4)
                    .ok_or_else(|| at(n, "`canHu` of four"))?;
                wins_checked += check_can_hu(&mut r, &c, last_draw).map_err(|e| at(n, &e))?;
                continue;
            }
            // Botzone's match log: the judge's `tileCnt` (the tiles left in each own wall).
            ("TileCnt", _) => {
                let c: Option<Vec<i64>> = t[1..].iter().map(|x| x.parse().ok()).collect();
                want_walls = Some((n, c.ok_or_else(|| at(n, "`tileCnt` of numbers"))?));
                continue;
            }
            _ => continue,
        };
        if verb == "Draw" {
            last_draw = Some(player(t, n, label)?);
        }
        if matches!(verb, "Deal" | "Draw" | "BuHua") {
            continue;
        }
        let p = player(t, n, label)?;
        let tile = |k: usize| code(t.get(k).copied().unwrap_or(""), n);
        let self_drawn = last_draw == Some(p);
        last_draw = None;
        if !matches!(verb, "Chi" | "Peng" | "Gang" | "Hu") || (verb == "Hu" && self_drawn) {
            // Nobody claimed the tile on offer: every seat asked passes.
            pass_all(&mut r).map_err(|e| at(n, &e))?;
        }
        let mut step: Vec<(Seat, Action)> = Vec::new();
        match r.phase().clone() {
            Phase::Turn { seat, .. } if seat == p => {
                let a = match verb {
                    "Play" => Action::Discard {
                        tile: id_in_hand(
                            &r,
                            p,
                            tile(3)?,
                            Some(r.drawn().is_some_and(|d| {
                                Some(d / 4) == botzone_code(t.get(3).copied().unwrap_or(""))
                            })),
                        )
                        .map_err(|e| at(n, &e))?,
                    },
                    "AnGang" => Action::Ankan { kind: tile(3)? },
                    "BuGang" => Action::Kakan {
                        tile: id_in_hand(&r, p, tile(3)?, None).map_err(|e| at(n, &e))?,
                    },
                    "Hu" => Action::Tsumo,
                    _ => return Err(at(n, "not an action of the player in turn")),
                };
                step.push((p, a));
            }
            Phase::Claims(c) => {
                let a = match verb {
                    "Hu" => Action::Ron,
                    "Peng" => {
                        let k = tile(3)?;
                        Action::Pon {
                            tiles: two_in_hand(&r, p, k, k).map_err(|e| at(n, &e))?,
                        }
                    }
                    "Gang" => Action::Minkan,
                    "Chi" => {
                        let mid = tile(3)?;
                        let d = c.tile / 4;
                        let run = [mid.wrapping_sub(1), mid, mid + 1];
                        let mut own: Vec<u8> = run.to_vec();
                        let i = own
                            .iter()
                            .position(|&x| x == d)
                            .ok_or_else(|| at(n, "the chow does not hold the discard"))?;
                        own.remove(i);
                        Action::Chi {
                            tiles: two_in_hand(&r, p, own[0], own[1]).map_err(|e| at(n, &e))?,
                        }
                    }
                    _ => return Err(at(n, "not a claim")),
                };
                step.push((p, a));
                for s in 0..4u8 {
                    if s != p && r.to_act() >> s & 1 == 1 {
                        step.push((s, Action::Pass));
                    }
                }
            }
            _ => return Err(at(n, "no decision of this player now")),
        }
        // A claim answers first; the other seats with a decision pass.
        for (s, a) in step {
            if r.is_over() {
                break;
            }
            r.play(s, a).map_err(|e| at(n, &format!("{a}: {e}")))?;
            actions += 1;
        }
    }
    pass_all(&mut r)?;
    let res = r
        .result()
        .ok_or_else(|| "the hand did not end".to_string())?;
    let win = match &res.end {
        RoundEnd::Wins(w) => w.first(),
        RoundEnd::Draw { .. } => None,
    };
    match (want_draw, win) {
        (Some(n), Some(w)) => {
            return Err(at(
                n,
                &format!("the log's hand is drawn, seat {} won", w.seat),
            ));
        }
        (None, None) => return Err("the engine's hand is drawn, the log's is not".into()),
        _ => {}
    }
    if let Some((n, f, fans)) = want_fan {
        let got = win.map_or(0, |w| w.score.han);
        if got != f {
            return Err(at(n, &format!("the log's fan {f}, the engine's {got}")));
        }
        let mut ours: Vec<(String, u32)> = win
            .map(|w| w.score.yaku.iter().map(|(k, v)| (zh_fan(k), *v)).collect())
            .unwrap_or_default();
        let mut theirs = fans;
        ours.sort();
        theirs.sort();
        if !theirs.is_empty() && ours != theirs {
            return Err(at(
                n,
                &format!("the log's fans {theirs:?}, the engine's {ours:?}"),
            ));
        }
    }
    if let Some((n, c)) = want_walls {
        let ours: Vec<i64> = (0..4u8)
            .map(|s| r.own_wall_left(s).map_or(-1, i64::from))
            .collect();
        if ours != c {
            return Err(at(
                n,
                &format!("the judge's walls hold {c:?} at the end, the engine's {ours:?}"),
            ));
        }
    }
    if let Some((n, s)) = want_score
        && s != res.deltas
    {
        return Err(at(
            n,
            &format!("the log's score {s:?}, the engine's {:?}", res.deltas),
        ));
    }
    Ok(BotzoneHand {
        id,
        round: r,
        actions,
        wins_checked,
    })
}

/// The judge's `canHu` (one value per seat: the fan the seat would win with on the tile just
/// drawn, by `drawer`, or just offered; -3 no win, -4 not asked) against the engine: the win is
/// offered exactly when the fan reaches 8 besides the flowers. Gives the seats checked.
fn check_can_hu(r: &mut Round, can: &[i64], drawer: Option<Seat>) -> Result<usize, String> {
    let mut checked = 0;
    let mut check = |r: &Round, s: Seat, offered: bool| -> Result<(), String> {
        let c = can[usize::from(s)];
        if c < 0 && c != -3 {
            return Ok(());
        }
        let need = 8 + r.flowers(s).len() as i64;
        checked += 1;
        if (c >= need) != offered {
            return Err(format!(
                "the judge's canHu gives seat {s} {c} fan, the engine {} the win",
                if offered { "offers" } else { "does not offer" }
            ));
        }
        Ok(())
    };
    if let Some(p) = drawer {
        // Nobody claimed the tile before the draw.
        pass_all(r)?;
        let offered = matches!(r.phase(), Phase::Turn { seat, .. } if *seat == p)
            && r.legal_actions(p).contains(&Action::Tsumo);
        check(r, p, offered)?;
    } else {
        let claims = matches!(r.phase(), Phase::Claims(_));
        for s in 0..4u8 {
            let offered =
                claims && r.to_act() >> s & 1 == 1 && r.legal_actions(s).contains(&Action::Ron);
            check(r, s, offered)?;
        }
    }
    Ok(checked)
}

/// Fans by name with their value (value times count).
type Fans = Vec<(String, u32)>;

/// A fan's Chinese name: our protocol id (`ping_he`) as `mj_score` names it, any other name
/// as it is (Botzone's judge writes the Chinese names).
fn zh_fan(name: &str) -> String {
    mj_score::mcr::Fan::from_name(name).map_or_else(|| name.to_string(), |f| f.zh().to_string())
}

/// Every seat with a decision on a tile on offer passes.
fn pass_all(r: &mut Round) -> Result<(), String> {
    while let Phase::Claims(_) = r.phase() {
        let s = r.to_act().trailing_zeros() as Seat;
        r.play(s, Action::Pass).map_err(|e| format!("pass: {e}"))?;
    }
    Ok(())
}

fn player(t: &[&str], n: usize, label: &str) -> Result<Seat, String> {
    t.get(1)
        .and_then(|p| p.parse::<u8>().ok())
        .filter(|&p| p < 4)
        .ok_or_else(|| format!("{label} {n}: `Player` takes 0..3"))
}

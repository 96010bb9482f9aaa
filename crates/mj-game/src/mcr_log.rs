//! MCR (国标) game logs: replay of our own mjai event logs (what `mj game --rules mcr`
//! prints). Each hand's 144-tile wall is rebuilt from what the log shows (the starting hands
//! with their flowers, every draw from the live end, every replacement from the far end after
//! a `hua` or a kong; tiles never drawn fill the rest), every logged decision is played
//! through [`Round`], and the hand's events must equal the log's, fan and payments included.
//! The `mcr` preset is assumed.

use crate::action::{Action, Seat};
use crate::log_replay::{
    call_action, deal_back, decisions, each_round, id_in_hand, ids_in_hand, others_pass,
    same_events, turn_action,
};
use crate::mjai::{Event, MjaiTile};
use crate::round::mcr::MCR_TILES;
use crate::round::{Phase, Round, RoundSetup};
use crate::rules::GameRules;
use crate::tiles::is_flower;

/// The result of replaying an MCR log (see [`LogReplay`](crate::LogReplay)).
pub type McrReplay = crate::log_replay::LogReplay;

/// `true` when the events are an MCR game: a flower set aside (`hua`), or a chi in a game
/// without dora (riichi logs show a dora marker, the Sichuan and hongzhong flows have no chi).
pub fn is_mcr_log(events: &[Event]) -> bool {
    let no_dora = events
        .iter()
        .any(|e| matches!(e, Event::StartKyoku { dora_marker, .. } if dora_marker.is_hidden()));
    events.iter().any(|e| matches!(e, Event::Hua { .. }))
        || (no_dora && events.iter().any(|e| matches!(e, Event::Chi { .. })))
}

/// Replays every hand of an MCR event log.
pub fn replay_mcr(events: &[Event]) -> McrReplay {
    let (rounds, actions, mismatches) = each_round(events, "hand", replay_round);
    McrReplay {
        preset: "mcr",
        rounds,
        actions,
        mismatches,
    }
}

/// The kind index (0..34) of an ordinary tile.
fn kind_of(t: MjaiTile) -> Result<u8, String> {
    t.tile_id()
        .filter(|&id| !is_flower(id))
        .map(|id| id / 4)
        .ok_or_else(|| format!("{t} is not an ordinary tile"))
}

/// Rebuilds a hand's 144-position sequence: ids are handed out per kind in the order the
/// tiles appear; flowers keep their own ids.
fn rebuild_sequence(events: &[Event]) -> Result<Vec<u8>, String> {
    let mut copies = [0u8; 34];
    let mut used = [false; MCR_TILES];
    let mut take = |t: MjaiTile| -> Result<u8, String> {
        let id = match t.tile_id() {
            Some(f) if is_flower(f) => f,
            _ => {
                let k = kind_of(t)?;
                let c = copies[usize::from(k)];
                if c >= 4 {
                    return Err(format!("a fifth {t}"));
                }
                copies[usize::from(k)] += 1;
                k * 4 + c
            }
        };
        if used[usize::from(id)] {
            return Err(format!("{t} twice"));
        }
        used[usize::from(id)] = true;
        Ok(id)
    };
    let mut pos = [255u8; MCR_TILES];
    let at = deal_back(events, &mut pos, &mut take)?;
    let (mut live, mut back) = (at, 0usize);
    let mut from_back = false;
    for e in events {
        match e {
            Event::Tsumo { pai, .. } => {
                let p = if from_back {
                    back += 1;
                    back - 1
                } else {
                    live = live
                        .checked_sub(1)
                        .ok_or("more draws than the wall holds")?;
                    live + 1
                };
                if p >= MCR_TILES || pos[p] != 255 {
                    return Err("more draws than the wall holds".into());
                }
                pos[p] = take(*pai)?;
                from_back = false;
            }
            Event::Hua { .. }
            | Event::Ankan { .. }
            | Event::Daiminkan { .. }
            | Event::Kakan { .. } => from_back = true,
            Event::Hora { .. } => from_back = false,
            _ => {}
        }
    }
    let mut rest = (0..MCR_TILES as u8).filter(|&id| !used[usize::from(id)]);
    for p in &mut pos {
        if *p == 255 {
            *p = rest.next().ok_or("the wall does not add up")?;
        }
    }
    Ok(pos.to_vec())
}

/// Two ids of the given kinds from `seat`'s hand (distinct copies).
fn two_in_hand(r: &Round, seat: Seat, a: u8, b: u8) -> Result<[u8; 2], String> {
    ids_in_hand(r, seat, [a, b], "a called tile is not in hand")
}

/// The round wind of a `start_kyoku` (0 East .. 3 North).
fn round_wind(bakaze: MjaiTile) -> Result<u8, String> {
    Ok(bakaze
        .tile_id()
        .map(|id| id / 4)
        .filter(|k| (27..31).contains(k))
        .ok_or("the round wind is not a wind")?
        - 27)
}

fn replay_round(events: &[Event]) -> Result<usize, String> {
    let Some(Event::StartKyoku {
        oya,
        scores,
        bakaze,
        ..
    }) = events.first()
    else {
        return Err("no start_kyoku".into());
    };
    let wind = round_wind(*bakaze)?;
    let setup = RoundSetup {
        dealer: oya & 3,
        round_wind: wind,
        scores: *scores,
        ..RoundSetup::first(0)
    };
    let seq = rebuild_sequence(events)?;
    let mut r = Round::try_new_mcr(GameRules::mcr(), setup, &seq, true)
        .map_err(|e| format!("wall: {e}"))?;
    let log = decisions(events, |e| matches!(e, Event::Chi { .. }));
    let mut actions = 0usize;
    let mut i = 0;
    while !r.is_over() {
        let mask = r.to_act();
        let mut step: Vec<(Seat, Action)> = Vec::new();
        match r.phase().clone() {
            Phase::Turn { seat, .. } => {
                let a = turn_action(&r, seat, log.get(i), kind_of)?;
                i += 1;
                step.push((seat, a));
            }
            Phase::Claims(c) => {
                match log.get(i) {
                    Some(Event::Hora { actor, target, .. })
                        if *target == c.from && actor != target =>
                    {
                        step.push((*actor, Action::Ron));
                        i += 1;
                    }
                    logged => {
                        if let Some(call) = call_action(&r, c.from, logged, kind_of)? {
                            step.push(call);
                            i += 1;
                        }
                    }
                }
                others_pass(&mut step, mask);
            }
            _ => {}
        }
        if step.is_empty() {
            return Err(format!(
                "no logged decision for the seats to act ({mask:#06b})"
            ));
        }
        for (s, a) in step {
            if r.is_over() {
                break;
            }
            if r.to_act() >> s & 1 == 0 {
                return Err(format!("seat {s} has no decision for the logged {a}"));
            }
            r.play(s, a).map_err(|e| format!("seat {s}: {a}: {e}"))?;
            actions += 1;
        }
    }
    same_events(r.events(), events)?;
    Ok(actions)
}

// ----- the Botzone / IJCAI "Chinese Standard Mahjong" match log -----

/// A Botzone tile name: `W1`..`W9` (万, characters, `m`), `B1`..`B9` (饼, dots, `p`),
/// `T1`..`T9` (条, bamboo, `s`), `F1`..`F4` (East, South, West, North), `J1`..`J3` (中, 发,
/// 白), `H1`..`H8` (flowers) for a tile id (0..144).
pub fn botzone_name(id: u8) -> String {
    if is_flower(id) {
        return format!("H{}", id - crate::tiles::FIRST_FLOWER + 1);
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
        (b'H', 1..=8) => Some(crate::tiles::FIRST_FLOWER + n - 1),
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
    /// The `Match` id.
    pub id: String,
    /// The hand as the engine played it (player `p` of the log is seat `p`, the dealer seat 0).
    pub round: Round,
    /// Decisions played.
    pub actions: usize,
}

/// Reads every hand of a Botzone / IJCAI match log (see [`write_botzone`]) and replays it
/// through the engine: the 144-tile wall is rebuilt from the deals, draws and flowers, each
/// logged action must be legal, and the engine's fan and score changes must equal the `Fan`
/// and `Score` lines.
///
/// # Errors
/// The first line that cannot be read or replayed, with its line number.
pub fn read_botzone(text: &str) -> Result<Vec<BotzoneHand>, String> {
    let mut hands = Vec::new();
    let mut block: Vec<(usize, Vec<&str>)> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let t: Vec<&str> = line.split_whitespace().collect();
        if t.is_empty() {
            continue;
        }
        if t[0] == "Match" && !block.is_empty() {
            hands.push(replay_botzone(&block)?);
            block.clear();
        }
        block.push((n + 1, t));
    }
    if !block.is_empty() {
        hands.push(replay_botzone(&block)?);
    }
    Ok(hands)
}

fn replay_botzone(block: &[(usize, Vec<&str>)]) -> Result<BotzoneHand, String> {
    let at = |n: usize, why: &str| format!("line {n}: {why}");
    let id = match block.first() {
        Some((_, t)) if t[0] == "Match" => t.get(1).copied().unwrap_or("").to_string(),
        Some((n, _)) => return Err(at(*n, "a hand starts with `Match <id>`")),
        None => return Err("an empty hand".into()),
    };
    let mut wind = 0u8;
    let mut deal: [Vec<u8>; 4] = Default::default();
    // Pass 1: the wall. Ids per kind in order of appearance; flowers their own.
    let mut copies = [0u8; 34];
    let mut used = [false; MCR_TILES];
    let mut pos = [255u8; MCR_TILES];
    let mut take = |code: u8, n: usize| -> Result<u8, String> {
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
    let code = |s: &str, n: usize| botzone_code(s).ok_or_else(|| at(n, "not a Botzone tile name"));
    let (mut live, mut back) = (MCR_TILES - 1 - 52, 0usize);
    let mut from_back = false;
    let mut dealt_flowers: Vec<u8> = Vec::new();
    for (n, t) in block {
        let n = *n;
        match (t[0], t.get(2).copied()) {
            ("Wind", _) => {
                wind = t
                    .get(1)
                    .and_then(|w| w.parse::<u8>().ok())
                    .filter(|&w| w < 4)
                    .ok_or_else(|| at(n, "`Wind` takes 0..3"))?;
            }
            ("Player", Some("Deal")) => {
                let p = player(t, n)?;
                if t.len() != 16 {
                    return Err(at(n, "a deal of 13 tiles"));
                }
                for s in &t[3..] {
                    let c = code(s, n)?;
                    let id = take(c, n)?;
                    if is_flower(id) {
                        dealt_flowers.push(id);
                    }
                    deal[usize::from(p)].push(id);
                }
            }
            ("Player", Some("BuHua")) => {
                let c = code(t.get(3).copied().unwrap_or(""), n)?;
                if !is_flower(c) {
                    return Err(at(n, "BuHua of a tile that is not a flower"));
                }
                if !dealt_flowers.contains(&c) {
                    let p = next_pos(&mut live, &mut back, from_back)
                        .ok_or_else(|| at(n, "more draws than the wall holds"))?;
                    pos[p] = take(c, n)?;
                }
                from_back = true;
            }
            ("Player", Some("Draw")) => {
                let c = code(t.get(3).copied().unwrap_or(""), n)?;
                let p = next_pos(&mut live, &mut back, from_back)
                    .ok_or_else(|| at(n, "more draws than the wall holds"))?;
                pos[p] = take(c, n)?;
                from_back = false;
            }
            ("Player", Some("Gang" | "AnGang" | "BuGang")) => from_back = true,
            _ => {}
        }
    }
    // The deal: 4, 4, 4, 1 tiles to each player from the dealer (player 0), from the top.
    let mut at_pos = MCR_TILES - 1;
    let mut next = [0usize; 4];
    for pass in 0..4 {
        for p in 0..4 {
            for _ in 0..if pass < 3 { 4 } else { 1 } {
                let id = *deal[p]
                    .get(next[p])
                    .ok_or_else(|| "a player has no deal".to_string())?;
                pos[at_pos] = id;
                next[p] += 1;
                at_pos -= 1;
            }
        }
    }
    let mut rest = (0..MCR_TILES as u8).filter(|&i| !used[usize::from(i)]);
    for p in &mut pos {
        if *p == 255 {
            *p = rest.next().ok_or("the wall does not add up")?;
        }
    }
    let setup = RoundSetup {
        round_wind: wind,
        ..RoundSetup::first(0)
    };
    let mut r = Round::try_new_mcr(GameRules::mcr(), setup, &pos, true)
        .map_err(|e| format!("wall: {e}"))?;
    // Pass 2: the decisions.
    let mut actions = 0usize;
    let mut want_fan: Option<(usize, u32)> = None;
    let mut want_score: Option<(usize, [i32; 4])> = None;
    let mut last_draw: Option<Seat> = None;
    for (n, t) in block {
        let n = *n;
        let verb = match (t[0], t.get(2).copied()) {
            ("Player", Some(v)) => v,
            ("Fan", _) => {
                let f = t.get(1).and_then(|f| f.parse().ok());
                want_fan = Some((n, f.ok_or_else(|| at(n, "`Fan <total> ...`"))?));
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
            _ => continue,
        };
        if verb == "Draw" {
            last_draw = Some(player(t, n)?);
        }
        if matches!(verb, "Deal" | "Draw" | "BuHua") {
            continue;
        }
        let p = player(t, n)?;
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
    if let Some((n, f)) = want_fan {
        let got = match &res.end {
            crate::round::RoundEnd::Wins(w) => w.first().map_or(0, |w| w.score.han),
            crate::round::RoundEnd::Draw { .. } => 0,
        };
        if got != f {
            return Err(at(n, &format!("the log's fan {f}, the engine's {got}")));
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
    })
}

/// Every seat with a decision on a tile on offer passes.
fn pass_all(r: &mut Round) -> Result<(), String> {
    while let Phase::Claims(_) = r.phase() {
        let s = r.to_act().trailing_zeros() as Seat;
        r.play(s, Action::Pass).map_err(|e| format!("pass: {e}"))?;
    }
    Ok(())
}

fn player(t: &[&str], n: usize) -> Result<Seat, String> {
    t.get(1)
        .and_then(|p| p.parse::<u8>().ok())
        .filter(|&p| p < 4)
        .ok_or_else(|| format!("line {n}: `Player` takes 0..3"))
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

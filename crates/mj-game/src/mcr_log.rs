//! MCR (国标) game logs: replay of our own mjai event logs (what `mj game --rules mcr` or
//! `--rules mcr_botzone` prints), and Botzone's logs ([`read_botzone`], [`write_botzone`]).
//! Each hand's wall is rebuilt from what the log shows (the starting hands with their flowers;
//! on one shared wall every draw from the live end, every replacement from the far end after
//! a `hua` or a kong; on own walls every tile a seat takes from the top of its own wall; tiles
//! never drawn fill the rest), every logged decision is played through [`Round`], and the
//! hand's events must equal the log's, fan and payments included.
//!
//! The log does not name its preset: a log that shows a flower is an `mcr` log; one that
//! shows none is tried as `mcr_botzone` (136 tiles on own walls) and then as `mcr`, and
//! replays under the first of them every hand matches.

mod botzone;

pub use botzone::{BotzoneHand, botzone_name, is_botzone_log, read_botzone, write_botzone};

use crate::action::{Action, Seat};
use crate::log_replay::{
    call_action, deal_back, decisions, each_round, ids_in_hand, others_pass, same_events,
    turn_action,
};
use crate::mjai::{Event, MjaiTile};
use crate::round::mcr::MCR_TILES;
use crate::round::{Phase, Round, RoundSetup};
use crate::rules::GameRules;
use crate::tiles::is_flower;
use crate::wall::WALL_TILES;

/// The result of replaying an MCR log (see [`LogReplay`](crate::LogReplay)).
pub type McrReplay = crate::log_replay::LogReplay;

/// `true` when the events are an MCR game: a flower set aside (`hua`), or in a game without
/// dora (riichi logs show a dora marker) a chi or a wind, 白 or 发 (the Sichuan and hongzhong
/// flows have no chi and no honor but 红中).
pub fn is_mcr_log(events: &[Event]) -> bool {
    let no_dora = events
        .iter()
        .any(|e| matches!(e, Event::StartKyoku { dora_marker, .. } if dora_marker.is_hidden()));
    let mcr_honor = |t: &MjaiTile| t.tile_id().is_some_and(|id| (27..33).contains(&(id / 4)));
    events.iter().any(|e| matches!(e, Event::Hua { .. }))
        || (no_dora
            && events.iter().any(|e| match e {
                Event::Chi { .. } => true,
                Event::StartKyoku { tehais, .. } => tehais.iter().flatten().any(mcr_honor),
                Event::Tsumo { pai, .. } | Event::Dahai { pai, .. } => mcr_honor(pai),
                _ => false,
            }))
}

/// Replays every hand of an MCR event log under the first preset every hand matches (see the
/// module docs); the mismatches are the first tried preset's when none does.
pub fn replay_mcr(events: &[Event]) -> McrReplay {
    let flowers = events.iter().any(|e| matches!(e, Event::Hua { .. }));
    let candidates: &[GameRules] = if flowers {
        &[GameRules::mcr()]
    } else {
        &[GameRules::mcr_botzone(), GameRules::mcr()]
    };
    let mut first: Option<McrReplay> = None;
    for &rules in candidates {
        let (rounds, actions, mismatches) =
            each_round(events, "hand", |hand| replay_round(hand, rules));
        let r = McrReplay {
            preset: rules.preset_name().unwrap_or("custom"),
            rounds,
            actions,
            mismatches,
        };
        if r.all_match() {
            return r;
        }
        first.get_or_insert(r);
    }
    first.unwrap_or_default()
}

/// The kind index (0..34) of an ordinary tile.
fn kind_of(t: MjaiTile) -> Result<u8, String> {
    t.tile_id()
        .filter(|&id| !is_flower(id))
        .map(|id| id / 4)
        .ok_or_else(|| format!("{t} is not an ordinary tile"))
}

/// Rebuilds a hand's wall sequence as `rules` lay it out (144 positions with flowers, 136
/// without; one shared wall or own walls): ids are handed out per kind in the order the tiles
/// appear; flowers keep their own ids.
fn rebuild_sequence(events: &[Event], rules: &GameRules) -> Result<Vec<u8>, String> {
    let size = if rules.mcr.mcr_flowers {
        MCR_TILES
    } else {
        WALL_TILES
    };
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
    let mut pos = vec![255u8; size];
    if rules.mcr.mcr_own_walls {
        own_walls_back(events, &mut pos, &mut take)?;
        return fill_rest(pos, &used);
    }
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
                if p >= size || pos[p] != 255 {
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
    fill_rest(pos, &used)
}

/// Puts every tile the seats took back into their own walls (see `round::mcr`): the seat `k`
/// places after the dealer took its starting hand and then each of its `tsumo`s from the top
/// of positions `k*q .. (k+1)*q`.
fn own_walls_back(
    events: &[Event],
    pos: &mut [u8],
    mut take: impl FnMut(MjaiTile) -> Result<u8, String>,
) -> Result<(), String> {
    let Some(Event::StartKyoku { oya, tehais, .. }) = events.first() else {
        return Err("no start_kyoku".into());
    };
    let q = pos.len() / 4;
    let mut taken = [0usize; 4];
    let mut put = |seat: u8, t: MjaiTile, pos: &mut [u8]| -> Result<(), String> {
        let k = usize::from((seat + 4 - (oya & 3)) & 3);
        let j = taken[k];
        taken[k] += 1;
        if j >= q {
            return Err(format!("seat {seat} takes more than its wall of {q} holds"));
        }
        pos[k * q + q - 1 - j] = take(t)?;
        Ok(())
    };
    for (seat, hand) in (0..4u8).zip(tehais) {
        for &t in hand {
            put(seat, t, pos)?;
        }
    }
    for e in events {
        if let Event::Tsumo { actor, pai } = e {
            put(*actor & 3, *pai, pos)?;
        }
    }
    Ok(())
}

/// The positions no tile of the log reached, filled with the ids not used, lowest first.
fn fill_rest(mut pos: Vec<u8>, used: &[bool; MCR_TILES]) -> Result<Vec<u8>, String> {
    let size = pos.len() as u8;
    let mut rest = (0..size).filter(|&id| !used[usize::from(id)]);
    for p in &mut pos {
        if *p == 255 {
            *p = rest.next().ok_or("the wall does not add up")?;
        }
    }
    Ok(pos)
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

fn replay_round(events: &[Event], rules: GameRules) -> Result<usize, String> {
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
    let seq = rebuild_sequence(events, &rules)?;
    let mut r = Round::try_new_mcr(rules, setup, &seq, true).map_err(|e| format!("wall: {e}"))?;
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

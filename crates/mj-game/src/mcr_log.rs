//! MCR (国标) game logs: replay of our own mjai event logs (what `mj game --rules mcr`
//! prints). Each hand's 144-tile wall is rebuilt from what the log shows (the starting hands
//! with their flowers, every draw from the live end, every replacement from the far end after
//! a `hua` or a kong; tiles never drawn fill the rest), every logged decision is played
//! through [`Round`], and the hand's events must equal the log's, fan and payments included.
//! The `mcr` preset is assumed.

use mj_tiles::Tile;

use crate::action::{Action, Seat};
use crate::mjai::{Event, MjaiTile};
use crate::round::mcr::MCR_TILES;
use crate::round::{Phase, Round, RoundSetup};
use crate::rules::GameRules;
use crate::tiles::is_flower;

/// What an MCR log's replay found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct McrReplay {
    /// Hands replayed.
    pub rounds: usize,
    /// Decisions played.
    pub actions: usize,
    /// What did not match (hand number from 1, and why).
    pub mismatches: Vec<String>,
}

impl McrReplay {
    /// `true` when every hand matched.
    pub fn all_match(&self) -> bool {
        self.mismatches.is_empty() && self.rounds > 0
    }
}

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
    let mut out = McrReplay::default();
    let mut i = 0;
    while i < events.len() {
        if !matches!(events[i], Event::StartKyoku { .. }) {
            i += 1;
            continue;
        }
        let end = events[i..]
            .iter()
            .position(|e| matches!(e, Event::EndKyoku))
            .map_or(events.len(), |p| i + p + 1);
        out.rounds += 1;
        match replay_round(&events[i..end]) {
            Ok(n) => out.actions += n,
            Err(why) => out.mismatches.push(format!("hand {}: {why}", out.rounds)),
        }
        i = end;
    }
    out
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
    let Some(Event::StartKyoku { oya, tehais, .. }) = events.first() else {
        return Err("no start_kyoku".into());
    };
    let mut at = MCR_TILES - 1;
    let mut next = [0usize; 4];
    for pass in 0..4 {
        for k in 0..4u8 {
            let seat = usize::from((oya + k) & 3);
            for _ in 0..if pass < 3 { 4 } else { 1 } {
                let t = *tehais[seat]
                    .get(next[seat])
                    .ok_or("a starting hand is short")?;
                pos[at] = take(t)?;
                next[seat] += 1;
                at -= 1;
            }
        }
    }
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

/// An id of kind `k` in `seat`'s hand: the drawn tile when `drawn`, else another copy if any.
fn id_in_hand(r: &Round, seat: Seat, k: u8, drawn: Option<bool>) -> Result<u8, String> {
    let d = r.drawn().filter(|&d| d / 4 == k);
    let ids: Vec<u8> = r.player(seat).hand_ids().filter(|&i| i / 4 == k).collect();
    let pick = match drawn {
        Some(true) => d,
        Some(false) => ids.iter().copied().find(|&i| Some(i) != d).or(d),
        None => ids.first().copied(),
    };
    pick.ok_or_else(|| {
        format!(
            "seat {seat} holds no {}",
            Tile::new(k).map_or('?', |t| t.glyph())
        )
    })
}

/// Two ids of the given kinds from `seat`'s hand (distinct copies).
fn two_in_hand(r: &Round, seat: Seat, a: u8, b: u8) -> Result<[u8; 2], String> {
    let mut held: Vec<u8> = r.player(seat).hand_ids().collect();
    let mut out = [0u8; 2];
    for (slot, k) in out.iter_mut().zip([a, b]) {
        let at = held
            .iter()
            .position(|&x| x / 4 == k)
            .ok_or("a called tile is not in hand")?;
        *slot = held.remove(at);
    }
    Ok(out)
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
    let wind = bakaze
        .tile_id()
        .map(|id| id / 4)
        .filter(|k| (27..31).contains(k))
        .ok_or("the round wind is not a wind")?
        - 27;
    let setup = RoundSetup {
        dealer: oya & 3,
        round_wind: wind,
        scores: *scores,
        ..RoundSetup::first(0)
    };
    let seq = rebuild_sequence(events)?;
    let mut r = Round::try_new_mcr(GameRules::mcr(), setup, &seq, true)
        .map_err(|e| format!("wall: {e}"))?;
    let log: Vec<&Event> = events
        .iter()
        .filter(|e| {
            matches!(
                e,
                Event::Dahai { .. }
                    | Event::Chi { .. }
                    | Event::Pon { .. }
                    | Event::Daiminkan { .. }
                    | Event::Ankan { .. }
                    | Event::Kakan { .. }
                    | Event::Hora { .. }
            )
        })
        .collect();
    let mut actions = 0usize;
    let mut i = 0;
    while !r.is_over() {
        let mask = r.to_act();
        let mut step: Vec<(Seat, Action)> = Vec::new();
        match r.phase().clone() {
            Phase::Turn { seat, .. } => {
                let a = match log.get(i) {
                    Some(Event::Dahai { pai, tsumogiri, .. }) => Action::Discard {
                        tile: id_in_hand(&r, seat, kind_of(*pai)?, Some(*tsumogiri))?,
                    },
                    Some(Event::Hora { actor, target, .. }) if actor == target => Action::Tsumo,
                    Some(Event::Ankan { consumed, .. }) => Action::Ankan {
                        kind: kind_of(consumed[0])?,
                    },
                    Some(Event::Kakan { pai, .. }) => Action::Kakan {
                        tile: id_in_hand(&r, seat, kind_of(*pai)?, None)?,
                    },
                    e => return Err(format!("seat {seat} to move, the log has {e:?}")),
                };
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
                    Some(Event::Pon {
                        actor,
                        target,
                        consumed,
                        ..
                    }) if *target == c.from => {
                        let k = kind_of(consumed[0])?;
                        let tiles = two_in_hand(&r, *actor, k, k)?;
                        step.push((*actor, Action::Pon { tiles }));
                        i += 1;
                    }
                    Some(Event::Chi {
                        actor,
                        target,
                        consumed,
                        ..
                    }) if *target == c.from => {
                        let tiles =
                            two_in_hand(&r, *actor, kind_of(consumed[0])?, kind_of(consumed[1])?)?;
                        step.push((*actor, Action::Chi { tiles }));
                        i += 1;
                    }
                    Some(Event::Daiminkan { actor, target, .. }) if *target == c.from => {
                        step.push((*actor, Action::Minkan));
                        i += 1;
                    }
                    _ => {}
                }
                for s in 0..4u8 {
                    if mask >> s & 1 == 1 && !step.iter().any(|&(x, _)| x == s) {
                        step.push((s, Action::Pass));
                    }
                }
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
    let ours = r.events();
    if ours != events {
        let at = ours
            .iter()
            .zip(events)
            .position(|(a, b)| a != b)
            .unwrap_or(ours.len().min(events.len()));
        return Err(format!(
            "event {at} differs: engine {:?}, log {:?}",
            ours.get(at),
            events.get(at)
        ));
    }
    Ok(actions)
}

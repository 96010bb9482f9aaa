//! Replay of Sichuan games from their own mjai event logs (what `mj game --rules sichuan`
//! prints): each round's wall is rebuilt from what the log shows (the starting hands, every
//! draw, replacement tiles after kongs; tiles never drawn fill the rest), every logged decision
//! is played through [`Round`], and the round's events must equal the log's, payments included.
//!
//! The log does not name its switches: the `sichuan` preset is assumed, with the exchange
//! direction each round's `huansanzhang` events name (a log of other stakes or tables does not
//! match). Riichi mjai logs are not replayed here (`replay` reads Tenhou's logs).

use mj_tiles::Tile;

use crate::action::{Action, Seat};
use crate::mjai::{Event, MjaiTile};
use crate::round::{Phase, Round, RoundSetup};
use crate::rules::{Exchange, GameRules};
use crate::wall::Wall;

/// What a Sichuan log's replay found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SichuanReplay {
    /// Rounds replayed.
    pub rounds: usize,
    /// Decisions played.
    pub actions: usize,
    /// What did not match (round number from 1, and why).
    pub mismatches: Vec<String>,
}

impl SichuanReplay {
    /// `true` when every round matched.
    pub fn all_match(&self) -> bool {
        self.mismatches.is_empty() && self.rounds > 0
    }
}

/// Reads mjai events, one JSON object per line (blank lines skipped).
///
/// # Errors
/// A line that is not an event, with its line number.
pub fn parse_events(text: &str) -> Result<Vec<Event>, String> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| serde_json::from_str(l).map_err(|e| format!("line {}: {e}", i + 1)))
        .collect()
}

/// `true` when the events are a Sichuan game (a `dingque`, `huansanzhang` or `settle` event).
pub fn is_sichuan_log(events: &[Event]) -> bool {
    events.iter().any(|e| {
        matches!(
            e,
            Event::Dingque { .. } | Event::Huansanzhang { .. } | Event::Settle { .. }
        )
    })
}

/// Replays every round of a Sichuan event log.
pub fn replay_sichuan(events: &[Event]) -> SichuanReplay {
    let mut out = SichuanReplay::default();
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
            Err(why) => out.mismatches.push(format!("round {}: {why}", out.rounds)),
        }
        i = end;
    }
    out
}

fn kind_of(t: MjaiTile) -> Result<u8, String> {
    t.tile_id()
        .map(|id| id / 4)
        .filter(|&k| k < 27)
        .ok_or_else(|| format!("{t} is not a Sichuan tile"))
}

/// Rebuilds the round's wall: ids are handed out per kind in the order the tiles appear.
fn rebuild_wall(events: &[Event]) -> Result<Wall, String> {
    let mut copies = [0u8; 27];
    let mut used = [false; 108];
    let mut take = |t: MjaiTile| -> Result<u8, String> {
        let k = kind_of(t)?;
        let c = copies[usize::from(k)];
        if c >= 4 {
            return Err(format!("a fifth {t}"));
        }
        copies[usize::from(k)] += 1;
        let id = k * 4 + c;
        used[usize::from(id)] = true;
        Ok(id)
    };
    let mut pos = [255u8; 136];
    let Some(Event::StartKyoku { oya, tehais, .. }) = events.first() else {
        return Err("no start_kyoku".into());
    };
    let mut at = 135usize;
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
    let (mut live, mut rinshan) = (83usize, 28usize);
    let mut after_kong = false;
    for e in events {
        match e {
            Event::Tsumo { pai, .. } => {
                let p = if after_kong {
                    rinshan += 1;
                    rinshan - 1
                } else {
                    live -= 1;
                    live + 1
                };
                if !(28..=83).contains(&p) || pos[p] != 255 {
                    return Err("more draws than the wall holds".into());
                }
                pos[p] = take(*pai)?;
                after_kong = false;
            }
            Event::Ankan { .. } | Event::Daiminkan { .. } | Event::Kakan { .. } => {
                after_kong = true;
            }
            Event::Hora { .. } => after_kong = false,
            _ => {}
        }
    }
    let mut rest = (0..108u8).filter(|&id| !used[usize::from(id)]);
    for p in pos.iter_mut().skip(28) {
        if *p == 255 {
            *p = rest.next().ok_or("the wall does not add up")?;
        }
    }
    Wall::sichuan_from_ids(&pos[28..]).map_err(|e| e.to_string())
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

fn replay_round(events: &[Event]) -> Result<usize, String> {
    let Some(Event::StartKyoku { oya, scores, .. }) = events.first() else {
        return Err("no start_kyoku".into());
    };
    let direction = events.iter().find_map(|e| match e {
        Event::Huansanzhang { direction, .. } => Some(direction.as_str()),
        _ => None,
    });
    let exchange = match direction {
        None => Exchange::Off,
        Some("next") => Exchange::Next,
        Some("across") => Exchange::Across,
        Some("previous") => Exchange::Previous,
        Some(d) => return Err(format!("unknown exchange direction {d:?}")),
    };
    let rules = GameRules {
        exchange,
        declare_lack: events.iter().any(|e| matches!(e, Event::Dingque { .. })),
        ..GameRules::sichuan()
    };
    let setup = RoundSetup {
        dealer: oya & 3,
        scores: *scores,
        ..RoundSetup::first(0)
    };
    let mut r = Round::try_new(rules, setup, rebuild_wall(events)?, true)
        .map_err(|e| format!("rules: {e}"))?;
    // The logged decisions, in order (the events the engine makes itself left out).
    let log: Vec<&Event> = events
        .iter()
        .filter(|e| {
            matches!(
                e,
                Event::Huansanzhang { .. }
                    | Event::Dingque { .. }
                    | Event::Dahai { .. }
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
            Phase::Exchange => {
                while let Some(Event::Huansanzhang { actor, pai, .. }) = log.get(i) {
                    let mut ids = [0u8; 3];
                    let mut held: Vec<u8> = r.player(*actor).hand_ids().collect();
                    for (slot, t) in ids.iter_mut().zip(pai) {
                        let k = kind_of(*t)?;
                        let at = held
                            .iter()
                            .position(|&x| x / 4 == k)
                            .ok_or("an exchanged tile is not in hand")?;
                        *slot = held.remove(at);
                    }
                    step.push((*actor, Action::Exchange { tiles: ids }));
                    i += 1;
                }
            }
            Phase::DeclareLack => {
                while let Some(Event::Dingque { actor, suit }) = log.get(i) {
                    let s = ["m", "p", "s"]
                        .iter()
                        .position(|x| x == suit)
                        .ok_or("unknown suit")? as u8;
                    step.push((*actor, Action::DeclareLack { suit: s }));
                    i += 1;
                }
            }
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
                // Wins on the tile, else a pon or a kong, else everybody passes.
                while let Some(Event::Hora { actor, target, .. }) = log.get(i) {
                    if *target != c.from || actor == target {
                        break;
                    }
                    step.push((*actor, Action::Ron));
                    i += 1;
                }
                if step.is_empty() {
                    match log.get(i) {
                        Some(Event::Pon {
                            actor,
                            target,
                            consumed,
                            ..
                        }) if *target == c.from => {
                            let k = kind_of(consumed[0])?;
                            let ids: Vec<u8> = r
                                .player(*actor)
                                .hand_ids()
                                .filter(|&x| x / 4 == k)
                                .take(2)
                                .collect();
                            if ids.len() < 2 {
                                return Err("a pon without the pair".into());
                            }
                            step.push((
                                *actor,
                                Action::Pon {
                                    tiles: [ids[0], ids[1]],
                                },
                            ));
                            i += 1;
                        }
                        Some(Event::Daiminkan { actor, target, .. }) if *target == c.from => {
                            step.push((*actor, Action::Minkan));
                            i += 1;
                        }
                        _ => {}
                    }
                }
                for s in 0..4u8 {
                    if mask >> s & 1 == 1 && !step.iter().any(|&(x, _)| x == s) {
                        step.push((s, Action::Pass));
                    }
                }
            }
            Phase::Over => {}
        }
        if step.is_empty() {
            return Err(format!(
                "no logged decision for the seats to act ({mask:#06b})"
            ));
        }
        for (s, a) in step {
            if r.is_over() || r.to_act() >> s & 1 == 0 {
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

//! What the replays of our own mjai event logs share (`sichuan_replay` for Sichuan, 红中血战
//! and 红中麻将; `mcr_log` for MCR): cutting a log into rounds, dealing the starting hands
//! back into a wall, finding a logged tile among a seat's ids, the turn decisions every flow
//! logs alike, and the final comparison of the engine's events with the log's. Each flow keeps
//! what is its own (which tiles exist, where draws and replacements come from, the calls it
//! allows).

use mj_tiles::Tile;

use crate::action::{Action, Seat};
use crate::mjai::{Event, MjaiTile};
use crate::round::Round;

/// What replaying one of our own logs found: rounds (hands) replayed, decisions played, and
/// what did not match (`"{label} {round number from 1}: {why}"`). `SichuanReplay` and
/// `McrReplay` name it for their flows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LogReplay {
    /// The preset the log replayed under (`sichuan`, `sichuan_hongzhong`, `hongzhong`, `mcr`;
    /// `custom` for rules that are no preset); with no preset matching every round, the
    /// first one tried.
    pub preset: &'static str,
    /// Rounds (MCR: hands) replayed.
    pub rounds: usize,
    /// Decisions played.
    pub actions: usize,
    /// What did not match (round number from 1, and why).
    pub mismatches: Vec<String>,
}

impl LogReplay {
    /// `true` when every round matched.
    pub fn all_match(&self) -> bool {
        self.mismatches.is_empty() && self.rounds > 0
    }
}

/// Replays each round of `events` (from a `start_kyoku` to its `end_kyoku`, or to the end of
/// the log) with `replay`; gives the rounds found, the decisions played and the mismatches,
/// each as `"{label} {round number from 1}: {why}"`.
pub(crate) fn each_round(
    events: &[Event],
    label: &str,
    mut replay: impl FnMut(&[Event]) -> Result<usize, String>,
) -> (usize, usize, Vec<String>) {
    let (mut rounds, mut actions, mut mismatches) = (0, 0, Vec::new());
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
        rounds += 1;
        match replay(&events[i..end]) {
            Ok(n) => actions += n,
            Err(why) => mismatches.push(format!("{label} {rounds}: {why}")),
        }
        i = end;
    }
    (rounds, actions, mismatches)
}

/// Puts the starting hands of the round's `start_kyoku` back into `pos` the way they were
/// dealt (four rounds of four tiles from the dealer on, then one each), from the last position
/// down, each tile's id given by `take`; returns the highest position not dealt.
pub(crate) fn deal_back(
    events: &[Event],
    pos: &mut [u8],
    mut take: impl FnMut(MjaiTile) -> Result<u8, String>,
) -> Result<usize, String> {
    let Some(Event::StartKyoku { oya, tehais, .. }) = events.first() else {
        return Err("no start_kyoku".into());
    };
    let mut at = pos.len() - 1;
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
    Ok(at)
}

/// The logged decisions, in order: discards, pons, kongs and wins, and those `also` names (the
/// events the engine makes itself left out).
pub(crate) fn decisions(events: &[Event], also: fn(&Event) -> bool) -> Vec<&Event> {
    events
        .iter()
        .filter(|e| {
            also(e)
                || matches!(
                    e,
                    Event::Dahai { .. }
                        | Event::Pon { .. }
                        | Event::Daiminkan { .. }
                        | Event::Ankan { .. }
                        | Event::Kakan { .. }
                        | Event::Hora { .. }
                )
        })
        .collect()
}

/// An id of kind `k` in `seat`'s hand: the drawn tile when `drawn`, else another copy if any.
pub(crate) fn id_in_hand(r: &Round, seat: Seat, k: u8, drawn: Option<bool>) -> Result<u8, String> {
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

/// Distinct ids of the given kinds from `seat`'s hand (the first copy held of each, in hand
/// order); `missing` is the error when one is not there.
pub(crate) fn ids_in_hand<const N: usize>(
    r: &Round,
    seat: Seat,
    kinds: [u8; N],
    missing: &str,
) -> Result<[u8; N], String> {
    let mut held: Vec<u8> = r.player(seat).hand_ids().collect();
    let mut out = [0u8; N];
    for (slot, k) in out.iter_mut().zip(kinds) {
        let at = held.iter().position(|&x| x / 4 == k).ok_or(missing)?;
        *slot = held.remove(at);
    }
    Ok(out)
}

/// The call that the next logged decision names on the discard of seat `from`: a pon, a chi or
/// an open kong, as `(caller, action)`, the called pair taken from the caller's hand; `None`
/// when the next decision is not a call on that discard. `kind_of` reads a tile of the flow
/// (the engine refuses a call its flow does not allow, such as a chi in Sichuan).
pub(crate) fn call_action(
    r: &Round,
    from: Seat,
    logged: Option<&&Event>,
    kind_of: fn(MjaiTile) -> Result<u8, String>,
) -> Result<Option<(Seat, Action)>, String> {
    Ok(match logged {
        Some(Event::Pon {
            actor,
            target,
            consumed,
            ..
        }) if *target == from => {
            let k = kind_of(consumed[0])?;
            let tiles = ids_in_hand(r, *actor, [k, k], "a pon without the pair")?;
            Some((*actor, Action::Pon { tiles }))
        }
        Some(Event::Chi {
            actor,
            target,
            consumed,
            ..
        }) if *target == from => {
            let kinds = [kind_of(consumed[0])?, kind_of(consumed[1])?];
            let tiles = ids_in_hand(r, *actor, kinds, "a chi without its two tiles")?;
            Some((*actor, Action::Chi { tiles }))
        }
        Some(Event::Daiminkan { actor, target, .. }) if *target == from => {
            Some((*actor, Action::Minkan))
        }
        _ => None,
    })
}

/// The action of `seat`, to move, that the next logged decision names: a discard, a self-drawn
/// win, a concealed kong or an added kong; `kind_of` reads a tile of the flow.
pub(crate) fn turn_action(
    r: &Round,
    seat: Seat,
    logged: Option<&&Event>,
    kind_of: fn(MjaiTile) -> Result<u8, String>,
) -> Result<Action, String> {
    Ok(match logged {
        Some(Event::Dahai { pai, tsumogiri, .. }) => Action::Discard {
            tile: id_in_hand(r, seat, kind_of(*pai)?, Some(*tsumogiri))?,
        },
        Some(Event::Hora { actor, target, .. }) if actor == target => Action::Tsumo,
        Some(Event::Ankan { consumed, .. }) => Action::Ankan {
            kind: kind_of(consumed[0])?,
        },
        Some(Event::Kakan { pai, .. }) => Action::Kakan {
            tile: id_in_hand(r, seat, kind_of(*pai)?, None)?,
        },
        e => return Err(format!("seat {seat} to move, the log has {e:?}")),
    })
}

/// Every seat of `mask` (a bit per seat to decide on a tile on offer) without a decision in
/// `step` passes.
pub(crate) fn others_pass(step: &mut Vec<(Seat, Action)>, mask: u8) {
    for s in 0..4u8 {
        if mask >> s & 1 == 1 && !step.iter().any(|&(x, _)| x == s) {
            step.push((s, Action::Pass));
        }
    }
}

/// `Ok` when the engine wrote the log's events, else the first event that differs.
pub(crate) fn same_events(ours: &[Event], log: &[Event]) -> Result<(), String> {
    if ours == log {
        return Ok(());
    }
    let at = ours
        .iter()
        .zip(log)
        .position(|(a, b)| a != b)
        .unwrap_or(ours.len().min(log.len()));
    Err(format!(
        "event {at} differs: engine {:?}, log {:?}",
        ours.get(at),
        log.get(at)
    ))
}

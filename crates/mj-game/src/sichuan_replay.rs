//! Replay of Sichuan games from their own mjai event logs (what `mj game --rules sichuan`
//! prints): each round's wall is rebuilt from what the log shows (the starting hands, every
//! draw, replacement tiles after kongs; tiles never drawn fill the rest), every logged decision
//! is played through [`Round`], and the round's events must equal the log's, payments included.
//!
//! The same for the games on the Sichuan machinery with the four 红中 as wildcards: 红中血战
//! (`sichuan_hongzhong`) and 红中麻将 (`hongzhong`; the birds of `zhuaniao` are put back in the
//! live wall where they were turned over).
//!
//! The log does not name its switches: the `sichuan`, `sichuan_hongzhong` or `hongzhong` preset
//! is assumed (the first of them under which every round matches; a log that shows a 红中 is
//! not tried as `sichuan`), with the exchange direction each round's `huansanzhang` events name
//! (a log of other stakes or tables does not match). Riichi mjai logs are not replayed here
//! (`replay` reads Tenhou's logs).

use crate::action::{Action, Seat};
use crate::log_replay::{
    call_action, deal_back, decisions, each_round, ids_in_hand, others_pass, same_events,
    turn_action,
};
use crate::mjai::{Event, MjaiTile};
use crate::round::{Phase, Round, RoundSetup};
use crate::rules::{Exchange, GameRules};
use crate::wall::Wall;

/// The result of replaying a Sichuan / 红中 log (see [`LogReplay`](crate::LogReplay)).
pub type SichuanReplay = crate::log_replay::LogReplay;

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

/// `true` when the events are a game of Sichuan, 红中血战 or 红中麻将 (a `dingque`,
/// `huansanzhang`, `settle` or `zhuaniao` event, or a `start_kyoku` without a dora marker) and
/// not an MCR game (those have `hua` or `chi` events, or honors other than 红中, which these
/// flows never show; see `mcr_log::is_mcr_log`).
pub fn is_sichuan_log(events: &[Event]) -> bool {
    let mcr = events
        .iter()
        .any(|e| matches!(e, Event::Hua { .. } | Event::Chi { .. }))
        || crate::mcr_log::is_mcr_log(events);
    !mcr && events.iter().any(|e| match e {
        Event::Dingque { .. }
        | Event::Huansanzhang { .. }
        | Event::Settle { .. }
        | Event::Zhuaniao { .. } => true,
        Event::StartKyoku { dora_marker, .. } => dora_marker.tile_id().is_none(),
        _ => false,
    })
}

/// Does any tile of the log show a 红中?
fn shows_red(events: &[Event]) -> bool {
    let red = |t: &MjaiTile| t.tile_id().is_some_and(|id| id / 4 == RED);
    events.iter().any(|e| match e {
        Event::StartKyoku { tehais, .. } => tehais.iter().flatten().any(red),
        Event::Tsumo { pai, .. } | Event::Dahai { pai, .. } => red(pai),
        Event::Zhuaniao { pai, .. } => pai.iter().any(red),
        _ => false,
    })
}

/// Replays every round of a Sichuan (or 红中血战, or 红中麻将) event log under the first
/// preset every round matches (see the module docs); the mismatches are the first tried
/// preset's when none does.
pub fn replay_sichuan(events: &[Event]) -> SichuanReplay {
    let hz = events.iter().any(|e| matches!(e, Event::Zhuaniao { .. }));
    let candidates: &[GameRules] = if hz {
        &[GameRules::hongzhong()]
    } else if shows_red(events) {
        &[GameRules::sichuan_hongzhong(), GameRules::hongzhong()]
    } else {
        &[
            GameRules::sichuan(),
            GameRules::sichuan_hongzhong(),
            GameRules::hongzhong(),
        ]
    };
    let mut first: Option<SichuanReplay> = None;
    for &rules in candidates {
        let r = replay_with(events, rules);
        if r.all_match() {
            return r;
        }
        first.get_or_insert(r);
    }
    first.unwrap_or_default()
}

/// Replays every round of an event log under `rules` (a preset of the Sichuan machinery; the
/// exchange direction and 定缺 taken from each round's events).
pub fn replay_with(events: &[Event], rules: GameRules) -> SichuanReplay {
    let (rounds, actions, mismatches) =
        each_round(events, "round", |round| replay_round(round, rules));
    SichuanReplay {
        preset: rules.preset_name().unwrap_or("custom"),
        rounds,
        actions,
        mismatches,
    }
}

/// 红中's kind (7z).
const RED: u8 = 33;

fn kind_of(t: MjaiTile) -> Result<u8, String> {
    t.tile_id()
        .map(|id| id / 4)
        .filter(|&k| k < 27 || k == RED)
        .ok_or_else(|| format!("{t} is not a Sichuan tile"))
}

/// Rebuilds the round's wall: ids are handed out per kind in the order the tiles appear.
/// `wild`: a 112-tile wall with the four 红中 (ids 132..136), else 108 suited tiles.
fn rebuild_wall(events: &[Event], wild: bool) -> Result<Wall, String> {
    let parked = if wild { 24usize } else { 28 };
    let mut copies = [0u8; 34];
    let mut used = [false; 136];
    let mut take = |t: MjaiTile| -> Result<u8, String> {
        let k = kind_of(t)?;
        if k == RED && !wild {
            return Err(format!("{t} in a game without wildcards"));
        }
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
    let mut live = deal_back(events, &mut pos, &mut take)?;
    let mut rinshan = parked;
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
                if !(parked..=83).contains(&p) || pos[p] != 255 {
                    return Err("more draws than the wall holds".into());
                }
                pos[p] = take(*pai)?;
                after_kong = false;
            }
            Event::Zhuaniao { pai, .. } => {
                // The birds: the next live tiles, turned over, not drawn.
                for (d, t) in pai.iter().enumerate() {
                    let p = live
                        .checked_sub(d)
                        .filter(|&p| p >= parked && pos[p] == 255);
                    let p = p.ok_or("more birds than the wall holds")?;
                    pos[p] = take(*t)?;
                }
            }
            Event::Ankan { .. } | Event::Daiminkan { .. } | Event::Kakan { .. } => {
                after_kong = true;
            }
            Event::Hora { .. } => after_kong = false,
            _ => {}
        }
    }
    let mut rest = (0..136u8)
        .filter(|&id| id < 108 || (wild && id >= 132))
        .filter(|&id| !used[usize::from(id)]);
    for p in pos.iter_mut().skip(parked) {
        if *p == 255 {
            *p = rest.next().ok_or("the wall does not add up")?;
        }
    }
    if wild {
        Wall::hongzhong_from_ids(&pos[parked..]).map_err(|e| e.to_string())
    } else {
        Wall::sichuan_from_ids(&pos[parked..]).map_err(|e| e.to_string())
    }
}

fn replay_round(events: &[Event], base: GameRules) -> Result<usize, String> {
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
    let mut rules = base;
    rules.sichuan.exchange = exchange;
    rules.sichuan.declare_lack = events.iter().any(|e| matches!(e, Event::Dingque { .. }));
    let setup = RoundSetup {
        dealer: oya & 3,
        scores: *scores,
        ..RoundSetup::first(0)
    };
    let mut r = Round::try_new(
        rules,
        setup,
        rebuild_wall(events, rules.red_wildcards())?,
        true,
    )
    .map_err(|e| format!("rules: {e}"))?;
    let log = decisions(events, |e| {
        matches!(e, Event::Huansanzhang { .. } | Event::Dingque { .. })
    });
    let mut actions = 0usize;
    let mut i = 0;
    while !r.is_over() {
        let mask = r.to_act();
        let mut step: Vec<(Seat, Action)> = Vec::new();
        match r.phase().clone() {
            Phase::Exchange => {
                while let Some(Event::Huansanzhang { actor, pai, .. }) = log.get(i) {
                    let kinds = [kind_of(pai[0])?, kind_of(pai[1])?, kind_of(pai[2])?];
                    let tiles = ids_in_hand(&r, *actor, kinds, "an exchanged tile is not in hand")?;
                    step.push((*actor, Action::Exchange { tiles }));
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
                let a = turn_action(&r, seat, log.get(i), kind_of)?;
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
                if step.is_empty()
                    && let Some(call) = call_action(&r, c.from, log.get(i), kind_of)?
                {
                    step.push(call);
                    i += 1;
                }
                others_pass(&mut step, mask);
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
    same_events(r.events(), events)?;
    Ok(actions)
}

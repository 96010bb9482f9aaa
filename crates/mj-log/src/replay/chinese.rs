//! The Chinese flows through the engine: Sichuan, 红中血战 and 红中麻将 from our own logs, MCR
//! from our own logs and Botzone's. Each round's wall is the log's (Botzone's `walltiles`) or
//! one built from what it shows; every logged decision is played when the engine asks for it
//! (the draws, flowers and payments are the engine's own doing), and the round must end as the
//! log's does: our own logs with every event equal, Botzone's with the fan, the fans, the
//! score, the judge's chances to win and the walls left that it states.

use mj_game::{
    Action, Event, Exchange, GameRules, MjaiTile, Phase, Round, RoundEnd, RoundSetup, Seat,
    SeatSet, is_flower,
};
use mj_tiles::{Tile, TileId};

use super::{same_events, walls};
use crate::botzone::botzone_name;
use crate::log::{Fields, JudgeNote, Round as LogRound};

/// What replaying one round found: decisions played, judge checks, the engine's round.
pub(super) struct Played {
    pub(super) actions: usize,
    pub(super) judge: usize,
    pub(super) round: Round,
}

/// 红中's kind (7z).
const RED: u8 = 33;

/// The kind (0..34) of a tile of the Sichuan flows.
fn sichuan_kind(t: MjaiTile) -> Result<u8, String> {
    t.tile_id()
        .map(|id| id / 4)
        .filter(|&k| k < 27 || k == RED)
        .ok_or_else(|| format!("{t} is not a Sichuan tile"))
}

/// The kind (0..34) of an ordinary MCR tile.
fn mcr_kind(t: MjaiTile) -> Result<u8, String> {
    t.tile_id()
        .filter(|&id| !is_flower(id))
        .map(|id| id / 4)
        .ok_or_else(|| format!("{t} is not an ordinary tile"))
}

/// The logged decisions, in order: discards, calls, kongs and wins, and those `also` names
/// (the events the engine makes itself left out).
pub(crate) fn decisions(events: &[Event], also: fn(&Event) -> bool) -> Vec<&Event> {
    events
        .iter()
        .filter(|e| {
            also(e)
                || matches!(
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
        .collect()
}

/// An id of kind `k` in `seat`'s hand: the drawn tile when `drawn`, else another copy if any.
fn id_in_hand(r: &Round, seat: Seat, k: u8, drawn: Option<bool>) -> Result<TileId, String> {
    let d = r.drawn().filter(|&d| d / 4 == k);
    let ids: Vec<u8> = r.player(seat).hand_ids().filter(|&i| i / 4 == k).collect();
    let pick = match drawn {
        Some(true) => d,
        Some(false) => ids.iter().copied().find(|&i| Some(i) != d).or(d),
        None => ids.first().copied(),
    };
    pick.and_then(TileId::new).ok_or_else(|| {
        format!(
            "seat {seat} holds no {}",
            Tile::new(k).map_or('?', |t| t.glyph())
        )
    })
}

/// Distinct ids of the given kinds from `seat`'s hand (the first copy held of each, in hand
/// order); `missing` is the error when one is not there.
fn ids_in_hand<const N: usize>(
    r: &Round,
    seat: Seat,
    kinds: [u8; N],
    missing: &str,
) -> Result<[TileId; N], String> {
    let mut held: Vec<TileId> = r.player(seat).hand_ids().filter_map(TileId::new).collect();
    let mut out = [TileId::RED_FIVES[0]; N];
    for (slot, k) in out.iter_mut().zip(kinds) {
        let at = held
            .iter()
            .position(|x| x.tile().as_u8() == k)
            .ok_or(missing)?;
        *slot = held.remove(at);
    }
    Ok(out)
}

/// The call that the next logged decision names on the discard of seat `from`: a pon, a chi or
/// an open kong, as `(caller, action)`, the called pair taken from the caller's hand; `None`
/// when the next decision is not a call on that discard.
fn call_action(
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
/// win, a concealed kong or an added kong.
fn turn_action(
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
        Some(Event::Ankan { consumed, .. }) => {
            let k = kind_of(consumed[0])?;
            Action::Ankan {
                kind: Tile::new(k).ok_or_else(|| format!("no tile kind {k}"))?,
            }
        }
        Some(Event::Kakan { pai, .. }) => Action::Kakan {
            tile: id_in_hand(r, seat, kind_of(*pai)?, None)?,
        },
        e => return Err(format!("seat {seat} to move, the log has {e:?}")),
    })
}

/// Every seat of `to_act` (the seats to decide on a tile on offer) without a decision in
/// `step` passes.
fn others_pass(step: &mut Vec<(Seat, Action)>, to_act: SeatSet) {
    for s in to_act {
        if !step.iter().any(|&(x, _)| x == s) {
            step.push((s, Action::Pass));
        }
    }
}

fn play_step(r: &mut Round, step: Vec<(Seat, Action)>, actions: &mut usize) -> Result<(), String> {
    for (s, a) in step {
        if r.is_over() {
            break;
        }
        if !r.to_act().contains(s) {
            return Err(format!("seat {s} has no decision for the logged {a}"));
        }
        r.play(s, a).map_err(|e| format!("seat {s}: {a}: {e}"))?;
        *actions += 1;
    }
    Ok(())
}

/// Replays a Sichuan-family round under `base` (the exchange direction and 定缺 taken from
/// its events); its events must equal the log's.
pub(super) fn sichuan_round(rl: &LogRound, base: GameRules) -> Result<Played, String> {
    let events = &rl.events;
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
    let wall = walls::sichuan(events, rules.red_wildcards())?;
    let mut r = Round::try_new(rules, setup, wall, true).map_err(|e| format!("rules: {e}"))?;
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
                    let kinds = [
                        sichuan_kind(pai[0])?,
                        sichuan_kind(pai[1])?,
                        sichuan_kind(pai[2])?,
                    ];
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
                let a = turn_action(&r, seat, log.get(i), sichuan_kind)?;
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
                    && let Some(call) = call_action(&r, c.from, log.get(i), sichuan_kind)?
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
                "no logged decision for the seats to act ({:#06b})",
                mask.bits()
            ));
        }
        play_step(&mut r, step, &mut actions)?;
    }
    if let Some(e) = log.get(i) {
        return Err(format!("the round is over, the log goes on with {e:?}"));
    }
    same_events(r.events(), events)?;
    Ok(Played {
        actions,
        judge: 0,
        round: r,
    })
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

/// The log's wall (Botzone's `walltiles`) once every tile the log shows lies where it says,
/// else the wall built from the events.
fn mcr_wall(rl: &LogRound, rules: &GameRules) -> Result<Vec<u8>, String> {
    let shown = walls::mcr(&rl.events, rules)?;
    let Some(ids) = &rl.wall else {
        return Ok(shown);
    };
    if ids.len() != shown.len() {
        return Err(format!(
            "walltiles: {} tiles, the rules lay out {}",
            ids.len(),
            shown.len()
        ));
    }
    let seen = used(&rl.events);
    let same = |a: u8, b: u8| a == b || (!is_flower(a) && !is_flower(b) && a / 4 == b / 4);
    // A position the log shows: the built wall holds a tile there that some event named.
    for (p, (&a, &b)) in shown.iter().zip(ids).enumerate() {
        if seen(a) && !same(a, b) {
            return Err(format!(
                "walltiles: position {p} holds {}, the log takes {} there",
                botzone_name(b),
                botzone_name(a)
            ));
        }
    }
    Ok(ids.clone())
}

/// Whether a built wall's id stands for a tile the events show (every copy of a kind the
/// events name, in the order handed out).
fn used(events: &[Event]) -> impl Fn(u8) -> bool {
    let mut count = [0u8; 34];
    let mut flowers = [false; 8];
    let mut see = |t: &MjaiTile| match t.tile_id() {
        Some(id) if is_flower(id) => flowers[usize::from(id - 136)] = true,
        Some(id) => count[usize::from(id / 4)] += 1,
        None => {}
    };
    if let Some(Event::StartKyoku { tehais, .. }) = events.first() {
        tehais.iter().flatten().for_each(&mut see);
    }
    for e in events {
        if let Event::Tsumo { pai, .. } = e {
            see(pai);
        }
    }
    move |id: u8| {
        if is_flower(id) {
            flowers[usize::from(id - 136)]
        } else {
            id % 4 < count.get(usize::from(id / 4)).copied().unwrap_or(0)
        }
    }
}

/// Replays an MCR hand under `rules`: our own logs must give equal events; Botzone's the
/// result, the judge's chances and the walls left that they state.
pub(super) fn mcr_round(rl: &LogRound, rules: GameRules) -> Result<Played, String> {
    let events = &rl.events;
    let Some(Event::StartKyoku {
        oya,
        scores,
        bakaze,
        ..
    }) = events.first()
    else {
        return Err("no start_kyoku".into());
    };
    let setup = RoundSetup {
        dealer: oya & 3,
        round_wind: round_wind(*bakaze)?,
        scores: *scores,
        ..RoundSetup::first(0)
    };
    let seq = mcr_wall(rl, &rules)?;
    let mut r = Round::try_new_mcr(rules, setup, &seq, true).map_err(|e| format!("wall: {e}"))?;
    let log = decisions(events, |_| false);
    let mut actions = 0usize;
    let mut judge = 0usize;
    let mut i = 0;
    while !r.is_over() {
        let mask = r.to_act();
        let mut step: Vec<(Seat, Action)> = Vec::new();
        let mut turn = None;
        match r.phase().clone() {
            Phase::Turn { seat, .. } => {
                judge += check_judge(&r, &rl.judge, i, false)?;
                let a = turn_action(&r, seat, log.get(i), mcr_kind)?;
                turn = Some(i);
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
                        if let Some(call) = call_action(&r, c.from, logged, mcr_kind)? {
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
                "no logged decision for the seats to act ({:#06b})",
                mask.bits()
            ));
        }
        play_step(&mut r, step, &mut actions)?;
        if let Some(d) = turn {
            judge += check_judge(&r, &rl.judge, d, true)?;
        }
    }
    if let Some(e) = log.get(i) {
        return Err(format!("the hand is over, the log goes on with {e:?}"));
    }
    compare_mcr(&r, rl)?;
    Ok(Played {
        actions,
        judge,
        round: r,
    })
}

/// Botzone's judge at decision `decision` (before or `after` it) against the engine's offers:
/// the win is offered exactly when the judge's fan reaches 8 besides the flowers. Gives the
/// seats checked.
fn check_judge(
    r: &Round,
    notes: &[JudgeNote],
    decision: usize,
    after: bool,
) -> Result<usize, String> {
    let mut checked = 0;
    for n in notes
        .iter()
        .filter(|n| n.decision == decision && n.after == after)
    {
        let mut check = |s: Seat, offered: bool| -> Result<(), String> {
            let c = n.can_hu[usize::from(s)];
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
        if after {
            let claims = matches!(r.phase(), Phase::Claims(_));
            for s in 0..4u8 {
                let offered =
                    claims && r.to_act().contains(s) && r.legal_actions(s).contains(&Action::Ron);
                check(s, offered)?;
            }
        } else if let Phase::Turn { seat, .. } = *r.phase() {
            check(seat, r.legal_actions(seat).contains(&Action::Tsumo))?;
        }
    }
    Ok(checked)
}

/// A fan's Chinese name: our protocol id (`ping_he`) as `mj_score` names it, any other name
/// as it is (Botzone's judge writes the Chinese names).
fn zh_fan(name: &str) -> String {
    mj_score::mcr::Fan::from_name(name).map_or_else(|| name.to_string(), |f| f.zh().to_string())
}

/// An MCR hand's end against the log's: our own logs event for event, Botzone's by what it
/// states.
fn compare_mcr(r: &Round, rl: &LogRound) -> Result<(), String> {
    let res = r.result().ok_or("the hand did not end")?;
    let stated: Vec<(usize, Fields)> = rl.stated.clone();
    if !stated.is_empty() && stated.iter().all(|(_, f)| *f == Fields::ALL) {
        return same_events(r.events(), &rl.events);
    }
    let ours = r.events().iter().find(|e| matches!(e, Event::Hora { .. }));
    match (stated.first(), &res.end) {
        (None, end) => {
            return Err(format!(
                "the engine's hand ends ({end:?}), the log's does not"
            ));
        }
        (Some(&(i, f)), end) => match (rl.events.get(i), end, ours) {
            (Some(Event::Ryukyoku { .. }), RoundEnd::Wins(w), _) => {
                let seat = w.first().map_or(0, |w| w.seat);
                return Err(format!("the log's hand is drawn, seat {seat} won"));
            }
            (Some(Event::Hora { .. }), RoundEnd::Draw { .. }, _) => {
                return Err("the engine's hand is drawn, the log's is not".into());
            }
            (
                Some(Event::Hora {
                    actor, fan, yakus, ..
                }),
                RoundEnd::Wins(_),
                Some(Event::Hora {
                    actor: a,
                    fan: got,
                    yakus: ours,
                    ..
                }),
            ) => {
                if a != actor {
                    return Err(format!(
                        "the log's winner is seat {actor}, the engine's {a}"
                    ));
                }
                if f.has(Fields::HAN) && got != fan {
                    return Err(format!("the log's fan {fan}, the engine's {got}"));
                }
                if f.has(Fields::YAKU) {
                    let zh = |v: &[(String, u32)]| {
                        let mut v: Vec<(String, u32)> =
                            v.iter().map(|(k, x)| (zh_fan(k), *x)).collect();
                        v.sort();
                        v
                    };
                    let (theirs, ours) = (zh(yakus), zh(ours));
                    if theirs != ours {
                        return Err(format!("the log's fans {theirs:?}, the engine's {ours:?}"));
                    }
                }
            }
            _ => {}
        },
    }
    if let Some(&(i, f)) = stated.first()
        && f.has(Fields::DELTAS)
        && let Some(Event::Hora { deltas, .. } | Event::Ryukyoku { deltas, .. }) = rl.events.get(i)
        && *deltas != res.deltas
    {
        return Err(format!(
            "the log's score {deltas:?}, the engine's {:?}",
            res.deltas
        ));
    }
    if let Some(c) = &rl.walls_left {
        let ours: Vec<i64> = (0..4u8)
            .map(|s| r.own_wall_left(s).map_or(-1, i64::from))
            .collect();
        if ours != *c {
            return Err(format!(
                "the judge's walls hold {c:?} at the end, the engine's {ours:?}"
            ));
        }
    }
    Ok(())
}

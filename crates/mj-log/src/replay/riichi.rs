//! Riichi games through the engine, one round at a time: the log's events become actions
//! ([`drive`]: each must be legal), every draw and dora indicator is checked against the
//! wall, and each result against what the log states ([`compare`]). Between rounds the
//! match rules must lead to the log's next deal, and after the last one end the match with
//! the log's final scores and points.

use mj_game::game::{Next, final_result, next_round};
use mj_game::{
    Action, DrawKind, Event, GameRules, Length, MjaiTile, Observer, Phase, Round, RoundEnd,
    RoundResult, RoundSetup, Seat, Wall,
};
use mj_tiles::{Tile, TileId};

use super::report::{Mismatch, ReplayReport};
use super::{libriichi, same_events, walls};
use crate::log::{Fields, Format, Game, GameEnd, Round as LogRound};
use crate::tenhou::TenhouWallLayout;

/// Why a round did not replay: a mismatch, or a known difference of the log's rules (a
/// libriichi departure from Tenhou's rules, named).
enum Failure {
    Mismatch(Mismatch),
    Known(Mismatch),
}

impl From<Mismatch> for Failure {
    fn from(m: Mismatch) -> Failure {
        Failure::Mismatch(m)
    }
}

/// The actions a round's replay played, and who watches each decision.
pub(super) struct Steps<'a, 'o> {
    /// Actions played so far.
    pub count: usize,
    /// Sees every decision before and after it is played ([`super::replay_observed`]).
    pub observer: Option<&'a mut (dyn Observer<Round> + 'o)>,
}

/// A mismatch at the round's event `event` (index in the round's events; the report counts
/// from the first event after `start_kyoku`).
fn at(event: usize, what: String) -> Mismatch {
    Mismatch {
        round: None,
        event: Some(event.saturating_sub(1)),
        what,
    }
}

/// The setup a `start_kyoku` states.
pub(super) fn setup_of(events: &[Event]) -> Result<RoundSetup, String> {
    match events.first() {
        Some(Event::StartKyoku {
            bakaze,
            oya,
            honba,
            kyotaku,
            scores,
            ..
        }) => Ok(RoundSetup {
            round_wind: bakaze
                .tile_id()
                .map(|id| id / 4)
                .filter(|k| (27..31).contains(k))
                .ok_or("the round wind is not a wind")?
                - 27,
            dealer: *oya,
            honba: *honba,
            sticks: *kyotaku,
            scores: *scores,
        }),
        _ => Err("no start_kyoku".into()),
    }
}

/// Replays one riichi game under `rules` (`length`: the match's, when known; `base`: the
/// number of the game's first round in the report).
pub(super) fn replay_game<'o>(
    game: &Game,
    (rules, length, libriichi): (GameRules, Option<Length>, bool),
    base: usize,
    out: &mut ReplayReport,
    record: bool,
    mut observer: Option<&mut (dyn Observer<Round> + 'o)>,
) {
    // What a log's end is called in its format, for the note when it has none.
    let end_name = match out.format {
        Some(Format::TenhouXml) => Some("owari"),
        Some(Format::Mjai) => Some("end_game"),
        _ => None,
    };
    let players = rules.players;
    let mut last: Option<(RoundSetup, RoundResult)> = None;
    let mut chain_ok = true;
    for (ri, rl) in game.rounds.iter().enumerate() {
        let place = base + ri;
        let fail = |what: String| Mismatch {
            round: Some(place),
            event: None,
            what,
        };
        let setup = match setup_of(&rl.events) {
            Ok(s) => s,
            Err(e) => {
                out.mismatches.push(fail(e));
                chain_ok = false;
                last = None;
                continue;
            }
        };
        if let (Some(length), Some((ps, pr))) = (length, &last) {
            out.checks.transitions += 1;
            match next_round(&rules, length, ps, pr) {
                Next::Continue(n) if n == setup => {}
                other => out.mismatches.push(fail(format!(
                    "the match rules give {other:?}, the log starts {setup:?}"
                ))),
            }
        }
        last = None;
        let has_result = !rl.stated.is_empty()
            || rl
                .events
                .iter()
                .any(|e| matches!(e, Event::Hora { .. } | Event::Ryukyoku { .. }));
        if !has_result && ri + 1 == game.rounds.len() {
            out.notes.push(format!(
                "round {place} is cut off before its result: not compared"
            ));
            chain_ok = false;
            continue;
        }
        let wall = match &rl.wall {
            Some(ids) if players == 3 => Wall::sanma_from_ids(ids).map_err(|e| e.to_string()),
            Some(ids) => Wall::from_ids(ids).map_err(|e| e.to_string()),
            None => walls::riichi(&rl.events, players, rules.red_fives),
        };
        let wall = match wall {
            Ok(w) => w,
            Err(e) => {
                out.mismatches.push(fail(format!("wall: {e}")));
                chain_ok = false;
                continue;
            }
        };
        out.rounds += 1;
        // Our own logs are compared event for event: the engine records them.
        let own = !rl.stated.is_empty() && rl.stated.iter().all(|(_, f)| *f == Fields::ALL);
        let mut steps = Steps {
            count: 0,
            observer: observer.as_deref_mut(),
        };
        let played = drive(rules, setup, wall, rl, &mut steps, record || own, libriichi);
        out.actions += steps.count;
        let played = played.and_then(|mut r| {
            if r.result().is_some() {
                out.checks.results += 1;
            }
            let checked = compare(&r, rl).map_err(|m| match libriichi::explain(&r, rl) {
                Some(why) if libriichi => Failure::Known(Mismatch {
                    what: format!("{}: {why}", m.what),
                    ..m
                }),
                _ => Failure::Mismatch(m),
            });
            if record {
                out.played.push(r.clone());
                out.events.extend(r.take_events());
            }
            checked.map(|()| r.result().cloned())
        });
        match played {
            Ok(res) => last = res.map(|res| (setup, res)),
            Err(Failure::Mismatch(m)) => {
                out.mismatches.push(Mismatch {
                    round: Some(place),
                    ..m
                });
                chain_ok = false;
            }
            Err(Failure::Known(m)) => {
                out.differences.push(Mismatch {
                    round: Some(place),
                    ..m
                });
                out.notes.push(format!(
                    "round {place} differs by a rule of libriichi's: the match is not compared past it"
                ));
                chain_ok = false;
            }
        }
    }
    // A tenhou.net/6 or mjai log may hold a game from its middle: its final scores are only
    // compared when it starts at the first deal (an mjlog always does).
    let whole = out.format == Some(Format::TenhouXml)
        || game
            .rounds
            .first()
            .and_then(|r| setup_of(&r.events).ok())
            .is_some_and(|s| {
                s.round_wind == 0
                    && s.dealer == 0
                    && s.honba == 0
                    && s.sticks == 0
                    && s.scores[..usize::from(players)]
                        .iter()
                        .all(|&x| x == rules.start_points)
            });
    match (&game.end, &last, chain_ok, length) {
        (Some(end), Some(last), true, Some(length)) if whole => {
            check_end(&rules, length, last, game, end, out);
        }
        (Some(_), _, _, Some(_)) if !whole => out.notes.push(format!(
            "game {}: the log does not start at the game's first deal: final scores not compared",
            base / 100
        )),
        (None, Some(_), true, _) => {
            if let Some(name) = end_name {
                out.notes.push(format!(
                    "the log has no final result ({name}): final scores not compared"
                ));
            }
        }
        _ => {}
    }
}

/// The end of the match: after the last round the match rules must end it, with the log's
/// final scores and points where it states them (a libriichi log states neither: the scores
/// its last result leaves are compared with the engine's before the sticks go to the first
/// place).
fn check_end(
    rules: &GameRules,
    length: Length,
    last: &(RoundSetup, RoundResult),
    game: &Game,
    end: &GameEnd,
    out: &mut ReplayReport,
) {
    let (ps, pr) = last;
    let n = usize::from(rules.players.clamp(3, 4));
    match next_round(rules, length, ps, pr) {
        Next::End {
            scores: engine,
            sticks,
        } => {
            let res = final_result(rules, engine, sticks, game.rounds.len() as u32);
            out.checks.finals += 1;
            match &end.scores {
                Some(scores) => {
                    if scores.len() != n || scores[..] != res.scores[..n] {
                        out.mismatches.push(Mismatch::game(format!(
                            "final scores {:?}, log {scores:?}",
                            &res.scores[..n]
                        )));
                    }
                }
                None => {
                    let logged = game
                        .rounds
                        .last()
                        .and_then(|r| {
                            r.events.iter().rev().find_map(|e| match e {
                                Event::Hora { scores, .. } | Event::Ryukyoku { scores, .. } => {
                                    Some(*scores)
                                }
                                _ => None,
                            })
                        })
                        .unwrap_or_default();
                    if logged[..n] != engine[..n] {
                        out.mismatches.push(Mismatch::game(format!(
                            "scores after the last round {:?}, log {:?}",
                            &engine[..n],
                            &logged[..n]
                        )));
                    }
                }
            }
            if let Some(points) = &end.points {
                let tenths: Vec<i32> = points.iter().map(|u| (u * 10.0).round() as i32).collect();
                out.checks.points += 1;
                if tenths.len() != n || tenths[..] != res.points_tenths[..n] {
                    out.mismatches.push(Mismatch::game(format!(
                        "final points (tenths) {:?}, log {tenths:?}",
                        &res.points_tenths[..n]
                    )));
                }
            }
            out.result = Some(res);
        }
        Next::Continue(s) => out.mismatches.push(Mismatch::game(format!(
            "the log ends but the match rules continue with {s:?}"
        ))),
    }
}

/// The id in `seat`'s hand of the tile `t` names: the drawn tile when `drawn` (and it is that
/// tile), else another copy when there is one.
fn id_named(r: &Round, seat: Seat, t: MjaiTile, drawn: bool) -> Option<TileId> {
    let reds = r.rules().red_fives;
    let d = r.drawn().filter(|&d| MjaiTile::id(d, reds) == t);
    let ids: Vec<u8> = r
        .player(seat)
        .hand_ids()
        .filter(|&i| MjaiTile::id(i, reds) == t)
        .collect();
    let id = if drawn {
        d.or_else(|| ids.first().copied())
    } else {
        ids.iter().copied().find(|&i| Some(i) != d).or(d)
    };
    id.and_then(TileId::new)
}

/// Distinct ids in `seat`'s hand for the tiles `ts` names.
fn ids_named<const N: usize>(r: &Round, seat: Seat, ts: [MjaiTile; N]) -> Option<[TileId; N]> {
    let reds = r.rules().red_fives;
    let mut held: Vec<TileId> = r.player(seat).hand_ids().filter_map(TileId::new).collect();
    let mut out = [TileId::RED_FIVES[0]; N];
    for (slot, t) in out.iter_mut().zip(ts) {
        let i = held
            .iter()
            .position(|x| MjaiTile::id(x.as_u8(), reds) == t)?;
        *slot = held.remove(i);
    }
    Some(out)
}

/// Passes every seat still to decide on a tile on offer.
fn pass_all(r: &mut Round, event: usize, actions: &mut Steps<'_, '_>) -> Result<(), Mismatch> {
    for s in 0..4u8 {
        if r.to_act().contains(s) && matches!(r.phase(), Phase::Claims(_)) {
            play(r, s, Action::Pass, event, actions)?;
        }
    }
    Ok(())
}

fn play(
    r: &mut Round,
    seat: Seat,
    a: Action,
    event: usize,
    actions: &mut Steps<'_, '_>,
) -> Result<(), Mismatch> {
    if let Some(o) = actions.observer.as_deref_mut() {
        o.before(r, seat, &r.legal_actions(seat));
    }
    r.play(seat, a).map_err(|e| {
        let legal: Vec<String> = r
            .legal_actions(seat)
            .iter()
            .map(|a| a.to_string())
            .collect();
        at(
            event,
            format!(
                "seat {seat}: {a} refused: {e} (legal: {})",
                legal.join(", ")
            ),
        )
    })?;
    actions.count += 1;
    if let Some(o) = actions.observer.as_deref_mut() {
        let _ = o.after(r, seat, a, None);
    }
    Ok(())
}

/// Plays a round's events through the engine; the round as the engine ended it.
fn drive(
    rules: GameRules,
    setup: RoundSetup,
    wall: Wall,
    rl: &LogRound,
    actions: &mut Steps<'_, '_>,
    record: bool,
    libriichi: bool,
) -> Result<Round, Failure> {
    let ev = &rl.events;
    let reds = rules.red_fives;
    let mut r = Round::try_new(rules, setup, wall, record)
        .map_err(|e| Failure::Mismatch(Mismatch::game(format!("rules: {e}"))))?;
    // The dealt hands.
    if let Some(Event::StartKyoku { tehais, .. }) = ev.first() {
        for s in 0..rules.players {
            let name = |i: u8| MjaiTile::id(i, reds).to_string();
            let mut want: Vec<String> = tehais[usize::from(s)]
                .iter()
                .map(|t| t.to_string())
                .collect();
            want.sort();
            let mut have: Vec<String> = r
                .player(s)
                .hand_ids()
                .filter(|&i| s != setup.dealer || Some(i) != r.drawn())
                .map(name)
                .collect();
            have.sort();
            if want != have {
                return Err(Failure::Mismatch(at(
                    0,
                    format!("seat {s} dealt {have:?}, log {want:?}"),
                )));
            }
        }
    }
    let layout = TenhouWallLayout::new(rules.players)
        .ok_or_else(|| Failure::Mismatch(at(0, "players".into())))?;
    let mut riichi_pending = [false; 4];
    let mut dora_seen = 1usize;
    let mut i = 1;
    while i < ev.len() {
        match &ev[i] {
            Event::Tsumo { actor, pai } => {
                pass_all(&mut r, i, actions)?;
                // libriichi draws the next tile before it declares four riichi.
                let quirk = r.result().is_some_and(|res| {
                    matches!(
                        res.end,
                        RoundEnd::Draw {
                            kind: DrawKind::FourRiichi,
                            ..
                        }
                    )
                }) && matches!(ev.get(i + 1), Some(Event::Ryukyoku { .. }));
                if !quirk {
                    match r.phase() {
                        Phase::Turn { seat: s, .. }
                            if s == actor
                                && r.drawn().map(|d| MjaiTile::id(d, reds)) == Some(*pai) => {}
                        p => {
                            return Err(Failure::Mismatch(at(
                                i,
                                format!(
                                    "log: seat {actor} draws {pai}; engine: {p:?}, drawn {:?}",
                                    r.drawn().map(|d| MjaiTile::id(d, reds))
                                ),
                            )));
                        }
                    }
                }
            }
            Event::Dahai {
                actor,
                pai,
                tsumogiri,
            } => {
                pass_all(&mut r, i, actions)?;
                let s = usize::from(*actor & 3);
                let tile = id_named(&r, *actor, *pai, *tsumogiri)
                    .ok_or_else(|| at(i, format!("seat {actor} holds no {pai}")))?;
                let a = if riichi_pending[s] {
                    riichi_pending[s] = false;
                    Action::Riichi { tile }
                } else {
                    Action::Discard { tile }
                };
                let refused_riichi = matches!(a, Action::Riichi { .. })
                    && !r.legal_actions(*actor).contains(&a)
                    && !libriichi::shape_waits(&r, *actor, Some(tile.as_u8())).is_empty();
                if libriichi && refused_riichi {
                    return Err(Failure::Known(at(
                        i,
                        format!(
                            "seat {actor}: riichi {pai} refused: libriichi lets a hand declare riichi \
                             waiting only on tiles its owner holds all four of (純カラ), Tenhou's \
                             rules do not"
                        ),
                    )));
                }
                play(&mut r, *actor, a, i, actions)?;
            }
            Event::Reach { actor } => riichi_pending[usize::from(*actor & 3)] = true,
            // Accepted once the discard passes; a call on it resolves the claims there.
            Event::ReachAccepted { actor, .. }
                if !matches!(
                    ev.get(i + 1),
                    Some(Event::Chi { .. } | Event::Pon { .. } | Event::Daiminkan { .. })
                ) =>
            {
                pass_all(&mut r, i, actions)?;
                if !r.player(*actor).in_riichi() && !r.is_over() {
                    return Err(Failure::Mismatch(at(
                        i,
                        format!("seat {actor}'s riichi not accepted"),
                    )));
                }
            }
            Event::Chi {
                actor, consumed, ..
            }
            | Event::Pon {
                actor, consumed, ..
            } => {
                let tiles = ids_named(&r, *actor, *consumed)
                    .ok_or_else(|| at(i, format!("seat {actor} lacks the called pair")))?;
                let a = if matches!(ev[i], Event::Chi { .. }) {
                    Action::Chi { tiles }
                } else {
                    Action::Pon { tiles }
                };
                play(&mut r, *actor, a, i, actions)?;
                pass_all(&mut r, i, actions)?;
            }
            Event::Daiminkan { actor, .. } => {
                play(&mut r, *actor, Action::Minkan, i, actions)?;
                pass_all(&mut r, i, actions)?;
            }
            Event::Ankan { actor, consumed } => {
                pass_all(&mut r, i, actions)?;
                let kind = consumed[0]
                    .tile_id()
                    .and_then(|id| Tile::new(id / 4))
                    .ok_or_else(|| at(i, format!("seat {actor}: ankan of {}", consumed[0])))?;
                play(&mut r, *actor, Action::Ankan { kind }, i, actions)?;
            }
            Event::Kakan { actor, pai, .. } => {
                pass_all(&mut r, i, actions)?;
                let tile = id_named(&r, *actor, *pai, false)
                    .ok_or_else(|| at(i, format!("seat {actor} holds no {pai}")))?;
                play(&mut r, *actor, Action::Kakan { tile }, i, actions)?;
            }
            Event::Nukidora { actor, pai } => {
                pass_all(&mut r, i, actions)?;
                let tile = id_named(&r, *actor, *pai, false)
                    .ok_or_else(|| at(i, format!("seat {actor} holds no {pai}")))?;
                play(&mut r, *actor, Action::Kita { tile }, i, actions)?;
            }
            Event::Dora { dora_marker } => {
                // An open or added kan's indicator is written before the discard that turns it
                // (Tenhou, libriichi, the engine), which the replay has not played yet (a
                // replacement-tile win does not count it): compare with the turned and pending
                // indicators.
                dora_seen += 1;
                let turned = r.dora_indicators().count() + usize::from(r.pending_dora());
                let want = layout
                    .dora_index(dora_seen - 1)
                    .map(|p| MjaiTile::id(r.wall().at(p), reds));
                if turned < dora_seen || want != Some(*dora_marker) {
                    return Err(Failure::Mismatch(at(
                        i,
                        format!(
                            "log: dora indicator {dora_marker} number {dora_seen}; engine: {turned} turned or pending, wall has {want:?}"
                        ),
                    )));
                }
            }
            Event::Hora { actor, target, .. } => {
                if actor == target {
                    play(&mut r, *actor, Action::Tsumo, i, actions)?;
                } else {
                    // Every ron on this tile, then the others pass.
                    let mut j = i;
                    while let Some(Event::Hora { actor, .. }) = ev.get(j) {
                        play(&mut r, *actor, Action::Ron, i, actions)?;
                        j += 1;
                    }
                    pass_all(&mut r, i, actions)?;
                }
                return Ok(r);
            }
            Event::Ryukyoku { reason, .. } => {
                match reason.as_str() {
                    "nine_terminals" => {
                        let Phase::Turn { seat, .. } = *r.phase() else {
                            return Err(Failure::Mismatch(at(
                                i,
                                "nine terminals outside a turn".to_string(),
                            )));
                        };
                        play(&mut r, seat, Action::NineTerminals, i, actions)?;
                    }
                    "triple_ron" => {
                        for s in 0..4u8 {
                            if r.legal_actions(s).contains(&Action::Ron) {
                                play(&mut r, s, Action::Ron, i, actions)?;
                            }
                        }
                    }
                    _ => {
                        pass_all(&mut r, i, actions)?;
                        // A log that names no reason (libriichi) aborts with nine terminals
                        // where the engine offers them.
                        if let (true, &Phase::Turn { seat, .. }) = (reason.is_empty(), r.phase())
                            && r.legal_actions(seat).contains(&Action::NineTerminals)
                        {
                            play(&mut r, seat, Action::NineTerminals, i, actions)?;
                        }
                    }
                }
                return Ok(r);
            }
            _ => {}
        }
        i += 1;
    }
    Err(Failure::Mismatch(at(
        ev.len(),
        "the log ends the round without a result".to_string(),
    )))
}

/// The draw kinds of the log's `reason`: ours, and Tenhou's (read the same).
fn draw_kind(reason: &str) -> Option<DrawKind> {
    [
        DrawKind::Exhaustive,
        DrawKind::NagashiMangan,
        DrawKind::NineTerminals,
        DrawKind::FourWinds,
        DrawKind::FourRiichi,
        DrawKind::FourKans,
        DrawKind::TripleRon,
    ]
    .into_iter()
    .find(|k| k.name() == reason)
}

/// Compares the engine's result with what the round's log states of its result.
fn compare(r: &Round, rl: &LogRound) -> Result<(), Mismatch> {
    let end = rl
        .events
        .iter()
        .position(|e| matches!(e, Event::Hora { .. } | Event::Ryukyoku { .. }))
        .unwrap_or(rl.events.len());
    let Some(res) = r.result() else {
        return Err(at(
            end,
            format!("the log ends the round; the engine is at {:?}", r.phase()),
        ));
    };
    let logged_doras = rl
        .events
        .iter()
        .filter(|e| matches!(e, Event::Dora { .. }))
        .count();
    let turned = r.dora_indicators().count();
    if turned != logged_doras + 1 {
        return Err(at(
            end,
            format!(
                "{turned} dora indicators turned, the log shows {}",
                logged_doras + 1
            ),
        ));
    }
    let results: Vec<(usize, &Event)> = rl
        .events
        .iter()
        .enumerate()
        .filter(|(_, e)| matches!(e, Event::Hora { .. } | Event::Ryukyoku { .. }))
        .collect();
    let reds = r.rules().red_fives;
    let stated_all = results.iter().all(|&(i, _)| rl.stated_at(i) == Fields::ALL);
    match (&res.end, results.first()) {
        (RoundEnd::Wins(wins), Some((_, Event::Hora { .. }))) => {
            if wins.len() != results.len() {
                return Err(at(
                    end,
                    format!("{} wins, log {}", wins.len(), results.len()),
                ));
            }
            let mut sum = [0i32; 4];
            let mut sum_stated = false;
            for (w, &(i, e)) in wins.iter().zip(&results) {
                let Event::Hora {
                    actor,
                    target,
                    fu,
                    fan,
                    yakuman,
                    deltas,
                    uradora_markers,
                    ..
                } = e
                else {
                    return Err(at(i, "a win against a draw".into()));
                };
                let f = rl.stated_at(i);
                if w.seat != *actor || w.from != *target {
                    return Err(at(
                        i,
                        format!("winner {}<-{}, log {actor}<-{target}", w.seat, w.from),
                    ));
                }
                let s = &w.score;
                let han_ok = !f.has(Fields::HAN)
                    || if *yakuman > 0 {
                        s.yakuman == *yakuman
                    } else {
                        s.yakuman == 0 && s.han == *fan && (!f.has(Fields::FU) || s.fu == *fu)
                    };
                if !han_ok {
                    return Err(at(
                        i,
                        format!(
                            "seat {}: {} han {} fu, yaku {:?}, yakuman {}; log {fan} han {fu} fu, yakuman {yakuman}, yaku {:?}",
                            w.seat,
                            s.han,
                            s.fu,
                            s.yaku,
                            s.yakuman,
                            yaku_of(e)
                        ),
                    ));
                }
                if f.has(Fields::URA) {
                    let ours: Vec<MjaiTile> =
                        w.ura.iter().map(|&u| MjaiTile::id(u, reds)).collect();
                    if ours[..] != uradora_markers[..] {
                        return Err(at(
                            i,
                            format!(
                                "seat {}: ura indicators {ours:?}, log {uradora_markers:?}",
                                w.seat
                            ),
                        ));
                    }
                }
                if f.has(Fields::DELTAS) {
                    sum_stated = true;
                    for (d, x) in sum.iter_mut().zip(deltas) {
                        *d += x;
                    }
                    // mjai logs give each win's own changes: compared one by one.
                    if f.has(Fields::EACH) && w.deltas != *deltas {
                        return Err(at(
                            i,
                            format!(
                                "seat {}'s win deltas {:?}, log {deltas:?}",
                                w.seat, w.deltas
                            ),
                        ));
                    }
                }
            }
            // Some converters give a double ron's deltas per winner, some only the sum.
            if sum_stated && sum[..] != res.deltas[..] {
                return Err(at(end, format!("deltas {:?}, log {:?}", res.deltas, sum)));
            }
        }
        (
            RoundEnd::Draw { kind, tenpai },
            Some(&(
                i,
                Event::Ryukyoku {
                    reason,
                    tenpais,
                    deltas,
                    ..
                },
            )),
        ) => {
            let f = rl.stated_at(i);
            if f.has(Fields::KIND) && draw_kind(reason) != Some(*kind) {
                return Err(at(end, format!("draw {kind:?}, log {reason:?}")));
            }
            if f.has(Fields::DELTAS) && deltas[..] != res.deltas[..] {
                return Err(at(
                    end,
                    format!("draw deltas {:?}, log {deltas:?}", res.deltas),
                ));
            }
            if f.has(Fields::TENPAI) && tenpais != tenpai {
                return Err(at(end, format!("tenpai {tenpai:?}, log shows {tenpais:?}")));
            }
        }
        (ours, theirs) => {
            return Err(at(
                end,
                format!("engine {ours:?}, log {:?}", theirs.map(|t| t.1)),
            ));
        }
    }
    if stated_all {
        same_events(r.events(), &rl.events).map_err(|e| at(end, e))?;
    }
    Ok(())
}

/// A win's yaku as the log writes them, for messages.
fn yaku_of(e: &Event) -> Vec<(String, u32)> {
    match e {
        Event::Hora { yakus, .. } => yakus.clone(),
        _ => Vec::new(),
    }
}

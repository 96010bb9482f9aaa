//! tenhou.net/6 JSON: no wall in the log, so one is built from what the log shows.

use mj_tiles::TileId;

use super::{
    FileReplay, Mismatch, at, check_end, check_transition, draw_kind_matches, replay_round,
    unreadable,
};
use crate::mjlog::{self, LogEvent, room};
use crate::round::{Round, RoundEnd, RoundResult, RoundSetup};
use crate::rules::{GameRules, Length};
use crate::tenhou6::Tenhou6Game;
use crate::wall::Wall;

/// Replays a tenhou.net/6 JSON text (one game, or one game or round per line). The format has
/// no wall: each round's wall is built from the log (the dealt hands at their deal positions,
/// the draws in order on the live wall or, right after a kan, the replacement tiles, the dora
/// and ura indicators), every other position filled with the unused tiles. Then the round is
/// replayed like an mjlog round; the results compared are the winners, han (and fu when the
/// log gives them), yakuman, every delta, the draw kind and the number of dora indicators.
/// The rounds of a game follow each other under the match rules of the room `rule.disp`
/// names (`鳳南喰赤`: hanchan, open tanyao, red fives), and a whole game's final scores and
/// points are compared with `sc`.
pub fn replay_tenhou6_text(name: String, text: &str) -> FileReplay {
    t6_replay(name, text, false)
}

pub(super) fn t6_replay(name: String, text: &str, record: bool) -> FileReplay {
    let mut out = FileReplay {
        name,
        record,
        ..FileReplay::default()
    };
    let games = match crate::tenhou6::parse_tenhou6(text) {
        Ok(g) => vec![g],
        Err(e1) => match crate::tenhou6::parse_tenhou6_lines(text) {
            Ok(g) => g,
            Err(_) => {
                out.mismatches.push(unreadable(e1));
                return out;
            }
        },
    };
    if games
        .iter()
        .flat_map(|g| &g.rounds)
        .any(|rd| rd.scores.len() != 4 || rd.hands.len() != 4)
    {
        out.unsupported = Some("three-player tenhou.net/6 games are not replayed".to_string());
        return out;
    }
    for (gi, g) in games.iter().enumerate() {
        if let Err(why) = t6_game(g, gi, &mut out) {
            out.unsupported = Some(why);
            return out;
        }
    }
    out
}

/// The room of a game from `rule.disp`; `None` when it names no length (no 東 or 南).
fn t6_rules(g: &Tenhou6Game) -> Result<Option<(GameRules, Length)>, String> {
    let Some(go_type) = room::disp_go_type(&g.rule_name, g.aka) else {
        return Ok(None);
    };
    let first_scores = g.rounds.first().map_or(&[][..], |r| &r.scores[..]);
    let rules = room::room_rules_of(&room::RoomFacts {
        go_type,
        lobby: Some(0),
        csrule: None,
        first_scores,
        first_sticks: g.rounds.first().map_or(0, |r| u32::from(r.sticks)),
        final_points: g.final_scores.as_ref().map(|(_, p)| &p[..]),
    })
    .map_err(|e| e.to_string())?;
    let length = if go_type & 0x08 != 0 {
        Length::Hanchan
    } else {
        Length::EastOnly
    };
    Ok(Some((rules, length)))
}

/// Replays one game (`gi`: its index in the file); `Err`: the game is refused.
fn t6_game(g: &Tenhou6Game, gi: usize, out: &mut FileReplay) -> Result<(), String> {
    let room = t6_rules(g)?;
    let rules = room.map_or_else(
        || {
            let mut r = GameRules::tenhou();
            r.red_fives = g.aka;
            r.riichi.open_tanyao = g.rule_name.is_empty() || g.rule_name.contains('喰');
            r
        },
        |(r, _)| r,
    );
    let mut last: Option<(RoundSetup, RoundResult)> = None;
    let mut chain_ok = true;
    for (ri, rd) in g.rounds.iter().enumerate() {
        let place = gi * 100 + ri;
        let setup = RoundSetup {
            round_wind: rd.round / 4,
            dealer: rd.dealer,
            honba: u32::from(rd.honba),
            sticks: u32::from(rd.sticks),
            scores: [rd.scores[0], rd.scores[1], rd.scores[2], rd.scores[3]],
        };
        if let Some((_, length)) = room {
            check_transition(&rules, length, last.as_ref(), &setup, place, out);
        }
        last = None;
        let wall = match t6_wall(rd) {
            Ok(w) => w,
            Err(e) => {
                out.mismatches.push(Mismatch {
                    round: Some(place),
                    event: None,
                    what: e,
                });
                chain_ok = false;
                continue;
            }
        };
        let mut events = rd.events.clone();
        t6_result_events(&rd.result, &mut events);
        out.rounds += 1;
        let played = match replay_round(
            rules,
            setup,
            wall,
            &rd.hands,
            &events,
            &mut out.actions,
            out.record,
        ) {
            Ok((mut r, _)) => {
                out.events.extend(r.take_events());
                if r.result().is_some() {
                    out.checks.results += 1;
                }
                t6_compare(&r, rd).map(|()| r.result().cloned())
            }
            Err(e) => Err(e),
        };
        match played {
            Ok(res) => last = res.map(|res| (setup, res)),
            Err(m) => {
                out.mismatches.push(Mismatch {
                    round: Some(place),
                    ..m
                });
                chain_ok = false;
            }
        }
    }
    let Some((scores, points)) = &g.final_scores else {
        return Ok(());
    };
    let Some((_, length)) = room else {
        return Err(format!(
            "tenhou.net/6 rule {:?} names no length (東 or 南): its final scores cannot be checked",
            g.rule_name
        ));
    };
    let whole = g.rounds.first().is_some_and(|r| {
        r.round == 0
            && r.honba == 0
            && r.sticks == 0
            && r.scores.iter().all(|&s| s == rules.start_points)
    });
    match (&last, chain_ok, whole) {
        (Some(last), true, true) => check_end(
            &rules,
            length,
            last,
            g.rounds.len() as u32,
            (scores, points),
            out,
        ),
        (_, _, false) => out.notes.push(format!(
            "game {gi}: the log does not start at the game's first deal: final scores not compared"
        )),
        _ => {}
    }
    Ok(())
}

/// Builds a wall in Tenhou's layout from a tenhou.net/6 round.
fn t6_wall(rd: &crate::tenhou6::Tenhou6Round) -> Result<Wall, String> {
    let mut w = [255u8; 136];
    let mut used = [false; 136];
    // Puts `id` at `at`; an id already used (the format has no copy numbers for indicators)
    // is replaced by an unused copy of the same kind and redness.
    let mut put = |w: &mut [u8; 136], at: usize, t: TileId| -> Result<(), String> {
        let mut idv = t.as_u8();
        if used[usize::from(idv)] {
            let k = idv / 4;
            let red = crate::tiles::is_red_id(idv);
            idv = (k * 4..k * 4 + 4)
                .find(|&c| !used[usize::from(c)] && crate::tiles::is_red_id(c) == red)
                .ok_or_else(|| format!("a fifth copy of tile {}", t.as_u8()))?;
        }
        if w[at] != 255 {
            return Err(format!("wall position {at} given twice"));
        }
        used[usize::from(idv)] = true;
        w[at] = idv;
        Ok(())
    };
    for o in 0..4usize {
        let seat = (usize::from(rd.dealer) + o) & 3;
        for (k, &t) in rd.hands[seat].iter().enumerate().take(13) {
            let at = if k < 12 {
                135 - ((k / 4) * 16 + o * 4 + k % 4)
            } else {
                135 - (48 + o)
            };
            put(&mut w, at, t)?;
        }
    }
    let (mut live, mut rinshan) = (0usize, 0usize);
    let mut prev_kan: Option<u8> = None;
    for e in &rd.events {
        match e {
            LogEvent::Draw { seat, tile } => {
                if prev_kan == Some(*seat) {
                    let at = *crate::wall::RINSHAN_AT
                        .get(rinshan)
                        .ok_or("more than four replacement draws")?;
                    put(&mut w, at, *tile)?;
                    rinshan += 1;
                } else {
                    if live > 83 - 14 {
                        return Err("more live draws than the wall holds".to_string());
                    }
                    put(&mut w, 83 - live, *tile)?;
                    live += 1;
                }
                prev_kan = None;
            }
            LogEvent::Call { seat, meld } => {
                use crate::mjlog::MeldKind as K;
                prev_kan = matches!(meld.kind, K::Minkan | K::Ankan | K::Kakan).then_some(*seat);
            }
            LogEvent::Riichi { .. } | LogEvent::Dora { .. } => {}
            _ => prev_kan = None,
        }
    }
    for (i, &t) in rd.dora_indicators.iter().enumerate().take(5) {
        put(&mut w, crate::wall::DORA_AT[i], t)?;
    }
    for (i, &t) in rd.ura_indicators.iter().enumerate().take(5) {
        put(&mut w, crate::wall::URA_AT[i], t)?;
    }
    let mut rest = (0..136u8).filter(|&i| !used[usize::from(i)]);
    for slot in w.iter_mut() {
        if *slot == 255 {
            *slot = rest.next().ok_or("not enough tiles to fill the wall")?;
        }
    }
    Wall::from_ids(&w).map_err(|e| e.to_string())
}

/// The result as the events the replay loop acts on (who wins, or which draw).
fn t6_result_events(res: &crate::tenhou6::Tenhou6Result, events: &mut Vec<LogEvent>) {
    use crate::tenhou6::Tenhou6Result as R;
    match res {
        R::Agari(wins) => {
            for w in wins {
                events.push(LogEvent::Agari(mjlog::AgariLog {
                    who: w.who,
                    from_who: w.from_who,
                    hand: Vec::new(),
                    melds: Vec::new(),
                    win_tile: TileId::RED_FIVES[0],
                    fu: w.fu.unwrap_or(0),
                    points: 0,
                    limit: mjlog::Limit::None,
                    yaku: Vec::new(),
                    yakuman: Vec::new(),
                    dora: Vec::new(),
                    ura: Vec::new(),
                    scores_before: Vec::new(),
                    deltas: w.deltas.clone(),
                    pao: w.pao,
                    honba: 0,
                    sticks: 0,
                    chips: None,
                }));
            }
        }
        R::Draw { kind, deltas, .. } => events.push(LogEvent::Ryuukyoku(mjlog::DrawLog {
            kind: *kind,
            scores_before: Vec::new(),
            deltas: deltas.clone(),
            shown: Vec::new(),
            honba: 0,
            sticks: 0,
            chips: None,
        })),
    }
}

fn t6_compare(r: &Round, rd: &crate::tenhou6::Tenhou6Round) -> Result<(), Mismatch> {
    use crate::tenhou6::Tenhou6Result as R;
    let end = rd.events.len();
    let Some(res) = r.result() else {
        return Err(at(
            end,
            format!("the log ends the round; the engine is at {:?}", r.phase()),
        ));
    };
    let turned = r.dora_indicators().count();
    if turned != rd.dora_indicators.len() {
        return Err(at(
            end,
            format!(
                "{turned} dora indicators turned, log lists {}",
                rd.dora_indicators.len()
            ),
        ));
    }
    match (&res.end, &rd.result) {
        (RoundEnd::Wins(ours), R::Agari(theirs)) => {
            if ours.len() != theirs.len() {
                return Err(at(
                    end,
                    format!("{} wins, log {}", ours.len(), theirs.len()),
                ));
            }
            let mut deltas = [0i32; 4];
            for (w, t) in ours.iter().zip(theirs) {
                for (d, x) in deltas.iter_mut().zip(&t.deltas) {
                    *d += x;
                }
                let han: u32 = t
                    .yaku
                    .iter()
                    .filter(|y| !y.yakuman)
                    .map(|y| u32::from(y.han))
                    .sum();
                let yakuman = t.yaku.iter().filter(|y| y.yakuman).count() as u32;
                let s = &w.score;
                let ok = w.seat == t.who
                    && w.from == t.from_who
                    && if yakuman > 0 {
                        s.yakuman == yakuman
                    } else {
                        s.yakuman == 0 && s.han == han && t.fu.is_none_or(|f| f == s.fu)
                    };
                if !ok {
                    return Err(at(
                        end,
                        format!(
                            "seat {}<-{}: {} han {} fu yakuman {} {:?}; log seat {}<-{}: {} ({} han, yakuman {}) {:?}",
                            w.seat,
                            w.from,
                            s.han,
                            s.fu,
                            s.yakuman,
                            s.yaku,
                            t.who,
                            t.from_who,
                            t.summary,
                            han,
                            yakuman,
                            t.yaku.iter().map(|y| (&y.name, y.han)).collect::<Vec<_>>()
                        ),
                    ));
                }
            }
            // Some converters give a double ron's deltas per winner, some only the sum.
            if deltas[..] != res.deltas[..] {
                return Err(at(
                    end,
                    format!("deltas {:?}, log {:?}", res.deltas, deltas),
                ));
            }
        }
        (
            RoundEnd::Draw { kind, .. },
            R::Draw {
                kind: theirs,
                deltas,
                ..
            },
        ) => {
            if !draw_kind_matches(*kind, *theirs) {
                return Err(at(end, format!("draw {kind:?}, log {theirs:?}")));
            }
            if deltas.iter().any(|&d| d != 0) && deltas[..] != res.deltas[..] {
                return Err(at(
                    end,
                    format!("draw deltas {:?}, log {:?}", res.deltas, deltas),
                ));
            }
        }
        (ours, theirs) => return Err(at(end, format!("engine {ours:?}, log {theirs:?}"))),
    }
    Ok(())
}

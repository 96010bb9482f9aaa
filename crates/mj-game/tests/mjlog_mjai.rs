//! The mjai golden log (`mjai-golden/test.mjlog.golden.log`, the original mjai's conversion of
//! `test.mjlog` with the board after every event): it parses; every board's hands, calls and
//! rivers equal what the events before it build; and its events are the same game as our
//! reading of `test.mjlog` (draws, discards, calls, riichi, dora, wins, by piece).
//! The logs stay in `../shared/logs`; absent, the test says so.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test crate

use std::io::Read;
use std::path::Path;

use mj_game::mjlog::mjai::{MjaiEvent, MjaiRecord, parse_mjai_log};
use mj_game::mjlog::{LogEvent, MeldKind, parse_mjlog};
use mj_tiles::Piece;

fn key(p: &Option<Piece>) -> (u8, bool) {
    p.map_or((255, false), |p| (p.tile().as_u8(), p.is_red()))
}

fn sorted(mut v: Vec<Option<Piece>>) -> Vec<Option<Piece>> {
    v.sort_by_key(key);
    v
}

fn take(hand: &mut Vec<Option<Piece>>, p: Piece, at: usize) {
    let i = hand
        .iter()
        .position(|&x| x == Some(p))
        .unwrap_or_else(|| panic!("line {at}: {p} not in hand {hand:?}"));
    hand.remove(i);
}

/// Follows hands, melds and rivers through the events and checks each board.
fn check_boards(records: &[MjaiRecord]) -> usize {
    let mut hands: Vec<Vec<Option<Piece>>> = vec![Vec::new(); 4];
    let mut melds = [0usize; 4];
    let mut rivers: Vec<Vec<Option<Piece>>> = vec![Vec::new(); 4];
    let mut last_discarder = 0u8;
    let mut boards = 0;
    for r in records {
        let at = r.line;
        match &r.event {
            MjaiEvent::StartKyoku { .. } => {
                hands = vec![Vec::new(); 4];
                melds = [0; 4];
                rivers = vec![Vec::new(); 4];
            }
            MjaiEvent::Haipai { actor, pais } => hands[*actor as usize] = pais.clone(),
            MjaiEvent::Tsumo { actor, pai } => hands[*actor as usize].push(*pai),
            MjaiEvent::Dahai { actor, pai, .. } => {
                take(&mut hands[*actor as usize], *pai, at);
                rivers[*actor as usize].push(Some(*pai));
                last_discarder = *actor;
            }
            MjaiEvent::Chi {
                actor,
                target,
                consumed,
                ..
            }
            | MjaiEvent::Pon {
                actor,
                target,
                consumed,
                ..
            }
            | MjaiEvent::Daiminkan {
                actor,
                target,
                consumed,
                ..
            } => {
                assert_eq!(
                    *target, last_discarder,
                    "line {at}: call on the last discard"
                );
                for &c in consumed {
                    take(&mut hands[*actor as usize], c, at);
                }
                rivers[*target as usize].pop();
                melds[*actor as usize] += 1;
            }
            MjaiEvent::Ankan { actor, consumed } => {
                for &c in consumed {
                    take(&mut hands[*actor as usize], c, at);
                }
                melds[*actor as usize] += 1;
            }
            MjaiEvent::Kakan { actor, pai, .. } => take(&mut hands[*actor as usize], *pai, at),
            _ => {}
        }
        let Some(b) = &r.board else { continue };
        boards += 1;
        for (s, seat) in b.seats.iter().enumerate() {
            assert_eq!(
                sorted(seat.tehai.clone()),
                sorted(hands[s].clone()),
                "line {at}: seat {s}'s hand"
            );
            assert_eq!(seat.melds.len(), melds[s], "line {at}: seat {s}'s calls");
            let river: Vec<Option<Piece>> = seat.ho.iter().map(|&(p, _)| p).collect();
            assert_eq!(river, rivers[s], "line {at}: seat {s}'s river");
        }
    }
    boards
}

/// The mjai events as (kind, seat, pieces) lines, and the same from the mjlog.
fn mjai_lines(records: &[MjaiRecord]) -> Vec<String> {
    let mut out = Vec::new();
    for r in records {
        let pc = |v: &[Piece]| {
            let mut v: Vec<(u8, bool)> = v.iter().map(|p| (p.tile().as_u8(), p.is_red())).collect();
            v.sort();
            format!("{v:?}")
        };
        out.push(match &r.event {
            MjaiEvent::StartKyoku {
                oya, dora_marker, ..
            } => format!("kyoku {oya} {:?}", key(dora_marker)),
            MjaiEvent::Tsumo { actor, pai } => format!("draw {actor} {:?}", key(pai)),
            MjaiEvent::Dahai { actor, pai, .. } => {
                format!("discard {actor} {:?}", key(&Some(*pai)))
            }
            MjaiEvent::Chi {
                actor,
                target,
                pai,
                consumed,
            } => {
                format!(
                    "call Chi {actor} {target} {}",
                    pc(&[consumed.clone(), vec![*pai]].concat())
                )
            }
            MjaiEvent::Pon {
                actor,
                target,
                pai,
                consumed,
            } => {
                format!(
                    "call Pon {actor} {target} {}",
                    pc(&[consumed.clone(), vec![*pai]].concat())
                )
            }
            MjaiEvent::Daiminkan {
                actor,
                target,
                pai,
                consumed,
            } => {
                format!(
                    "call Minkan {actor} {target} {}",
                    pc(&[consumed.clone(), vec![*pai]].concat())
                )
            }
            MjaiEvent::Ankan { actor, consumed } => format!("call Ankan {actor} {}", pc(consumed)),
            MjaiEvent::Kakan { actor, pai, .. } => {
                format!("call Kakan {actor} {:?}", key(&Some(*pai)))
            }
            MjaiEvent::Dora { dora_marker } => format!("dora {:?}", key(&Some(*dora_marker))),
            MjaiEvent::Reach { actor } => format!("riichi {actor} 1"),
            MjaiEvent::ReachAccepted { actor } => format!("riichi {actor} 2"),
            MjaiEvent::Hora { actor, target, .. } => format!("win {actor} {target}"),
            MjaiEvent::Ryukyoku { .. } => "draw-end".to_owned(),
            _ => continue,
        });
    }
    out
}

fn mjlog_lines(text: &str) -> Vec<String> {
    let game = parse_mjlog(text).unwrap();
    let mut out = Vec::new();
    let k = |t: mj_tiles::TileId| (t.piece().tile().as_u8(), t.is_red());
    for r in &game.rounds {
        out.push(format!("kyoku {} {:?}", r.dealer, k(r.dora_indicator)));
        for e in &r.events {
            out.push(match e {
                LogEvent::Draw { seat, tile } => format!("draw {seat} {:?}", k(*tile)),
                LogEvent::Discard { seat, tile } => format!("discard {seat} {:?}", k(*tile)),
                LogEvent::Call { seat, meld } => {
                    let mut v: Vec<(u8, bool)> = meld.tiles.iter().map(|&t| k(t)).collect();
                    v.sort();
                    match meld.kind {
                        MeldKind::Ankan => format!("call Ankan {seat} {v:?}"),
                        MeldKind::Kakan => format!(
                            "call Kakan {seat} {:?}",
                            meld.added.map(k).unwrap_or((255, false))
                        ),
                        kind => {
                            format!("call {kind:?} {seat} {} {v:?}", meld.from_seat.unwrap_or(9))
                        }
                    }
                }
                LogEvent::Riichi { seat, step } => format!("riichi {seat} {step}"),
                LogEvent::Dora { tile } => format!("dora {:?}", k(*tile)),
                LogEvent::Agari(a) => format!("win {} {}", a.who, a.from_who),
                LogEvent::Ryuukyoku(_) => "draw-end".to_owned(),
                _ => continue,
            });
        }
    }
    out
}

#[test]
fn golden_mjai_log_reads_and_matches_the_mjlog() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/logs/mjai-golden");
    let Ok(text) = std::fs::read_to_string(dir.join("test.mjlog.golden.log")) else {
        println!("SKIPPED: {} is absent; no mjai log checked", dir.display());
        return;
    };
    let records = parse_mjai_log(&text).unwrap_or_else(|e| panic!("golden: {e}"));
    let kyoku = records
        .iter()
        .filter(|r| matches!(r.event, MjaiEvent::StartKyoku { .. }))
        .count();
    assert_eq!(kyoku, 17, "the golden game has 17 rounds");
    assert!(
        records
            .iter()
            .all(|r| !matches!(r.event, MjaiEvent::Other(_)))
    );
    let boards = check_boards(&records);

    let mut gz = Vec::new();
    flate2::read::GzDecoder::new(&std::fs::read(dir.join("test.mjlog")).unwrap()[..])
        .read_to_end(&mut gz)
        .unwrap();
    let ours = mjlog_lines(&String::from_utf8(gz).unwrap());
    let theirs = mjai_lines(&records);
    let first_diff = ours.iter().zip(&theirs).position(|(a, b)| a != b);
    if let Some(i) = first_diff {
        let lo = i.saturating_sub(3);
        panic!(
            "mjlog and mjai differ at {i}:\nours   {:?}\ntheirs {:?}",
            &ours[lo..(i + 3).min(ours.len())],
            &theirs[lo..(i + 3).min(theirs.len())]
        );
    }
    assert_eq!(ours.len(), theirs.len(), "event counts");
    println!(
        "mjai golden: {} events, {kyoku} rounds, {boards} boards equal to the followed hands, calls and rivers; {} events equal to test.mjlog's",
        records.len(),
        theirs.len()
    );
}

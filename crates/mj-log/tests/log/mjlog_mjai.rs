//! The mjai golden log (`mjai-golden/test.mjlog.golden.log`, the original mjai's conversion of
//! `test.mjlog` with the board after every event): `mj_log::mjai::read` reads it (its `haipai`
//! events into each round's `start_kyoku`, its `dahai` without `tsumogiri`); every board
//! (`mj_log::mjai::boards`) shows the hands, calls and rivers the events before it build; and
//! its events are the same game as `mj_log::tenhou::read`'s reading of `test.mjlog` (draws,
//! discards, calls, riichi, dora, wins, by tile). The logs stay in `../shared/logs`; absent,
//! the test says so.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test crate

use crate::common;

use common::{logs_dir, text};
use mj_game::{Event, MjaiTile};
use mj_log::LogRules;
use mj_log::mjai::{Board, boards};

fn sorted(mut v: Vec<MjaiTile>) -> Vec<MjaiTile> {
    v.sort_by_key(|t| t.tile_id());
    v
}

fn take(hand: &mut Vec<MjaiTile>, p: MjaiTile, at: &str) {
    let i = hand
        .iter()
        .position(|&x| x == p)
        .unwrap_or_else(|| panic!("{at}: {p} not in hand {hand:?}"));
    hand.remove(i);
}

/// The table as the events build it.
#[derive(Default)]
struct Table {
    hands: Vec<Vec<MjaiTile>>,
    melds: [usize; 4],
    rivers: Vec<Vec<MjaiTile>>,
    last_discarder: u8,
    dealer: u8,
}

impl Table {
    fn apply(&mut self, e: &Event, at: &str) {
        match e {
            Event::StartKyoku { tehais, oya, .. } => {
                *self = Table {
                    hands: tehais.iter().map(|h| h.to_vec()).collect(),
                    rivers: vec![Vec::new(); 4],
                    dealer: *oya,
                    ..Table::default()
                };
            }
            Event::Tsumo { actor, pai } => self.hands[*actor as usize].push(*pai),
            Event::Dahai { actor, pai, .. } => {
                take(&mut self.hands[*actor as usize], *pai, at);
                self.rivers[*actor as usize].push(*pai);
                self.last_discarder = *actor;
            }
            Event::Chi {
                actor,
                target,
                consumed,
                ..
            }
            | Event::Pon {
                actor,
                target,
                consumed,
                ..
            } => self.call(*actor, *target, consumed, at),
            Event::Daiminkan {
                actor,
                target,
                consumed,
                ..
            } => self.call(*actor, *target, consumed, at),
            Event::Ankan { actor, consumed } => {
                for &c in consumed {
                    take(&mut self.hands[*actor as usize], c, at);
                }
                self.melds[*actor as usize] += 1;
            }
            Event::Kakan { actor, pai, .. } => take(&mut self.hands[*actor as usize], *pai, at),
            _ => {}
        }
    }

    fn call(&mut self, actor: u8, target: u8, consumed: &[MjaiTile], at: &str) {
        assert_eq!(
            target, self.last_discarder,
            "{at}: call on the last discard"
        );
        for &c in consumed {
            take(&mut self.hands[actor as usize], c, at);
        }
        self.rivers[target as usize].pop();
        self.melds[actor as usize] += 1;
    }

    /// Compares a board; during the deal only the first `dealt` seats from the dealer hold
    /// their hands.
    fn check(&self, b: &Board, dealt: Option<usize>) {
        let at = format!("line {}", b.line);
        for (s, seat) in b.seats.iter().enumerate() {
            let from_dealer = (s + 4 - usize::from(self.dealer)) % 4;
            let hand = match dealt {
                Some(n) if from_dealer >= n => Vec::new(),
                _ => self.hands[s].clone(),
            };
            assert_eq!(
                sorted(seat.tehai.clone()),
                sorted(hand),
                "{at}: seat {s}'s hand"
            );
            assert_eq!(seat.melds.len(), self.melds[s], "{at}: seat {s}'s calls");
            let river: Vec<MjaiTile> = seat.ho.iter().map(|&(p, _)| p).collect();
            assert_eq!(river, self.rivers[s], "{at}: seat {s}'s river");
        }
    }
}

/// Every event of the rounds with the line it was read from, and during a round's deal how
/// many seats have their hands. The original mjai writes one event a line; `start_game`,
/// `end_game` (after which the last round's table is shown) and the `haipai` lines (one per
/// seat, from the dealer) make no round event (the
/// hands are in `start_kyoku`), so a `start_kyoku` stands for its `haipai` lines too.
fn with_lines<'a>(
    text: &str,
    rounds: &'a [mj_log::Round],
) -> Vec<(usize, &'a Event, Option<usize>)> {
    let mut events = rounds.iter().flat_map(|r| &r.events);
    let mut out: Vec<(usize, &Event, Option<usize>)> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if !line.starts_with('{') {
            continue;
        }
        if line.contains("\"start_game\"") {
            continue;
        }
        // The board after `end_game` is the last round's table.
        if line.contains("\"end_game\"") {
            if let Some(&(_, e, _)) = out.last() {
                out.push((i + 1, e, None));
            }
            continue;
        }
        if line.contains("\"haipai\"") {
            if let Some(&(_, e, dealt)) = out.last() {
                out.push((i + 1, e, dealt.map(|n| n + 1)));
            }
            continue;
        }
        if let Some(e) = events.next() {
            let dealt = matches!(e, Event::StartKyoku { .. }).then_some(0);
            out.push((i + 1, e, dealt));
        }
    }
    assert!(events.next().is_none(), "events left over");
    out
}

fn plays(events: &[&Event]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| {
            Some(match e {
                Event::StartKyoku {
                    oya, dora_marker, ..
                } => format!("kyoku {oya} {dora_marker}"),
                Event::Tsumo { actor, pai } => format!("draw {actor} {pai}"),
                Event::Dahai { actor, pai, .. } => format!("discard {actor} {pai}"),
                Event::Chi {
                    actor,
                    target,
                    pai,
                    consumed,
                } => format!(
                    "chi {actor} {target} {:?}",
                    sorted(vec![*pai, consumed[0], consumed[1]])
                ),
                Event::Pon {
                    actor,
                    target,
                    pai,
                    consumed,
                } => format!(
                    "pon {actor} {target} {:?}",
                    sorted(vec![*pai, consumed[0], consumed[1]])
                ),
                Event::Daiminkan {
                    actor,
                    target,
                    pai,
                    consumed,
                } => format!(
                    "daiminkan {actor} {target} {:?}",
                    sorted([&[*pai][..], &consumed[..]].concat())
                ),
                Event::Ankan { actor, consumed } => {
                    format!("ankan {actor} {:?}", sorted(consumed.to_vec()))
                }
                Event::Kakan { actor, pai, .. } => format!("kakan {actor} {pai}"),
                Event::Dora { dora_marker } => format!("dora {dora_marker}"),
                Event::Reach { actor } => format!("riichi {actor} 1"),
                Event::ReachAccepted { actor, .. } => format!("riichi {actor} 2"),
                Event::Hora { actor, target, .. } => format!("win {actor} {target}"),
                Event::Ryukyoku { .. } => "draw-end".to_owned(),
                _ => return None,
            })
        })
        .collect()
}

#[test]
fn golden_mjai_log_reads_and_matches_the_mjlog() {
    let dir = logs_dir().join("mjai-golden");
    let Ok(golden) = std::fs::read_to_string(dir.join("test.mjlog.golden.log")) else {
        println!("SKIPPED: {} is absent; no mjai log checked", dir.display());
        return;
    };
    let log = mj_log::read(golden.as_bytes()).unwrap_or_else(|e| panic!("golden: {e}"));
    assert_eq!(log.format, mj_log::Format::Mjai);
    let game = &log.games[0];
    assert_eq!(game.rounds.len(), 17, "the golden game has 17 rounds");
    // It states no round wind, honba or scores: read, not replayed.
    assert!(
        matches!(game.rules, LogRules::Unsupported(_)),
        "{:?}",
        game.rules
    );
    let lined = with_lines(&golden, &game.rounds);
    let boards = boards(&golden).unwrap_or_else(|e| panic!("golden boards: {e}"));
    let mut table = Table::default();
    let mut b = boards.iter().peekable();
    let mut checked = 0;
    let mut last = None;
    for &(line, e, dealt) in &lined {
        if last != Some(e as *const Event) {
            table.apply(e, &format!("line {line}"));
            last = Some(e as *const Event);
        }
        while let Some(board) = b.next_if(|x| x.line <= line) {
            if board.line == line {
                table.check(board, dealt);
                checked += 1;
            }
        }
    }
    let xml = text(&dir.join("test.mjlog"));
    let x = mj_log::tenhou::read(&xml).unwrap();
    let ours: Vec<&Event> = x.rounds.iter().flat_map(|r| &r.events).collect();
    let theirs: Vec<&Event> = game.rounds.iter().flat_map(|r| &r.events).collect();
    let (ours, theirs) = (plays(&ours), plays(&theirs));
    if let Some(i) = ours.iter().zip(&theirs).position(|(a, b)| a != b) {
        let lo = i.saturating_sub(3);
        panic!(
            "mjlog and mjai differ at {i}:\nours   {:?}\ntheirs {:?}",
            &ours[lo..(i + 3).min(ours.len())],
            &theirs[lo..(i + 3).min(theirs.len())]
        );
    }
    assert_eq!(ours.len(), theirs.len(), "event counts");
    println!(
        "mjai golden: {} event lines, 17 rounds, {checked} boards equal to the followed hands, calls and rivers; {} events equal to test.mjlog's",
        lined.len(),
        theirs.len()
    );
}

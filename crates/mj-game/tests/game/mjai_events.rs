//! The mjai events are the whole game: a match rebuilt from nothing but its recorded events
//! (and the same seeded walls) produces the same events and the same result, and each seat's
//! view hides the other seats' starting hands and draws.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mj_game::{Action, Event, GameRules, Length, Match, MjaiTile, Phase, RandomBot, play::Bot};
use mj_tiles::{Tile, TileId};

/// The tile id `id` (below 136) for an action.
fn tid(id: u8) -> TileId {
    TileId::new(id).unwrap()
}

/// The kind of index `k` (below 34) for an action.
fn tkind(k: u8) -> Tile {
    Tile::new(k).unwrap()
}

fn play_random(seed: u64) -> Match {
    let mut m = Match::seeded(GameRules::tenhou(), Length::Hanchan, seed, true);
    let mut bots: Vec<RandomBot> = (0..4).map(|s| RandomBot::new(seed * 4 + s)).collect();
    while !m.is_over() {
        let seat = m.to_act().first().unwrap_or(4);
        let legal = m.legal_actions(seat);
        let a = bots[usize::from(seat)].act(&m.round().view(seat), &legal);
        m.play(seat, a).unwrap();
    }
    m
}

/// The id in `seat`'s hand written as `t`, the drawn tile first, skipping `not`.
fn find(m: &Match, seat: u8, t: MjaiTile, not: Option<u8>) -> u8 {
    let r = m.round();
    let reds = r.rules().red_fives;
    let matches = |id: u8| MjaiTile::id(id, reds) == t && Some(id) != not;
    if let Some(d) = r
        .drawn()
        .filter(|&d| matches(d) && r.player(seat).hand_ids().any(|i| i == d))
    {
        return d;
    }
    r.player(seat)
        .hand_ids()
        .find(|&i| matches(i))
        .unwrap_or_else(|| panic!("seat {seat} holds no {t}"))
}

fn pass_all(m: &mut Match) {
    while matches!(m.round().phase(), Phase::Claims(_)) && !m.to_act().is_empty() {
        let s = m.to_act().first().unwrap_or(4);
        m.play(s, Action::Pass).unwrap();
    }
}

fn rebuild(seed: u64, events: &[Event]) -> Match {
    let mut m = Match::seeded(GameRules::tenhou(), Length::Hanchan, seed, true);
    let mut riichi = [false; 4];
    let mut i = 0;
    while i < events.len() {
        match &events[i] {
            Event::Tsumo { .. } => pass_all(&mut m),
            Event::Reach { actor } => riichi[usize::from(*actor)] = true,
            Event::Dahai { actor, pai, .. } => {
                pass_all(&mut m);
                let tile = find(&m, *actor, *pai, None);
                let a = if std::mem::take(&mut riichi[usize::from(*actor)]) {
                    Action::Riichi { tile: tid(tile) }
                } else {
                    Action::Discard { tile: tid(tile) }
                };
                m.play(*actor, a).unwrap();
            }
            Event::Chi {
                actor, consumed, ..
            }
            | Event::Pon {
                actor, consumed, ..
            } => {
                let x = find(&m, *actor, consumed[0], None);
                let y = find(&m, *actor, consumed[1], Some(x));
                let a = if matches!(events[i], Event::Chi { .. }) {
                    Action::Chi {
                        tiles: [tid(x), tid(y)],
                    }
                } else {
                    Action::Pon {
                        tiles: [tid(x), tid(y)],
                    }
                };
                m.play(*actor, a).unwrap();
                pass_all(&mut m);
            }
            Event::Daiminkan { actor, .. } => {
                m.play(*actor, Action::Minkan).unwrap();
                pass_all(&mut m);
            }
            Event::Ankan { actor, consumed } => {
                pass_all(&mut m);
                let kind = find(&m, *actor, consumed[0], None) / 4;
                m.play(*actor, Action::Ankan { kind: tkind(kind) }).unwrap();
            }
            Event::Kakan { actor, pai, .. } => {
                pass_all(&mut m);
                let tile = find(&m, *actor, *pai, None);
                m.play(*actor, Action::Kakan { tile: tid(tile) }).unwrap();
            }
            Event::Hora { actor, target, .. } => {
                if actor == target {
                    m.play(*actor, Action::Tsumo).unwrap();
                } else {
                    let mut j = i;
                    while let Some(Event::Hora { actor, .. }) = events.get(j) {
                        m.play(*actor, Action::Ron).unwrap();
                        j += 1;
                    }
                    pass_all(&mut m);
                    i = j - 1;
                }
            }
            Event::Ryukyoku { reason, .. } => match reason.as_str() {
                "nine_terminals" => {
                    let Phase::Turn { seat, .. } = *m.round().phase() else {
                        panic!("nine terminals outside a turn")
                    };
                    m.play(seat, Action::NineTerminals).unwrap();
                }
                "triple_ron" => {
                    for s in 0..4u8 {
                        if m.legal_actions(s).contains(&Action::Ron) {
                            m.play(s, Action::Ron).unwrap();
                        }
                    }
                }
                _ => pass_all(&mut m),
            },
            _ => {}
        }
        i += 1;
    }
    m
}

#[test]
fn a_match_rebuilt_from_its_events_is_the_same_match() {
    let mut total = 0;
    for seed in 0..40u64 {
        let m = play_random(seed);
        let events = m.events();
        total += events.len();
        let again = rebuild(seed, &events);
        assert_eq!(again.events(), events, "seed {seed}");
        assert_eq!(again.result(), m.result(), "seed {seed}");
        // JSON Lines round trip.
        for e in &events {
            let line = e.to_json();
            let back: Event = serde_json::from_str(&line).unwrap();
            assert_eq!(&back, e, "{line}");
        }
    }
    assert!(total > 10_000, "{total} events");
}

#[test]
fn views_hide_other_hands_and_draws() {
    let m = play_random(3);
    for e in m.events() {
        for seat in 0..4u8 {
            match e.view(seat) {
                Event::StartKyoku { tehais, .. } => {
                    for (s, hand) in tehais.iter().enumerate() {
                        assert_eq!(s == usize::from(seat), !hand[0].is_hidden());
                    }
                }
                Event::Tsumo { actor, pai } => assert_eq!(actor == seat, !pai.is_hidden()),
                other => assert_eq!(other, e),
            }
        }
    }
}

//! `Round::observation` in the Sichuan flows: the lacking suits once every seat declared, who
//! won with which tile, the exchange's direction, and a seat's own exchange tiles only (no
//! leak: another seat's choice or what it received never shows).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mj_game::{Action, GameRules, Length, Match, Phase, RandomBot, play::Bot};
use mj_tiles::TileId;

#[test]
fn observations_show_lacks_wins_and_own_exchange_only() {
    let mut wins_seen = 0;
    for seed in 0..60u64 {
        let rules = if seed % 2 == 0 {
            GameRules::sichuan()
        } else {
            GameRules::sichuan_hongzhong()
        };
        let mut m = Match::seeded(rules, Length::OneRound, seed, false);
        let mut bots: [RandomBot; 4] =
            core::array::from_fn(|s| RandomBot::new(seed * 4 + s as u64));
        let mut chosen: [Option<[u8; 3]>; 4] = [None; 4];
        while !m.is_over() {
            let r = m.round();
            for s in 0..4u8 {
                let o = r.observation(s);
                match r.phase() {
                    Phase::Exchange => {
                        // Its own choice once made, nobody else's; nothing received yet.
                        assert_eq!(o.exchange_out, chosen[usize::from(s)], "seed {seed}");
                        assert_eq!(o.exchange_in, None);
                        assert_eq!(o.exchange_offset, None);
                        assert_eq!(o.lacks, [None; 4]);
                    }
                    Phase::DeclareLack => assert_eq!(o.lacks, [None; 4], "not yet public"),
                    _ => {
                        let off = o.exchange_offset.unwrap();
                        assert_eq!(o.exchange_out, chosen[usize::from(s)]);
                        let from = usize::from((s + 4 - off) & 3);
                        assert_eq!(o.exchange_in, chosen[from], "seed {seed}");
                        for x in 0..4u8 {
                            assert_eq!(
                                o.lacks[usize::from(x)].map(|l| l as usize),
                                r.lack(x).map(|l| l.index()),
                            );
                            let won = r.sichuan_wins().iter().find(|w| w.seat == x);
                            assert_eq!(o.won_with[usize::from(x)], won.map(|w| w.tile));
                            assert_eq!(o.won_with[usize::from(x)].is_some(), r.has_won(x));
                        }
                        assert!(o.lacks.iter().all(Option::is_some));
                    }
                }
            }
            let seat = m.to_act().first().unwrap_or(4);
            let legal = m.legal_actions(seat);
            let a = bots[usize::from(seat)].act(&r.view(seat), &legal);
            if let Action::Exchange { tiles } = a {
                chosen[usize::from(seat)] = Some(tiles.map(TileId::as_u8));
            }
            m.play(seat, a).unwrap();
            wins_seen += m.round().sichuan_wins().len();
        }
    }
    assert!(wins_seen > 0);
}

/// Riichi observations carry none of the Sichuan fields.
#[test]
fn riichi_observations_have_no_sichuan_fields() {
    let m = Match::seeded(GameRules::tenhou(), Length::OneRound, 1, false);
    let o = m.round().observation(0);
    assert_eq!(o.lacks, [None; 4]);
    assert_eq!(o.won_with, [None; 4]);
    assert_eq!(
        (o.exchange_offset, o.exchange_out, o.exchange_in),
        (None, None, None)
    );
}

//! Reviews of games the engine plays itself (so these run without the real logs): a game
//! played by `defense` and reviewed by `defense` agrees at every decision; the candidates'
//! shanten and effective kinds match the `xiangting` crate; the JSON reads back; bad input and
//! bad options are refused by name.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mj_game::{Bot, GameRules, Length, MjaiTile, play};
use mj_review::{Review, ReviewError, ReviewOptions, SeatChoice, review, review_bytes};
use mj_tiles::{Tile, TileCounts, TileSet};

/// A whole game of four (or three) `player`s, as mjai JSON Lines.
fn game(preset: &str, player: &str, seed: u64) -> String {
    let rules = GameRules::preset(preset).unwrap();
    let mut bots: [Box<dyn Bot>; 4] = core::array::from_fn(|s| {
        let b: Box<dyn Bot> = mj_bot::registry::make(player, seed + s as u64).unwrap();
        b
    });
    let played = play(rules, Length::Hanchan, seed, &mut bots, true);
    played.events.iter().map(|e| e.to_json() + "\n").collect()
}

fn opts(preset: &str, seat: u8, player: &str) -> ReviewOptions {
    ReviewOptions {
        seat: SeatChoice::Seat(seat),
        player: player.into(),
        rules: GameRules::preset(preset),
        ..ReviewOptions::default()
    }
}

#[test]
fn a_player_reviewing_its_own_game_agrees_everywhere() {
    for (preset, players) in [("tenhou", 4u8), ("sanma", 3)] {
        let text = game(preset, "defense", 11);
        for seat in 0..players {
            let r = review_bytes(text.as_bytes(), &opts(preset, seat, "defense")).unwrap();
            assert!(
                r.decisions.len() > 50,
                "{preset} seat {seat}: {}",
                r.decisions.len()
            );
            assert_eq!(r.players, players);
            let off: Vec<_> = r.decisions.iter().filter(|d| !d.agree).collect();
            assert!(off.is_empty(), "{preset} seat {seat}: {:?}", off.first());
            assert_eq!(r.summary.agreed, r.summary.decisions);
            assert_eq!(r.summary.severity, 0.0);
        }
    }
}

#[test]
fn another_player_disagrees_and_names_the_errors() {
    let text = game("tenhou", "efficiency", 5);
    let r = review_bytes(text.as_bytes(), &opts("tenhou", 1, "defense")).unwrap();
    // `efficiency` never folds: against threats `defense` disagrees somewhere.
    assert!(r.summary.agreed < r.summary.decisions);
    for d in r.decisions.iter().filter(|d| !d.agree) {
        assert!(d.error.is_some(), "{d:?}");
        assert!(d.severity > 0.0 && d.severity <= 1.0);
        assert!(d.reason.contains("played"), "{}", d.reason);
    }
    let errors: usize = r.summary.errors.iter().map(|(_, n)| n).sum();
    assert_eq!(errors, r.summary.decisions - r.summary.agreed);
    let last = r.summary.curve.last().unwrap().1;
    assert!((last - r.summary.severity).abs() < 1e-9);
    // The JSON reads back as the same review (floats compared as the JSON writes them).
    let json: serde_json::Value = serde_json::to_value(&r).unwrap();
    let back: Review = serde_json::from_value(json.clone()).unwrap();
    assert_eq!(serde_json::to_value(&back).unwrap(), json);
    assert_eq!(back.decisions.len(), r.decisions.len());
}

fn tile_of(t: MjaiTile) -> Tile {
    Tile::new(t.tile_id().unwrap() / 4).unwrap()
}

#[test]
fn candidates_shanten_and_effective_kinds_match_xiangting() {
    let mut checked = 0;
    for seed in [1u64, 2] {
        let text = game("tenhou", "value", seed);
        let r = review_bytes(
            text.as_bytes(),
            &opts("tenhou", (seed % 4) as u8, "efficiency"),
        )
        .unwrap();
        for d in r.decisions.iter().filter(|d| d.situation == "turn") {
            let mut hand: Vec<Tile> = d.hand.iter().map(|&t| tile_of(t)).collect();
            hand.extend(d.drawn.map(tile_of));
            for c in &d.candidates {
                let e = c.action.last().unwrap();
                if c.action.len() > 2 || e["type"] != "dahai" {
                    continue;
                }
                let gone: MjaiTile = serde_json::from_value(e["pai"].clone()).unwrap();
                let mut after = TileCounts::from_tiles(hand.iter().copied()).unwrap();
                assert!(after.remove(tile_of(gone)));
                let (n, necessary) = xiangting::calculate_necessary_tiles(
                    after.as_array(),
                    xiangting::PlayerCount::Four,
                )
                .unwrap();
                let necessary = TileSet::from_bits(necessary) - after.kinds_at_least(4);
                let u = c.ukeire.as_ref().unwrap();
                let kinds: TileSet = u.kinds.iter().map(|&t| tile_of(t)).collect();
                assert_eq!(c.shanten, Some(n as i8 - 1), "{d:?}");
                // Kinds with every copy visible drop out of ours; none are added.
                assert!((kinds - necessary).is_empty(), "{kinds} {necessary}");
                assert!(u.tiles <= 4 * kinds.len() as u32);
                checked += 1;
            }
        }
    }
    assert!(checked > 1000, "{checked}");
}

#[test]
fn bad_input_is_refused_by_name() {
    let text = game("tenhou", "defense", 3);
    // Cut off inside a round: the round is named.
    let lines: Vec<&str> = text.lines().collect();
    let cut = lines[..lines.len() / 2].join("\n");
    match review_bytes(cut.as_bytes(), &opts("tenhou", 0, "defense")) {
        Err(ReviewError::Round { round, what, .. }) => {
            assert!(what.contains("cut off"), "{round}: {what}");
            assert!(!round.is_empty());
        }
        other => panic!("{other:?}"),
    }
    // Not a log.
    assert!(matches!(
        review_bytes(b"hello", &ReviewOptions::default()),
        Err(ReviewError::Log(_))
    ));
    assert!(matches!(
        review_bytes(b"\x1f\x8b\x08garbage", &ReviewOptions::default()),
        Err(ReviewError::Log(_))
    ));
    // An mjai log whose rules are neither stated nor given.
    assert!(matches!(
        review_bytes(text.as_bytes(), &ReviewOptions::default()),
        Err(ReviewError::Unsupported(_))
    ));
    // Options.
    let bad_player = review_bytes(text.as_bytes(), &opts("tenhou", 0, "nobody"));
    assert!(matches!(bad_player, Err(ReviewError::UnknownPlayer(_))));
    let sanma = game("sanma", "defense", 3);
    assert!(matches!(
        review_bytes(sanma.as_bytes(), &opts("sanma", 3, "defense")),
        Err(ReviewError::NoSuchSeat {
            seat: 3,
            players: 3
        })
    ));
    let by_name = ReviewOptions {
        seat: SeatChoice::Name("nobody".into()),
        ..opts("tenhou", 0, "defense")
    };
    assert!(matches!(
        review_bytes(text.as_bytes(), &by_name),
        Err(ReviewError::NoSuchName { .. })
    ));
    let rounds = ReviewOptions {
        rounds: vec!["E1".into(), "W9".into()],
        ..opts("tenhou", 0, "defense")
    };
    assert!(matches!(
        review_bytes(text.as_bytes(), &rounds),
        Err(ReviewError::NoRounds(r)) if r == ["W9"]
    ));
}

#[test]
fn rounds_are_chosen_by_label() {
    let text = game("tenhou", "defense", 4);
    let log = mj_log::read(text.as_bytes()).unwrap();
    let o = ReviewOptions {
        rounds: vec!["E2".into()],
        ..opts("tenhou", 2, "efficiency")
    };
    let r = review(&log, &o).unwrap();
    assert!(r.rounds.iter().all(|x| x.label == "E2"), "{:?}", r.rounds);
    assert_eq!(r.rounds[0].decisions, [0, r.decisions.len()]);
}

#[test]
fn a_gzip_bomb_stays_within_the_limit() {
    use std::io::Write;
    // 64 MiB of zeros compress to about 64 KiB.
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    let zeros = vec![0u8; 1 << 20];
    for _ in 0..64 {
        gz.write_all(&zeros).unwrap();
    }
    let bomb = gz.finish().unwrap();
    let o = ReviewOptions {
        limits: mj_log::Limits { max_bytes: 1 << 20 },
        ..ReviewOptions::default()
    };
    match review_bytes(&bomb, &o) {
        Err(ReviewError::Log(e)) => assert!(e.to_string().contains("1048576"), "{e}"),
        other => panic!("{other:?}"),
    }
}

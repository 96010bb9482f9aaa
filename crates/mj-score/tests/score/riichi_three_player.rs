#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! Three-player riichi (三麻) scoring, worked by hand from the rules as Tenhou plays them
//! (riichi.wiki "Sanma" and "Kita": the north set aside is a dora, a west indicator makes each
//! kita worth two, a win on the kita's replacement draw is rinshan kaihou; a 1m indicator makes
//! 9m the dora; tsumo loss: "a non-dealer mangan is paid 4,000 from the dealer and 2,000 from the
//! non-dealer"), and MJ's north-bisection table (北家折半: non-dealer mangan 3,000 / 5,000).
//! Every three-player win of the real Tenhou logs is checked in `mj-cli`'s `score_sanma_logs`.

use mj_score::riichi::{Points, RiichiRules, Score, ScoreError, Situation, Win, score};
use mj_tiles::notation::parse_pieces;
use mj_tiles::{Meld, MeldKind, Tile};

fn t(s: &str) -> Tile {
    s.parse().unwrap()
}

fn win(hand: &str, win_tile: &str, tsumo: bool, seat: &str) -> Win {
    let mut w = Win::from_pieces(&parse_pieces(hand).unwrap(), &[], t(win_tile)).unwrap();
    w.tsumo = tsumo;
    w.seat_wind = t(seat);
    w
}

fn names(s: &Score) -> Vec<(&'static str, u8)> {
    s.yaku.iter().map(|e| (e.yaku.name(), e.han)).collect()
}

/// Riichi, menzen tsumo, pinfu, tanyao (4 han 20 fu) for a non-dealer, plus `kita` norths.
fn pinfu_tsumo(kita: u8) -> (Win, Situation) {
    let w = win("234p345p456s67888s", "8s", true, "2z");
    let mut sit = Situation::default();
    sit.flags.riichi = true;
    sit.kita = kita;
    (w, sit)
}

#[test]
fn a_kita_is_a_han_and_tsumo_loss_drops_the_absent_share() {
    let (w, sit) = pinfu_tsumo(1);
    let s = score(&w, &sit, &RiichiRules::THREE_PLAYER).unwrap();
    assert_eq!((s.han, s.fu), (5, 20), "{s:?}");
    assert_eq!(names(&s).last(), Some(&("kita", 1)), "{s:?}");
    assert_eq!(
        s.points,
        Points::Tsumo {
            total: 6000,
            dealer: Some(4000),
            others: 2000
        }
    );
}

#[test]
fn north_bisection_splits_the_absent_share() {
    let (w, sit) = pinfu_tsumo(1);
    let mut rules = RiichiRules::THREE_PLAYER;
    rules.tsumo_loss = false;
    let s = score(&w, &sit, &rules).unwrap();
    assert_eq!(
        s.points,
        Points::Tsumo {
            total: 8000,
            dealer: Some(5000),
            others: 3000
        }
    );
    // The dealer: mangan 4,000 all with tsumo loss (8,000), 6,000 all split (12,000).
    let (mut w, sit) = pinfu_tsumo(1);
    w.seat_wind = Tile::EAST;
    let s = score(&w, &sit, &rules).unwrap();
    assert_eq!(s.points.total(), 12000, "{s:?}");
    let s = score(&w, &sit, &RiichiRules::THREE_PLAYER).unwrap();
    assert_eq!(
        s.points,
        Points::Tsumo {
            total: 8000,
            dealer: None,
            others: 4000
        }
    );
}

#[test]
fn west_indicators_double_each_kita_and_ura_counts_with_riichi() {
    let (w, mut sit) = pinfu_tsumo(2);
    sit.dora.push(t("3z"));
    sit.ura.push(t("3z"));
    let s = score(&w, &sit, &RiichiRules::THREE_PLAYER).unwrap();
    // Two kita, each 1 + 1 (dora indicator) + 1 (ura indicator).
    assert_eq!(names(&s).last(), Some(&("kita", 6)), "{s:?}");
    assert_eq!(s.han, 10);
    // Without riichi the ura indicator is not turned: each kita 1 + 1. Open tanyao hand.
    let pon = Meld::parse(MeldKind::Pon, "222p", Some("2p"), Some(2)).unwrap();
    let mut w =
        Win::from_pieces(&parse_pieces("345p456s67888s").unwrap(), &[pon], t("8s")).unwrap();
    w.seat_wind = t("2z");
    let mut sit = Situation {
        kita: 2,
        ..Situation::default()
    };
    sit.dora.push(t("3z"));
    let s = score(&w, &sit, &RiichiRules::THREE_PLAYER).unwrap();
    assert_eq!(names(&s), vec![("tanyao", 1), ("kita", 4)], "{s:?}");
    // Ron with three players: 5 han = mangan 8,000, 200 per honba counter.
    sit.honba = 2;
    let s = score(&w, &sit, &RiichiRules::THREE_PLAYER).unwrap();
    assert_eq!(
        s.points,
        Points::Ron {
            total: 8400,
            ron: 8400
        }
    );
}

#[test]
fn a_one_man_indicator_makes_nine_man_the_dora() {
    let w = win("99m234p345p456s678s", "8s", false, "2z");
    let mut sit = Situation::default();
    sit.flags.riichi = true;
    sit.dora.push(t("1m"));
    let s = score(&w, &sit, &RiichiRules::THREE_PLAYER).unwrap();
    assert!(names(&s).contains(&("dora", 2)), "{s:?}");
    // With four players 1m indicates 2m.
    let s = score(&w, &sit, &RiichiRules::FOUR_PLAYER).unwrap();
    assert!(!names(&s).iter().any(|(n, _)| *n == "dora"), "{s:?}");
    // 9m still indicates 1m.
    sit.dora[0] = t("9m");
    let w = win("11m234p345p456s678s", "8s", false, "2z");
    let s = score(&w, &sit, &RiichiRules::THREE_PLAYER).unwrap();
    assert!(names(&s).contains(&("dora", 2)), "{s:?}");
}

#[test]
fn kita_are_no_yaku_and_no_han_on_a_yakuman() {
    // No yaku: an open hand without yaku stays without, whatever the kita.
    let pon = Meld::parse(MeldKind::Pon, "999p", Some("9p"), Some(2)).unwrap();
    let mut w =
        Win::from_pieces(&parse_pieces("345p456s67888s").unwrap(), &[pon], t("8s")).unwrap();
    w.seat_wind = t("2z");
    let sit = Situation {
        kita: 3,
        ..Situation::default()
    };
    assert_eq!(
        score(&w, &sit, &RiichiRules::THREE_PLAYER),
        Err(ScoreError::NoYaku)
    );
    // Suuankou (tsumo, single wait on 9m): a yakuman, no kita entry.
    let w = win("111p333p555s777s99m", "9m", true, "2z");
    let s = score(&w, &sit, &RiichiRules::THREE_PLAYER).unwrap();
    assert!(s.yakuman > 0, "{s:?}");
    assert!(!names(&s).iter().any(|(n, _)| *n == "kita"), "{s:?}");
}

#[test]
fn rinshan_on_a_kita_replacement() {
    let (w, mut sit) = pinfu_tsumo(1);
    sit.flags.rinshan = true;
    let s = score(&w, &sit, &RiichiRules::THREE_PLAYER).unwrap();
    assert!(names(&s).contains(&("rinshan", 1)), "{s:?}");
    sit.kita = 0;
    assert!(matches!(
        score(&w, &sit, &RiichiRules::THREE_PLAYER),
        Err(ScoreError::InconsistentFlags(_))
    ));
}

#[test]
fn impossible_three_player_wins_are_errors() {
    let (w, sit) = pinfu_tsumo(1);
    assert!(matches!(
        score(&w, &sit, &RiichiRules::FOUR_PLAYER),
        Err(ScoreError::InconsistentFlags(_))
    ));
    let (w, sit) = pinfu_tsumo(5);
    assert_eq!(
        score(&w, &sit, &RiichiRules::THREE_PLAYER),
        Err(ScoreError::TooManyKita(5))
    );
    // Three norths held and two set aside: a fifth north.
    let mut w = win("444z234p345p456s88s", "8s", false, "2z");
    w.tsumo = true;
    let sit = Situation {
        kita: 2,
        ..Situation::default()
    };
    assert_eq!(
        score(&w, &sit, &RiichiRules::THREE_PLAYER),
        Err(ScoreError::FifthCopy(Tile::NORTH))
    );
    let w = win("234m345p456s67888s", "8s", true, "2z");
    assert_eq!(
        score(&w, &Situation::default(), &RiichiRules::THREE_PLAYER),
        Err(ScoreError::NotInThreePlayer {
            field: "hand",
            tile: t("2m")
        })
    );
    let (w, mut sit) = pinfu_tsumo(0);
    sit.dora.push(t("5m"));
    assert_eq!(
        score(&w, &sit, &RiichiRules::THREE_PLAYER),
        Err(ScoreError::NotInThreePlayer {
            field: "dora",
            tile: t("5m")
        })
    );
}

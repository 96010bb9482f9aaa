#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! Textbook riichi scoring cases (点数計算の例), worked by hand: fu rules, limits, payments and
//! the choice of the best reading. The oracle fixtures (`riichi_oracle.rs`) cover the breadth.

use mj_score::riichi::{Limit, Points, RiichiRules, Score, ScoreError, Situation, Win, score};
use mj_tiles::notation::parse_pieces;
use mj_tiles::{Meld, MeldKind, Tile};
use rstest::rstest;

fn t(s: &str) -> Tile {
    s.parse().unwrap()
}

/// A win: concealed tiles, melds `(kind, tiles)`, the winning tile, tsumo, seat wind.
fn win(hand: &str, melds: &[(MeldKind, &str)], win_tile: &str, tsumo: bool, seat: &str) -> Win {
    let melds: Vec<Meld> = melds
        .iter()
        .map(|&(kind, tiles)| {
            let called = (kind != MeldKind::Ankan).then(|| &tiles[..1]);
            let suit = &tiles[tiles.len() - 1..];
            let called = called.map(|c| format!("{c}{suit}"));
            let from = match kind {
                MeldKind::Ankan => None,
                MeldKind::Chi => Some(1),
                _ => Some(2),
            };
            Meld::parse(kind, tiles, called.as_deref(), from).unwrap()
        })
        .collect();
    let mut w = Win::from_pieces(&parse_pieces(hand).unwrap(), &melds, t(win_tile)).unwrap();
    w.tsumo = tsumo;
    w.seat_wind = t(seat);
    w
}

fn names(s: &Score) -> Vec<(&'static str, u8)> {
    s.yaku.iter().map(|e| (e.yaku.name(), e.han)).collect()
}

#[rstest]
// Pinfu tsumo: 20 fu, no tsumo fu (平和ツモ 20符).
#[case::pinfu_tsumo("234m345p456s67888s", "8s", true, "2z", 3, 20, 2700)]
// Chiitoitsu: 25 fu (七対子 25符); riichi ron 3 han 25 fu = 3,200.
#[case::chiitoitsu("113355m2277p88s66z", "6z", false, "2z", 3, 25, 3200)]
// Dealer tsumo (親ツモ): 3 han 20 fu = 1,300 all.
#[case::dealer_tsumo("234m345p456s67888s", "8s", true, "1z", 3, 20, 3900)]
// Double wind pair (連風牌の雀頭): 4 fu; riichi 20 + 10 + 4 = 34 -> 40 fu; dealer 1 han 40 fu.
#[case::double_wind_pair("123m456p789s234s11z", "2s", false, "1z", 1, 40, 2000)]
fn closed_hands(
    #[case] hand: &str,
    #[case] win_tile: &str,
    #[case] tsumo: bool,
    #[case] seat: &str,
    #[case] han: u32,
    #[case] fu: u32,
    #[case] total: u32,
) {
    let mut sit = Situation::default();
    let w = win(hand, &[], win_tile, tsumo, seat);
    sit.flags.riichi = !tsumo;
    let s = score(&w, &sit, &RiichiRules::default()).unwrap();
    assert_eq!((s.han, s.fu, s.points.total()), (han, fu, total), "{s:?}");
    let parts: u32 = s.fu_details.iter().map(|p| u32::from(p.fu)).sum();
    assert!(parts <= s.fu && s.fu - parts < 10, "{s:?}");
}

#[test]
fn double_wind_pair_is_4_fu() {
    let mut sit = Situation::default();
    let w = win("123m456p789s234s11z", &[], "2s", false, "1z");
    sit.flags.riichi = true;
    let s = score(&w, &sit, &RiichiRules::default()).unwrap();
    assert!(
        s.fu_details
            .iter()
            .any(|p| p.source.name() == "pair" && p.fu == 4)
    );
    assert_eq!(
        s.points,
        Points::Ron {
            total: 2000,
            ron: 2000
        }
    );
}

#[test]
fn kiriage_mangan() {
    // Riichi, pinfu, tanyao, one dora: 4 han 30 fu = 7,700 for a non-dealer's ron.
    let mut sit = Situation::default();
    let w = win("234m345p456s67888s", &[], "8s", false, "2z");
    sit.flags.riichi = true;
    sit.dora.push(t("1m"));
    let s = score(&w, &sit, &RiichiRules::default()).unwrap();
    assert_eq!(
        (s.han, s.fu, s.limit, s.points.total()),
        (4, 30, None, 7700)
    );
    let mut kiriage = RiichiRules::default();
    kiriage.kiriage = true;
    let s = score(&w, &sit, &kiriage).unwrap();
    assert_eq!((s.limit, s.points.total()), (Some(Limit::Mangan), 8000));
}

#[test]
fn kazoe_yakuman() {
    // Chinitsu 6, ittsu 2, iipeikou 1, pinfu 1, riichi 1, menzen tsumo 1, dora 1 = 13 han.
    let mut sit = Situation::default();
    let w = win("112233456789m99m", &[], "4m", true, "2z");
    sit.flags.riichi = true;
    sit.dora.push(t("3m"));
    let s = score(&w, &sit, &RiichiRules::default()).unwrap();
    assert_eq!((s.han, s.yakuman, s.limit), (13, 0, Some(Limit::Yakuman)));
    assert_eq!(
        s.points,
        Points::Tsumo {
            total: 32000,
            dealer: Some(16000),
            others: 8000
        }
    );
    let mut off = RiichiRules::default();
    off.kazoe_yakuman = false;
    let s = score(&w, &sit, &off).unwrap();
    assert_eq!((s.limit, s.points.total()), (Some(Limit::Sanbaiman), 24000));
}

#[test]
fn honba_and_riichi_sticks() {
    // Riichi, pinfu, tanyao: 3 han 30 fu = 3,900; 2 honba +600; 1 stick +1,000.
    let mut sit = Situation::default();
    let mut w = win("234m345p456s67888s", &[], "8s", false, "2z");
    sit.flags.riichi = true;
    sit.honba = 2;
    sit.riichi_sticks = 1;
    let s = score(&w, &sit, &RiichiRules::default()).unwrap();
    assert_eq!(
        s.points,
        Points::Ron {
            total: 5500,
            ron: 4500
        }
    );
    // Non-dealer tsumo: 100 per payer per honba.
    w.tsumo = true;
    let s = score(&w, &sit, &RiichiRules::default()).unwrap();
    // Riichi, tsumo, pinfu, tanyao: 4 han 20 fu = 1,300 / 2,600.
    assert_eq!(
        s.points,
        Points::Tsumo {
            total: 2800 + 2 * 1500 + 1000,
            dealer: Some(2800),
            others: 1500
        }
    );
}

#[test]
fn shanpon_versus_ryanmen_takes_the_better_reading() {
    // 22233344m + 88s waits on 4m as a shanpon (444, 1 han 40 fu = 1,300) or, read as
    // 234 234 2(34), as a ryanmen: pinfu, tanyao, iipeikou, 3 han 30 fu = 3,900.
    let sit = Situation::default();
    let w = win("222333444m567p88s", &[], "4m", false, "2z");
    let s = score(&w, &sit, &RiichiRules::default()).unwrap();
    assert_eq!((s.han, s.fu, s.points.total()), (3, 30, 3900), "{s:?}");
    assert_eq!(names(&s), [("pinfu", 1), ("tanyao", 1), ("iipeikou", 1)]);
}

#[test]
fn open_pinfu_shape_ron_is_30_fu() {
    // Chi 345s, 234m 567p 678s 88p, ron on 6s (78s two-sided): tanyao only, 20 fu -> 30.
    let sit = Situation::default();
    let w = win(
        "234m567p678s88p",
        &[(MeldKind::Chi, "345s")],
        "6s",
        false,
        "2z",
    );
    let s = score(&w, &sit, &RiichiRules::default()).unwrap();
    assert_eq!((s.han, s.fu, s.points.total()), (1, 30, 1000), "{s:?}");
    assert!(s.fu_details.iter().any(|p| p.source.name() == "open_pinfu"));
}

#[test]
fn bad_input_is_an_error() {
    let mut sit = Situation::default();
    let w = win("234m345p456s67888s", &[], "8s", false, "2z");
    sit.flags.ippatsu = true;
    assert!(matches!(
        score(&w, &sit, &RiichiRules::default()),
        Err(ScoreError::InconsistentFlags(_))
    ));
    let sit = Situation::default();
    let mut w = win("234m345p456s67888s", &[], "8s", false, "2z");
    w.win_tile = t("1z");
    assert_eq!(
        score(&w, &sit, &RiichiRules::default()),
        Err(ScoreError::WinTileNotInHand(t("1z")))
    );
    let sit = Situation::default();
    let w = win("234m345p456s6788s", &[], "8s", false, "2z");
    assert!(matches!(
        score(&w, &sit, &RiichiRules::default()),
        Err(ScoreError::WrongTileCount { .. })
    ));
    let sit = Situation::default();
    let w = win("123m456p789s23455s", &[], "5s", false, "2z");
    assert_eq!(
        score(&w, &sit, &RiichiRules::default()),
        Err(ScoreError::NoYaku)
    );
}

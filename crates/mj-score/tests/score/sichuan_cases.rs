//! Textbook Sichuan (血战到底) hands under the common table (`SichuanRules::COMMON`), one per
//! rule, with the definitions as the project's issue states the common 血战到底 rule text (no
//! single official text exists; platform tables differ in values, which is why the table is
//! data, and e.g. the World Mahjong Tour's tournament rules cap the total at three fan):
//!
//! - 平胡: a plain win, 0 fan (1x); 对对胡 (all triplets) 1; 清一色 (one suit) 2; 七对 2;
//! - 龙七对 = 七对 holding a four of a kind, 3 fan, that four of a kind not counted again as 根;
//!   清龙七对 = 清一色 + 龙七对, 5;
//! - 将对 = 对对胡 of 2s, 5s and 8s only, 3; 清对 = 清一色 + 对对胡, 3;
//! - 带幺九 = every set and the pair hold a 1 or 9, 2; 清幺九 4;
//! - 金钩钓 = 对对胡 with four declared melds and a single-tile wait (+1 over 对对胡);
//! - 十八罗汉 = four kongs (6 with 对对胡, its four 根 included);
//! - 根 = each kind of which all four tiles are in the hand, melds included (a kong counts), +1
//!   each; 自摸, 杠上花, 杠上炮, 抢杠胡, 海底捞月, 海底炮 +1 each; 天胡 / 地胡 5.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use rstest::rstest;

use mj_score::sichuan::{
    Fan, FanRule, NotAWin, SichuanError, SichuanRules, Situation, Win, reference, score,
};
use mj_tiles::{Meld, MeldKind, Suit, TileCounts, TileSet};

/// `melds`: space-separated `kind:tiles`.
fn win(hand: &str, melds: &str, wild: &str, win_tile: &str) -> Win {
    let counts: TileCounts = hand.parse().unwrap();
    let melds = melds
        .split_whitespace()
        .map(|m| {
            let (kind, tiles) = m.split_once(':').unwrap();
            Meld::parse(MeldKind::from_name(kind).unwrap(), tiles, None, None).unwrap()
        })
        .collect();
    let melds: Vec<Meld> = melds;
    let mut win = Win::new(counts, &melds, win_tile.parse().unwrap());
    win.wild = wild.parse::<TileSet>().unwrap();
    win
}

fn names(win: &Win, sit: &Situation, rules: &SichuanRules) -> (u32, Vec<String>) {
    let s = score(win, sit, rules).unwrap();
    let slow = reference::score(win, sit, rules).unwrap();
    assert_eq!(s.fan_uncapped, slow.fan_uncapped, "{win:?}");
    let list = s
        .fans
        .iter()
        .map(|f| {
            if f.count > 1 {
                format!("{}x{}", f.name, f.count)
            } else {
                f.name.to_owned()
            }
        })
        .collect();
    (s.fan, list)
}

#[rstest]
#[case::ping_hu("123m456m789m234p55p", "", "5p", 0, "ping_hu")]
#[case::dui_dui_hu("111m222m333p444p55p", "", "5p", 1, "dui_dui_hu")]
#[case::qing_yi_se("12345678923455m", "", "5m", 2, "qing_yi_se")]
#[case::qi_dui("112233m44556677p", "", "7p", 2, "qi_dui")]
#[case::long_qi_dui("111122m33445566p", "", "6p", 3, "long_qi_dui")]
#[case::long_qi_dui_two_quads("11112222m334455p", "", "5p", 4, "long_qi_dui gen")]
#[case::qing_qi_dui("11223344556677m", "", "7m", 4, "qing_qi_dui")]
#[case::qing_long_qi_dui("11112233445566m", "", "6m", 5, "qing_long_qi_dui")]
#[case::dai_yao_jiu("123m789m111p789p99p", "", "9p", 2, "dai_yao_jiu")]
#[case::qing_yao_jiu("12312312378999m", "", "9m", 4, "qing_yao_jiu")]
#[case::jiang_dui("222555888m22255p", "", "5p", 3, "jiang_dui")]
#[case::qing_dui("11133355577799m", "", "9m", 3, "qing_dui")]
#[case::jin_gou_diao(
    "55p",
    "pon:111m pon:999m pon:333p pon:777p",
    "5p",
    2,
    "dui_dui_hu jin_gou_diao"
)]
#[case::shi_ba_luo_han(
    "55p",
    "minkan:1111m ankan:2222m kakan:3333p minkan:4444p",
    "5p",
    6,
    "dui_dui_hu shi_ba_luo_han"
)]
#[case::gen_from_a_pon("123p456m789m55p", "pon:555m", "5p", 1, "ping_hu gen")]
#[case::kong_is_a_gen("123p456m789m55p", "minkan:1111m", "5p", 1, "ping_hu gen")]
#[case::wildcard_finishes_qing_qi_dui("1122334455667m7z", "", "7z", 4, "qing_qi_dui")]
fn textbook(
    #[case] hand: &str,
    #[case] melds: &str,
    #[case] win_tile: &str,
    #[case] fan: u32,
    #[case] expected: &str,
) {
    let w = win(hand, melds, "7z", win_tile);
    let (total, list) = names(&w, &Situation::default(), &SichuanRules::COMMON);
    assert_eq!(list.join(" "), expected, "{hand}");
    assert_eq!(total, fan, "{hand}");
}

/// (tsumo, kong, chankan, last_wall, tenhou, chiihou) on a 平胡 hand.
#[rstest]
#[case::zi_mo((true, false, false, false, false, false), 1, "ping_hu zi_mo")]
#[case::gang_shang_hua((true, true, false, false, false, false), 2, "ping_hu zi_mo gang_shang_hua")]
#[case::gang_shang_pao((false, true, false, false, false, false), 1, "ping_hu gang_shang_pao")]
#[case::qiang_gang_hu((false, false, true, false, false, false), 1, "ping_hu qiang_gang_hu")]
#[case::hai_di_lao_yue((true, false, false, true, false, false), 2, "ping_hu zi_mo hai_di_lao_yue")]
#[case::hai_di_pao((false, false, false, true, false, false), 1, "ping_hu hai_di_pao")]
#[case::tian_hu((true, false, false, false, true, false), 6, "ping_hu tian_hu zi_mo")]
#[case::di_hu((false, false, false, false, false, true), 5, "ping_hu di_hu")]
fn situations(
    #[case] f: (bool, bool, bool, bool, bool, bool),
    #[case] fan: u32,
    #[case] expected: &str,
) {
    let mut w = win("123m456m789m234p55p", "", "", "5p");
    let mut sit = Situation::default();
    (
        w.tsumo,
        sit.kong,
        sit.chankan,
        sit.last_wall,
        sit.tenhou,
        sit.chiihou,
    ) = f;
    let (total, list) = names(&w, &sit, &SichuanRules::COMMON);
    assert_eq!(list.join(" "), expected);
    assert_eq!(total, fan);
}

#[test]
fn cap_applies_to_the_total_only() {
    let sit = Situation::default();
    let mut w = win("11112233445566m", "", "", "6m");
    w.tsumo = true;
    let rules = SichuanRules::COMMON.with_cap(Some(4));
    let s = score(&w, &sit, &rules).unwrap();
    assert_eq!((s.fan, s.fan_uncapped), (4, 6));
    assert_eq!(s.multiplier(), 16);
    assert_eq!(s.fans.iter().map(|f| f.fan * f.count).sum::<u32>(), 6);
}

#[test]
fn presets_are_data() {
    let w = win("55p", "pon:111m pon:999m pon:333p pon:777p", "", "5p");
    // classic: no 金钩钓.
    assert_eq!(
        names(&w, &Situation::default(), &SichuanRules::CLASSIC),
        (1, vec!["dui_dui_hu".to_owned()])
    );
    // A platform where 金钩钓 is worth 2 and replaces 对对胡.
    let platform = SichuanRules::COMMON.with(
        Fan::JinGouDiao,
        FanRule {
            value: Some(2),
            absorbs: Fan::DuiDuiHu.bit(),
            absorbs_gen: 0,
        },
    );
    assert_eq!(
        names(&w, &Situation::default(), &platform),
        (2, vec!["jin_gou_diao".to_owned()])
    );
    assert_eq!(
        SichuanRules::preset("zimo_jiadi"),
        Some(SichuanRules::ZIMO_JIADI)
    );
    assert_eq!(SichuanRules::preset("nope"), None);
}

#[test]
fn lack_one_suit() {
    let mut sit = Situation::default();
    let w = win("123m456m789m234p55p", "", "", "5p");
    sit.lack = Some(Suit::Sou);
    assert!(score(&w, &sit, &SichuanRules::COMMON).is_ok());
    sit.lack = Some(Suit::Pin);
    assert_eq!(
        score(&w, &sit, &SichuanRules::COMMON),
        Err(SichuanError::NotAWin(NotAWin::LackedSuit(Suit::Pin)))
    );
    let three = win("123m456p789s11m234m", "", "", "1m");
    assert_eq!(
        score(&three, &Situation::default(), &SichuanRules::COMMON),
        Err(SichuanError::NotAWin(NotAWin::ThreeSuits))
    );
}

#[test]
fn wildcards_never_become_the_suit_given_up() {
    // 11 wildcard-free tiles of m and p plus three 红中: with 缺 p the wildcards stay in m.
    let mut sit = Situation::default();
    let w = win("123m456m789m11m777z", "", "7z", "7z");
    sit.lack = Some(Suit::Pin);
    let s = score(&w, &sit, &SichuanRules::COMMON).unwrap();
    assert!(
        s.reading
            .wildcards
            .iter()
            .all(|u| u.as_tile.suit() == Suit::Man),
        "{s:?}"
    );
    assert_eq!(s.reading.wildcards.len(), 3);
    // Clean hand: 清一色 at least.
    assert!(
        reference::has_fan(&s.fans, Fan::QingYiSe)
            || s.fans.iter().any(|f| f.name.starts_with("qing"))
    );
}

#[test]
fn a_wildcard_may_be_a_fifth_copy() {
    // 1111m + 红中 as 1m: 111m + 11m; eight copies would be two 根.
    let sit = Situation::default();
    let w = win("1111m234m567m789m7z", "", "7z", "7z");
    let s = score(&w, &sit, &SichuanRules::COMMON).unwrap();
    let slow = reference::score(&w, &sit, &SichuanRules::COMMON).unwrap();
    assert_eq!(s.fan_uncapped, slow.fan_uncapped);
    assert!(s.fan >= 3, "{s:?}"); // 清一色 + 根
}

#[test]
fn bad_input_is_an_error() {
    let sit = Situation::default();
    let w = win("123m456m789m234p5p", "", "", "5p");
    assert!(matches!(
        score(&w, &sit, &SichuanRules::COMMON),
        Err(SichuanError::HandSize { .. })
    ));
    let sit = Situation::default();
    let w = win("123m456m789m234p11z", "", "", "1z");
    assert!(matches!(
        score(&w, &sit, &SichuanRules::COMMON),
        Err(SichuanError::HonorTile(_))
    ));
    let mut sit = Situation::default();
    let mut w = win("123m456m789m234p55p", "", "", "5p");
    sit.chankan = true;
    w.tsumo = true;
    assert!(matches!(
        score(&w, &sit, &SichuanRules::COMMON),
        Err(SichuanError::Flags(_))
    ));
    let sit = Situation::default();
    let w = win("1234567m1234567p", "", "", "1m");
    assert_eq!(
        score(&w, &sit, &SichuanRules::COMMON),
        Err(SichuanError::NotAWin(NotAWin::NoShape))
    );
}

#[test]
fn huge_table_values_saturate() {
    let mut rules = SichuanRules::COMMON;
    for fan in Fan::ALL {
        rules = rules.with(
            fan,
            FanRule {
                value: Some(u32::MAX),
                absorbs: u32::MAX,
                absorbs_gen: u32::MAX,
            },
        );
    }
    let sit = Situation::default();
    let mut w = win("11112233445566m", "", "", "6m");
    w.tsumo = true;
    let s = score(&w, &sit, &rules).unwrap();
    assert_eq!(s.fan, u32::MAX);
    assert_eq!(s.multiplier(), 1 << 63);
}

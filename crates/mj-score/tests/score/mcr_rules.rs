#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! Textbook hands of the official rules (2006 rule book), a few per family: each lists the fans
//! it must score (protocol ids, with counts) and the total; and the input errors.

use mj_score::mcr::{self, Form, Group, GroupKind, McrError, McrScore, Situation, Win};
use mj_tiles::notation::parse_tiles;
use mj_tiles::{Meld, MeldKind, Tile, TileCounts};
use rstest::rstest;

/// `melds`: space-separated `kind:tiles` (`pon:555z`, `chi:123m`, `ankan:7777p`).
fn win(hand: &str, melds: &str, win_tile: &str, flags: &str) -> (Win, Situation) {
    let melds = melds
        .split_whitespace()
        .map(|m| {
            let (kind, tiles) = m.split_once(':').unwrap();
            let kind = MeldKind::from_name(kind).unwrap();
            let called = (kind != MeldKind::Ankan).then(|| &tiles[..1]);
            let called = called.map(|c| format!("{c}{}", &tiles[tiles.len() - 1..]));
            let from = match kind {
                MeldKind::Ankan => None,
                MeldKind::Chi => Some(1),
                _ => Some(2),
            };
            Meld::parse(kind, tiles, called.as_deref(), from).unwrap()
        })
        .collect();
    let melds: Vec<Meld> = melds;
    let concealed = TileCounts::from_tiles(parse_tiles(hand).unwrap()).unwrap();
    let mut w = Win::new(concealed, &melds, win_tile.parse::<Tile>().unwrap());
    let mut sit = Situation::default();
    for f in flags.split_whitespace() {
        match f {
            "tsumo" => w.tsumo = true,
            "last_tile" => sit.last_tile = true,
            "kong" => sit.kong = true,
            "last_wall" => sit.last_wall = true,
            _ if f.starts_with("seat=") => w.seat_wind = f[5..].parse().unwrap(),
            _ if f.starts_with("round=") => w.round_wind = f[6..].parse().unwrap(),
            _ if f.starts_with("flowers=") => sit.flowers = f[8..].parse().unwrap(),
            _ => panic!("unknown flag {f}"),
        }
    }
    (w, sit)
}

fn score(w: &(Win, Situation)) -> Result<McrScore, McrError> {
    mcr::score(&w.0, &w.1)
}

fn evaluate(w: &(Win, Situation)) -> Result<McrScore, McrError> {
    mcr::evaluate(&w.0, &w.1)
}

fn fans_of(s: &mcr::McrScore) -> Vec<String> {
    s.fans
        .iter()
        .map(|e| {
            if e.count == 1 {
                e.name.to_owned()
            } else {
                format!("{}*{}", e.name, e.count)
            }
        })
        .collect()
}

#[rstest]
// Special forms.
#[case::thirteen_orphans("119m19p19s1234567z", "", "1m", "", "shi_san_yao", 88)]
#[case::seven_pairs_all_types("1133m5577p22s4466z", "", "6z", "", "qi_dui wu_men_qi", 30)]
#[case::seven_shifted_pairs("11223344556677m", "", "7m", "tsumo", "lian_qi_dui zi_mo", 89)]
#[case::lesser_honors_knitted("147m258p36s123456z", "", "6z", "", "quan_bu_kao", 12)]
#[case::greater_honors_knitted("14m25p369s1234567z", "", "7z", "tsumo", "qi_xing_bu_kao zi_mo", 25)]
#[case::knitted_straight(
    "147m258p369s456m22z",
    "",
    "2z",
    "",
    "zu_he_long men_qian_qing dan_diao_jiang",
    15
)]
#[case::nine_gates_on_a_terminal(
    "11112345678999m",
    "",
    "1m",
    "",
    "jiu_lian_bao_deng qing_long si_gui_yi",
    106
)]
// 88 and 64.
#[case::big_four_winds(
    "111222333444z55m",
    "",
    "5m",
    "",
    "da_si_xi si_an_ke hun_yi_se dan_diao_jiang",
    159
)]
#[case::big_three_dragons(
    "123m99p",
    "pon:555z pon:666z pon:777z",
    "3m",
    "",
    "da_san_yuan quan_dai_yao que_yi_men bian_zhang",
    94
)]
#[case::four_kongs(
    "55m",
    "minkan:1111m minkan:2222p ankan:3333s kakan:4444z",
    "5m",
    "",
    "si_gang san_se_san_jie_gao yao_jiu_ke*2",
    98
)]
// Sets: the best reading, 不重复 and 套算一次.
#[case::pure_straight_all_chows(
    "123456789m234p55s",
    "",
    "5s",
    "",
    "qing_long men_qian_qing ping_he dan_diao_jiang",
    21
)]
#[case::shifted_pungs_beat_triple_chow(
    "111222333m456p77s",
    "",
    "7s",
    "",
    "yi_se_san_jie_gao san_an_ke men_qian_qing yao_jiu_ke wu_zi dan_diao_jiang",
    45
)]
#[case::mixed_double_chows_count_once(
    "234567m234567p55s",
    "",
    "5s",
    "",
    "men_qian_qing ping_he duan_yao xi_xiang_feng*2 lian_liu dan_diao_jiang",
    10
)]
#[case::melded_hand(
    "55s",
    "chi:123m chi:456p pon:777s pon:999p",
    "5s",
    "",
    "quan_qiu_ren yao_jiu_ke wu_zi",
    8
)]
// Win flags.
#[case::last_tile_claim(
    "123m456m789p234s55p",
    "",
    "4s",
    "last_tile last_wall",
    "hai_di_lao_yue he_jue_zhang men_qian_qing ping_he lian_liu",
    17
)]
#[case::robbing_the_kong_drops_last_tile(
    "123m456m789p234s55p",
    "",
    "4s",
    "kong last_tile",
    "qiang_gang_he men_qian_qing ping_he lian_liu",
    13
)]
#[case::last_tile_draw_not_self_drawn(
    "123m456m789p234s55p",
    "",
    "4s",
    "tsumo last_wall",
    "miao_shou_hui_chun bu_qiu_ren ping_he lian_liu",
    15
)]
#[case::kong_replacement(
    "123m789p234s55p",
    "minkan:4444m",
    "4s",
    "tsumo kong",
    "gang_shang_kai_hua ming_gang wu_zi",
    10
)]
#[case::winds_and_flowers(
    "123m345p789s99m",
    "pon:111z",
    "9m",
    "round=1z seat=1z flowers=3",
    "quan_feng_ke men_feng_ke dan_diao_jiang hua_pai*3",
    8
)]
fn textbook(
    #[case] hand: &str,
    #[case] melds: &str,
    #[case] win_tile: &str,
    #[case] flags: &str,
    #[case] fans: &str,
    #[case] total: u32,
) {
    let w = win(hand, melds, win_tile, flags);
    let s = match score(&w) {
        Ok(s) => s,
        Err(McrError::BelowMinimum { score, .. }) => *score,
        Err(e) => panic!("{hand} {melds}: {e}"),
    };
    let want: Vec<&str> = fans.split_whitespace().collect();
    assert_eq!(fans_of(&s), want, "{hand} {melds} win {win_tile} {flags}");
    assert_eq!(s.total, total, "{hand} {melds}");
}

#[test]
fn one_exposed_and_one_concealed_kong_are_two_fans() {
    // Official table: 明杠 1 + 暗杠 2 (no 明暗杠); 5 fan in all is below the minimum.
    let w = win("123s456s77z", "minkan:5555m ankan:7777p", "7z", "");
    match score(&w) {
        Err(McrError::BelowMinimum { fan, score }) => {
            assert_eq!(fan, 5);
            assert_eq!(
                fans_of(&score),
                ["an_gang", "lian_liu", "ming_gang", "dan_diao_jiang"]
            );
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn flowers_do_not_reach_the_minimum() {
    let w = win("123m345p789s99m", "pon:222p", "9m", "flowers=8");
    let s = evaluate(&w).unwrap();
    assert_eq!(s.total, s.total_without_flowers + 8);
    assert!(s.total >= 8 && s.total_without_flowers < 8);
    assert_eq!(
        score(&w).unwrap_err(),
        McrError::BelowMinimum {
            fan: s.total_without_flowers,
            score: Box::new(s)
        }
    );
}

#[test]
fn chosen_reading_is_reported() {
    let s = evaluate(&win("147m258p369s456m22z", "", "2z", "")).unwrap();
    assert_eq!(s.form, Form::KnittedStraight);
    assert_eq!(s.groups().len(), 2);
    let t = |x: &str| x.parse::<Tile>().unwrap();
    let knitted: Vec<Tile> = ["1m", "4m", "7m", "2p", "5p", "8p", "3s", "6s", "9s"]
        .map(t)
        .to_vec();
    assert_eq!(s.knitted().map(|k| k.to_vec()), Some(knitted));
    let s = evaluate(&win("123456789m234p55s", "", "5s", "")).unwrap();
    assert_eq!(s.form, Form::Standard);
    assert_eq!(s.knitted(), None);
    let chow = |x: &str| Group::concealed(GroupKind::Sequence, t(x));
    assert_eq!(
        s.groups().groups(),
        [
            chow("1m"),
            chow("4m"),
            chow("7m"),
            chow("2p"),
            Group::concealed(GroupKind::Pair, t("5s"))
        ]
    );
    let s = evaluate(&win("123m99p", "pon:555z pon:666z pon:777z", "3m", "")).unwrap();
    let pon = |x: &str| Group {
        kind: GroupKind::Triplet,
        tile: t(x),
        concealed: false,
        declared: Some(MeldKind::Pon),
    };
    assert_eq!(s.groups()[..3], [pon("5z"), pon("6z"), pon("7z")]);
    assert_eq!(s.groups()[4], Group::concealed(GroupKind::Pair, t("9p")));
    let s = evaluate(&win(
        "123m99p",
        "ankan:5555z minkan:6666z kakan:7777z",
        "3m",
        "",
    ))
    .unwrap();
    let kan = |x: &str, kind: MeldKind| Group {
        kind: GroupKind::Quad,
        tile: t(x),
        concealed: kind == MeldKind::Ankan,
        declared: Some(kind),
    };
    assert_eq!(
        s.groups()[..3],
        [
            kan("5z", MeldKind::Ankan),
            kan("6z", MeldKind::Minkan),
            kan("7z", MeldKind::Kakan)
        ]
    );
}

#[rstest]
#[case::not_a_win("123456789m12z333p", "", "3p", McrError::NotAWin)]
#[case::short("123456789m12z33p", "", "3p", McrError::HandSize { found: 13, melds: 0, expected: 14 })]
#[case::win_tile_missing("119m19p19s1234567z", "", "5m", McrError::WinTileNotInHand("5m".parse().unwrap()))]
#[case::fifth_copy("11112345678999m", "", "1m", McrError::NotAWin)]
fn errors(#[case] hand: &str, #[case] melds: &str, #[case] win_tile: &str, #[case] want: McrError) {
    let w = win(hand, melds, win_tile, "");
    if hand == "11112345678999m" {
        // Four 1m in hand plus a pon of 1m in the melds: a fifth copy.
        let mut w = w;
        w.0.concealed = "11112345678m".parse().unwrap();
        w.0.melds =
            std::iter::once(Meld::parse(MeldKind::Pon, "111m", Some("1m"), Some(2)).unwrap())
                .collect();
        assert_eq!(score(&w), Err(McrError::FifthCopy("1m".parse().unwrap())));
        return;
    }
    assert_eq!(score(&w).unwrap_err(), want);
}

#[test]
fn bad_winds_and_flowers() {
    let mut w = win("119m19p19s1234567z", "", "1m", "");
    w.0.seat_wind = Tile::WHITE;
    assert!(matches!(
        score(&w),
        Err(McrError::NotAWind { which: "seat", .. })
    ));
    let mut w = win("119m19p19s1234567z", "", "1m", "");
    w.1.flowers = 9;
    assert_eq!(score(&w).unwrap_err(), McrError::TooManyFlowers(9));
}

#[test]
fn fan_table_matches_the_documented_names() {
    // tools/oracle/README.md, "MCR fan names": | # | `name` | zh | fan | oracle name | English |
    let readme = include_str!("../../../../tools/oracle/README.md");
    let mut rows = 0;
    for line in readme.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if cells.len() < 7 || cells[1].parse::<usize>().is_err() {
            continue;
        }
        let index: usize = cells[1].parse().unwrap();
        let name = cells[2].trim_matches('`');
        let fan = mcr::Fan::ALL[index - 1];
        assert_eq!(fan.name(), name, "row {index}");
        assert_eq!(fan.zh(), cells[3], "row {index}");
        let value: u32 = cells[4].split_whitespace().next().unwrap().parse().unwrap();
        assert_eq!(fan.value(), value, "row {index}");
        assert_eq!(mcr::Fan::from_name(name), Some(fan));
        rows += 1;
    }
    assert_eq!(rows, mcr::FAN_COUNT);

    // The same table in the module docs of `mcr::table`.
    let docs = include_str!("../../src/mcr/table.rs");
    let mut doc_rows = 0;
    for line in docs.lines().filter_map(|l| l.strip_prefix("//! |")) {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let Ok(index) = cells[0].parse::<usize>() else {
            continue;
        };
        let fan = mcr::Fan::ALL[index - 1];
        assert_eq!(cells[1].trim_matches('`'), fan.name(), "doc row {index}");
        assert_eq!(cells[2], fan.zh(), "doc row {index}");
        assert!(
            cells[3].starts_with(&fan.value().to_string()),
            "doc row {index}"
        );
        doc_rows += 1;
    }
    assert_eq!(doc_rows, mcr::FAN_COUNT);
}

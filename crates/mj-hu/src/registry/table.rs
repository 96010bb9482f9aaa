//! The table of [`SWITCHES`] and the builders that keep its entries short.

use super::{GameDefaults, GamePart, GamePreset, Layer, Preset, Switch, SwitchType, SwitchValue};

use GamePreset as G;

const RIICHI: &[Preset] = &[Preset::Riichi, Preset::Sanma];
const EVERY: &[Preset] = &Preset::ALL;
const NONE: &[Preset] = &[];
const NOT_SICHUAN: &[Preset] = &[Preset::Generic, Preset::Riichi, Preset::Mcr, Preset::Sanma];

const fn shape(name: &'static str, on_in: &'static [Preset], doc: &'static str) -> Switch {
    Switch {
        name,
        ty: SwitchType::Bool,
        layer: Layer::Shapes,
        on_in,
        doc,
        game: None,
    }
}

const fn score(
    name: &'static str,
    ty: SwitchType,
    presets: &'static [Preset],
    on_in: &'static [Preset],
    doc: &'static str,
) -> Switch {
    Switch {
        name,
        ty,
        layer: Layer::Score(presets),
        on_in,
        doc,
        game: None,
    }
}

/// A name-only choice (its default is the first name).
const fn one_of(
    name: &'static str,
    names: &'static [&'static str],
    presets: &'static [Preset],
    doc: &'static str,
) -> Switch {
    score(name, SwitchType::OneOf(names), presets, NONE, doc)
}

/// A scoring switch a game also reads (and passes to its scorer): its part of `GameRules` and
/// its value under each game preset.
const fn with_game(s: Switch, part: GamePart, values: [SwitchValue; GamePreset::COUNT]) -> Switch {
    Switch {
        game: Some(GameDefaults { part, values }),
        ..s
    }
}

/// A game switch.
const fn game(
    name: &'static str,
    ty: SwitchType,
    part: GamePart,
    values: [SwitchValue; GamePreset::COUNT],
    doc: &'static str,
) -> Switch {
    Switch {
        name,
        ty,
        layer: Layer::Game,
        on_in: NONE,
        doc,
        game: Some(GameDefaults { part, values }),
    }
}

/// A boolean game switch.
const fn flag(
    name: &'static str,
    part: GamePart,
    values: [SwitchValue; GamePreset::COUNT],
    doc: &'static str,
) -> Switch {
    game(name, SwitchType::Bool, part, values, doc)
}

/// A whole-number game switch in `min..=max`.
const fn int(
    name: &'static str,
    part: GamePart,
    min: i32,
    max: i32,
    values: [SwitchValue; GamePreset::COUNT],
    doc: &'static str,
) -> Switch {
    game(name, SwitchType::Int { min, max }, part, values, doc)
}

/// The riichi game presets.
const RIICHI_GAMES: &[GamePreset] = &[G::Tenhou, G::MahjongSoul, G::Sanma, G::SanmaMahjongSoul];
/// The four-player riichi game presets.
const FOUR: &[GamePreset] = &[G::Tenhou, G::MahjongSoul];
/// The three-player riichi game presets.
const THREE: &[GamePreset] = &[G::Sanma, G::SanmaMahjongSoul];
/// The 血战到底 game presets.
const XUEZHAN: &[GamePreset] = &[G::Sichuan, G::SichuanHongzhong];

/// On under the listed game presets, off under the others.
const fn on(presets: &[GamePreset]) -> [SwitchValue; GamePreset::COUNT] {
    let mut v = [SwitchValue::Bool(false); GamePreset::COUNT];
    let mut i = 0;
    while i < presets.len() {
        v[presets[i] as usize] = SwitchValue::Bool(true);
        i += 1;
    }
    v
}

/// A number per game preset.
const fn ints(x: [i32; GamePreset::COUNT]) -> [SwitchValue; GamePreset::COUNT] {
    let mut v = [SwitchValue::Int(0); GamePreset::COUNT];
    let mut i = 0;
    while i < GamePreset::COUNT {
        v[i] = SwitchValue::Int(x[i]);
        i += 1;
    }
    v
}

/// The same number under every game preset.
const fn every_int(x: i32) -> [SwitchValue; GamePreset::COUNT] {
    [SwitchValue::Int(x); GamePreset::COUNT]
}

/// A name per game preset.
const fn names(x: [&'static str; GamePreset::COUNT]) -> [SwitchValue; GamePreset::COUNT] {
    let mut v = [SwitchValue::Name(""); GamePreset::COUNT];
    let mut i = 0;
    while i < GamePreset::COUNT {
        v[i] = SwitchValue::Name(x[i]);
        i += 1;
    }
    v
}

/// The same name under every game preset.
const fn every_name(x: &'static str) -> [SwitchValue; GamePreset::COUNT] {
    [SwitchValue::Name(x); GamePreset::COUNT]
}

/// Four numbers per game preset.
const fn umas(x: [[i32; 4]; GamePreset::COUNT]) -> [SwitchValue; GamePreset::COUNT] {
    let mut v = [SwitchValue::Ints([0; 4]); GamePreset::COUNT];
    let mut i = 0;
    while i < GamePreset::COUNT {
        v[i] = SwitchValue::Ints(x[i]);
        i += 1;
    }
    v
}

/// Every switch, in the order `mj batch` lists its options: the one place to add a switch (and
/// then to the option type of its layer, or to `mj_game::GameRules`). The shape switches come
/// first, in [`crate::Rules`]' field order (that type's presets, names and by-name setter are
/// built from them), then the scoring switches, then the game switches by part
/// ([`GamePart`]: common, riichi, Sichuan, 红中, MCR; the game values of the scoring switches a
/// game also reads are given with them).
pub const SWITCHES: &[Switch] = &[
    shape("seven_pairs", EVERY, "seven pairs is a winning shape"),
    shape(
        "distinct_pairs",
        RIICHI,
        "the seven pairs are seven different kinds",
    ),
    shape(
        "thirteen_orphans",
        NOT_SICHUAN,
        "thirteen orphans is a winning shape",
    ),
    shape(
        "honor_sequences",
        NONE,
        "three different winds, or the three dragons, form a sequence",
    ),
    shape(
        "eyes_258",
        NONE,
        "the pair of a standard hand is a 2, 5 or 8",
    ),
    shape(
        "knitted",
        &[Preset::Mcr],
        "MCR knitted shapes win (全不靠, 组合龙)",
    ),
    shape("honors", NOT_SICHUAN, "honor tiles exist"),
    shape(
        "lack_one_suit",
        &[Preset::Sichuan],
        "a win holds at most two numbered suits (缺一门)",
    ),
    score(
        "kuitan",
        SwitchType::Bool,
        RIICHI,
        RIICHI,
        "open tanyao (喰いタン)",
    ),
    score(
        "aka",
        SwitchType::Bool,
        RIICHI,
        RIICHI,
        "red fives are dora (赤ドラ)",
    ),
    with_game(
        score(
            "double_yakuman",
            SwitchType::Bool,
            RIICHI,
            RIICHI,
            "kokushi_13, suuankou_tanki, junsei_chuuren, daisuushii count 2",
        ),
        GamePart::Riichi,
        on(&[G::MahjongSoul, G::SanmaMahjongSoul]),
    ),
    with_game(
        score(
            "kazoe_yakuman",
            SwitchType::Bool,
            RIICHI,
            RIICHI,
            "13+ han is a yakuman (数え役満)",
        ),
        GamePart::Riichi,
        on(&G::ALL),
    ),
    with_game(
        score(
            "kiriage",
            SwitchType::Bool,
            RIICHI,
            NONE,
            "4 han 30 fu and 3 han 60 fu are a mangan (切り上げ満貫)",
        ),
        GamePart::Riichi,
        on(&[]),
    ),
    one_of(
        "renhou",
        &["none", "mangan", "yakuman"],
        RIICHI,
        "what a ron before the first draw (人和) scores",
    ),
    with_game(
        score(
            "tsumo_loss",
            SwitchType::Bool,
            &[Preset::Sanma],
            &[Preset::Sanma],
            "three players: a tsumo is not paid the absent seat's share (ツモ損)",
        ),
        GamePart::Riichi,
        on(THREE),
    ),
    score(
        "ming_an_gang",
        SwitchType::Bool,
        &[Preset::Mcr],
        NONE,
        "one melded and one concealed kong are 明暗杠 (5 fan)",
    ),
    with_game(
        one_of(
            "sichuan_table",
            &["common", "zimo_jiadi", "classic"],
            &[Preset::Sichuan],
            "which Sichuan fan table",
        ),
        GamePart::Sichuan,
        every_name("common"),
    ),
    // ----- the game switches (mj_game::GameRules), by part -----
    game(
        "flow",
        SwitchType::OneOf(&["riichi", "sichuan", "hongzhong", "mcr"]),
        GamePart::Common,
        names([
            "riichi",
            "riichi",
            "riichi",
            "riichi",
            "sichuan",
            "sichuan",
            "hongzhong",
            "mcr",
            "mcr",
        ]),
        "the game's flow: riichi, Sichuan 血战到底 (红中血战 with `wildcards`), 红中麻将 or MCR 国标",
    ),
    int(
        "players",
        GamePart::Common,
        3,
        4,
        ints([4, 4, 3, 3, 4, 4, 4, 4, 4]),
        "seats: 4, or 3 for three-player riichi (108 tiles, 2m-8m removed; seat 3 absent)",
    ),
    flag(
        "chi",
        GamePart::Common,
        on(&[G::Tenhou, G::MahjongSoul, G::Mcr, G::McrBotzone]),
        "chi (吃) may be called (MCR: from the seat on the left only)",
    ),
    flag(
        "red_fives",
        GamePart::Common,
        on(RIICHI_GAMES),
        "one red five per suit, a han each (three players: 5p and 5s only)",
    ),
    flag(
        "double_ron",
        GamePart::Common,
        on(&[
            G::Tenhou,
            G::MahjongSoul,
            G::Sanma,
            G::SanmaMahjongSoul,
            G::Sichuan,
            G::SichuanHongzhong,
        ]),
        "several seats may win on one discard (ダブロン, 一炮多响); off: the first in turn order \
         from the discarder (截和; 红中麻将 and MCR always)",
    ),
    int(
        "start_points",
        GamePart::Common,
        i32::MIN,
        i32::MAX,
        ints([25000, 25000, 35000, 35000, 0, 0, 0, 0, 0]),
        "every seat's score at the start (the Chinese flows count stakes won and lost from 0)",
    ),
    flag(
        "kita",
        GamePart::Riichi,
        on(THREE),
        "a north may be set aside (抜きドラ; three players only), a dora for its owner",
    ),
    flag(
        "open_tanyao",
        GamePart::Riichi,
        on(&G::ALL),
        "open tanyao (喰いタン)",
    ),
    flag(
        "triple_ron_abort",
        GamePart::Riichi,
        on(&[G::Tenhou]),
        "three rons on one discard abort the round (三家和); off: all three win",
    ),
    flag(
        "nine_terminals",
        GamePart::Riichi,
        on(RIICHI_GAMES),
        "nine different terminals and honors on the first draw may abort (九種九牌)",
    ),
    flag(
        "four_winds",
        GamePart::Riichi,
        on(FOUR),
        "the same wind discarded by all four on the first go-around aborts (四風連打)",
    ),
    flag(
        "four_riichi",
        GamePart::Riichi,
        on(FOUR),
        "a fourth riichi accepted aborts (四家立直; four players only)",
    ),
    flag(
        "four_kans",
        GamePart::Riichi,
        on(RIICHI_GAMES),
        "a fourth kan by two or more seats aborts after its discard (四開槓)",
    ),
    flag(
        "nagashi_mangan",
        GamePart::Riichi,
        on(RIICHI_GAMES),
        "流し満貫 at an exhaustive draw, paid as a mangan tsumo",
    ),
    flag(
        "chankan_ankan_kokushi",
        GamePart::Riichi,
        on(RIICHI_GAMES),
        "thirteen orphans may rob a closed kan",
    ),
    int(
        "riichi_min_points",
        GamePart::Riichi,
        i32::MIN,
        i32::MAX,
        every_int(1000),
        "points needed to declare riichi",
    ),
    int(
        "riichi_min_tiles",
        GamePart::Riichi,
        0,
        255,
        ints([4, 4, 3, 3, 4, 4, 4, 4, 4]),
        "live tiles that must be left to declare riichi (Tenhou's three-player logs riichi with 3)",
    ),
    flag(
        "kuikae_forbidden",
        GamePart::Riichi,
        on(RIICHI_GAMES),
        "no swap-calling (喰い替え): after a call the called kind (and a chi's other end) may not \
         be discarded",
    ),
    flag(
        "pao",
        GamePart::Riichi,
        on(RIICHI_GAMES),
        "liability (包) for big three dragons and big four winds",
    ),
    flag(
        "busting",
        GamePart::Riichi,
        on(RIICHI_GAMES),
        "the match ends when a seat falls below zero (飛び)",
    ),
    flag(
        "agari_yame",
        GamePart::Riichi,
        on(RIICHI_GAMES),
        "the dealer's win as first with `target` ends the last round (和了止め)",
    ),
    flag(
        "tenpai_yame",
        GamePart::Riichi,
        on(RIICHI_GAMES),
        "the same for the dealer's tenpai at an exhaustive draw (聴牌止め; Tenhou logs before \
         about 2011: off)",
    ),
    flag(
        "extension",
        GamePart::Riichi,
        on(RIICHI_GAMES),
        "nobody at `target` after the last round: the next wind is played, sudden death",
    ),
    int(
        "target",
        GamePart::Riichi,
        i32::MIN,
        i32::MAX,
        ints([30000, 30000, 40000, 40000, 0, 0, 0, 0, 0]),
        "points needed to end the match, and the points returned (返し)",
    ),
    game(
        "uma",
        SwitchType::Ints {
            min: i32::MIN,
            max: i32::MAX,
        },
        GamePart::Riichi,
        umas([
            [20, 10, -10, -20],
            [15, 5, -5, -15],
            [20, 0, -20, 0],
            [15, 0, -15, 0],
            [0; 4],
            [0; 4],
            [0; 4],
            [0; 4],
            [0; 4],
        ]),
        "uma by final rank, in thousands (three players: the fourth unused)",
    ),
    flag(
        "round_final_points",
        GamePart::Riichi,
        on(&[G::Tenhou, G::Sanma]),
        "final scores rounded to thousands (half away from zero) before the uma",
    ),
    flag(
        "tied_ranks_share_uma",
        GamePart::Riichi,
        on(&[]),
        "seats tied on final score share the uma of their places (off: the seat nearer the first \
         dealer ranks first; a Tenhou lobby's `csrule` turns it on)",
    ),
    flag(
        "honba_to_first_winner",
        GamePart::Riichi,
        on(&G::ALL),
        "with several rons only the first winner in turn order gets the honba (sticks always go \
         to the first)",
    ),
    game(
        "exchange",
        SwitchType::OneOf(&["off", "dice", "next", "previous", "across"]),
        GamePart::Sichuan,
        names([
            "off", "off", "off", "off", "dice", "dice", "off", "off", "off",
        ]),
        "换三张: `off`, `dice` (two dice from the wall; sum mod 3: 0 across, 1 next seat, 2 \
         previous seat), `next`, `previous`, `across`",
    ),
    flag(
        "declare_lack",
        GamePart::Sichuan,
        on(XUEZHAN),
        "定缺: every seat gives up a suit; a hand holding it cannot win",
    ),
    flag(
        "lack_first",
        GamePart::Sichuan,
        on(XUEZHAN),
        "tiles of the suit given up are discarded first",
    ),
    flag(
        "pass_skips_ron",
        GamePart::Sichuan,
        on(&[G::Sichuan, G::SichuanHongzhong, G::Hongzhong]),
        "过水不胡: after passing a win, no win on a discard until one's own next discard",
    ),
    int(
        "base_stake",
        GamePart::Sichuan,
        0,
        1_000,
        every_int(1),
        "底分: a Sichuan win of `f` fan pays `base_stake * 2^f`; the unit of every stake",
    ),
    int(
        "kong_open",
        GamePart::Sichuan,
        0,
        100,
        ints([2, 2, 2, 2, 2, 2, 3, 0, 0]),
        "刮风 / 点杠: base stakes the discarder pays for an open kong on its discard",
    ),
    int(
        "kong_added",
        GamePart::Sichuan,
        0,
        100,
        ints([1, 1, 1, 1, 1, 1, 1, 0, 0]),
        "刮风 / 补杠: base stakes every other seat still playing pays for an added kong",
    ),
    int(
        "kong_concealed",
        GamePart::Sichuan,
        0,
        100,
        ints([2, 2, 2, 2, 2, 2, 2, 0, 0]),
        "下雨 / 暗杠: base stakes every other seat still playing pays for a concealed kong",
    ),
    flag(
        "call_transfer",
        GamePart::Sichuan,
        on(XUEZHAN),
        "呼叫转移: a 杠上炮 winner (the first in turn order) takes that kong's income",
    ),
    flag(
        "check_ready",
        GamePart::Sichuan,
        on(XUEZHAN),
        "查大叫: at an exhaustive draw every seat not ready (and no flower pig) pays each ready \
         seat its best hand on a discard",
    ),
    flag(
        "check_flower_pig",
        GamePart::Sichuan,
        on(XUEZHAN),
        "查花猪: a seat holding the suit it gave up (or three suits) pays every other seat still \
         playing that is none `base_stake * 2^hua_zhu_fan`",
    ),
    flag(
        "refund_kongs",
        GamePart::Sichuan,
        on(XUEZHAN),
        "退税: at an exhaustive draw a seat not ready gives back its kong income (not what \
         呼叫转移 took)",
    ),
    int(
        "hua_zhu_fan",
        GamePart::Sichuan,
        0,
        255,
        every_int(5),
        "the flower pig's fan: the cap when there is one, else this value",
    ),
    game(
        "fan_cap",
        SwitchType::IntOrNone { min: 0, max: 255 },
        GamePart::Sichuan,
        [SwitchValue::None; GamePreset::COUNT],
        "封顶 in place of the fan table's own cap (none: the table's)",
    ),
    int(
        "wildcards",
        GamePart::Sichuan,
        0,
        4,
        ints([0, 0, 0, 0, 0, 4, 0, 0, 0]),
        "0, or 4: the four 红中 join the Sichuan wall as wildcards (红中血战)",
    ),
    flag(
        "hz_ron_without_wild",
        GamePart::Hongzhong,
        on(&[]),
        "a hand holding no 红中 may win on a discard (the first seat in turn order); off: \
         self-drawn wins only",
    ),
    flag(
        "hz_seven_pairs",
        GamePart::Hongzhong,
        on(&G::ALL),
        "七对 wins (a 红中 pairs with anything; four of a kind is two pairs)",
    ),
    int(
        "hz_win",
        GamePart::Hongzhong,
        0,
        100,
        every_int(2),
        "base stakes each payer pays for a win",
    ),
    int(
        "hz_birds",
        GamePart::Hongzhong,
        0,
        255,
        every_int(4),
        "抓鸟: birds turned over after a win (fewer when fewer live tiles are left; 0 for none)",
    ),
    int(
        "hz_bird_stake",
        GamePart::Hongzhong,
        0,
        100,
        every_int(2),
        "base stakes each payer adds per bird pointing at the winner (1, 5, 9)",
    ),
    flag(
        "hz_bird_wild_hits",
        GamePart::Hongzhong,
        on(&G::ALL),
        "a 红中 bird counts for the winner",
    ),
    flag(
        "hz_rob_kong",
        GamePart::Hongzhong,
        on(&G::ALL),
        "抢杠胡: a seat holding no 红中 may win on another seat's added kong; the robbed kong is \
         not paid and falls back to a pon",
    ),
    flag(
        "hz_rob_kong_pays_all",
        GamePart::Hongzhong,
        on(&G::ALL),
        "包赔: the robbed seat pays the win and its birds for all three (off: once)",
    ),
    int(
        "hz_kong_bloom",
        GamePart::Hongzhong,
        1,
        100,
        every_int(1),
        "杠上花: a self-draw on a kong's replacement tile is paid this many times (1: no bonus)",
    ),
    flag(
        "mcr_flowers",
        GamePart::Mcr,
        on(&[
            G::Tenhou,
            G::MahjongSoul,
            G::Sanma,
            G::SanmaMahjongSoul,
            G::Sichuan,
            G::SichuanHongzhong,
            G::Hongzhong,
            G::Mcr,
        ]),
        "the eight flowers are in the wall (144 tiles, the 2006 rules), 1 fan each; off: 136 \
         tiles (Botzone)",
    ),
    int(
        "mcr_base",
        GamePart::Mcr,
        0,
        1_000,
        every_int(8),
        "底分: every other seat pays the winner this; the discarder (every seat on a self-draw) \
         adds the fan",
    ),
    flag(
        "mcr_own_walls",
        GamePart::Mcr,
        on(&[G::McrBotzone]),
        "each seat draws (deal, draws, replacements) from its own quarter of the wall, as \
         Botzone's judge deals; off: one shared wall",
    ),
];

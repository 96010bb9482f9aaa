//! Yaku (役) and yakuman (役満) detection, and dora (ドラ).

use mj_agari::WaitKind;
use smallvec::SmallVec;

use super::Renhou;
use mj_tiles::GroupKind;

use super::context::{Ctx, FiveGroups, SetTally, YakuList, is_terminal_or_honor, pair_kind, sets};

/// Every yaku the engine reports, with its protocol name ([`Yaku::name`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[allow(missing_docs)]
pub enum Yaku {
    /// 立直
    Riichi,
    /// ダブル立直
    DoubleRiichi,
    /// 一発
    Ippatsu,
    /// 門前清自摸和
    MenzenTsumo,
    /// 平和
    Pinfu,
    /// 断么九
    Tanyao,
    /// 一盃口
    Iipeikou,
    /// 海底摸月
    Haitei,
    /// 河底撈魚
    Houtei,
    /// 嶺上開花
    Rinshan,
    /// 槍槓
    Chankan,
    /// 役牌 白
    YakuhaiHaku,
    /// 役牌 發
    YakuhaiHatsu,
    /// 役牌 中
    YakuhaiChun,
    /// 自風牌
    YakuhaiSeatWind,
    /// 場風牌
    YakuhaiRoundWind,
    /// 混全帯么九
    Chanta,
    /// 一気通貫
    Ittsu,
    /// 三色同順
    Sanshoku,
    /// 三色同刻
    SanshokuDoukou,
    /// 対々和
    Toitoi,
    /// 三暗刻
    Sanankou,
    /// 三槓子
    Sankantsu,
    /// 七対子
    Chiitoitsu,
    /// 混老頭
    Honroutou,
    /// 小三元
    Shousangen,
    /// 混一色
    Honitsu,
    /// 純全帯么九
    Junchan,
    /// 二盃口
    Ryanpeikou,
    /// 清一色
    Chinitsu,
    /// 人和 (as a 5-han yaku, switch `renhou` = `mangan`)
    Renhou,
    /// 国士無双
    Kokushi,
    /// 国士無双十三面待ち
    Kokushi13,
    /// 四暗刻
    Suuankou,
    /// 四暗刻単騎
    SuuankouTanki,
    /// 大三元
    Daisangen,
    /// 小四喜
    Shousuushii,
    /// 大四喜
    Daisuushii,
    /// 字一色
    Tsuuiisou,
    /// 緑一色
    Ryuuiisou,
    /// 清老頭
    Chinroutou,
    /// 九蓮宝燈
    Chuuren,
    /// 純正九蓮宝燈
    JunseiChuuren,
    /// 四槓子
    Suukantsu,
    /// 天和
    Tenhou,
    /// 地和
    Chiihou,
    /// 人和 (as a yakuman, switch `renhou` = `yakuman`)
    RenhouYakuman,
    /// ドラ
    Dora,
    /// 赤ドラ
    AkaDora,
    /// 裏ドラ
    UraDora,
    /// 抜きドラ: the norths set aside (three players), with the indicators pointing at north
    Kita,
}

impl Yaku {
    /// Every yaku, in declaration order (bit `i` of a reading's set is `ALL[i]`).
    pub const ALL: [Yaku; 51] = [
        Yaku::Riichi,
        Yaku::DoubleRiichi,
        Yaku::Ippatsu,
        Yaku::MenzenTsumo,
        Yaku::Pinfu,
        Yaku::Tanyao,
        Yaku::Iipeikou,
        Yaku::Haitei,
        Yaku::Houtei,
        Yaku::Rinshan,
        Yaku::Chankan,
        Yaku::YakuhaiHaku,
        Yaku::YakuhaiHatsu,
        Yaku::YakuhaiChun,
        Yaku::YakuhaiSeatWind,
        Yaku::YakuhaiRoundWind,
        Yaku::Chanta,
        Yaku::Ittsu,
        Yaku::Sanshoku,
        Yaku::SanshokuDoukou,
        Yaku::Toitoi,
        Yaku::Sanankou,
        Yaku::Sankantsu,
        Yaku::Chiitoitsu,
        Yaku::Honroutou,
        Yaku::Shousangen,
        Yaku::Honitsu,
        Yaku::Junchan,
        Yaku::Ryanpeikou,
        Yaku::Chinitsu,
        Yaku::Renhou,
        Yaku::Kokushi,
        Yaku::Kokushi13,
        Yaku::Suuankou,
        Yaku::SuuankouTanki,
        Yaku::Daisangen,
        Yaku::Shousuushii,
        Yaku::Daisuushii,
        Yaku::Tsuuiisou,
        Yaku::Ryuuiisou,
        Yaku::Chinroutou,
        Yaku::Chuuren,
        Yaku::JunseiChuuren,
        Yaku::Suukantsu,
        Yaku::Tenhou,
        Yaku::Chiihou,
        Yaku::RenhouYakuman,
        Yaku::Dora,
        Yaku::AkaDora,
        Yaku::UraDora,
        Yaku::Kita,
    ];

    /// The protocol name (PROTOCOL.md, `score`).
    pub const fn name(self) -> &'static str {
        match self {
            Yaku::Riichi => "riichi",
            Yaku::DoubleRiichi => "double_riichi",
            Yaku::Ippatsu => "ippatsu",
            Yaku::MenzenTsumo => "menzen_tsumo",
            Yaku::Pinfu => "pinfu",
            Yaku::Tanyao => "tanyao",
            Yaku::Iipeikou => "iipeikou",
            Yaku::Haitei => "haitei",
            Yaku::Houtei => "houtei",
            Yaku::Rinshan => "rinshan",
            Yaku::Chankan => "chankan",
            Yaku::YakuhaiHaku => "yakuhai_haku",
            Yaku::YakuhaiHatsu => "yakuhai_hatsu",
            Yaku::YakuhaiChun => "yakuhai_chun",
            Yaku::YakuhaiSeatWind => "yakuhai_seat_wind",
            Yaku::YakuhaiRoundWind => "yakuhai_round_wind",
            Yaku::Chanta => "chanta",
            Yaku::Ittsu => "ittsu",
            Yaku::Sanshoku => "sanshoku",
            Yaku::SanshokuDoukou => "sanshoku_doukou",
            Yaku::Toitoi => "toitoi",
            Yaku::Sanankou => "sanankou",
            Yaku::Sankantsu => "sankantsu",
            Yaku::Chiitoitsu => "chiitoitsu",
            Yaku::Honroutou => "honroutou",
            Yaku::Shousangen => "shousangen",
            Yaku::Honitsu => "honitsu",
            Yaku::Junchan => "junchan",
            Yaku::Ryanpeikou => "ryanpeikou",
            Yaku::Chinitsu => "chinitsu",
            Yaku::Renhou => "renhou",
            Yaku::Kokushi => "kokushi",
            Yaku::Kokushi13 => "kokushi_13",
            Yaku::Suuankou => "suuankou",
            Yaku::SuuankouTanki => "suuankou_tanki",
            Yaku::Daisangen => "daisangen",
            Yaku::Shousuushii => "shousuushii",
            Yaku::Daisuushii => "daisuushii",
            Yaku::Tsuuiisou => "tsuuiisou",
            Yaku::Ryuuiisou => "ryuuiisou",
            Yaku::Chinroutou => "chinroutou",
            Yaku::Chuuren => "chuuren",
            Yaku::JunseiChuuren => "junsei_chuuren",
            Yaku::Suukantsu => "suukantsu",
            Yaku::Tenhou => "tenhou",
            Yaku::Chiihou => "chiihou",
            Yaku::RenhouYakuman => "renhou_yakuman",
            Yaku::Dora => "dora",
            Yaku::AkaDora => "aka_dora",
            Yaku::UraDora => "ura_dora",
            Yaku::Kita => "kita",
        }
    }
}

/// One yaku of a scored hand: its han (0 for a yakuman) and yakuman count (0 for the others).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct YakuEntry {
    /// Which yaku.
    pub yaku: Yaku,
    /// Han it adds (dora: their count).
    pub han: u8,
    /// Yakuman it counts (2 for a double yakuman under `double_yakuman`).
    pub yakuman: u8,
}

/// The yakuman of [`Yaku`] (`Kokushi` ..= `RenhouYakuman`) as a set.
const YAKUMAN_BITS: u64 = {
    let first = Yaku::Kokushi as u32;
    let last = Yaku::RenhouYakuman as u32;
    ((1u64 << (last + 1)) - 1) & !((1u64 << first) - 1)
};

impl YakuList {
    /// Adds an ordinary yaku with its [`value`].
    fn add(&mut self, ctx: &Ctx<'_>, yaku: Yaku) {
        self.bits |= 1 << yaku as u32;
        self.han += value(ctx, yaku);
    }

    /// Adds a yakuman with its [`value`] (its count).
    fn add_yakuman(&mut self, ctx: &Ctx<'_>, yaku: Yaku) {
        self.bits |= 1 << yaku as u32;
        self.yakuman += value(ctx, yaku);
    }

    /// Ordinary yaku and dora are dropped when a yakuman is present.
    fn keep_yakuman_only(&mut self) {
        self.bits &= YAKUMAN_BITS;
        self.han = 0;
    }

    /// The entries in [`Yaku`] order (situation, shape, tiles, yakuman, dora), each with its
    /// [`value`].
    pub(crate) fn entries(&self, ctx: &Ctx<'_>) -> SmallVec<[YakuEntry; 16]> {
        let mut out: SmallVec<[YakuEntry; 16]> = SmallVec::new();
        let mut bits = self.bits;
        while bits != 0 {
            let i = bits.trailing_zeros();
            bits &= bits - 1;
            if let Some(&yaku) = Yaku::ALL.get(i as usize) {
                let v = value(ctx, yaku).min(255) as u8;
                let yakuman = YAKUMAN_BITS & (1 << i) != 0;
                out.push(YakuEntry {
                    yaku,
                    han: if yakuman { 0 } else { v },
                    yakuman: if yakuman { v } else { 0 },
                });
            }
        }
        debug_assert_eq!(
            (
                out.iter().map(|e| u32::from(e.han)).sum::<u32>(),
                out.iter().map(|e| u32::from(e.yakuman)).sum::<u32>()
            ),
            (self.han, self.yakuman)
        );
        out
    }
}

/// The han of a yaku in this win (open values on open hands; dora: their count), or for a
/// yakuman its count (2 for a double under `double_yakuman`): the one table of yaku values.
fn value(ctx: &Ctx<'_>, yaku: Yaku) -> u32 {
    let closed = u32::from(!ctx.open);
    match yaku {
        Yaku::DoubleRiichi
        | Yaku::SanshokuDoukou
        | Yaku::Toitoi
        | Yaku::Sanankou
        | Yaku::Sankantsu
        | Yaku::Chiitoitsu
        | Yaku::Honroutou
        | Yaku::Shousangen => 2,
        Yaku::Chanta | Yaku::Ittsu | Yaku::Sanshoku => 1 + closed,
        Yaku::Honitsu | Yaku::Junchan => 2 + closed,
        Yaku::Ryanpeikou => 3,
        Yaku::Chinitsu => 5 + closed,
        Yaku::Renhou => 5,
        Yaku::Dora => ctx.dora,
        Yaku::AkaDora => ctx.aka,
        Yaku::UraDora => ctx.ura,
        Yaku::Kita => ctx.kita,
        Yaku::Kokushi13 | Yaku::SuuankouTanki | Yaku::JunseiChuuren | Yaku::Daisuushii => {
            double(ctx)
        }
        _ => 1,
    }
}

// Kind masks (bit = kind index).
const SUIT: [u64; 4] = [0x1FF, 0x1FF << 9, 0x1FF << 18, 0x7F << 27];
const HONORS: u64 = SUIT[3];
const TERMINALS: u64 = 1 | 1 << 8 | 1 << 9 | 1 << 17 | 1 << 18 | 1 << 26;
const TERMINALS_HONORS: u64 = TERMINALS | HONORS;
const WINDS: u64 = 0xF << 27;
const DRAGONS: u64 = 0x7 << 31;
/// 2, 3, 4, 6, 8 of bamboo and the green dragon (緑一色).
const GREEN: u64 = 1 << 19 | 1 << 20 | 1 << 21 | 1 << 23 | 1 << 25 | 1 << 32;

/// Yakuman that the tiles alone or the situation decide (天和, 地和, 人和, 字一色, 緑一色,
/// 清老頭).
fn hand_yakuman(ctx: &Ctx<'_>, list: &mut YakuList) {
    let f = &ctx.situation.flags;
    if f.tenhou {
        list.add_yakuman(ctx, Yaku::Tenhou);
    }
    if f.chiihou {
        list.add_yakuman(ctx, Yaku::Chiihou);
    }
    if f.renhou && ctx.rules.renhou == Renhou::Yakuman {
        list.add_yakuman(ctx, Yaku::RenhouYakuman);
    }
    if ctx.mask & !HONORS == 0 {
        list.add_yakuman(ctx, Yaku::Tsuuiisou);
    }
    if ctx.mask & !GREEN == 0 {
        list.add_yakuman(ctx, Yaku::Ryuuiisou);
    }
    if ctx.mask & !TERMINALS == 0 {
        list.add_yakuman(ctx, Yaku::Chinroutou);
    }
}

/// Yaku of the situation (立直, 一発, 門前清自摸和, 海底, 河底, 嶺上, 槍槓, 人和).
fn situational(ctx: &Ctx<'_>, list: &mut YakuList) {
    let f = &ctx.situation.flags;
    if f.double_riichi {
        list.add(ctx, Yaku::DoubleRiichi);
    } else if f.riichi {
        list.add(ctx, Yaku::Riichi);
    }
    if f.ippatsu {
        list.add(ctx, Yaku::Ippatsu);
    }
    if ctx.win.tsumo && !ctx.open {
        list.add(ctx, Yaku::MenzenTsumo);
    }
    if f.haitei {
        list.add(ctx, Yaku::Haitei);
    }
    if f.houtei {
        list.add(ctx, Yaku::Houtei);
    }
    if f.rinshan {
        list.add(ctx, Yaku::Rinshan);
    }
    if f.chankan {
        list.add(ctx, Yaku::Chankan);
    }
    if f.renhou && ctx.rules.renhou == Renhou::Mangan {
        list.add(ctx, Yaku::Renhou);
    }
}

/// Flush and terminal yaku from the tiles alone (断么九, 混老頭, 混一色, 清一色).
fn tile_yaku(ctx: &Ctx<'_>, list: &mut YakuList) {
    let closed = !ctx.open;
    if ctx.mask & TERMINALS_HONORS == 0 && (closed || ctx.rules.kuitan) {
        list.add(ctx, Yaku::Tanyao);
    }
    if ctx.mask & !TERMINALS_HONORS == 0 {
        list.add(ctx, Yaku::Honroutou);
    }
    let suits = (0..3).filter(|&s| ctx.mask & SUIT[s] != 0).count();
    if suits == 1 {
        if ctx.mask & HONORS == 0 {
            list.add(ctx, Yaku::Chinitsu);
        } else {
            list.add(ctx, Yaku::Honitsu);
        }
    }
}

/// Dora, aka dora, ura dora and kita, when non-zero (after the yaku).
fn dora(ctx: &Ctx<'_>, list: &mut YakuList) {
    if ctx.dora > 0 {
        list.add(ctx, Yaku::Dora);
    }
    if ctx.aka > 0 {
        list.add(ctx, Yaku::AkaDora);
    }
    if ctx.ura > 0 {
        list.add(ctx, Yaku::UraDora);
    }
    if ctx.kita > 0 {
        list.add(ctx, Yaku::Kita);
    }
}

/// Finishes a list: yakuman only, or the yaku plus dora when there is a yaku.
fn finish(ctx: &Ctx<'_>, mut list: YakuList) -> YakuList {
    if list.yakuman > 0 {
        list.keep_yakuman_only();
    } else if list.han > 0 {
        dora(ctx, &mut list);
    }
    list
}

const fn double(ctx: &Ctx<'_>) -> u32 {
    if ctx.rules.double_yakuman { 2 } else { 1 }
}

/// What every reading of a win shares: the yakuman of the tiles and situation, and the
/// ordinary yaku of the situation and the tiles (computed once per win).
pub(crate) fn shared(ctx: &Ctx<'_>) -> (YakuList, YakuList) {
    let mut yakuman = YakuList::default();
    hand_yakuman(ctx, &mut yakuman);
    // Nine gates is decided by the tiles; its hands never read as seven pairs or orphans.
    if let Some(junsei) = nine_gates(ctx) {
        if junsei {
            yakuman.add_yakuman(ctx, Yaku::JunseiChuuren);
        } else {
            yakuman.add_yakuman(ctx, Yaku::Chuuren);
        }
    }
    let mut ordinary = YakuList::default();
    situational(ctx, &mut ordinary);
    tile_yaku(ctx, &mut ordinary);
    (yakuman, ordinary)
}

/// `true` when the reading is pinfu (平和): closed, four sequences, a pair worth no fu, a
/// two-sided wait.
pub(crate) fn is_pinfu(ctx: &Ctx<'_>, r: &FiveGroups, wait: WaitKind, pair_fu: u32) -> bool {
    !ctx.open
        && pair_fu == 0
        && wait == WaitKind::TwoSided
        && sets(r).iter().all(|s| s.kind == GroupKind::Sequence)
}

/// Thirteen orphans (国士無双): 13-sided when the winning tile is the doubled orphan.
pub(crate) fn thirteen_orphans(ctx: &Ctx<'_>) -> YakuList {
    let mut list = ctx.yakuman;
    if ctx.win.concealed.get(ctx.win.win_tile) == 2 {
        list.add_yakuman(ctx, Yaku::Kokushi13);
    } else {
        list.add_yakuman(ctx, Yaku::Kokushi);
    }
    list
}

/// Seven pairs (七対子).
pub(crate) fn seven_pairs(ctx: &Ctx<'_>) -> YakuList {
    if ctx.yakuman.yakuman > 0 {
        return finish(ctx, ctx.yakuman);
    }
    let mut list = ctx.ordinary;
    list.add(ctx, Yaku::Chiitoitsu);
    finish(ctx, list)
}

impl SetTally {
    /// Dragon triplets and quads.
    fn dragons(&self) -> u32 {
        (self.trip_mask & DRAGONS).count_ones()
    }

    /// Wind triplets and quads.
    fn winds(&self) -> u32 {
        (self.trip_mask & WINDS).count_ones()
    }
}

/// A standard reading (四面子一雀頭).
pub(crate) fn standard(ctx: &Ctx<'_>, r: &FiveGroups, wait: WaitKind, pinfu: bool) -> YakuList {
    let closed = !ctx.open;
    let mut t = ctx.declared.tally;
    for s in ctx.concealed_sets(r) {
        t.add(s);
    }
    let (ankou, kans, dragons, winds) = (t.ankou, t.kans, t.dragons(), t.winds());
    // Yakuman (the list is copied only when one may be there).
    if ctx.yakuman.yakuman > 0 || ankou == 4 || dragons == 3 || winds >= 3 || kans == 4 {
        let list = set_yakuman(ctx, wait, pair_kind(r), [ankou, dragons, winds, kans]);
        if list.yakuman > 0 {
            return finish(ctx, list);
        }
    }
    // Ordinary yaku.
    let mut list = ctx.ordinary;
    if pinfu {
        list.add(ctx, Yaku::Pinfu);
    }
    if closed {
        let sets = sets(r);
        let seq = |i: usize| {
            sets.get(i)
                .filter(|s| s.kind == GroupKind::Sequence)
                .map(|s| s.tile)
        };
        let mut pairs = 0;
        let mut i = 0;
        while i < sets.len() {
            if seq(i).is_some() && seq(i + 1) == seq(i) {
                pairs += 1;
                i += 2;
            } else {
                i += 1;
            }
        }
        match pairs {
            0 => {}
            1 => list.add(ctx, Yaku::Iipeikou),
            _ => list.add(ctx, Yaku::Ryanpeikou),
        }
    }
    let has = |kind: u8| t.trip_mask & 1 << kind != 0;
    for (kind, yaku) in [
        (31, Yaku::YakuhaiHaku),
        (32, Yaku::YakuhaiHatsu),
        (33, Yaku::YakuhaiChun),
        (ctx.seat, Yaku::YakuhaiSeatWind),
        (ctx.round, Yaku::YakuhaiRoundWind),
    ] {
        if has(kind) {
            list.add(ctx, yaku);
        }
    }
    if t.all_outside && is_terminal_or_honor(pair_kind(r)) && t.seqs > 0 {
        if ctx.mask & HONORS == 0 {
            list.add(ctx, Yaku::Junchan);
        } else {
            list.add(ctx, Yaku::Chanta);
        }
    }
    let (seq_mask, trip_mask) = (t.seq_mask, t.trip_mask);
    // Bit i of a mask is a set starting at kind i: 123 456 789 of one suit are bits 0, 3, 6
    // of that suit; the three suits' same rank are bits 9 apart.
    const SUIT_STARTS: u32 = 1 | 1 << 9 | 1 << 18;
    if seq_mask & (seq_mask >> 3) & (seq_mask >> 6) & SUIT_STARTS != 0 {
        list.add(ctx, Yaku::Ittsu);
    }
    if seq_mask & (seq_mask >> 9) & (seq_mask >> 18) & 0x7F != 0 {
        list.add(ctx, Yaku::Sanshoku);
    }
    if trip_mask & (trip_mask >> 9) & (trip_mask >> 18) & 0x1FF != 0 {
        list.add(ctx, Yaku::SanshokuDoukou);
    }
    if t.seqs == 0 {
        list.add(ctx, Yaku::Toitoi);
    }
    if ankou == 3 {
        list.add(ctx, Yaku::Sanankou);
    }
    if kans == 3 {
        list.add(ctx, Yaku::Sankantsu);
    }
    if dragons == 2 && pair_kind(r) >= 31 {
        list.add(ctx, Yaku::Shousangen);
    }
    finish(ctx, list)
}

/// The shared yakuman plus those of a standard reading's sets (四暗刻, 大三元, 四喜和, 四槓子),
/// from its counts of concealed triplets, dragon and wind triplets, and kans.
fn set_yakuman(
    ctx: &Ctx<'_>,
    wait: WaitKind,
    pair: u8,
    [ankou, dragons, winds, kans]: [u32; 4],
) -> YakuList {
    let mut list = ctx.yakuman;
    if ankou == 4 {
        if wait == WaitKind::Single {
            list.add_yakuman(ctx, Yaku::SuuankouTanki);
        } else {
            list.add_yakuman(ctx, Yaku::Suuankou);
        }
    }
    if dragons == 3 {
        list.add_yakuman(ctx, Yaku::Daisangen);
    }
    if winds == 4 {
        list.add_yakuman(ctx, Yaku::Daisuushii);
    } else if winds == 3 && (27..31).contains(&pair) {
        list.add_yakuman(ctx, Yaku::Shousuushii);
    }
    if kans == 4 {
        list.add_yakuman(ctx, Yaku::Suukantsu);
    }
    list
}

/// Nine gates (九蓮宝燈): `Some(junsei)` when the concealed hand of one suit holds
/// `1112345678999` plus one; junsei (純正) when it held exactly that before the winning tile.
fn nine_gates(ctx: &Ctx<'_>) -> Option<bool> {
    if !ctx.win.melds.is_empty() {
        return None;
    }
    let suit = (0..3).find(|&s| ctx.mask & !SUIT[s] == 0)?;
    let c = ctx.win.concealed.as_array();
    let base = 9 * suit;
    let counts = c.get(base..base + 9)?;
    const NEED: [u8; 9] = [3, 1, 1, 1, 1, 1, 1, 1, 3];
    if counts.iter().zip(NEED).any(|(&have, need)| have < need) {
        return None;
    }
    let i = ctx.win.win_tile.index().wrapping_sub(base);
    let extra = counts.get(i)?;
    let need = NEED.get(i)?;
    Some(*extra == need + 1)
}

//! The fan table as data: which fans a rule set recognises, what each is worth, and which other
//! fans (and how many 根) a composite fan absorbs.

use smallvec::SmallVec;

use crate::FanEntry;
use crate::rules::{SwitchError, SwitchValue};

/// Every fan and doubler the Sichuan scorer knows, in the order the breakdown lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Fan {
    /// 平胡: a win with no hand-pattern fan.
    PingHu,
    /// 对对胡: four triplets or kongs and a pair.
    DuiDuiHu,
    /// 清一色: every tile of one suit.
    QingYiSe,
    /// 七对: seven pairs (a four of a kind counts as two pairs).
    QiDui,
    /// 龙七对: seven pairs holding a four of a kind.
    LongQiDui,
    /// 带幺九: every set and the pair hold a 1 or a 9.
    DaiYaoJiu,
    /// 将对: 对对胡 of 2s, 5s and 8s only.
    JiangDui,
    /// 金钩钓: 对对胡 with four declared melds, won on the pair (a single-tile wait).
    JinGouDiao,
    /// 清对: 清一色 + 对对胡.
    QingDui,
    /// 清七对: 清一色 + 七对.
    QingQiDui,
    /// 清龙七对: 清一色 + 龙七对.
    QingLongQiDui,
    /// 清幺九: 清一色 + 带幺九.
    QingYaoJiu,
    /// 十八罗汉: four declared kongs and a pair.
    ShiBaLuoHan,
    /// 天胡: the dealer wins on the first draw.
    TianHu,
    /// 地胡: a win on the player's first draw (or the dealer's first discard).
    DiHu,
    /// 根: each kind of which all four tiles are in the hand, melds included (counted per kind).
    Gen,
    /// 自摸: won by self-draw.
    ZiMo,
    /// 杠上花: self-drawn on the replacement tile of a kong.
    GangShangHua,
    /// 杠上炮: won on the discard that follows the discarder's kong.
    GangShangPao,
    /// 抢杠胡: won on a tile another player adds to a pon (robbing the kong).
    QiangGangHu,
    /// 海底捞月: self-drawn on the last tile of the wall.
    HaiDiLaoYue,
    /// 海底炮: won on the discard after the last tile of the wall.
    HaiDiPao,
}

impl Fan {
    /// Every fan, in breakdown order.
    pub const ALL: [Fan; 22] = [
        Fan::PingHu,
        Fan::DuiDuiHu,
        Fan::QingYiSe,
        Fan::QiDui,
        Fan::LongQiDui,
        Fan::DaiYaoJiu,
        Fan::JiangDui,
        Fan::JinGouDiao,
        Fan::QingDui,
        Fan::QingQiDui,
        Fan::QingLongQiDui,
        Fan::QingYaoJiu,
        Fan::ShiBaLuoHan,
        Fan::TianHu,
        Fan::DiHu,
        Fan::Gen,
        Fan::ZiMo,
        Fan::GangShangHua,
        Fan::GangShangPao,
        Fan::QiangGangHu,
        Fan::HaiDiLaoYue,
        Fan::HaiDiPao,
    ];

    /// The fan's bit in a fan mask.
    pub const fn bit(self) -> u32 {
        1 << self as u32
    }

    /// The stable pinyin id.
    pub const fn name(self) -> &'static str {
        match self {
            Fan::PingHu => "ping_hu",
            Fan::DuiDuiHu => "dui_dui_hu",
            Fan::QingYiSe => "qing_yi_se",
            Fan::QiDui => "qi_dui",
            Fan::LongQiDui => "long_qi_dui",
            Fan::DaiYaoJiu => "dai_yao_jiu",
            Fan::JiangDui => "jiang_dui",
            Fan::JinGouDiao => "jin_gou_diao",
            Fan::QingDui => "qing_dui",
            Fan::QingQiDui => "qing_qi_dui",
            Fan::QingLongQiDui => "qing_long_qi_dui",
            Fan::QingYaoJiu => "qing_yao_jiu",
            Fan::ShiBaLuoHan => "shi_ba_luo_han",
            Fan::TianHu => "tian_hu",
            Fan::DiHu => "di_hu",
            Fan::Gen => "gen",
            Fan::ZiMo => "zi_mo",
            Fan::GangShangHua => "gang_shang_hua",
            Fan::GangShangPao => "gang_shang_pao",
            Fan::QiangGangHu => "qiang_gang_hu",
            Fan::HaiDiLaoYue => "hai_di_lao_yue",
            Fan::HaiDiPao => "hai_di_pao",
        }
    }

    /// The Chinese name.
    pub const fn zh(self) -> &'static str {
        match self {
            Fan::PingHu => "平胡",
            Fan::DuiDuiHu => "对对胡",
            Fan::QingYiSe => "清一色",
            Fan::QiDui => "七对",
            Fan::LongQiDui => "龙七对",
            Fan::DaiYaoJiu => "带幺九",
            Fan::JiangDui => "将对",
            Fan::JinGouDiao => "金钩钓",
            Fan::QingDui => "清对",
            Fan::QingQiDui => "清七对",
            Fan::QingLongQiDui => "清龙七对",
            Fan::QingYaoJiu => "清幺九",
            Fan::ShiBaLuoHan => "十八罗汉",
            Fan::TianHu => "天胡",
            Fan::DiHu => "地胡",
            Fan::Gen => "根",
            Fan::ZiMo => "自摸",
            Fan::GangShangHua => "杠上花",
            Fan::GangShangPao => "杠上炮",
            Fan::QiangGangHu => "抢杠胡",
            Fan::HaiDiLaoYue => "海底捞月",
            Fan::HaiDiPao => "海底炮",
        }
    }

    /// The fan with this pinyin id.
    pub fn from_name(name: &str) -> Option<Fan> {
        Fan::ALL.into_iter().find(|f| f.name() == name)
    }
}

/// Mask of the hand-pattern fans: when none of them counts, the hand is 平胡.
pub(crate) const PATTERNS: u32 = Fan::DuiDuiHu.bit()
    | Fan::QingYiSe.bit()
    | Fan::QiDui.bit()
    | Fan::LongQiDui.bit()
    | Fan::DaiYaoJiu.bit()
    | Fan::JiangDui.bit()
    | Fan::JinGouDiao.bit()
    | Fan::QingDui.bit()
    | Fan::QingQiDui.bit()
    | Fan::QingLongQiDui.bit()
    | Fan::QingYaoJiu.bit()
    | Fan::ShiBaLuoHan.bit();

/// One row of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FanRule {
    /// Its value for one occurrence; `None`: the rule set does not recognise it (never listed,
    /// absorbs nothing).
    pub value: Option<u32>,
    /// Fans it replaces when it counts (a mask of [`Fan::bit`]s): 清对 absorbs 清一色 and 对对胡.
    pub absorbs: u32,
    /// 根 it already includes: 龙七对's four of a kind is not counted again as a 根.
    pub absorbs_gen: u32,
}

impl FanRule {
    const fn val(value: u32) -> FanRule {
        FanRule {
            value: Some(value),
            absorbs: 0,
            absorbs_gen: 0,
        }
    }

    const fn comp(value: u32, absorbs: u32, absorbs_gen: u32) -> FanRule {
        FanRule {
            value: Some(value),
            absorbs,
            absorbs_gen,
        }
    }

    const OFF: FanRule = FanRule {
        value: None,
        absorbs: 0,
        absorbs_gen: 0,
    };
}

/// A Sichuan rule set: the fan table (one [`FanRule`] per [`Fan`]) and the cap (封顶).
///
/// The total is the sum of `value * count` over the fans that count, then capped. See the module
/// docs for the table of [`SichuanRules::COMMON`] and the other presets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SichuanRules {
    /// One row per fan, indexed by `Fan as usize`.
    pub table: [FanRule; 22],
    /// The cap on the total fan (封顶), if any.
    pub cap: Option<u32>,
}

const fn bits(fans: &[Fan]) -> u32 {
    let mut m = 0;
    let mut i = 0;
    while i < fans.len() {
        m |= fans[i].bit();
        i += 1;
    }
    m
}

impl SichuanRules {
    /// The preset names, as [`SichuanRules::preset`] takes them.
    pub const PRESETS: [&'static str; 3] = ["common", "zimo_jiadi", "classic"];

    /// The common 血战到底 table (the default): 自摸加番, no cap.
    pub const COMMON: SichuanRules = SichuanRules {
        table: [
            /* PingHu */ FanRule::val(0),
            /* DuiDuiHu */ FanRule::val(1),
            /* QingYiSe */ FanRule::val(2),
            /* QiDui */ FanRule::val(2),
            /* LongQiDui */ FanRule::comp(3, bits(&[Fan::QiDui]), 1),
            /* DaiYaoJiu */ FanRule::val(2),
            /* JiangDui */ FanRule::comp(3, bits(&[Fan::DuiDuiHu]), 0),
            /* JinGouDiao */ FanRule::val(1),
            /* QingDui */ FanRule::comp(3, bits(&[Fan::QingYiSe, Fan::DuiDuiHu]), 0),
            /* QingQiDui */ FanRule::comp(4, bits(&[Fan::QingYiSe, Fan::QiDui]), 0),
            /* QingLongQiDui */
            FanRule::comp(
                5,
                bits(&[Fan::QingYiSe, Fan::QiDui, Fan::LongQiDui, Fan::QingQiDui]),
                1,
            ),
            /* QingYaoJiu */ FanRule::comp(4, bits(&[Fan::QingYiSe, Fan::DaiYaoJiu]), 0),
            /* ShiBaLuoHan */ FanRule::comp(5, bits(&[Fan::JinGouDiao]), 4),
            /* TianHu */ FanRule::val(5),
            /* DiHu */ FanRule::val(5),
            /* Gen */ FanRule::val(1),
            /* ZiMo */ FanRule::val(1),
            /* GangShangHua */ FanRule::val(1),
            /* GangShangPao */ FanRule::val(1),
            /* QiangGangHu */ FanRule::val(1),
            /* HaiDiLaoYue */ FanRule::val(1),
            /* HaiDiPao */ FanRule::val(1),
        ],
        cap: None,
    };

    /// 自摸加底: as [`SichuanRules::COMMON`], but 自摸 adds a base point outside the fan (listed
    /// with 0 fan).
    pub const ZIMO_JIADI: SichuanRules = {
        let mut r = SichuanRules::COMMON;
        r.table[Fan::ZiMo as usize] = FanRule::val(0);
        r
    };

    /// The older minimal table: no 金钩钓, 清幺九 (清一色 and 带幺九 add up to the same 4),
    /// 十八罗汉, 天胡 or 地胡; capped at 4 fan (四番封顶).
    pub const CLASSIC: SichuanRules = {
        let mut r = SichuanRules::COMMON;
        r.table[Fan::JinGouDiao as usize] = FanRule::OFF;
        r.table[Fan::QingYaoJiu as usize] = FanRule::OFF;
        r.table[Fan::ShiBaLuoHan as usize] = FanRule::OFF;
        r.table[Fan::TianHu as usize] = FanRule::OFF;
        r.table[Fan::DiHu as usize] = FanRule::OFF;
        r.cap = Some(4);
        r
    };

    /// A preset by name (`common`, `zimo_jiadi`, `classic`).
    pub fn preset(name: &str) -> Option<SichuanRules> {
        match name {
            "common" => Some(SichuanRules::COMMON),
            "zimo_jiadi" => Some(SichuanRules::ZIMO_JIADI),
            "classic" => Some(SichuanRules::CLASSIC),
            _ => None,
        }
    }

    /// Sets a switch by its name in [`crate::rules::SWITCHES`]: `sichuan_table` replaces the
    /// table and the cap with the named preset's ([`SichuanRules::preset`]).
    ///
    /// ```
    /// use mj_score::rules::SwitchValue;
    /// use mj_score::sichuan::SichuanRules;
    /// let mut r = SichuanRules::COMMON;
    /// r.set("sichuan_table", SwitchValue::Name("classic"))?;
    /// assert_eq!(r, SichuanRules::CLASSIC);
    /// # Ok::<(), mj_score::rules::SwitchError>(())
    /// ```
    ///
    /// # Errors
    /// A name Sichuan scoring does not read, or a value it does not know (unchanged then).
    pub fn set(&mut self, name: &str, value: SwitchValue) -> Result<(), SwitchError> {
        let preset = match (name, value) {
            ("sichuan_table", SwitchValue::Name(table)) => SichuanRules::preset(table),
            _ => None,
        };
        match preset {
            Some(rules) => {
                *self = rules;
                Ok(())
            }
            None => Err(SwitchError {
                owner: "sichuan scoring",
                name: name.to_owned(),
                value,
            }),
        }
    }

    /// The row of one fan.
    pub const fn rule(&self, fan: Fan) -> FanRule {
        self.table[fan as usize]
    }

    /// The same rules with another row for `fan`.
    #[must_use]
    pub const fn with(mut self, fan: Fan, rule: FanRule) -> SichuanRules {
        self.table[fan as usize] = rule;
        self
    }

    /// The same rules with another cap.
    #[must_use]
    pub const fn with_cap(mut self, cap: Option<u32>) -> SichuanRules {
        self.cap = cap;
        self
    }

    /// Sum of the values (before the cap) and the fans that count, for a set of fans that apply
    /// (`present`, a mask) and `gen` 根.
    #[inline]
    pub(crate) fn resolve(&self, present: u32, gen_count: u32) -> Resolved {
        let mut recognised = 0u32;
        let mut absorbed = 0u32;
        let mut gen_absorbed = 0u32;
        let mut m = present;
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            let row = self.table[i];
            if row.value.is_some() {
                recognised |= 1 << i;
                absorbed |= row.absorbs;
                gen_absorbed = gen_absorbed.saturating_add(row.absorbs_gen);
            }
        }
        let mut counted = recognised & !absorbed;
        if counted & PATTERNS == 0 && self.table[Fan::PingHu as usize].value.is_some() {
            counted |= Fan::PingHu.bit();
        }
        let gens = gen_count.saturating_sub(gen_absorbed);
        let gen_row = self.table[Fan::Gen as usize].value;
        let gens = if gen_row.is_some() { gens } else { 0 };
        // Values are caller data: saturate rather than overflow.
        let mut total = gens.saturating_mul(gen_row.unwrap_or(0));
        let mut m = counted;
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            total = total.saturating_add(self.table[i].value.unwrap_or(0));
        }
        Resolved {
            counted,
            gens,
            total,
        }
    }

    /// The breakdown rows of a resolved reading.
    pub(crate) fn entries(&self, r: &Resolved) -> SmallVec<[FanEntry; 4]> {
        let mut out = SmallVec::new();
        let mut m = r.counted | if r.gens > 0 { Fan::Gen.bit() } else { 0 };
        while m != 0 {
            let fan = Fan::ALL[m.trailing_zeros() as usize];
            m &= m - 1;
            out.push(FanEntry {
                name: fan.name(),
                zh: fan.zh(),
                fan: self.table[fan as usize].value.unwrap_or(0),
                count: if fan == Fan::Gen { r.gens } else { 1 },
            });
        }
        out
    }
}

// `sichuan_table`'s default in the registry is `common`, the table `Default` gives.
const _: () = assert!(mj_hu::registry::is_name(
    mj_hu::registry::default_name("sichuan_table"),
    "common"
));

impl Default for SichuanRules {
    fn default() -> SichuanRules {
        SichuanRules::COMMON
    }
}

/// The fans that count for one reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Resolved {
    /// Mask of the fans that count (根 apart).
    pub counted: u32,
    /// 根 that count.
    pub gens: u32,
    /// The total before the cap.
    pub total: u32,
}

/// What a reading is, as the table needs it: computed by the fast path from eigens and by the
/// reference straight from the sets.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Features {
    pub seven_pairs: bool,
    pub qing: bool,
    pub dui: bool,
    pub yaojiu: bool,
    pub jiang: bool,
    pub jingou: bool,
    pub luohan: bool,
    pub long: bool,
    pub gens: u32,
}

impl Features {
    /// The mask of pattern fans that apply (before absorption).
    #[inline]
    pub(crate) fn present(&self) -> u32 {
        let on = |applies: bool, fan: Fan| if applies { fan.bit() } else { 0 };
        let (qing, long) = (self.qing, self.long);
        let shape = if self.seven_pairs {
            on(true, Fan::QiDui)
                | on(long, Fan::LongQiDui)
                | on(qing, Fan::QingQiDui)
                | on(qing && long, Fan::QingLongQiDui)
        } else {
            on(self.dui, Fan::DuiDuiHu)
                | on(self.dui && qing, Fan::QingDui)
                | on(self.yaojiu, Fan::DaiYaoJiu)
                | on(self.yaojiu && qing, Fan::QingYaoJiu)
                | on(self.jiang, Fan::JiangDui)
                | on(self.jingou, Fan::JinGouDiao)
                | on(self.luohan, Fan::ShiBaLuoHan)
        };
        on(qing, Fan::QingYiSe) | shape
    }
}

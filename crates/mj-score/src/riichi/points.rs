//! Points (点数): basic points (基本点) from han and fu, limits (満貫 .. 役満), payments.

/// A scoring limit (満貫以上).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Limit {
    /// Mangan (満貫): 5 han, or fewer han worth 2,000+ basic points (or kiriage).
    Mangan,
    /// Haneman (跳満): 6-7 han.
    Haneman,
    /// Baiman (倍満): 8-10 han.
    Baiman,
    /// Sanbaiman (三倍満): 11-12 han (or 13+ without kazoe).
    Sanbaiman,
    /// Yakuman (役満), counted (数え役満) or not.
    Yakuman,
}

impl Limit {
    /// The protocol name.
    pub const fn name(self) -> &'static str {
        match self {
            Limit::Mangan => "mangan",
            Limit::Haneman => "haneman",
            Limit::Baiman => "baiman",
            Limit::Sanbaiman => "sanbaiman",
            Limit::Yakuman => "yakuman",
        }
    }
}

/// Who pays what (PROTOCOL.md): honba included in each payment, riichi sticks only in `total`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Points {
    /// Ron (栄和): the discarder pays `ron`.
    Ron {
        /// Everything the winner receives.
        total: u32,
        /// What the discarder pays.
        ron: u32,
    },
    /// Tsumo (自摸): the dealer pays `dealer` (`None` when the winner is the dealer), every
    /// other player `others`.
    Tsumo {
        /// Everything the winner receives.
        total: u32,
        /// What the dealer pays (non-dealer tsumo).
        dealer: Option<u32>,
        /// What each non-dealer pays.
        others: u32,
    },
}

impl Points {
    /// Everything the winner receives.
    pub const fn total(self) -> u32 {
        match self {
            Points::Ron { total, .. } | Points::Tsumo { total, .. } => total,
        }
    }
}

/// Basic points (基本点) and the limit: `yakuman` real yakuman, else han/fu.
pub(crate) fn basic_points(
    han: u32,
    fu: u32,
    yakuman: u32,
    kazoe: bool,
    kiriage: bool,
) -> (u32, Option<Limit>) {
    if yakuman > 0 {
        return (8000 * yakuman, Some(Limit::Yakuman));
    }
    match han {
        13.. if kazoe => (8000, Some(Limit::Yakuman)),
        11.. => (6000, Some(Limit::Sanbaiman)),
        8.. => (4000, Some(Limit::Baiman)),
        6.. => (3000, Some(Limit::Haneman)),
        5 => (2000, Some(Limit::Mangan)),
        _ => {
            let b = fu << (han + 2);
            if b >= 2000 || (kiriage && ((han == 4 && fu == 30) || (han == 3 && fu == 60))) {
                (2000, Some(Limit::Mangan))
            } else {
                (b, None)
            }
        }
    }
}

const fn ceil100(x: u32) -> u32 {
    x.div_ceil(100) * 100
}

/// The payments of basic points `b` (sums saturate: absurd honba or stick counts never
/// overflow).
pub(crate) fn payments(b: u32, dealer: bool, tsumo: bool, honba: u32, sticks: u32) -> Points {
    let sticks = sticks.saturating_mul(1000);
    if !tsumo {
        let ron = ceil100(b * if dealer { 6 } else { 4 }).saturating_add(honba.saturating_mul(300));
        return Points::Ron {
            total: ron.saturating_add(sticks),
            ron,
        };
    }
    let bonus = honba.saturating_mul(100);
    if dealer {
        let others = ceil100(2 * b).saturating_add(bonus);
        Points::Tsumo {
            total: others.saturating_mul(3).saturating_add(sticks),
            dealer: None,
            others,
        }
    } else {
        let d = ceil100(2 * b).saturating_add(bonus);
        let others = ceil100(b).saturating_add(bonus);
        Points::Tsumo {
            total: d
                .saturating_add(others.saturating_mul(2))
                .saturating_add(sticks),
            dealer: Some(d),
            others,
        }
    }
}

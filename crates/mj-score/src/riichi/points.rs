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

/// Who pays a tsumo: three or two players, and with two whether the absent seat's share is
/// lost (ツモ損) or split between the payers (北家折半).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Payers {
    /// Four players: three payers.
    Three,
    /// Three players, the absent share not paid.
    TwoTsumoLoss,
    /// Three players, half of the absent share added to each payment (rounded up to 100).
    TwoSplit,
}

/// The payments of basic points `b` (sums saturate: absurd honba or stick counts never
/// overflow). Honba: 300 per counter on a ron with four players, 200 with three; 100 per
/// counter from each payer on a tsumo.
pub(crate) fn payments(
    b: u32,
    dealer: bool,
    tsumo: bool,
    honba: u32,
    sticks: u32,
    payers: Payers,
) -> Points {
    let sticks = sticks.saturating_mul(1000);
    let bonus = honba.saturating_mul(100);
    if !tsumo {
        let per_counter = if payers == Payers::Three { 3 } else { 2 };
        let ron = ceil100(b * if dealer { 6 } else { 4 })
            .saturating_add(bonus.saturating_mul(per_counter));
        return Points::Ron {
            total: ron.saturating_add(sticks),
            ron,
        };
    }
    // The absent seat's share is `absent`; with the split each payer adds half of it.
    let half = |absent: u32| {
        if payers == Payers::TwoSplit {
            ceil100(absent / 2)
        } else {
            0
        }
    };
    let n_others = if payers == Payers::Three { 3 } else { 2 };
    if dealer {
        let share = ceil100(2 * b);
        let others = (share + half(share)).saturating_add(bonus);
        Points::Tsumo {
            total: others.saturating_mul(n_others).saturating_add(sticks),
            dealer: None,
            others,
        }
    } else {
        let (d, o) = (ceil100(2 * b), ceil100(b));
        let d = (d + half(o)).saturating_add(bonus);
        let others = (o + half(o)).saturating_add(bonus);
        Points::Tsumo {
            total: d
                .saturating_add(others.saturating_mul(n_others - 1))
                .saturating_add(sticks),
            dealer: Some(d),
            others,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Three-player tsumo payments, both ways. North bisection (北家折半) values from MJ's
    /// published three-player table (non-dealer 30 fu 1 han 500/700, 20 fu 4 han 2,000/3,300,
    /// mangan 3,000/5,000; dealer 30 fu 1 han 800 all, 20 fu 2 han 1,100 all, mangan 6,000 all).
    #[test]
    fn three_player_tsumo() {
        let tsumo = |han: u32, fu: u32, dealer: bool, payers: Payers| {
            let (b, _) = basic_points(han, fu, 0, true, false);
            match payments(b, dealer, true, 0, 0, payers) {
                Points::Tsumo { dealer, others, .. } => (dealer, others),
                Points::Ron { .. } => unreachable!(),
            }
        };
        for (han, fu, dealer, want) in [
            (1, 30, false, (Some(700), 500)),
            (4, 20, false, (Some(3300), 2000)),
            (5, 0, false, (Some(5000), 3000)),
            (1, 30, true, (None, 800)),
            (2, 20, true, (None, 1100)),
            (5, 0, true, (None, 6000)),
        ] {
            assert_eq!(
                tsumo(han, fu, dealer, Payers::TwoSplit),
                want,
                "{han} han {fu} fu dealer {dealer}"
            );
        }
        // Tsumo loss: the four-player shares, one payer fewer (non-dealer mangan 2,000/4,000
        // = 6,000).
        let p = payments(2000, false, true, 1, 1, Payers::TwoTsumoLoss);
        assert_eq!(
            p,
            Points::Tsumo {
                total: 4100 + 2100 + 1000,
                dealer: Some(4100),
                others: 2100
            }
        );
        let p = payments(2000, true, false, 2, 0, Payers::TwoTsumoLoss);
        assert_eq!(
            p,
            Points::Ron {
                total: 12400,
                ron: 12400
            }
        );
    }
}

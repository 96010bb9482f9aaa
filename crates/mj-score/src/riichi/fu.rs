//! Fu (符): the breakdown of a reading and its rounding (切り上げ).

use mj_agari::WaitKind;
use smallvec::SmallVec;

use super::reading::{Ctx, Reading};

/// One source of fu (see the module docs of [`crate::riichi`] for the names).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FuPart {
    /// `base`, `menzen_ron`, `tsumo`, `wait`, `pair`, `open_triplet`, `closed_triplet`,
    /// `open_kan`, `closed_kan`, `open_pinfu`.
    pub name: &'static str,
    /// Its fu.
    pub fu: u32,
}

/// The fu parts of a reading.
pub(crate) type FuParts = SmallVec<[FuPart; 8]>;

const fn part(name: &'static str, fu: u32) -> FuPart {
    FuPart { name, fu }
}

/// Fu of the pair (雀頭): dragons, seat wind and round wind 2 each (a double wind 4).
pub(crate) fn pair_fu(ctx: &Ctx<'_>, pair: u8) -> u32 {
    let mut fu = 0;
    if pair >= 31 {
        fu += 2;
    }
    if pair == ctx.seat {
        fu += 2;
    }
    if pair == ctx.round {
        fu += 2;
    }
    fu
}

/// Fu of a standard reading: the rounded total and its parts. `pinfu` = the reading is pinfu
/// (closed, no fu from sets, pair or wait): 20 on tsumo, 30 on ron.
pub(crate) fn standard(ctx: &Ctx<'_>, r: &Reading, pinfu: bool) -> (u32, FuParts) {
    let mut parts = FuParts::new();
    parts.push(part("base", 20));
    if !ctx.open && !ctx.win.tsumo {
        parts.push(part("menzen_ron", 10));
    }
    if ctx.win.tsumo && !pinfu {
        parts.push(part("tsumo", 2));
    }
    if matches!(r.wait, WaitKind::Closed | WaitKind::Edge | WaitKind::Single) {
        parts.push(part("wait", 2));
    }
    let pf = pair_fu(ctx, r.pair);
    if pf > 0 {
        parts.push(part("pair", pf));
    }
    for s in &r.sets {
        if s.seq {
            continue;
        }
        let mut fu = 2;
        if is_terminal_or_honor(s.tile) {
            fu *= 2;
        }
        if s.concealed {
            fu *= 2;
        }
        if s.kan {
            fu *= 4;
        }
        let name = match (s.kan, s.concealed) {
            (false, false) => "open_triplet",
            (false, true) => "closed_triplet",
            (true, false) => "open_kan",
            (true, true) => "closed_kan",
        };
        parts.push(part(name, fu));
    }
    let mut raw: u32 = parts.iter().map(|p| p.fu).sum();
    if ctx.open && raw == 20 {
        parts.push(part("open_pinfu", 2));
        raw = 22;
    }
    (raw.div_ceil(10) * 10, parts)
}

/// Seven pairs (七対子): 25 fu, no rounding.
pub(crate) fn seven_pairs() -> (u32, FuParts) {
    let mut parts = FuParts::new();
    parts.push(part("base", 25));
    (25, parts)
}

/// `true` for terminals and honors (幺九牌) by kind index.
pub(crate) const fn is_terminal_or_honor(t: u8) -> bool {
    t >= 27 || t.is_multiple_of(9) || t % 9 == 8
}

//! Fu (符): the breakdown of a reading and its rounding (切り上げ).

use mj_agari::WaitKind;
use smallvec::SmallVec;

use mj_tiles::GroupKind;

use super::context::{Ctx, FiveGroups, is_terminal_or_honor, pair_kind, sets};

/// Where fu come from (see the module docs of [`crate::riichi`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FuSource {
    /// 副底: 20 (25 for chiitoitsu).
    Base,
    /// 門前加符: 10 for a closed ron.
    MenzenRon,
    /// ツモ符: 2 (not with pinfu).
    Tsumo,
    /// 嵌張, 辺張, 単騎: 2.
    Wait,
    /// 雀頭: a dragon, seat or round wind (a double wind 4).
    Pair,
    /// 明刻.
    OpenTriplet,
    /// 暗刻.
    ClosedTriplet,
    /// 明槓.
    OpenKan,
    /// 暗槓.
    ClosedKan,
    /// An open hand with no other fu won by ron: 2, so it rounds to 30.
    OpenPinfu,
}

impl FuSource {
    /// The name in `fu_details`.
    pub const fn name(self) -> &'static str {
        match self {
            FuSource::Base => "base",
            FuSource::MenzenRon => "menzen_ron",
            FuSource::Tsumo => "tsumo",
            FuSource::Wait => "wait",
            FuSource::Pair => "pair",
            FuSource::OpenTriplet => "open_triplet",
            FuSource::ClosedTriplet => "closed_triplet",
            FuSource::OpenKan => "open_kan",
            FuSource::ClosedKan => "closed_kan",
            FuSource::OpenPinfu => "open_pinfu",
        }
    }
}

/// One source of fu and its fu.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FuPart {
    /// The source.
    pub source: FuSource,
    /// Its fu.
    pub fu: u8,
}

/// The fu parts of a reading.
pub(crate) type FuParts = SmallVec<[FuPart; 8]>;

const fn part(source: FuSource, fu: u32) -> FuPart {
    FuPart {
        source,
        fu: fu as u8,
    }
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

/// Fu of a standard reading, rounded; its parts go to `parts` when given (only the best
/// reading's are kept). `pinfu` = the reading is pinfu (closed, no fu from sets, pair or
/// wait): 20 on tsumo, 30 on ron. Inlined, so the call for every reading (without `parts`)
/// drops the breakdown's code.
#[inline(always)]
pub(crate) fn standard(
    ctx: &Ctx<'_>,
    r: &FiveGroups,
    wait: WaitKind,
    pinfu: bool,
    parts: Option<&mut FuParts>,
) -> u32 {
    let mut acc = Acc { raw: 0, parts };
    let mut add = |source: FuSource, fu: u32| acc.add(source, fu);
    add(FuSource::Base, 20);
    if !ctx.open && !ctx.win.tsumo {
        add(FuSource::MenzenRon, 10);
    }
    if ctx.win.tsumo && !pinfu {
        add(FuSource::Tsumo, 2);
    }
    if matches!(wait, WaitKind::Closed | WaitKind::Edge | WaitKind::Single) {
        add(FuSource::Wait, 2);
    }
    let pf = pair_fu(ctx, pair_kind(r));
    if pf > 0 {
        add(FuSource::Pair, pf);
    }
    for s in sets(r) {
        if !s.kind.is_triplet_or_quad() {
            continue;
        }
        let kan = s.kind == GroupKind::Quad;
        let mut fu = 2;
        if is_terminal_or_honor(s.tile.as_u8()) {
            fu *= 2;
        }
        if s.concealed {
            fu *= 2;
        }
        if kan {
            fu *= 4;
        }
        let name = match (kan, s.concealed) {
            (false, false) => FuSource::OpenTriplet,
            (false, true) => FuSource::ClosedTriplet,
            (true, false) => FuSource::OpenKan,
            (true, true) => FuSource::ClosedKan,
        };
        add(name, fu);
    }
    if ctx.open && acc.raw == 20 {
        acc.add(FuSource::OpenPinfu, 2);
    }
    acc.raw.div_ceil(10) * 10
}

/// Fu summed, and kept part by part when asked.
struct Acc<'p> {
    raw: u32,
    parts: Option<&'p mut FuParts>,
}

impl Acc<'_> {
    #[inline]
    fn add(&mut self, source: FuSource, fu: u32) {
        self.raw += fu;
        if let Some(p) = self.parts.as_deref_mut() {
            p.push(part(source, fu));
        }
    }
}

/// Seven pairs (七対子): 25 fu, no rounding.
pub(crate) fn seven_pairs(parts: Option<&mut FuParts>) -> u32 {
    if let Some(p) = parts {
        p.push(part(FuSource::Base, 25));
    }
    25
}

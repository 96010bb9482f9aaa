//! What the engine's modules share: the fan table a reading fills, a reading's groups
//! ([`EngineGroup`]) and the reading chosen ([`EngineReading`]), and the checked situation ([`Ctx`]).

use crate::mcr::table::FAN_COUNT;
use mj_tiles::{GroupKind, MeldKind};

/// Counts of one fan per table row (signed: the wind clauses subtract 幺九刻 they absorbed).
pub(crate) type FanTable = [i8; TABLE_LEN];

/// The table's length: the fans, padded to whole 8-byte words.
pub(crate) const TABLE_LEN: usize = FAN_COUNT.div_ceil(8) * 8;

/// One group of a reading: `tile` is the middle tile of a chow, the kind of the others.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct EngineGroup {
    pub(crate) kind: GroupKind,
    pub(crate) tile: u8,
    /// Declared from a discard (chi, pon, open or added kong); a closed kong is not.
    pub(crate) melded: bool,
    /// The declared meld it is (a closed kong included); `None` in the concealed hand.
    pub(crate) meld: Option<MeldKind>,
}

impl EngineGroup {
    pub(crate) const NONE: EngineGroup = EngineGroup {
        kind: GroupKind::Pair,
        tile: 0,
        melded: false,
        meld: None,
    };
    pub(crate) const fn new(kind: GroupKind, tile: u8) -> EngineGroup {
        EngineGroup {
            kind,
            tile,
            melded: false,
            meld: None,
        }
    }
}

/// The reading a score was taken from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum EngineReading {
    Standard([EngineGroup; 5]),
    /// Knitted straight (index into [`KNITTED`](super::kinds::KNITTED)) plus one set and a pair.
    Knitted(usize, EngineGroup, EngineGroup),
    SevenPairs,
    SevenShiftedPairs,
    ThirteenOrphans,
    HonorsAndKnitted,
    NineGates,
}

/// A checked winning situation in engine numbering.
#[derive(Clone, Debug)]
pub(crate) struct Ctx {
    /// Concealed tiles, the winning tile included.
    pub(crate) standing: [u8; 34],
    /// Tiles of the declared melds.
    pub(crate) fixed: [u8; 34],
    pub(crate) fixed_packs: [EngineGroup; 4],
    pub(crate) fixed_cnt: usize,
    pub(crate) win: u8,
    pub(crate) tsumo: bool,
    pub(crate) last_tile: bool,
    pub(crate) kong: bool,
    pub(crate) last_wall: bool,
    /// 0-3 for East-North.
    pub(crate) seat: u8,
    pub(crate) prevalent: u8,
    /// Kinds among the concealed tiles.
    pub(crate) held: u64,
    /// Kinds in the hand (concealed or declared).
    pub(crate) kinds_in_hand: u64,
    /// Concealed kinds held at least twice.
    pub(crate) pairs: u64,
    /// Concealed kinds held an odd number of times.
    pub(crate) odd: u64,
    /// Kinds with all four tiles in the hand.
    pub(crate) fours: i32,
}

impl Ctx {
    /// Applies what the situation implies about the flags: 和绝张 needs the winning tile to be
    /// the only copy in hand and is certain when the melds show the other three; 杠上开花 needs a
    /// declared kong; 抢杠和 needs the winning tile to appear nowhere else.
    pub(crate) fn normalise_flags(&mut self) {
        let w = self.win as usize;
        if self.standing[w] != 1 {
            self.last_tile = false;
        }
        if self.fixed[w] == 3 {
            self.last_tile = true;
        }
        if self.kong {
            if self.tsumo {
                let has_kong = self.fixed_packs[..self.fixed_cnt]
                    .iter()
                    .any(|p| p.kind == GroupKind::Quad);
                if !has_kong {
                    self.kong = false;
                }
            } else if self.fixed[w] != 0 || self.standing[w] != 1 {
                self.kong = false;
            }
        }
    }
}

/// The sum of value × count (flowers are added by the caller).
pub(crate) fn total(table: &FanTable) -> u32 {
    let mut sum = 0;
    for_each_counted(table, |i, count| {
        sum += count * crate::mcr::table::FANS[i].value
    });
    sum
}

/// Calls `f(index, count)` for every fan of `table` with a positive count, in table order
/// (eight counts at a time: a word whose bytes are all zero is skipped at once).
pub(crate) fn for_each_counted(table: &FanTable, mut f: impl FnMut(usize, u32)) {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    for (k, chunk) in table.chunks_exact(8).enumerate() {
        let word = <[i8; 8]>::try_from(chunk).unwrap_or_default();
        let x = u64::from_le_bytes(word.map(|c| c.to_ne_bytes()[0]));
        if x == 0 {
            continue;
        }
        // The high bit of each byte: set when the byte is non-zero and not negative.
        let mut positive = (((x & !HIGH) + !HIGH) | x) & HIGH & !x;
        while positive != 0 {
            let j = positive.trailing_zeros() as usize / 8;
            positive &= positive - 1;
            f(k * 8 + j, u32::from(chunk[j].unsigned_abs()));
        }
    }
}

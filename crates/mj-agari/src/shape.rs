//! A hand's continuity pattern ([`Shape`]): the positions, the key and the packed bit strings
//! the tables are indexed by, built as the hand is read and edited by a discard in O(1).

use mj_tiles::{Eigen, Tile};

use crate::layout::{self, wait_offset};

/// The tile of kind index `i` (the tables only hold indexes below 34; any other reads as 1m).
pub(crate) fn tile_at(i: u8) -> Tile {
    Tile::new(i).unwrap_or(Tile::ALL[0])
}

/// A hand's continuity pattern: its positions (kinds), its key, and its packed bit strings
/// built as it is read (see [`layout::pack`]).
///
/// `machi_bits` and `agari_bits` are the packed strings before their last shift: a leading 1,
/// then per position `count - 1` ones, a zero and its link's code, the last position followed
/// by a 0. `ends[i]` is the length of `machi_bits` up to the end of position `i`'s segment
/// (`ends` of no position is 1, the leading 1), so a discard edits the string in O(1).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Shape {
    pub(crate) tiles: [u8; 16],
    pub(crate) n: usize,
    pub(crate) key: u64,
    pub(crate) machi_bits: u64,
    pub(crate) agari_bits: u64,
    pub(crate) ends: [u8; 16],
}

pub(crate) const EMPTY_SHAPE: Shape = Shape {
    tiles: [0; 16],
    n: 0,
    key: 0,
    machi_bits: 0,
    agari_bits: 0,
    ends: [0; 16],
};

/// A pattern after a discard: its key, its machi string, and whether the position went away.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Discard {
    pub(crate) key: u64,
    pub(crate) bits: u64,
    pub(crate) gone: bool,
}

/// A link's code in a packed string and its length.
#[inline]
pub(crate) const fn link_code(link: u64) -> (u64, u32) {
    match link {
        layout::ADJACENT => (0, 1),
        layout::GAP => (2, 2),
        _ => (3, 2),
    }
}

/// A packed key from a string with its trailing 0; `u32::MAX`-overflow is no key (0).
#[inline]
pub(crate) const fn packed_of(bits: u64) -> u32 {
    let p = bits >> 1;
    if p > u32::MAX as u64 { 0 } else { p as u32 }
}

impl Shape {
    /// From the four suit eigens (one hex digit per rank): only the held ranks are visited.
    #[inline]
    pub(crate) fn of_eigens(suits: [Eigen; 4]) -> Option<Shape> {
        let mut sh = EMPTY_SHAPE;
        let (mut m, mut a, mut len) = (1u64, 1u64, 1u32);
        for (s, eigen) in suits.iter().enumerate() {
            let raw = eigen.raw();
            let mut held = (raw | raw >> 1 | raw >> 2) & 0x1_1111_1111;
            let mut prev = 1u32 << 20; // far below any rank: the first link of a suit is FAR
            while held != 0 {
                let bit = held.trailing_zeros();
                held &= held - 1;
                let rank = bit / 4;
                let n = sh.n;
                if n >= layout::MAX_POSITIONS {
                    return None;
                }
                if n > 0 {
                    let link = if s < 3 {
                        match rank.wrapping_sub(prev) {
                            1 => layout::ADJACENT,
                            2 => layout::GAP,
                            _ => layout::FAR,
                        }
                    } else {
                        layout::FAR
                    };
                    sh.key |= link << (4 * n - 2);
                    let (code, l) = link_code(link);
                    m = (m << l) | code;
                    a = if link == layout::ADJACENT {
                        a << 1
                    } else {
                        (a << 2) | 3
                    };
                    len += l;
                    sh.ends[n - 1] = len as u8;
                }
                let c = ((raw >> bit) & 7) as u32;
                sh.key |= u64::from(c - 1) << (4 * n);
                let ones = ((1u64 << c) - 2) & !1;
                m = (m << c) | ones;
                a = (a << c) | ones;
                len += c;
                sh.tiles[n & 15] = (s * 9) as u8 + rank as u8;
                sh.n = n + 1;
                prev = rank;
            }
        }
        if sh.n > 0 {
            m <<= 1;
            a <<= 1;
            len += 1;
            sh.ends[sh.n - 1] = len as u8;
        }
        sh.key |= (sh.n as u64) << 60;
        sh.machi_bits = m;
        sh.agari_bits = a;
        debug_assert_eq!(
            (
                packed_of(m),
                packed_of(a),
                64 - m.leading_zeros() == len || sh.n == 0
            ),
            (
                layout::pack(sh.key).unwrap_or(0),
                layout::pack(layout::agari_key(sh.key)).unwrap_or(0),
                true
            )
        );
        Some(sh)
    }

    /// The packed machi key (0: in no table).
    #[inline]
    pub(crate) fn machi_packed(&self) -> u32 {
        packed_of(self.machi_bits)
    }

    /// The packed agari key (0: in no table).
    #[inline]
    pub(crate) fn agari_packed(&self) -> u32 {
        packed_of(self.agari_bits)
    }

    /// The pattern with one tile of position `i` taken out: its key and machi string, edited in
    /// place of recomputed.
    #[inline]
    pub(crate) fn discard(&self, i: usize) -> Discard {
        let total = u32::from(self.ends[(self.n - 1) & 15]);
        let end_before = if i == 0 {
            1
        } else {
            u32::from(self.ends[(i - 1) & 15])
        };
        // Segment i spans bits lo..hi counted from the low end.
        let hi = total - end_before;
        let lo = total - u32::from(self.ends[i & 15]);
        let f = self.machi_bits;
        if layout::count_at(self.key, i) > 1 {
            let top = hi - 1;
            return Discard {
                key: self.key - (1 << (4 * i)),
                bits: ((f >> hi) << top) | (f & ((1u64 << top) - 1)),
                gone: false,
            };
        }
        let n = self.n - 1;
        let body = self.key & ((1u64 << 56) - 1);
        let low = body & ((1u64 << (4 * i)) - 1);
        let high = (body >> (4 * (i + 1))) << (4 * i);
        let mut key = low | high;
        let below = f & ((1u64 << lo) - 1);
        let bits = if i == 0 {
            (1u64 << lo) | below
        } else {
            let shift = 4 * (i - 1) + 2;
            let old_link = (key >> shift) & 3;
            key &= !(3u64 << shift);
            let (new_code, new_len) = if i < n {
                let link = layout::link(
                    usize::from(self.tiles[(i - 1) & 15]),
                    usize::from(self.tiles[(i + 1) & 15]),
                );
                key |= link << shift;
                link_code(link)
            } else {
                (0, 1)
            };
            let upper = f >> (hi + link_code(old_link).1);
            (((upper << new_len) | new_code) << lo) | below
        };
        let key = key | (n as u64) << 60;
        debug_assert_eq!(
            packed_of(bits),
            layout::pack(key).unwrap_or(0),
            "{:#x} without {i}",
            self.key
        );
        Discard {
            key,
            bits,
            gone: true,
        }
    }

    /// The wait tile a machi entry names, in the pattern left by discarding from position `i`
    /// (`gone`: that position emptied, so later positions shift by one).
    #[inline]
    pub(crate) fn wait_tile_after(&self, i: usize, gone: bool, wait: u32) -> Option<u8> {
        let pos = (wait & 15) as usize;
        let pos = if gone && pos >= i { pos + 1 } else { pos };
        let t = self.tiles[pos & 15];
        let rank = t % 9;
        match ((wait >> 4) & 3) as u8 {
            wait_offset::SAME => Some(t),
            wait_offset::BELOW if t < 27 && rank > 0 => Some(t - 1),
            wait_offset::ABOVE if t < 27 && rank < 8 => Some(t + 1),
            _ => None,
        }
    }

    #[inline]
    pub(crate) fn tile(&self, pos: usize) -> Tile {
        tile_at(self.tiles[pos & 15])
    }

    /// The wait tile a machi entry names (a position of the pattern and an offset), if it
    /// exists.
    #[inline]
    pub(crate) fn wait_tile(&self, wait: u32) -> Option<u8> {
        self.wait_tile_after(0, false, wait)
    }
}

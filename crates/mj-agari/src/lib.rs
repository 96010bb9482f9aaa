//! Riichi decompositions (和了形の分解) and machi (待ち) by continuity-pattern tables, and
//! riichi discard candidates.
//!
//! A hand is read as its continuity pattern (see [`layout`]): the counts of the kinds it holds
//! and whether neighbours are adjacent, a rank apart or further. `123m567p` and `234s678s` share
//! a pattern, so one lookup in the agari table gives every decomposition of a winning hand, and
//! one lookup in the machi table gives every wait of a ready hand with, per wait and
//! decomposition, the group the winning tile completes.
//!
//! ```
//! use mj_agari::{WaitKind, decompositions, machi};
//! use mj_hu::Hand;
//! let won = Hand::parse("111222333m789p55s", "")?;
//! assert_eq!(decompositions(&won)?.len(), 2); // three triplets, or three 123m sequences
//! let ready = Hand::parse("2344m456p789s111z", "")?;
//! let m = machi(&ready)?;
//! assert_eq!(m.waits().to_string(), "14m");
//! let kinds = |i: usize| m.waits[i].readings.iter().map(|r| r.kind).collect::<Vec<_>>();
//! assert_eq!(kinds(0), [WaitKind::TwoSided]); // 23m + 44m on 1m
//! assert_eq!(kinds(1), [WaitKind::Single, WaitKind::TwoSided]); // 234m + 4m, or 23m + 44m
//! # Ok::<(), mj_agari::AgariError>(())
//! ```
//!
//! Thirteen orphans is handled outside the tables (it has no continuity to speak of), the
//! thirteen-sided wait included. Seven pairs is in the tables as its own form (seven different
//! kinds, as riichi wants). [`reference`] is the slow backtracking twin the tests compare with.
//!
//! No IO; no panics on data: bad input is an [`AgariError`].

pub mod generate;
pub mod layout;
pub mod reference;
#[cfg(feature = "serde")]
mod serde_impl;
mod tables;

use mj_hu::{Hand, HuError};
use mj_tables::TableError;
use mj_tiles::{Eigen, Meld, MeldKind, Tile, TileCounts, TileSet};

use layout::{dec, slot};
pub use tables::{AgariTables, COMMITTED_BLOB, Waits};

/// Why a question cannot be answered.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AgariError {
    /// The hand itself is invalid.
    #[error(transparent)]
    Hand(#[from] HuError),
    /// Riichi has no wildcards.
    #[error("wildcards are not part of riichi mahjong")]
    Wildcards,
    /// The concealed tile count does not fit the question.
    #[error("{concealed} concealed tiles with {melds} declared melds: {expected}")]
    WrongSize {
        /// Concealed tiles.
        concealed: u32,
        /// Declared melds.
        melds: usize,
        /// What the question needs.
        expected: &'static str,
    },
    /// The committed tables failed validation (a broken build, never user input).
    #[error("agari tables: {0}")]
    Tables(#[from] TableError),
}

/// The shape of a winning hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
pub enum Form {
    /// Four melds and a pair (面子手).
    Standard,
    /// Seven different pairs (七対子).
    SevenPairs,
    /// Thirteen orphans (国士無双).
    ThirteenOrphans,
}

/// A meld's shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum GroupKind {
    /// Three consecutive tiles (順子; `chi` in the protocol).
    Sequence,
    /// Three (or, declared, four) of a kind (刻子/槓子; `pon` in the protocol).
    Triplet,
}

/// One meld of a decomposition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Group {
    /// Sequence or triplet.
    pub kind: GroupKind,
    /// Its lowest tile.
    pub tile: Tile,
    /// Concealed: part of the concealed hand, or a closed kan.
    pub concealed: bool,
    /// The declared meld's kind, `None` for a meld of the concealed hand.
    pub declared: Option<MeldKind>,
}

impl Group {
    /// Its three tiles (a quad's fourth left out).
    pub fn tiles(&self) -> [Tile; 3] {
        match self.kind {
            GroupKind::Triplet => [self.tile; 3],
            GroupKind::Sequence => {
                let i = self.tile.as_u8();
                [self.tile, tile_at(i + 1), tile_at(i + 2)]
            }
        }
    }

    fn of_meld(meld: &Meld) -> Group {
        Group {
            kind: if meld.is_sequence() {
                GroupKind::Sequence
            } else {
                GroupKind::Triplet
            },
            tile: meld.base(),
            concealed: meld.kind() == MeldKind::Ankan,
            declared: Some(meld.kind()),
        }
    }
}

fn tile_at(i: u8) -> Tile {
    Tile::new(i).unwrap_or(Tile::ALL[0])
}

/// Flags the shape alone decides (yaku still need their other conditions: a closed hand for
/// the double sequences and nine gates).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ShapeFlags(u8);

impl ShapeFlags {
    /// Nine gates (九蓮宝燈): `1112345678999` plus one tile of the same suit, concealed.
    pub const fn nine_gates(self) -> bool {
        self.0 & 1 != 0
    }
    /// Pure straight (一気通貫): `123 456 789` of one suit among the melds.
    pub const fn pure_straight(self) -> bool {
        self.0 & 2 != 0
    }
    /// One double sequence (一盃口): exactly one pair of identical concealed sequences.
    pub const fn double_sequence(self) -> bool {
        self.0 & 4 != 0
    }
    /// Two double sequences (二盃口).
    pub const fn two_double_sequences(self) -> bool {
        self.0 & 8 != 0
    }
    fn from_entry(d: u32) -> ShapeFlags {
        ShapeFlags((d >> 25) as u8 & 15)
    }
}

/// One decomposition of a winning hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Decomposition {
    /// The form.
    pub form: Form,
    pairs: [Tile; 7],
    pair_count: u8,
    groups: [Group; 5],
    group_count: u8,
    /// Shape flags (concealed melds only; declared melds never make them).
    pub flags: ShapeFlags,
}

const NO_GROUP: Group = Group {
    kind: GroupKind::Triplet,
    tile: Tile::ALL[0],
    concealed: true,
    declared: None,
};

impl Decomposition {
    fn new(form: Form) -> Decomposition {
        Decomposition {
            form,
            pairs: [Tile::ALL[0]; 7],
            pair_count: 0,
            groups: [NO_GROUP; 5],
            group_count: 0,
            flags: ShapeFlags(0),
        }
    }

    fn push_pair(&mut self, t: Tile) {
        if let Some(p) = self.pairs.get_mut(usize::from(self.pair_count)) {
            *p = t;
            self.pair_count += 1;
        }
    }

    fn push_group(&mut self, g: Group) {
        if let Some(p) = self.groups.get_mut(usize::from(self.group_count)) {
            *p = g;
            self.group_count += 1;
        }
    }

    /// The pair: of a standard hand, or the doubled tile of thirteen orphans; `None` for seven
    /// pairs (see [`Decomposition::pairs`]).
    pub fn pair(&self) -> Option<Tile> {
        match self.form {
            Form::SevenPairs => None,
            _ => self.pairs().first().copied(),
        }
    }

    /// Every pair: one, or seven for seven pairs.
    pub fn pairs(&self) -> &[Tile] {
        self.pairs
            .get(..usize::from(self.pair_count))
            .unwrap_or(&[])
    }

    /// The melds: the concealed hand's (sorted by kind index, sequences before triplets at one
    /// tile), then the declared ones in their order.
    pub fn melds(&self) -> &[Group] {
        self.groups
            .get(..usize::from(self.group_count))
            .unwrap_or(&[])
    }
}

/// A hand's continuity pattern: its positions (kinds), its key, and its packed bit strings
/// built as it is read (see [`layout::pack`]).
///
/// `machi_bits` and `agari_bits` are the packed strings before their last shift: a leading 1,
/// then per position `count - 1` ones, a zero and its link's code, the last position followed
/// by a 0. `ends[i]` is the length of `machi_bits` up to the end of position `i`'s segment
/// (`ends` of no position is 1, the leading 1), so a discard edits the string in O(1).
#[derive(Clone, Copy, Debug)]
struct Shape {
    tiles: [u8; 16],
    n: usize,
    key: u64,
    machi_bits: u64,
    agari_bits: u64,
    ends: [u8; 16],
}

const EMPTY_SHAPE: Shape = Shape {
    tiles: [0; 16],
    n: 0,
    key: 0,
    machi_bits: 0,
    agari_bits: 0,
    ends: [0; 16],
};

/// A pattern after a discard: its key, its machi string, and whether the position went away.
#[derive(Clone, Copy, Debug, Default)]
struct Discard {
    key: u64,
    bits: u64,
    gone: bool,
}

/// A link's code in a packed string and its length.
#[inline]
const fn link_code(link: u64) -> (u64, u32) {
    match link {
        layout::ADJACENT => (0, 1),
        layout::GAP => (2, 2),
        _ => (3, 2),
    }
}

/// A packed key from a string with its trailing 0; `u32::MAX`-overflow is no key (0).
#[inline]
const fn packed_of(bits: u64) -> u32 {
    let p = bits >> 1;
    if p > u32::MAX as u64 { 0 } else { p as u32 }
}

impl Shape {
    /// From the four suit eigens (one hex digit per rank): only the held ranks are visited.
    #[inline]
    fn of_eigens(suits: [Eigen; 4]) -> Option<Shape> {
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
    fn machi_packed(&self) -> u32 {
        packed_of(self.machi_bits)
    }

    /// The packed agari key (0: in no table).
    #[inline]
    fn agari_packed(&self) -> u32 {
        packed_of(self.agari_bits)
    }

    /// The pattern with one tile of position `i` taken out: its key and machi string, edited in
    /// place of recomputed.
    #[inline]
    fn discard(&self, i: usize) -> Discard {
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

    /// The kind of a machi slot of the pattern left by discarding from position `i`.
    #[inline]
    fn slot_tile_after(&self, i: usize, gone: bool, wait: u32) -> Option<u8> {
        let pos = (wait & 15) as usize;
        let pos = if gone && pos >= i { pos + 1 } else { pos };
        let t = self.tiles[pos & 15];
        let rank = t % 9;
        match ((wait >> 4) & 3) as u8 {
            slot::SAME => Some(t),
            slot::BELOW if t < 27 && rank > 0 => Some(t - 1),
            slot::ABOVE if t < 27 && rank < 8 => Some(t + 1),
            _ => None,
        }
    }

    #[inline]
    fn tile(&self, pos: usize) -> Tile {
        tile_at(self.tiles[pos & 15])
    }

    /// The kind of a machi slot, if it exists.
    #[inline]
    fn slot_tile(&self, wait: u32) -> Option<u8> {
        let t = self.tiles[(wait & 15) as usize];
        let rank = t % 9;
        match ((wait >> 4) & 3) as u8 {
            slot::SAME => Some(t),
            slot::BELOW if t < 27 && rank > 0 => Some(t - 1),
            slot::ABOVE if t < 27 && rank < 8 => Some(t + 1),
            _ => None,
        }
    }
}

fn require_riichi(hand: &Hand) -> Result<(), AgariError> {
    if hand.wild().is_empty() {
        Ok(())
    } else {
        Err(AgariError::Wildcards)
    }
}

fn wrong_size(hand: &Hand, expected: &'static str) -> AgariError {
    AgariError::WrongSize {
        concealed: hand.concealed().total(),
        melds: hand.melds().len(),
        expected,
    }
}

const ORPHANS: [u8; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

/// Thirteen orphans: the doubled tile of a 14-tile hand that is one.
fn orphans_pair(counts: &[u8; 34]) -> Option<Tile> {
    let mut pair = None;
    let mut total = 0;
    for &t in &ORPHANS {
        match counts[usize::from(t)] {
            1 => {}
            2 if pair.is_none() => pair = Some(tile_at(t)),
            _ => return None,
        }
        total += counts[usize::from(t)];
    }
    if total == 14 { pair } else { None }
}

/// Every decomposition of a winning hand: a lazy view over the table's entries.
#[derive(Clone, Copy, Debug)]
pub struct Agari<'h> {
    shape: Shape,
    entries: &'static [u32],
    orphans: Option<Tile>,
    melds: &'h [Meld],
}

impl<'h> Agari<'h> {
    /// Is it a win (any decomposition)?
    pub fn is_win(&self) -> bool {
        !self.entries.is_empty() || self.orphans.is_some()
    }

    /// Number of decompositions.
    pub fn len(&self) -> usize {
        self.entries.len() + usize::from(self.orphans.is_some())
    }

    /// `true` when not a win.
    pub fn is_empty(&self) -> bool {
        !self.is_win()
    }

    /// The decompositions, in table order (standard forms first, then seven pairs).
    pub fn iter(&self) -> impl Iterator<Item = Decomposition> + '_ {
        let orphans = self.orphans.map(|t| {
            let mut d = Decomposition::new(Form::ThirteenOrphans);
            d.push_pair(t);
            d
        });
        self.entries
            .iter()
            .map(|&e| decode(&self.shape, e, self.melds))
            .chain(orphans)
    }
}

/// Decodes an agari entry over the positions of `shape`.
fn decode(shape: &Shape, e: u32, melds: &[Meld]) -> Decomposition {
    if e & dec::SEVEN_PAIRS != 0 {
        let mut d = Decomposition::new(Form::SevenPairs);
        for p in 0..shape.n {
            d.push_pair(shape.tile(p));
        }
        return d;
    }
    let mut d = Decomposition::new(Form::Standard);
    d.pairs[0] = shape.tile(dec::pair(e));
    d.pair_count = 1;
    // Tiles: positions plus the `count - 1` fields, summed by popcounts.
    const BODY: u64 = (1 << 56) - 1;
    let tiles = shape.n as u32
        + (shape.key & BODY & 0x1111_1111_1111_1111).count_ones()
        + 2 * (shape.key & BODY & 0x2222_2222_2222_2222).count_ones();
    let concealed = (tiles.saturating_sub(2) / 3).min(4) as usize;
    for (m, slot) in d.groups.iter_mut().take(concealed).enumerate() {
        let (pos, trip) = dec::meld(e, m);
        *slot = Group {
            kind: if trip {
                GroupKind::Triplet
            } else {
                GroupKind::Sequence
            },
            tile: shape.tile(pos),
            concealed: true,
            declared: None,
        };
    }
    d.group_count = concealed as u8;
    for meld in melds {
        d.push_group(Group::of_meld(meld));
    }
    d.flags = ShapeFlags::from_entry(e);
    d
}

/// Every decomposition of a winning riichi hand (3k+2 concealed tiles, at most 14, beside its
/// declared melds), seven pairs and thirteen orphans as their own forms. Empty when it is not
/// a win.
///
/// ```
/// let hand = mj_hu::Hand::parse("22334455667788p", "")?;
/// let forms: Vec<_> = mj_agari::decompositions(&hand)?.iter().map(|d| d.form).collect();
/// assert_eq!(forms.len(), 4); // three standard readings (two double sequences among them) and seven pairs
/// # Ok::<(), mj_agari::AgariError>(())
/// ```
pub fn decompositions(hand: &Hand) -> Result<Agari<'_>, AgariError> {
    require_riichi(hand)?;
    let total = hand.eigens().total();
    if total % 3 != 2 || total > 14 {
        return Err(wrong_size(hand, "3k+2 concealed tiles, at most 14"));
    }
    let tables = AgariTables::committed()?;
    Ok(agari_of(
        tables,
        Shape::of_eigens(hand.eigens().suits()),
        hand.concealed(),
        hand.melds(),
    ))
}

#[inline]
fn agari_of<'h>(
    tables: &'static AgariTables,
    shape: Option<Shape>,
    counts: &TileCounts,
    melds: &'h [Meld],
) -> Agari<'h> {
    let counts = counts.as_array();
    // Thirteen orphans holds 13 kinds.
    let orphans = if melds.is_empty() && shape.is_some_and(|s| s.n == 13) {
        orphans_pair(counts)
    } else {
        None
    };
    match shape {
        Some(shape) => Agari {
            shape,
            entries: tables.agari_packed(shape.agari_packed()),
            orphans,
            melds,
        },
        None => Agari {
            shape: EMPTY_SHAPE,
            entries: &[],
            orphans,
            melds,
        },
    }
}

/// How the winning tile was waited on (待ちの形).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
pub enum WaitKind {
    /// Two-sided (両面): `23` on 1 or 4.
    TwoSided,
    /// Closed (嵌張): `13` on 2.
    Closed,
    /// Edge (辺張): `12` on 3, `89` on 7.
    Edge,
    /// Pair wait (双碰): one of two pairs becomes a triplet.
    PairWait,
    /// Single (単騎): the pair's second tile; every thirteen-orphans and seven-pairs wait.
    Single,
}

/// One way a wait completes the hand: the decomposition of the completed hand and the kind of
/// wait it implies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Reading {
    /// The completed hand's decomposition.
    pub decomposition: Decomposition,
    /// How the winning tile completed it.
    pub kind: WaitKind,
}

/// One wait with every reading.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wait {
    /// The winning tile.
    pub tile: Tile,
    /// Every (decomposition, wait kind); a decomposition appears once per group the tile can
    /// complete in it.
    pub readings: Vec<Reading>,
}

/// The waits of a ready hand.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Machi {
    /// Waits in kind order, leaving out kinds the hand (with its melds) holds four of.
    pub waits: Vec<Wait>,
    /// The thirteen-sided wait of thirteen orphans (国士無双十三面).
    pub thirteen_sided: bool,
}

impl Machi {
    /// The wait kinds as a set.
    pub fn waits(&self) -> TileSet {
        let mut s = TileSet::EMPTY;
        for w in &self.waits {
            s.insert(w.tile);
        }
        s
    }
}

fn wait_kind(seq_low: Tile, group: usize, triplet: bool, offset: u16) -> WaitKind {
    if group == 0 {
        WaitKind::Single
    } else if triplet {
        WaitKind::PairWait
    } else {
        let rank = seq_low.rank();
        match offset {
            1 => WaitKind::Closed,
            0 if rank == 7 => WaitKind::Edge,
            2 if rank == 1 => WaitKind::Edge,
            _ => WaitKind::TwoSided,
        }
    }
}

/// Thirteen orphans ready with 13 concealed tiles: the waits (all 13, or the missing one).
fn orphans_waits(counts: &[u8; 34]) -> Option<(TileSet, bool)> {
    let mut total = 0u32;
    let mut missing = None;
    let mut doubled = false;
    for &t in &ORPHANS {
        match counts[usize::from(t)] {
            0 if missing.is_none() => missing = Some(t),
            1 => {}
            2 if !doubled => doubled = true,
            _ => return None,
        }
        total += u32::from(counts[usize::from(t)]);
    }
    if total != 13 {
        return None;
    }
    match missing {
        None => Some((
            ORPHANS.iter().fold(TileSet::EMPTY, |s, &t| {
                TileSet::from_bits(s.bits() | 1 << t)
            }),
            true,
        )),
        Some(t) if doubled => Some((TileSet::single(tile_at(t)), false)),
        Some(_) => None,
    }
}

/// The waits of a ready riichi hand (3k+1 concealed tiles, at most 13) with, per wait, every
/// decomposition of the completed hand and its wait kind. Empty when it is not ready.
pub fn machi(hand: &Hand) -> Result<Machi, AgariError> {
    require_riichi(hand)?;
    let total = hand.eigens().total();
    if total % 3 != 1 || total > 13 {
        return Err(wrong_size(hand, "3k+1 concealed tiles, at most 13"));
    }
    let tables = AgariTables::committed()?;
    let counts = hand.concealed().as_array();
    let held = hand.held();
    let mut out = Machi::default();
    if hand.melds().is_empty()
        && let Some((waits, thirteen)) = orphans_waits(counts)
    {
        out.thirteen_sided = thirteen;
        for t in waits.iter() {
            if held.get(t) >= 4 {
                continue;
            }
            let mut completed = *counts;
            completed[t.index()] += 1;
            let mut d = Decomposition::new(Form::ThirteenOrphans);
            d.push_pair(orphans_pair(&completed).unwrap_or(t));
            out.waits.push(Wait {
                tile: t,
                readings: vec![Reading {
                    decomposition: d,
                    kind: WaitKind::Single,
                }],
            });
        }
        return Ok(out);
    }
    let Some(shape) = Shape::of_eigens(hand.eigens().suits()) else {
        return Ok(out);
    };
    for (w, wait_readings) in tables.machi_packed(shape.machi_packed()) {
        let Some(t) = shape.slot_tile(w) else {
            continue;
        };
        let tile = tile_at(t);
        if held.get(tile) >= 4 {
            continue;
        }
        let mut completed = *hand.concealed();
        if completed.add(tile).is_err() {
            continue;
        }
        let agari = agari_of(
            tables,
            hand.eigens()
                .with_tile(tile)
                .and_then(|e| Shape::of_eigens(e.suits())),
            &completed,
            hand.melds(),
        );
        let win_pos = (0..agari.shape.n).find(|&p| agari.shape.tiles[p] == t);
        let mut readings = Vec::new();
        for &r in wait_readings {
            let (local, group, offset) = (
                usize::from(r & 0xFF),
                usize::from((r >> 8) & 7),
                (r >> 11) & 3,
            );
            let Some(&e) = agari.entries.get(local) else {
                continue;
            };
            let decomposition = decode(&agari.shape, e, hand.melds());
            let kind = if group == 0 {
                WaitKind::Single
            } else {
                let (pos, trip) = dec::meld(e, group - 1);
                debug_assert!(win_pos.is_some());
                wait_kind(agari.shape.tile(pos), group, trip, offset)
            };
            readings.push(Reading {
                decomposition,
                kind,
            });
        }
        out.waits.push(Wait { tile, readings });
    }
    out.waits.sort_by_key(|w| w.tile);
    Ok(out)
}

/// Whether a wait on a tile the hand already holds four of counts (空聴, karaten).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Karaten {
    /// Such a wait is listed: the shape is ready (many rule sets allow riichi on it).
    Counts,
    /// Such a wait is left out; a discard whose every wait is one is not a candidate.
    LeftOut,
}

/// One riichi discard: the tile and the waits it leaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// The discard.
    pub discard: Tile,
    /// The waits after it.
    pub waits: TileSet,
}

/// The discards that leave a hand ready, in kind order.
#[derive(Clone, Copy, Debug)]
pub struct Candidates {
    items: [Candidate; 14],
    len: usize,
}

impl Candidates {
    /// The candidates.
    pub fn as_slice(&self) -> &[Candidate] {
        self.items.get(..self.len).unwrap_or(&[])
    }
}

/// The discards of a 3k+2 hand (at most 14 concealed tiles) that leave it ready, each with its
/// waits.
///
/// ```
/// use mj_agari::{Karaten, riichi_candidates};
/// let hand = mj_hu::Hand::parse("2344m456p789s111z9p", "")?;
/// let c = riichi_candidates(&hand, Karaten::LeftOut)?;
/// let listed: Vec<String> = c.as_slice().iter().map(|c| format!("{}:{}", c.discard, c.waits)).collect();
/// assert_eq!(listed, ["4m:9p", "9p:14m"]);
/// # Ok::<(), mj_agari::AgariError>(())
/// ```
pub fn riichi_candidates(hand: &Hand, karaten: Karaten) -> Result<Candidates, AgariError> {
    require_riichi(hand)?;
    let total = hand.eigens().total();
    if total % 3 != 2 || total > 14 {
        return Err(wrong_size(hand, "3k+2 concealed tiles, at most 14"));
    }
    let tables = AgariTables::committed()?;
    Ok(candidates_of(tables, hand, karaten))
}

#[inline]
fn candidates_of(tables: &AgariTables, hand: &Hand, karaten: Karaten) -> Candidates {
    let mut out = Candidates {
        items: [Candidate {
            discard: Tile::ALL[0],
            waits: TileSet::EMPTY,
        }; 14],
        len: 0,
    };
    let counts = hand.concealed().as_array();
    let held = hand.held().as_array();
    let Some(shape) = Shape::of_eigens(hand.eigens().suits()) else {
        return out;
    };
    // Thirteen orphans ready after a discard holds 12 or 13 kinds, so 12 to 14 before it.
    let orphans = hand.melds().is_empty()
        && shape.n >= 12
        && ORPHANS
            .iter()
            .map(|&t| u32::from(counts[usize::from(t)]))
            .sum::<u32>()
            >= 13;
    // First every discard's shape and the first slot of its probe, so that the table's cache
    // misses overlap; then the waits.
    let mut rests = [Discard::default(); 14];
    let mut starts = [(0usize, 0u64); 14];
    for i in 0..shape.n.min(14) {
        let rest = shape.discard(i);
        // The filter has no false negatives: a clear bit is not a ready pattern.
        if tables.may_be_ready(rest.key) {
            starts[i] = tables.machi_start(packed_of(rest.bits));
        }
        rests[i] = rest;
    }
    for i in 0..shape.n.min(14) {
        let d = shape.tiles[i];
        let rest = &rests[i];
        let mut waits = 0u64;
        if starts[i].1 != 0 {
            for (w, _) in tables.machi_from(packed_of(rest.bits), starts[i]) {
                let Some(t) = shape.slot_tile_after(i, rest.gone, w) else {
                    continue;
                };
                let h = held[usize::from(t)] - u8::from(t == d);
                if h < 4 || karaten == Karaten::Counts {
                    waits |= 1 << t;
                }
            }
        }
        if orphans {
            let mut c = *counts;
            c[usize::from(d)] -= 1;
            if let Some((set, _)) = orphans_waits(&c) {
                for t in set.iter() {
                    let h = held[t.index()] - u8::from(t.as_u8() == d);
                    if h < 4 || karaten == Karaten::Counts {
                        waits |= 1 << t.index();
                    }
                }
            }
        }
        if waits != 0
            && let Some(slot) = out.items.get_mut(out.len)
        {
            *slot = Candidate {
                discard: tile_at(d),
                waits: TileSet::from_bits(waits),
            };
            out.len += 1;
        }
    }
    out
}

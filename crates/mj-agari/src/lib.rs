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
//! kinds, as riichi wants). [`reference`](mod@reference) is the slow backtracking twin the tests compare with.
//!
//! No IO; no panics on data: bad input is an [`AgariError`].

mod candidates;
pub mod generate;
pub mod layout;
mod machi;
pub mod reference;
#[cfg(feature = "serde")]
mod serde_impl;
mod shape;
mod tables;

pub use candidates::{Candidate, Candidates, Karaten, riichi_candidates};
#[allow(deprecated)]
pub use machi::Reading;
pub use machi::{Machi, Wait, WaitKind, WaitReading, machi};
use shape::*;

use mj_hu::{Hand, HuError};
use mj_tables::TableError;
pub use mj_tiles::{Group, GroupKind};
use mj_tiles::{Meld, Tile, TileCounts};

use layout::decomposition_bits;
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

pub(crate) const NO_GROUP: Group = Group {
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
    /// tile), then the declared ones in their order (a declared kan is a
    /// [`GroupKind::Quad`]).
    pub fn melds(&self) -> &[Group] {
        self.groups
            .get(..usize::from(self.group_count))
            .unwrap_or(&[])
    }

    /// The decomposition as a [`mj_tiles::Reading`]: the pairs (one, or seven for seven pairs), then the
    /// melds in [`Decomposition::melds`] order. Thirteen orphans reads as its doubled tile's
    /// pair alone.
    ///
    /// ```
    /// use mj_agari::{GroupKind, decompositions};
    /// use mj_tiles::{Meld, MeldKind};
    /// let kan = Meld::parse(MeldKind::Ankan, "5555z", None, None)?;
    /// let hand = mj_hu::Hand::new("123m456p789s11z".parse()?, &[kan], Default::default())?;
    /// let d = decompositions(&hand)?.iter().next().ok_or("a win")?;
    /// let kinds: Vec<GroupKind> = d.reading().iter().map(|g| g.kind).collect();
    /// use GroupKind::*;
    /// assert_eq!(kinds, [Pair, Sequence, Sequence, Sequence, Quad]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn reading(&self) -> mj_tiles::Reading {
        let pairs = self
            .pairs()
            .iter()
            .map(|&t| Group::concealed(GroupKind::Pair, t));
        pairs.chain(self.melds().iter().copied()).collect()
    }
}

pub(crate) fn require_riichi(hand: &Hand) -> Result<(), AgariError> {
    if hand.wild().is_empty() {
        Ok(())
    } else {
        Err(AgariError::Wildcards)
    }
}

pub(crate) fn wrong_size(hand: &Hand, expected: &'static str) -> AgariError {
    AgariError::WrongSize {
        concealed: hand.concealed().total(),
        melds: hand.melds().len(),
        expected,
    }
}

pub(crate) const ORPHANS: [u8; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

/// Thirteen orphans: the doubled tile of a 14-tile hand that is one.
pub(crate) fn orphans_pair(counts: &[u8; 34]) -> Option<Tile> {
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
pub(crate) fn decode(shape: &Shape, e: u32, melds: &[Meld]) -> Decomposition {
    if e & decomposition_bits::SEVEN_PAIRS != 0 {
        let mut d = Decomposition::new(Form::SevenPairs);
        for p in 0..shape.n {
            d.push_pair(shape.tile(p));
        }
        return d;
    }
    let mut d = Decomposition::new(Form::Standard);
    d.pairs[0] = shape.tile(decomposition_bits::pair(e));
    d.pair_count = 1;
    // Tiles: positions plus the `count - 1` fields, summed by popcounts.
    const BODY: u64 = (1 << 56) - 1;
    let tiles = shape.n as u32
        + (shape.key & BODY & 0x1111_1111_1111_1111).count_ones()
        + 2 * (shape.key & BODY & 0x2222_2222_2222_2222).count_ones();
    let concealed = (tiles.saturating_sub(2) / 3).min(4) as usize;
    for (m, slot) in d.groups.iter_mut().take(concealed).enumerate() {
        let (pos, trip) = decomposition_bits::meld(e, m);
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
pub(crate) fn agari_of<'h>(
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

//! The validated input: concealed tiles, declared melds and wildcard kinds; the rule switches
//! that choose which winning shapes count.

use mj_hu::{HuError, Rules};
use mj_tiles::{FifthCopy, Meld, NotationError, Tile, TileCounts, TileSet};

use crate::tables::{MAX_MELDS, ShantenTables};

/// Why a hand (or a request about it) is not valid.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AiError {
    /// The hand itself is not valid: its notation, a concealed count that is not `3k + 1` or
    /// `3k + 2` with `k` plus the declared melds at most five, more than eight wildcards, or a
    /// fifth copy across the concealed tiles and the melds. Hands are validated in one place,
    /// [`mj_hu::check`]; this is its error.
    #[error(transparent)]
    Hand(#[from] HuError),
    /// The question needs a hand of the other size (`3k + 1` to draw, `3k + 2` to discard).
    #[error("{what} needs {expected} concealed tiles (3k{expected_rem:+}), got {tiles}")]
    WrongSizeForQuestion {
        /// What was asked.
        what: &'static str,
        /// `"3k+1"` or `"3k+2"`.
        expected: &'static str,
        /// `1` or `2`.
        expected_rem: i8,
        /// Concealed tiles given.
        tiles: u32,
    },
    /// A kind appears more than four times once tiles from outside the hand are counted
    /// (visible tiles, an offered tile).
    #[error("fifth copy of {tile} across {place}")]
    FifthCopy {
        /// The kind.
        tile: Tile,
        /// Where the copies were counted.
        place: &'static str,
    },
    /// The rules need a switch these analyses do not model (listed): see
    /// [`ShapeRules::unmodelled`].
    #[error("switches not modelled by mj-ai: {}", .0.join(", "))]
    UnsupportedRules(Vec<&'static str>),
    /// The committed shanten tables (`data/shanten.bin`) failed validation: a broken build,
    /// never user input. They are refused, never regenerated.
    #[error("shanten tables: {0}")]
    Tables(#[from] mj_tables::TableError),
    /// The offered tile cannot be called this way.
    #[error("cannot {call} {tile}: {reason}")]
    InvalidCall {
        /// The call.
        call: &'static str,
        /// The offered tile.
        tile: Tile,
        /// Why not.
        reason: &'static str,
    },
}

/// Which winning shapes count besides the standard one (`k` melds and a pair): the three
/// switches of [`mj_hu::Rules`] (`seven_pairs`, `distinct_pairs`, `thirteen_orphans`) that the
/// analyses model. Get one from a rule set with `ShapeRules::try_from(&rules)`; the constants
/// are the conversions of the matching presets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ShapeRules {
    /// Seven pairs (七对 / 七対子) is a winning shape (14 concealed tiles, no melds).
    pub seven_pairs: bool,
    /// Seven pairs must be seven different kinds (riichi); otherwise four of a kind is two pairs.
    pub distinct_pairs: bool,
    /// Thirteen orphans (十三幺 / 国士無双) is a winning shape.
    pub thirteen_orphans: bool,
}

impl ShapeRules {
    /// The `generic` preset: seven pairs (four of a kind counts as two pairs) and thirteen
    /// orphans.
    pub const GENERIC: ShapeRules = ShapeRules {
        seven_pairs: true,
        distinct_pairs: false,
        thirteen_orphans: true,
    };
    /// The `riichi` preset: seven pairs of distinct kinds and thirteen orphans (the definition
    /// `xiangting`, `mahjong` and `riichienv-core` use).
    pub const RIICHI: ShapeRules = ShapeRules {
        seven_pairs: true,
        distinct_pairs: true,
        thirteen_orphans: true,
    };
    /// The standard shape only.
    pub const STANDARD_ONLY: ShapeRules = ShapeRules {
        seven_pairs: false,
        distinct_pairs: false,
        thirteen_orphans: false,
    };
}

impl ShapeRules {
    /// The switches of an [`mj_hu::Rules`] these analyses do not model whose value differs from
    /// the plain standard shape (all 34 kinds, any pair, no honor sequences, no knitted shapes,
    /// no suit limit), with their value: the ones that make [`ShapeRules::try_from`] fail.
    pub fn unmodelled(rules: &Rules) -> Vec<(&'static str, bool)> {
        [
            ("honor_sequences", rules.honor_sequences, false),
            ("eyes_258", rules.eyes_258, false),
            ("knitted", rules.knitted, false),
            ("honors", rules.honors, true),
            ("lack_one_suit", rules.lack_one_suit, false),
        ]
        .into_iter()
        .filter(|&(_, value, modelled)| value != modelled)
        .map(|(name, value, _)| (name, value))
        .collect()
    }
}

/// The part of a rule set these analyses model: its three shape switches, when every other
/// switch has its plain value ([`ShapeRules::unmodelled`] is empty); otherwise
/// [`AiError::UnsupportedRules`] naming each switch that is not.
impl TryFrom<&Rules> for ShapeRules {
    type Error = AiError;

    fn try_from(rules: &Rules) -> Result<ShapeRules, AiError> {
        let unmodelled = ShapeRules::unmodelled(rules);
        if !unmodelled.is_empty() {
            return Err(AiError::UnsupportedRules(
                unmodelled.into_iter().map(|(name, _)| name).collect(),
            ));
        }
        Ok(ShapeRules {
            seven_pairs: rules.seven_pairs,
            distinct_pairs: rules.distinct_pairs,
            thirteen_orphans: rules.thirteen_orphans,
        })
    }
}

impl Default for ShapeRules {
    fn default() -> ShapeRules {
        ShapeRules::GENERIC
    }
}

impl From<NotationError> for AiError {
    fn from(e: NotationError) -> AiError {
        AiError::Hand(HuError::Notation(e))
    }
}

/// A view of an [`mj_hu::Hand`] (the hand; this crate defines no second one) as the analyses
/// need it: a small `Copy` value (concealed tiles, the real tiles without wildcards, the tiles
/// in declared melds, the wildcards, the validated tables) that is cheap to change one tile at a
/// time, which the search over discards and draws does millions of times. Build it from an [`mj_hu::Hand`] (`TryFrom`) or
/// with [`HandView::new`], which validates through [`mj_hu::check`] (the checks of
/// [`mj_hu::Hand::new`]).
///
/// ```
/// use mj_ai::HandView;
/// let hand = HandView::parse("123m456p789s1122z")?;
/// assert_eq!(hand.concealed_count(), 13);
/// assert_eq!(hand.melds_needed(), 4);
/// # Ok::<(), mj_ai::AiError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct HandView {
    /// The concealed tiles as given (wildcard tiles included under their kind).
    concealed: TileCounts,
    /// The concealed tiles that are not wildcards.
    real: TileCounts,
    /// Tiles in declared melds.
    meld_tiles: TileCounts,
    wild: TileSet,
    wildcards: u8,
    declared: u8,
    tiles: u8,
    /// The committed tables, validated when the hand was built.
    tables: Committed,
}

/// The committed shanten tables, validated: every [`HandView`] holds them, so its analyses read
/// tables that checked out. There is one set, so two references are always equal.
#[derive(Clone, Copy)]
pub(crate) struct Committed(pub &'static ShantenTables);

impl Committed {
    /// The committed tables, or the reason they are refused.
    pub(crate) fn get() -> Result<Committed, AiError> {
        Ok(Committed(ShantenTables::committed()?))
    }
}

impl PartialEq for Committed {
    fn eq(&self, _: &Committed) -> bool {
        true
    }
}

impl Eq for Committed {}

impl core::hash::Hash for Committed {
    fn hash<H: core::hash::Hasher>(&self, _: &mut H) {}
}

impl HandView {
    /// A hand of concealed tiles, declared melds and wildcard kinds.
    ///
    /// Errors ([`AiError::Hand`]): the concealed count is not `3k + 1` or `3k + 2` with
    /// `k + melds <= 5`; more than eight wildcards; a fifth copy of a kind across the concealed
    /// tiles and the melds.
    pub fn new(concealed: TileCounts, melds: &[Meld], wild: TileSet) -> Result<HandView, AiError> {
        let checked = mj_hu::check(&concealed, melds, wild)?;
        Ok(HandView::of_checked(
            concealed,
            &checked,
            melds.len(),
            wild,
            Committed::get()?,
        ))
    }

    /// The view of a hand [`mj_hu::check`] accepted.
    fn of_checked(
        concealed: TileCounts,
        checked: &mj_hu::Checked,
        declared: usize,
        wild: TileSet,
        tables: Committed,
    ) -> HandView {
        let mut real = concealed;
        for t in wild {
            // Setting a count to zero cannot fail.
            let _ = real.set(t, 0);
        }
        HandView {
            concealed,
            real,
            meld_tiles: checked.meld_tiles,
            wild,
            wildcards: checked.wildcards,
            declared: declared as u8,
            tiles: concealed.total() as u8,
            tables,
        }
    }

    /// The validated committed tables the analyses read.
    pub(crate) fn tables(&self) -> &'static ShantenTables {
        self.tables.0
    }

    /// A concealed hand in mpsz notation, no melds, no wildcards.
    pub fn parse(text: &str) -> Result<HandView, AiError> {
        HandView::new(text.parse()?, &[], TileSet::EMPTY)
    }

    /// The concealed tiles as given (wildcards included under their kind).
    pub const fn concealed(&self) -> &TileCounts {
        &self.concealed
    }

    /// The concealed tiles that are not wildcards.
    pub const fn real(&self) -> &TileCounts {
        &self.real
    }

    /// Tiles held in declared melds.
    pub const fn meld_tiles(&self) -> &TileCounts {
        &self.meld_tiles
    }

    /// The wildcard kinds.
    pub const fn wild(&self) -> TileSet {
        self.wild
    }

    /// How many concealed tiles are wildcards.
    pub const fn wildcards(&self) -> u8 {
        self.wildcards
    }

    /// How many melds are declared.
    pub const fn declared_melds(&self) -> usize {
        self.declared as usize
    }

    /// How many concealed tiles.
    pub const fn concealed_count(&self) -> u32 {
        self.tiles as u32
    }

    /// How many melds the concealed tiles must still form: `tiles / 3`.
    pub const fn melds_needed(&self) -> usize {
        self.tiles as usize / 3
    }

    /// `true` for `3k + 2` concealed tiles (a hand that discards next).
    pub const fn is_discard_size(&self) -> bool {
        self.tiles % 3 == 2
    }

    /// The error for asking `what` of a hand that is not 3k+2 (`discard`) or 3k+1 tiles.
    pub(crate) fn size_error(&self, discard: bool, what: &'static str) -> AiError {
        AiError::WrongSizeForQuestion {
            what,
            expected: if discard { "3k+2" } else { "3k+1" },
            expected_rem: if discard { 2 } else { 1 },
            tiles: self.concealed_count(),
        }
    }

    /// Errors unless the hand is 3k+2 tiles (`discard`) or 3k+1 tiles.
    pub(crate) fn require_size(&self, discard: bool, what: &'static str) -> Result<(), AiError> {
        if self.is_discard_size() == discard {
            Ok(())
        } else {
            Err(self.size_error(discard, what))
        }
    }

    /// `true` when seven pairs and thirteen orphans can apply: no melds and 13 or 14 tiles.
    pub const fn special_forms_apply(&self) -> bool {
        self.declared == 0 && self.tiles / 3 == 4
    }

    /// How many copies of a kind the hand holds (wildcard tiles count under their kind).
    pub const fn count(&self, tile: Tile) -> u8 {
        self.concealed.get(tile)
    }

    /// The hand with one more tile of a kind (a wildcard if the kind is wild), if the concealed
    /// tiles and melds do not already hold four of it and the size stays valid.
    pub fn with_tile(&self, tile: Tile) -> Option<HandView> {
        if self.concealed.get(tile) + self.meld_tiles.get(tile) >= 4 {
            return None;
        }
        self.with_tile_ignoring_melds(tile)
    }

    /// [`HandView::with_tile`] where only the concealed tiles limit the copies (the shanten
    /// definition's four-copy rule looks at the concealed tiles only).
    pub(crate) fn with_tile_ignoring_melds(&self, tile: Tile) -> Option<HandView> {
        let mut out = *self;
        out.concealed.add(tile).ok()?;
        let tiles = self.tiles + 1;
        if tiles.is_multiple_of(3) || usize::from(tiles / 3) + self.declared_melds() > MAX_MELDS {
            return None;
        }
        out.tiles = tiles;
        if self.wild.contains(tile) {
            out.wildcards += 1;
            if out.wildcards > 8 {
                return None;
            }
        } else {
            out.real.add(tile).ok()?;
        }
        Some(out)
    }

    /// The hand with one tile of a kind removed, if it holds one and the size stays valid.
    pub fn without_tile(&self, tile: Tile) -> Option<HandView> {
        let mut out = *self;
        if !out.concealed.remove(tile) || self.tiles <= 1 || (self.tiles - 1).is_multiple_of(3) {
            return None;
        }
        out.tiles -= 1;
        if self.wild.contains(tile) {
            out.wildcards -= 1;
        } else {
            out.real.remove(tile);
        }
        Some(out)
    }

    /// The same hand with one more declared meld made of `from_hand` concealed tiles (a call).
    pub(crate) fn with_meld(&self, meld: &Meld, from_hand: &[Tile]) -> Option<HandView> {
        let mut concealed = self.concealed;
        for &t in from_hand {
            if !concealed.remove(t) {
                return None;
            }
        }
        let mut meld_tiles = self.meld_tiles;
        for t in meld.tiles() {
            meld_tiles.add(t).ok()?;
        }
        let mut out = HandView::from_parts(
            concealed,
            meld_tiles,
            self.wild,
            self.declared + 1,
            self.tables,
        )?;
        out.meld_tiles = meld_tiles;
        Some(out)
    }

    fn from_parts(
        concealed: TileCounts,
        meld_tiles: TileCounts,
        wild: TileSet,
        declared: u8,
        tables: Committed,
    ) -> Option<HandView> {
        let tiles = concealed.total();
        if tiles == 0
            || tiles.is_multiple_of(3)
            || (tiles / 3) as usize + usize::from(declared) > MAX_MELDS
        {
            return None;
        }
        concealed.checked_add(&meld_tiles).ok()?;
        let mut real = concealed;
        let mut wildcards = 0u8;
        for t in wild {
            wildcards += real.get(t);
            let _ = real.set(t, 0);
        }
        if wildcards > 8 {
            return None;
        }
        Some(HandView {
            concealed,
            real,
            meld_tiles,
            wild,
            wildcards,
            declared,
            tiles: tiles as u8,
            tables,
        })
    }

    /// Copies of a kind still unseen from this player's seat: four minus those in the concealed
    /// tiles, the melds and `visible`.
    pub fn live(&self, tile: Tile, visible: &TileCounts) -> u8 {
        4u8.saturating_sub(self.concealed.get(tile))
            .saturating_sub(self.meld_tiles.get(tile))
            .saturating_sub(visible.get(tile))
    }

    /// Checks that `visible` adds no fifth copy to the hand and melds.
    pub fn check_visible(&self, visible: &TileCounts) -> Result<(), AiError> {
        self.concealed
            .checked_add(&self.meld_tiles)
            .and_then(|c| c.checked_add(visible))
            .map(|_| ())
            .map_err(|FifthCopy { tile }| AiError::FifthCopy {
                tile,
                place: "the hand, its melds and the visible tiles",
            })
    }
}

impl TryFrom<&mj_hu::Hand> for HandView {
    type Error = AiError;

    /// The view of a checked hand; the error is only [`AiError::Tables`].
    fn try_from(hand: &mj_hu::Hand) -> Result<HandView, AiError> {
        let concealed = *hand.concealed();
        let mut meld_tiles = TileCounts::EMPTY;
        for meld in hand.melds() {
            for t in meld.tiles() {
                // `mj_hu::check` found no fifth copy in the melds.
                let _ = meld_tiles.add(t);
            }
        }
        let checked = mj_hu::Checked {
            held: *hand.held(),
            meld_tiles,
            wildcards: hand.eigens().wildcards(),
        };
        Ok(HandView::of_checked(
            concealed,
            &checked,
            hand.melds().len(),
            hand.wild(),
            Committed::get()?,
        ))
    }
}

impl core::fmt::Debug for HandView {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "HandView({}", self.concealed)?;
        if self.declared > 0 {
            write!(f, " + {} meld(s) [{}]", self.declared, self.meld_tiles)?;
        }
        if !self.wild.is_empty() {
            write!(f, ", wild {}", self.wild)?;
        }
        f.write_str(")")
    }
}

#[cfg(test)]
mod tests {
    use mj_tiles::MeldKind;

    use super::*;

    #[test]
    fn shape_rules_are_the_modelled_part_of_the_presets() {
        assert_eq!(
            ShapeRules::try_from(&Rules::GENERIC),
            Ok(ShapeRules::GENERIC)
        );
        assert_eq!(ShapeRules::try_from(&Rules::RIICHI), Ok(ShapeRules::RIICHI));
        assert_eq!(
            ShapeRules::try_from(&Rules::SICHUAN),
            Err(AiError::UnsupportedRules(vec!["honors", "lack_one_suit"]))
        );
        assert_eq!(ShapeRules::unmodelled(&Rules::MCR), vec![("knitted", true)]);
    }

    #[test]
    fn validates_sizes_wildcards_and_copies() {
        assert!(matches!(
            HandView::parse("123m"),
            Err(AiError::Hand(HuError::WrongTileCount { concealed: 3, .. }))
        ));
        assert!(matches!(
            HandView::parse(""),
            Err(AiError::Hand(HuError::WrongTileCount { concealed: 0, .. }))
        ));
        assert!(HandView::parse("11112222333344445m").is_ok());
        assert!(HandView::parse("11112222333344445555m").is_err());
        let pon = Meld::parse(MeldKind::Pon, "111m", None, None).unwrap();
        assert!(matches!(
            HandView::new("1m23456789p".parse().unwrap(), &[pon, pon], TileSet::EMPTY),
            Err(AiError::Hand(
                HuError::FifthCopy(_) | HuError::WrongTileCount { .. }
            ))
        ));
        let wild: TileSet = "5z6z7z".parse().unwrap();
        let err = HandView::new("555666777z1m".parse().unwrap(), &[], wild).unwrap_err();
        assert_eq!(err, AiError::Hand(HuError::TooManyWildcards(9)));
        let h = HandView::new("55z123m".parse().unwrap(), &[], wild).unwrap();
        assert_eq!((h.wildcards(), h.real().total()), (2, 3));
    }
}

//! The validated input of every question: concealed tiles, declared melds, wildcard kinds.

use mj_tiles::{EigenHand, Meld, NotationError, Suit, Tile, TileCounts, TileSet};

use crate::Rules;

/// The most wildcards a hand may hold.
pub const MAX_WILDCARDS: u8 = 8;

/// The most melds (declared plus concealed) a hand may have: five, for 16-tile variants.
pub const MAX_MELDS: u32 = 5;

/// Why a question about a hand has no answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HuError {
    /// The hand's notation is wrong.
    #[error("hand: {0}")]
    Notation(#[from] NotationError),
    /// More than four copies of a kind between the concealed tiles and the melds.
    #[error("fifth copy of {0} (concealed tiles and melds together)")]
    FifthCopy(Tile),
    /// More than eight wildcards.
    #[error("{0} wildcards; at most 8 are supported")]
    TooManyWildcards(u8),
    /// The concealed tile count does not fit the question and the melds declared.
    #[error("{concealed} concealed tiles with {melds} declared melds: {expected}")]
    WrongTileCount {
        /// Concealed tiles, wildcards included.
        concealed: u32,
        /// Declared melds.
        melds: usize,
        /// What the question needs.
        expected: &'static str,
    },
    /// A tile the rules' tile set does not have (honors under `sichuan`).
    #[error("{0} is not part of this rule set's tiles (switch `honors` is off)")]
    TileNotInRules(Tile),
    /// The committed tables failed validation (a broken build, never user input).
    #[error("tables: {0}")]
    Tables(#[from] mj_tables::TableError),
}

/// Why an eigen hand cannot be asked about: the small, `Copy` error of the eigen-level calls
/// ([`crate::Checker::is_winning_eigen`]), which converts into [`HuError`]. Four bytes, so the
/// calls' results travel in registers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SizeError {
    /// More than eight wildcards.
    #[error("{0} wildcards; at most 8 are supported")]
    TooManyWildcards(u8),
    /// The tile count does not fit the question and the melds declared.
    #[error("{concealed} concealed tiles with {melds} declared melds: {}", expected(*.complete))]
    WrongTileCount {
        /// Concealed tiles, wildcards included.
        concealed: u8,
        /// Declared melds.
        melds: u8,
        /// `true` when the question needs 3k+2 tiles (a win), `false` for 3k+1 (waits, ready).
        complete: bool,
    },
}

const fn expected(complete: bool) -> &'static str {
    if complete {
        "3k+2 concealed tiles (a hand that has drawn its tile)"
    } else {
        "3k+1 concealed tiles (a hand waiting for its tile)"
    }
}

impl From<SizeError> for HuError {
    fn from(e: SizeError) -> HuError {
        match e {
            SizeError::TooManyWildcards(n) => HuError::TooManyWildcards(n),
            SizeError::WrongTileCount {
                concealed,
                melds,
                complete,
            } => HuError::WrongTileCount {
                concealed: u32::from(concealed),
                melds: usize::from(melds),
                expected: expected(complete),
            },
        }
    }
}

/// A concealed hand, its declared melds and the wildcard kinds, checked: no kind more than four
/// times (concealed and melds together), at most eight wildcards, at most five melds in all, and
/// a concealed count of the form 3k+1 or 3k+2 with k + melds <= 5.
///
/// ```
/// use mj_hu::Hand;
/// let hand = Hand::parse("123m456p789s1122z", "")?;
/// assert_eq!(hand.concealed().total(), 13);
/// let wild = Hand::parse("123m456p789s112z7z", "7z")?;
/// assert_eq!(wild.eigens().wildcards(), 1);
/// assert!(Hand::parse("11111m", "").is_err());
/// # Ok::<(), mj_hu::HuError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hand {
    concealed: TileCounts,
    melds: Vec<Meld>,
    wild: TileSet,
    eigens: EigenHand,
    /// Physical copies per kind in the concealed tiles and the melds.
    held: TileCounts,
    /// Kinds held at least once, and four times (concealed and melds together).
    held_kinds: TileSet,
    held_four: TileSet,
    /// Bit `i` set when a declared meld uses numbered suit `i`.
    meld_suits: u8,
}

/// What [`check`] found: the tiles held (concealed and melds together), the tiles in the melds
/// and the number of wildcards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Checked {
    /// Physical copies per kind in the concealed tiles and the melds.
    pub held: TileCounts,
    /// Copies per kind in the declared melds.
    pub meld_tiles: TileCounts,
    /// Concealed tiles of a wild kind.
    pub wildcards: u8,
}

/// The checks of [`Hand::new`] without building the hand (for callers that keep their own view
/// of it, such as `mj-ai`): no kind more than four times across the concealed tiles and the
/// melds, at most eight wildcards, a concealed count of the form 3k+1 or 3k+2 with
/// k + melds <= 5. The one place a hand is validated.
pub fn check(concealed: &TileCounts, melds: &[Meld], wild: TileSet) -> Result<Checked, HuError> {
    let mut meld_tiles = TileCounts::EMPTY;
    for meld in melds {
        for t in meld.tiles() {
            meld_tiles.add(t).map_err(|e| HuError::FifthCopy(e.tile))?;
        }
    }
    let held = if melds.is_empty() {
        *concealed
    } else {
        concealed
            .checked_add(&meld_tiles)
            .map_err(|e| HuError::FifthCopy(e.tile))?
    };
    let wildcards: u32 = wild.into_iter().map(|t| u32::from(concealed.get(t))).sum();
    if wildcards > u32::from(MAX_WILDCARDS) {
        return Err(HuError::TooManyWildcards(wildcards.min(255) as u8));
    }
    let n = concealed.total();
    if n.is_multiple_of(3) || n / 3 + melds.len() as u32 > MAX_MELDS {
        return Err(HuError::WrongTileCount {
            concealed: n,
            melds: melds.len(),
            expected: "3k+1 or 3k+2 concealed tiles with k + melds <= 5",
        });
    }
    Ok(Checked {
        held,
        meld_tiles,
        wildcards: wildcards as u8,
    })
}

impl Hand {
    /// Checks and builds a hand. `concealed` holds every concealed tile, wildcards included.
    pub fn new(concealed: TileCounts, melds: &[Meld], wild: TileSet) -> Result<Hand, HuError> {
        let Checked { held, .. } = check(&concealed, melds, wild)?;
        let eigens = EigenHand::from_counts(&concealed, wild);
        let mut meld_suits = 0u8;
        for meld in melds {
            let suit = meld.base().suit();
            if suit.is_numbered() {
                meld_suits |= 1 << suit.index();
            }
        }
        Ok(Hand {
            concealed,
            melds: melds.to_vec(),
            wild,
            eigens,
            held,
            held_kinds: held.kinds(),
            held_four: held.kinds_at_least(4),
            meld_suits,
        })
    }

    /// A hand without melds from mpsz text, with wildcard kinds in mpsz (`""` for none).
    pub fn parse(concealed: &str, wild: &str) -> Result<Hand, HuError> {
        let counts: TileCounts = concealed.parse()?;
        let wild: TileSet = wild.parse()?;
        Hand::new(counts, &[], wild)
    }

    /// The concealed tiles, wildcards included.
    pub fn concealed(&self) -> &TileCounts {
        &self.concealed
    }

    /// The declared melds.
    pub fn melds(&self) -> &[Meld] {
        &self.melds
    }

    /// The wildcard kinds.
    pub fn wild(&self) -> TileSet {
        self.wild
    }

    /// The concealed tiles as four eigens of real tiles plus the wildcard count.
    pub fn eigens(&self) -> &EigenHand {
        &self.eigens
    }

    /// Physical copies of each kind held in the concealed tiles and the melds.
    pub fn held(&self) -> &TileCounts {
        &self.held
    }

    /// Kinds held four times, concealed (wildcards included) and melds together: a fifth copy
    /// cannot be drawn.
    pub fn held_four(&self) -> TileSet {
        self.held_four
    }

    /// Bit `i` set when a declared meld uses numbered suit `i` (m, p, s).
    pub fn meld_suits(&self) -> u8 {
        self.meld_suits
    }

    /// Number of declared melds.
    pub fn meld_count(&self) -> u8 {
        self.melds.len() as u8
    }

    /// `true` for 3k+2 concealed tiles (a question of winning), `false` for 3k+1 (of waiting).
    pub fn is_complete_size(&self) -> bool {
        self.eigens.total() % 3 == 2
    }

    /// Errors unless the hand is of the form 3k+2.
    pub fn require_complete_size(&self) -> Result<(), HuError> {
        if self.is_complete_size() {
            Ok(())
        } else {
            Err(self.wrong_size(expected(true)))
        }
    }

    /// Errors unless the hand is of the form 3k+1.
    pub fn require_waiting_size(&self) -> Result<(), HuError> {
        if self.is_complete_size() {
            Err(self.wrong_size(expected(false)))
        } else {
            Ok(())
        }
    }

    fn wrong_size(&self, expected: &'static str) -> HuError {
        HuError::WrongTileCount {
            concealed: self.concealed.total(),
            melds: self.melds.len(),
            expected,
        }
    }

    /// Errors if the hand holds a tile the rules do not have.
    pub fn check_rules(&self, rules: &Rules) -> Result<(), HuError> {
        if !rules.honors
            && let Some(t) = (self.held.kinds() & TileSet::suit(Suit::Honor))
                .iter()
                .next()
        {
            return Err(HuError::TileNotInRules(t));
        }
        Ok(())
    }

    /// The numbered suits that real tiles or melds of the hand use (wildcards not counted).
    pub fn suits_used(&self) -> [bool; 3] {
        let real = self.held_kinds - self.wild_in_concealed_only();
        [Suit::Man, Suit::Pin, Suit::Sou].map(|s| !(real & TileSet::suit(s)).is_empty())
    }

    /// Wild kinds whose only copies are concealed wildcards (a wild kind in a meld is a real
    /// tile there).
    fn wild_in_concealed_only(&self) -> TileSet {
        let in_melds: TileSet = self.melds.iter().flat_map(|m| m.tiles()).collect();
        self.wild - in_melds
    }

    /// The same hand with one more concealed tile; `None` for a fifth copy.
    pub fn with_tile(&self, tile: Tile) -> Option<Hand> {
        let mut concealed = self.concealed;
        concealed.add(tile).ok()?;
        Hand::new(concealed, &self.melds, self.wild).ok()
    }
}

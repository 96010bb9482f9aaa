//! `HandIndex`: a concealed hand kept across draws and discards for repeated win checks
//! (`mj_hu::HandIndex`, the tables' offsets of each suit kept up to date tile by tile), so
//! that a check reads no list and converts no counts.
//!
//! It answers `hu(hand.counts(), rules, wild=wild)` exactly: where `hu` answers on the engine's
//! fast path, the kept offsets answer; everything else (the `sanma` preset, honors under
//! `sichuan`, a tile total that is not 3k+2, more than eight wildcards) is asked of the
//! protocol with the counts, which answers or raises `hu`'s own error.

use pyo3::prelude::*;

use mj_hu::{Checker, Declared};
use mj_protocol::{Options, Rules};
use mj_tiles::{Suit, Tile, TileCounts, TileSet};

use crate::error::mj_error;
use crate::fields::Common;
use crate::hand::{Form, HandTiles, read_hand, tile_of};

/// A concealed hand kept for repeated win checks as tiles come and go.
#[pyclass(module = "mj_engine", name = "HandIndex")]
pub(crate) struct KeptHand {
    rules: Rules,
    wild: TileSet,
    /// The engine's checker when `hu` answers this preset on its fast path (not `sanma`).
    checker: Option<Checker>,
    /// The preset's shapes allow honors.
    honors: bool,
    index: mj_hu::HandIndex,
    /// Every tile held, wild kinds' included.
    counts: TileCounts,
}

impl KeptHand {
    /// The kind `kind` names: a kind index 0-33 or a tile name such as "5m" (red fives are
    /// fives).
    fn kind(py: Python<'_>, kind: &Bound<'_, PyAny>) -> PyResult<Tile> {
        tile_of(kind, Form::Counts)
            .map(|piece| piece.tile())
            .map_err(|message| mj_error(py, "invalid_tile", &message))
    }

    fn add_tile(&mut self, py: Python<'_>, tile: Tile) -> PyResult<()> {
        self.counts
            .add(tile)
            .map_err(|e| mj_error(py, "fifth_copy", &e.to_string()))?;
        // The counts hold at most four of a kind, so neither does the index.
        let _ = self.index.add(tile);
        Ok(())
    }

    fn remove_tile(&mut self, py: Python<'_>, tile: Tile) -> PyResult<()> {
        if !self.counts.remove(tile) {
            return Err(mj_error(py, "not_held", &format!("no {tile} to remove")));
        }
        self.index.remove(tile);
        Ok(())
    }

    /// `hu` of the counts held.
    fn wins(&self) -> PyResult<bool> {
        let honors_ok =
            self.honors || (self.counts.kinds() & TileSet::suit(Suit::Honor)).is_empty();
        if let Some(checker) = &self.checker
            && honors_ok
            && let Ok(won) = checker.is_winning_index(&self.index, Declared::default())
        {
            return Ok(won);
        }
        let common = Common {
            melds: Vec::new(),
            wild: self.wild,
            rules: self.rules,
            options: Options::default(),
        };
        common
            .request("hu", &HandTiles::of_counts(self.counts))?
            .is_win()
            .map_err(|e| crate::error::op_error(&e))
    }
}

#[pymethods]
impl KeptHand {
    /// `hand` in any form `hu` reads (34 counts, 136 ids, mpsz), checked once; `rules` and
    /// `wild` as `hu` takes them (tiles of a wild kind are wildcards).
    #[new]
    #[pyo3(signature = (hand, rules=None, *, wild=None))]
    fn new(
        hand: &Bound<'_, PyAny>,
        rules: Option<&Bound<'_, PyAny>>,
        wild: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<KeptHand> {
        let tiles = read_hand(hand)?;
        let common = Common::read(&tiles, None, wild, rules, None)?;
        let shapes = common.shapes();
        let checker = if common.is_plain() {
            Checker::new(shapes).ok()
        } else {
            None
        };
        Ok(KeptHand {
            rules: common.rules,
            wild: common.wild,
            checker,
            honors: shapes.honors,
            index: mj_hu::HandIndex::from_counts(&tiles.counts, common.wild),
            counts: tiles.counts,
        })
    }

    /// Adds one tile of `kind` (a kind index 0-33 or a tile name); a fifth copy raises
    /// `fifth_copy` and leaves the hand unchanged.
    fn add(&mut self, py: Python<'_>, kind: &Bound<'_, PyAny>) -> PyResult<()> {
        let tile = KeptHand::kind(py, kind)?;
        self.add_tile(py, tile)
    }

    /// Removes one tile of `kind`; a kind not held raises `not_held` and changes nothing.
    fn remove(&mut self, py: Python<'_>, kind: &Bound<'_, PyAny>) -> PyResult<()> {
        let tile = KeptHand::kind(py, kind)?;
        self.remove_tile(py, tile)
    }

    /// `hu(self.counts(), rules, wild=wild, raw=True)`, errors included.
    fn is_winning(&self) -> PyResult<bool> {
        self.wins()
    }

    /// Would one more tile of `kind` win (a draw asked about)? The hand is left as it was,
    /// errors included (a fifth copy raises `fifth_copy`).
    fn wins_with(&mut self, py: Python<'_>, kind: &Bound<'_, PyAny>) -> PyResult<bool> {
        let tile = KeptHand::kind(py, kind)?;
        self.add_tile(py, tile)?;
        let won = self.wins();
        self.remove_tile(py, tile)?;
        won
    }

    /// The 34 counts held, wild kinds' tiles included.
    fn counts(&self) -> Vec<u32> {
        self.counts
            .as_array()
            .iter()
            .map(|&c| u32::from(c))
            .collect()
    }

    /// The preset's name.
    #[getter]
    fn rules(&self) -> &'static str {
        self.rules.name()
    }

    /// Tiles held, wildcards included.
    fn __len__(&self) -> usize {
        self.counts.total() as usize
    }

    fn __repr__(&self) -> String {
        let wild: Vec<String> = self.wild.iter().map(|t| format!("\"{t}\"")).collect();
        let wild = if wild.is_empty() {
            String::new()
        } else {
            format!(", wild=[{}]", wild.join(", "))
        };
        format!(
            "HandIndex(\"{}\", rules={:?}{wild})",
            self.counts,
            self.rules.name()
        )
    }
}

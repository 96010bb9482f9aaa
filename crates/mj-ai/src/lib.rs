//! How far a mahjong hand is from ready and what to do about it: **shanten** (向听 / 向聴) with
//! declared melds, seven pairs, thirteen orphans and wildcards; **effective tiles** (有效牌 /
//! 进张 / 受け入れ, ukeire) with live counts; the **discard table**; **improvement tiles**;
//! **discard recommendation** by two engines; and **call decisions**.
//!
//! ```
//! use mj_ai::{Engine, HandView, ShapeRules};
//! use mj_tiles::TileCounts;
//!
//! let hand = HandView::parse("123m456p789s1122z")?;
//! assert_eq!(hand.shanten(ShapeRules::RIICHI).shanten, 0); // ready (听牌)
//! let waits = hand.effective_tiles(ShapeRules::RIICHI, &TileCounts::EMPTY)?;
//! assert_eq!(waits.tiles.to_string(), "12z");
//!
//! let hand = HandView::parse("123m456p789s11234z")?;
//! let best = hand.recommend(ShapeRules::RIICHI, &TileCounts::EMPTY, &Engine::Efficiency)?;
//! assert_eq!(best.ranking[0].shanten, 1);
//! # Ok::<(), mj_ai::AiError>(())
//! ```
//!
//! # Entry points
//!
//! * [`shanten`]: counts in, shanten out (no melds, no wildcards; `m` from the tile count): the
//!   fast path the benchmarks compare with `xiangting` and `riichienv-core`.
//! * [`HandView::new`] (concealed counts, declared melds, wild kinds; validated) or [`HandView::parse`],
//!   then [`HandView::shanten`] ([`ShantenReport`], the protocol's `shanten` op),
//!   [`HandView::effective_tiles`] ([`EffectiveTiles`]), [`HandView::discards`] ([`DiscardOption`] rows,
//!   the protocol's `discards` op), [`HandView::improvements`], [`HandView::recommend`] and
//!   [`HandView::decide_call`]. Shape rules are [`ShapeRules`] (`GENERIC`, `RIICHI`, or the three
//!   switches by hand).
//! * [`reference`](mod@reference): the slow, literal implementations the tests use as oracles.
//!
//! # Definitions
//!
//! A hand is its **concealed** tiles (`3k + 1` or `3k + 2` of them, `k` = 0..=5) plus declared
//! melds (each stands for one meld; `k` plus the melds is at most 5, so 16-tile variants work).
//! The concealed tiles must still form `m = tiles / 3` melds and a pair.
//!
//! * **Shanten** of the standard shape: the fewest tiles that must be drawn (each replacing a
//!   discard) to reach a complete hand of `m` melds (sequences or triplets) and one pair, minus
//!   one. `-1` is complete, `0` ready. Formally, with `H` ranging over complete concealed hands
//!   of `3m + 2` tiles, `shanten = min_H sum_i max(0, H_i - c_i) - 1`.
//! * **The four-copy rule.** The target `H` holds at most four of a kind, so a wait on a kind
//!   whose four copies are all in the hand does not count: `123456789m1111z` is 1-shanten, not
//!   ready, as in `xiangting`, `mahjong` (PyPI) and `riichienv-core`. Only the concealed tiles
//!   limit the target (copies in melds or seen elsewhere lower live counts instead), as in those
//!   libraries.
//! * **Seven pairs** (七对 / 七対子) applies to 13 or 14 concealed tiles and no melds: with
//!   `distinct_pairs` the pairs are seven different kinds (riichi; a quad is one pair), otherwise
//!   four of a kind is two pairs. **Thirteen orphans** (十三幺) likewise. A form whose switch is
//!   off or that does not apply is skipped (`None` in [`ShantenReport`]).
//! * **Wildcards** (癞子 / 百搭): every concealed tile of a `wild` kind stands for any tile, with
//!   no four-copy limit. Wildcard shanten is the minimum over every substitution of the
//!   wildcards of the shanten of the substituted hand, where a kind may exceed four copies by as
//!   many wildcards as stand for it (real tiles stay at most four). Up to 8 wildcards.
//!   `1111m123p456p789p` + one wildcard is complete (`111m` + `11m`).
//! * **Effective tiles** of a `3k + 1` hand: the kinds whose draw lowers the shanten (kinds the
//!   hand holds four of are never listed). **Live** copies: four minus those in the concealed
//!   tiles, the melds and a caller-supplied set of visible tiles.
//! * **Discard table** of a `3k + 2` hand ([`HandView::discards`], the protocol's `discards` op):
//!   per kind held, the shanten after discarding it, the effective tiles then and their live
//!   count (the discarded copy counts as seen), best first.
//! * **Improvement tiles** (改良) of a ready or 1-shanten hand ([`HandView::improvements`]): kinds
//!   that do not lower the shanten but, after the best discard, leave more live effective tiles.
//!
//! ```
//! use mj_ai::{HandView, ShapeRules};
//! use mj_tiles::{Meld, MeldKind, TileSet};
//! // Declared melds: only the standard shape applies.
//! let pon = Meld::parse(MeldKind::Pon, "777z", Some("7z"), Some(2))?;
//! let hand = HandView::new("123m456p78s99s".parse()?, &[pon], TileSet::EMPTY)?;
//! let report = hand.shanten(ShapeRules::RIICHI);
//! assert_eq!((report.shanten, report.seven_pairs), (0, None));
//! // Wildcards: 5z is wild; the two 5z finish 1(2)3m and the pair 8p(8p).
//! let hand = HandView::new("13m8p123456789s55z".parse()?, &[], "5z".parse()?)?;
//! assert_eq!(hand.shanten(ShapeRules::GENERIC).shanten, -1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Algorithm and tables
//!
//! Because the four-copy limit is per kind, a hand's distance is the min-plus combination of
//! per-suit **distance vectors** `V[j][p]` (fewest tiles to add for `j` = 0..=5 melds and `p` =
//! 0..=1 pairs in that suit). There are only 187 distinct vectors for a numbered suit and 83 for
//! the honors, so each suit is reduced to a class id and classes are combined by small tables
//! instead of a min-plus computation (the idea of Nyanten, 2025, here with up to 5 melds):
//!
//! | table | entries | holds |
//! |---|---|---|
//! | six ranks | 125 x 128 (`u16`) | base-5 numbers of ranks 1-3 and 4-6 -> state of the minimal automaton after six ranks (1 845 states) |
//! | tail | 1 845 x 128 (`u8`) | state, base-5 number of ranks 7-9 -> numbered suit class (187) |
//! | honors | 4 096 (`u8`) | kinds held >= 1, 2, 3, 4 times -> honor class (83) |
//! | man-pin | 187 x 256 (`u16`) | man class, pin class -> pair class (328) |
//! | sou-honor | 187 x 128 (`u32`) | sou class, honor class -> pair class (275), premultiplied |
//! | final | 6 x 275 x 328 (`u8`) | `m`, both pair classes -> distance for `m` melds and a pair |
//!
//! About 1 MB in all (strides are padded to powers of two so that indices are shifts; a query
//! touches the final slice of its own `m` only). The pure, deterministic
//! [`generate::generate`] (about 30 ms) builds them; `cargo xtask gen-tables` writes them into
//! the committed blob `data/shanten.bin` (the workspace's container: magic `MJSHANTN`, format
//! version, section table, FNV-1a checksum), which is validated (every class id and key in
//! range) and decoded on first use ([`tables::ShantenTables::committed`]); a test fails when
//! the blob is stale. A query is three
//! base-5 numbers per suit (one multiply each), then four dependent lookups (six-rank state,
//! suit class, pair class, final); seven pairs, thirteen orphans and the size check come from a
//! digest summed from three small per-block tables per suit (built at compile time), so no
//! popcount is needed (baseline x86-64 has none). The automaton is the Myhill-Nerode minimisation of a
//! rank-by-rank dynamic programme whose state is the best cost for each (open sequences, melds,
//! pair) situation; see [`tables`].
//!
//! Wildcards: every wildcard fills one missing tile, so the wildcard distance is the table
//! distance of the real tiles (with `m` from the total count) minus the wildcards. The one
//! exception, a wildcard used as a fifth copy of a kind held four times, takes a budgeted
//! per-suit programme for the suits holding such a quad (`distance::suit_distances_limited`,
//! a few microseconds, rare). That excess is useful only beside four real copies is an
//! exchange argument (a pair or triplet of wildcards moves to a fresh kind at no cost) that the
//! tests check against the literal substitution brute force on seeded corpora rich in
//! triplets and quads, rather than a written proof.
//!
//! Effective tiles and the discard table re-derive only what one removed and one added tile
//! touch: a key moves by a power of 5 (or 8 for honors), one suit class, one pair class and the
//! final lookup.
//!
//! # Recommendation
//!
//! [`HandView::recommend`] with [`Engine::Value`] is the value method of the seed article's
//! 推荐出牌算法: every full split of the hand into melds, partial melds (two-sided, edge,
//! closed), pairs and isolated tiles; each tile valued by the groups it takes part in, weighted
//! by a table ([`ValueWeights`], data to tune) and scaled by the live copies of the missing
//! tiles; the lowest-valued tile is discarded. [`Engine::Efficiency`] takes the lowest shanten,
//! then the most live effective tiles, then the highest expected live effective tiles after the
//! next useful draw. [`HandView::decide_call`] weighs win, kan, pon, chi and pass for an offered
//! tile by comparing the hand with and without the call.
//!
//! # Not covered
//!
//! The protocol's `honor_sequences` and `eyes_258` switches change the standard shape; these
//! tables model the plain shape only, so shanten under those switches is not answered here
//! (`mj-hu` answers win and waits under them).
//!
//! # Performance
//!
//! `cargo bench -p benches --bench shanten` (criterion, 1 024 seeded hands per corpus, one hand
//! per iteration). On the shared 2-core reference machine, in the same runs: shanten of random
//! 13/14-tile hands about 16-19 ns against `riichienv-core` 32-48 ns and `xiangting` 62-90 ns;
//! hands with melds (7-11 tiles) about 17-22 ns against 20-30 ns; wildcard shanten 16-40 ns
//! with 1 to 8 wildcards (a hand holding both a wildcard and a quad takes the fallback, about
//! 5 us); effective tiles of a 13-tile hand about 300 ns (`xiangting`'s necessary tiles 330 ns);
//! the discard table of a 14-tile hand about 1.8-2 us. The machine is shared, so absolute
//! numbers move by up to 50% between runs; the ratios within one run are what to read.
//!
//! # Errors and panics
//!
//! Every public function validates what it is given and returns a [`AiError`] (wrong tile
//! count for the melds, more than 8 wildcards, a fifth copy, a question for the other hand
//! size); none panics on data.
//!
//! # Features
//!
//! `serde`: the report and table types serialise with the protocol's field names, tiles as
//! mpsz strings and tile sets as arrays of tiles (via `mj-tiles/serde`).

mod distance;
pub mod generate;
mod hand;
mod neighbours;
mod recommend;
pub mod reference;
mod shanten;
mod special_drops;
pub mod tables;
mod ukeire;
mod value;
mod wild;

pub use hand::{AiError, HandView, ShapeRules};

pub use recommend::{CallDecision, CallKind, CallOption, Candidate, Engine, Recommendation};
pub use shanten::{ShantenReport, shanten};
pub use ukeire::{DiscardOption, EffectiveTiles, Improvement, discard_preference};
pub use value::{ValueWeights, tile_values};

/// The former name of [`AiError`] (named like `HuError`, `AgariError`, `McrError`,
/// `SichuanError`: one error type per crate, named after it).
#[deprecated(note = "renamed AiError: one error type per crate, named after it")]
pub type HandError = AiError;

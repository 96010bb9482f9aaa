//! What the criterion benches in `benches/` share: the seeded corpora and the conversions of a
//! hand into the peers' types. The benches themselves are `benches/*.rs`.

pub mod game;
pub mod peer_game;

use mj_hu::Hand;
use mj_hu::sample::{Sampler, Shape};
use mj_tiles::TileCounts;

/// Hands per corpus: every bench cycles through this many, one per iteration.
pub const N: usize = 1024;

/// `N` seeded hands of 4 melds' size cycling through `shapes` (3k+1 when `waiting`), with
/// `wildcards` wildcards, kept only when `keep` says so.
pub fn corpus(
    shapes: &[Shape],
    wildcards: u8,
    waiting: bool,
    seed: u64,
    keep: impl Fn(&Hand) -> bool,
) -> Vec<Hand> {
    let mut sampler = Sampler::new(seed);
    let mut out = Vec::with_capacity(N);
    let mut i = 0;
    while out.len() < N {
        let shape = shapes[i % shapes.len()];
        i += 1;
        if let Some(hand) = sampler.sample(shape, 4, 0, wildcards, waiting).hand()
            && keep(&hand)
        {
            out.push(hand);
        }
    }
    out
}

/// A hand as `riichienv-core` counts.
pub fn riichienv_hand(counts: &TileCounts) -> riichienv_core::types::Hand {
    let mut h = riichienv_core::types::Hand::new(None);
    h.counts.copy_from_slice(counts.as_array());
    h
}

/// A hand as a `riichi-decomp` tile set.
pub fn riichi_decomp_set(counts: &TileCounts) -> riichi_elements::prelude::TileSet34 {
    counts
        .tiles()
        .filter_map(|t| riichi_elements::prelude::Tile::from_num_suit(t.rank(), t.suit() as u8))
        .collect()
}

/// The riichi oracle fixtures as benchmark hands: shared by the `score_riichi` bench and the
/// `score_riichi_instructions` example.
pub mod riichi_fixtures {
    use mj_score::riichi::Win;
    use mj_tiles::notation::parse_pieces;
    use mj_tiles::{Meld, MeldKind, Piece, Tile};
    use serde_json::Value;

    /// `crates/mj-score/testdata/riichi_oracle.jsonl` (line 1 is its meta record).
    pub const FIXTURES: &str = include_str!("../../crates/mj-score/testdata/riichi_oracle.jsonl");

    /// The groups of hands timed.
    pub const GROUPS: [&str; 3] = ["closed_ron", "closed_tsumo", "open"];

    /// A fixture's request as a [`Win`], with its concealed pieces (red fives kept), for the
    /// records both engines can state the same way: scored by the oracle, default options, no
    /// tenhou or chiihou, in one of the [`GROUPS`] (hands whose only melds are closed kans are
    /// left out).
    #[derive(Debug)]
    pub struct FixtureWin {
        /// The winning situation.
        pub win: Win,
        /// The concealed tiles as given.
        pub pieces: Vec<Piece>,
        /// Index in [`GROUPS`].
        pub group: usize,
    }

    fn piece(v: &Value) -> Option<Piece> {
        v.as_str()?.parse().ok()
    }

    /// Every usable fixture, in file order.
    pub fn wins() -> impl Iterator<Item = FixtureWin> {
        FIXTURES.lines().skip(1).filter_map(|line| {
            let rec: Value = serde_json::from_str(line).ok()?;
            if !rec["oracle"]["error"].is_null() {
                return None;
            }
            fixture_win(&rec["request"])
        })
    }

    fn fixture_win(req: &Value) -> Option<FixtureWin> {
        let flag = |name: &str| req[name].as_bool().unwrap_or(false);
        if req.get("options").is_some() || flag("tenhou") || flag("chiihou") {
            return None;
        }
        let pieces = parse_pieces(req["hand"].as_str()?).ok()?;
        let mut melds = Vec::new();
        for m in req["melds"].as_array().into_iter().flatten() {
            let kind = MeldKind::from_name(m["kind"].as_str()?)?;
            let from = m["from"].as_u64().map(|f| f as u8);
            melds.push(Meld::parse(kind, m["tiles"].as_str()?, m["called"].as_str(), from).ok()?);
        }
        let open = melds.iter().any(|m| m.kind().is_open());
        let group = match (melds.len(), open, flag("tsumo")) {
            (0, _, false) => 0,
            (0, _, true) => 1,
            (_, true, _) => 2,
            _ => return None,
        };
        let mut win = Win::new(&pieces, &melds, piece(&req["win_tile"])?.tile()).ok()?;
        win.tsumo = flag("tsumo");
        win.flags.riichi = flag("riichi");
        win.flags.double_riichi = flag("double_riichi");
        win.flags.ippatsu = flag("ippatsu");
        win.flags.haitei = flag("haitei");
        win.flags.houtei = flag("houtei");
        win.flags.rinshan = flag("rinshan");
        win.flags.chankan = flag("chankan");
        let wind = |name: &str| {
            req.get(name)
                .and_then(piece)
                .map_or(Tile::EAST, Piece::tile)
        };
        win.seat_wind = wind("seat_wind");
        win.round_wind = wind("round_wind");
        let indicators = |name: &str| -> Vec<Tile> {
            let list = req[name].as_array().into_iter().flatten();
            list.filter_map(|v| piece(v).map(Piece::tile)).collect()
        };
        win.dora = indicators("dora").into_iter().collect();
        win.ura = indicators("ura").into_iter().collect();
        win.honba = req["honba"].as_u64().unwrap_or(0) as u32;
        win.riichi_sticks = req["riichi_sticks"].as_u64().unwrap_or(0) as u32;
        Some(FixtureWin { win, pieces, group })
    }
}

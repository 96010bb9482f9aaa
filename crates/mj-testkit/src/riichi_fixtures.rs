//! The riichi oracle fixtures as benchmark hands: shared by the `score_riichi` bench and the
//! `score_riichi_instructions` example.

use mj_score::Win;
use mj_score::riichi::Situation;
use mj_tiles::Piece;
use mj_tiles::notation::parse_pieces;
use serde_json::Value;

/// The fixtures (line 1 is their meta record).
pub const FIXTURES: &str = crate::RIICHI_ORACLE;

/// The groups of hands timed.
pub const GROUPS: [&str; 3] = ["closed_ron", "closed_tsumo", "open"];

/// A fixture's request as a [`Win`] and its [`Situation`], with its concealed pieces (red fives
/// kept), for the records both engines can state the same way: scored by the oracle, default
/// options, no tenhou or chiihou, in one of the [`GROUPS`] (hands whose only melds are closed
/// kans are left out).
#[derive(Debug)]
pub struct FixtureWin {
    /// The winning hand.
    pub win: Win,
    /// Its riichi flags, dora and counters.
    pub situation: Situation,
    /// The concealed tiles as given.
    pub pieces: Vec<Piece>,
    /// Index in [`GROUPS`].
    pub group: usize,
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
    let (win, situation, _) = crate::riichi_request(req)?;
    let open = win.is_open();
    let group = match (win.melds.len(), open, win.tsumo) {
        (0, _, false) => 0,
        (0, _, true) => 1,
        (_, true, _) => 2,
        _ => return None,
    };
    let pieces = parse_pieces(req["hand"].as_str()?).ok()?;
    Some(FixtureWin {
        win,
        situation,
        pieces,
        group,
    })
}

//! The review as data: what `mj review --json` writes and `mj_engine.review` returns. Every
//! field is documented in `docs/review.md`; an action is a list of mjai events (one, or
//! `reach` then `dahai` for a riichi; `{"type":"none"}` for a pass).

use mj_game::{Event, MjaiTile};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The version of this JSON; a reader checks it.
pub const REVIEW_VERSION: u32 = 1;

/// A whole review: one seat of every game of a log, judged by one player.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Review {
    /// [`REVIEW_VERSION`].
    pub version: u32,
    /// The log's format (`mjlog`, `tenhou6`, `mjai`).
    pub format: String,
    /// The rules the log was replayed under (a Tenhou room, libriichi's arena, a preset).
    pub rules: String,
    /// Players at the table (3 or 4).
    pub players: u8,
    /// The players' names as the log gives them (empty when it gives none).
    pub names: Vec<String>,
    /// The seat reviewed (0-based, mjai's `actor`).
    pub seat: u8,
    /// The reviewing player (a `mj_bot::registry` name).
    pub player: String,
    /// Every round reviewed, in order.
    pub rounds: Vec<RoundReview>,
    /// Every decision of the seat, in order (a round's are `rounds[i].decisions`).
    pub decisions: Vec<Decision>,
    /// The totals.
    pub summary: Summary,
}

/// One round: its events and where its decisions are.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RoundReview {
    /// The game in the log (0 for a log of one game).
    pub game: usize,
    /// `E1`, `S3.1` (round wind, dealer's number, `.honba` when above 0).
    pub label: String,
    /// The round's events from the log, every hand shown (mjai's words).
    pub events: Vec<Event>,
    /// The result in words (`seat 2 ron from seat 0: 7700`, `exhaustive draw`).
    pub result: String,
    /// The reviewed seat's change of score over the round.
    pub delta: i32,
    /// `[first, end)`: indices in [`Review::decisions`].
    pub decisions: [usize; 2],
}

/// One decision of the seat: the state, what it did, what the player advises, the options.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Decision {
    /// Index in [`Review::decisions`] (`data-decision` in the HTML).
    pub index: usize,
    /// Index in [`Review::rounds`].
    pub round: usize,
    /// `turn` (after a draw or a call: discard, riichi, kan, tsumo, kita, abort) or `offer`
    /// (another seat's tile: ron, chi, pon, kan or pass).
    pub situation: String,
    /// What the seat did: `discard`, `riichi`, `tsumo`, `ron`, `chi`, `pon`, `kan`, `kita`,
    /// `abort` or `pass`.
    pub kind: String,
    /// The concealed tiles before the decision, sorted, the drawn tile left out.
    pub hand: Vec<MjaiTile>,
    /// The tile just drawn, on a turn after a draw.
    pub drawn: Option<MjaiTile>,
    /// The seat's melds, each as its tiles.
    pub melds: Vec<Vec<MjaiTile>>,
    /// The tile on offer and who discarded it, on an offer.
    pub offered: Option<OfferNote>,
    /// Shanten of the hand as it stands (a turn: of the best discard; an offer: of the
    /// 13-tile hand). -1 is a complete hand.
    pub shanten: i8,
    /// The seat is furiten.
    pub furiten: bool,
    /// Live-wall tiles left.
    pub tiles_left: u8,
    /// Seats threatening the reviewed seat (riichi, or a threatening open hand).
    pub threats: Vec<ThreatNote>,
    /// What the seat did.
    pub actual: Vec<Value>,
    /// What the player advises.
    pub advised: Vec<Value>,
    /// `actual` and `advised` are the same candidate.
    pub agree: bool,
    /// Every candidate: the seat's distinct options (a kind to discard, with or without
    /// riichi; a call by the kinds it uses; each other action), best by the player first.
    pub candidates: Vec<Candidate>,
    /// Index in `candidates` of the actual action.
    pub actual_index: usize,
    /// When they disagree, the error's category (see [`Summary::errors`]).
    pub error: Option<String>,
    /// 0 when they agree; else how far down the player's ranking the actual action is,
    /// `(rank - 1) / (candidates - 1)`, 0..=1.
    pub severity: f64,
    /// Why the player advises what it advises, in words.
    pub reason: String,
}

/// The tile on offer.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct OfferNote {
    /// The tile.
    pub pai: MjaiTile,
    /// The seat that discarded (or added to a kan) it.
    pub from: u8,
}

/// A seat the reviewed seat should fear.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct ThreatNote {
    /// The seat.
    pub seat: u8,
    /// In riichi (else an open hand that looks ready and valuable).
    pub riichi: bool,
    /// Its weight in the risk model (1 for a riichi, 0.5 for an open hand).
    pub weight: f64,
}

/// One option of a decision.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Candidate {
    /// The action as mjai events.
    pub action: Vec<Value>,
    /// Shanten after it (a call: after the call and its best discard). -1: it wins.
    pub shanten: Option<i8>,
    /// The effective tiles after it (the hand of 13 it leaves; a call: after its best
    /// discard); absent for a win.
    pub ukeire: Option<Ukeire>,
    /// Improvement-weighted ukeire, for a 1-shanten hand: the live effective tiles expected
    /// after one more draw, each draw that does not lower the shanten replaced by the best
    /// discard that keeps it (weighted by live copies).
    pub improved: Option<f64>,
    /// For a discard: the deal-in risk of its tile against the threats.
    pub risk: Option<Risk>,
    /// The player's own score of it (higher is better; see `docs/review.md`).
    pub score: f64,
    /// Its place in the player's ranking, 1 = the advice.
    pub rank: usize,
}

/// Effective tiles.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ukeire {
    /// Kinds that lower the shanten.
    pub kinds: Vec<MjaiTile>,
    /// Live copies of them, counted from what the seat sees.
    pub tiles: u32,
}

/// The deal-in risk of a tile.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Risk {
    /// Against every threat at once, 0..1.
    pub total: f64,
    /// Against each threat.
    pub against: Vec<RiskAgainst>,
}

/// The risk against one threat, with the model's reasons.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RiskAgainst {
    /// The threatening seat.
    pub seat: u8,
    /// 0..1 (its weight applied).
    pub risk: f64,
    /// `genbutsu`, `passed`, `suji`, `half_suji`, `no_chance`, `one_chance`,
    /// `honor_seen_N`, `riichi_tile_near`, `flush_suit`.
    pub reasons: Vec<String>,
}

/// The totals of a review.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// Decisions reviewed.
    pub decisions: usize,
    /// Of them, where the seat did what the player advises.
    pub agreed: usize,
    /// Agreement by kind of decision: `discard` (a turn the seat and the player both answer
    /// with a discard, riichi or not: the tile), `riichi` (a turn where riichi was possible:
    /// declared or not), `call` (an offer of chi, pon or kan: called or passed), `kan`
    /// (a turn where a closed or added kan was possible), `win` (a win was possible), `fold`
    /// (a turn under threat: the seat's tile and the player's both among the safest, or
    /// both not).
    pub by_kind: Vec<KindAgreement>,
    /// Errors by category: `efficiency_shanten` (a discard that leaves a higher shanten
    /// than the advice), `efficiency_ukeire` (the same shanten, fewer live effective tiles),
    /// `pushed_dangerous` (a riskier tile than the advice against a threat),
    /// `folded_early` (a safer tile than the advice, giving up shape), `missed_riichi`,
    /// `riichi_against_advice`, `missed_call`, `called_without_yaku` (a call that leaves the
    /// hand no likely yaku), `call_against_advice`, `missed_win`, `missed_kan`,
    /// `kan_against_advice`, `other_tile` (the same shanten and ukeire, another tile).
    pub errors: Vec<(String, usize)>,
    /// The seat's decisions in order: `[index, cumulative severity]`, the error curve.
    pub curve: Vec<(usize, f64)>,
    /// Sum of the severities.
    pub severity: f64,
}

/// Agreement on one kind of decision.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct KindAgreement {
    /// `discard`, `riichi`, `call`, `kan`, `win`, `fold`.
    pub kind: String,
    /// Decisions of that kind.
    pub decisions: usize,
    /// Of them, agreed.
    pub agreed: usize,
}

//! Test support shared by the tests and benches of the workspace (`publish = false`): the
//! committed oracle fixtures and the one reader of their protocol requests (`mj batch`'s `score`
//! fields) into the scorers' inputs. Not part of any public API.
//!
//! The readers return `None` for a request they cannot state (a malformed tile or meld); every
//! committed fixture record is well formed.

pub mod alloc;
pub mod riichi_fixtures;

use mj_score::{Win, mcr, riichi};
use mj_tiles::notation::parse_pieces;
use mj_tiles::{Meld, MeldKind, Piece, Tile};
use serde_json::Value;

/// `crates/mj-score/testdata/riichi_oracle.jsonl` (line 1 is its meta record).
pub const RIICHI_ORACLE: &str = include_str!("../../mj-score/testdata/riichi_oracle.jsonl");

/// `crates/mj-score/testdata/mcr_oracle.jsonl` (line 1 is its meta record).
pub const MCR_ORACLE: &str = include_str!("../../mj-score/testdata/mcr_oracle.jsonl");

/// A boolean field, `false` when absent.
fn flag(req: &Value, name: &str) -> bool {
    req.get(name).and_then(Value::as_bool).unwrap_or(false)
}

/// A tile field (red fives read as fives).
fn tile(v: &Value) -> Option<Tile> {
    v.as_str()?.parse::<Piece>().ok().map(Piece::tile)
}

/// A list of tiles, empty when absent.
fn tiles(v: Option<&Value>) -> Option<Vec<Tile>> {
    v.and_then(Value::as_array)
        .map_or(Some(Vec::new()), |a| a.iter().map(tile).collect())
}

/// The `melds` field: `[{"kind", "tiles", "called", "from"}]`, empty when absent.
fn melds(req: &Value) -> Option<Vec<Meld>> {
    let Some(list) = req.get("melds").and_then(Value::as_array) else {
        return Some(Vec::new());
    };
    list.iter()
        .map(|m| {
            let kind = MeldKind::from_name(m["kind"].as_str()?)?;
            let from = m.get("from").and_then(Value::as_u64).map(|f| f as u8);
            let called = m.get("called").and_then(Value::as_str);
            Meld::parse(kind, m["tiles"].as_str()?, called, from).ok()
        })
        .collect()
}

/// The common part of a `score` request: the hand, its melds, the winning tile, tsumo and the
/// winds (East when absent).
fn win(req: &Value) -> Option<Win> {
    let pieces = parse_pieces(req["hand"].as_str()?).ok()?;
    let mut win = Win::from_pieces(&pieces, &melds(req)?, tile(&req["win_tile"])?).ok()?;
    win.tsumo = flag(req, "tsumo");
    win.seat_wind = req.get("seat_wind").map_or(Some(Tile::EAST), tile)?;
    win.round_wind = req.get("round_wind").map_or(Some(Tile::EAST), tile)?;
    Some(win)
}

/// A riichi `score` request as the riichi scorer's input: the win, its situation (flags,
/// indicators, counters) and the rules of its `options`.
pub fn riichi_request(req: &Value) -> Option<(Win, riichi::Situation, riichi::RiichiRules)> {
    let win = win(req)?;
    let mut sit = riichi::Situation::default();
    let f = &mut sit.flags;
    f.riichi = flag(req, "riichi");
    f.double_riichi = flag(req, "double_riichi");
    f.ippatsu = flag(req, "ippatsu");
    f.haitei = flag(req, "haitei");
    f.houtei = flag(req, "houtei");
    f.rinshan = flag(req, "rinshan");
    f.chankan = flag(req, "chankan");
    f.tenhou = flag(req, "tenhou");
    f.chiihou = flag(req, "chiihou");
    f.renhou = flag(req, "renhou");
    sit.dora = tiles(req.get("dora"))?.into_iter().collect();
    sit.ura = tiles(req.get("ura"))?.into_iter().collect();
    sit.honba = req["honba"].as_u64().unwrap_or(0) as u32;
    sit.riichi_sticks = req["riichi_sticks"].as_u64().unwrap_or(0) as u32;
    let mut rules = riichi::RiichiRules::default();
    let opts = &req["options"];
    let switch = |name: &str, default: bool| opts[name].as_bool().unwrap_or(default);
    rules.kuitan = switch("kuitan", rules.kuitan);
    rules.aka = switch("aka", rules.aka);
    rules.double_yakuman = switch("double_yakuman", rules.double_yakuman);
    rules.kazoe_yakuman = switch("kazoe_yakuman", rules.kazoe_yakuman);
    rules.kiriage = switch("kiriage", rules.kiriage);
    rules.renhou = match opts["renhou"].as_str() {
        Some("mangan") => riichi::Renhou::Mangan,
        Some("yakuman") => riichi::Renhou::Yakuman,
        _ => riichi::Renhou::None,
    };
    Some((win, sit, rules))
}

/// An MCR `score` request as the MCR scorer's input: the win and its situation (last-tile and
/// kong flags, flowers).
pub fn mcr_request(req: &Value) -> Option<(Win, mcr::Situation)> {
    let win = win(req)?;
    let situation = mcr::Situation {
        last_tile: flag(req, "last_tile"),
        kong: flag(req, "kong"),
        last_wall: flag(req, "last_wall"),
        flowers: req.get("flowers").and_then(Value::as_u64).unwrap_or(0) as u8,
    };
    Some((win, situation))
}

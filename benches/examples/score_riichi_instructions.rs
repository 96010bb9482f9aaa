//! Instruction counts per riichi score, independent of machine load: run under
//! `valgrind --tool=callgrind` twice, with 0 and with N rounds over one group of the
//! `score_riichi` bench hands, and divide the difference by N x hands.
//!
//! `cargo run --release -p benches --example score_riichi_instructions -- <rounds> <closed_ron|closed_tsumo|open>`
//!
//! The hands are the first 1,024 oracle fixtures of the group that `score` accepts (default
//! options, no tenhou / chiihou), as in the bench without its agreement filter.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::hint::black_box;

use mj_score::riichi::{RiichiRules, Win, score};
use mj_tiles::notation::parse_pieces;
use mj_tiles::{Meld, MeldKind, Piece, Tile};
use serde_json::Value;

const FIXTURES: &str = include_str!("../../crates/mj-score/testdata/riichi_oracle.jsonl");
const N: usize = 1024;

fn piece(v: &Value) -> Piece {
    v.as_str().unwrap().parse().unwrap()
}

fn win(req: &Value) -> Option<Win> {
    let flag = |name: &str| req[name].as_bool().unwrap_or(false);
    if req.get("options").is_some() || flag("tenhou") || flag("chiihou") {
        return None;
    }
    let pieces = parse_pieces(req["hand"].as_str().unwrap()).unwrap();
    let melds: Vec<Meld> = req["melds"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|m| {
            let kind = MeldKind::from_name(m["kind"].as_str().unwrap()).unwrap();
            let tiles = m["tiles"].as_str().unwrap();
            let from = m["from"].as_u64().map(|f| f as u8);
            Meld::parse(kind, tiles, m["called"].as_str(), from).unwrap()
        })
        .collect();
    let mut win = Win::new(&pieces, &melds, piece(&req["win_tile"]).tile()).ok()?;
    win.tsumo = flag("tsumo");
    win.flags.riichi = flag("riichi");
    win.flags.double_riichi = flag("double_riichi");
    win.flags.ippatsu = flag("ippatsu");
    win.flags.haitei = flag("haitei");
    win.flags.houtei = flag("houtei");
    win.flags.rinshan = flag("rinshan");
    win.flags.chankan = flag("chankan");
    let wind = |name: &str| req.get(name).map_or(Tile::EAST, |v| piece(v).tile());
    win.seat_wind = wind("seat_wind");
    win.round_wind = wind("round_wind");
    let indicators = |name: &str| -> Vec<Tile> {
        let list = req[name].as_array().into_iter().flatten();
        list.map(|v| piece(v).tile()).collect()
    };
    win.dora = indicators("dora").into_iter().collect();
    win.ura = indicators("ura").into_iter().collect();
    win.honba = req["honba"].as_u64().unwrap_or(0) as u32;
    win.riichi_sticks = req["riichi_sticks"].as_u64().unwrap_or(0) as u32;
    score(&win, &RiichiRules::default()).ok()?;
    Some(win)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let rounds: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(0);
    let group = args.get(2).map_or("open", String::as_str);
    let mut wins = Vec::new();
    for line in FIXTURES.lines().skip(1) {
        let rec: Value = serde_json::from_str(line).unwrap();
        if !rec["oracle"]["error"].is_null() {
            continue;
        }
        let req = &rec["request"];
        let melds = req["melds"].as_array().map_or(&[][..], Vec::as_slice);
        let open = melds.iter().any(|m| m["kind"] != "ankan");
        let g = match (melds.len(), open, req["tsumo"].as_bool().unwrap_or(false)) {
            (0, _, false) => "closed_ron",
            (0, _, true) => "closed_tsumo",
            (_, true, _) => "open",
            _ => continue,
        };
        if g == group && wins.len() < N {
            wins.extend(win(req));
        }
    }
    let rules = RiichiRules::default();
    let mut total = 0u64;
    for _ in 0..rounds {
        for w in &wins {
            total += score(black_box(w), &rules).map_or(0, |s| u64::from(s.points.total()));
        }
    }
    println!(
        "{group}: {} hands x {rounds} rounds, total {total}",
        wins.len()
    );
}

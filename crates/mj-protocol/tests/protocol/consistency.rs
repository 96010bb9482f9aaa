//! The ops agree with each other on the same hand (issue 13), through `mj batch`'s own line
//! handler, over random hands with 0-8 wildcards of 1-3 wild kinds:
//!
//! - `hu(hand + t)` is true exactly when `t` is in `waits(hand)` (a draw that would make a ninth
//!   wildcard is no win: `hu` refuses it and `waits` leaves it out);
//! - `shanten(hand) == 0` exactly when `waits(hand)` is non-empty, for hands holding no kind four
//!   times (with a kind held four times the only completing tile may be a fifth copy);
//! - each `discards` row holds the shanten of the hand left after that discard, and as `ukeire`
//!   exactly the kinds whose draw lowers it (none held four times by the remaining hand).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mj_protocol::answer_line;
use mj_tiles::Tile;
use serde_json::{Value, json};

use crate::Rng;

/// A hand of `size` tiles with 1-3 wild kinds and 0-8 wildcards: counts per kind and the wild
/// kinds.
fn random_hand(rng: &mut Rng, size: usize) -> ([u8; 34], Vec<usize>) {
    let mut wild = Vec::new();
    for _ in 0..=rng.below(3) {
        let k = rng.below(34);
        if !wild.contains(&k) {
            wild.push(k);
        }
    }
    let mut counts = [0u8; 34];
    let wildcards = rng.below(9).min(size).min(4 * wild.len());
    let mut placed = 0;
    while placed < wildcards {
        let k = wild[rng.below(wild.len())];
        if counts[k] < 4 {
            counts[k] += 1;
            placed += 1;
        }
    }
    // The other tiles: few kinds, so that ready hands are common.
    let base = rng.below(34);
    let spread = 3 + rng.below(31);
    let mut tries = 0;
    while placed < size {
        // After many draws in the narrow range (its kinds may be full or wild), any kind.
        tries += 1;
        let k = if tries < 200 {
            (base + rng.below(spread)) % 34
        } else {
            rng.below(34)
        };
        if counts[k] < 4 && !wild.contains(&k) {
            counts[k] += 1;
            placed += 1;
        }
    }
    (counts, wild)
}

fn mpsz(counts: &[u8; 34]) -> String {
    let mut tiles = Vec::new();
    for (k, &n) in counts.iter().enumerate() {
        for _ in 0..n {
            tiles.push(Tile::ALL[k]);
        }
    }
    mj_tiles::notation::format_tiles(&tiles)
}

fn name(k: usize) -> String {
    Tile::ALL[k].to_string()
}

struct Ask {
    wild: Vec<String>,
}

impl Ask {
    fn op(&self, op: &str, counts: &[u8; 34]) -> Value {
        let line = json!({"op": op, "hand": mpsz(counts), "wild": self.wild}).to_string();
        let answer: Value = serde_json::from_str(&answer_line(line.as_bytes())).unwrap();
        if let Some(error) = answer.get("error") {
            assert_eq!(error["kind"], "invalid_wild", "{line}: {answer}");
            assert!(
                error["message"].as_str().unwrap().contains("9 wildcards"),
                "{line}: {answer}"
            );
        }
        answer
    }

    fn wildcards(&self, counts: &[u8; 34]) -> u8 {
        (0..34)
            .filter(|&k| self.wild.contains(&name(k)))
            .map(|k| counts[k])
            .sum()
    }

    /// `shanten` of a hand, `None` when it holds a ninth wildcard.
    fn shanten(&self, counts: &[u8; 34]) -> Option<i64> {
        let answer = self.op("shanten", counts);
        let n = answer.get("shanten").map(|n| n.as_i64().unwrap());
        assert_eq!(n.is_none(), self.wildcards(counts) > 8, "{answer}");
        n
    }
}

fn tiles_of(answer: &Value) -> Vec<String> {
    answer
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap().to_owned())
        .collect()
}

#[test]
fn ops_agree_on_random_hands() {
    let mut rng = Rng(13);
    let mut ready = 0;
    let mut rows = 0;
    for round in 0..800 {
        let size = 3 * (1 + rng.below(4)) + 1;
        let (counts, wild) = random_hand(&mut rng, size);
        let ask = Ask {
            wild: wild.iter().map(|&k| name(k)).collect(),
        };
        let hand = mpsz(&counts);
        let shown = format!("round {round}: hand {hand} wild {:?}", ask.wild);

        // waits and hu.
        let waits = tiles_of(&ask.op("waits", &counts)["waits"]);
        for k in 0..34 {
            if counts[k] >= 4 {
                assert!(
                    !waits.contains(&name(k)),
                    "{shown}: waits holds a fifth {}",
                    name(k)
                );
                continue;
            }
            let mut more = counts;
            more[k] += 1;
            let hu = ask.op("hu", &more).get("hu") == Some(&json!(true));
            assert_eq!(
                hu,
                waits.contains(&name(k)),
                "{shown}: hu(+{}) vs waits {waits:?}",
                name(k)
            );
        }

        // shanten and waits.
        let shanten = ask.shanten(&counts).unwrap();
        if counts.iter().all(|&n| n < 4) {
            assert_eq!(
                shanten == 0,
                !waits.is_empty(),
                "{shown}: shanten {shanten}, waits {waits:?}"
            );
        }
        ready += usize::from(shanten == 0);

        // discards of the hand after one more draw.
        let draw = (rng.below(34)..34)
            .chain(0..34)
            .find(|&k| counts[k] < 4)
            .unwrap();
        let mut full = counts;
        full[draw] += 1;
        let answer = ask.op("discards", &full);
        let Some(table) = answer.get("discards") else {
            continue; // a ninth wildcard: refused, as `shanten` refuses it (checked in `op`)
        };
        for row in table.as_array().unwrap() {
            rows += 1;
            let d = Tile::ALL
                .iter()
                .position(|t| t.to_string() == row["tile"].as_str().unwrap())
                .unwrap();
            let mut rest = full;
            rest[d] -= 1;
            let after = ask.shanten(&rest).unwrap();
            assert_eq!(
                row["shanten"].as_i64(),
                Some(after),
                "{shown} + {}: {row}",
                name(draw)
            );
            let mut lowering = Vec::new();
            for k in 0..34 {
                if rest[k] >= 4 {
                    continue;
                }
                let mut more = rest;
                more[k] += 1;
                if ask.shanten(&more).is_some_and(|s| s < after) {
                    lowering.push(name(k));
                }
            }
            assert_eq!(
                tiles_of(&row["ukeire"]),
                lowering,
                "{shown} + {}: discard {}",
                name(draw),
                name(d)
            );
        }
    }
    // The corpus is not degenerate: many ready hands and discard rows were compared.
    assert!(ready > 40, "only {ready} ready hands");
    assert!(rows > 1000, "only {rows} discard rows");
}

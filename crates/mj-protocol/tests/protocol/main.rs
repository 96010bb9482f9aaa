//! mj-protocol's integration tests, one module per area, in a single test binary: one compile and link
//! of the engine's generic code instead of one per file. Run one area with a filter, for example
//! `cargo test -p mj-protocol --test protocol ai_answers::`.

/// A small seeded generator (SplitMix64) for the random hands of `analysis_ops` and
/// `consistency`, so a failure names a reproducible hand.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

mod ai_answers;
mod analysis_ops;
mod answer_props;
mod consistency;
mod protocol_doc;
mod score_mcr;
mod score_riichi;

//! The seeded generator the engine uses at run time: wall shuffles and random players
//! (`mj-game`), and the seeded corpora of tests and benchmarks. A fixed, documented sequence for
//! each seed, so a game or a corpus is the same on every machine.

/// The golden-ratio step SplitMix64 adds to its state each call.
pub const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

/// SplitMix64's output function (a 64-bit finaliser with full avalanche): `mix(s)` for a state
/// `s` already advanced. Used to derive independent seeds from a seed and an index.
///
/// ```
/// use mj_tiles::rng::{GOLDEN, SplitMix64, mix};
/// assert_eq!(mix(7u64.wrapping_add(GOLDEN)), SplitMix64::new(7).next_u64());
/// ```
#[inline]
pub const fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// SplitMix64: a 64-bit generator with a fixed, documented sequence for each seed. Not for
/// anything that needs unpredictability.
///
/// ```
/// use mj_tiles::rng::SplitMix64;
/// let mut a = SplitMix64::new(7);
/// let mut b = SplitMix64::new(7);
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!(a.below(6) < 6);
/// ```
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator starting from `seed`.
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(GOLDEN);
        mix(self.0)
    }

    /// A number in `0..n` (`n` > 0), by multiply-shift (bias below 2^-32 for small `n`).
    pub fn below(&mut self, n: u32) -> u32 {
        (((self.next_u64() >> 32) * u64::from(n)) >> 32) as u32
    }

    /// `true` with probability `num / den`.
    pub fn chance(&mut self, num: u32, den: u32) -> bool {
        self.below(den) < num
    }

    /// Shuffles a slice in place (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u32 + 1) as usize;
            items.swap(i, j);
        }
    }
}

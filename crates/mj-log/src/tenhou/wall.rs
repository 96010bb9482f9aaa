//! Tenhou's walls: the shuffle that makes them and the layout the game is played from.
//!
//! # The shuffle
//!
//! Since late 2009 a log's `<SHUFFLE seed="mt19937ar-sha512-n288-base64,...">` holds the
//! 624-word MT19937 seed of the whole game. For each round (every `INIT`, in order) Tenhou draws
//! 288 words from the game's generator, hashes them with SHA-512 in nine 1024-bit chunks into
//! 144 words `rnd`, and shuffles the sorted tiles with `swap(w[i], w[i + rnd[i] % (n - i)])` for
//! `i` in `0..n-1` (the `tenhou-shuffle` crate does this). The dice are `rnd[135] % 6` and
//! `rnd[136] % 6`, as written in `INIT seed[3..5]` (a die's face minus one).
//!
//! Logs of 2010 write the seed as hex words instead (`mt19937ar-sha512-n288,F1504633,...`,
//! 32 words given to init_by_array); the rounds' walls come the same way. Older logs (2009)
//! have no `SHUFFLE`; each `INIT` carries `shuffle="mt19937ar,XXXXXXXX,..."`: a fresh MT19937
//! seeded (init_by_array) with those words, whose first 144 raw outputs are `rnd`; same swap
//! loop, same dice.
//!
//! In the logs of both hex forms the dead wall has the two tiles of each stack the other way
//! round (the dora indicator at `w[4]`, its ura at `w[5]`, the first rinshan at `w[0]`); this
//! reader swaps `w[2i]` and `w[2i+1]` for `i < 7` in their walls, so that one layout, below,
//! serves all (proven on the 2009 and 2010 logs of `corner-cases/`).
//!
//! Four players shuffle 136 ids; three players shuffle 108 (the 136 minus 2m..8m, ids 4..32),
//! shuffle index `i` standing for id `i` when `i < 4` and `i + 28` otherwise.
//!
//! # The layout (`w` = the shuffled wall, `n` = 136 or 108 tiles, `p` = 4 or 3 players)
//!
//! * **Deal**: from the top, `w[n-1]` downwards. The dealer takes four tiles, then each next
//!   seat in turn order takes four, three times round; then each seat one tile, dealer first.
//!   So seat at turn offset `o` (0 = dealer) gets, as its `k`-th tile (`k < 12`),
//!   `w[n - 1 - ((k / 4) * 4 * p + o * 4 + k % 4)]` and as its 13th `w[n - 1 - (12 * p + o)]`.
//!   A log's `hai0..hai3` list each hand in exactly this order.
//! * **Live wall**: the draws continue downwards: the `j`-th draw of the round (0 = the
//!   dealer's first) is `w[n - 1 - 13p - j]`: `w[83]`, `w[82]`, ... with four players,
//!   `w[68]`, `w[67]`, ... with three.
//! * **Dead wall**: `w[0..14]`. The live wall ends at `w[14 + r]` where `r` is the number of
//!   replacement draws made so far (each kan, and each kita in three-player games, moves the
//!   end up by one): with no replacement the last live tile (haitei) is `w[14]`. So the live
//!   wall holds 70 tiles with four players (`w[83..=14]`) and 55 with three (`w[68..=14]`),
//!   less one per replacement draw.
//! * **Replacement (rinshan) draws**, in order: `w[1]`, `w[0]`, `w[3]`, `w[2]` (and, three
//!   players, `w[5]`, `w[4]`, `w[7]`, `w[6]`: kita count too): the `k`-th is `w[k ^ 1]`.
//! * **Dora indicators**: the first at `w[5]` (three players: `w[9]`), each kan's new one two
//!   further: `w[7]`, `w[9]`, `w[11]`, `w[13]` (three players: `w[11]`, `w[13]`, ...). The
//!   `k`-th is `w[base + 2k]`.
//! * **Ura indicators**: under each dora indicator: `w[4]`, `w[6]`, `w[8]`, ... (three players
//!   `w[8]`, `w[10]`, ...): `w[base - 1 + 2k]`.
//!
//! The test `tests/mjlog_corpus.rs` proves every line of this on every log in `../shared/logs`.

use tenhou_shuffle::mt19937_nostd::MT19937;
use tenhou_shuffle::{MT19937_SEED_SIZE, RND_LEN};

/// The prefix of the `SHUFFLE seed` attribute this reader understands.
pub const SEED_PREFIX: &str = "mt19937ar-sha512-n288-base64,";
/// The prefix of the 2010 `SHUFFLE seed` attribute: the same algorithm, the seed written as
/// hex words.
pub const HEX_SEED_PREFIX: &str = "mt19937ar-sha512-n288,";
/// The prefix of a 2009 `INIT shuffle` attribute.
pub const LEGACY_PREFIX: &str = "mt19937ar,";

/// Where each part of a Tenhou round sits in its shuffled wall (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TenhouWallLayout {
    players: u8,
}

impl TenhouWallLayout {
    /// Four players, 136 tiles.
    pub const FOUR: TenhouWallLayout = TenhouWallLayout { players: 4 };
    /// Three players, 108 tiles.
    pub const THREE: TenhouWallLayout = TenhouWallLayout { players: 3 };
    /// Tiles of the dead wall (王牌) at the start of the round.
    pub const DEAD_WALL: usize = 14;
    /// Tiles dealt to each seat.
    pub const HAND: usize = 13;

    /// The layout for 3 or 4 players.
    pub const fn new(players: u8) -> Option<TenhouWallLayout> {
        match players {
            3 | 4 => Some(TenhouWallLayout { players }),
            _ => None,
        }
    }

    /// 4 or 3.
    pub const fn players(self) -> u8 {
        self.players
    }

    /// Tiles in the wall: 136 or 108.
    pub const fn len(self) -> usize {
        if self.players == 4 { 136 } else { 108 }
    }

    /// Never empty (clippy's pair for [`len`](Self::len)).
    pub const fn is_empty(self) -> bool {
        false
    }

    /// Draws in the live wall when no replacement draw is made: 70 or 55.
    pub const fn live_len(self) -> usize {
        self.len() - Self::DEAD_WALL - Self::HAND * self.players as usize
    }

    /// Replacement draws the dead wall allows: 4 kans (four players), or 8 kans and kita
    /// together (three players).
    pub const fn max_replacements(self) -> usize {
        if self.players == 4 { 4 } else { 8 }
    }

    /// Index of seat `seat`'s `k`-th dealt tile (`k < 13`), `dealer` being the round's dealer.
    /// `None` when a number is out of range.
    pub const fn deal_index(self, dealer: u8, seat: u8, k: usize) -> Option<usize> {
        let p = self.players as usize;
        if dealer >= self.players || seat >= self.players || k >= Self::HAND {
            return None;
        }
        let o = (seat as usize + p - dealer as usize) % p;
        let seq = if k < 12 {
            (k / 4) * 4 * p + o * 4 + k % 4
        } else {
            12 * p + o
        };
        Some(self.len() - 1 - seq)
    }

    /// Index of the `j`-th live draw of the round (0 = the dealer's first draw), given how
    /// many replacement draws were made before it; `None` once the live wall is exhausted.
    pub const fn live_index(self, j: usize, replacements: usize) -> Option<usize> {
        let first = self.len() - 1 - Self::HAND * self.players as usize;
        if j > first || first - j < Self::DEAD_WALL + replacements {
            return None;
        }
        Some(first - j)
    }

    /// Index of the `k`-th replacement (rinshan) draw, `k` from 0.
    pub const fn rinshan_index(self, k: usize) -> Option<usize> {
        if k >= self.max_replacements() {
            None
        } else {
            Some(k ^ 1)
        }
    }

    /// Index of the `k`-th dora indicator: 0 the round's first, 1..=4 those of each kan.
    pub const fn dora_index(self, k: usize) -> Option<usize> {
        if k > 4 {
            None
        } else {
            Some(self.indicator_base() + 2 * k)
        }
    }

    /// Index of the `k`-th ura-dora indicator (under the `k`-th dora indicator).
    pub const fn ura_index(self, k: usize) -> Option<usize> {
        if k > 4 {
            None
        } else {
            Some(self.indicator_base() - 1 + 2 * k)
        }
    }

    const fn indicator_base(self) -> usize {
        if self.players == 4 { 5 } else { 9 }
    }

    /// The 13 tiles dealt to `seat`, in dealing order, from a wall of [`len`](Self::len)
    /// tiles; `None` if the wall has another length or a number is out of range.
    pub fn deal(self, wall: &[u8], dealer: u8, seat: u8) -> Option<[u8; 13]> {
        if wall.len() != self.len() {
            return None;
        }
        let mut hand = [0u8; 13];
        for (k, slot) in hand.iter_mut().enumerate() {
            *slot = wall[self.deal_index(dealer, seat, k)?];
        }
        Some(hand)
    }
}

/// One round's shuffled wall and dice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundWall {
    /// The wall in Tenhou's layout, 136 or 108 tile ids (136-id numbering either way).
    pub tiles: Vec<u8>,
    /// The dice as `INIT` writes them: each die's face minus one (0..=5).
    pub dice: [u8; 2],
}

/// Why a shuffle seed cannot be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeedError {
    /// Not `mt19937ar-sha512-n288-base64,` (or `mt19937ar,` for the 2009 form).
    UnknownAlgorithm,
    /// The base-64 text does not decode to exactly 624 words.
    BadBase64,
    /// A 2009 seed word is not 1..=8 hex digits, or there are none or over 624 of them.
    BadHexWord,
}

impl SeedError {
    pub(crate) fn describe(self) -> &'static str {
        match self {
            SeedError::UnknownAlgorithm => "unknown shuffle algorithm",
            SeedError::BadBase64 => "not 624 words of base-64",
            SeedError::BadHexWord => "not a list of 32-bit hex words",
        }
    }
}

/// The game-wide generator of a `SHUFFLE` seed; each [`next_round`](Self::next_round) gives
/// the next `INIT`'s wall.
#[derive(Debug)]
pub struct TenhouShuffle {
    mt: MT19937,
    /// A hex seed: the dead wall's stacks are swapped (module docs).
    hex: bool,
}

impl TenhouShuffle {
    /// From the whole `seed` attribute (`mt19937ar-sha512-n288-base64,...`, or the 2010 form
    /// `mt19937ar-sha512-n288,` with hex words).
    pub fn from_seed(seed: &str) -> Result<TenhouShuffle, SeedError> {
        if let Some(hex) = seed.strip_prefix(HEX_SEED_PREFIX) {
            let words = hex_words(hex)?;
            return Ok(TenhouShuffle {
                mt: MT19937::new_with_slice_seed(&words),
                hex: true,
            });
        }
        let b64 = seed
            .strip_prefix(SEED_PREFIX)
            .ok_or(SeedError::UnknownAlgorithm)?;
        // 624 words = 2,496 bytes = 3,328 base-64 characters without padding. Checked here:
        // `seed_from_base64` panics on longer input.
        let valid = |c: u8| c.is_ascii_alphanumeric() || c == b'+' || c == b'/';
        if b64.len() != MT19937_SEED_SIZE * 4 / 3 * 4 || !b64.bytes().all(valid) {
            return Err(SeedError::BadBase64);
        }
        let words = tenhou_shuffle::seed_from_base64(b64).map_err(|_| SeedError::BadBase64)?;
        Ok(TenhouShuffle {
            mt: tenhou_shuffle::mt_from_seed(&words),
            hex: false,
        })
    }

    /// The next round's wall for `players` (3 or 4; anything else is treated as 4).
    pub fn next_round(&mut self, players: u8) -> RoundWall {
        let rnd = tenhou_shuffle::rnd_from_mt(&mut self.mt);
        let mut wall = RoundWall::from_rnd(&rnd, players);
        if self.hex {
            wall.swap_dead_wall_stacks();
        }
        wall
    }
}

fn hex_words(hex: &str) -> Result<Vec<u32>, SeedError> {
    let mut words = Vec::new();
    for w in hex.split(',') {
        if w.is_empty() || w.len() > 8 || words.len() >= MT19937_SEED_SIZE {
            return Err(SeedError::BadHexWord);
        }
        words.push(u32::from_str_radix(w, 16).map_err(|_| SeedError::BadHexWord)?);
    }
    Ok(words)
}

impl RoundWall {
    /// The wall of a 2009 `INIT shuffle="mt19937ar,..."` attribute, normalised to the current
    /// layout (see the module docs). Four players only: no three-player log of that time was
    /// available to check the three-player form, so it is an error.
    pub fn legacy(shuffle: &str, players: u8) -> Result<RoundWall, SeedError> {
        if players != 4 {
            return Err(SeedError::UnknownAlgorithm);
        }
        let hex = shuffle
            .strip_prefix(LEGACY_PREFIX)
            .ok_or(SeedError::UnknownAlgorithm)?;
        let words = hex_words(hex)?;
        let mut mt = MT19937::new_with_slice_seed(&words);
        let rnd: [u32; RND_LEN] = core::array::from_fn(|_| mt.gen_u32());
        let mut wall = RoundWall::from_rnd(&rnd, 4);
        wall.swap_dead_wall_stacks();
        Ok(wall)
    }

    fn swap_dead_wall_stacks(&mut self) {
        for i in 0..7 {
            self.tiles.swap(2 * i, 2 * i + 1);
        }
    }

    fn from_rnd(rnd: &[u32; RND_LEN], players: u8) -> RoundWall {
        let dice = [(rnd[135] % 6) as u8, (rnd[136] % 6) as u8];
        let tiles = if players == 3 {
            let mut w: [u8; 108] = core::array::from_fn(|i| i as u8);
            tenhou_shuffle::shuffle_with_rnd(&mut w, rnd);
            w.iter().map(|&i| if i < 4 { i } else { i + 28 }).collect()
        } else {
            let mut w: [u8; 136] = core::array::from_fn(|i| i as u8);
            tenhou_shuffle::shuffle_with_rnd(&mut w, rnd);
            w.to_vec()
        };
        RoundWall { tiles, dice }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_counts() {
        assert_eq!(TenhouWallLayout::FOUR.live_len(), 70);
        assert_eq!(TenhouWallLayout::THREE.live_len(), 55);
        assert_eq!(TenhouWallLayout::FOUR.live_index(0, 0), Some(83));
        assert_eq!(TenhouWallLayout::FOUR.live_index(69, 0), Some(14));
        assert_eq!(TenhouWallLayout::FOUR.live_index(69, 1), None);
        assert_eq!(TenhouWallLayout::THREE.live_index(0, 0), Some(68));
        assert_eq!(TenhouWallLayout::FOUR.dora_index(0), Some(5));
        assert_eq!(TenhouWallLayout::THREE.dora_index(1), Some(11));
        assert_eq!(TenhouWallLayout::FOUR.ura_index(0), Some(4));
        let r: Vec<_> = (0..5)
            .map(|k| TenhouWallLayout::FOUR.rinshan_index(k))
            .collect();
        assert_eq!(r, [Some(1), Some(0), Some(3), Some(2), None]);
    }

    #[test]
    fn every_dealt_index_once() {
        for layout in [TenhouWallLayout::FOUR, TenhouWallLayout::THREE] {
            for dealer in 0..layout.players() {
                let mut seen = vec![false; layout.len()];
                for seat in 0..layout.players() {
                    for k in 0..13 {
                        let i = layout.deal_index(dealer, seat, k);
                        let i = i.unwrap_or(0);
                        assert!(!seen[i], "{layout:?} dealer {dealer} seat {seat} k {k}");
                        seen[i] = true;
                    }
                }
                let n = layout.len();
                let dealt = n - 13 * layout.players() as usize;
                assert!(
                    seen[dealt..].iter().all(|&s| s),
                    "{layout:?}: the deal is the top"
                );
            }
        }
    }

    #[test]
    fn bad_seeds_are_errors() {
        assert_eq!(
            TenhouShuffle::from_seed("x").err(),
            Some(SeedError::UnknownAlgorithm)
        );
        let long = format!("{SEED_PREFIX}{}", "A".repeat(4000));
        assert_eq!(
            TenhouShuffle::from_seed(&long).err(),
            Some(SeedError::BadBase64)
        );
        assert_eq!(
            RoundWall::legacy("mt19937ar,zz", 4),
            Err(SeedError::BadHexWord)
        );
    }
}

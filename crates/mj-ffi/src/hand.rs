//! The typed hand calls: win, ready, waits and shanten over 34 counts and a wildcard count.
//!
//! A hand here is the counts of its real tiles (kind index 0-8 = 1-9m, 9-17 = 1-9p, 18-26 =
//! 1-9s, 27-33 = 1-7z, each 0-4) and a number of wildcards (癞子), which stand for any tile,
//! as the wildcard tables of game servers take it. The protocol names wildcard *kinds* instead
//! (`"wild": ["7z"]`); a hand of counts plus `w` wildcards is the protocol's hand with `w`
//! tiles of wild kinds the counts do not hold, and every answer here is the protocol's answer
//! for that hand (the parity tests check it), but for waits, which here are the real kinds
//! whose draw wins (a drawn wildcard wins exactly when the hand is ready).
//!
//! Each call answers from the tables on the eigens when it can, and asks again through
//! `mj_hu::Hand` (the one place a hand is validated) when the fast path refuses, so every error
//! is the one `mj batch` gives, with its message.

use mj_ai::HandView;
use mj_hu::{Declared, Hand, HuError};
use mj_protocol::OpError;
use mj_tiles::{Eigen, EigenHand, Tile, TileCounts, TileSet};

use crate::rules::MjRules;
use crate::status::Failure;

/// The most wildcards a hand may hold (`mj_hu::MAX_WILDCARDS`).
const MAX_WILDCARDS: u32 = mj_hu::MAX_WILDCARDS as u32;

fn hu_failure(e: HuError) -> Failure {
    Failure::from(OpError::from(e))
}

/// The counts as a validated [`TileCounts`]: `fifth_copy` for a count above 4, as the
/// protocol answers a fifth copy in `hand`.
#[inline]
pub fn counts_of(raw: &[u8; 34]) -> Result<TileCounts, Failure> {
    TileCounts::new(*raw).map_err(|e| hu_failure(HuError::FifthCopy(e.tile)))
}

/// The protocol's hand for `counts` plus `wildcards`: the wildcards as tiles of one or two wild
/// kinds the counts do not hold (honors only when the rules have them), four to a kind. Returns
/// the hand and its wild kinds.
pub fn protocol_hand(
    rules: &MjRules,
    counts: &TileCounts,
    wildcards: u32,
) -> Result<(Hand, TileSet), Failure> {
    if wildcards > MAX_WILDCARDS {
        return Err(hu_failure(HuError::TooManyWildcards(
            wildcards.min(255) as u8
        )));
    }
    let mut concealed = *counts;
    let mut wild = TileSet::EMPTY;
    let mut left = wildcards as u8;
    let last = if rules.rules().honors { 33 } else { 26 };
    for t in Tile::ALL[..=last].iter().rev() {
        if left == 0 {
            break;
        }
        if counts.get(*t) == 0 {
            let n = left.min(4);
            // A kind the counts do not hold takes up to four.
            concealed
                .set(*t, n)
                .map_err(|e| hu_failure(HuError::FifthCopy(e.tile)))?;
            wild.insert(*t);
            left -= n;
        }
    }
    if left > 0 {
        // Every kind is held: far more tiles than any question takes.
        return Err(hu_failure(HuError::WrongTileCount {
            concealed: counts.total() + wildcards,
            melds: 0,
            expected: "3k+1 or 3k+2 concealed tiles with k + melds <= 5",
        }));
    }
    let hand = Hand::new(concealed, &[], wild).map_err(hu_failure)?;
    Ok((hand, wild))
}

/// Eight counts (one little-endian word, each count 0-4) as eight hex digits, the first lowest.
#[inline]
const fn digits(x: u64) -> u64 {
    let x = (x | x >> 4) & 0x00FF_00FF_00FF_00FF;
    let x = (x | x >> 8) & 0x0000_FFFF_0000_FFFF;
    (x | x >> 16) & 0xFFFF_FFFF
}

/// The eight bytes at `at` (at most 26) as a little-endian word.
#[inline(always)]
fn word(raw: &[u8; 34], at: usize) -> u64 {
    let mut w = [0u8; 8];
    w.copy_from_slice(&raw[at..at + 8]);
    u64::from_le_bytes(w)
}

/// The eigens of 34 raw counts plus `wildcards`, when the fast path may read them: every count
/// 0-4, no honor under rules without honors, at most 8 wildcards. Word arithmetic instead of a
/// loop per kind (the conversion is most of a call's time otherwise); anything else goes the
/// slow way, which names the error.
#[inline]
fn fast_eigens(rules: &MjRules, raw: &[u8; 34], wildcards: u32) -> Option<EigenHand> {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    const OVER_FOUR: u64 = 0x7B7B_7B7B_7B7B_7B7B; // + 0x7B sets a byte's high bit iff it is > 4
    if wildcards > MAX_WILDCARDS {
        return None;
    }
    // Words at 0, 8, 16, 24 and 26 cover the 34 bytes.
    let words = [
        word(raw, 0),
        word(raw, 8),
        word(raw, 16),
        word(raw, 24),
        word(raw, 26),
    ];
    let over = words
        .iter()
        .fold(0, |o, &w| o | ((w.wrapping_add(OVER_FOUR) | w) & HIGH));
    // Bytes 27-33, the honors: the word at 26 without its first byte.
    let honors = words[4] >> 8;
    if over != 0 || (!rules.rules().honors && honors != 0) {
        return None;
    }
    let suit = |at: usize| Eigen::new(digits(word(raw, at)) | u64::from(raw[at + 8]) << 32);
    let suits = [suit(0)?, suit(9)?, suit(18)?, Eigen::new(digits(honors))?];
    Some(EigenHand::new(suits, wildcards as u8))
}

/// Is the hand (3k+2 tiles, wildcards included) a win?
#[inline]
pub fn is_winning(rules: &MjRules, raw: &[u8; 34], wildcards: u32) -> Result<bool, Failure> {
    if let Some(e) = fast_eigens(rules, raw, wildcards)
        && let Ok(won) = rules.checker().is_winning_eigen(&e, Declared::default())
    {
        return Ok(won);
    }
    let counts = counts_of(raw)?;
    let (hand, _) = protocol_hand(rules, &counts, wildcards)?;
    rules.checker().is_winning(&hand).map_err(hu_failure)
}

/// Is the hand (3k+1 tiles, wildcards included) one tile from a win?
#[inline]
pub fn is_ready(rules: &MjRules, raw: &[u8; 34], wildcards: u32) -> Result<bool, Failure> {
    if let Some(e) = fast_eigens(rules, raw, wildcards)
        && let Ok(ready) = rules.checker().is_ready_eigen(&e, Declared::default())
    {
        return Ok(ready);
    }
    let counts = counts_of(raw)?;
    let (hand, _) = protocol_hand(rules, &counts, wildcards)?;
    rules.checker().is_ready(&hand).map_err(hu_failure)
}

/// The real kinds whose draw wins (3k+1 tiles, wildcards included): bit `i` for kind `i`. Kinds
/// held four times are left out (no fifth copy can be drawn), and so are honors under rules
/// without them.
pub fn waits(rules: &MjRules, raw: &[u8; 34], wildcards: u32) -> Result<u64, Failure> {
    let counts = counts_of(raw)?;
    let checker = rules.checker();
    if wildcards == 0 {
        let hand = Hand::new(counts, &[], TileSet::EMPTY).map_err(hu_failure)?;
        return Ok(checker.waits(&hand).map_err(hu_failure)?.bits());
    }
    let (hand, wild) = protocol_hand(rules, &counts, wildcards)?;
    // The protocol lists a wild kind when a drawn wildcard wins; here a wild kind stands for a
    // real tile of its kind, which the counts do not hold: ask each such draw itself.
    let mut out = checker.waits(&hand).map_err(hu_failure)? - wild;
    for t in wild {
        if let Some(more) = hand.eigens().with_tile(t)
            && checker
                .is_winning_eigen(&more, Declared::default())
                .map_err(|e| hu_failure(e.into()))?
        {
            out.insert(t);
        }
    }
    Ok(out.bits())
}

/// The shanten (3k+1 or 3k+2 tiles, wildcards included): -1 complete, 0 ready; the minimum over
/// the shapes the rules allow (the protocol's `shanten` field). `unsupported_rules` under rules
/// mj-ai does not model.
#[inline]
pub fn shanten(rules: &MjRules, raw: &[u8; 34], wildcards: u32) -> Result<i8, Failure> {
    let counts = counts_of(raw)?;
    if wildcards == 0
        && let Ok(shape) = rules.shape()
        && let Ok(s) = mj_ai::shanten(&counts, shape)
    {
        return Ok(s);
    }
    let (hand, _) = protocol_hand(rules, &counts, wildcards)?;
    let view = HandView::try_from(&hand).map_err(|e| Failure::from(OpError::from(e)))?;
    Ok(view.shanten(rules.shape()?).shanten)
}

#[cfg(test)]
mod tests {
    use super::*;
    use mj_tiles::rng::SplitMix64;

    /// The word arithmetic reads the same eigens as `TileCounts` and refuses what it refuses,
    /// on counts near and far past the limit (bytes 5, 0x80, 0xFF carry differently).
    #[test]
    fn fast_eigens_are_the_counts_eigens() {
        let generic = MjRules::new("generic", "").unwrap();
        let sichuan = MjRules::new("sichuan", "").unwrap();
        let mut rng = SplitMix64::new(3);
        for i in 0..200_000 {
            let mut raw = [0u8; 34];
            for c in raw.iter_mut() {
                *c = [0, 0, 0, 1, 1, 2, 3, 4][rng.below(8) as usize];
            }
            if i % 4 == 0 {
                raw[rng.below(34) as usize] =
                    [5, 0x7F, 0x80, 0x84, 0x85, 0xFF][rng.below(6) as usize];
            }
            let w = rng.below(10);
            let counts = TileCounts::new(raw).ok();
            let slow = counts
                .filter(|_| w <= MAX_WILDCARDS)
                .map(|c| EigenHand::new(c.eigens(), w as u8));
            assert_eq!(fast_eigens(&generic, &raw, w), slow, "{raw:?} {w}");
            let no_honors = counts.is_some_and(|c| c.kinds().bits() >> 27 == 0);
            assert_eq!(
                fast_eigens(&sichuan, &raw, w),
                slow.filter(|_| no_honors),
                "{raw:?} {w}"
            );
        }
    }
}

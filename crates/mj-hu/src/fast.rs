//! The table-driven answers.
//!
//! A hand is five groups (m, p, s, winds, dragons). For each group the tables give `m` (fewest
//! wildcards to finish it as melds) and `p` (as melds plus the pair). With `M = sum m` and
//! `d = min (p - m)`, the standard form needs `M + d` wildcards: four or five lookups and a few
//! adds. Wins are `need <= W`; "ready" is `need <= W + 1` (a win with one wildcard missing).
//!
//! Waits come from the same entries. Drawing a real tile `t` of group `g` moves that group's
//! needs to `m - 1` / `p - 1` when `t` is in the group's wait masks, else to `m + 2` / `p + 2`
//! (see `mj_tables::layout`). So `t` wins either as the pair's group (`M + (p - m) - 1 <= W` for
//! masked ranks, `+ 2` for the rest) or with the pair elsewhere (`M + d_g - 1 <= W`, where `d_g`
//! is the best `p - m` of the other groups): four comparisons per group, no loop over 34 kinds.

use mj_tables::layout::base5;
use mj_tables::{Entry, Tables};
use mj_tiles::{Eigen, EigenHand, Suit, TileSet};

use crate::forms;
use crate::{Hand, HuError, Rules, SizeError};

/// Declared melds as the fast path needs them: how many, and which numbered suits they use.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Declared {
    /// Number of declared melds.
    pub count: u8,
    /// Bit `i` set when a declared meld uses numbered suit `i` (m, p, s).
    pub suits: u8,
}

impl Declared {
    /// From a hand's melds.
    pub fn of(hand: &Hand) -> Declared {
        let mut suits = 0u8;
        for meld in hand.melds() {
            let s = meld.base().suit();
            if s.is_numbered() {
                suits |= 1 << s.index();
            }
        }
        Declared {
            count: hand.meld_count(),
            suits,
        }
    }
}

/// The size a question is about: concealed tiles (wildcards included, after the draw) and
/// declared melds.
#[derive(Clone, Copy, Debug)]
struct Size {
    concealed: u32,
    declared: u8,
}

/// A rule set bound to the committed tables: the entry point for repeated questions.
///
/// ```
/// use mj_hu::{Checker, Hand, Rules};
/// let checker = Checker::new(Rules::GENERIC)?;
/// assert!(checker.is_winning(&Hand::parse("123m456p789s11122z", "")?)?);
/// assert_eq!(checker.waits(&Hand::parse("2344m456p789s111z", "")?)?.to_string(), "14m");
/// // With 中 as a wildcard, 1m1m + 中 is a triplet and 2z2z the pair.
/// assert!(checker.is_winning(&Hand::parse("11m456p789s111z22z7z", "7z")?)?);
/// # Ok::<(), mj_hu::HuError>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Checker {
    tables: &'static Tables<'static>,
    rules: Rules,
}

impl Checker {
    /// Binds `rules` to the committed tables (validated on first use).
    pub fn new(rules: Rules) -> Result<Checker, HuError> {
        Ok(Checker {
            tables: Tables::committed()?,
            rules,
        })
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Needs of m, p, s and all honors: what a win check reads.
    #[inline]
    fn entries(&self, e: &[Eigen; 4]) -> [Entry; 4] {
        let seq = self.rules.honor_sequences;
        [
            self.tables.suited(e[0]),
            self.tables.suited(e[1]),
            self.tables.suited(e[2]),
            self.tables.honors(e[3], seq),
        ]
    }

    /// Needs of the five groups (winds and dragons apart): what waits read.
    #[inline]
    fn group_entries(&self, e: &[Eigen; 4]) -> [Entry; 5] {
        let seq = self.rules.honor_sequences;
        [
            self.tables.suited(e[0]),
            self.tables.suited(e[1]),
            self.tables.suited(e[2]),
            self.tables.winds(e[3], seq),
            self.tables.dragons(e[3], seq),
        ]
    }

    /// The group's pair need minus its melds need, in -1..=2 (15: no pair possible there).
    #[inline]
    fn pair_delta(&self, entry: Entry) -> i32 {
        if self.rules.eyes_258 {
            entry.pair_258_delta()
        } else {
            entry.pair_delta()
        }
    }

    /// Wildcards the standard form needs, from the five entries.
    #[inline]
    fn standard_need(&self, entries: &[Entry]) -> u32 {
        let mut melds = 0u32;
        let mut delta = i32::MAX;
        for entry in entries {
            melds += entry.melds();
            delta = delta.min(self.pair_delta(*entry));
        }
        (melds as i32 + delta) as u32
    }

    /// `true` if real tiles `e` (whose entries are given) plus `w` wildcards, 3k+2 in all with
    /// `declared` melds beside them, win under some allowed form. Shapes only: suits and honors
    /// are the caller's.
    #[inline]
    fn wins(&self, e: &[Eigen; 4], entries: &[Entry], w: u32, size: Size) -> bool {
        self.standard_need(entries) <= w || self.wins_special(e, w, size)
    }

    #[inline(never)]
    fn wins_special(&self, e: &[Eigen; 4], w: u32, size: Size) -> bool {
        let r = &self.rules;
        let declared = size.declared;
        if !(r.seven_pairs || r.thirteen_orphans || r.knitted)
            || size.concealed + 3 * u32::from(declared) != 14
        {
            return false;
        }
        if declared == 0 {
            if r.seven_pairs && forms::seven_pairs(e, w, r.distinct_pairs) {
                return true;
            }
            if r.thirteen_orphans && forms::thirteen_orphans(e) {
                return true;
            }
            if r.knitted && forms::lesser_honors_knitted(e) {
                return true;
            }
        }
        r.knitted && declared <= 1 && self.wins_knitted_straight(e, w)
    }

    /// 组合龙 (a knitted straight) plus a meld and a pair. Apart and cold, so that the common
    /// special-form tests above save no registers for it.
    #[cold]
    #[inline(never)]
    fn wins_knitted_straight(&self, e: &[Eigen; 4], w: u32) -> bool {
        forms::knitted_straights(e)
            .iter()
            .any(|(rest, missing)| missing + self.standard_need(&self.entries(rest)) <= w)
    }

    #[inline]
    fn check_size(hand: &EigenHand, declared: Declared, complete: bool) -> Result<u32, SizeError> {
        // Sizes 3k+2 (wins) or 3k+1 (waits) up to 17 - 3 * melds, as bit masks: no division.
        const COMPLETE: u64 = 1 << 2 | 1 << 5 | 1 << 8 | 1 << 11 | 1 << 14 | 1 << 17;
        const WAITING: u64 = COMPLETE >> 1;
        let n = hand.total();
        if hand.wildcards() > crate::MAX_WILDCARDS {
            return Err(SizeError::TooManyWildcards(hand.wildcards()));
        }
        let sizes = if complete { COMPLETE } else { WAITING };
        let limit = 17u32.saturating_sub(3 * u32::from(declared.count));
        if n > limit || sizes >> n & 1 == 0 {
            return Err(SizeError::WrongTileCount {
                concealed: n.min(255) as u8,
                melds: declared.count,
                complete,
            });
        }
        Ok(n)
    }

    fn three_suits(e: &[Eigen; 4], declared: Declared) -> bool {
        let mut suits = declared.suits;
        for (i, x) in e.iter().take(3).enumerate() {
            if x.raw() != 0 {
                suits |= 1 << i;
            }
        }
        suits == 0b111
    }

    /// Is this eigen hand (3k+2 tiles, wildcards counted) a win? For callers that keep eigens
    /// up to date themselves; honors under `honors = false` are not checked here.
    #[inline]
    pub fn is_winning_eigen(
        &self,
        hand: &EigenHand,
        declared: Declared,
    ) -> Result<bool, SizeError> {
        let n = Self::check_size(hand, declared, true)?;
        let e = hand.suits();
        if self.rules.lack_one_suit && Self::three_suits(&e, declared) {
            return Ok(false);
        }
        let size = Size {
            concealed: n,
            declared: declared.count,
        };
        Ok(self.wins(&e, &self.entries(&e), u32::from(hand.wildcards()), size))
    }

    /// Is this eigen hand (3k+1 tiles) a win with one more wildcard?
    #[inline]
    pub fn is_ready_eigen(&self, hand: &EigenHand, declared: Declared) -> Result<bool, SizeError> {
        let n = Self::check_size(hand, declared, false)?;
        let e = hand.suits();
        if self.rules.lack_one_suit && Self::three_suits(&e, declared) {
            return Ok(false);
        }
        let size = Size {
            concealed: n + 1,
            declared: declared.count,
        };
        Ok(self.wins(&e, &self.entries(&e), u32::from(hand.wildcards()) + 1, size))
    }

    /// The kinds (bit `t.index()` of `mj_tiles::Tile`) whose discard leaves this eigen hand
    /// (3k+2 tiles, wildcards counted) ready: for each real kind held,
    /// [`Checker::is_ready_eigen`] of the hand less one tile of it, with the table entries of
    /// the three unchanged suits read once for all discards (a riichi declaration's check).
    pub fn ready_discards_eigen(
        &self,
        hand: &EigenHand,
        declared: Declared,
    ) -> Result<u64, SizeError> {
        let n = Self::check_size(hand, declared, true)?;
        let e = hand.suits();
        let entries = self.entries(&e);
        let seq = self.rules.honor_sequences;
        // Less one tile, plus the wildcard a ready hand lacks: `n` tiles in all.
        let w = u32::from(hand.wildcards()) + 1;
        let size = Size {
            concealed: n,
            declared: declared.count,
        };
        // The special forms, ruled out once for every discard where the whole hand shows they
        // cannot be reached by taking one tile away: seven pairs needs at most seven kinds
        // (distinct pairs) or at most `w` odd counts, and one discard changes either by at
        // most one; thirteen orphans needs no simple left, so at most one in the hand.
        let r = &self.rules;
        let kinds: u32 = e.iter().map(|x| x.ranks_at_least(1).count_ones()).sum();
        let odd: u32 = e.iter().map(|x| x.odd_ranks().count_ones()).sum();
        let simples: u32 = e[..3]
            .iter()
            .map(|x| x.total() - u32::from(x.count(1)) - u32::from(x.count(9)))
            .sum();
        let special = r.knitted
            || (r.thirteen_orphans && simples <= 1)
            || (r.seven_pairs
                && if r.distinct_pairs {
                    kinds <= 8
                } else {
                    odd <= w + 1
                });
        let mut out = 0u64;
        for s in 0..4 {
            let ranks: u8 = if s == 3 { 7 } else { 9 };
            for rank in 1..=ranks {
                if e[s].count(rank) == 0 {
                    continue;
                }
                let Some(x) = Eigen::of_rank(rank).and_then(|u| e[s].checked_sub(u)) else {
                    continue;
                };
                let mut v = e;
                v[s] = x;
                if self.rules.lack_one_suit && Self::three_suits(&v, declared) {
                    continue;
                }
                let mut en = entries;
                en[s] = if s == 3 {
                    self.tables.honors(x, seq)
                } else {
                    self.tables.suited(x)
                };
                if self.standard_need(&en) <= w || (special && self.wins_special(&v, w, size)) {
                    out |= 1 << (9 * s + usize::from(rank) - 1);
                }
            }
        }
        Ok(out)
    }

    /// Is the hand (3k+2 concealed tiles) a winning shape?
    pub fn is_winning(&self, hand: &Hand) -> Result<bool, HuError> {
        hand.require_complete_size()?;
        hand.check_rules(&self.rules)?;
        Ok(self.is_winning_eigen(hand.eigens(), Declared::of(hand))?)
    }

    /// Is the hand (3k+1 concealed tiles) a win with one wildcard more ("ready")? This can be
    /// `true` while [`Checker::waits`] is empty, when the only tiles that complete the hand are
    /// kinds it already holds four of and no kind is wild.
    pub fn is_ready(&self, hand: &Hand) -> Result<bool, HuError> {
        hand.require_waiting_size()?;
        hand.check_rules(&self.rules)?;
        Ok(self.is_ready_eigen(hand.eigens(), Declared::of(hand))?)
    }

    /// The kinds that complete the hand (3k+1 concealed tiles): real kinds whose draw wins, and
    /// the wild kinds when drawing a wildcard wins; kinds held four times (concealed, wildcards
    /// and melds together) are left out, and so are the wild kinds when the hand already holds
    /// [`MAX_WILDCARDS`](crate::MAX_WILDCARDS) wildcards (a ninth is never counted on).
    pub fn waits(&self, hand: &Hand) -> Result<TileSet, HuError> {
        hand.require_waiting_size()?;
        hand.check_rules(&self.rules)?;
        let declared = Declared::of(hand);
        let eh = hand.eigens();
        let e = eh.suits();
        let w = u32::from(eh.wildcards());
        let r = &self.rules;
        if r.lack_one_suit && Self::three_suits(&e, declared) {
            return Ok(TileSet::EMPTY);
        }
        let entries = self.group_entries(&e);
        let mut real = self.standard_waits(&e, &entries, w);
        let concealed = eh.total();
        if concealed == 13 && declared.count == 0 {
            if r.seven_pairs {
                real |= forms::seven_pairs_waits(&e, w, r.distinct_pairs);
            }
            if r.thirteen_orphans {
                real |= forms::thirteen_orphans_waits(&e);
            }
        }
        if r.knitted && concealed + 3 * u32::from(declared.count) == 13 {
            for t in !real - hand.wild() {
                if let Some(more) = eh.with_tile(t) {
                    let m = more.suits();
                    let size = Size {
                        concealed: concealed + 1,
                        declared: declared.count,
                    };
                    if self.wins(&m, &self.entries(&m), w, size) {
                        real.insert(t);
                    }
                }
            }
        }
        let mut out = real - hand.wild();
        let size = Size {
            concealed: concealed + 1,
            declared: declared.count,
        };
        // A drawn wild kind is a wildcard more: never a ninth (PROTOCOL.md, `waits`).
        if !hand.wild().is_empty()
            && w < u32::from(crate::MAX_WILDCARDS)
            && self.wins(&e, &entries, w + 1, size)
        {
            out |= hand.wild();
        }
        out = out - hand.held_four();
        if !r.honors {
            out = out - TileSet::suit(Suit::Honor);
        }
        if r.lack_one_suit {
            let used = hand.suits_used();
            if let (2, Some(missing)) = (
                used.iter().filter(|&&u| u).count(),
                used.iter().position(|&u| !u),
            ) {
                out = out - (TileSet::suit(Suit::ALL[missing]) - hand.wild());
            }
        }
        Ok(out)
    }

    /// Standard-form waits of real tiles `e` with `w` wildcards (3k+1 in all).
    #[inline]
    fn standard_waits(&self, e: &[Eigen; 4], entries: &[Entry; 5], w: u32) -> TileSet {
        let w = w as i32;
        let mut total = 0i32;
        let mut deltas = [0i32; 5];
        for (g, entry) in entries.iter().enumerate() {
            total += entry.melds() as i32;
            deltas[g] = self.pair_delta(*entry);
        }
        // Best and second-best pair delta, for "the pair in another group".
        let (mut best, mut second, mut best_at) = (i32::MAX, i32::MAX, usize::MAX);
        for (g, &d) in deltas.iter().enumerate() {
            if d < best {
                second = best;
                best = d;
                best_at = g;
            } else if d < second {
                second = d;
            }
        }
        const GROUPS: [(Suit, u8, u16); 5] = [
            (Suit::Man, 0, 0x1FF),
            (Suit::Pin, 0, 0x1FF),
            (Suit::Sou, 0, 0x1FF),
            (Suit::Honor, 0, 0xF),
            (Suit::Honor, 4, 0x7),
        ];
        let mut out = TileSet::EMPTY;
        let seq = self.rules.honor_sequences;
        for (g, &(suit, shift, all)) in GROUPS.iter().enumerate() {
            let with_pair_here = total + deltas[g];
            let other = if g == best_at { second } else { best };
            let pair_elsewhere = total.saturating_add(other);
            // The masks matter only if some draw in this group can finish the hand.
            if with_pair_here - 1 > w && pair_elsewhere - 1 > w {
                continue;
            }
            let masks = match g {
                // A validated hand has at most 17 concealed tiles.
                0..=2 => self.tables.suited_waits_at(base5(e[g].raw())),
                3 => self.tables.wind_waits(e[3], seq),
                _ => self.tables.dragon_waits(e[3], seq),
            };
            let pair_mask = if self.rules.eyes_258 {
                masks.pair_258()
            } else {
                masks.pair()
            };
            let mut ranks = 0u16;
            if with_pair_here - 1 <= w {
                ranks |= pair_mask;
            }
            if pair_elsewhere - 1 <= w {
                ranks |= masks.melds();
            }
            if with_pair_here + 2 <= w || pair_elsewhere.saturating_add(2) <= w {
                ranks |= all;
            }
            out |= TileSet::from_rank_mask(suit, (ranks & all) << shift);
        }
        out
    }
}

/// Is the hand (3k+2 concealed tiles) a winning shape under `rules`?
///
/// ```
/// use mj_hu::{is_winning, Hand, Rules};
/// let hand = Hand::parse("11223344556677z", "")?;
/// assert!(is_winning(&hand, &Rules::GENERIC)?);
/// let quads = Hand::parse("11112233445566z", "")?;
/// assert!(is_winning(&quads, &Rules::GENERIC)?);
/// assert!(!is_winning(&quads, &Rules::RIICHI)?); // riichi: seven different pairs
/// # Ok::<(), mj_hu::HuError>(())
/// ```
pub fn is_winning(hand: &Hand, rules: &Rules) -> Result<bool, HuError> {
    Checker::new(*rules)?.is_winning(hand)
}

/// Is the hand (3k+1 concealed tiles) a win with one wildcard more?
pub fn is_ready(hand: &Hand, rules: &Rules) -> Result<bool, HuError> {
    Checker::new(*rules)?.is_ready(hand)
}

/// The kinds that complete the hand (3k+1 concealed tiles); see [`Checker::waits`].
///
/// ```
/// use mj_hu::{waits, Hand, Rules};
/// let kokushi = Hand::parse("19m19p19s1234567z", "")?;
/// assert_eq!(waits(&kokushi, &Rules::RIICHI)?.len(), 13);
/// let gates = Hand::parse("1112345678999m", "")?;
/// assert_eq!(waits(&gates, &Rules::RIICHI)?.to_string(), "123456789m");
/// # Ok::<(), mj_hu::HuError>(())
/// ```
pub fn waits(hand: &Hand, rules: &Rules) -> Result<TileSet, HuError> {
    Checker::new(*rules)?.waits(hand)
}

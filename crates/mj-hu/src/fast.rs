//! The table-driven answers.
//!
//! A hand is four groups (m, p, s, and the seven honors as one: winds and dragons never share a
//! meld, and the table entry of all seven already takes the pair in either). For each group the
//! tables give `m` (fewest wildcards to finish it as melds) and `p` (as melds plus the pair).
//! With `M = sum m` and `d = min (p - m)`, the standard form needs `M + d` wildcards: four
//! lookups and a few adds. Wins are `need <= W`; "ready" is `need <= W + 1` (a win with one
//! wildcard missing).
//!
//! Waits come from the same entries. Drawing a real tile `t` of group `g` moves that group's
//! needs to `m - 1` / `p - 1` when `t` is in the group's wait masks, else to `m + 2` / `p + 2`
//! (see `mj_tables::layout`). So `t` wins either as the pair's group (`M + (p - m) - 1 <= W` for
//! masked ranks, `+ 2` for the rest) or with the pair elsewhere (`M + d_g - 1 <= W`, where `d_g`
//! is the best `p - m` of the other groups): four comparisons per group, no loop over 34 kinds.
//!
//! Each group's entry sits at its shape's base-5 value (`mj_tables::layout::base5`): the
//! conversion from an eigen is most of a win check's work, so [`crate::HandIndex`] keeps the
//! values up to date as tiles come and go instead.

use mj_tables::layout::{POW5, base5, base5_parts};
use mj_tables::{Entry, Tables, WaitMasks};
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
        Declared {
            count: hand.meld_count(),
            suits: hand.meld_suits(),
        }
    }
}

/// The size a question is about: concealed tiles (wildcards included, after the draw) and
/// declared melds.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Size {
    pub(crate) concealed: u32,
    pub(crate) declared: u8,
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

    /// Where each group of real tiles `e` finds its table entries: the base-5 values of the
    /// three numbered suits, and the honors' index in the plane of the rules.
    #[inline]
    pub(crate) fn offsets(&self, e: &[Eigen; 4]) -> [usize; 4] {
        [
            base5(e[0].raw()),
            base5(e[1].raw()),
            base5(e[2].raw()),
            Tables::honor_index(e[3], self.rules.honor_sequences),
        ]
    }

    /// The four groups' needs, from their offsets.
    #[inline]
    pub(crate) fn entries_at(&self, x: &[usize; 4]) -> [Entry; 4] {
        [
            self.tables.suited_at(x[0]),
            self.tables.suited_at(x[1]),
            self.tables.suited_at(x[2]),
            self.tables.honors_at(x[3]),
        ]
    }

    /// Needs of m, p, s and all honors.
    #[inline]
    fn entries(&self, e: &[Eigen; 4]) -> [Entry; 4] {
        self.entries_at(&self.offsets(e))
    }

    /// The group's pair need minus its melds need, plus one: 0..=3 (16: no pair possible
    /// there, the honors under `eyes_258`).
    #[inline]
    fn pair_field(&self, entry: Entry) -> u32 {
        if self.rules.eyes_258 {
            (entry.pair_258_delta() + 1) as u32
        } else {
            (entry.pair_delta() + 1) as u32
        }
    }

    /// Wildcards the standard form needs, from the four entries: `M + min (p - m)`. A group
    /// whose pair field is 0 (`p = m - 1`) has `m >= 1`, so the sum never goes below zero.
    #[inline]
    fn standard_need(&self, entries: &[Entry; 4]) -> u32 {
        let mut melds = 0u32;
        let mut field = u32::MAX;
        for entry in entries {
            melds += entry.melds();
            field = field.min(self.pair_field(*entry));
        }
        melds + field - 1
    }

    /// `true` if real tiles `e` (whose entries are given) plus `w` wildcards, 3k+2 in all with
    /// `declared` melds beside them, win under some allowed form. Shapes only: suits and honors
    /// are the caller's. `e` is asked for only when the standard form fails.
    #[inline(always)]
    pub(crate) fn wins(
        &self,
        entries: &[Entry; 4],
        w: u32,
        size: Size,
        e: impl FnOnce() -> [Eigen; 4],
    ) -> bool {
        if self.standard_need(entries) <= w {
            return true;
        }
        let e = e();
        self.special_possible(&e, w, size) && self.wins_special(&e, w, size)
    }

    /// `false` when no special form can win, by tests every special form implies: 14 tiles with
    /// the declared melds; seven pairs needs no more odd counts than wildcards, thirteen orphans
    /// no simple. A handful of digit-mask operations, so that most hands that are no standard
    /// win never call [`Checker::wins_special`].
    #[inline]
    fn special_possible(&self, e: &[Eigen; 4], w: u32, size: Size) -> bool {
        let r = &self.rules;
        if size.concealed + 3 * u32::from(size.declared) != 14 {
            return false;
        }
        r.knitted
            || size.declared == 0
                && (r.thirteen_orphans && forms::no_simples(e)
                    || r.seven_pairs && forms::at_most_odd_kinds(e, w))
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

    /// The concealed count `n` (wildcards included) checked for the question: 3k+2 tiles for a
    /// win (`complete`), 3k+1 for waits, k + declared melds <= 5, at most eight wildcards. One
    /// branch on the way to the answer; the error is built apart.
    #[inline]
    pub(crate) fn check_size(
        n: u32,
        wildcards: u8,
        declared: Declared,
        complete: bool,
    ) -> Result<u32, SizeError> {
        // Sizes 3k+2 (wins) or 3k+1 (waits) up to 17 - 3 * melds, as bit masks: no division.
        const COMPLETE: u64 = 1 << 2 | 1 << 5 | 1 << 8 | 1 << 11 | 1 << 14 | 1 << 17;
        const WAITING: u64 = COMPLETE >> 1;
        let sizes = if complete { COMPLETE } else { WAITING };
        let limit = 17u32.saturating_sub(3 * u32::from(declared.count));
        let fits = n <= limit && sizes >> n.min(63) & 1 == 1;
        if fits & (wildcards <= crate::MAX_WILDCARDS) {
            Ok(n)
        } else {
            Err(Self::size_error(n, wildcards, declared, complete))
        }
    }

    #[cold]
    #[inline(never)]
    fn size_error(n: u32, wildcards: u8, declared: Declared, complete: bool) -> SizeError {
        if wildcards > crate::MAX_WILDCARDS {
            SizeError::TooManyWildcards(wildcards)
        } else {
            SizeError::WrongTileCount {
                concealed: n.min(255) as u8,
                melds: declared.count,
                complete,
            }
        }
    }

    /// `true` when real tiles (`held[i]`: numbered suit `i` holds some) and the declared melds
    /// use all three numbered suits (缺一门 forbids it).
    #[inline]
    pub(crate) fn three_suits(held: [bool; 3], declared: Declared) -> bool {
        let mut suits = declared.suits;
        for (i, h) in held.into_iter().enumerate() {
            suits |= u8::from(h) << i;
        }
        suits == 0b111
    }

    /// Which numbered suits real tiles `e` use.
    fn held_suits(e: &[Eigen; 4]) -> [bool; 3] {
        [e[0].raw() != 0, e[1].raw() != 0, e[2].raw() != 0]
    }

    /// Is this eigen hand (3k+2 tiles, wildcards counted) a win? For callers that keep eigens
    /// up to date themselves; honors under `honors = false` are not checked here. Callers that
    /// keep a hand across draws save the eigens' conversion to table offsets with
    /// [`crate::HandIndex`] and [`Checker::is_winning_index`].
    #[inline]
    pub fn is_winning_eigen(
        &self,
        hand: &EigenHand,
        declared: Declared,
    ) -> Result<bool, SizeError> {
        let n = Self::check_size(hand.total(), hand.wildcards(), declared, true)?;
        let e = hand.suits();
        if self.rules.lack_one_suit && Self::three_suits(Self::held_suits(&e), declared) {
            return Ok(false);
        }
        let size = Size {
            concealed: n,
            declared: declared.count,
        };
        let w = u32::from(hand.wildcards());
        Ok(self.wins(&self.entries(&e), w, size, || e))
    }

    /// Is this eigen hand (3k+1 tiles) a win with one more wildcard?
    #[inline]
    pub fn is_ready_eigen(&self, hand: &EigenHand, declared: Declared) -> Result<bool, SizeError> {
        let n = Self::check_size(hand.total(), hand.wildcards(), declared, false)?;
        let e = hand.suits();
        if self.rules.lack_one_suit && Self::three_suits(Self::held_suits(&e), declared) {
            return Ok(false);
        }
        let size = Size {
            concealed: n + 1,
            declared: declared.count,
        };
        let w = u32::from(hand.wildcards()) + 1;
        Ok(self.wins(&self.entries(&e), w, size, || e))
    }

    /// The kinds (bit `t.index()` of `mj_tiles::Tile`) whose discard leaves this eigen hand
    /// (3k+2 tiles, wildcards counted) ready: for each real kind held,
    /// [`Checker::is_ready_eigen`] of the hand less one tile of it, with the table entries of
    /// the three unchanged suits read once for all discards (a riichi declaration's check).
    /// Callers that keep a [`crate::HandIndex`] ask [`Checker::ready_discards_index`].
    pub fn ready_discards_eigen(
        &self,
        hand: &EigenHand,
        declared: Declared,
    ) -> Result<u64, SizeError> {
        let n = Self::check_size(hand.total(), hand.wildcards(), declared, true)?;
        let e = hand.suits();
        let offsets = self.offsets(&e);
        Ok(self.ready_discards_at(&e, &offsets, u32::from(hand.wildcards()), n, declared))
    }

    /// [`Checker::ready_discards_eigen`] of real tiles `e` at table `offsets`, with `wildcards`
    /// and `n` tiles in all (checked to be 3k+2). Each discard changes one group's entry: the
    /// need of the hand less one tile of group `g` is the other groups' melds sum and best pair
    /// field (read once for every discard) with the one new entry, so a discard is one table
    /// load and a few adds.
    #[inline]
    pub(crate) fn ready_discards_at(
        &self,
        e: &[Eigen; 4],
        offsets: &[usize; 4],
        wildcards: u32,
        n: u32,
        declared: Declared,
    ) -> u64 {
        let entries = self.entries_at(offsets);
        // Less one tile, plus the wildcard a ready hand lacks: `n` tiles in all.
        let w = wildcards + 1;
        let size = Size {
            concealed: n,
            declared: declared.count,
        };
        // The special forms, ruled out once for every discard where the whole hand shows they
        // cannot be reached by taking one tile away: seven pairs needs at most seven kinds
        // (distinct pairs) or at most `w` odd counts, and one discard changes either by at
        // most one; thirteen orphans needs no simple left, so at most one in the hand.
        let r = &self.rules;
        let special = r.knitted
            || (r.thirteen_orphans && {
                let simples: u32 = e[..3]
                    .iter()
                    .map(|x| x.total() - u32::from(x.count(1)) - u32::from(x.count(9)))
                    .sum();
                simples <= 1
            })
            || (r.seven_pairs
                && if r.distinct_pairs {
                    let kinds: u32 = e.iter().map(|x| held_flags(*x).count_ones()).sum();
                    kinds <= 8
                } else {
                    let odd: u32 = e.iter().map(|x| x.odd_ranks().count_ones()).sum();
                    odd <= w + 1
                });
        // The melds sum and the best and second-best pair fields of the four groups, so that
        // "the other groups" of each group are a subtraction and a choice.
        let mut melds = 0u32;
        let (mut best, mut second, mut best_at) = (u32::MAX, u32::MAX, usize::MAX);
        for (g, entry) in entries.iter().enumerate() {
            melds += entry.melds();
            let f = self.pair_field(*entry);
            if f < best {
                second = best;
                best = f;
                best_at = g;
            } else if f < second {
                second = f;
            }
        }
        // A tile in or out of a group moves each of its needs by -1 or +2 (see the module
        // docs), so taking one away lowers the hand's standard need by at most two: a hand
        // that needs more than `w + 2` has no ready discard of the standard form.
        if !special && melds + best > w + 3 {
            return 0;
        }
        let mut out = 0u64;
        for s in 0..4 {
            let mut flags = held_flags(e[s]);
            if flags == 0 {
                continue;
            }
            let other_melds = melds - entries[s].melds();
            let other_field = if s == best_at { second } else { best };
            while flags != 0 {
                let i = (flags.trailing_zeros() >> 2) as usize;
                flags &= flags - 1;
                // One tile less of rank `i + 1`: the group's offset less 5^i.
                let x = offsets[s] - POW5[i];
                let entry = if s == 3 {
                    self.tables.honors_at(x)
                } else {
                    self.tables.suited_at(x)
                };
                let need = other_melds + entry.melds() + other_field.min(self.pair_field(entry));
                let standard = need <= w + 1;
                if !(standard || special || r.lack_one_suit) {
                    continue;
                }
                let mut v = *e;
                v[s] = Eigen::of_rank(i as u8 + 1)
                    .and_then(|u| e[s].checked_sub(u))
                    .unwrap_or(e[s]);
                if r.lack_one_suit && Self::three_suits(Self::held_suits(&v), declared) {
                    continue;
                }
                if standard || (special && self.wins_special(&v, w, size)) {
                    out |= 1 << (9 * s + i);
                }
            }
        }
        out
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
        if r.lack_one_suit && Self::three_suits(Self::held_suits(&e), declared) {
            return Ok(TileSet::EMPTY);
        }
        // Each numbered suit's base-5 value in two parts: the needs byte at the whole value,
        // the wait masks at the rank of the parts.
        let parts = [
            base5_parts(e[0].raw()),
            base5_parts(e[1].raw()),
            base5_parts(e[2].raw()),
        ];
        let honors = Tables::honor_index(e[3], r.honor_sequences);
        let offsets = [
            parts[0].0 + 625 * parts[0].1,
            parts[1].0 + 625 * parts[1].1,
            parts[2].0 + 625 * parts[2].1,
            honors,
        ];
        let entries = self.entries_at(&offsets);
        let masks = [
            self.tables.suited_waits_at(parts[0].0, parts[0].1),
            self.tables.suited_waits_at(parts[1].0, parts[1].1),
            self.tables.suited_waits_at(parts[2].0, parts[2].1),
            self.tables.honor_waits_at(honors),
        ];
        let mut real = self.standard_waits(&entries, &masks, w);
        let concealed = eh.total();
        if concealed == 13 && declared.count == 0 {
            // Seven pairs one tile away has at most one odd count more than wildcards, and
            // thirteen orphans no simple: the two tests decide most hands without building sets.
            if r.seven_pairs && forms::at_most_odd_kinds(&e, w + 1) {
                real |= forms::seven_pairs_waits(&e, w, r.distinct_pairs);
            }
            if r.thirteen_orphans && forms::no_simples(&e) {
                real |= forms::thirteen_orphans_waits(&e);
            }
        }
        let size = Size {
            concealed: concealed + 1,
            declared: declared.count,
        };
        if r.knitted && concealed + 3 * u32::from(declared.count) == 13 {
            for t in !real - hand.wild() {
                if let Some(more) = eh.with_tile(t) {
                    let m = more.suits();
                    if self.wins(&self.entries(&m), w, size, || m) {
                        real.insert(t);
                    }
                }
            }
        }
        let mut out = real - hand.wild();
        // A drawn wild kind is a wildcard more: never a ninth (PROTOCOL.md, `waits`).
        if !hand.wild().is_empty()
            && w < u32::from(crate::MAX_WILDCARDS)
            && self.wins(&entries, w + 1, size, || e)
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

    /// Standard-form waits of the four groups' entries and wait masks with `w` wildcards (3k+1
    /// tiles in all): real kinds only.
    ///
    /// In pair fields (`f = p - m + 1`, [`Checker::pair_field`]) the need after a draw into
    /// group `g` is `M + f_g - 2` when the draw lowers its pair need and the pair stays there,
    /// `M + f_other - 2` when it lowers its melds need and the pair is elsewhere, and two more
    /// for a draw that raises a need. With `slack = w + 2 - M`: the pair mask wins when
    /// `f_g <= slack`, the melds mask when the best field of the other groups is `<= slack`,
    /// and every draw when the best field of all is `<= slack - 3`.
    #[inline]
    fn standard_waits(&self, entries: &[Entry; 4], masks: &[WaitMasks; 4], w: u32) -> TileSet {
        let fields = entries.map(|e| self.pair_field(e) as i32);
        let melds: u32 = entries.iter().map(|e| e.melds()).sum();
        let slack = w as i32 + 2 - melds as i32;
        // Best and second-best pair field, for "the pair in another group".
        let (mut best, mut second, mut best_at) = (i32::MAX, i32::MAX, usize::MAX);
        for (g, &d) in fields.iter().enumerate() {
            if d < best {
                second = best;
                best = d;
                best_at = g;
            } else if d < second {
                second = d;
            }
        }
        if best > slack {
            return TileSet::EMPTY;
        }
        if best <= slack - 3 {
            return TileSet::ALL;
        }
        let mut out = 0u64;
        for (g, m) in masks.iter().enumerate() {
            let pair = if self.rules.eyes_258 {
                m.pair_258()
            } else {
                m.pair()
            };
            let other = if g == best_at { second } else { best };
            let mut ranks = 0u16;
            if fields[g] <= slack {
                ranks |= pair;
            }
            if other <= slack {
                ranks |= m.melds();
            }
            out |= u64::from(ranks) << (9 * g);
        }
        TileSet::from_bits(out)
    }
}

/// The ranks held at least once, as bit 3 of each rank's digit (no compression to a rank
/// mask: the callers count them or walk them by `trailing_zeros / 4`).
#[inline]
fn held_flags(e: Eigen) -> u64 {
    (e.raw() + 0x7_7777_7777) & 0x8_8888_8888
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

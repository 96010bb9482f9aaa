//! What the fu, the yaku and the readings of a riichi win share: the win's context ([`Ctx`]),
//! how a standard reading's groups are laid out ([`FiveGroups`], [`sets`], [`pair_kind`]), the
//! declared melds' facts ([`Declared`]), what the yaku read from the sets ([`SetTally`]) and a
//! reading's yaku ([`YakuList`]). Below `fu`,
//! `yaku` and `reading`, which all read it.

use mj_tiles::{Group, GroupKind};

use super::points::Payers;
use super::{RiichiRules, Situation, Win};

/// What every reading of a win shares.
#[derive(Debug)]
pub(crate) struct Ctx<'a> {
    pub win: &'a Win,
    pub situation: &'a Situation,
    pub rules: &'a RiichiRules,
    /// A declared meld other than a closed kan.
    pub open: bool,
    /// The declared melds' facts.
    pub declared: Declared,
    /// Kinds held, concealed or in melds (bit = kind index).
    pub mask: u64,
    pub seat: u8,
    pub round: u8,
    pub dora: u32,
    pub aka: u32,
    pub ura: u32,
    /// Han of the norths set aside (three players), indicators included.
    pub kita: u32,
    /// Who pays a tsumo (three or two players, tsumo loss or not).
    pub payers: Payers,
    /// The yakuman every reading shares (tenhou, tsuuiisou, ...).
    pub yakuman: YakuList,
    /// The ordinary yaku every reading shares (riichi, tanyao, honitsu, ...).
    pub ordinary: YakuList,
}

/// The groups of a standard reading as the fu and yaku read them: the five `mj_tiles::Group`s
/// of a `mj_tiles::Reading` of four sets and a pair (the pair first, as
/// `mj_agari::Decomposition::reading` orders it, then the declared sets, then the concealed
/// ones), held as a fixed array so reading them needs no length checks (it is the hot path:
/// every reading of every win); the `WaitKind` travels beside it. A set's `concealed` is
/// "concealed for fu and ankou": in the concealed hand or a closed kan, and not completed by ron
/// (the reader clears it for a triplet the winning tile completed by ron); a declared kan is a
/// `GroupKind::Quad`.
pub(crate) type FiveGroups = [Group; 5];

/// The pair's kind index (the first group).
pub(crate) fn pair_kind(r: &FiveGroups) -> u8 {
    let [pair, ..] = r;
    pair.tile.as_u8()
}

/// A standard reading's four sets (every group after the pair).
pub(crate) fn sets(r: &FiveGroups) -> &[Group; 4] {
    let [_, sets @ ..] = r;
    sets
}

impl Ctx<'_> {
    /// A reading's concealed sets (they come after the declared ones).
    pub fn concealed_sets<'r>(&self, r: &'r FiveGroups) -> &'r [Group] {
        r.get(1 + self.declared.count..).unwrap_or(&[])
    }
}

/// The yaku of one reading: a set of `Yaku` (bit = declaration index) with the sums, 16
/// bytes, so readings are compared without copying lists. The entries with their values are
/// built once, for the best reading (`YakuList::entries`).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct YakuList {
    pub bits: u64,
    pub han: u32,
    pub yakuman: u32,
}

/// What the declared melds (副露 and 暗槓) give every reading, read once per win.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Declared {
    /// Their groups, in the melds' order ([`Group::of_meld`]; the first `count`).
    pub groups: [Group; 4],
    /// How many melds are declared.
    pub count: usize,
    /// A meld other than a closed kan opens the hand.
    pub open: bool,
    /// A kan among them.
    pub kan: bool,
    /// Kinds in them (bit = kind index).
    pub mask: u64,
    /// Red fives in them.
    pub red_fives: u32,
    /// Their sets as the yaku read them.
    pub tally: SetTally,
}

/// What the yaku of a standard reading read from its sets, summed set by set: the declared
/// sets once per win ([`Declared`]), then each reading's concealed sets.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SetTally {
    /// Sequences (順子).
    pub seqs: u32,
    /// Concealed triplets and quads (暗刻).
    pub ankou: u32,
    /// Quads (槓子).
    pub kans: u32,
    /// Bit = the lowest kind of a sequence.
    pub seq_mask: u32,
    /// Bit = the kind of a triplet or quad (a kind makes at most one).
    pub trip_mask: u64,
    /// Every set holds a terminal or an honor (全帯).
    pub all_outside: bool,
}

impl SetTally {
    /// No set.
    pub(crate) const EMPTY: SetTally = SetTally {
        seqs: 0,
        ankou: 0,
        kans: 0,
        seq_mask: 0,
        trip_mask: 0,
        all_outside: true,
    };

    /// Counts one more set.
    pub(crate) fn add(&mut self, s: &Group) {
        let tile = s.tile.as_u8();
        if s.kind == GroupKind::Sequence {
            self.seqs += 1;
            self.seq_mask |= 1 << tile;
            self.all_outside &= tile.is_multiple_of(9) || tile % 9 == 6;
        } else {
            self.trip_mask |= 1 << tile;
            self.ankou += u32::from(s.concealed);
            self.kans += u32::from(s.kind == GroupKind::Quad);
            self.all_outside &= is_terminal_or_honor(tile);
        }
    }
}

/// `true` for terminals and honors (幺九牌) by kind index.
pub(crate) const fn is_terminal_or_honor(t: u8) -> bool {
    t >= 27 || t.is_multiple_of(9) || t % 9 == 8
}

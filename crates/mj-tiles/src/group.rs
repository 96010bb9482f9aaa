//! Groups (面子 and the pair) and readings: the one vocabulary for "how a hand splits".
//!
//! A [`Group`] is a sequence, triplet, quad or pair, by its lowest tile, concealed or not, with
//! the declared meld it came from if any. A [`Reading`] is the groups of one decomposition of a
//! hand (four sets and a pair, or seven pairs), in the order the engine that made it chose.
//! The riichi decompositions (`mj-agari`), the Sichuan scorer and the MCR scorer (`mj-score`)
//! all answer in these types.

use crate::{Meld, MeldKind, Tile};

/// What a group is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum GroupKind {
    /// Three consecutive tiles of one numbered suit (順子 / 顺子, chow; `chi` in the protocol).
    Sequence,
    /// Three of a kind (刻子 / 刻子, pung; `pon` in the protocol).
    Triplet,
    /// Four of a kind, always a declared kan (槓子 / 杠, kong).
    Quad,
    /// Two of a kind (雀頭 / 将).
    Pair,
}

impl GroupKind {
    /// How many tiles a group of this kind holds.
    pub const fn tile_count(self) -> usize {
        match self {
            GroupKind::Sequence | GroupKind::Triplet => 3,
            GroupKind::Quad => 4,
            GroupKind::Pair => 2,
        }
    }

    /// A set of identical tiles (a triplet or a quad).
    pub const fn is_triplet_or_quad(self) -> bool {
        matches!(self, GroupKind::Triplet | GroupKind::Quad)
    }
}

/// One group of a reading: its kind, its lowest tile, whether it is concealed, and the
/// declared meld it is (`None` for a group of the concealed hand).
///
/// ```
/// use mj_tiles::{Group, GroupKind, Tile};
/// let g = Group::concealed(GroupKind::Sequence, "7p".parse::<Tile>()?);
/// assert_eq!(mj_tiles::notation::format_tiles(&g.tiles().collect::<Vec<_>>()), "789p");
/// # Ok::<(), mj_tiles::NotationError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Group {
    /// Sequence, triplet, quad or pair.
    pub kind: GroupKind,
    /// Its lowest tile.
    pub tile: Tile,
    /// Concealed: part of the concealed hand, or a closed kan. Riichi scoring reads it as
    /// "concealed for fu and ankou" and clears it for a triplet completed by ron.
    pub concealed: bool,
    /// The declared meld's kind, `None` for a group of the concealed hand.
    pub declared: Option<MeldKind>,
}

impl Group {
    /// A group of the concealed hand.
    pub const fn concealed(kind: GroupKind, tile: Tile) -> Group {
        Group {
            kind,
            tile,
            concealed: true,
            declared: None,
        }
    }

    /// The group a declared meld is: chi a sequence, pon a triplet, a kan a quad (concealed
    /// only for a closed kan).
    pub const fn of_meld(meld: &Meld) -> Group {
        let kind = meld.kind();
        Group {
            kind: match kind {
                MeldKind::Chi => GroupKind::Sequence,
                MeldKind::Pon => GroupKind::Triplet,
                MeldKind::Minkan | MeldKind::Ankan | MeldKind::Kakan => GroupKind::Quad,
            },
            tile: meld.base(),
            concealed: matches!(kind, MeldKind::Ankan),
            declared: Some(kind),
        }
    }

    /// A declared meld (`declared` is `Some`).
    pub const fn is_declared(&self) -> bool {
        self.declared.is_some()
    }

    /// Its tiles, lowest first (a sequence's run; two, three or four copies otherwise).
    pub fn tiles(&self) -> impl Iterator<Item = Tile> + use<> {
        let t = self.tile;
        let tiles = match self.kind {
            GroupKind::Sequence => {
                let second = t.next_in_suit().unwrap_or(t);
                [t, second, second.next_in_suit().unwrap_or(second), t]
            }
            _ => [t; 4],
        };
        tiles.into_iter().take(self.kind.tile_count())
    }
}

/// The most groups a reading holds (seven pairs).
pub const READING_CAPACITY: usize = 7;

/// The groups of one decomposition of a hand: four sets and a pair, seven pairs, or what a
/// special form leaves as groups. A small `Copy` value (at most [`READING_CAPACITY`] groups,
/// no heap).
///
/// ```
/// use mj_tiles::{Group, GroupKind, Reading, Tile};
/// let t = |s: &str| s.parse::<Tile>();
/// let mut r = Reading::new();
/// r.push(Group::concealed(GroupKind::Pair, t("5s")?));
/// r.push(Group::concealed(GroupKind::Sequence, t("1m")?));
/// assert_eq!(r.len(), 2);
/// assert_eq!(r.pair().map(|g| g.tile), Some(t("5s")?));
/// # Ok::<(), mj_tiles::NotationError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Reading {
    groups: [Group; READING_CAPACITY],
    len: u8,
}

impl Default for Reading {
    fn default() -> Reading {
        Reading::new()
    }
}

impl Reading {
    /// No groups yet.
    pub const fn new() -> Reading {
        Reading {
            groups: [Group::concealed(GroupKind::Pair, Tile::ALL[0]); READING_CAPACITY],
            len: 0,
        }
    }

    /// Appends a group; `false` (and no change) when the reading already holds
    /// [`READING_CAPACITY`] groups.
    pub fn push(&mut self, group: Group) -> bool {
        match self.groups.get_mut(usize::from(self.len)) {
            Some(slot) => {
                *slot = group;
                self.len += 1;
                true
            }
            None => false,
        }
    }

    /// Keeps the first `len` groups (no change when it holds fewer).
    pub fn truncate(&mut self, len: usize) {
        if len < self.len() {
            self.len = len as u8;
        }
    }

    /// The groups, in order.
    pub fn groups(&self) -> &[Group] {
        self.groups.get(..usize::from(self.len)).unwrap_or(&[])
    }

    /// The groups, to change in place (a scorer marks a triplet completed by ron as not
    /// concealed).
    pub fn groups_mut(&mut self) -> &mut [Group] {
        self.groups
            .get_mut(..usize::from(self.len))
            .unwrap_or(&mut [])
    }

    /// How many groups.
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// No groups.
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The first pair, if any (the pair of four sets and a pair).
    pub fn pair(&self) -> Option<&Group> {
        self.groups().iter().find(|g| g.kind == GroupKind::Pair)
    }

    /// Every group but the pairs: the sets.
    pub fn sets(&self) -> impl Iterator<Item = &Group> {
        self.groups().iter().filter(|g| g.kind != GroupKind::Pair)
    }

    /// Seven pairs: seven groups, every one a pair.
    pub fn is_seven_pairs(&self) -> bool {
        self.len() == 7 && self.groups().iter().all(|g| g.kind == GroupKind::Pair)
    }
}

impl std::fmt::Debug for Reading {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.groups()).finish()
    }
}

impl std::ops::Deref for Reading {
    type Target = [Group];
    fn deref(&self) -> &[Group] {
        self.groups()
    }
}

impl<'a> IntoIterator for &'a Reading {
    type Item = &'a Group;
    type IntoIter = std::slice::Iter<'a, Group>;
    fn into_iter(self) -> Self::IntoIter {
        self.groups().iter()
    }
}

impl FromIterator<Group> for Reading {
    /// Collects at most [`READING_CAPACITY`] groups; the rest are dropped.
    fn from_iter<I: IntoIterator<Item = Group>>(iter: I) -> Reading {
        let mut r = Reading::new();
        for g in iter {
            if !r.push(g) {
                break;
            }
        }
        r
    }
}

impl Extend<Group> for Reading {
    fn extend<I: IntoIterator<Item = Group>>(&mut self, iter: I) {
        for g in iter {
            if !self.push(g) {
                break;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> Tile {
        s.parse().unwrap_or(Tile::ALL[0])
    }

    #[test]
    fn tiles_of_each_kind() {
        let text = |g: Group| crate::notation::format_tiles(&g.tiles().collect::<Vec<_>>());
        assert_eq!(text(Group::concealed(GroupKind::Sequence, t("7s"))), "789s");
        assert_eq!(text(Group::concealed(GroupKind::Triplet, t("1z"))), "111z");
        assert_eq!(text(Group::concealed(GroupKind::Quad, t("5p"))), "5555p");
        assert_eq!(text(Group::concealed(GroupKind::Pair, t("9m"))), "99m");
    }

    #[test]
    fn of_meld_kinds() {
        let cases = [
            ("chi", "345m", GroupKind::Sequence, false),
            ("pon", "777z", GroupKind::Triplet, false),
            ("minkan", "1111s", GroupKind::Quad, false),
            ("ankan", "2222p", GroupKind::Quad, true),
        ];
        for (kind, tiles, want, concealed) in cases {
            let meld = Meld::parse(
                MeldKind::from_name(kind).unwrap_or(MeldKind::Chi),
                tiles,
                None,
                None,
            )
            .unwrap_or_else(|e| panic!("{kind} {tiles}: {e}"));
            let g = Group::of_meld(&meld);
            assert_eq!((g.kind, g.concealed), (want, concealed), "{kind} {tiles}");
            assert_eq!(g.declared, Some(meld.kind()), "{kind} {tiles}");
            assert_eq!(g.tiles().count(), tiles.len() - 1, "{kind} {tiles}");
        }
    }

    #[test]
    fn reading_holds_at_most_seven() {
        let mut r = Reading::new();
        for i in 0..7u8 {
            assert!(r.push(Group::concealed(GroupKind::Pair, Tile::ALL[usize::from(i)])));
        }
        assert!(r.is_seven_pairs());
        assert!(!r.push(Group::concealed(GroupKind::Pair, t("1z"))));
        assert_eq!(r.len(), 7);
        assert_eq!(r.sets().count(), 0);
        let collected: Reading = r.iter().copied().chain(r.iter().copied()).collect();
        assert_eq!(collected, r);
    }

    #[test]
    fn groups_mut_changes_only_the_groups_held() {
        let mut r = Reading::new();
        r.push(Group::concealed(GroupKind::Triplet, t("7z")));
        let held = r.groups_mut();
        assert_eq!(held.len(), 1, "one group held");
        if let Some(g) = held.first_mut() {
            g.concealed = false;
        }
        assert_eq!(r.groups().first().map(|g| g.concealed), Some(false));
        assert!(Reading::new().groups_mut().is_empty());
    }
}

//! The Chinese flows' play shared by `efficiency`, `value` and `defense` (see `act`): Sichuan
//! 血战到底, 红中血战 and 红中麻将.
//!
//! `mj-ai` refuses the Sichuan rule set (`ShapeRules::try_from(&Rules::SICHUAN)` names
//! `honors` and `lack_one_suit`): the wall has no honors, and the suit given up (定缺) cannot
//! be in a winning hand. [`shanten`] handles both: the standard shape and seven pairs (four of
//! a kind counting as two pairs, as Sichuan's 龙七对 needs) over the hand with every tile of the
//! suit given up made a dead single, and never fewer steps than those tiles need to leave.
//! With 红中 wild (`sichuan_hongzhong`, `hongzhong`) every 红中 held stands for any tile: the
//! standard shape through `mj-ai`'s wildcard shanten, seven pairs with each 红中 pairing a
//! single (or another 红中).

use mj_ai::{HandView, ShapeRules};
use mj_game::view::kind_of;
use mj_game::{Action, SeatView};
use mj_tiles::{Suit, Tile, TileCounts, TileSet};

use crate::common::{discard_of, pass_or_first, win};

/// The suit index (0 `m`, 1 `p`, 2 `s`) of a suited kind; `None` for honors.
fn suit_index(t: Tile) -> Option<u8> {
    suit_index_of(t.suit())
}

/// The index of a numbered suit (as `Action::DeclareLack` numbers them); `None` for honors.
fn suit_index_of(s: Suit) -> Option<u8> {
    s.is_numbered().then_some(s.index() as u8)
}

/// The numbered suit of an index.
fn suit_of_index(i: u8) -> Option<Suit> {
    Suit::ALL
        .get(usize::from(i))
        .copied()
        .filter(|s| s.is_numbered())
}

/// What a Chinese hand's shanten depends on besides its tiles.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Shape {
    /// The suit given up (定缺: 0 `m`, 1 `p`, 2 `s`), if declared.
    pub lack: Option<u8>,
    /// Seven pairs may still be made (the rules have it and the hand has no melds).
    pub seven_pairs: bool,
    /// 红中 (7z) is wild (`sichuan_hongzhong`, `hongzhong`).
    pub red_wild: bool,
}

impl Shape {
    /// The shape of a seat's own hand: its declared lack, seven pairs while it has no melds
    /// (Sichuan always has them; 红中麻将 per `hz_seven_pairs`), 红中 wild per the rules.
    pub fn of_seat(view: &SeatView<'_>) -> Shape {
        let me = view.seat();
        let rules = view.rules();
        Shape {
            lack: view.lack(me).and_then(suit_index_of),
            seven_pairs: view.melds(me).is_empty()
                && (!rules.is_hongzhong() || rules.hongzhong.hz_seven_pairs),
            red_wild: rules.red_wildcards(),
        }
    }

    /// The same shape once the hand has a meld (no seven pairs).
    fn open(self) -> Shape {
        Shape {
            seven_pairs: false,
            ..self
        }
    }
}

/// The shanten of concealed `counts` (3k + 1 or 3k + 2 tiles; the declared melds are implied
/// by the count) under `shape`: the least of the standard shape's shanten, where each tile of
/// the suit given up is a dead single (moved to its own honor kind or an isolated rank, which
/// no group can use), and of seven pairs over the other kinds; at least the number of tiles of
/// the suit given up (less one with a discard to make), since each must be discarded before
/// the hand can win. With `red_wild`, each 红中 stands for any tile. A heuristic close to the
/// truth, not an exact count: a dead single may still stand as a tanki wait in the standard
/// shape when the hand has no pair. `i8::MAX` when the count is not a hand's.
pub fn shanten(counts: &TileCounts, shape: Shape) -> i8 {
    let total = counts.total();
    if total == 0 || total.is_multiple_of(3) || total > 17 {
        return i8::MAX;
    }
    let red = Tile::RED.index();
    let mut c = *counts.as_array();
    let wilds = if shape.red_wild {
        std::mem::take(&mut c[red])
    } else {
        0
    };
    let mut dead = 0u8;
    if let Some(l) = shape.lack {
        let first = usize::from(l.min(2)) * 9;
        for n in &mut c[first..first + 9] {
            dead += std::mem::take(n);
        }
    }
    // Seven pairs over the live kinds: quads are two pairs, triples a pair and a single; a
    // wildcard pairs a single, two wildcards left over make a pair.
    let seven = (shape.seven_pairs && total >= 13).then(|| {
        let (mut pairs, mut singles) = (0i8, 0i8);
        for &n in &c {
            pairs += (n / 2) as i8;
            singles += (n % 2) as i8;
        }
        let mut w = wilds as i8;
        let fill = w.min(singles);
        pairs += fill;
        singles -= fill;
        w -= fill;
        pairs += w / 2;
        singles += w % 2;
        let full = pairs.min(7);
        13 - 2 * full - singles.min(7 - full)
    });
    // Isolated slots for dead tiles: the honors (not 红中 when it is wild), then ranks 1, 4, 7
    // of the lack suit (three apart: no sequence, no partial sequence).
    let lack_ranks = shape
        .lack
        .map(|l| usize::from(l.min(2)) * 9)
        .into_iter()
        .flat_map(|first| [first, first + 3, first + 6]);
    let mut left = dead;
    for slot in (27..34).chain(lack_ranks) {
        if left == 0 {
            break;
        }
        if shape.red_wild && slot == red {
            continue;
        }
        c[slot] = 1;
        left -= 1;
    }
    if left > 0 {
        return 14;
    }
    c[red] += wilds;
    let Ok(mapped) = TileCounts::new(c) else {
        return i8::MAX;
    };
    let standard = if wilds == 0 {
        mj_ai::shanten(&mapped, ShapeRules::STANDARD_ONLY).unwrap_or(i8::MAX)
    } else {
        HandView::new(mapped, &[], TileSet::single(Tile::RED))
            .map_or(i8::MAX, |h| h.shanten(ShapeRules::STANDARD_ONLY).shanten)
    };
    let best = seven.map_or(standard, |s| standard.min(s));
    let need = dead as i8 - i8::from(total % 3 == 2);
    best.max(need)
}

/// The shanten of the seat's own hand.
fn own_shanten(view: &SeatView<'_>, counts: &TileCounts) -> i8 {
    shanten(counts, Shape::of_seat(view))
}

/// `c` less `n` tiles of kind `t`; `None` when it holds fewer.
fn minus(c: &TileCounts, t: Tile, n: u8) -> Option<TileCounts> {
    let mut out = *c;
    out.set(t, c.get(t).checked_sub(n)?).ok()?;
    Some(out)
}

/// `c` with one more tile of kind `t`; `None` for a fifth copy.
fn plus(c: &TileCounts, t: Tile) -> Option<TileCounts> {
    let mut out = *c;
    out.add(t).ok()?;
    Some(out)
}

/// A discard's sort key: not of the suit given up, a wildcard, shanten after, minus live
/// improving tiles, closeness to the middle, the kind.
type DiscardKey = (bool, bool, i8, i32, u8, u8);

/// The best kind on offer to discard: the suit given up first (dead tiles), a wild 红中 last
/// (it can stand for whatever tile would be kept instead, so keeping it never costs a step),
/// then the lowest shanten after the discard, then the most live tiles that would lower it
/// (copies counted from what the seat sees), then terminals before middle ranks. The
/// improving tiles, the costly part (a shanten per kind drawn), are counted only for the kinds
/// tied on the keys before them, since no other kind can come first.
pub(crate) fn best_discard(view: &SeatView<'_>, legal: &[Action]) -> Option<Tile> {
    let hand = view.hand();
    let shape = Shape::of_seat(view);
    let lack = shape.lack;
    let mut scored: Vec<(DiscardKey, Tile)> = Vec::new();
    for a in legal {
        if let Action::Discard { tile } = a {
            let k = tile.tile();
            if scored.iter().any(|x| x.1 == k) {
                continue;
            }
            let is_lack = lack.is_some() && suit_index(k) == lack;
            let s = minus(&hand, k, 1).map_or(i8::MAX, |after| own_shanten(view, &after));
            let rank = k.as_u8() % 9;
            let middle = 4u8.abs_diff(rank);
            let wild = shape.red_wild && k == Tile::RED;
            scored.push(((!is_lack, wild, s, 0, 4 - middle, k.as_u8()), k));
        }
    }
    let lead = scored.iter().map(|x| (x.0.0, x.0.1, x.0.2)).min()?;
    let seen = view.visible_counts();
    let red = shape.red_wild.then_some(&Tile::RED);
    for (key, k) in &mut scored {
        if (key.0, key.1, key.2) != lead {
            continue;
        }
        let Some(after) = minus(&hand, *k, 1) else {
            continue;
        };
        let mut uke = 0i32;
        for d in Tile::ALL.iter().take(27).chain(red) {
            if lack.is_some() && suit_index(*d) == lack {
                continue;
            }
            let live = 4i32 - i32::from(seen.get(*d));
            if live <= 0 {
                continue;
            }
            if let Some(next) = plus(&after, *d)
                && own_shanten(view, &next) < key.2
            {
                uke += live;
            }
        }
        key.3 = -uke;
    }
    scored.iter().min_by_key(|x| x.0).map(|x| x.1)
}

/// The exchange (换三张): the suit with the fewest tiles among those with three or more (ties
/// to the one whose loss leaves the lower shanten), and in it the three tiles whose loss
/// leaves the rest of the hand at the lowest shanten (the suit itself not given up yet, since
/// the tiles coming back may change which suit is given up). `None` with no exchange on offer.
fn exchange(view: &SeatView<'_>, legal: &[Action]) -> Option<Action> {
    let hand = view.hand();
    let count = |s: u8| -> u32 {
        Tile::ALL
            .iter()
            .filter(|t| suit_index(**t) == Some(s))
            .map(|&t| u32::from(hand.get(t)))
            .sum()
    };
    legal
        .iter()
        .filter_map(|a| match a {
            Action::Exchange { tiles } => {
                let mut after = hand;
                for &id in tiles {
                    after = minus(&after, id.tile(), 1)?;
                }
                let s = suit_index(tiles[0].tile())?;
                let shape = Shape {
                    lack: None,
                    ..Shape::of_seat(view)
                };
                Some(((count(s), shanten(&after, shape), *tiles), *a))
            }
            _ => None,
        })
        .min_by_key(|x| x.0)
        .map(|x| x.1)
}

/// The suit to give up (定缺): the one that leaves the lowest Sichuan shanten when given up,
/// ties to the suit with fewer tiles (fewer dead tiles to throw), then `m`, `p`, `s`.
fn declare(view: &SeatView<'_>, legal: &[Action]) -> Option<Action> {
    let hand = view.hand();
    legal
        .iter()
        .filter_map(|a| match a {
            Action::DeclareLack { suit } => {
                let s = suit_of_index(*suit)?;
                let n: u32 = Tile::ALL
                    .iter()
                    .filter(|t| t.suit() == s)
                    .map(|&t| u32::from(hand.get(t)))
                    .sum();
                let shape = Shape {
                    lack: Some(*suit),
                    ..Shape::of_seat(view)
                };
                Some(((shanten(&hand, shape), n, *suit), *a))
            }
            _ => None,
        })
        .min_by_key(|x| x.0)
        .map(|x| x.1)
}

/// One Sichuan decision: the exchange and the declaration above; a win whenever offered
/// (tsumo or ron); a pon only when it lowers the shanten, an open kong (明杠) only when the
/// hand keeps its shanten without the triplet (never of the suit given up: `mj-game` offers
/// none, and the player checks again when `lack_first` is off); a concealed or added kong
/// when the hand without those tiles is no worse than after its best discard; else the first
/// kind of [`best_discard`], the drawn copy when it is of that kind. It plays on after other
/// seats have won: their leaving changes nothing but the tiles still live.
pub(crate) fn act(view: &SeatView<'_>, legal: &[Action]) -> Action {
    if let Some(a) = exchange(view, legal).or_else(|| declare(view, legal)) {
        return a;
    }
    if let Some(a) = win(legal) {
        return a;
    }
    let shape = Shape::of_seat(view);
    let lack = shape.lack;
    let hand = view.hand();
    let is_lack = |t: Tile| lack.is_some() && suit_index(t) == lack;
    if let Some(offer) = view.offer() {
        let k = kind_of(offer.tile);
        if is_lack(k) {
            return pass_or_first(legal);
        }
        let now = own_shanten(view, &hand);
        // The hand after a call has melds: seven pairs is gone.
        let open = |c: &TileCounts| shanten(c, shape.open());
        if legal.contains(&Action::Minkan)
            && let Some(after) = minus(&hand, k, 3)
            && open(&after) <= now
        {
            return Action::Minkan;
        }
        for a in legal {
            if let Action::Pon { .. } = a
                && let Some(after) = minus(&hand, k, 2)
            {
                let best = Tile::ALL
                    .iter()
                    .filter_map(|&d| minus(&after, d, 1))
                    .map(|c| open(&c))
                    .min()
                    .unwrap_or(i8::MAX);
                if best < now {
                    return *a;
                }
            }
        }
        return pass_or_first(legal);
    }
    let best = best_discard(view, legal);
    let best_discard = best
        .and_then(|k| minus(&hand, k, 1))
        .map_or(i8::MAX, |c| own_shanten(view, &c));
    for a in legal {
        let kong = match *a {
            Action::Ankan { kind } => minus(&hand, kind, 4),
            Action::Kakan { tile } => minus(&hand, tile.tile(), 1),
            _ => None,
        };
        if let Some(after) = kong
            && shanten(&after, shape.open()) <= best_discard
        {
            return *a;
        }
    }
    let drawn = view.drawn();
    best.and_then(|k| discard_of(legal, k, false, drawn))
        .unwrap_or_else(|| pass_or_first(legal))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> TileCounts {
        s.parse().unwrap_or(TileCounts::EMPTY)
    }

    /// Sichuan without melds: seven pairs possible, `lack` given up, no wildcard.
    fn lacking(lack: u8) -> Shape {
        Shape {
            lack: Some(lack),
            seven_pairs: true,
            red_wild: false,
        }
    }

    #[test]
    fn shanten_counts_the_lack_suit_as_dead() {
        // Complete without the lack suit in play.
        assert_eq!(shanten(&c("123456789m11p234p"), lacking(2)), -1);
        // One tile of the suit given up: it must go first (13 tiles: at least one step).
        assert_eq!(shanten(&c("123456789m119p5s"), lacking(2)), 1);
        // Seven pairs with four of a kind as two pairs (龙七对).
        assert_eq!(shanten(&c("11112233m445566p"), lacking(2)), -1);
        // The same tiles in the lack suit are all dead.
        assert!(shanten(&c("11112233m445566p"), lacking(0)) >= 7);
        // Not a hand's count.
        assert_eq!(shanten(&c("123m"), Shape::default()), i8::MAX);
    }

    /// Against `mj-hu`'s slow reference over seeded 14-tile hands built from random groups of
    /// two or three suits (so many are complete): the Sichuan shanten is -1 exactly when the
    /// hand wins under the Sichuan rules and holds no tile of the suit given up.
    #[test]
    fn complete_exactly_when_the_reference_says_so() {
        let mut rng = mj_tiles::random::SplitMix64::new(16);
        let (mut wins, mut checked) = (0, 0);
        while checked < 12_000 {
            let suits = 2 + rng.below(2) as u8;
            let mut a = [0u8; 34];
            let mut n = 0;
            while n < 14 {
                let s = rng.below(u32::from(suits)) as usize;
                let r = rng.below(9) as usize;
                let group: &[usize] = match rng.below(4) {
                    0 if r <= 6 && n + 3 <= 14 => &[0, 1, 2],
                    1 if n + 3 <= 14 => &[0, 0, 0],
                    2 if n + 2 <= 14 => &[0, 0],
                    _ => &[0],
                };
                for &d in group {
                    a[s * 9 + r + d] += 1;
                }
                n += group.len();
            }
            if a.iter().any(|&x| x > 4) {
                continue;
            }
            let Ok(counts) = TileCounts::new(a) else {
                continue;
            };
            let lack = rng.below(3) as u8;
            let Ok(hand) = mj_hu::Hand::new(counts, &[], mj_tiles::TileSet::EMPTY) else {
                continue;
            };
            let holds = Tile::ALL
                .iter()
                .any(|&t| suit_index(t) == Some(lack) && counts.get(t) > 0);
            let want = !holds
                && mj_hu::reference::is_winning(&hand, &mj_hu::Rules::SICHUAN).unwrap_or(false);
            let got = shanten(&counts, lacking(lack)) == -1;
            assert_eq!(got, want, "{counts:?} lack {lack}");
            wins += usize::from(want);
            checked += 1;
        }
        assert!(wins > 100, "only {wins} complete hands");
    }

    /// A seeded hand of 14 tiles from random groups of the three suits, with up to four of its
    /// tiles turned into 红中; `None` when a kind would pass four copies.
    fn hand_with_reds(rng: &mut mj_tiles::random::SplitMix64) -> Option<TileCounts> {
        let mut a = [0u8; 34];
        let mut tiles = Vec::new();
        while tiles.len() < 14 {
            let s = rng.below(3) as usize;
            let r = rng.below(9) as usize;
            let group: &[usize] = match rng.below(4) {
                0 if r <= 6 && tiles.len() + 3 <= 14 => &[0, 1, 2],
                1 if tiles.len() + 3 <= 14 => &[0, 0, 0],
                2 if tiles.len() + 2 <= 14 => &[0, 0],
                _ => &[0],
            };
            tiles.extend(group.iter().map(|d| s * 9 + r + d));
        }
        for _ in 0..rng.below(5) {
            let i = rng.below(14) as usize;
            tiles[i] = Tile::RED.index();
        }
        for t in tiles {
            a[t] += 1;
        }
        TileCounts::new(a).ok()
    }

    /// With 红中 wild, against `mj-hu`'s slow reference under the rules the games use
    /// (`mj_game::hongzhong_hu_rules`, `mj_game::sichuan_hu_rules(true)` with a suit given up):
    /// a 14-tile hand is at -1 exactly when it wins, and a 13-tile hand (the 14 less one tile)
    /// is at 0 exactly when some drawn kind makes it win.
    #[test]
    fn wild_red_complete_and_ready_exactly_when_the_reference_says_so() {
        let mut rng = mj_tiles::random::SplitMix64::new(23);
        let wild = TileSet::single(Tile::RED);
        let wins_with = |counts: &TileCounts, rules: &mj_hu::Rules| {
            mj_hu::Hand::new(*counts, &[], wild)
                .ok()
                .and_then(|h| mj_hu::reference::is_winning(&h, rules).ok())
                .unwrap_or(false)
        };
        let (mut wins, mut ready, mut checked, mut with_reds) = (0, 0, 0, 0);
        while checked < 3_000 {
            let Some(counts) = hand_with_reds(&mut rng) else {
                continue;
            };
            let sichuan = rng.below(2) == 0;
            let (rules, shape) = if sichuan {
                let lack = rng.below(3) as u8;
                let holds = Tile::ALL
                    .iter()
                    .any(|&t| suit_index(t) == Some(lack) && counts.get(t) > 0);
                let rules = mj_game::sichuan_hu_rules(true);
                let shape = Shape {
                    lack: Some(lack),
                    seven_pairs: true,
                    red_wild: true,
                };
                (rules, (shape, holds))
            } else {
                let shape = Shape {
                    lack: None,
                    seven_pairs: true,
                    red_wild: true,
                };
                (mj_game::hongzhong_hu_rules(true), (shape, false))
            };
            let (shape, holds_lack) = shape;
            let want = !holds_lack && wins_with(&counts, &rules);
            assert_eq!(shanten(&counts, shape) == -1, want, "{counts:?} {shape:?}");
            wins += usize::from(want);
            with_reds += usize::from(counts.get(Tile::RED) > 0);
            // The 13 tiles left after taking out the first kind held.
            if let Some(t) = Tile::ALL.iter().find(|&&t| counts.get(t) > 0)
                && let Some(thirteen) = minus(&counts, *t, 1)
            {
                let holds = |c: &TileCounts| {
                    shape.lack.is_some_and(|l| {
                        Tile::ALL
                            .iter()
                            .any(|&k| suit_index(k) == Some(l) && c.get(k) > 0)
                    })
                };
                let want = Tile::ALL.iter().take(27).chain([&Tile::RED]).any(|&d| {
                    plus(&thirteen, d)
                        .is_some_and(|c| c.get(d) <= 4 && !holds(&c) && wins_with(&c, &rules))
                });
                assert_eq!(
                    shanten(&thirteen, shape) == 0,
                    want,
                    "{thirteen:?} {shape:?}"
                );
                ready += usize::from(want);
            }
            checked += 1;
        }
        assert!(
            wins > 200 && ready > 200 && with_reds > 1_000,
            "{wins} wins, {ready} ready, {with_reds} with 红中"
        );
    }
}

//! Sichuan 血战到底 play shared by `efficiency`, `value` and `defense` (see `act`).
//!
//! `mj-ai` refuses the Sichuan rule set (`ShapeRules::try_from(&Rules::SICHUAN)` names
//! `honors` and `lack_one_suit`): the wall has no honors, and the suit given up (定缺) cannot
//! be in a winning hand. [`shanten`] handles both: the standard shape and seven pairs (four of
//! a kind counting as two pairs, as Sichuan's 龙七对 needs) over the hand with every tile of the
//! suit given up made a dead single, and never fewer steps than those tiles need to leave.

use mj_ai::ShapeRules;
use mj_game::view::kind_of;
use mj_game::{Action, SeatView};
use mj_tiles::{Suit, Tile, TileCounts};

use crate::common::{discard_of, pass_or_first, win};

/// The suit index (0 `m`, 1 `p`, 2 `s`) of a suited kind; `None` for honors.
fn suit_index(t: Tile) -> Option<u8> {
    match t.suit() {
        Suit::Man => Some(0),
        Suit::Pin => Some(1),
        Suit::Sou => Some(2),
        _ => None,
    }
}

fn suit_of_index(i: u8) -> Option<Suit> {
    match i {
        0 => Some(Suit::Man),
        1 => Some(Suit::Pin),
        2 => Some(Suit::Sou),
        _ => None,
    }
}

/// The Sichuan shanten of concealed `counts` (3k + 1 or 3k + 2 tiles; the declared melds are
/// implied by the count) with `lack` the suit given up, `seven` when seven pairs may still be
/// made (no melds): the least of the standard shape's shanten, where each tile of `lack` is a
/// dead single (moved to its own honor kind or an isolated rank, which no group can use), and
/// of seven pairs over the other kinds; at least the number of `lack` tiles (less one with a
/// discard to make), since each must be discarded before the hand can win. A heuristic close
/// to the truth, not an exact count: a dead single may still stand as a tanki wait in the
/// standard shape when the hand has no pair. `i8::MAX` when the count is not a hand's.
pub fn shanten(counts: &TileCounts, lack: Option<u8>, seven: bool) -> i8 {
    let total = counts.total();
    if total == 0 || total.is_multiple_of(3) || total > 17 {
        return i8::MAX;
    }
    let mut c = [0u8; 34];
    let mut dead = 0u32;
    for t in Tile::ALL {
        let n = counts.get(t);
        if lack.is_some() && suit_index(t) == lack {
            dead += u32::from(n);
        } else {
            c[t.index()] = n;
        }
    }
    // Isolated slots for dead tiles: the seven honors, then ranks 1, 4, 7 of the lack suit
    // (three apart: no sequence, no partial sequence).
    let mut slots: Vec<usize> = (27..34).collect();
    if let Some(l) = lack {
        slots.extend([0usize, 3, 6].map(|r| usize::from(l) * 9 + r));
    }
    if dead as usize > slots.len() {
        return 14;
    }
    for &s in slots.iter().take(dead as usize) {
        c[s] = 1;
    }
    let Ok(mapped) = TileCounts::new(c) else {
        return i8::MAX;
    };
    let standard = mj_ai::shanten(&mapped, ShapeRules::STANDARD_ONLY).unwrap_or(i8::MAX);
    let mut best = standard;
    if seven && total >= 13 {
        // Seven pairs over the live kinds: quads are two pairs, triples a pair and a single.
        let (mut pairs, mut singles) = (0i8, 0i8);
        for t in Tile::ALL {
            if lack.is_some() && suit_index(t) == lack {
                continue;
            }
            let n = counts.get(t) as i8;
            pairs += n / 2;
            singles += n % 2;
        }
        let full = pairs.min(7);
        best = best.min(13 - 2 * full - singles.min(7 - full));
    }
    let need = dead as i8 - i8::from(total % 3 == 2);
    best.max(need)
}

/// Sichuan shanten of the seat's own hand.
fn own_shanten(view: &SeatView<'_>, counts: &TileCounts) -> i8 {
    let me = view.seat();
    let lack = view.lack(me).and_then(suit_index_of);
    shanten(counts, lack, view.melds(me).is_empty())
}

fn suit_index_of(s: Suit) -> Option<u8> {
    match s {
        Suit::Man => Some(0),
        Suit::Pin => Some(1),
        Suit::Sou => Some(2),
        _ => None,
    }
}

fn minus(c: &TileCounts, t: Tile, n: u8) -> Option<TileCounts> {
    let mut a = *c.as_array();
    let x = &mut a[t.index()];
    *x = x.checked_sub(n)?;
    TileCounts::new(a).ok()
}

fn plus(c: &TileCounts, t: Tile) -> Option<TileCounts> {
    let mut a = *c.as_array();
    a[t.index()] += 1;
    TileCounts::new(a).ok()
}

/// A discard's sort key: not of the suit given up, shanten after, minus live improving
/// tiles, closeness to the middle, the kind.
type DiscardKey = (bool, i8, i32, u8, u8);

/// The kinds on offer to discard, best first: the suit given up first (dead tiles), then the
/// lowest Sichuan shanten after the discard, then the most live tiles that would lower it
/// (copies counted from what the seat sees), then terminals before middle ranks.
pub(crate) fn discard_order(view: &SeatView<'_>, legal: &[Action]) -> Vec<Tile> {
    let hand = view.hand();
    let me = view.seat();
    let lack = view.lack(me).and_then(suit_index_of);
    let seen = view.visible_counts();
    let mut kinds: Vec<Tile> = Vec::new();
    for a in legal {
        if let Action::Discard { tile } = a {
            let k = kind_of(*tile);
            if !kinds.contains(&k) {
                kinds.push(k);
            }
        }
    }
    let mut scored: Vec<(DiscardKey, Tile)> = kinds
        .into_iter()
        .map(|k| {
            let is_lack = lack.is_some() && suit_index(k) == lack;
            let (s, uke) = match minus(&hand, k, 1) {
                Some(after) => {
                    let s = own_shanten(view, &after);
                    let mut uke = 0i32;
                    for d in Tile::ALL.iter().take(27) {
                        if lack.is_some() && suit_index(*d) == lack {
                            continue;
                        }
                        let live = 4i32 - i32::from(seen.get(*d));
                        if live <= 0 {
                            continue;
                        }
                        if let Some(next) = plus(&after, *d)
                            && own_shanten(view, &next) < s
                        {
                            uke += live;
                        }
                    }
                    (s, uke)
                }
                None => (i8::MAX, 0),
            };
            let rank = k.as_u8() % 9;
            let middle = 4u8.abs_diff(rank);
            ((!is_lack, s, -uke, 4 - middle, k.as_u8()), k)
        })
        .collect();
    scored.sort_by_key(|x| x.0);
    scored.into_iter().map(|x| x.1).collect()
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
                    after = minus(&after, kind_of(id), 1)?;
                }
                let s = suit_index(kind_of(tiles[0]))?;
                Some(((count(s), shanten(&after, None, true), *tiles), *a))
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
                Some(((shanten(&hand, Some(*suit), true), n, *suit), *a))
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
/// kind of [`discard_order`], the drawn copy when it is of that kind. It plays on after other
/// seats have won: their leaving changes nothing but the tiles still live.
pub(crate) fn act(view: &SeatView<'_>, legal: &[Action]) -> Action {
    if let Some(a) = exchange(view, legal).or_else(|| declare(view, legal)) {
        return a;
    }
    if let Some(a) = win(legal) {
        return a;
    }
    let me = view.seat();
    let lack = view.lack(me).and_then(suit_index_of);
    let hand = view.hand();
    let is_lack = |t: Tile| lack.is_some() && suit_index(t) == lack;
    if let Some(offer) = view.offer() {
        let k = kind_of(offer.tile);
        if is_lack(k) {
            return pass_or_first(legal);
        }
        let now = own_shanten(view, &hand);
        // The hand after a call has melds: seven pairs is gone.
        let open = |c: &TileCounts| shanten(c, lack, false);
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
    let order = discard_order(view, legal);
    let best_discard = order
        .first()
        .and_then(|&k| minus(&hand, k, 1))
        .map_or(i8::MAX, |c| own_shanten(view, &c));
    for a in legal {
        let kong = match *a {
            Action::Ankan { kind } => Tile::new(kind).and_then(|t| minus(&hand, t, 4)),
            Action::Kakan { tile } => minus(&hand, kind_of(tile), 1),
            _ => None,
        };
        if let Some(after) = kong
            && shanten(&after, lack, false) <= best_discard
        {
            return *a;
        }
    }
    let drawn = view.drawn();
    order
        .iter()
        .find_map(|&k| discard_of(legal, k, false, drawn))
        .unwrap_or_else(|| pass_or_first(legal))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> TileCounts {
        s.parse().unwrap_or(TileCounts::EMPTY)
    }

    #[test]
    fn shanten_counts_the_lack_suit_as_dead() {
        // Complete without the lack suit in play.
        assert_eq!(shanten(&c("123456789m11p234p"), Some(2), true), -1);
        // One tile of the suit given up: it must go first (13 tiles: at least one step).
        assert_eq!(shanten(&c("123456789m119p5s"), Some(2), true), 1);
        // Seven pairs with four of a kind as two pairs (龙七对).
        assert_eq!(shanten(&c("11112233m445566p"), Some(2), true), -1);
        // The same tiles in the lack suit are all dead.
        assert!(shanten(&c("11112233m445566p"), Some(0), true) >= 7);
        // Not a hand's count.
        assert_eq!(shanten(&c("123m"), None, true), i8::MAX);
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
            let got = shanten(&counts, Some(lack), true) == -1;
            assert_eq!(got, want, "{counts:?} lack {lack}");
            wins += usize::from(want);
            checked += 1;
        }
        assert!(wins > 100, "only {wins} complete hands");
    }
}

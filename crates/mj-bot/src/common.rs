//! What the players share: reading the legal actions, choosing a copy of a kind, shanten of
//! the seat's hand, whether a call keeps a yaku, and the rough value of a hand.

use mj_ai::{HandView, ShapeRules, shanten};
use mj_game::view::kind_of;
use mj_game::{Action, SeatView};
use mj_tiles::{MeldKind, Tile, TileCounts, TileId, TileSet};

/// `true` for the red fives' ids (16, 52, 88).
pub(crate) fn is_red(id: u8) -> bool {
    matches!(id, 16 | 52 | 88)
}

/// A win on offer (tsumo or ron).
pub(crate) fn win(legal: &[Action]) -> Option<Action> {
    legal
        .iter()
        .copied()
        .find(|a| matches!(a, Action::Tsumo | Action::Ron))
}

/// The tile of a discard (`riichi == false`) or a riichi declaration.
pub(crate) fn discard_tile(a: &Action, riichi: bool) -> Option<u8> {
    match (*a, riichi) {
        (Action::Discard { tile }, false) | (Action::Riichi { tile }, true) => Some(tile.as_u8()),
        _ => None,
    }
}

/// The kinds with a discard (or riichi) on offer.
pub(crate) fn offered_kinds(legal: &[Action], riichi: bool) -> TileSet {
    let mut s = TileSet::EMPTY;
    for a in legal {
        if let Some(t) = discard_tile(a, riichi) {
            s.insert(kind_of(t));
        }
    }
    s
}

/// The action that discards (or declares riichi with) a copy of `kind`: the drawn tile when it
/// is of that kind (tsumogiri), else a copy that is not a red five.
pub(crate) fn discard_of(
    legal: &[Action],
    kind: Tile,
    riichi: bool,
    drawn: Option<u8>,
) -> Option<Action> {
    let mut pick: Option<(u8, Action)> = None;
    for a in legal {
        let Some(id) = discard_tile(a, riichi) else {
            continue;
        };
        if kind_of(id) != kind {
            continue;
        }
        if Some(id) == drawn {
            return Some(*a);
        }
        if pick.is_none_or(|(p, _)| is_red(p) && !is_red(id)) {
            pick = Some((id, *a));
        }
    }
    pick.map(|(_, a)| a)
}

/// The first discard (or riichi) action of the first kind in `order` that has one.
pub(crate) fn first_offered(
    legal: &[Action],
    order: &[Tile],
    riichi: bool,
    drawn: Option<u8>,
) -> Option<Action> {
    order
        .iter()
        .find_map(|&t| discard_of(legal, t, riichi, drawn))
}

/// The seat's hand for `mj-ai`: its concealed tiles and melds.
pub(crate) fn hand(view: &SeatView<'_>) -> Option<HandView> {
    let melds: Vec<_> = view.melds(view.seat()).iter().map(|m| m.meld).collect();
    HandView::new(view.hand(), &melds, TileSet::EMPTY).ok()
}

/// Shanten of concealed counts (the melds are implied by the count); `i8::MAX` for a count
/// `mj-ai` refuses.
pub(crate) fn shanten_of(c: &TileCounts) -> i8 {
    shanten(c, ShapeRules::RIICHI).unwrap_or(i8::MAX)
}

/// Kinds whose triplet is a yaku for `seat`: the dragons, its seat wind, the round wind.
pub(crate) fn yakuhai(view: &SeatView<'_>, seat: u8) -> TileSet {
    let mut s = TileSet::EMPTY;
    s.insert(Tile::WHITE);
    s.insert(Tile::GREEN);
    s.insert(Tile::RED);
    for w in [view.seat_wind(seat), view.round_wind()] {
        if let Some(t) = Tile::new(Tile::EAST.as_u8() + (w & 3)) {
            s.insert(t);
        }
    }
    s
}

/// A call to judge: the kinds of the meld it makes (three) and the two tiles it takes from the
/// hand.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CallShape {
    pub(crate) meld: [Tile; 3],
    pub(crate) from_hand: [Tile; 2],
}

impl CallShape {
    /// The shape of a chi or pon of `offered` (a tile id) with `tiles` (ids from the hand).
    pub(crate) fn of(tiles: [u8; 2], offered: u8) -> CallShape {
        let mut meld = [kind_of(tiles[0]), kind_of(tiles[1]), kind_of(offered)];
        meld.sort();
        CallShape {
            meld,
            from_hand: [kind_of(tiles[0]), kind_of(tiles[1])],
        }
    }
}

/// Whether the hand after `call` still has a likely yaku (a heuristic, since an open hand
/// needs one to win): a dragon / seat-wind / round-wind triplet among its melds or concealed
/// tiles; or all melds simples and at most one terminal or honor left in hand (tanyao, when
/// open tanyao is played); or every meld in one suit or honors and at most one tile of
/// another suit in hand (half / full flush).
pub(crate) fn keeps_yaku(view: &SeatView<'_>, call: &CallShape, after: &TileCounts) -> bool {
    let me = view.seat();
    let yh = yakuhai(view, me);
    let mut melds: Vec<[Tile; 3]> = view
        .melds(me)
        .iter()
        .filter_map(|m| {
            let mut it = m.meld.tiles();
            Some([it.next()?, it.next()?, it.next()?])
        })
        .collect();
    melds.push(call.meld);
    let is_triplet = |m: &[Tile; 3]| m[0] == m[1] && m[1] == m[2];
    if melds.iter().any(|m| is_triplet(m) && yh.contains(m[0]))
        || yh.into_iter().any(|t| after.get(t) >= 3)
    {
        return true;
    }
    if view.rules().riichi.open_tanyao
        && melds.iter().flatten().all(|t| t.is_simple())
        && after
            .tiles()
            .filter(|t| t.is_terminal_or_honor())
            .map(|t| u32::from(after.get(t)))
            .sum::<u32>()
            <= 1
    {
        return true;
    }
    for suit in [
        mj_tiles::Suit::Man,
        mj_tiles::Suit::Pin,
        mj_tiles::Suit::Sou,
    ] {
        let ok = |t: &Tile| t.suit() == suit || t.is_honor();
        if melds.iter().flatten().all(ok) {
            let off: u32 = after
                .tiles()
                .filter(|t| !ok(t))
                .map(|t| u32::from(after.get(t)))
                .sum();
            if off <= 1 {
                return true;
            }
        }
    }
    false
}

/// Whether the hand after a chi or pon still has a likely yaku, as the players judge a call
/// (a value triplet, all simples, one suit with honors); `None` for another action or with
/// no tile on offer.
pub fn call_keeps_yaku(view: &SeatView<'_>, a: Action) -> Option<bool> {
    let offer = view.offer()?;
    let tiles = match a {
        Action::Chi { tiles } | Action::Pon { tiles } => tiles,
        _ => return None,
    };
    let call = CallShape::of(tiles.map(TileId::as_u8), offer.tile);
    let mut after = view.hand();
    if !(after.remove(call.from_hand[0]) && after.remove(call.from_hand[1])) {
        return None;
    }
    Some(keeps_yaku(view, &call, &after))
}

/// The best chi or pon on offer that lowers the shanten and keeps a yaku: the lowest shanten
/// after the call, the first such in `legal` on a tie. `None` when there is none (or no tile
/// is on offer).
pub(crate) fn useful_call(view: &SeatView<'_>, legal: &[Action]) -> Option<(Action, i8)> {
    let offer = view.offer()?;
    if !legal
        .iter()
        .any(|a| matches!(a, Action::Chi { .. } | Action::Pon { .. }))
    {
        return None;
    }
    let before = shanten_of(&view.hand());
    let mut best: Option<(Action, i8)> = None;
    for a in legal {
        let tiles = match *a {
            Action::Chi { tiles } | Action::Pon { tiles } => tiles,
            _ => continue,
        };
        let call = CallShape::of(tiles.map(TileId::as_u8), offer.tile);
        let mut after = view.hand();
        if !(after.remove(call.from_hand[0]) && after.remove(call.from_hand[1])) {
            continue;
        }
        let s = shanten_of(&after);
        if s < before && keeps_yaku(view, &call, &after) && best.is_none_or(|(_, b)| s < b) {
            best = Some((*a, s));
        }
    }
    best
}

/// The dora kinds of the revealed indicators (three players: a 1m indicator makes 9m dora).
pub(crate) fn dora_kinds(view: &SeatView<'_>) -> [u8; 34] {
    let mut d = [0u8; 34];
    for id in view.dora_indicators() {
        let ind = kind_of(id);
        let t = if view.players() == 3 && ind == Tile::ALL[0] {
            Tile::ALL[8]
        } else {
            ind.dora_successor()
        };
        d[t.index()] += 1;
    }
    d
}

/// A rough han count of the seat's hand as it stands: dora, red fives and kita, one for a
/// closed hand (riichi or menzen tsumo), one per dragon / own-wind triplet, one for all
/// simples. Used to weigh pushing against folding.
pub(crate) fn rough_han(view: &SeatView<'_>) -> u32 {
    let me = view.seat();
    let dora = dora_kinds(view);
    let mut han = 0u32;
    let mut all_simple = true;
    let hand = view.hand();
    for t in hand.tiles() {
        han += u32::from(hand.get(t)) * u32::from(dora[t.index()]);
        all_simple &= t.is_simple();
    }
    han += view.hand_ids().filter(|&id| is_red(id)).count() as u32;
    let yh = yakuhai(view, me);
    for m in view.melds(me) {
        let mut first = None;
        for t in m.meld.tiles() {
            han += u32::from(dora[t.index()]);
            all_simple &= t.is_simple();
            first.get_or_insert(t);
        }
        han += m.ids.iter().filter(|&&id| is_red(id)).count() as u32;
        if m.meld.kind() != MeldKind::Chi && first.is_some_and(|t| yh.contains(t)) {
            han += 1;
        }
    }
    han += yh.into_iter().filter(|&t| hand.get(t) >= 3).count() as u32;
    for &k in view.kita(me) {
        han += 1 + u32::from(dora[kind_of(k).index()]);
    }
    han += u32::from(view.is_closed(me)) + u32::from(all_simple);
    han
}

/// The fallback every player ends with: a pass when offered, else the first legal action.
pub(crate) fn pass_or_first(legal: &[Action]) -> Action {
    if legal.contains(&Action::Pass) {
        Action::Pass
    } else {
        legal.first().copied().unwrap_or(Action::Pass)
    }
}

/// How much a fast policy keeps a held kind (the lowest is thrown first): 8 a copy held, and for
/// a numbered kind 4 for each neighbour held and 2 for each held two ranks away, less 1 for a
/// terminal. Shared by the riichi and Chinese fast rollouts of `search`.
pub(crate) fn keep_score(c: &[u8; 34], k: Tile) -> i32 {
    let i = k.index();
    let mut v = 8 * i32::from(c[i]);
    if k.suit().is_numbered() {
        let r = i % 9;
        let at = |d: isize| -> i32 {
            let j = r as isize + d;
            if (0..9).contains(&j) {
                i32::from(c[i - r + j as usize].min(1))
            } else {
                0
            }
        };
        v += 4 * (at(-1) + at(1)) + 2 * (at(-2) + at(2));
        if r == 0 || r == 8 {
            v -= 1;
        }
    }
    v
}

//! The turn order of a tenhou.net/6 round: the format lists each seat's takes (draws and the
//! calls it made on others' discards) and gives (discards and its own kans), not the order
//! they came in. [`play`] replays the turns (after each discard a seat whose next take is a
//! call on it moves next: pon and kan before chi; otherwise the next seat draws) and gives
//! each tile a [`TileId`] as it first appears (a red five its copy 0, any other tile the
//! lowest copy not yet seen; copy 0 of a five is kept for the red one when red fives are on),
//! writing the round as `mj_game` events.

use mj_game::{Event, MjaiTile};
use mj_tiles::TileId;
use serde_json::Value;

use super::err;
use crate::LogError;

/// Most turns the search for a turn order may replay in one round (real rounds need a few
/// hundred).
pub(super) const SEARCH_BUDGET: usize = 50_000;

/// A tile code's kind (0..34) and redness.
pub(super) fn code_piece(code: i64) -> Option<(u8, bool)> {
    let (suit, n) = (code / 10, code % 10);
    match (suit, n) {
        (1..=3, 1..=9) => Some(((suit as u8 - 1) * 9 + n as u8 - 1, false)),
        (4, 1..=7) => Some((27 + n as u8 - 1, false)),
        (5, 1..=3) => Some(((n as u8 - 1) * 9 + 4, true)),
        _ => None,
    }
}

fn id_code(t: TileId) -> (u8, bool) {
    (t.as_u8() / 4, t.is_red())
}

/// The tiles of the round being replayed: which ids are used, each seat's hand, the events.
#[derive(Clone)]
pub(super) struct Tiles {
    pub(super) aka: bool,
    used: [bool; 136],
    pub(super) hands: Vec<Vec<TileId>>,
    pub(super) events: Vec<Event>,
}

impl Tiles {
    pub(super) fn new(aka: bool) -> Tiles {
        Tiles {
            aka,
            used: [false; 136],
            hands: Vec::new(),
            events: Vec::new(),
        }
    }

    /// The event name of an id.
    pub(super) fn name(&self, t: TileId) -> MjaiTile {
        MjaiTile::id(t.as_u8(), self.aka)
    }

    /// A new id for a tile that appears for the first time.
    pub(super) fn alloc(&mut self, code: i64) -> Result<TileId, String> {
        let (kind, red) = code_piece(code).ok_or_else(|| format!("{code} is not a tile"))?;
        let copies: &[u8] = if red {
            &[0]
        } else if self.aka && matches!(kind, 4 | 13 | 22) {
            &[1, 2, 3]
        } else {
            &[0, 1, 2, 3]
        };
        for &c in copies {
            let i = usize::from(kind) * 4 + usize::from(c);
            if !self.used[i] {
                self.used[i] = true;
                return TileId::new(i as u8).ok_or_else(|| "tile id".to_owned());
            }
        }
        if copies.len() == 3 {
            Err(format!("a fourth plain {code} while red fives are on"))
        } else {
            Err(format!("a fifth {code}"))
        }
    }

    /// Removes a tile of `code` from `seat`'s hand.
    fn take_from_hand(&mut self, seat: u8, code: i64) -> Result<TileId, String> {
        let want = code_piece(code).ok_or_else(|| format!("{code} is not a tile"))?;
        let hand = &mut self.hands[usize::from(seat)];
        let i = hand
            .iter()
            .position(|&t| id_code(t) == want)
            .ok_or_else(|| format!("{code} not in hand"))?;
        Ok(hand.remove(i))
    }
}

/// A call string: its letter, the letter's index and the tile codes in order (with the index of
/// the tile right after the letter).
fn call_string(s: &str) -> Option<(char, usize, Vec<i64>, usize)> {
    let letter_at = s.find(|c: char| c.is_ascii_alphabetic())?;
    let letter = s[letter_at..].chars().next()?;
    let digits: String = s.chars().filter(char::is_ascii_digit).collect();
    if !digits.len().is_multiple_of(2)
        || digits.len() + 1 != s.len()
        || !letter_at.is_multiple_of(2)
    {
        return None;
    }
    let codes = (0..digits.len() / 2)
        .map(|i| digits[2 * i..2 * i + 2].parse().ok())
        .collect::<Option<Vec<i64>>>()?;
    Some((letter, letter_at, codes, letter_at / 2))
}

/// A call made on a discard (the takes' `c`, `p`, `m`): the call's event.
fn claim(
    t: &mut Tiles,
    who: u8,
    discarder: u8,
    letter: char,
    at: usize,
    codes: &[i64],
    called: TileId,
) -> Result<Event, String> {
    let called_code = codes.get(at / 2).copied().ok_or("short call")?;
    if code_piece(called_code) != Some(id_code(called)) {
        return Err(format!("the called tile {called_code} is not the discard"));
    }
    let mut own = Vec::with_capacity(3);
    for (i, &c) in codes.iter().enumerate() {
        if i != at / 2 {
            own.push(t.take_from_hand(who, c)?);
        }
    }
    own.sort();
    let (pai, target) = (t.name(called), discarder);
    let names: Vec<MjaiTile> = own.iter().map(|&x| t.name(x)).collect();
    Ok(match (letter, &names[..]) {
        ('c', &[a, b]) => Event::Chi {
            actor: who,
            target,
            pai,
            consumed: [a, b],
        },
        ('p', &[a, b]) => Event::Pon {
            actor: who,
            target,
            pai,
            consumed: [a, b],
        },
        ('m', &[a, b, c]) => Event::Daiminkan {
            actor: who,
            target,
            pai,
            consumed: [a, b, c],
        },
        _ => return Err(format!("bad call letter {letter}")),
    })
}

/// A call made from the hand (the gives' `a`, `k`, `f`): the call's event.
fn own_call(
    t: &mut Tiles,
    who: u8,
    letter: char,
    codes: &[i64],
    after: usize,
) -> Result<Event, String> {
    match letter {
        'a' => {
            let mut tiles = codes
                .iter()
                .map(|&c| t.take_from_hand(who, c))
                .collect::<Result<Vec<_>, _>>()?;
            tiles.sort();
            let names: Vec<MjaiTile> = tiles.iter().map(|&x| t.name(x)).collect();
            let consumed =
                <[MjaiTile; 4]>::try_from(names).map_err(|_| "closed kan of other than 4 tiles")?;
            Ok(Event::Ankan {
                actor: who,
                consumed,
            })
        }
        'k' => {
            let added_code = codes.get(after).copied().ok_or("short added kan")?;
            let added = t.take_from_hand(who, added_code)?;
            let kind = added.as_u8() / 4;
            // The pon it extends: the caller's earlier pon of that kind.
            let consumed = t
                .events
                .iter()
                .rev()
                .find_map(|e| match e {
                    Event::Pon {
                        actor,
                        pai,
                        consumed,
                        ..
                    } if *actor == who && pai.tile_id().map(|i| i / 4) == Some(kind) => {
                        let mut three = [*pai, consumed[0], consumed[1]];
                        three.sort_by_key(|x| x.tile_id());
                        Some(three)
                    }
                    _ => None,
                })
                .ok_or("added kan without a pon")?;
            Ok(Event::Kakan {
                actor: who,
                pai: t.name(added),
                consumed,
            })
        }
        'f' => {
            let code = codes.first().copied().ok_or("empty kita")?;
            let k = t.take_from_hand(who, code)?;
            Ok(Event::Nukidora {
                actor: who,
                pai: t.name(k),
            })
        }
        _ => Err(format!("bad call letter {letter} in the gives")),
    }
}

/// The per-seat lists of a round.
pub(super) struct Lists<'a> {
    pub(super) takes: &'a [Vec<Value>],
    pub(super) gives: &'a [Vec<Value>],
    pub(super) players: u8,
}

/// Where the replay of a round stands.
#[derive(Clone)]
pub(super) struct Turns {
    pub(super) tiles: Tiles,
    /// Next take and give of each seat.
    tp: [usize; 4],
    gp: [usize; 4],
    /// The seat to act.
    seat: u8,
    /// The turn starts with a take (a draw), unless a call just gave the seat its tile.
    need_take: bool,
    /// A riichi declared whose discard has not yet passed.
    pub(super) riichi_pending: Option<u8>,
}

impl Turns {
    /// The start of a round: the dealer draws.
    pub(super) fn start(tiles: Tiles, dealer: u8) -> Turns {
        Turns {
            tiles,
            tp: [0; 4],
            gp: [0; 4],
            seat: dealer,
            need_take: true,
            riichi_pending: None,
        }
    }

    /// The stick of a riichi whose discard passed is placed.
    fn accept_riichi(&mut self) {
        if let Some(r) = self.riichi_pending.take() {
            self.tiles.events.push(accepted(r));
        }
    }
}

/// `reach_accepted` for `seat` (its scores are filled in once the round is read).
pub(super) fn accepted(seat: u8) -> Event {
    let mut deltas = [0; 4];
    deltas[usize::from(seat & 3)] = -1000;
    Event::ReachAccepted {
        actor: seat,
        deltas,
        scores: [0; 4],
    }
}

/// What a turn led to.
enum Turn {
    /// The next turn is set up.
    Next,
    /// The lists ran out: the round is over.
    End,
    /// `seat` discarded `tile` and these seats have a call on it next in their takes.
    Claims(Vec<u8>, u8, TileId),
}

/// The search over claim choices: a step budget and the failure that got furthest.
pub(super) struct Search {
    pub(super) budget: usize,
    pub(super) deepest: Option<(usize, LogError)>,
}

impl Search {
    fn note(&mut self, progress: usize, e: &LogError) {
        if self.deepest.as_ref().is_none_or(|(p, _)| progress > *p) {
            self.deepest = Some((progress, e.clone()));
        }
    }
}

/// Replays turns to the end of the round. Where a discard could be claimed by a call that is
/// next in some seat's takes, the call may still belong to a later, identical discard: the
/// replay tries the claim (pon and kan first, then chi) and, if the rest of the round then
/// fails to fit the lists, not claiming. The round fits when every list is used up.
pub(super) fn play(mut st: Turns, l: &Lists<'_>, search: &mut Search) -> Result<Turns, ()> {
    loop {
        if search.budget == 0 {
            search.note(
                usize::MAX,
                &err("", "no turn order fits the lists (search too long)"),
            );
            return Err(());
        }
        search.budget -= 1;
        let (candidates, seat, tile) = match turn(&mut st, l) {
            Ok(Turn::Next) => continue,
            Ok(Turn::End) => {
                if let Err(e) = finish(&st, l) {
                    search.note(st.tiles.events.len(), &e);
                    return Err(());
                }
                return Ok(st);
            }
            Ok(Turn::Claims(c, seat, tile)) => (c, seat, tile),
            Err(e) => {
                search.note(st.tiles.events.len(), &e);
                return Err(());
            }
        };
        for cand in candidates.into_iter().map(Some).chain([None]) {
            let mut next = st.clone();
            let step = match cand {
                Some(x) => apply_claim(&mut next, l, x, seat, tile),
                None => {
                    next.seat = (seat + 1) % l.players;
                    next.need_take = true;
                    Ok(())
                }
            };
            match step {
                Ok(()) => {
                    if let Ok(done) = play(next, l, search) {
                        return Ok(done);
                    }
                }
                Err(e) => search.note(next.tiles.events.len(), &e),
            }
        }
        return Err(());
    }
}

/// One turn: a take unless a call gave the tile, then a discard or a kan / kita.
fn turn(st: &mut Turns, l: &Lists<'_>) -> Result<Turn, LogError> {
    let players = l.players;
    let seat = st.seat;
    let s = usize::from(seat);
    let place = |what: &str, i: usize| format!("seat {s} {what} {i}");
    let mut drawn: Option<TileId> = None;
    if st.need_take {
        let Some(item) = l.takes[s].get(st.tp[s]) else {
            return Ok(Turn::End);
        };
        let code = item
            .as_i64()
            .ok_or_else(|| err(place("take", st.tp[s]), "a call where a draw is due"))?;
        let t = st
            .tiles
            .alloc(code)
            .map_err(|e| err(place("take", st.tp[s]), e))?;
        st.tp[s] += 1;
        st.accept_riichi();
        st.tiles.hands[s].push(t);
        let pai = st.tiles.name(t);
        st.tiles.events.push(Event::Tsumo { actor: seat, pai });
        drawn = Some(t);
    }
    let Some(item) = l.gives[s].get(st.gp[s]) else {
        return Ok(Turn::End);
    };
    let gi = st.gp[s];
    st.gp[s] += 1;
    let (code, riichi) = match item {
        Value::Number(n) => (
            n.as_i64()
                .ok_or_else(|| err(place("give", gi), "bad number"))?,
            false,
        ),
        Value::String(x) if x.starts_with('r') => (
            x[1..]
                .parse::<i64>()
                .map_err(|_| err(place("give", gi), "bad riichi discard"))?,
            true,
        ),
        Value::String(x) => {
            let (letter, _, codes, after) =
                call_string(x).ok_or_else(|| err(place("give", gi), format!("bad call {x:?}")))?;
            let ev = own_call(&mut st.tiles, seat, letter, &codes, after)
                .map_err(|e| err(place("give", gi), e))?;
            st.tiles.events.push(ev);
            st.need_take = true;
            return Ok(Turn::Next);
        }
        _ => return Err(err(place("give", gi), "not a tile or a call")),
    };
    if riichi {
        st.tiles.events.push(Event::Reach { actor: seat });
    }
    let tile = if code == 60 {
        let t = drawn.ok_or_else(|| err(place("give", gi), "tsumogiri without a draw"))?;
        let h = &mut st.tiles.hands[s];
        let i = h
            .iter()
            .rposition(|&x| x == t)
            .ok_or_else(|| err(place("give", gi), "drawn tile gone"))?;
        h.remove(i)
    } else {
        st.tiles
            .take_from_hand(seat, code)
            .map_err(|e| err(place("give", gi), e))?
    };
    let pai = st.tiles.name(tile);
    st.tiles.events.push(Event::Dahai {
        actor: seat,
        pai,
        tsumogiri: code == 60,
    });
    if riichi {
        st.riichi_pending = Some(seat);
    }
    let candidates = claimers(st, l, seat, tile);
    if candidates.is_empty() {
        st.seat = (seat + 1) % players;
        st.need_take = true;
        return Ok(Turn::Next);
    }
    Ok(Turn::Claims(candidates, seat, tile))
}

/// The round is over: it fits only if every list is used up.
fn finish(st: &Turns, l: &Lists<'_>) -> Result<(), LogError> {
    for s in 0..usize::from(l.players) {
        if st.tp[s] != l.takes[s].len() || st.gp[s] != l.gives[s].len() {
            return Err(err(
                format!("seat {s}"),
                "the round ends with this seat's takes or gives left",
            ));
        }
    }
    Ok(())
}

/// The seats whose next take is a call on this discard: pon and kan first, then chi.
fn claimers(st: &Turns, l: &Lists<'_>, discarder: u8, tile: TileId) -> Vec<u8> {
    let mut out = Vec::new();
    for chi in [false, true] {
        for off in 1..l.players {
            let x = (discarder + off) % l.players;
            let Some(Value::String(st_)) = l.takes[usize::from(x)].get(st.tp[usize::from(x)])
            else {
                continue;
            };
            let Some((letter, at, codes, _)) = call_string(st_) else {
                continue;
            };
            let from_off = match (letter, at) {
                ('c', 0) | ('p' | 'm', 0) => 3,
                ('p' | 'm', 2) => 2,
                ('p', 4) | ('m', 6) => 1,
                _ => continue,
            };
            if (letter == 'c') != chi || (x + from_off) % 4 != discarder {
                continue;
            }
            // The call names the tile it takes: it must be this discard.
            if codes.get(at / 2).and_then(|&c| code_piece(c)) == Some(id_code(tile)) {
                out.push(x);
            }
        }
    }
    out
}

/// Seat `x` calls the discard of `discarder`.
fn apply_claim(
    st: &mut Turns,
    l: &Lists<'_>,
    x: u8,
    discarder: u8,
    tile: TileId,
) -> Result<(), LogError> {
    let xs = usize::from(x);
    let place = format!("seat {x} take {}", st.tp[xs]);
    let Some(Value::String(call)) = l.takes[xs].get(st.tp[xs]) else {
        return Err(err(place, "no call"));
    };
    st.tp[xs] += 1;
    st.accept_riichi();
    let (letter, at, codes, _) = call_string(call).ok_or_else(|| err(&place, "bad call"))?;
    let ev =
        claim(&mut st.tiles, x, discarder, letter, at, &codes, tile).map_err(|e| err(&place, e))?;
    let kan = matches!(ev, Event::Daiminkan { .. });
    st.tiles.events.push(ev);
    st.seat = x;
    st.need_take = kan;
    // The gives hold a 0 for an open kan.
    if kan && l.gives[xs].get(st.gp[xs]).and_then(Value::as_i64) == Some(0) {
        st.gp[xs] += 1;
    }
    Ok(())
}

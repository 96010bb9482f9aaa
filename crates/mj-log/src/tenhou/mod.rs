//! Tenhou's mjlog XML: [`read`] turns a whole game into `mj_game` events, each round with the
//! wall rebuilt from the log's shuffle seed ([`wall`] documents the layout) and the rules of
//! the game's room ([`room`]). [`tags`] and [`Call`] are the format's own syntax, exact to the
//! tile copy, for code that checks the format itself.
//!
//! The format is flat: one `<mjloggm>` element holding self-closing tags in game order.
//!
//! | tag | meaning | read into |
//! |---|---|---|
//! | `<SHUFFLE seed ref>` | the game's wall seed | [`Round::wall`] of every round |
//! | `<GO type lobby csrule>` | rules bits: 0x10 three players, 0x08 hanchan, 0x02 no red fives, 0x04 no open tanyao | [`Game::rules`] ([`room`]) |
//! | `<UN n0..n3 dan rate sx>` | players (names percent-encoded UTF-8); later a lone `nX` = seat X reconnected | [`Game::names`] |
//! | `<TAIKYOKU oya>` | game start | |
//! | `<INIT seed ten oya hai0..hai3 [shuffle]>` | round start: `seed` = round, honba, sticks, dice0, dice1, dora indicator; `ten` = scores in hundreds | `start_kyoku` |
//! | `<T12/>` `<U..>` `<V..>` `<W..>` | seat 0..3 draws tile 12 | `tsumo` |
//! | `<D12/>` `<E..>` `<F..>` `<G..>` | seat 0..3 discards tile 12 (`tsumogiri` when it is the tile just drawn) | `dahai` |
//! | `<N who m>` | a call, `m` as [`decode_call`] reads it | `chi`, `pon`, `daiminkan`, `ankan`, `kakan`, `nukidora` |
//! | `<REACH who step [ten]>` | riichi declared (1) / accepted (2) | `reach`, `reach_accepted` |
//! | `<DORA hai>` | a new dora indicator (after a kan) | `dora` |
//! | `<AGARI ...>` | a win: `ten` = fu, points, limit; `yaku` / `yakuman` ids; `sc` scores and changes | `hora` (yaku by this project's names, [`yaku_name`]), its han, fu and changes stated |
//! | `<RYUUKYOKU ...>` | a draw (`type`: `yao9`, `reach4`, `ron3`, `kan4`, `kaze4`, `nm`; none: exhaustive) | `ryukyoku`, its kind and changes stated (and, exhaustive, the ready seats: the hands shown) |
//! | `<BYE who>` | seat disconnected (anywhere, even before the first deal) | nothing: it changes no play |
//! | `owari="..."` on the last result | final scores and points | [`Game::end`] |
//!
//! Tiles are Tenhou's 136-ids ([`TileId`]): `id / 4` is the kind (1m..9m, 1p.., 1s.., then
//! east, south, west, north, white, green, red), ids 16, 52, 88 the red fives; events name
//! them as mjai does (`5mr`). Points are in points (the log's hundreds times 100). Seats are
//! absolute (0 = the seat of `hai0`); a three-player game's fourth seat is empty, as in every
//! `mj_game` event.
//!
//! # Event order (checked on every standard-room log of `../shared/logs` by
//! `tests/mjlog_corpus.rs`; the engine replays it)
//!
//! * Riichi: `REACH step=1`, the declarer's discard, then `REACH step=2` before anything else
//!   (the stick is placed), unless that discard is won on (then no step 2).
//! * A closed kan's dora indicator: right after its `N` (after any still pending), before the
//!   replacement draw.
//! * An open or added kan's: after the replacement draw, just before the kanner's next discard,
//!   or right after the kanner's next kan / kita `N`; never if the round ends first (a win on
//!   the replacement tile, or the added kan robbed; an indicator due after a kan call is not
//!   turned when that kan is robbed). Chip rooms (`GO type` bit 0x200) turn
//!   an added kan's indicator at once.
//! * A replacement draw follows each kan and kita `N` of the same seat (a draw right after the
//!   call); the other draws come from the live wall ([`wall`]).
//! * Scores: a result's `sc` scores-before are the round's start less 1,000 per accepted
//!   riichi; a double ron's second `AGARI` sees the first's payments; only the first winner
//!   collects the sticks; the next `INIT` starts from the last result; sticks still on the
//!   table at the end go to the first-placed seat in `owari`.
//!
//! Robustness: [`read`] never panics; every error names the tag, the attribute and the byte
//! offset where it went wrong. Tags it does not know are errors, not silently skipped.

mod meld;
pub mod room;
pub mod wall;
mod xml;
mod yaku;

pub use meld::{Call, decode_call};
pub use wall::{RoundWall, SeedError, TenhouShuffle, TenhouWallLayout};
pub use xml::{Tag, Tags, tags};
pub use yaku::{TENHOU_YAKU, is_yakuman, yaku_name};

use mj_game::{Event, Length, MjaiTile};
use mj_tiles::{MeldKind, Tile, TileId};
use smallvec::SmallVec;
use xml::{Settlement, percent_decode};

use crate::LogError;
use crate::log::{Fields, Game, GameEnd, LogRules, Round};

/// What the `GO` tag says.
#[derive(Clone, Copy, Debug)]
struct Go<'a> {
    go_type: u32,
    lobby: Option<u32>,
    csrule: Option<&'a str>,
}

/// The round being read: its events and what the next ones need.
struct Reading {
    round: Round,
    /// Each seat's tile just drawn (for `tsumogiri`), cleared by its discard or call.
    drawn: [Option<TileId>; 4],
    /// Scores as they stand (riichi deposits taken).
    scores: [i32; 4],
    ended: bool,
}

/// Reads an mjlog (the XML text; gzip must be undone first) into one game.
///
/// ```
/// let game = mj_log::tenhou::read(r#"<mjloggm ver="2.3"><GO type="169"/>
///   <UN n0="A" n1="B" n2="C" n3="D"/><TAIKYOKU oya="0"/>
///   <INIT seed="0,0,0,1,2,93" ten="250,250,250,250" oya="0"
///     hai0="1,24,67,91,42,76,6,104,26,130,49,72,99" hai1="89,43,123,46,2,116,39,77,45,25,81,17,44"
///     hai2="71,103,100,73,34,18,80,9,32,35,87,101,108" hai3="14,5,4,129,60,20,63,13,105,117,15,74,90"/>
///   <T97/><D104/></mjloggm>"#)?;
/// assert_eq!(game.names, ["A", "B", "C", "D"]);
/// // start_kyoku, the dealer's draw and its discard.
/// assert_eq!(game.rounds[0].events.len(), 3);
/// # Ok::<(), mj_log::LogError>(())
/// ```
///
/// # Errors
/// The first tag that cannot be read, with its byte offset.
pub fn read(text: &str) -> Result<Game, LogError> {
    let mut go: Option<Go<'_>> = None;
    let mut players = 4u8;
    let mut aka = true;
    let mut names: Vec<String> = Vec::new();
    let mut shuffle: Option<TenhouShuffle> = None;
    let mut seen_root = false;
    let mut rounds: Vec<Round> = Vec::new();
    let mut cur: Option<Reading> = None;
    let mut first_scores: Vec<i32> = Vec::new();
    let mut first_sticks = 0u32;
    let mut end: Option<GameEnd> = None;
    for tag in tags(text) {
        let tag = tag?;
        let name = tag.name;
        let p = players;
        if name == "mjloggm" {
            seen_root = true;
            continue;
        }
        if !seen_root {
            return Err(tag.bad_tag("before <mjloggm>: not an mjlog"));
        }
        let (alpha, digits) = name.split_at(
            name.find(|c: char| c.is_ascii_digit())
                .unwrap_or(name.len()),
        );
        if !digits.is_empty() {
            let seat = match alpha {
                "T" | "D" => 0,
                "U" | "E" => 1,
                "V" | "F" => 2,
                "W" | "G" => 3,
                _ => return Err(tag.bad_tag("unknown tag")),
            };
            if seat >= p {
                return Err(tag.bad_tag("seat outside a three-player table"));
            }
            let tile = digits
                .parse::<u8>()
                .ok()
                .and_then(TileId::new)
                .ok_or_else(|| tag.bad_tag("tile id not below 136"))?;
            let r = current(&mut cur, &tag)?;
            let s = usize::from(seat);
            let pai = MjaiTile::id(tile.as_u8(), aka);
            let ev = if matches!(alpha, "T" | "U" | "V" | "W") {
                r.drawn[s] = Some(tile);
                Event::Tsumo { actor: seat, pai }
            } else {
                let tsumogiri = r.drawn[s].take() == Some(tile);
                Event::Dahai {
                    actor: seat,
                    pai,
                    tsumogiri,
                }
            };
            r.round.events.push(ev);
            continue;
        }
        match name {
            "SHUFFLE" => {
                let seed = tag.req("seed")?;
                shuffle = Some(
                    TenhouShuffle::from_seed(seed)
                        .map_err(|e| tag.bad("seed", seed, e.describe()))?,
                );
            }
            "GO" => {
                let t: u32 = tag.num("type")?;
                players = if t & 0x10 != 0 { 3 } else { 4 };
                aka = t & 0x02 == 0;
                go = Some(Go {
                    go_type: t,
                    lobby: match tag.get("lobby") {
                        Some(_) => Some(tag.num("lobby")?),
                        None => None,
                    },
                    csrule: tag.get("csrule").filter(|v| !v.is_empty()),
                });
            }
            "UN" => {
                let given: Vec<(u8, &str)> = (0..4u8)
                    .filter_map(|i| {
                        tag.get(["n0", "n1", "n2", "n3"][i as usize])
                            .map(|n| (i, n))
                    })
                    .collect();
                if rounds.is_empty() && cur.is_none() && names.is_empty() {
                    names = (0..p)
                        .map(|i| {
                            given
                                .iter()
                                .find(|(s, _)| *s == i)
                                .map(|(_, n)| percent_decode(n))
                                .unwrap_or_default()
                        })
                        .collect();
                } else if !matches!(given[..], [(seat, _)] if seat < p) {
                    return Err(tag.bad_tag("a reconnection names one seat"));
                }
            }
            "TAIKYOKU" => {}
            "INIT" => {
                if go.is_none() {
                    return Err(tag.bad_tag("INIT before GO"));
                }
                let r = init_round(&tag, p, aka, &mut shuffle)?;
                if rounds.is_empty() && cur.is_none() {
                    first_scores = r.scores[..usize::from(p)].to_vec();
                    first_sticks = match r.round.events.first() {
                        Some(Event::StartKyoku { kyotaku, .. }) => *kyotaku,
                        _ => 0,
                    };
                }
                rounds.extend(cur.replace(r).map(close));
            }
            "N" => {
                let who = tag.seat("who", p)?;
                let call = tag.call(who, p, tag.req("m")?)?;
                let r = current(&mut cur, &tag)?;
                r.drawn[usize::from(who)] = None;
                r.round.events.push(call_event(who, &call, aka));
            }
            "REACH" => {
                let seat = tag.seat("who", p)?;
                let step: u8 = tag.num("step")?;
                if !(1..=2).contains(&step) {
                    return Err(tag.bad("step", tag.req("step")?, "not 1 or 2"));
                }
                let r = current(&mut cur, &tag)?;
                if step == 1 {
                    r.round.events.push(Event::Reach { actor: seat });
                } else {
                    let mut deltas = [0; 4];
                    deltas[usize::from(seat)] = -1000;
                    r.scores[usize::from(seat)] -= 1000;
                    r.round.events.push(Event::ReachAccepted {
                        actor: seat,
                        deltas,
                        scores: r.scores,
                    });
                }
            }
            "DORA" => {
                let tile = tag.tile("hai")?;
                let r = current(&mut cur, &tag)?;
                r.round.events.push(Event::Dora {
                    dora_marker: MjaiTile::id(tile.as_u8(), aka),
                });
            }
            "AGARI" => {
                let ev = agari(&tag, p, aka)?;
                read_owari(&tag, p, &mut end)?;
                let r = current(&mut cur, &tag)?;
                if let Event::Hora { scores, .. } = &ev {
                    r.scores = *scores;
                }
                let at = r.round.events.len();
                r.round.events.push(ev);
                r.round
                    .stated
                    .push((at, Fields::HAN.with(Fields::FU).with(Fields::DELTAS)));
                r.ended = true;
            }
            "RYUUKYOKU" => {
                let (ev, exhaustive) = ryuukyoku(&tag, p)?;
                read_owari(&tag, p, &mut end)?;
                let r = current(&mut cur, &tag)?;
                let at = r.round.events.len();
                r.round.events.push(ev);
                let mut f = Fields::KIND.with(Fields::DELTAS);
                if exhaustive {
                    f = f.with(Fields::TENPAI);
                }
                r.round.stated.push((at, f));
                r.ended = true;
            }
            "BYE" => {
                tag.seat("who", p)?;
            }
            _ => return Err(tag.bad_tag("unknown tag")),
        }
    }
    if !seen_root {
        return Err(LogError::Syntax {
            offset: 0,
            why: "no <mjloggm> tag: not an mjlog",
        });
    }
    rounds.extend(cur.map(close));
    let rules = match go {
        None => LogRules::Unsupported("no GO tag: the room is not known".to_string()),
        Some(go) => room_rules(go, &first_scores, first_sticks, end.as_ref()),
    };
    Ok(Game {
        id: None,
        title: None,
        names,
        rules,
        rounds,
        end,
    })
}

/// The rules of the game's room ([`room`]), or why they are refused.
fn room_rules(
    go: Go<'_>,
    first_scores: &[i32],
    first_sticks: u32,
    end: Option<&GameEnd>,
) -> LogRules {
    let facts = room::RoomFacts {
        go_type: go.go_type,
        lobby: go.lobby,
        csrule: go.csrule,
        first_scores,
        first_sticks,
        final_points: end.and_then(|e| e.points.as_deref()),
    };
    match room::room_rules_of(&facts) {
        Ok(rules) => LogRules::Known {
            rules,
            length: Some(if go.go_type & 0x08 != 0 {
                Length::Hanchan
            } else {
                Length::EastOnly
            }),
            source: format!("tenhou room GO type {:#x}", go.go_type),
            libriichi: false,
        },
        Err(e) => LogRules::Unsupported(e.to_string()),
    }
}

/// A round ends: `end_kyoku` after its result.
fn close(mut r: Reading) -> Round {
    if r.ended {
        r.round.events.push(Event::EndKyoku);
    }
    r.round
}

fn current<'r>(cur: &'r mut Option<Reading>, tag: &Tag<'_>) -> Result<&'r mut Reading, LogError> {
    cur.as_mut()
        .ok_or_else(|| tag.bad_tag("event before the first INIT"))
}

/// The `mj_game` event of a decoded call by `who`.
fn call_event(who: u8, c: &Call, aka: bool) -> Event {
    let t = |id: TileId| MjaiTile::id(id.as_u8(), aka);
    let others = |skip: Option<TileId>| -> SmallVec<[MjaiTile; 4]> {
        let mut left: SmallVec<[TileId; 4]> = c.tiles.iter().copied().collect();
        if let Some(s) = skip
            && let Some(i) = left.iter().position(|&x| x == s)
        {
            left.remove(i);
        }
        left.into_iter().map(t).collect()
    };
    let hidden = MjaiTile::HIDDEN;
    let first = c.tiles.first().copied().map_or(hidden, t);
    let target = c.from_seat.unwrap_or(who);
    let pai = c.called.map_or(first, t);
    match c.kind {
        None => Event::Nukidora {
            actor: who,
            pai: first,
        },
        Some(MeldKind::Chi | MeldKind::Pon) => {
            let o = others(c.called);
            let consumed = [
                o.first().copied().unwrap_or(hidden),
                o.get(1).copied().unwrap_or(hidden),
            ];
            if c.kind == Some(MeldKind::Chi) {
                Event::Chi {
                    actor: who,
                    target,
                    pai,
                    consumed,
                }
            } else {
                Event::Pon {
                    actor: who,
                    target,
                    pai,
                    consumed,
                }
            }
        }
        Some(MeldKind::Minkan) => {
            let o = others(c.called);
            Event::Daiminkan {
                actor: who,
                target,
                pai,
                consumed: core::array::from_fn(|i| o.get(i).copied().unwrap_or(hidden)),
            }
        }
        Some(MeldKind::Ankan) => Event::Ankan {
            actor: who,
            consumed: core::array::from_fn(|i| c.tiles.get(i).copied().map_or(hidden, t)),
        },
        Some(MeldKind::Kakan) => {
            let o = others(c.added);
            Event::Kakan {
                actor: who,
                pai: c.added.map_or(first, t),
                consumed: core::array::from_fn(|i| o.get(i).copied().unwrap_or(hidden)),
            }
        }
    }
}

fn read_owari(tag: &Tag<'_>, players: u8, end: &mut Option<GameEnd>) -> Result<(), LogError> {
    let Some(v) = tag.get("owari") else {
        return Ok(());
    };
    let all: Vec<f64> = tag.ints("owari", v)?;
    let p = players as usize;
    let n = match all.len() {
        8 => &all[..],
        16 => &all[..8],
        l if l == 2 * p => &all[..],
        _ => return Err(tag.bad("owari", v, "not a score and a result per seat")),
    };
    if all.len() == 16 {
        // Chips (every other value from the ninth): whole numbers, or the log is broken.
        for &x in all[8..].iter().step_by(2).take(p) {
            if x.fract() != 0.0 || x.abs() >= 1e7 {
                return Err(tag.bad("owari", v, "chips are not whole"));
            }
        }
    }
    let scores = n
        .iter()
        .step_by(2)
        .take(p)
        .map(|&x| {
            if x.fract() == 0.0 && x.abs() < 1e7 {
                Ok((x as i32) * 100)
            } else {
                Err(tag.bad("owari", v, "score is not a whole number of hundreds"))
            }
        })
        .collect::<Result<_, _>>()?;
    let points = n.iter().skip(1).step_by(2).take(p).copied().collect();
    *end = Some(GameEnd {
        scores: Some(scores),
        points: Some(points),
    });
    Ok(())
}

/// A seat's wind tile (0 East .. 3 North).
fn wind(w: u8) -> MjaiTile {
    MjaiTile::kind(Tile::new(27 + (w & 3)).unwrap_or(Tile::EAST))
}

fn init_round(
    tag: &Tag<'_>,
    p: u8,
    aka: bool,
    shuffle: &mut Option<TenhouShuffle>,
) -> Result<Reading, LogError> {
    let seed_v = tag.req("seed")?;
    let seed: Vec<u8> = tag.ints("seed", seed_v)?;
    let [round, honba, sticks, d0, d1, dora] = seed[..] else {
        return Err(tag.bad("seed", seed_v, "not six numbers"));
    };
    if d0 > 5 || d1 > 5 {
        return Err(tag.bad("seed", seed_v, "a die is not 0..=5"));
    }
    let dora_indicator =
        TileId::new(dora).ok_or_else(|| tag.bad("seed", seed_v, "dora indicator not below 136"))?;
    let ten: Vec<i32> = tag.req_ints("ten")?;
    if ten.len() < p as usize || ten.len() > 4 {
        return Err(tag.bad("ten", tag.req("ten")?, "not a score per seat"));
    }
    let mut scores = [0i32; 4];
    for (s, x) in scores.iter_mut().zip(ten.iter().take(p as usize)) {
        *s = x.saturating_mul(100);
    }
    let dealer = tag.seat("oya", p)?;
    let mut tehais = [[MjaiTile::HIDDEN; 13]; 4];
    for (s, attr) in ["hai0", "hai1", "hai2", "hai3"]
        .into_iter()
        .take(p as usize)
        .enumerate()
    {
        let v = tag.req(attr)?;
        let h = tag.tiles(attr, v)?;
        if h.len() != 13 {
            return Err(tag.bad(attr, v, "not 13 tiles"));
        }
        for (slot, id) in tehais[s].iter_mut().zip(h) {
            *slot = MjaiTile::id(id.as_u8(), aka);
        }
    }
    let rw = match (tag.get("shuffle"), shuffle.as_mut()) {
        (Some(legacy), _) => match RoundWall::legacy(legacy, p) {
            Ok(w) => Some(w),
            Err(SeedError::UnknownAlgorithm) if p == 3 => None,
            Err(e) => return Err(tag.bad("shuffle", legacy, e.describe())),
        },
        (None, Some(s)) => Some(s.next_round(p)),
        (None, None) => None,
    };
    let start = Event::StartKyoku {
        bakaze: wind(round / 4),
        dora_marker: MjaiTile::id(dora_indicator.as_u8(), aka),
        kyoku: round % 4 + 1,
        honba: u32::from(honba),
        kyotaku: u32::from(sticks),
        oya: dealer,
        scores,
        tehais,
    };
    Ok(Reading {
        round: Round {
            events: vec![start],
            wall: rw.map(|w| w.tiles),
            ..Round::default()
        },
        drawn: [None; 4],
        scores,
        ended: false,
    })
}

/// One `AGARI` as a `hora`.
fn agari(tag: &Tag<'_>, p: u8, aka: bool) -> Result<Event, LogError> {
    let who = tag.seat("who", p)?;
    let from_who = tag.seat("fromWho", p)?;
    tag.ba()?;
    tag.tiles("hai", tag.req("hai")?)?;
    if let Some(v) = tag.get("m").filter(|v| !v.is_empty()) {
        for m in v.split(',') {
            tag.meld(who, p, m)?;
        }
    }
    let win_tile = tag.tile("machi")?;
    let ten_v = tag.req("ten")?;
    let ten: Vec<i32> = tag.ints("ten", ten_v)?;
    let [fu, _points, limit] = ten[..] else {
        return Err(tag.bad("ten", ten_v, "not fu,points,limit"));
    };
    let fu = u32::try_from(fu).map_err(|_| tag.bad("ten", ten_v, "negative fu"))?;
    if !(0..=5).contains(&limit) {
        return Err(tag.bad("ten", ten_v, "limit not 0..=5"));
    }
    let yaku_v = tag.get("yaku").unwrap_or("");
    let flat: Vec<u8> = tag.ints("yaku", yaku_v)?;
    if !flat.len().is_multiple_of(2) {
        return Err(tag.bad("yaku", yaku_v, "not id,han pairs"));
    }
    let mut yakus: Vec<(String, u32)> = Vec::new();
    let mut han = 0u32;
    for c in flat.chunks_exact(2) {
        let name = yaku_name(c[0])
            .ok_or_else(|| tag.bad("yaku", yaku_v, format!("unknown yaku id {}", c[0])))?;
        yakus.push((name.to_owned(), u32::from(c[1])));
        han += u32::from(c[1]);
    }
    let yakuman_v = tag.get("yakuman").unwrap_or("");
    let yakuman: Vec<u8> = tag.ints("yakuman", yakuman_v)?;
    for &id in &yakuman {
        let name = yaku_name(id)
            .filter(|_| is_yakuman(id))
            .ok_or_else(|| tag.bad("yakuman", yakuman_v, format!("{id} is not a yakuman id")))?;
        yakus.push((name.to_owned(), 0));
    }
    tag.opt_tiles("doraHai")?;
    let ura = tag.opt_tiles("doraHaiUra")?;
    let Settlement { before, deltas } = tag.sc(p)?;
    let pao = match tag.get("paoWho") {
        Some(_) => Some(tag.seat("paoWho", p)?),
        None => None,
    };
    let mut d = [0i32; 4];
    let mut scores = [0i32; 4];
    for s in 0..usize::from(p) {
        d[s] = deltas.get(s).copied().unwrap_or(0);
        scores[s] = before.get(s).copied().unwrap_or(0).saturating_add(d[s]);
    }
    Ok(Event::Hora {
        actor: who,
        target: from_who,
        pai: MjaiTile::id(win_tile.as_u8(), aka),
        uradora_markers: ura.iter().map(|u| MjaiTile::id(u.as_u8(), aka)).collect(),
        yakus,
        fu,
        fan: if yakuman.is_empty() { han } else { 0 },
        yakuman: yakuman.len() as u32,
        hora_points: u32::try_from(d[usize::from(who)]).unwrap_or(0),
        deltas: d,
        scores,
        pao,
    })
}

/// One `RYUUKYOKU` as a `ryukyoku`, and whether it is an exhaustive draw.
fn ryuukyoku(tag: &Tag<'_>, p: u8) -> Result<(Event, bool), LogError> {
    use mj_game::DrawKind as K;
    let kind = match tag.get("type") {
        None => K::Exhaustive,
        Some(v) => match v {
            "yao9" => K::NineTerminals,
            "reach4" => K::FourRiichi,
            "ron3" => K::TripleRon,
            "kan4" => K::FourKans,
            "kaze4" => K::FourWinds,
            "nm" => K::NagashiMangan,
            _ => return Err(tag.bad("type", v, "unknown draw kind")),
        },
    };
    tag.ba()?;
    let Settlement { before, deltas } = tag.sc(p)?;
    let mut tenpais = [false; 4];
    for (s, attr) in ["hai0", "hai1", "hai2", "hai3"]
        .into_iter()
        .take(p as usize)
        .enumerate()
    {
        if let Some(v) = tag.get(attr) {
            tag.tiles(attr, v)?;
            tenpais[s] = true;
        }
    }
    let mut d = [0i32; 4];
    let mut scores = [0i32; 4];
    for s in 0..usize::from(p) {
        d[s] = deltas.get(s).copied().unwrap_or(0);
        scores[s] = before.get(s).copied().unwrap_or(0).saturating_add(d[s]);
    }
    let ev = Event::Ryukyoku {
        reason: kind.name().to_string(),
        tenpais,
        deltas: d,
        scores,
    };
    Ok((ev, kind == K::Exhaustive))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percent_names() {
        assert_eq!(percent_decode("%E3%81%82b%4"), "あb%4");
        assert_eq!(percent_decode("%"), "%");
        assert_eq!(percent_decode("%zz"), "%zz");
    }

    #[test]
    fn errors_name_tag_and_attribute() {
        let e = read(r#"<mjloggm><GO type="1"/><INIT seed="0,0" ten="1,1,1,1" oya="0"/>"#);
        assert_eq!(
            e.err().map(|e| e.to_string()),
            Some("<INIT> at byte 23: attribute `seed`=\"0,0\": not six numbers".to_owned())
        );
        let e = read(r#"<mjloggm><T12/>"#);
        assert!(matches!(e, Err(LogError::BadTag { .. })), "{e:?}");
        let e = read("<mjloggm><GO type=\"x\"/>");
        assert!(
            matches!(e, Err(LogError::BadAttribute { attr: "type", .. })),
            "{e:?}"
        );
        assert!(read("").is_err());
        assert!(read("<mjloggm><GO").is_err());
    }
}

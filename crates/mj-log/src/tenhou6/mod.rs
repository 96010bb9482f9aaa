//! tenhou.net/6 JSON (the `log` arrays Tenhou's viewer and its converter use): [`read`] reads
//! a game, or a file with one game (often one round) per line, into `mj_game` events.
//!
//! Each round is an array: `[round, honba, sticks]`, the scores, the dora indicators, the ura
//! indicators, then per seat its 13 dealt tiles, its "takes" (draws and the calls it made on
//! others' discards) and its "gives" (discards and its own kans), then the result. Tiles are
//! numbers: 11..19 1m..9m, 21..29 pins, 31..39 sou, 41..47 east..red, 51/52/53 the red fives;
//! 60 is "the tile just drawn" (tsumogiri); 0 fills the gives after an open kan. Calls are
//! strings whose letter says the kind and whose letter position the source:
//! `c` chi (`c` first, from the previous seat), `p` pon and `m` open kan (letter at 0: from the
//! previous seat, 2: across, 4 (pon) / 6 (kan): from the next seat), and in the gives `r`
//! riichi with its discard, `a` closed kan, `k` added kan (the tile after `k` is the one added),
//! `f` kita. The tiles of a call follow its letter in order.
//!
//! There is no wall and no copy number: the reader finds the turn order (`turns`) and writes
//! the events; the replay builds a wall from what they show. Riichi is `reach` before the
//! discard and `reach_accepted` after it, unless that discard is won on (or, four riichi,
//! before the abort). The format does not say when a kan's dora indicator turned: `dora`
//! events are placed by Tenhou's rule (see [`crate::tenhou`]'s event order), and every listed
//! indicator must be turned by a kan. A win states its han and yaku (`和了` with the
//! Japanese yaku names, read into this project's names by [`crate::tenhou::TENHOU_YAKU`]), its
//! fu when the summary gives it (below mangan), its changes and the liable seat; a draw its
//! kind and, when the log gives them, its payments. The rules are those of the room
//! `rule.disp` names (`鳳南喰赤`: hanchan, open tanyao, red fives).

mod turns;

use mj_game::{DrawKind, Event, GameRules, Length, MjaiTile};
use mj_tiles::Tile;
use serde_json::Value;

use self::turns::{Lists, SEARCH_BUDGET, Search, Tiles, Turns, accepted, play};
use crate::LogError;
use crate::log::{Fields, Game, GameEnd, LogRules, Round};
use crate::tenhou::{TENHOU_YAKU, room};

/// Most takes or gives one seat may have in a round.
const MAX_LIST: usize = 128;

pub(crate) fn err(place: impl Into<String>, why: impl Into<String>) -> LogError {
    LogError::Tenhou6 {
        place: place.into(),
        why: why.into(),
    }
}

fn place_err(e: LogError, prefix: &str) -> LogError {
    match e {
        LogError::Tenhou6 { place, why } => err(
            if place.is_empty() {
                prefix.trim_end().to_string()
            } else {
                format!("{prefix}{place}")
            },
            why,
        ),
        e => e,
    }
}

/// Reads a tenhou.net/6 text: one game (a JSON object with a `log` array), or one game per
/// line (blank lines skipped), as `mjx/mjscore` has.
///
/// # Errors
/// Where (line, round, seat, item) and what, for the first thing that cannot be read.
pub fn read(text: &str) -> Result<Vec<Game>, LogError> {
    match serde_json::from_str::<Value>(text) {
        Ok(v) => Ok(vec![game(&v)?]),
        Err(e1) => {
            let mut out = Vec::new();
            for (i, line) in text.lines().enumerate() {
                if line.trim().is_empty() {
                    continue;
                }
                let Ok(v) = serde_json::from_str::<Value>(line) else {
                    return Err(err("JSON", e1.to_string()));
                };
                out.push(game(&v).map_err(|e| place_err(e, &format!("line {}: ", i + 1)))?);
            }
            if out.is_empty() {
                return Err(err("JSON", e1.to_string()));
            }
            Ok(out)
        }
    }
}

fn game(v: &Value) -> Result<Game, LogError> {
    let rule = v.get("rule");
    let flag = |k: &str| {
        rule.and_then(|r| r.get(k))
            .and_then(Value::as_i64)
            .unwrap_or(0)
            != 0
    };
    let aka = flag("aka") || flag("aka51") || flag("aka52") || flag("aka53");
    let rule_name = rule
        .and_then(|r| r.get("disp"))
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_owned();
    let names = v
        .get("name")
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .map(|n| n.as_str().unwrap_or("").to_owned())
                .collect()
        })
        .unwrap_or_default();
    let log = v
        .get("log")
        .and_then(Value::as_array)
        .ok_or_else(|| err("game", "no `log` array"))?;
    let mut rounds = Vec::with_capacity(log.len());
    let mut three = false;
    for (i, r) in log.iter().enumerate() {
        let (round, players) = round(r, aka).map_err(|e| place_err(e, &format!("round {i} ")))?;
        three |= players == 3;
        rounds.push(round);
    }
    let end = match v.get("sc").and_then(Value::as_array) {
        Some(sc) if sc.len() == 8 => {
            let nums: Option<Vec<f64>> = sc.iter().map(Value::as_f64).collect();
            let nums = nums.ok_or_else(|| err("sc", "not numbers"))?;
            Some(GameEnd {
                scores: Some(nums.iter().step_by(2).map(|&x| x as i32).collect()),
                points: Some(nums.iter().skip(1).step_by(2).copied().collect()),
            })
        }
        Some(_) => return Err(err("sc", "not a score and a result per seat")),
        None => None,
    };
    let rules = if three {
        LogRules::Unsupported("three-player tenhou.net/6 games are not replayed".to_string())
    } else {
        rules(&rule_name, aka, &rounds, end.as_ref())
    };
    Ok(Game {
        id: None,
        title: title(v),
        names,
        rules,
        rounds,
        end,
    })
}

/// The `title` array's non-empty strings joined by ` / ` (Tenhou writes the room and the date
/// there); `None` when there is none.
fn title(v: &Value) -> Option<String> {
    let parts: Vec<&str> = v
        .get("title")
        .and_then(Value::as_array)?
        .iter()
        .filter_map(Value::as_str)
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect();
    (!parts.is_empty()).then(|| parts.join(" / "))
}

/// The room `rule.disp` names; when it names no length (no 東 or 南) the rounds are replayed
/// under Tenhou's rules with the log's red fives and open tanyao, and a game with final scores
/// is refused (they cannot be checked without the length).
fn rules(disp: &str, aka: bool, rounds: &[Round], end: Option<&GameEnd>) -> LogRules {
    let first = rounds.first().and_then(|r| r.events.first());
    let (first_scores, first_sticks) = match first {
        Some(Event::StartKyoku {
            scores, kyotaku, ..
        }) => (&scores[..], *kyotaku),
        _ => (&[][..], 0),
    };
    let Some(go_type) = room::disp_go_type(disp, aka) else {
        if end.is_some() {
            return LogRules::Unsupported(format!(
                "tenhou.net/6 rule {disp:?} names no length (東 or 南): its final scores cannot be checked"
            ));
        }
        return LogRules::Known {
            rules: {
                let mut r = GameRules::tenhou();
                r.red_fives = aka;
                r.riichi.open_tanyao = disp.is_empty() || disp.contains('喰');
                r
            },
            length: None,
            source: format!("tenhou.net/6 rule {disp:?}"),
            libriichi: false,
        };
    };
    let facts = room::RoomFacts {
        go_type,
        lobby: Some(0),
        csrule: None,
        first_scores,
        first_sticks,
        final_points: end.and_then(|e| e.points.as_deref()),
    };
    match room::room_rules_of(&facts) {
        Ok(rules) => LogRules::Known {
            rules,
            length: Some(if go_type & 0x08 != 0 {
                Length::Hanchan
            } else {
                Length::EastOnly
            }),
            source: format!("tenhou.net/6 rule {disp:?}"),
            libriichi: false,
        },
        Err(e) => LogRules::Unsupported(e.to_string()),
    }
}

fn as_tiles(v: &Value, what: &str) -> Result<Vec<i64>, LogError> {
    v.as_array()
        .ok_or_else(|| err(what, "not an array"))?
        .iter()
        .map(|x| x.as_i64().ok_or_else(|| err(what, "not a tile number")))
        .collect()
}

/// One round as events, and its number of players.
fn round(r: &Value, aka: bool) -> Result<(Round, u8), LogError> {
    let a = r.as_array().ok_or_else(|| err("", "not an array"))?;
    if a.len() < 17 {
        return Err(err("", "fewer than 17 entries"));
    }
    let head = as_tiles(&a[0], "header")?;
    let [round, honba, sticks] = head[..] else {
        return Err(err("header", "not 3 numbers"));
    };
    let conv =
        |x: i64, w: &str| u8::try_from(x).map_err(|_| err("header", format!("{w} out of range")));
    let (round, honba, sticks) = (
        conv(round, "round")?,
        conv(honba, "honba")?,
        conv(sticks, "sticks")?,
    );
    let given: Vec<i32> = as_tiles(&a[1], "scores")?
        .iter()
        .map(|&x| x as i32)
        .collect();
    let players: u8 = if given.len() == 3 { 3 } else { 4 };
    let mut scores = [0i32; 4];
    for (s, x) in scores.iter_mut().zip(&given) {
        *s = *x;
    }
    let dealer = round % 4;
    let mut tiles = Tiles::new(aka);
    let mut takes: Vec<Vec<Value>> = Vec::new();
    let mut gives: Vec<Vec<Value>> = Vec::new();
    let mut tehais = [[MjaiTile::HIDDEN; 13]; 4];
    for s in 0..4usize {
        let hand = as_tiles(&a[4 + 3 * s], &format!("seat {s} hand"))?;
        let mut ids = Vec::with_capacity(13);
        for c in hand {
            ids.push(
                tiles
                    .alloc(c)
                    .map_err(|e| err(format!("seat {s} hand"), e))?,
            );
        }
        if s < usize::from(players) && ids.len() != 13 {
            return Err(err(format!("seat {s} hand"), "not 13 tiles"));
        }
        for (slot, &id) in tehais[s].iter_mut().zip(&ids) {
            *slot = tiles.name(id);
        }
        tiles.hands.push(ids);
        takes.push(
            a[5 + 3 * s]
                .as_array()
                .cloned()
                .ok_or_else(|| err(format!("seat {s} takes"), "not an array"))?,
        );
        gives.push(
            a[6 + 3 * s]
                .as_array()
                .cloned()
                .ok_or_else(|| err(format!("seat {s} gives"), "not an array"))?,
        );
        // A round has far fewer turns (70 live draws and a few replacements): longer lists are
        // refused, which also bounds the search's depth.
        if takes[s].len() > MAX_LIST || gives[s].len() > MAX_LIST {
            return Err(err(
                format!("seat {s}"),
                format!("over {MAX_LIST} takes or gives"),
            ));
        }
    }
    let lists = Lists {
        takes: &takes,
        gives: &gives,
        players,
    };
    let mut search = Search {
        budget: SEARCH_BUDGET,
        deepest: None,
    };
    let Ok(Turns {
        mut tiles,
        riichi_pending,
        ..
    }) = play(Turns::start(tiles, dealer), &lists, &mut search)
    else {
        return Err(search
            .deepest
            .map_or_else(|| err("", "no turn order fits the lists"), |(_, e)| e));
    };
    let result = &a[16];
    let draw = result_name(result)?;
    // The fourth riichi's stick is accepted before the abort.
    if let (Some(r), Some(Some(DrawKind::FourRiichi))) = (riichi_pending, draw) {
        tiles.events.push(accepted(r));
    }
    let dora = indicators(&mut tiles, &a[2], "dora")?;
    let ura = indicators(&mut tiles, &a[3], "ura")?;
    let won = draw.is_none();
    let mut events = place_kan_doras(
        std::mem::take(&mut tiles.events),
        dora.get(1..).unwrap_or(&[]),
        won,
    )?;
    let first = dora.first().copied().unwrap_or(MjaiTile::HIDDEN);
    events.insert(
        0,
        Event::StartKyoku {
            bakaze: MjaiTile::kind(Tile::new(27 + (round / 4) % 4).unwrap_or(Tile::EAST)),
            dora_marker: first,
            kyoku: dealer + 1,
            honba: u32::from(honba),
            kyotaku: u32::from(sticks),
            oya: dealer,
            scores,
            tehais,
        },
    );
    let mut out = Round {
        events,
        ..Round::default()
    };
    fill_scores(&mut out.events, scores);
    results(&a[16], players, &ura, &mut out, scores).map_err(|e| place_err(e, "result "))?;
    out.events.push(Event::EndKyoku);
    Ok((out, players))
}

/// `reach_accepted`'s scores, from the round's start.
fn fill_scores(events: &mut [Event], mut scores: [i32; 4]) {
    for e in events {
        if let Event::ReachAccepted {
            actor, scores: s, ..
        } = e
        {
            scores[usize::from(*actor & 3)] -= 1000;
            *s = scores;
        }
    }
}

/// The draw a result names (`Some(None)`: an exhaustive draw), `None` for a win.
fn result_name(v: &Value) -> Result<Option<Option<DrawKind>>, LogError> {
    let name = v
        .as_array()
        .and_then(|a| a.first())
        .and_then(Value::as_str)
        .ok_or_else(|| err("result", "no name"))?;
    Ok(match name {
        "和了" => None,
        "流局" | "全員聴牌" | "全員不聴" => Some(None),
        "九種九牌" => Some(Some(DrawKind::NineTerminals)),
        "四家立直" => Some(Some(DrawKind::FourRiichi)),
        "三家和了" => Some(Some(DrawKind::TripleRon)),
        "四槓散了" => Some(Some(DrawKind::FourKans)),
        "四風連打" => Some(Some(DrawKind::FourWinds)),
        "流し満貫" => Some(Some(DrawKind::NagashiMangan)),
        _ => return Err(err("result", format!("unknown result {name:?}"))),
    })
}

/// Puts a `dora` event for each kan where Tenhou turns it (see [`crate::tenhou`]'s event
/// order, checked on every mjlog): a closed kan's right after the call (after any pending one),
/// an open or added kan's just before the kanner's next discard or right after their next kan
/// or kita, none if the round ends first; indicators due after a call are not turned if the
/// call is robbed. Every listed indicator must be turned.
fn place_kan_doras(
    events: Vec<Event>,
    kan_doras: &[MjaiTile],
    won: bool,
) -> Result<Vec<Event>, LogError> {
    let mut out = Vec::with_capacity(events.len() + kan_doras.len());
    let mut next = kan_doras.iter();
    let mut turn = |out: &mut Vec<Event>, n: usize| -> Result<(), LogError> {
        for _ in 0..n {
            let dora_marker = *next
                .next()
                .ok_or_else(|| err("dora", "fewer indicators than kans turned"))?;
            out.push(Event::Dora { dora_marker });
        }
        Ok(())
    };
    let (mut pending, mut due) = (0usize, 0usize);
    for e in events {
        if due > 0 {
            turn(&mut out, due)?;
            due = 0;
        }
        match &e {
            Event::Ankan { .. } => (due, pending) = (pending + 1, 0),
            Event::Daiminkan { .. } | Event::Kakan { .. } => (due, pending) = (pending, 1),
            Event::Nukidora { .. } => (due, pending) = (pending, 0),
            Event::Dahai { .. } => {
                turn(&mut out, pending)?;
                pending = 0;
            }
            _ => {}
        }
        out.push(e);
    }
    // The round ended right after a call: robbed (a win) or not.
    if !won {
        turn(&mut out, due)?;
    }
    let left = next.count();
    if left > 0 {
        return Err(err(
            "dora",
            format!("{left} listed indicators that no kan turned"),
        ));
    }
    Ok(out)
}

fn indicators(t: &mut Tiles, v: &Value, what: &str) -> Result<Vec<MjaiTile>, LogError> {
    as_tiles(v, what)?
        .into_iter()
        .map(|c| {
            let id = t.alloc(c).map_err(|e| err(what, e))?;
            Ok(t.name(id))
        })
        .collect()
}

fn deltas(v: Option<&Value>, players: u8) -> Result<[i32; 4], LogError> {
    let mut d = [0i32; 4];
    if let Some(v) = v {
        for (slot, x) in d
            .iter_mut()
            .zip(as_tiles(v, "deltas")?)
            .take(usize::from(players))
        {
            *slot = x as i32;
        }
    }
    Ok(d)
}

/// The tile a win is on: the last discard or added kan's tile (a ron), or the winner's last
/// draw (a tsumo).
fn win_tile(events: &[Event], who: u8, tsumo: bool) -> MjaiTile {
    events
        .iter()
        .rev()
        .find_map(|e| match e {
            Event::Tsumo { actor, pai } if tsumo && *actor == who => Some(*pai),
            Event::Dahai { pai, .. } | Event::Kakan { pai, .. } if !tsumo => Some(*pai),
            _ => None,
        })
        .unwrap_or(MjaiTile::HIDDEN)
}

/// The result's events (a `hora` per winner, or the `ryukyoku`) and what each states.
fn results(
    v: &Value,
    players: u8,
    ura: &[MjaiTile],
    out: &mut Round,
    start: [i32; 4],
) -> Result<(), LogError> {
    let a = v.as_array().ok_or_else(|| err("", "not an array"))?;
    let mut scores = match out.events.iter().rev().find_map(|e| match e {
        Event::ReachAccepted { scores, .. } => Some(*scores),
        _ => None,
    }) {
        Some(s) => s,
        None => start,
    };
    if let Some(kind) = result_name(v)? {
        let d = deltas(a.get(1), players)?;
        for (s, x) in scores.iter_mut().zip(d) {
            *s += x;
        }
        let mut f = Fields::KIND;
        if d.iter().any(|&x| x != 0) {
            f = f.with(Fields::DELTAS);
        }
        out.stated.push((out.events.len(), f));
        out.events.push(Event::Ryukyoku {
            reason: kind.unwrap_or(DrawKind::Exhaustive).name().to_string(),
            tenpais: [false; 4],
            deltas: d,
            scores,
        });
        return Ok(());
    }
    let mut i = 1;
    while i + 1 < a.len() {
        let d = deltas(a.get(i), players)?;
        let info = a[i + 1]
            .as_array()
            .ok_or_else(|| err("", "win info not an array"))?;
        let num = |k: usize| {
            info.get(k)
                .and_then(Value::as_i64)
                .and_then(|x| u8::try_from(x).ok())
        };
        let who = num(0).ok_or_else(|| err("", "no winner"))?;
        let from_who = num(1).ok_or_else(|| err("", "no discarder"))?;
        let pao_seat = num(2).ok_or_else(|| err("", "no pao seat"))?;
        let summary = info.get(3).and_then(Value::as_str).unwrap_or("");
        let fu: Option<u32> = summary.find('符').and_then(|e| summary[..e].parse().ok());
        let (mut yakus, mut han, mut yakuman) = (Vec::new(), 0u32, 0u32);
        for y in info.iter().skip(4) {
            let y = y.as_str().ok_or_else(|| err("", "yaku not a string"))?;
            let open = y
                .find('(')
                .ok_or_else(|| err("", format!("yaku {y:?} without its value")))?;
            let (jp, value) = (&y[..open], &y[open + 1..]);
            let is_yakuman = value.starts_with("役満");
            let han_text: String = value.chars().take_while(char::is_ascii_digit).collect();
            let h: u32 = if is_yakuman {
                0
            } else {
                han_text
                    .parse()
                    .map_err(|_| err("", format!("yaku {y:?}: no han")))?
            };
            let name = TENHOU_YAKU
                .iter()
                .find(|&&(j, _)| j == jp)
                .map_or(jp, |&(_, n)| n);
            yakus.push((name.to_owned(), h));
            if is_yakuman {
                yakuman += 1;
            } else {
                han += h;
            }
        }
        for (s, x) in scores.iter_mut().zip(d) {
            *s += x;
        }
        let mut f = Fields::HAN.with(Fields::DELTAS);
        if fu.is_some() {
            f = f.with(Fields::FU);
        }
        let tsumo = who == from_who;
        out.stated.push((out.events.len(), f));
        out.events.push(Event::Hora {
            actor: who,
            target: from_who,
            pai: win_tile(&out.events, who, tsumo),
            uradora_markers: ura.iter().copied().collect(),
            yakus,
            fu: fu.unwrap_or(0),
            fan: if yakuman > 0 { 0 } else { han },
            yakuman,
            hora_points: u32::try_from(d[usize::from(who & 3)]).unwrap_or(0),
            deltas: d,
            scores,
            pao: (pao_seat != who).then_some(pao_seat),
        });
        i += 2;
    }
    Ok(())
}

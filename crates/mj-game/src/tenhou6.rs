//! tenhou.net/6 JSON (the `log` arrays Tenhou's viewer and its converter use): [`parse_tenhou6`]
//! reads a game, [`parse_tenhou6_lines`] a file with one game (often one round) per line.
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
//! There is no wall and no copy number: the reader replays the turn order (after each discard
//! a seat whose next take is a call on it moves next: pon and kan before chi; otherwise the
//! next seat draws) and gives each tile a [`TileId`]: a red five its copy 0, any other tile
//! the lowest copy not yet seen in the round (copy 0 of a five is kept for the red one when
//! red fives are on). A tile keeps its id through hand, discard and call, so compare tiles of
//! two sources by [`TileId::piece`]. Riichi is [`LogEvent::Riichi`] step 1 before the discard
//! and step 2 after it, unless that discard is won on (or, four riichi, before the abort). The
//! format does not say when a kan's dora indicator turned: [`LogEvent::Dora`] events are placed
//! by Tenhou's rule (see `mjlog`'s event order), and the round lists every indicator too.

use mj_tiles::TileId;
use serde_json::Value;

use crate::mjlog::{DrawKind, LogEvent, LogMeld, MeldKind, TENHOU_YAKU};

/// Most takes or gives one seat may have in a round.
const MAX_LIST: usize = 128;
/// Most turns the search for a turn order may replay in one round (real rounds need a few
/// hundred).
const SEARCH_BUDGET: usize = 50_000;

/// A game in tenhou.net/6 form.
#[derive(Clone, Debug, PartialEq)]
pub struct Tenhou6Game {
    /// Player names by seat (`name`), empty when absent.
    pub names: Vec<String>,
    /// Red fives in play (`rule.aka` or `rule.aka51..53`).
    pub aka: bool,
    /// `rule.disp` (`"鳳南喰赤"`), empty when absent.
    pub rule_name: String,
    /// The rounds.
    pub rounds: Vec<Tenhou6Round>,
    /// `sc`: final points and the uma-adjusted results by seat, when present.
    pub final_scores: Option<(Vec<i32>, Vec<f64>)>,
}

/// One round.
#[derive(Clone, Debug, PartialEq)]
pub struct Tenhou6Round {
    /// 0 = East 1, 4 = South 1, ...
    pub round: u8,
    /// Repeat counters.
    pub honba: u8,
    /// Riichi sticks at the start.
    pub sticks: u8,
    /// Scores in points before the round.
    pub scores: Vec<i32>,
    /// The dealer: `round % 4`.
    pub dealer: u8,
    /// Every dora indicator of the round (the first, then one per kan).
    pub dora_indicators: Vec<TileId>,
    /// The ura indicators shown (riichi wins).
    pub ura_indicators: Vec<TileId>,
    /// The dealt hands (ids assigned as the module docs say).
    pub hands: Vec<Vec<TileId>>,
    /// Draws, discards, calls, riichi and kan dora in turn order.
    pub events: Vec<LogEvent>,
    /// How the round ended.
    pub result: Tenhou6Result,
}

/// The end of a round.
#[derive(Clone, Debug, PartialEq)]
pub enum Tenhou6Result {
    /// `和了`: one entry per winner.
    Agari(Vec<Tenhou6Win>),
    /// Any draw.
    Draw {
        /// As written (`流局`, `九種九牌`, `全員不聴`, ...).
        name: String,
        /// `None` for an exhaustive draw (`流局`, `全員聴牌`, `全員不聴`).
        kind: Option<DrawKind>,
        /// Each seat's change in points (zeros when the log gives none).
        deltas: Vec<i32>,
    },
}

/// One win.
#[derive(Clone, Debug, PartialEq)]
pub struct Tenhou6Win {
    /// The winner.
    pub who: u8,
    /// The discarder (`who` for a tsumo).
    pub from_who: u8,
    /// The liable seat (pao), if any.
    pub pao: Option<u8>,
    /// Each seat's change in points.
    pub deltas: Vec<i32>,
    /// The summary as written (`"30符4飜7700点"`, `"満貫8000点"`), empty when absent.
    pub summary: String,
    /// Fu, when the summary gives it (below mangan).
    pub fu: Option<u32>,
    /// Han, when the summary gives it.
    pub han: Option<u32>,
    /// The yaku as written, with Tenhou's id when the name is Tenhou's Japanese one.
    pub yaku: Vec<Tenhou6Yaku>,
}

/// One yaku of a win.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tenhou6Yaku {
    /// The name as written (`"場風 東"`).
    pub name: String,
    /// Tenhou's yaku id ([`crate::mjlog::yaku_name`]), when the name is in its table.
    pub id: Option<u8>,
    /// Han (0 for a yakuman).
    pub han: u8,
    /// A yakuman (`"(役満)"`).
    pub yakuman: bool,
}

/// Why a tenhou.net/6 log could not be read: where (round, seat, item) and what.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{place}: {why}")]
pub struct Tenhou6Error {
    /// Where: `"round 3 seat 1 take 7"`, `"JSON line 2"`, ...
    pub place: String,
    /// What is wrong.
    pub why: String,
}

fn err(place: impl Into<String>, why: impl Into<String>) -> Tenhou6Error {
    Tenhou6Error {
        place: place.into(),
        why: why.into(),
    }
}

/// Reads one game (one JSON object with a `log` array).
pub fn parse_tenhou6(text: &str) -> Result<Tenhou6Game, Tenhou6Error> {
    let v: Value = serde_json::from_str(text).map_err(|e| err("JSON", e.to_string()))?;
    game(&v)
}

/// Reads a file of one game per line (blank lines skipped), as `mjx/mjscore` has.
pub fn parse_tenhou6_lines(text: &str) -> Result<Vec<Tenhou6Game>, Tenhou6Error> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let v: Value = serde_json::from_str(line)
            .map_err(|e| err(format!("JSON line {}", i + 1), e.to_string()))?;
        out.push(game(&v).map_err(|e| err(format!("line {}: {}", i + 1, e.place), e.why))?);
    }
    Ok(out)
}

fn game(v: &Value) -> Result<Tenhou6Game, Tenhou6Error> {
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
    let rounds = log
        .iter()
        .enumerate()
        .map(|(i, r)| round(r, aka).map_err(|e| err(format!("round {i} {}", e.place), e.why)))
        .collect::<Result<Vec<_>, _>>()?;
    let final_scores = match v.get("sc").and_then(Value::as_array) {
        Some(sc) if sc.len() == 8 => {
            let nums: Option<Vec<f64>> = sc.iter().map(Value::as_f64).collect();
            let nums = nums.ok_or_else(|| err("sc", "not numbers"))?;
            Some((
                nums.iter().step_by(2).map(|&x| x as i32).collect(),
                nums.iter().skip(1).step_by(2).copied().collect(),
            ))
        }
        Some(_) => return Err(err("sc", "not a score and a result per seat")),
        None => None,
    };
    Ok(Tenhou6Game {
        names,
        aka,
        rule_name,
        rounds,
        final_scores,
    })
}

/// A tile code's kind (0..34) and redness.
fn code_piece(code: i64) -> Option<(u8, bool)> {
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

/// The round being replayed.
#[derive(Clone)]
struct Replay {
    aka: bool,
    used: [bool; 136],
    hands: Vec<Vec<TileId>>,
    events: Vec<LogEvent>,
}

impl Replay {
    /// A new id for a tile that appears for the first time.
    fn alloc(&mut self, code: i64) -> Result<TileId, String> {
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

fn as_tiles(v: &Value, what: &str) -> Result<Vec<i64>, Tenhou6Error> {
    v.as_array()
        .ok_or_else(|| err(what, "not an array"))?
        .iter()
        .map(|x| x.as_i64().ok_or_else(|| err(what, "not a tile number")))
        .collect()
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

fn round(r: &Value, aka: bool) -> Result<Tenhou6Round, Tenhou6Error> {
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
    let scores: Vec<i32> = as_tiles(&a[1], "scores")?
        .iter()
        .map(|&x| x as i32)
        .collect();
    let players: u8 = if a.len() >= 17 && scores.len() == 3 {
        3
    } else {
        4
    };
    let dealer = round % 4;
    let mut rp = Replay {
        aka,
        used: [false; 136],
        hands: Vec::new(),
        events: Vec::new(),
    };
    let mut takes: Vec<Vec<Value>> = Vec::new();
    let mut gives: Vec<Vec<Value>> = Vec::new();
    for s in 0..4usize {
        let hand = as_tiles(&a[4 + 3 * s], &format!("seat {s} hand"))?;
        let mut ids = Vec::with_capacity(13);
        for c in hand {
            ids.push(rp.alloc(c).map_err(|e| err(format!("seat {s} hand"), e))?);
        }
        if s < usize::from(players) && ids.len() != 13 {
            return Err(err(format!("seat {s} hand"), "not 13 tiles"));
        }
        rp.hands.push(ids);
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
    let hands = rp.hands.clone();

    let start = Turns {
        rp,
        tp: [0; 4],
        gp: [0; 4],
        seat: dealer,
        need_take: true,
        riichi_pending: None,
    };
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
        mut rp,
        riichi_pending,
        ..
    }) = play(start, &lists, &mut search)
    else {
        return Err(search
            .deepest
            .map_or_else(|| err("", "no turn order fits the lists"), |(_, e)| e));
    };
    let result = result(&a[16], players).map_err(|e| err(format!("result {}", e.place), e.why))?;
    // The fourth riichi's stick is accepted before the abort.
    if let (
        Some(r),
        Tenhou6Result::Draw {
            kind: Some(DrawKind::FourRiichi),
            ..
        },
    ) = (riichi_pending, &result)
    {
        rp.events.push(LogEvent::Riichi { seat: r, step: 2 });
    }
    let dora_indicators = indicator_ids(&mut rp, &a[2], "dora")?;
    let ura_indicators = indicator_ids(&mut rp, &a[3], "ura")?;
    let won = matches!(result, Tenhou6Result::Agari(_));
    let events = place_kan_doras(rp.events, dora_indicators.get(1..).unwrap_or(&[]), won)?;
    let p = usize::from(players);
    Ok(Tenhou6Round {
        round,
        honba,
        sticks,
        scores: scores.into_iter().take(p).collect(),
        dealer,
        dora_indicators,
        ura_indicators,
        hands: hands.into_iter().take(p).collect(),
        events,
        result,
    })
}

/// Puts a [`LogEvent::Dora`] for each kan where Tenhou turns it (the `mjlog` docs, checked
/// on every mjlog): a closed kan's right after the call (after any pending one), an open or
/// added kan's just before the kanner's next discard or right after their next kan or kita,
/// none if the round ends first; indicators due after a call are not turned if the call is
/// robbed.
fn place_kan_doras(
    events: Vec<LogEvent>,
    kan_doras: &[TileId],
    won: bool,
) -> Result<Vec<LogEvent>, Tenhou6Error> {
    let mut out = Vec::with_capacity(events.len() + kan_doras.len());
    let mut next = kan_doras.iter();
    let mut pending = 0usize;
    let mut turn = |out: &mut Vec<LogEvent>, n: usize| -> Result<(), Tenhou6Error> {
        for _ in 0..n {
            let tile = *next
                .next()
                .ok_or_else(|| err("dora", "fewer indicators than kans turned"))?;
            out.push(LogEvent::Dora { tile });
        }
        Ok(())
    };
    // Indicators due right after a call: turned unless the call is robbed (a win follows).
    let mut due = 0usize;
    for e in events {
        if due > 0 {
            if !matches!(e, LogEvent::Agari { .. }) {
                turn(&mut out, due)?;
            }
            due = 0;
        }
        match &e {
            LogEvent::Call { meld, .. } => {
                match meld.kind {
                    MeldKind::Ankan => (due, pending) = (pending + 1, 0),
                    MeldKind::Minkan | MeldKind::Kakan => (due, pending) = (pending, 1),
                    MeldKind::Nuki => (due, pending) = (pending, 0),
                    MeldKind::Chi | MeldKind::Pon => {}
                }
                out.push(e);
            }
            LogEvent::Discard { .. } => {
                turn(&mut out, pending)?;
                pending = 0;
                out.push(e);
            }
            _ => out.push(e),
        }
    }
    // The round ended right after a call: robbed (a win) or not.
    if !won {
        turn(&mut out, due)?;
    }
    Ok(out)
}

fn indicator_ids(rp: &mut Replay, v: &Value, what: &str) -> Result<Vec<TileId>, Tenhou6Error> {
    as_tiles(v, what)?
        .into_iter()
        .map(|c| rp.alloc(c).map_err(|e| err(what, e)))
        .collect()
}

/// A call made on a discard (the takes' `c`, `p`, `m`).
fn claim(
    rp: &mut Replay,
    who: u8,
    discarder: u8,
    letter: char,
    at: usize,
    codes: &[i64],
    last: Option<(u8, TileId)>,
) -> Result<LogMeld, String> {
    let (from, called) = last.ok_or("a call without a discard")?;
    if from != discarder {
        return Err("a call on another seat's discard".into());
    }
    let called_code = codes.get(at / 2).copied().ok_or("short call")?;
    if code_piece(called_code) != Some(id_code(called)) {
        return Err(format!("the called tile {called_code} is not the discard"));
    }
    let mut tiles = vec![called];
    for (i, &c) in codes.iter().enumerate() {
        if i != at / 2 {
            tiles.push(rp.take_from_hand(who, c)?);
        }
    }
    tiles.sort();
    let kind = match letter {
        'c' if tiles.len() == 3 => MeldKind::Chi,
        'p' if tiles.len() == 3 => MeldKind::Pon,
        'm' if tiles.len() == 4 => MeldKind::Minkan,
        _ => return Err(format!("bad call letter {letter}")),
    };
    Ok(LogMeld {
        kind,
        tiles,
        called: Some(called),
        added: None,
        from_seat: Some(from),
    })
}

/// A call made from the hand (the gives' `a`, `k`, `f`).
fn own_call(
    rp: &mut Replay,
    who: u8,
    letter: char,
    codes: &[i64],
    after: usize,
) -> Result<LogMeld, String> {
    match letter {
        'a' => {
            let mut tiles = codes
                .iter()
                .map(|&c| rp.take_from_hand(who, c))
                .collect::<Result<Vec<_>, _>>()?;
            if tiles.len() != 4 {
                return Err("closed kan of other than 4 tiles".into());
            }
            tiles.sort();
            Ok(LogMeld {
                kind: MeldKind::Ankan,
                tiles,
                called: None,
                added: None,
                from_seat: None,
            })
        }
        'k' => {
            let added_code = codes.get(after).copied().ok_or("short added kan")?;
            let added = rp.take_from_hand(who, added_code)?;
            // The pon it extends: the caller's earlier pon of that kind.
            let pon = rp
                .events
                .iter()
                .rev()
                .find_map(|e| match e {
                    LogEvent::Call { seat, meld }
                        if *seat == who
                            && meld.kind == MeldKind::Pon
                            && meld.tiles[0].as_u8() / 4 == added.as_u8() / 4 =>
                    {
                        Some(meld.clone())
                    }
                    _ => None,
                })
                .ok_or("added kan without a pon")?;
            let mut tiles = pon.tiles.clone();
            tiles.push(added);
            tiles.sort();
            Ok(LogMeld {
                kind: MeldKind::Kakan,
                tiles,
                called: pon.called,
                added: Some(added),
                from_seat: pon.from_seat,
            })
        }
        'f' => {
            let code = codes.first().copied().ok_or("empty kita")?;
            let t = rp.take_from_hand(who, code)?;
            Ok(LogMeld {
                kind: MeldKind::Nuki,
                tiles: vec![t],
                called: None,
                added: None,
                from_seat: None,
            })
        }
        _ => Err(format!("bad call letter {letter} in the gives")),
    }
}

fn deltas(v: Option<&Value>, players: u8) -> Result<Vec<i32>, Tenhou6Error> {
    match v {
        None => Ok(vec![0; usize::from(players)]),
        Some(v) => Ok(as_tiles(v, "deltas")?
            .into_iter()
            .take(usize::from(players))
            .map(|x| x as i32)
            .collect()),
    }
}

fn result(v: &Value, players: u8) -> Result<Tenhou6Result, Tenhou6Error> {
    let a = v.as_array().ok_or_else(|| err("", "not an array"))?;
    let name = a
        .first()
        .and_then(Value::as_str)
        .ok_or_else(|| err("", "no name"))?;
    if name != "和了" {
        let kind = match name {
            "流局" | "全員聴牌" | "全員不聴" => None,
            "九種九牌" => Some(DrawKind::NineTerminals),
            "四家立直" => Some(DrawKind::FourRiichi),
            "三家和了" => Some(DrawKind::TripleRon),
            "四槓散了" => Some(DrawKind::FourKans),
            "四風連打" => Some(DrawKind::FourWinds),
            "流し満貫" => Some(DrawKind::NagashiMangan),
            _ => return Err(err("", format!("unknown result {name:?}"))),
        };
        return Ok(Tenhou6Result::Draw {
            name: name.to_owned(),
            kind,
            deltas: deltas(a.get(1), players)?,
        });
    }
    let mut wins = Vec::new();
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
        let summary = info.get(3).and_then(Value::as_str).unwrap_or("").to_owned();
        let fu = summary.find('符').and_then(|e| summary[..e].parse().ok());
        let han = summary.find('飜').and_then(|e| {
            let start = summary.find('符').map(|f| f + '符'.len_utf8()).unwrap_or(0);
            summary.get(start..e).and_then(|s| s.parse().ok())
        });
        let mut yaku = Vec::new();
        for y in info.iter().skip(4) {
            let y = y.as_str().ok_or_else(|| err("", "yaku not a string"))?;
            let open = y
                .find('(')
                .ok_or_else(|| err("", format!("yaku {y:?} without its value")))?;
            let name = &y[..open];
            let value = &y[open + 1..];
            let yakuman = value.starts_with("役満");
            let han_text: String = value.chars().take_while(char::is_ascii_digit).collect();
            let han = if yakuman {
                0
            } else {
                han_text
                    .parse()
                    .map_err(|_| err("", format!("yaku {y:?}: no han")))?
            };
            let id = TENHOU_YAKU
                .iter()
                .position(|&(jp, _)| jp == name)
                .and_then(|i| u8::try_from(i).ok());
            yaku.push(Tenhou6Yaku {
                name: name.to_owned(),
                id,
                han,
                yakuman,
            });
        }
        wins.push(Tenhou6Win {
            who,
            from_who,
            pao: (pao_seat != who).then_some(pao_seat),
            deltas: d,
            summary,
            fu,
            han,
            yaku,
        });
        i += 2;
    }
    Ok(Tenhou6Result::Agari(wins))
}

/// The per-seat lists of a round.
struct Lists<'a> {
    takes: &'a [Vec<Value>],
    gives: &'a [Vec<Value>],
    players: u8,
}

/// Where the replay of a round stands.
#[derive(Clone)]
struct Turns {
    rp: Replay,
    /// Next take and give of each seat.
    tp: [usize; 4],
    gp: [usize; 4],
    /// The seat to act.
    seat: u8,
    /// The turn starts with a take (a draw), unless a call just gave the seat its tile.
    need_take: bool,
    /// A riichi declared whose discard has not yet passed.
    riichi_pending: Option<u8>,
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
struct Search {
    budget: usize,
    deepest: Option<(usize, Tenhou6Error)>,
}

impl Search {
    fn note(&mut self, progress: usize, e: &Tenhou6Error) {
        if self.deepest.as_ref().is_none_or(|(p, _)| progress > *p) {
            self.deepest = Some((progress, e.clone()));
        }
    }
}

/// Replays turns to the end of the round. Where a discard could be claimed by a call that is
/// next in some seat's takes, the call may still belong to a later, identical discard: the
/// replay tries the claim (pon and kan first, then chi) and, if the rest of the round then
/// fails to fit the lists, not claiming. The round fits when every list is used up.
fn play(mut st: Turns, l: &Lists<'_>, search: &mut Search) -> Result<Turns, ()> {
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
                    search.note(st.rp.events.len(), &e);
                    return Err(());
                }
                return Ok(st);
            }
            Ok(Turn::Claims(c, seat, tile)) => (c, seat, tile),
            Err(e) => {
                search.note(st.rp.events.len(), &e);
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
                Err(e) => search.note(next.rp.events.len(), &e),
            }
        }
        return Err(());
    }
}

/// One turn: a take unless a call gave the tile, then a discard or a kan / kita.
fn turn(st: &mut Turns, l: &Lists<'_>) -> Result<Turn, Tenhou6Error> {
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
            .rp
            .alloc(code)
            .map_err(|e| err(place("take", st.tp[s]), e))?;
        st.tp[s] += 1;
        if let Some(r) = st.riichi_pending.take() {
            st.rp.events.push(LogEvent::Riichi { seat: r, step: 2 });
        }
        st.rp.hands[s].push(t);
        st.rp.events.push(LogEvent::Draw { seat, tile: t });
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
            let meld = own_call(&mut st.rp, seat, letter, &codes, after)
                .map_err(|e| err(place("give", gi), e))?;
            st.rp.events.push(LogEvent::Call { seat, meld });
            st.need_take = true;
            return Ok(Turn::Next);
        }
        _ => return Err(err(place("give", gi), "not a tile or a call")),
    };
    if riichi {
        st.rp.events.push(LogEvent::Riichi { seat, step: 1 });
    }
    let tile = if code == 60 {
        let t = drawn.ok_or_else(|| err(place("give", gi), "tsumogiri without a draw"))?;
        let h = &mut st.rp.hands[s];
        let i = h
            .iter()
            .rposition(|&x| x == t)
            .ok_or_else(|| err(place("give", gi), "drawn tile gone"))?;
        h.remove(i)
    } else {
        st.rp
            .take_from_hand(seat, code)
            .map_err(|e| err(place("give", gi), e))?
    };
    st.rp.events.push(LogEvent::Discard { seat, tile });
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
fn finish(st: &Turns, l: &Lists<'_>) -> Result<(), Tenhou6Error> {
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
) -> Result<(), Tenhou6Error> {
    let xs = usize::from(x);
    let place = format!("seat {x} take {}", st.tp[xs]);
    let Some(Value::String(call)) = l.takes[xs].get(st.tp[xs]) else {
        return Err(err(place, "no call"));
    };
    st.tp[xs] += 1;
    if let Some(r) = st.riichi_pending.take() {
        st.rp.events.push(LogEvent::Riichi { seat: r, step: 2 });
    }
    let (letter, at, codes, _) = call_string(call).ok_or_else(|| err(&place, "bad call"))?;
    let meld = claim(
        &mut st.rp,
        x,
        discarder,
        letter,
        at,
        &codes,
        Some((discarder, tile)),
    )
    .map_err(|e| err(&place, e))?;
    let kan = meld.kind == MeldKind::Minkan;
    st.rp.events.push(LogEvent::Call { seat: x, meld });
    st.seat = x;
    st.need_take = kan;
    // The gives hold a 0 for an open kan.
    if kan && l.gives[xs].get(st.gp[xs]).and_then(Value::as_i64) == Some(0) {
        st.gp[xs] += 1;
    }
    Ok(())
}

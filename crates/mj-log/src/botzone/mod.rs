//! Botzone's Chinese Standard Mahjong logs: the line form of the IJCAI competitions' data
//! (`Match <id>`, `Wind <n>`, `Player <p> Deal/Draw/Play/Chi/Peng/Gang/AnGang/BuGang/BuHua/
//! Hu`, `Huang`, `Fan`, `Score`; [`write_botzone`] writes it), and the match log Botzone
//! keeps of a game (JSON: the judge's `display` of every step and the `initdata` with its
//! `walltiles`). [`read`] turns every hand into one [`Game`] of `mj_game` events (MCR's: a
//! flower drawn is a `tsumo` of it and its `hua`, the replacement the next `tsumo`), with what
//! the log states: the fan, the fans and the score of a win, a drawn hand (`Huang`), and from
//! the match log the judge's `canHu` at every draw and discard ([`crate::JudgeNote`]), its
//! final `tileCnt`, and the wall. Player `p` of a log is seat `p`, player 0 the dealer, as on
//! Botzone.
//!
//! The wall's layout is not written in the line form: a hand with no flower, whose players
//! each take at most what a wall of their own holds, is tried on own walls (`mcr_botzone`),
//! then on one shared wall (`mcr`); a hand with flowers on the shared wall first, then on own
//! walls of 36. Botzone's own match log is always replayed on own walls (34 tiles each, 36
//! with flowers), as its judge cuts them.

mod match_log;

use mj_game::{Event, FIRST_FLOWER, GameRules, MjaiTile, Seat, is_flower};
use mj_tiles::Tile;

use crate::LogError;
use crate::log::{Fields, Game, JudgeNote, LogRules, Round};

/// A Botzone tile name: `W1`..`W9` (万, characters, `m`), `B1`..`B9` (饼, dots, `p`),
/// `T1`..`T9` (条, bamboo, `s`), `F1`..`F4` (East, South, West, North), `J1`..`J3` (中, 发,
/// 白), `H1`..`H8` (flowers) for a tile id (0..144).
pub fn botzone_name(id: u8) -> String {
    if is_flower(id) {
        return format!("H{}", id - FIRST_FLOWER + 1);
    }
    let k = id / 4;
    match k {
        0..=8 => format!("W{}", k + 1),
        9..=17 => format!("B{}", k - 8),
        18..=26 => format!("T{}", k - 17),
        27..=30 => format!("F{}", k - 26),
        31 => "J3".to_string(),
        32 => "J2".to_string(),
        _ => "J1".to_string(),
    }
}

/// The kind index (0..34) of a Botzone tile name, or the flower id (136..144) for `H1`..`H8`.
fn botzone_code(name: &str) -> Option<u8> {
    let b = name.as_bytes();
    if b.len() != 2 {
        return None;
    }
    let n = b[1].checked_sub(b'0')?;
    match (b[0], n) {
        (b'W', 1..=9) => Some(n - 1),
        (b'B', 1..=9) => Some(8 + n),
        (b'T', 1..=9) => Some(17 + n),
        (b'F', 1..=4) => Some(26 + n),
        (b'J', 1) => Some(33),
        (b'J', 2) => Some(32),
        (b'J', 3) => Some(31),
        (b'H', 1..=8) => Some(FIRST_FLOWER + n - 1),
        _ => None,
    }
}

/// The event tile of a Botzone code.
fn tile_of(code: u8) -> MjaiTile {
    if is_flower(code) {
        MjaiTile::id(code, false)
    } else {
        Tile::new(code).map_or(MjaiTile::HIDDEN, MjaiTile::kind)
    }
}

fn name_of(t: MjaiTile) -> String {
    t.tile_id().map_or_else(|| "?".to_string(), botzone_name)
}

/// The kind index (0..34) of an ordinary tile of an event.
fn kind_of(t: MjaiTile) -> Result<u8, String> {
    t.tile_id()
        .filter(|&id| !is_flower(id))
        .map(|id| id / 4)
        .ok_or_else(|| format!("{t} is not an ordinary tile"))
}

/// The round wind of a `start_kyoku` (0 East .. 3 North).
fn round_wind(bakaze: MjaiTile) -> Result<u8, String> {
    Ok(bakaze
        .tile_id()
        .map(|id| id / 4)
        .filter(|k| (27..31).contains(k))
        .ok_or("the round wind is not a wind")?
        - 27)
}

/// Writes one finished MCR hand (its mjai events, from `start_kyoku` to `end_kyoku`) in the
/// Botzone / IJCAI match-log form: `Match <id>`, `Wind <prevailing wind>`, one `Player <p> Deal`
/// line per player, then `Draw`, `Play`, `Chi <middle tile>`, `Peng`, `Gang`, `AnGang`,
/// `BuGang`, `BuHua`, `Hu <tile>`, or `Huang`, and the result lines `Fan <total> <fan name>
/// <value> ...` (after a win) and `Score <change of player 0..3>`. Players are numbered from
/// the dealer (player 0 is East, as on Botzone); a flower drawn is written as its `BuHua`
/// alone, the replacement as the `Draw` that follows.
///
/// # Errors
/// [`LogError::Write`]: events that are not one MCR hand.
pub fn write_botzone(match_id: &str, events: &[Event]) -> Result<String, LogError> {
    botzone_text(match_id, events).map_err(|why| LogError::Write {
        format: "Botzone match log",
        why,
    })
}

/// [`write_botzone`]'s text, or what is wrong.
fn botzone_text(match_id: &str, events: &[Event]) -> Result<String, String> {
    use std::fmt::Write as _;
    let Some(Event::StartKyoku {
        bakaze,
        oya,
        tehais,
        ..
    }) = events.first()
    else {
        return Err("no start_kyoku".into());
    };
    let wind = round_wind(*bakaze)?;
    let p = |s: Seat| (s + 4 - (oya & 3)) & 3;
    let mut out = String::new();
    let _ = writeln!(out, "Match {match_id}");
    let _ = writeln!(out, "Wind {wind}");
    for k in 0..4u8 {
        let seat = usize::from((oya + k) & 3);
        let names: Vec<String> = tehais[seat].iter().map(|t| name_of(*t)).collect();
        let _ = writeln!(out, "Player {k} Deal {}", names.join(" "));
    }
    let mut result = false;
    for e in &events[1..] {
        match e {
            // A flower drawn is written as its `BuHua` alone.
            Event::Tsumo { actor, pai } if !pai.tile_id().is_some_and(is_flower) => {
                let _ = writeln!(out, "Player {} Draw {}", p(*actor), name_of(*pai));
            }
            Event::Hua { actor, pai } => {
                let _ = writeln!(out, "Player {} BuHua {}", p(*actor), name_of(*pai));
            }
            Event::Dahai { actor, pai, .. } => {
                let _ = writeln!(out, "Player {} Play {}", p(*actor), name_of(*pai));
            }
            Event::Chi {
                actor,
                pai,
                consumed,
                ..
            } => {
                let mut k: Vec<u8> = [*pai, consumed[0], consumed[1]]
                    .iter()
                    .map(|t| kind_of(*t))
                    .collect::<Result<_, _>>()?;
                k.sort_unstable();
                let _ = writeln!(out, "Player {} Chi {}", p(*actor), botzone_name(k[1] * 4));
            }
            Event::Pon { actor, pai, .. } => {
                let _ = writeln!(out, "Player {} Peng {}", p(*actor), name_of(*pai));
            }
            Event::Daiminkan { actor, pai, .. } => {
                let _ = writeln!(out, "Player {} Gang {}", p(*actor), name_of(*pai));
            }
            Event::Ankan { actor, consumed } => {
                let _ = writeln!(out, "Player {} AnGang {}", p(*actor), name_of(consumed[0]));
            }
            Event::Kakan { actor, pai, .. } => {
                let _ = writeln!(out, "Player {} BuGang {}", p(*actor), name_of(*pai));
            }
            Event::Hora {
                actor,
                pai,
                yakus,
                fan,
                deltas,
                ..
            } => {
                let _ = writeln!(out, "Player {} Hu {}", p(*actor), name_of(*pai));
                let fans: Vec<String> = yakus.iter().map(|(n, f)| format!("{n} {f}")).collect();
                let _ = writeln!(out, "Fan {fan} {}", fans.join(" "));
                let d: Vec<String> = (0..4u8)
                    .map(|k| deltas[usize::from((oya + k) & 3)].to_string())
                    .collect();
                let _ = writeln!(out, "Score {}", d.join(" "));
                result = true;
            }
            Event::Ryukyoku { .. } => {
                out.push_str("Huang\nScore 0 0 0 0\n");
                result = true;
            }
            _ => {}
        }
    }
    if !result {
        return Err("the hand did not end".into());
    }
    Ok(out)
}

/// `true` when `text` looks like a Botzone log [`read`] reads: lines starting with `Match `,
/// or a Botzone match log (JSON with the judge's `INIT` / `DEAL` displays).
pub fn is_botzone_log(text: &str) -> bool {
    let t = text.trim_start();
    t.starts_with("Match ") || match_log::is_match_log(t)
}

/// Reads every hand of a Botzone log (see the module docs): the line form (hands from `Match`
/// to `Match`), or one match log of Botzone (JSON, from `{` or `[`).
///
/// # Errors
/// The first line (log entry) that cannot be read, with its number.
pub fn read(text: &str) -> Result<Vec<Game>, LogError> {
    let t = text.trim_start();
    if t.starts_with('{') || t.starts_with('[') {
        return match_log::read(t).map(|g| vec![g]);
    }
    let mut games = Vec::new();
    let mut block: Vec<(usize, Vec<&str>)> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let t: Vec<&str> = line.split_whitespace().collect();
        if t.is_empty() {
            continue;
        }
        if t[0] == "Match" && !block.is_empty() {
            games.push(hand(&block, "line", None)?);
            block.clear();
        }
        block.push((n + 1, t));
    }
    if !block.is_empty() {
        games.push(hand(&block, "line", None)?);
    }
    Ok(games)
}

/// Own walls with flowers: Botzone's judge on a wall of 144 (no preset).
pub(crate) const OWN_WALLS_WITH_FLOWERS: GameRules = {
    let mut r = GameRules::mcr_botzone();
    r.mcr.mcr_flowers = true;
    r
};

/// The hand being read.
struct Hand {
    id: String,
    wind: u8,
    deal: [Vec<MjaiTile>; 4],
    /// Dealt flowers not yet set aside.
    dealt_flowers: [Vec<u8>; 4],
    events: Vec<Event>,
    judge: Vec<JudgeNote>,
    walls_left: Option<Vec<i64>>,
    /// The seat whose draw is the last thing that happened (a win of that seat is self-drawn).
    drawer: Option<Seat>,
    /// The tile last offered (a discard or an added kong's tile) and who offered it.
    offer: Option<(Seat, MjaiTile)>,
    /// The win (its index in `events`) and the result lines.
    win: Option<usize>,
    fan: Option<(u32, Vec<(String, u32)>)>,
    score: Option<[i32; 4]>,
    drawn_hand: bool,
    flowers: bool,
    decisions: usize,
}

/// One hand's lines as a game (`wall`: Botzone's match log, its `walltiles`; then only own
/// walls are tried).
fn hand(
    block: &[(usize, Vec<&str>)],
    label: &'static str,
    wall: Option<Vec<u8>>,
) -> Result<Game, LogError> {
    let at = |n: usize, why: &str| LogError::Line {
        what: label,
        line: n,
        why: why.to_string(),
    };
    let mut h = Hand {
        id: String::new(),
        wind: 0,
        deal: Default::default(),
        dealt_flowers: Default::default(),
        events: Vec::new(),
        judge: Vec::new(),
        walls_left: None,
        drawer: None,
        offer: None,
        win: None,
        fan: None,
        score: None,
        drawn_hand: false,
        flowers: false,
        decisions: 0,
    };
    match block.first() {
        Some((_, t)) if t[0] == "Match" => h.id = t.get(1).copied().unwrap_or("").to_string(),
        Some((n, _)) => return Err(at(*n, "a hand starts with `Match <id>`")),
        None => return Err(at(0, "an empty hand")),
    }
    for (n, t) in &block[1..] {
        line(&mut h, *n, t).map_err(|why| at(*n, &why))?;
    }
    if let Some(p) = (0..4).find(|&p| h.deal[p].len() != 13) {
        return Err(at(
            block.first().map_or(0, |b| b.0),
            &format!("player {p} has no `Deal` of 13 tiles"),
        ));
    }
    game(h, wall).map_err(|why| at(block.first().map_or(0, |b| b.0), &why))
}

fn player(t: &[&str]) -> Result<Seat, String> {
    t.get(1)
        .and_then(|p| p.parse::<u8>().ok())
        .filter(|&p| p < 4)
        .ok_or_else(|| "`Player` takes 0..3".to_string())
}

/// The decisions the replay walks through (see `replay::chinese`).
fn is_decision(e: &Event) -> bool {
    matches!(
        e,
        Event::Dahai { .. }
            | Event::Chi { .. }
            | Event::Pon { .. }
            | Event::Daiminkan { .. }
            | Event::Ankan { .. }
            | Event::Kakan { .. }
            | Event::Hora { .. }
    )
}

fn push(h: &mut Hand, e: Event) {
    h.decisions += usize::from(is_decision(&e));
    h.events.push(e);
}

/// One line of a hand.
fn line(h: &mut Hand, n: usize, t: &[&str]) -> Result<(), String> {
    let code = |k: usize| {
        t.get(k)
            .and_then(|s| botzone_code(s))
            .ok_or_else(|| "not a Botzone tile name".to_string())
    };
    let nums =
        |from: usize| -> Option<Vec<i64>> { t[from..].iter().map(|x| x.parse().ok()).collect() };
    let verb = match (t[0], t.get(2).copied()) {
        ("Player", Some(v)) => v,
        ("Wind", _) => {
            h.wind = t
                .get(1)
                .and_then(|w| w.parse::<u8>().ok())
                .filter(|&w| w < 4)
                .ok_or("`Wind` takes 0..3")?;
            return Ok(());
        }
        ("Fan", _) => {
            let f = t
                .get(1)
                .and_then(|f| f.parse().ok())
                .ok_or("`Fan <total> ...`")?;
            let fans = t[2.min(t.len())..]
                .chunks(2)
                .map(|c| match c {
                    [name, v] => v
                        .parse()
                        .map(|v| ((*name).to_string(), v))
                        .map_err(|_| "`Fan <total> <name> <value> ...`".to_string()),
                    _ => Err("`Fan <total> <name> <value> ...`".to_string()),
                })
                .collect::<Result<Vec<_>, _>>()?;
            h.fan = Some((f, fans));
            return Ok(());
        }
        ("Score", _) => {
            let s = nums(1)
                .filter(|s| s.len() == 4)
                .ok_or("`Score` takes four numbers")?;
            h.score = Some(core::array::from_fn(|k| s[k] as i32));
            return Ok(());
        }
        ("Huang", _) => {
            h.drawn_hand = true;
            return Ok(());
        }
        // Botzone's match log: the judge's `canHu` for the tile just drawn or offered.
        ("CanHu", _) => {
            let c = nums(1).filter(|c| c.len() == 4).ok_or("`canHu` of four")?;
            let after_draw = h.drawer.is_some();
            h.judge.push(JudgeNote {
                decision: if after_draw {
                    h.decisions
                } else {
                    h.decisions.saturating_sub(1)
                },
                after: !after_draw,
                can_hu: [c[0], c[1], c[2], c[3]],
            });
            return Ok(());
        }
        // Botzone's match log: the judge's `tileCnt` (the tiles left in each own wall).
        ("TileCnt", _) => {
            h.walls_left = Some(nums(1).ok_or("`tileCnt` of numbers")?);
            return Ok(());
        }
        _ => return Ok(()),
    };
    let _ = n;
    let p = player(t)?;
    let ps = usize::from(p);
    let drew = h.drawer == Some(p);
    if verb != "Draw" && verb != "BuHua" {
        h.drawer = None;
    }
    match verb {
        "Deal" => {
            if t.len() != 16 {
                return Err("a deal of 13 tiles".into());
            }
            for k in 3..16 {
                let c = code(k)?;
                h.flowers |= is_flower(c);
                if is_flower(c) {
                    h.dealt_flowers[ps].push(c);
                }
                h.deal[ps].push(tile_of(c));
            }
        }
        "Draw" => {
            let c = code(3)?;
            h.flowers |= is_flower(c);
            push(
                h,
                Event::Tsumo {
                    actor: p,
                    pai: tile_of(c),
                },
            );
            h.drawer = Some(p);
        }
        "BuHua" => {
            let c = code(3)?;
            if !is_flower(c) {
                return Err("BuHua of a tile that is not a flower".into());
            }
            h.flowers = true;
            // A dealt flower set aside takes nothing from the wall; a drawn one was its draw.
            match h.dealt_flowers[ps].iter().position(|&f| f == c) {
                Some(i) => {
                    h.dealt_flowers[ps].remove(i);
                }
                None => push(
                    h,
                    Event::Tsumo {
                        actor: p,
                        pai: tile_of(c),
                    },
                ),
            }
            push(
                h,
                Event::Hua {
                    actor: p,
                    pai: tile_of(c),
                },
            );
            h.drawer = None;
        }
        "Play" => {
            let pai = tile_of(code(3)?);
            let tsumogiri = drew
                && matches!(h.events.last(), Some(Event::Tsumo { actor, pai: d }) if *actor == p && *d == pai);
            push(
                h,
                Event::Dahai {
                    actor: p,
                    pai,
                    tsumogiri,
                },
            );
            h.offer = Some((p, pai));
        }
        "Chi" | "Peng" | "Gang" => {
            let (from, pai) = h.offer.take().ok_or("a claim with no discard")?;
            let k = kind_of(pai)?;
            let called = code(3)?;
            let e = match verb {
                "Chi" => {
                    let run = [called.wrapping_sub(1), called, called + 1];
                    let mut own: Vec<u8> = run.to_vec();
                    let i = own
                        .iter()
                        .position(|&x| x == k)
                        .ok_or("the chow does not hold the discard")?;
                    own.remove(i);
                    Event::Chi {
                        actor: p,
                        target: from,
                        pai,
                        consumed: [tile_of(own[0]), tile_of(own[1])],
                    }
                }
                "Peng" => Event::Pon {
                    actor: p,
                    target: from,
                    pai,
                    consumed: [pai; 2],
                },
                _ => Event::Daiminkan {
                    actor: p,
                    target: from,
                    pai,
                    consumed: [pai; 3],
                },
            };
            if verb != "Chi" && called != k {
                return Err("the claim names another tile than the discard".into());
            }
            push(h, e);
        }
        "AnGang" => {
            let pai = tile_of(code(3)?);
            push(
                h,
                Event::Ankan {
                    actor: p,
                    consumed: [pai; 4],
                },
            );
        }
        "BuGang" => {
            let pai = tile_of(code(3)?);
            push(
                h,
                Event::Kakan {
                    actor: p,
                    pai,
                    consumed: [pai; 3],
                },
            );
            h.offer = Some((p, pai));
        }
        "Hu" => {
            let pai = tile_of(code(3)?);
            let target = if drew {
                p
            } else {
                h.offer.map(|(s, _)| s).ok_or("a win on no tile")?
            };
            h.win = Some(h.events.len());
            push(
                h,
                Event::Hora {
                    actor: p,
                    target,
                    pai,
                    uradora_markers: Default::default(),
                    yakus: Vec::new(),
                    fu: 0,
                    fan: 0,
                    yakuman: 0,
                    hora_points: 0,
                    deltas: [0; 4],
                    scores: [0; 4],
                    pao: None,
                },
            );
        }
        _ => return Err(format!("`{verb}` is no action of a player")),
    }
    Ok(())
}

/// The hand's events with its result, and the walls it may have been dealt from.
fn game(mut h: Hand, wall: Option<Vec<u8>>) -> Result<Game, String> {
    let start = Event::StartKyoku {
        bakaze: tile_of(27 + h.wind),
        dora_marker: MjaiTile::HIDDEN,
        kyoku: 1,
        honba: 0,
        kyotaku: 0,
        oya: 0,
        scores: [0; 4],
        tehais: core::array::from_fn(|p| {
            core::array::from_fn(|k| h.deal[p].get(k).copied().unwrap_or(MjaiTile::HIDDEN))
        }),
    };
    h.events.insert(0, start);
    let mut stated = Vec::new();
    let deltas = h.score.unwrap_or([0; 4]);
    let score_f = if h.score.is_some() {
        Fields::DELTAS
    } else {
        Fields::NONE
    };
    match (h.win.map(|i| i + 1), h.drawn_hand) {
        (Some(i), false) => {
            let mut f = score_f;
            if let Some(Event::Hora {
                yakus,
                fan,
                deltas: d,
                scores,
                ..
            }) = h.events.get_mut(i)
            {
                if let Some((total, fans)) = h.fan.take() {
                    f = f.with(Fields::HAN);
                    if !fans.is_empty() {
                        f = f.with(Fields::YAKU);
                    }
                    *fan = total;
                    *yakus = fans;
                }
                *d = deltas;
                *scores = deltas;
            }
            stated.push((i, f));
        }
        (None, true) => {
            stated.push((h.events.len(), Fields::KIND.with(score_f)));
            h.events.push(Event::Ryukyoku {
                reason: "exhaustive".to_string(),
                tenpais: [false; 4],
                deltas,
                scores: deltas,
            });
        }
        (Some(_), true) => return Err("a hand both won and drawn (`Hu` and `Huang`)".into()),
        (None, false) => {}
    }
    if !matches!(
        h.events.last(),
        Some(Event::Hora { .. } | Event::Ryukyoku { .. })
    ) {
        if h.win.is_some() || h.drawn_hand {
            return Err("actions after the hand's end".into());
        }
    } else {
        h.events.push(Event::EndKyoku);
    }
    let rules = candidates(&h, wall.as_deref())?;
    Ok(Game {
        id: Some(h.id),
        title: None,
        names: Vec::new(),
        rules: LogRules::Candidates(rules),
        rounds: vec![Round {
            events: h.events,
            stated,
            wall: wall.filter(|w| !w.is_empty()),
            judge: h.judge,
            walls_left: h.walls_left,
        }],
        end: None,
    })
}

/// The walls a hand may have been dealt from, in the order they are tried.
fn candidates(h: &Hand, wall: Option<&[u8]>) -> Result<Vec<GameRules>, String> {
    let q = if h.flowers { 144 } else { 136 } / 4;
    let fits = (0..4u8).all(|p| {
        let takes = h
            .events
            .iter()
            .filter(|e| matches!(e, Event::Tsumo { actor, .. } if *actor == p))
            .count();
        h.deal[usize::from(p)].len() + takes <= q
    });
    Ok(match wall {
        Some(ids) if ids.len() == 144 => vec![OWN_WALLS_WITH_FLOWERS],
        Some(ids) if ids.len() == 136 || ids.is_empty() && !h.flowers => {
            vec![GameRules::mcr_botzone()]
        }
        Some([]) => vec![OWN_WALLS_WITH_FLOWERS],
        Some(ids) => return Err(format!("walltiles: {} tiles, not 136 or 144", ids.len())),
        None if !h.flowers && fits => vec![GameRules::mcr_botzone(), GameRules::mcr()],
        None if fits => vec![GameRules::mcr(), OWN_WALLS_WITH_FLOWERS],
        None => vec![GameRules::mcr()],
    })
}

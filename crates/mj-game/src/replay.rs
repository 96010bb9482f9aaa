//! Replay of real Tenhou games: every logged action is played through [`Round::play`] (so each
//! must be legal), each round's result is compared with the log's (winners, han, fu, points,
//! every delta, draw kind, tenpai), the match rules' next round with the log's next `INIT`, and
//! the final scores and points with `owari`.
//!
//! Each round is replayed on its own, from the log's `INIT` and the wall rebuilt from the
//! `SHUFFLE` seed, so one mismatch does not hide the rounds after it.

use core::fmt;

use mj_tiles::TileId;

use crate::action::{Action, Seat};
use crate::game::{Next, final_result, next_round};
use crate::mjlog::{self, GameLog, LogEvent, LogMeld, RoundLog};
use crate::round::{DrawKind, Phase, Round, RoundEnd, RoundResult, RoundSetup};
use crate::rules::{GameRules, Length};
use crate::wall::Wall;

/// One disagreement between the engine and a log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// Round index in the file (0-based), `None` for the whole game.
    pub round: Option<usize>,
    /// Event index in the round, if the mismatch is at an event.
    pub event: Option<usize>,
    /// What differs.
    pub what: String,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.round, self.event) {
            (Some(r), Some(e)) => write!(f, "round {r} event {e}: {}", self.what),
            (Some(r), None) => write!(f, "round {r}: {}", self.what),
            _ => write!(f, "game: {}", self.what),
        }
    }
}

/// The replay of one file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FileReplay {
    /// The file's name (as given).
    pub name: String,
    /// Skipped, and why (a three-player game). A file that cannot be read is not skipped: it is
    /// a mismatch, so a replay of it never passes.
    pub skipped: Option<String>,
    /// Rounds replayed.
    pub rounds: usize,
    /// Logged actions played through the engine.
    pub actions: usize,
    /// Disagreements.
    pub mismatches: Vec<Mismatch>,
    /// What was not compared, and why (a truncated log, a room whose uma is not known).
    pub notes: Vec<String>,
    /// The engine's own mjai events for the game (with [`replay_with`]'s `mjai`).
    pub events: Vec<crate::mjai::Event>,
    record: bool,
}

impl fmt::Display for FileReplay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(why) = &self.skipped {
            return write!(f, "{}: skipped ({why})", self.name);
        }
        write!(
            f,
            "{}: {} rounds, {} actions, {}",
            self.name,
            self.rounds,
            self.actions,
            if self.mismatches.is_empty() {
                "ok".to_string()
            } else {
                format!("{} mismatches", self.mismatches.len())
            }
        )?;
        for n in &self.notes {
            write!(f, "\n  note: {n}")?;
        }
        for m in &self.mismatches {
            write!(f, "\n  {m}")?;
        }
        Ok(())
    }
}

/// The replay of many files.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Replay {
    /// One entry per file, in order.
    pub files: Vec<FileReplay>,
}

impl Replay {
    /// Files replayed (not skipped).
    pub fn replayed(&self) -> usize {
        self.files.iter().filter(|f| f.skipped.is_none()).count()
    }
    /// Files skipped.
    pub fn skipped(&self) -> usize {
        self.files.len() - self.replayed()
    }
    /// Rounds replayed.
    pub fn rounds(&self) -> usize {
        self.files.iter().map(|f| f.rounds).sum()
    }
    /// Actions played.
    pub fn actions(&self) -> usize {
        self.files.iter().map(|f| f.actions).sum()
    }
    /// Mismatches in all files.
    pub fn mismatches(&self) -> usize {
        self.files.iter().map(|f| f.mismatches.len()).sum()
    }
    /// `true` when nothing disagreed.
    pub fn all_match(&self) -> bool {
        self.mismatches() == 0
    }
}

impl fmt::Display for Replay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for file in &self.files {
            writeln!(f, "{file}")?;
        }
        write!(
            f,
            "{} files replayed ({} skipped), {} rounds, {} actions, {} mismatches",
            self.replayed(),
            self.skipped(),
            self.rounds(),
            self.actions(),
            self.mismatches()
        )
    }
}

/// Replays log texts, `(name, text)` pairs: mjlog XML, or tenhou.net/6 JSON (text starting
/// with `{`).
pub fn replay<'a>(files: impl IntoIterator<Item = (String, &'a str)>) -> Replay {
    replay_with(files, false)
}

/// [`replay`], keeping the engine's own mjai events of each game when `mjai` is set
/// ([`FileReplay::events`]: `start_game`, every round's events, `end_game`).
pub fn replay_with<'a>(files: impl IntoIterator<Item = (String, &'a str)>, mjai: bool) -> Replay {
    Replay {
        files: files
            .into_iter()
            .map(|(name, text)| {
                let mut f = if text.trim_start().starts_with('{') {
                    t6_replay(name, text, mjai)
                } else {
                    mjlog_replay(name, text, mjai)
                };
                if mjai && f.skipped.is_none() {
                    f.events.insert(
                        0,
                        crate::mjai::Event::StartGame {
                            names: core::array::from_fn(|s| format!("seat{s}")),
                        },
                    );
                    let scores = f
                        .events
                        .iter()
                        .rev()
                        .find_map(|e| match e {
                            crate::mjai::Event::Hora { scores, .. }
                            | crate::mjai::Event::Ryukyoku { scores, .. } => Some(*scores),
                            _ => None,
                        })
                        .unwrap_or_default();
                    f.events.push(crate::mjai::Event::EndGame { scores });
                }
                f
            })
            .collect(),
    }
}

/// Replays one mjlog XML text.
pub fn replay_text(name: String, text: &str) -> FileReplay {
    mjlog_replay(name, text, false)
}

fn mjlog_replay(name: String, text: &str, record: bool) -> FileReplay {
    let mut out = FileReplay {
        name,
        record,
        ..FileReplay::default()
    };
    let log = match mjlog::parse_mjlog(text) {
        Ok(log) => log,
        Err(e) => {
            out.mismatches.push(unreadable(e));
            return out;
        }
    };
    if log.players != 4 && log.players != 3 {
        out.mismatches
            .push(unreadable(format!("{} players", log.players)));
        return out;
    }
    // Logs whose GO tag has no `lobby` attribute come from Tenhou's early years, when the
    // dealer's tenpai in the last round did not end the match (corner-cases/bug1.xml plays on);
    // logs whose final points have tenths come from after Tenhou stopped rounding them.
    let go = text
        .find("<GO ")
        .map(|i| &text[i..text[i..].find('>').map_or(text.len(), |j| i + j)])
        .unwrap_or("");
    let mut rules = rules_of(&log);
    if !go.contains("lobby=") {
        rules.tenpai_yame = false;
    }
    if let Some(fin) = &log.final_scores {
        rules.round_final_points = fin.uma.iter().all(|u| (u * 10.0).round() % 10.0 == 0.0);
    }
    replay_game(&log, rules, &mut out);
    out
}

/// The mismatch of a log the readers refuse.
fn unreadable(e: impl fmt::Display) -> Mismatch {
    Mismatch {
        round: None,
        event: None,
        what: format!("unreadable: {e}"),
    }
}

fn id(t: TileId) -> u8 {
    t.as_u8()
}

fn rules_of(log: &GameLog) -> GameRules {
    let base = if log.players == 3 {
        GameRules::sanma()
    } else {
        GameRules::tenhou()
    };
    GameRules {
        red_fives: log.aka,
        open_tanyao: log.kuitan,
        ..base
    }
}

fn setup_of(r: &RoundLog) -> Result<RoundSetup, String> {
    if r.scores.len() != 4 && r.scores.len() != 3 {
        return Err(format!("{} scores in INIT", r.scores.len()));
    }
    Ok(RoundSetup {
        round_wind: r.round / 4,
        dealer: r.dealer,
        honba: u32::from(r.honba),
        sticks: u32::from(r.sticks),
        scores: [
            r.scores[0],
            r.scores[1],
            r.scores[2],
            r.scores.get(3).copied().unwrap_or(0),
        ],
    })
}

fn replay_game(log: &GameLog, rules: GameRules, out: &mut FileReplay) {
    let length = if log.hanchan {
        Length::Hanchan
    } else {
        Length::EastOnly
    };
    let mut last: Option<(RoundSetup, RoundResult)> = None;
    let mut chain_ok = true;
    for (ri, rl) in log.rounds.iter().enumerate() {
        let setup = match setup_of(rl) {
            Ok(s) => s,
            Err(e) => {
                out.mismatches.push(Mismatch {
                    round: Some(ri),
                    event: None,
                    what: e,
                });
                chain_ok = false;
                continue;
            }
        };
        // The match rules must lead from the previous round to this one.
        if let Some((ps, pr)) = &last {
            match next_round(&rules, length, ps, pr) {
                Next::Continue(n) if n == setup => {}
                other => out.mismatches.push(Mismatch {
                    round: Some(ri),
                    event: None,
                    what: format!("the match rules give {other:?}, the log starts {setup:?}"),
                }),
            }
        }
        let wall = match (&rl.wall, &rl.sanma_wall) {
            (Some(w), _) => Wall::from_ids(&w[..]).ok(),
            (None, Some(w)) => Wall::sanma_from_ids(&w[..]).ok(),
            (None, None) => None,
        };
        let Some(wall) = wall else {
            out.mismatches.push(Mismatch {
                round: Some(ri),
                event: None,
                what: "no wall (no SHUFFLE seed)".to_string(),
            });
            chain_ok = false;
            continue;
        };
        let has_result = rl
            .events
            .iter()
            .any(|e| matches!(e, LogEvent::Agari(_) | LogEvent::Ryuukyoku(_)));
        if !has_result && ri + 1 == log.rounds.len() {
            out.notes.push(format!(
                "round {ri} is cut off before its result: not compared"
            ));
            chain_ok = false;
            continue;
        }
        out.rounds += 1;
        let played = match replay_round(
            rules,
            setup,
            wall,
            &rl.hands,
            &rl.events,
            &mut out.actions,
            out.record,
        ) {
            Ok((mut r, i)) => {
                out.events.extend(r.take_events());
                finish(r, &rl.events, i)
            }
            Err(e) => Err(e),
        };
        match played {
            Ok(res) => last = Some((setup, res)),
            Err(m) => {
                out.mismatches.push(Mismatch {
                    round: Some(ri),
                    ..m
                });
                last = None;
                chain_ok = false;
            }
        }
    }
    // The end of the match.
    if let (Some(fin), Some((ps, pr)), true) = (&log.final_scores, &last, chain_ok) {
        match next_round(&rules, length, ps, pr) {
            Next::End { scores, sticks } => {
                let res = final_result(&rules, scores, sticks, log.rounds.len() as u32);
                let n = fin.points.len().min(4);
                if fin.points[..] != res.scores[..n] {
                    out.mismatches.push(Mismatch {
                        round: None,
                        event: None,
                        what: format!("final scores {:?}, log {:?}", res.scores, fin.points),
                    });
                }
                let uma: Vec<i32> = fin.uma.iter().map(|u| (u * 10.0).round() as i32).collect();
                if !uma_known(log.go_type) {
                    out.notes.push(format!(
                        "final points not compared: room type {:#x} (uma and oka of this room not modelled)",
                        log.go_type
                    ));
                } else if uma[..] != res.points_tenths[..uma.len().min(4)] {
                    out.mismatches.push(Mismatch {
                        round: None,
                        event: None,
                        what: format!(
                            "final points (tenths) {:?}, log {:?}",
                            res.points_tenths, uma
                        ),
                    });
                }
            }
            Next::Continue(s) => out.mismatches.push(Mismatch {
                round: None,
                event: None,
                what: format!("the log ends but the match rules continue with {s:?}"),
            }),
        }
    }
}

/// Rooms whose uma and oka are Tenhou's ranked 10-20 with a 30,000 return (every hanchan
/// and every fast east-only game of the corpus): ranked rooms (no bits above 0xFF), hanchan
/// (0x08) or fast (0x40). Older non-fast east-only phoenix games (type 0xA1) paid 5-10 in the
/// corpus, and lobby or special rooms have their own rules: their points are not compared.
fn uma_known(go_type: u32) -> bool {
    go_type & !0xFF == 0 && go_type & 0x48 != 0
}

fn at(event: usize, what: String) -> Mismatch {
    Mismatch {
        round: None,
        event: Some(event),
        what,
    }
}

/// Passes every seat still to decide except those in `keep`.
fn pass_all(r: &mut Round, keep: u8, event: usize, actions: &mut usize) -> Result<(), Mismatch> {
    for s in 0..4u8 {
        if r.to_act() >> s & 1 == 1 && keep >> s & 1 == 0 && matches!(r.phase(), Phase::Claims(_)) {
            r.play(s, Action::Pass)
                .map_err(|e| at(event, format!("seat {s} pass refused: {e}")))?;
            *actions += 1;
        }
    }
    Ok(())
}

fn play(
    r: &mut Round,
    seat: Seat,
    a: Action,
    event: usize,
    actions: &mut usize,
) -> Result<(), Mismatch> {
    r.play(seat, a).map_err(|e| {
        at(
            event,
            format!("seat {seat}: {a} refused: {e} (legal: {})", {
                let l: Vec<String> = r
                    .legal_actions(seat)
                    .iter()
                    .map(|a| a.to_string())
                    .collect();
                l.join(", ")
            }),
        )
    })?;
    *actions += 1;
    Ok(())
}

fn replay_round(
    rules: GameRules,
    setup: RoundSetup,
    wall: Wall,
    hands: &[Vec<TileId>],
    ev: &[LogEvent],
    actions: &mut usize,
    record: bool,
) -> Result<(Round, usize), Mismatch> {
    let mut r = Round::try_new(rules, setup, wall, record).map_err(|e| Mismatch {
        round: None,
        event: None,
        what: format!("rules: {e}"),
    })?;
    // Dealt hands.
    for (s, hand) in hands.iter().enumerate().take(4) {
        let mut want: Vec<u8> = hand.iter().map(|&t| id(t)).collect();
        want.sort_unstable();
        let mut have: Vec<u8> = r.player(s as u8).hand_ids().collect();
        if s as u8 == setup.dealer {
            have.retain(|&x| Some(x) != r.drawn());
        }
        if want != have {
            return Err(at(0, format!("seat {s} dealt {have:?}, log {want:?}")));
        }
    }
    let mut riichi_pending = [false; 4];
    let mut dora_seen = 1usize;
    let mut first_draw = true;
    let mut i = 0;
    while i < ev.len() {
        match &ev[i] {
            LogEvent::Draw { seat, tile } => {
                pass_all(&mut r, 0, i, actions)?;
                if first_draw && *seat == setup.dealer {
                    // The dealer's first draw is made by Round::new.
                }
                first_draw = false;
                match r.phase() {
                    Phase::Turn { seat: s, .. } if s == seat && r.drawn() == Some(id(*tile)) => {}
                    p => {
                        return Err(at(
                            i,
                            format!(
                                "log: seat {seat} draws {}; engine: {p:?}, drawn {:?}",
                                id(*tile),
                                r.drawn()
                            ),
                        ));
                    }
                }
            }
            LogEvent::Discard { seat, tile } => {
                pass_all(&mut r, 0, i, actions)?;
                let s = usize::from(*seat);
                let a = if riichi_pending[s] {
                    riichi_pending[s] = false;
                    Action::Riichi { tile: id(*tile) }
                } else {
                    Action::Discard { tile: id(*tile) }
                };
                play(&mut r, *seat, a, i, actions)?;
            }
            LogEvent::Riichi { seat, step } => {
                if *step == 1 {
                    riichi_pending[usize::from(*seat & 3)] = true;
                } else {
                    // Accepted once the discard passes; a call on it resolves the claims in
                    // `call` instead.
                    if !matches!(ev.get(i + 1), Some(LogEvent::Call { .. })) {
                        pass_all(&mut r, 0, i, actions)?;
                        if !r.player(*seat).in_riichi() && !r.is_over() {
                            return Err(at(i, format!("seat {seat}'s riichi not accepted")));
                        }
                    }
                }
            }
            LogEvent::Call { seat, meld } => {
                call(&mut r, *seat, meld, i, actions)?;
            }
            LogEvent::Dora { tile } => {
                // Tenhou writes an open or added kan's indicator before the discard that turns
                // it; the engine turns it with the discard (so a replacement-tile win does not
                // count it, as on Tenhou): compare with the revealed and pending indicators.
                dora_seen += 1;
                let turned = usize::from(r.dora_indicators().count() as u8 + r.pending_dora());
                let want = r.wall().at(r.dora_at((dora_seen - 1).min(4)));
                if turned < dora_seen || want != id(*tile) {
                    return Err(at(
                        i,
                        format!(
                            "log: dora indicator {} number {dora_seen}; engine: {} turned or pending, wall has {want}",
                            id(*tile),
                            turned
                        ),
                    ));
                }
            }
            LogEvent::Agari(a) => {
                if a.who == a.from_who {
                    play(&mut r, a.who, Action::Tsumo, i, actions)?;
                } else {
                    // Every ron on this tile, then the others pass.
                    let mut keep = 0u8;
                    let mut j = i;
                    while let Some(LogEvent::Agari(b)) = ev.get(j) {
                        keep |= 1 << b.who;
                        j += 1;
                    }
                    for s in 0..4u8 {
                        if keep >> s & 1 == 1 {
                            play(&mut r, s, Action::Ron, i, actions)?;
                        }
                    }
                    pass_all(&mut r, 0, i, actions)?;
                    i = j - 1;
                }
                return Ok((r, i));
            }
            LogEvent::Ryuukyoku(d) => {
                match d.kind {
                    Some(mjlog::DrawKind::NineTerminals) => {
                        let Phase::Turn { seat, .. } = *r.phase() else {
                            return Err(at(i, "nine terminals outside a turn".to_string()));
                        };
                        play(&mut r, seat, Action::NineTerminals, i, actions)?;
                    }
                    Some(mjlog::DrawKind::TripleRon) => {
                        for s in 0..4u8 {
                            if r.legal_actions(s).contains(&Action::Ron) {
                                play(&mut r, s, Action::Ron, i, actions)?;
                            }
                        }
                    }
                    _ => pass_all(&mut r, 0, i, actions)?,
                }
                return Ok((r, i));
            }
            LogEvent::Disconnect { .. } | LogEvent::Reconnect { .. } => {}
        }
        i += 1;
    }
    Err(at(
        ev.len(),
        "the log ends the round without a result".to_string(),
    ))
}

fn call(
    r: &mut Round,
    seat: Seat,
    meld: &LogMeld,
    i: usize,
    actions: &mut usize,
) -> Result<(), Mismatch> {
    use mjlog::MeldKind as K;
    let called = meld.called.map(id);
    let own: Vec<u8> = meld
        .tiles
        .iter()
        .map(|&t| id(t))
        .filter(|&t| Some(t) != called)
        .collect();
    match meld.kind {
        K::Chi | K::Pon => {
            if own.len() != 2 {
                return Err(at(i, format!("call {meld:?}: {} own tiles", own.len())));
            }
            let a = if meld.kind == K::Chi {
                Action::Chi {
                    tiles: [own[0], own[1]],
                }
            } else {
                Action::Pon {
                    tiles: [own[0], own[1]],
                }
            };
            play(r, seat, a, i, actions)?;
            pass_all(r, 0, i, actions)
        }
        K::Minkan => {
            play(r, seat, Action::Minkan, i, actions)?;
            pass_all(r, 0, i, actions)
        }
        K::Ankan => {
            pass_all(r, 0, i, actions)?;
            let k = meld.tiles.first().map(|&t| id(t) / 4).unwrap_or(0);
            play(r, seat, Action::Ankan { kind: k }, i, actions)
        }
        K::Kakan => {
            pass_all(r, 0, i, actions)?;
            let Some(t) = meld.added.map(id) else {
                return Err(at(i, format!("added kan without its tile: {meld:?}")));
            };
            play(r, seat, Action::Kakan { tile: t }, i, actions)
        }
        K::Nuki => {
            pass_all(r, 0, i, actions)?;
            let Some(&t) = meld.tiles.first() else {
                return Err(at(i, format!("kita without its tile: {meld:?}")));
            };
            play(r, seat, Action::Kita { tile: id(t) }, i, actions)
        }
    }
}

fn draw_kind_matches(ours: DrawKind, theirs: Option<mjlog::DrawKind>) -> bool {
    use mjlog::DrawKind as T;
    matches!(
        (ours, theirs),
        (DrawKind::Exhaustive, None)
            | (DrawKind::NagashiMangan, Some(T::NagashiMangan))
            | (DrawKind::NineTerminals, Some(T::NineTerminals))
            | (DrawKind::FourWinds, Some(T::FourWinds))
            | (DrawKind::FourRiichi, Some(T::FourRiichi))
            | (DrawKind::FourKans, Some(T::FourKans))
            | (DrawKind::TripleRon, Some(T::TripleRon))
    )
}

/// Compares the engine's result with the log's result events from `from` on.
fn finish(r: Round, ev: &[LogEvent], from: usize) -> Result<RoundResult, Mismatch> {
    let Some(res) = r.result().cloned() else {
        return Err(at(
            from,
            format!("the log ends the round; the engine is at {:?}", r.phase()),
        ));
    };
    // The log's result events: AGARI(s) or one RYUUKYOKU, ending at `from`.
    let mut start = from;
    while start > 0 && matches!(ev[start - 1], LogEvent::Agari(_)) {
        start -= 1;
    }
    let mut deltas = [0i32; 4];
    match (&res.end, &ev[start]) {
        (RoundEnd::Wins(wins), LogEvent::Agari(_)) => {
            let logged: Vec<&mjlog::AgariLog> = ev[start..=from]
                .iter()
                .filter_map(|e| match e {
                    LogEvent::Agari(a) => Some(a),
                    _ => None,
                })
                .collect();
            if logged.len() != wins.len() {
                return Err(at(
                    from,
                    format!("{} wins, log {}", wins.len(), logged.len()),
                ));
            }
            for (w, a) in wins.iter().zip(&logged) {
                for (d, x) in deltas.iter_mut().zip(&a.deltas) {
                    *d += x;
                }
                if w.seat != a.who || w.from != a.from_who {
                    return Err(at(
                        from,
                        format!(
                            "winner {}<-{}, log {}<-{}",
                            w.seat, w.from, a.who, a.from_who
                        ),
                    ));
                }
                let log_han: u32 = a.yaku.iter().map(|&(_, h)| u32::from(h)).sum();
                let s = &w.score;
                let ours_yakuman = s.yakuman;
                let theirs_yakuman = a.yakuman.len() as u32;
                let han_ok = if theirs_yakuman > 0 {
                    ours_yakuman == theirs_yakuman
                } else {
                    ours_yakuman == 0 && s.han == log_han && s.fu == a.fu
                };
                if !han_ok {
                    return Err(at(
                        from,
                        format!(
                            "seat {}: {} han {} fu, yaku {:?}, yakuman {}; log {} han {} fu, yakuman {:?}, yaku {:?}",
                            w.seat,
                            s.han,
                            s.fu,
                            s.yaku,
                            ours_yakuman,
                            log_han,
                            a.fu,
                            a.yakuman,
                            a.yaku
                                .iter()
                                .map(|&(y, h)| (mjlog::yaku_name(y), h))
                                .collect::<Vec<_>>()
                        ),
                    ));
                }
            }
            if deltas[..] != res.deltas[..] {
                return Err(at(
                    from,
                    format!("deltas {:?}, log {:?}", res.deltas, deltas),
                ));
            }
        }
        (RoundEnd::Draw { kind, tenpai }, LogEvent::Ryuukyoku(d)) => {
            if !draw_kind_matches(*kind, d.kind) {
                return Err(at(from, format!("draw {kind:?}, log {:?}", d.kind)));
            }
            if d.deltas[..] != res.deltas[..d.deltas.len().min(4)] {
                return Err(at(
                    from,
                    format!("draw deltas {:?}, log {:?}", res.deltas, d.deltas),
                ));
            }
            if d.kind.is_none() {
                let shown: Vec<bool> = d.shown.iter().map(Option::is_some).collect();
                if shown[..] != tenpai[..shown.len().min(4)] {
                    return Err(at(from, format!("tenpai {tenpai:?}, log shows {shown:?}")));
                }
            }
        }
        (ours, theirs) => {
            return Err(at(from, format!("engine {ours:?}, log {theirs:?}")));
        }
    }
    Ok(res)
}

// ----- tenhou.net/6 JSON: no wall in the log, so one is built from what the log shows -----

/// Replays a tenhou.net/6 JSON text (one game, or one game or round per line). The format has
/// no wall: each round's wall is built from the log (the dealt hands at their deal positions,
/// the draws in order on the live wall or, right after a kan, the replacement tiles, the dora
/// and ura indicators), every other position filled with the unused tiles. Then the round is
/// replayed like an mjlog round; the results compared are the winners, han (and fu when the
/// log gives them), yakuman, every delta, the draw kind and the number of dora indicators.
pub fn replay_tenhou6_text(name: String, text: &str) -> FileReplay {
    t6_replay(name, text, false)
}

fn t6_replay(name: String, text: &str, record: bool) -> FileReplay {
    let mut out = FileReplay {
        name,
        record,
        ..FileReplay::default()
    };
    let games = match crate::tenhou6::parse_tenhou6(text) {
        Ok(g) => vec![g],
        Err(e1) => match crate::tenhou6::parse_tenhou6_lines(text) {
            Ok(g) => g,
            Err(_) => {
                out.mismatches.push(unreadable(e1));
                return out;
            }
        },
    };
    for (gi, g) in games.iter().enumerate() {
        let rules = GameRules {
            red_fives: g.aka,
            open_tanyao: g.rule_name.is_empty() || g.rule_name.contains('喰'),
            ..GameRules::tenhou()
        };
        for (ri, rd) in g.rounds.iter().enumerate() {
            let place = gi * 100 + ri;
            if rd.scores.len() != 4 || rd.hands.len() != 4 {
                out.skipped = Some("three-player game".to_string());
                return out;
            }
            let setup = RoundSetup {
                round_wind: rd.round / 4,
                dealer: rd.dealer,
                honba: u32::from(rd.honba),
                sticks: u32::from(rd.sticks),
                scores: [rd.scores[0], rd.scores[1], rd.scores[2], rd.scores[3]],
            };
            let wall = match t6_wall(rd) {
                Ok(w) => w,
                Err(e) => {
                    out.mismatches.push(Mismatch {
                        round: Some(place),
                        event: None,
                        what: e,
                    });
                    continue;
                }
            };
            let mut events = rd.events.clone();
            t6_result_events(&rd.result, &mut events);
            out.rounds += 1;
            let played = match replay_round(
                rules,
                setup,
                wall,
                &rd.hands,
                &events,
                &mut out.actions,
                out.record,
            ) {
                Ok((mut r, _)) => {
                    out.events.extend(r.take_events());
                    t6_compare(&r, rd)
                }
                Err(e) => Err(e),
            };
            if let Err(m) = played {
                out.mismatches.push(Mismatch {
                    round: Some(place),
                    ..m
                });
            }
        }
    }
    out
}

/// Builds a wall in Tenhou's layout from a tenhou.net/6 round.
fn t6_wall(rd: &crate::tenhou6::Tenhou6Round) -> Result<Wall, String> {
    let mut w = [255u8; 136];
    let mut used = [false; 136];
    // Puts `id` at `at`; an id already used (the format has no copy numbers for indicators)
    // is replaced by an unused copy of the same kind and redness.
    let mut put = |w: &mut [u8; 136], at: usize, t: TileId| -> Result<(), String> {
        let mut idv = t.as_u8();
        if used[usize::from(idv)] {
            let k = idv / 4;
            let red = crate::tiles::is_red_id(idv);
            idv = (k * 4..k * 4 + 4)
                .find(|&c| !used[usize::from(c)] && crate::tiles::is_red_id(c) == red)
                .ok_or_else(|| format!("a fifth copy of tile {}", t.as_u8()))?;
        }
        if w[at] != 255 {
            return Err(format!("wall position {at} given twice"));
        }
        used[usize::from(idv)] = true;
        w[at] = idv;
        Ok(())
    };
    for o in 0..4usize {
        let seat = (usize::from(rd.dealer) + o) & 3;
        for (k, &t) in rd.hands[seat].iter().enumerate().take(13) {
            let at = if k < 12 {
                135 - ((k / 4) * 16 + o * 4 + k % 4)
            } else {
                135 - (48 + o)
            };
            put(&mut w, at, t)?;
        }
    }
    let (mut live, mut rinshan) = (0usize, 0usize);
    let mut prev_kan: Option<u8> = None;
    for e in &rd.events {
        match e {
            LogEvent::Draw { seat, tile } => {
                if prev_kan == Some(*seat) {
                    let at = *crate::wall::RINSHAN_AT
                        .get(rinshan)
                        .ok_or("more than four replacement draws")?;
                    put(&mut w, at, *tile)?;
                    rinshan += 1;
                } else {
                    if live > 83 - 14 {
                        return Err("more live draws than the wall holds".to_string());
                    }
                    put(&mut w, 83 - live, *tile)?;
                    live += 1;
                }
                prev_kan = None;
            }
            LogEvent::Call { seat, meld } => {
                use crate::mjlog::MeldKind as K;
                prev_kan = matches!(meld.kind, K::Minkan | K::Ankan | K::Kakan).then_some(*seat);
            }
            LogEvent::Riichi { .. } | LogEvent::Dora { .. } => {}
            _ => prev_kan = None,
        }
    }
    for (i, &t) in rd.dora_indicators.iter().enumerate().take(5) {
        put(&mut w, crate::wall::DORA_AT[i], t)?;
    }
    for (i, &t) in rd.ura_indicators.iter().enumerate().take(5) {
        put(&mut w, crate::wall::URA_AT[i], t)?;
    }
    let mut rest = (0..136u8).filter(|&i| !used[usize::from(i)]);
    for slot in w.iter_mut() {
        if *slot == 255 {
            *slot = rest.next().ok_or("not enough tiles to fill the wall")?;
        }
    }
    Wall::from_ids(&w).map_err(|e| e.to_string())
}

/// The result as the events the replay loop acts on (who wins, or which draw).
fn t6_result_events(res: &crate::tenhou6::Tenhou6Result, events: &mut Vec<LogEvent>) {
    use crate::tenhou6::Tenhou6Result as R;
    match res {
        R::Agari(wins) => {
            for w in wins {
                events.push(LogEvent::Agari(mjlog::AgariLog {
                    who: w.who,
                    from_who: w.from_who,
                    hand: Vec::new(),
                    melds: Vec::new(),
                    win_tile: TileId::RED_FIVES[0],
                    fu: w.fu.unwrap_or(0),
                    points: 0,
                    limit: mjlog::Limit::None,
                    yaku: Vec::new(),
                    yakuman: Vec::new(),
                    dora: Vec::new(),
                    ura: Vec::new(),
                    scores_before: Vec::new(),
                    deltas: w.deltas.clone(),
                    pao: w.pao,
                    honba: 0,
                    sticks: 0,
                    chips: None,
                }));
            }
        }
        R::Draw { kind, deltas, .. } => events.push(LogEvent::Ryuukyoku(mjlog::DrawLog {
            kind: *kind,
            scores_before: Vec::new(),
            deltas: deltas.clone(),
            shown: Vec::new(),
            honba: 0,
            sticks: 0,
            chips: None,
        })),
    }
}

fn t6_compare(r: &Round, rd: &crate::tenhou6::Tenhou6Round) -> Result<(), Mismatch> {
    use crate::tenhou6::Tenhou6Result as R;
    let end = rd.events.len();
    let Some(res) = r.result() else {
        return Err(at(
            end,
            format!("the log ends the round; the engine is at {:?}", r.phase()),
        ));
    };
    let turned = r.dora_indicators().count();
    if turned != rd.dora_indicators.len() {
        return Err(at(
            end,
            format!(
                "{turned} dora indicators turned, log lists {}",
                rd.dora_indicators.len()
            ),
        ));
    }
    match (&res.end, &rd.result) {
        (RoundEnd::Wins(ours), R::Agari(theirs)) => {
            if ours.len() != theirs.len() {
                return Err(at(
                    end,
                    format!("{} wins, log {}", ours.len(), theirs.len()),
                ));
            }
            let mut deltas = [0i32; 4];
            for (w, t) in ours.iter().zip(theirs) {
                for (d, x) in deltas.iter_mut().zip(&t.deltas) {
                    *d += x;
                }
                let han: u32 = t
                    .yaku
                    .iter()
                    .filter(|y| !y.yakuman)
                    .map(|y| u32::from(y.han))
                    .sum();
                let yakuman = t.yaku.iter().filter(|y| y.yakuman).count() as u32;
                let s = &w.score;
                let ok = w.seat == t.who
                    && w.from == t.from_who
                    && if yakuman > 0 {
                        s.yakuman == yakuman
                    } else {
                        s.yakuman == 0 && s.han == han && t.fu.is_none_or(|f| f == s.fu)
                    };
                if !ok {
                    return Err(at(
                        end,
                        format!(
                            "seat {}<-{}: {} han {} fu yakuman {} {:?}; log seat {}<-{}: {} ({} han, yakuman {}) {:?}",
                            w.seat,
                            w.from,
                            s.han,
                            s.fu,
                            s.yakuman,
                            s.yaku,
                            t.who,
                            t.from_who,
                            t.summary,
                            han,
                            yakuman,
                            t.yaku.iter().map(|y| (&y.name, y.han)).collect::<Vec<_>>()
                        ),
                    ));
                }
            }
            // Some converters give a double ron's deltas per winner, some only the sum.
            if deltas[..] != res.deltas[..] {
                return Err(at(
                    end,
                    format!("deltas {:?}, log {:?}", res.deltas, deltas),
                ));
            }
        }
        (
            RoundEnd::Draw { kind, .. },
            R::Draw {
                kind: theirs,
                deltas,
                ..
            },
        ) => {
            if !draw_kind_matches(*kind, *theirs) {
                return Err(at(end, format!("draw {kind:?}, log {theirs:?}")));
            }
            if deltas.iter().any(|&d| d != 0) && deltas[..] != res.deltas[..] {
                return Err(at(
                    end,
                    format!("draw deltas {:?}, log {:?}", res.deltas, deltas),
                ));
            }
        }
        (ours, theirs) => return Err(at(end, format!("engine {ours:?}, log {theirs:?}"))),
    }
    Ok(())
}

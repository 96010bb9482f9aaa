//! A match (半荘 / 東風戦 / one round): rounds one after another with dealer repeats, honba,
//! sticks, busting, the dealer's agari-yame, the extension round, and final ranks with uma
//! and oka.

use core::fmt;

use mj_tiles::random::SplitMix64;
use serde::{Deserialize, Serialize};

use crate::action::{Action, IllegalAction, Seat, SeatSet};
use crate::mjai::Event;
use crate::round::{ActionList, DrawKind, Round, RoundEnd, RoundResult, RoundSetup};
use crate::rules::{GameRules, GameRulesError, Length};
use crate::view::SeatView;
use crate::wall::Wall;

/// Where each round's wall comes from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WallSource {
    /// Round `n` (0-based, counting repeats) uses `Wall::from_seed(SplitMix64::new(seed)`'s
    /// `n`-th output).
    Seeded {
        /// The match seed.
        seed: u64,
    },
    /// Explicit walls, one per round in order (a replay); a match that needs more ends.
    Given(Vec<Wall>),
}

impl WallSource {
    /// Round `n`'s wall; seeded three-player walls come from [`Wall::sanma_from_seed`],
    /// Sichuan walls from [`Wall::sichuan_from_seed`].
    fn wall(&self, n: usize, rules: &GameRules) -> Option<Wall> {
        match self {
            WallSource::Seeded { seed } => {
                let mut rng = SplitMix64::new(*seed);
                let mut s = 0;
                for _ in 0..=n {
                    s = rng.next_u64();
                }
                Some(if rules.red_wildcards() {
                    Wall::hongzhong_from_seed(s)
                } else if rules.is_sichuan() {
                    Wall::sichuan_from_seed(s)
                } else if rules.players == 3 {
                    Wall::sanma_from_seed(s)
                } else {
                    Wall::from_seed(s)
                })
            }
            WallSource::Given(w) => w.get(n).cloned(),
        }
    }
}

/// The end of a match: final scores, ranks and points.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchResult {
    /// Final scores (sticks left on the table go to the first place).
    pub scores: [i32; 4],
    /// Rank of each seat, 1..=4 (ties broken by seat order from the first dealer).
    pub ranks: [u8; 4],
    /// Final points in tenths (uma and oka included; rounded as [`final_points`] says).
    pub points_tenths: [i32; 4],
    /// Rounds played.
    pub rounds: u32,
    /// Seats at the table (3 or 4); with three, seat 3's entries are unused.
    pub players: u8,
}

impl fmt::Display for MatchResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for s in 0..usize::from(self.players.clamp(3, 4)) {
            if s > 0 {
                f.write_str("  ")?;
            }
            let p = self.points_tenths[s];
            write!(
                f,
                "seat {s}: {} ({}, {}{}.{})",
                self.scores[s],
                self.ranks[s],
                if p < 0 { "-" } else { "+" },
                p.abs() / 10,
                p.abs() % 10
            )?;
        }
        write!(f, "; {} rounds", self.rounds)
    }
}

/// Ranks by score, ties broken by seat order (seat 0 first).
pub fn ranks(scores: &[i32; 4]) -> [u8; 4] {
    ranks_of(scores, 4)
}

/// Ranks of the first `players` seats (3 or 4) by score, ties broken by seat order; an absent
/// fourth seat is ranked 4.
pub fn ranks_of(scores: &[i32; 4], players: u8) -> [u8; 4] {
    let n = usize::from(players.clamp(3, 4));
    let mut order = [0usize, 1, 2, 3];
    order[..n].sort_by_key(|&s| (core::cmp::Reverse(scores[s]), s));
    let mut r = [0u8; 4];
    for (i, &s) in order.iter().enumerate() {
        r[s] = i as u8 + 1;
    }
    r
}

/// Final points in tenths, as Tenhou computes them: each score is rounded to whole thousands
/// (half away from zero: 7,500 -> 8,000, -500 -> -1,000), `target` is taken off and the uma of
/// the rank added; the first place takes what makes the sum zero (its share plus the oka).
///
/// With `tied_ranks_share_uma`, seats tied on score share the uma of the places they hold
/// together (and the oka when the first place is among them); the first place by seat order
/// takes what rounding leaves, so the points still sum to zero.
pub fn final_points(rules: &GameRules, scores: &[i32; 4]) -> [i32; 4] {
    let r = ranks_of(scores, rules.players);
    let n = usize::from(rules.players.clamp(3, 4));
    // A score's points before the uma, in tenths.
    let base = |x: i32| {
        if rules.riichi.round_final_points {
            let rounded = x.signum() * ((x.abs() + 500) / 1000) * 1000;
            10 * ((rounded - rules.riichi.target) / 1000)
        } else {
            (x - rules.riichi.target) / 100
        }
    };
    let mut pts = [0i32; 4];
    if rules.riichi.tied_ranks_share_uma {
        let oka = (rules.riichi.target - rules.start_points).saturating_mul(n as i32) / 100;
        for s in 0..n {
            let places: Vec<usize> = (0..n)
                .filter(|&t| scores[t] == scores[s])
                .map(|t| usize::from(r[t] - 1))
                .collect();
            let bonus: i32 = places
                .iter()
                .map(|&p| 10 * rules.riichi.uma[p] + if p == 0 { oka } else { 0 })
                .sum();
            pts[s] = base(scores[s]) + bonus / places.len().max(1) as i32;
        }
    } else {
        for s in 0..n {
            if r[s] != 1 {
                pts[s] = base(scores[s]) + 10 * rules.riichi.uma[usize::from(r[s] - 1)];
            }
        }
    }
    let first = (0..4).find(|&s| r[s] == 1).unwrap_or(0);
    pts[first] = 0;
    let others: i32 = pts.iter().sum();
    pts[first] = -others;
    pts
}

/// A match between four seats.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Match {
    rules: GameRules,
    length: Length,
    walls: WallSource,
    round: Round,
    played: u32,
    record: bool,
    result: Option<MatchResult>,
    history: Vec<RoundResult>,
    log: Vec<Event>,
}

impl Match {
    /// A match whose walls come from `walls`; with `record` it keeps its mjai events.
    ///
    /// # Errors
    /// Rules that fail [`GameRules::validate`]: no match is started.
    pub fn try_new(
        rules: GameRules,
        length: Length,
        walls: WallSource,
        record: bool,
    ) -> Result<Match, GameRulesError> {
        rules.validate()?;
        Ok(Match::start(rules, length, walls, record))
    }

    /// A seeded match, or the error of rules that fail [`GameRules::validate`].
    ///
    /// # Errors
    /// As [`Match::try_new`].
    pub fn try_seeded(
        rules: GameRules,
        length: Length,
        seed: u64,
        record: bool,
    ) -> Result<Match, GameRulesError> {
        Match::try_new(rules, length, WallSource::Seeded { seed }, record)
    }

    /// [`Match::try_new`] for rules known to be valid (the presets); rules from outside go
    /// through `try_new`.
    ///
    /// # Panics
    /// When `rules.validate()` fails: a program error, never a fallback to another game.
    #[allow(clippy::panic)]
    #[track_caller]
    pub fn new(rules: GameRules, length: Length, walls: WallSource, record: bool) -> Match {
        match Match::try_new(rules, length, walls, record) {
            Ok(m) => m,
            Err(e) => panic!("Match::new with invalid rules ({e}); use Match::try_new"),
        }
    }

    fn start(rules: GameRules, length: Length, walls: WallSource, record: bool) -> Match {
        let mut setup = RoundSetup::first(rules.start_points);
        if rules.players == 3 {
            setup.scores[3] = 0;
        }
        let wall = walls.wall(0, &rules).unwrap_or_else(|| Wall::from_seed(0));
        let round = Round::deal_valid(rules, setup, wall, record);
        let mut log = Vec::new();
        if record {
            log.push(Event::StartGame {
                names: core::array::from_fn(|s| format!("seat{s}")),
            });
        }
        Match {
            rules,
            length,
            walls,
            round,
            played: 0,
            record,
            result: None,
            history: Vec::new(),
            log,
        }
    }

    /// A seeded match ([`Match::new`]: rules known to be valid).
    ///
    /// # Panics
    /// As [`Match::new`].
    #[track_caller]
    pub fn seeded(rules: GameRules, length: Length, seed: u64, record: bool) -> Match {
        Match::new(rules, length, WallSource::Seeded { seed }, record)
    }

    /// The round in play (the last one once the match is over).
    pub fn round(&self) -> &Round {
        &self.round
    }

    /// The rules.
    pub fn rules(&self) -> &GameRules {
        &self.rules
    }

    /// The results of the rounds played so far.
    pub fn history(&self) -> &[RoundResult] {
        &self.history
    }

    /// The final result once the match is over.
    pub fn result(&self) -> Option<&MatchResult> {
        self.result.as_ref()
    }

    /// What `seat` sees now, in the round being played: the input of a [`crate::Bot`].
    pub fn view(&self, seat: Seat) -> SeatView<'_> {
        self.round().view(seat)
    }

    /// `true` once the match is over.
    pub fn is_over(&self) -> bool {
        self.result.is_some()
    }

    /// Seats that must decide now.
    pub fn to_act(&self) -> SeatSet {
        if self.is_over() {
            SeatSet::EMPTY
        } else {
            self.round.to_act()
        }
    }

    /// The legal actions of `seat`.
    pub fn legal_actions(&self, seat: Seat) -> ActionList {
        if self.is_over() {
            return ActionList::new();
        }
        self.round.legal_actions(seat)
    }

    /// Every mjai event so far (with `record`), this round's included.
    pub fn events(&self) -> Vec<Event> {
        let mut v = self.log.clone();
        v.extend_from_slice(self.round.events());
        v
    }

    /// Applies an action; when it ends the round, the next round starts (or the match ends).
    pub fn play(&mut self, seat: Seat, action: Action) -> Result<(), IllegalAction> {
        if self.is_over() {
            return Err(IllegalAction::RoundOver);
        }
        self.round.play(seat, action)?;
        if self.round.is_over() {
            self.advance();
        }
        Ok(())
    }

    fn advance(&mut self) {
        let Some(res) = self.round.result().cloned() else {
            return;
        };
        self.log.extend(self.round.take_events());
        self.played += 1;
        let setup = *self.round.setup();
        let next = if self.rules.is_mcr() {
            match crate::round::mcr::mcr_next_setup(self.length, self.played, res.scores) {
                Some(setup) => Next::Continue(setup),
                None => Next::End {
                    scores: res.scores,
                    sticks: 0,
                },
            }
        } else if self.rules.is_chinese() {
            sichuan_next(self.length, self.played, &res)
        } else {
            next_round(&self.rules, self.length, &setup, &res)
        };
        self.history.push(res);
        match next {
            Next::Continue(setup) => match self.walls.wall(self.played as usize, &self.rules) {
                Some(wall) => {
                    self.round = Round::deal_valid(self.rules, setup, wall, self.record);
                }
                None => self.finish(setup.scores, setup.sticks),
            },
            Next::End { scores, sticks } => self.finish(scores, sticks),
        }
    }

    fn finish(&mut self, scores: [i32; 4], sticks: u32) {
        let result = final_result(&self.rules, scores, sticks, self.played);
        if self.record {
            self.log.push(Event::EndGame {
                scores: result.scores,
            });
        }
        self.result = Some(result);
    }
}

/// A Sichuan match: `length.rounds()` rounds (1, 4 or 8), each dealt by the seat the last one
/// named ([`crate::SichuanResult::next_dealer`]); scores carry over, nobody busts.
fn sichuan_next(length: Length, played: u32, res: &RoundResult) -> Next {
    if played >= u32::from(length.rounds()) {
        return Next::End {
            scores: res.scores,
            sticks: 0,
        };
    }
    let dealer = res.sichuan.as_ref().map_or(0, |s| s.next_dealer & 3);
    Next::Continue(RoundSetup {
        round_wind: 0,
        dealer,
        honba: 0,
        sticks: 0,
        scores: res.scores,
    })
}

/// What follows a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// The next round starts from this setup.
    Continue(RoundSetup),
    /// The match ends with these scores and sticks left on the table.
    End {
        /// Scores after the last round.
        scores: [i32; 4],
        /// Riichi sticks left on the table.
        sticks: u32,
    },
}

/// The match rules applied to a finished round: dealer repeat (連荘) on a dealer win, a dealer
/// tenpai at an exhaustive draw or any abortive draw; honba up on a repeat or a draw, back to
/// zero when a non-dealer wins; the match ends when a player is below zero (busting), after the
/// last regular round unless nobody has `target` (then the next wind is played, sudden death,
/// to its fourth round at most), or in the last round when the dealer repeats as first with
/// `target` points (agari-yame).
pub fn next_round(
    rules: &GameRules,
    length: Length,
    setup: &RoundSetup,
    res: &RoundResult,
) -> Next {
    let scores = res.scores;
    let sticks = res.sticks;
    let end = Next::End { scores, sticks };
    let n = rules.players.clamp(3, 4);
    let index = setup.round_wind * n + setup.dealer;
    let regular = if length == Length::OneRound {
        1
    } else {
        length.rounds() / 4 * n
    };
    let last_regular = regular - 1;
    let dealer_win =
        matches!(&res.end, RoundEnd::Wins(w) if w.iter().any(|w| w.seat == setup.dealer));
    let is_draw = matches!(res.end, RoundEnd::Draw { .. });
    // Tenpai-yame needs an exhaustive draw: an abortive draw repeats without ending the match.
    let tenpai_draw = matches!(
        res.end,
        RoundEnd::Draw {
            kind: DrawKind::Exhaustive | DrawKind::NagashiMangan,
            ..
        }
    );
    let honba = if dealer_win || is_draw {
        setup.honba + 1
    } else {
        0
    };
    let (next_index, next_dealer) = if res.dealer_keeps {
        (index, setup.dealer)
    } else {
        (index + 1, (setup.dealer + 1) % n)
    };
    let top_reached = scores.iter().any(|&s| s >= rules.riichi.target);
    if length == Length::OneRound || (rules.riichi.busting && scores.iter().any(|&s| s < 0)) {
        return end;
    }
    if index >= last_regular {
        if res.dealer_keeps && (dealer_win || (rules.riichi.tenpai_yame && tenpai_draw)) {
            let rk = ranks_of(&scores, rules.players);
            let d = usize::from(setup.dealer);
            if rules.riichi.agari_yame && rk[d] == 1 && scores[d] >= rules.riichi.target {
                return end;
            }
            if index > last_regular && top_reached {
                return end;
            }
        } else if res.dealer_keeps {
            if index > last_regular && top_reached {
                return end;
            }
        } else if top_reached || !rules.riichi.extension || next_index > last_regular + n {
            return end;
        }
    }
    Next::Continue(RoundSetup {
        round_wind: next_index / n,
        dealer: next_dealer,
        honba,
        sticks,
        scores,
    })
}

/// The final result: sticks left on the table go to the first place, then ranks and points.
pub fn final_result(
    rules: &GameRules,
    mut scores: [i32; 4],
    sticks: u32,
    rounds: u32,
) -> MatchResult {
    let rk = ranks_of(&scores, rules.players);
    if let Some(first) = (0..4).find(|&s| rk[s] == 1) {
        scores[first] += 1000 * sticks as i32;
    }
    if rules.is_chinese() {
        // Sichuan: the scores are the stakes won and lost; no uma, no oka.
        return MatchResult {
            scores,
            ranks: ranks_of(&scores, 4),
            points_tenths: scores.map(|s| s.saturating_mul(10)),
            rounds,
            players: 4,
        };
    }
    MatchResult {
        scores,
        ranks: ranks_of(&scores, rules.players),
        points_tenths: final_points(rules, &scores),
        rounds,
        players: rules.players,
    }
}

//! **search**: a base player's candidates (`imitation`'s by default), judged by playing sampled
//! rounds out.
//!
//! At a decision with more than one legal action (riichi flows here; the flows on the Sichuan
//! machinery, `sichuan`, `sichuan_hongzhong` and `hongzhong`, once play has begun, with the
//! candidates, rollout policy and value of `chinese.rs`; 换三张, 定缺 and MCR are played by
//! [`Defense`]):
//!
//! 1. **Candidates.** A win on offer is taken. Otherwise the candidates are, in this order and
//!    at most [`SearchConfig::candidates`]: the base player's own choice; on a turn, the same tile
//!    with and without riichi when riichi is on offer, the two best discards by efficiency
//!    (shanten, then live effective tiles), the safest discard by `defense`'s deal-in risk
//!    when another seat threatens, a kan on offer; on a tile on offer (riichi only with
//!    `offers=search`: by default the base answers it unsearched, [`SearchConfig::search_offers`]),
//!    passing, the call `efficiency` would make and the first pon.
//! 2. **Samples.** Each sample deals the hidden tiles anew ([`mj_game::determinize`]: uniform
//!    over the unseen ids, another seat in riichi dealt a ready hand that is not furiten on
//!    what was discarded since, in riichi every other seat dealt ready as often as
//!    [`crate::reads`] reads it ready, unless [`SearchConfig::reads`] is off), then plays
//!    **every** candidate on a copy of that same round
//!    and plays the round out with the rollout policy ([`Rollout`]) at every seat: common
//!    random numbers, so the candidates differ only by their own effect.
//! 3. **Value.** The round's end is worth its expected placement points to the seat (uma and
//!    oka from the rules, the rank spread by the rounds left; exact in the last round; see
//!    `value.rs`).
//! 4. **Choice.** The candidate with the best mean value is played only when its mean gain
//!    over the base's choice, sample by sample, exceeds [`SearchConfig::margin`] standard
//!    errors of that gain and, in riichi, [`SearchConfig::min_gain`] thousand placement
//!    points (3 by default); otherwise the base's choice is played. So a search with few
//!    samples falls back to its base rather than to noise, and one with many to its base
//!    rather than to the rollouts' own bias.
//!
//! The budget is either a time per decision ([`SearchConfig::think_ms`], measured with
//! [`std::time::Instant`]: samples are drawn until it is spent, at least one) or a fixed
//! number of samples ([`SearchConfig::samples`]), which is deterministic: the samples of a
//! decision are seeded from the player's seed and the decision's count, so a seeded game
//! replays exactly. By name (`mj_bot::registry`): `search` (200 ms), `search:20` (20 ms),
//! `search:samples=64` (64 samples a decision).
//!
//! The base player ([`SearchConfig::base`]) is [`Imitation`] by default (`defense` discarding
//! as the Phoenix players of the real logs do, by a network fitted on them), [`Defense`] with
//! `base=defense`: its choice is the first candidate and the fallback, so the search plays
//! like those players unless the samples clearly say otherwise. In the Chinese flows both
//! bases are the Chinese strategy.

mod chinese;
mod rollout;
mod value;

use std::time::{Duration, Instant};

use mj_game::determinize::Deal;
use mj_game::drive::{Stop, drive};
use mj_game::{Action, Bot, Flow, Length, Position, SeatView};
use mj_tiles::Tile;
use mj_tiles::random::SplitMix64;
use mj_tiles::rng::mix;

pub use rollout::Rollout;

use crate::common::{discard_of, offered_kinds, useful_call, win};
use crate::players::{Ranker, order_scores, rank};
use crate::risk::{Threats, deal_in_risk};
use crate::{Defense, Imitation};
use rollout::RolloutBot;

/// How [`Search`] spends its budget (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchConfig {
    /// Time per decision, in milliseconds (used when `samples` is `None`).
    pub think_ms: u64,
    /// A fixed number of samples per decision instead of a time (deterministic).
    pub samples: Option<u32>,
    /// At most this many samples per decision under a time budget.
    pub max_samples: u32,
    /// Candidates per decision, the base's choice first.
    pub candidates: usize,
    /// How the sampled rounds are played out; `None` is the flow's own default: the fast
    /// policy in riichi, `defense` in the Chinese flows (where the fast one loses to
    /// `defense`: docs/bots-and-arena.md).
    pub rollout: Option<Rollout>,
    /// Standard errors of the gain over the base's choice a candidate needs to be played.
    pub margin: f64,
    /// The least mean gain over the base's choice (thousands of placement points) a candidate
    /// needs to be played in riichi, however many samples (`gain=X`; 3 by default): the
    /// rollouts do not play like people, so a small gain they find is as likely their bias as
    /// the candidate's worth. The Chinese flows' value is a rank, and this does not apply.
    pub min_gain: f64,
    /// The match length the placement value counts the rounds left in.
    pub length: Length,
    /// The player whose choice is the first candidate and the fallback.
    pub base: Base,
    /// Deal other seats not in riichi a ready hand as often as [`crate::reads`] reads them
    /// ready (`true`, the default), or uniformly (`reads=none`). Riichi only.
    pub reads: bool,
    /// Search the answers to a tile on offer (calls, pass) in riichi (`offers=search`), or give
    /// the base's answer unsearched (`false`, the default: the fast rollouts never call, so
    /// they undervalue every call; docs/bots-and-arena.md measures both).
    pub search_offers: bool,
}

/// The player a search starts from: its choice is the first candidate, and what is played
/// unless another candidate's gain over it is clear.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Base {
    /// `defense`.
    Defense,
    /// `imitation` (the default): `defense` discarding as the Phoenix players of the real
    /// logs do.
    #[default]
    Imitation,
}

impl Base {
    /// `defense` or `imitation`.
    pub fn from_name(name: &str) -> Option<Base> {
        match name {
            "defense" => Some(Base::Defense),
            "imitation" => Some(Base::Imitation),
            _ => None,
        }
    }

    /// The base player's choice.
    fn act(self, view: &SeatView<'_>, legal: &[Action]) -> Action {
        match self {
            Base::Defense => Defense.act(view, legal),
            Base::Imitation => Imitation.act(view, legal),
        }
    }

    /// The base player's order of the kinds it may discard, best first (`imitation`'s falls
    /// back to `defense`'s where it has no model's order).
    fn order(self, view: &SeatView<'_>, legal: &[Action]) -> Vec<Tile> {
        match self {
            Base::Defense => None,
            Base::Imitation => Imitation::order(view, legal),
        }
        .unwrap_or_else(|| Defense::order(view))
    }
}

impl Default for SearchConfig {
    fn default() -> SearchConfig {
        SearchConfig {
            think_ms: 200,
            samples: None,
            max_samples: 100_000,
            candidates: 4,
            rollout: None,
            margin: 1.5,
            min_gain: 3.0,
            length: Length::Hanchan,
            base: Base::Imitation,
            reads: true,
            search_offers: false,
        }
    }
}

impl SearchConfig {
    /// The configuration of a registry name's option: parts joined by `+`, each `N` or `Nms`
    /// (milliseconds a decision), `samples=N`, `candidates=N`, `margin=X` (standard errors),
    /// `gain=X` (the least mean gain, thousands of points),
    /// `rollout=fast|mixed|defense`, `length=east|hanchan`, `base=defense|imitation`,
    /// `reads=model|none`, `offers=search|base`; `""` is the default. `None` for anything else.
    pub fn from_option(option: &str) -> Option<SearchConfig> {
        let mut c = SearchConfig::default();
        if option.is_empty() {
            return Some(c);
        }
        for part in option.split('+') {
            match part.split_once('=') {
                Some(("samples", n)) => c.samples = Some(n.parse().ok().filter(|&n| n > 0)?),
                Some(("candidates", n)) => c.candidates = n.parse().ok().filter(|&n| n > 0)?,
                Some(("margin", x)) => c.margin = x.parse().ok().filter(|x: &f64| *x >= 0.0)?,
                Some(("gain", x)) => c.min_gain = x.parse().ok().filter(|x: &f64| *x >= 0.0)?,
                Some(("rollout", r)) => c.rollout = Some(Rollout::from_name(r)?),
                Some(("base", b)) => c.base = Base::from_name(b)?,
                Some(("offers", o)) => {
                    c.search_offers = match o {
                        "search" => true,
                        "base" => false,
                        _ => return None,
                    };
                }
                Some(("reads", r)) => {
                    c.reads = match r {
                        "model" => true,
                        "none" => false,
                        _ => return None,
                    };
                }
                Some(("length", l)) => {
                    c.length = Length::from_name(l).filter(|&l| l != Length::OneRound)?;
                }
                Some(_) => return None,
                None => {
                    let ms = part.strip_suffix("ms").unwrap_or(part);
                    c.think_ms = ms.parse().ok().filter(|&n| n > 0)?;
                }
            }
        }
        Some(c)
    }
}

/// What the last decision did (for tests and diagnostics).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SearchStats {
    /// Candidates judged (0: the decision was not searched).
    pub candidates: usize,
    /// Samples drawn.
    pub samples: u32,
    /// Mean value of each candidate (thousands of placement points).
    pub means: Vec<f64>,
    /// The index of the candidate played (0: the base's choice).
    pub chosen: usize,
    /// Sampled riichi hands that could not be made ready.
    pub unready: u32,
}

/// The search player (see the module docs).
#[derive(Clone, Debug)]
pub struct Search {
    /// Its budget and choices.
    pub config: SearchConfig,
    seed: u64,
    decisions: u64,
    /// What the last decision did.
    pub last: SearchStats,
    /// The candidates the last decision judged (`last.means` in the same order).
    judged: Vec<Action>,
}

impl Search {
    /// A player with `config`, its samples seeded by `seed`.
    pub fn new(config: SearchConfig, seed: u64) -> Search {
        Search {
            config,
            seed,
            decisions: 0,
            last: SearchStats::default(),
            judged: Vec::new(),
        }
    }
}

impl Bot for Search {
    fn act(&mut self, view: &SeatView<'_>, legal: &[Action]) -> Action {
        self.decisions += 1;
        self.last = SearchStats::default();
        let base = self.config.base.act(view, legal);
        let in_chinese = chinese::is_chinese(view);
        if (view.rules().flow != Flow::Riichi && !in_chinese) || legal.len() < 2 {
            return base;
        }
        if in_chinese && chinese::before_play(legal) {
            return base;
        }
        if let Some(w) = win(legal) {
            return w;
        }
        if !self.config.search_offers && !in_chinese && view.offer().is_some() {
            return base;
        }
        let cands = if in_chinese {
            chinese::candidates(view, legal, base, self.config.candidates)
        } else {
            candidates(view, legal, base, self.config.candidates)
        };
        if cands.len() < 2 {
            return base;
        }
        let seed = mix(self.seed ^ self.decisions.wrapping_mul(0x9e37_79b9_7f4a_7c15));
        let stats = judge(view, &cands, &self.config, seed);
        let chosen = cands.get(stats.chosen).copied().unwrap_or(base);
        self.last = stats;
        self.judged = cands;
        chosen
    }

    /// The base player's order as scores ([`Bot::scores`]) with every judged candidate above
    /// them at 100 plus its mean placement value over the samples.
    fn scores(&mut self, view: &SeatView<'_>, legal: &[Action]) -> (Action, Vec<f64>) {
        self.judged.clear();
        let chosen = self.act(view, legal);
        let order = self.config.base.order(view, legal);
        let mut scores = order_scores(legal, chosen, &order);
        if self.last.samples > 0 {
            for (c, a) in self.judged.iter().enumerate() {
                if let (Some(i), Some(m)) =
                    (legal.iter().position(|x| x == a), self.last.means.get(c))
                {
                    scores[i] = 100.0 + m;
                }
            }
        }
        (chosen, scores)
    }
}

/// The candidates of a decision, `base` (the base player's choice) first (see the module docs).
fn candidates(view: &SeatView<'_>, legal: &[Action], base: Action, most: usize) -> Vec<Action> {
    let mut out: Vec<Action> = Vec::with_capacity(8);
    let mut push = |a: Option<Action>| {
        if let Some(a) = a
            && legal.contains(&a)
            && !out.contains(&a)
        {
            out.push(a);
        }
    };
    push(Some(base));
    let drawn = view.drawn();
    if view.offer().is_some() {
        push(Some(Action::Pass));
        push(useful_call(view, legal).map(|(a, _)| a));
        push(
            legal
                .iter()
                .copied()
                .find(|a| matches!(a, Action::Pon { .. })),
        );
    } else {
        // Riichi or not with the same tile.
        let tile_of = |a: Action| match a {
            Action::Discard { tile } | Action::Riichi { tile } => Some(tile.tile()),
            _ => None,
        };
        if let Some(k) = tile_of(base) {
            push(discard_of(legal, k, true, drawn));
            push(discard_of(legal, k, false, drawn));
        }
        let kinds = offered_kinds(legal, false);
        let order: Vec<Tile> = rank(view, Ranker::Efficiency)
            .into_iter()
            .filter(|&t| kinds.contains(t))
            .take(2)
            .collect();
        let riichi = !offered_kinds(legal, true).is_empty();
        for &k in &order {
            if riichi {
                push(discard_of(legal, k, true, drawn));
            }
            push(discard_of(legal, k, false, drawn));
        }
        let threats = Threats::of(view);
        if !threats.is_empty() {
            let risk = deal_in_risk(view, &threats);
            let safest = kinds
                .into_iter()
                .min_by(|a, b| risk[a.index()].total_cmp(&risk[b.index()]));
            if let Some(k) = safest {
                push(discard_of(legal, k, false, drawn));
            }
        }
        push(
            legal
                .iter()
                .copied()
                .find(|a| matches!(a, Action::Ankan { .. } | Action::Kakan { .. })),
        );
    }
    out.truncate(most.max(1));
    out
}

/// The least chance of being ready a read seat is dealt ready with.
const READ_FLOOR: f64 = 0.03;

/// Samples and plays out every candidate; the statistics, with the candidate to play.
fn judge(view: &SeatView<'_>, cands: &[Action], config: &SearchConfig, seed: u64) -> SearchStats {
    let mut stats = SearchStats {
        candidates: cands.len(),
        ..SearchStats::default()
    };
    let Ok(mut deal) = Deal::new(view) else {
        return stats;
    };
    let me = view.seat();
    let rules = *view.rules();
    let in_chinese = chinese::is_chinese(view);
    if config.reads && !in_chinese {
        for s in (0..view.players()).filter(|&s| s != me && !view.in_riichi(s)) {
            // Below a few in a hundred, a uniform deal is as good a guess.
            if let Some(p) = crate::reads::ready_chance(view, s).filter(|&p| p >= READ_FLOOR) {
                deal.set_ready_chance(s, p);
            }
        }
    }
    let left = value::rounds_left(
        config.length,
        view.players(),
        view.round_wind(),
        view.dealer(),
    );
    let start = Instant::now();
    let budget = Duration::from_millis(config.think_ms);
    let limit = config.samples.unwrap_or(config.max_samples).max(1);
    let k = cands.len();
    let mut sum = vec![0.0f64; k];
    // The gain over candidate 0, sample by sample: its sum and sum of squares.
    let mut gain = vec![0.0f64; k];
    let mut gain2 = vec![0.0f64; k];
    let mut n = 0u32;
    let rollout = config.rollout.unwrap_or(if in_chinese {
        Rollout::Defense
    } else {
        Rollout::Fast
    });
    let mut bots = RolloutBot::seats(rollout, me);
    let mut values = vec![0.0f64; k];
    while n < limit {
        if config.samples.is_none() && n > 0 && start.elapsed() >= budget {
            break;
        }
        let mut rng = SplitMix64::new(mix(seed.wrapping_add(u64::from(n))));
        let sample = deal.sample(&mut rng);
        stats.unready += u32::from(sample.unready);
        for (c, &a) in cands.iter().enumerate() {
            let mut round = sample.round.clone();
            values[c] = if round.play(me, a).is_err() {
                f64::NEG_INFINITY
            } else {
                let driven = drive(&mut round, &mut bots[..]);
                let scores = match (&driven.stop, round.outcome()) {
                    (Stop::Over, Some(r)) => r.scores,
                    _ => round.scores(),
                };
                if in_chinese {
                    chinese::rank_value(&scores, me, left)
                } else {
                    value::placement_value(&rules, &scores, me, left)
                }
            };
        }
        for c in 0..k {
            sum[c] += values[c];
            let g = values[c] - values[0];
            gain[c] += g;
            gain2[c] += g * g;
        }
        n += 1;
    }
    stats.samples = n;
    let nf = f64::from(n.max(1));
    stats.means = sum.iter().map(|s| s / nf).collect();
    let mut best = 0usize;
    for c in 1..k {
        if stats.means[c] > stats.means[best] {
            best = c;
        }
    }
    if best != 0 && n >= 2 {
        let mean = gain[best] / nf;
        let var = (gain2[best] / nf - mean * mean).max(0.0) * nf / (nf - 1.0);
        let se = (var / nf).sqrt();
        let least = if in_chinese { 0.0 } else { config.min_gain };
        if mean.is_finite() && mean > config.margin * se && mean > least {
            stats.chosen = best;
        }
    }
    stats
}

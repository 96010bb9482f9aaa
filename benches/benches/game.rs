//! Whole games: one full hanchan per iteration, `mj-game` against `riichienv-core` in the same
//! run, with four players of each kind (random legal action, tsumogiri, greedy; see
//! `benches::game`). Walls come from seeds `0..SEEDS`, cycled (each engine shuffles its own
//! walls from the seed, so the games differ between engines; the players' policies do not).
//!
//! Throughput is in decisions (the mean decisions per hanchan over the seeds, per engine and
//! kind), so criterion prints decisions/s beside the time per hanchan. riichienv-core plays
//! about 20-60 hanchan/s here, so the group runs 10 flat samples (a few games each for it); the
//! whole bench takes about half a minute. `cargo run --release -p benches --example
//! game_speed` reports decisions/s, ns per decision, allocations and the state's size.
//!
//! `games_per_preset`: one east-only match (`Length::EastOnly`, four rounds or more) per
//! iteration with four greedy players (`benches::game::Greedy`: win, else the lowest-shanten
//! discard, pass on calls; the exchange and 定缺 take the first listed choice) for every preset
//! in [`PRESETS`], so criterion's time per iteration is the time per game.
//!
//! `waits_update`: the cost of keeping a seat's waits (`Round::compute_waits`, what the engine
//! runs after each change of a hand; `Round::waits` then reads the kept set) on hands from
//! seeded games after a discard, Sichuan with 0 and with 4 wildcards (红中血战) and 红中麻将:
//! criterion's elements/s per update, ns per update its inverse.

use core::ops::ControlFlow;
use std::hint::black_box;
use std::time::Duration;

use benches::game::{PlayerKind, Players, play_hanchan};
use benches::peer_game;
use mj_game::drive::{Observer, drive, drive_with};
use mj_game::{Action, GameRules, Length, Match, Round};
use mj_tiles::{Meld, Tile, TileCounts, TileSet};

use criterion::{
    BenchmarkId, Criterion, SamplingMode, Throughput, criterion_group, criterion_main,
};

/// Seeds cycled through by each benchmark.
const SEEDS: u64 = 64;

fn game(c: &mut Criterion) {
    let mut group = c.benchmark_group("hanchan");
    group
        .sampling_mode(SamplingMode::Flat)
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    for kind in PlayerKind::ALL {
        // Throughput in decisions: the mean over the seeds (the games differ in length, and
        // between engines, whose walls differ).
        let mean = |play: fn(u64, PlayerKind) -> u64| {
            (0..SEEDS).map(|s| play(s, kind)).sum::<u64>() / SEEDS
        };
        group.throughput(Throughput::Elements(mean(play_hanchan)));
        group.bench_with_input(BenchmarkId::new("mj-game", kind.name()), &kind, |b, &k| {
            let mut seed = 0;
            b.iter(|| {
                seed = (seed + 1) % SEEDS;
                black_box(play_hanchan(black_box(seed), k))
            });
        });
        group.throughput(Throughput::Elements(mean(peer_game::play_hanchan)));
        group.bench_with_input(
            BenchmarkId::new("riichienv-core", kind.name()),
            &kind,
            |b, &k| {
                let mut seed = 0;
                b.iter(|| {
                    seed = (seed + 1) % SEEDS;
                    black_box(peer_game::play_hanchan(black_box(seed), k))
                });
            },
        );
    }
    group.finish();
}

/// The presets `games_per_preset` plays, one line each.
const PRESETS: [&str; 6] = [
    "tenhou",
    "sanma",
    "sichuan",
    "sichuan_hongzhong",
    "hongzhong",
    "mcr",
];

/// One east-only match of `rules` from `seed` with four greedy players; the decisions made.
fn play_game(rules: GameRules, seed: u64) -> u64 {
    let mut m = Match::seeded(rules, Length::EastOnly, seed, false);
    let mut players = Players::new(PlayerKind::Greedy, seed);
    drive(&mut m, &mut players).decisions
}

/// Keeps the round after each discard that does not end the match (the discarder then holds
/// 3k+1 tiles), up to `n` of them.
struct AfterDiscards {
    out: Vec<(Round, u8)>,
    n: usize,
}

impl Observer<Match> for AfterDiscards {
    fn after(&mut self, m: &Match, seat: u8, a: Action, _: Option<Action>) -> ControlFlow<()> {
        if matches!(a, Action::Discard { .. }) && !m.is_over() {
            self.out.push((m.round().clone(), seat));
        }
        if self.out.len() < self.n {
            ControlFlow::Continue(())
        } else {
            ControlFlow::Break(())
        }
    }
}

fn games_per_preset(c: &mut Criterion) {
    let mut group = c.benchmark_group("games_per_preset");
    group
        .sampling_mode(SamplingMode::Flat)
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2));
    for name in PRESETS {
        let Some(rules) = GameRules::preset(name) else {
            continue;
        };
        group.throughput(Throughput::Elements(1));
        group.bench_with_input(BenchmarkId::from_parameter(name), &rules, |b, &r| {
            let mut seed = 0;
            b.iter(|| {
                seed = (seed + 1) % SEEDS;
                black_box(play_game(r, black_box(seed)))
            });
        });
    }
    group.finish();
}

/// Rounds right after a discard (the discarder holds 3k+1 tiles), from seeded greedy games.
fn discard_states(rules: GameRules, n: usize) -> Vec<(Round, u8)> {
    let mut keep = AfterDiscards {
        out: Vec::with_capacity(n),
        n,
    };
    let mut seed = 0;
    while keep.out.len() < n && seed < 10_000 {
        let mut m = Match::seeded(rules, Length::OneRound, seed, false);
        let mut players = Players::new(PlayerKind::Greedy, seed);
        drive_with(&mut m, &mut players, &mut keep);
        seed += 1;
    }
    keep.out
}

fn waits_update(c: &mut Criterion) {
    let mut group = c.benchmark_group("waits_update");
    group
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2));
    for (name, rules) in [
        ("sichuan_0_wild", GameRules::sichuan()),
        ("sichuan_4_wild", GameRules::sichuan_hongzhong()),
        ("hongzhong", GameRules::hongzhong()),
    ] {
        let states = discard_states(rules, 512);
        // The baseline in the same run: the obvious way, each kind added to the hand and the
        // 14 tiles asked `mj_hu::Checker::is_winning` (tables, but no waits lookup); it must
        // give the engine's answers before it is timed.
        let (wild, hu) = if rules.is_hongzhong() {
            (
                TileSet::single(Tile::RED),
                mj_game::hongzhong_hu_rules(rules.hongzhong.hz_seven_pairs),
            )
        } else {
            let w = rules.red_wildcards();
            let wild = if w {
                TileSet::single(Tile::RED)
            } else {
                TileSet::EMPTY
            };
            (wild, mj_game::sichuan_hu_rules(w))
        };
        let checker = match mj_hu::Checker::new(hu) {
            Ok(checker) => checker,
            Err(e) => {
                eprintln!("waits_update: {name}: no checker for its hu rules ({e}); skipped");
                continue;
            }
        };
        let by_draws = |r: &Round, seat: u8| -> TileSet {
            let p = r.player(seat);
            let mut counts = TileCounts::EMPTY;
            for id in p.hand_ids() {
                let _ = counts.add(Tile::new(id / 4).unwrap_or(Tile::EAST));
            }
            let melds: Vec<Meld> = p.melds().iter().map(|m| m.meld).collect();
            let mut held = counts;
            for m in &melds {
                for t in m.tiles() {
                    let _ = held.add(t);
                }
            }
            let lack = r.lack(seat);
            let mut out = TileSet::EMPTY;
            for k in 0..34u8 {
                let Some(t) = Tile::new(k) else { continue };
                if (k >= 27 && !(wild.contains(t))) || held.get(t) >= 4 {
                    continue;
                }
                let mut c = counts;
                if c.add(t).is_err() {
                    continue;
                }
                if lack.is_some_and(|l| c.kinds().iter().any(|x| x.as_u8() < 27 && x.suit() == l)) {
                    continue;
                }
                let Ok(hand) = mj_hu::Hand::new(c, &melds, wild) else {
                    continue;
                };
                if checker.is_winning(&hand).unwrap_or(false) {
                    out.insert(t);
                }
            }
            out
        };
        for (r, seat) in &states {
            assert_eq!(by_draws(r, *seat), r.compute_waits(*seat), "{name}");
        }
        group.throughput(Throughput::Elements(states.len() as u64));
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut n = 0usize;
                for (r, seat) in &states {
                    n += black_box(r.compute_waits(*seat)).len();
                }
                n
            });
        });
        group.bench_function(format!("{name}/by_draws"), |b| {
            b.iter(|| {
                let mut n = 0usize;
                for (r, seat) in &states {
                    n += black_box(by_draws(r, *seat)).len();
                }
                n
            });
        });
    }
    group.finish();
}

criterion_group!(benches, game, games_per_preset, waits_update);
criterion_main!(benches);

//! Whole hanchan, `mj-game` against `riichienv-core`, one core, with four players of each kind
//! (random, tsumogiri, greedy: `benches::game`):
//!
//! `cargo run --release -p benches --example game_speed -- [GAMES]` (default 200 per kind and
//! engine, seeds `0..GAMES`).
//!
//! The two engines play the same seeds alternately (each game timed on its own), so the ratio
//! holds up on a loaded machine. Prints per kind and engine: hanchan/s, decisions/s, ns per decision (the engine's legal
//! actions, the player's choice and the engine applying it; riichienv's observation included,
//! as it is how its legal actions are asked for), and our speed-up; then `size_of` of `Round`
//! and `Match`, the cost of cloning a mid-game `Match`, and heap allocations per decision
//! counted by a counting global allocator (in the steady state: decisions that do not end a
//! round, whose settlement and next deal allocate).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::hint::black_box;
use std::time::Instant;

use benches::game::{PlayerKind, Step, match_after, play_hanchan, play_hanchan_probed};
use benches::peer_game;
use mj_game::{Match, Round};

/// The heap, counted (`mj_testkit::alloc`).
#[global_allocator]
static HEAP: mj_testkit::alloc::Counting = mj_testkit::alloc::Counting::new();

fn allocs() -> u64 {
    HEAP.allocations()
}

/// Games played, decisions and seconds.
struct Run {
    games: u64,
    decisions: u64,
    secs: f64,
}

impl Run {
    /// Plays seeds `0..games` on both engines, alternating game by game, so a change in the
    /// machine's load during the run weighs on both alike.
    fn interleaved(games: u64, kind: PlayerKind) -> (Run, Run) {
        let mut ours = Run {
            games,
            decisions: 0,
            secs: 0.0,
        };
        let mut peer = Run {
            games,
            decisions: 0,
            secs: 0.0,
        };
        for seed in 0..games {
            let start = Instant::now();
            ours.decisions += play_hanchan(seed, kind);
            ours.secs += start.elapsed().as_secs_f64();
            let start = Instant::now();
            peer.decisions += peer_game::play_hanchan(seed, kind);
            peer.secs += start.elapsed().as_secs_f64();
        }
        (ours, peer)
    }

    fn games_per_s(&self) -> f64 {
        self.games as f64 / self.secs
    }

    fn ns_per_decision(&self) -> f64 {
        self.secs * 1e9 / self.decisions as f64
    }

    fn line(&self, engine: &str, kind: PlayerKind) -> String {
        format!(
            "{:<10} {:<15} {:>10.1} {:>13.0} {:>10.0} {:>10.0}",
            kind.name(),
            engine,
            self.games_per_s(),
            self.decisions as f64 / self.secs,
            self.ns_per_decision(),
            self.decisions as f64 / self.games as f64,
        )
    }
}

/// Allocations per decision of our engine: over whole games, and in the steady state.
struct AllocReport {
    decisions: u64,
    total: u64,
    steady_decisions: u64,
    steady: u64,
    steady_max: u64,
    round_ends: u64,
    round_end_allocs: u64,
}

fn our_allocations(kind: PlayerKind, games: u64) -> AllocReport {
    let mut r = AllocReport {
        decisions: 0,
        total: 0,
        steady_decisions: 0,
        steady: 0,
        steady_max: 0,
        round_ends: 0,
        round_end_allocs: 0,
    };
    for seed in 0..games {
        let game_start = allocs();
        let mut before = 0;
        r.decisions += play_hanchan_probed(seed, kind, |step| match step {
            Step::Before => before = allocs(),
            Step::After { round_over } => {
                let n = allocs() - before;
                if round_over {
                    r.round_ends += 1;
                    r.round_end_allocs += n;
                } else {
                    r.steady_decisions += 1;
                    r.steady += n;
                    r.steady_max = r.steady_max.max(n);
                }
            }
        });
        r.total += allocs() - game_start;
    }
    r
}

fn peer_allocations(kind: PlayerKind, games: u64) -> (u64, u64) {
    let start = allocs();
    let decisions = (0..games)
        .map(|seed| peer_game::play_hanchan(seed, kind))
        .sum();
    let n = allocs() - start;
    (decisions, n)
}

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(200);
    println!("{games} hanchan per kind and engine (seeds 0..{games}), Tenhou rules, one thread");
    println!(
        "{:<10} {:<15} {:>10} {:>13} {:>10} {:>10}",
        "players", "engine", "hanchan/s", "decisions/s", "ns/dec", "dec/game"
    );
    // One game each first: the engines' one-time work (our tables are loaded on first use).
    for kind in PlayerKind::ALL {
        play_hanchan(u64::MAX, kind);
        peer_game::play_hanchan(u64::MAX, kind);
    }
    for kind in PlayerKind::ALL {
        let (ours, peer) = Run::interleaved(games, kind);
        println!("{}", ours.line("mj-game", kind));
        println!("{}", peer.line("riichienv-core", kind));
        println!(
            "{:<10} speed-up: {:.1}x hanchan/s, {:.1}x per decision",
            kind.name(),
            ours.games_per_s() / peer.games_per_s(),
            peer.ns_per_decision() / ours.ns_per_decision()
        );
    }

    println!();
    println!(
        "size_of::<Round>() = {} bytes, size_of::<Match>() = {} bytes",
        size_of::<Round>(),
        size_of::<Match>()
    );
    for (kind, at) in [(PlayerKind::Random, 400), (PlayerKind::Greedy, 200)] {
        let m = match_after(7, kind, at);
        let reps = 200_000u32;
        let a0 = allocs();
        let start = Instant::now();
        for _ in 0..reps {
            black_box(black_box(&m).clone());
        }
        let ns = start.elapsed().as_secs_f64() * 1e9 / f64::from(reps);
        let per_clone = (allocs() - a0) as f64 / f64::from(reps);
        println!(
            "clone of a Match after {at} {} decisions ({} rounds played): {ns:.0} ns, {per_clone:.1} allocations",
            kind.name(),
            m.history().len()
        );
    }

    println!();
    let sample = games.min(100);
    println!(
        "rounds per hanchan ({sample} hanchan per kind; riichienv's counted as changes of wind, dealer or honba)"
    );
    for kind in PlayerKind::ALL {
        let ours: usize = (0..sample)
            .map(|seed| match_after(seed, kind, u64::MAX).history().len())
            .sum();
        let peer: u32 = (0..sample)
            .map(|seed| peer_game::play_hanchan_checked(seed, kind).rounds)
            .sum();
        println!(
            "{:<10} mj-game {:.2}, riichienv-core {:.2}",
            kind.name(),
            ours as f64 / sample as f64,
            f64::from(peer) / sample as f64
        );
    }

    println!();
    println!("heap allocations per decision ({sample} hanchan per kind; counting allocator)");
    for kind in PlayerKind::ALL {
        let r = our_allocations(kind, sample);
        let (pd, pa) = peer_allocations(kind, sample);
        println!(
            "{:<10} mj-game: {:.3} per decision over whole games; steady state {:.4} ({} in {} decisions, at most {} in one); {:.1} per round end; riichienv-core: {:.1} per decision",
            kind.name(),
            r.total as f64 / r.decisions as f64,
            r.steady as f64 / r.steady_decisions.max(1) as f64,
            r.steady,
            r.steady_decisions,
            r.steady_max,
            r.round_end_allocs as f64 / r.round_ends.max(1) as f64,
            pa as f64 / pd.max(1) as f64,
        );
    }
}

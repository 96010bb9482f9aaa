//! Plays N hanchan between four built-in players and reports speed, allocations, the size of
//! `Round` and its clone cost:
//! `cargo run --release -p mj-game --example selfplay -- 200 [random|tsumogiri] [PRESET]`
//! (PRESET: a `GameRules::preset` name, `tenhou` by default; `sanma` for three players).

use std::time::Instant;

use mj_game::{BUILTIN_BOTS, Bot, GameRules, Length, Match, RandomBot, Round, play};

/// Counts heap allocations (the example's own instrument, not part of the library).
#[global_allocator]
static HEAP: mj_testkit::alloc::Counting = mj_testkit::alloc::Counting::new();

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let n: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(100);
    let kind = args.get(1).map(String::as_str).unwrap_or("random");
    let preset = args.get(2).map(String::as_str).unwrap_or("tenhou");
    let Some(rules) = GameRules::preset(preset) else {
        eprintln!("unknown preset {preset}");
        std::process::exit(2);
    };
    // Warm-up: the first win check and score decode the committed tables once (OnceLock);
    // that one-time cost is not per decision.
    let mut warm: [Box<dyn Bot>; 4] =
        core::array::from_fn(|s| Box::new(RandomBot::new(s as u64)) as Box<dyn Bot>);
    let _ = play(
        GameRules::tenhou(),
        Length::Hanchan,
        u64::MAX,
        &mut warm,
        false,
    );
    let start = Instant::now();
    let allocs0 = HEAP.allocations();
    let mut decisions = 0u64;
    let mut rounds = 0u64;
    for g in 0..n {
        let mut bots: [Box<dyn Bot>; 4] = core::array::from_fn(|s| -> Box<dyn Bot> {
            match BUILTIN_BOTS.iter().find(|e| e.name == kind) {
                Some(e) => (e.build)(g * 4 + s as u64),
                None => Box::new(RandomBot::new(s as u64)),
            }
        });
        let p = play(rules, Length::Hanchan, g, &mut bots, false);
        decisions += p.decisions;
        rounds += u64::from(p.result.rounds);
    }
    let secs = start.elapsed().as_secs_f64();
    let allocs = HEAP.allocations() - allocs0;
    println!(
        "{n} hanchan ({kind}, {preset}): {rounds} rounds, {decisions} decisions in {secs:.3} s: {:.1} games/s, {:.0} ns/decision (legal actions included), {:.2} allocations/decision",
        n as f64 / secs,
        secs * 1e9 / decisions as f64,
        allocs as f64 / decisions as f64
    );
    // Clone cost of a mid-round state.
    let m = Match::seeded(GameRules::tenhou(), Length::Hanchan, 7, false);
    let r = m.round().clone();
    let reps = 1_000_000u32;
    let t = Instant::now();
    let mut keep = 0usize;
    for _ in 0..reps {
        let c = std::hint::black_box(&r).clone();
        keep += usize::from(c.live_left());
    }
    let ns = t.elapsed().as_secs_f64() * 1e9 / f64::from(reps);
    println!(
        "size_of::<Round>() = {} bytes, clone {ns:.1} ns ({keep} checksum)",
        core::mem::size_of::<Round>()
    );
}

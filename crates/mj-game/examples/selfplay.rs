//! Plays N hanchan between four random players and reports speed:
//! `cargo run --release -p mj-game --example selfplay -- 100 [random|tsumogiri]`.

use std::time::Instant;

use mj_game::{Bot, GameRules, Length, Round, play, play::bot_by_name};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let n: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(100);
    let kind = args.get(1).map(String::as_str).unwrap_or("random");
    let start = Instant::now();
    let mut decisions = 0u64;
    let mut rounds = 0u64;
    for g in 0..n {
        let mut bots: [Box<dyn Bot>; 4] = core::array::from_fn(|s| {
            bot_by_name(kind, g * 4 + s as u64)
                .unwrap_or_else(|| Box::new(mj_game::RandomBot::new(s as u64)))
        });
        let p = play(GameRules::tenhou(), Length::Hanchan, g, &mut bots, false);
        decisions += p.decisions;
        rounds += u64::from(p.result.rounds);
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{n} hanchan ({kind}), {rounds} rounds, {decisions} decisions in {secs:.3} s: {:.1} games/s, {:.0} ns/decision; size_of::<Round>() = {} bytes",
        n as f64 / secs,
        secs * 1e9 / decisions as f64,
        core::mem::size_of::<Round>()
    );
}

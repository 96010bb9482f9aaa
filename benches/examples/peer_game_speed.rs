//! Games per second of `riichienv-core` alone with each kind of player, one core:
//! `cargo run --release -p benches --example peer_game_speed -- [GAMES]` (`game_speed` runs
//! both engines side by side).

use benches::game::PlayerKind;
use benches::peer_game::play_hanchan_checked;
use std::time::Instant;

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(200);
    for kind in PlayerKind::ALL {
        let start = Instant::now();
        let mut decisions = 0;
        let mut unfinished = 0;
        for seed in 0..games {
            let g = play_hanchan_checked(seed, kind);
            decisions += g.decisions;
            if !g.done {
                unfinished += 1;
                eprintln!("seed {seed}: stopped before the end at {:?}", g.scores);
            }
        }
        let s = start.elapsed().as_secs_f64();
        println!(
            "{}: {games} hanchan ({unfinished} unfinished) in {s:.2} s = {:.1} hanchan/s, {:.0} decisions/s, {:.0} decisions/hanchan",
            kind.name(),
            games as f64 / s,
            decisions as f64 / s,
            decisions as f64 / games as f64
        );
    }
}

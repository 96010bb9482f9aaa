//! Games per second of `riichienv-core` with trivial players, one core:
//! `cargo run --release -p benches --example peer_game_speed -- [GAMES]`.

use benches::peer_game::{PeerPlayer, play_hanchan};
use std::time::Instant;

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(200);
    for player in [PeerPlayer::Random, PeerPlayer::Tsumogiri] {
        let start = Instant::now();
        let mut decisions = 0;
        for seed in 0..games {
            decisions += play_hanchan(seed, player);
        }
        let s = start.elapsed().as_secs_f64();
        println!(
            "{player:?}: {games} hanchan in {s:.2} s = {:.1} hanchan/s, {:.0} decisions/s",
            games as f64 / s,
            decisions as f64 / s
        );
    }
}

//! Plays hanchan on `mj-game` only, for a profiler:
//! `valgrind --tool=callgrind --toggle-collect=game_profile::measured
//! target/release/examples/game_profile 20 random` (kinds: random, tsumogiri, greedy). One
//! game of each kind is played first, outside `measured`, so the tables' one-time loading is
//! left out.

use benches::game::{PlayerKind, play_hanchan};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(20);
    let name = args.get(1).map_or("random", String::as_str);
    let Some(kind) = PlayerKind::ALL.into_iter().find(|k| k.name() == name) else {
        eprintln!("unknown player kind {name:?} (random, tsumogiri, greedy)");
        std::process::exit(2);
    };
    // Loads the tables (`OnceLock`s in mj-hu, mj-agari, mj-ai) before the measured games: the
    // agari tables load at the first win, which random players may not reach in one game.
    for k in PlayerKind::ALL {
        play_hanchan(u64::MAX, k);
    }
    let decisions = measured(games, kind);
    println!("{games} hanchan ({name}): {decisions} decisions");
}

#[inline(never)]
fn measured(games: u64, kind: PlayerKind) -> u64 {
    (0..games).map(|seed| play_hanchan(seed, kind)).sum()
}

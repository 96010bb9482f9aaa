//! Replays Tenhou logs (mjlog XML, tenhou.net/6 JSON) through the engine and prints one line
//! per file and a summary: `cargo run --release -p mj-game --example replay -- [--mjai]
//! FILES...` (exit status 1 on a mismatch); `--mjai` prints the engine's own mjai events
//! instead, one JSON line each.

fn main() {
    let mut paths: Vec<String> = std::env::args().skip(1).collect();
    let mjai = paths.first().is_some_and(|a| a == "--mjai");
    if mjai {
        paths.remove(0);
    }
    let mut texts = Vec::new();
    for p in &paths {
        match std::fs::read_to_string(p) {
            Ok(t) => texts.push((p.clone(), t)),
            Err(e) => eprintln!("{p}: {e}"),
        }
    }
    let report =
        mj_game::replay::replay_with(texts.iter().map(|(n, t)| (n.clone(), t.as_str())), mjai);
    if mjai {
        for f in &report.files {
            for e in &f.events {
                println!("{}", e.to_json());
            }
        }
        eprintln!("{report}");
    } else {
        println!("{report}");
    }
    if !report.all_match() {
        std::process::exit(1);
    }
}

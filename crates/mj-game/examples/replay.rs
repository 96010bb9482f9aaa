//! Replays Tenhou mjlog files through the engine and prints one line per file and a summary:
//! `cargo run --release -p mj-game --example replay -- FILES...` (exit status 1 on a mismatch).

fn main() {
    let paths: Vec<String> = std::env::args().skip(1).collect();
    let mut texts = Vec::new();
    for p in &paths {
        match std::fs::read_to_string(p) {
            Ok(t) => texts.push((p.clone(), t)),
            Err(e) => eprintln!("{p}: {e}"),
        }
    }
    let report = mj_game::replay(texts.iter().map(|(n, t)| (n.clone(), t.as_str())));
    println!("{report}");
    if !report.all_match() {
        std::process::exit(1);
    }
}

//! Replays logs of any format `mj_log` reads (gzipped or plain) through the engine and prints
//! one line per file and a summary: `cargo run --release -p mj-log --example replay -- [--mjai]
//! FILES...` (exit status 1 on a mismatch); `--mjai` prints the engine's own mjai events
//! instead, one JSON line each. `mj replay` is the same with more options.

fn main() {
    let mut paths: Vec<String> = std::env::args().skip(1).collect();
    let mjai = paths.first().is_some_and(|a| a == "--mjai");
    if mjai {
        paths.remove(0);
    }
    let opts = mj_log::ReplayOptions {
        record: mjai,
        ..mj_log::ReplayOptions::default()
    };
    let mut report = mj_log::Replay::default();
    for p in &paths {
        let mut file = match std::fs::read(p) {
            Err(e) => mj_log::ReplayReport::unreadable(p.clone(), e),
            Ok(bytes) => match mj_log::read(&bytes) {
                Ok(log) => mj_log::replay_with(&log, &opts),
                Err(e) => mj_log::ReplayReport::unreadable(p.clone(), e),
            },
        };
        file.name.clone_from(p);
        report.files.push(file);
    }
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

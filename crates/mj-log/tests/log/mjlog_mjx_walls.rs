//! Tenhou's wall layout (`mj_log::tenhou::wall`) against mjx, an independent implementation:
//! `mjx/round-json` holds 85 files of rounds (Tenhou games and mjx's own), each with its full
//! 136-tile wall (in dealing order: ours reversed), its dealt hands, its dora and ura
//! indicators, each seat's draws and every event. Every deal, indicator and draw (live and
//! replacement) must be where our layout puts it, and each exhaustive draw must come when the
//! live wall is used up. For the two files that are also in `mjx/mjlog`, the walls must be the
//! ones our reader rebuilds from the seed. The logs stay in `../shared/logs`; absent, the test
//! says so.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test crate

use std::path::Path;

use mj_log::tenhou::TenhouWallLayout;
use serde_json::Value;

fn ints(v: Option<&Value>) -> Vec<u8> {
    v.and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .map(|x| u8::try_from(x.as_u64().unwrap()).unwrap())
                .collect()
        })
        .unwrap_or_default()
}

fn sorted(mut v: Vec<u8>) -> Vec<u8> {
    v.sort_unstable();
    v
}

#[test]
fn mjx_round_walls_follow_our_layout() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/logs/mjx");
    let Ok(rd) = std::fs::read_dir(dir.join("round-json")) else {
        println!("SKIPPED: {} is absent; no mjx wall checked", dir.display());
        return;
    };
    let layout = TenhouWallLayout::FOUR;
    let (
        mut files,
        mut rounds,
        mut deals,
        mut draws,
        mut repl,
        mut indicators,
        mut exhaustive,
        mut twins,
    ) = (0, 0, 0, 0, 0, 0, 0, 0);
    let mut paths: Vec<_> = rd.flatten().map(|e| e.path()).collect();
    paths.sort();
    for path in paths {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        files += 1;
        let mut walls = Vec::new();
        for (li, line) in text.lines().filter(|l| !l.trim().is_empty()).enumerate() {
            let at = format!("{name} line {}", li + 1);
            let d: Value = serde_json::from_str(line).unwrap();
            let mut w = ints(d.pointer("/hiddenState/wall"));
            assert_eq!(w.len(), 136, "{at}: wall");
            w.reverse();
            walls.push(w.clone());
            rounds += 1;
            let po = &d["publicObservation"];
            let dealer = (po
                .pointer("/initScore/round")
                .and_then(Value::as_u64)
                .unwrap_or(0)
                % 4) as u8;
            for seat in 0..4u8 {
                let init =
                    ints(d.pointer(&format!("/privateObservations/{seat}/initHand/closedTiles")));
                let ours = layout.deal(&w, dealer, seat).unwrap().to_vec();
                assert_eq!(sorted(init), sorted(ours), "{at}: seat {seat}'s deal");
                deals += 1;
            }
            let dora = ints(po.get("doraIndicators"));
            let want: Vec<u8> = (0..dora.len())
                .map(|k| w[layout.dora_index(k).unwrap()])
                .collect();
            assert_eq!(dora, want, "{at}: dora indicators");
            let ura = ints(d.pointer("/hiddenState/uraDoraIndicators"));
            let want: Vec<u8> = (0..ura.len())
                .map(|k| w[layout.ura_index(k).unwrap()])
                .collect();
            assert_eq!(ura, want, "{at}: ura indicators");
            indicators += dora.len() + ura.len();
            let history: Vec<Vec<u8>> = (0..4)
                .map(|s| ints(d.pointer(&format!("/privateObservations/{s}/drawHistory"))))
                .collect();
            let mut used = [0usize; 4];
            let (mut live, mut kans, mut after_kan) = (0usize, 0usize, false);
            for e in po["events"].as_array().unwrap() {
                let ty = e
                    .get("type")
                    .and_then(Value::as_str)
                    .unwrap_or("EVENT_TYPE_DISCARD");
                let who = e.get("who").and_then(Value::as_u64).unwrap_or(0) as usize;
                match ty {
                    "EVENT_TYPE_DRAW" => {
                        let tile = history[who][used[who]];
                        used[who] += 1;
                        let idx = if after_kan {
                            repl += 1;
                            kans += 1;
                            layout.rinshan_index(kans - 1)
                        } else {
                            live += 1;
                            layout.live_index(live - 1, kans)
                        };
                        assert_eq!(Some(tile), idx.map(|i| w[i]), "{at}: a draw of seat {who}");
                        draws += 1;
                        after_kan = false;
                    }
                    "EVENT_TYPE_CLOSED_KAN" | "EVENT_TYPE_ADDED_KAN" | "EVENT_TYPE_OPEN_KAN" => {
                        after_kan = true
                    }
                    "EVENT_TYPE_EXHAUSTIVE_DRAW_NORMAL"
                    | "EVENT_TYPE_EXHAUSTIVE_DRAW_NAGASHI_MANGAN" => {
                        assert_eq!(
                            live + kans,
                            layout.live_len(),
                            "{at}: exhaustive draw before the wall's end"
                        );
                        exhaustive += 1;
                    }
                    _ => {}
                }
            }
        }
        // The same game in mjx/mjlog: the walls from its seed.
        let twin = dir.join("mjlog").join(&name).with_extension("mjlog");
        if let Ok(xml) = std::fs::read_to_string(&twin) {
            let game = mj_log::tenhou::read(&xml).unwrap();
            let ours: Vec<Vec<u8>> = game
                .rounds
                .iter()
                .map(|r| r.wall.clone().unwrap())
                .collect();
            assert_eq!(ours, walls, "{name}: walls against {}", twin.display());
            twins += 1;
        }
    }
    println!(
        "mjx round-json: {files} files, {rounds} rounds, {deals} deals, {draws} draws ({repl} replacement), {indicators} indicators, {exhaustive} exhaustive draws; {twins} files' walls equal to ours from the mjlog seed"
    );
    assert!(rounds > 0);
}

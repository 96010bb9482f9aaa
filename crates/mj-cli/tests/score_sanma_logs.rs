#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! Every three-player win of the real Tenhou logs in `../shared/logs` (the mjlogs of
//! `tenhou-phoenix-2020/` and `corner-cases/` whose `GO`
//! type marks a three-player room), scored through the `score` op under `"rules": "sanma"`,
//! is paid what Tenhou paid: the han (kita counted, as Tenhou does, with the dora), the fu,
//! the yakuman count, and the points (`ten`: without honba and riichi sticks), with the
//! winner's change of points (`sc`) when nobody else is liable.
//!
//! The request is built from the `AGARI` tag alone: the hand, the calls (a north set aside is
//! `kita`, not a meld), the winning tile, the dora and ura indicators, the winds, and the
//! situation flags that Tenhou lists among the yaku (riichi, ippatsu, haitei, houtei, rinshan,
//! chankan, tenhou, chiihou, double riichi), which no hand can show.

use std::path::{Path, PathBuf};

use mj_game::mjlog::{AgariLog, LogEvent, MeldKind, parse_mjlog};
use mj_tiles::TileId;
use serde_json::{Value, json};

fn logs() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/logs");
    dir.is_dir().then_some(dir)
}

/// One tile id as mpsz (a red five as `0` when the game has red fives).
fn tile(id: TileId, aka: bool) -> String {
    if aka {
        id.piece().to_string()
    } else {
        id.tile().to_string()
    }
}

fn tiles(ids: &[TileId], aka: bool) -> String {
    ids.iter().map(|&id| tile(id, aka)).collect()
}

/// Tenhou's situational yaku ids and the `score` flag each is.
const FLAGS: [(u8, &str); 9] = [
    (1, "riichi"),
    (2, "ippatsu"),
    (3, "chankan"),
    (4, "rinshan"),
    (5, "haitei"),
    (6, "houtei"),
    (21, "double_riichi"),
    (37, "tenhou"),
    (38, "chiihou"),
];

fn request(a: &AgariLog, aka: bool, round: u8, dealer: u8) -> Value {
    let mut melds = Vec::new();
    let mut kita = 0;
    for m in &a.melds {
        let kind = match m.kind {
            MeldKind::Nuki => {
                kita += 1;
                continue;
            }
            MeldKind::Chi => "chi",
            MeldKind::Pon => "pon",
            MeldKind::Minkan => "minkan",
            MeldKind::Ankan => "ankan",
            MeldKind::Kakan => "kakan",
        };
        melds.push(json!({"kind": kind, "tiles": tiles(&m.tiles, aka)}));
    }
    let ids: Vec<u8> = a
        .yaku
        .iter()
        .map(|&(id, _)| id)
        .chain(a.yakuman.iter().copied())
        .collect();
    let seat = (a.who + 3 - dealer) % 3;
    let mut req = json!({
        "op": "score",
        "rules": "sanma",
        "hand": tiles(&a.hand, aka),
        "melds": melds,
        "win_tile": a.win_tile.tile().to_string(),
        "tsumo": a.who == a.from_who,
        "seat_wind": format!("{}z", seat + 1),
        "round_wind": format!("{}z", round / 4 + 1),
        "dora": a.dora.iter().map(|d| d.tile().to_string()).collect::<Vec<_>>(),
        "kita": kita,
        "options": {"aka": aka, "double_yakuman": false},
    });
    for (id, flag) in FLAGS {
        if ids.contains(&id) {
            req[flag] = json!(true);
        }
    }
    if ids.contains(&1) || ids.contains(&21) {
        req["ura"] = json!(
            a.ura
                .iter()
                .map(|d| d.tile().to_string())
                .collect::<Vec<_>>()
        );
    }
    req
}

#[test]
fn every_three_player_win_is_paid_as_on_tenhou() {
    let Some(dir) = logs() else {
        eprintln!("score_sanma_logs: ../shared/logs is absent: nothing compared");
        return;
    };
    let mut files: Vec<PathBuf> = ["tenhou-phoenix-2020", "corner-cases"]
        .iter()
        .filter_map(|sub| std::fs::read_dir(dir.join(sub)).ok())
        .flat_map(|d| {
            d.filter_map(|e| e.ok().map(|e| e.path()))
                .collect::<Vec<_>>()
        })
        .collect();
    files.sort();
    let (mut wins, mut games) = (0, 0);
    let mut mismatches = Vec::new();
    for path in &files {
        let Ok(text) = std::fs::read_to_string(path) else {
            continue;
        };
        let Ok(log) = parse_mjlog(&text) else {
            continue;
        };
        if log.players != 3 {
            continue;
        }
        games += 1;
        for round in &log.rounds {
            for event in &round.events {
                let LogEvent::Agari(a) = event else { continue };
                wins += 1;
                let req = request(a, log.aka, round.round, round.dealer);
                let answer: Value =
                    serde_json::from_str(&mj_protocol::answer_line(req.to_string().as_bytes()))
                        .unwrap();
                let log_han: u32 = a.yaku.iter().map(|&(_, h)| u32::from(h)).sum();
                let ours = (
                    answer["han"].as_u64(),
                    answer["fu"].as_u64(),
                    answer["yakuman"].as_u64(),
                    answer["points"]["total"].as_u64(),
                );
                let (han, fu) = if a.yakuman.is_empty() {
                    (u64::from(log_han), u64::from(a.fu))
                } else {
                    (0, 0)
                };
                let theirs = (
                    Some(han),
                    Some(fu),
                    Some(a.yakuman.len() as u64),
                    u64::try_from(a.points).ok(),
                );
                // `ten` holds the hand's points; Tenhou writes a yakuman's fu as it is.
                let same = ours.0 == theirs.0
                    && (ours.1 == theirs.1 || !a.yakuman.is_empty())
                    && ours.2 == theirs.2
                    && ours.3 == theirs.3;
                if !same {
                    mismatches.push(format!(
                        "{}: round {} seat {}: ours {ours:?}, log {theirs:?}\n  request {req}\n  answer {answer}",
                        path.file_name().unwrap().to_string_lossy(),
                        round.round,
                        a.who
                    ));
                }
            }
        }
    }
    eprintln!(
        "score_sanma_logs: {games} three-player games, {wins} wins, {} mismatches",
        mismatches.len()
    );
    assert!(
        mismatches.is_empty(),
        "{} of {wins} wins differ:\n{}",
        mismatches.len(),
        mismatches.join("\n")
    );
    assert!(
        games == 0 || wins > 0,
        "three-player games without a single win"
    );
}

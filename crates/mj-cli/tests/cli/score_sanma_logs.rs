#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! Every three-player win of the real Tenhou logs in `../shared/logs` (the mjlogs of
//! `tenhou-phoenix-2020/` and `corner-cases/` whose `GO`
//! type marks a three-player room), scored through the `score` op under `"rules": "sanma"`,
//! is paid what Tenhou paid: the han (kita counted, as Tenhou does, with the dora), the fu,
//! the yakuman count, and the points (`ten`: without honba and riichi sticks), with the
//! winner's change of points (`sc`) when nobody else is liable.
//!
//! The request is built from the `AGARI` tag alone (read with `mj_log::tenhou::tags`): the
//! hand, the calls (a north set aside is `kita`, not a meld), the winning tile, the dora and
//! ura indicators, the winds, and the situation flags that Tenhou lists among the yaku (riichi,
//! ippatsu, haitei, houtei, rinshan, chankan, tenhou, chiihou, double riichi), which no hand
//! can show.

use std::path::{Path, PathBuf};

use mj_log::tenhou::{Tag, tags};
use mj_tiles::{MeldKind, TileId};
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

/// What the test reads of an `AGARI` tag.
struct Agari {
    who: u8,
    from_who: u8,
    hand: Vec<TileId>,
    /// The calls: a kind (`None`: a kita) and the tiles.
    melds: Vec<(Option<MeldKind>, Vec<TileId>)>,
    win_tile: TileId,
    fu: u32,
    points: i32,
    yaku: Vec<(u8, u8)>,
    yakuman: Vec<u8>,
    dora: Vec<TileId>,
    ura: Vec<TileId>,
}

fn agari(t: &Tag<'_>) -> Agari {
    let who: u8 = t.get("who").unwrap().parse().unwrap();
    let melds = t
        .get("m")
        .filter(|m| !m.is_empty())
        .map(|m| {
            m.split(',')
                .map(|m| {
                    let c = t.call(who, 3, m).unwrap();
                    (c.kind, c.tiles)
                })
                .collect()
        })
        .unwrap_or_default();
    let ten: Vec<i32> = t.nums("ten").unwrap();
    let yaku: Vec<u8> = t.nums("yaku").unwrap();
    Agari {
        who,
        from_who: t.get("fromWho").unwrap().parse().unwrap(),
        hand: t.ids("hai").unwrap(),
        melds,
        win_tile: t.ids("machi").unwrap()[0],
        fu: u32::try_from(ten[0]).unwrap(),
        points: ten[1],
        yaku: yaku.chunks(2).map(|c| (c[0], c[1])).collect(),
        yakuman: t.nums("yakuman").unwrap(),
        dora: t.ids("doraHai").unwrap(),
        ura: t.ids("doraHaiUra").unwrap(),
    }
}

fn request(a: &Agari, aka: bool, round: u8, dealer: u8) -> Value {
    let mut melds = Vec::new();
    let mut kita = 0;
    for (kind, tiles_of) in &a.melds {
        let Some(kind) = kind else {
            kita += 1;
            continue;
        };
        melds.push(json!({"kind": kind.name(), "tiles": tiles(tiles_of, aka)}));
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
        let Ok(all) = tags(&text).collect::<Result<Vec<Tag<'_>>, _>>() else {
            continue;
        };
        let go_type: u32 = match all.iter().find(|t| t.name() == "GO") {
            Some(t) => t.get("type").unwrap().parse().unwrap(),
            None => continue,
        };
        if go_type & 0x10 == 0 {
            continue;
        }
        let aka = go_type & 0x02 == 0;
        games += 1;
        let (mut round, mut dealer) = (0u8, 0u8);
        for t in &all {
            if t.name() == "INIT" {
                round = t.nums::<u8>("seed").unwrap()[0];
                dealer = t.get("oya").unwrap().parse().unwrap();
            }
            if t.name() == "AGARI" {
                let a = &agari(t);
                wins += 1;
                let req = request(a, aka, round, dealer);
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
                        round,
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

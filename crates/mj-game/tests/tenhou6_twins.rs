//! tenhou.net/6 JSON against its mjlog twin: every `tenhou6/*.json` with a `.xml` of the same
//! name, and every line of `mjx/mjscore/*.json` against the same round of `mjx/mjlog/*.mjlog`,
//! must give the same draws, discards, calls, riichi and kan dora, in order (tiles compared as pieces: the JSON has
//! no copy numbers), the same deal, dora and ura indicators, and the same results (winners,
//! discarders, pao, every seat's delta, yaku and han; draw kinds and payments). The JSON files
//! without a twin must parse (one hand-made record that breaks its own rules must be refused). The logs stay in `../shared/logs`; absent, the test says so.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test crate

use std::path::{Path, PathBuf};

use mj_game::mjlog::{GameLog, LogEvent, LogMeld, RoundLog, parse_mjlog};
use mj_game::tenhou6::{Tenhou6Result, Tenhou6Round, parse_tenhou6, parse_tenhou6_lines};
use mj_tiles::{Piece, TileId};

fn logs_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/logs")
}

fn pieces(v: &[TileId]) -> Vec<Piece> {
    let mut p: Vec<Piece> = v.iter().map(|t| t.piece()).collect();
    p.sort_by_key(|p| (p.tile(), p.is_red()));
    p
}

/// An event with its tiles as pieces, for comparing sources without copy numbers.
#[derive(Debug, PartialEq)]
enum Norm {
    Draw(u8, Piece),
    Discard(u8, Piece),
    Call(
        u8,
        String,
        Vec<Piece>,
        Option<Piece>,
        Option<Piece>,
        Option<u8>,
    ),
    Riichi(u8, u8),
    Dora(Piece),
}

fn norm_meld(seat: u8, m: &LogMeld) -> Norm {
    Norm::Call(
        seat,
        format!("{:?}", m.kind),
        pieces(&m.tiles),
        m.called.map(TileId::piece),
        m.added.map(TileId::piece),
        m.from_seat,
    )
}

fn norm(events: &[LogEvent]) -> Vec<Norm> {
    events
        .iter()
        .filter_map(|e| match e {
            LogEvent::Draw { seat, tile } => Some(Norm::Draw(*seat, tile.piece())),
            LogEvent::Discard { seat, tile } => Some(Norm::Discard(*seat, tile.piece())),
            LogEvent::Call { seat, meld } => Some(norm_meld(*seat, meld)),
            LogEvent::Riichi { seat, step } => Some(Norm::Riichi(*seat, *step)),
            LogEvent::Dora { tile } => Some(Norm::Dora(tile.piece())),
            _ => None,
        })
        .collect()
}

#[derive(Default, Debug)]
struct Counts {
    games: usize,
    rounds: usize,
    events: usize,
    wins: usize,
    draws: usize,
    standalone_rounds: usize,
    rejected: usize,
    finals: usize,
}

/// Every difference between the XML round and the JSON round.
fn compare(x: &RoundLog, j: &Tenhou6Round, c: &mut Counts) -> Vec<String> {
    let mut bad = Vec::new();
    let mut check = |ok: bool, what: String| {
        if !ok {
            bad.push(what);
        }
    };
    check(
        (x.round, x.honba, x.sticks) == (j.round, j.honba, j.sticks),
        "header".into(),
    );
    check(
        x.scores == j.scores,
        format!("scores {:?} vs {:?}", x.scores, j.scores),
    );
    check(x.dealer == j.dealer, "dealer".into());
    for s in 0..x.hands.len() {
        check(
            pieces(&x.hands[s]) == pieces(&j.hands[s]),
            format!("seat {s}'s deal"),
        );
    }
    let (ex, ej) = (norm(&x.events), norm(&j.events));
    if ex != ej {
        let at = ex
            .iter()
            .zip(&ej)
            .position(|(a, b)| a != b)
            .unwrap_or(ex.len().min(ej.len()));
        let lo = at.saturating_sub(2);
        check(
            false,
            format!(
                "events differ at {at} (xml {} events, json {}): xml {:?} json {:?}",
                ex.len(),
                ej.len(),
                &ex[lo..(at + 3).min(ex.len())],
                &ej[lo..(at + 3).min(ej.len())]
            ),
        );
    }
    c.events += ex.len();
    let mut doras = vec![x.dora_indicator];
    doras.extend(x.events.iter().filter_map(|e| match e {
        LogEvent::Dora { tile } => Some(*tile),
        _ => None,
    }));
    // The JSON lists the indicators known at the end; a kan dora Tenhou had not turned yet
    // (a kan followed by a ron) is in neither.
    check(
        pieces(&doras) == pieces(&j.dora_indicators),
        format!("dora {doras:?} vs {:?}", j.dora_indicators),
    );
    let wins: Vec<_> = x
        .events
        .iter()
        .filter_map(|e| match e {
            LogEvent::Agari(a) => Some(a),
            _ => None,
        })
        .collect();
    let draw = x.events.iter().find_map(|e| match e {
        LogEvent::Ryuukyoku(d) => Some(d),
        _ => None,
    });
    match (&j.result, draw) {
        (Tenhou6Result::Agari(jw), None) => {
            check(
                jw.len() == wins.len(),
                format!("{} wins vs {}", wins.len(), jw.len()),
            );
            for (a, w) in wins.iter().zip(jw) {
                c.wins += 1;
                check(
                    (a.who, a.from_who, a.pao) == (w.who, w.from_who, w.pao),
                    format!(
                        "winner {:?} vs {:?}",
                        (a.who, a.from_who, a.pao),
                        (w.who, w.from_who, w.pao)
                    ),
                );
                check(
                    a.deltas == w.deltas,
                    format!("win deltas {:?} vs {:?}", a.deltas, w.deltas),
                );
                let mut xy: Vec<(u8, u8)> =
                    a.yaku.iter().copied().filter(|&(_, h)| h > 0).collect();
                xy.extend(a.yakuman.iter().map(|&id| (id, 0)));
                xy.sort();
                let mut jy: Vec<(u8, u8)> = w
                    .yaku
                    .iter()
                    .filter(|y| y.yakuman || y.han > 0)
                    .map(|y| (y.id.unwrap_or(255), y.han))
                    .collect();
                jy.sort();
                check(xy == jy, format!("yaku {xy:?} vs {jy:?}"));
                if let Some(fu) = w.fu {
                    check(fu == a.fu, format!("fu {} vs {fu}", a.fu));
                }
                if !a.ura.is_empty() {
                    check(pieces(&a.ura) == pieces(&j.ura_indicators), "ura".into());
                }
            }
        }
        (Tenhou6Result::Draw { kind, deltas, .. }, Some(d)) => {
            c.draws += 1;
            check(
                *kind == d.kind,
                format!("draw kind {:?} vs {kind:?}", d.kind),
            );
            check(
                *deltas == d.deltas,
                format!("draw deltas {:?} vs {deltas:?}", d.deltas),
            );
        }
        _ => check(false, "a win against a draw".into()),
    }
    bad
}

fn compare_game(
    name: &str,
    x: &GameLog,
    rounds: &[&Tenhou6Round],
    c: &mut Counts,
    bad: &mut Vec<String>,
) {
    c.games += 1;
    if x.rounds.len() != rounds.len() {
        bad.push(format!(
            "{name}: {} xml rounds vs {} json",
            x.rounds.len(),
            rounds.len()
        ));
    }
    for (i, (xr, jr)) in x.rounds.iter().zip(rounds).enumerate() {
        c.rounds += 1;
        for b in compare(xr, jr, c) {
            bad.push(format!("{name} round {i}: {b}"));
        }
    }
}

#[test]
fn tenhou6_json_equals_its_mjlog_twin() {
    let root = logs_dir();
    if !root.is_dir() {
        println!(
            "SKIPPED: {} is absent; no tenhou.net/6 log checked",
            root.display()
        );
        return;
    }
    let mut c = Counts::default();
    let mut bad = Vec::new();
    let mut json_files: Vec<PathBuf> = std::fs::read_dir(root.join("tenhou6"))
        .map(|rd| {
            rd.flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|e| e == "json"))
                .collect()
        })
        .unwrap_or_default();
    json_files.sort();
    for path in &json_files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(path).unwrap();
        let j = match parse_tenhou6(&text) {
            Ok(j) => j,
            // A hand-made record (no twin) with four plain 3s-fives in a game with red fives:
            // not a possible Tenhou round, and the reader says so.
            Err(e) if name == "confusing_nakis_2.json" && e.why.contains("a fourth plain 35") => {
                c.rejected += 1;
                continue;
            }
            Err(e) => {
                bad.push(format!("{name}: {e}"));
                continue;
            }
        };
        let twin = path.with_extension("xml");
        if let Ok(xml) = std::fs::read_to_string(&twin) {
            let x = parse_mjlog(&xml).unwrap_or_else(|e| panic!("{}: {e}", twin.display()));
            let rounds: Vec<&Tenhou6Round> = j.rounds.iter().collect();
            compare_game(&name, &x, &rounds, &mut c, &mut bad);
            if let Some((pts, uma)) = &j.final_scores {
                c.finals += 1;
                let xf = x.final_scores.as_ref().map(|f| (&f.points, &f.uma));
                if xf != Some((pts, uma)) {
                    bad.push(format!("{name}: final {xf:?} vs {pts:?} {uma:?}"));
                }
            }
        } else {
            c.standalone_rounds += j.rounds.len();
            for (i, r) in j.rounds.iter().enumerate() {
                // Every kan dora listed is turned by the placement rule, no more, no fewer.
                let turned = r
                    .events
                    .iter()
                    .filter(|e| matches!(e, LogEvent::Dora { .. }))
                    .count();
                if turned + 1 != r.dora_indicators.len() {
                    bad.push(format!(
                        "{name} round {i}: {turned} kan dora turned, {} listed",
                        r.dora_indicators.len()
                    ));
                }
            }
        }
    }
    // mjx/mjscore: one round per line, against mjx/mjlog.
    let mut score_files: Vec<PathBuf> = std::fs::read_dir(root.join("mjx/mjscore"))
        .map(|rd| rd.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    score_files.sort();
    for path in &score_files {
        let name = format!("mjscore/{}", path.file_name().unwrap().to_string_lossy());
        let text = std::fs::read_to_string(path).unwrap();
        let games = match parse_tenhou6_lines(&text) {
            Ok(g) => g,
            Err(e) => {
                bad.push(format!("{name}: {e}"));
                continue;
            }
        };
        let twin = root
            .join("mjx/mjlog")
            .join(path.file_name().unwrap())
            .with_extension("mjlog");
        let Ok(xml) = std::fs::read_to_string(&twin) else {
            c.standalone_rounds += games.len();
            continue;
        };
        let x = parse_mjlog(&xml).unwrap_or_else(|e| panic!("{}: {e}", twin.display()));
        let rounds: Vec<&Tenhou6Round> = games.iter().flat_map(|g| &g.rounds).collect();
        compare_game(&name, &x, &rounds, &mut c, &mut bad);
    }
    println!("tenhou.net/6 against mjlog: {c:#?}");
    for b in bad.iter().take(40) {
        println!("MISMATCH {b}");
    }
    assert!(
        bad.is_empty(),
        "{} mismatches (first ones printed above)",
        bad.len()
    );
    assert!(c.rounds > 0);
}

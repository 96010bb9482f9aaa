//! Riichi scoring of winning hands: `mj_score::riichi::score` against `riichienv-core`
//! `HandEvaluator::calc`, in the same run, on the same hands, one hand per iteration.
//!
//! Hands come from the oracle fixtures (`crates/mj-score/testdata/riichi_oracle.jsonl`): the
//! first 1,024 scored records of each group that both engines can state the same way (default
//! options, no tenhou/chiihou) and on which both agree on the payments (asserted in setup, the
//! count kept is printed): `closed_ron` (no melds, ron), `closed_tsumo` (no melds, tsumo),
//! `open` (at least one chi, pon or open kan). Each side's input is built before timing
//! (our [`Win`], their `HandEvaluator` plus indicator vectors and `Conditions`); the timed call
//! is the scoring alone (riichienv's `calc` takes its indicator vectors by value, so their
//! clone is part of its call).
//!
//! ```sh
//! cargo bench -p benches --bench score_riichi
//! ```

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::hint::black_box;
use std::time::Duration;

use benches::riichi_fixtures::{self, FixtureWin};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use mj_score::riichi::{Points, RiichiRules, Situation, Win, score};
use mj_tiles::{MeldKind, Piece, Tile};
use riichienv_core::hand_evaluator::HandEvaluator;
use riichienv_core::types::{Conditions, Meld as RMeld, MeldType, Wind};

const N: usize = 1024;

/// One hand in both engines' terms.
struct Case {
    win: Win,
    situation: Situation,
    peer: HandEvaluator,
    win_136: u8,
    dora: Vec<u8>,
    ura: Vec<u8>,
    conditions: Conditions,
}

/// 136-ids: red fives are copy 0 of their kind, other tiles take the next free copy.
struct Ids([u8; 34]);

impl Ids {
    /// `None` when a kind would need a fifth id (four plain fives: copy 0 is the red one).
    fn take(&mut self, p: Piece) -> Option<u8> {
        let k = p.tile().index();
        let copy = if p.is_red() {
            0
        } else {
            let c = &mut self.0[k];
            if *c == 0 && p.tile().rank() == 5 && !p.tile().is_honor() {
                *c = 1;
            }
            let copy = *c;
            *c += 1;
            copy
        };
        (copy < 4).then_some((4 * k) as u8 + copy)
    }
}

fn case(fixture: FixtureWin) -> Option<Case> {
    let FixtureWin {
        win,
        situation,
        pieces,
        ..
    } = fixture;
    let mut ids = Ids([0; 34]);
    let mut peer_melds = Vec::new();
    for meld in &win.melds {
        let tiles: Vec<u8> = meld
            .pieces()
            .iter()
            .map(|&p| ids.take(p))
            .collect::<Option<_>>()?;
        let kind = meld.kind();
        let ty = match kind {
            MeldKind::Chi => MeldType::Chi,
            MeldKind::Pon => MeldType::Pon,
            MeldKind::Minkan => MeldType::Daiminkan,
            MeldKind::Ankan => MeldType::Ankan,
            MeldKind::Kakan => MeldType::Kakan,
        };
        let called = (kind != MeldKind::Ankan).then(|| tiles[0]);
        peer_melds.push(RMeld::new(ty, tiles, kind.is_open(), 1, called));
    }
    let hand_136: Vec<u8> = pieces.iter().map(|&p| ids.take(p)).collect::<Option<_>>()?;
    let win_136 = (4 * win.win_tile.index()) as u8;
    let to_wind = |t: Tile| Wind::from(t.as_u8() - 27);
    let conditions = Conditions {
        tsumo: win.tsumo,
        riichi: situation.flags.riichi,
        double_riichi: situation.flags.double_riichi,
        ippatsu: situation.flags.ippatsu,
        haitei: situation.flags.haitei,
        houtei: situation.flags.houtei,
        rinshan: situation.flags.rinshan,
        chankan: situation.flags.chankan,
        player_wind: to_wind(win.seat_wind),
        round_wind: to_wind(win.round_wind),
        honba: situation.honba,
        riichi_sticks: situation.riichi_sticks,
        ..Conditions::default()
    };
    let ids_of = |ts: &[Tile]| {
        ts.iter()
            .map(|t| (4 * t.index()) as u8)
            .collect::<Vec<u8>>()
    };
    Some(Case {
        dora: ids_of(&situation.dora),
        ura: ids_of(&situation.ura),
        peer: HandEvaluator::new(hand_136, peer_melds),
        win_136,
        conditions,
        win,
        situation,
    })
}

/// Both engines pay the same (riichienv: honba included, sticks not).
fn agree(c: &Case) -> bool {
    let Ok(ours) = score(&c.win, &c.situation, &RiichiRules::default()) else {
        return false;
    };
    let theirs = c.peer.calc(
        c.win_136,
        c.dora.clone(),
        c.ura.clone(),
        Some(c.conditions.clone()),
    );
    if !theirs.is_win {
        return false;
    }
    match ours.points {
        Points::Ron { ron, .. } => ron == theirs.ron_agari,
        Points::Tsumo {
            dealer: Some(d),
            others,
            ..
        } => d == theirs.tsumo_agari_oya && others == theirs.tsumo_agari_ko,
        Points::Tsumo {
            dealer: None,
            others,
            ..
        } => others == theirs.tsumo_agari_ko,
    }
}

fn groups() -> Vec<(&'static str, Vec<Case>)> {
    let mut out: Vec<(&'static str, Vec<Case>)> = riichi_fixtures::GROUPS
        .iter()
        .map(|&name| (name, Vec::new()))
        .collect();
    let mut seen = [0usize; 3];
    for fixture in riichi_fixtures::wins() {
        let g = fixture.group;
        if out[g].1.len() == N {
            continue;
        }
        let Some(c) = case(fixture) else { continue };
        seen[g] += 1;
        if agree(&c) {
            out[g].1.push(c);
        }
    }
    for (g, (name, cases)) in out.iter().enumerate() {
        eprintln!(
            "score_riichi {name}: {} hands (riichienv-core agreed on {} of the {} tried)",
            cases.len(),
            cases.len(),
            seen[g]
        );
        assert!(cases.len() >= N / 2, "{name}: too few agreeing hands");
    }
    out
}

fn bench(c: &mut Criterion) {
    let rules = RiichiRules::default();
    let mut g = c.benchmark_group("score_riichi");
    g.warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    for (name, cases) in groups() {
        let n = cases.len();
        g.bench_function(BenchmarkId::new("mj_score", name), |b| {
            let mut i = 0;
            b.iter(|| {
                i = (i + 1) % n;
                let c = &cases[i];
                score(black_box(&c.win), black_box(&c.situation), &rules)
                    .map(|s| s.points.total())
                    .unwrap_or(0)
            })
        });
        g.bench_function(BenchmarkId::new("riichienv_core", name), |b| {
            let mut i = 0;
            b.iter(|| {
                i = (i + 1) % n;
                let c = black_box(&cases[i]);
                c.peer
                    .calc(
                        c.win_136,
                        c.dora.clone(),
                        c.ura.clone(),
                        Some(c.conditions.clone()),
                    )
                    .ron_agari
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

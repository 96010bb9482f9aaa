//! Where libriichi's arena departs from Tenhou's rules, which the engine follows. A round of a
//! libriichi log that disagrees with the engine in exactly one of these ways is reported as a
//! known difference, with the rule named, not as a mismatch (and the match is not compared
//! past it). Each was seen in the arena's own logs and traced to libriichi
//! (`libriichi/src/arena/board.rs`, `libriichi/src/algo/point.rs`):
//!
//! * At an exhaustive draw a hand whose only waits are tiles its owner holds all four of
//!   (純カラ) is ready for libriichi (its shanten is 0); Tenhou does not count it.
//! * A riichi may be declared on such a hand; Tenhou's rules (and the engine) refuse it.
//! * libriichi's point table pays a non-dealer's 70 fu 2 han tsumo 1,200 / 1,300 (Tenhou:
//!   1,200 / 2,300).
//! * Tenhou (天和) and chiihou (地和) are one yakuman alone, never with another yakuman.
//!
//! Its other departure, no abort on three rons, is modelled: the libriichi rules are
//! `GameRules::tenhou()` with `triple_ron_abort` off.

use mj_game::{DrawKind, Event, Round, RoundEnd, Seat};
use mj_hu::{Hand, Rules};
use mj_tiles::{Tile, TileCounts, TileSet};

use crate::log::Round as LogRound;

/// The kinds that would complete `seat`'s concealed tiles (without `minus`, a tile id about to
/// be discarded), whether or not any copy is left: the waits libriichi counts.
pub(super) fn shape_waits(r: &Round, seat: Seat, minus: Option<u8>) -> TileSet {
    let mut counts = TileCounts::default();
    let mut skipped = false;
    for id in r.player(seat).hand_ids() {
        if !skipped && Some(id) == minus {
            skipped = true;
            continue;
        }
        if let Some(t) = Tile::new(id / 4)
            && counts.add(t).is_err()
        {
            return TileSet::EMPTY;
        }
    }
    Hand::new(counts, &[], TileSet::EMPTY)
        .and_then(|h| mj_hu::waits(&h, &Rules::RIICHI))
        .unwrap_or(TileSet::EMPTY)
}

/// The noten payments of an exhaustive draw with these seats ready (four players).
fn noten_payments(ready: [bool; 4]) -> [i32; 4] {
    let n = ready.iter().filter(|&&r| r).count();
    let (plus, minus) = match n {
        1 => (3000, -1000),
        2 => (1500, -1500),
        3 => (1000, -3000),
        _ => (0, 0),
    };
    core::array::from_fn(|s| if ready[s] { plus } else { minus })
}

/// The libriichi rule that explains how the round's log differs from the engine's result, if
/// one does exactly.
pub(super) fn explain(r: &Round, rl: &LogRound) -> Option<String> {
    let res = r.result()?;
    let logged: Vec<&Event> = rl
        .events
        .iter()
        .filter(|e| matches!(e, Event::Hora { .. } | Event::Ryukyoku { .. }))
        .collect();
    match &res.end {
        RoundEnd::Draw {
            kind: DrawKind::Exhaustive,
            tenpai,
        } => {
            let Some(Event::Ryukyoku { deltas, .. }) = logged.first() else {
                return None;
            };
            let mut ready = *tenpai;
            let mut karaten = Vec::new();
            for s in 0..4u8 {
                if !ready[usize::from(s)] && !shape_waits(r, s, None).is_empty() {
                    ready[usize::from(s)] = true;
                    karaten.push(s.to_string());
                }
            }
            (!karaten.is_empty() && noten_payments(ready) == *deltas).then(|| {
                format!(
                    "libriichi counts seat {} ready at the draw: its only waits are tiles it holds \
                     all four of (純カラ), which Tenhou's rules do not count",
                    karaten.join(" and ")
                )
            })
        }
        RoundEnd::Wins(wins) => {
            let dealer = r.setup().dealer;
            let honba = i32::try_from(r.setup().honba).ok()?;
            let mut why = Vec::new();
            for (w, e) in wins.iter().zip(&logged) {
                let Event::Hora { deltas: theirs, .. } = e else {
                    return None;
                };
                let mut d = w.deltas;
                let tsumo = w.from == w.seat;
                let s = &w.score;
                if tsumo && w.seat != dealer && s.yakuman == 0 && s.fu == 70 && s.han == 2 {
                    d[usize::from(dealer)] += 1000;
                    d[usize::from(w.seat)] -= 1000;
                    why.push(
                        "libriichi's point table pays a non-dealer's 70 fu 2 han tsumo 1,200 / 1,300 \
                         (Tenhou: 1,200 / 2,300)",
                    );
                }
                let alone = s.yaku.iter().any(|(n, _)| n == "tenhou" || n == "chiihou");
                if tsumo && alone && s.yakuman > 1 {
                    // Every payment (less its honba) at one yakuman instead of `yakuman`.
                    let k = i32::try_from(s.yakuman).ok()?;
                    let mut paid_less = 0;
                    for (p, x) in d.iter_mut().enumerate() {
                        if p != usize::from(w.seat) && *x < 0 {
                            let base = -*x - 100 * honba;
                            *x += base - base / k;
                            paid_less += base - base / k;
                        }
                    }
                    d[usize::from(w.seat)] -= paid_less;
                    why.push(
                        "libriichi counts tenhou and chiihou as one yakuman alone, never with another",
                    );
                }
                if d != *theirs {
                    return None;
                }
            }
            (!why.is_empty()).then(|| why.join("; "))
        }
        RoundEnd::Draw { .. } => None,
    }
}

//! One decision judged: the seat's distinct options, each with shanten, ukeire, improvement-
//! weighted ukeire and deal-in risk, ranked by the reviewing player's own scores.

use mj_ai::{HandView, ShapeRules, shanten};
use mj_bot::risk::{Threats, deal_in_risk, risk_against, safety};
use mj_game::view::kind_of;
use mj_game::{Action, Bot, MjaiTile, SeatView};
use mj_tiles::{Tile, TileCounts, TileSet};
use serde_json::Value;

use crate::model::{Candidate, Decision, OfferNote, Risk, RiskAgainst, ThreatNote, Ukeire};

/// What is known of a decision before the seat's action: the decision with the state and the
/// options judged (what the seat did still blank), and what the summary needs beside it.
#[derive(Clone, Debug)]
pub(crate) struct Judged {
    pub decision: Decision,
    /// Each candidate's key (the actions it stands for are those with the same key).
    pub keys: Vec<Key>,
    /// Index of the advice in `candidates` (always 0: candidates are sorted best first).
    pub advised: usize,
    /// `true` when a win was among the options.
    pub could_win: bool,
    /// `true` when a riichi was among the options.
    pub could_riichi: bool,
    /// `true` when a closed or added kan was among the options (on a turn).
    pub could_kan: bool,
    /// Kinds the model finds safest (within 1 % of the safest), under threat.
    pub safest: TileSet,
    /// For each candidate that is a chi or pon: whether the hand keeps a likely yaku.
    pub yaku_after_call: Vec<Option<bool>>,
}

/// What makes two actions the same option: the kind of action and the kinds of its tiles
/// (so a red five and a plain one, from the hand or just drawn, are one option).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Key(u8, [u8; 2]);

pub(crate) fn key(a: Action) -> Key {
    let k = |id: mj_tiles::TileId| id.tile().as_u8();
    match a {
        Action::Discard { tile } => Key(0, [k(tile), 0]),
        Action::Riichi { tile } => Key(1, [k(tile), 0]),
        Action::Tsumo => Key(2, [0; 2]),
        Action::Ron => Key(3, [0; 2]),
        Action::Chi { tiles } => {
            let mut t = tiles.map(k);
            t.sort_unstable();
            Key(4, t)
        }
        Action::Pon { .. } => Key(5, [0; 2]),
        Action::Minkan => Key(6, [0; 2]),
        Action::Ankan { kind } => Key(7, [kind.as_u8(), 0]),
        Action::Kakan { tile } => Key(8, [k(tile), 0]),
        Action::Kita { .. } => Key(9, [0; 2]),
        Action::NineTerminals => Key(10, [0; 2]),
        Action::Pass => Key(11, [0; 2]),
        Action::Exchange { .. } => Key(12, [0; 2]),
        Action::DeclareLack { suit } => Key(13, [suit, 0]),
    }
}

/// The mjai events of an action: a riichi is its `reach` and the `dahai` that follows.
pub(crate) fn events(view: &SeatView<'_>, a: Action) -> Vec<Value> {
    match a {
        Action::Riichi { tile } => {
            vec![view.reaction(a), view.reaction(Action::Discard { tile })]
        }
        _ => vec![view.reaction(a)],
    }
}

/// The name of what an action is, as [`crate::model::Decision::kind`] says.
pub(crate) fn kind_name(a: Action) -> &'static str {
    match a {
        Action::Discard { .. } => "discard",
        Action::Riichi { .. } => "riichi",
        Action::Tsumo => "tsumo",
        Action::Ron => "ron",
        Action::Chi { .. } => "chi",
        Action::Pon { .. } => "pon",
        Action::Minkan | Action::Ankan { .. } | Action::Kakan { .. } => "kan",
        Action::Kita { .. } => "kita",
        Action::NineTerminals => "abort",
        Action::Pass | Action::Exchange { .. } | Action::DeclareLack { .. } => "pass",
    }
}

fn tile_name(id: u8, reds: bool) -> MjaiTile {
    MjaiTile::id(id, reds)
}

/// `a - b` kind by kind (0 where `b` has more).
fn minus(a: &TileCounts, b: &TileCounts) -> TileCounts {
    let mut out = [0u8; 34];
    for (k, o) in out.iter_mut().enumerate() {
        *o = a.as_array()[k].saturating_sub(b.as_array()[k]);
    }
    TileCounts::new(out).unwrap_or(TileCounts::EMPTY)
}

/// Shanten, effective tiles and improvement-weighted ukeire of a `3k + 1` concealed hand
/// `after` (its melds implied), every other visible tile counted from `visible`: the whole
/// table as the seat sees it, `after` included.
fn thirteen(after: &TileCounts, visible: &TileCounts) -> Option<(i8, Ukeire, Option<f64>)> {
    let h = HandView::new(*after, &[], TileSet::EMPTY).ok()?;
    let others = minus(visible, after);
    let e = h.effective_tiles(ShapeRules::RIICHI, &others).ok()?;
    let improved = h.improved_ukeire(ShapeRules::RIICHI, &others).ok()?;
    Some((
        e.shanten,
        Ukeire {
            kinds: e.tiles.into_iter().map(MjaiTile::kind).collect(),
            tiles: e.count,
        },
        improved,
    ))
}

/// The best discard of a `3k + 2` concealed hand: the 13 it leaves, judged by [`thirteen`].
fn best_discard(hand: &TileCounts, visible: &TileCounts) -> Option<(i8, Ukeire, Option<f64>)> {
    hand.kinds()
        .into_iter()
        .filter_map(|t| {
            let mut after = *hand;
            after.remove(t).then_some(())?;
            thirteen(&after, visible)
        })
        .min_by(|a, b| a.0.cmp(&b.0).then(b.1.tiles.cmp(&a.1.tiles)))
}

/// The concealed counts after `a`, when it keeps the hand: a discard's 13, a call's or
/// kan's remainder.
fn after(view: &SeatView<'_>, a: Action) -> Option<TileCounts> {
    let mut h = view.hand();
    let take = |h: &mut TileCounts, t: Tile, n: usize| (0..n).all(|_| h.remove(t));
    let ok = match a {
        Action::Discard { tile } | Action::Riichi { tile } | Action::Kita { tile } => {
            take(&mut h, tile.tile(), 1)
        }
        Action::Kakan { tile } => take(&mut h, tile.tile(), 1),
        Action::Ankan { kind } => take(&mut h, kind, 4),
        Action::Chi { tiles } | Action::Pon { tiles } => {
            tiles.iter().all(|id| take(&mut h, id.tile(), 1))
        }
        Action::Minkan => {
            let on = kind_of(view.offer()?.tile);
            take(&mut h, on, 3)
        }
        Action::Pass => true,
        _ => return None,
    };
    ok.then_some(h)
}

/// Judges the decision of the seat of `view` among `legal` (at least two options) with
/// `bot`.
pub(crate) fn judge(view: &SeatView<'_>, legal: &[Action], bot: &mut dyn Bot) -> Judged {
    let reds = view.rules().red_fives;
    let me = view.seat();
    let (chosen, scores) = bot.scores(view, legal);
    let drawn = view.drawn();
    let mut hand: Vec<u8> = view.hand_ids().filter(|&i| Some(i) != drawn).collect();
    hand.sort_unstable();
    let visible = view.visible_counts();
    let threats = Threats::of(view);
    let total_risk = (!threats.is_empty()).then(|| deal_in_risk(view, &threats));
    let per_threat: Vec<[f64; 34]> = threats.0.iter().map(|t| risk_against(view, t)).collect();

    // The distinct options, each with the best score of its actions.
    let mut keys: Vec<Key> = Vec::new();
    let mut reps: Vec<(Action, f64)> = Vec::new();
    for (i, &a) in legal.iter().enumerate() {
        let s = scores.get(i).copied().unwrap_or(0.0);
        let k = key(a);
        match keys.iter().position(|&x| x == k) {
            Some(j) => {
                if a == chosen || (s > reps[j].1 && reps[j].0 != chosen) {
                    reps[j] = (a, s.max(reps[j].1));
                }
            }
            None => {
                keys.push(k);
                reps.push((a, s));
            }
        }
    }
    // Best first; the choice first among equals.
    let mut order: Vec<usize> = (0..reps.len()).collect();
    order.sort_by(|&a, &b| {
        let ca = key(chosen) == keys[a];
        let cb = key(chosen) == keys[b];
        cb.cmp(&ca).then(reps[b].1.total_cmp(&reps[a].1))
    });
    let keys: Vec<Key> = order.iter().map(|&i| keys[i]).collect();
    let reps: Vec<(Action, f64)> = order.iter().map(|&i| reps[i]).collect();

    let mut candidates = Vec::with_capacity(reps.len());
    let mut yaku_after_call = Vec::with_capacity(reps.len());
    for (rank, &(a, score)) in reps.iter().enumerate() {
        let judged = match a {
            Action::Tsumo | Action::Ron => None,
            _ => after(view, a).and_then(|h| {
                if h.total() % 3 == 2 {
                    best_discard(&h, &visible)
                } else {
                    thirteen(&h, &visible)
                }
            }),
        };
        let won = matches!(a, Action::Tsumo | Action::Ron);
        let risk = match (a, &total_risk) {
            (Action::Discard { tile } | Action::Riichi { tile }, Some(total)) => {
                let t = tile.tile();
                Some(Risk {
                    total: total[t.index()],
                    against: threats
                        .0
                        .iter()
                        .zip(&per_threat)
                        .map(|(th, r)| RiskAgainst {
                            seat: th.seat,
                            risk: r[t.index()],
                            reasons: safety(view, th, t),
                        })
                        .collect(),
                })
            }
            _ => None,
        };
        yaku_after_call.push(match a {
            Action::Chi { .. } | Action::Pon { .. } => mj_bot::call_keeps_yaku(view, a),
            _ => None,
        });
        candidates.push(Candidate {
            action: events(view, a),
            shanten: if won {
                Some(-1)
            } else {
                judged.as_ref().map(|j| j.0)
            },
            improved: judged.as_ref().and_then(|j| j.2),
            ukeire: judged.map(|j| j.1),
            risk,
            score,
            rank: rank + 1,
        });
    }

    let counts = view.hand();
    let shanten_now = shanten(&counts, ShapeRules::RIICHI).unwrap_or(i8::MAX);
    let safest = match &total_risk {
        Some(r) => {
            let held = counts.kinds();
            let min = held
                .into_iter()
                .map(|t| r[t.index()])
                .fold(f64::INFINITY, f64::min);
            held.into_iter()
                .filter(|t| r[t.index()] <= min + 0.01)
                .collect()
        }
        None => TileSet::EMPTY,
    };
    let offer = view.offer();
    let decision = Decision {
        index: 0,
        round: 0,
        situation: if offer.is_some() { "offer" } else { "turn" }.to_string(),
        kind: String::new(),
        hand: hand.iter().map(|&i| tile_name(i, reds)).collect(),
        drawn: drawn.map(|i| tile_name(i, reds)),
        melds: view
            .melds(me)
            .iter()
            .map(|m| {
                m.ids
                    .iter()
                    .filter(|&&i| i < 136)
                    .map(|&i| tile_name(i, reds))
                    .collect()
            })
            .collect(),
        offered: offer.map(|o| OfferNote {
            pai: tile_name(o.tile, reds),
            from: o.from,
        }),
        shanten: shanten_now,
        furiten: view.is_furiten(),
        tiles_left: view.live_left(),
        threats: threats
            .0
            .iter()
            .map(|t| ThreatNote {
                seat: t.seat,
                riichi: view.in_riichi(t.seat),
                weight: t.weight,
            })
            .collect(),
        actual: Vec::new(),
        advised: candidates
            .first()
            .map(|c| c.action.clone())
            .unwrap_or_default(),
        agree: false,
        candidates,
        actual_index: 0,
        error: None,
        severity: 0.0,
        reason: String::new(),
    };
    Judged {
        decision,
        keys,
        advised: 0,
        could_win: legal
            .iter()
            .any(|a| matches!(a, Action::Tsumo | Action::Ron)),
        could_riichi: legal.iter().any(|a| matches!(a, Action::Riichi { .. })),
        could_kan: legal
            .iter()
            .any(|a| matches!(a, Action::Ankan { .. } | Action::Kakan { .. })),
        safest,
        yaku_after_call,
    }
}

//! What a decision's disagreement is called, the reason for the advice in words, and the
//! totals: agreement by kind of decision, errors by category, the error curve.

use mj_game::MjaiTile;
use serde_json::Value;

use crate::decide::Judged;
use crate::model::{Candidate, Decision, KindAgreement, Summary};

fn kind_of(c: &Candidate) -> &str {
    let last = c
        .action
        .last()
        .and_then(|e| e.get("type"))
        .and_then(Value::as_str);
    match (c.action.len(), last) {
        (2, _) => "riichi",
        (_, Some("dahai")) => "discard",
        (_, Some("hora")) => "win",
        (_, Some("chi" | "pon")) => "call",
        (_, Some("daiminkan" | "ankan" | "kakan")) => "kan",
        (_, Some("none")) => "pass",
        (_, Some("nukidora")) => "kita",
        (_, Some("ryukyoku")) => "abort",
        _ => "other",
    }
}

/// The discarded tile of a discard or riichi candidate.
fn discarded(c: &Candidate) -> Option<MjaiTile> {
    let e = c.action.last()?;
    if e.get("type")?.as_str()? != "dahai" {
        return None;
    }
    serde_json::from_value(e.get("pai")?.clone()).ok()
}

fn is_safest(j: &Judged, c: &Candidate) -> bool {
    discarded(c)
        .and_then(|t| t.tile_id().and_then(|id| mj_tiles::Tile::new(id / 4)))
        .is_some_and(|t| j.safest.contains(t))
}

fn risk(c: &Candidate) -> f64 {
    c.risk.as_ref().map_or(0.0, |r| r.total)
}

fn ukeire(c: &Candidate) -> u32 {
    c.ukeire.as_ref().map_or(0, |u| u.tiles)
}

/// The category of a disagreement (`None` when they agree).
pub(crate) fn category(j: &Judged, actual: usize) -> Option<String> {
    if actual == j.advised {
        return None;
    }
    let a = &j.decision.candidates[actual];
    let b = &j.decision.candidates[j.advised];
    let (ka, kb) = (kind_of(a), kind_of(b));
    let name = match (ka, kb) {
        (_, "win") => "missed_win",
        ("discard", "riichi") => "missed_riichi",
        ("riichi", "discard") => "riichi_against_advice",
        ("pass", "call" | "kan") if j.decision.situation == "offer" => "missed_call",
        ("call", _) if j.yaku_after_call.get(actual) == Some(&Some(false)) => "called_without_yaku",
        ("call" | "kan", _) if j.decision.situation == "offer" => "call_against_advice",
        ("kan", _) => "kan_against_advice",
        (_, "kan") => "missed_kan",
        ("discard" | "riichi", "discard" | "riichi") => {
            let threatened = !j.decision.threats.is_empty();
            let (ra, rb) = (risk(a), risk(b));
            if threatened && ra > rb + 0.02 {
                "pushed_dangerous"
            } else if a.shanten > b.shanten {
                "efficiency_shanten"
            } else if threatened && ra + 0.02 < rb {
                "folded_early"
            } else if ukeire(a) < ukeire(b) {
                "efficiency_ukeire"
            } else {
                "other_tile"
            }
        }
        _ => "other",
    };
    Some(name.to_string())
}

fn names(tiles: &[MjaiTile]) -> String {
    tiles
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// A candidate in words: `discard 3p`, `riichi 3p`, `pon 5m`, `pass`.
pub(crate) fn describe(c: &Candidate) -> String {
    let k = kind_of(c);
    let e = c.action.last();
    let field = |f: &str| {
        e.and_then(|e| e.get(f))
            .map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_string))
            .unwrap_or_default()
    };
    match k {
        "discard" | "riichi" => format!("{k} {}", field("pai")),
        "win" => {
            if field("actor") == field("target") {
                "tsumo".into()
            } else {
                "ron".into()
            }
        }
        "call" | "kan" => {
            let t = e
                .and_then(|e| e.get("type"))
                .and_then(Value::as_str)
                .unwrap_or(k);
            let consumed: Vec<MjaiTile> = e
                .and_then(|e| e.get("consumed"))
                .and_then(|v| serde_json::from_value(v.clone()).ok())
                .unwrap_or_default();
            format!("{t} {}", names(&consumed))
        }
        _ => k.to_string(),
    }
}

fn shape(c: &Candidate) -> String {
    match (c.shanten, &c.ukeire) {
        (Some(-1), _) => "wins".into(),
        (Some(0), Some(u)) => format!("ready on {} ({} tiles)", names(&u.kinds), u.tiles),
        (Some(s), Some(u)) => format!("{s}-shanten, {} live effective tiles", u.tiles),
        _ => "no shape change".into(),
    }
}

/// Why the player advises what it does, in words.
pub(crate) fn reason(j: &Judged, actual: usize) -> String {
    let b = &j.decision.candidates[j.advised];
    let mut out = format!("{}: {}", describe(b), shape(b));
    if let Some(r) = &b.risk {
        out.push_str(&format!(", deal-in risk {:.0} %", r.total * 100.0));
        if let Some(first) = r.against.first()
            && !first.reasons.is_empty()
        {
            out.push_str(&format!(" ({})", first.reasons.join(", ")));
        }
    }
    if actual != j.advised {
        let a = &j.decision.candidates[actual];
        out.push_str(&format!("; played {}: {}", describe(a), shape(a)));
        if let Some(r) = &a.risk {
            out.push_str(&format!(", risk {:.0} %", r.total * 100.0));
        }
    }
    out.push('.');
    out
}

/// How one decision counts towards each kind's agreement: `(kind, agreed)`.
fn kinds(j: &Judged, actual: usize) -> Vec<(&'static str, bool)> {
    let a = &j.decision.candidates[actual];
    let b = &j.decision.candidates[j.advised];
    let (ka, kb) = (kind_of(a), kind_of(b));
    let is = |k: &str, x: &str| k == x;
    let mut out = Vec::new();
    let discards = |k: &str| matches!(k, "discard" | "riichi");
    if discards(ka) && discards(kb) {
        let kind = |c: &Candidate| discarded(c).and_then(MjaiTile::tile_id).map(|i| i / 4);
        out.push(("discard", kind(a) == kind(b)));
        if !j.decision.threats.is_empty() {
            out.push(("fold", is_safest(j, a) == is_safest(j, b)));
        }
    }
    if j.could_riichi {
        out.push(("riichi", is(ka, "riichi") == is(kb, "riichi")));
    }
    if j.decision.situation == "offer"
        && j.decision
            .candidates
            .iter()
            .any(|c| matches!(kind_of(c), "call" | "kan"))
    {
        let called = |k: &str| matches!(k, "call" | "kan");
        out.push(("call", called(ka) == called(kb)));
    }
    if j.decision.situation == "turn" && j.could_kan {
        out.push(("kan", is(ka, "kan") == is(kb, "kan")));
    }
    if j.could_win {
        out.push(("win", is(ka, "win") == is(kb, "win")));
    }
    out
}

/// The totals of a review's decisions (each with its [`Judged`]).
pub(crate) fn summarize(decisions: &[Decision], judged: &[(Judged, usize)]) -> Summary {
    const KINDS: [&str; 6] = ["discard", "riichi", "call", "kan", "win", "fold"];
    let mut by_kind: Vec<KindAgreement> = KINDS
        .iter()
        .map(|k| KindAgreement {
            kind: (*k).to_string(),
            ..KindAgreement::default()
        })
        .collect();
    for (j, actual) in judged {
        for (k, agreed) in kinds(j, *actual) {
            if let Some(row) = by_kind.iter_mut().find(|r| r.kind == k) {
                row.decisions += 1;
                row.agreed += usize::from(agreed);
            }
        }
    }
    let mut errors: Vec<(String, usize)> = Vec::new();
    let mut curve = Vec::with_capacity(decisions.len());
    let mut total = 0.0;
    for d in decisions {
        if let Some(e) = &d.error {
            match errors.iter_mut().find(|(n, _)| n == e) {
                Some((_, c)) => *c += 1,
                None => errors.push((e.clone(), 1)),
            }
        }
        total += d.severity;
        curve.push((d.index, total));
    }
    errors.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    Summary {
        decisions: decisions.len(),
        agreed: decisions.iter().filter(|d| d.agree).count(),
        by_kind,
        errors,
        curve,
        severity: total,
    }
}

//! One decision: the hand with the tile drawn or offered, the actual and the advised action
//! side by side, the error and the player's reason, and the table of candidates.

use core::fmt::Write as _;

use crate::model::{Candidate, Decision, Review};

use super::text::{escape, seat_name};
use super::tiles::{action, action_body, kinds, tile, tiles};

/// The colour band of a deal-in risk (0..1): `safe` under 3 %, `low` under 8 %, `mid` under
/// 15 %, `high` above.
pub(crate) fn band(risk: f64) -> &'static str {
    match risk * 100.0 {
        r if r < 3.0 => "safe",
        r if r < 8.0 => "low",
        r if r < 15.0 => "mid",
        _ => "high",
    }
}

/// The decision as an `<article data-decision=i>`; `i` is its place in [`Review::decisions`].
pub(crate) fn decision(review: &Review, i: usize, d: &Decision) -> String {
    let agree = d.agree;
    let mut out = format!(
        "<article class=\"decision {}\" id=\"d{i}\" data-decision=\"{i}\" data-agree=\"{agree}\">",
        if agree { "ok" } else { "bad" }
    );
    // The situation.
    let _ = write!(
        out,
        "<header><span class=\"num\">#{i}</span> <span class=\"sit\">{}</span> \
         <span class=\"k\">shanten</span> {} <span class=\"k\">left</span> {}{}{}</header>",
        escape(&d.situation),
        shanten(Some(d.shanten)),
        d.tiles_left,
        if d.furiten {
            " <span class=\"flag\">furiten</span>"
        } else {
            ""
        },
        threats(review, d),
    );
    out.push_str("<div class=\"hand\">");
    out.push_str(&tiles(&d.hand));
    if let Some(t) = d.drawn {
        let _ = write!(
            out,
            " <span class=\"drawn\" title=\"drawn\">{}</span>",
            tile(&t.to_string())
        );
    }
    for m in &d.melds {
        let _ = write!(out, " <span class=\"meld\">{}</span>", tiles(m));
    }
    if let Some(o) = d.offered {
        let _ = write!(
            out,
            " <span class=\"offer\"><span class=\"k\">offered by {}</span> {}</span>",
            seat_name(&review.names, o.from),
            tile(&o.pai.to_string())
        );
    }
    out.push_str("</div>");
    // Actual and advised side by side.
    let _ = write!(
        out,
        "<div class=\"vs\"><div class=\"actual\"><span class=\"k\">played</span> {}</div>\
         <div class=\"verdict\">{}</div>\
         <div class=\"advised\"><span class=\"k\">advised</span> {}</div></div>",
        action(&d.actual),
        if agree { "✓ agree" } else { "✗ differ" },
        action(&d.advised),
    );
    if !agree {
        let _ = write!(
            out,
            "<p class=\"error\"><span class=\"cat\">{}</span> <span class=\"k\">severity</span> {:.2}</p>",
            escape(&d.error.as_deref().unwrap_or("error").replace('_', " ")),
            d.severity
        );
    }
    if !d.reason.is_empty() {
        let _ = write!(out, "<p class=\"reason\">{}</p>", escape(&d.reason));
    }
    // The candidates, open where the seat and the player differ.
    let _ = write!(
        out,
        "<details{}><summary>{} candidates</summary>{}</details></article>",
        if agree { "" } else { " open" },
        d.candidates.len(),
        table(review, d)
    );
    out
}

fn shanten(s: Option<i8>) -> String {
    match s {
        Some(-1) => "win".into(),
        Some(s) => s.to_string(),
        None => "–".into(),
    }
}

fn threats(review: &Review, d: &Decision) -> String {
    let mut out = String::new();
    for t in &d.threats {
        let _ = write!(
            out,
            " <span class=\"threat\">{} {}</span>",
            seat_name(&review.names, t.seat),
            if t.riichi { "riichi" } else { "open hand" }
        );
    }
    out
}

fn table(review: &Review, d: &Decision) -> String {
    let threatened = !d.threats.is_empty();
    let mut out = String::from(
        "<div class=\"scroll\"><table class=\"cands\"><thead><tr><th>#</th><th>action</th>\
         <th>shanten</th><th>ukeire</th><th>improved</th>",
    );
    if threatened {
        out.push_str("<th>risk</th>");
    }
    out.push_str("<th class=\"sc\">score</th></tr></thead><tbody>");
    for (k, c) in d.candidates.iter().enumerate() {
        let mut marks = Vec::new();
        if k == 0 {
            marks.push("advice");
        }
        if k == d.actual_index {
            marks.push("played");
        }
        let _ = write!(
            out,
            "<tr class=\"{}\" data-candidate=\"{k}\"><td>{}</td><td>{}{}</td><td>{}</td><td>{}</td><td>{}</td>",
            marks.join(" "),
            c.rank,
            action_body(&c.action),
            marks
                .iter()
                .map(|m| format!(" <span class=\"mark\">{m}</span>"))
                .collect::<String>(),
            shanten(c.shanten),
            ukeire(c),
            c.improved.map_or("–".into(), |v| format!("{v:.1}")),
        );
        if threatened {
            out.push_str(&risk(review, c));
        }
        let _ = write!(out, "<td class=\"sc\">{:.3}</td></tr>", c.score);
    }
    out.push_str("</tbody></table></div>");
    out
}

fn ukeire(c: &Candidate) -> String {
    match &c.ukeire {
        Some(u) => format!("<b class=\"count\">{}</b> {}", u.tiles, kinds(&u.kinds)),
        None => "–".into(),
    }
}

fn risk(review: &Review, c: &Candidate) -> String {
    let Some(r) = &c.risk else {
        return "<td>–</td>".into();
    };
    let mut out = format!(
        "<td><span class=\"risk {}\">{:.1} %</span>",
        band(r.total),
        r.total * 100.0
    );
    for a in &r.against {
        let reasons: Vec<String> = a
            .reasons
            .iter()
            .map(|s| escape(&s.replace('_', " ")))
            .collect();
        let _ = write!(
            out,
            "<br><small>vs {}: {:.1} %{}{}</small>",
            seat_name(&review.names, a.seat),
            a.risk * 100.0,
            if reasons.is_empty() { "" } else { ", " },
            reasons.join(", ")
        );
    }
    out.push_str("</td>");
    out
}

//! The review as one self-contained HTML page: inline CSS and SVG, no script, nothing fetched
//! ([`render`]); or the same page linking its CSS ([`render_with`]), or the report alone for a
//! page of one's own ([`body`], with [`STYLE`]).
//! Every string from the log (names, rules, labels, results, reasons, tiles) is escaped by
//! [`text::escape`]. Each decision is an `<article data-decision=i data-agree=..>`; each
//! action carries its mjai events in `data-events`, so a test or a tool can read the page back.

mod curve;
mod decision;
mod round;
mod style;
mod text;
mod tiles;

#[cfg(test)]
mod tests;

use core::fmt::Write as _;

use crate::model::Review;

use text::{escape, percent, seat_name};

/// The CSS of the page: what [`render`] inlines, and what a page that shows [`body`] (or a
/// [`render_with`] page with [`Style::Linked`]) serves as a stylesheet of its own.
pub const STYLE: &str = style::CSS;

/// Where a page's CSS comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style<'a> {
    /// Inline, in a `<style>` element: the page needs nothing else ([`render`]).
    Inline,
    /// A `<link rel="stylesheet">` to this address, which serves [`STYLE`]: for a server whose
    /// Content-Security-Policy allows no inline style.
    Linked(&'a str),
}

/// The page of a review, self-contained (inline CSS).
pub fn render(review: &Review) -> String {
    render_with(review, Style::Inline)
}

/// The page of a review, its CSS inline or linked.
pub fn render_with(review: &Review, style: Style<'_>) -> String {
    let body = body(review);
    let mut out = String::with_capacity(body.len() + STYLE.len() + 512);
    let title = format!(
        "Review of {}",
        review
            .names
            .get(usize::from(review.seat))
            .filter(|n| !n.is_empty())
            .map_or_else(|| format!("seat {}", review.seat), |n| n.clone())
    );
    let _ = write!(
        out,
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{}</title>",
        escape(&title),
    );
    match style {
        Style::Inline => {
            let _ = write!(out, "<style>{STYLE}</style>");
        }
        Style::Linked(href) => {
            let _ = write!(out, "<link rel=\"stylesheet\" href=\"{}\">", escape(href));
        }
    }
    out.push_str("</head><body>");
    out.push_str(&body);
    out.push_str("</body></html>");
    out
}

/// The report alone, without the page around it: the header (names, agreement, tables, the
/// curve, the rounds' links), the "only errors" switch and `<main>` with every round and
/// decision, as sibling elements for a page that has its own `<head>` and links [`STYLE`].
pub fn body(review: &Review) -> String {
    let mut out = String::with_capacity(64 * 1024 + review.decisions.len() * 6 * 1024);
    out.push_str(&header(review));
    out.push_str(
        "<input type=\"checkbox\" id=\"only-errors\"><label for=\"only-errors\">show only the \
         decisions where the seat and the player differ</label><main>",
    );
    for (ri, r) in review.rounds.iter().enumerate() {
        out.push_str(&round::head(review, ri, r));
        let [first, end] = r.decisions;
        for i in first..end.min(review.decisions.len()) {
            out.push_str(&decision::decision(review, i, &review.decisions[i]));
        }
        out.push_str("</section>");
    }
    // Decisions no round claims (none in a review `mj_review::review` made) still get shown.
    let claimed = |i: usize| {
        review
            .rounds
            .iter()
            .any(|r| (r.decisions[0]..r.decisions[1]).contains(&i))
    };
    for (i, d) in review.decisions.iter().enumerate() {
        if !claimed(i) {
            out.push_str(&decision::decision(review, i, d));
        }
    }
    out.push_str("</main>");
    out
}

/// Names, seat, player, rules, agreement (overall and by kind), errors and the curve.
fn header(review: &Review) -> String {
    let s = &review.summary;
    let mut out = String::from("<header class=\"top\"><h1>Review</h1><ul class=\"seats\">");
    for seat in 0..review.players.max(1) {
        let me = seat == review.seat;
        let _ = write!(
            out,
            "<li{}>{}{}</li>",
            if me { " class=\"me\"" } else { "" },
            seat_name(&review.names, seat),
            if me { " <b>reviewed</b>" } else { "" }
        );
    }
    let _ = write!(
        out,
        "</ul><dl class=\"facts\"><dt>reviewed by</dt><dd>{}</dd><dt>rules</dt><dd>{}</dd>\
         <dt>log</dt><dd>{} · {} players · {} rounds</dd><dt>agreement</dt>\
         <dd class=\"big\" data-agreed=\"{}\" data-decisions=\"{}\">{} of {} ({})</dd>\
         <dt>severity</dt><dd>{:.2}</dd></dl>",
        escape(&review.player),
        escape(&review.rules),
        escape(&review.format),
        review.players,
        review.rounds.len(),
        s.agreed,
        s.decisions,
        s.agreed,
        s.decisions,
        percent(s.agreed, s.decisions),
        s.severity
    );
    out.push_str("<div class=\"tables\"><table class=\"kinds\"><thead><tr><th>kind</th><th>agreed</th><th>%</th></tr></thead><tbody>");
    for k in &s.by_kind {
        let _ = write!(
            out,
            "<tr data-kind=\"{0}\"><td>{0}</td><td>{1} / {2}</td><td>{3}</td></tr>",
            escape(&k.kind),
            k.agreed,
            k.decisions,
            percent(k.agreed, k.decisions)
        );
    }
    out.push_str("</tbody></table><table class=\"errors\"><thead><tr><th>error</th><th>count</th></tr></thead><tbody>");
    if s.errors.is_empty() {
        out.push_str("<tr><td colspan=\"2\">none</td></tr>");
    }
    for (name, n) in &s.errors {
        let _ = write!(
            out,
            "<tr data-error=\"{}\"><td>{}</td><td>{n}</td></tr>",
            escape(name),
            escape(&name.replace('_', " "))
        );
    }
    out.push_str(
        "</tbody></table></div><h2>Error curve <small>cumulative severity by decision; dashed \
         lines: rounds; dots: errors</small></h2>",
    );
    out.push_str(&curve::chart(review));
    out.push_str("<nav class=\"rounds\">");
    for (i, r) in review.rounds.iter().enumerate() {
        let errors = review
            .decisions
            .get(r.decisions[0]..r.decisions[1].min(review.decisions.len()))
            .map_or(0, |ds| ds.iter().filter(|d| !d.agree).count());
        let _ = write!(
            out,
            "<a href=\"#r{i}\">{}<small>{}</small></a>",
            escape(&r.label),
            if errors > 0 {
                format!(" ✗{errors}")
            } else {
                String::new()
            }
        );
    }
    out.push_str("</nav></header>");
    out
}

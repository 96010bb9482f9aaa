//! The error curve as inline SVG: the cumulative severity over the seat's decisions, a dashed
//! line where each round starts, a dot (a link to the decision) at each error.

use core::fmt::Write as _;

use crate::model::Review;

use super::text::escape;

const W: f64 = 1000.0;
const H: f64 = 260.0;
/// Margins: left (the axis' numbers), right, top (round labels), bottom (decision numbers).
const L: f64 = 44.0;
const R: f64 = 12.0;
const T: f64 = 22.0;
const B: f64 = 26.0;

/// The chart, or a sentence when there is no decision.
pub(crate) fn chart(review: &Review) -> String {
    let curve = &review.summary.curve;
    let n = review.decisions.len().max(curve.len());
    if n == 0 {
        return "<p>No decision to chart.</p>".into();
    }
    let max = curve.iter().map(|p| p.1).fold(0.0, f64::max);
    // Grid lines at a round step (1, 2 or 5 times a power of ten), about five of them.
    let step = nice_step(max / 5.0);
    let steps = ((max / step).ceil() as usize).max(1);
    let top = step * steps as f64;
    let digits = if step < 1.0 { 1 } else { 0 };
    let x = |i: f64| L + (W - L - R) * if n > 1 { i / (n - 1) as f64 } else { 0.5 };
    let y = |v: f64| H - B - (H - T - B) * v / top;
    let mut out = format!(
        "<svg class=\"curve\" viewBox=\"0 0 {W} {H}\" role=\"img\" aria-label=\"cumulative \
         severity over {n} decisions\" data-points=\"{}\">",
        curve.len()
    );
    // Axes and horizontal grid lines with their values.
    for k in 0..=steps {
        let v = step * k as f64;
        let _ = write!(
            out,
            "<line class=\"grid\" x1=\"{L}\" x2=\"{}\" y1=\"{y:.1}\" y2=\"{y:.1}\"/>\
             <text class=\"ax\" x=\"{}\" y=\"{:.1}\" text-anchor=\"end\">{v:.digits$}</text>",
            W - R,
            L - 6.0,
            y(v) + 4.0,
            y = y(v)
        );
    }
    // Round boundaries.
    let mut last_label = f64::NEG_INFINITY;
    for r in &review.rounds {
        let [first, end] = r.decisions;
        if first >= end {
            continue;
        }
        let px = x(first as f64 - 0.5_f64.min(first as f64));
        let _ = write!(
            out,
            "<line class=\"round\" x1=\"{px:.1}\" x2=\"{px:.1}\" y1=\"{T}\" y2=\"{}\"/>",
            H - B
        );
        if px - last_label > 34.0 {
            let _ = write!(
                out,
                "<text class=\"rl\" x=\"{:.1}\" y=\"{}\">{}</text>",
                px + 2.0,
                T - 6.0,
                escape(&r.label)
            );
            last_label = px;
        }
    }
    // The curve.
    let mut path = String::new();
    for (k, &(i, v)) in curve.iter().enumerate() {
        let _ = write!(
            path,
            "{}{:.1},{:.1}",
            if k == 0 { "M" } else { " L" },
            x(i as f64),
            y(v)
        );
    }
    let _ = write!(out, "<path class=\"line\" d=\"{path}\"/>");
    // A dot at each error, linking to its decision.
    for d in review.decisions.iter().filter(|d| !d.agree) {
        let v = curve.iter().find(|p| p.0 == d.index).map_or(0.0, |p| p.1);
        let _ = write!(
            out,
            "<a href=\"#d{i}\"><circle class=\"err\" cx=\"{:.1}\" cy=\"{:.1}\" r=\"{:.1}\">\
             <title>decision {i}: {} (severity {:.2})</title></circle></a>",
            x(d.index as f64),
            y(v),
            3.0 + 4.0 * d.severity,
            escape(d.error.as_deref().unwrap_or("error")),
            d.severity,
            i = d.index
        );
    }
    let _ = write!(
        out,
        "<text class=\"ax\" x=\"{L}\" y=\"{}\">0</text>\
         <text class=\"ax\" x=\"{}\" y=\"{}\" text-anchor=\"end\">decision {}</text></svg>",
        H - 8.0,
        W - R,
        H - 8.0,
        n - 1
    );
    out
}

/// The smallest of 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, ... at least `x`.
fn nice_step(x: f64) -> f64 {
    let mut step = 0.1;
    while step < x {
        for m in [2.0, 2.5, 2.0] {
            step *= m;
            if step >= x {
                return step;
            }
        }
    }
    step
}

#[cfg(test)]
mod tests {
    use super::nice_step;

    #[test]
    fn grid_steps_are_round() {
        for (x, step) in [
            (0.0, 0.1),
            (0.15, 0.2),
            (0.3, 0.5),
            (1.0, 1.0),
            (6.2, 10.0),
            (11.0, 20.0),
            (30.0, 50.0),
        ] {
            assert!(
                (nice_step(x) - step).abs() < 1e-9,
                "nice_step({x}) = {}",
                nice_step(x)
            );
        }
    }
}

//! The strength of a time-budgeted `search` against its budget, as a PNG: one point per budget
//! (milliseconds a decision, on a log scale) at the challenger's rank advantage, with its 95 %
//! interval as an error bar and a line at zero (no better than the others).
//!
//! A point comes from an `mj arena --json` report of a two-name line-up (the budget read from
//! the challenger's name, `search:100` or `search` for its 200 ms default), or is written out as
//! `MS=ADV,LO,HI[,GAMES]` for a run whose report is not at hand (a table in the docs). The
//! example `search_budget_chart` is the command line:
//!
//! ```sh
//! cargo run --release -p mj-cli --example search_budget_chart -- OUT.png 5=0.203,0.057,0.350,400 r100.json
//! ```
//!
//! The text uses the font `mj arena --chart` finds ([`crate::arena_cmd`]'s module docs); without
//! one the points, bars and axes are drawn without text.

use mj_bot::SearchConfig;
use mj_bot::arena::Report;

/// One budget's result.
#[derive(Clone, Debug, PartialEq)]
pub struct BudgetPoint {
    /// Milliseconds a decision.
    pub ms: f64,
    /// The challenger's rank advantage (positive: better than the others).
    pub rank_advantage: f64,
    /// Its 95 % interval.
    pub ci95: [f64; 2],
    /// Games played, when known.
    pub games: Option<u64>,
    /// Whom the challenger played against, when known (`defense`).
    pub against: Option<String>,
}

/// The milliseconds a decision of a `search` name (`search` 200, `search:20` 20,
/// `search:100+rollout=mixed` 100); `None` for another player or a budget in samples.
pub fn budget_ms(name: &str) -> Option<f64> {
    let option = match name.split_once(':') {
        Some(("search", option)) => option,
        None if name == "search" => "",
        _ => return None,
    };
    let config = SearchConfig::from_option(option)?;
    match config.samples {
        Some(_) => None,
        None => Some(config.think_ms as f64),
    }
}

impl BudgetPoint {
    /// The point of a run's report: its comparison (two names) at the challenger's budget.
    ///
    /// # Errors
    /// No comparison in the report, or a challenger without a time budget.
    pub fn from_report(r: &Report) -> Result<BudgetPoint, String> {
        let c = r
            .comparison
            .as_ref()
            .ok_or("the report has no rank advantage (a line-up of exactly two names has one)")?;
        let ms = budget_ms(&c.name).ok_or_else(|| {
            format!(
                "challenger `{}` has no time budget (expected search or search:MS)",
                c.name
            )
        })?;
        Ok(BudgetPoint {
            ms,
            rank_advantage: c.rank_advantage,
            ci95: c.rank_advantage_ci95,
            games: Some(r.games),
            against: Some(c.against.clone()),
        })
    }

    /// A point written out: `MS=ADV,LO,HI` or `MS=ADV,LO,HI,GAMES` (`5=0.203,0.057,0.350,400`).
    ///
    /// # Errors
    /// Anything else, or an interval that does not hold the advantage.
    pub fn parse(text: &str) -> Result<BudgetPoint, String> {
        let bad = |why: &str| format!("point {text:?}: {why} (expected MS=ADV,LO,HI[,GAMES])");
        let (ms, rest) = text.split_once('=').ok_or_else(|| bad("no `=`"))?;
        let ms: f64 = ms.trim().parse().map_err(|_| bad("MS is not a number"))?;
        if !(ms.is_finite() && ms > 0.0) {
            return Err(bad("MS must be above 0"));
        }
        let parts: Vec<&str> = rest.split(',').map(str::trim).collect();
        if !(3..=4).contains(&parts.len()) {
            return Err(bad("three or four numbers after `=`"));
        }
        let mut v = [0.0f64; 3];
        for (x, p) in v.iter_mut().zip(&parts) {
            *x = p
                .parse()
                .ok()
                .filter(|x: &f64| x.is_finite())
                .ok_or_else(|| bad(&format!("`{p}` is not a number")))?;
        }
        if !(v[1] <= v[0] && v[0] <= v[2]) {
            return Err(bad("LO <= ADV <= HI does not hold"));
        }
        let games = match parts.get(3) {
            Some(g) => Some(
                g.parse()
                    .map_err(|_| bad(&format!("`{g}` is not a count")))?,
            ),
            None => None,
        };
        Ok(BudgetPoint {
            ms,
            rank_advantage: v[0],
            ci95: [v[1], v[2]],
            games,
            against: None,
        })
    }

    /// A point from a command-line argument: a point written out when it holds `=`, else the
    /// path of an `mj arena --json` report.
    ///
    /// # Errors
    /// A bad point, a file that cannot be read or is not a report, a report without a budget.
    pub fn from_arg(arg: &str) -> Result<BudgetPoint, String> {
        if arg.contains('=') {
            return BudgetPoint::parse(arg);
        }
        let text = std::fs::read_to_string(arg).map_err(|e| format!("{arg}: {e}"))?;
        let report: Report =
            serde_json::from_str(&text).map_err(|e| format!("{arg}: not an arena report: {e}"))?;
        BudgetPoint::from_report(&report).map_err(|e| format!("{arg}: {e}"))
    }
}

/// Draws `points` (sorted by budget here) into a PNG at `path`.
///
/// # Errors
/// No point, or the file cannot be written.
pub fn draw(points: &[BudgetPoint], path: &str) -> Result<(), String> {
    use plotters::prelude::*;
    if points.is_empty() {
        return Err("no point to draw".into());
    }
    let mut points = points.to_vec();
    points.sort_by(|a, b| a.ms.total_cmp(&b.ms));
    let with_text = crate::arena_cmd::font();
    let err = |e: &dyn core::fmt::Display| e.to_string();
    let title = match points.iter().find_map(|p| p.against.as_deref()) {
        Some(against) => format!("search vs {against}: rank advantage [95 %] by time a decision"),
        None => "search: rank advantage [95 %] by time a decision".to_string(),
    };

    let (lo_ms, hi_ms) = (points[0].ms, points[points.len() - 1].ms);
    let lo_y = points.iter().map(|p| p.ci95[0]).fold(0.0f64, f64::min);
    let hi_y = points.iter().map(|p| p.ci95[1]).fold(0.0f64, f64::max);
    let pad = ((hi_y - lo_y) * 0.1).max(0.05);
    let (y0, y1) = (lo_y - pad, hi_y + pad);

    let root = BitMapBackend::new(path, (900, 560)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| err(&e))?;
    let mut b = ChartBuilder::on(&root);
    b.margin(20);
    if with_text {
        b.caption(title, ("sans-serif", 22))
            .x_label_area_size(45)
            .y_label_area_size(60);
    }
    let mut c = b
        .build_cartesian_2d(
            (lo_ms / 2.0..hi_ms * 2.0)
                .log_scale()
                .with_key_points(points.iter().map(|p| p.ms).collect()),
            y0..y1,
        )
        .map_err(|e| err(&e))?;
    if with_text {
        c.configure_mesh()
            .x_desc("milliseconds a decision (log scale)")
            .y_desc("rank advantage")
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_label_formatter(&|y| format!("{y:+.2}"))
            .draw()
            .map_err(|e| err(&e))?;
    }
    let grey = RGBColor(120, 120, 120);
    let blue = RGBColor(31, 119, 180);
    c.draw_series(std::iter::once(PathElement::new(
        vec![(lo_ms / 2.0, 0.0), (hi_ms * 2.0, 0.0)],
        grey.stroke_width(1),
    )))
    .map_err(|e| err(&e))?;
    c.draw_series(std::iter::once(PathElement::new(
        points
            .iter()
            .map(|p| (p.ms, p.rank_advantage))
            .collect::<Vec<_>>(),
        blue.mix(0.5).stroke_width(1),
    )))
    .map_err(|e| err(&e))?;
    // Error bars: the interval, with caps a few pixels wide (the x axis is logarithmic, so
    // the caps are drawn in pixels, not in milliseconds).
    for p in &points {
        let style = blue.stroke_width(2);
        c.draw_series(std::iter::once(PathElement::new(
            vec![(p.ms, p.ci95[0]), (p.ms, p.ci95[1])],
            style,
        )))
        .map_err(|e| err(&e))?;
        for y in p.ci95 {
            c.draw_series(std::iter::once(
                EmptyElement::at((p.ms, y)) + PathElement::new(vec![(-8, 0), (8, 0)], style),
            ))
            .map_err(|e| err(&e))?;
        }
        c.draw_series(std::iter::once(Circle::new(
            (p.ms, p.rank_advantage),
            5,
            blue.filled(),
        )))
        .map_err(|e| err(&e))?;
        if with_text {
            let label = match p.games {
                Some(g) => format!("{:+.3} ({g} games)", p.rank_advantage),
                None => format!("{:+.3}", p.rank_advantage),
            };
            c.draw_series(std::iter::once(
                EmptyElement::at((p.ms, p.rank_advantage))
                    + Text::new(label, (10, -18), ("sans-serif", 15).into_font()),
            ))
            .map_err(|e| err(&e))?;
        }
    }
    root.present().map_err(|e| err(&e))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;
    use mj_bot::arena::{Comparison, summarize};

    fn report(name: &str, games: u64, adv: f64, ci: [f64; 2]) -> Report {
        let names: Vec<String> = [name, "defense", "defense", "defense"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let mut r = summarize(&names, &[], 1.0);
        r.games = games;
        r.comparison = Some(Comparison {
            name: name.into(),
            against: "defense".into(),
            walls: games / 4,
            rank_advantage: adv,
            rank_advantage_ci95: ci,
        });
        r
    }

    #[test]
    fn budgets_are_read_from_search_names() {
        for (name, ms) in [
            ("search", Some(200.0)),
            ("search:20", Some(20.0)),
            ("search:100ms", Some(100.0)),
            ("search:500+rollout=mixed", Some(500.0)),
            ("search:samples=64", None),
            ("search:nope", None),
            ("defense", None),
            ("searcher:20", None),
        ] {
            assert_eq!(budget_ms(name), ms, "{name}");
        }
    }

    #[test]
    fn points_written_out_are_checked() {
        let p = BudgetPoint::parse("5=0.203,0.057,0.350,400").unwrap();
        assert_eq!(p.ms, 5.0);
        assert_eq!(p.rank_advantage, 0.203);
        assert_eq!(p.ci95, [0.057, 0.350]);
        assert_eq!(p.games, Some(400));
        assert_eq!(
            BudgetPoint::parse("20=+0.276,+0.099,+0.452").unwrap().games,
            None
        );
        for bad in [
            "5",
            "0=0.2,0.1,0.3",
            "x=0.2,0.1,0.3",
            "5=0.2,0.1",
            "5=0.2,0.3,0.4",
            "5=0.2,0.1,0.3,many",
            "5=NaN,0.1,0.3",
        ] {
            let e = BudgetPoint::parse(bad).unwrap_err();
            assert!(e.contains("MS=ADV,LO,HI"), "{bad}: {e}");
        }
    }

    #[test]
    fn a_report_needs_a_comparison_and_a_time_budget() {
        let mut r = report("search:100", 200, 0.3, [0.1, 0.5]);
        let p = BudgetPoint::from_report(&r).unwrap();
        assert_eq!((p.ms, p.games), (100.0, Some(200)));
        assert_eq!(p.against.as_deref(), Some("defense"));
        r.comparison.as_mut().unwrap().name = "search:samples=32".into();
        assert!(
            BudgetPoint::from_report(&r)
                .unwrap_err()
                .contains("no time budget")
        );
        r.comparison = None;
        assert!(
            BudgetPoint::from_report(&r)
                .unwrap_err()
                .contains("no rank advantage")
        );
        assert!(draw(&[], "unused.png").is_err());
    }

    #[test]
    fn draws_a_png_from_two_reports() {
        let dir = std::env::temp_dir().join(format!("mj-budget-chart-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mut args = Vec::new();
        for (name, adv, ci) in [
            ("search:20", 0.276, [0.099, 0.452]),
            ("search:100", 0.31, [0.05, 0.57]),
        ] {
            let path = dir.join(format!("{}.json", name.replace(':', "-")));
            let text = serde_json::to_string(&report(name, 300, adv, ci)).unwrap();
            std::fs::write(&path, text).unwrap();
            args.push(path.to_string_lossy().into_owned());
        }
        args.push("5=0.203,0.057,0.350,400".into());
        let points: Vec<BudgetPoint> = args
            .iter()
            .map(|a| BudgetPoint::from_arg(a))
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(
            points.iter().map(|p| p.ms).collect::<Vec<_>>(),
            [20.0, 100.0, 5.0]
        );
        let png = dir.join("budget.png").to_string_lossy().into_owned();
        draw(&points, &png).unwrap();
        let bytes = std::fs::read(&png).unwrap();
        assert!(bytes.starts_with(b"\x89PNG"), "a PNG file");
        assert!(BudgetPoint::from_arg(&dir.join("missing.json").to_string_lossy()).is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }
}

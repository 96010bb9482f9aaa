//! `search`'s strength against its time budget as a PNG (see `mj_cli::budget_chart`):
//!
//! ```sh
//! cargo run --release -p mj-cli --example search_budget_chart -- OUT.png POINT...
//! ```
//!
//! Each POINT is an `mj arena --json` report of `search:MS` against one other name, or a result
//! written out as `MS=ADV,LO,HI[,GAMES]` (rank advantage and its 95 % interval). The command
//! behind `docs/images/search-budget.png` is in docs/bots-and-arena.md ("Results").

use mj_cli::budget_chart::{BudgetPoint, draw};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((out, points)) = args.split_first().filter(|(_, p)| !p.is_empty()) else {
        eprintln!(
            "usage: search_budget_chart OUT.png POINT...  (POINT: an mj arena --json report, or MS=ADV,LO,HI[,GAMES])"
        );
        std::process::exit(2);
    };
    let points: Result<Vec<BudgetPoint>, String> =
        points.iter().map(|a| BudgetPoint::from_arg(a)).collect();
    let result = points.and_then(|p| draw(&p, out).map(|()| p.len()));
    match result {
        Ok(n) => println!("{out}: {n} budgets"),
        Err(e) => {
            eprintln!("search_budget_chart: {e}");
            std::process::exit(1);
        }
    }
}

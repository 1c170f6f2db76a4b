//! `polyx queens`: the engine's other front end (`polyx sudoku` is in `super::sudoku`).
//! Each builds its problem with `crate::apps`, runs one search per puzzle and prints in
//! the puzzle's own form; `No solution` (exit 1) when a search finds nothing.

use std::io::Write;
use std::time::Instant;

use crate::apps::queens::Queens;
use crate::cover::Search;

use super::args::QueensArgs;
use super::{output, Status};

pub fn queens(args: &QueensArgs) -> anyhow::Result<Status> {
    let start = Instant::now();
    let queens = Queens::new(args.n).map_err(crate::Error::from)?;
    let problem = queens.problem();
    let mut search = Search::new(problem);
    let mut out = output::stdout();
    let found = if args.count {
        let count = search.count();
        writeln!(out, "{count}")?;
        true
    } else if let Some(first) = search.first() {
        out.write_all(queens.render(&first).as_bytes())?;
        true
    } else {
        writeln!(out, "No solution")?;
        false
    };
    output::finish(out)?;
    if args.stats {
        output::print_stats(
            "queens",
            problem.item_count(),
            problem.option_count(),
            search.stats(),
            start.elapsed(),
        );
    }
    Ok(if found {
        Status::Success
    } else {
        Status::NotFound
    })
}

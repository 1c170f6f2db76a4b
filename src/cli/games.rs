//! `polyx queens`: the engine's other front end (`polyx sudoku` is in `super::sudoku`).
//! Each builds its problem with `crate::apps`, runs one search per puzzle and prints in
//! the puzzle's own form; `No solution` (exit 1) when a search finds nothing.

use std::io::{IsTerminal, Write};
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use crate::apps::queens::{first_placement, render, Queens};
use crate::cover::{Search, Visit, Visitor};
use crate::run::progress::{self, Monotone};

use super::args::{ProgressArg, QueensArgs};
use super::progress::ProgressLine;
use super::{output, Status};

pub fn queens(args: &QueensArgs) -> anyhow::Result<Status> {
    let start = Instant::now();
    let mut line = match args.progress {
        ProgressArg::Always => Some(ProgressLine::new(std::io::stderr().is_terminal())),
        ProgressArg::Never => None,
        ProgressArg::Auto => std::io::stderr()
            .is_terminal()
            .then(|| ProgressLine::new(true)),
    };
    let mut shown = Throttle::new(start, line.as_mut());
    let mut out = output::stdout();
    let (found, stats, problem) = if args.count {
        let queens = Queens::new(args.n).map_err(crate::Error::from)?;
        let mut search = Search::new(queens.problem());
        let mut counter = Counter {
            solutions: 0,
            done: Monotone::default(),
            shown: &mut shown,
        };
        search.run(&mut counter);
        let count = counter.solutions;
        shown.finish();
        writeln!(out, "{count}")?;
        let problem = queens.problem();
        (
            true,
            search.stats(),
            (problem.item_count(), problem.option_count()),
        )
    } else {
        let mut tick = |nodes: u64, done: f64| {
            shown.show(0, nodes, done);
            ControlFlow::Continue(())
        };
        let (first, stats) =
            first_placement(args.n, args.seed, &mut tick).map_err(crate::Error::from)?;
        shown.finish();
        let found = first.is_some();
        match first {
            Some(squares) => out.write_all(render(args.n, &squares).as_bytes())?,
            None => writeln!(out, "No solution")?,
        }
        let n = args.n as usize;
        (found, stats, (Queens::items(args.n), n * n))
    };
    output::finish(out)?;
    if args.stats {
        output::print_stats("queens", problem.0, problem.1, stats, start.elapsed());
    }
    Ok(if found {
        Status::Success
    } else {
        Status::NotFound
    })
}

/// How often a progress line is redrawn at most.
const REDRAW: Duration = Duration::from_millis(100);

/// The progress line of a front end's search, redrawn at most every [`REDRAW`].
struct Throttle<'l> {
    start: Instant,
    next: Duration,
    line: Option<&'l mut ProgressLine>,
}

impl<'l> Throttle<'l> {
    fn new(start: Instant, line: Option<&'l mut ProgressLine>) -> Throttle<'l> {
        Throttle {
            start,
            next: REDRAW,
            line,
        }
    }

    /// Shows `solutions` and `nodes` so far and the share `done` of the tree, if it is
    /// time to. The share is the search path's own estimate (Knuth's, from the branching
    /// so far): believed after the first second, not before.
    fn show(&mut self, solutions: u64, nodes: u64, done: f64) {
        let Some(line) = self.line.as_deref_mut() else {
            return;
        };
        let elapsed = self.start.elapsed();
        if elapsed < self.next {
            return;
        }
        self.next = elapsed + REDRAW;
        line.update(&progress::Status {
            solutions: solutions.into(),
            done,
            credible: elapsed >= Duration::from_secs(1),
            nodes,
            ended: false,
            elapsed,
            start_solutions: crate::Count::ZERO,
            start_done: 0.0,
        });
    }

    /// Removes the line.
    fn finish(&self) {
        if let Some(line) = self.line.as_deref() {
            line.finish();
        }
    }
}

/// Counts a search's solutions, showing progress at its ticks.
struct Counter<'c, 'l> {
    solutions: u64,
    done: Monotone,
    shown: &'c mut Throttle<'l>,
}

impl Visitor for Counter<'_, '_> {
    fn solution(&mut self, _visit: &Visit<'_>) -> ControlFlow<()> {
        self.solutions += 1;
        ControlFlow::Continue(())
    }

    fn tick(&mut self, visit: &Visit<'_>) -> ControlFlow<()> {
        let done = self.done.update(visit.progress(0));
        self.shown.show(self.solutions, visit.stats().nodes, done);
        ControlFlow::Continue(())
    }
}

//! Solving one puzzle: 9×9 puzzles by the dedicated solver of [`super::nine`], every
//! other size by the exact-cover engine on [`Sudoku::cover`]. Both count solutions up to
//! a limit, keep the first, and end early when a stop flag is set.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};

use super::{nine, Sudoku};
use crate::cover::{Search, Stats, Visit, Visitor};

/// What a solve found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// Solutions found, at most the limit.
    pub solutions: u64,
    /// The first solution's cells, row-major (`1..=n`).
    pub first: Option<Vec<u8>>,
    /// True if the stop flag ended the search early: `solutions` is then a lower bound.
    pub stopped: bool,
    /// Nodes and updates of the engine that ran (the 9×9 solver counts guesses and band
    /// restrictions), and the solutions.
    pub stats: Stats,
}

/// Counts the solutions of `puzzle` up to `limit`, keeping the first; polls `stop`.
pub fn solve(puzzle: &Sudoku, limit: u64, stop: &AtomicBool) -> Answer {
    if puzzle.box_size() == 3 {
        let cells: &[u8; 81] = puzzle.cells().try_into().expect("a 9×9 grid has 81 cells");
        let out = nine::solve(cells, limit, stop);
        return Answer {
            solutions: out.solutions,
            first: out.first.map(|c| c.to_vec()),
            stopped: out.stopped,
            stats: Stats {
                nodes: out.stats.nodes,
                updates: out.stats.updates,
                solutions: u128::from(out.solutions),
            },
        };
    }
    by_cover(puzzle, limit, stop)
}

/// The exact-cover engine's answer, for any box size.
pub fn by_cover(puzzle: &Sudoku, limit: u64, stop: &AtomicBool) -> Answer {
    let cover = puzzle.cover();
    let mut search = Search::new(cover.problem());
    let mut collect = Collect {
        limit,
        stop,
        found: 0,
        first: None,
        stopped: false,
    };
    if limit > 0 {
        search.run(&mut collect);
    }
    let first = collect.first.map(|options| cover.fill(puzzle, &options));
    Answer {
        solutions: collect.found,
        first,
        stopped: collect.stopped,
        stats: search.stats(),
    }
}

struct Collect<'a> {
    limit: u64,
    stop: &'a AtomicBool,
    found: u64,
    first: Option<Vec<crate::cover::OptionId>>,
    stopped: bool,
}

impl Visitor for Collect<'_> {
    fn solution(&mut self, visit: &Visit<'_>) -> ControlFlow<()> {
        self.found += 1;
        if self.first.is_none() {
            self.first = Some(visit.options());
        }
        if self.found >= self.limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    fn tick(&mut self, _visit: &Visit<'_>) -> ControlFlow<()> {
        if self.stop.load(Ordering::Relaxed) {
            self.stopped = true;
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }
}

//! The searches a hint is made of: the first completions of a board, and whether a
//! completion avoids one placement. They run in keep mode, since a hint is about the
//! board as it lies (a mirror image of a completion is another completion), and all
//! under one stop flag and one node budget ([`Searches`] adds up what they spend).
//!
//! First completions go through [`Solver`] (the engine it picks, its restarts). To
//! leave one placement out, the puzzle's exact-cover problem is searched without that
//! option ([`crate::cover::AnySearch`]): a solver's symmetry tables need every image of
//! every placement, so its placement list cannot lose one.

use std::ops::ControlFlow;
use std::sync::atomic::Ordering;

use crate::cover::{AnySearch, Outcome, Stats, Visit, Visitor};
use crate::model::{Puzzle, Tiling};
use crate::run::{RunOptions, Shard};
use crate::solve::{Solver, SymmetryMode};

use super::Stopped;

/// Ticks (stop and budget checks) of the exact-cover searches every `2^TICK_LOG2` nodes.
const TICK_LOG2: u32 = 10;

/// Searches under one stop flag and node budget, with what they have spent.
pub(super) struct Searches<'o> {
    opts: &'o RunOptions,
    /// Counters of every search so far.
    pub(super) stats: Stats,
}

impl<'o> Searches<'o> {
    pub(super) fn new(opts: &'o RunOptions) -> Searches<'o> {
        Searches {
            opts,
            stats: Stats::default(),
        }
    }

    /// The nodes left of the budget (`None`: no budget), or [`Stopped`] if the flag is
    /// set or nothing is left.
    fn left(&self) -> Result<Option<u64>, Stopped> {
        let spent = self.opts.node_budget.is_some_and(|b| self.stats.nodes >= b);
        if spent || self.opts.stop.load(Ordering::Relaxed) {
            return Err(self.stopped());
        }
        Ok(self.opts.node_budget.map(|b| b - self.stats.nodes))
    }

    pub(super) fn stopped(&self) -> Stopped {
        Stopped { stats: self.stats }
    }

    /// Up to `limit` completions of `puzzle` (every one if it has fewer).
    pub(super) fn completions(
        &mut self,
        puzzle: &Puzzle,
        limit: u64,
    ) -> Result<Vec<Tiling>, Stopped> {
        let left = self.left()?;
        let solver = Solver::new(puzzle.clone(), SymmetryMode::Keep);
        let opts = RunOptions {
            printing: true,
            limit: Some(limit),
            checkpoint: None,
            shard: Shard::WHOLE,
            threads: 1,
            node_budget: left,
            ..self.opts.clone()
        };
        let mut found = Vec::new();
        let report = crate::solve::run(&solver, &opts, &mut |t| {
            found.push(t.clone());
            ControlFlow::Continue(())
        })
        .expect("a run without a checkpoint reads and writes no file");
        self.stats += report.stats;
        if (found.len() as u64) < limit && !report.complete {
            return Err(self.stopped());
        }
        Ok(found)
    }

    /// The first completion of `puzzle`, if it has one.
    pub(super) fn first(&mut self, puzzle: &Puzzle) -> Result<Option<Tiling>, Stopped> {
        Ok(self.completions(puzzle, 1)?.into_iter().next())
    }

    /// Whether some completion of `puzzle` does not use its placement `k`.
    pub(super) fn avoids(&mut self, puzzle: &Puzzle, k: usize) -> Result<bool, Stopped> {
        let left = self.left()?;
        let (problem, _) = puzzle.problem_with(|j| j != k);
        let mut search = AnySearch::new(&problem);
        search.set_tick_interval(TICK_LOG2);
        let mut visitor = FirstOrStop {
            opts: self.opts,
            left,
            found: false,
        };
        let outcome = search.run(&mut visitor);
        self.stats += search.stats();
        match outcome {
            _ if visitor.found => Ok(true),
            Outcome::Complete => Ok(false),
            Outcome::Stopped(_) => Err(self.stopped()),
        }
    }
}

/// Stops an exact-cover search at its first solution, or at a tick once the stop flag
/// is set or the budget `left` is spent.
struct FirstOrStop<'o> {
    opts: &'o RunOptions,
    left: Option<u64>,
    found: bool,
}

impl Visitor for FirstOrStop<'_> {
    fn solution(&mut self, _visit: &Visit<'_>) -> ControlFlow<()> {
        self.found = true;
        ControlFlow::Break(())
    }

    fn tick(&mut self, visit: &Visit<'_>) -> ControlFlow<()> {
        let spent = self.left.is_some_and(|b| visit.stats().nodes >= b);
        if spent || self.opts.stop.load(Ordering::Relaxed) {
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }
}

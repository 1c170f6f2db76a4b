//! Counting classes of tilings by Burnside's lemma ([`crate::symmetry::burnside`]) when a
//! reduced count has no piece to restrict: the tilings each symmetry but the identity
//! fixes are counted first, then every tiling (`keep`, a run on all cores like any
//! other, with the bitboard engine's memo), and the sum is divided by the group's
//! order. Without it such a count would search every tiling and keep the least of each
//! class, no faster than `keep`.
//!
//! Only for counts (printing needs the tilings themselves) of whole runs. With a
//! checkpoint, the `keep` count is what it saves and resumes (under a name of its own,
//! see `jobs.rs`); the fixed tilings are counted again by each run, which is cheap next
//! to the `keep` count. An interrupted run reports the tilings counted so far divided
//! by the group's order, a lower bound on the classes among them.

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use crate::count::Count;
use crate::run::{RunOptions, RunReport};
use crate::symmetry::{burnside, SymmetryMode};

use super::solver::Solver;

/// A reduced count by Burnside's lemma, its fixed tilings counted, waiting for the
/// count of every tiling.
pub(super) struct Burnside {
    /// The same puzzle in `keep` mode, on the same engine.
    pub every: Solver,
    /// The order of the group.
    order: u64,
    /// The tilings that the symmetries other than the identity fix, summed.
    fixed: Count,
    /// The search nodes that took.
    nodes: u64,
    /// The stop flag ended that count early (the `keep` run then stops at once and
    /// reports what it has).
    stopped: bool,
    /// The time that count took (the `keep` run's report has the rest, earlier runs of
    /// a checkpoint included).
    took: Duration,
}

impl Burnside {
    /// The count of `solver`'s classes by Burnside's lemma, its fixed tilings counted,
    /// or `None` if the lemma does not apply to this count.
    pub fn count(solver: &Solver, opts: &RunOptions) -> Option<Burnside> {
        let group = &solver.reduction.group;
        let applies = !opts.printing
            && solver.mode == SymmetryMode::Reduce
            && solver.reduction.piece.is_none()
            && group.order() > 1
            && opts.shard.is_whole()
            && solver.is_feasible()
            && burnside::applies(&solver.puzzle, group);
        if !applies {
            return None;
        }
        let start = Instant::now();
        let (fixed, nodes, stopped) = fixed_by_the_others(solver, opts)?;
        // Burnside's lemma applies only to a puzzle that no argument refuted.
        let mut every = Solver::refuted_by(solver.puzzle.clone(), SymmetryMode::Keep, None);
        every.use_engine(solver.engine);
        every.memo = solver.memo;
        Some(Burnside {
            every,
            order: group.order() as u64,
            fixed,
            nodes,
            stopped,
            took: start.elapsed(),
        })
    }

    /// The report of the classes, from `report`, that of the `keep` run.
    pub fn classes(self, mut report: RunReport) -> RunReport {
        report.stats.nodes += self.nodes;
        report.elapsed += self.took;
        if self.stopped || !report.complete {
            report.complete = false;
            report.interrupted |= self.stopped;
            report.solutions = report.solutions.div_rem(u128::from(self.order)).0;
        } else {
            // The identity fixes every tiling.
            let mut sum = report.solutions.clone();
            sum += &self.fixed;
            let (classes, rest) = sum.div_rem(u128::from(self.order));
            debug_assert_eq!(rest, 0, "Burnside's sum is a multiple of the order");
            report.solutions = classes;
        }
        report
    }
}

/// The tilings each symmetry but the identity fixes, summed, the nodes that took, and
/// whether the stop flag ended the count early. They come first: they decide whether
/// Burnside's lemma applies (too many splits of the copies: the plain reduced search
/// instead, `None`) before the long `keep` count runs.
pub(super) fn fixed_by_the_others(
    solver: &Solver,
    opts: &RunOptions,
) -> Option<(Count, u64, bool)> {
    let group = &solver.reduction.group;
    let (mut fixed, mut nodes) = (Count::ZERO, 0);
    for g in 1..group.order() {
        // With the memo on, counts may skip nodes: the transfer matrix first.
        let swept = (solver.memo)
            .then(|| burnside::fixed_by_transfer(&solver.puzzle, group, g, &opts.stop))
            .flatten();
        match swept {
            Some(Ok(tilings)) => {
                fixed += tilings;
                continue;
            }
            Some(Err(_)) => return Some((fixed, nodes, true)),
            // The search of orbits counts copies exactly: free copies are not its.
            None if (!solver.puzzle.board.use_all_pieces || solver.puzzle.has_ranges())
                && burnside::copies_are_free(&solver.puzzle) =>
            {
                return None
            }
            None => {}
        }
        match burnside::fixed_tilings(&solver.puzzle, group, g, &opts.stop) {
            Some((tilings, n)) => {
                fixed += tilings;
                nodes += n;
            }
            None if opts.stop.load(Ordering::Relaxed) => return Some((fixed, nodes, true)),
            None => return None,
        }
    }
    Some((fixed, nodes, false))
}

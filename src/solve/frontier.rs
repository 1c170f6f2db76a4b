//! Whole counts by the transfer matrix ([`crate::transfer`]): in `keep` mode (and for
//! the `keep` count inside Burnside's lemma), a puzzle of few kinds of piece with many
//! copies of each ([`Puzzle::has_many_copies`](crate::model::Puzzle::has_many_copies))
//! is swept cell by cell, its states the profiles of the frontier, before any search.
//! Its cost follows the number of states, not the number of tilings, so a domino
//! rectangle with 10^30 tilings counts in milliseconds, exactly. If a layer of the sweep
//! would hold more than [`transfer::state_budget`] states (a quarter of the free
//! memory), the sweep gives way and the search runs.
//!
//! Only for whole counts, as in `apart.rs` (no printing, shard, checkpoint or node
//! budget, whose results name the search's nodes), with the solver's memo on (the flag
//! that lets a count skip nodes).

use std::time::Instant;

use crate::cover::Stats;
use crate::run::progress::Status;
use crate::run::{OnProgress, RunOptions, RunReport};
use crate::symmetry::SymmetryMode;
use crate::transfer;

use super::solver::Solver;

/// `solver`'s count by the transfer matrix, or `None` if it does not apply to this run
/// or gave way. A count that the stop flag ended reports itself interrupted, with
/// nothing counted.
pub(super) fn count(
    solver: &Solver,
    opts: &RunOptions,
    progress: Option<&mut OnProgress<'_>>,
) -> Option<RunReport> {
    let applies = solver.mode == SymmetryMode::Keep
        && solver.memo
        && !opts.printing
        && opts.shard.is_whole()
        && opts.checkpoint.is_none()
        && opts.node_budget.is_none()
        && solver.is_feasible()
        && solver.puzzle.has_many_copies();
    if !applies {
        return None;
    }
    let start = Instant::now();
    let counted = match transfer::count_dimers(&solver.puzzle, &opts.stop) {
        Ok(None) => transfer::count(&solver.puzzle, &opts.stop, transfer::state_budget()),
        dimers => dimers,
    };
    let (solutions, interrupted) = match counted {
        Ok(Some(count)) => (count, false),
        Ok(None) => return None,
        Err(transfer::CountStopped) => (Default::default(), true),
    };
    let report = RunReport {
        solutions,
        complete: !interrupted,
        interrupted,
        stats: Stats::default(),
        elapsed: start.elapsed(),
        threads: 1,
        tasks: 0,
        resumed: false,
        shared: 0,
    };
    if let Some(p) = progress {
        p(&last_status(&report));
    }
    Some(report)
}

/// The last progress report of a run that ended with `report`.
pub(super) fn last_status(report: &RunReport) -> Status {
    Status {
        solutions: report.solutions.clone(),
        done: if report.complete { 1.0 } else { 0.0 },
        credible: true,
        nodes: report.stats.nodes,
        ended: true,
        elapsed: report.elapsed,
        start_solutions: Default::default(),
        start_done: 0.0,
    }
}

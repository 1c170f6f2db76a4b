//! Counting classes of tilings by Burnside's lemma ([`crate::model::burnside`]) when a
//! reduced count has no piece to restrict: the run counts the tilings each symmetry but
//! the identity fixes, then every tiling (`keep`, on all cores, with the bitboard
//! engine's memo), and divides the sum by the group's order. Without it such a count searched every tiling
//! and kept the least of each class, no faster than `keep`
//! (`count dominoes-8x8`: 3.2 s before, a few milliseconds with it).
//!
//! Only for counts (printing needs the tilings themselves) of whole runs without a
//! checkpoint (a checkpoint records tasks of the one reduced search). An interrupted run
//! reports the tilings counted so far divided by the group's order, a lower bound on the
//! classes among them.

use std::sync::atomic::Ordering;

use crate::error::Error;
use crate::model::burnside;
use crate::solve::{Solver, SymmetryMode};

use super::parallel::{run, Emit, LongReport, Options};

/// The reduced count of `solver` by Burnside's lemma, or `None` if it does not apply.
///
/// # Errors
/// As [`run`].
pub fn by_burnside(
    solver: &Solver,
    opts: &Options,
    emit: &mut Emit<'_>,
) -> Result<Option<LongReport>, Error> {
    let group = &solver.reduction.group;
    let applies = !opts.printing
        && solver.mode == SymmetryMode::Reduce
        && solver.reduction.piece.is_none()
        && group.order() > 1
        && opts.checkpoint.is_none()
        && opts.shard.is_whole()
        && solver.feasible
        && burnside::applies(&solver.puzzle, group);
    if !applies {
        return Ok(None);
    }
    let start = std::time::Instant::now();
    // The tilings each symmetry but the identity fixes, first: they decide whether this
    // applies (too many splits of the copies: the plain reduced search instead) before
    // the long `keep` count runs.
    let (mut fixed, mut nodes, mut stopped) = (0, 0, false);
    for g in 1..group.order() {
        match burnside::fixed_tilings(&solver.puzzle, group, g, &opts.stop) {
            Some((tilings, n)) => {
                fixed += tilings;
                nodes += n;
            }
            None if opts.stop.load(Ordering::Relaxed) => {
                // The `keep` run below stops at once and reports what it has.
                stopped = true;
                break;
            }
            None => return Ok(None),
        }
    }
    let mut every = Solver::new(solver.puzzle.clone(), SymmetryMode::Keep);
    every.use_engine(solver.engine);
    every.memo = solver.memo;
    let mut report = run(&every, opts, emit)?;
    let order = group.order() as u64;
    report.stats.nodes += nodes;
    report.elapsed = start.elapsed();
    if stopped || !report.complete {
        report.complete = false;
        report.interrupted |= stopped;
        report.solutions /= order;
    } else {
        // The identity fixes every tiling.
        let sum = report.solutions + fixed;
        debug_assert_eq!(sum % order, 0, "Burnside's sum is a multiple of the order");
        report.solutions = sum / order;
    }
    Ok(Some(report))
}

//! Counting classes of tilings by Burnside's lemma ([`crate::model::burnside`]) when a
//! reduced count has no piece to restrict: the run counts every tiling (`keep`, on all
//! cores, with the bitboard engine's memo), then adds the tilings each other symmetry
//! fixes and divides by the group's order. Without it such a count searched every tiling
//! and kept the least of each class, no faster than `keep`
//! (`count dominoes-8x8`: 3.2 s before, a few milliseconds with it).
//!
//! Only for counts (printing needs the tilings themselves) of whole runs without a
//! checkpoint (a checkpoint records tasks of the one reduced search). An interrupted run
//! reports the tilings counted so far divided by the group's order, a lower bound on the
//! classes among them.

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
    let mut every = Solver::new(solver.puzzle.clone(), SymmetryMode::Keep);
    every.use_engine(solver.engine);
    every.memo = solver.memo;
    let mut report = run(&every, opts, emit)?;
    let order = group.order() as u64;
    if !report.complete {
        report.solutions /= order;
        return Ok(Some(report));
    }
    let mut fixed = report.solutions;
    for g in 1..group.order() {
        match burnside::fixed_tilings(&solver.puzzle, group, g, &opts.stop) {
            Some((tilings, nodes)) => {
                fixed += tilings;
                report.stats.nodes += nodes;
            }
            None if opts.stop.load(std::sync::atomic::Ordering::Relaxed) => {
                report.solutions /= order;
                report.complete = false;
                report.interrupted = true;
                return Ok(Some(report));
            }
            // Too many splits of the copies: the plain reduced search instead.
            None => return Ok(None),
        }
    }
    debug_assert_eq!(
        fixed % order,
        0,
        "Burnside's sum is a multiple of the order"
    );
    report.solutions = fixed / order;
    report.elapsed = start.elapsed();
    Ok(Some(report))
}

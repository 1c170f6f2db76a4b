//! The first solutions of a puzzle (a run that prints at most `limit` of them), found
//! without the two things that can starve such a search.
//!
//! Symmetry: in reduce mode a search of the reduced problem rejects every solution that
//! is not its class's representative, and the first accepted one may come long after
//! the first solution. This search runs the keep-mode problem instead, which rejects
//! nothing, and reports each solution as its class's representative
//! ([`crate::symmetry::Reduction::representative`], the member the reduced search would
//! report), each class once. Counting runs and runs of every solution keep the reduced
//! search: it is faster when the whole tree is searched.
//!
//! A bad early choice: a search whose first branches lead into a huge subtree with no
//! solution stalls, whatever the symmetry. The search restarts under a node budget that
//! follows the Luby sequence ([`super::restart`]): the first attempt in the puzzle's own
//! order, each later one on the puzzle shuffled by a seeded generator
//! ([`super::shuffle`]), so that its ties are broken differently. An attempt that
//! exhausts its tree within its budget ends the search with the complete answer; a
//! solution met again after a restart is not reported twice. Attempts run on one thread,
//! so that the output depends on the seed alone.

use std::cell::Cell;
use std::collections::HashSet;
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use crate::error::Error;
use crate::model::Tiling;
use crate::run::progress::Status;
use crate::run::{OnProgress, RunOptions, RunReport, Shard};
use crate::symmetry::SymmetryMode;

use super::jobs::placements_on_engine;
use super::restart::{budgets, Rng};
use super::shuffle::shuffled;
use super::solver::Solver;

/// The node budget of the shortest attempts (the Luby sequence's unit), by default.
pub(super) const RESTART_UNIT: u64 = 1 << 14;

/// Ticks (and so budget checks) every `2^TICK_LOG2` nodes in an attempt.
const TICK_LOG2: u32 = 10;

/// Whether a run with `opts` looks for first solutions here: it prints a limited number
/// of them, from the whole search, with no checkpoint to resume (whose state would not
/// hold the classes already reported), and there is something to gain (reduce mode, or
/// restarts).
pub(super) fn applies(solver: &Solver, opts: &RunOptions) -> bool {
    opts.printing
        && opts.limit.is_some()
        && opts.checkpoint.is_none()
        && opts.shard.is_whole()
        && (solver.mode == SymmetryMode::Reduce || solver.restarts)
}

/// The classes (reduce mode) or solutions (keep mode) reported so far.
struct Reported<'s> {
    solver: &'s Solver,
    seen: HashSet<Vec<usize>>,
    count: u64,
    limit: u64,
    scratch: Vec<usize>,
}

impl Reported<'_> {
    /// A solution of an attempt, as placements of the attempt's puzzle, whose placement
    /// `k` is `original[k]` of the solver's: reported unless its class (or itself) was.
    fn offer(
        &mut self,
        placements: &[usize],
        original: &[usize],
        emit: &mut dyn FnMut(&Tiling) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let mut solution: Vec<usize> = placements.iter().map(|&k| original[k]).collect();
        solution.sort_unstable();
        if self.solver.mode == SymmetryMode::Reduce {
            solution = (self.solver.reduction).representative(&solution, &mut self.scratch);
        }
        if self.seen.contains(&solution) {
            return ControlFlow::Continue(());
        }
        let flow = emit(&self.solver.puzzle.tiling(solution.iter().copied()));
        self.seen.insert(solution);
        self.count += 1;
        if self.count >= self.limit {
            return ControlFlow::Break(());
        }
        flow
    }
}

/// Runs the search for `opts.limit` first solutions (see the module header), giving
/// each to `emit` as its class's representative in reduce mode.
///
/// # Errors
/// None in practice: the attempts write no checkpoint.
pub(super) fn run(
    solver: &Solver,
    opts: &RunOptions,
    emit: &mut dyn FnMut(&Tiling) -> ControlFlow<()>,
    mut progress: Option<&mut OnProgress<'_>>,
) -> Result<RunReport, Error> {
    let start = Instant::now();
    let mut reported = Reported {
        solver,
        seen: HashSet::new(),
        count: 0,
        limit: opts.limit.unwrap_or(u64::MAX),
        scratch: Vec::new(),
    };
    let mut total = RunReport {
        solutions: 0,
        complete: false,
        interrupted: false,
        stats: Default::default(),
        elapsed: Duration::ZERO,
        threads: 1,
        tasks: 1,
        resumed: false,
        shared: 0,
    };
    let mut rng = Rng::new(solver.seed);
    let mut budgets = budgets(solver.restart_unit);
    let identity: Vec<usize> = (0..solver.puzzle.placements.len()).collect();
    for attempt in 0u64.. {
        let (keep, original) = attempt_solver(solver, attempt, &mut rng, &identity);
        let original = original.as_deref().unwrap_or(&identity);
        let restart_budget = solver.restarts.then(|| budgets.next()).flatten();
        let left = (opts.node_budget).map(|b| b.saturating_sub(total.stats.nodes).max(1));
        let budget = match (restart_budget, left) {
            (Some(r), Some(l)) => Some(r.min(l)),
            (r, l) => r.or(l),
        };
        let attempt_opts = RunOptions {
            threads: 1,
            printing: true,
            limit: None,
            shard: Shard::WHOLE,
            stop: opts.stop.clone(),
            checkpoint: None,
            checkpoint_every: opts.checkpoint_every,
            tick_log2: TICK_LOG2.min(opts.tick_log2),
            node_budget: budget,
        };
        let showing = progress.is_some();
        let shown = Cell::new(reported.count);
        let offset = start.elapsed();
        let mut show = |status: &Status| {
            if let Some(p) = progress.as_deref_mut() {
                let mut status = *status;
                status.solutions = shown.get();
                status.elapsed += offset;
                p(&status);
            }
        };
        let report = placements_on_engine(
            &keep,
            &attempt_opts,
            &mut |placements| {
                let flow = reported.offer(placements, original, emit);
                shown.set(reported.count);
                flow
            },
            showing.then_some(&mut show as &mut OnProgress<'_>),
        )?;
        total.stats += report.stats;
        total.tasks = report.tasks;
        if reported.count >= reported.limit || !report.interrupted {
            // Enough solutions, the emitter broke, or the whole tree was searched.
            total.complete = report.complete;
            break;
        }
        let user_budget_spent = left.is_some_and(|l| budget == Some(l));
        if opts.stop.load(std::sync::atomic::Ordering::Relaxed) || user_budget_spent {
            total.interrupted = true;
            break;
        }
    }
    total.solutions = reported.count;
    total.elapsed = start.elapsed();
    Ok(total)
}

/// The keep-mode solver of attempt `attempt` (from 0): the solver's puzzle in its own
/// order first, then shuffled by `rng`, with the map from its placements to the
/// solver's (`None`: the identity).
fn attempt_solver(
    solver: &Solver,
    attempt: u64,
    rng: &mut Rng,
    identity: &[usize],
) -> (Solver, Option<Vec<usize>>) {
    let (puzzle, original) = if attempt == 0 {
        (solver.puzzle.clone(), None)
    } else {
        let (puzzle, original) = shuffled(&solver.puzzle, rng);
        (puzzle, Some(original))
    };
    debug_assert!(original.as_ref().is_none_or(|o| o.len() == identity.len()));
    let mut keep = Solver::new(puzzle, SymmetryMode::Keep);
    keep.memo = solver.memo;
    keep.use_engine(solver.engine);
    keep.restarts = false;
    (keep, original)
}

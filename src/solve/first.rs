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

use std::collections::HashSet;
use std::ops::ControlFlow;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use crate::count::Count;
use crate::cover::{Outcome, Stats, Subproblem};
use crate::model::Tiling;
use crate::run::progress::Status;
use crate::run::{OnProgress, RunOptions, RunReport, Sink, Tree};
use crate::symmetry::SymmetryMode;

use super::bit_tree::BitTree;
use super::dlx_tree::DlxTree;
use super::restart::{budgets, Rng};
use super::shuffle::shuffled;
use super::solver::{Engine, Solver};

/// Ticks (and so budget checks) every `2^TICK_LOG2` nodes in an attempt.
const TICK_LOG2: u32 = 10;

/// How often the progress is reported at most.
const PROGRESS_EVERY: Duration = Duration::from_millis(100);

/// The most solutions a run may ask for to be searched here: each one reported is
/// remembered (to report its class once), so a larger limit takes the reduced search,
/// which streams.
pub(super) const MOST_FIRST: u64 = 100_000;

/// Whether a run with `opts` looks for first solutions here: it prints a limited number
/// of them (at most [`MOST_FIRST`]), from the whole search, with no checkpoint to resume (whose state would not
/// hold the classes already reported), and there is something to gain (reduce mode, or
/// restarts).
pub(super) fn applies(solver: &Solver, opts: &RunOptions) -> bool {
    opts.printing
        && opts.limit.is_some_and(|n| n <= MOST_FIRST)
        && opts.checkpoint.is_none()
        && opts.shard.is_whole()
        && (solver.mode == SymmetryMode::Reduce || solver.restarts)
}

/// The classes (reduce mode) or solutions (keep mode) reported so far.
struct Reported<'s, 'e> {
    solver: &'s Solver,
    emit: &'e mut dyn FnMut(&Tiling) -> ControlFlow<()>,
    seen: HashSet<Vec<usize>>,
    count: u64,
    limit: u64,
    /// The emitter broke.
    broken: bool,
    scratch: Vec<usize>,
}

impl Reported<'_, '_> {
    /// A solution of an attempt, as placements of the attempt's puzzle, whose placement
    /// `k` is `original[k]` of the solver's: reported unless its class (or itself) was.
    fn offer(&mut self, placements: &[usize], original: Option<&[usize]>) -> ControlFlow<()> {
        // The members of a class come one after another, even after a break.
        if self.done() {
            return ControlFlow::Break(());
        }
        let mut solution: Vec<usize> = match original {
            Some(original) => placements.iter().map(|&k| original[k]).collect(),
            None => placements.to_vec(),
        };
        solution.sort_unstable();
        if self.solver.mode == SymmetryMode::Reduce {
            solution = (self.solver.reduction).representative(&solution, &mut self.scratch);
        }
        if self.seen.contains(&solution) {
            return ControlFlow::Continue(());
        }
        let flow = (self.emit)(&self.solver.puzzle.tiling(solution.iter().copied()));
        self.seen.insert(solution);
        self.count += 1;
        self.broken |= flow.is_break();
        if self.done() {
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }

    /// Enough solutions reported, or the emitter broke.
    fn done(&self) -> bool {
        self.broken || self.count >= self.limit
    }
}

/// Runs the search for `opts.limit` first solutions (see the module header), giving
/// each to `emit` as its class's representative in reduce mode.
pub(super) fn run(
    solver: &Solver,
    opts: &RunOptions,
    emit: &mut dyn FnMut(&Tiling) -> ControlFlow<()>,
    mut progress: Option<&mut OnProgress<'_>>,
) -> RunReport {
    let start = Instant::now();
    let mut reported = Reported {
        solver,
        emit,
        seen: HashSet::new(),
        count: 0,
        limit: opts.limit.unwrap_or(u64::MAX),
        broken: false,
        scratch: Vec::new(),
    };
    let mut total = RunReport {
        solutions: Count::ZERO,
        complete: false,
        interrupted: false,
        stats: Stats::default(),
        elapsed: Duration::ZERO,
        threads: 1,
        tasks: 1,
        resumed: false,
        shared: 0,
    };
    let mut rng = Rng::new(solver.seed);
    let mut budgets = budgets(solver.restart_unit);
    let mut next_progress = Duration::ZERO;
    for attempt in 0u64.. {
        let (keep, original) = attempt_solver(solver, attempt, &mut rng);
        let restart_budget = solver.restarts.then(|| budgets.next()).flatten();
        let left = (opts.node_budget).map(|b| b.saturating_sub(total.stats.nodes).max(1));
        let budget = match (restart_budget, left) {
            (Some(r), Some(l)) => Some(r.min(l)),
            (r, l) => r.or(l),
        };
        let mut sink = AttemptSink {
            reported: &mut reported,
            original: original.as_deref(),
            budget,
            ticks: 0,
            spent: false,
            opts,
            progress: progress.as_deref_mut(),
            start,
            next_progress: &mut next_progress,
        };
        let (stats, complete) = search(&keep, &mut sink);
        let spent = sink.spent;
        total.stats += stats;
        if reported.done() || complete {
            total.complete = complete && !reported.done();
            break;
        }
        let user_budget_spent = spent && left.is_some() && budget == left;
        if opts.stop.load(Ordering::Relaxed) || user_budget_spent || !spent {
            total.interrupted = true;
            break;
        }
    }
    total.solutions = Count::from(reported.count);
    total.elapsed = start.elapsed();
    total
}

/// Searches `keep`'s whole tree on its engine into `sink`: the counters, and whether the
/// search was exhausted.
fn search(keep: &Solver, sink: &mut AttemptSink<'_, '_, '_, '_>) -> (Stats, bool) {
    if !keep.is_feasible() {
        return (Stats::default(), true);
    }
    fn on(tree: &mut dyn Tree, sink: &mut AttemptSink<'_, '_, '_, '_>) -> (Stats, bool) {
        tree.set_tick_interval(TICK_LOG2);
        let outcome = tree.run_below(&Subproblem::default(), None, sink);
        (tree.stats(), matches!(outcome, Ok(Outcome::Complete)))
    }
    match keep.engine {
        Engine::Bitboard => match BitTree::new(keep) {
            Some(mut tree) => on(&mut tree, sink),
            None => on(&mut DlxTree::new(keep), sink),
        },
        Engine::Dlx => on(&mut DlxTree::new(keep), sink),
    }
}

/// What one attempt's search sends its solutions and ticks to.
struct AttemptSink<'r, 's, 'e, 'p> {
    reported: &'r mut Reported<'s, 'e>,
    /// The solver's placement of each of the attempt's (`None`: the same).
    original: Option<&'r [usize]>,
    budget: Option<u64>,
    ticks: u64,
    /// The budget stopped the attempt.
    spent: bool,
    opts: &'r RunOptions,
    progress: Option<&'r mut OnProgress<'p>>,
    start: Instant,
    next_progress: &'r mut Duration,
}

impl Sink for AttemptSink<'_, '_, '_, '_> {
    fn wants_placements(&self) -> bool {
        true
    }

    fn solution(&mut self, placements: &[usize]) -> ControlFlow<()> {
        self.reported.offer(placements, self.original)
    }

    fn solutions(&mut self, _n: u128) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }

    fn tick(&mut self, done: f64, _path: &[u32]) -> ControlFlow<()> {
        self.ticks += 1;
        if let Some(progress) = self.progress.as_deref_mut() {
            let elapsed = self.start.elapsed();
            if elapsed >= *self.next_progress {
                *self.next_progress = elapsed + PROGRESS_EVERY;
                progress(&Status {
                    solutions: Count::from(self.reported.count),
                    done,
                    credible: false,
                    nodes: self.ticks << TICK_LOG2,
                    ended: false,
                    elapsed,
                    start_solutions: Count::ZERO,
                    start_done: 0.0,
                });
            }
        }
        if self.opts.stop.load(Ordering::Relaxed) {
            return ControlFlow::Break(());
        }
        if self.budget.is_some_and(|b| self.ticks << TICK_LOG2 >= b) {
            self.spent = true;
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }
}

/// The keep-mode solver of attempt `attempt` (from 0): the solver's puzzle in its own
/// order first, then shuffled by `rng`, with the map from its placements to the
/// solver's (`None`: the identity).
fn attempt_solver(solver: &Solver, attempt: u64, rng: &mut Rng) -> (Solver, Option<Vec<usize>>) {
    let (puzzle, original) = if attempt == 0 {
        (solver.puzzle.clone(), None)
    } else {
        let (puzzle, original) = shuffled(&solver.puzzle, rng);
        (puzzle, Some(original))
    };
    let mut keep = Solver::refuted_by(puzzle, SymmetryMode::Keep, solver.refutation.clone());
    keep.memo = solver.memo;
    keep.use_engine(solver.engine);
    keep.restarts = false;
    (keep, original)
}

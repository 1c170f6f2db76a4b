//! Running a solver's search: as a [`run::Job`] for the engine it chose, on all cores
//! ([`run()`]; or counting by the transfer matrix (`frontier.rs`), region by region
//! (`apart.rs`) or classes by Burnside's lemma, when those apply), the placements
//! the run emits turned into tilings; and on one thread ([`Solver::run`],
//! [`Solver::count`]).

use std::ops::ControlFlow;
use std::time::Duration;

use crate::count::Count;
use crate::cover::Stats;
use crate::error::Error;
use crate::model::Tiling;
use crate::run::progress::Status;
use crate::run::{self, Identity, OnProgress, RunOptions, RunReport};

use super::apart::Apart;
use super::bit_tree::BitTree;
use super::burnside::Burnside;
use super::dlx_tree::DlxTree;
use super::first;
use super::frontier;
use super::left_out;
use super::solver::{Engine, Solver};

/// Runs `solver`'s search with the engine it chose (`solver.engine`) and `opts`, giving
/// each solution (when printing) to `emit` in search order.
///
/// # Errors
/// A checkpoint that cannot be read or written, or that belongs to another run.
pub fn run(
    solver: &Solver,
    opts: &RunOptions,
    emit: &mut dyn FnMut(&Tiling) -> ControlFlow<()>,
) -> Result<RunReport, Error> {
    run_with_progress(solver, opts, emit, None)
}

/// [`run()`], giving its progress to `progress` every tenth of a second or so.
///
/// # Errors
/// As [`run()`].
pub fn run_with_progress(
    solver: &Solver,
    opts: &RunOptions,
    emit: &mut dyn FnMut(&Tiling) -> ControlFlow<()>,
    mut progress: Option<&mut OnProgress<'_>>,
) -> Result<RunReport, Error> {
    if let Some(report) = frontier::count(solver, opts, progress.as_deref_mut()) {
        return Ok(report);
    }
    if let Some(apart) = Apart::plan(solver, opts).or_else(|| left_out::plan(solver, opts)) {
        let mut count = |rest: &Solver, progress: Option<&mut OnProgress<'_>>| {
            run_with_progress(rest, opts, &mut |_| ControlFlow::Continue(()), progress)
        };
        if let Some(report) = apart.run(opts, &mut count, progress.as_deref_mut()) {
            return report;
        }
    }
    if let Some(burnside) = Burnside::count(solver, opts) {
        return burnside_with_progress(burnside, opts, emit, progress);
    }
    on_engine(solver, solver.mode.name(), opts, emit, progress)
}

/// A count by Burnside's lemma: the `keep` count's progress, whose solutions are every
/// tiling, except its last report, which is held back and given with the classes the
/// lemma makes of them (what the run's summary says).
fn burnside_with_progress(
    burnside: Burnside,
    opts: &RunOptions,
    emit: &mut dyn FnMut(&Tiling) -> ControlFlow<()>,
    progress: Option<&mut OnProgress<'_>>,
) -> Result<RunReport, Error> {
    if let Some(report) = frontier::count(&burnside.every, opts, None) {
        let report = burnside.classes(report);
        if let Some(p) = progress {
            p(&frontier::last_status(&report));
        }
        return Ok(report);
    }
    let Some(progress) = progress else {
        let report = on_engine(&burnside.every, BURNSIDE, opts, emit, None)?;
        return Ok(burnside.classes(report));
    };
    let mut last = None;
    let mut hold_last = |status: &Status| {
        if status.ended {
            last = Some(status.clone());
        } else {
            progress(status);
        }
    };
    let report = on_engine(&burnside.every, BURNSIDE, opts, emit, Some(&mut hold_last))?;
    let report = burnside.classes(report);
    if let Some(mut status) = last {
        status.solutions = report.solutions.clone();
        status.start_solutions = Count::ZERO;
        status.nodes = report.stats.nodes;
        progress(&status);
    }
    Ok(report)
}

/// What a checkpoint names the symmetry of a count by Burnside's lemma: its tasks are
/// those of the `keep` search, but its result is the classes, so its checkpoints and
/// those of a `keep` run are told apart.
const BURNSIDE: &str = "reduce-by-burnside";

/// [`run_with_progress`] on `solver`'s engine; `symmetry` names the mode in its
/// checkpoints.
fn on_engine(
    solver: &Solver,
    symmetry: &'static str,
    opts: &RunOptions,
    emit: &mut dyn FnMut(&Tiling) -> ControlFlow<()>,
    progress: Option<&mut OnProgress<'_>>,
) -> Result<RunReport, Error> {
    if first::applies(solver, opts) {
        return Ok(first::run(solver, opts, emit, progress));
    }
    let mut emit_tiling =
        |placements: &[usize]| emit(&solver.puzzle.tiling(placements.iter().copied()));
    match solver.engine {
        Engine::Bitboard => {
            // The tables are built once; every thread's engine shares them.
            let proto = BitTree::new(solver).expect("the solver chose it because it applies");
            let job = BitJob {
                solver,
                symmetry,
                proto,
            };
            run::run(&job, opts, &mut emit_tiling, progress)
        }
        Engine::Dlx => {
            let job = DlxJob { solver, symmetry };
            run::run(&job, opts, &mut emit_tiling, progress)
        }
    }
}

/// What a run did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// Solutions reported (in the chosen mode).
    pub solutions: Count,
    /// False if the run stopped before the search was exhausted (a limit or a visitor).
    pub complete: bool,
    /// Counters of the search.
    pub stats: Stats,
    /// Wall-clock time.
    pub elapsed: Duration,
}

impl Solver {
    /// Runs the search on one thread, giving each solution (in the chosen mode, in
    /// search order) to `visit` until it breaks or `limit` solutions were given. With a
    /// limit, it searches for first solutions: the keep-mode search, each solution given
    /// as its class's representative in reduce mode (each class once), restarted under a
    /// growing node budget with ties broken by [`Solver::seed`] unless
    /// [`Solver::restarts`] is off.
    pub fn run(
        &self,
        limit: Option<u64>,
        mut visit: impl FnMut(&Tiling) -> ControlFlow<()>,
    ) -> Report {
        self.one_thread(
            run::RunOptions {
                printing: true,
                limit,
                ..run::RunOptions::default()
            },
            &mut visit,
        )
    }

    /// Counts the solutions in the chosen mode on one thread, without building tilings.
    pub fn count(&self) -> Report {
        self.one_thread(run::RunOptions::default(), &mut |_| {
            ControlFlow::Continue(())
        })
    }

    /// [`run()`] with `opts`, which name no checkpoint.
    fn one_thread(
        &self,
        opts: run::RunOptions,
        emit: &mut dyn FnMut(&Tiling) -> ControlFlow<()>,
    ) -> Report {
        let r =
            run(self, &opts, emit).expect("a run without a checkpoint reads and writes no file");
        Report {
            solutions: r.solutions,
            complete: r.complete,
            stats: r.stats,
            elapsed: r.elapsed,
        }
    }
}

/// The settings of `solver` that change what a run finds, for its checkpoints, with
/// `symmetry` naming the mode.
fn identity<'s>(solver: &'s Solver, symmetry: &str) -> Identity<'s> {
    Identity {
        name: &solver.puzzle.board.name,
        settings: format!("symmetry={symmetry} engine={}", solver.engine.name()),
        problem: solver.problem(),
    }
}

/// A solver's search on the exact-cover engine.
struct DlxJob<'a> {
    solver: &'a Solver,
    symmetry: &'static str,
}

impl<'a> run::Job for DlxJob<'a> {
    type Tree = DlxTree<'a>;

    fn tree(&self) -> DlxTree<'a> {
        DlxTree::new(self.solver)
    }

    fn feasible(&self) -> bool {
        self.solver.is_feasible()
    }

    fn identity(&self) -> Identity<'_> {
        identity(self.solver, self.symmetry)
    }
}

/// A solver's search on the bitboard engine: every thread's tree forks the tables of
/// `proto`.
struct BitJob<'a> {
    solver: &'a Solver,
    symmetry: &'static str,
    proto: BitTree<'a>,
}

impl<'a> run::Job for BitJob<'a> {
    type Tree = BitTree<'a>;

    fn tree(&self) -> BitTree<'a> {
        self.proto.fork()
    }

    fn feasible(&self) -> bool {
        self.solver.is_feasible()
    }

    fn identity(&self) -> Identity<'_> {
        identity(self.solver, self.symmetry)
    }

    /// With its memo of counts, the engine's node counts already depend on the threads.
    fn may_share(&self) -> bool {
        self.solver.memo
    }
}

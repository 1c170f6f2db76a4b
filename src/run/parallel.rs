//! The run itself: tasks (subproblems, in search order) handed out from one shared queue,
//! lowest index first, to worker threads that each own an engine; each task's solutions
//! are buffered and emitted in task order by the calling thread, which also draws the
//! progress line and writes checkpoints. Taking tasks in order keeps the buffered
//! solutions few and lets a limit stop the run once the first N in order are known.
//!
//! Committed work (counted, and left out of a checkpoint's tasks): when counting, every
//! finished task and the part of a stopped task before its resume point; when printing,
//! only what was emitted, so a resumed run prints on from exactly there.

use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use crate::cover::{Outcome, Resume, Stats};
use crate::error::{Error, InputError};
use crate::model::Tiling;
use crate::solve::{Engine, Solver, SymmetryMode};

use super::checkpoint::{self, Checkpoint, Task};
use super::commit::{buffered, in_flight, snapshot, Emitter};
use super::plan::{minus, shard_tasks};
use super::progress::Progress;
use super::shard::Shard;
use super::{BitSubtrees, DlxSubtrees, Sink, Subtrees};

/// How to run.
#[derive(Clone, Debug)]
pub struct Options {
    pub threads: usize,
    /// Give solutions to the emitter (else only count them).
    pub printing: bool,
    /// Stop once this many solutions were emitted (printing only).
    pub limit: Option<u64>,
    pub shard: Shard,
    /// Set (by a Ctrl-C handler) to stop: workers stop at their next tick.
    pub stop: Arc<AtomicBool>,
    pub checkpoint: Option<PathBuf>,
    pub checkpoint_every: Duration,
    pub progress: bool,
    /// Ticks every `2^tick_log2` nodes.
    pub tick_log2: u32,
    /// Stop after about this many nodes (for tests of interruption).
    pub node_budget: Option<u64>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            threads: 1,
            printing: false,
            limit: None,
            shard: Shard::WHOLE,
            stop: Arc::new(AtomicBool::new(false)),
            checkpoint: None,
            checkpoint_every: Duration::from_secs(60),
            progress: false,
            tick_log2: 12,
            node_budget: None,
        }
    }
}

/// What a run did, counting earlier runs of the same checkpoint.
#[derive(Clone, Debug, PartialEq)]
pub struct LongReport {
    /// Solutions counted (emitted, when printing).
    pub solutions: u64,
    /// The whole (shard of the) search was done.
    pub complete: bool,
    /// Stopped by the stop flag or the node budget before the search was done.
    pub interrupted: bool,
    pub stats: Stats,
    pub elapsed: Duration,
    pub threads: usize,
    /// Tasks this run started with; whether it resumed a checkpoint.
    pub tasks: usize,
    pub resumed: bool,
}

/// Receives emitted solutions in order; `Break` ends the run like a limit.
pub type Emit<'a> = dyn FnMut(&Tiling) -> ControlFlow<()> + 'a;

/// A task's state.
pub(super) enum Slot {
    Pending,
    Running {
        weight: f64,
        done: f64,
    },
    /// Ended: to the end (`resume: None`) or stopped at `resume`.
    Ended(Ended),
    Emitted,
    /// Emitted up to `Resume`, where a later run goes on.
    Partial(Resume),
}

pub(super) struct Ended {
    pub resume: Option<Resume>,
    pub weight: f64,
    pub done: f64,
    pub solutions: u64,
    pub stats: Stats,
    pub buffer: Vec<Vec<usize>>,
}

struct State {
    slots: Vec<Slot>,
    active: usize,
    error: Option<Error>,
}

pub(super) struct Shared<'a> {
    pub solver: &'a Solver,
    pub opts: &'a Options,
    tasks: Vec<Task>,
    next: AtomicUsize,
    /// Set once enough solutions were emitted (or the emitter broke).
    pub enough: AtomicBool,
    ticks: AtomicU64,
    state: Mutex<State>,
    changed: Condvar,
}

impl Shared<'_> {
    fn halted(&self) -> bool {
        self.opts.stop.load(Ordering::Relaxed) || self.enough.load(Ordering::Relaxed)
    }
}

/// Runs `solver`'s search with the engine it chose (`solver.engine`).
///
/// # Errors
/// A checkpoint that cannot be read or written, or that belongs to another run.
pub fn run(solver: &Solver, opts: &Options, emit: &mut Emit<'_>) -> Result<LongReport, Error> {
    match solver.engine {
        Engine::Bitboard => run_with(
            solver,
            &|| BitSubtrees::new(solver).expect("the solver chose it because it applies"),
            opts,
            emit,
        ),
        Engine::Dlx => run_with(solver, &|| DlxSubtrees::new(solver), opts, emit),
    }
}

/// Runs `solver`'s search on engines made by `make` (one per thread).
///
/// # Errors
/// See [`run`].
pub fn run_with<E: Subtrees>(
    solver: &Solver,
    make: &(dyn Fn() -> E + Sync),
    opts: &Options,
    emit: &mut Emit<'_>,
) -> Result<LongReport, Error> {
    let start = Instant::now();
    let threads = opts.threads.max(1);
    let options = checkpoint::options_text(
        solver.mode.name(),
        solver.engine.name(),
        opts.shard,
        opts.printing,
    );
    let print = checkpoint::fingerprint(&solver.problem, &options);
    let saved = match &opts.checkpoint {
        Some(path) => Checkpoint::load(path, &print)?,
        None => None,
    };
    let resumed = saved.is_some();
    let mut base = match saved {
        Some(cp) => cp,
        None => {
            let (tasks, stats) = if solver.feasible {
                let mut engine = make();
                shard_tasks(&mut engine, opts.shard, threads).map_err(path_error)?
            } else {
                (Vec::new(), Stats::default())
            };
            Checkpoint {
                format: checkpoint::FORMAT.to_string(),
                fingerprint: print,
                puzzle: solver.puzzle.board.name.clone(),
                options,
                solutions: 0,
                stats,
                done: 0.0,
                elapsed_ms: 0,
                tasks: tasks
                    .into_iter()
                    .map(|sub| Task { sub, resume: None })
                    .collect(),
            }
        }
    };
    let tasks = std::mem::take(&mut base.tasks);
    let n = tasks.len();
    let shared = Shared {
        solver,
        opts,
        next: AtomicUsize::new(0),
        enough: AtomicBool::new(opts.limit.is_some_and(|l| base.solutions >= l)),
        ticks: AtomicU64::new(0),
        state: Mutex::new(State {
            slots: (0..n).map(|_| Slot::Pending).collect(),
            active: threads,
            error: None,
        }),
        changed: Condvar::new(),
        tasks,
    };
    let mut progress = Progress::new(opts.progress, base.done);
    let mut em = Emitter {
        cursor: 0,
        solutions: 0,
        stats: Stats::default(),
        done: 0.0,
        base: base.solutions,
        over: shared.enough.load(Ordering::Relaxed),
    };
    let mut last_save = Instant::now();
    std::thread::scope(|s| -> Result<(), Error> {
        for _ in 0..threads {
            s.spawn(|| worker(&shared, make));
        }
        let mut state = shared.state.lock().expect("no worker panics");
        loop {
            em.emit(&mut state.slots, &shared, emit);
            if state.active == 0 {
                break;
            }
            let estimate = base.done + em.done + in_flight(&state.slots);
            progress.update(
                base.solutions + em.solutions + buffered(&state.slots),
                estimate,
            );
            if let Some(path) = &opts.checkpoint {
                if last_save.elapsed() >= opts.checkpoint_every {
                    let cp = snapshot(&base, &shared.tasks, &state.slots, &em, opts, start);
                    drop(state);
                    cp.save(path)?;
                    last_save = Instant::now();
                    state = shared.state.lock().expect("no worker panics");
                    continue;
                }
            }
            state = shared
                .changed
                .wait_timeout(state, Duration::from_millis(100))
                .expect("no worker panics")
                .0;
        }
        Ok(())
    })?;
    progress.finish();
    let mut state = shared.state.into_inner().expect("no worker panics");
    if let Some(e) = state.error.take() {
        return Err(e);
    }
    let cp = snapshot(&base, &shared.tasks, &state.slots, &em, opts, start);
    let limited = em.over && opts.printing;
    let complete = !limited && cp.tasks.is_empty();
    // A stop that came after the last task ended interrupted nothing.
    let interrupted = opts.stop.load(Ordering::Relaxed) && !complete;
    if let Some(path) = &opts.checkpoint {
        // After a limit the rest of the task at the cursor is neither done nor resumable.
        if !limited {
            cp.save(path)?;
        }
    }
    Ok(LongReport {
        solutions: cp.solutions,
        complete,
        interrupted,
        stats: cp.stats,
        elapsed: Duration::from_millis(cp.elapsed_ms),
        threads,
        tasks: n,
        resumed,
    })
}

fn worker<E: Subtrees>(shared: &Shared<'_>, make: &(dyn Fn() -> E + Sync)) {
    let mut engine = make();
    engine.set_tick_interval(shared.opts.tick_log2);
    let mut sink = TaskSink {
        shared,
        index: 0,
        weight: 0.0,
        done: 0.0,
        solutions: 0,
        buffer: Vec::new(),
        placements: Vec::new(),
        scratch: Vec::new(),
    };
    while !shared.halted() {
        let k = shared.next.fetch_add(1, Ordering::Relaxed);
        let Some(task) = shared.tasks.get(k) else {
            break;
        };
        let weight = engine.weight(&task.sub);
        shared.state.lock().expect("no worker panics").slots[k] =
            Slot::Running { weight, done: 0.0 };
        sink.index = k;
        sink.weight = weight;
        sink.done = 0.0;
        sink.solutions = 0;
        let before = engine.stats();
        let outcome = engine.run_below(&task.sub, task.resume.as_ref(), &mut sink);
        let stats = minus(engine.stats(), before);
        let mut state = shared.state.lock().expect("no worker panics");
        match outcome {
            Err(e) => {
                state.error.get_or_insert(path_error(e));
                shared.enough.store(true, Ordering::Relaxed);
            }
            Ok(outcome) => {
                let resume = match outcome {
                    Outcome::Complete => None,
                    Outcome::Stopped(r) => Some(r),
                };
                state.slots[k] = Slot::Ended(Ended {
                    done: if resume.is_none() { 1.0 } else { sink.done },
                    resume,
                    weight,
                    solutions: sink.solutions,
                    stats,
                    buffer: std::mem::take(&mut sink.buffer),
                });
            }
        }
        drop(state);
        shared.changed.notify_all();
    }
    shared.state.lock().expect("no worker panics").active -= 1;
    shared.changed.notify_all();
}

impl TaskSink<'_, '_> {
    /// Whether the search goes on after a solution: not once a printing run has its
    /// limit, nor once the run was halted.
    /// (Counting runs leave the halt check to ticks: reading the shared flags at every
    /// solution makes the threads fight over their cache line.)
    fn go_on(&self) -> ControlFlow<()> {
        let opts = self.shared.opts;
        if !opts.printing {
            return ControlFlow::Continue(());
        }
        let enough = opts.limit.is_some_and(|l| self.solutions >= l);
        if enough || self.shared.halted() {
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }
}

/// A worker's receiver for one task: accepts one solution per symmetry class, counts
/// (and, when printing, buffers) them in the chosen mode.
struct TaskSink<'s, 'a> {
    shared: &'s Shared<'a>,
    index: usize,
    weight: f64,
    done: f64,
    solutions: u64,
    buffer: Vec<Vec<usize>>,
    placements: Vec<usize>,
    scratch: Vec<usize>,
}

impl Sink for TaskSink<'_, '_> {
    fn wants_placements(&self) -> bool {
        self.shared.opts.printing || !self.shared.solver.searches_every_solution()
    }

    fn solution(&mut self, placements: &[usize]) -> ControlFlow<()> {
        let solver = self.shared.solver;
        let opts = self.shared.opts;
        let every = solver.searches_every_solution();
        if !self.wants_placements() {
            self.solutions += 1;
            return self.go_on();
        }
        self.placements.clear();
        self.placements.extend_from_slice(placements);
        self.placements.sort_unstable();
        if !every
            && !solver
                .reduction
                .accepts(&self.placements, &mut self.scratch)
        {
            return ControlFlow::Continue(());
        }
        // One solution per solution found, or per class found (expanded to its orbit).
        let one = every || solver.mode == SymmetryMode::Reduce;
        match (one, opts.printing) {
            (true, printing) => {
                self.solutions += 1;
                if printing {
                    self.buffer.push(self.placements.clone());
                }
            }
            (false, false) => {
                let order = solver.reduction.group.order() as u64;
                self.solutions +=
                    order / solver.stabilizer_order(&self.placements, &mut self.scratch);
            }
            (false, true) => {
                let orbit = solver.reduction.group.orbit(&self.placements);
                self.solutions += orbit.len() as u64;
                self.buffer.extend(orbit);
            }
        }
        self.go_on()
    }

    fn tick(&mut self, done: f64) -> ControlFlow<()> {
        let shared = self.shared;
        self.done = done;
        let ticks = shared.ticks.fetch_add(1, Ordering::Relaxed) + 1;
        if let Some(budget) = shared.opts.node_budget {
            if ticks << shared.opts.tick_log2 >= budget {
                shared.opts.stop.store(true, Ordering::Relaxed);
            }
        }
        if let Ok(mut state) = shared.state.lock() {
            state.slots[self.index] = Slot::Running {
                weight: self.weight,
                done,
            };
        }
        if shared.halted() {
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }
}

fn path_error(e: crate::cover::search::PathError) -> Error {
    InputError::new(format!("the checkpoint does not fit this puzzle: {e}"))
        .with_hint("remove the checkpoint file and start again")
        .into()
}

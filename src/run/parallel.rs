//! The run itself: tasks (subproblems, in search order) handed out from one shared queue
//! (`queue.rs`: lowest index first when printing, in one block per worker when
//! counting) to worker threads that each own an engine (`worker.rs`); each task's
//! solutions are buffered and emitted in task order by the calling thread, which also
//! draws the progress line and writes checkpoints. Taking tasks in order when printing
//! keeps the buffered solutions few and lets a limit stop the run once the first N in
//! order are known.
//!
//! Committed work (counted, and left out of a checkpoint's tasks): when counting, every
//! finished task and the part of a stopped task before its resume point; when printing,
//! only what was emitted, so a resumed run prints on from exactly there.

use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, OnceLock};
use std::time::{Duration, Instant};

use crate::cover::{Resume, Stats};
use crate::error::{Error, InputError};
use crate::model::Tiling;
use crate::solve::{Engine, Solver};

use super::checkpoint::{self, Checkpoint, Task};
use super::commit::{buffered, in_flight, snapshot, Emitter};
use super::plan::{shard_tasks, PER_THREAD, SHARED_PER_THREAD};
use super::progress::Progress;
use super::queue::TaskQueue;
use super::shard::Shard;
use super::share::Shares;
use super::worker::worker;
use super::{BitSubtrees, DlxSubtrees, Subtrees};

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
    /// Subproblems that busy workers shared out to idle ones (`share.rs`).
    pub shared: usize,
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

pub(super) struct State {
    pub slots: Vec<Slot>,
    /// Workers still running.
    pub active: usize,
    pub error: Option<Error>,
}

pub(super) struct Shared<'a> {
    pub solver: &'a Solver,
    pub opts: &'a Options,
    pub tasks: Vec<Task>,
    /// The tasks not yet handed out.
    pub queue: TaskQueue,
    /// Set once enough solutions were emitted (or the emitter broke).
    pub enough: AtomicBool,
    /// Ticks of all workers (for the node budget).
    pub ticks: AtomicU64,
    pub state: Mutex<State>,
    /// Notified when a slot changed or a worker ended.
    pub changed: Condvar,
    /// The rest of running tasks, shared out to idle workers ([`Shared::sharing`]).
    pub shares: Shares,
}

impl Shared<'_> {
    pub fn halted(&self) -> bool {
        self.opts.stop.load(Ordering::Relaxed) || self.enough.load(Ordering::Relaxed)
    }

    /// Whether the emitting thread follows the tasks as they go (to print solutions in
    /// order, draw progress or write checkpoints). If not, workers neither wake it after
    /// each task nor report their progress at ticks: it only waits for them to end.
    pub fn watched(&self) -> bool {
        watched(self.opts)
    }

    /// Whether a worker with no task left asks the busy ones to share theirs
    /// (`share.rs`): in counting runs with several threads that nobody watches (a
    /// shared-out task has no resume point for a checkpoint to keep), on the bitboard
    /// engine with its memo of counts. Its node counts already depend
    /// on the threads; the others' do not, and sharing would change them a little (the
    /// children that a shared task's nodes would have tried and dropped at once go
    /// uncounted).
    pub fn sharing(&self) -> bool {
        sharing(self.solver, self.opts)
    }
}

/// See [`Shared::watched`].
fn watched(opts: &Options) -> bool {
    opts.printing || opts.progress || opts.checkpoint.is_some()
}

/// See [`Shared::sharing`].
fn sharing(solver: &Solver, opts: &Options) -> bool {
    !watched(opts) && opts.threads > 1 && solver.engine == Engine::Bitboard && solver.memo
}

/// Runs `solver`'s search with the engine it chose (`solver.engine`).
///
/// # Errors
/// A checkpoint that cannot be read or written, or that belongs to another run.
pub fn run(solver: &Solver, opts: &Options, emit: &mut Emit<'_>) -> Result<LongReport, Error> {
    if let Some(report) = super::classes::by_burnside(solver, opts, emit)? {
        return Ok(report);
    }
    match solver.engine {
        Engine::Bitboard => {
            // The tables are built once; every thread's engine shares them.
            let proto = BitSubtrees::new(solver).expect("the solver chose it because it applies");
            run_with(solver, &|| proto.fork(), opts, emit)
        }
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
    // The workers start first: their threads and engines get going while this thread
    // reads the checkpoint or splits the tree, and they wait for the tasks (`None`: no
    // run). Scott's board -0.8% to -2.0% (5 × 200 alternated pairs, 4 copies a side),
    // dominoes-8x8 -1.5% and -2.7%, `count 6x10` -0.4% and -1.0%.
    let ready: OnceLock<Option<Shared<'_>>> = OnceLock::new();
    let (base, resumed, progress, em) = std::thread::scope(|s| -> Result<_, Error> {
        // Whatever way this closure ends, no worker is left waiting.
        let _release = Release(&ready);
        let ready_ref = &ready;
        for id in 0..threads {
            s.spawn(move || {
                let engine = make();
                if let Some(shared) = ready_ref.wait() {
                    worker(shared, engine, id);
                }
            });
        }
        let (mut base, resumed) = prepare(solver, make, opts, threads)?;
        let tasks = std::mem::take(&mut base.tasks);
        let n = tasks.len();
        let _ = ready.set(Some(Shared {
            solver,
            opts,
            queue: TaskQueue::new(n, threads, opts.printing),
            enough: AtomicBool::new(opts.limit.is_some_and(|l| base.solutions >= l)),
            ticks: AtomicU64::new(0),
            state: Mutex::new(State {
                slots: (0..n).map(|_| Slot::Pending).collect(),
                active: threads,
                error: None,
            }),
            changed: Condvar::new(),
            shares: Shares::default(),
            tasks,
        }));
        let shared = ready.get().and_then(Option::as_ref).expect("just set");
        let mut progress = Progress::new(opts.progress, base.done, base.solutions);
        let mut em = Emitter {
            cursor: 0,
            solutions: 0,
            stats: Stats::default(),
            done: 0.0,
            base: base.solutions,
            over: shared.enough.load(Ordering::Relaxed),
        };
        let mut last_save = Instant::now();
        if !shared.watched() {
            // Nothing to follow: the scope's end waits for the workers, and the
            // snapshot below reads their slots (a counting run's ended tasks count
            // there; one wake-up fewer at the end of a short run).
            return Ok((base, resumed, progress, em));
        }
        let mut state = shared.state.lock().expect("no worker panics");
        loop {
            em.emit(&mut state.slots, shared, emit);
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
        Ok((base, resumed, progress, em))
    })?;
    let shared = ready
        .into_inner()
        .flatten()
        .expect("set before the workers ran");
    let n = shared.tasks.len();
    progress.finish();
    let mut state = shared.state.into_inner().expect("no worker panics");
    if let Some(e) = state.error.take() {
        return Err(e);
    }
    let mut cp = snapshot(&base, &shared.tasks, &state.slots, &em, opts, start);
    // What the shared-out subproblems found (none unless `shared.sharing()`).
    let pool = shared.shares.pool.into_inner().expect("no worker panics");
    cp.solutions += pool.solutions;
    cp.stats += pool.stats;
    let limited = em.over && opts.printing;
    let complete = !limited && cp.tasks.is_empty() && pool.subs.is_empty() && !pool.cut_short;
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
        shared: pool.shared,
    })
}

/// Sets the run's shared state to `None` (no run) when dropped, unless it was set: the
/// workers that wait for it then end.
struct Release<'r, 'a>(&'r OnceLock<Option<Shared<'a>>>);

impl Drop for Release<'_, '_> {
    fn drop(&mut self) {
        let _ = self.0.set(None);
    }
}

/// The run's starting point: the checkpoint's, or the tree split into tasks; and
/// whether it was resumed.
fn prepare<E: Subtrees>(
    solver: &Solver,
    make: &(dyn Fn() -> E + Sync),
    opts: &Options,
    threads: usize,
) -> Result<(Checkpoint, bool), Error> {
    let options = checkpoint::options_text(
        solver.mode.name(),
        solver.engine.name(),
        opts.shard,
        opts.printing,
    );
    // Only a checkpoint file carries the fingerprint (hashing the matrix is not free).
    let print = match &opts.checkpoint {
        Some(_) => checkpoint::fingerprint(solver.problem(), &options),
        None => String::new(),
    };
    let saved = match &opts.checkpoint {
        Some(path) => Checkpoint::load(path, &print)?,
        None => None,
    };
    let resumed = saved.is_some();
    let base = match saved {
        Some(cp) => cp,
        None => {
            let (tasks, stats) = if solver.feasible {
                let mut engine = make();
                let per_thread = if sharing(solver, opts) {
                    SHARED_PER_THREAD
                } else {
                    PER_THREAD
                };
                shard_tasks(&mut engine, opts.shard, threads, per_thread).map_err(path_error)?
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
    Ok((base, resumed))
}

pub(super) fn path_error(e: crate::cover::search::PathError) -> Error {
    InputError::new(format!("the checkpoint does not fit this puzzle: {e}"))
        .with_hint("remove the checkpoint file and start again")
        .into()
}

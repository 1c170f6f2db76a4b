//! The run itself: tasks (subproblems, in search order) handed out from one shared queue
//! (`queue.rs`: lowest index first when printing, in one block per worker when
//! counting) to worker threads that each own a tree (`worker.rs`); each task's
//! solutions are buffered and emitted in task order by the calling thread, which also
//! reports progress and writes checkpoints. Taking tasks in order when printing keeps
//! the buffered solutions few and lets a limit stop the run once the first N in order
//! are known.
//!
//! Committed work (counted, and left out of a checkpoint's tasks): when counting, every
//! finished task and the part of a stopped task before its resume point; when printing,
//! only what was emitted, so a resumed run prints on from exactly there.

use std::sync::atomic::Ordering;
use std::sync::OnceLock;
use std::thread::Scope;
use std::time::{Duration, Instant};

use crate::count::Count;
use crate::cover::Stats;
use crate::error::Error;

use super::checkpoint::{self, path_error, Checkpoint, Task};
use super::commit::{buffered, snapshot, Emitter};
use super::estimate::Estimator;
use super::job::{Job, Tree};
use super::options::{Emit, RunOptions, RunReport};
use super::plan::{shard_tasks, PER_THREAD, SHARED_PER_THREAD};
use super::progress::{Monotone, OnProgress, Status};
use super::state::{Duties, Shared, Slot, State};
use super::worker::worker;

/// Runs `job` with `opts`, giving the solutions (when printing) to `emit` in search
/// order and its progress, if asked, to `progress`.
///
/// # Errors
/// A checkpoint that cannot be read or written, or that belongs to another run.
pub fn run<J: Job>(
    job: &J,
    opts: &RunOptions,
    emit: &mut Emit<'_>,
    progress: Option<&mut OnProgress<'_>>,
) -> Result<RunReport, Error> {
    let start = Instant::now();
    let threads = opts.threads.max(1);
    let duties = Duties::new(opts, progress.is_some(), job.may_share());
    // The workers start first: their threads and trees get going while this thread
    // reads the checkpoint or splits the tree, and they wait for the tasks (`None`: no
    // run).
    let ready: OnceLock<Option<Shared<'_>>> = OnceLock::new();
    let (base, resumed, em) = std::thread::scope(|s| -> Result<_, Error> {
        // Whatever way this closure ends, no worker is left waiting.
        let _release = Release(&ready);
        spawn_workers(s, job, &ready, threads);
        let (mut base, resumed) = prepare(job, opts, duties, threads)?;
        let tasks = std::mem::take(&mut base.tasks);
        let _ = ready.set(Some(Shared::new(
            opts,
            duties,
            tasks,
            threads,
            &base.solutions,
        )));
        let shared = ready.get().and_then(Option::as_ref).expect("just set");
        let mut em = Emitter::new(
            base.solutions.clone(),
            shared.enough.load(Ordering::Relaxed),
        );
        // Unwatched, the scope's end waits for the workers, and the snapshot below reads
        // their slots (a counting run's ended tasks count there).
        if duties.watched {
            // The tree that probes the tasks for the progress estimate.
            let mut probe = progress.is_some().then(|| job.tree());
            let probe = probe.as_mut().map(|t| t as &mut dyn Tree);
            follow(shared, &base, &mut em, emit, progress, probe, start)?;
        }
        Ok((base, resumed, em))
    })?;
    let shared = ready
        .into_inner()
        .flatten()
        .expect("set before the workers ran");
    conclude(shared, &base, resumed, &em, start, threads)
}

/// Starts `threads` workers, each with a tree of `job`'s, waiting for the run's state.
fn spawn_workers<'s, 'e, 'a: 'e, J: Job>(
    s: &'s Scope<'s, 'e>,
    job: &'e J,
    ready: &'e OnceLock<Option<Shared<'a>>>,
    threads: usize,
) {
    for id in 0..threads {
        s.spawn(move || {
            let tree = job.tree();
            if let Some(shared) = ready.wait() {
                worker(shared, tree, id);
            }
        });
    }
}

/// Follows the tasks until every worker has ended: emits ended tasks in order, reports
/// progress (probing the tasks with `probe` between reports, `estimate.rs`) and saves
/// the checkpoint every `checkpoint_every`.
fn follow(
    shared: &Shared<'_>,
    base: &Checkpoint,
    em: &mut Emitter,
    emit: &mut Emit<'_>,
    mut progress: Option<&mut OnProgress<'_>>,
    mut probe: Option<&mut dyn Tree>,
    start: Instant,
) -> Result<(), Error> {
    let opts = shared.opts;
    let shown = Instant::now();
    let mut done = Monotone::default();
    done.update(base.done);
    let mut estimator = Estimator::new(shared.tasks.len());
    let mut last_save = Instant::now();
    let mut state = shared.state.lock().expect("no worker panics");
    loop {
        em.emit(&mut state.slots, shared, emit);
        let ended = state.active == 0;
        if let Some(report) = progress.as_deref_mut() {
            let now = Now {
                base,
                em,
                estimator: &estimator,
                elapsed: shown.elapsed(),
                ended,
            };
            report(&now.status(&state, &mut done));
        }
        if ended {
            return Ok(());
        }
        if let Some(path) = &opts.checkpoint {
            if last_save.elapsed() >= opts.checkpoint_every {
                let cp = snapshot(base, &shared.tasks, &state.slots, em, opts, start);
                drop(state);
                cp.save(path)?;
                last_save = Instant::now();
                state = shared.state.lock().expect("no worker panics");
                continue;
            }
        }
        if let Some(tree) = probe.as_deref_mut() {
            if estimator.due(shown.elapsed(), &state.measured) {
                // Probing goes on without the lock: the workers take it at ticks.
                let measured = state.measured.clone();
                drop(state);
                estimator.sample(tree, &shared.tasks, &measured, shown.elapsed());
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
}

/// What a progress report is made of, besides the tasks' state.
struct Now<'n> {
    base: &'n Checkpoint,
    em: &'n Emitter,
    estimator: &'n Estimator,
    elapsed: Duration,
    ended: bool,
}

impl Now<'_> {
    /// The run's status, the share done passed through `done` (which never goes back).
    fn status(&self, state: &State, done: &mut Monotone) -> Status {
        let base = self.base;
        let searched = self.estimator.done(&state.measured);
        let complete = self.ended && state.slots.iter().all(|s| matches!(s, Slot::Emitted));
        let share = if complete {
            1.0
        } else {
            base.done + (1.0 - base.done) * searched
        };
        Status {
            solutions: base.solutions.clone() + &self.em.solutions + buffered(&state.slots),
            done: done.update(share),
            credible: complete || self.estimator.credible(&state.measured),
            nodes: base.stats.nodes + state.measured.iter().map(|m| m.nodes).sum::<u64>(),
            ended: self.ended,
            elapsed: self.elapsed,
            start_solutions: base.solutions.clone(),
            start_done: base.done,
        }
    }
}

/// The report of the run once every worker has ended; saves the checkpoint.
fn conclude(
    shared: Shared<'_>,
    base: &Checkpoint,
    resumed: bool,
    em: &Emitter,
    start: Instant,
    threads: usize,
) -> Result<RunReport, Error> {
    let opts = shared.opts;
    let stopped = shared.stopped();
    let n = shared.tasks.len();
    let mut state = shared.state.into_inner().expect("no worker panics");
    if let Some(e) = state.error.take() {
        return Err(e);
    }
    let mut cp = snapshot(base, &shared.tasks, &state.slots, em, opts, start);
    // What the shared-out subproblems found (none unless the run shares).
    let pool = shared.shares.pool.into_inner().expect("no worker panics");
    cp.solutions += &pool.solutions;
    cp.stats += pool.stats;
    let limited = em.over && opts.printing;
    let complete = !limited && cp.tasks.is_empty() && pool.subs.is_empty() && !pool.cut_short;
    if let Some(path) = &opts.checkpoint {
        // After a limit the rest of the task at the cursor is neither done nor resumable.
        if !limited {
            cp.save(path)?;
        }
    }
    Ok(RunReport {
        solutions: cp.solutions.clone(),
        complete,
        // A stop that came after the last task ended interrupted nothing.
        interrupted: stopped && !complete,
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
fn prepare<J: Job>(
    job: &J,
    opts: &RunOptions,
    duties: Duties,
    threads: usize,
) -> Result<(Checkpoint, bool), Error> {
    // Only a checkpoint file carries the fingerprint (hashing the matrix is not free).
    let (name, options, print) = match &opts.checkpoint {
        Some(_) => {
            let identity = job.identity();
            let options = checkpoint::options_text(&identity.settings, opts.shard, opts.printing);
            let print = checkpoint::fingerprint(identity.problem, &options);
            (identity.name.to_string(), options, print)
        }
        None => Default::default(),
    };
    if let Some(path) = &opts.checkpoint {
        if let Some(saved) = Checkpoint::load(path, &print)? {
            return Ok((saved, true));
        }
    }
    let (tasks, stats) = if job.feasible() {
        let per_thread = if duties.sharing {
            SHARED_PER_THREAD
        } else {
            PER_THREAD
        };
        shard_tasks(&mut job.tree(), opts.shard, threads, per_thread).map_err(path_error)?
    } else {
        (Vec::new(), Stats::default())
    };
    let fresh = Checkpoint {
        format: checkpoint::FORMAT.to_string(),
        fingerprint: print,
        puzzle: name,
        options,
        solutions: Count::ZERO,
        stats,
        done: 0.0,
        elapsed_ms: 0,
        tasks: (tasks.into_iter())
            .map(|sub| Task { sub, resume: None })
            .collect(),
    };
    Ok((fresh, false))
}

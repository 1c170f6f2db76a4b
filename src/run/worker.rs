//! The worker side of a run: each worker thread owns one tree, takes a task from the
//! queue (`queue.rs`), searches below it and leaves the result (counters, buffered
//! solutions, the resume point if it stopped) in the task's slot for the emitter. A
//! [`TaskSink`] adds up (and, when printing, buffers) what the tree sends; ticks publish
//! progress and stop the task once the run is halted, or when an idle worker asks for a
//! share of it (`share.rs`).

use std::ops::ControlFlow;
use std::sync::atomic::Ordering;
use std::sync::{MutexGuard, PoisonError};

use crate::count::Count;
use crate::cover::{Outcome, Resume, Stats, Subproblem};
use crate::error::Error;

use super::checkpoint::path_error;
use super::estimate::Measured;
use super::job::{Sink, Tree};
use super::plan::minus;
use super::share::remainder;
use super::state::{Ended, Shared, Slot, State};

/// Takes tasks until none is left or the run is halted, then (when the run shares)
/// shares of other workers' tasks, searching them with `tree` (made by the worker's
/// thread while the tasks were being prepared).
pub(super) fn worker<T: Tree>(shared: &Shared<'_>, mut tree: T, id: usize) {
    let _active = Active(shared);
    tree.set_tick_interval(shared.opts.tick_log2);
    let mut sink = TaskSink {
        shared,
        index: 0,
        done: 0.0,
        ticks: 0,
        solutions: Count::ZERO,
        buffer: Vec::new(),
        shared_out: false,
    };
    take_tasks(shared, &mut tree, &mut sink, id);
    if shared.duties.sharing {
        take_shares(shared, &mut tree, &mut sink);
    }
}

/// Searches tasks from the queue until none is left or the run is halted.
fn take_tasks<T: Tree>(shared: &Shared<'_>, tree: &mut T, sink: &mut TaskSink<'_, '_>, id: usize) {
    let sharing = shared.duties.sharing;
    while !shared.halted() {
        // Busy from before the task is taken: a worker that finds the queue empty
        // must not leave while another holds the last task and could share it.
        if sharing {
            shared.shares.start();
        }
        let Some(k) = shared.queue.take(id) else {
            if sharing {
                shared.shares.end(Vec::new());
            }
            break;
        };
        let rest = run_task(shared, tree, sink, k);
        if sharing {
            shared.shares.end(rest);
        }
        if shared.duties.watched {
            shared.changed.notify_all();
        }
    }
}

/// Searches task `k` and leaves its result in its slot; returns what is left of it, if
/// its search stopped to share that out.
fn run_task<T: Tree>(
    shared: &Shared<'_>,
    tree: &mut T,
    sink: &mut TaskSink<'_, '_>,
    k: usize,
) -> Vec<Subproblem> {
    let task = &shared.tasks[k];
    // Weights feed only the progress estimate and the checkpoint's share done.
    let weight = if shared.duties.weighs {
        tree.weight(&task.sub)
    } else {
        0.0
    };
    lock(shared).slots[k] = Slot::Running;
    sink.index = k;
    sink.done = 0.0;
    sink.ticks = 0;
    sink.solutions = Count::ZERO;
    let (outcome, stats, rest) = search(tree, sink, &task.sub, task.resume.as_ref());
    let mut state = lock(shared);
    match outcome {
        Err(e) => fail(shared, &mut state, e),
        Ok(outcome) => {
            let resume = match outcome {
                Outcome::Complete => None,
                Outcome::Stopped(r) => Some(r),
            };
            if shared.duties.measures {
                state.measured[k] = Measured {
                    nodes: stats.nodes,
                    work: sink.ticks << shared.opts.tick_log2,
                    within: if resume.is_none() { 1.0 } else { sink.done },
                    finished: resume.is_none(),
                    path: Vec::new(),
                };
            }
            state.slots[k] = Slot::Ended(Ended {
                resume,
                weight,
                solutions: std::mem::take(&mut sink.solutions),
                stats,
                buffer: std::mem::take(&mut sink.buffer),
            });
        }
    }
    rest
}

/// Searches the shares of other workers' tasks, until none is left and no worker is
/// busy; their counts go to the pool.
fn take_shares<T: Tree>(shared: &Shared<'_>, tree: &mut T, sink: &mut TaskSink<'_, '_>) {
    while let Some(sub) = shared.shares.take(&|| shared.halted()) {
        sink.solutions = Count::ZERO;
        let (outcome, stats, rest) = search(tree, sink, &sub, None);
        {
            let mut pool = shared.shares.pool.lock().expect("no worker panics");
            pool.solutions += &sink.solutions;
            pool.stats += stats;
            match outcome {
                Err(e) => fail(shared, &mut lock(shared), e),
                Ok(Outcome::Stopped(_)) => pool.cut_short = true,
                Ok(Outcome::Complete) => {}
            }
        }
        shared.shares.end(rest);
    }
}

/// Searches below `sub` (from `resume`): the outcome, the counters of the search, and
/// what is left of `sub` as subproblems if the search stopped to share them out (then
/// it counts as complete; the splits that find them are not counted).
fn search<T: Tree>(
    tree: &mut T,
    sink: &mut TaskSink<'_, '_>,
    sub: &Subproblem,
    resume: Option<&Resume>,
) -> (Result<Outcome, Error>, Stats, Vec<Subproblem>) {
    sink.shared_out = false;
    let before = tree.stats();
    let outcome = tree.run_below(sub, resume, sink);
    let stats = minus(tree.stats(), before);
    let outcome = match outcome {
        Ok(outcome) => outcome,
        Err(e) => return (Err(path_error(e)), stats, Vec::new()),
    };
    match outcome {
        Outcome::Stopped(r) if sink.shared_out => match remainder(tree, sub, &r) {
            Ok(rest) => (Ok(Outcome::Complete), stats, rest),
            Err(e) => (Err(path_error(e)), stats, Vec::new()),
        },
        outcome => (Ok(outcome), stats, Vec::new()),
    }
}

fn lock<'s>(shared: &'s Shared<'_>) -> MutexGuard<'s, State> {
    shared.state.lock().expect("no worker panics")
}

/// Records the run's first error and halts it.
fn fail(shared: &Shared<'_>, state: &mut State, e: Error) {
    state.error.get_or_insert(e);
    shared.enough.store(true, Ordering::Relaxed);
}

/// Counts a worker out when it ends, even by a panic: the emitting thread waits until no
/// worker is active, then leaves the scope, which passes a worker's panic on.
struct Active<'s, 'a>(&'s Shared<'a>);

impl Drop for Active<'_, '_> {
    fn drop(&mut self) {
        let shared = self.0;
        let mut state = shared.state.lock().unwrap_or_else(PoisonError::into_inner);
        state.active -= 1;
        drop(state);
        shared.changed.notify_all();
    }
}

/// A worker's receiver for one task: adds up (and, when printing, buffers) the
/// solutions the tree sends.
struct TaskSink<'s, 'a> {
    shared: &'s Shared<'a>,
    index: usize,
    done: f64,
    /// Ticks since the task started (each one `2^tick_log2` nodes).
    ticks: u64,
    solutions: Count,
    buffer: Vec<Vec<usize>>,
    /// The search stopped to share out the rest of its subproblem.
    shared_out: bool,
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

impl Sink for TaskSink<'_, '_> {
    fn wants_placements(&self) -> bool {
        self.shared.opts.printing
    }

    fn solution(&mut self, placements: &[usize]) -> ControlFlow<()> {
        self.solutions += 1u64;
        if self.shared.opts.printing {
            self.buffer.push(placements.to_vec());
        }
        self.go_on()
    }

    fn solutions(&mut self, n: u128) -> ControlFlow<()> {
        self.solutions.add_u128(n);
        self.go_on()
    }

    fn tick(&mut self, done: f64, path: &[u32]) -> ControlFlow<()> {
        let shared = self.shared;
        self.done = done;
        self.ticks += 1;
        shared.tick();
        if shared.duties.measures {
            if let Ok(mut state) = shared.state.lock() {
                let work = self.ticks << shared.opts.tick_log2;
                let m = &mut state.measured[self.index];
                (m.nodes, m.work, m.within, m.finished) = (work, work, done, false);
                m.path.clear();
                m.path.extend_from_slice(path);
            }
        }
        if shared.halted() {
            return ControlFlow::Break(());
        }
        if shared.duties.sharing && shared.shares.wanted.load(Ordering::Relaxed) {
            shared.shares.wanted.store(false, Ordering::Relaxed);
            self.shared_out = true;
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }
}

//! The state a run's threads share: the tasks, the queue they are taken from, each
//! task's slot (pending, running, ended with its result, emitted), and the flags that
//! halt the run. Workers write the slots; the calling thread emits them in order.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Condvar, Mutex};

use crate::count::Count;
use crate::cover::{Resume, Stats};
use crate::error::Error;

use super::checkpoint::Task;
use super::estimate::Measured;
use super::options::RunOptions;
use super::queue::TaskQueue;
use super::share::Shares;

/// A task's state.
pub(super) enum Slot {
    Pending,
    Running,
    /// Ended: to the end (`resume: None`) or stopped at `resume`.
    Ended(Ended),
    Emitted,
    /// Emitted up to `Resume`, where a later run goes on.
    Partial(Resume),
}

pub(super) struct Ended {
    pub resume: Option<Resume>,
    pub weight: f64,
    pub solutions: Count,
    pub stats: Stats,
    pub buffer: Vec<Vec<usize>>,
}

pub(super) struct State {
    pub slots: Vec<Slot>,
    /// What each task searched so far, for the progress estimate (kept only when the
    /// run reports progress).
    pub measured: Vec<Measured>,
    /// Workers still running.
    pub active: usize,
    pub error: Option<Error>,
}

/// What the run does besides searching, decided at its start.
#[derive(Clone, Copy, Debug)]
pub(super) struct Duties {
    /// The calling thread follows the tasks as they go (to print solutions in order,
    /// report progress or write checkpoints). If not, workers neither wake it after
    /// each task nor report their progress at ticks: it only waits for them to end.
    pub watched: bool,
    /// Tasks are weighed (Knuth's estimate of their share of the tree), for checkpoints
    /// only: a weight replays the task's path.
    pub weighs: bool,
    /// Workers measure the nodes of their tasks at ticks, for the progress estimate
    /// (`estimate.rs`).
    pub measures: bool,
    /// A worker with no task left asks the busy ones to share theirs (`share.rs`): in
    /// counting runs with several threads that nobody watches (a shared-out task has no
    /// resume point for a checkpoint to keep), of a job that allows it
    /// ([`super::Job::may_share`]).
    pub sharing: bool,
}

impl Duties {
    pub fn new(opts: &RunOptions, progress: bool, may_share: bool) -> Duties {
        let watched = opts.printing || progress || opts.checkpoint.is_some();
        Duties {
            watched,
            weighs: opts.checkpoint.is_some(),
            measures: progress,
            sharing: !watched && opts.threads > 1 && may_share,
        }
    }
}

pub(super) struct Shared<'a> {
    pub opts: &'a RunOptions,
    pub duties: Duties,
    pub tasks: Vec<Task>,
    /// The tasks not yet handed out.
    pub queue: TaskQueue,
    /// Set once enough solutions were emitted (or the emitter broke, or a worker failed).
    pub enough: AtomicBool,
    /// Set once the node budget is spent.
    pub spent: AtomicBool,
    /// Ticks of all workers (for the node budget).
    pub ticks: AtomicU64,
    pub state: Mutex<State>,
    /// Notified when a slot changed or a worker ended.
    pub changed: Condvar,
    /// The rest of running tasks, shared out to idle workers ([`Duties::sharing`]).
    pub shares: Shares,
}

impl<'a> Shared<'a> {
    /// The state of a run of `tasks` on `threads` workers, `solutions` of them already
    /// emitted by earlier runs.
    pub fn new(
        opts: &'a RunOptions,
        duties: Duties,
        tasks: Vec<Task>,
        threads: usize,
        solutions: &Count,
    ) -> Shared<'a> {
        let n = tasks.len();
        Shared {
            opts,
            duties,
            queue: TaskQueue::new(n, threads, opts.printing),
            enough: AtomicBool::new(opts.limit.is_some_and(|l| *solutions >= l)),
            spent: AtomicBool::new(false),
            ticks: AtomicU64::new(0),
            state: Mutex::new(State {
                slots: (0..n).map(|_| Slot::Pending).collect(),
                measured: vec![Measured::default(); if duties.measures { n } else { 0 }],
                active: threads,
                error: None,
            }),
            changed: Condvar::new(),
            shares: Shares::default(),
            tasks,
        }
    }

    /// Whether the run stops: the stop flag or the node budget (which stop it so that it
    /// can be resumed), or enough solutions.
    pub fn halted(&self) -> bool {
        self.stopped() || self.enough.load(Ordering::Relaxed)
    }

    /// Whether the stop flag was set or the node budget spent.
    pub fn stopped(&self) -> bool {
        self.opts.stop.load(Ordering::Relaxed) || self.spent.load(Ordering::Relaxed)
    }

    /// Counts one tick of a worker; spends the budget once the ticks reach it.
    pub fn tick(&self) {
        if let Some(budget) = self.opts.node_budget {
            let ticks = self.ticks.fetch_add(1, Ordering::Relaxed) + 1;
            if ticks << self.opts.tick_log2 >= budget {
                self.spent.store(true, Ordering::Relaxed);
            }
        }
    }
}

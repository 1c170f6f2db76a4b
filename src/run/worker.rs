//! The worker side of a run: each worker thread owns one engine, takes a task from the
//! queue (`queue.rs`), searches below it and leaves the result (counters, buffered solutions,
//! the resume point if it stopped) in the task's slot for the emitter. A [`TaskSink`]
//! accepts one solution per symmetry class and counts (and, when printing, buffers) it in
//! the chosen mode; ticks publish progress and stop the task once the run is halted, or
//! when an idle worker asks for a share of it (`share.rs`).

use std::ops::ControlFlow;
use std::sync::atomic::Ordering;
use std::sync::PoisonError;

use crate::cover::{Outcome, Resume, Stats, Subproblem};
use crate::error::Error;
use crate::solve::SymmetryMode;

use super::parallel::{path_error, Ended, Shared, Slot};
use super::plan::minus;
use super::share::remainder;
use super::{Sink, Subtrees};

/// Takes tasks until none is left or the run is halted, searching them with `engine`
/// (made by the worker's thread while the tasks were being prepared).
pub(super) fn worker<E: Subtrees>(shared: &Shared<'_>, mut engine: E, id: usize) {
    let _active = Active(shared);
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
        uniform: None,
        sharing: shared.sharing(),
        shared_out: false,
    };
    let sharing = sink.sharing;
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
        let task = &shared.tasks[k];
        // Weights feed only the progress estimate and the checkpoint's share done; a
        // weight replays the task's path, so runs that show neither skip it (Scott's
        // board: 7 of 68 M instructions went to replays and weights).
        let weight = if shared.opts.progress || shared.opts.checkpoint.is_some() {
            engine.weight(&task.sub)
        } else {
            0.0
        };
        shared.state.lock().expect("no worker panics").slots[k] =
            Slot::Running { weight, done: 0.0 };
        sink.index = k;
        sink.weight = weight;
        sink.done = 0.0;
        sink.solutions = 0;
        // Below a task whose path settles every solution's symmetry check (most tasks
        // of a reduced search), counting needs no placements and the engine may use its
        // memo of counts.
        // (The replay that names the task's placements is the one its search starts
        // from.)
        sink.uniform = if shared.opts.printing {
            None
        } else {
            shared.solver.uniform_weight(&engine.settled(&task.sub))
        };
        let (outcome, stats, rest) =
            search(&mut engine, &mut sink, &task.sub, task.resume.as_ref());
        let mut state = shared.state.lock().expect("no worker panics");
        match outcome {
            Err(e) => {
                state.error.get_or_insert(e);
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
        if sharing {
            shared.shares.end(rest);
        }
        if shared.watched() {
            shared.changed.notify_all();
        }
    }
    // Then the shares of other workers' tasks, until none is left and no worker is busy.
    while let Some(sub) = sharing
        .then(|| shared.shares.take(&|| shared.halted()))
        .flatten()
    {
        sink.solutions = 0;
        sink.uniform = shared.solver.uniform_weight(&engine.settled(&sub));
        let (outcome, stats, rest) = search(&mut engine, &mut sink, &sub, None);
        {
            let mut pool = shared.shares.pool.lock().expect("no worker panics");
            pool.solutions += sink.solutions;
            pool.stats += stats;
            match outcome {
                Err(e) => {
                    let mut state = shared.state.lock().expect("no worker panics");
                    state.error.get_or_insert(e);
                    shared.enough.store(true, Ordering::Relaxed);
                }
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
fn search<E: Subtrees>(
    engine: &mut E,
    sink: &mut TaskSink<'_, '_>,
    sub: &Subproblem,
    resume: Option<&Resume>,
) -> (Result<Outcome, Error>, Stats, Vec<Subproblem>) {
    sink.shared_out = false;
    let before = engine.stats();
    let outcome = engine.run_below(sub, resume, sink);
    let stats = minus(engine.stats(), before);
    let outcome = match outcome {
        Ok(outcome) => outcome,
        Err(e) => return (Err(path_error(e)), stats, Vec::new()),
    };
    match outcome {
        Outcome::Stopped(r) if sink.shared_out => match remainder(engine, sub, &r) {
            Ok(rest) => (Ok(Outcome::Complete), stats, rest),
            Err(e) => (Err(path_error(e)), stats, Vec::new()),
        },
        outcome => (Ok(outcome), stats, Vec::new()),
    }
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
    /// What each solution of this task adds to the count, when that needs no look at it
    /// ([`crate::solve::Solver::uniform_weight`]; never when printing).
    uniform: Option<u64>,
    /// The run shares tasks with idle workers ([`Shared::sharing`], asked once)...
    sharing: bool,
    /// ... and the search stopped to share out the rest of its subproblem.
    shared_out: bool,
}

impl Sink for TaskSink<'_, '_> {
    fn wants_placements(&self) -> bool {
        self.uniform.is_none()
    }

    fn solutions(&mut self, n: u64) -> ControlFlow<()> {
        let w = (self.uniform).expect("bulk counts come only to sinks that want no placements");
        self.solutions += n * w;
        self.go_on()
    }

    fn solution(&mut self, placements: &[usize]) -> ControlFlow<()> {
        let solver = self.shared.solver;
        let opts = self.shared.opts;
        let every = solver.searches_every_solution();
        if let Some(w) = self.uniform {
            self.solutions += w;
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
        if shared.watched() {
            if let Ok(mut state) = shared.state.lock() {
                state.slots[self.index] = Slot::Running {
                    weight: self.weight,
                    done,
                };
            }
        }
        if shared.halted() {
            return ControlFlow::Break(());
        }
        if self.sharing && shared.shares.wanted.load(Ordering::Relaxed) {
            shared.shares.wanted.store(false, Ordering::Relaxed);
            self.shared_out = true;
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }
}

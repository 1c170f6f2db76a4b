//! Committing the results of tasks: ended tasks are emitted in task order, so printed
//! solutions keep the order of the one-threaded search; a checkpoint holds the committed
//! counters and exactly the tasks (or the parts of tasks after a resume point) that are
//! not committed, so nothing is counted twice or lost.

use std::sync::atomic::Ordering;
use std::time::Instant;

use crate::count::Count;
use crate::cover::Stats;

use super::checkpoint::{Checkpoint, Task};
use super::options::{Emit, RunOptions};
use super::state::{Shared, Slot};

/// Emits ended tasks in order; commits their counters.
pub(super) struct Emitter {
    pub cursor: usize,
    /// Committed by this run.
    pub solutions: Count,
    pub stats: Stats,
    pub done: f64,
    /// Solutions committed by earlier runs.
    pub base: Count,
    /// The limit was reached or the receiver broke.
    pub over: bool,
}

impl Emitter {
    /// An emitter at the first task, `base` solutions committed by earlier runs; `over`
    /// if they already reached the limit.
    pub fn new(base: Count, over: bool) -> Emitter {
        Emitter {
            cursor: 0,
            solutions: Count::ZERO,
            stats: Stats::default(),
            done: 0.0,
            base,
            over,
        }
    }

    /// Emits the ended tasks from the cursor on, in order, until one that has not ended,
    /// the limit, or a receiver that breaks.
    pub fn emit(&mut self, slots: &mut [Slot], shared: &Shared<'_>, emit: &mut Emit<'_>) {
        let opts = shared.opts;
        while self.cursor < slots.len() && !self.over {
            let Slot::Ended(ended) = &mut slots[self.cursor] else {
                return;
            };
            for s in ended.buffer.drain(..) {
                if self.reached(opts.limit) {
                    break;
                }
                self.solutions += 1u64;
                if emit(&s).is_break() {
                    self.over = true;
                    break;
                }
            }
            if self.reached(opts.limit) {
                self.over = true;
            }
            if self.over {
                shared.enough.store(true, Ordering::Relaxed);
                return;
            }
            if !opts.printing {
                self.solutions += &ended.solutions;
            }
            self.stats += ended.stats;
            // A stopped task's share is not kept: resumed, the engine measures its progress
            // from the task's start again, so keeping it would count that share twice.
            if ended.resume.is_none() {
                self.done += ended.weight;
            }
            match ended.resume.take() {
                None => {
                    slots[self.cursor] = Slot::Emitted;
                    self.cursor += 1;
                }
                Some(r) => {
                    slots[self.cursor] = Slot::Partial(r);
                    return;
                }
            }
        }
    }

    /// Whether the solutions committed, by earlier runs and this one, reach `limit`.
    fn reached(&self, limit: Option<u64>) -> bool {
        limit.is_some_and(|l| self.base.clone() + &self.solutions >= l)
    }
}

/// The state to save: committed counters and the tasks left.
pub(super) fn snapshot(
    base: &Checkpoint,
    tasks: &[Task],
    slots: &[Slot],
    em: &Emitter,
    opts: &RunOptions,
    start: Instant,
) -> Checkpoint {
    let mut cp = Checkpoint {
        solutions: base.solutions.clone() + &em.solutions,
        stats: base.stats,
        done: base.done + em.done,
        elapsed_ms: base.elapsed_ms + start.elapsed().as_millis() as u64,
        tasks: Vec::new(),
        ..base.clone()
    };
    cp.stats += em.stats;
    for (task, slot) in tasks.iter().zip(slots) {
        match slot {
            Slot::Emitted => {}
            Slot::Partial(r) => cp.tasks.push(Task {
                sub: task.sub.clone(),
                resume: Some(r.clone()),
            }),
            Slot::Ended(e) if !opts.printing => {
                cp.solutions += &e.solutions;
                cp.stats += e.stats;
                if e.resume.is_none() {
                    cp.done += e.weight;
                }
                if let Some(r) = &e.resume {
                    cp.tasks.push(Task {
                        sub: task.sub.clone(),
                        resume: Some(r.clone()),
                    });
                }
            }
            _ => cp.tasks.push(task.clone()),
        }
    }
    cp
}

/// Solutions found in tasks not yet emitted.
pub(super) fn buffered(slots: &[Slot]) -> Count {
    slots
        .iter()
        .filter_map(|s| match s {
            Slot::Ended(e) => Some(&e.solutions),
            _ => None,
        })
        .sum()
}

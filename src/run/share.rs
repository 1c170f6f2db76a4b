//! Sharing out the rest of a running task. At the end of a run the queue is empty while
//! one worker still searches its last task, often a large one (the sizes of subtrees
//! vary widely), and the others wait. In a counting run that nobody watches (no output in order, no progress,
//! no checkpoint), an idle worker asks for help; the next tick of a busy worker stops
//! its task, whose count so far is committed as the task's own, and what is left of it
//! becomes subproblems that any worker takes ([`remainder`]). Their counts are added at
//! the end.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use crate::count::Count;
use crate::cover::search::PathError;
use crate::cover::{Resume, Stats, Subproblem};

use super::job::Tree;

/// The shared-out subproblems and what their searches found.
#[derive(Default)]
pub(super) struct Shares {
    /// An idle worker waits for work: a busy one shares out the rest of its task.
    pub wanted: AtomicBool,
    pub pool: Mutex<Pool>,
}

#[derive(Default)]
pub(super) struct Pool {
    /// Subproblems not yet taken (the last one first: the shallowest, the largest).
    pub subs: Vec<Subproblem>,
    /// Workers searching a task or a shared subproblem: while one is, more may come.
    pub busy: usize,
    /// Solutions and counters of the shared subproblems searched.
    pub solutions: Count,
    pub stats: Stats,
    /// A shared subproblem was stopped before its end (the run was halted).
    pub cut_short: bool,
    /// Subproblems shared out so far.
    pub shared: usize,
}

impl Shares {
    /// Counts a worker in as busy.
    pub fn start(&self) {
        self.pool.lock().expect("no worker panics").busy += 1;
    }

    /// Counts a worker out, after adding `more` (subproblems left of what it searched)
    /// to the pool.
    pub fn end(&self, more: Vec<Subproblem>) {
        let mut pool = self.pool.lock().expect("no worker panics");
        pool.shared += more.len();
        pool.subs.extend(more);
        pool.busy -= 1;
    }

    /// A subproblem to search (the worker counts as busy until [`Shares::end`]), or
    /// `None` once none is left and no worker is busy. Waits meanwhile, asking the
    /// busy ones to share, unless `halted` says the run stops.
    pub fn take(&self, halted: &dyn Fn() -> bool) -> Option<Subproblem> {
        loop {
            {
                let mut pool = self.pool.lock().expect("no worker panics");
                if let Some(sub) = pool.subs.pop() {
                    pool.busy += 1;
                    self.wanted.store(false, Ordering::Relaxed);
                    return Some(sub);
                }
                if pool.busy == 0 || halted() {
                    return None;
                }
            }
            self.wanted.store(true, Ordering::Relaxed);
            std::thread::yield_now();
        }
    }
}

/// What is left of the subproblem `sub` whose search stopped at `resume`: the node it
/// names (unless already searched), then, level by level up to `sub`, the siblings
/// after each node on its path, as subproblems (in search order, the shallowest last).
pub(super) fn remainder(
    engine: &mut dyn Tree,
    sub: &Subproblem,
    resume: &Resume,
) -> Result<Vec<Subproblem>, PathError> {
    let path = &resume.path;
    let mut out = Vec::new();
    if !resume.visited {
        out.push(Subproblem { path: path.clone() });
    }
    for d in (sub.path.len()..path.len()).rev() {
        let parent = Subproblem {
            path: path[..d].to_vec(),
        };
        for child in engine.split(&parent, 1)? {
            if child.path.len() > d && child.path[d] > path[d] {
                out.push(child);
            }
        }
    }
    Ok(out)
}

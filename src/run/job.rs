//! What a run needs of the search it runs, and nothing more: a [`Job`] makes one
//! [`Tree`] per thread; a tree cuts its search tree into subproblems and searches below
//! one of them, stopping and resuming exactly, and hands what it finds to a [`Sink`] as
//! solutions (their placements when the run prints them) or as counts. What a solution
//! stands for (its symmetry class, its weight) is the tree's business: the run only
//! adds up what it is given.

use std::ops::ControlFlow;

#[cfg(doc)]
use crate::count::Count;
use crate::cover::search::PathError;
use crate::cover::{Outcome, Problem, Resume, Stats, Subproblem};

/// What a tree sends while it searches below a subproblem.
pub trait Sink {
    /// Whether the run prints: then each solution comes through [`Sink::solution`] with
    /// its placements; otherwise only the number of solutions matters.
    fn wants_placements(&self) -> bool;
    /// One solution, as the indices that name its parts (a puzzle's placements), in the
    /// order the emitter receives them; empty when [`Sink::wants_placements`] is false.
    fn solution(&mut self, placements: &[usize]) -> ControlFlow<()>;
    /// `n` solutions at once, without their placements (only when
    /// [`Sink::wants_placements`] is false). A sink adds them up exactly, past any
    /// word ([`Count`]).
    fn solutions(&mut self, n: u128) -> ControlFlow<()>;
    /// Every so many nodes, before entering the node at `path` (a path of the tree's,
    /// from its root: what a stop here resumes at, not yet visited): `done` estimates
    /// the share of the subtree below the subproblem already searched. Breaking stops
    /// the search so that it can be resumed.
    fn tick(&mut self, done: f64, path: &[u32]) -> ControlFlow<()>;
}

/// A search tree that can be cut into subproblems and searched below each one.
pub trait Tree {
    /// The subproblems `depth` choices below `sub`, in search order.
    fn split(&mut self, sub: &Subproblem, depth: usize) -> Result<Vec<Subproblem>, PathError>;
    /// Searches below `sub` (after `resume`, if given).
    fn run_below(
        &mut self,
        sub: &Subproblem,
        resume: Option<&Resume>,
        sink: &mut dyn Sink,
    ) -> Result<Outcome, PathError>;
    /// Knuth's estimate of the share of the whole tree below `sub`.
    fn weight(&mut self, sub: &Subproblem) -> f64;
    /// Counters over every call so far.
    fn stats(&self) -> Stats;
    /// Ticks every `2^log2` nodes.
    fn set_tick_interval(&mut self, log2: u32);
}

/// A search to run: one [`Tree`] per thread, and what a checkpoint records of it.
pub trait Job: Sync {
    /// The trees it makes.
    type Tree: Tree;
    /// A fresh tree: one per worker thread, made on that thread, and one that splits
    /// the search into tasks.
    fn tree(&self) -> Self::Tree;
    /// False when the search is known to have no solution: then nothing is split or
    /// searched.
    fn feasible(&self) -> bool {
        true
    }
    /// What identifies the search in a checkpoint file (asked only when there is one).
    fn identity(&self) -> Identity<'_>;
    /// Whether idle workers may share out the rest of busy ones' tasks at the end of a
    /// run. That changes the node count a little (the children that a shared task's
    /// nodes would have tried and dropped at once go uncounted), so only a search whose
    /// node count already depends on the threads (a memo of subtree counts) says yes.
    fn may_share(&self) -> bool {
        false
    }
}

/// What a checkpoint records to tell its search from others.
#[derive(Clone, Debug)]
pub struct Identity<'a> {
    /// The search's name (its puzzle's), shown when a checkpoint is refused.
    pub name: &'a str,
    /// The settings that change the result, as text (the run adds the shard and whether
    /// it prints).
    pub settings: String,
    /// The exact-cover problem searched, hashed into the fingerprint.
    pub problem: &'a Problem,
}

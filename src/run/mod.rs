//! Long runs: a search split into many subproblems ([`crate::cover::split`]) that worker
//! threads take in search order, with ordered output, progress, interruption,
//! checkpoints and shards.
//!
//! Guarantees: the count (and the node count) is the same for every number of threads,
//! shards summed, and any sequence of interruptions and resumptions; printed solutions
//! come out in the order of the one-threaded search. The layer is generic over
//! [`Subtrees`], anything that can split its tree into subproblem paths and search below
//! one of them, stopping and resuming exactly (the DLX [`Search`] here).

pub mod checkpoint;
mod commit;
pub mod parallel;
pub mod plan;
pub mod progress;
pub mod shard;

use std::ops::ControlFlow;

use crate::cover::search::PathError;
use crate::cover::{OptionId, Outcome, Resume, Search, Stats, Subproblem, Visit};

pub use checkpoint::Checkpoint;
pub use parallel::{run, Emit, LongReport, Options};
pub use shard::Shard;

/// What a search sends while it runs below a subproblem.
pub trait Sink {
    /// A solution: the options chosen (engine option ids).
    fn solution(&mut self, options: &[OptionId]) -> ControlFlow<()>;
    /// Every so many nodes: `done` estimates the share of the subtree below the
    /// subproblem already searched. Breaking stops the run so that it can be resumed.
    fn tick(&mut self, done: f64) -> ControlFlow<()>;
}

/// An engine whose search tree can be cut into subproblems and searched below each one.
pub trait Subtrees: Send {
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

/// Adapts a [`Sink`] to the DLX engine's visitor.
struct DlxVisitor<'a> {
    sink: &'a mut dyn Sink,
    floor: usize,
    options: Vec<OptionId>,
}

impl crate::cover::search::Visitor for DlxVisitor<'_> {
    fn solution(&mut self, visit: &Visit<'_>) -> ControlFlow<()> {
        visit.options_into(&mut self.options);
        self.sink.solution(&self.options)
    }

    fn tick(&mut self, visit: &Visit<'_>) -> ControlFlow<()> {
        self.sink.tick(visit.progress(self.floor))
    }
}

/// The DLX engine with the tick interval it was given (to restore it after a probe).
pub struct DlxSubtrees {
    search: Search,
    tick_log2: u32,
}

impl DlxSubtrees {
    pub fn new(search: Search) -> DlxSubtrees {
        DlxSubtrees {
            search,
            tick_log2: 12,
        }
    }
}

impl Subtrees for DlxSubtrees {
    fn split(&mut self, sub: &Subproblem, depth: usize) -> Result<Vec<Subproblem>, PathError> {
        self.search.split(sub, depth)
    }

    fn run_below(
        &mut self,
        sub: &Subproblem,
        resume: Option<&Resume>,
        sink: &mut dyn Sink,
    ) -> Result<Outcome, PathError> {
        let mut visitor = DlxVisitor {
            sink,
            floor: sub.path.len(),
            options: Vec::new(),
        };
        self.search.run_from(sub, resume, &mut visitor)
    }

    fn weight(&mut self, sub: &Subproblem) -> f64 {
        // A tick at every node: the first comes at `sub` itself, before it is counted.
        self.search.set_tick_interval(0);
        let mut weight = 0.0;
        let mut probe = WeightProbe {
            floor: sub.path.len(),
            weight: &mut weight,
        };
        let _ = self.search.run_from(sub, None, &mut probe);
        self.search.set_tick_interval(self.tick_log2);
        weight
    }

    fn stats(&self) -> Stats {
        self.search.stats()
    }

    fn set_tick_interval(&mut self, log2: u32) {
        self.tick_log2 = log2;
        self.search.set_tick_interval(log2);
    }
}

struct WeightProbe<'a> {
    floor: usize,
    weight: &'a mut f64,
}

impl crate::cover::search::Visitor for WeightProbe<'_> {
    fn solution(&mut self, visit: &Visit<'_>) -> ControlFlow<()> {
        *self.weight = visit.weight(self.floor);
        ControlFlow::Break(())
    }

    fn tick(&mut self, visit: &Visit<'_>) -> ControlFlow<()> {
        *self.weight = visit.weight(self.floor);
        ControlFlow::Break(())
    }
}

//! How to run ([`RunOptions`]) and what a run did ([`RunReport`]).

use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use crate::count::Count;
use crate::cover::Stats;

use super::shard::Shard;

/// How to run.
#[derive(Clone, Debug)]
pub struct RunOptions {
    /// Worker threads (at least 1).
    pub threads: usize,
    /// Give solutions to the emitter (else only count them).
    pub printing: bool,
    /// Stop once this many solutions were emitted (printing only).
    pub limit: Option<u64>,
    /// The part of the search to run.
    pub shard: Shard,
    /// Set (by a Ctrl-C handler) to stop: workers stop at their next tick.
    pub stop: Arc<AtomicBool>,
    /// A file to save the run's state in, and to resume from if it exists.
    pub checkpoint: Option<PathBuf>,
    /// How often the checkpoint is written.
    pub checkpoint_every: Duration,
    /// Ticks every `2^tick_log2` nodes.
    pub tick_log2: u32,
    /// Stop once about this many nodes were searched, as the stop flag stops the run
    /// (counted in ticks, so in steps of `2^tick_log2` nodes per worker).
    pub node_budget: Option<u64>,
}

impl Default for RunOptions {
    fn default() -> RunOptions {
        RunOptions {
            threads: 1,
            printing: false,
            limit: None,
            shard: Shard::WHOLE,
            stop: Arc::new(AtomicBool::new(false)),
            checkpoint: None,
            checkpoint_every: Duration::from_secs(60),
            tick_log2: 12,
            node_budget: None,
        }
    }
}

/// What a run did, counting earlier runs of the same checkpoint.
#[derive(Clone, Debug, PartialEq)]
pub struct RunReport {
    /// Solutions counted (emitted, when printing).
    pub solutions: Count,
    /// The whole (shard of the) search was done.
    pub complete: bool,
    /// Stopped by the stop flag or the node budget before the search was done.
    pub interrupted: bool,
    /// Counters of the search.
    pub stats: Stats,
    /// Wall-clock time of this run.
    pub elapsed: Duration,
    /// Worker threads used.
    pub threads: usize,
    /// Tasks this run started with; whether it resumed a checkpoint.
    pub tasks: usize,
    /// Whether the run resumed a checkpoint.
    pub resumed: bool,
    /// Subproblems that busy workers shared out to idle ones (`share.rs`).
    pub shared: usize,
}

/// Receives emitted solutions (their placements) in order; `Break` ends the run like a
/// limit.
pub type Emit<'a> = dyn FnMut(&[usize]) -> ControlFlow<()> + 'a;

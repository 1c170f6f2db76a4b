//! Long runs: a search split into many subproblems that worker threads take in search
//! order, with ordered output, progress, interruption, checkpoints and shards. At the
//! end of a counting run, a busy worker shares the rest of its task with idle ones
//! (`share.rs`).
//!
//! A run knows its search only as a [`Job`] that makes [`Tree`]s: anything that can
//! split its tree into subproblem paths and search below one of them, stopping and
//! resuming exactly, and that sends solutions or counts to a [`Sink`]. It splits trees
//! and adds up what they send; it knows nothing of puzzles, symmetry or geometry.
//!
//! Guarantees: the count is the same for every number of threads, shards summed, and
//! any sequence of interruptions and resumptions (by the stop flag or the node budget),
//! and so is the node count unless the tree's own node counts depend on what each
//! thread met before (a memo of subtree counts); printed solutions come out in the
//! order of the one-threaded search.

pub mod checkpoint;
mod commit;
mod estimate;
mod job;
mod options;
mod parallel;
pub mod plan;
mod probe;
pub mod progress;
mod queue;
mod rest;
pub mod shard;
mod share;
mod state;
mod worker;

pub use job::{Identity, Job, Sink, Tree};
pub use options::{RunOptions, RunReport};
pub use parallel::run;
pub use progress::OnProgress;
pub use shard::Shard;

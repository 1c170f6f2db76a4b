//! Searching a puzzle: the one place that wires symmetry, an engine and a run together.
//! A [`Solver`] holds the puzzle, its symmetry reduction and the engine chosen; each
//! engine's search is a [`crate::run::Tree`] ([`DlxTree`], [`BitTree`]) whose solutions
//! count for what they stand for in the chosen mode ([`crate::symmetry::classes`]);
//! [`run`] runs it on all cores with progress, checkpoints and shards (or counts classes
//! by Burnside's lemma, or region by region or by the pieces left out, when those
//! apply), and `Solver::run` and `Solver::count` are
//! [`run`] on one thread. A run that prints a limited number of solutions from the whole
//! search looks for first solutions instead (`first.rs`): the keep-mode search with each
//! solution mapped to its class's representative, restarted under a growing node budget
//! on seeded shuffles of the puzzle (`restart.rs`, `shuffle.rs`).

mod apart;
mod bit_tree;
mod burnside;
mod dlx_tree;
mod fillings;
mod first;
pub(super) mod forced;
mod frontier;
mod jobs;
mod left_out;
mod regions;
pub mod restart;
pub(crate) mod shuffle;
mod solver;
mod weigh;

pub use crate::symmetry::SymmetryMode;
pub use jobs::{run, run_with_progress, Report};
pub use restart::DEFAULT_SEED;
pub use solver::{Engine, Solver};

#[cfg(test)]
mod tests;

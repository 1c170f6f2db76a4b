//! Puzzle design: uniqueness, hints, generation. The tools a puzzle designer (or a
//! player) uses on top of the solver: whether a puzzle has no, one or several solutions
//! ([`unique`]), and what to do next on a partly solved board ([`hint()`]). Every search
//! goes through [`crate::Solver`] (or, to leave one placement out, through the puzzle's
//! exact-cover problem), so every grid the solver knows works here unchanged, and every
//! function takes the [`crate::RunOptions`] whose stop flag and node budget end it early
//! with [`Stopped`].

pub mod hint;
mod remove;
mod searches;
pub mod unique;

pub use hint::{hint, hint_counted, shared_placements, Hint, Move, Reason};
pub use unique::{check, differing_cells, Checked, Uniqueness};

use crate::cover::Stats;

/// The stop flag or the node budget ended a search before it had an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stopped {
    /// What the searches had done when they stopped.
    pub stats: Stats,
}

impl std::fmt::Display for Stopped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "stopped after {} nodes, before the search had an answer",
            self.stats.nodes
        )
    }
}

impl std::error::Error for Stopped {}

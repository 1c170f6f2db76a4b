//! Puzzle design, on top of the solver: whether a puzzle has no, one or several solutions
//! ([`unique`]), what to do next on a partly solved board ([`hint()`]), and challenges
//! made from a board and its pieces. `generate` makes challenges with exactly one
//! completion (pre-placed pieces of a random solution, as few as its search reaches),
//! `grade` measures how hard one is to finish (the guesses a solver that only propagates
//! forced moves needs) and names its level, `text` writes a challenge as a board file or
//! the NOI2005 judge's format, and `book` draws a printable book of challenges followed
//! by their solutions. `completion` builds the puzzle left by a set of pre-placed pieces
//! and tells whether it has exactly one completion. Every search goes through
//! [`crate::Solver`] (or, to leave one placement out, through the puzzle's exact-cover
//! problem), so every grid the solver knows works here unchanged; the functions take
//! [`crate::RunOptions`], whose stop flag and node budget end them early.

pub mod book;
mod completion;
pub mod generate;
pub mod grade;
pub mod hint;
mod remove;
mod searches;
pub mod text;
pub mod unique;
pub mod words;

pub use generate::{generate, Challenge, GenerateOptions, Generated};
pub use grade::{Difficulty, Level};
pub use hint::{hint, hint_counted, hint_for_player, shared_placements, Hint, Move, Reason};
pub use unique::{check, differing_cells, Checked, Uniqueness};
pub use words::{sentence, Wording};

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

#[cfg(test)]
mod tests;

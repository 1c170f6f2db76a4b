//! Puzzle design, on top of the solver: whether a puzzle has no, one or several solutions
//! ([`check`]), what to do next on a partly solved board ([`hint()`], worded by
//! [`sentence`]), and challenges made from a board and its pieces. [`generate()`] makes
//! challenges with exactly one completion (pre-placed pieces of a random solution, as few
//! as its search reaches), [`grade()`] measures how hard one is to finish (the guesses a
//! solver that only propagates forced moves needs) and names its [`Level`],
//! [`board_toml`] writes a challenge as a board file ([`noi2005_text`] in the NOI2005
//! judge's format), and [`book()`] draws a printable
//! book of challenges followed by their solutions. Every search goes through
//! [`crate::Solver`] (or, to leave one placement out, through the puzzle's exact-cover
//! problem), so every grid the solver knows works here unchanged; the functions take
//! [`crate::RunOptions`], whose stop flag and node budget end them early.
//!
//! The files: `unique.rs` (check), `hint.rs`, `words.rs` (hints in words),
//! `generate.rs`, `grade.rs`, `text.rs` (challenges as board files and in the NOI2005
//! judge's format), `book.rs`, and the machinery they share: `completion.rs` builds the
//! puzzle left by a set of pre-placed pieces and tells whether it has exactly one
//! completion, `remove.rs` and `searches.rs`.
//!
//! ```
//! use polyx::design::{check, Uniqueness};
//! use polyx::{load_puzzle, Puzzle, RunOptions, Solver, SymmetryMode};
//!
//! // The 3×20 rectangle has 2 tilings up to its symmetries: not unique.
//! let (board, pieces) = load_puzzle("3x20", None).unwrap();
//! let solver = Solver::new(Puzzle::new(board, pieces).unwrap(), SymmetryMode::Reduce);
//! let checked = check(&solver, &RunOptions::default()).unwrap();
//! assert!(matches!(checked.answer, Uniqueness::Several(..)));
//! ```

mod book;
mod completion;
mod generate;
mod grade;
mod hint;
mod remove;
mod searches;
mod text;
mod unique;
mod words;

pub use book::{book, BookOptions};
pub use generate::{generate, Challenge, GenerateOptions, Generated};
pub use grade::{grade, Difficulty, Level, MOST_GUESSES};
pub use hint::{hint, hint_counted, hint_for_player, shared_placements, Hint, Move, Reason};
pub use text::{board_toml, is_noi2005, noi2005_text, picture, Title};
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

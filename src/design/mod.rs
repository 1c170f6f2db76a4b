//! Puzzle design: challenges made from a board and its pieces. `generate` makes
//! challenges with exactly one completion (pre-placed pieces of a random solution, as
//! few as its search reaches), `grade` measures how hard one is to finish (the guesses a
//! solver that only propagates forced moves needs) and names its level, `text` writes a
//! challenge as a board file or the NOI2005 judge's format, and `book` draws a printable
//! book of challenges followed by their solutions. `completion` builds the puzzle left
//! by a set of pre-placed pieces and tells whether it has exactly one completion.

pub mod book;
mod completion;
pub mod generate;
pub mod grade;
pub mod text;

pub use generate::{generate, Challenge, GenerateOptions, Generated};
pub use grade::{Difficulty, Level};

#[cfg(test)]
mod tests;

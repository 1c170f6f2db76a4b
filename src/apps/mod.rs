//! Other front ends on the exact-cover engine: puzzles that are not polyomino tilings but
//! are exact-cover problems all the same. Each module owns one puzzle: how it is read,
//! how it becomes a [`crate::cover::Problem`], and how a solution (a list of option ids)
//! maps back to the puzzle's own picture. None of them runs a search itself; callers hand
//! the problem to [`crate::cover::Search`] and decode what it finds.

pub mod noi2005;
pub mod queens;
pub mod sudoku;

#[cfg(test)]
mod tests;

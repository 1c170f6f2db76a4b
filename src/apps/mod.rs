//! Other front ends on the exact-cover engine: puzzles that are not polyomino tilings but
//! are exact-cover problems all the same. Each module owns one puzzle: how it is read,
//! how it becomes a [`crate::cover::Problem`], and how a solution (a list of option ids)
//! maps back to the puzzle's own picture. Callers hand the problem to
//! [`crate::cover::Search`] and decode what it finds; only `sudoku` also solves (its 9×9
//! puzzles by a dedicated solver, the rest through the cover).

pub mod noi2005;
pub mod queens;
pub mod sudoku;

#[cfg(test)]
mod tests;

//! Counts by transfer matrix: a sweep over a board's cells in a scan order whose state
//! is the *profile*, which positions just ahead are already covered (and, for pieces
//! whose copies are limited, how many are used). The number of states depends on the
//! board's short side and the pieces' extent, never on the size of the count, so a
//! domino rectangle of any length, or a strip of any length, costs a number of steps
//! linear in its length (Klarner & Pollack 1980; Stanley, *Enumerative Combinatorics* I
//! §4.7; Knuth, TAOCP 7.1.4 and 7.2.2 on frontiers and profiles). Counts are exact at any
//! size: `u128` while they fit, then multi-word numbers for the whole layer.
//!
//! - [`count`]: a puzzle's number of tilings (the search's keep-mode count), or `None`
//!   when the sweep does not apply or would hold too many states.
//! - [`strip_counts`]: the W × n rectangles for n in a range, in one sweep.
//! - [`count_dimers`]: the tilings of a plane board by dominoes (or lozenges) by
//!   Kasteleyn's determinant, whose cost does not grow with the board's width as the
//!   profiles do.
//! - [`state_budget`]: how many states a sweep may hold on this machine.
//! - [`recurrence`]: the shortest linear recurrence with integer coefficients that a
//!   list of counts satisfies.

mod board;
mod budget;
mod error;
mod kasteleyn;
mod modular;
mod recurrence;
mod strip;
mod sweep;
mod table;
#[cfg(test)]
mod tests;

pub use board::{count, count_cover};
pub use budget::state_budget;
pub use error::{CountStopped, StripError};
pub use kasteleyn::count_dimers;
pub use recurrence::{recurrence, Recurrence};
pub use strip::strip_counts;

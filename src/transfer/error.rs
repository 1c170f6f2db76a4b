//! The errors of the transfer-matrix counts: a stop (Ctrl-C) and, for strips, input the
//! sweep cannot take, each saying what to change.

use thiserror::Error;

/// The count was stopped (the stop flag was set) before it finished.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[error("the count was stopped before it finished")]
pub struct CountStopped;

/// Why [`super::strip_counts`] gave no counts.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum StripError {
    /// The stop flag was set.
    #[error("the count was stopped before it finished")]
    Stopped,
    /// The strip's width is 0.
    #[error("the strip's width must be at least 1")]
    ZeroWidth,
    /// `from` is 0 or past `to`.
    #[error("the lengths must run from at least 1 up: {from} to {to} is empty")]
    Range {
        /// The first length asked for.
        from: u32,
        /// The last length asked for.
        to: u32,
    },
    /// The set is on a grid whose strips the sweep does not walk.
    #[error(
        "the piece set `{set}` is on the {grid} grid; strips are counted on the square, hex and triangle grids only"
    )]
    Grid {
        /// The set's name.
        set: String,
        /// The grid's name.
        grid: &'static str,
    },
    /// A piece is too long for a profile of 128 bits across this width.
    #[error(
        "the piece `{piece}` spans {span} positions of the scan across width {width}; \
         at most 128 fit (use a smaller width)"
    )]
    TooWide {
        /// The piece that spans too far.
        piece: String,
        /// The width of the strip.
        width: u32,
        /// Positions from its first cell to its last, inclusive.
        span: u64,
    },
    /// The sweep had more states than it may hold.
    #[error(
        "the strip of width {width} has more than {states} profiles across it; use a smaller width"
    )]
    TooManyStates {
        /// The width of the strip.
        width: u32,
        /// The limit that was passed.
        states: usize,
    },
}

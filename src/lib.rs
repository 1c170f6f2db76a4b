//! polyx: polyomino puzzles solved as exact cover.
//!
//! A *piece set* is a list of polyominoes; a *board* is a set of cells to fill. Each
//! *orientation* of a piece (a rotation or reflection of it) at each offset where it fits
//! is a *placement*. Tiling the board is then an exact-cover problem: one *item* per
//! piece and per open cell, one *option* per placement, and a solution is a set of
//! options covering every item once. [`cover`] holds the generic engine (Knuth's Dancing
//! Links, Algorithm X), usable on its own.
//!
//! The pipeline: load a board and its piece set ([`model::library`]), check them against
//! each other and list the placements ([`model::Puzzle`]), search ([`solve::Solver`], or
//! [`solve::run`] on all cores), and draw the tilings ([`render`]). The twelve pentominoes
//! fill the 3×20 rectangle in 8 ways, 2 up to its symmetries:
//!
//! ```
//! use polyx::model::{library, Puzzle};
//! use polyx::solve::{Solver, SymmetryMode};
//!
//! let (board, pieces) = library::load_puzzle("3x20", None).unwrap();
//! let puzzle = Puzzle::new(board, pieces).unwrap();
//! assert_eq!(puzzle.placements.len(), 1236);
//! let every = Solver::new(puzzle.clone(), SymmetryMode::Keep).count();
//! let classes = Solver::new(puzzle, SymmetryMode::Reduce).count();
//! assert_eq!((every.solutions, classes.solutions), (8, 2));
//! ```
//!
//! The engine alone:
//!
//! ```
//! use polyx::cover::{Problem, Search};
//!
//! // Items a, b, c; options {a, b}, {c}, {a}, {b, c}: two exact covers.
//! let mut problem = Problem::new();
//! let [a, b, c] = ["a", "b", "c"].map(|n| problem.add_primary(n));
//! for option in [&[a, b][..], &[c], &[a], &[b, c]] {
//!     problem.add_option(option).unwrap();
//! }
//! assert_eq!(Search::new(&problem).count(), 2);
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod apps;
pub(crate) mod bitboard;
#[cfg(feature = "cli")]
pub mod cli;
pub mod cover;
pub(crate) mod error;
pub(crate) mod geom;
pub(crate) mod input;
pub(crate) mod model;
pub(crate) mod output;
pub mod render;
pub(crate) mod run;
pub(crate) mod solve;
pub(crate) mod symmetry;

pub use error::{Error, InputError, Location, Result};
pub use geom::{Cell, Shape};
pub use model::library::{boards as builtin_boards, piece_sets as builtin_piece_sets};
pub use model::{
    load_board, load_piece_set, load_puzzle, parse_board, parse_piece_set, pieces_for, Board,
    Piece, PieceSet, Placement, Puzzle, Square, Tiling,
};
pub use run::{LongReport as RunReport, Options as RunOptions, Shard};
pub use solve::{run, Engine, Report, Solver, SymmetryMode};

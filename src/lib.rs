//! polyx: polyomino puzzles solved as exact cover.
//!
//! A *piece set* ([`PieceSet`]) is a list of polyominoes; a *board* ([`Board`]) is a set
//! of cells to fill. Each rotation or reflection of a piece at each offset where it fits
//! is a *placement* ([`Placement`]). Tiling the board is then an exact-cover problem: one
//! item per piece and per open cell, one option per placement, and a solution is a set
//! of options covering every item once. [`cover`] holds the generic engine (Knuth's
//! Dancing Links, Algorithm X), usable on its own.
//!
//! # The pipeline in five steps
//!
//! 1. **Load** a board and its piece set: a built-in by name or a file path
//!    ([`load_puzzle`], [`load_board`], [`load_piece_set`]; [`builtin_boards`] lists the
//!    names), or TOML text ([`parse_board`], [`parse_piece_set`], [`pieces_for`]).
//! 2. **Build** the [`Puzzle`]: the board checked against the set, and every placement.
//!    [`Puzzle::problem`] is its exact-cover [`cover::Problem`], for the engine alone.
//! 3. **Search** with a [`Solver`], keeping every solution or one per symmetry class
//!    ([`SymmetryMode`]): [`Solver::count`], or [`Solver::run`] with a visitor that
//!    returns [`ControlFlow::Break`](std::ops::ControlFlow::Break) to stop; on several
//!    threads, with shards and checkpoints, [`run()`] with [`RunOptions`].
//! 4. **Read** each solution as a [`Tiling`]: its placements, each a piece index and the
//!    [`Cell`]s it covers.
//! 5. **Render** it with [`render`]: text, JSON Lines, SVG or PNG.
//!
//! The twelve pentominoes fill the 3×20 rectangle in 8 ways, 2 up to its symmetries:
//!
//! ```
//! use polyx::{load_puzzle, Puzzle, Solver, SymmetryMode};
//!
//! let (board, pieces) = load_puzzle("3x20", None).unwrap();
//! let puzzle = Puzzle::new(board, pieces).unwrap();
//! assert_eq!(puzzle.placements.len(), 1236);
//! let every = Solver::new(puzzle.clone(), SymmetryMode::Keep).count();
//! let classes = Solver::new(puzzle, SymmetryMode::Reduce).count();
//! assert_eq!((every.solutions.to_u64(), classes.solutions.to_u64()), (Some(8), Some(2)));
//! ```
//!
//! The first solution, its placements, and the picture:
//!
//! ```
//! use std::ops::ControlFlow;
//! use polyx::{load_puzzle, render, Cell, Puzzle, Solver, SymmetryMode};
//!
//! let (board, pieces) = load_puzzle("3x20", None).unwrap();
//! let solver = Solver::new(Puzzle::new(board, pieces).unwrap(), SymmetryMode::Reduce);
//! let mut first = None;
//! let report = solver.run(None, |tiling| {
//!     first = Some(tiling.clone());
//!     ControlFlow::Break(()) // one is enough
//! });
//! assert!(!report.complete);
//! let tiling = first.unwrap();
//! let puzzle = solver.puzzle();
//! assert_eq!(tiling.placements.len(), 12);
//! let corner = tiling.at(Cell::new(0, 0)).unwrap();
//! let piece = &puzzle.set.pieces[corner.piece];
//! assert_eq!(corner.cells.len(), 5);
//! let text = render::ascii::tiling(&puzzle.board, &puzzle.set, &tiling);
//! assert!(text.starts_with(piece.label));
//! ```
//!
//! A board and its pieces from TOML text:
//!
//! ```
//! use polyx::{parse_board, parse_piece_set, Puzzle, Solver, SymmetryMode};
//!
//! let pieces = parse_piece_set("dominoes.toml", r#"
//! name = "dominoes"
//! [[piece]]
//! name = "domino"
//! shape = "XX"
//! count = 2
//! "#).unwrap();
//! let board = parse_board("square.toml", r#"
//! name = "square"
//! size = [2, 2]
//! "#).unwrap();
//! let puzzle = Puzzle::new(board, pieces).unwrap();
//! assert_eq!(Solver::new(puzzle, SymmetryMode::Keep).count().solutions, 2);
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
//!
//! [`design`] answers a puzzle designer's questions: is the solution unique, and what is
//! a good next move on a partly solved board.
//!
//! [`apps`] builds other puzzles (N queens, Sudoku, NOI 2005) as exact-cover problems;
//! the `polyx` program is [`cli`] (the default `cli` feature).
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod apps;
pub(crate) mod bitboard;
#[cfg(feature = "cli")]
pub mod cli;
pub(crate) mod count;
pub mod cover;
pub mod design;
pub(crate) mod error;
pub(crate) mod geom;
pub(crate) mod input;
pub(crate) mod model;
pub(crate) mod output;
pub mod render;
pub(crate) mod run;
#[cfg(feature = "serve")]
pub mod serve;
pub(crate) mod solve;
pub(crate) mod symmetry;
pub(crate) mod transfer;

pub use count::{Count, NotACount};
pub use error::{Error, InputError, Location, Result};
pub use geom::{
    polyforms, Cell, Crossing, Edges, Grid, Lattice, Neighbours, Point, SegmentGrid, Shape,
};
pub use model::library::{boards as builtin_boards, piece_sets as builtin_piece_sets};
pub use model::refute::Refutation;
pub use model::{
    load_board, load_piece_set, load_puzzle, parse_board, parse_piece_set, pieces_for, Board,
    Piece, PieceSet, Placement, Puzzle, Square, Tiling, TilingError,
};
pub use run::progress::Status as Progress;
pub use run::{RunOptions, RunReport, Shard};
pub use solve::{run, run_with_progress, Engine, Report, Solver, SymmetryMode};
pub use transfer::{
    count as count_by_transfer, recurrence, strip_counts, CountStopped, Recurrence, StripError,
};

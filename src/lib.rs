//! polyx: polyomino puzzles solved as exact cover.
//!
//! A *piece set* ([`PieceSet`]) is a list of polyforms; a *board* ([`Board`]) is a set of
//! cells to fill, on one of the grids of [`Grid`] (squares, hexagons, triangles, cubes,
//! balls, sticks). Each *orientation* of a piece (its distinct images under the grid's
//! rotations and reflections) at each offset where all its cells are open is a
//! *placement* ([`Placement`]). Tiling the board is then an exact-cover problem: one
//! *item* per piece and per open cell, one *option* per placement, and a solution is a
//! set of options covering every item once, read back as a [`Tiling`].
//!
//! This page is the guide: load a puzzle, solve it, count it, render it, and use the
//! exact-cover engine on its own. Each step is an example that runs as a test.
//!
//! # Load a puzzle
//!
//! A built-in board by name or a board file's path, with its own piece set or another
//! ([`load_puzzle`], [`load_board`], [`load_piece_set`]; [`builtin_boards`] and
//! [`builtin_piece_sets`] list the names), or TOML text ([`parse_board`],
//! [`parse_piece_set`], [`pieces_for`]; the formats are in `docs/FORMATS.md`). A
//! [`Puzzle`] checks the board against the set and lists every placement. Every error is
//! an [`Error`] whose [`InputError`] says where ([`Location`]: file, line, column) and
//! how to fix it.
//!
//! ```
//! use polyx::{load_puzzle, parse_board, parse_piece_set, Puzzle};
//!
//! let (board, pieces) = load_puzzle("3x20", None).unwrap();
//! let puzzle = Puzzle::new(board, pieces).unwrap();
//! assert_eq!((puzzle.set.pieces.len(), puzzle.placements.len()), (12, 1236));
//!
//! let pieces = parse_piece_set("dominoes.toml", r#"
//! name = "dominoes"
//! [[piece]]
//! name = "domino"
//! shape = "XX"
//! count = 2
//! "#).unwrap();
//! let board = parse_board("square.toml", "name = \"square\"\nsize = [2, 2]\n").unwrap();
//! let puzzle = Puzzle::new(board, pieces).unwrap();
//! assert_eq!(puzzle.placements.len(), 4);
//!
//! let wrong = parse_board("board.toml", "sise = [2, 2]\n").unwrap_err();
//! assert!(wrong.to_string().contains("board.toml:1:1"));
//! ```
//!
//! # Solve
//!
//! A [`Solver`] searches a puzzle, keeping every solution or one per class of the
//! board's symmetries ([`SymmetryMode`]); it picks the engine ([`Engine`]) itself.
//! [`Solver::run`] hands each solution to a visitor, which returns
//! [`ControlFlow::Break`](std::ops::ControlFlow::Break) to stop. A [`Tiling`] is a list of
//! placements, each a piece index and the [`Cell`]s it covers.
//!
//! ```
//! use std::ops::ControlFlow;
//! use polyx::{load_puzzle, Cell, Puzzle, Solver, SymmetryMode};
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
//! assert_eq!(tiling.placements.len(), 12);
//! let corner = tiling.at(Cell::new(0, 0)).unwrap();
//! assert_eq!(corner.cells.len(), 5);
//! let piece = &solver.puzzle().set.pieces[corner.piece];
//! assert!(!piece.name.is_empty());
//! ```
//!
//! # Count
//!
//! [`Solver::count`] counts on one thread; [`run()`] with [`RunOptions`] counts (or lists)
//! on several, split into shards ([`Shard`]) and saved to checkpoints, and reports a
//! [`RunReport`]. Counts are [`Count`]s, exact at any size. The twelve pentominoes fill
//! the 3×20 rectangle in 8 ways, 2 up to its symmetries:
//!
//! ```
//! use std::ops::ControlFlow;
//! use polyx::{load_puzzle, run, Puzzle, RunOptions, Solver, SymmetryMode};
//!
//! let (board, pieces) = load_puzzle("3x20", None).unwrap();
//! let puzzle = Puzzle::new(board, pieces).unwrap();
//! let every = Solver::new(puzzle.clone(), SymmetryMode::Keep).count();
//! assert_eq!(every.solutions.to_u64(), Some(8));
//!
//! let classes = Solver::new(puzzle, SymmetryMode::Reduce);
//! let opts = RunOptions { threads: 2, ..RunOptions::default() };
//! let report = run(&classes, &opts, &mut |_| ControlFlow::Continue(())).unwrap();
//! assert_eq!(report.solutions.to_u64(), Some(2));
//! assert!(report.complete);
//! ```
//!
//! The tilings of long strips, W × n for a range of n, come from one transfer-matrix
//! sweep instead ([`strip_counts`], with [`recurrence`] to find the linear recurrence
//! they satisfy); [`count_by_transfer`] counts one board that way. Dominoes on 2 × n
//! are the Fibonacci numbers:
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use polyx::{load_piece_set, strip_counts};
//!
//! let dominoes = load_piece_set("dominoes", None).unwrap();
//! let counts = strip_counts(&dominoes, 2, 1, 8, &AtomicBool::new(false)).unwrap();
//! let counts: Vec<u64> = counts.iter().map(|(_, c)| c.to_u64().unwrap()).collect();
//! assert_eq!(counts, [1, 2, 3, 5, 8, 13, 21, 34]);
//! ```
//!
//! # Render
//!
//! [`render`] draws tilings: one module per format ([`render::ascii`],
//! [`render::unicode`], [`render::json`] (JSON Lines), [`render::svg`], [`render::png`]
//! with the `png` feature), [`render::render_image`] for either image format by
//! [`render::Format`], and [`render::stl`] for pieces to print in 3D.
//!
//! ```
//! use std::ops::ControlFlow;
//! use polyx::render::{self, RenderOptions};
//! use polyx::{load_puzzle, Puzzle, Solver, SymmetryMode};
//!
//! let (board, pieces) = load_puzzle("3x20", None).unwrap();
//! let solver = Solver::new(Puzzle::new(board, pieces).unwrap(), SymmetryMode::Reduce);
//! let mut tilings = Vec::new();
//! solver.run(None, |t| {
//!     tilings.push(t.clone());
//!     ControlFlow::Continue(())
//! });
//! let (board, set) = (&solver.puzzle().board, &solver.puzzle().set);
//! let text = render::ascii::tiling(board, set, &tilings[0]);
//! assert_eq!(text.lines().count(), 3);
//! assert!(text.lines().all(|line| line.chars().count() == 20));
//! let line = render::json::solution(1, set, &tilings[0]);
//! assert!(line.starts_with(r#"{"type":"solution","index":1,"placements":["#));
//! let svg = render::svg::gallery(board, set, &tilings, &RenderOptions::default()).unwrap();
//! assert!(svg.starts_with("<svg"));
//! ```
//!
//! # Exact cover
//!
//! [`cover`] is the engine alone, generic and knowing nothing of geometry (TAOCP
//! 7.2.2.1): a [`cover::Problem`] of primary and secondary items (with multiplicities and
//! colours) and options, searched by Knuth's Dancing Links ([`cover::Search`], or
//! [`cover::AnySearch`] which picks the faster table); [`cover::verify`] checks a
//! solution, [`cover::knuth`] reads and writes Knuth's text format. [`Puzzle::problem`]
//! is a puzzle's own exact-cover problem.
//!
//! ```
//! use std::ops::ControlFlow;
//! use polyx::cover::{verify, Problem, Search, Visit};
//!
//! // Items a, b, c; options {a, b}, {c}, {a}, {b, c}: two exact covers.
//! let mut problem = Problem::new();
//! let [a, b, c] = ["a", "b", "c"].map(|n| problem.add_primary(n));
//! for option in [&[a, b][..], &[c], &[a], &[b, c]] {
//!     problem.add_option(option).unwrap();
//! }
//! let mut covers = Vec::new();
//! Search::new(&problem).run(&mut |visit: &Visit<'_>| {
//!     let options = visit.options();
//!     verify(&problem, &options).unwrap();
//!     covers.push(options);
//!     ControlFlow::Continue(())
//! });
//! assert_eq!(covers.len(), 2);
//! assert_eq!(Search::new(&problem).count(), 2);
//! ```
//!
//! # The public modules
//!
//! The crate root holds the model, loading and searching; the modules are:
//!
//! - [`cover`]: the exact-cover engine, with [`cover::knuth`] for Knuth's text format.
//! - [`render`]: pictures and JSON of tilings, one module per format ([`render::ascii`],
//!   [`render::unicode`], [`render::json`], [`render::svg`], [`render::png`]) and
//!   [`render::stl`] for 3D printing.
//! - [`design`]: a designer's questions: is the solution unique ([`design::check`]), a
//!   good next move on a partly solved board ([`design::hint()`]), challenges with one
//!   solution ([`design::generate()`]) graded by difficulty, printed as a book.
//! - [`apps`]: other puzzles built as exact-cover problems: [`apps::queens`],
//!   [`apps::sudoku`] and [`apps::noi2005`].
//!
//! # Features
//!
//! `cli` (default) builds the `polyx` program, `png` (default) PNG output, `serve`
//! (default) the program's web page. With `default-features = false` the library
//! compiles none of clap, anyhow, indicatif, ctrlc, image, axum and tokio. The program's
//! code is private to the crate; `docs/ARCHITECTURE.md` describes it.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod apps;
pub(crate) mod bitboard;
#[cfg(feature = "cli")]
mod cli;
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
pub(crate) mod serve;
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
/// The `polyx` program: `src/main.rs` calls this and nothing else should. The command
/// line lives in the library, private, because it and the web page (`serve`) use the
/// crate's internals (the layouts of pictures, atomic output files, input size limits,
/// the progress display's state); moving it into the binary would make those public API.
/// Hidden from the documentation: it is no part of the library's interface.
#[cfg(feature = "cli")]
#[doc(hidden)]
pub fn cli_main() -> std::process::ExitCode {
    cli::main()
}

pub use transfer::{
    count as count_by_transfer, recurrence, strip_counts, CountStopped, Recurrence, StripError,
};

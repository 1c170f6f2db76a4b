//! polyx: polyomino puzzles solved as exact cover.
//!
//! A *piece set* is a list of polyominoes; a *board* is a set of cells to fill. Each
//! *orientation* of a piece (a rotation or reflection of it) at each offset where it fits
//! is a *placement*. Tiling the board is then an exact-cover problem: one *item* per
//! piece and per open cell, one *option* per placement, and a solution is a set of
//! options covering every item once. [`cover`] holds the generic engine (Knuth's Dancing
//! Links, Algorithm X), usable on its own.
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

pub mod apps;
pub mod bitboard;
pub mod cover;
pub mod error;
pub mod geom;
pub mod input;
pub mod model;
pub mod render;
pub mod run;
pub mod solve;

pub use error::{Error, InputError, Location, Result};

//! The puzzle domain: piece sets and boards as the user writes them (TOML, SPEC §1–2),
//! validated into [`PieceSet`] and [`Board`]; the built-in library; the translation of a
//! board and a piece set into an exact-cover problem ([`puzzle`]); the board's symmetry
//! group ([`symmetry`]); and solutions as sets of placements ([`Tiling`]).

pub mod board;
pub mod piece;
pub mod puzzle;
pub mod symmetry;
pub mod tiling;

pub use board::{Board, Origin, Square};
pub use piece::{Piece, PieceSet};
pub use puzzle::Puzzle;
pub use tiling::{Placement, Tiling};

//! The puzzle domain: piece sets and boards as the user writes them (TOML, SPEC §1–2),
//! validated into [`PieceSet`] and [`Board`]; the built-in library; the translation of a
//! board and a piece set into an exact-cover problem ([`puzzle`]); and solutions as sets
//! of placements ([`Tiling`]). The board's symmetries are [`crate::symmetry`]'s.

pub mod board;
mod board_spec;
pub mod flat;
mod layers;
pub mod library;
mod picture;
pub mod piece;
pub mod puzzle;
pub mod refute;
#[cfg(test)]
pub(crate) mod samples;
mod segments;
pub mod spec;
mod suggest;
pub mod tiling;
mod toml_input;
mod verify;

pub use board::{Board, Origin, Square};
pub use library::{load_board, load_piece_set, load_puzzle, pieces_for};
pub use piece::{Piece, PieceSet};
pub use puzzle::Puzzle;
pub use segments::board_keys as segment_board_keys;
pub use spec::{parse_board, parse_piece_set};
pub use tiling::{Placement, Tiling};
pub use verify::TilingError;

//! A solution as the user sees it: which copy of which piece covers which cells.
//! Renderers take a board, its piece set and tilings, and never see the engine.

use super::Board;
use crate::geom::Cell;

/// One piece on the board.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Placement {
    /// Index into the piece set.
    pub piece: usize,
    /// The board cells it covers, sorted.
    pub cells: Vec<Cell>,
    /// Pre-placed by the puzzle rather than found by the search.
    pub fixed: bool,
}

/// A solution: the placements, pre-placed pieces included.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tiling {
    /// The placements, pre-placed pieces first.
    pub placements: Vec<Placement>,
}

impl Tiling {
    /// The placement covering `c`, if any.
    pub fn at(&self, c: Cell) -> Option<&Placement> {
        self.placements
            .iter()
            .find(|p| p.cells.binary_search(&c).is_ok())
    }

    /// For each position of `board`'s frame (in [`Board::index`] order), the index of
    /// the placement covering it.
    pub fn owners(&self, board: &Board) -> Vec<Option<usize>> {
        let mut out = vec![None; board.frame_len()];
        for (k, p) in self.placements.iter().enumerate() {
            for &c in &p.cells {
                if let Some(i) = board.index(c) {
                    out[i] = Some(k);
                }
            }
        }
        out
    }
}

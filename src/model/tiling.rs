//! A solution as the user sees it: which copy of which piece covers which cells.
//! Renderers take a board, its piece set and tilings, and never see the engine.

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

    /// For each cell of a `width × height` frame (row by row), the index of the placement
    /// covering it.
    pub fn owners(&self, width: i32, height: i32) -> Vec<Option<usize>> {
        let mut out = vec![None; (width.max(0) * height.max(0)) as usize];
        for (k, p) in self.placements.iter().enumerate() {
            for c in &p.cells {
                if c.x >= 0 && c.y >= 0 && c.x < width && c.y < height {
                    out[(c.y * width + c.x) as usize] = Some(k);
                }
            }
        }
        out
    }
}

//! A tiling checked against its puzzle without trusting the engine (the board-level
//! counterpart of [`crate::cover::verify`]): every cell covered at most once and only
//! where the board allows, every open cell covered when the board asks for it, and each
//! piece used no more than its copies (exactly its copies when every piece is required).

use crate::geom::Cell;
use crate::model::{Puzzle, Square, Tiling};

/// Why a tiling is not a solution of its puzzle.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TilingError {
    /// Two placements cover one cell.
    #[error("cell {0:?} is covered twice")]
    CoveredTwice(Cell),
    /// A placement covers a cell that is blocked or outside the board.
    #[error("cell {0:?} is not open")]
    NotOpen(Cell),
    /// An open cell is left uncovered on a board that needs every cell covered.
    #[error("open cell {0:?} is not covered")]
    Uncovered(Cell),
    /// A piece is used more often than it has copies, or (when every piece is
    /// required) less often.
    #[error("piece `{piece}` is used {used} times of {count}")]
    Copies {
        /// The piece's name.
        piece: String,
        /// How often the tiling uses it.
        used: u32,
        /// Its copies in the set.
        count: u32,
    },
}

impl Puzzle {
    /// Checks that `tiling` solves this puzzle, from the board and the piece set alone.
    pub fn verify(&self, tiling: &Tiling) -> Result<(), TilingError> {
        let board = &self.board;
        let mut seen = std::collections::HashSet::new();
        let mut used = vec![0u32; self.set.pieces.len()];
        for p in &tiling.placements {
            used[p.piece] += 1;
            for &c in &p.cells {
                if !seen.insert(c) {
                    return Err(TilingError::CoveredTwice(c));
                }
                if !matches!(board.square(c), Square::Open | Square::Preplaced(_)) {
                    return Err(TilingError::NotOpen(c));
                }
            }
        }
        if board.cover_all_cells {
            if let Some(c) = board.open_cells().find(|c| !seen.contains(c)) {
                return Err(TilingError::Uncovered(c));
            }
        }
        for (piece, &used) in self.set.pieces.iter().zip(&used) {
            let wrong = used > piece.count || (board.use_all_pieces && used < piece.min);
            if wrong {
                let (piece, count) = (piece.name.clone(), piece.count);
                return Err(TilingError::Copies { piece, used, count });
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::samples::domino_rectangle;
    use crate::model::Placement;

    fn domino(cells: [(i32, i32); 2]) -> Placement {
        let cells = cells.iter().map(|&(x, y)| Cell::new(x, y)).collect();
        Placement {
            piece: 0,
            cells,
            fixed: false,
        }
    }

    fn tiling(placements: Vec<Placement>) -> Tiling {
        Tiling { placements }
    }

    #[test]
    fn a_tiling_passes_and_each_fault_is_named() {
        // Two dominoes (one piece with 2 copies) on the 2x2 square.
        let p = domino_rectangle(2, 2);
        let top = domino([(0, 0), (1, 0)]);
        let bottom = domino([(0, 1), (1, 1)]);
        assert_eq!(p.verify(&tiling(vec![top.clone(), bottom.clone()])), Ok(()));
        let twice = tiling(vec![top.clone(), top.clone()]);
        assert_eq!(
            p.verify(&twice),
            Err(TilingError::CoveredTwice(Cell::new(0, 0)))
        );
        let outside = tiling(vec![top.clone(), domino([(0, 2), (1, 2)])]);
        assert_eq!(
            p.verify(&outside),
            Err(TilingError::NotOpen(Cell::new(0, 2)))
        );
        let half = tiling(vec![top.clone()]);
        assert_eq!(
            p.verify(&half),
            Err(TilingError::Uncovered(Cell::new(0, 1)))
        );
        let mut three = p.clone();
        three.board = crate::model::Board::rectangle("2x3", 2, 3);
        let left = tiling(vec![top, bottom, domino([(0, 2), (1, 2)])]);
        assert!(matches!(
            three.verify(&left),
            Err(TilingError::Copies { used: 3, .. })
        ));
    }
}

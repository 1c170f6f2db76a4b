//! The image of every placement under a symmetry of the puzzle, found by arithmetic:
//! a placement is an orientation `s` of its piece at an offset `d`, and a transform `t`
//! maps it to `t(s) + t(d)`, which is the orientation `s'` (the normalized `t(s)`) of the
//! image piece at the offset `t(d) + m`, `m` being what normalizing took off. So each
//! image is one look-up in a grid of offsets per orientation, with no hashing and no
//! comparison of cells.

use crate::geom::{Cell, Shape, Transform};

use super::symmetry::Symmetry;
use super::Puzzle;

/// Every placement as an orientation of its piece at an offset, and the placements by
/// piece, orientation and offset: the image of a placement under a symmetry is then an
/// orientation of the image piece at a computed offset, found without comparing cells.
pub(super) struct PlacementIndex {
    /// Per piece: its orientations, as [`Puzzle::new`] places them (none for a piece
    /// without copies left).
    orientations: Vec<Vec<Shape>>,
    /// Per piece: the number of its first orientation among all pieces' orientations.
    first: Vec<usize>,
    width: i32,
    height: i32,
    /// Per orientation (numbered across pieces), a `width × height` grid of offsets,
    /// row by row: the placement there, or `u32::MAX`.
    grid: Vec<u32>,
    /// Per placement: its orientation's number among its piece's and its offset.
    at: Vec<(usize, Cell)>,
}

impl PlacementIndex {
    pub(super) fn new(puzzle: &Puzzle) -> PlacementIndex {
        let orientations: Vec<Vec<Shape>> = (puzzle.set.pieces.iter())
            .zip(&puzzle.remaining)
            .map(|(p, &r)| match r {
                0 => Vec::new(),
                _ => p.orientations().into_iter().map(|(s, _)| s).collect(),
            })
            .collect();
        let mut first = Vec::with_capacity(orientations.len());
        let mut total = 0;
        for o in &orientations {
            first.push(total);
            total += o.len();
        }
        let (width, height) = (puzzle.board.width.max(0), puzzle.board.height.max(0));
        let area = (width * height) as usize;
        let mut grid = vec![u32::MAX; total * area];
        let mut at = Vec::with_capacity(puzzle.placements.len());
        let mut last = 0;
        for (k, p) in puzzle.placements.iter().enumerate() {
            let shapes = &orientations[p.piece];
            // Placements come orientation by orientation: try the last one first.
            let offset = |o: usize| -> Option<Cell> {
                let s = shapes[o].cells();
                let d = Cell::new(p.cells[0].x - s[0].x, p.cells[0].y - s[0].y);
                let fits = s.len() == p.cells.len()
                    && (s.iter().zip(&p.cells)).all(|(a, b)| a.x + d.x == b.x && a.y + d.y == b.y);
                fits.then_some(d)
            };
            let (o, d) = std::iter::once(last)
                .chain(0..shapes.len())
                .filter(|&o| o < shapes.len())
                .find_map(|o| offset(o).map(|d| (o, d)))
                .expect("every placement is an orientation of its piece");
            last = o;
            grid[(first[p.piece] + o) * area + (d.y * width + d.x) as usize] = k as u32;
            at.push((o, d));
        }
        PlacementIndex {
            orientations,
            first,
            width,
            height,
            grid,
            at,
        }
    }

    /// `images[k]`: the placement that placement `k` becomes under `g`.
    pub(super) fn images(&self, puzzle: &Puzzle, g: &Symmetry) -> Vec<u32> {
        let t = g.transform;
        if t == Transform::IDENTITY {
            // Its shift is zero and it fixes every piece.
            return (0..puzzle.placements.len() as u32).collect();
        }
        // Per piece and orientation: the image's grid and the shift of the normalized
        // image of the orientation, so that `t(s + d) = s' + t(d) + m`.
        let moves: Vec<Vec<(usize, Cell)>> = (self.orientations.iter().enumerate())
            .map(|(p, shapes)| {
                let q = g.pieces[p];
                shapes
                    .iter()
                    .map(|s| {
                        let image = s.transformed(t);
                        let o = self.orientations[q]
                            .iter()
                            .position(|s| *s == image)
                            .expect("a symmetry maps orientations to orientations");
                        let raw = s.cells().iter().map(|&c| t.apply(c));
                        let m = Cell::new(
                            raw.clone().map(|c| c.x).min().unwrap_or(0),
                            raw.map(|c| c.y).min().unwrap_or(0),
                        );
                        (self.first[q] + o, m)
                    })
                    .collect()
            })
            .collect();
        let area = (self.width * self.height) as usize;
        (puzzle.placements.iter().zip(&self.at))
            .map(|(p, &(o, d))| {
                let (grid, m) = moves[p.piece][o];
                let td = t.apply(d);
                let d = Cell::new(td.x + m.x + g.shift.x, td.y + m.y + g.shift.y);
                assert!(
                    (0..self.width).contains(&d.x) && (0..self.height).contains(&d.y),
                    "a symmetry maps placements onto the board"
                );
                let k = self.grid[grid * area + (d.y * self.width + d.x) as usize];
                assert!(k != u32::MAX, "a symmetry maps placements to placements");
                k
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use crate::geom::Cell;
    use crate::model::symmetry::Group;
    use crate::model::{library, Board, Puzzle, Square};

    /// Every image found by the grid is the placement with the mapped cells.
    fn check(puzzle: &Puzzle) -> usize {
        let index: HashMap<(usize, Vec<Cell>), usize> = (puzzle.placements.iter().enumerate())
            .map(|(k, p)| ((p.piece, p.cells.clone()), k))
            .collect();
        let group = Group::of(puzzle);
        for (g, images) in group.elements.iter().zip(&group.images) {
            assert_eq!(images.len(), puzzle.placements.len());
            for (p, &image) in puzzle.placements.iter().zip(images) {
                let mut cells: Vec<Cell> = p.cells.iter().map(|&c| g.map(c)).collect();
                cells.sort();
                assert_eq!(index[&(g.pieces[p.piece], cells)], image as usize);
            }
        }
        group.order()
    }

    #[test]
    fn images_of_the_shipped_puzzles_are_the_mapped_placements() {
        for (name, _) in library::boards() {
            let (board, set) = library::load_puzzle(name, None).unwrap();
            check(&Puzzle::new(board, set).unwrap());
        }
    }

    #[test]
    fn images_under_reflections_that_swap_one_sided_pieces() {
        // One-sided pieces on a square, with pieces to spare: all 8 symmetries, the
        // reflections mapping each chiral piece to its twin.
        for (pieces, side) in [("one-sided-tetrominoes", 5), ("one-sided-pentominoes", 7)] {
            let mut board = Board::rectangle("square", side, side);
            board.use_all_pieces = false;
            let set = library::load_piece_set(pieces, None).unwrap();
            assert_eq!(check(&Puzzle::new(board, set).unwrap()), 8);
        }
    }

    #[test]
    fn images_on_a_board_with_holes_and_a_shifted_frame() {
        // A frame whose bounding box does not start at the origin after transforming,
        // and blocked cells that leave only the half-turn.
        let mut squares = vec![Square::Open; 6 * 5];
        squares[0] = Square::Outside;
        squares[6 * 5 - 1] = Square::Outside;
        squares[8] = Square::Blocked;
        squares[6 * 5 - 9] = Square::Blocked;
        let mut board = Board::new("odd", 6, 5, squares);
        board.use_all_pieces = false;
        let set = library::load_piece_set("pentominoes", None).unwrap();
        assert_eq!(check(&Puzzle::new(board, set).unwrap()), 2);
    }
}

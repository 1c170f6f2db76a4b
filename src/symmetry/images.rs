//! The image of every placement under a symmetry of the puzzle, found by arithmetic:
//! a placement is an orientation `s` of its piece at an offset `d`, and a transform `t`
//! maps it to `t(s) + t(d)`, which is the orientation `s'` (the normalized `t(s)`) of the
//! image piece at the offset `t(d) + m`, `m` being what normalizing took off. So each
//! image is one look-up in a grid of offsets per orientation, with no hashing and no
//! comparison of cells. The lattice's law `t(s + d) = t(s) + t(d) − t(0)` (for a shape
//! in normal form) makes the offset `t(d) − t(0) + m`.

use crate::geom::{Cell, Lattice, Shape};
use crate::model::Puzzle;

/// Every placement as an orientation of its piece at an offset, and the placements by
/// piece, orientation and offset: the image of a placement under a symmetry is then an
/// orientation of the image piece at a computed offset, found without comparing cells.
pub(super) struct PlacementIndex {
    /// Every orientation of every piece with copies left, piece by piece, as
    /// [`Puzzle::new`] places them; "slots" number them.
    shapes: Vec<Shape>,
    /// Per piece: its first slot (and the next piece's first ends its slots).
    first: Vec<usize>,
    /// The columns of the grid of offsets: the board's, and `left` more on the left,
    /// since a normal form's smallest column may be above 0 (1 where shifts keep a
    /// parity, up to 5 on the hexagonal grid of segments) and its offset then below 0.
    width: i32,
    left: i32,
    height: i32,
    depth: i32,
    /// Per slot, a `width × height × depth` grid of offsets, layer by layer, row by row,
    /// column −left first: the placement of that orientation at that offset, or `u32::MAX`.
    grid: Vec<u32>,
    /// Per placement: its slot and its offset.
    at: Vec<(usize, Cell)>,
}

impl PlacementIndex {
    pub(super) fn new(puzzle: &Puzzle) -> PlacementIndex {
        let lattice = puzzle.board.lattice();
        let mut shapes = Vec::new();
        let mut first = Vec::with_capacity(puzzle.set.pieces.len() + 1);
        for (p, &r) in puzzle.set.pieces.iter().zip(&puzzle.remaining) {
            first.push(shapes.len());
            if r > 0 {
                shapes.extend(p.orientations(lattice).into_iter().map(|(s, _)| s));
            }
        }
        first.push(shapes.len());
        let board = &puzzle.board;
        let left = (shapes.iter())
            .filter_map(|s| s.cells().iter().map(|c| c.x).min())
            .max()
            .unwrap_or(0)
            .max(1);
        let (width, height) = (board.width.max(0) + left, board.height.max(0));
        let depth = board.depth.max(0);
        let area = (width * height * depth) as usize;
        let mut grid = vec![u32::MAX; shapes.len() * area];
        let mut at = Vec::with_capacity(puzzle.placements.len());
        let mut last = 0;
        for (k, p) in puzzle.placements.iter().enumerate() {
            let slots = first[p.piece]..first[p.piece + 1];
            // The offset of `p` if it is the orientation in `slot`.
            let offset = |slot: usize| -> Option<Cell> {
                let s = shapes[slot].cells();
                let d = p.cells[0] - s[0];
                let fits = lattice.is_translation(d)
                    && s.len() == p.cells.len()
                    && (s.iter().zip(&p.cells)).all(|(&a, &b)| a + d == b);
                fits.then_some(d)
            };
            // Placements come orientation by orientation: try the last one first.
            let (slot, d) = std::iter::once(last)
                .filter(|slot| slots.contains(slot))
                .chain(slots.clone())
                .find_map(|slot| offset(slot).map(|d| (slot, d)))
                .expect("every placement is an orientation of its piece");
            last = slot;
            grid[slot * area + ((d.z * height + d.y) * width + d.x + left) as usize] = k as u32;
            at.push((slot, d));
        }
        PlacementIndex {
            shapes,
            first,
            width,
            left,
            height,
            depth,
            grid,
            at,
        }
    }

    /// `images[k]`: the placement that placement `k` becomes under the symmetry that
    /// transforms cells by `t` (of `lattice`), then adds `shift`, and maps piece `p` to
    /// `pieces[p]`.
    pub(super) fn images(
        &self,
        lattice: &dyn Lattice,
        t: usize,
        shift: Cell,
        pieces: &[usize],
    ) -> Vec<u32> {
        if t == 0 {
            // Its shift is zero and it fixes every piece.
            return (0..self.at.len() as u32).collect();
        }
        let area = (self.width * self.height * self.depth) as usize;
        // Per slot: where the image's slot's grid starts, and the shift `m` of the
        // normalized image of the orientation, so that `t(s) = s' + m`.
        let mut moves = Vec::with_capacity(self.shapes.len());
        for (p, slots) in self.first.windows(2).enumerate() {
            let q = pieces[p];
            for s in &self.shapes[slots[0]..slots[1]] {
                let image = lattice.shape_image(t, s);
                let o = self.shapes[self.first[q]..self.first[q + 1]]
                    .iter()
                    .position(|s| *s == image)
                    .expect("a symmetry maps orientations to orientations");
                let raw: Vec<Cell> = s.cells().iter().map(|&c| lattice.apply(t, c)).collect();
                let m = lattice.normal_shift(&raw);
                moves.push(((self.first[q] + o) * area, m));
            }
        }
        let t0 = lattice.apply(t, Cell::new(0, 0));
        let (width, height, depth) = (self.width, self.height, self.depth);
        self.at
            .iter()
            .map(|&(slot, d)| {
                let (grid, m) = moves[slot];
                let e = lattice.apply(t, d) - t0 + m + shift;
                let (x, y, z) = (e.x + self.left, e.y, e.z);
                assert!(
                    (0..width).contains(&x) && (0..height).contains(&y) && (0..depth).contains(&z),
                    "a symmetry maps placements onto the board"
                );
                let k = self.grid[grid + ((z * height + y) * width + x) as usize];
                assert!(k != u32::MAX, "a symmetry maps placements to placements");
                k
            })
            .collect()
    }
}

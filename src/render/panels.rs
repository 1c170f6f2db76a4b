//! Where each layer's panel goes when the grids of space are drawn: a [`Panels`] lattice
//! that moves the square of a cell of layer z right by z panels, so that everything
//! drawn from cells' polygons, outlines included, lands in its layer's panel. On the
//! plane grids it is the board's lattice itself.

use crate::geom::{Cell, Lattice, Neighbours, Point};
use crate::model::Board;

/// Space between two layers' panels, in cells.
pub const PANEL_GAP: f64 = 1.0;

/// A board's lattice as drawn: on the grids of space each layer in its own panel, the
/// panels side by side, bottom layer first. On the plane grids it is the lattice itself.
#[derive(Copy, Clone, Debug)]
pub struct Panels {
    inner: &'static dyn Lattice,
    /// How far right, in cells, each layer's panel is from the one below.
    pitch: f64,
}

impl Panels {
    pub fn of(board: &Board) -> Panels {
        let pitch = if board.grid.is_3d() {
            f64::from(board.width) + PANEL_GAP
        } else {
            0.0
        };
        Panels {
            inner: board.lattice(),
            pitch,
        }
    }

    /// The left edge of layer `z`'s panel, in cells.
    pub fn left(&self, z: i32) -> f64 {
        f64::from(z) * self.pitch
    }
}

impl Lattice for Panels {
    fn neighbours(&self, c: Cell) -> Neighbours {
        self.inner.neighbours(c)
    }
    fn dimension(&self) -> usize {
        self.inner.dimension()
    }
    fn class(&self, c: Cell) -> u8 {
        self.inner.class(c)
    }
    fn is_translation(&self, d: Cell) -> bool {
        self.inner.is_translation(d)
    }
    fn normal_shift(&self, cells: &[Cell]) -> Cell {
        self.inner.normal_shift(cells)
    }
    fn parallelogram(&self, width: i32, height: i32) -> Vec<Cell> {
        self.inner.parallelogram(width, height)
    }
    fn order(&self) -> usize {
        self.inner.order()
    }
    fn apply(&self, t: usize, c: Cell) -> Cell {
        self.inner.apply(t, c)
    }
    fn is_rotation(&self, t: usize) -> bool {
        self.inner.is_rotation(t)
    }
    fn name(&self, t: usize) -> String {
        self.inner.name(t)
    }
    fn probes(&self) -> Vec<Cell> {
        self.inner.probes()
    }

    /// The cell's polygon in its layer's picture, moved into its layer's panel.
    fn polygon(&self, c: Cell) -> Vec<Point> {
        let mut corners = self.inner.polygon(c);
        if c.z != 0 {
            let dx = self.left(c.z);
            for p in &mut corners {
                p.0 += dx;
            }
        }
        corners
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::fixtures;

    #[test]
    fn panels_stand_side_by_side() {
        let (board, _, _) = fixtures::cubes();
        let panels = Panels::of(&board);
        assert_eq!(panels.polygon(Cell::at(0, 0, 1))[0], (4.0, 0.0));
        assert_eq!(panels.polygon(Cell::at(2, 1, 0))[2], (3.0, 2.0));
        let square = Board::rectangle("r", 3, 2);
        assert_eq!(Panels::of(&square).polygon(Cell::new(1, 1))[0], (1.0, 1.0));
    }
}

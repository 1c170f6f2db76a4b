//! The cube grid: polycubes. A cell is the cube at column x, row y of layer z (layers
//! bottom first, each drawn as a square-grid picture); it has six face neighbours, every
//! shift is a translation, and the group is the cube's 48 symmetries ([`super::octahedral`])
//! acting on (x, y, z) about the origin, the 24 rotations first.

use super::lattice::{Lattice, Neighbours, Point};
use super::octahedral;
use super::Cell;

/// The cube grid.
#[derive(Debug)]
pub struct CubeLattice;

/// The cube grid's lattice.
pub static CUBE: CubeLattice = CubeLattice;

/// The smallest column, row and layer of `cells`: the shift to the normal form of the
/// grids of space, where every shift is a translation.
pub(super) fn corner(cells: &[Cell]) -> Cell {
    let min = |f: fn(&Cell) -> i32| cells.iter().map(f).min().unwrap_or(0);
    Cell::at(min(|c| c.x), min(|c| c.y), min(|c| c.z))
}

/// Cells whose images tell the elements of the cubic group apart.
pub(super) fn axis_probes() -> Vec<Cell> {
    vec![
        Cell::at(0, 0, 0),
        Cell::at(1, 0, 0),
        Cell::at(0, 1, 0),
        Cell::at(0, 0, 1),
    ]
}

/// The unit square of `c` in the picture of its layer.
pub(super) fn square(c: Cell) -> Vec<Point> {
    let (x, y) = (f64::from(c.x), f64::from(c.y));
    vec![(x, y), (x + 1.0, y), (x + 1.0, y + 1.0), (x, y + 1.0)]
}

impl Lattice for CubeLattice {
    fn neighbours(&self, c: Cell) -> Neighbours {
        Neighbours::of(&[
            Cell::at(c.x + 1, c.y, c.z),
            Cell::at(c.x - 1, c.y, c.z),
            Cell::at(c.x, c.y + 1, c.z),
            Cell::at(c.x, c.y - 1, c.z),
            Cell::at(c.x, c.y, c.z + 1),
            Cell::at(c.x, c.y, c.z - 1),
        ])
    }

    fn dimension(&self) -> usize {
        3
    }

    fn class(&self, _: Cell) -> u8 {
        0
    }

    fn is_translation(&self, _: Cell) -> bool {
        true
    }

    fn normal_shift(&self, cells: &[Cell]) -> Cell {
        corner(cells)
    }

    fn parallelogram(&self, width: i32, height: i32) -> Vec<Cell> {
        (0..height)
            .flat_map(|y| (0..width).map(move |x| Cell::new(x, y)))
            .collect()
    }

    fn order(&self) -> usize {
        octahedral::ORDER
    }

    fn apply(&self, t: usize, c: Cell) -> Cell {
        let [x, y, z] = octahedral::apply(t, [c.x, c.y, c.z]);
        Cell::at(x, y, z)
    }

    fn is_rotation(&self, t: usize) -> bool {
        octahedral::is_rotation(t)
    }

    fn name(&self, t: usize) -> String {
        octahedral::name(t)
    }

    fn polygon(&self, c: Cell) -> Vec<Point> {
        square(c)
    }

    fn probes(&self) -> Vec<Cell> {
        axis_probes()
    }
}

//! What the grids of space share ([`SpaceLattice`]): cells in layers, every integer shift
//! a translation, the normal form with the smallest column, row and layer 0, the 48
//! symmetries of the cube ([`super::octahedral`]) acting on coordinates that a linear
//! map takes each cell to, and a cell drawn as its square in the picture of its layer.
//! The cube grid ([`super::cube`]) and the sphere grid ([`super::sphere`]) differ only
//! in their neighbours and that map.

use super::lattice::{Lattice, Neighbours, Point};
use super::octahedral;
use super::Cell;

/// A grid of space: its neighbour steps and the linear map to where its group acts.
#[derive(Debug)]
pub struct SpaceLattice {
    /// The steps from a cell to its neighbours, those within its layer first.
    pub(super) steps: &'static [Cell],
    /// A cell's coordinates where the cubic group acts.
    pub(super) to_group: fn(Cell) -> [i32; 3],
    /// The cell at coordinates where the cubic group acts.
    pub(super) from_group: fn([i32; 3]) -> Cell,
}

impl Lattice for SpaceLattice {
    fn neighbours(&self, c: Cell) -> Neighbours {
        let mut list = [c; 12];
        for (n, &step) in list.iter_mut().zip(self.steps) {
            *n = c + step;
        }
        Neighbours::of(&list[..self.steps.len()])
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
        let min = |f: fn(&Cell) -> i32| cells.iter().map(f).min().unwrap_or(0);
        Cell::at(min(|c| c.x), min(|c| c.y), min(|c| c.z))
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
        (self.from_group)(octahedral::apply(t, (self.to_group)(c)))
    }

    fn is_rotation(&self, t: usize) -> bool {
        octahedral::is_rotation(t)
    }

    fn name(&self, t: usize) -> String {
        octahedral::name(t)
    }

    fn polygon(&self, c: Cell) -> Vec<Point> {
        let (x, y) = (f64::from(c.x), f64::from(c.y));
        vec![(x, y), (x + 1.0, y), (x + 1.0, y + 1.0), (x, y + 1.0)]
    }

    fn probes(&self) -> Vec<Cell> {
        vec![
            Cell::at(0, 0, 0),
            Cell::at(1, 0, 0),
            Cell::at(0, 1, 0),
            Cell::at(0, 0, 1),
        ]
    }
}

//! The square grid: four neighbours, every shift a translation, and the 8 symmetries of
//! the square (the dihedral group D4), rotations first.

use std::fmt;

use super::lattice::{Lattice, Neighbours, Point};
use super::Cell;

/// The square grid.
#[derive(Debug)]
pub struct SquareLattice;

/// The square grid's lattice.
pub static SQUARE: SquareLattice = SquareLattice;

/// One of the 8 symmetries of the square grid, about the origin: first transpose (if
/// `swap`), then negate x and/or y. Rotations are the ones with an even number of flags.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Transform(u8);

impl Transform {
    const SWAP: u8 = 4;
    const NEG_X: u8 = 1;
    const NEG_Y: u8 = 2;

    /// All 8, the identity first, then the other rotations, then the reflections.
    pub const ALL: [Transform; 8] = [
        Transform(0),
        Transform(Self::SWAP | Self::NEG_X),
        Transform(Self::NEG_X | Self::NEG_Y),
        Transform(Self::SWAP | Self::NEG_Y),
        Transform(Self::NEG_X),
        Transform(Self::NEG_Y),
        Transform(Self::SWAP),
        Transform(Self::SWAP | Self::NEG_X | Self::NEG_Y),
    ];

    pub fn is_rotation(self) -> bool {
        self.0.count_ones() % 2 == 0
    }

    /// Whether this transform exchanges the axes (so a w×h box becomes h×w).
    pub fn swaps_axes(self) -> bool {
        self.0 & Self::SWAP != 0
    }

    pub fn apply(self, c: Cell) -> Cell {
        let (mut x, mut y) = if self.swaps_axes() {
            (c.y, c.x)
        } else {
            (c.x, c.y)
        };
        if self.0 & Self::NEG_X != 0 {
            x = -x;
        }
        if self.0 & Self::NEG_Y != 0 {
            y = -y;
        }
        Cell::new(x, y)
    }

    /// A short name: `id`, `r90`, `r180`, `r270`, `mx`, `my`, `md`, `ma`.
    pub fn name(self) -> &'static str {
        const NAMES: [&str; 8] = ["id", "r90", "r180", "r270", "mx", "my", "md", "ma"];
        let k = Self::ALL.iter().position(|&t| t == self).unwrap_or(0);
        NAMES[k]
    }
}

impl fmt::Display for Transform {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Lattice for SquareLattice {
    fn neighbours(&self, c: Cell) -> Neighbours {
        Neighbours::of(&[
            Cell::new(c.x + 1, c.y),
            Cell::new(c.x - 1, c.y),
            Cell::new(c.x, c.y + 1),
            Cell::new(c.x, c.y - 1),
        ])
    }

    fn class(&self, _: Cell) -> u8 {
        0
    }

    fn is_translation(&self, _: Cell) -> bool {
        true
    }

    fn normal_shift(&self, cells: &[Cell]) -> Cell {
        Cell::new(
            cells.iter().map(|c| c.x).min().unwrap_or(0),
            cells.iter().map(|c| c.y).min().unwrap_or(0),
        )
    }

    fn parallelogram(&self, width: i32, height: i32) -> Vec<Cell> {
        (0..height)
            .flat_map(|y| (0..width).map(move |x| Cell::new(x, y)))
            .collect()
    }

    fn order(&self) -> usize {
        Transform::ALL.len()
    }

    fn apply(&self, t: usize, c: Cell) -> Cell {
        Transform::ALL[t].apply(c)
    }

    fn is_rotation(&self, t: usize) -> bool {
        Transform::ALL[t].is_rotation()
    }

    fn name(&self, t: usize) -> String {
        Transform::ALL[t].name().to_string()
    }

    fn polygon(&self, c: Cell) -> Vec<Point> {
        let (x, y) = (f64::from(c.x), f64::from(c.y));
        vec![(x, y), (x + 1.0, y), (x + 1.0, y + 1.0), (x, y + 1.0)]
    }
}

//! [`Grid`]: the name of each grid a file can ask for, and its lattice.

use super::cube::CUBE;
use super::hex::HEX;
use super::lattice::Lattice;
use super::segment_grid::{STICKS, TRIGS, TWIGS};
use super::sphere::SPHERE;
use super::square::SQUARE;
use super::triangle::TRIANGLE;

/// The grids polyx knows, as the `grid` key of a file names them.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Grid {
    /// Squares: polyominoes.
    #[default]
    Square,
    /// Hexagons in doubled-width pictures: polyhexes.
    Hex,
    /// Triangles, one character each: polyiamonds.
    Triangle,
    /// Cubes in layers of square pictures: polycubes.
    Cube,
    /// Balls packed in square layers, each in the hollows of the one below.
    Sphere,
    /// The edges of the square grid: polysticks.
    Sticks,
    /// The edges of the triangular grid: polytrigs.
    Trigs,
    /// The edges of the hexagonal grid: polytwigs.
    Twigs,
}

impl Grid {
    /// Every grid, in the order of their names.
    pub const ALL: [Grid; 8] = [
        Grid::Square,
        Grid::Hex,
        Grid::Triangle,
        Grid::Cube,
        Grid::Sphere,
        Grid::Sticks,
        Grid::Trigs,
        Grid::Twigs,
    ];

    /// The name a file writes: `square`, `hex`, `triangle`, `cube`, `sphere`, `sticks`,
    /// `trigs`, `twigs`.
    pub fn name(self) -> &'static str {
        match self {
            Grid::Square => "square",
            Grid::Hex => "hex",
            Grid::Triangle => "triangle",
            Grid::Cube => "cube",
            Grid::Sphere => "sphere",
            Grid::Sticks => "sticks",
            Grid::Trigs => "trigs",
            Grid::Twigs => "twigs",
        }
    }

    /// The grid of this name.
    pub fn from_name(name: &str) -> Option<Grid> {
        Grid::ALL.into_iter().find(|g| g.name() == name)
    }

    /// Its lattice.
    pub fn lattice(self) -> &'static dyn Lattice {
        match self {
            Grid::Square => &SQUARE,
            Grid::Hex => &HEX,
            Grid::Triangle => &TRIANGLE,
            Grid::Cube => &CUBE,
            Grid::Sphere => &SPHERE,
            Grid::Sticks => &STICKS,
            Grid::Trigs => &TRIGS,
            Grid::Twigs => &TWIGS,
        }
    }

    /// Whether its cells have layers (the grids of space).
    pub fn is_3d(self) -> bool {
        matches!(self, Grid::Cube | Grid::Sphere)
    }

    /// Whether its cells are segments (sticks, trigs, twigs: SPEC §9).
    pub fn is_segments(self) -> bool {
        matches!(self, Grid::Sticks | Grid::Trigs | Grid::Twigs)
    }
}

//! Property tests on the grids of space: random small boxes (cube grid), pyramids and
//! layered shapes (sphere grid), with blocked and outside cells, copies, pre-placed
//! pieces, one-sided and mirror pieces, counted by `Solver` in both symmetry modes on
//! every engine that takes them, against an oracle that shares nothing with polyx but
//! the picture coordinates of cells. The oracle builds the cube's 48 symmetries itself
//! (every signed permutation matrix, the rotations being those of determinant +1,
//! computed here) and moves balls through face-centred cubic coordinates of its own; from
//! these [`super::oracle`] lists placements, tiles by plain backtracking, and finds the
//! board's symmetries and the orbits of tilings: `reduce` must be the number of orbits under the
//! symmetries that map the board (open, blocked and pre-placed cells) and the piece set
//! onto themselves.
//!
//! Pieces are built in code with `mirror` as given (the loader is what lets flat ball
//! pieces turn over, by setting it). A tiling is a set of (piece index, cells), so
//! identical copies are never told apart.
//! The number of cases is `PROPTEST_CASES`, or 48 per grid.

use super::oracle::{self, Budget, Choices, Layout, Moves};
use crate::geom::{Cell, Grid};
use crate::model::Board;
use proptest::prelude::*;

/// More tilings than 3000, or nodes than 2,000,000, and the case is skipped.
const BUDGET: Budget = Budget {
    tilings: 3000,
    nodes: 2_000_000,
};

// ---------------------------------------------------------------------------------------
// The oracle's geometry: 3 × 3 matrices acting on points of space

type Matrix = [[i32; 3]; 3];

fn determinant(m: &Matrix) -> i32 {
    m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
        - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
        + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
}

/// The 48 signed permutation matrices: the 24 of determinant +1 (rotations) first.
fn matrices() -> Vec<Matrix> {
    let mut all = Vec::new();
    for p in [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ] {
        for signs in 0..8 {
            let mut m = [[0; 3]; 3];
            for (row, (line, &column)) in m.iter_mut().zip(&p).enumerate() {
                line[column] = if signs & (1 << row) != 0 { -1 } else { 1 };
            }
            all.push(m);
        }
    }
    all.sort_by_key(|m| -determinant(m));
    assert_eq!(all.iter().filter(|m| determinant(m) == 1).count(), 24);
    all
}

fn times(m: &Matrix, v: [i32; 3]) -> [i32; 3] {
    let row = |r: &[i32; 3]| r[0] * v[0] + r[1] * v[1] + r[2] * v[2];
    [row(&m[0]), row(&m[1]), row(&m[2])]
}

/// Ball (c, r, z) in face-centred cubic coordinates: the layer's unit steps are the
/// face diagonals (1, 1, 0) and (1, −1, 0) and a ball one layer up, in the hollow over
/// (c..c+1, r..r+1), is (1, 0, 1) away from ball (c, r) below.
fn to_packing(c: Cell) -> [i32; 3] {
    [c.x + c.y + c.z, c.x - c.y, c.z]
}

fn from_packing([a, b, h]: [i32; 3]) -> Cell {
    assert_eq!((a + b + h).rem_euclid(2), 0, "a point of the packing");
    let (s, d) = (a - h, b);
    Cell::at((s + d) / 2, (s - d) / 2, h)
}

/// Cell `c` moved by matrix `m` about the origin.
fn apply(grid: Grid, m: &Matrix, c: Cell) -> Cell {
    match grid {
        Grid::Cube => {
            let [x, y, z] = times(m, [c.x, c.y, c.z]);
            Cell::at(x, y, z)
        }
        Grid::Sphere => from_packing(times(m, to_packing(c))),
        _ => unreachable!("the oracle is for the grids of space"),
    }
}

/// `cells` moved so that the smallest column, row and layer are 0 (every integer shift
/// is a translation of both grids of space), sorted.
fn normalized(cells: &[Cell]) -> Vec<Cell> {
    let lo = corner(cells);
    let mut out: Vec<Cell> = cells.iter().map(|&c| c - lo).collect();
    out.sort();
    out
}

fn corner(cells: &[Cell]) -> Cell {
    let min = |f: fn(&Cell) -> i32| cells.iter().map(f).min().unwrap_or(0);
    Cell::at(min(|c| c.x), min(|c| c.y), min(|c| c.z))
}

/// The 48 moves of the cube grid or the sphere grid, as the oracle sees them: its own
/// matrices, with every integer shift a translation.
struct Space {
    grid: Grid,
    matrices: Vec<Matrix>,
}

impl Space {
    fn new(grid: Grid) -> Space {
        Space {
            grid,
            matrices: matrices(),
        }
    }
}

impl Moves for Space {
    fn count(&self) -> usize {
        self.matrices.len()
    }

    fn apply(&self, t: usize, c: Cell) -> Cell {
        apply(self.grid, &self.matrices[t], c)
    }

    fn is_rotation(&self, t: usize) -> bool {
        determinant(&self.matrices[t]) == 1
    }

    fn translation(&self, _: Cell) -> bool {
        true
    }

    fn normalized(&self, cells: &[Cell]) -> Vec<Cell> {
        normalized(cells)
    }
}

// ---------------------------------------------------------------------------------------
// Random puzzles

/// A random puzzle: the frame, a box of `size`, or on the sphere grid with `pyramid`
/// the pyramid of `size[0] + 1` layers, and the oracle's [`Choices`].
#[derive(Clone, Debug)]
struct Case {
    grid: Grid,
    size: [i32; 3],
    pyramid: bool,
    choices: Choices,
}

fn case(grid: Grid) -> impl Strategy<Value = Case> {
    let size = [1..=3i32, 1..=3i32, 1..=3i32];
    (size, any::<bool>(), oracle::choices(30, 48, 30)).prop_map(move |(size, pyramid, choices)| {
        Case {
            grid,
            size,
            pyramid: pyramid && grid == Grid::Sphere,
            choices,
        }
    })
}

impl Case {
    /// The positions of the frame, layer by layer.
    fn positions(&self) -> Vec<Cell> {
        let [w, h, d] = self.size;
        if self.pyramid {
            let n = w + 1;
            return (0..n)
                .flat_map(|z| {
                    (0..n - z).flat_map(move |y| (0..n - z).map(move |x| Cell::at(x, y, z)))
                })
                .collect();
        }
        (0..d)
            .flat_map(|z| (0..h).flat_map(move |y| (0..w).map(move |x| Cell::at(x, y, z))))
            .collect()
    }

    fn layout(&self) -> Layout {
        let frame = Board::of_cells("frame", self.grid, &self.positions());
        self.choices.layout(frame)
    }
}

// ---------------------------------------------------------------------------------------
// The properties

proptest! {
    #![proptest_config(oracle::config(48))]

    /// Boxes of cubes: every engine, both modes, agree with the oracle.
    #[test]
    fn cube_counts_agree_with_the_oracle(c in case(Grid::Cube)) {
        oracle::engines_agree(&Space::new(c.grid), &c.layout(), BUDGET, false)?;
    }

    /// Pyramids and layered shapes of balls: every engine, both modes, agree with the
    /// oracle.
    #[test]
    fn sphere_counts_agree_with_the_oracle(c in case(Grid::Sphere)) {
        oracle::engines_agree(&Space::new(c.grid), &c.layout(), BUDGET, false)?;
    }
}

/// The oracle's own geometry finds the known numbers of polycubes: 7 tetracubes and 23
/// pentacubes up to rotation and reflection, 8 and 29 up to rotation (OEIS A038119,
/// A000162); on the sphere grid one pair of balls and four tri-balls (the angle at the
/// middle ball is 180°, 120°, 90° or 60°, the triangle of three touching balls) up to
/// rotation and reflection.
#[test]
fn the_oracle_knows_the_small_polyforms() {
    let rows = [
        (Grid::Cube, 4, 7, Some(8)),
        (Grid::Cube, 5, 23, Some(29)),
        (Grid::Sphere, 2, 1, None),
        (Grid::Sphere, 3, 4, None),
    ];
    oracle::assert_polyform_classes(&|grid| Box::new(Space::new(grid)), &rows);
}

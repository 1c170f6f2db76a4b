//! Property tests on the hex and triangle grids: random small boards (holes, blocked
//! cells, odd outlines, pre-placed pieces) and random piece sets (copies, one-sided
//! pieces, every piece used or not), counted by `Solver` on both engines and in both
//! symmetry modes, against an oracle that shares nothing with polyx but the picture
//! coordinates of cells. The oracle's geometry here moves cells as points of the plane
//! (a cell's centre, rotated and reflected, then rounded back to a cell); from it
//! [`super::oracle`] lists placements, tiles by plain backtracking, and finds the board's
//! symmetries and the orbits of tilings: `reduce` must be the number of orbits under the symmetries that map the
//! board (open, blocked and pre-placed cells) and the piece set onto themselves.
//!
//! A tiling is a set of (piece index, cells), so identical copies are never told apart.
//! The number of cases is `PROPTEST_CASES`, or 128 per grid.

use super::oracle::{self, Budget, Choices, Layout, Moves};
use crate::geom::{Cell, Grid};
use crate::model::{Board, Square};
use proptest::prelude::*;

/// More tilings than 3000, or nodes than 2,000,000, and the case is skipped.
const BUDGET: Budget = Budget {
    tilings: 3000,
    nodes: 2_000_000,
};

/// The height of a row of the pictures, in cell widths (hex) or sides (triangle).
const ROW: f64 = 0.866_025_403_784_438_6;

// ---------------------------------------------------------------------------------------
// The oracle's geometry: cells as points of the plane

/// The centre of cell `c`, relative to a point that every rotation by 60° and every
/// reflection in a vertical line through it maps onto a point of the same kind: the
/// centre of hexagon (0, 0) (hexagons of odd column + row are moved one column left
/// first, a translation), or the top corner of up triangle (0, 0).
fn centre(grid: Grid, c: Cell) -> (f64, f64) {
    let (x, y) = (f64::from(c.x), f64::from(c.y));
    match grid {
        Grid::Hex => {
            let x = x - f64::from((c.x + c.y).rem_euclid(2));
            (x / 2.0, y * ROW)
        }
        Grid::Triangle => {
            let up = (c.x + c.y).rem_euclid(2) == 0;
            let third = if up { 2.0 } else { 1.0 };
            (x / 2.0, (y + third / 3.0) * ROW)
        }
        _ => unreachable!("the oracle is for the hex and triangle grids"),
    }
}

/// The cell whose centre (as [`centre`] places it) is `p`.
fn cell_at(grid: Grid, (px, py): (f64, f64)) -> Cell {
    let x = (2.0 * px).round() as i32;
    match grid {
        Grid::Hex => Cell::new(x, (py / ROW).round() as i32),
        _ => {
            let rows = py / ROW;
            let y = rows.floor() as i32;
            let up = rows - f64::from(y) > 0.5;
            let c = Cell::new(x, y);
            assert_eq!((x + y).rem_euclid(2) == 0, up, "a triangle's centre");
            c
        }
    }
}

/// Transform `t` of the 12: a reflection in the vertical axis if `t >= 6`, then a
/// rotation by `60° × (t % 6)`.
fn apply(grid: Grid, t: usize, c: Cell) -> Cell {
    let (mut x, y) = centre(grid, c);
    if t >= 6 {
        x = -x;
    }
    let a = std::f64::consts::FRAC_PI_3 * (t % 6) as f64;
    let (s, co) = a.sin_cos();
    cell_at(grid, (x * co - y * s, x * s + y * co))
}

/// Whether moving by `d` is a translation of the grid (on the triangle grid, up
/// triangles must stay up).
fn translation(grid: Grid, d: Cell) -> bool {
    grid != Grid::Triangle || (d.x + d.y).rem_euclid(2) == 0
}

/// `cells` moved so that the smallest row is 0 and the smallest column 0 or 1 (by a
/// translation), sorted.
fn normalized(grid: Grid, cells: &[Cell]) -> Vec<Cell> {
    let min_x = cells.iter().map(|c| c.x).min().unwrap_or(0);
    let min_y = cells.iter().map(|c| c.y).min().unwrap_or(0);
    let dx = if translation(grid, Cell::new(min_x, min_y)) {
        min_x
    } else {
        min_x - 1
    };
    let mut out: Vec<Cell> = (cells.iter())
        .map(|c| Cell::new(c.x - dx, c.y - min_y))
        .collect();
    out.sort();
    out
}

/// The hex or triangle grid's twelve moves, as the oracle sees them.
struct Plane(Grid);

impl Moves for Plane {
    fn count(&self) -> usize {
        12
    }

    fn apply(&self, t: usize, c: Cell) -> Cell {
        apply(self.0, t, c)
    }

    fn is_rotation(&self, t: usize) -> bool {
        t < 6
    }

    fn translation(&self, d: Cell) -> bool {
        translation(self.0, d)
    }

    fn normalized(&self, cells: &[Cell]) -> Vec<Cell> {
        normalized(self.0, cells)
    }
}

// ---------------------------------------------------------------------------------------
// Random puzzles

/// A random puzzle: the frame, a `width` × `height` rectangle of positions (of one
/// parity of column + row on the hex grid), and the oracle's [`Choices`].
#[derive(Clone, Debug)]
struct Case {
    grid: Grid,
    width: i32,
    height: i32,
    /// On the hex grid, the parity of column + row of the board's cells.
    parity: i32,
    choices: Choices,
}

fn case(grid: Grid) -> impl Strategy<Value = Case> {
    (2..=9i32, 1..=4i32, 0..2i32, oracle::choices(8, 12, 40)).prop_map(
        move |(width, height, parity, choices)| Case {
            grid,
            width,
            height,
            parity,
            choices,
        },
    )
}

impl Case {
    fn layout(&self) -> Layout {
        let (grid, w, h) = (self.grid, self.width, self.height);
        let squares = (0..h)
            .flat_map(|y| (0..w).map(move |x| Cell::new(x, y)))
            .map(
                |c| match grid != Grid::Hex || (c.x + c.y).rem_euclid(2) == self.parity {
                    true => Square::Open,
                    false => Square::Outside,
                },
            )
            .collect();
        let mut frame = Board::new("frame", w, h, squares);
        frame.grid = grid;
        self.choices.layout(frame)
    }
}

// ---------------------------------------------------------------------------------------
// The properties

proptest! {
    #![proptest_config(oracle::config(128))]

    /// Hex boards: both engines, both modes, agree with the oracle.
    #[test]
    fn hex_counts_agree_with_the_oracle(c in case(Grid::Hex)) {
        oracle::engines_agree(&Plane(c.grid), &c.layout(), BUDGET, true)?;
    }

    /// Triangle boards: both engines, both modes, agree with the oracle.
    #[test]
    fn triangle_counts_agree_with_the_oracle(c in case(Grid::Triangle)) {
        oracle::engines_agree(&Plane(c.grid), &c.layout(), BUDGET, true)?;
    }
}

/// Known numbers of polyforms, free and one-sided: 3 and 4 tetriamonds, 12 and 19
/// hexiamonds, 7 and 10 tetrahexes (OEIS A000577, A006534, A000228, A006535).
const POLYFORMS: [(Grid, usize, usize, Option<usize>); 3] = [
    (Grid::Triangle, 4, 3, Some(4)),
    (Grid::Triangle, 6, 12, Some(19)),
    (Grid::Hex, 4, 7, Some(10)),
];

/// The oracle's own geometry finds the known numbers among the library's polyforms.
#[test]
fn the_oracle_knows_the_small_polyforms() {
    oracle::assert_polyform_classes(&|grid| Box::new(Plane(grid)), &POLYFORMS);
}

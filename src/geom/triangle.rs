//! The triangle grid, one character per triangle: the triangle at column c of row r
//! points up when c + r is even and down when it is odd; an up triangle shares its sides
//! with (c ± 1, r) and with the down triangle (c, r + 1) below it. Columns are half a
//! side apart. A shift keeps triangles pointing the same way only if it moves column +
//! row by an even number. The group ([`super::d6`]) acts on the triangles' centroids,
//! taken three times over in the basis of the lattice of corners, whose origin is the
//! lower left corner of the up triangle (0, 0); so every element maps triangles to
//! triangles.

use super::d6;
use super::lattice::{shift_to_parity, Lattice, Neighbours, Point};
use super::Cell;

/// The triangle grid.
#[derive(Debug)]
pub struct TriangleLattice;

/// The triangle grid's lattice.
pub static TRIANGLE: TriangleLattice = TriangleLattice;

/// The height of a row, in sides.
const ROW: f64 = 0.866_025_403_784_438_6; // √3 / 2

fn points_up(c: Cell) -> bool {
    (c.x + c.y).rem_euclid(2) == 0
}

/// Three times the centroid of triangle `c`, in the basis of the corners' lattice.
fn centroid(c: Cell) -> (i32, i32) {
    if points_up(c) {
        (3 * (c.x - c.y) / 2 + 2, 3 * c.y - 1)
    } else {
        (3 * (c.x - c.y + 1) / 2 + 1, 3 * c.y - 2)
    }
}

/// The triangle whose centroid is `(i, j)` (as [`centroid`] gives it).
fn triangle((i, j): (i32, i32)) -> Cell {
    if j.rem_euclid(3) == 2 {
        let r = (j + 1) / 3;
        Cell::new(r + 2 * (i - 2) / 3, r)
    } else {
        let r = (j + 2) / 3;
        Cell::new(r - 1 + 2 * (i - 1) / 3, r)
    }
}

impl Lattice for TriangleLattice {
    fn neighbours(&self, c: Cell) -> Neighbours {
        let across = if points_up(c) { c.y + 1 } else { c.y - 1 };
        Neighbours::of(&[
            Cell::new(c.x + 1, c.y),
            Cell::new(c.x - 1, c.y),
            Cell::new(c.x, across),
        ])
    }

    fn class(&self, _: Cell) -> u8 {
        0
    }

    fn is_translation(&self, d: Cell) -> bool {
        (d.x + d.y).rem_euclid(2) == 0
    }

    fn normal_shift(&self, cells: &[Cell]) -> Cell {
        // A translation keeps column + row's parity.
        shift_to_parity(cells, 0)
    }

    fn parallelogram(&self, width: i32, height: i32) -> Vec<Cell> {
        (0..height)
            .flat_map(|r| (r + 1..=r + 2 * width).map(move |c| Cell::new(c, r)))
            .collect()
    }

    fn order(&self) -> usize {
        d6::ORDER
    }

    fn apply(&self, t: usize, c: Cell) -> Cell {
        triangle(d6::apply(t, centroid(c)))
    }

    fn is_rotation(&self, t: usize) -> bool {
        d6::is_rotation(t)
    }

    fn name(&self, t: usize) -> String {
        d6::name(t)
    }

    fn polygon(&self, c: Cell) -> Vec<Point> {
        let (left, top) = (f64::from(c.x) / 2.0, f64::from(c.y) * ROW);
        if points_up(c) {
            vec![
                (left + 0.5, top),
                (left + 1.0, top + ROW),
                (left, top + ROW),
            ]
        } else {
            vec![(left, top), (left + 1.0, top), (left + 0.5, top + ROW)]
        }
    }
}

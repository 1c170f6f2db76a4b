//! The hex grid in doubled-width pictures: the hexagon at column c of row r has the
//! neighbours (c ± 2, r) and (c ± 1, r ± 1); all cells of one picture have one parity of
//! c + r. A cell's axial coordinates are `((c − p − r) / 2, r)` for its parity p; the
//! group ([`super::d6`]) acts on those, about the cell (p, 0), so it keeps parity. Shapes
//! are normalized to parity 0, which makes `t(s + d) = t(s) + t(d)` for every shift d.

use super::d6;
use super::lattice::{shift_to_parity, Lattice, Neighbours, Point};
use super::Cell;

/// The hex grid.
#[derive(Debug)]
pub struct HexLattice;

/// The hex grid's lattice.
pub static HEX: HexLattice = HexLattice;

/// The parity of column + row.
fn parity(c: Cell) -> i32 {
    (c.x + c.y).rem_euclid(2)
}

/// The height of a row, in hexagon widths.
const ROW: f64 = 0.866_025_403_784_438_6; // √3 / 2

impl Lattice for HexLattice {
    fn neighbours(&self, c: Cell) -> Neighbours {
        let (x, y) = (c.x, c.y);
        Neighbours::of(&[
            Cell::new(x + 2, y),
            Cell::new(x + 1, y + 1),
            Cell::new(x - 1, y + 1),
            Cell::new(x - 2, y),
            Cell::new(x - 1, y - 1),
            Cell::new(x + 1, y - 1),
        ])
    }

    fn class(&self, c: Cell) -> u8 {
        parity(c) as u8
    }

    fn is_translation(&self, _: Cell) -> bool {
        true
    }

    fn normal_shift(&self, cells: &[Cell]) -> Cell {
        // After the shift, column + row is even.
        shift_to_parity(cells, cells.first().map_or(0, |&c| parity(c)))
    }

    fn parallelogram(&self, width: i32, height: i32) -> Vec<Cell> {
        (0..height)
            .flat_map(|r| (0..width).map(move |k| Cell::new(r + 2 * k, r)))
            .collect()
    }

    fn order(&self) -> usize {
        d6::ORDER
    }

    fn apply(&self, t: usize, c: Cell) -> Cell {
        let p = parity(c);
        let (i, j) = d6::apply(t, ((c.x - p - c.y) / 2, c.y));
        Cell::new(2 * i + j + p, j)
    }

    fn is_rotation(&self, t: usize) -> bool {
        d6::is_rotation(t)
    }

    fn name(&self, t: usize) -> String {
        d6::name(t)
    }

    fn polygon(&self, c: Cell) -> Vec<Point> {
        // Pointy-topped, one unit wide: the circumradius is 1/√3.
        let radius = 1.0 / 3f64.sqrt();
        let (cx, cy) = (f64::from(c.x) / 2.0 + 0.5, f64::from(c.y) * ROW + radius);
        vec![
            (cx, cy - radius),
            (cx + 0.5, cy - radius / 2.0),
            (cx + 0.5, cy + radius / 2.0),
            (cx, cy + radius),
            (cx - 0.5, cy + radius / 2.0),
            (cx - 0.5, cy - radius / 2.0),
        ]
    }
}

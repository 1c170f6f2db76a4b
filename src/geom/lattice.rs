//! What a grid is, as the rest of polyx sees it: the [`Lattice`] trait (cells and their
//! neighbours, the translations that carry the grid onto itself, the normal form of a
//! shape, the point group of rotations and reflections, the polygon of a cell for
//! drawing). Cells are always in
//! the picture's own coordinates (column, row), so boards, text output and JSON need no
//! conversion; each lattice maps them to whatever coordinates make its group linear.

use std::fmt::Debug;
use std::panic::RefUnwindSafe;

use super::segment_grid::SegmentGrid;
use super::{Cell, Crossing, Shape};

/// A point of a drawing, in cell units: x to the right, y down. A square is 1 × 1.
pub type Point = (f64, f64);

/// The most neighbours a cell has on any grid (a ball of the sphere packing has 12).
const MOST_NEIGHBOURS: usize = 12;

/// Up to twelve neighbours of a cell, without allocating.
#[derive(Copy, Clone, Debug)]
pub struct Neighbours {
    cells: [Cell; MOST_NEIGHBOURS],
    len: usize,
}

impl Neighbours {
    /// The first `list.len()` (at most 12) cells of `list`.
    pub fn of(list: &[Cell]) -> Neighbours {
        let mut cells = [Cell::new(0, 0); MOST_NEIGHBOURS];
        cells[..list.len()].copy_from_slice(list);
        Neighbours {
            cells,
            len: list.len(),
        }
    }

    /// The neighbours as a slice.
    pub fn as_slice(&self) -> &[Cell] {
        &self.cells[..self.len]
    }
}

impl IntoIterator for Neighbours {
    type Item = Cell;
    type IntoIter = std::iter::Take<std::array::IntoIter<Cell, MOST_NEIGHBOURS>>;

    fn into_iter(self) -> Self::IntoIter {
        self.cells.into_iter().take(self.len)
    }
}

/// A grid of the plane or of space, in picture coordinates. It is data that never changes, shared by
/// every thread.
///
/// # Laws (checked for every lattice by the tests of this module)
/// - `neighbours` is symmetric: `b` is a neighbour of `a` exactly when `a` is one of `b`.
/// - Transforms `0..order()` form a group, transform 0 the identity; each maps cells to
///   cells and neighbours to neighbours, and keeps each cell's [`Lattice::class`].
/// - For a shape in normal form `s` and a translation `d`, `t(s + d) = t(s) + t(d) -
///   t(0)`: the symmetry module finds the images of placements by this arithmetic.
pub trait Lattice: Debug + Sync + RefUnwindSafe {
    /// The cells that share an edge with `c` (a face on the cube grid; that touch it on
    /// the sphere grid), those of its own layer first.
    fn neighbours(&self, c: Cell) -> Neighbours;

    /// 2 for the grids of the plane, 3 for those of space (whose cells have layers).
    fn dimension(&self) -> usize {
        2
    }

    /// Which class of positions `c` is in: the cells of one picture are all of one class
    /// (on the hex grid, the parity of column + row; elsewhere every position is a cell
    /// and this is 0).
    fn class(&self, c: Cell) -> u8;

    /// Whether moving every cell by `d` maps the grid's cells onto cells of the same
    /// shape and direction (on the triangle grid, column + row must stay of one parity).
    fn is_translation(&self, d: Cell) -> bool;

    /// The shift that takes `cells` (non-empty) to their normal form: the smallest row 0,
    /// the smallest column 0 (or 1, where the shift must keep a parity), and on the hex
    /// grid column + row even; in space the smallest layer 0 too.
    fn normal_shift(&self, cells: &[Cell]) -> Cell;

    /// The cells of the `size = [w, h]` board: a rectangle on the square grid, a
    /// parallelogram on the others.
    fn parallelogram(&self, width: i32, height: i32) -> Vec<Cell>;

    /// The number of rotations and reflections in the point group.
    fn order(&self) -> usize;

    /// The image of `c` under transform `t`.
    fn apply(&self, t: usize, c: Cell) -> Cell;

    /// Whether `t` keeps orientation (a rotation, not a reflection).
    fn is_rotation(&self, t: usize) -> bool;

    /// A short name for `t`, for people.
    fn name(&self, t: usize) -> String;

    /// The corners of cell `c`, clockwise on the page, in cell units (see [`Point`]);
    /// side `i` runs from corner `i` to corner `i + 1`. In space, the square of `c` in
    /// the picture of its layer.
    fn polygon(&self, c: Cell) -> Vec<Point>;

    /// On the grids of segments, the crossings (pairs of crossing chords at a point)
    /// that a piece made of `cells` claims, each once ([`Crossing`]); none elsewhere.
    fn crossings(&self, _cells: &[Cell]) -> Vec<Crossing> {
        Vec::new()
    }

    /// The grid of segments this is, if it is one.
    fn segments(&self) -> Option<&SegmentGrid> {
        None
    }

    /// Cells whose images tell the transforms apart.
    fn probes(&self) -> Vec<Cell> {
        vec![
            Cell::new(0, 0),
            Cell::new(2, 0),
            Cell::new(1, 1),
            Cell::new(3, 1),
        ]
    }

    /// The normal form of `cells`, or `None` if there are none.
    fn shape(&self, cells: &[Cell]) -> Option<Shape> {
        if cells.is_empty() {
            return None;
        }
        let d = self.normal_shift(cells);
        Shape::new_unshifted(cells.iter().map(|&c| c - d))
    }

    /// The image of `shape` under `t`, in normal form.
    fn shape_image(&self, t: usize, shape: &Shape) -> Shape {
        let image: Vec<Cell> = shape.cells().iter().map(|&c| self.apply(t, c)).collect();
        self.shape(&image).expect("a non-empty image")
    }

    /// The sides of cell `c` with the cell across each in its layer: `(from, to,
    /// neighbour)`, or `c` itself across a side that no neighbour shares.
    fn sides(&self, c: Cell) -> Vec<(Point, Point, Cell)> {
        let corners = self.polygon(c);
        let n = corners.len();
        (0..n)
            .map(|i| {
                let (a, b) = (corners[i], corners[(i + 1) % n]);
                let across = self
                    .neighbours(c)
                    .into_iter()
                    .find(|&m| m.z == c.z && shares_side(&self.polygon(m), a, b))
                    .unwrap_or(c);
                (a, b, across)
            })
            .collect()
    }
}

/// The shift that brings `cells` to row 0 and column 0 or 1, moving column + row by `p`
/// (mod 2): the normal form on grids whose translations are the shifts of even column +
/// row (`p = 0`) or that normalize a cell's parity to even (`p` its parity).
pub(super) fn shift_to_parity(cells: &[Cell], p: i32) -> Cell {
    let dy = cells.iter().map(|c| c.y).min().unwrap_or(0);
    let min_x = cells.iter().map(|c| c.x).min().unwrap_or(0);
    let dx = if (min_x - p - dy).rem_euclid(2) == 0 {
        min_x
    } else {
        min_x - 1
    };
    Cell::new(dx, dy)
}

/// Whether a polygon has the side `a`–`b` (in either direction).
fn shares_side(polygon: &[Point], a: Point, b: Point) -> bool {
    let near = |p: Point, q: Point| (p.0 - q.0).abs() < 1e-6 && (p.1 - q.1).abs() < 1e-6;
    let n = polygon.len();
    (0..n).any(|i| {
        let (p, q) = (polygon[i], polygon[(i + 1) % n]);
        (near(p, a) && near(q, b)) || (near(p, b) && near(q, a))
    })
}

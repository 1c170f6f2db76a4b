//! Geometry, with no exact cover in sight: cells, the grids ([`Lattice`]: square, hex,
//! triangle, cube, sphere, and the segments of sticks, trigs and twigs) with their neighbours, translations and point groups, and shapes, which are
//! finite non-empty sets of cells kept in a lattice's normal form and sorted, so that two
//! shapes of one grid are equal exactly when they are translates of each other. A
//! piece's orientations are the distinct images of its shape under the group, or under
//! its rotations only.

use std::fmt;

mod crossing;
mod cube;
mod d6;
mod grid;
mod hex;
mod lattice;
mod octahedral;
mod point_group;
mod polyforms;
mod segment_grid;
mod space;
mod sphere;
mod square;
mod sticks;
mod triangle;

pub use crossing::Crossing;
pub use grid::Grid;
pub use lattice::{Lattice, Neighbours, Point};
pub use point_group::PointGroup;
pub use polyforms::polyforms;
pub use segment_grid::{Edges, SegmentGrid};
/// The square grid's transforms by name, for tests that check against them.
#[cfg(test)]
pub(crate) use square::Transform;

/// A cell of the grid: `x` is the column (0 at the left), `y` the row (0 at the top) and
/// `z` the layer (0 at the bottom; always 0 on the plane grids). Cells order by layer,
/// then row, then column: the reading order of the pictures.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// The layer, 0 at the bottom.
    pub z: i32,
    /// The row, 0 at the top.
    pub y: i32,
    /// The column, 0 at the left.
    pub x: i32,
}

impl Cell {
    /// The cell in column `x` and row `y` of layer 0.
    pub const fn new(x: i32, y: i32) -> Cell {
        Cell { x, y, z: 0 }
    }

    /// The cell in column `x` and row `y` of layer `z`.
    pub const fn at(x: i32, y: i32, z: i32) -> Cell {
        Cell { x, y, z }
    }
}

impl std::ops::Add for Cell {
    type Output = Cell;

    fn add(self, d: Cell) -> Cell {
        Cell::at(self.x + d.x, self.y + d.y, self.z + d.z)
    }
}

impl std::ops::Sub for Cell {
    type Output = Cell;

    fn sub(self, d: Cell) -> Cell {
        Cell::at(self.x - d.x, self.y - d.y, self.z - d.z)
    }
}

/// A polyform: a finite set of cells of one grid, up to translation.
///
/// # Guarantees
/// Non-empty; no repeated cells; in its lattice's normal form ([`Lattice::shape`]; on
/// the square and 3D grids the smallest x, y and z are 0); sorted by layer, row, then
/// column.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape {
    cells: Vec<Cell>,
}

impl Shape {
    /// The square-grid shape of `cells` (repeats are dropped); `None` if there are none.
    /// [`Lattice::shape`] gives the shape on any grid.
    pub fn new(cells: impl IntoIterator<Item = Cell>) -> Option<Shape> {
        let mut cells: Vec<Cell> = cells.into_iter().collect();
        let min_x = cells.iter().map(|c| c.x).min()?;
        let min_y = cells.iter().map(|c| c.y).min()?;
        let min_z = cells.iter().map(|c| c.z).min()?;
        for c in &mut cells {
            *c = *c - Cell::at(min_x, min_y, min_z);
        }
        cells.sort();
        cells.dedup();
        Some(Shape { cells })
    }

    /// The shape of `cells` as they are, sorted, without repeats (a lattice has shifted
    /// them to its normal form).
    pub(crate) fn new_unshifted(cells: impl IntoIterator<Item = Cell>) -> Option<Shape> {
        let mut cells: Vec<Cell> = cells.into_iter().collect();
        if cells.is_empty() {
            return None;
        }
        cells.sort();
        cells.dedup();
        Some(Shape { cells })
    }

    /// Parses a square-grid picture: every character other than `.` and space is a cell.
    pub fn from_picture(picture: &str) -> Option<Shape> {
        let mut cells = Vec::new();
        for (y, line) in picture.lines().enumerate() {
            for (x, ch) in line.chars().enumerate() {
                if ch != '.' && ch != ' ' && ch != '\r' {
                    cells.push(Cell::new(x as i32, y as i32));
                }
            }
        }
        Shape::new(cells)
    }

    /// The cells, sorted by layer, row, then column.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Never true (shapes are non-empty); here for clippy's sake.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The number of columns it spans.
    pub fn width(&self) -> i32 {
        self.cells.iter().map(|c| c.x).max().unwrap_or(0) + 1
    }

    /// The number of rows it spans.
    pub fn height(&self) -> i32 {
        self.cells.iter().map(|c| c.y).max().unwrap_or(0) + 1
    }

    /// The number of layers it spans (1 on the plane grids).
    pub fn depth(&self) -> i32 {
        self.cells.iter().map(|c| c.z).max().unwrap_or(0) + 1
    }

    /// True if `c` is one of its cells.
    pub fn contains(&self, c: Cell) -> bool {
        self.cells.binary_search(&c).is_ok()
    }

    /// True if every cell can reach every other through edge neighbours of `lattice`.
    pub fn is_connected(&self, lattice: &dyn Lattice) -> bool {
        let mut seen = vec![false; self.cells.len()];
        let mut stack = vec![0usize];
        seen[0] = true;
        while let Some(k) = stack.pop() {
            for n in lattice.neighbours(self.cells[k]) {
                if let Ok(j) = self.cells.binary_search(&n) {
                    if !seen[j] {
                        seen[j] = true;
                        stack.push(j);
                    }
                }
            }
        }
        seen.iter().all(|&s| s)
    }

    /// The distinct images of this shape under the rotations of `lattice` (`one_sided`)
    /// or under its whole point group, each with the first transform that makes it, in
    /// the group's order (so the identity image comes first).
    pub fn orientations(&self, lattice: &dyn Lattice, one_sided: bool) -> Vec<(Shape, usize)> {
        let mut out: Vec<(Shape, usize)> = Vec::with_capacity(lattice.order());
        for t in (0..lattice.order()).filter(|&t| !one_sided || lattice.is_rotation(t)) {
            let image = lattice.shape_image(t, self);
            if !out.iter().any(|(s, _)| *s == image) {
                out.push((image, t));
            }
        }
        out
    }

    /// The smallest image under the group (or its rotations): a name for the shape's class.
    pub fn canonical(&self, lattice: &dyn Lattice, one_sided: bool) -> Shape {
        self.orientations(lattice, one_sided)
            .into_iter()
            .map(|(s, _)| s)
            .min()
            .expect("at least the identity image")
    }
}

impl Shape {
    /// The shape drawn as a picture of `lattice` (SPEC §8), one line per row of its
    /// box: `mark` on its cells, `.` on the other cells of the grid, and a space on the
    /// positions between them (the hex grid's in-between columns), so that it reads
    /// back as the same shape. Lines keep their full width (no trimming).
    pub fn picture(&self, lattice: &dyn Lattice, mark: char) -> Vec<String> {
        self.picture_rows(lattice, mark, self.height())
    }

    /// [`Shape::picture`] with `rows` lines (more than its height pads it with empty
    /// rows of the grid, for drawing shapes side by side).
    pub fn picture_rows(&self, lattice: &dyn Lattice, mark: char, rows: i32) -> Vec<String> {
        let class = lattice.class(self.cells[0]);
        (0..rows)
            .map(|y| {
                (0..self.width())
                    .map(|x| {
                        let c = Cell::new(x, y);
                        if self.contains(c) {
                            mark
                        } else if lattice.class(c) == class {
                            '.'
                        } else {
                            ' '
                        }
                    })
                    .collect()
            })
            .collect()
    }
}

impl Shape {
    /// The shape drawn as square pictures, one per layer (bottom first), all in the frame
    /// of its box: `mark` on its cells and `.` elsewhere, so that the `layers` of a file
    /// (SPEC §8) read back as the same shape.
    pub fn layer_pictures(&self, mark: char) -> Vec<Vec<String>> {
        (0..self.depth())
            .map(|z| {
                (0..self.height())
                    .map(|y| {
                        (0..self.width())
                            .map(|x| {
                                if self.contains(Cell::at(x, y, z)) {
                                    mark
                                } else {
                                    '.'
                                }
                            })
                            .collect()
                    })
                    .collect()
            })
            .collect()
    }
}

impl fmt::Display for Shape {
    /// The shape drawn with `#` and `.` on the square grid, one line per row
    /// ([`Shape::picture`] draws it on any grid).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.picture(Grid::Square.lattice(), '#') {
            writeln!(f, "{row}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;

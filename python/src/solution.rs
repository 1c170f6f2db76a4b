//! `Solution`: one tiling of a puzzle, its placements as plain Python values (piece
//! name, cells as `(x, y)` or `(x, y, z)` tuples, as `polyx solve -f json` writes them),
//! and its pictures: text, SVG (also `_repr_svg_`, which notebooks show) and PNG bytes.
//! The drawing helpers here draw a puzzle's empty board the same way.

use std::sync::Arc;

use pyo3::prelude::*;
use pyo3::types::PyBytes;

use polyx::render::{self, RenderOptions};
use polyx::{Cell, Placement, Puzzle, Tiling};

use crate::errors::to_py;

/// One solution of a `Puzzle`.
#[pyclass(module = "polyx", frozen)]
pub struct Solution {
    puzzle: Arc<Puzzle>,
    tiling: Tiling,
}

impl Solution {
    pub fn new(puzzle: Arc<Puzzle>, tiling: Tiling) -> Solution {
        Solution { puzzle, tiling }
    }
}

#[pymethods]
impl Solution {
    /// The placements, pre-placed pieces first: `(piece name, [cell, ...])`, each cell
    /// `(x, y)` (column, row from the top left) or `(x, y, z)` on the grids of space.
    #[getter]
    fn placements(&self) -> Vec<(String, Vec<Coordinates>)> {
        self.tiling
            .placements
            .iter()
            .map(|p| placement(&self.puzzle, p))
            .collect()
    }

    /// The solution as text, one letter (the piece's label) per cell, as `polyx solve`
    /// prints it.
    fn text(&self) -> String {
        let p = &self.puzzle;
        render::ascii::tiling(&p.board, &p.set, &self.tiling)
    }

    /// The solution as an SVG document; `cell_size` in pixels (4 to 1024), `labels` writes
    /// each piece's label inside it.
    #[pyo3(signature = (cell_size = 32, labels = true))]
    fn svg(&self, cell_size: u32, labels: bool) -> PyResult<String> {
        svg(&self.puzzle, &self.tiling, cell_size, labels)
    }

    /// The solution as PNG bytes; `cell_size` in pixels (4 to 1024).
    #[pyo3(signature = (cell_size = 32))]
    fn png<'py>(&self, py: Python<'py>, cell_size: u32) -> PyResult<Bound<'py, PyBytes>> {
        png(py, &self.puzzle, &self.tiling, cell_size)
    }

    /// The SVG picture, for notebooks.
    fn _repr_svg_(&self) -> PyResult<String> {
        self.svg(32, true)
    }

    fn __str__(&self) -> String {
        self.text()
    }

    fn __repr__(&self) -> String {
        format!(
            "<polyx.Solution of {:?}: {} placements>",
            self.puzzle.board.name,
            self.tiling.placements.len()
        )
    }

    fn __len__(&self) -> usize {
        self.tiling.placements.len()
    }
}

/// `(piece name, cells)` of placement `p` of `puzzle`.
pub fn placement(puzzle: &Puzzle, p: &Placement) -> (String, Vec<Coordinates>) {
    let space = puzzle.board.grid.is_3d();
    let name = puzzle.set.pieces[p.piece].name.clone();
    (
        name,
        p.cells.iter().map(|&c| coordinates(c, space)).collect(),
    )
}

/// A cell as Python sees it: `(x, y)`, or `(x, y, z)` on the grids of space.
#[derive(IntoPyObject, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Coordinates {
    Plane((i32, i32)),
    Space((i32, i32, i32)),
}

/// The coordinates of `c`, with its layer on the grids of `space`.
pub fn coordinates(c: Cell, space: bool) -> Coordinates {
    if space {
        Coordinates::Space((c.x, c.y, c.z))
    } else {
        Coordinates::Plane((c.x, c.y))
    }
}

fn options(cell_size: u32, labels: bool) -> RenderOptions {
    RenderOptions {
        cell_size,
        labels,
        captions: false,
    }
}

/// `tiling` of `puzzle` as SVG.
pub fn svg(puzzle: &Puzzle, tiling: &Tiling, cell_size: u32, labels: bool) -> PyResult<String> {
    let opts = options(cell_size, labels);
    render::svg::tiling(&puzzle.board, &puzzle.set, tiling, &opts).map_err(to_py)
}

/// `tiling` of `puzzle` as PNG bytes.
pub fn png<'py>(
    py: Python<'py>,
    puzzle: &Puzzle,
    tiling: &Tiling,
    cell_size: u32,
) -> PyResult<Bound<'py, PyBytes>> {
    let opts = options(cell_size, false);
    let bytes = render::png::tiling(&puzzle.board, &puzzle.set, tiling, &opts).map_err(to_py)?;
    Ok(PyBytes::new(py, &bytes))
}

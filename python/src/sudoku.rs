//! Sudoku from Python (`polyx.sudoku.solve`, `polyx.sudoku.count`): a grid as text (any
//! layout `polyx sudoku` reads, one puzzle) or as a list of rows of numbers (0 or None
//! for an empty cell), 4×4 up to 49×49. A solution comes back in the form it was given:
//! text in the same layout, or a list of rows.

use std::sync::atomic::AtomicBool;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyString;
use pyo3::IntoPyObjectExt;

use polyx::apps::sudoku::{self, Sudoku};

use crate::args;
use crate::errors::{input_error, value_error};
use crate::wait::interruptible;

/// How the grid was given, to answer in kind.
enum Given {
    Text,
    Rows,
}

/// The first solution of `grid`, in the form it was given, or None if it has none.
#[pyfunction]
pub fn sudoku_solve(py: Python<'_>, grid: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
    let (puzzle, given) = read(grid)?;
    let answer = search(py, &puzzle, 1)?;
    let Some(cells) = answer.first else {
        return Ok(py.None());
    };
    match given {
        Given::Text => puzzle.render(&cells).into_py_any(py),
        Given::Rows => {
            let n = puzzle.side();
            let rows: Vec<Vec<u32>> = (cells.chunks(n))
                .map(|row| row.iter().map(|&d| u32::from(d)).collect())
                .collect();
            rows.into_py_any(py)
        }
    }
}

/// The number of solutions of `grid`, counting at most `limit` (None: every one).
#[pyfunction]
#[pyo3(signature = (grid, limit = None))]
pub fn sudoku_count(py: Python<'_>, grid: &Bound<'_, PyAny>, limit: Option<i64>) -> PyResult<u64> {
    let (puzzle, _) = read(grid)?;
    let limit = args::limit(limit)?.unwrap_or(u64::MAX);
    Ok(search(py, &puzzle, limit)?.solutions)
}

fn search(py: Python<'_>, puzzle: &Sudoku, limit: u64) -> PyResult<sudoku::Answer> {
    let stop = AtomicBool::new(false);
    interruptible(py, &stop, || sudoku::solve(puzzle, limit, &stop))
}

/// The puzzle in `grid`: one puzzle as text, or a square list of rows.
fn read(grid: &Bound<'_, PyAny>) -> PyResult<(Sudoku, Given)> {
    if let Ok(text) = grid.cast::<PyString>() {
        let mut puzzles = sudoku::parse("<grid>", &text.to_cow()?).map_err(|e| input_error(&e))?;
        return match puzzles.len() {
            1 => Ok((puzzles.remove(0), Given::Text)),
            0 => Err(value_error("the text holds no sudoku grid")),
            n => Err(value_error(format!(
                "the text holds {n} grids; give one at a time"
            ))),
        };
    }
    let rows: Vec<Vec<Option<i64>>> = grid.extract().map_err(|_| {
        PyTypeError::new_err("grid must be a str or a list of rows of int (0 or None: empty)")
    })?;
    let n = rows.len();
    let b = (1..=sudoku::MAX_BOX)
        .find(|b| b * b == n)
        .filter(|&b| b >= sudoku::MIN_BOX);
    let Some(b) = b else {
        return Err(value_error(format!(
            "a grid of {n} rows: a sudoku has 4, 9, 16, ... (b×b for b = 2 to 7) rows"
        )));
    };
    let mut cells = Vec::with_capacity(n * n);
    for (r, row) in rows.iter().enumerate() {
        if row.len() != n {
            return Err(value_error(format!(
                "row {r} has {} cells; every row of a {n}×{n} grid has {n}",
                row.len()
            )));
        }
        for (c, &v) in row.iter().enumerate() {
            match v.unwrap_or(0) {
                d @ 0.. if d as usize <= n => cells.push(d as u8),
                d => {
                    return Err(value_error(format!(
                        "row {r}, column {c}: {d} is not 0 (empty) to {n}"
                    )))
                }
            }
        }
    }
    let puzzle = Sudoku::from_cells(b, cells).map_err(|e| input_error(&e))?;
    Ok((puzzle, Given::Rows))
}

//! `Puzzle`: a board and its pieces, loaded by name, from a file or from TOML text, and
//! the questions asked of it: how many solutions (`count`), which ones (`solutions`, a
//! lazy iterator; `first`), is the solution unique (`check`), and what to do next on a
//! partly solved board (`hint`). Each search runs off the interpreter's thread and stops
//! on Ctrl-C; the puzzle draws its board (with its pre-placed pieces) as a solution does.

use num_bigint::BigUint;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyType};

use polyx::design::{self, Uniqueness};
use polyx::{RunOptions, Solver, SymmetryMode, Tiling};

use crate::args;
use crate::errors::{input_error, to_py, value_error};
use crate::hint::{self, Hint};
use crate::solution::{self, coordinates, Coordinates, Solution};
use crate::stream::{Feed, Stream};
use crate::wait::interruptible;

/// A polyform puzzle: a board to cover and the pieces to cover it with.
#[pyclass(module = "polyx", frozen)]
pub struct Puzzle {
    inner: Arc<polyx::Puzzle>,
    /// The solver of each symmetry mode (reduce, keep), made at the first search.
    solvers: [OnceLock<Arc<Solver>>; 2],
}

impl Puzzle {
    pub fn from_inner(inner: polyx::Puzzle) -> Puzzle {
        Puzzle {
            inner: Arc::new(inner),
            solvers: [OnceLock::new(), OnceLock::new()],
        }
    }

    fn solver(&self, mode: SymmetryMode) -> Arc<Solver> {
        let k = usize::from(mode == SymmetryMode::Keep);
        self.solvers[k]
            .get_or_init(|| Arc::new(Solver::new((*self.inner).clone(), mode)))
            .clone()
    }

    /// The board with its pre-placed pieces only.
    fn board(&self) -> Tiling {
        Tiling {
            placements: self.inner.fixed.clone(),
        }
    }
}

fn build(board: polyx::Board, set: polyx::PieceSet) -> PyResult<Puzzle> {
    let inner = polyx::Puzzle::new(board, set).map_err(|e| input_error(&e))?;
    Ok(Puzzle::from_inner(inner))
}

#[pymethods]
impl Puzzle {
    /// A built-in puzzle by name (`"6x10"`, `"scott"`, `"soma"`, ... see
    /// `polyx.builtin_boards()`) or a board file's path; `pieces` names another piece set
    /// (a built-in or a file) than the one the board names.
    #[new]
    #[pyo3(signature = (name_or_path, pieces = None))]
    fn new(name_or_path: PathBuf, pieces: Option<PathBuf>) -> PyResult<Puzzle> {
        let name = utf8(&name_or_path)?;
        let pieces = pieces.as_deref().map(utf8).transpose()?;
        let (board, set) = polyx::load_puzzle(name, pieces).map_err(to_py)?;
        build(board, set)
    }

    /// A puzzle from the text of a board file and, if the board does not name a
    /// built-in piece set, the text of a piece set file.
    #[classmethod]
    #[pyo3(signature = (board_toml, pieces_toml = None))]
    fn from_toml(
        _cls: &Bound<'_, PyType>,
        board_toml: &str,
        pieces_toml: Option<&str>,
    ) -> PyResult<Puzzle> {
        let board = polyx::parse_board("<board>", board_toml).map_err(|e| input_error(&e))?;
        let set = match pieces_toml {
            Some(text) => polyx::parse_piece_set("<pieces>", text).map_err(|e| input_error(&e))?,
            None => polyx::pieces_for(&board, None).map_err(to_py)?,
        };
        build(board, set)
    }

    /// The board's name.
    #[getter]
    fn name(&self) -> String {
        self.inner.board.name.clone()
    }

    /// One line saying what the board is.
    #[getter]
    fn description(&self) -> String {
        self.inner.board.description.clone()
    }

    /// The grid: "square", "hex", "triangle", "cube" or "sphere".
    #[getter]
    fn grid(&self) -> &'static str {
        self.inner.board.grid.name()
    }

    /// The open cells to cover, row by row: `(x, y)`, or `(x, y, z)` in space.
    #[getter]
    fn cells(&self) -> Vec<Coordinates> {
        let space = self.inner.board.grid.is_3d();
        self.inner
            .open
            .iter()
            .map(|&c| coordinates(c, space))
            .collect()
    }

    /// The pieces: `(name, label, copies)` each.
    #[getter]
    fn pieces(&self) -> Vec<(String, char, u32)> {
        (self.inner.set.pieces.iter())
            .map(|p| (p.name.clone(), p.label, p.count))
            .collect()
    }

    /// The number of placements (a piece, turned and moved to fit the board).
    #[getter]
    fn placement_count(&self) -> usize {
        self.inner.placements.len()
    }

    /// The order of the board's symmetry group.
    #[getter]
    fn symmetries(&self) -> usize {
        self.solver(SymmetryMode::Reduce).symmetries()
    }

    /// The number of solutions: one per class of the board's symmetries ("reduce") or
    /// every one ("keep"), on `threads` threads (one unless asked). Releases the GIL;
    /// Ctrl-C stops it with KeyboardInterrupt.
    #[pyo3(signature = (symmetry = "reduce", threads = None))]
    fn count(&self, py: Python<'_>, symmetry: &str, threads: Option<i64>) -> PyResult<BigUint> {
        let mode = args::symmetry(symmetry)?;
        let opts = RunOptions {
            threads: args::threads(threads)?,
            ..RunOptions::default()
        };
        let solver = self.solver(mode);
        let report = interruptible(py, &opts.stop, || {
            polyx::run(&solver, &opts, &mut |_| ControlFlow::Continue(()))
        })?
        .map_err(to_py)?;
        Ok(report.solutions.to_big())
    }

    /// The solutions, found lazily as the iterator is read: the search runs on its own
    /// thread at most a few solutions ahead and stops when the iterator is closed or
    /// dropped. `limit` ends it after that many (a search for first solutions, in a
    /// shuffled order); `symmetry` and `threads` as for `count`.
    #[pyo3(signature = (limit = None, symmetry = "reduce", threads = None))]
    fn solutions(
        &self,
        limit: Option<i64>,
        symmetry: &str,
        threads: Option<i64>,
    ) -> PyResult<Solutions> {
        let mode = args::symmetry(symmetry)?;
        let limit = args::limit(limit)?;
        let threads = args::threads(threads)?;
        let solver = self.solver(mode);
        let stream = Stream::new(Box::new(move |feed: Feed<Tiling>| {
            let opts = RunOptions {
                threads,
                printing: true,
                limit,
                stop: feed.stop.clone(),
                ..RunOptions::default()
            };
            polyx::run(&solver, &opts, &mut |t| feed.send(t.clone())).map(|_| ())
        }));
        Ok(Solutions {
            puzzle: self.inner.clone(),
            stream: Mutex::new(stream),
        })
    }

    /// A solution, or None if there is none.
    #[pyo3(signature = (symmetry = "reduce"))]
    fn first(&self, py: Python<'_>, symmetry: &str) -> PyResult<Option<Solution>> {
        let mode = args::symmetry(symmetry)?;
        let opts = RunOptions {
            printing: true,
            limit: Some(1),
            ..RunOptions::default()
        };
        let solver = self.solver(mode);
        let found = interruptible(py, &opts.stop, || {
            let mut first = None;
            let report = polyx::run(&solver, &opts, &mut |t| {
                first = Some(t.clone());
                ControlFlow::Break(())
            });
            report.map(|_| first)
        })?
        .map_err(to_py)?;
        Ok(found.map(|t| Solution::new(self.inner.clone(), t)))
    }

    /// "none", "unique" or "several": whether the puzzle has no solution, exactly one or
    /// more (up to the board's symmetries with "reduce"), found by a search that stops
    /// at the second.
    #[pyo3(signature = (symmetry = "reduce"))]
    fn check(&self, py: Python<'_>, symmetry: &str) -> PyResult<&'static str> {
        let mode = args::symmetry(symmetry)?;
        let opts = RunOptions::default();
        let solver = self.solver(mode);
        let checked = interruptible(py, &opts.stop, || design::check(&solver, &opts))?;
        let checked = checked.map_err(|stopped| value_error(stopped.to_string()))?;
        Ok(match checked.answer {
            Uniqueness::NoSolution => "none",
            Uniqueness::Unique(_) => "unique",
            Uniqueness::Several(..) => "several",
        })
    }

    /// What to do next on this board with the pieces `placed` so far (the board's own
    /// pre-placed pieces count too): a list of `(piece name or label, cells)`. The
    /// answer says whether the board can be finished and, if so, a good next move
    /// (a forced one when there is one), else which pieces to take off.
    #[pyo3(signature = (placed = None))]
    fn hint(&self, py: Python<'_>, placed: Option<&Bound<'_, PyAny>>) -> PyResult<Hint> {
        let puzzle = match placed {
            Some(placed) => Arc::new(hint::with_placed(&self.inner, placed)?),
            None => self.inner.clone(),
        };
        hint::hint(py, puzzle)
    }

    /// The board, with its pre-placed pieces, as text.
    fn text(&self) -> String {
        let p = &self.inner;
        polyx::render::ascii::tiling(&p.board, &p.set, &self.board())
    }

    /// The board, with its pre-placed pieces, as an SVG document.
    #[pyo3(signature = (cell_size = 32, labels = true))]
    fn svg(&self, cell_size: u32, labels: bool) -> PyResult<String> {
        solution::svg(&self.inner, &self.board(), cell_size, labels)
    }

    /// The board, with its pre-placed pieces, as PNG bytes.
    #[pyo3(signature = (cell_size = 32))]
    fn png<'py>(&self, py: Python<'py>, cell_size: u32) -> PyResult<Bound<'py, PyBytes>> {
        solution::png(py, &self.inner, &self.board(), cell_size)
    }

    /// The SVG picture of the board, for notebooks.
    fn _repr_svg_(&self) -> PyResult<String> {
        self.svg(32, true)
    }

    fn __repr__(&self) -> String {
        format!(
            "<polyx.Puzzle {:?}: {} cells, {} pieces, {} placements>",
            self.inner.board.name,
            self.inner.open.len(),
            self.inner.set.copies(),
            self.inner.placements.len()
        )
    }
}

/// The lazy iterator of `Puzzle.solutions()`.
#[pyclass(module = "polyx")]
pub struct Solutions {
    puzzle: Arc<polyx::Puzzle>,
    stream: Mutex<Stream<Tiling>>,
}

#[pymethods]
impl Solutions {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<Solution>> {
        let stream = self.stream.get_mut().unwrap_or_else(|e| e.into_inner());
        let next = stream.next(py)?;
        Ok(next.map(|t| Solution::new(self.puzzle.clone(), t)))
    }

    /// Stops the search and waits for its thread; the iterator then ends.
    fn close(&mut self, py: Python<'_>) {
        let stream = self.stream.get_mut().unwrap_or_else(|e| e.into_inner());
        stream.close(py);
    }

    fn __enter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __exit__(
        &mut self,
        py: Python<'_>,
        _kind: Option<&Bound<'_, PyAny>>,
        _value: Option<&Bound<'_, PyAny>>,
        _traceback: Option<&Bound<'_, PyAny>>,
    ) {
        self.close(py);
    }
}

/// A path as UTF-8 text, which the library's loaders take.
fn utf8(path: &std::path::Path) -> PyResult<&str> {
    path.to_str()
        .ok_or_else(|| value_error(format!("the path {} is not UTF-8", path.display())))
}

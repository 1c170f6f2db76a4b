//! `Puzzle.hint()`: the library's hint for a partly solved board ([`polyx::design::hint`])
//! as a `Hint` object: what kind of answer, the placements it names, why, the sentence
//! `polyx hint` says, and a picture of the board with the hinted piece on it. The pieces
//! a player placed so far come as `(piece, cells)` pairs, checked against the puzzle's
//! placements and put on a copy of its board as pre-placed pieces.

use std::collections::HashSet;
use std::sync::Arc;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

use polyx::design::{self, Hint as Answer, Move, Reason, Wording};
use polyx::{Cell, Placement, Puzzle, RunOptions, Square, Tiling};

use crate::errors::{input_error, value_error};
use crate::solution::{self, coordinates, placement, Coordinates};
use crate::wait::interruptible;

/// What to do next on a partly solved board.
#[pyclass(module = "polyx", frozen)]
pub struct Hint {
    puzzle: Arc<Puzzle>,
    answer: Answer,
}

#[pymethods]
impl Hint {
    /// "finished" (every cell is covered), "next" (the board can be finished; `placements`
    /// holds a good next move), "remove" (it cannot, but can once the pieces in
    /// `placements` are taken off) or "unsolvable" (the puzzle has no solution).
    #[getter]
    fn kind(&self) -> &'static str {
        match self.answer {
            Answer::Finished => "finished",
            Answer::Next(_) => "next",
            Answer::Remove(_) => "remove",
            Answer::Unsolvable => "unsolvable",
        }
    }

    /// The move to make ("next") or the pieces to take off ("remove"), as
    /// `(piece name, cells)`.
    #[getter]
    fn placements(&self) -> Vec<(String, Vec<Coordinates>)> {
        self.named()
            .iter()
            .map(|p| placement(&self.puzzle, p))
            .collect()
    }

    /// Why the move was chosen: "only cover" (the only placement covering `cell`),
    /// "only place" (its piece has no other place), "every completion" (every way to
    /// finish makes it) or "guess" (one way to finish makes it; `cell` is the most
    /// constrained cell); None for the other kinds.
    #[getter]
    fn reason(&self) -> Option<&'static str> {
        match self.answer {
            Answer::Next(Move { reason, .. }) => Some(match reason {
                Reason::OnlyCover(_) => "only cover",
                Reason::OnlyPlace => "only place",
                Reason::EveryCompletion => "every completion",
                Reason::Guess(_) => "guess",
            }),
            _ => None,
        }
    }

    /// The cell the reason names ("only cover", "guess"), else None.
    #[getter]
    fn cell(&self) -> Option<Coordinates> {
        let space = self.puzzle.board.grid.is_3d();
        match self.answer {
            Answer::Next(Move {
                reason: Reason::OnlyCover(c) | Reason::Guess(c),
                ..
            }) => Some(coordinates(c, space)),
            _ => None,
        }
    }

    /// True when every way to finish the board makes the move.
    #[getter]
    fn sure(&self) -> bool {
        matches!(&self.answer, Answer::Next(m) if m.reason.is_sure())
    }

    /// The hint in words, as `polyx hint` says it.
    #[getter]
    fn text(&self) -> String {
        let wording = Wording {
            drawn: false,
            challenge: false,
            layered: self.puzzle.board.depth > 1,
        };
        design::sentence(&self.puzzle.set, &self.answer, wording)
    }

    /// The board with its pre-placed pieces and the hinted move, as SVG.
    #[pyo3(signature = (cell_size = 32, labels = true))]
    fn svg(&self, cell_size: u32, labels: bool) -> PyResult<String> {
        let mut placements = self.puzzle.fixed.clone();
        if let Answer::Next(m) = &self.answer {
            placements.push(m.placement.clone());
        }
        solution::svg(&self.puzzle, &Tiling { placements }, cell_size, labels)
    }

    fn _repr_svg_(&self) -> PyResult<String> {
        self.svg(32, true)
    }

    fn __str__(&self) -> String {
        self.text()
    }

    fn __repr__(&self) -> String {
        format!("<polyx.Hint {}: {}>", self.kind(), self.text())
    }
}

impl Hint {
    fn named(&self) -> &[Placement] {
        match &self.answer {
            Answer::Next(m) => std::slice::from_ref(&m.placement),
            Answer::Remove(pieces) => pieces,
            Answer::Finished | Answer::Unsolvable => &[],
        }
    }
}

/// The hint for `puzzle`, searched off the interpreter's thread.
pub fn hint(py: Python<'_>, puzzle: Arc<Puzzle>) -> PyResult<Hint> {
    let opts = RunOptions::default();
    let answer = interruptible(py, &opts.stop, || design::hint(&puzzle, &opts))?
        .map_err(|stopped| value_error(stopped.to_string()))?;
    Ok(Hint { puzzle, answer })
}

/// `puzzle` with the pieces `placed` (`(piece name or label, cells)` pairs) put on its
/// board as pre-placed pieces. Each must be a placement of the puzzle (a piece with a
/// copy left, on open cells), one copy of a piece at most, no two on one cell.
pub fn with_placed(puzzle: &Puzzle, placed: &Bound<'_, PyAny>) -> PyResult<Puzzle> {
    if placed.is_instance_of::<pyo3::types::PyString>() {
        return Err(PyTypeError::new_err(
            "placed is a list of (piece, cells) pairs, not a string",
        ));
    }
    let mut board = puzzle.board.clone();
    let mut taken = HashSet::new();
    let mut used = HashSet::new();
    for (n, pair) in placed.try_iter()?.enumerate() {
        let (piece, cells): (String, Vec<Vec<i32>>) = pair?.extract().map_err(|_| {
            PyTypeError::new_err(format!(
                "placed[{n}] must be a (piece, cells) pair, cells a list of (x, y) tuples"
            ))
        })?;
        let k = piece_index(puzzle, &piece)?;
        let cells = cells
            .iter()
            .map(|c| cell(c, n))
            .collect::<PyResult<HashSet<Cell>>>()?;
        let fits = (puzzle.placements.iter()).any(|p| {
            p.piece == k
                && p.cells.len() == cells.len()
                && p.cells.iter().all(|c| cells.contains(c))
        });
        if !fits {
            return Err(value_error(format!(
                "placed[{n}]: those cells are not a place for piece {piece} on the open cells of the board"
            )));
        }
        if !used.insert(k) {
            return Err(value_error(format!(
                "placed[{n}]: piece {piece} is placed twice; place one copy of each piece"
            )));
        }
        for &c in &cells {
            if !taken.insert(c) {
                return Err(value_error(format!(
                    "placed[{n}]: cell {:?} is covered twice",
                    (c.x, c.y, c.z)
                )));
            }
            board.set_square(c, Square::Preplaced(puzzle.set.pieces[k].label));
        }
    }
    Puzzle::new(board, puzzle.set.clone()).map_err(|e| input_error(&e))
}

/// The index of the piece called `name`, or labelled with it.
fn piece_index(puzzle: &Puzzle, name: &str) -> PyResult<usize> {
    let set = &puzzle.set;
    let mut chars = name.chars();
    let label = match (chars.next(), chars.next()) {
        (Some(c), None) => set.by_label(c),
        _ => None,
    };
    set.by_name(name).or(label).ok_or_else(|| {
        let names: Vec<&str> = set.pieces.iter().map(|p| p.name.as_str()).collect();
        value_error(format!(
            "no piece is called {name:?}; the pieces are {}",
            names.join(", ")
        ))
    })
}

/// A cell from `(x, y)` or `(x, y, z)`.
fn cell(c: &[i32], n: usize) -> PyResult<Cell> {
    match *c {
        [x, y] => Ok(Cell::new(x, y)),
        [x, y, z] => Ok(Cell::at(x, y, z)),
        _ => Err(value_error(format!(
            "placed[{n}]: a cell is (x, y) or (x, y, z), not {c:?}"
        ))),
    }
}

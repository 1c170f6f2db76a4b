//! polyx from Python: the `polyx._polyx` extension module under the `polyx` package
//! (`python/polyx/`). Puzzles and their solutions (`puzzle.rs`, `solution.rs`,
//! `hint.rs`), generic exact cover (`exact_cover.rs`) and Sudoku (`sudoku.rs`) on the
//! polyx library; every long search runs off the interpreter's thread and stops on
//! Ctrl-C (`wait.rs` for one answer, `stream.rs` for a lazy iterator); errors are
//! `PolyxError`, `TypeError` or `ValueError` (`errors.rs`, `args.rs`).
#![forbid(unsafe_code)]

mod args;
mod errors;
mod exact_cover;
mod hint;
mod puzzle;
mod solution;
mod stream;
mod sudoku;
mod wait;

use pyo3::prelude::*;

/// The names of the built-in boards, each with one line saying what it is.
#[pyfunction]
fn builtin_boards() -> Vec<(&'static str, &'static str)> {
    polyx::builtin_boards().to_vec()
}

/// The names of the built-in piece sets, each with one line saying what it is.
#[pyfunction]
fn builtin_piece_sets() -> Vec<(&'static str, &'static str)> {
    polyx::builtin_piece_sets().to_vec()
}

#[pymodule]
fn _polyx(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    errors::add_defaults(py, m)?;
    m.add_class::<puzzle::Puzzle>()?;
    m.add_class::<puzzle::Solutions>()?;
    m.add_class::<solution::Solution>()?;
    m.add_class::<hint::Hint>()?;
    m.add_class::<exact_cover::Covers>()?;
    m.add_function(wrap_pyfunction!(exact_cover::exact_cover, m)?)?;
    m.add_function(wrap_pyfunction!(exact_cover::count_exact_covers, m)?)?;
    m.add_function(wrap_pyfunction!(sudoku::sudoku_solve, m)?)?;
    m.add_function(wrap_pyfunction!(sudoku::sudoku_count, m)?)?;
    m.add_function(wrap_pyfunction!(builtin_boards, m)?)?;
    m.add_function(wrap_pyfunction!(builtin_piece_sets, m)?)?;
    Ok(())
}

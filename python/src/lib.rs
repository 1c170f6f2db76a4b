//! polyx from Python: the `polyx._polyx` extension module under the `polyx` package
//! (`python/polyx/`). Puzzles and their solutions (`puzzle.rs`, `solution.rs`,
//! `hint.rs`), strip counts (`sequence.rs`), generic exact cover (`exact_cover.rs`) and Sudoku (`sudoku.rs`) on the
//! polyx library; every long search runs off the interpreter's thread and stops on
//! Ctrl-C (`wait.rs` for one answer, `stream.rs` for a lazy iterator); errors are
//! `PolyxError`, `TypeError` or `ValueError` (`errors.rs`, `args.rs`).
#![forbid(unsafe_code)]

mod args;
mod errors;
mod exact_cover;
mod hint;
mod puzzle;
mod sequence;
mod solution;
mod stream;
mod sudoku;
mod wait;

use pyo3::prelude::*;

/// The built-in boards: `(name, description)` each.
#[pyfunction]
fn builtin_boards() -> PyResult<Vec<(&'static str, String)>> {
    (polyx::builtin_boards().iter())
        .map(|&(name, _)| {
            let board = polyx::load_board(name).map_err(errors::to_py)?;
            Ok((name, board.description))
        })
        .collect()
}

/// The built-in piece sets: `(name, description)` each.
#[pyfunction]
fn builtin_piece_sets() -> PyResult<Vec<(&'static str, String)>> {
    (polyx::builtin_piece_sets().iter())
        .map(|&(name, _)| {
            let set = polyx::load_piece_set(name, None).map_err(errors::to_py)?;
            Ok((name, set.description))
        })
        .collect()
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
    m.add_function(wrap_pyfunction!(exact_cover::best_exact_covers, m)?)?;
    m.add_function(wrap_pyfunction!(sudoku::sudoku_solve, m)?)?;
    m.add_function(wrap_pyfunction!(sudoku::sudoku_count, m)?)?;
    m.add_function(wrap_pyfunction!(sequence::sequence, m)?)?;
    m.add_function(wrap_pyfunction!(builtin_boards, m)?)?;
    m.add_function(wrap_pyfunction!(builtin_piece_sets, m)?)?;
    Ok(())
}

//! The arguments every search takes, checked as the command line checks them: a
//! symmetry mode, a number of threads and a limit on solutions. Out-of-range values
//! raise `ValueError`.

use polyx::SymmetryMode;
use pyo3::prelude::*;

use crate::errors::value_error;

/// The most worker threads a search may ask for (as `polyx -j`).
const MAX_THREADS: i64 = 1024;

/// `"reduce"` (one solution per class of the board's symmetries) or `"keep"` (every one).
pub fn symmetry(name: &str) -> PyResult<SymmetryMode> {
    match name {
        "reduce" => Ok(SymmetryMode::Reduce),
        "keep" => Ok(SymmetryMode::Keep),
        other => Err(value_error(format!(
            "symmetry must be \"reduce\" or \"keep\", not {other:?}"
        ))),
    }
}

/// Worker threads: one unless asked, else 1 to 1024.
pub fn threads(threads: Option<i64>) -> PyResult<usize> {
    match threads {
        None => Ok(1),
        Some(n) if (1..=MAX_THREADS).contains(&n) => Ok(n as usize),
        Some(n) => Err(value_error(format!(
            "threads={n}: give 1 to {MAX_THREADS} threads (os.cpu_count() for every core), or None for one"
        ))),
    }
}

/// A limit on solutions: at least 1, or None for every solution.
pub fn limit(limit: Option<i64>) -> PyResult<Option<u64>> {
    match limit {
        None => Ok(None),
        Some(n) if n >= 1 => Ok(Some(n as u64)),
        Some(n) => Err(value_error(format!(
            "limit={n} asks for no solution: give 1 or more, or None for every one"
        ))),
    }
}

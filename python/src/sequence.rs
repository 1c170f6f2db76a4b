//! `polyx.sequence`: the tilings of the W × n rectangles for n in a range, from one
//! transfer-matrix sweep along the strip (the library's `strip_counts`, SPEC §11), as
//! Python ints of any size (each made from its decimal digits, so none is rounded).

use std::sync::atomic::AtomicBool;

use pyo3::prelude::*;

use crate::errors::{input_error, to_py, value_error};
use crate::wait::interruptible;

/// The number of tilings of the `width` × n rectangle by the pieces of `pieces` (a
/// built-in set's name, a piece-set file's path, or its TOML text), each as often as
/// needed, for n = `from_` ..= `to`, as a list of ints. One-sided pieces stay one-sided;
/// the set's counts do not apply. Square, hex and triangle grids (there the strip is
/// the parallelogram `size = [n, W]`). Releases the GIL; Ctrl-C stops it with
/// KeyboardInterrupt.
#[pyfunction]
#[pyo3(signature = (pieces, width, to, from_ = 1))]
pub fn sequence<'py>(
    py: Python<'py>,
    pieces: &str,
    width: i64,
    to: i64,
    from_: i64,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let set = if pieces.contains("[[piece]]") {
        polyx::parse_piece_set("<pieces>", pieces).map_err(|e| input_error(&e))?
    } else {
        polyx::load_piece_set(pieces, None).map_err(to_py)?
    };
    let arg = |value: i64, name: &str| {
        u32::try_from(value)
            .map_err(|_| value_error(format!("{name} must be from 0 to 4294967295, not {value}")))
    };
    let (width, to, from) = (arg(width, "width")?, arg(to, "to")?, arg(from_, "from_")?);
    let stop = AtomicBool::new(false);
    let counts = interruptible(py, &stop, || {
        polyx::strip_counts(&set, width, from, to, &stop)
    })?
    .map_err(|e| value_error(e.to_string()))?;
    let int = py.import("builtins")?.getattr("int")?;
    (counts.iter())
        .map(|(_, count)| int.call1((count.to_string(),)))
        .collect()
}

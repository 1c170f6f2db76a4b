//! Errors as Python sees them. The library's input errors become [`PolyxError`] with the
//! message the command line prints (place, offending line, caret, hint) and the parts
//! as attributes (`file`, `line`, `column`, `message`, `hint`); an unreadable file is a
//! `PolyxError` too, with `file` set. Bad arguments are `TypeError` or `ValueError`,
//! raised where they are read.

use pyo3::exceptions::{PyException, PyValueError};
use pyo3::prelude::*;

use polyx::{Error, InputError};

pyo3::create_exception!(
    polyx,
    PolyxError,
    PyException,
    "A puzzle, piece set or grid that polyx cannot use.\n\n\
     str(error) is the message `polyx` prints: the place, the offending line with a caret\n\
     under the column, and a hint. The parts are attributes: `file` (the file name, a\n\
     built-in's `<builtin>/NAME`, or None), `line` and `column` (1-based, or None),\n\
     `message` (what is wrong) and `hint` (how to fix it, or None)."
);

/// A `PolyxError` for the library error `e`.
pub fn to_py(e: Error) -> PyErr {
    match e {
        Error::Input(input) => input_error(&input),
        Error::Io { path, source } => {
            let message = source.to_string();
            located(
                format!("{path}: {message}"),
                Some(path),
                None,
                message,
                None,
            )
        }
        other => located(other.to_string(), None, None, other.to_string(), None),
    }
}

/// A `PolyxError` for the input error `e`, with its place and hint as attributes.
pub fn input_error(e: &InputError) -> PyErr {
    let (file, place) = match (&e.location, &e.path) {
        (Some(loc), _) => (Some(loc.path.clone()), Some((loc.line, loc.column))),
        (None, Some(path)) => (Some(path.clone()), None),
        (None, None) => (None, None),
    };
    located(
        e.to_string(),
        file,
        place,
        e.message.clone(),
        e.hint.clone(),
    )
}

fn located(
    text: String,
    file: Option<String>,
    place: Option<(usize, usize)>,
    message: String,
    hint: Option<String>,
) -> PyErr {
    Python::attach(|py| {
        let err = PolyxError::new_err(text);
        let value = err.value(py);
        // Setting attributes on a new exception instance cannot fail.
        let _ = value.setattr("file", file);
        let _ = value.setattr("line", place.map(|p| p.0));
        let _ = value.setattr("column", place.map(|p| p.1));
        let _ = value.setattr("message", message);
        let _ = value.setattr("hint", hint);
        err
    })
}

/// A `ValueError` saying `message`.
pub fn value_error(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(message.into())
}

/// The class's attribute defaults, so that `error.hint` reads None on any instance.
pub fn add_defaults(py: Python<'_>, module: &Bound<'_, PyModule>) -> PyResult<()> {
    let class = py.get_type::<PolyxError>();
    for name in ["file", "line", "column", "message", "hint"] {
        class.setattr(name, py.None())?;
    }
    module.add("PolyxError", class)
}

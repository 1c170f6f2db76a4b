//! The library's one error type. Every input error carries where it happened (file, line,
//! column, and the offending line so a caret can point at it) and, where one helps, a hint
//! that says how to fix the input. The binary prints `error: ` followed by `Display`.

use std::fmt;

/// A place in a user's input: file name (or `<stdin>`, `<builtin>/NAME`), 1-based line and
/// column, and the text of that line for the caret display.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Location {
    /// The file name (or `<stdin>`, `<builtin>/NAME`).
    pub path: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// The text of the line, without its line ending.
    pub line_text: String,
}

impl Location {
    /// The location of byte `offset` in `text`, which was read from `path`.
    pub(crate) fn at_offset(path: &str, text: &str, offset: usize) -> Location {
        let (line, column, line_start) = line_column(text, offset);
        let line_text = text[line_start..]
            .split('\n')
            .next()
            .unwrap_or("")
            .trim_end_matches('\r')
            .to_string();
        Location {
            path: path.to_string(),
            line,
            column,
            line_text,
        }
    }

    /// The location of 1-based `line` and `column` in `text`.
    pub(crate) fn at_line(path: &str, text: &str, line: usize, column: usize) -> Location {
        let line_text = text
            .split('\n')
            .nth(line.saturating_sub(1))
            .unwrap_or("")
            .trim_end_matches('\r')
            .to_string();
        Location {
            path: path.to_string(),
            line,
            column,
            line_text,
        }
    }
}

/// The 1-based line and column (in characters) of byte `offset` in `text` (clamped to
/// a character boundary within it), and the byte offset where that line starts.
pub(crate) fn line_column(text: &str, offset: usize) -> (usize, usize, usize) {
    let offset = offset.min(text.len());
    let before = &text.as_bytes()[..floor_char_boundary(text, offset)];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    // Characters are counted by their first bytes (UTF-8 continuation bytes are 10xxxxxx).
    let column = (before[line_start..].iter())
        .filter(|&&b| b & 0xC0 != 0x80)
        .count()
        + 1;
    (line, column, line_start)
}

fn floor_char_boundary(text: &str, mut offset: usize) -> usize {
    while offset > 0 && !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

/// Something wrong with what the user gave us. `Display` shows the place, the offending
/// line with a caret under the column, and the hint.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct InputError {
    /// Where, when the input is a file or a stream; `None` for command-line values.
    pub location: Option<Box<Location>>,
    /// A path without a position (a missing file, a file that is not UTF-8).
    pub path: Option<String>,
    /// What is wrong.
    pub message: String,
    /// How to fix it, when that is known.
    pub hint: Option<String>,
}

impl InputError {
    /// An error without a place (a command-line value, say).
    pub fn new(message: impl Into<String>) -> InputError {
        InputError {
            location: None,
            path: None,
            message: message.into(),
            hint: None,
        }
    }

    /// An error at `location`.
    pub(crate) fn at(location: Location, message: impl Into<String>) -> InputError {
        InputError {
            location: Some(Box::new(location)),
            ..InputError::new(message)
        }
    }

    /// An error about the file `path` as a whole.
    pub(crate) fn in_file(path: &str, message: impl Into<String>) -> InputError {
        InputError {
            path: Some(path.to_string()),
            ..InputError::new(message)
        }
    }

    /// The error with `hint` saying how to fix the input.
    pub fn with_hint(mut self, hint: impl Into<String>) -> InputError {
        self.hint = Some(hint.into());
        self
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.location, &self.path) {
            (Some(loc), _) => {
                write!(
                    f,
                    "{}:{}:{}: {}",
                    loc.path, loc.line, loc.column, self.message
                )?;
                let shown: String = loc.line_text.chars().take(200).collect();
                let gutter = loc.line.to_string().len();
                write!(f, "\n{:gutter$} |\n{} | {}", "", loc.line, shown)?;
                let caret_col = loc.column.saturating_sub(1).min(shown.chars().count());
                let pad: String = shown
                    .chars()
                    .take(caret_col)
                    .map(|c| if c == '\t' { '\t' } else { ' ' })
                    .collect();
                write!(f, "\n{:gutter$} | {}^", "", pad)?;
            }
            (None, Some(path)) => write!(f, "{}: {}", path, self.message)?,
            (None, None) => write!(f, "{}", self.message)?,
        }
        if let Some(hint) = &self.hint {
            write!(f, "\nhint: {hint}")?;
        }
        Ok(())
    }
}

impl std::error::Error for InputError {}

/// Every error the library returns.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The input is wrong; exit code 2.
    #[error("{0}")]
    Input(#[from] InputError),
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// What the system said.
        #[source]
        source: std::io::Error,
    },
}

impl Error {
    /// An I/O error on `path`.
    pub(crate) fn io(path: impl Into<String>, source: std::io::Error) -> Error {
        Error::Io {
            path: path.into(),
            source,
        }
    }
}

/// The library's `Result`: its error is [`Error`] unless given.
pub type Result<T, E = Error> = std::result::Result<T, E>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn location_points_at_line_and_column() {
        let text = "a = 1\nbb = x\n";
        let loc = Location::at_offset("f.toml", text, 11);
        assert_eq!((loc.line, loc.column), (2, 6));
        assert_eq!(loc.line_text, "bb = x");
        let shown = InputError::at(loc, "bad value").with_hint("use a number");
        let text = shown.to_string();
        assert!(text.starts_with("f.toml:2:6: bad value"));
        assert!(text.contains("2 | bb = x"));
        assert!(text.contains("|      ^"));
        assert!(text.ends_with("hint: use a number"));
    }
}

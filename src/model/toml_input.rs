//! Reading TOML with positions: syntax and serde errors become [`InputError`]s at the
//! right line and column (unknown keys get a "did you mean" hint), and typed accessors
//! turn spanned values into strings, integers and booleans with messages that name the
//! key, the expected type and the type found; the `grid` key names a [`Grid`].

use serde::de::DeserializeOwned;
use toml::{Spanned, Value};

use super::suggest::did_you_mean;
use crate::error::{InputError, Location};
use crate::geom::Grid;

/// An optional key of a TOML table, with where its value is.
pub type Field = Option<Spanned<Value>>;

/// A TOML document being read: its path for messages and its text.
#[derive(Clone, Copy)]
pub struct Input<'a> {
    pub path: &'a str,
    pub text: &'a str,
}

impl<'a> Input<'a> {
    pub fn location(&self, offset: usize) -> Location {
        Location::at_offset(self.path, self.text, offset)
    }

    pub fn error(&self, offset: usize, message: impl Into<String>) -> InputError {
        InputError::at(self.location(offset), message)
    }

    pub fn error_at<T>(&self, value: &Spanned<T>, message: impl Into<String>) -> InputError {
        self.error(value.span().start, message)
    }

    /// Where the key of the value at `offset` starts: the first non-blank character of
    /// its line (keys come first on their line in the files we read).
    pub fn key_position(&self, offset: usize) -> (usize, usize) {
        let loc = self.location(offset);
        let indent = loc
            .line_text
            .chars()
            .take_while(|c| c.is_whitespace())
            .count();
        (loc.line, indent + 1)
    }

    /// Byte offset of the first line that starts with `prefix` (after blanks).
    pub fn line_starting_with(&self, prefix: &str) -> Option<usize> {
        let mut offset = 0;
        for line in self.text.split('\n') {
            let indent = line.len() - line.trim_start().len();
            if line.trim_start().starts_with(prefix) {
                return Some(offset + indent);
            }
            offset += line.len() + 1;
        }
        None
    }

    /// An empty (or blank) text is an error: the file should hold `what`.
    pub fn check_not_empty(&self, what: &str) -> Result<(), InputError> {
        if self.text.trim().is_empty() {
            return Err(self
                .error(0, format!("the file is empty; expected {what}"))
                .with_hint("see the files under `pieces/` and `boards/` for examples"));
        }
        Ok(())
    }

    /// Parses the text as a table (syntax only); an empty text is an error.
    pub fn table(&self, what: &str) -> Result<toml::Table, InputError> {
        self.check_not_empty(what)?;
        toml::from_str(self.text).map_err(|e| self.de_error(&e))
    }

    /// Deserializes the text into `T`.
    pub fn parse<T: DeserializeOwned>(&self) -> Result<T, InputError> {
        toml::from_str(self.text).map_err(|e| self.de_error(&e))
    }

    /// A TOML or serde error at its span, reworded where we know better.
    pub fn de_error(&self, e: &toml::de::Error) -> InputError {
        let offset = e.span().map_or(0, |s| s.start);
        let message = e.message().trim();
        if let Some(rest) = message.strip_prefix("unknown field ") {
            let words = backticked(rest);
            if let Some((unknown, known)) = words.split_first() {
                let known: Vec<&str> = known.to_vec();
                let hint = did_you_mean(unknown, known.iter().copied()).unwrap_or_else(|| {
                    let list: Vec<String> = known.iter().map(|k| format!("`{k}`")).collect();
                    format!("the keys allowed here are {}", list.join(", "))
                });
                return self
                    .error(offset, format!("unknown key `{unknown}`"))
                    .with_hint(hint);
            }
        }
        if message.contains("expected a sequence") {
            return self
                .error(offset, "`piece` must be a list of tables")
                .with_hint("write each piece as a `[[piece]]` table");
        }
        if message == "duplicate key" {
            // The parser names no key: the span is the key written a second time.
            let key = e.span().and_then(|s| self.text.get(s)).map(str::trim);
            if let Some(key) = key.filter(|k| !k.is_empty() && !k.contains('\n')) {
                return self
                    .error(offset, format!("duplicate key `{key}`"))
                    .with_hint("each key may be given once per table");
            }
        }
        let oneline: Vec<&str> = message.lines().map(str::trim).collect();
        let error = self.error(offset, oneline.join("; "));
        if message.starts_with("string values must be quoted") {
            return error.with_hint("text values need quotes: key = \"value\"");
        }
        error
    }

    fn type_error(&self, key: &str, v: &Spanned<Value>, expected: &str) -> InputError {
        self.error_at(
            v,
            format!("`{key}` must be {expected}, not {}", type_name(v.get_ref())),
        )
    }

    pub fn string(&self, key: &str, v: &Spanned<Value>) -> Result<String, InputError> {
        match v.get_ref() {
            Value::String(s) => Ok(s.clone()),
            _ => Err(self
                .type_error(key, v, "a string")
                .with_hint(format!("put the value in quotes: {key} = \"...\""))),
        }
    }

    pub fn boolean(&self, key: &str, v: &Spanned<Value>) -> Result<bool, InputError> {
        match v.get_ref() {
            Value::Boolean(b) => Ok(*b),
            _ => Err(self.type_error(key, v, "true or false").with_hint(format!(
                "write `{key} = true` or `{key} = false`, without quotes"
            ))),
        }
    }

    /// An integer in `min..=max`; `what` describes the limit in the message.
    pub fn integer(
        &self,
        key: &str,
        v: &Spanned<Value>,
        min: i64,
        max: i64,
    ) -> Result<i64, InputError> {
        let n = match v.get_ref() {
            Value::Integer(n) => *n,
            _ => return Err(self.type_error(key, v, "a whole number")),
        };
        if n < min || n > max {
            return Err(self.error_at(v, format!("`{key}` must be from {min} to {max}, not {n}")));
        }
        Ok(n)
    }

    /// The `grid` key (square when it is missing); an unknown name is an error at its value.
    pub fn grid(&self, grid: &Field) -> Result<Grid, InputError> {
        let Some(g) = grid else {
            return Ok(Grid::Square);
        };
        let value = self.string("grid", g)?;
        if let Some(grid) = Grid::from_name(&value) {
            return Ok(grid);
        }
        let names = Grid::ALL.map(Grid::name);
        // `hexagon`, `tri`, `squares`: a grid's name that starts the value or that it starts.
        let lower = value.to_lowercase();
        let prefix = names
            .into_iter()
            .find(|n| !lower.is_empty() && (lower.starts_with(n) || n.starts_with(lower.as_str())));
        let hint = did_you_mean(&value, names)
            .or_else(|| prefix.map(|n| format!("did you mean `{n}`?")))
            .unwrap_or_else(|| {
                "the grids are `square` (the default), `hex`, `triangle`, `cube` and `sphere`"
                    .to_string()
            });
        Err(self
            .error_at(g, format!("unknown grid `{value}`"))
            .with_hint(hint))
    }

    pub fn opt_string(&self, key: &str, v: &Field) -> Result<Option<String>, InputError> {
        v.as_ref().map(|v| self.string(key, v)).transpose()
    }

    pub fn opt_bool(&self, key: &str, v: &Field, default: bool) -> Result<bool, InputError> {
        Ok(v.as_ref()
            .map(|v| self.boolean(key, v))
            .transpose()?
            .unwrap_or(default))
    }
}

/// "a string", "an integer", … for messages.
pub fn type_name(v: &Value) -> &'static str {
    match v {
        Value::String(_) => "a string",
        Value::Integer(_) => "an integer",
        Value::Float(_) => "a decimal number",
        Value::Boolean(_) => "a boolean",
        Value::Datetime(_) => "a date",
        Value::Array(_) => "an array",
        Value::Table(_) => "a table",
    }
}

/// The words between backticks in `s`, in order.
fn backticked(s: &str) -> Vec<&str> {
    s.split('`').skip(1).step_by(2).collect()
}

/// The file stem of `path`, for default names.
pub fn file_stem(path: &str) -> String {
    std::path::Path::new(path)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| path.to_string())
}

//! Pictures (a piece's or a board's `shape` string) as rows of characters, each row
//! remembering where it sits in the file. Column positions are literal; leading and
//! trailing blank lines are dropped (SPEC §1). When the TOML string holds no escapes,
//! every character maps to its exact line and column; otherwise rows point at the string.
//! On the hex grid every cell of a picture has one parity of column + row.

use std::ops::Range;

use crate::error::{line_column, InputError, Location};
use crate::geom::{Cell, Grid};

/// The longest side of a picture or board, in cells.
pub const MAX_SIDE: i64 = 1000;

/// The rows of a picture and, for each, the 1-based line and column of its `x = 0`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Picture {
    /// Characters of each row, `\r` and trailing spaces removed.
    pub rows: Vec<Vec<char>>,
    pub origin: Vec<(usize, usize)>,
}

impl Picture {
    /// Reads `value`, the string whose token spans `span` in `text`.
    pub fn read(text: &str, span: Range<usize>, value: &str) -> Picture {
        let (first_line, first_column, exact) = content_start(text, span, value);
        let lines: Vec<&str> = value.split('\n').collect();
        let blank = |s: &&str| s.trim().is_empty();
        let start = lines.iter().position(|s| !blank(s)).unwrap_or(lines.len());
        let end = lines
            .iter()
            .rposition(|s| !blank(s))
            .map_or(start, |i| i + 1);
        let mut picture = Picture::default();
        for (k, line) in lines.iter().enumerate().take(end).skip(start) {
            let row: Vec<char> = line.trim_end_matches(['\r', ' ']).chars().collect();
            picture.rows.push(row);
            picture.origin.push(match (exact, k) {
                (true, 0) => (first_line, first_column),
                (true, _) => (first_line + k, 1),
                (false, _) => (first_line, first_column),
            });
        }
        picture
    }

    /// The width of the widest row.
    pub fn width(&self) -> usize {
        self.rows.iter().map(Vec::len).max().unwrap_or(0)
    }

    /// On the hex grid, every cell of a picture has the parity of column + row of its first
    /// cell (`first`); `cell` of the other parity is an error at its character.
    pub fn check_parity(
        &self,
        path: &str,
        text: &str,
        grid: Grid,
        first: Option<&Cell>,
        cell: Cell,
    ) -> Result<(), InputError> {
        let lattice = grid.lattice();
        let Some(&first) = first else {
            return Ok(());
        };
        if grid != Grid::Hex || lattice.class(first) == lattice.class(cell) {
            return Ok(());
        }
        let parity = |c: Cell| if lattice.class(c) == 0 { "even" } else { "odd" };
        let at = self.location(path, text, cell.x as usize, cell.y as usize);
        let first_at = self.location(path, text, first.x as usize, first.y as usize);
        Err(InputError::at(
            at,
            format!(
                "this hexagon is between two columns: column + row is {} here but {} at the first cell (line {}, column {})",
                parity(cell),
                parity(first),
                first_at.line,
                first_at.column
            ),
        )
        .with_hint("hex pictures are doubled-width honeycombs: cells in a row are 2 columns apart and each row is shifted by one column from the next, so every cell has the same parity of column + row; move this character one column left or right"))
    }

    /// Where character `x` of row `y` is in `text`, read from `path`.
    pub fn location(&self, path: &str, text: &str, x: usize, y: usize) -> Location {
        let (line, column) = self.origin.get(y).copied().unwrap_or((1, 1));
        Location::at_line(path, text, line, column + x)
    }
}

/// The line and column where the string's content starts, and whether its raw text is
/// exactly its value (so that offsets within it map one to one).
fn content_start(text: &str, span: Range<usize>, value: &str) -> (usize, usize, bool) {
    let raw = text.get(span.clone()).unwrap_or("");
    let delimiter = if raw.starts_with("\"\"\"") || raw.starts_with("'''") {
        3
    } else if raw.starts_with('"') || raw.starts_with('\'') {
        1
    } else {
        0
    };
    let mut start = span.start + delimiter;
    let end = span.end.saturating_sub(delimiter).max(start);
    if delimiter == 3 {
        let rest = text.get(start..).unwrap_or("");
        if rest.starts_with("\r\n") {
            start += 2;
        } else if rest.starts_with('\n') {
            start += 1;
        }
    }
    let content = text.get(start..end).unwrap_or("");
    let exact = delimiter > 0 && same_but_line_ends(content, value);
    let (line, column, _) = line_column(text, if exact { start } else { span.start });
    (line, column, exact)
}

/// `a == b` once every `\r\n` is read as `\n`.
fn same_but_line_ends(a: &str, b: &str) -> bool {
    if a.contains('\r') || b.contains('\r') {
        a.replace("\r\n", "\n") == b.replace("\r\n", "\n")
    } else {
        a == b
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str, value: &str) -> Picture {
        let start = text.find("\"\"\"").or_else(|| text.find('"')).unwrap();
        let end = text.rfind('"').unwrap() + 1;
        Picture::read(text, start..end, value)
    }

    #[test]
    fn multiline_rows_map_to_lines() {
        let text = "shape = \"\"\"\n\n .#\n##.\n\n\"\"\"\n";
        let p = read(text, "\n .#\n##.\n\n");
        assert_eq!(p.rows, vec![vec![' ', '.', '#'], vec!['#', '#', '.']]);
        assert_eq!(p.origin, vec![(3, 1), (4, 1)]);
        assert_eq!(p.width(), 3);
        let loc = p.location("f", text, 2, 0);
        assert_eq!((loc.line, loc.column), (3, 3));
    }

    #[test]
    fn escaped_strings_point_at_the_string() {
        let text = "shape = \"#.\\n##\"\n";
        let p = read(text, "#.\n##");
        assert_eq!(p.rows.len(), 2);
        assert_eq!(p.origin, vec![(1, 9), (1, 9)]);
    }

    #[test]
    fn first_row_on_the_quote_line() {
        let text = "s = '''##\n.#'''";
        let p = Picture::read(text, 4..text.len(), "##\n.#");
        assert_eq!(p.origin, vec![(1, 8), (2, 1)]);
    }
}

//! Reading Sudoku text. Whitespace inside a line is ignored; every other character is a
//! cell. A line of b⁴ cells is a whole puzzle; a line of b² cells starts a grid of b²
//! such lines; blank lines separate grids (and may be left out between them). Lines of 16
//! cells are ambiguous (a 4×4 puzzle, or a row of a 16×16 grid): a block of lines that
//! contains a letter is read as 16×16 grids, otherwise as 4×4 puzzles, one per line.
//! Every error names the line and column and says what was expected.

use super::{symbol_range, value, Form, Sudoku, MAX_BOX, MIN_BOX};
use crate::error::{InputError, Location};

/// One input line: its text and its cells as (character, byte offset, 1-based column).
struct Line<'a> {
    text: &'a str,
    cells: Vec<(char, usize, usize)>,
}

fn cells_of(text: &str) -> Vec<(char, usize, usize)> {
    text.char_indices()
        .enumerate()
        .filter(|(_, (_, c))| !c.is_whitespace())
        .map(|(col, (off, c))| (c, off, col + 1))
        .collect()
}

/// The box size b with b^power == len, if one is supported.
fn box_for(len: usize, power: u32) -> Option<usize> {
    (MIN_BOX..=MAX_BOX).find(|b| b.pow(power) == len)
}

fn sizes(power: u32) -> String {
    let list: Vec<String> = (MIN_BOX..=MAX_BOX.min(5))
        .map(|b| b.pow(power).to_string())
        .collect();
    list.join(", ")
}

/// The text being read: its name (for messages), itself, and its lines.
struct Input<'a> {
    path: &'a str,
    text: &'a str,
    lines: Vec<Line<'a>>,
}

impl<'a> Input<'a> {
    fn new(path: &'a str, text: &'a str) -> Input<'a> {
        let lines = (text.split('\n'))
            .map(|t| {
                let text = t.trim_end_matches('\r');
                Line {
                    text,
                    cells: cells_of(text),
                }
            })
            .collect();
        Input { path, text, lines }
    }

    /// An error at 0-based line `line`, 1-based column `col`.
    fn err(&self, line: usize, col: usize, msg: String) -> InputError {
        InputError::at(Location::at_line(self.path, self.text, line + 1, col), msg)
    }

    /// The column just past the end of line `i` (1 past the input's end).
    fn end_of(&self, i: usize) -> usize {
        self.lines.get(i).map_or(1, |l| l.text.chars().count() + 1)
    }

    /// Whether the block of non-blank lines from line `i` has a letter in it.
    fn block_has_letters(&self, i: usize) -> bool {
        let rest = &self.lines[i..];
        let block = rest.iter().take_while(|l| !l.cells.is_empty());
        block
            .flat_map(|l| &l.cells)
            .any(|(c, _, _)| c.is_ascii_alphabetic())
    }

    /// The puzzle of lines `first..first + count`.
    fn puzzle(
        &self,
        b: usize,
        form: Form,
        first: usize,
        count: usize,
    ) -> Result<Sudoku, InputError> {
        let lines = &self.lines[first..first + count];
        puzzle(self.path, self.text, b, form, first, lines)
    }

    /// Checks that the `n` lines from line `i` are the rows of an `n`×`n` grid.
    fn check_grid(&self, i: usize, n: usize) -> Result<(), InputError> {
        for j in i..i + n {
            let Some(line) = self.lines.get(j).filter(|l| !l.cells.is_empty()) else {
                return Err(self
                    .err(
                        j,
                        self.end_of(j),
                        format!(
                            "the {n}×{n} grid that starts on line {} has only {} rows",
                            i + 1,
                            j - i
                        ),
                    )
                    .with_hint(format!(
                        "a {n}×{n} grid has {n} lines of {n} cells; blank lines separate grids"
                    )));
            };
            if line.cells.len() != n {
                let col = match line.cells.get(n) {
                    Some(&(_, _, col)) => col,
                    None => self.end_of(j),
                };
                return Err(self
                    .err(
                        j,
                        col,
                        format!(
                            "this row has {} cells, but the grid that starts on line {} has rows of {n}",
                            line.cells.len(),
                            i + 1
                        ),
                    )
                    .with_hint(format!(
                        "every row of a {n}×{n} grid has {n} cells; `.` or `0` is an empty cell"
                    )));
            }
        }
        Ok(())
    }
}

/// Every puzzle in `text`, which was read from `path`, in order.
pub fn parse(path: &str, text: &str) -> Result<Vec<Sudoku>, InputError> {
    let input = Input::new(path, text);
    let mut puzzles = Vec::new();
    let mut i = 0;
    while i < input.lines.len() {
        let len = input.lines[i].cells.len();
        if len == 0 {
            i += 1;
            continue;
        }
        // Sixteen cells with a letter in their block are a row of a 16×16 grid.
        let one_line = box_for(len, 4).filter(|&b| !(b == 2 && input.block_has_letters(i)));
        if let Some(b) = one_line {
            puzzles.push(input.puzzle(b, Form::Line, i, 1)?);
            i += 1;
            continue;
        }
        let Some(b) = box_for(len, 2) else {
            return Err(input
                .err(
                    i,
                    input.end_of(i),
                    format!("a line of {len} cells is neither a whole puzzle nor a row of a grid"),
                )
                .with_hint(format!(
                    "a puzzle on one line has {} cells; a grid has that many rows of {} cells",
                    sizes(4),
                    sizes(2)
                )));
        };
        let n = b * b;
        input.check_grid(i, n)?;
        puzzles.push(input.puzzle(b, Form::Grid, i, n)?);
        i += n;
    }
    if puzzles.is_empty() {
        return Err(
            InputError::in_file(path, "no puzzle in the input").with_hint(
                "give one puzzle per line (81 cells for 9×9), or grids of 9 lines of 9 cells",
            ),
        );
    }
    Ok(puzzles)
}

/// The puzzle made of `lines` (starting at 0-based line `first`), each cell checked.
fn puzzle(
    path: &str,
    text: &str,
    b: usize,
    form: Form,
    first: usize,
    lines: &[Line<'_>],
) -> Result<Sudoku, InputError> {
    let n = b * b;
    let mut cells = Vec::with_capacity(n * n);
    let mut at = Vec::with_capacity(n * n);
    for (l, line) in lines.iter().enumerate() {
        for &(c, off, col) in &line.cells {
            let Some(d) = value(b, c) else {
                let loc = Location::at_line(path, text, first + l + 1, col);
                return Err(InputError::at(
                    loc,
                    format!("`{c}` is not a symbol of a {n}×{n} sudoku"),
                )
                .with_hint(format!(
                    "the symbols are {}; `.` or `0` is an empty cell",
                    symbol_range(b)
                )));
            };
            cells.push(d);
            at.push((l as u32, off as u32));
        }
    }
    Ok(Sudoku {
        box_size: b,
        cells,
        form,
        line: first + 1,
        text: lines.iter().map(|l| l.text.to_string()).collect(),
        at,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_forms_and_blank_lines() {
        let text = "1...\n..2.\n.3..\n...4\n\n1.......2......3\n";
        let p = parse("t", text).unwrap();
        assert_eq!(p.len(), 2);
        assert_eq!((p[0].form(), p[0].line()), (Form::Grid, 1));
        assert_eq!((p[1].form(), p[1].line()), (Form::Line, 6));
        assert_eq!(p[1].cells()[15], 3);
    }

    #[test]
    fn a_foreign_symbol_is_located() {
        let e = parse("f", "1234\n34x2\n2143\n4321\n").unwrap_err();
        let loc = e.location.unwrap();
        assert_eq!((loc.line, loc.column), (2, 3));
    }

    #[test]
    fn a_short_grid_is_an_error() {
        let e = parse("f", "1234\n3412\n\n").unwrap_err();
        assert_eq!(e.location.unwrap().line, 3);
    }

    #[test]
    fn letters_make_sixteen_cells_a_grid_row() {
        let row = "A...............\n";
        let text = row.repeat(16);
        let p = parse("t", &text);
        // 16 'A's in column 0: a clash, but well-formed.
        assert_eq!(p.unwrap()[0].box_size(), 4);
    }
}

//! Reading Sudoku text, puzzle by puzzle, from any `BufRead`: [`Reader`] holds at most
//! one grid's lines (plus 16 lines of look-ahead), so memory stays flat however long
//! the input.
//!
//! Inside a line, whitespace and `|` are layout; every other character is a cell. A line
//! of b⁴ cells is a whole puzzle; a line of b² cells starts a grid of b² such rows; blank
//! lines separate grids (and may be left out between them). A line of only `-` and `+`
//! is a rule (a separator line such as `------+------`) when it has a `+`, or when its
//! number of `-` is not that of a row (inside a grid) or of a row or puzzle (outside);
//! rules inside a grid, or just before or after it, are kept in its layout; elsewhere
//! they are skipped. Lines of 16 cells are ambiguous (a 4×4 puzzle, or a row of a
//! 16×16 grid): if one of the 16 lines from there holds a letter, they are rows of
//! 16×16 grids until the next blank line, otherwise a 4×4 puzzle.
//! The first non-blank line may be a count line (the judge layout): one whole number T,
//! then exactly T puzzles. A number of b⁴ digits is a puzzle, and one of b² digits
//! followed by a line of as many cells is the first row of a grid.
//! Every error names the line and column and says what was expected.

use std::collections::VecDeque;
use std::io::{BufRead, Read};

use super::{symbol_range, value, Form, Sudoku, MAX_BOX, MIN_BOX};
use crate::error::{Error, InputError, Location};

/// The longest line read (a 49×49 puzzle on one line, with a blank after every cell, is
/// under 5,000 bytes).
const MAX_LINE: u64 = 1 << 16;

/// How many lines decide whether 16 cells are a 4×4 puzzle or a 16×16 row.
const SIXTEEN: usize = 16;

/// A byte marked as no cell of a 9×9 puzzle in [`NINE`].
const NOT_A_CELL: u8 = 0x80;

/// The digit of each byte in a 9×9 puzzle: `1`-`9` for themselves, 0 for `.`, `0` and
/// `-`, [`NOT_A_CELL`] for the rest.
static NINE: [u8; 256] = {
    let mut t = [NOT_A_CELL; 256];
    let mut d = 1;
    while d <= 9 {
        t[(b'0' + d) as usize] = d;
        d += 1;
    }
    t[b'.' as usize] = 0;
    t[b'0' as usize] = 0;
    t[b'-' as usize] = 0;
    t
};

/// One cell of a line: its character, byte offset and 1-based column.
#[derive(Clone, Copy, Debug)]
struct Cell {
    ch: char,
    off: u32,
    col: u32,
}

/// One input line: its 1-based number, text and cells.
#[derive(Debug)]
struct Line {
    number: usize,
    text: String,
    cells: Vec<Cell>,
}

impl Line {
    fn new(number: usize, text: String) -> Line {
        let is_cell = |c: char| !c.is_whitespace() && c != '|';
        let cells = if text.is_ascii() {
            // Columns are byte offsets + 1.
            let mut cells = Vec::with_capacity(text.len());
            for (off, &b) in text.as_bytes().iter().enumerate() {
                if is_cell(char::from(b)) {
                    let off = off as u32;
                    cells.push(Cell {
                        ch: char::from(b),
                        off,
                        col: off + 1,
                    });
                }
            }
            cells
        } else {
            (text.char_indices().enumerate())
                .filter(|(_, (_, c))| is_cell(*c))
                .map(|(col, (off, ch))| Cell {
                    ch,
                    off: off as u32,
                    col: col as u32 + 1,
                })
                .collect()
        };
        Line {
            number,
            text,
            cells,
        }
    }

    fn is_blank(&self) -> bool {
        self.cells.is_empty()
    }

    /// The column just past the line's end.
    fn end(&self) -> usize {
        self.text.chars().count() + 1
    }

    /// Whether this is a rule (separator line), when rows of the grid being read have
    /// `row` cells (`None` outside a grid).
    fn is_rule(&self, row: Option<usize>) -> bool {
        if self.is_blank() || !self.cells.iter().all(|c| c.ch == '-' || c.ch == '+') {
            return false;
        }
        let dashes = self.cells.len();
        self.cells.iter().any(|c| c.ch == '+')
            || match row {
                Some(n) => dashes != n,
                None => box_for(dashes, 2).is_none() && box_for(dashes, 4).is_none(),
            }
    }

    fn has_letter(&self) -> bool {
        self.cells.iter().any(|c| c.ch.is_ascii_alphabetic())
    }
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

/// Puzzles read one at a time from `input`; an iterator of `Result<Sudoku, Error>` that
/// ends after the first error.
pub struct Reader<R> {
    input: R,
    path: String,
    /// Lines read but not yet used.
    ahead: VecDeque<Line>,
    /// The number of the last line read.
    lines_read: usize,
    at_end: bool,
    /// The block of lines being read holds 16×16 grids.
    in_sixteens: bool,
    /// Rules read since the last puzzle or blank line.
    rules: Vec<Line>,
    puzzles: usize,
    /// The count line (the judge layout), once read: the number it gives, and the line.
    count: Option<(usize, Line)>,
    /// The first non-blank line has been looked at as a possible count line.
    count_checked: bool,
    failed: bool,
    buf: Vec<u8>,
}

impl<R: BufRead> Reader<R> {
    /// Reads `input`, which is named `path` in messages.
    pub fn new(path: &str, input: R) -> Reader<R> {
        Reader {
            input,
            path: path.to_string(),
            ahead: VecDeque::new(),
            lines_read: 0,
            at_end: false,
            in_sixteens: false,
            rules: Vec::new(),
            puzzles: 0,
            count: None,
            count_checked: false,
            failed: false,
            buf: Vec::new(),
        }
    }

    /// True if the next puzzle can be read without reading from the input: its lines
    /// are already buffered (here or in the `BufRead`), or the input has ended. A caller
    /// that flushes its output before a read that could wait has never kept back an
    /// answer it owes.
    pub fn has_buffered(&mut self) -> bool
    where
        R: Buffered,
    {
        self.at_end || !self.ahead.is_empty() || self.input.has_buffered()
    }

    /// The next puzzle, `Ok(None)` at the end of the input.
    pub fn next_puzzle(&mut self) -> Result<Option<Sudoku>, Error> {
        if self.failed {
            return Ok(None);
        }
        let result = self.read_puzzle().and_then(|p| self.counted(p));
        self.failed = result.is_err();
        if let Ok(Some(_)) = result {
            self.puzzles += 1;
        }
        result
    }

    fn read_puzzle(&mut self) -> Result<Option<Sudoku>, Error> {
        if let Some(puzzle) = self.plain_nine()? {
            return Ok(Some(puzzle));
        }
        loop {
            if self.peek(0)?.is_none() {
                if self.puzzles == 0 && self.count.is_none() {
                    return Err(InputError::in_file(&self.path, "no puzzle in the input")
                        .with_hint(
                            "give one puzzle per line (81 cells for 9×9), or grids of 9 lines of 9 cells",
                        )
                        .into());
                }
                return Ok(None);
            }
            let line = self.pop();
            if line.is_blank() {
                self.in_sixteens = false;
                self.rules.clear();
                continue;
            }
            if !self.count_checked {
                self.count_checked = true;
                if let Some(total) = self.count_line(&line)? {
                    self.count = Some((total, line));
                    continue;
                }
            }
            if line.is_rule(None) {
                // Only the rule just before a grid belongs to it.
                self.rules.clear();
                self.rules.push(line);
                continue;
            }
            let len = line.cells.len();
            let one_line = match box_for(len, 4) {
                Some(MIN_BOX) if self.sixteen_is_a_row(&line)? => None,
                b => b,
            };
            if let Some(b) = one_line {
                self.rules.clear();
                return Ok(Some(self.puzzle(b, Form::Line, vec![(line, true)])?));
            }
            let Some(b) = box_for(len, 2) else {
                return Err(self
                    .err(
                        &line,
                        line.end(),
                        format!(
                            "a line of {len} cells is neither a whole puzzle nor a row of a grid"
                        ),
                    )
                    .with_hint(format!(
                        "a puzzle on one line has {} cells; a grid has that many rows of {} cells",
                        sizes(4),
                        sizes(2)
                    ))
                    .into());
            };
            let lines = self.grid(b, line)?;
            return Ok(Some(self.puzzle(b, Form::Grid, lines)?));
        }
    }

    /// The next line, if it is a 9×9 puzzle written as exactly its 81 cells (`1`-`9`,
    /// `.`, `0`, `-`) and already in the input's buffer, read straight from there: the
    /// common one-puzzle-a-line form, without the general splitting of a line into
    /// cells. The puzzle is the one the general path reads from such a line.
    fn plain_nine(&mut self) -> Result<Option<Sudoku>, Error> {
        const CELLS: usize = 81;
        if !self.ahead.is_empty() {
            return Ok(None);
        }
        let buf = self
            .input
            .fill_buf()
            .map_err(|e| Error::io(&self.path, e))?;
        let end = match (buf.get(CELLS), buf.get(CELLS + 1)) {
            (Some(b'\n'), _) => CELLS + 1,
            (Some(b'\r'), Some(b'\n')) => CELLS + 2,
            _ => return Ok(None),
        };
        let line = &buf[..CELLS];
        let mut cells = [0; CELLS];
        let mut bad = 0;
        for (cell, &b) in cells.iter_mut().zip(line) {
            *cell = NINE[usize::from(b)];
            bad |= *cell;
        }
        if bad & NOT_A_CELL != 0 {
            return Ok(None);
        }
        // Only ASCII bytes are cells.
        let Ok(text) = std::str::from_utf8(line) else {
            return Ok(None);
        };
        let (cells, text) = (cells.to_vec(), text.to_string());
        self.input.consume(end);
        self.lines_read += 1;
        // Such a line is never a count line, and a rule before it is not kept.
        self.count_checked = true;
        self.rules.clear();
        Ok(Some(Sudoku::plain(3, cells, text, self.lines_read)))
    }

    /// Whether `line` of 16 cells is a row of a 16×16 grid: its block holds 16×16 grids
    /// already, or it or one of the next 15 lines holds a letter.
    fn sixteen_is_a_row(&mut self, line: &Line) -> Result<bool, Error> {
        if !self.in_sixteens {
            let mut letters = line.has_letter();
            for i in 0..SIXTEEN - 1 {
                match self.peek(i)? {
                    Some(l) if !l.is_blank() => letters |= l.has_letter(),
                    _ => break,
                }
            }
            self.in_sixteens = letters;
        }
        Ok(self.in_sixteens)
    }

    /// The lines of the grid of box size `b` whose first row is `first`, with the rules
    /// just before it, inside it and just after it; each line flagged true if a row.
    fn grid(&mut self, b: usize, first: Line) -> Result<Vec<(Line, bool)>, Error> {
        let n = b * b;
        let start = first.number;
        let mut lines: Vec<(Line, bool)> = self.rules.drain(..).map(|l| (l, false)).collect();
        lines.push((first, true));
        let mut rows = 1;
        while rows < n {
            let missing = match self.peek(0)? {
                None => Some((self.lines_read + 1, 1)),
                Some(l) if l.is_blank() => Some((l.number, l.end())),
                Some(_) => None,
            };
            if let Some((number, col)) = missing {
                let text = self.ahead.front().map_or("", |l| l.text.as_str());
                let loc = Location {
                    path: self.path.clone(),
                    line: number,
                    column: col,
                    line_text: text.to_string(),
                };
                return Err(InputError::at(
                    loc,
                    format!("the {n}×{n} grid that starts on line {start} has only {rows} rows"),
                )
                .with_hint(format!(
                    "a {n}×{n} grid has {n} lines of {n} cells; blank lines separate grids"
                ))
                .into());
            }
            let line = self.pop();
            if line.is_rule(Some(n)) {
                lines.push((line, false));
                continue;
            }
            if line.cells.len() != n {
                let col = line.cells.get(n).map_or(line.end(), |c| c.col as usize);
                let msg = format!(
                    "this row has {} cells, but the grid that starts on line {start} has rows of {n}",
                    line.cells.len()
                );
                return Err(self
                    .err(&line, col, msg)
                    .with_hint(format!(
                        "every row of a {n}×{n} grid has {n} cells; `.`, `0` or `-` is an empty cell"
                    ))
                    .into());
            }
            lines.push((line, true));
            rows += 1;
        }
        if self.peek(0)?.is_some_and(|l| l.is_rule(Some(n))) {
            lines.push((self.pop(), false));
        }
        Ok(lines)
    }

    /// The puzzle made of `lines` (rows flagged true), each cell checked.
    fn puzzle(&self, b: usize, form: Form, lines: Vec<(Line, bool)>) -> Result<Sudoku, Error> {
        let n = b * b;
        let mut cells = Vec::with_capacity(n * n);
        let mut at = Vec::with_capacity(n * n);
        for (l, (line, row)) in lines.iter().enumerate() {
            if !row {
                continue;
            }
            for cell in &line.cells {
                let Some(d) = value(b, cell.ch) else {
                    return Err(self
                        .err(
                            line,
                            cell.col as usize,
                            format!("`{}` is not a symbol of a {n}×{n} sudoku", cell.ch),
                        )
                        .with_hint(format!(
                            "the symbols are {}; `.`, `0` or `-` is an empty cell",
                            symbol_range(b)
                        ))
                        .into());
                };
                cells.push(d);
                at.push((l as u32, cell.off));
            }
        }
        let line = lines
            .iter()
            .find(|(_, row)| *row)
            .map_or(0, |(l, _)| l.number);
        if let [(only, true)] = lines.as_slice() {
            if only.text.len() == n * n {
                // Every character is a cell: the plain form, as `plain_nine` reads it.
                let text = lines.into_iter().map(|(l, _)| l.text).next();
                return Ok(Sudoku::plain(b, cells, text.unwrap_or_default(), line));
            }
        }
        Ok(Sudoku {
            box_size: b,
            cells,
            form,
            line,
            text: lines.into_iter().map(|(l, _)| l.text).collect(),
            at,
        })
    }

    fn err(&self, line: &Line, col: usize, msg: String) -> InputError {
        let loc = Location {
            path: self.path.clone(),
            line: line.number,
            column: col,
            line_text: line.text.clone(),
        };
        InputError::at(loc, msg)
    }

    /// Line `i` ahead of the reading position, reading it if need be.
    fn peek(&mut self, i: usize) -> Result<Option<&Line>, Error> {
        while self.ahead.len() <= i && !self.at_end {
            match self.read_line()? {
                Some(line) => self.ahead.push_back(line),
                None => self.at_end = true,
            }
        }
        Ok(self.ahead.get(i))
    }

    /// The next line; only after `peek(0)` said there is one.
    fn pop(&mut self) -> Line {
        self.ahead.pop_front().expect("peeked first")
    }

    fn read_line(&mut self) -> Result<Option<Line>, Error> {
        self.buf.clear();
        let got = (&mut self.input)
            .take(MAX_LINE)
            .read_until(b'\n', &mut self.buf)
            .map_err(|e| Error::io(&self.path, e))?;
        if got == 0 {
            return Ok(None);
        }
        self.lines_read += 1;
        let number = self.lines_read;
        if self.buf.last() == Some(&b'\n') {
            self.buf.pop();
        } else if got as u64 == MAX_LINE {
            return Err(InputError::at(
                Location {
                    path: self.path.clone(),
                    line: number,
                    column: 1,
                    line_text: String::from_utf8_lossy(&self.buf[..80]).into_owned(),
                },
                format!("this line is longer than {MAX_LINE} bytes"),
            )
            .with_hint("a puzzle on one line has at most 2,401 cells (49×49)")
            .into());
        }
        if self.buf.last() == Some(&b'\r') {
            self.buf.pop();
        }
        match String::from_utf8(std::mem::take(&mut self.buf)) {
            Ok(text) => Ok(Some(Line::new(number, text))),
            Err(e) => {
                let valid = e.utf8_error().valid_up_to();
                let bytes = e.into_bytes();
                let before = String::from_utf8_lossy(&bytes[..valid]);
                let loc = Location {
                    path: self.path.clone(),
                    line: number,
                    column: before.chars().count() + 1,
                    line_text: String::from_utf8_lossy(&bytes).into_owned(),
                };
                Err(
                    InputError::at(loc, "the file is not UTF-8 text".to_string())
                        .with_hint("save the file as UTF-8 (or plain ASCII)")
                        .into(),
                )
            }
        }
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = Result<Sudoku, Error>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_puzzle().transpose()
    }
}

/// A reader that can tell whether it holds unread bytes, so that a caller knows when the
/// next read may wait for input.
pub trait Buffered: BufRead {
    /// True if bytes are buffered (a read returns at once).
    fn has_buffered(&self) -> bool;
}

impl<R: Read> Buffered for std::io::BufReader<R> {
    fn has_buffered(&self) -> bool {
        !self.buffer().is_empty()
    }
}

impl Buffered for &[u8] {
    fn has_buffered(&self) -> bool {
        true
    }
}

/// Every puzzle in `text`, which was read from `path`, in order.
pub fn parse(path: &str, text: &str) -> Result<Vec<Sudoku>, InputError> {
    Reader::new(path, text.as_bytes())
        .collect::<Result<_, _>>()
        .map_err(|e| match e {
            Error::Input(e) => e,
            // Reading a string cannot fail.
            other => InputError::in_file(path, other.to_string()),
        })
}

mod count;
#[cfg(test)]
mod tests;

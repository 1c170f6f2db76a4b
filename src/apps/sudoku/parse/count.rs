//! The judge layout's count line: a first line holding one whole number T, then exactly
//! T puzzles. Which first lines are a count, and the error when T does not match the
//! puzzles that follow (at the count's line, after the puzzles before it are read).

use std::io::BufRead;

use super::{box_for, Line, Reader, Sudoku};
use crate::error::Error;

impl<R: BufRead> Reader<R> {
    /// `puzzle` (`None` at the end), checked against the count line if there is one.
    pub(super) fn counted(&self, puzzle: Option<Sudoku>) -> Result<Option<Sudoku>, Error> {
        let Some((total, line)) = &self.count else {
            return Ok(puzzle);
        };
        let found = match &puzzle {
            Some(p) if self.puzzles == *total => {
                format!("puzzle {} starts on line {}", total + 1, p.line())
            }
            None if self.puzzles < *total => format!("only {} follow", self.puzzles),
            _ => return Ok(puzzle),
        };
        let s = if *total == 1 { "" } else { "s" };
        Err(self
            .err(
                line,
                1,
                format!("the first line says {total} puzzle{s}, but {found}"),
            )
            .with_hint(
                "a first line holding one number gives the number of puzzles that follow; \
                 make it match, or remove it",
            )
            .into())
    }

    /// The number on `line` if it is a count line: one whole number, not a puzzle of
    /// digits, nor the first row of a grid (a number of b² digits followed by a line
    /// of as many cells).
    pub(super) fn count_line(&mut self, line: &Line) -> Result<Option<usize>, Error> {
        let text = line.text.trim();
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
            return Ok(None);
        }
        let len = text.len();
        if box_for(len, 4).is_some() {
            return Ok(None);
        }
        if box_for(len, 2).is_some() && self.peek(0)?.is_some_and(|l| l.cells.len() == len) {
            return Ok(None);
        }
        match text.parse() {
            Ok(total) => Ok(Some(total)),
            Err(_) => Err(self
                .err(line, 1, format!("{text} puzzles is more than can be read"))
                .with_hint("the first line, when it holds one number, counts the puzzles")
                .into()),
        }
    }
}

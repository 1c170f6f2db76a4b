//! A challenge as text: the board TOML users write (its picture with the pre-placed
//! pieces' labels, so `polyx count` and `polyx solve` read it back), and the NOI2005
//! judge's format for challenges on the `noi2005` board (what `polyx noi2005` reads).

use std::fmt::Write;

use crate::geom::{Cell, Grid};
use crate::model::{segment_board_keys, Board, Square};

use super::generate::Challenge;

/// What a challenge's file says about itself besides its board.
#[derive(Clone, Debug)]
pub struct Title {
    /// The `name` key.
    pub name: String,
    /// The `description` key.
    pub description: String,
    /// The `pieces` key: a built-in set's name or a path the file can be read from.
    pub pieces: String,
}

impl Challenge {
    /// The description of challenge `number` of what `command` made: the pieces
    /// pre-placed, its level and its measured difficulty (a board file's `description`).
    pub fn describe(&self, number: usize, command: &str) -> String {
        format!(
            "challenge {number} of `{command}`: {} of {} pieces pre-placed, level {} ({} guesses)",
            self.preplaced, self.pieces, self.level, self.difficulty.guesses
        )
    }
}

/// The challenge's board file.
pub fn board_toml(board: &Board, title: &Title) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "name = {}", quoted(&title.name));
    let _ = writeln!(out, "description = {}", quoted(&title.description));
    let _ = writeln!(out, "pieces = {}", quoted(&title.pieces));
    if board.grid != Grid::Square {
        let _ = writeln!(out, "grid = {}", quoted(board.grid.name()));
    }
    if board.grid.is_segments() {
        out.push_str(&segment_board_keys(board));
        return out;
    }
    if board.depth == 1 {
        out.push_str("shape = \"\"\"\n");
        for line in picture(board) {
            out.push_str(&line);
            out.push('\n');
        }
        out.push_str("\"\"\"\n");
        return out;
    }
    // A solid board: its layers, bottom first, each a picture.
    out.push_str("layers = [");
    for z in 0..board.depth {
        out.push_str(if z == 0 { "\"\"\"\n" } else { ", \"\"\"\n" });
        for line in layer_picture(board, z) {
            out.push_str(&line);
            out.push('\n');
        }
        out.push_str("\"\"\"");
    }
    out.push_str("]\n");
    out
}

/// The board's picture, one line per row: `.` open, `#` blocked, a label pre-placed,
/// a space outside (trailing spaces dropped). For a solid board, its bottom layer.
pub fn picture(board: &Board) -> Vec<String> {
    layer_picture(board, 0)
}

/// Layer `z` of the board's picture, as [`picture`] draws it.
fn layer_picture(board: &Board, z: i32) -> Vec<String> {
    (0..board.height)
        .map(|y| {
            let line: String = (0..board.width)
                .map(|x| match board.square(Cell::at(x, y, z)) {
                    Square::Outside => ' ',
                    Square::Open => '.',
                    Square::Blocked => '#',
                    Square::Preplaced(label) => label,
                })
                .collect();
            line.trim_end().to_string()
        })
        .collect()
}

/// Whether `board` is the NOI2005 staircase, which the judge's format can hold: ten
/// rows, row `y` holding cells `0..=y`, each open or pre-placed with a label `A`..`L`.
pub fn is_noi2005(board: &Board) -> bool {
    const ROWS: i32 = 10;
    board.width == ROWS
        && board.height == ROWS
        && board.grid == Grid::Square
        && board.cells().all(|c| match board.square(c) {
            Square::Outside => c.x > c.y,
            Square::Open => c.x <= c.y,
            Square::Preplaced(l) => c.x <= c.y && ('A'..='L').contains(&l),
            Square::Blocked => false,
        })
}

/// The challenge in the judge's format: ten lines, line `i` holding the `i` cells of row
/// `i`, `.` open and a label pre-placed; `None` if the board is not the staircase.
pub fn noi2005_text(board: &Board) -> Option<String> {
    if !is_noi2005(board) {
        return None;
    }
    let mut out = String::new();
    for line in picture(board) {
        out.push_str(&line);
        out.push('\n');
    }
    Some(out)
}

/// `s` as a TOML basic string.
fn quoted(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for ch in s.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04X}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

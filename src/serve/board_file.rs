//! A board as a self-contained board file (FORMATS.md): its keys, and its picture with
//! the pre-placed pieces' labels (`shape`, or `layers` bottom first on the grids of
//! space), so that what the page shows can be downloaded and read back.

use std::fmt::Write;

use crate::geom::{Cell, Grid};
use crate::model::{Board, Square};

/// The board file of `board`, whose set is named `pieces`.
pub fn board_toml(board: &Board, pieces: &str) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "name = {}", quoted(&board.name));
    if !board.description.is_empty() {
        let _ = writeln!(out, "description = {}", quoted(&board.description));
    }
    let _ = writeln!(out, "pieces = {}", quoted(pieces));
    if board.grid != Grid::Square {
        let _ = writeln!(out, "grid = {}", quoted(board.grid.name()));
    }
    if !board.use_all_pieces {
        out.push_str("use_all_pieces = false\n");
    }
    if !board.cover_all_cells {
        out.push_str("cover_all_cells = false\n");
    }
    if board.grid.is_3d() {
        let layers: Vec<String> = (0..board.depth).map(|z| picture(board, z)).collect();
        let _ = writeln!(out, "layers = [{}]", layers.join(", "));
    } else {
        let _ = writeln!(out, "shape = {}", picture(board, 0));
    }
    out
}

/// Layer `z`'s picture as a multi-line string: `.` open, `#` blocked, a label
/// pre-placed, a space outside.
fn picture(board: &Board, z: i32) -> String {
    let mut out = String::from("\"\"\"\n");
    for y in 0..board.height {
        let line: String = (0..board.width)
            .map(|x| match board.square(Cell::at(x, y, z)) {
                Square::Outside => ' ',
                Square::Open => '.',
                Square::Blocked => '#',
                Square::Preplaced(label) => label,
            })
            .collect();
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out.push_str("\"\"\"");
    out
}

/// `s` as a TOML basic string (JSON's escapes are TOML's).
fn quoted(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_else(|_| "\"\"".to_string())
}

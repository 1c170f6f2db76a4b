//! A board as a self-contained board file (FORMATS.md): its keys, and its picture with
//! the pre-placed pieces' labels (`shape`, or `layers` bottom first on the grids of
//! space), so that what the page shows can be downloaded and read back. A board of
//! segments is its list of segments in Puzzler's `[x, y, d]` (SPEC §9), `crossing` where
//! it is set and its pre-placed pieces in a `[placed]` table.

use std::fmt::Write;

use crate::geom::{Cell, Grid};
use crate::model::{segment_board_keys, Board, Square};

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
    if board.grid.is_segments() {
        out.push_str(&segment_board_keys(board));
    } else if board.grid.is_3d() {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{load_board as builtin_board, parse_board};

    #[test]
    fn a_board_of_segments_reads_back_as_the_same_board() {
        for name in ["polysticks-123-3x3", "tritrigs-5x2", "pentatwigs-triangle"] {
            let mut board = builtin_board(name).unwrap();
            for crossing in [false, true] {
                board.crossing = crossing;
                let text = board_toml(&board, &board.pieces);
                let back = parse_board("board.toml", &text).unwrap();
                assert_eq!(back.grid, board.grid, "{name}");
                assert_eq!(back.crossing, crossing, "{name}");
                let cells = |b: &Board| b.open_cells().collect::<Vec<_>>();
                assert_eq!(cells(&back), cells(&board), "{name}\n{text}");
            }
        }
    }

    #[test]
    fn pieces_placed_on_segments_read_back_in_their_table() {
        let mut board = builtin_board("polysticks-123-3x3").unwrap();
        let placed: Vec<Cell> = board.open_cells().take(2).collect();
        for &c in &placed {
            board.set_square(c, Square::Preplaced('U'));
        }
        let text = board_toml(&board, &board.pieces);
        assert!(text.contains("\n[placed]\n\"U\" = ["), "{text}");
        let back = parse_board("board.toml", &text).unwrap();
        for c in board.cells() {
            assert_eq!(back.square(c), board.square(c), "{c:?}\n{text}");
        }
    }

    #[test]
    fn a_board_of_squares_reads_back_as_the_same_board() {
        let board = builtin_board("8x8-square").unwrap();
        let back = parse_board("board.toml", &board_toml(&board, &board.pieces)).unwrap();
        assert_eq!(
            back.open_cells().collect::<Vec<_>>(),
            board.open_cells().collect::<Vec<_>>()
        );
    }
}

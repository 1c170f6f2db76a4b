//! Boards (SPEC §2) from TOML: `size = [w, h]` for a full rectangle or a `shape` picture
//! (`.` open, `#` blocked, space outside, a letter or digit a pre-placed piece's cell).
//! `grid` names the grid (SPEC §8); on the hex grid every square of a picture that is not
//! a space has one parity of column + row. The board remembers its file and where each picture row is, so that later checks
//! (areas, pre-placed pieces) can point at the offending cell.

use serde::Deserialize;
use toml::{Spanned, Value};

use super::picture::{Picture, MAX_SIDE};
use super::piece::is_label;
use super::toml_input::{file_stem, Field, Input};
use super::{Board, Origin, Square};
use crate::error::InputError;
use crate::geom::{Cell, Grid};

/// The most cells a board may have.
pub const MAX_CELLS: i64 = 1_000_000;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BoardSpec {
    name: Field,
    description: Field,
    pieces: Field,
    grid: Field,
    size: Field,
    shape: Field,
    use_all_pieces: Field,
    cover_all_cells: Field,
}

/// See [`super::spec::parse_board`].
pub fn parse_board(path: &str, text: &str) -> Result<Board, InputError> {
    let input = Input { path, text };
    let what = "a board with `size = [w, h]` or a `shape` picture";
    input.check_not_empty(what)?;
    // Parsed once when it is a board; otherwise a syntax error, a piece set, then the
    // board's own error, in that order. (A text that reads as a board has no `piece` key.)
    let spec: BoardSpec = match input.parse() {
        Ok(spec) => spec,
        Err(error) => {
            let table = input.table(what)?;
            if table.contains_key("piece")
                && !table.contains_key("size")
                && !table.contains_key("shape")
            {
                let offset = input.line_starting_with("[[piece]]").unwrap_or(0);
                return Err(input
                    .error(offset, "this is a piece set, not a board")
                    .with_hint("a board has `size = [w, h]` or a `shape` picture and names its set with `pieces = \"...\"`; to use this set, pass it with `--pieces`"));
            }
            return Err(error);
        }
    };
    let grid = input.grid(&spec.grid)?;
    let (mut board, key_at) = match (&spec.size, &spec.shape) {
        (Some(size), Some(shape)) => {
            let later = if size.span().start > shape.span().start {
                size
            } else {
                shape
            };
            return Err(input
                .error_at(later, "a board has either `size` or `shape`, not both")
                .with_hint(
                    "`size = [w, h]` is a full rectangle; a `shape` picture is any other board",
                ));
        }
        (None, None) => {
            return Err(input
                .error(0, "the board has neither `size` nor `shape`")
                .with_hint("add `size = [10, 6]` for a full rectangle, or a `shape` picture"));
        }
        (Some(size), None) => (rectangle(&input, grid, size)?, size.span().start),
        (None, Some(shape)) => picture_board(&input, grid, shape)?,
    };
    let (line, column) = input.key_position(key_at);
    board.origin.path = path.to_string();
    board.origin.text = text.to_string();
    board.origin.board_line = line;
    board.origin.board_column = column;
    let preplaced = (board.cells()).any(|c| matches!(board.square(c), Square::Preplaced(_)));
    if board.open_count() == 0 && !preplaced {
        return Err(input
            .error(key_at, "the board has no open cell")
            .with_hint("mark the cells to cover with `.`"));
    }
    board.name = input
        .opt_string("name", &spec.name)?
        .unwrap_or_else(|| file_stem(path));
    board.description = input
        .opt_string("description", &spec.description)?
        .unwrap_or_default();
    board.pieces = input
        .opt_string("pieces", &spec.pieces)?
        .unwrap_or_default();
    board.use_all_pieces = input.opt_bool("use_all_pieces", &spec.use_all_pieces, true)?;
    board.cover_all_cells = input.opt_bool("cover_all_cells", &spec.cover_all_cells, true)?;
    Ok(board)
}

/// `size = [w, h]`: a full rectangle of open cells on the square grid, the w × h
/// parallelogram of the lattice on the others (SPEC §8), framed from column 0, row 0.
fn rectangle(input: &Input, grid: Grid, size: &Spanned<Value>) -> Result<Board, InputError> {
    let bad = || {
        input
            .error_at(size, "`size` must be [width, height], two whole numbers")
            .with_hint("e.g. size = [10, 6] for 10 columns and 6 rows")
    };
    let Value::Array(items) = size.get_ref() else {
        return Err(bad());
    };
    let [Value::Integer(w), Value::Integer(h)] = items.as_slice() else {
        return Err(bad());
    };
    let (w, h) = (*w, *h);
    if w <= 0 || h <= 0 {
        return Err(input
            .error_at(
                size,
                format!("the board's size must be positive, not {w}×{h}"),
            )
            .with_hint("size = [width, height], each at least 1"));
    }
    if w > MAX_SIDE || h > MAX_SIDE || w.saturating_mul(h) > MAX_CELLS {
        return Err(input.error_at(
            size,
            format!("a {w}×{h} board is too large: at most {MAX_SIDE} cells a side and {MAX_CELLS} cells in all"),
        ));
    }
    if grid == Grid::Square {
        return Ok(Board::rectangle("", w as i32, h as i32));
    }
    let cells = grid.lattice().parallelogram(w as i32, h as i32);
    Ok(Board::of_cells("", grid, &cells))
}

/// A `shape` picture, with the offset of its key.
fn picture_board(
    input: &Input,
    grid: Grid,
    shape: &Spanned<Value>,
) -> Result<(Board, usize), InputError> {
    let text = input.string("shape", shape)?;
    let picture = Picture::read(input.text, shape.span(), &text);
    let (w, h) = (picture.width(), picture.rows.len());
    if w == 0 {
        return Err(input
            .error_at(shape, "the board's picture is empty")
            .with_hint(
                "draw the board with `.` for cells to cover, `#` for blocked ones, spaces outside",
            ));
    }
    if w as i64 > MAX_SIDE || h as i64 > MAX_SIDE || (w * h) as i64 > MAX_CELLS {
        return Err(input.error_at(
            shape,
            format!("a {w}×{h} picture is too large: at most {MAX_SIDE} cells a side and {MAX_CELLS} cells in all"),
        ));
    }
    let mut squares = Vec::with_capacity(w * h);
    let mut first: Option<Cell> = None;
    for (y, row) in picture.rows.iter().enumerate() {
        for x in 0..w {
            let square = match row.get(x).copied().unwrap_or(' ') {
                ' ' => Square::Outside,
                '.' => Square::Open,
                '#' => Square::Blocked,
                c if is_label(c) => Square::Preplaced(c),
                c => {
                    let at = picture.location(input.path, input.text, x, y);
                    let what = if c == '\t' {
                        "a tab".to_string()
                    } else {
                        format!("`{c}`")
                    };
                    return Err(InputError::at(at, format!("{what} is not a board square"))
                        .with_hint("use `.` for a cell to cover, `#` for a blocked cell, a space for outside, or a piece's label for a pre-placed cell"));
                }
            };
            if square != Square::Outside {
                let cell = Cell::new(x as i32, y as i32);
                picture.check_parity(input.path, input.text, grid, first.as_ref(), cell)?;
                first.get_or_insert(cell);
            }
            squares.push(square);
        }
    }
    let mut board = Board::new("", w as i32, h as i32, squares);
    board.grid = grid;
    board.origin = Origin {
        rows: picture.origin,
        ..Origin::default()
    };
    Ok((board, shape.span().start))
}

//! Boards (SPEC §2, §8) from TOML: `size = [w, h]` for a full rectangle (a parallelogram
//! on the hex and triangle grids, `[x, y, z]` a box on the cube grid), a `shape` picture
//! (`.` open, `#` blocked, space outside, a letter or digit a pre-placed piece's cell),
//! `layers` pictures bottom first on the grids of space, or `pyramid = n` on the sphere
//! grid. On the hex grid every square of a picture that is not a space has one parity of
//! column + row. The board remembers its file and where each picture row is (layer by
//! layer), so that later checks (areas, pre-placed pieces) can point at the offending
//! cell.

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::{Spanned, Value};

use super::layers;
use super::picture::{Picture, MAX_SIDE};
use super::piece::is_label;
use super::segments;
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
    layers: Field,
    pyramid: Field,
    segments: Field,
    holes: Field,
    crossing: Field,
    placed: Option<Spanned<BTreeMap<String, Spanned<Value>>>>,
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
                && !["size", "shape", "layers", "pyramid", "segments"]
                    .iter()
                    .any(|k| table.contains_key(*k))
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
    let (mut board, key_at) = board_of(&input, grid, &spec)?;
    if grid.is_segments() {
        board = without_holes(&input, grid, board, &spec.holes)?;
        board = with_placed(&input, grid, board, &spec.placed)?;
        board.crossing = input.opt_bool("crossing", &spec.crossing, false)?;
    } else if let Some(placed) = &spec.placed {
        return Err(input
            .error_at(
                placed,
                format!(
                    "`placed` is for the grids of segments, but this board is on the {} grid",
                    grid.name()
                ),
            )
            .with_hint(
                "write a pre-placed piece's label on its cells in the board's `shape` picture",
            ));
    } else if let Some(v) = spec.holes.as_ref().or(spec.crossing.as_ref()) {
        let key = if spec.holes.is_some() {
            "holes"
        } else {
            "crossing"
        };
        return Err(input
            .error_at(v, format!("`{key}` is for the grids of segments, but this board is on the {} grid", grid.name()))
            .with_hint("mark blocked cells with `#` in the board's `shape`; `holes` and `crossing` go with `grid = \"sticks\"`, `trigs` or `twigs`"));
    }
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

/// The board's squares from the one key of `size`, `shape`, `layers` and `pyramid` that
/// it has, with that key's offset.
fn board_of(input: &Input, grid: Grid, spec: &BoardSpec) -> Result<(Board, usize), InputError> {
    let keys = [
        ("size", &spec.size),
        ("shape", &spec.shape),
        ("layers", &spec.layers),
        ("pyramid", &spec.pyramid),
        ("segments", &spec.segments),
    ];
    let mut given: Vec<(&str, &Spanned<Value>)> = keys
        .iter()
        .filter_map(|(k, v)| v.as_ref().map(|v| (*k, v)))
        .collect();
    given.sort_by_key(|(_, v)| v.span().start);
    match given[..] {
        [] => {
            let (message, hint) = match grid {
                Grid::Cube => ("the board has neither `size` nor `layers`", "add `size = [3, 3, 3]` for a box, or `layers` pictures, bottom first"),
                Grid::Sphere => ("the board has neither `pyramid` nor `layers`", "add `pyramid = 5` for the square pyramid of 55 balls, or `layers` pictures, bottom first"),
                Grid::Sticks | Grid::Trigs | Grid::Twigs => ("the board has neither `size` nor `segments`", "add `size = [5, 5]` for a bordered block, or `segments = [[x, y, d], ...]`"),
                _ => ("the board has neither `size` nor `shape`", "add `size = [10, 6]` for a full rectangle, or a `shape` picture"),
            };
            Err(input.error(0, message).with_hint(hint))
        }
        [(first, _), (second, later), ..] => {
            if (first, second) == ("size", "shape") || (first, second) == ("shape", "size") {
                return Err(input
                    .error_at(later, "a board has either `size` or `shape`, not both")
                    .with_hint(
                        "`size = [w, h]` is a full rectangle; a `shape` picture is any other board",
                    ));
            }
            Err(input
                .error_at(later, format!("a board has one of `size`, `shape`, `layers` and `pyramid`, not both `{first}` and `{second}`"))
                .with_hint("`size` is a full rectangle or box, `shape` a picture of one layer, `layers` pictures bottom first, `pyramid` a square pyramid of balls"))
        }
        [(key, v)] => {
            let at = v.span().start;
            let fits = if grid.is_segments() {
                key == "size" || key == "segments"
            } else {
                key != "segments"
            };
            if !fits {
                let message = if grid.is_segments() {
                    format!(
                        "on the {} grid a board is `size = [w, h]` or `segments`, not `{key}`",
                        grid.name()
                    )
                } else {
                    format!("`segments` are for the grids of segments, but this board is on the {} grid", grid.name())
                };
                return Err(input
                    .error_at(v, message)
                    .with_hint("`segments = [[x, y, d], ...]` go with `grid = \"sticks\"`, `trigs` or `twigs`; other boards are `size` or a `shape` picture"));
            }
            let board = match key {
                "segments" => {
                    let cells = segments::read_segments(input, grid, "segments", v, true)?;
                    Board::of_cells("", grid, &cells)
                }
                "size" => sized(input, grid, v)?,
                "shape" => {
                    let text = input.string("shape", v)?;
                    let picture = Picture::read(input.text, v.span(), &text);
                    picture_board(input, grid, v, &[picture])?
                }
                "layers" => {
                    let pictures = layers::read_layers(input, grid, "the board", v)?;
                    picture_board(input, grid, v, &pictures)?
                }
                _ => pyramid(layers::pyramid_layers(input, grid, v)?),
            };
            Ok((board, at))
        }
    }
}

/// `board` without its `holes` (the grids of segments): each must be one of its segments.
fn without_holes(
    input: &Input,
    grid: Grid,
    mut board: Board,
    holes: &crate::model::toml_input::Field,
) -> Result<Board, InputError> {
    let Some(v) = holes else {
        return Ok(board);
    };
    let cells = segments::read_segments(input, grid, "holes", v, true)?;
    for c in cells {
        if board.square(c) != Square::Open {
            let [x, y, d] = (grid.lattice().segments())
                .and_then(|s| s.to_puzzler(c))
                .unwrap_or([0, 0, 0]);
            return Err(input
                .error_at(
                    v,
                    format!("hole [{x}, {y}, {d}] is not a segment of the board"),
                )
                .with_hint("`holes` take segments out of the board's `size` or `segments`"));
        }
        board.set_square(c, Square::Outside);
    }
    Ok(board)
}

/// `placed` on a board of segments: a table of pre-placed pieces, each label (one
/// character, as in a piece file) with its segments `[x, y, d]`, which must be open
/// segments of the board.
fn with_placed(
    input: &Input,
    grid: Grid,
    mut board: Board,
    placed: &Option<Spanned<BTreeMap<String, Spanned<Value>>>>,
) -> Result<Board, InputError> {
    let Some(table) = placed else {
        return Ok(board);
    };
    for (label, v) in table.get_ref() {
        let mut chars = label.chars();
        let ch = match (chars.next(), chars.next()) {
            (Some(ch), None) if is_label(ch) => ch,
            _ => {
                return Err(input
                    .error_at(v, format!("`{label}` in `placed` is not a piece's label"))
                    .with_hint("name each pre-placed piece by its one-character label, as `A = [[0, 0, 0], [1, 0, 0]]`"));
            }
        };
        for c in segments::read_segments(input, grid, "placed", v, true)? {
            if board.square(c) != Square::Open {
                let [x, y, d] = (grid.lattice().segments())
                    .and_then(|s| s.to_puzzler(c))
                    .unwrap_or([0, 0, 0]);
                return Err(input
                    .error_at(v, format!("segment [{x}, {y}, {d}] of piece {ch} is not an open segment of the board"))
                    .with_hint("a pre-placed piece lies on the board's `segments` (or `size`), not on holes or another piece"));
            }
            board.set_square(c, Square::Preplaced(ch));
        }
    }
    Ok(board)
}

/// `size`: `[w, h]` on the plane grids, `[x, y, z]` on the cube grid, refused on the
/// sphere grid (whose boards are pyramids or pictures).
fn sized(input: &Input, grid: Grid, size: &Spanned<Value>) -> Result<Board, InputError> {
    match grid {
        Grid::Sphere => Err(input
            .error_at(size, "`size` is not for the sphere grid")
            .with_hint("write `pyramid = 5` for a square pyramid of balls, or draw the board's layers with `layers` (one layer may be a `shape`)")),
        Grid::Cube => {
            let [x, y, z] = layers::box_size(input, size, MAX_CELLS)?;
            let squares = vec![Square::Open; (x * y * z) as usize];
            Ok(Board::layered("", Grid::Cube, [x, y, z], squares))
        }
        _ => rectangle(input, grid, size),
    }
}

/// The square pyramid of `n` layers of balls: layer z is (n − z) × (n − z), all in the
/// frame's corner (each ball in the hollow of four below).
fn pyramid(n: i32) -> Board {
    let mut squares = Vec::with_capacity((n * n * n) as usize);
    for z in 0..n {
        for y in 0..n {
            for x in 0..n {
                let inside = x < n - z && y < n - z;
                squares.push(if inside {
                    Square::Open
                } else {
                    Square::Outside
                });
            }
        }
    }
    Board::layered("", Grid::Sphere, [n, n, n], squares)
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
    if items.len() == 3 {
        return Err(input
            .error_at(size, format!("`size = [x, y, z]` is a box of cubes, but this board is on the {} grid", grid.name()))
            .with_hint("write `grid = \"cube\"` for a box, or `size = [width, height]` for a board of one layer"));
    }
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

/// A board from its pictures, bottom layer first (one picture for a `shape`), in one
/// frame: as wide and tall as the largest layer; a shorter or narrower layer is outside
/// beyond its end.
fn picture_board(
    input: &Input,
    grid: Grid,
    key: &Spanned<Value>,
    pictures: &[Picture],
) -> Result<Board, InputError> {
    let w = pictures.iter().map(Picture::width).max().unwrap_or(0);
    let h = pictures.iter().map(|p| p.rows.len()).max().unwrap_or(0);
    let d = pictures.len();
    if w == 0 {
        return Err(input
            .error_at(key, "the board's picture is empty")
            .with_hint(
                "draw the board with `.` for cells to cover, `#` for blocked ones, spaces outside",
            ));
    }
    if w as i64 > MAX_SIDE || h as i64 > MAX_SIDE || (w * h * d) as i64 > MAX_CELLS {
        let size = if d > 1 {
            format!("{w}×{h}×{d}")
        } else {
            format!("{w}×{h}")
        };
        return Err(input.error_at(
            key,
            format!("a {size} picture is too large: at most {MAX_SIDE} cells a side and {MAX_CELLS} cells in all"),
        ));
    }
    let mut squares = Vec::with_capacity(w * h * d);
    let mut rows = Vec::with_capacity(h * d);
    let mut first: Option<Cell> = None;
    for (z, picture) in pictures.iter().enumerate() {
        for y in 0..h {
            let row = picture.rows.get(y).map_or(&[][..], Vec::as_slice);
            for x in 0..w {
                let square = read_square(input, picture, row.get(x).copied(), x, y)?;
                if square != Square::Outside {
                    let cell = Cell::at(x as i32, y as i32, z as i32);
                    picture.check_parity(input.path, input.text, grid, first.as_ref(), cell)?;
                    first.get_or_insert(cell);
                }
                squares.push(square);
            }
            // Rows past a short layer's end hold no cell; they point at its last row.
            let last = picture.origin.last().copied().unwrap_or((1, 1));
            rows.push(picture.origin.get(y).copied().unwrap_or(last));
        }
    }
    let mut board = Board::layered("", grid, [w as i32, h as i32, d as i32], squares);
    board.origin = Origin {
        rows,
        ..Origin::default()
    };
    Ok(board)
}

/// The square a picture's character `ch` (at column x, row y) stands for; `None` is
/// past the end of its row (outside).
fn read_square(
    input: &Input,
    picture: &Picture,
    ch: Option<char>,
    x: usize,
    y: usize,
) -> Result<Square, InputError> {
    Ok(match ch.unwrap_or(' ') {
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
    })
}

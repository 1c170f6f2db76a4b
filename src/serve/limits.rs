//! The server's limits on the work one request may ask for, far below the CLI's and
//! checked before the work: the board's cells from its TOML before it is built, the
//! pieces before their orientations, the placements (every orientation of every piece
//! at every open cell) before they are made, the pixels of a picture before it is drawn,
//! and the size of an answer before it is sent. Each refusal is a 413 naming the limit.

use axum::http::StatusCode;

use crate::error::{InputError, Location};
use crate::model::{Board, PieceSet};
use crate::render::layout::Layout;

use super::error::ApiError;

/// Most cells of a board: `size`'s w × h (× d; 2wh triangles), a picture's rows ×
/// columns, a pyramid's balls.
pub const MAX_CELLS: u64 = 2_500;
/// Most pieces in a set (distinct pieces).
pub const MAX_PIECES: usize = 100;
/// Most copies of pieces in a set (the sum of their `count`s).
pub const MAX_COPIES: u64 = 2_500;
/// Most cells in the pieces of a set (each distinct piece once).
pub const MAX_PIECE_CELLS: u64 = 2_500;
/// Most placements: every orientation of every piece at every open cell.
pub const MAX_PLACEMENTS: u64 = 60_000;
/// Largest answer of `/api/puzzle`, in bytes.
pub const MAX_ANSWER: usize = 8 << 20;
/// Smallest and largest `cell_size` of a picture, in pixels.
pub const MIN_CELL_SIZE: u32 = 4;
pub const MAX_CELL_SIZE: u32 = 64;
/// Most pixels of a picture (`render`, and a book's pages together).
pub const MAX_PIXELS: u64 = 8_000_000;

const SMALLER: &str = "the server takes small puzzles (docs/API.md, \"Limits\"); run `polyx` on the command line for larger ones";

/// The keys of a board file that make its cells.
const CELL_KEYS: [&str; 4] = ["size", "pyramid", "shape", "layers"];

/// Refuses a board file (`path`) whose cells, read from its TOML keys alone, are over
/// [`MAX_CELLS`], at the first of those keys. Text that is not TOML passes, for the
/// board's parser to locate.
pub fn board_text(path: &str, text: &str) -> Result<(), ApiError> {
    let Ok(table) = toml::from_str::<toml::Table>(text) else {
        return Ok(());
    };
    let cells = toml_cells(&table);
    if cells <= MAX_CELLS {
        return Ok(());
    }
    let line = text.lines().position(|l| {
        let l = l.trim_start();
        CELL_KEYS.iter().any(|key| {
            l.strip_prefix(key)
                .is_some_and(|rest| rest.trim_start().starts_with('='))
        })
    });
    let message =
        format!("the board has {cells} cells, more than the server's limit of {MAX_CELLS}");
    let e = InputError {
        location: line.map(|k| Box::new(Location::at_line(path, text, k + 1, 1))),
        ..InputError::new(message).with_hint(SMALLER)
    };
    Err(ApiError::from(e).with_status(StatusCode::PAYLOAD_TOO_LARGE))
}

/// The cells the keys `size`, `pyramid`, `shape` and `layers` make, added up.
fn toml_cells(table: &toml::Table) -> u64 {
    let side = |v: &toml::Value| v.as_integer().map_or(0, |n| n.max(0) as u64);
    let mut cells = 0u64;
    if let Some(size) = table.get("size").and_then(|v| v.as_array()) {
        let product = size.iter().map(side).fold(1u64, u64::saturating_mul);
        let triangles = table.get("grid").and_then(|g| g.as_str()) == Some("triangle");
        cells = cells.saturating_add(product.saturating_mul(if triangles { 2 } else { 1 }));
    }
    if let Some(n) = table.get("pyramid").map(side) {
        let n = n.min(1 << 20);
        cells = cells.saturating_add(n * (n + 1) * (2 * n + 1) / 6);
    }
    let pictures = (table.get("shape").into_iter()).chain(
        table
            .get("layers")
            .and_then(|v| v.as_array())
            .into_iter()
            .flatten(),
    );
    for picture in pictures.filter_map(|v| v.as_str()) {
        let rows = picture.lines().count() as u64;
        let columns = picture
            .lines()
            .map(|l| l.chars().count())
            .max()
            .unwrap_or(0) as u64;
        cells = cells.saturating_add(rows.saturating_mul(columns));
    }
    cells
}

/// Refuses a built board with more than [`MAX_CELLS`] cells in its frame.
pub fn board(board: &Board) -> Result<(), ApiError> {
    let cells = board.frame_len() as u64;
    if cells > MAX_CELLS {
        return Err(ApiError::too_large(
            format!("the board has {cells} cells, more than the server's limit of {MAX_CELLS}"),
            SMALLER,
        ));
    }
    Ok(())
}

/// Refuses a piece set over [`MAX_PIECES`], [`MAX_COPIES`] or [`MAX_PIECE_CELLS`].
pub fn set(set: &PieceSet) -> Result<(), ApiError> {
    let pieces = set.pieces.len();
    let copies: u64 = set.pieces.iter().map(|p| u64::from(p.count)).sum();
    let cells: u64 = set.pieces.iter().map(|p| p.shape.len() as u64).sum();
    let over = if pieces > MAX_PIECES {
        Some(format!(
            "{pieces} pieces, more than the server's limit of {MAX_PIECES}"
        ))
    } else if copies > MAX_COPIES {
        Some(format!(
            "{copies} copies of pieces, more than the server's limit of {MAX_COPIES}"
        ))
    } else if cells > MAX_PIECE_CELLS {
        Some(format!(
            "pieces of {cells} cells in all, more than the server's limit of {MAX_PIECE_CELLS}"
        ))
    } else {
        None
    };
    match over {
        Some(what) => Err(ApiError::too_large(
            format!("the piece set `{}` has {what}", set.name),
            SMALLER,
        )),
        None => Ok(()),
    }
}

/// Refuses a puzzle whose placements, counted as every orientation of every piece at
/// every open cell, are over [`MAX_PLACEMENTS`].
pub fn placements(board: &Board, set: &PieceSet) -> Result<(), ApiError> {
    let lattice = board.lattice();
    let open = board.open_count() as u64;
    let orientations: u64 = (set.pieces.iter())
        .filter(|p| p.count > 0)
        .map(|p| p.orientations(lattice).len() as u64)
        .sum();
    let placements = open.saturating_mul(orientations);
    if placements > MAX_PLACEMENTS {
        return Err(ApiError::too_large(
            format!(
                "the puzzle has up to {placements} placements ({orientations} orientations at \
                 {open} open cells), more than the server's limit of {MAX_PLACEMENTS}"
            ),
            SMALLER,
        ));
    }
    Ok(())
}

/// Refuses an answer of more than [`MAX_ANSWER`] bytes.
pub fn answer(bytes: usize) -> Result<(), ApiError> {
    if bytes > MAX_ANSWER {
        return Err(ApiError::too_large(
            format!(
                "the answer would be {bytes} bytes, more than the server's limit of {MAX_ANSWER}"
            ),
            SMALLER,
        ));
    }
    Ok(())
}

/// Checks a picture's `cell_size` (400 outside [`MIN_CELL_SIZE`]..=[`MAX_CELL_SIZE`])
/// and refuses a picture of `copies` boards drawn as a gallery (with captions when
/// `captions`) whose pixels would be over [`MAX_PIXELS`].
pub fn picture(
    board: &Board,
    cell_size: u32,
    copies: usize,
    captions: bool,
) -> Result<(), ApiError> {
    if !(MIN_CELL_SIZE..=MAX_CELL_SIZE).contains(&cell_size) {
        return Err(ApiError::bad(format!(
            "`cell_size` must be {MIN_CELL_SIZE} to {MAX_CELL_SIZE} pixels, not {cell_size}"
        )));
    }
    let layout = Layout::new(copies, board, cell_size, captions)?;
    let pixels = u64::from(layout.width) * u64::from(layout.height);
    if pixels > MAX_PIXELS {
        return Err(ApiError::too_large(
            format!(
                "the picture would be {}×{} = {pixels} pixels, more than the server's limit of {MAX_PIXELS}",
                layout.width, layout.height
            ),
            "ask for a smaller `cell_size`, fewer challenges, or a smaller board",
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{library, parse_board, pieces_for};

    fn cells_of(text: &str) -> u64 {
        toml_cells(&toml::from_str(text).unwrap())
    }

    #[test]
    fn cells_are_read_from_every_key_that_makes_them() {
        assert_eq!(cells_of("size = [1000, 1000]"), 1_000_000);
        assert_eq!(cells_of("size = [3, 3, 3]"), 27);
        assert_eq!(cells_of("grid = \"triangle\"\nsize = [2, 2]"), 8);
        assert_eq!(cells_of("pyramid = 5"), 55);
        assert_eq!(cells_of("shape = \"\"\"\n..\n...\n\"\"\""), 6);
        assert_eq!(cells_of("layers = [\"..\\n..\", \".\"]"), 5);
        assert_eq!(cells_of("size = [-5, 9999999999]"), 0);
    }

    #[test]
    fn the_80_byte_dominoes_board_is_refused_from_its_text() {
        let text = "pieces = \"dominoes\"\nsize = [1000, 1000]\nuse_all_pieces = false";
        let e = board_text("board.toml", text).unwrap_err();
        assert_eq!(e.status().as_u16(), 413);
        assert!(e.message().contains("2500"), "{}", e.message());
    }

    /// Every built-in board with its own set is within every limit, with room to spare.
    #[test]
    fn every_builtin_is_within_the_limits() {
        for (name, text) in library::boards() {
            board_text(name, text).unwrap_or_else(|e| panic!("{name}: {}", e.message()));
            let b = parse_board(name, text).unwrap();
            let s = pieces_for(&b, None).unwrap();
            board(&b).unwrap_or_else(|e| panic!("{name}: {}", e.message()));
            set(&s).unwrap_or_else(|e| panic!("{name}: {}", e.message()));
            placements(&b, &s).unwrap_or_else(|e| panic!("{name}: {}", e.message()));
            picture(&b, 32, 1, false).unwrap_or_else(|e| panic!("{name}: {}", e.message()));
        }
    }

    #[test]
    fn a_huge_cell_size_is_refused() {
        let b = parse_board("b", "pieces = \"pentominoes\"\nsize = [10, 6]").unwrap();
        assert_eq!(
            picture(&b, 1024, 1, false).unwrap_err().status().as_u16(),
            400
        );
        let big = parse_board("b", "pieces = \"dominoes\"\nsize = [50, 50]").unwrap();
        let e = picture(&big, 64, 1, false).unwrap_err();
        assert_eq!(e.status().as_u16(), 413, "{}", e.message());
        assert!(e.message().contains("8000000"), "{}", e.message());
    }
}

//! `GET /api/builtins`: the built-in boards (with a thumbnail of each, the empty board
//! as a small SVG) and piece sets, built once and kept.

use std::sync::OnceLock;

use axum::Json;
use serde::Serialize;

use crate::model::{library, parse_board, parse_piece_set, pieces_for, Puzzle};
use crate::render::{svg, RenderOptions};

/// The answer.
#[derive(Serialize)]
pub struct Builtins {
    boards: Vec<BoardEntry>,
    sets: Vec<SetEntry>,
}

#[derive(Serialize)]
struct BoardEntry {
    name: &'static str,
    grid: &'static str,
    pieces: String,
    cells: usize,
    description: String,
    thumbnail: String,
}

#[derive(Serialize)]
struct SetEntry {
    name: &'static str,
    grid: &'static str,
    pieces: usize,
    description: String,
}

/// Side of a thumbnail's cell, in pixels.
const THUMBNAIL_CELL: u32 = 8;

/// `GET /api/builtins`.
pub async fn list() -> Json<&'static Builtins> {
    static LIST: OnceLock<Builtins> = OnceLock::new();
    Json(LIST.get_or_init(builtins))
}

fn builtins() -> Builtins {
    Builtins {
        boards: library::boards()
            .iter()
            .filter_map(|(name, text)| board_entry(name, text))
            .collect(),
        sets: library::piece_sets()
            .iter()
            .filter_map(|(name, text)| {
                let set = parse_piece_set(&format!("<builtin>/pieces/{name}.toml"), text).ok()?;
                Some(SetEntry {
                    name,
                    grid: set.grid.name(),
                    pieces: set.pieces.len(),
                    description: set.description,
                })
            })
            .collect(),
    }
}

fn board_entry(name: &'static str, text: &str) -> Option<BoardEntry> {
    let board = parse_board(&format!("<builtin>/boards/{name}.toml"), text).ok()?;
    let set = pieces_for(&board, None).ok()?;
    let puzzle = Puzzle::new(board, set).ok()?;
    Some(BoardEntry {
        name,
        grid: puzzle.board.grid.name(),
        pieces: puzzle.board.pieces.clone(),
        cells: puzzle.board.open_count(),
        description: puzzle.board.description.clone(),
        thumbnail: thumbnail(&puzzle),
    })
}

/// The empty board (with its pre-placed pieces) as a small SVG.
pub fn thumbnail(puzzle: &Puzzle) -> String {
    let opts = RenderOptions {
        cell_size: THUMBNAIL_CELL,
        labels: false,
        captions: false,
    };
    let empty = puzzle.tiling(std::iter::empty());
    svg::tiling(&puzzle.board, &puzzle.set, &empty, &opts).unwrap_or_default()
}

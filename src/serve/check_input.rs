//! `POST /api/check-input`: the puzzle fields read and built as `polyx show` would,
//! answered with its size, or the located error.

use axum::Json;
use serde::Serialize;

use super::body::JsonBody;
use super::error::ApiError;
use super::request::PuzzleFields;
use super::search::blocking;

/// The answer for a puzzle that builds.
#[derive(Serialize)]
pub struct Checked {
    ok: bool,
    name: String,
    grid: &'static str,
    cells: usize,
    pieces: usize,
    placements: usize,
}

/// `POST /api/check-input`.
pub async fn check_input(
    JsonBody(fields): JsonBody<PuzzleFields>,
) -> Result<Json<Checked>, ApiError> {
    blocking(move || {
        let puzzle = fields.puzzle()?;
        Ok(Json(Checked {
            ok: true,
            name: puzzle.board.name.clone(),
            grid: puzzle.board.grid.name(),
            cells: puzzle.board.open_count(),
            pieces: puzzle.set.pieces.len(),
            placements: puzzle.placements.len(),
        }))
    })
    .await
}

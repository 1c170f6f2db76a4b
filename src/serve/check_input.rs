//! `POST /api/check-input`: the puzzle fields read and built as `polyx show` would
//! (in a slot of the pool for short work), answered with its size, or the located error.

use std::sync::Arc;

use axum::extract::State;
use axum::Json;
use serde::Serialize;

use super::body::RawBody;
use super::error::ApiError;
use super::request::PuzzleFields;
use super::App;

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
    State(app): State<Arc<App>>,
    body: RawBody,
) -> Result<Json<Checked>, ApiError> {
    app.light
        .run(body, move |fields: PuzzleFields| {
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

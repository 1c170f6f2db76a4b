//! `POST /api/render`: a solution (or the board alone, with its pre-placed pieces) drawn
//! as `polyx solve -f svg|png` draws it.

use std::sync::Arc;

use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use super::body::RawBody;
use super::error::ApiError;
use super::request::{cells_of, piece_index, PlacedPiece, PuzzleFields};
use super::{limits, App};
use crate::model::{Placement, Puzzle, Tiling};
use crate::render::{render_image, Format, RenderOptions};

/// The request.
#[derive(Deserialize)]
pub struct RenderRequest {
    #[serde(flatten)]
    puzzle: PuzzleFields,
    #[serde(default = "svg")]
    format: String,
    #[serde(default)]
    solution: Vec<PlacedPiece>,
    cell_size: Option<u32>,
}

fn svg() -> String {
    "svg".to_string()
}

/// `POST /api/render`, in a slot of the pool for short work: the picture's cell size
/// and pixels are checked against the server's limits before it is drawn.
pub async fn render(State(app): State<Arc<App>>, body: RawBody) -> Result<Response, ApiError> {
    let (kind, bytes) = app
        .light
        .run(body, move |req: RenderRequest| {
            let (format, kind) = match req.format.as_str() {
                "svg" => (Format::Svg, "image/svg+xml"),
                "png" => (Format::Png, "image/png"),
                other => {
                    return Err(ApiError::bad(format!(
                        "`format` is svg or png, not `{other}`"
                    )))
                }
            };
            let mut opts = RenderOptions::default();
            if let Some(px) = req.cell_size {
                opts.cell_size = px;
            }
            let puzzle = req.puzzle.puzzle()?;
            limits::picture(&puzzle.board, opts.cell_size, 1, false)?;
            let tiling = tiling(&puzzle, &req.solution)?;
            let bytes = render_image(format, &puzzle.board, &puzzle.set, &[tiling], &opts)?;
            Ok((kind, bytes))
        })
        .await?;
    Ok(([(header::CONTENT_TYPE, kind)], bytes).into_response())
}

/// The board's pre-placed pieces and the solution's other placements, each on open
/// cells of the board.
fn tiling(puzzle: &Puzzle, solution: &[PlacedPiece]) -> Result<Tiling, ApiError> {
    let mut t = puzzle.tiling(std::iter::empty());
    for p in solution.iter().filter(|p| !p.fixed) {
        t.placements.push(Placement {
            piece: piece_index(&puzzle.set, &p.piece)?,
            cells: cells_of(&puzzle.board, p)?,
            fixed: false,
        });
    }
    Ok(t)
}

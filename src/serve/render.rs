//! `POST /api/render`: a solution (or the board alone, with its pre-placed pieces) drawn
//! as `polyx solve -f svg|png` draws it.

use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use super::body::JsonBody;
use super::error::ApiError;
use super::request::{cells_of, piece_index, PlacedPiece, PuzzleFields};
use super::search::blocking;
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

/// `POST /api/render`.
pub async fn render(JsonBody(req): JsonBody<RenderRequest>) -> Result<Response, ApiError> {
    let (format, kind) = match req.format.as_str() {
        "svg" => (Format::Svg, "image/svg+xml"),
        "png" => (Format::Png, "image/png"),
        other => {
            return Err(ApiError::bad(format!(
                "`format` is svg or png, not `{other}`"
            )))
        }
    };
    let bytes = blocking(move || {
        let puzzle = req.puzzle.puzzle()?;
        let tiling = tiling(&puzzle, &req.solution)?;
        let mut opts = RenderOptions::default();
        if let Some(px) = req.cell_size {
            opts.cell_size = px;
        }
        Ok(render_image(
            format,
            &puzzle.board,
            &puzzle.set,
            &[tiling],
            &opts,
        )?)
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

//! `POST /api/check` and `POST /api/hint`: the design tools' uniqueness check and hint
//! (`polyx check`, `polyx hint`), each a job on its own thread under the search budget.
//! A search its budget stops answers 503.

use std::sync::Arc;

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};

use super::body::JsonBody;
use super::error::ApiError;
use super::request::{PuzzleFields, Symmetry};
use super::search::{answer, blocking, spawn};
use super::solution::{cells, placement_list, placements};
use super::{App, SEARCH_BUDGET};
use crate::design::{self, Hint, Reason, Stopped, Uniqueness};
use crate::geom::Cell;
use crate::model::{Placement, Puzzle};
use crate::run::RunOptions;
use crate::solve::{Solver, DEFAULT_SEED};

/// The request of `check`.
#[derive(Deserialize)]
pub struct CheckRequest {
    #[serde(flatten)]
    puzzle: PuzzleFields,
    #[serde(default)]
    symmetry: Symmetry,
    seed: Option<u64>,
}

/// `POST /api/check`.
pub async fn check(
    State(app): State<Arc<App>>,
    JsonBody(req): JsonBody<CheckRequest>,
) -> Result<Json<Value>, ApiError> {
    let fields = req.puzzle;
    let puzzle = blocking(move || fields.puzzle()).await?;
    let running = app.jobs.start("check")?;
    let rx = spawn(running, SEARCH_BUDGET, move |job| {
        let mut solver = Solver::new(puzzle, req.symmetry.mode());
        solver.seed = req.seed.unwrap_or(DEFAULT_SEED);
        let opts = RunOptions {
            stop: Arc::clone(&job.stop),
            ..RunOptions::default()
        };
        let checked = design::check(&solver, &opts).map_err(stopped)?;
        Ok(Json(checked_json(solver.puzzle(), &checked.answer)))
    });
    answer(rx).await
}

fn checked_json(puzzle: &Puzzle, answer: &Uniqueness) -> Value {
    let set = &puzzle.set;
    match answer {
        Uniqueness::NoSolution => json!({"result": "none", "solutions": [], "differing": []}),
        Uniqueness::Unique(t) => {
            json!({"result": "unique", "solutions": [placements(set, t)], "differing": []})
        }
        Uniqueness::Several(a, b) => json!({
            "result": "several",
            "solutions": [placements(set, a), placements(set, b)],
            "differing": cells(set, &design::differing_cells(a, b)),
        }),
    }
}

/// 503: the budget ended the search before it had an answer.
pub fn stopped(s: Stopped) -> ApiError {
    let mut e = ApiError::new(StatusCode::SERVICE_UNAVAILABLE, s.to_string());
    e.set_hint("the search exceeded its time budget; try a smaller puzzle");
    e
}

/// `POST /api/hint`.
pub async fn hint(
    State(app): State<Arc<App>>,
    JsonBody(fields): JsonBody<PuzzleFields>,
) -> Result<Json<Value>, ApiError> {
    let puzzle = blocking(move || fields.puzzle()).await?;
    let running = app.jobs.start("hint")?;
    let rx = spawn(running, SEARCH_BUDGET, move |job| {
        let opts = RunOptions {
            stop: Arc::clone(&job.stop),
            ..RunOptions::default()
        };
        let hint = design::hint(&puzzle, &opts).map_err(stopped)?;
        Ok(Json(hint_json(&puzzle, &hint)))
    });
    answer(rx).await
}

fn hint_json(puzzle: &Puzzle, hint: &Hint) -> Value {
    let set = &puzzle.set;
    let (kind, list, message): (&str, Vec<Placement>, String) = match hint {
        Hint::Finished => ("finished", vec![], "The board is finished.".into()),
        Hint::Unsolvable => (
            "unsolvable",
            vec![],
            "The board cannot be finished, even with every piece taken off: the puzzle has no solution.".into(),
        ),
        Hint::Remove(pieces) => {
            let labels: Vec<String> = (pieces.iter())
                .map(|p| set.pieces[p.piece].label.to_string())
                .collect();
            let message = format!(
                "The board cannot be finished; take off {}: without it, it can be.",
                labels.join(", ")
            );
            ("remove", pieces.clone(), message)
        }
        Hint::Next(m) => {
            let label = set.pieces[m.placement.piece].label;
            let (kind, why) = reason(label, &m.reason);
            (kind, vec![m.placement.clone()], format!("The board can be finished; {why}"))
        }
    };
    json!({"kind": kind, "placements": placement_list(set, &list), "message": message})
}

/// The hint's kind and its sentence, as `polyx hint` says it.
fn reason(label: char, reason: &Reason) -> (&'static str, String) {
    match reason {
        Reason::OnlyCover(c) => (
            "forced",
            format!("place {label}: it is the only placement that covers {}.", cell_name(*c)),
        ),
        Reason::OnlyPlace => (
            "forced",
            format!("place {label}: the piece has no other place left."),
        ),
        Reason::EveryCompletion => (
            "shared",
            format!("place {label}: every way to finish the board places it there."),
        ),
        Reason::Guess(c) => (
            "guess",
            format!(
                "try {label}: {} has the fewest ways to be covered, and this one leads to a finished board (others may too).",
                cell_name(*c)
            ),
        ),
    }
}

fn cell_name(c: Cell) -> String {
    if c.z == 0 {
        format!("the cell at row {}, column {}", c.y + 1, c.x + 1)
    } else {
        format!(
            "the cell at row {}, column {} of layer {}",
            c.y + 1,
            c.x + 1,
            c.z + 1
        )
    }
}

//! `POST /api/check` and `POST /api/hint`: the design tools' uniqueness check and hint
//! (`polyx check`, `polyx hint`), each a job on its own thread under the search budget.
//! A search its budget stops answers 503.

use std::collections::HashSet;
use std::sync::Arc;

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};

use super::body::{self, RawBody};
use super::error::ApiError;
use super::jobs::Job;
use super::request::{cell_of, PlacedPiece, PuzzleFields, Symmetry};
use super::search::{checkpoint, spawn};
use super::solution::{cells, placement_list, placements};
use super::App;
use crate::design::{self, Hint, Reason, Stopped, Uniqueness, Wording};
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

/// `POST /api/check`: a job slot is taken (or 429) before the body is parsed.
pub async fn check(
    State(app): State<Arc<App>>,
    RawBody(bytes): RawBody,
) -> Result<Json<Value>, ApiError> {
    let running = app.jobs.start("check")?;
    let setup = move |job: &Job| {
        let req: CheckRequest = body::parse(&bytes)?;
        let puzzle = req.puzzle.puzzle_between(&mut || checkpoint(job))?;
        checkpoint(job)?;
        let mut solver = Solver::new(puzzle, req.symmetry.mode());
        solver.seed = req.seed.unwrap_or(DEFAULT_SEED);
        checkpoint(job)?;
        Ok(solver)
    };
    let started = spawn(
        &app.jobs,
        running,
        app.search_budget,
        setup,
        |solver, job| {
            let opts = RunOptions {
                stop: Arc::clone(&job.stop),
                ..RunOptions::default()
            };
            let checked = design::check(&solver, &opts).map_err(stopped)?;
            Ok(Json(checked_json(solver.puzzle(), &checked.answer)))
        },
    );
    started.answer().await
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

/// `POST /api/hint`. With `placed`, those pieces are the player's and the board's own
/// pre-placed pieces the challenge's, which a hint never takes off; without, any
/// pre-placed piece may be named.
pub async fn hint(
    State(app): State<Arc<App>>,
    RawBody(bytes): RawBody,
) -> Result<Json<Value>, ApiError> {
    let running = app.jobs.start("hint")?;
    let setup = move |job: &Job| {
        let fields: PuzzleFields = body::parse(&bytes)?;
        let puzzle = fields.puzzle_between(&mut || checkpoint(job))?;
        checkpoint(job)?;
        Ok((puzzle, fields.placed))
    };
    let started = spawn(
        &app.jobs,
        running,
        app.search_budget,
        setup,
        |(puzzle, placed), job| {
            let opts = RunOptions {
                stop: Arc::clone(&job.stop),
                ..RunOptions::default()
            };
            let challenge = !placed.is_empty();
            let players = match challenge {
                true => players_pieces(&puzzle, &placed),
                false => vec![true; puzzle.fixed.len()],
            };
            let (hint, _) = design::hint_for_player(&puzzle, &players, &opts).map_err(stopped)?;
            Ok(Json(hint_json(&puzzle, &hint, challenge)))
        },
    );
    started.answer().await
}

/// For each pre-placed piece of `puzzle`, whether it is one of the player's `placed`.
fn players_pieces(puzzle: &Puzzle, placed: &[PlacedPiece]) -> Vec<bool> {
    let cells: HashSet<Cell> = (placed.iter())
        .flat_map(|p| {
            p.cells
                .iter()
                .filter_map(|xyz| cell_of(puzzle.board.grid, xyz))
        })
        .collect();
    (puzzle.fixed.iter())
        .map(|p| p.cells.iter().all(|c| cells.contains(c)))
        .collect()
}

fn hint_json(puzzle: &Puzzle, hint: &Hint, challenge: bool) -> Value {
    let set = &puzzle.set;
    let wording = Wording {
        drawn: false,
        challenge,
        layered: puzzle.board.depth > 1,
    };
    let message = design::sentence(set, hint, wording);
    let (kind, list): (&str, Vec<Placement>) = match hint {
        Hint::Finished => ("finished", vec![]),
        Hint::Unsolvable => ("unsolvable", vec![]),
        Hint::Remove(pieces) => ("remove", pieces.clone()),
        Hint::Next(m) => (kind(m.reason), vec![m.placement.clone()]),
    };
    json!({"kind": kind, "placements": placement_list(set, &list), "message": message})
}

/// The kind of a hinted move.
fn kind(reason: Reason) -> &'static str {
    match reason {
        Reason::OnlyCover(_) | Reason::OnlyPlace => "forced",
        Reason::EveryCompletion => "shared",
        Reason::Guess(_) => "guess",
    }
}

//! `POST /api/solve`: the solutions streamed as the lines of `polyx solve -f json`
//! (NDJSON), then the summary line; the search stops when the client goes away.

use std::convert::Infallible;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use axum::body::Body;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use tokio::sync::mpsc;

use super::body::JsonBody;
use super::error::ApiError;
use super::jobs::Job;
use super::request::{PuzzleFields, Symmetry};
use super::search::{blocking, spawn};
use super::{cores, App, SEARCH_BUDGET};
use crate::model::Puzzle;
use crate::render::json::{self, Summary};
use crate::run::RunOptions;
use crate::solve::{self, Solver, DEFAULT_SEED};

/// The most solutions one request may ask for.
pub const MAX_LIMIT: u64 = 1000;

/// The request.
#[derive(Deserialize)]
pub struct SolveRequest {
    #[serde(flatten)]
    puzzle: PuzzleFields,
    limit: Option<u64>,
    #[serde(default)]
    symmetry: Symmetry,
    seed: Option<u64>,
}

/// What the search thread needs.
struct Search {
    puzzle: Puzzle,
    symmetry: Symmetry,
    seed: u64,
    limit: u64,
}

/// `POST /api/solve`.
pub async fn solve(
    State(app): State<Arc<App>>,
    JsonBody(req): JsonBody<SolveRequest>,
) -> Result<Response, ApiError> {
    let limit = req.limit.unwrap_or(1);
    if !(1..=MAX_LIMIT).contains(&limit) {
        return Err(ApiError::bad(format!(
            "`limit` must be 1 to {MAX_LIMIT}, not {limit}"
        )));
    }
    let fields = req.puzzle;
    let puzzle = blocking(move || fields.puzzle()).await?;
    let running = app.jobs.start("solve")?;
    let stop = Arc::clone(&running.0.stop);
    let (tx, rx) = mpsc::channel::<String>(16);
    let search = Search {
        puzzle,
        symmetry: req.symmetry,
        seed: req.seed.unwrap_or(DEFAULT_SEED),
        limit,
    };
    drop(spawn(running, SEARCH_BUDGET, move |job| {
        stream(search, job, &tx)
    }));
    let lines =
        futures_util::stream::unfold((rx, StopOnDrop(stop)), |(mut rx, guard)| async move {
            let line = rx.recv().await?;
            Some((Ok::<_, Infallible>(line), (rx, guard)))
        });
    let headers = [(header::CONTENT_TYPE, "application/x-ndjson")];
    Ok((headers, Body::from_stream(lines)).into_response())
}

/// Sets the search's stop flag when the answer's stream is dropped (the client left).
struct StopOnDrop(Arc<AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::SeqCst);
    }
}

/// The search on its thread: each solution's line sent as found, then the summary.
fn stream(search: Search, job: &Job, tx: &mpsc::Sender<String>) -> Result<(), ApiError> {
    let mut solver = Solver::new(search.puzzle, search.symmetry.mode());
    solver.seed = search.seed;
    let opts = RunOptions {
        threads: cores(),
        printing: true,
        limit: Some(search.limit),
        stop: Arc::clone(&job.stop),
        ..RunOptions::default()
    };
    let set = &solver.puzzle.set;
    let mut index = 0;
    let report = solve::run(&solver, &opts, &mut |t| {
        index += 1;
        job.progress(index, 0, None);
        match tx.blocking_send(json::solution(index, set, t) + "\n") {
            Ok(()) => ControlFlow::Continue(()),
            Err(_) => ControlFlow::Break(()),
        }
    })?;
    if report.interrupted {
        job.interrupted();
    }
    job.progress(report.solutions, report.stats.nodes, None);
    let summary = Summary {
        solutions: report.solutions,
        complete: report.complete,
        symmetry: solver.mode.name().to_string(),
        puzzle: solver.puzzle.board.name.clone(),
        shard: String::new(),
        nodes: report.stats.nodes,
        updates: report.stats.updates,
        elapsed_ms: super::jobs::millis(report.elapsed),
    };
    let _ = tx.blocking_send(json::summary(&summary) + "\n");
    Ok(())
}

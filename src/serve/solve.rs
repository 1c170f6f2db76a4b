//! `POST /api/solve`: the solutions streamed as the lines of `polyx solve -f json`
//! (NDJSON), then the summary line. The search stops when the client goes away, and
//! when the client reads nothing for [`WRITE_TIMEOUT`]: a line that cannot be handed
//! to the connection by then ends the job (and the connection gives up its write,
//! `conn.rs`), so no reader pins a slot.

use std::convert::Infallible;
use std::ops::ControlFlow;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use tokio::sync::mpsc::{self, error::TrySendError};

use super::body::{self, RawBody};
use super::conn::WRITE_TIMEOUT;
use super::error::ApiError;
use super::jobs::Job;
use super::request::{PuzzleFields, Symmetry};
use super::search::{answer, checkpoint, spawn, StopOnDrop};
use super::{cores, App};
use crate::render::json::{self, Summary};
use crate::run::RunOptions;
use crate::solve::{self, Solver, DEFAULT_SEED};
use crate::Count;

/// How often a waiting line is offered again.
const RETRY: Duration = Duration::from_millis(5);

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
    solver: Solver,
    limit: u64,
}

/// The search of a request, made ready: the body parsed, the puzzle within the limits
/// and built, its symmetries found, with the job's stop flag seen between the phases.
fn setup(bytes: &[u8], job: &Job) -> Result<Search, ApiError> {
    let req: SolveRequest = body::parse(bytes)?;
    let limit = req.limit.unwrap_or(1);
    if !(1..=MAX_LIMIT).contains(&limit) {
        return Err(ApiError::bad(format!(
            "`limit` must be 1 to {MAX_LIMIT}, not {limit}"
        )));
    }
    let puzzle = req.puzzle.puzzle_between(&mut || checkpoint(job))?;
    checkpoint(job)?;
    let mut solver = Solver::new(puzzle, req.symmetry.mode());
    solver.seed = req.seed.unwrap_or(DEFAULT_SEED);
    checkpoint(job)?;
    Ok(Search { solver, limit })
}

/// `POST /api/solve`: a job slot is taken (or 429) before the body is parsed.
pub async fn solve(
    State(app): State<Arc<App>>,
    RawBody(bytes): RawBody,
) -> Result<Response, ApiError> {
    let running = app.jobs.start("solve")?;
    let stop = Arc::clone(&running.0.stop);
    let (tx, rx) = mpsc::channel::<String>(16);
    let started = spawn(
        &app.jobs,
        running,
        app.search_budget,
        move |job| setup(&bytes, job),
        move |search, job| stream(search, job, &tx),
    );
    answer(started.ready).await?;
    let lines =
        futures_util::stream::unfold((rx, StopOnDrop(Some(stop))), |(mut rx, guard)| async move {
            let line = rx.recv().await?;
            Some((Ok::<_, Infallible>(line), (rx, guard)))
        });
    let headers = [(header::CONTENT_TYPE, "application/x-ndjson")];
    Ok((headers, Body::from_stream(lines)).into_response())
}

/// Hands `line` to the answer's stream, waiting at most [`WRITE_TIMEOUT`] for room
/// while the client reads nothing; false if the client is gone, the job was stopped
/// meanwhile, or the time is up (then the job is stopped).
fn send(tx: &mpsc::Sender<String>, job: &Job, mut line: String) -> bool {
    let start = Instant::now();
    loop {
        match tx.try_send(line) {
            Ok(()) => return true,
            Err(TrySendError::Closed(_)) => return false,
            Err(TrySendError::Full(back)) => line = back,
        }
        if job.stop.load(Ordering::SeqCst) {
            return false;
        }
        if start.elapsed() >= WRITE_TIMEOUT {
            job.stop.store(true, Ordering::SeqCst);
            return false;
        }
        std::thread::sleep(RETRY);
    }
}

/// The search on its thread: each solution's line sent as found, then the summary.
fn stream(search: Search, job: &Job, tx: &mpsc::Sender<String>) -> Result<(), ApiError> {
    let solver = search.solver;
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
        job.progress(Count::from(index), 0, None);
        match send(tx, job, json::solution(index, set, t) + "\n") {
            true => ControlFlow::Continue(()),
            false => ControlFlow::Break(()),
        }
    })?;
    if report.interrupted || job.stop.load(Ordering::SeqCst) {
        job.interrupted();
    }
    job.progress(report.solutions.clone(), report.stats.nodes, None);
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
    send(tx, job, json::summary(&summary) + "\n");
    Ok(())
}

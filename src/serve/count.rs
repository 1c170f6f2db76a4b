//! `POST /api/count` (a job, answered 202 with its id) and the job endpoints: the list,
//! one job's status, its progress as server-sent events, and its cancel.

use std::convert::Infallible;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::sse::{Event, Sse};
use axum::Json;
use futures_util::Stream;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use super::body::{self, RawBody};
use super::error::ApiError;
use super::jobs::{Job, JobStatus, State as JobState};
use super::request::{PuzzleFields, Symmetry};
use super::search::{answer, checkpoint, spawn};
use super::{cores, App};
use crate::run::progress::Status;
use crate::run::RunOptions;
use crate::solve::{self, Solver};

/// How often the events say the job's progress.
const EVERY: Duration = Duration::from_millis(250);

/// The request.
#[derive(Deserialize)]
pub struct CountRequest {
    #[serde(flatten)]
    puzzle: PuzzleFields,
    #[serde(default)]
    symmetry: Symmetry,
}

/// `POST /api/count`: a job slot is taken (or 429) before the body is parsed; 202 once
/// the puzzle is built.
pub async fn count(
    State(app): State<Arc<App>>,
    RawBody(bytes): RawBody,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    let running = app.jobs.start("count")?;
    let id = running.0.id.to_string();
    let budget = Duration::from_secs(app.max_seconds);
    let started = spawn(
        &app.jobs,
        running,
        budget,
        move |job| setup(&bytes, job),
        count_solutions,
    );
    answer(started.ready).await?;
    Ok((StatusCode::ACCEPTED, Json(json!({ "job": id }))))
}

/// The count's solver: the body parsed, the puzzle within the limits and built, its
/// symmetries found, with the job's stop flag seen between the phases.
fn setup(bytes: &[u8], job: &Job) -> Result<Solver, ApiError> {
    let req: CountRequest = body::parse(bytes)?;
    let puzzle = req.puzzle.puzzle_between(&mut || checkpoint(job))?;
    checkpoint(job)?;
    let solver = Solver::new(puzzle, req.symmetry.mode());
    checkpoint(job)?;
    Ok(solver)
}

/// The count on its thread, on every core, its progress kept in the job.
fn count_solutions(solver: Solver, job: &Job) -> Result<(), ApiError> {
    let opts = RunOptions {
        threads: cores(),
        stop: Arc::clone(&job.stop),
        ..RunOptions::default()
    };
    let mut on_progress =
        |s: &Status| job.progress(s.solutions.clone(), s.nodes, s.credible.then_some(s.done));
    let mut none = |_: &crate::model::Tiling| ControlFlow::Continue(());
    let report = solve::run_with_progress(&solver, &opts, &mut none, Some(&mut on_progress))?;
    if report.interrupted {
        job.interrupted();
    }
    let done = report.complete.then_some(1.0);
    job.progress(report.solutions.clone(), report.stats.nodes, done);
    Ok(())
}

/// The answer of `GET /api/jobs`.
#[derive(Serialize)]
pub struct JobList {
    jobs: Vec<JobStatus>,
}

/// `GET /api/jobs`.
pub async fn list(State(app): State<Arc<App>>) -> Json<JobList> {
    Json(JobList {
        jobs: app.jobs.list(),
    })
}

/// `GET /api/jobs/{id}`.
pub async fn status(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Json<JobStatus>, ApiError> {
    Ok(Json(app.jobs.get(&id)?.status()))
}

/// `DELETE /api/jobs/{id}`.
pub async fn cancel(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let job = app.jobs.get(&id)?;
    job.cancel();
    let state = match job.status().state {
        JobState::Running => JobState::Cancelled,
        ended => ended,
    };
    Ok(Json(json!({ "job": id, "state": state })))
}

/// `GET /api/jobs/{id}/events`: `progress` events, then one `end`.
pub async fn events(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let job = app.jobs.get(&id)?;
    let stream = futures_util::stream::unfold(Some((job, true)), |step| async move {
        let (job, first) = step?;
        if !first {
            tokio::time::sleep(EVERY).await;
        }
        let status = job.status();
        let ended = status.state != JobState::Running;
        let name = if ended { "end" } else { "progress" };
        let data = serde_json::to_string(&status).unwrap_or_default();
        let event = Event::default().event(name).data(data);
        let next = (!ended).then_some((job, false));
        Some((Ok(event), next))
    });
    Ok(Sse::new(stream))
}

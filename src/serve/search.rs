//! Running work off the async runtime: a job on a thread of its own, its setup (the
//! request parsed, the puzzle checked against the limits and built) and then its search,
//! both under the job's time budget, counted from its admission, and its stop flag; panics
//! are caught and answered as 500. And short blocking work on tokio's blocking pool.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use axum::http::StatusCode;
use tokio::sync::oneshot;

use super::error::ApiError;
use super::jobs::{Job, Jobs, Running};

/// The two answers of a job's thread: whether its setup went well (before any search),
/// and the search's answer (or the setup's error); and the job's stop flag.
pub struct Started<T> {
    pub ready: oneshot::Receiver<Result<(), ApiError>>,
    pub answer: oneshot::Receiver<Result<T, ApiError>>,
    stop: Arc<AtomicBool>,
}

impl<T> Started<T> {
    /// The search's answer, awaited. If the request is dropped first (its client went
    /// away), the job's stop flag is set: nobody waits for the answer any more.
    pub async fn answer(self) -> Result<T, ApiError> {
        let mut unanswered = StopOnDrop(Some(self.stop));
        let answer = answer(self.answer).await;
        unanswered.0 = None;
        answer
    }
}

/// Sets the stop flag it holds, if any, when dropped.
pub struct StopOnDrop(pub Option<Arc<AtomicBool>>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        if let Some(stop) = &self.0 {
            stop.store(true, Ordering::SeqCst);
        }
    }
}

/// Runs `setup` and then `work` as the job of `running` on a new thread; its stop flag
/// is set after `budget`. A setup refused with a 4xx (bad input, a limit) leaves no job
/// in the registry: the request never was a search.
pub fn spawn<P, T, S, F>(
    jobs: &Arc<Jobs>,
    running: Running,
    budget: Duration,
    setup: S,
    work: F,
) -> Started<T>
where
    T: Send + 'static,
    S: FnOnce(&Job) -> Result<P, ApiError> + Send + 'static,
    F: FnOnce(P, &Job) -> Result<T, ApiError> + Send + 'static,
{
    let (ready_tx, ready) = oneshot::channel();
    let (tx, answer) = oneshot::channel();
    let job = Arc::clone(&running.0);
    let stop = Arc::clone(&job.stop);
    watchdog(&job, budget);
    let jobs = Arc::clone(jobs);
    let name = format!("polyx-job-{}", job.id);
    let thread = std::thread::Builder::new().name(name).spawn(move || {
        let answer = catch_unwind(AssertUnwindSafe(|| match setup(&job) {
            Err(e) => {
                if e.status().is_client_error() {
                    jobs.remove(job.id);
                }
                let _ = ready_tx.send(Err(e.clone()));
                Err(e)
            }
            Ok(prepared) => {
                let _ = ready_tx.send(Ok(()));
                work(prepared, &job)
            }
        }))
        .unwrap_or_else(|_| Err(ApiError::internal("the search failed")));
        job.end(answer.as_ref().err().map(|e| e.message().to_string()));
        drop(running);
        let _ = tx.send(answer);
    });
    if let Err(e) = thread {
        // The closure (and `running`, which ends the job) was dropped with the error.
        let (tx, answer) = oneshot::channel();
        let (ready_tx, ready) = oneshot::channel();
        let failed = ApiError::internal(format!("cannot start a thread: {e}"));
        let _ = ready_tx.send(Err(failed.clone()));
        let _ = tx.send(Err(failed));
        return Started {
            ready,
            answer,
            stop,
        };
    }
    Started {
        ready,
        answer,
        stop,
    }
}

/// Between two phases of a setup: 503 if the job's stop flag is set (its budget ran
/// out, or it was cancelled), and the job is marked as stopped by it.
pub fn checkpoint(job: &Job) -> Result<(), ApiError> {
    if !job.stop.load(Ordering::SeqCst) {
        return Ok(());
    }
    job.interrupted();
    let mut e = ApiError::new(
        StatusCode::SERVICE_UNAVAILABLE,
        "the search was stopped (its time budget, or a cancel) before it began",
    );
    e.set_hint("try a smaller puzzle");
    Err(e)
}

/// Sets the job's stop flag once `budget` has passed.
fn watchdog(job: &Arc<Job>, budget: Duration) {
    let stop = Arc::clone(&job.stop);
    tokio::spawn(async move {
        tokio::time::sleep(budget).await;
        stop.store(true, Ordering::SeqCst);
    });
}

/// The answer a job's thread sends, awaited.
pub async fn answer<T>(rx: oneshot::Receiver<Result<T, ApiError>>) -> Result<T, ApiError> {
    rx.await
        .unwrap_or_else(|_| Err(ApiError::internal("the search ended without an answer")))
}

/// Runs short blocking work (building a puzzle) off the async threads.
pub async fn blocking<T, F>(work: F) -> Result<T, ApiError>
where
    T: Send + 'static,
    F: FnOnce() -> Result<T, ApiError> + Send + 'static,
{
    tokio::task::spawn_blocking(work)
        .await
        .unwrap_or_else(|_| Err(ApiError::internal("the server failed on this request")))
}

//! Running work off the async runtime: a job's search on a thread of its own under its
//! time budget, with panics caught and answered as 500; and short blocking work (a
//! puzzle's placements) on tokio's blocking pool.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::oneshot;

use super::error::ApiError;
use super::jobs::{Job, Running};

/// Runs `work` as the job of `running` on a new thread; its stop flag is set after
/// `budget`. The receiver gets `work`'s answer (500 if it panicked).
pub fn spawn<T, F>(
    running: Running,
    budget: Duration,
    work: F,
) -> oneshot::Receiver<Result<T, ApiError>>
where
    T: Send + 'static,
    F: FnOnce(&Job) -> Result<T, ApiError> + Send + 'static,
{
    let (tx, rx) = oneshot::channel();
    let job = Arc::clone(&running.0);
    watchdog(&job, budget);
    let name = format!("polyx-job-{}", job.id);
    let thread = std::thread::Builder::new().name(name).spawn(move || {
        let answer = catch_unwind(AssertUnwindSafe(|| work(&job)))
            .unwrap_or_else(|_| Err(ApiError::internal("the search failed")));
        job.end(answer.as_ref().err().map(|e| e.message().to_string()));
        drop(running);
        let _ = tx.send(answer);
    });
    if let Err(e) = thread {
        // The closure (and `running`, which ends the job) was dropped with the error.
        let (tx, rx) = oneshot::channel();
        let _ = tx.send(Err(ApiError::internal(format!(
            "cannot start a thread: {e}"
        ))));
        return rx;
    }
    rx
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

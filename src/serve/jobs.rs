//! The job registry: every search the server runs (solve, count, check, hint,
//! generate, book) is a job with an id, a kind, a state and its latest progress. At
//! most [`MAX_RUNNING`] run at once (another gets 429); each runs on a thread of its own
//! with a stop flag that a cancel, its time budget or its client's leaving sets; ended
//! jobs are kept [`KEEP_ENDED`] for their status.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::count::Count;

use super::error::ApiError;

/// Searches that may run at once.
pub const MAX_RUNNING: usize = 4;

/// How long an ended job's status is kept.
pub const KEEP_ENDED: Duration = Duration::from_secs(60);

/// Where a job is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum State {
    Running,
    Done,
    Cancelled,
    /// Its time budget, or its client's leaving, stopped it.
    Stopped,
    /// It failed (an error the search reported).
    Failed,
}

/// What `GET /api/jobs/{id}` says.
#[derive(Clone, Debug, Serialize)]
pub struct JobStatus {
    pub job: String,
    pub kind: &'static str,
    pub state: State,
    /// Exact: a JSON number up to 2^53 − 1, a string of digits past it.
    pub solutions: Count,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub done: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub eta_ms: Option<u64>,
    pub nodes: u64,
    pub elapsed_ms: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// One job.
pub struct Job {
    pub id: u64,
    /// Set to stop the search.
    pub stop: Arc<AtomicBool>,
    cancelled: AtomicBool,
    interrupted: AtomicBool,
    started: Instant,
    status: Mutex<JobStatus>,
    ended: Mutex<Option<Instant>>,
}

impl Job {
    /// The job's status now.
    pub fn status(&self) -> JobStatus {
        let mut status = lock(&self.status).clone();
        if status.state == State::Running {
            status.elapsed_ms = millis(self.started.elapsed());
        }
        status
    }

    /// Records progress: solutions so far, nodes, the share done if known.
    pub fn progress(&self, solutions: Count, nodes: u64, done: Option<f64>) {
        let elapsed = self.started.elapsed();
        let mut status = lock(&self.status);
        status.solutions = solutions;
        status.nodes = nodes;
        status.elapsed_ms = millis(elapsed);
        status.done = done.map(|d| d.clamp(0.0, 1.0));
        status.eta_ms = done.filter(|&d| d > 0.0).map(|d| {
            let left = elapsed.as_secs_f64() * (1.0 - d.min(1.0)) / d;
            (left * 1000.0) as u64
        });
    }

    /// Says that the stop flag ended the search before it finished.
    pub fn interrupted(&self) {
        self.interrupted.store(true, Ordering::SeqCst);
    }

    /// Ends the job: failed with `error`, cancelled or stopped if the stop flag ended
    /// it, else done.
    pub fn end(&self, error: Option<String>) {
        let interrupted = self.interrupted.load(Ordering::SeqCst);
        let mut status = lock(&self.status);
        if status.state != State::Running {
            return;
        }
        status.state = match (&error, interrupted, self.cancelled.load(Ordering::SeqCst)) {
            (Some(_), _, _) => State::Failed,
            (None, true, true) => State::Cancelled,
            (None, true, false) => State::Stopped,
            (None, false, _) => State::Done,
        };
        if status.state == State::Done {
            status.done = Some(1.0);
            status.eta_ms = Some(0);
        }
        status.error = error;
        status.elapsed_ms = millis(self.started.elapsed());
        *lock(&self.ended) = Some(Instant::now());
    }

    /// Whether the job has ended.
    pub fn has_ended(&self) -> bool {
        lock(&self.ended).is_some()
    }

    /// Cancels the job: its search stops at its next tick.
    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::SeqCst);
        self.stop.store(true, Ordering::SeqCst);
    }

    fn ended_before(&self, now: Instant) -> bool {
        lock(&self.ended).is_some_and(|t| now.duration_since(t) > KEEP_ENDED)
    }
}

/// Every job, and how many run.
#[derive(Default)]
pub struct Jobs {
    inner: Mutex<Registry>,
}

#[derive(Default)]
struct Registry {
    next: u64,
    jobs: BTreeMap<u64, Arc<Job>>,
}

impl Jobs {
    /// A new running job of `kind`, or 429 if every slot is taken. The caller must
    /// [`Job::end`] it (the [`Running`] guard does).
    pub fn start(self: &Arc<Self>, kind: &'static str) -> Result<Running, ApiError> {
        let mut registry = lock(&self.inner);
        let now = Instant::now();
        registry.jobs.retain(|_, job| !job.ended_before(now));
        let running = registry.jobs.values().filter(|j| !j.has_ended()).count();
        if running >= MAX_RUNNING {
            return Err(ApiError::busy());
        }
        registry.next += 1;
        let id = registry.next;
        let job = Arc::new(Job {
            id,
            stop: Arc::new(AtomicBool::new(false)),
            cancelled: AtomicBool::new(false),
            interrupted: AtomicBool::new(false),
            started: now,
            status: Mutex::new(JobStatus {
                job: id.to_string(),
                kind,
                state: State::Running,
                solutions: Count::ZERO,
                done: None,
                eta_ms: None,
                nodes: 0,
                elapsed_ms: 0,
                error: None,
            }),
            ended: Mutex::new(None),
        });
        registry.jobs.insert(id, Arc::clone(&job));
        Ok(Running(job))
    }

    /// The job with id `id`, running or ended in the last minute.
    pub fn get(&self, id: &str) -> Result<Arc<Job>, ApiError> {
        let found = id.parse::<u64>().ok().and_then(|id| {
            let registry = lock(&self.inner);
            registry.jobs.get(&id).cloned()
        });
        found.ok_or_else(|| ApiError::not_found(format!("no job `{id}`")))
    }

    /// Every job kept, oldest first.
    pub fn list(&self) -> Vec<JobStatus> {
        let mut registry = lock(&self.inner);
        let now = Instant::now();
        registry.jobs.retain(|_, job| !job.ended_before(now));
        registry.jobs.values().map(|j| j.status()).collect()
    }

    /// Forgets job `id` (a request refused before its search began).
    pub fn remove(&self, id: u64) {
        lock(&self.inner).jobs.remove(&id);
    }

    /// Stops every job (the server is shutting down).
    pub fn stop_all(&self) {
        for job in lock(&self.inner).jobs.values() {
            job.stop.store(true, Ordering::SeqCst);
        }
    }
}

/// A running job, ended when dropped (also when its thread panics) if not before.
pub struct Running(pub Arc<Job>);

impl Drop for Running {
    fn drop(&mut self) {
        if !self.0.has_ended() {
            let panicked = std::thread::panicking().then(|| "the search failed".to_string());
            self.0.end(panicked);
        }
    }
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

pub fn millis(d: Duration) -> u64 {
    d.as_millis().min(u128::from(u64::MAX)) as u64
}

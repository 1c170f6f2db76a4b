//! Long searches off the interpreter's thread: the work runs on a scoped worker thread
//! while this thread, without the GIL, sleeps a few milliseconds at a time and, between
//! sleeps, lets Python run its signal handlers. Ctrl-C (`KeyboardInterrupt`) sets the
//! search's stop flag, waits for the worker to stop and raises; no thread outlives the
//! call.

use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::{self, ScopedJoinHandle};
use std::time::Duration;

use pyo3::panic::PanicException;
use pyo3::prelude::*;

/// How long the waiting thread sleeps between looks at Python's signals.
pub const POLL: Duration = Duration::from_millis(5);

/// Runs `work` on a worker thread and returns what it returns; a signal handler that
/// raises (Ctrl-C) sets `stop`, which `work` must watch, and its exception is returned
/// once the worker has stopped.
pub fn interruptible<T: Send>(
    py: Python<'_>,
    stop: &AtomicBool,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    let waiter = thread::current();
    thread::scope(|s| {
        let worker = s.spawn(move || {
            let out = work();
            waiter.unpark();
            out
        });
        loop {
            if worker.is_finished() {
                return joined(py, worker);
            }
            py.detach(|| thread::park_timeout(POLL));
            if worker.is_finished() {
                return joined(py, worker);
            }
            if let Err(raised) = py.check_signals() {
                stop.store(true, Ordering::SeqCst);
                let _ = py.detach(move || worker.join());
                return Err(raised);
            }
        }
    })
}

fn joined<T: Send>(py: Python<'_>, worker: ScopedJoinHandle<'_, T>) -> PyResult<T> {
    py.detach(move || worker.join())
        .map_err(|_| PanicException::new_err("polyx: the search thread panicked"))
}

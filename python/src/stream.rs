//! A search as a lazy iterator: on the first `next()` a worker thread starts the search,
//! which hands each solution to a bounded channel and so runs at most [`AHEAD`]
//! solutions ahead of the reader. Waiting for the next one releases the GIL and looks at
//! Python's signals every few milliseconds (Ctrl-C raises `KeyboardInterrupt` and ends
//! the search). Closing the iterator, or dropping it mid-way, sets the stop flag, drops
//! the channel (a worker blocked on it gets an error and stops at once) and joins the
//! worker: no thread outlives its iterator.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::sync::Arc;
use std::thread::JoinHandle;

use pyo3::exceptions::PyRuntimeError;
use pyo3::panic::PanicException;
use pyo3::prelude::*;

use crate::errors::to_py;
use crate::wait::POLL;

/// Solutions the search may find before the reader asks for them.
pub const AHEAD: usize = 32;

/// What a search does with its solutions and its stop flag.
pub type Work<T> = Box<dyn FnOnce(Feed<T>) -> Result<(), polyx::Error> + Send>;

/// The worker's end: where solutions go, and the flag that stops the search.
pub struct Feed<T> {
    tx: SyncSender<T>,
    /// Set when the reader closes the iterator or Ctrl-C ends it.
    pub stop: Arc<AtomicBool>,
}

impl<T> Feed<T> {
    /// Hands `item` to the reader, waiting while it is [`AHEAD`] behind; `Break` once the
    /// reader is gone.
    pub fn send(&self, item: T) -> ControlFlow<()> {
        match self.tx.send(item) {
            Ok(()) => ControlFlow::Continue(()),
            Err(_) => ControlFlow::Break(()),
        }
    }
}

/// The reader's end of a search on a worker thread.
pub struct Stream<T> {
    work: Option<Work<T>>,
    rx: Option<Receiver<T>>,
    worker: Option<JoinHandle<Result<(), polyx::Error>>>,
    stop: Arc<AtomicBool>,
}

impl<T: Send + 'static> Stream<T> {
    /// A stream that runs `work` once the first item is asked for.
    pub fn new(work: Work<T>) -> Stream<T> {
        Stream {
            work: Some(work),
            rx: None,
            worker: None,
            stop: Arc::new(AtomicBool::new(false)),
        }
    }

    /// The next item, or `None` once the search has ended (or was closed).
    pub fn next(&mut self, py: Python<'_>) -> PyResult<Option<T>> {
        if let Some(work) = self.work.take() {
            self.start(work)?;
        }
        let Some(mut rx) = self.rx.take() else {
            return Ok(None);
        };
        loop {
            let (back, got) = py.detach(move || {
                let got = rx.recv_timeout(POLL);
                (rx, got)
            });
            rx = back;
            match got {
                Ok(item) => {
                    self.rx = Some(rx);
                    return Ok(Some(item));
                }
                Err(RecvTimeoutError::Timeout) => {
                    if let Err(raised) = py.check_signals() {
                        drop(rx);
                        self.close(py);
                        return Err(raised);
                    }
                }
                Err(RecvTimeoutError::Disconnected) => {
                    drop(rx);
                    return self.join(py).map(|()| None);
                }
            }
        }
    }

    /// Stops the search, if it runs, and waits for its thread.
    pub fn close(&mut self, py: Python<'_>) {
        self.work = None;
        self.stop.store(true, Ordering::SeqCst);
        self.rx = None;
        let _ = self.join(py);
    }

    fn start(&mut self, work: Work<T>) -> PyResult<()> {
        let (tx, rx) = mpsc::sync_channel(AHEAD);
        let feed = Feed {
            tx,
            stop: self.stop.clone(),
        };
        let worker = std::thread::Builder::new()
            .name("polyx-search".to_string())
            .spawn(move || work(feed))
            .map_err(|e| PyRuntimeError::new_err(format!("cannot start a thread: {e}")))?;
        self.worker = Some(worker);
        self.rx = Some(rx);
        Ok(())
    }

    /// Waits for the worker (without the GIL) and raises what it failed with.
    fn join(&mut self, py: Python<'_>) -> PyResult<()> {
        let Some(worker) = self.worker.take() else {
            return Ok(());
        };
        match py.detach(move || worker.join()) {
            Ok(Ok(())) => Ok(()),
            Ok(Err(e)) => Err(to_py(e)),
            Err(_) => Err(PanicException::new_err("polyx: the search thread panicked")),
        }
    }
}

impl<T> Drop for Stream<T> {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        self.rx = None;
        if let Some(worker) = self.worker.take() {
            let _ = worker.join();
        }
    }
}

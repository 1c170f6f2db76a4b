//! `polyx serve`: the local web page and its JSON API (docs/API.md), on axum and tokio.
//! The page is embedded (`page.rs`); each group of endpoints has its file. Every request
//! passes the same-origin checks (`guard.rs`); every endpoint that works takes a slot
//! before it parses its body: searches a job slot (`jobs.rs`), on threads of their own,
//! the short work one of a small pool (`gate.rs`); the puzzle is checked against the
//! server's limits (`limits.rs`) before it is built. No file is read or written on a
//! request's behalf.

mod board_file;
mod body;
mod builtins;
mod check_input;
mod conn;
mod count;
mod design;
mod error;
mod gate;
mod generate;
mod geometry;
mod guard;
mod jobs;
mod limits;
mod page;
mod render;
mod request;
mod search;
mod solution;
mod solve;
mod turns;

use std::io::Write;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::http::{Method, StatusCode, Uri};
use axum::routing::{get, post};
use axum::Router;

use crate::error::Error;
use error::ApiError;
use gate::Light;
use guard::Hosts;
use jobs::Jobs;

/// The time budget of every search but a count's, in seconds, unless told otherwise.
pub const SEARCH_SECONDS: u64 = 60;

/// Threads of tokio's blocking pool (the short work runs there, at most
/// [`gate::MAX_LIGHT`] at once).
const BLOCKING_THREADS: usize = 8;

/// What the handlers share.
pub struct App {
    jobs: Arc<Jobs>,
    /// The pool of slots for short work.
    light: Light,
    /// A count's time budget, in seconds.
    max_seconds: u64,
    /// The time budget of every other search.
    search_budget: Duration,
}

/// How to run the server.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    /// The address to bind (`127.0.0.1` by default).
    pub host: String,
    /// The port; 0 picks a free one.
    pub port: u16,
    /// The longest a count may run, in seconds.
    pub max_seconds: u64,
    /// The longest any other search may run, in seconds.
    pub search_seconds: u64,
}

/// Runs the server until Ctrl-C; prints `polyx serve: http://ADDRESS/` on stdout once
/// it listens.
///
/// # Errors
/// The address cannot be bound, or the runtime cannot start.
pub fn serve(options: &ServeOptions) -> Result<(), Error> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .max_blocking_threads(BLOCKING_THREADS)
        .thread_keep_alive(Duration::from_secs(1))
        .build()
        .map_err(|e| Error::io("the server's runtime", e))?;
    let ended = runtime.block_on(run(options));
    // Searches see their stop flags; no answer is waited for.
    runtime.shutdown_timeout(Duration::from_secs(1));
    ended
}

async fn run(options: &ServeOptions) -> Result<(), Error> {
    let place = format!("{}:{}", options.host, options.port);
    let listener = tokio::net::TcpListener::bind((options.host.as_str(), options.port))
        .await
        .map_err(|e| Error::io(place.clone(), e))?;
    let address = listener.local_addr().map_err(|e| Error::io(place, e))?;
    announce(address);
    if !address.ip().is_loopback() {
        warn_not_loopback(address);
    }
    let app = Arc::new(App {
        jobs: Arc::new(Jobs::default()),
        light: Light::default(),
        max_seconds: options.max_seconds,
        search_budget: Duration::from_secs(options.search_seconds),
    });
    let jobs = Arc::clone(&app.jobs);
    let hosts = Arc::new(Hosts::new(address));
    let ended = tokio::select! {
        served = axum::serve(conn::Listener(listener), router(app, hosts)) => served.map_err(|e| Error::io("the server", e)),
        _ = tokio::signal::ctrl_c() => Ok(()),
    };
    jobs.stop_all();
    ended
}

/// The worker threads a search may use: the CPUs this process may use.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The line that tells the user (and the tests) where the page is.
fn announce(address: SocketAddr) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "polyx serve: http://{address}/");
    let _ = out.flush();
}

/// Says on stderr that other machines may reach the server, and what they get.
fn warn_not_loopback(address: SocketAddr) {
    eprintln!(
        "polyx serve: warning: listening on {address}, which other machines may reach; \
         the API answers only requests for this address or localhost from the server's own \
         page, and anyone who reaches it may run searches"
    );
}

fn router(app: Arc<App>, hosts: Arc<Hosts>) -> Router {
    Router::new()
        .route("/", get(page::index))
        .route("/{file}", get(page::file))
        .route("/api/builtins", get(builtins::list))
        .route("/api/check-input", post(check_input::check_input))
        .route("/api/puzzle", post(geometry::puzzle))
        .route("/api/solve", post(solve::solve))
        .route("/api/count", post(count::count))
        .route("/api/jobs", get(count::list))
        .route("/api/jobs/{id}", get(count::status).delete(count::cancel))
        .route("/api/jobs/{id}/events", get(count::events))
        .route("/api/render", post(render::render))
        .route("/api/check", post(design::check))
        .route("/api/hint", post(design::hint))
        .route("/api/generate", post(generate::generate))
        .route("/api/book", post(generate::book))
        .fallback(not_found)
        .method_not_allowed_fallback(wrong_method)
        .layer(axum::extract::DefaultBodyLimit::max(body::MAX_BODY))
        .layer(axum::middleware::from_fn_with_state(
            hosts,
            guard::same_origin,
        ))
        .with_state(app)
}

async fn wrong_method(method: Method, uri: Uri) -> ApiError {
    let message = format!("{} does not take {method}", uri.path());
    ApiError::new(StatusCode::METHOD_NOT_ALLOWED, message)
}

async fn not_found(uri: Uri) -> ApiError {
    ApiError::not_found(format!("no such endpoint: {}", uri.path()))
}

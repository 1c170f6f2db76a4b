//! `polyx serve`: the local web page and its JSON API (docs/API.md), on axum and tokio.
//! The page is embedded (`page.rs`); each group of endpoints has its file; searches run
//! on threads of their own under the job registry's limits (`jobs.rs`). No file is read
//! or written on a request's behalf.

mod body;
mod builtins;
mod error;
mod page;

use std::io::Write;
use std::net::SocketAddr;

use axum::http::Uri;
use axum::routing::get;
use axum::Router;

use crate::error::Error;
use error::ApiError;

/// How to run the server.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    /// The address to bind (`127.0.0.1` by default).
    pub host: String,
    /// The port; 0 picks a free one.
    pub port: u16,
    /// The longest a count may run, in seconds.
    pub max_seconds: u64,
}

/// Runs the server until Ctrl-C; prints `polyx serve: http://ADDRESS/` on stdout once
/// it listens.
///
/// # Errors
/// The address cannot be bound, or the runtime cannot start.
pub fn serve(options: &ServeOptions) -> Result<(), Error> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| Error::io("the server's runtime", e))?;
    runtime.block_on(run(options))
}

async fn run(options: &ServeOptions) -> Result<(), Error> {
    let place = format!("{}:{}", options.host, options.port);
    let listener = tokio::net::TcpListener::bind((options.host.as_str(), options.port))
        .await
        .map_err(|e| Error::io(place.clone(), e))?;
    let address = listener.local_addr().map_err(|e| Error::io(place, e))?;
    announce(address);
    let app = router();
    tokio::select! {
        served = axum::serve(listener, app) => served.map_err(|e| Error::io("the server", e)),
        _ = tokio::signal::ctrl_c() => Ok(()),
    }
}

/// The line that tells the user (and the tests) where the page is.
fn announce(address: SocketAddr) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "polyx serve: http://{address}/");
    let _ = out.flush();
}

fn router() -> Router {
    Router::new()
        .route("/", get(page::index))
        .route("/{file}", get(page::file))
        .route("/api/builtins", get(builtins::list))
        .fallback(not_found)
        .layer(axum::extract::DefaultBodyLimit::max(body::MAX_BODY))
}

async fn not_found(uri: Uri) -> ApiError {
    ApiError::not_found(format!("no such endpoint: {}", uri.path()))
}

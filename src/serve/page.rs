//! The page, embedded in the binary: every file of `src/serve/page/` with its content
//! type; `/` is `index.html`.

use axum::extract::Path;
use axum::http::header;
use axum::response::{IntoResponse, Response};

use super::error::ApiError;

/// (name, content type, text) of each file of the page.
static FILES: &[(&str, &str, &str)] = &[
    ("index.html", HTML, include_str!("page/index.html")),
    ("style.css", CSS, include_str!("page/style.css")),
    ("app.js", JS, include_str!("page/app.js")),
    ("draw.js", JS, include_str!("page/draw.js")),
    ("view3d.js", JS, include_str!("page/view3d.js")),
    ("editor.js", JS, include_str!("page/editor.js")),
    ("design.js", JS, include_str!("page/design.js")),
    ("play-state.js", JS, include_str!("page/play-state.js")),
    ("play-board.js", JS, include_str!("page/play-board.js")),
    ("play-drag.js", JS, include_str!("page/play-drag.js")),
    ("play.js", JS, include_str!("page/play.js")),
];

const HTML: &str = "text/html; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";

/// `GET /`: the page.
pub async fn index() -> Response {
    file_named("index.html").unwrap_or_else(|e| e.into_response())
}

/// `GET /{file}`: one file of the page.
pub async fn file(Path(name): Path<String>) -> Response {
    file_named(&name).unwrap_or_else(|e| e.into_response())
}

fn file_named(name: &str) -> Result<Response, ApiError> {
    let (_, kind, text) = FILES
        .iter()
        .find(|(n, _, _)| *n == name)
        .ok_or_else(|| ApiError::not_found(format!("no file `{name}` here")))?;
    let headers = [
        (header::CONTENT_TYPE, *kind),
        (header::CACHE_CONTROL, "no-cache"),
    ];
    Ok((headers, *text).into_response())
}

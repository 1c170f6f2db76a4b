//! The body of a request, read as bytes under the server's size limit (413 when over),
//! and parsed as JSON with serde only once the request has been admitted (`gate.rs`,
//! `jobs.rs`): a body too large or not JSON is an [`ApiError`] (413, 400), never axum's
//! plain-text rejection.

use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use serde::de::DeserializeOwned;

use super::error::ApiError;

/// Largest request body, in bytes.
pub const MAX_BODY: usize = 1 << 20;

/// A request body, read whole and no larger than [`MAX_BODY`]; not parsed yet.
pub struct RawBody(pub Bytes);

impl<S: Send + Sync> FromRequest<S> for RawBody {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let bytes = Bytes::from_request(req, state)
            .await
            .map_err(|r| ApiError::new(r.status(), too_large_or(r.body_text())))?;
        Ok(RawBody(bytes))
    }
}

fn too_large_or(text: String) -> String {
    if text.contains("length limit") {
        format!("the request body is larger than {MAX_BODY} bytes")
    } else {
        text
    }
}

/// `bytes` as JSON (an empty body is `{}`).
pub fn parse<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    let bytes = if bytes.iter().all(u8::is_ascii_whitespace) {
        &b"{}"[..]
    } else {
        bytes
    };
    serde_json::from_slice(bytes).map_err(|e| {
        ApiError::bad_hint(
            format!("the request body is not the JSON expected: {e}"),
            "see docs/API.md for the fields of each endpoint",
        )
    })
}

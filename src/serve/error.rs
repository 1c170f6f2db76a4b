//! The API's error answer: a status and `{"error": {"message", "file", "line",
//! "column", "hint"}}`, the place taken from the crate's [`InputError`] location.

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;

use crate::error::{Error, InputError};

/// An error answer of the API.
#[derive(Clone, Debug)]
pub struct ApiError {
    status: StatusCode,
    body: ErrorBody,
}

/// The `error` object of the answer.
#[derive(Clone, Debug, Default, Serialize)]
struct ErrorBody {
    message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    file: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    column: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hint: Option<String>,
}

#[derive(Serialize)]
struct Envelope<'a> {
    error: &'a ErrorBody,
}

impl ApiError {
    /// An error with `status` and `message`, at no place.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            body: ErrorBody {
                message: message.into(),
                ..ErrorBody::default()
            },
        }
    }

    /// 400: the request is wrong.
    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// 400 with a hint.
    pub fn bad_hint(message: impl Into<String>, hint: impl Into<String>) -> ApiError {
        let mut e = ApiError::bad(message);
        e.body.hint = Some(hint.into());
        e
    }

    /// 403: the request comes from another site (its `Host` or `Origin`).
    pub fn forbidden(message: impl Into<String>, hint: impl Into<String>) -> ApiError {
        let mut e = ApiError::new(StatusCode::FORBIDDEN, message);
        e.body.hint = Some(hint.into());
        e
    }

    /// 413: the puzzle or picture asked for is over one of the server's limits.
    pub fn too_large(message: impl Into<String>, hint: impl Into<String>) -> ApiError {
        let mut e = ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, message);
        e.body.hint = Some(hint.into());
        e
    }

    /// 404: no such path or job.
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, message)
    }

    /// 429: every job slot is busy.
    pub fn busy() -> ApiError {
        ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "the server is running as many searches as it may; try again in a moment",
        )
    }

    /// 429: every slot of the pool for short work (check-input, puzzle, render) is busy.
    pub fn busy_light() -> ApiError {
        ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "the server is building as many puzzles and pictures as it may; try again in a moment",
        )
    }

    /// 500: the server failed (a bug).
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, message)
    }

    /// The same error with another status.
    pub fn with_status(mut self, status: StatusCode) -> ApiError {
        self.status = status;
        self
    }

    /// Adds a hint saying what to do.
    pub fn set_hint(&mut self, hint: impl Into<String>) {
        self.body.hint = Some(hint.into());
    }

    /// The answer's status.
    pub fn status(&self) -> StatusCode {
        self.status
    }

    /// What is wrong, in words.
    pub fn message(&self) -> &str {
        &self.body.message
    }
}

impl From<InputError> for ApiError {
    fn from(e: InputError) -> ApiError {
        let mut body = ErrorBody {
            message: first_line(&e),
            hint: e.hint.clone(),
            file: e.path.clone(),
            ..ErrorBody::default()
        };
        if let Some(loc) = &e.location {
            body.file = Some(loc.path.clone());
            body.line = Some(loc.line);
            body.column = Some(loc.column);
        }
        ApiError {
            status: StatusCode::BAD_REQUEST,
            body,
        }
    }
}

/// The first line of the CLI's message (the place and what is wrong; the caret
/// display and the hint are separate fields).
fn first_line(e: &InputError) -> String {
    let text = InputError {
        hint: None,
        ..e.clone()
    }
    .to_string();
    text.lines().next().unwrap_or_default().to_string()
}

impl From<Error> for ApiError {
    fn from(e: Error) -> ApiError {
        match e {
            Error::Input(input) => input.into(),
            other => ApiError::internal(other.to_string()),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let envelope = Envelope { error: &self.body };
        let mut response = (self.status, Json(&envelope)).into_response();
        if self.status == StatusCode::TOO_MANY_REQUESTS {
            let one = header::HeaderValue::from_static("1");
            response.headers_mut().insert(header::RETRY_AFTER, one);
        }
        response
    }
}

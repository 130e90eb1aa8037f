//! The errors requests get: a status and one message that names the bad part, sent as
//! `{"error": "..."}`.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

/// A request the server refuses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status: 400 bad input, 404 unknown id or path, 409 not now, 413 too large.
    pub status: StatusCode,
    /// What was wrong, naming the bad part.
    pub message: String,
}

impl ApiError {
    /// A 400 Bad Request.
    pub fn bad(message: impl Into<String>) -> Self {
        ApiError { status: StatusCode::BAD_REQUEST, message: message.into() }
    }

    /// A 404 Not Found.
    pub fn not_found(message: impl Into<String>) -> Self {
        ApiError { status: StatusCode::NOT_FOUND, message: message.into() }
    }

    /// A 409 Conflict: the request is well formed but cannot be done in this state.
    pub fn conflict(message: impl Into<String>) -> Self {
        ApiError { status: StatusCode::CONFLICT, message: message.into() }
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.status, self.message)
    }
}

impl std::error::Error for ApiError {}

#[derive(Serialize)]
struct Body<'a> {
    error: &'a str,
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(Body { error: &self.message })).into_response()
    }
}

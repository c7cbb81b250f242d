//! The API's error answers: a status and `{"error": message}` (the crate docs list them).

use std::time::Duration;

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::{json, Value};

/// An error answer: a status and `{"error": message}`, with extra fields when there are.
#[derive(Debug)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// What went wrong, in words.
    pub message: String,
    /// More fields of the answer (clashing cells).
    pub extra: Option<Value>,
}

impl ApiError {
    /// 400: the request cannot be read.
    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError { status: StatusCode::BAD_REQUEST, message: message.into(), extra: None }
    }

    /// 422: the puzzle reads but cannot be used (clashing givens, a wrong shape).
    pub fn unusable(message: impl Into<String>, extra: Option<Value>) -> ApiError {
        ApiError { status: StatusCode::UNPROCESSABLE_ENTITY, message: message.into(), extra }
    }

    /// 503: too many requests.
    pub fn busy(message: &str) -> ApiError {
        ApiError { status: StatusCode::SERVICE_UNAVAILABLE, message: message.into(), extra: None }
    }

    /// 503: the time limit ran out.
    pub fn timeout(limit: Duration) -> ApiError {
        let message = format!("stopped by the time limit ({:.1} s)", limit.as_secs_f64());
        ApiError { status: StatusCode::SERVICE_UNAVAILABLE, message, extra: None }
    }

    /// 500.
    pub fn internal(message: &str) -> ApiError {
        ApiError { status: StatusCode::INTERNAL_SERVER_ERROR, message: message.into(), extra: None }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut body = json!({ "error": self.message });
        if let (Some(Value::Object(extra)), Value::Object(map)) = (self.extra, &mut body) {
            map.extend(extra);
        }
        (self.status, Json(body)).into_response()
    }
}

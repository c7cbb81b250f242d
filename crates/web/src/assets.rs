//! The page's files, embedded in the binary: only these names are served, and no file is read.

use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};

/// The embedded files: name, content type, content.
const ASSETS: &[(&str, &str, &str)] = &[
    ("style.css", "text/css; charset=utf-8", include_str!("../assets/style.css")),
    ("app.js", "text/javascript; charset=utf-8", include_str!("../assets/app.js")),
    ("board.js", "text/javascript; charset=utf-8", include_str!("../assets/board.js")),
];

const INDEX: &str = include_str!("../assets/index.html");

/// Headers of every page answer: no caching surprises, no sniffing, no framing, nothing
/// loaded from elsewhere.
fn page(content_type: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
            (header::CONTENT_SECURITY_POLICY, "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

pub(crate) async fn index() -> Response {
    page("text/html; charset=utf-8", INDEX)
}

pub(crate) async fn asset(Path(name): Path<String>) -> Response {
    match ASSETS.iter().find(|(n, _, _)| *n == name) {
        Some(&(_, kind, body)) => page(kind, body),
        None => (StatusCode::NOT_FOUND, "no such file").into_response(),
    }
}

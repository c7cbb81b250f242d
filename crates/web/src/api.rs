//! The routes: the page, its assets and the JSON API (see the crate docs).

use std::sync::Arc;

use axum::extract::rejection::JsonRejection;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::Value;

pub use crate::error::ApiError;
use crate::input::{GenerateRequest, PuzzleRequest};
use crate::pool::Pool;
use crate::{assets, work, Config};

/// The body of a request, or a 4xx that says why it cannot be read.
fn body<T>(request: Result<Json<T>, JsonRejection>) -> Result<T, ApiError> {
    request.map(|Json(r)| r).map_err(|e| ApiError { status: e.status(), message: e.body_text(), extra: None })
}

type Answer = Result<Json<Value>, ApiError>;

/// The router of the page, its assets and the API, with `config`'s limits.
pub fn router(config: Config) -> Router {
    let pool = Arc::new(Pool::new(config.workers, config.max_waiting, config.max_wait, config.time_limit));
    Router::new()
        .route("/", get(assets::index))
        .route("/assets/{name}", get(assets::asset))
        .route("/api/parse", post(parse))
        .route("/api/solve", post(solve))
        .route("/api/hint", post(hint))
        .route("/api/explain", post(explain))
        .route("/api/grade", post(grade))
        .route("/api/generate", post(generate))
        .route("/api/replay", post(replay))
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(config.max_body))
        .with_state(pool)
}

async fn not_found() -> ApiError {
    ApiError { status: StatusCode::NOT_FOUND, message: "no such page".into(), extra: None }
}

/// Runs `op` on the pool with the request's puzzle.
async fn with_puzzle(
    pool: Arc<Pool>,
    request: Result<Json<PuzzleRequest>, JsonRejection>,
    op: fn(&PuzzleRequest, sudoku::Limits) -> Result<Value, ApiError>,
) -> Answer {
    let request = body(request)?;
    request.check_size()?;
    pool.run(move |limits| op(&request, limits)).await.map(Json)
}

async fn parse(State(pool): State<Arc<Pool>>, r: Result<Json<PuzzleRequest>, JsonRejection>) -> Answer {
    with_puzzle(pool, r, work::parse).await
}

async fn solve(State(pool): State<Arc<Pool>>, r: Result<Json<PuzzleRequest>, JsonRejection>) -> Answer {
    with_puzzle(pool, r, work::solve).await
}

async fn hint(State(pool): State<Arc<Pool>>, r: Result<Json<PuzzleRequest>, JsonRejection>) -> Answer {
    with_puzzle(pool, r, work::hint).await
}

async fn explain(State(pool): State<Arc<Pool>>, r: Result<Json<PuzzleRequest>, JsonRejection>) -> Answer {
    with_puzzle(pool, r, work::explain).await
}

async fn grade(State(pool): State<Arc<Pool>>, r: Result<Json<PuzzleRequest>, JsonRejection>) -> Answer {
    with_puzzle(pool, r, work::grade).await
}

async fn replay(State(pool): State<Arc<Pool>>, r: Result<Json<PuzzleRequest>, JsonRejection>) -> Answer {
    with_puzzle(pool, r, crate::replay::replay).await
}

async fn generate(State(pool): State<Arc<Pool>>, r: Result<Json<GenerateRequest>, JsonRejection>) -> Answer {
    let request = body(r)?;
    let settings = request.settings()?;
    pool.run(move |limits| work::generate(settings, limits)).await.map(Json)
}

//! A Sudoku board in the browser: a small HTTP server with a JSON API over the [`sudoku`]
//! crate, and one page (HTML, CSS and JavaScript modules embedded in the binary) that draws
//! the board, its hints, explanations and the engine's search.
//!
//! # API
//!
//! Every endpoint takes and answers JSON (`POST`); errors are a 4xx or 5xx status with
//! `{"error": "..."}` (and, for clashing digits, `"cells"`). A puzzle request is
//! `{"text": "...", "variant": "auto", "grid": "...", "marks": [...]}`: `text` a puzzle line, a
//! grid, pencil marks or a variant file (`docs/variants.md`); `variant` one of `auto` (the
//! default: pencil marks, a grid, or a killer or jigsaw file, whichever reads), `plain`, `x`,
//! `killer`, `jigsaw`; `grid` (optional) the digits on the board now, one line, replacing the
//! text's givens; `marks` (optional, plain grids) each cell's candidates as a bit mask (bit
//! `d - 1` for digit `d`).
//!
//! | endpoint | answer |
//! |---|---|
//! | `/api/parse` | the puzzle ([`sudoku::json::puzzle`]), the pencil marks read, if any |
//! | `/api/solve` | `unique` and the solution, `multiple` with two that differ, `unsolvable` with the clashing givens, `invalid`, `limit` |
//! | `/api/hint` | level 1: the technique; 2: its cells, candidates and units; 3: the step ([`sudoku::json::step`]) |
//! | `/api/explain` | every step, the outcome and the grade |
//! | `/api/grade` | score, band, hardest technique, guesses |
//! | `/api/generate` | a new puzzle (`size`, `band`, `variant`, `seed`) |
//! | `/api/replay` | the engine's events on the puzzle: decisions, prunings with reasons, wipe-outs, backtracks |
//!
//! # Limits
//!
//! Request bodies are capped ([`Config::max_body`]); the work runs on a bounded number of
//! threads ([`Config::workers`]) with a bounded queue, under a time limit ([`Config::time_limit`])
//! that also goes to every search as its [`sudoku::Limits`]. The server serves only its own
//! embedded assets and reads no file.

#![forbid(unsafe_code)]

pub mod api;
mod assets;
mod error;
pub mod input;
pub mod pool;
pub mod replay;
pub mod work;

use std::time::Duration;

/// The server's settings.
#[derive(Clone, Debug)]
pub struct Config {
    /// Threads solving at once.
    pub workers: usize,
    /// Requests waiting for a thread, at most; past it, 503.
    pub max_waiting: usize,
    /// The longest a request waits for a thread; past it, 503.
    pub max_wait: Duration,
    /// Time allowed to one request's work (its searches stop at it).
    pub time_limit: Duration,
    /// Largest request body, in bytes.
    pub max_body: usize,
}

impl Default for Config {
    /// As many workers as cores, 256 waiting for at most 30 seconds, 30 seconds of work (the
    /// explanations of the hardest famous puzzles take up to 8 s here), 256 KiB.
    fn default() -> Config {
        Config {
            workers: std::thread::available_parallelism().map_or(2, |n| n.get()),
            max_waiting: 256,
            max_wait: Duration::from_secs(30),
            time_limit: Duration::from_secs(30),
            max_body: 256 * 1024,
        }
    }
}

/// Serves the page and the API on `listener` until the process ends.
///
/// # Errors
///
/// An I/O error of the listener.
pub async fn serve(listener: tokio::net::TcpListener, config: Config) -> std::io::Result<()> {
    axum::serve(listener, api::router(config)).await
}

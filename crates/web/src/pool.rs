//! The bounded pool: at most [`Config::workers`](crate::Config::workers) requests work at once,
//! at most [`Config::max_waiting`](crate::Config::max_waiting) wait, each under the time limit.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use sudoku::Limits;
use tokio::sync::Semaphore;

use crate::error::ApiError;

/// Runs blocking work on a bounded number of threads.
#[derive(Debug)]
pub struct Pool {
    permits: Arc<Semaphore>,
    waiting: AtomicUsize,
    max_waiting: usize,
    max_wait: Duration,
    limit: Duration,
}

impl Pool {
    /// A pool of `workers` threads, `max_waiting` waiting requests for at most `max_wait`,
    /// `limit` of work per request.
    pub fn new(workers: usize, max_waiting: usize, max_wait: Duration, limit: Duration) -> Pool {
        let permits = Arc::new(Semaphore::new(workers.max(1)));
        Pool { permits, waiting: AtomicUsize::new(0), max_waiting, max_wait, limit }
    }

    /// Runs `work` with the limits of one request (its searches stop at the time limit or when
    /// the request gives up): 503 when too many wait, or the time runs out.
    pub async fn run<T, F>(&self, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(Limits) -> Result<T, ApiError> + Send + 'static,
    {
        if self.waiting.fetch_add(1, Ordering::SeqCst) >= self.max_waiting {
            self.waiting.fetch_sub(1, Ordering::SeqCst);
            return Err(ApiError::busy("the server is busy: too many requests wait; try again"));
        }
        let permit = tokio::time::timeout(self.max_wait, self.permits.clone().acquire_owned()).await;
        self.waiting.fetch_sub(1, Ordering::SeqCst);
        let permit = match permit {
            Ok(Ok(p)) => p,
            _ => return Err(ApiError::busy("the server is busy: no worker was free in time; try again")),
        };
        let left = self.limit;
        let cancel = Arc::new(AtomicBool::new(false));
        let limits = Limits { max_nodes: None, timeout: Some(left), cancel: Some(cancel.clone()) };
        let task = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            work(limits)
        });
        // A little past the searches' own limit: work that does not search (the technique
        // ladder) is given up here; its thread keeps the permit until it ends.
        match tokio::time::timeout(left + Duration::from_millis(500), task).await {
            Ok(Ok(result)) => result,
            Ok(Err(_)) => Err(ApiError::internal("the work failed")),
            Err(_) => {
                cancel.store(true, Ordering::SeqCst);
                Err(ApiError::timeout(self.limit))
            }
        }
    }
}

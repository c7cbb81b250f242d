//! Turns: a portfolio's workers sharing fewer cores than there are workers.
//!
//! Each worker runs on its own thread, but at most `cores` of them run at once: the others
//! wait their turn, in order of arrival. A running worker hands on its core when its slice of
//! time is up and another is waiting ([`Solver`](super::Solver) looks at the clock between
//! steps, where it reads its limits), so that on one core two searches alternate as if
//! interleaved by hand, each keeping its own state between turns.
//!
//! A worker can only hand on between two steps, and one step may take longer than a slice (a
//! root propagation, a node of an expensive propagator). The turns stay fair all the same: each
//! worker's running time is counted, and a worker that is behind the one that ran longest runs
//! for a slice plus the difference before it hands on.

use std::collections::VecDeque;
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// The cores workers take turns on.
#[derive(Debug)]
pub(crate) struct Turns {
    state: Mutex<State>,
    wake: Condvar,
    /// How long a worker runs before handing on its core to a waiting one.
    pub(crate) slice: Duration,
}

#[derive(Debug)]
struct State {
    /// Cores free.
    free: usize,
    /// Workers waiting for a core, the first first.
    queue: VecDeque<usize>,
    /// Per worker: whether it holds a core.
    holds: Vec<bool>,
    /// Whether the search is over: nobody waits any more.
    stopped: bool,
    /// Per worker: the time it ran in its turns so far.
    used: Vec<Duration>,
}

impl Turns {
    /// Turns of `slice` for `workers` workers on `cores` cores.
    pub(crate) fn new(workers: usize, cores: usize, slice: Duration) -> Turns {
        Turns {
            state: Mutex::new(State {
                free: cores.max(1),
                queue: VecDeque::new(),
                holds: vec![false; workers],
                stopped: false,
                used: vec![Duration::ZERO; workers],
            }),
            wake: Condvar::new(),
            slice,
        }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // A worker that panicked while holding the lock left consistent counts behind.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Waits until worker `i` holds a core (or the search is over).
    pub(crate) fn acquire(&self, i: usize) {
        let mut s = self.lock();
        if s.holds[i] || s.stopped {
            return;
        }
        if s.free > 0 && s.queue.is_empty() {
            s.free -= 1;
            s.holds[i] = true;
            return;
        }
        s.queue.push_back(i);
        while !s.holds[i] && !s.stopped {
            s = self.wake.wait(s).unwrap_or_else(|e| e.into_inner());
        }
    }

    /// Worker `i` gives up its core: to the first waiting worker, else it becomes free.
    pub(crate) fn release(&self, i: usize) {
        let mut s = self.lock();
        if !std::mem::take(&mut s.holds[i]) {
            return;
        }
        match s.queue.pop_front() {
            Some(j) => {
                s.holds[j] = true;
                self.wake.notify_all();
            }
            None => s.free += 1,
        }
    }

    /// How much longer than a slice worker `i` may run: how far its time is behind the
    /// longest-running worker's.
    fn behind(&self, i: usize) -> Duration {
        let s = self.lock();
        s.used.iter().max().map_or(Duration::ZERO, |&m| m.saturating_sub(s.used[i]))
    }

    /// Worker `i` ran for `ran` since its turn began: if another waits, hands on the core and
    /// waits for the next turn. Returns whether it handed on (it runs again when it returns).
    pub(crate) fn pass(&self, i: usize, ran: Duration) -> bool {
        {
            let mut s = self.lock();
            s.used[i] += ran;
            if s.queue.is_empty() {
                return false;
            }
        }
        self.release(i);
        self.acquire(i);
        true
    }

    /// The search is over: every waiting worker goes on (to see its cancelled limits).
    pub(crate) fn stop(&self) {
        self.lock().stopped = true;
        self.wake.notify_all();
    }
}

/// A worker's place in the turns, held by its solver.
#[derive(Debug)]
pub(crate) struct Turn {
    pub(crate) turns: std::sync::Arc<Turns>,
    pub(crate) index: usize,
    /// When the current slice began.
    pub(crate) since: Instant,
}

impl Turn {
    /// Called when the solver reads the clock: hands on the core if the turn is up (a slice,
    /// plus the time this worker is behind). Returns whether it waited (the clock must then be
    /// read again).
    #[inline]
    pub(crate) fn maybe_pass(&mut self, now: Instant) -> bool {
        let ran = now.saturating_duration_since(self.since);
        if ran < self.turns.slice || ran < self.turns.slice + self.turns.behind(self.index) {
            return false;
        }
        log::debug!(target: "csp::portfolio", "worker {} hands on its core after {ran:?}", self.index);
        let waited = self.turns.pass(self.index, ran);
        if waited {
            log::debug!(target: "csp::portfolio", "worker {} runs again", self.index);
        }
        self.since = Instant::now();
        waited
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;

    /// Never more workers hold a core than there are cores, and every worker gets turns.
    #[test]
    fn at_most_cores_run_at_once_and_all_make_progress() {
        let turns = Arc::new(Turns::new(4, 2, Duration::from_micros(50)));
        let running = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        std::thread::scope(|scope| {
            for i in 0..4 {
                let (turns, running, most) = (turns.clone(), running.clone(), most.clone());
                scope.spawn(move || {
                    turns.acquire(i);
                    let mut turn = Turn { turns: turns.clone(), index: i, since: Instant::now() };
                    for _ in 0..200 {
                        let now_running = running.fetch_add(1, Ordering::SeqCst) + 1;
                        most.fetch_max(now_running, Ordering::SeqCst);
                        std::hint::spin_loop();
                        running.fetch_sub(1, Ordering::SeqCst);
                        turn.maybe_pass(Instant::now());
                    }
                    turns.release(i);
                });
            }
        });
        assert!(most.load(Ordering::SeqCst) <= 2, "{} ran at once on 2 cores", most.load(Ordering::SeqCst));
    }

    /// Running times are counted per worker, and a worker behind the longest-running one may
    /// run that much longer; with nobody waiting, a worker keeps its core.
    #[test]
    fn turns_count_running_time() {
        let ms = Duration::from_millis;
        let turns = Turns::new(2, 1, ms(2));
        turns.acquire(0);
        assert!(!turns.pass(0, ms(10)), "nobody waits: worker 0 keeps the core");
        assert_eq!((turns.behind(0), turns.behind(1)), (ms(0), ms(10)));
        assert!(!turns.pass(0, ms(5)));
        assert_eq!(turns.behind(1), ms(15));
    }

    /// A stop wakes every waiting worker.
    #[test]
    fn stop_releases_the_waiting() {
        let turns = Arc::new(Turns::new(2, 1, Duration::from_secs(3600)));
        turns.acquire(0);
        std::thread::scope(|scope| {
            let t = turns.clone();
            let waiter = scope.spawn(move || t.acquire(1));
            std::thread::sleep(Duration::from_millis(20));
            turns.stop();
            waiter.join().unwrap();
        });
    }
}

//! Parallel search on all cores: a portfolio of differently configured workers.
//!
//! # Background
//!
//! Search times of one model under different heuristics and seeds spread over orders of
//! magnitude (the heavy tail of Gomes et al. 2000), so running several differently
//! configured searches at once and taking the first answer is an effective use of cores
//! without splitting the tree (Gomes and Selman 2001; the portfolio of CP-SAT's workers).
//! Each worker searches a copy of the solver ([`Model`](crate::model::Model) is `Clone + Send`),
//! from the solver's current state:
//!
//! * worker 0 runs the solver's own settings and seed, so it behaves as the sequential
//!   search would;
//! * when that is lazy clause generation ([`Solver::set_learning`]), worker 1 runs the
//!   solver's own search without it (the orders set on the solver, or its automatic choice),
//!   so that a search annotation and learning complement each other;
//! * the others run the learning search ([`Restarts`]) with different seeds, restart scales
//!   and value orders.
//!
//! Workers run on a core each, or take turns on fewer cores
//! ([`Solver::set_portfolio_cores`]): with one core, two workers alternate in slices of
//! 20 ms, each keeping its state (learned clauses, weights, incumbent) between turns, so that
//! two complementary searches are interleaved on one core.
//!
//! In satisfaction the first answer ends the search: a solution, or a proof that there is
//! none (any worker's exhausted search is a proof). In optimisation the workers share the best
//! objective value found so far; a learning worker tightens its own bound to it at each
//! restart, and the first worker to exhaust its search proves the incumbent optimal. Every
//! solution a worker reports is checked against every constraint's own checker before it
//! counts.
//!
//! # Bibliography
//!
//! * C. P. Gomes and B. Selman, "Algorithm portfolios", Artificial Intelligence 126, 2001.
//! * C. P. Gomes, B. Selman, N. Crato and H. Kautz, "Heavy-tailed phenomena in satisfiability
//!   and constraint satisfaction problems", Journal of Automated Reasoning 24, 2000.

use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::sync::{mpsc, Arc};
use std::thread;
use std::time::{Duration, Instant};

use crate::optimize::{Goal, Optimum};
use crate::search::{Limit, Outcome, Restarts, SearchEnd, Solution, Solver, Turn, Turns};
use crate::select::{TieBreak, ValueOrder, VarOrder};
use crate::stats::Stats;

/// How often the waiting thread looks at the caller's cancel flag.
const POLL: Duration = Duration::from_millis(5);
/// How long a worker runs before handing on its core, when workers take turns
/// ([`Solver::set_portfolio_cores`]).
const SLICE: Duration = Duration::from_millis(20);

/// What a worker tells the waiting thread.
enum Message {
    /// A solution (in optimisation: better than the worker's last).
    Found(Solution),
    /// The worker's search ended: how, and its statistics.
    Done(Option<SearchEnd>, Stats),
}

/// Worker `i`'s configuration, over the solver's own (worker 0 keeps it as it is). When the
/// solver learns clauses, worker 0 alone learns and worker 1 runs the solver's own search
/// without learning (its annotation's order, alternating with the robust search if it was
/// set to, or the robust search), so that the two
/// complement each other; the others vary the search.
fn configure(worker: &mut Solver, i: usize, seed: u64) {
    if i == 0 {
        return;
    }
    let learning_lead = worker.is_learning();
    worker.set_learning(false);
    if learning_lead && i == 1 {
        return;
    }
    let seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15u64.wrapping_mul(i as u64));
    worker.set_seed(seed);
    let i = if learning_lead { i - 1 } else { i };
    let scale = [100, 30, 300, 60, 200, 20, 500, 150][(i - 1) % 8];
    match i % 3 {
        1 => {
            worker.set_var_order(VarOrder::DomWdeg);
            worker.set_value_order(ValueOrder::Phase);
            worker.set_restarts(Restarts::Luby { scale });
        }
        2 => {
            worker.set_var_order(VarOrder::DomWdeg);
            worker.set_value_order(ValueOrder::Random);
            worker.set_restarts(Restarts::Geometric { first: scale, percent: 130 });
        }
        _ => {
            worker.set_var_order(VarOrder::Mrv(TieBreak::Random));
            worker.set_value_order(ValueOrder::Phase);
            worker.set_restarts(Restarts::Luby { scale });
        }
    }
}

/// Waits for messages until every worker is done, relaying the caller's cancel flag to the
/// workers'; hands each message to `on`, which returns whether to stop all workers.
fn collect(
    rx: &mpsc::Receiver<(usize, Message)>,
    workers: usize,
    user_cancel: Option<&AtomicBool>,
    stop: &AtomicBool,
    turns: Option<&Turns>,
    mut on: impl FnMut(usize, Message) -> bool,
) {
    let stop_all = || {
        stop.store(true, Ordering::Relaxed);
        if let Some(t) = turns {
            t.stop();
        }
    };
    let mut done = 0;
    while done < workers {
        match rx.recv_timeout(POLL) {
            Ok((i, m)) => {
                if matches!(m, Message::Done(..)) {
                    done += 1;
                }
                if on(i, m) {
                    stop_all();
                }
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
        }
        if user_cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
            stop_all();
        }
    }
}

/// Runs worker `i`'s `search` in its turns, if workers take turns.
fn in_turns<T>(turns: Option<&Arc<Turns>>, i: usize, search: impl FnOnce() -> T) -> T {
    if let Some(t) = turns {
        t.acquire(i);
    }
    let r = search();
    if let Some(t) = turns {
        t.release(i);
    }
    r
}

impl Solver {
    /// The workers for a parallel search, with a shared stop flag in their limits, and the
    /// turns they take if there are fewer cores than workers
    /// ([`set_portfolio_cores`](Solver::set_portfolio_cores)).
    fn workers(&self, workers: usize, stop: &Arc<AtomicBool>) -> (Vec<Solver>, Option<Arc<Turns>>) {
        let n = workers.max(1);
        let cores = self.portfolio_cores();
        let turns = (cores != 0 && cores < n).then(|| Arc::new(Turns::new(n, cores, SLICE)));
        let pool = (0..n)
            .map(|i| {
                let mut w = self.fork();
                configure(&mut w, i, self.seed());
                let mut limits = self.limits().clone();
                limits.cancel = Some(stop.clone());
                w.set_limits(limits);
                w.turn = turns.as_ref().map(|t| Turn { turns: t.clone(), index: i, since: Instant::now() });
                w
            })
            .collect();
        (pool, turns)
    }

    /// Looks for one solution with `workers` threads (a portfolio; see [`crate::portfolio`]),
    /// from the current state. Worker 0 runs this solver's own settings and seed. The first
    /// solution found, or the first proof that there is none, ends the search; every solution
    /// is checked against the model before it is returned. The limits apply to each worker;
    /// the statistics are the workers' sums ([`Solver::worker_stats`] has each one's).
    ///
    /// # Example
    ///
    /// ```
    /// use csp::{Model, Outcome};
    /// use csp::constraints::{AllDifferent, Strength};
    ///
    /// // 8 queens.
    /// let mut model = Model::new();
    /// let q = model.new_vars(8, 0..8)?;
    /// let up: Vec<i32> = (0..8).collect();
    /// let down: Vec<i32> = (0..8).map(|i| -i).collect();
    /// model.post(AllDifferent::new(q.clone()))?;
    /// model.post(AllDifferent::with_offsets(q.clone(), up).with_strength(Strength::ForwardChecking))?;
    /// model.post(AllDifferent::with_offsets(q.clone(), down).with_strength(Strength::ForwardChecking))?;
    /// let mut solver = model.into_solver();
    /// let Outcome::Solved(s) = solver.solve_parallel(2) else { panic!("8 queens has solutions") };
    /// assert_eq!(solver.model().check_assignment(s.values()), Ok(()));
    /// assert_eq!(solver.worker_stats().len(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve_parallel(&mut self, workers: usize) -> Outcome {
        let started = Instant::now();
        let stop = Arc::new(AtomicBool::new(false));
        let user_cancel = self.limits().cancel.clone();
        let (pool, turns) = self.workers(workers, &stop);
        let n = pool.len();
        let mut answer: Option<Outcome> = None;
        let mut limit: Option<Limit> = None;
        let mut stats = vec![Stats::default(); n];
        let (tx, rx) = mpsc::channel();
        thread::scope(|scope| {
            for (i, mut w) in pool.into_iter().enumerate() {
                let tx = tx.clone();
                let turns = turns.clone();
                scope.spawn(move || {
                    let end = in_turns(turns.as_ref(), i, || {
                        let mut it = w.solutions();
                        if let Some(s) = it.next() {
                            let _ = tx.send((i, Message::Found(s)));
                        }
                        it.end()
                    });
                    let _ = tx.send((i, Message::Done(end, w.stats().clone())));
                });
            }
            drop(tx);
            collect(&rx, n, user_cancel.as_deref(), &stop, turns.as_deref(), |i, m| match m {
                Message::Found(s) => {
                    if answer.is_none() && self.model().check_assignment(s.values()).is_ok() {
                        answer = Some(Outcome::Solved(s));
                    } else if answer.is_none() {
                        log::error!(target: "csp::search", "engine bug: worker {i}'s solution violates the model; ignored");
                    }
                    answer.is_some()
                }
                Message::Done(end, st) => {
                    stats[i] = st;
                    match end {
                        Some(SearchEnd::Exhausted) if answer.is_none() => {
                            answer = Some(Outcome::Unsatisfiable);
                            true
                        }
                        Some(SearchEnd::LimitReached(l)) if l != Limit::Cancelled || limit.is_none() => {
                            limit = Some(l);
                            false
                        }
                        _ => false,
                    }
                }
            });
        });
        self.absorb_worker_stats(stats);
        self.add_time(started.elapsed());
        answer.unwrap_or(Outcome::LimitReached(limit.unwrap_or(Limit::Cancelled)))
    }

    /// Optimises with `workers` threads (a portfolio; see [`crate::portfolio`]) from the
    /// current state, calling `on_improvement` with each solution better than all before it
    /// (each checked against the model first). Workers share the best value: the learning
    /// ones tighten their bounds to it at restarts, and the first to exhaust its search
    /// proves the incumbent optimal. Limits apply to each worker.
    ///
    /// # Example
    ///
    /// ```
    /// use csp::Model;
    /// use csp::constraints::{Comparison, Linear};
    /// use csp::solve::{Goal, Optimum};
    ///
    /// // Maximise 4a + 5b + 7c + 9d with 3a + 4b + 5c + 7d <= 17, each 0..=3.
    /// let mut model = Model::new();
    /// let x = model.new_vars(4, 0..=3)?;
    /// let profit = model.new_var(0..=100)?;
    /// model.post(Linear::new([(3, x[0]), (4, x[1]), (5, x[2]), (7, x[3])], Comparison::LessOrEqual, 17))?;
    /// model.post(Linear::new([(4, x[0]), (5, x[1]), (7, x[2]), (9, x[3]), (-1, profit)], Comparison::Equal, 0))?;
    /// let mut solver = model.into_solver();
    /// let mut seen = Vec::new();
    /// let best = solver.optimize_parallel(Goal::Maximize(profit), 2, |s| seen.push(s[profit]));
    /// assert!(matches!(best, Optimum::Optimal(ref s) if s[profit] == 23));
    /// assert!(seen.windows(2).all(|w| w[0] < w[1]));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn optimize_parallel(
        &mut self,
        goal: Goal,
        workers: usize,
        mut on_improvement: impl FnMut(&Solution),
    ) -> Optimum {
        let started = Instant::now();
        let stop = Arc::new(AtomicBool::new(false));
        let user_cancel = self.limits().cancel.clone();
        let none = match goal {
            Goal::Minimize(_) => i64::MAX,
            Goal::Maximize(_) => i64::MIN,
        };
        let shared = Arc::new(AtomicI64::new(none));
        let (mut pool, turns) = self.workers(workers, &stop);
        for w in &mut pool {
            w.share_objective(shared.clone());
        }
        let n = pool.len();
        let mut best: Option<Solution> = None;
        let mut proven = false;
        let mut limit: Option<Limit> = None;
        let mut stats = vec![Stats::default(); n];
        let (tx, rx) = mpsc::channel();
        thread::scope(|scope| {
            for (i, mut w) in pool.into_iter().enumerate() {
                let tx = tx.clone();
                let shared = shared.clone();
                let turns = turns.clone();
                scope.spawn(move || {
                    let end = in_turns(turns.as_ref(), i, || {
                        let mut it = w.improvements(goal);
                        for s in it.by_ref() {
                            let v = i64::from(s[goal.var()]);
                            match goal {
                                Goal::Minimize(_) => shared.fetch_min(v, Ordering::Relaxed),
                                Goal::Maximize(_) => shared.fetch_max(v, Ordering::Relaxed),
                            };
                            let _ = tx.send((i, Message::Found(s)));
                        }
                        it.end()
                    });
                    let _ = tx.send((i, Message::Done(end, w.stats().clone())));
                });
            }
            drop(tx);
            collect(&rx, n, user_cancel.as_deref(), &stop, turns.as_deref(), |i, m| match m {
                Message::Found(s) => {
                    let better = best.as_ref().is_none_or(|b| goal.is_better(s[goal.var()], b[goal.var()]));
                    if better && self.model().check_assignment(s.values()).is_ok() {
                        on_improvement(&s);
                        best = Some(s);
                    } else if better {
                        log::error!(target: "csp::search", "engine bug: worker {i}'s solution violates the model; ignored");
                    }
                    false
                }
                Message::Done(end, st) => {
                    stats[i] = st;
                    match end {
                        Some(SearchEnd::Exhausted) => {
                            proven = true;
                            true
                        }
                        Some(SearchEnd::LimitReached(l)) if l != Limit::Cancelled || limit.is_none() => {
                            limit = Some(l);
                            false
                        }
                        _ => false,
                    }
                }
            });
        });
        self.absorb_worker_stats(stats);
        self.add_time(started.elapsed());
        match (proven, best) {
            (true, Some(s)) => Optimum::Optimal(s),
            (true, None) => Optimum::Unsatisfiable,
            (false, best) => Optimum::LimitReached { best, limit: limit.unwrap_or(Limit::Cancelled) },
        }
    }
}

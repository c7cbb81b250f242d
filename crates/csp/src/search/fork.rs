//! Forking a solver for a parallel worker: the same model, state and settings, its own
//! search. What a portfolio ([`crate::portfolio`]) needs of a solver's insides.

use std::sync::atomic::AtomicI64;
use std::sync::Arc;

use super::learn::Learning;
use super::Solver;
use crate::stats::Stats;
use crate::store::{SnapshotMode, Store};

impl Solver {
    /// A solver for a copy of this solver's model, starting from its current domains, with
    /// the same orders, restarts (the learning search's too), branching variables, limits,
    /// seed and lowering; no observer. The two share nothing.
    pub(crate) fn fork(&self) -> Solver {
        let store = Store::new(self.engine.core.store.bits.clone(), SnapshotMode::Auto);
        let mut s = Solver::with_store(self.engine.model.clone(), store);
        s.var_order = self.var_order;
        s.value_order = self.value_order;
        s.auto_strategy = self.auto_strategy;
        s.peers.clone_from(&self.peers);
        s.priority = self.priority.clone();
        s.limits = self.limits.clone();
        s.learning.clone_from(&self.learning);
        s.learning_on = self.learning_on;
        if let Some(l) = self.lcg.as_ref() {
            s.set_learning_restarts(l.restarter.policy);
        }
        s.set_seed(self.seed);
        s.set_explaining(self.engine.core.explaining);
        s
    }

    /// The seed set with [`set_seed`](Solver::set_seed).
    pub(crate) fn seed(&self) -> u64 {
        self.seed
    }

    /// Lets the learning search read, at each restart, the best objective value any worker
    /// found (as an `i64`), and tighten its own bound to it.
    pub(crate) fn share_objective(&mut self, best: Arc<AtomicI64>) {
        let n = self.engine.model.num_vars();
        let l = self.learning.get_or_insert_with(|| Box::new(Learning::new(n, &self.degree)));
        l.shared_best = Some(best);
    }

    /// Adds a worker's counters to this solver's, and keeps them as the last parallel
    /// search's per-worker figures ([`Solver::worker_stats`]).
    pub(crate) fn absorb_worker_stats(&mut self, workers: Vec<Stats>) {
        let total = &mut self.engine.core.stats;
        for w in &workers {
            total.nodes += w.nodes;
            total.failures += w.failures;
            total.backtracks += w.backtracks;
            total.propagations += w.propagations;
            total.prunings += w.prunings;
            total.solutions += w.solutions;
            total.max_depth = total.max_depth.max(w.max_depth);
            total.restarts += w.restarts;
            total.nogoods += w.nogoods;
            total.lns_runs += w.lns_runs;
            total.learned += w.learned;
            total.lbd_sum += w.lbd_sum;
            total.learned_literals += w.learned_literals;
            total.literals += w.literals;
            total.explained_generic += w.explained_generic;
            total.explained_precise += w.explained_precise;
        }
        self.worker_stats = workers;
    }

    /// Adds `elapsed` to the time in [`stats`](Solver::stats).
    pub(crate) fn add_time(&mut self, elapsed: std::time::Duration) {
        self.engine.core.stats.time += elapsed;
    }

    /// Each worker's statistics in the last parallel search ([`Solver::solve_parallel`],
    /// [`Solver::optimize_parallel`]), in worker order; empty before one ran. Their sums are
    /// in [`stats`](Solver::stats).
    pub fn worker_stats(&self) -> &[Stats] {
        &self.worker_stats
    }
}

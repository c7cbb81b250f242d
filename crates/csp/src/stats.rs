//! Counters of the work done by propagation and search.

use std::fmt;
use std::time::Duration;

/// Counters of the work done; cumulative until [`Solver::reset`](crate::search::Solver::reset) or
/// [`Solver::reset_stats`](crate::search::Solver::reset_stats).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Decisions taken (left branches `x = v`).
    pub nodes: u64,
    /// Conflicts: wiped-out domains and failed constraints.
    pub failures: u64,
    /// Decisions undone.
    pub backtracks: u64,
    /// Propagator runs (`propagate` calls and `on_fixed` deliveries).
    pub propagations: u64,
    /// Values removed from domains.
    pub prunings: u64,
    /// Solutions found.
    pub solutions: u64,
    /// The deepest decision level reached.
    pub max_depth: u32,
    /// Restarts of the learning search ([`Restarts`](crate::search::Restarts)), LNS runs included.
    pub restarts: u64,
    /// Nogoods recorded from restarts (in the last search).
    pub nogoods: u64,
    /// Large-neighbourhood runs (optimisation with restarts).
    pub lns_runs: u64,
    /// Clauses learned from conflicts ([`Solver::set_learning`](crate::search::Solver::set_learning)).
    pub learned: u64,
    /// The sum of the learned clauses' literal block distances (see [`Stats::mean_lbd`]).
    pub lbd_sum: u64,
    /// The sum of the learned clauses' lengths, in literals as learned (see
    /// [`Stats::mean_clause_length`]).
    pub learned_literals: u64,
    /// Literals created: changes recorded on the learning search's trail.
    pub literals: u64,
    /// Changes (and conflicts) explained by the generic explanation of their constraint (the
    /// state of its scope) in conflict analysis.
    pub explained_generic: u64,
    /// Changes explained precisely in conflict analysis (by a learned clause or a decision).
    pub explained_precise: u64,
    /// Time spent searching.
    pub time: Duration,
}

impl Stats {
    /// The mean literal block distance of the learned clauses (0 with none).
    pub fn mean_lbd(&self) -> f64 {
        self.per_learned(self.lbd_sum)
    }

    /// The mean length of the learned clauses, in literals (0 with none): with the mean LBD,
    /// what tells long explanations from many decision levels.
    ///
    /// ```
    /// let stats = csp::Stats { learned: 4, learned_literals: 10, ..csp::Stats::default() };
    /// assert_eq!(stats.mean_clause_length(), 2.5);
    /// ```
    pub fn mean_clause_length(&self) -> f64 {
        self.per_learned(self.learned_literals)
    }

    /// `sum` over the learned clauses, per clause (0 with none).
    fn per_learned(&self, sum: u64) -> f64 {
        if self.learned == 0 {
            0.0
        } else {
            sum as f64 / self.learned as f64
        }
    }
}

impl fmt::Display for Stats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "nodes={} failures={} backtracks={} propagations={} prunings={} solutions={} max_depth={} time={:.3}ms",
            self.nodes,
            self.failures,
            self.backtracks,
            self.propagations,
            self.prunings,
            self.solutions,
            self.max_depth,
            self.time.as_secs_f64() * 1e3
        )?;
        // Only for the learning search, so that other searches print what they always did.
        if self.restarts > 0 || self.nogoods > 0 || self.lns_runs > 0 {
            write!(f, " restarts={} nogoods={} lns_runs={}", self.restarts, self.nogoods, self.lns_runs)?;
        }
        if self.learned > 0 || self.literals > 0 {
            write!(
                f,
                " learned={} mean_lbd={:.2} mean_len={:.2} literals={} explained_generic={} explained_precise={}",
                self.learned,
                self.mean_lbd(),
                self.mean_clause_length(),
                self.literals,
                self.explained_generic,
                self.explained_precise
            )?;
        }
        Ok(())
    }
}

//! The solver's settings: snapshot mode, orders, branching variables, seed, limits, the
//! observer, and what it was built from.

use super::outcome::Limits;
use super::Solver;
use crate::event::Observer;
use crate::id::VarId;
use crate::model::Model;
use crate::select::{Rng, TieBreak, ValueOrder, VarOrder};
use crate::stats::Stats;
use crate::store::SnapshotMode;

impl Solver {
    /// The model being solved.
    pub fn model(&self) -> &Model {
        &self.engine.model
    }

    /// Gives the model back.
    pub fn into_model(self) -> Model {
        self.engine.model
    }

    /// Chooses how checkpoints save the state. Resets the solver.
    pub fn set_snapshot_mode(&mut self, mode: SnapshotMode) {
        self.finish_search();
        self.engine.set_snapshot_mode(mode);
        self.rng = Rng::new(self.seed);
    }

    /// Whether checkpoints trail changes (rather than copy all domains).
    pub fn is_trailing(&self) -> bool {
        self.engine.is_trailing()
    }

    /// Whether the engine was built by the explaining lowering
    /// ([`Lowering::explaining`](crate::lower::Lowering::explaining)): every pruning is made by
    /// the constraint as posted, never by a network standing in for it.
    pub fn is_explaining(&self) -> bool {
        self.engine.is_explaining()
    }

    /// Whether stand-ins (a network) are in force now.
    #[cfg(test)]
    pub(crate) fn is_standing_in(&self) -> bool {
        self.engine.core.standing_in
    }

    /// Chooses the explaining lowering or the fast one (see [`crate::lower`]).
    pub(crate) fn set_explaining(&mut self, on: bool) {
        self.engine.set_explaining(on);
    }

    /// Sets the variable order (default: MRV, first on ties).
    pub fn set_var_order(&mut self, order: VarOrder) {
        self.auto_strategy = false;
        self.var_order = order;
        if order == VarOrder::Mrv(TieBreak::MostUnfixedPeers) && self.peers.is_none() {
            self.peers = Some(self.engine.model.peers());
        }
    }

    /// Sets the value order (default: ascending).
    pub fn set_value_order(&mut self, order: ValueOrder) {
        self.auto_strategy = false;
        self.value_order = order;
    }

    /// Branches on `vars` first, in the [`VarOrder`] among them (MRV ties go to the first in
    /// `vars`), and on the other variables only once these are all fixed: the variables of a
    /// search annotation, say. An empty list (the default) branches on every variable alike.
    ///
    /// # Panics
    ///
    /// Panics if a variable is not in the model (an index it does not have, or a variable of
    /// another model: [`ModelError::ForeignVar`](crate::error::ModelError::ForeignVar)'s message).
    pub fn set_branching_vars(&mut self, vars: impl Into<Vec<VarId>>) {
        let vars: Vec<VarId> = vars.into();
        for &v in &vars {
            self.engine.model.own_info(v);
        }
        self.priority = vars.into();
    }

    /// Seeds the random tie-breaks and value choices. Same seed, same search.
    pub fn set_seed(&mut self, seed: u64) {
        self.seed = seed;
        self.rng = Rng::new(seed);
    }

    /// Sets the limits of the following searches.
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// How many workers of a parallel search ([`crate::portfolio`]) run at once: `0` (the
    /// default) runs every worker on a core of its own; fewer cores than workers make the
    /// workers take turns, so that `solve_parallel(2)` with one core interleaves two searches
    /// on one core, each keeping its state between turns.
    ///
    /// # Example
    ///
    /// ```
    /// use csp::{Model, Outcome};
    /// use csp::constraints::AllDifferent;
    ///
    /// let mut model = Model::new();
    /// let x = model.new_vars(6, 1..=6)?;
    /// model.post(AllDifferent::new(x.clone()))?;
    /// let mut solver = model.into_solver();
    /// solver.set_portfolio_cores(1);
    /// assert!(matches!(solver.solve_parallel(2), Outcome::Solved(_)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_portfolio_cores(&mut self, cores: usize) {
        self.portfolio_cores = cores;
    }

    /// How many workers of a parallel search run at once (0: all).
    pub fn portfolio_cores(&self) -> usize {
        self.portfolio_cores
    }

    /// The current limits.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The statistics so far.
    pub fn stats(&self) -> &Stats {
        self.engine.stats()
    }

    /// Zeroes the statistics.
    pub fn reset_stats(&mut self) {
        self.engine.reset_stats();
    }

    /// Installs (or removes, with `None`) an observer that receives every [`Event`](crate::event::Event).
    pub fn set_observer(&mut self, observer: Option<Observer>) {
        self.engine.set_observer(observer);
    }
}

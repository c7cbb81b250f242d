//! The caller's changes to the solver's state, outside a search: each ends a running search,
//! then goes to the [`Engine`](crate::engine::Engine).

use super::Solver;
use crate::domain::Domain;
use crate::engine::{Checkpoint, Engine};
use crate::error::Conflict;
use crate::id::{Value, VarId};
use crate::select::Rng;

impl Solver {
    /// The engine the solver searches over: its model, domains and statistics.
    pub fn engine(&self) -> &Engine {
        &self.engine
    }

    /// Ends the search and gives the engine back, in its current state.
    pub fn into_engine(mut self) -> Engine {
        self.finish_search();
        self.engine
    }

    /// Returns to the root state: the model's domains after root propagation, no checkpoint, no
    /// pending work, zeroed statistics, the seeded generator restarted. Allocation-free once
    /// the root state is known.
    pub fn reset(&mut self) {
        self.finish_search();
        self.engine.reset();
        self.rng = Rng::new(self.seed);
    }

    /// The current domain of `var` ([`Engine::domain`]).
    ///
    /// # Panics
    ///
    /// Panics if `var` is not a variable of the model (an index it does not have, or a
    /// variable of another model: [`ModelError::ForeignVar`](crate::error::ModelError::ForeignVar)'s
    /// message); [`Model::check_var`](crate::model::Model::check_var) tells beforehand.
    #[inline]
    pub fn domain(&self, var: VarId) -> Domain<'_> {
        self.engine.domain(var)
    }

    /// The value of `var` if it is fixed.
    pub fn value(&self, var: VarId) -> Option<Value> {
        self.engine.value(var)
    }

    /// Whether a conflict happened since the last restore: the state is failed.
    pub fn is_failed(&self) -> bool {
        self.engine.is_failed()
    }

    /// Removes `value` from `var` ([`Engine::remove_value`]).
    ///
    /// # Errors
    ///
    /// A [`Conflict`] if the domain becomes empty, or if the state is already failed.
    ///
    /// # Panics
    ///
    /// Panics if `var` is not a variable of the model (an index it does not have, or a
    /// variable of another model: [`ModelError::ForeignVar`](crate::error::ModelError::ForeignVar)'s
    /// message); [`Model::check_var`](crate::model::Model::check_var) tells beforehand.
    pub fn remove_value(&mut self, var: VarId, value: Value) -> Result<bool, Conflict> {
        self.finish_search();
        self.engine.remove_value(var, value)
    }

    /// Removes every value but `value` from `var` ([`Engine::assign`]).
    ///
    /// # Errors
    ///
    /// A [`Conflict`] if `value` is not in the domain, or if the state is already failed.
    ///
    /// # Panics
    ///
    /// Panics if `var` is not a variable of the model (an index it does not have, or a
    /// variable of another model: [`ModelError::ForeignVar`](crate::error::ModelError::ForeignVar)'s
    /// message); [`Model::check_var`](crate::model::Model::check_var) tells beforehand.
    pub fn assign(&mut self, var: VarId, value: Value) -> Result<bool, Conflict> {
        self.finish_search();
        self.engine.assign(var, value)
    }

    /// Assigns every `(variable, value)` pair in turn ([`Engine::assign_all`]).
    ///
    /// # Errors
    ///
    /// The [`Conflict`] of a value not in its variable's domain, or of an already failed state.
    ///
    /// # Panics
    ///
    /// Panics if a variable is not a variable of the model (as [`Solver::assign`]).
    pub fn assign_all(&mut self, assignments: impl IntoIterator<Item = (VarId, Value)>) -> Result<(), Conflict> {
        self.finish_search();
        self.engine.assign_all(assignments)
    }

    /// Propagates to a fixed point ([`Engine::propagate`]).
    ///
    /// # Errors
    ///
    /// The [`Conflict`] that stopped propagation; the state is then failed until a restore.
    pub fn propagate(&mut self) -> Result<(), Conflict> {
        self.finish_search();
        self.engine.propagate()
    }

    /// Saves the current state ([`Engine::new_checkpoint`]).
    pub fn new_checkpoint(&mut self) -> Checkpoint {
        self.finish_search();
        self.engine.new_checkpoint()
    }

    /// Restores the state saved by `checkpoint` ([`Engine::restore_to`]).
    ///
    /// # Panics
    ///
    /// Panics if the checkpoint was already dropped (restored, or older than a restored one).
    pub fn restore_to(&mut self, checkpoint: Checkpoint) {
        self.finish_search();
        self.engine.restore_to(checkpoint);
    }
}

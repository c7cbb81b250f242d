//! The current state and the caller's changes to it: domains, values, assignments, removals
//! and propagation, and the reset to the root state.

use super::Engine;
use crate::domain::Domain;
use crate::error::Conflict;
use crate::id::{Value, VarId};
use crate::rule::Rule;
use crate::stats::Stats;

impl Engine {
    /// Returns to the root state: the model's domains after root propagation, no checkpoint, no
    /// pending work, zeroed statistics. Allocation-free once the root state is known.
    pub fn reset(&mut self) {
        self.core.clear_pending();
        self.core.failed = None;
        self.dirty.clear();
        self.generations.clear();
        match &self.root {
            Some((root, standing_in)) => {
                self.core.store.reset_to(root);
                self.pristine = false;
                // A root reached by the constraints the stand-ins replace is not at the
                // stand-ins' fixed point (the other way round, it is).
                if !*standing_in {
                    self.core.resync_stand_ins();
                }
            }
            None => {
                self.core.store.reset_to(&self.model.initial);
                self.core.schedule_all();
                self.pristine = true;
            }
        }
        self.core.stats = Stats::default();
    }

    /// The current domain of `var`.
    ///
    /// # Panics
    ///
    /// Panics if `var` is not a variable of the model (an index it does not have, or a
    /// variable of another model: [`ModelError::ForeignVar`](crate::error::ModelError::ForeignVar)'s
    /// message); [`Model::check_var`](crate::model::Model::check_var) tells beforehand.
    #[inline]
    pub fn domain(&self, var: VarId) -> Domain<'_> {
        let info = self.model.own_info(var);
        let (o, w) = (info.offset as usize, info.words as usize);
        Domain { blocks: &self.core.store.blocks()[o..o + w], map: &info.map }
    }

    /// The value of `var` if it is fixed.
    pub fn value(&self, var: VarId) -> Option<Value> {
        self.domain(var).single_value()
    }

    /// Whether a conflict happened since the last restore: the state is failed.
    pub fn is_failed(&self) -> bool {
        self.core.failed.is_some()
    }

    pub(crate) fn touch(&mut self) {
        if self.pristine && self.core.store.level() == 0 && self.core.failed.is_none() {
            // Reach the model's root fixed point before the caller's first change, so that
            // `reset` can return to it without propagating again.
            let _ = self.propagate();
        }
        self.pristine = false;
        self.core.refresh_observing();
        self.core.set_outside_rule(Rule::External);
    }

    /// Removes `value` from `var` (propagation follows with [`propagate`](Engine::propagate) or
    /// the next search). Returns whether the domain changed.
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
        self.model.own_info(var);
        self.touch();
        if let Some(c) = self.core.failed {
            return Err(c);
        }
        let r = self.core.outside_remove(&self.model.vars, var, value);
        if let Err(c) = r {
            self.core.fail(c);
        }
        r
    }

    /// Removes every value but `value` from `var`. Returns whether the domain changed.
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
        self.model.own_info(var);
        self.touch();
        if let Some(c) = self.core.failed {
            return Err(c);
        }
        let r = self.core.outside_assign(&self.model.vars, var, value);
        if let Err(c) = r {
            self.core.fail(c);
        }
        r
    }

    /// Assigns every `(variable, value)` pair in turn, as [`assign`](Engine::assign) would, but
    /// with the per-call bookkeeping done once: for loading the givens of a puzzle into a reset
    /// engine. Stops at the first conflict, which leaves the state failed.
    ///
    /// # Errors
    ///
    /// The [`Conflict`] of a value not in its variable's domain, or of an already failed state.
    ///
    /// # Panics
    ///
    /// Panics if a variable is not a variable of the model (as [`Engine::assign`]), with the
    /// pairs before it assigned.
    ///
    /// # Example
    ///
    /// ```
    /// use csp::Model;
    /// use csp::constraints::AllDifferent;
    ///
    /// let mut model = Model::new();
    /// let x = model.new_vars(3, 1..=3)?;
    /// model.post(AllDifferent::new(x.clone()))?;
    /// let mut engine = model.into_engine();
    /// engine.assign_all([(x[0], 1), (x[1], 2)])?;
    /// engine.propagate()?;
    /// assert_eq!(engine.value(x[2]), Some(3));
    /// assert!(engine.assign_all([(x[2], 1)]).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn assign_all(&mut self, assignments: impl IntoIterator<Item = (VarId, Value)>) -> Result<(), Conflict> {
        self.touch();
        if let Some(c) = self.core.failed {
            return Err(c);
        }
        for (var, value) in assignments {
            self.model.own_info(var);
            if let Err(c) = self.core.outside_assign(&self.model.vars, var, value) {
                self.core.fail(c);
                return Err(c);
            }
        }
        Ok(())
    }

    /// Propagates to a fixed point.
    ///
    /// # Errors
    ///
    /// The [`Conflict`] that stopped propagation; the state is then failed until a restore.
    pub fn propagate(&mut self) -> Result<(), Conflict> {
        self.core.refresh_observing();
        let r = self.core.propagate(&self.model.vars, &mut self.model.constraints);
        if self.pristine && self.core.store.level() == 0 {
            self.pristine = false;
            if r.is_ok() {
                self.root = Some((self.core.store.bits.clone(), self.core.standing_in));
            }
        }
        r
    }
}

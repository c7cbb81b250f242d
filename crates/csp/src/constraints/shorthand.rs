//! Shorthands on [`Model`] for posting the common built-in constraints.

use super::{AllDifferent, Binary, Disjunctive, Equal, NotEqual};
use crate::error::ModelError;
use crate::id::{ConstraintId, Value, VarId};
use crate::model::Model;

impl Model {
    /// Shorthand for posting [`AllDifferent::new`].
    ///
    /// # Errors
    ///
    /// As [`Model::post`].
    pub fn all_different(&mut self, vars: impl Into<Vec<VarId>>) -> Result<ConstraintId, ModelError> {
        self.post(AllDifferent::new(vars))
    }

    /// Shorthand for posting [`Disjunctive::new`] from `(start, duration)` pairs: tasks that
    /// never overlap in time (CP-SAT's `AddNoOverlap`, MiniZinc's `disjunctive`).
    ///
    /// # Errors
    ///
    /// As [`Model::post`].
    ///
    /// # Example
    ///
    /// ```
    /// use csp::Model;
    ///
    /// let mut model = Model::new();
    /// let s = model.new_vars(3, 0..=4)?;
    /// model.no_overlap([(s[0], 2), (s[1], 2), (s[2], 2)])?;
    /// // Three tasks of 2 between 0 and 6: no slack, one schedule per order.
    /// assert_eq!(model.into_solver().count_solutions(u64::MAX).count, 6);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn no_overlap(&mut self, tasks: impl IntoIterator<Item = (VarId, Value)>) -> Result<ConstraintId, ModelError> {
        let (starts, durations) = tasks.into_iter().unzip();
        self.post(Disjunctive::new(starts, durations))
    }

    /// Shorthand for posting [`NotEqual::new`] (`x != y`).
    ///
    /// # Errors
    ///
    /// As [`Model::post`].
    pub fn not_equal(&mut self, x: VarId, y: VarId) -> Result<ConstraintId, ModelError> {
        self.post(NotEqual::new(x, y))
    }

    /// Shorthand for posting [`Equal::new`] (`x = y`).
    ///
    /// # Errors
    ///
    /// As [`Model::post`].
    pub fn equal(&mut self, x: VarId, y: VarId) -> Result<ConstraintId, ModelError> {
        self.post(Equal::new(x, y))
    }

    /// Shorthand for posting a [`Binary`] relation given by a predicate.
    ///
    /// # Errors
    ///
    /// As [`Model::post`].
    pub fn relation(
        &mut self,
        x: VarId,
        y: VarId,
        allowed: impl Fn(Value, Value) -> bool + Send + Sync + 'static,
    ) -> Result<ConstraintId, ModelError> {
        self.post(Binary::new(x, y, allowed))
    }
}

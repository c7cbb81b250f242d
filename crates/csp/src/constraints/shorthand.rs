//! Shorthands on [`Model`] for posting the common built-in constraints.

use super::{AllDifferent, Binary, Equal, NotEqual};
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

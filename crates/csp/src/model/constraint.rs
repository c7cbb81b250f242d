//! The constraint trait: a constraint's scope, subscriptions, propagation and check. It takes
//! the [`Model`] when posted and the model holds the constraints, so the two form one layer.

use std::any::Any;
use std::fmt;

use super::kernel::SearchKernel;
use super::Model;
use crate::context::Context;
use crate::error::{Conflict, ModelError};
use crate::id::{Value, VarId};
use crate::learning::explain::Antecedents;
use crate::subscription::{Events, Priority};

/// A constraint: its scope, how it propagates, and an independent check of full assignments.
///
/// See the [`constraint`](crate::constraint) module for how to write one.
pub trait Constraint: Any + fmt::Debug + Send + CloneConstraint {
    /// A short kind name used in logs and explanations, in snake case (`"all_different"`).
    fn kind(&self) -> &'static str;

    /// The variables the constraint reads, in a fixed order. Positions in this slice are the
    /// *local* indices used by [`on_fixed`](Constraint::on_fixed) and
    /// [`is_satisfied`](Constraint::is_satisfied). A variable may appear more than once.
    fn scope(&self) -> &[VarId];

    /// Which events on the variable at `local` wake the constraint. The default,
    /// [`Events::DOMAIN`], schedules `propagate` on any change.
    fn subscriptions(&self, local: usize) -> Events {
        let _ = local;
        Events::DOMAIN
    }

    /// The queue `propagate` is scheduled in.
    fn priority(&self) -> Priority {
        Priority::Normal
    }

    /// Whether one call of `propagate` always reaches the constraint's own fixed point, so that
    /// the changes it makes need not schedule it again. Default: `false` (always correct).
    fn is_idempotent(&self) -> bool {
        false
    }

    /// Called once when the constraint is posted, with the model as it is then (the variables of
    /// the scope exist). Lets the constraint precompute from the initial domains.
    ///
    /// # Errors
    ///
    /// A constraint that cannot work with these variables returns a
    /// [`ModelError`](crate::error::ModelError) and is not posted.
    fn on_post(&mut self, model: &Model) -> Result<(), ModelError> {
        let _ = model;
        Ok(())
    }

    /// Called once when the constraint is posted, after [`on_post`](Constraint::on_post)
    /// accepted it: the constraint may reserve blocks of the solver's state for incremental
    /// reasoning with [`add_state`](crate::constraint::add_state), and should do nothing else
    /// with the model. Default: nothing.
    fn reserve_state(&mut self, model: &mut Model) {
        let _ = model;
    }

    /// Incremental hook: the variable at `local` has just been fixed (subscribed with
    /// [`Events::ON_FIXED`]). Called exactly once per fixing, before scheduled propagators run.
    ///
    /// # Errors
    ///
    /// The conflict of a wipe-out caused here.
    fn on_fixed(&mut self, ctx: &mut Context<'_>, local: usize) -> Result<(), Conflict> {
        let _ = (ctx, local);
        Ok(())
    }

    /// Removes values that cannot be part of a solution. Must be correct and complete on its own
    /// (it runs once at the root before any event).
    ///
    /// # Errors
    ///
    /// A [`Conflict`] when a domain is wiped out or the constraint cannot be satisfied; after it,
    /// the engine restores a checkpoint before anything else.
    fn propagate(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict>;

    /// If the constraint implies that the values of some of its variables are pairwise
    /// different (with no offsets), those variables. Lets the model add implied reasoning
    /// between overlapping all-different groups ([`Model::post_intersections`](crate::model::Model::post_intersections)).
    /// Default: `None`.
    fn implied_all_different(&self) -> Option<&[VarId]> {
        None
    }

    /// The reason of one change this constraint made (or of its failure), for the conflict
    /// analysis of a learning search ([`Solver::set_learning`](crate::search::Solver::set_learning)):
    /// names, through `why`, facts of the domains before the change that imply it with the
    /// constraint, and returns `true`; or returns `false` to leave it to the *generic
    /// explanation* (the whole state of the scope before the change, always sound for a
    /// monotone propagator, counted in [`Stats::explained_generic`](crate::stats::Stats)).
    ///
    /// Asked only while learning, only for the changes a conflict's analysis resolves: a
    /// propagator records nothing for it while it propagates. Default: `false`.
    ///
    /// See [`Antecedents`] for an example.
    fn explain(&self, why: &mut Antecedents<'_>) -> bool {
        let _ = why;
        false
    }

    /// The constraint's own search, if it can carry a whole search on its own state
    /// ([`SearchKernel`]). Default: `None`.
    fn kernel(&mut self) -> Option<&mut dyn SearchKernel> {
        None
    }

    /// Whether a full assignment satisfies the constraint, independently of propagation.
    /// `values[i]` is the value of `scope()[i]`. Used to check every solution in tests and
    /// debug builds.
    fn is_satisfied(&self, values: &[Value]) -> bool;
}

/// Cloning a boxed constraint, so that a [`Model`](crate::model::Model) can be cloned (for a parallel
/// search, or to solve variants of one model).
///
/// Implemented for every constraint that is [`Clone`]: derive `Clone` on your constraint and
/// this comes with it. Not meant to be implemented by hand.
pub trait CloneConstraint {
    /// A boxed copy of the constraint, in the state it is in.
    fn clone_boxed(&self) -> Box<dyn Constraint>;
}

impl<T: Constraint + Clone> CloneConstraint for T {
    fn clone_boxed(&self) -> Box<dyn Constraint> {
        Box::new(self.clone())
    }
}

impl Clone for Box<dyn Constraint> {
    fn clone(&self) -> Box<dyn Constraint> {
        self.clone_boxed()
    }
}

/// The constraint as the built-in type `T`, if it is one: how the engine finds its own
/// constraints (an all-different network, an all-different) among a model's, without hooks in
/// the public trait.
pub(crate) fn downcast_mut<T: Constraint>(c: &mut dyn Constraint) -> Option<&mut T> {
    (c as &mut dyn Any).downcast_mut::<T>()
}

/// [`downcast_mut`], shared.
pub(crate) fn downcast_ref<T: Constraint>(c: &dyn Constraint) -> Option<&T> {
    (c as &dyn Any).downcast_ref::<T>()
}

//! The constraint trait: how a constraint propagates.
//!
//! # Background
//!
//! A constraint restricts the tuples of values its variables (its *scope*) may take together.
//! Its propagator removes from the domains the values that cannot be part of any solution given
//! the other domains. The engine runs propagators until none changes anything (a *fixed point*)
//! or a domain becomes empty (a *wipe-out*, reported as a [`Conflict`]).
//!
//! Two entry points serve different costs:
//!
//! * [`Constraint::on_fixed`] is called at once, for each variable of the scope that becomes
//!   fixed (one value left), when the constraint asked for it in
//!   [`Constraint::subscriptions`]. It is the place for cheap incremental reasoning such as
//!   forward checking (remove the fixed value from the other variables of an all-different).
//! * [`Constraint::propagate`] is scheduled (once, however many events) in a queue by
//!   [`Priority`], when a subscribed variable changes in the way the constraint asked for. It
//!   must be complete on its own: the engine calls it once at the root for every constraint.
//!
//! # How to add a constraint
//!
//! 1. Write a struct that holds the scope (`Vec<VarId>`) and any scratch space, and implement
//!    [`Constraint`]: `kind`, `scope`, `propagate` and `is_satisfied` at least.
//! 2. In `propagate`, read domains with [`Context::domain`] (or the block-level accessors) and
//!    remove values with [`Context::remove_value`], [`Context::assign`] and friends, passing a
//!    [`Rule`] that says why. Return the `Err` they give with `?`.
//! 3. Override [`Constraint::subscriptions`] to say which changes wake it up, and
//!    [`Constraint::on_fixed`] if part of its reasoning is cheap and incremental.
//! 4. Post it with [`Model::post`](crate::Model::post).
//! 5. Test it: build a tiny model, propagate, assert the exact domains; add one test per
//!    wipe-out path; compare solutions with brute force (see `constraints/testing.rs` and
//!    `tests/properties.rs` of this crate).
//!
//! ```
//! use csp::{Conflict, Constraint, Context, Model, Rule, Value, VarId};
//!
//! /// `x < y`, by bounds.
//! #[derive(Clone, Debug)]
//! struct Less { vars: [VarId; 2] }
//!
//! impl Constraint for Less {
//!     fn kind(&self) -> &'static str { "less" }
//!     fn scope(&self) -> &[VarId] { &self.vars }
//!     fn propagate(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
//!         let [x, y] = self.vars;
//!         let y_max = ctx.max(y);
//!         ctx.remove_above(x, y_max - 1, Rule::Bounds)?;
//!         let x_min = ctx.min(x);
//!         ctx.remove_below(y, x_min + 1, Rule::Bounds)?;
//!         Ok(())
//!     }
//!     fn is_satisfied(&self, values: &[Value]) -> bool { values[0] < values[1] }
//! }
//!
//! let mut model = Model::new();
//! let x = model.new_var(1..=5)?;
//! let y = model.new_var(1..=5)?;
//! model.post(Less { vars: [x, y] })?;
//! let mut solver = model.into_solver();
//! solver.propagate()?;
//! assert_eq!(solver.domain(x).to_vec(), vec![1, 2, 3, 4]);
//! assert_eq!(solver.count_solutions(u64::MAX).count, 10);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Bibliography
//!
//! * C. Schulte and P. J. Stuckey, "Efficient constraint propagation engines", TOPLAS 2008
//!   (events, priorities, idempotence).
//! * J.-C. Régin, "A filtering algorithm for constraints of difference in CSPs", AAAI 1994.

use std::any::Any;
use std::fmt;

pub use crate::propagate::Context;
use crate::var::{Value, VarId};
use crate::Conflict;

/// Identifies one posted constraint of a model, in posting order.
#[repr(transparent)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ConstraintId(pub(crate) u32);

impl ConstraintId {
    /// The identifier of the constraint posted `index`-th (from 0).
    #[inline]
    pub fn from_index(index: usize) -> ConstraintId {
        ConstraintId(u32::try_from(index).expect("constraint index exceeds u32::MAX"))
    }

    /// The posting index of this constraint.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Debug for ConstraintId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ConstraintId({})", self.0)
    }
}

impl fmt::Display for ConstraintId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "c{}", self.0)
    }
}

/// When a constraint's [`propagate`](Constraint::propagate) is scheduled: the queue it goes to.
///
/// All `Fast` work is done before any `Normal`, and all `Normal` before any `Slow`, so cheap
/// reasoning reaches its fixed point before expensive reasoning runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Priority {
    /// Constant or linear time in the scope with a small constant (binary constraints).
    Fast = 0,
    /// Linear in the scope (counting, bounds).
    Normal = 1,
    /// Super-linear (matching, tables).
    Slow = 2,
}

/// Which changes of a variable wake a constraint; a set built with `|`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Events(pub(crate) u8);

impl Events {
    /// No event: the variable is read but changes to it do not schedule `propagate`.
    pub const NONE: Events = Events(0);
    /// Call [`Constraint::on_fixed`] as soon as the variable is fixed.
    pub const ON_FIXED: Events = Events(1);
    /// Schedule `propagate` when the variable becomes fixed.
    pub const FIXED: Events = Events(2);
    /// Schedule `propagate` when the smallest or largest value is removed.
    pub const BOUNDS: Events = Events(4);
    /// Schedule `propagate` on any removal.
    pub const DOMAIN: Events = Events(8);
    /// [`DOMAIN`](Events::DOMAIN), and record which variable changed: the constraint reads the
    /// local indices with [`Context::take_changed`], so that it can work on what changed
    /// without rescanning its scope (an *advisor* in Gecode's terms).
    pub const TRACK: Events = Events(16 | 8);

    /// Whether every event of `other` is in `self`.
    pub fn contains(self, other: Events) -> bool {
        self.0 & other.0 == other.0
    }

    /// Whether no event is in the set.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
}

impl std::ops::BitOr for Events {
    type Output = Events;
    fn bitor(self, rhs: Events) -> Events {
        Events(self.0 | rhs.0)
    }
}

impl fmt::Debug for Events {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names = [(1, "ON_FIXED"), (2, "FIXED"), (4, "BOUNDS"), (8, "DOMAIN"), (16, "TRACK")];
        let parts: Vec<&str> = names.iter().filter(|(b, _)| self.0 & b != 0).map(|(_, n)| *n).collect();
        if parts.is_empty() {
            f.write_str("NONE")
        } else {
            f.write_str(&parts.join(" | "))
        }
    }
}

/// Why a value was removed: the rule a constraint applied.
///
/// The premises (other variables the rule rests on) are given by
/// [`Context::set_premises`] when explanations are on; see [`crate::Event`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Rule {
    /// Another variable of the constraint took this value (forward checking).
    ValueTaken {
        /// The variable that took it.
        var: VarId,
        /// The value, in that variable's terms.
        value: Value,
    },
    /// The value has one place left in the constraint, so it goes there.
    OnlyPlace {
        /// The value placed.
        value: Value,
    },
    /// Fewer values are left among the constraint's variables than there are variables.
    Pigeonhole,
    /// A Hall set: the premises take exactly as many values as they are, and this value is one
    /// of them (generalised arc consistency for all-different).
    HallSet,
    /// Two constraints overlap: the value must be taken inside the overlap, so it is removed
    /// from the rest of the other constraint (in Sudoku terms, a locked candidate).
    Locked {
        /// The value.
        value: Value,
        /// The constraint in which the value is confined to the overlap.
        within: ConstraintId,
    },
    /// A bound of a sum or an order relation.
    Bounds,
    /// No supporting tuple or value is left for this value (tables, relations).
    NoSupport,
    /// A search decision (`x = v` removes the other values).
    Decision,
    /// The refutation of a search decision after backtracking (`x != v`).
    Refutation,
    /// A value removed or assigned by the caller outside search.
    External,
    /// A nogood learnt by the search ([`Restarts`](crate::Restarts)): with the other values
    /// its nogood names fixed, this one would repeat a refuted branch.
    Nogood,
    /// Any other reason a constraint gives.
    Other,
}

/// A constraint: its scope, how it propagates, and an independent check of full assignments.
///
/// See the [module documentation](self) for how to write one.
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
    /// [`ModelError`](crate::ModelError) and is not posted.
    fn on_post(&mut self, model: &crate::Model) -> Result<(), crate::ModelError> {
        let _ = model;
        Ok(())
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
    /// between overlapping all-different groups ([`Model::post_intersections`](crate::Model::post_intersections)).
    /// Default: `None`.
    fn implied_all_different(&self) -> Option<&[VarId]> {
        None
    }

    /// Whether a full assignment satisfies the constraint, independently of propagation.
    /// `values[i]` is the value of `scope()[i]`. Used to check every solution in tests and
    /// debug builds.
    fn is_satisfied(&self, values: &[Value]) -> bool;
}

/// Cloning a boxed constraint, so that a [`Model`](crate::Model) can be cloned (for a parallel
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

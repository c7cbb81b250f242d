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
//! use csp::constraint::{Conflict, Constraint, Context, Rule};
//! use csp::{Model, Value, VarId};
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
//!
//! # Contents
//!
//! The trait ([`Constraint`], [`CloneConstraint`]), what a propagator sees ([`Context`]), when it
//! runs ([`Events`], [`Priority`]), why it changed a domain ([`Rule`]), how it fails
//! ([`Conflict`]), its own saved state ([`StateSlot`], from [`add_state`]), and the layout of
//! the domain store that word-level constraints read ([`block_offset`], [`range_min`]).

pub use crate::context::Context;
pub use crate::error::Conflict;
pub use crate::id::ConstraintId;
pub use crate::learning::explain::{Antecedents, Change};
pub use crate::model::author::{add_state, block_offset, range_min};
pub use crate::model::constraint::{CloneConstraint, Constraint};
pub use crate::model::kernel::{KernelMove, SearchKernel, SolutionWriter};
pub use crate::rule::Rule;
pub use crate::store::StateSlot;
pub use crate::subscription::{Events, Priority};

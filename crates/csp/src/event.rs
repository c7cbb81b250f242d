//! The event stream: decisions, prunings with their reasons, wipe-outs, backtracks, solutions.
//!
//! Install an observer with [`Solver::set_observer`](crate::search::Solver::set_observer) to receive
//! every [`Event`] as it happens. With no observer (and trace logging off) the engine builds no
//! event and collects no premise: the cost is one predictable branch per domain change.

use crate::error::Conflict;
use crate::id::{ConstraintId, Value, VarId};
use crate::rule::Rule;

/// Why a domain changed: the constraint, the rule it applied, and the premises it rests on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reason<'a> {
    /// The constraint that made the change; `None` for search decisions and changes made by the
    /// caller.
    pub constraint: Option<ConstraintId>,
    /// The rule applied.
    pub rule: Rule,
    /// The variables the rule rests on beyond what `rule` names (for a Hall set: its
    /// variables). Empty when the rule says it all.
    pub premises: &'a [VarId],
}

/// One step of propagation or search, as delivered to an observer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Event<'a> {
    /// The search opened a choice point at `depth` (the new depth) and tries `var = value`.
    Decision {
        /// Depth after the decision (1 for the first).
        depth: u32,
        /// The variable.
        var: VarId,
        /// The value tried.
        value: Value,
    },
    /// After backtracking, the search takes the other branch: `var != value`.
    Refutation {
        /// Depth of the refuted decision's parent.
        depth: u32,
        /// The variable.
        var: VarId,
        /// The value excluded.
        value: Value,
    },
    /// `value` was removed from `var`.
    Prune {
        /// Current depth.
        depth: u32,
        /// The variable.
        var: VarId,
        /// The value removed.
        value: Value,
        /// Why.
        reason: Reason<'a>,
    },
    /// `var` was set to `value` (all other values removed at once).
    Assign {
        /// Current depth.
        depth: u32,
        /// The variable.
        var: VarId,
        /// The value kept.
        value: Value,
        /// Why.
        reason: Reason<'a>,
    },
    /// The last values of `var` were removed: `values` tells which change emptied it.
    WipeOut {
        /// Current depth.
        depth: u32,
        /// The variable left without value.
        var: VarId,
        /// The change that emptied the domain.
        reason: Reason<'a>,
    },
    /// A constraint failed without emptying a domain itself (for example, fewer values than
    /// variables left for an all-different).
    Fail {
        /// Current depth.
        depth: u32,
        /// The conflict.
        conflict: Conflict,
        /// Why, when the constraint gave premises.
        reason: Reason<'a>,
    },
    /// The search went back to `depth`, undoing everything below it.
    Backtrack {
        /// The depth returned to.
        depth: u32,
    },
    /// Every variable is fixed and every constraint holds.
    Solution {
        /// Depth of the solution.
        depth: u32,
    },
}

/// The observer type: called for every event while installed.
pub type Observer = Box<dyn FnMut(&Event<'_>) + Send>;

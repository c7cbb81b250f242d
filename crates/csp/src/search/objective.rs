//! The hook of branch and bound: a bound on one variable that the search imposes again after
//! every backtrack. The search owns the type; an optimisation (`crate::optimize`) sets it.

use crate::context::core::Core;
use crate::context::Context;
use crate::error::Conflict;
use crate::id::{Value, VarId};
use crate::layout::VarInfo;
use crate::rule::Rule;

/// The side of a value a variable must stay on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Side {
    /// Strictly below the value.
    Below(Value),
    /// Strictly above the value.
    Above(Value),
}

/// A bound every state reached by backtracking must meet: `var` on `side`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ObjectiveBound {
    pub(crate) var: VarId,
    pub(crate) side: Side,
}

impl ObjectiveBound {
    /// Makes the bound at least as tight as `best`, another search's value of the variable
    /// (an `i64` that may be out of range, meaning none yet).
    pub(crate) fn tighten(&mut self, best: i64) {
        let Ok(best) = Value::try_from(best) else { return };
        self.side = match self.side {
            Side::Below(v) => Side::Below(v.min(best)),
            Side::Above(v) => Side::Above(v.max(best)),
        };
    }

    /// Removes the values of the variable that are not on the bound's side.
    pub(crate) fn apply(self, core: &mut Core, vars: &[VarInfo]) -> Result<bool, Conflict> {
        let mut ctx = Context { core, vars };
        let z = self.var;
        match self.side {
            Side::Below(value) => match value.checked_sub(1) {
                Some(b) => ctx.remove_above(z, b, Rule::Bounds),
                None => ctx.wipe_out(z, Rule::Bounds),
            },
            Side::Above(value) => match value.checked_add(1) {
                Some(b) => ctx.remove_below(z, b, Rule::Bounds),
                None => ctx.wipe_out(z, Rule::Bounds),
            },
        }
    }
}

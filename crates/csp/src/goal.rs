//! What an optimisation looks for ([`Goal`]): a leaf type, so that a model can record its
//! objective without naming the optimisation layer above it.

use crate::id::{Value, VarId};

/// What an optimisation looks for: the smallest or the largest value of one variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Goal {
    /// The smallest value of the variable.
    Minimize(VarId),
    /// The largest value of the variable.
    Maximize(VarId),
}

impl Goal {
    /// The objective variable.
    pub fn var(self) -> VarId {
        match self {
            Goal::Minimize(v) | Goal::Maximize(v) => v,
        }
    }

    /// Whether `a` is strictly better than `b`.
    pub fn is_better(self, a: Value, b: Value) -> bool {
        match self {
            Goal::Minimize(_) => a < b,
            Goal::Maximize(_) => a > b,
        }
    }
}

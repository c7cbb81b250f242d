//! Model-building errors and search conflicts.

use std::fmt;

use crate::id::{ConstraintId, Value, VarId};

/// An error while building a model: invalid input, returned instead of a panic.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ModelError {
    /// A variable was created with no value.
    EmptyDomain {
        /// The name it was given, if any.
        name: Option<String>,
    },
    /// A domain of listed values (not a range) has more values than a bitset holds
    /// ([`MAX_BITSET_VALUES`](crate::domain::MAX_BITSET_VALUES)). A range of any width is an interval.
    DomainTooLarge {
        /// The number of values asked for.
        len: u64,
    },
    /// A range wide enough to be an interval reaches beyond
    /// [`MIN_INTERVAL_VALUE`](crate::domain::MIN_INTERVAL_VALUE)`..=`[`MAX_INTERVAL_VALUE`](crate::domain::MAX_INTERVAL_VALUE).
    BeyondLimits {
        /// The smallest value asked for.
        min: Value,
        /// The largest value asked for.
        max: Value,
    },
    /// A constraint or call named a variable that the model does not have.
    UnknownVar {
        /// The variable.
        var: VarId,
        /// How many variables the model has.
        num_vars: usize,
    },
    /// A constraint, expression or objective named a variable created by another model
    /// (each [`VarId`] carries the tag of its model).
    ForeignVar {
        /// The variable.
        var: VarId,
    },
    /// A value is not in a variable's initial domain.
    ValueNotInDomain {
        /// The variable.
        var: VarId,
        /// The value.
        value: Value,
    },
    /// [`Model::minimize`](crate::model::Model::minimize), `maximize` or `lexicographic` was
    /// called on a model that already has an objective (several objectives are given at once,
    /// to [`Model::lexicographic`](crate::model::Model::lexicographic); call
    /// [`Model::clear_objective`](crate::model::Model::clear_objective) first to replace it).
    SecondObjective {
        /// The objective variable already recorded.
        first: VarId,
    },
    /// A constraint's own arguments are inconsistent (wrong arity, empty table, ...).
    InvalidConstraint {
        /// The constraint kind (`"table"`).
        kind: &'static str,
        /// What is wrong, in lowercase without a final period.
        message: String,
    },
}

impl fmt::Display for ModelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ModelError::EmptyDomain { name: Some(n) } => write!(f, "variable '{n}' has an empty domain"),
            ModelError::EmptyDomain { name: None } => write!(f, "a variable has an empty domain"),
            ModelError::DomainTooLarge { len } => write!(
                f,
                "a domain of {len} listed values is larger than the supported {} (a range of any width is an interval)",
                crate::domain::MAX_BITSET_VALUES
            ),
            ModelError::BeyondLimits { min, max } => write!(
                f,
                "the interval {min}..{max} reaches beyond the supported {}..{}",
                crate::domain::MIN_INTERVAL_VALUE,
                crate::domain::MAX_INTERVAL_VALUE
            ),
            ModelError::UnknownVar { var, num_vars } => {
                write!(f, "unknown variable {var}: the model has {num_vars} variables")
            }
            ModelError::ForeignVar { var } => write!(
                f,
                "variable {var} belongs to another model: a variable is used only with the model that created it"
            ),
            ModelError::ValueNotInDomain { var, value } => {
                write!(f, "value {value} is not in the initial domain of {var}")
            }
            ModelError::InvalidConstraint { kind, message } => write!(f, "invalid {kind} constraint: {message}"),
            ModelError::SecondObjective { first } => write!(
                f,
                "the model already has an objective (variable {}): one objective per model; \
                 clear_objective() replaces it; lexicographic() takes several at once",
                first.index()
            ),
        }
    }
}

impl std::error::Error for ModelError {}

/// A failure of propagation: a domain was wiped out, or a constraint found that it cannot be
/// satisfied.
///
/// A conflict is not an error of the program: during search it means "backtrack". It is `Copy`
/// and does not allocate. After a conflict the domains are inconsistent (one may be empty), and
/// restoring a checkpoint (or resetting the solver) is the only valid next operation; the
/// solver refuses further propagation until then.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Conflict {
    /// The constraint that failed, or `None` for a change made from outside any constraint
    /// (a decision or a caller's removal that emptied a domain).
    pub by: Option<ConstraintId>,
    /// The variable whose domain was wiped out, if the failure was a wipe-out.
    pub var: Option<VarId>,
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.var, self.by) {
            (Some(v), Some(c)) => write!(f, "domain of {v} wiped out by constraint {c}"),
            (Some(v), None) => write!(f, "domain of {v} wiped out"),
            (None, Some(c)) => write!(f, "constraint {c} cannot be satisfied"),
            (None, None) => write!(f, "conflict"),
        }
    }
}

impl std::error::Error for Conflict {}

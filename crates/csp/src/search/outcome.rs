//! What a search reports: its statistics, its limits and how it ended, and the solutions it
//! returns.

use std::fmt;
use std::ops::Index;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use crate::error::ModelError;
use crate::id::{Value, VarId, NO_MODEL};

/// Resource limits on one search. The default has none.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Stop after this many decisions.
    pub max_nodes: Option<u64>,
    /// Stop after this much time. The clock is read between decisions and backtracks, about
    /// every millisecond (more often when steps are slow), so the search overshoots by about
    /// a millisecond plus the cost of one step (docs/robustness.md has measurements). A timeout too
    /// long for the clock to represent (hundreds of billions of years) means no timeout.
    pub timeout: Option<Duration>,
    /// Stop as soon as this flag is set (from another thread, say).
    pub cancel: Option<Arc<AtomicBool>>,
}

/// Which limit stopped a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Limit {
    /// [`Limits::max_nodes`].
    Nodes,
    /// [`Limits::timeout`].
    Time,
    /// [`Limits::cancel`].
    Cancelled,
    /// A [`Termination`](super::brancher::Termination) installed with
    /// [`Solver::set_termination`](super::Solver::set_termination).
    Stopped,
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Limit::Nodes => "node limit",
            Limit::Time => "time limit",
            Limit::Cancelled => "cancelled",
            Limit::Stopped => "stopped by the termination",
        })
    }
}

/// The result of looking for one solution. "No solution" and "stopped by a limit" are
/// different outcomes, never errors.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A solution.
    Solved(Solution),
    /// The search space was exhausted: there is no solution.
    Unsatisfiable,
    /// A limit stopped the search first: nothing is known.
    LimitReached(Limit),
}

impl Outcome {
    /// The solution, if any.
    pub fn solution(&self) -> Option<&Solution> {
        match self {
            Outcome::Solved(s) => Some(s),
            _ => None,
        }
    }
}

/// The result of counting solutions up to a maximum.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Count {
    /// Solutions found.
    pub count: u64,
    /// Whether `count` is exact, a maximum reached, or a lower bound cut by a limit.
    pub status: CountStatus,
}

impl Count {
    /// Whether `count` is the exact number of solutions.
    pub fn is_exact(&self) -> bool {
        self.status == CountStatus::Complete
    }
}

/// How a count ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CountStatus {
    /// The search space was exhausted: the count is exact.
    Complete,
    /// The maximum was reached: there are at least that many solutions.
    MaxReached,
    /// A limit stopped the search: the count is a lower bound.
    LimitReached(Limit),
}

/// How a lazy enumeration ended, once [`Solutions`](super::Solutions) returned `None`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchEnd {
    /// Every solution was returned.
    Exhausted,
    /// A limit stopped the search.
    LimitReached(Limit),
}

/// A full assignment: the value of every variable.
///
/// Indexing by a variable of another model (or by an index the model does not have) panics,
/// as indexing a slice out of bounds does; [`Solution::get`] returns the error instead.
/// Equality and hashing look at the values alone.
#[derive(Clone)]
pub struct Solution {
    pub(super) values: Box<[Value]>,
    /// The tag of the model solved ([`VarId`]'s model tag).
    pub(super) tag: u32,
}

impl Solution {
    /// The value of `var`.
    ///
    /// # Panics
    ///
    /// Panics if `var` is not a variable of the model solved, with the message of the error
    /// [`Solution::get`] returns.
    #[track_caller]
    pub fn value(&self, var: VarId) -> Value {
        match self.get(var) {
            Ok(v) => v,
            Err(e) => panic!("{e}"),
        }
    }

    /// The value of `var`, or why it has none.
    ///
    /// # Errors
    ///
    /// [`ModelError::ForeignVar`] for a variable of another model;
    /// [`ModelError::UnknownVar`] for an index the model does not have.
    ///
    /// # Example
    ///
    /// ```
    /// use csp::{Model, ModelError, Outcome};
    ///
    /// let mut model = Model::new();
    /// let x = model.new_var(3..=3)?;
    /// let mut other = Model::new();
    /// let y = other.new_var(0..=1)?;
    /// let Outcome::Solved(solution) = model.into_solver().solve() else { unreachable!() };
    /// assert_eq!(solution.get(x), Ok(3));
    /// assert_eq!(solution.get(y), Err(ModelError::ForeignVar { var: y }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn get(&self, var: VarId) -> Result<Value, ModelError> {
        if var.model_tag() != self.tag && var.model_tag() != NO_MODEL {
            return Err(ModelError::ForeignVar { var });
        }
        match self.values.get(var.index()) {
            Some(&v) => Ok(v),
            None => Err(ModelError::UnknownVar { var, num_vars: self.values.len() }),
        }
    }

    /// All values, indexed by variable index.
    pub fn values(&self) -> &[Value] {
        &self.values
    }
}

impl PartialEq for Solution {
    fn eq(&self, other: &Solution) -> bool {
        self.values == other.values
    }
}

impl Eq for Solution {}

impl std::hash::Hash for Solution {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.values.hash(state);
    }
}

impl Index<VarId> for Solution {
    type Output = Value;

    /// The value of `var`.
    ///
    /// # Panics
    ///
    /// As [`Solution::value`].
    #[track_caller]
    fn index(&self, var: VarId) -> &Value {
        if var.model_tag() != self.tag && var.model_tag() != NO_MODEL {
            crate::model::foreign(var);
        }
        match self.values.get(var.index()) {
            Some(v) => v,
            None => panic!("{}", ModelError::UnknownVar { var, num_vars: self.values.len() }),
        }
    }
}

impl fmt::Debug for Solution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.values.iter()).finish()
    }
}

//! What a search reports: its statistics, its limits and how it ended, and the solutions it
//! returns.

use std::fmt;
use std::ops::Index;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use crate::id::{Value, VarId};

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
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Solution {
    pub(super) values: Box<[Value]>,
}

impl Solution {
    /// The value of `var`.
    ///
    /// # Panics
    ///
    /// Panics if `var` is not a variable of the model.
    pub fn value(&self, var: VarId) -> Value {
        self.values[var.index()]
    }

    /// All values, indexed by variable index.
    pub fn values(&self) -> &[Value] {
        &self.values
    }
}

impl Index<VarId> for Solution {
    type Output = Value;
    fn index(&self, var: VarId) -> &Value {
        &self.values[var.index()]
    }
}

impl fmt::Debug for Solution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.values.iter()).finish()
    }
}

//! What a search answers: a solution or none ([`Outcome`]), a unique one or two
//! ([`Uniqueness`]), solutions up to a maximum ([`Solutions`]). "No solution" and "stopped by a
//! limit" are answers, never errors.

use csp::solve::{CountStatus, Limit};

use crate::grid::Grid;

/// The result of looking for one solution, as the engine's [`csp::Outcome`]: "no solution"
/// and "stopped by a limit" are answers, never errors.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Outcome {
    /// A solution (the first found; not necessarily the only one).
    Solved(Grid),
    /// There is no solution (clashing givens included).
    Unsatisfiable,
    /// A limit stopped the search first: nothing is known.
    LimitReached(Limit),
}

impl Outcome {
    /// The solution, if one was found.
    pub fn solution(&self) -> Option<&Grid> {
        match self {
            Outcome::Solved(g) => Some(g),
            _ => None,
        }
    }
}

/// The result of solving a puzzle and proving its solution unique (a search for two
/// solutions).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Uniqueness {
    /// Exactly one solution.
    Unique(Grid),
    /// Two or more solutions: the first two found.
    Multiple(Grid, Grid),
    /// No solution.
    Unsatisfiable,
    /// A limit stopped the search before it could tell (even if one solution was found).
    LimitReached(Limit),
}

impl Uniqueness {
    /// The first solution found, if the search got that far and finished.
    pub fn solution(&self) -> Option<&Grid> {
        match self {
            Uniqueness::Unique(g) | Uniqueness::Multiple(g, _) => Some(g),
            _ => None,
        }
    }
}

/// Solutions collected up to a maximum, with how the search ended.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Solutions {
    /// The solutions, in the order found.
    pub grids: Vec<Grid>,
    /// [`CountStatus::Complete`] if these are all the solutions, [`CountStatus::MaxReached`]
    /// if the maximum was reached first (there may be more), or
    /// [`CountStatus::LimitReached`] if a limit stopped the search.
    pub status: CountStatus,
}

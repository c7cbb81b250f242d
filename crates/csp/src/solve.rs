//! Solving a model: the [`Solver`], its outcomes, limits and statistics, optimisation, and why a
//! model has no solution.
//!
//! A [`Model`](crate::Model) is lowered into a [`Solver`] ([`Model::into_solver`](crate::Model::into_solver)),
//! which propagates, searches ([`Solver::solve`], [`Solver::solutions`],
//! [`Solver::count_solutions`]) and optimises ([`Solver::solve_optimal`], [`Solver::improvements`]).
//! Every search ends in an [`Outcome`] (or a [`Count`], an [`Optimum`]): "unsatisfiable" and
//! "stopped by a limit" ([`Limits`], [`SearchEnd`]) are answers, never errors, and never
//! confused. [`Model::explain_unsat`](crate::Model::explain_unsat) finds a minimal set of
//! constraints with no solution ([`Explanation`]).
//!
//! These are re-exports: each item is defined in the engine's module for its concept.

pub use crate::assume::Assumed;
pub use crate::engine::{Checkpoint, Engine};
pub use crate::error::Conflict;
pub use crate::explain_unsat::{ConflictMember, Explanation};
pub use crate::learning::proof::Proof;
pub use crate::optimize::{Goal, Improvements, Optimum};
pub use crate::search::{Count, CountStatus, Limit, Limits, Outcome, SearchEnd, Solution, Solutions, Solver};
pub use crate::stats::Stats;
pub use crate::store::SnapshotMode;

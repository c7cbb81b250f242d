//! A generic finite-domain constraint-satisfaction engine.
//!
//! Variables take integer values from finite domains (bitsets); constraints prune the domains
//! by propagation to a fixed point; a depth-first search with MRV branching, checkpoints and
//! limits finds one solution, enumerates them lazily, or counts them up to a maximum. Every
//! pruning can be traced, counted and explained.
//!
//! # Contents
//!
//! * [`Model`]: variables ([`VarId`]) with initial domains, and posted [`Constraint`]s.
//! * [`Solver`]: search state, propagation ([`Solver::propagate`]), checkpoints
//!   ([`Solver::new_checkpoint`], [`Solver::restore_to`]) and search ([`Solver::solve`],
//!   [`Solver::solutions`], [`Solver::count_solutions`]) and optimisation by branch and bound
//!   ([`Solver::improvements`], [`Solver::minimize`], [`Solver::maximize`], [`Optimum`]).
//! * [`constraints`]: [`AllDifferent`] (three [`Strength`]s), [`NotEqual`], [`Equal`],
//!   [`Binary`] relations, [`Linear`] sums ([`Comparison`]), [`DistinctSum`] (all different
//!   with a sum), [`Table`] (allowed or forbidden tuples), [`Element`], [`ReifiedLinear`],
//!   [`Arithmetic`] (products, quotients, ...), [`Clause`], and [`Predicate`], the escape hatch
//!   for conditions no other constraint expresses.
//! * Modelling ([`expr`], `docs/modelling.md`): expressions ([`LinExpr`], [`sum`]) and their
//!   comparisons ([`Relation`], posted by [`Model::add`]), Booleans ([`BoolVar`], [`Lit`],
//!   [`or`], [`and`]), reification ([`Relation::only_if`], [`Relation::iff`]), objectives
//!   ([`Model::minimize`], [`Solver::solve_optimal`]), and why a model has no solution
//!   ([`Model::explain_unsat`], [`Solver::explain_assignments`], [`Explanation`]).
//! * [`Domain`]: a bitset, or an interval for ranges of more than [`INTERVAL_THRESHOLD`] values.
//! * [`Event`]: the stream of decisions, prunings with reasons, wipe-outs and backtracks.
//!
//! # Example
//!
//! The 4-queens problem: one queen per column, `q[i]` its row.
//!
//! ```
//! use csp::{AllDifferent, Model, Outcome, Strength};
//!
//! let n = 4;
//! let mut model = Model::new();
//! let q = model.new_vars(n, 0..n as i32)?;
//! let up: Vec<i32> = (0..n as i32).collect();
//! let down: Vec<i32> = (0..n as i32).map(|i| -i).collect();
//! model.post(AllDifferent::new(q.clone()))?;
//! model.post(AllDifferent::with_offsets(q.clone(), up).with_strength(Strength::ForwardChecking))?;
//! model.post(AllDifferent::with_offsets(q.clone(), down).with_strength(Strength::ForwardChecking))?;
//! let mut solver = model.into_solver();
//! assert_eq!(solver.count_solutions(u64::MAX).count, 2);
//! let Outcome::Solved(s) = solver.solve() else { panic!("4-queens has solutions") };
//! assert_eq!(q.iter().map(|&v| s[v]).collect::<Vec<_>>(), vec![1, 3, 0, 2]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Concepts
//!
//! * **Model and search state.** A [`Model`] is immutable once handed to a [`Solver`]; the
//!   solver keeps the current domains, all in one flat `FixedBitSet`, and reuses every buffer.
//! * **Propagation.** Domain changes raise events; each constraint subscribes to the events it
//!   needs ([`Events`](constraint::Events)). Forward checking runs at once on each fixing; other
//!   reasoning is scheduled by [`Priority`](constraint::Priority). See [`constraint`] for the
//!   trait and how to write a constraint.
//! * **Conflicts.** A wiped-out domain is a [`Conflict`] (which variable, which constraint), not
//!   an error; after it, restore a checkpoint.
//! * **Checkpoints.** [`Solver::new_checkpoint`] saves the state, [`Solver::restore_to`] returns
//!   to it: a copy of all domains for small states, a trail of changed blocks for large ones
//!   ([`SnapshotMode`]).
//! * **MRV.** Branch on a variable with the fewest values left ([`VarOrder::Mrv`]); ties broken
//!   by [`TieBreak`]; values in [`ValueOrder`].
//! * **Outcomes.** [`Outcome::Unsatisfiable`] and [`Outcome::LimitReached`] are answers, never
//!   errors, and never confused; counts say whether they are exact ([`CountStatus`]).
//!
//! # Logging
//!
//! Through the `log` facade, with stable targets (see `docs/logging.md`):
//!
//! | target | level | what |
//! |---|---|---|
//! | `csp::search` | info | one line per search: outcome and statistics |
//! | `csp::search` | debug | each decision, backtrack (with the refuted value) and solution |
//! | `csp::prune` | trace | each value removed: `prune depth=3 var=r1c3 value=5 by=row1 rule=value_taken size=3->2` |
//! | `csp::conflict` | debug | each wipe-out or failed constraint |
//!
//! With these levels off no line is formatted; the hot path tests one boolean per change.
//!
//! # Crate features
//!
//! None. The crate forbids `unsafe` code.

#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![warn(missing_debug_implementations)]
#![deny(rustdoc::broken_intra_doc_links)]

// Layers, bottom to top (a module imports only modules below it; `tests/layers.rs` checks
// that no two top-level modules import each other, directly or not):
// 1. leaf types: `id`, `error`, `rule`, `subscription`, `stats`;
// 2. `domain`, `store`, `layout`;
// 3. `event`;
// 4. `context` (the engine's state and write path, and what a propagator sees);
// 5. `model` (the model and the constraint trait);
// 6. `propagate` (the fixed-point loop);
// 7. `constraints` (the built-ins);
// 8. `select`, `search`;
// 9. `optimize`, `reasoning`;
// and the public facade `constraint` (re-exports only).

pub mod constraint;
pub mod constraints;
mod context;
mod domain;
mod error;
mod event;
mod explain_unsat;
pub mod expr;
mod goal;
mod id;
mod layout;
mod learning;
mod model;
mod objective;
mod optimize;
pub mod portfolio;
mod propagate;
pub mod reasoning;
mod rule;
mod search;
mod select;
mod stats;
mod store;
mod subscription;
#[cfg(test)]
mod testing;

pub use constraint::{Constraint, ConstraintId};
pub use constraints::{
    AllDifferent, AllDifferentExcept, AllDifferentNetwork, Among, ArithOp, Arithmetic, Binary, Circuit, Clause,
    Comparison, CountEq, DistinctSum, Element, Equal, GlobalCardinality, Increasing, Intersection, Inverse, LexLess,
    Linear, NValue, NetworkLevel, NotEqual, Predicate, Regular, ReifiedLinear, Strength, Table, ValuePrecede,
    NETWORK_MAX_VALUES,
};
pub use constraints::{BinPacking, Cumulative, Diffn, Disjunctive};
pub use domain::{
    Domain, DomainIter, InitialDomain, INTERVAL_THRESHOLD, MAX_BITSET_VALUES, MAX_INTERVAL_VALUE, MIN_INTERVAL_VALUE,
};
pub use error::{Conflict, ModelError};
pub use event::{Event, Observer, Reason};
pub use explain_unsat::{ConflictMember, Explanation};
pub use expr::boolean::{and, exactly, or, xor, BoolVar, Lit};
pub use expr::{sum, ElementArray, LinExpr, Relation};
pub use id::{Value, VarId};
pub use model::Model;
pub use optimize::{Goal, Improvements, Optimum};
pub use search::{
    Checkpoint, Count, CountStatus, Limit, Limits, Outcome, Restarts, SearchEnd, Solution, Solutions, Solver,
};
pub use select::{Rng, TieBreak, ValueOrder, VarOrder};
pub use stats::Stats;
pub use store::SnapshotMode;

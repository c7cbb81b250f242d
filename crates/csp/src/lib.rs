//! A generic finite-domain constraint-satisfaction engine.
//!
//! Variables take integer values from finite domains (bitsets); constraints prune the domains
//! by propagation to a fixed point; a depth-first search with MRV branching, checkpoints and
//! limits finds one solution, enumerates them lazily, or counts them up to a maximum. Every
//! pruning can be traced, counted and explained.
//!
//! # Contents
//!
//! The crate root holds what a first model needs: a [`Model`] with variables ([`VarId`],
//! [`Value`], [`Domain`]) and expressions ([`LinExpr`], [`sum`], [`Relation`], [`BoolVar`],
//! [`Lit`]), a [`Solver`] with its [`Outcome`], [`Solution`], [`Limits`] and [`Stats`], and
//! [`ModelError`]. The rest is in topic modules:
//!
//! | module | what |
//! |---|---|
//! | [`constraints`] | the built-in constraints: all-different (three strengths and a network), sums, tables, element, scheduling, routing, counting, ... |
//! | [`expr`] | modelling with expressions: Boolean connectives ([`expr::or`], [`expr::and`]), reification, products, element |
//! | [`domain`] | domains: bitsets, and intervals for ranges of more than [`domain::INTERVAL_THRESHOLD`] values |
//! | [`lower`] | lowering a model into an engine: the all-different network, locked values, the explaining lowering |
//! | [`solve`] | solving: searches and their ends, counting, optimisation ([`solve::Optimum`]), checkpoints, why a model has no solution ([`solve::Explanation`]) |
//! | [`branching`] | how the search branches: variable and value orders, ties, restarts |
//! | [`portfolio`] | several differently seeded searches on all cores |
//! | [`observe`] | the event stream: decisions, prunings with their reasons, wipe-outs, backtracks |
//! | [`constraint`] | for authors of constraints: the [`Constraint`](constraint::Constraint) trait and what a propagator sees ([`Context`](constraint::Context)) |
//!
//! # Example
//!
//! The 4-queens problem: one queen per column, `q[i]` its row.
//!
//! ```
//! use csp::{Model, Outcome};
//! use csp::constraints::{AllDifferent, Strength};
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
//! * **Conflicts.** A wiped-out domain is a [`Conflict`](solve::Conflict) (which variable, which constraint), not
//!   an error; after it, restore a checkpoint.
//! * **Checkpoints.** [`Solver::new_checkpoint`] saves the state, [`Solver::restore_to`] returns
//!   to it: a copy of all domains for small states, a trail of changed blocks for large ones
//!   ([`SnapshotMode`](solve::SnapshotMode)).
//! * **MRV.** Branch on a variable with the fewest values left ([`VarOrder::Mrv`](branching::VarOrder::Mrv)); ties broken
//!   by [`TieBreak`](branching::TieBreak); values in [`ValueOrder`](branching::ValueOrder).
//! * **Outcomes.** [`Outcome::Unsatisfiable`] and [`Outcome::LimitReached`] are answers, never
//!   errors, and never confused; counts say whether they are exact ([`CountStatus`](solve::CountStatus)).
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

// Layers, bottom to top (a module imports only modules below it; the workspace's
// `tests/layers.rs` checks that no two sibling modules, at any depth, import each other):
// 1. leaf types: `id`, `error`, `rule`, `subscription`, `stats`;
// 2. `domain`, `store`, `layout`;
// 3. `event`;
// 4. `context` (the engine's state and write path, and what a propagator sees);
// 5. `model` (the model and the constraint trait);
// 6. `propagate` (the fixed-point loop);
// 7. `constraints` (the built-ins);
// 8. `select`, `search`;
// 9. `optimize`, `lower` (a model into an engine);
// and the public facades `constraint`, `solve`, `branching` and `observe` (re-exports only,
// above everything: no module of the crate imports through them).

mod assume;
pub mod branching;
pub mod constraint;
pub mod constraints;
mod context;
pub mod domain;
mod engine;
mod error;
mod event;
mod explain_unsat;
pub mod expr;
mod goal;
mod hint;
mod id;
mod layout;
mod learning;
pub mod lower;
mod model;
mod objective;
pub mod observe;
mod optimize;
pub mod portfolio;
mod propagate;
mod rule;
mod search;
mod select;
pub mod solve;
mod stats;
mod store;
mod subscription;
#[cfg(test)]
mod testing;

// The front door: what a first model needs. Everything else is in the topic modules.
pub use domain::Domain;
pub use error::ModelError;
pub use expr::boolean::{BoolVar, Lit};
pub use expr::{sum, LinExpr, Relation};
pub use id::{Value, VarId};
pub use model::Model;
pub use search::{Limits, Outcome, Solution, Solver};
pub use stats::Stats;

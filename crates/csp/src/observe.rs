//! Watching the engine work: the stream of [`Event`]s (decisions, prunings with their
//! [`Reason`]s, wipe-outs, backtracks, solutions), delivered to an [`Observer`] installed with
//! [`Solver::set_observer`](crate::Solver::set_observer), and the [`Rule`] each pruning applied.
//! The same events are logged through the `log` facade (`docs/logging.md`).
//!
//! These are re-exports: each item is defined in the engine's module for its concept.

pub use crate::event::{Event, Observer, Reason};
pub use crate::rule::Rule;

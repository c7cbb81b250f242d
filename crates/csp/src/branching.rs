//! How the search branches: which variable next ([`VarOrder`]), which value first
//! ([`ValueOrder`]), how ties are broken ([`TieBreak`], [`Rng`]), when it starts again from the
//! root ([`Restarts`]; the learning search's: [`LearningRestarts`]), and the open search: selectors and a termination of one's own
//! ([`VariableSelector`], [`ValueSelector`], [`Termination`], seeing the search through a
//! [`SearchView`]), of which the built-in orders are implementations.
//!
//! These are re-exports: each item is defined in the engine's module for its concept.

pub use crate::search::{LearningRestarts, Restarts, SearchView, Termination, ValueSelector, VariableSelector};
pub use crate::select::{Rng, TieBreak, ValueOrder, VarOrder};

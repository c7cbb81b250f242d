//! How the search branches: which variable next ([`VarOrder`]), which value first
//! ([`ValueOrder`]), how ties are broken ([`TieBreak`], [`Rng`]), and when it starts again from
//! the root ([`Restarts`]).
//!
//! These are re-exports: each item is defined in the engine's module for its concept.

pub use crate::search::Restarts;
pub use crate::select::{Rng, TieBreak, ValueOrder, VarOrder};

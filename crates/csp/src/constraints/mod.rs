//! Built-in constraints.
//!
//! | constraint | meaning | propagation |
//! |---|---|---|
//! | [`AllDifferent`] | pairwise different (with offsets) | [`Strength`]: forward checking, hidden singles, GAC (Régin) |
//! | [`NotEqual`] | `x != y + c` | forward checking |
//! | [`Equal`] | `x = y + c` | domain consistency |
//! | [`Binary`] | any relation given by a predicate | arc consistency |
//! | [`Linear`] | `a1*x1 + ... + an*xn` `=`, `<=`, `>=`, `!=` `c` ([`Comparison`]) | bounds consistency; forward checking for `!=` |
//! | [`Table`] | one of the allowed tuples, or none of the forbidden ones | generalised arc consistency (STR-style scan, counting) |

mod all_different;
mod binary;
mod equal;
mod linear;
mod matching;
mod not_equal;
mod table;
#[cfg(test)]
mod testing;

pub use all_different::{AllDifferent, Strength};
pub use binary::Binary;
pub use equal::Equal;
pub use linear::{Comparison, Linear};
pub use not_equal::NotEqual;
pub use table::Table;

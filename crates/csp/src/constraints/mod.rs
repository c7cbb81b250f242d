//! Built-in constraints.
//!
//! | constraint | meaning | propagation |
//! |---|---|---|
//! | [`AllDifferent`] | pairwise different (with offsets) | [`Strength`]: forward checking, hidden singles, GAC (Régin) |
//! | [`NotEqual`] | `x != y + c` | forward checking |
//! | [`Equal`] | `x = y + c` | domain consistency |
//! | [`Binary`] | any relation given by a predicate | arc consistency |
//! | [`Intersection`] | implied: locked values between two overlapping all-different constraints | word level |

mod all_different;
mod binary;
mod equal;
mod intersection;
mod matching;
mod not_equal;

pub use all_different::{AllDifferent, Strength};
pub use binary::Binary;
pub use equal::Equal;
pub use intersection::Intersection;
pub use not_equal::NotEqual;

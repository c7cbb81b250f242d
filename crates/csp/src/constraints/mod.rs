//! Built-in constraints.
//!
//! | constraint | meaning | propagation |
//! |---|---|---|
//! | [`AllDifferent`] | pairwise different (with offsets) | [`Strength`]: forward checking, hidden singles, GAC (Régin) |
//! | [`NotEqual`] | `x != y + c` | forward checking |
//! | [`Equal`] | `x = y + c` | domain consistency |
//! | [`Binary`] | any relation given by a predicate | arc consistency |
//! | [`AllDifferentNetwork`] | many all-different constraints over small domains at once ([`Model::compile_all_different`](crate::Model::compile_all_different)) | [`NetworkLevel`]: forward checking, hidden singles, locked values, on a value-indexed view with incremental counts |
//! | [`Intersection`] | implied: locked values between two overlapping all-different constraints | word level |
//! | [`Linear`] | `a1*x1 + ... + an*xn` `=`, `<=`, `>=`, `!=` `c` ([`Comparison`]) | bounds consistency; forward checking for `!=` |
//! | [`Table`] | one of the allowed tuples, or none of the forbidden ones | generalised arc consistency (STR-style scan, counting) |
//! | [`DistinctSum`] | all different with a given sum (killer cages) | [`AllDifferent`] + [`Linear`] + domain consistency of both together (dynamic program) |
//! | [`Element`] | `result = array[index]`, array of variables or constants | domain consistency |
//! | [`Predicate`] | any condition on complete assignments (the escape hatch) | checked when fixed; forward checking |

mod all_different;
mod binary;
mod distinct_sum;
mod element;
mod equal;
mod intersection;
mod linear;
mod matching;
mod network;
mod not_equal;
mod predicate;
mod table;
#[cfg(test)]
mod testing;

pub use all_different::{AllDifferent, Strength};
pub use binary::Binary;
pub use distinct_sum::DistinctSum;
pub use element::Element;
pub use equal::Equal;
pub use intersection::Intersection;
pub use linear::{Comparison, Linear};
pub use network::{AllDifferentNetwork, NetworkLevel, NETWORK_MAX_VALUES};
pub use not_equal::NotEqual;
pub use predicate::Predicate;
pub use table::Table;

//! Built-in constraints.
//!
//! | constraint | meaning | propagation |
//! |---|---|---|
//! | [`AllDifferent`] | pairwise different (with offsets) | [`Strength`]: forward checking, hidden singles, GAC (Régin) |
//! | [`NotEqual`] | `x != y + c` | forward checking |
//! | [`Equal`] | `x = y + c` | domain consistency |
//! | [`Binary`] | any relation given by a predicate | arc consistency |
//! | [`AllDifferentNetwork`] | many all-different constraints over small domains at once ([`Model::compile_all_different`](crate::Model::compile_all_different)) | [`NetworkLevel`]: forward checking, hidden singles, locked values, on a value-indexed view, examined where places changed |
//! | [`Intersection`] | implied: locked values between two overlapping all-different constraints | word level |
//! | [`Linear`] | `a1*x1 + ... + an*xn` `=`, `<=`, `>=`, `!=` `c` ([`Comparison`]) | bounds consistency; forward checking for `!=` |
//! | [`Table`] | one of the allowed tuples, or none of the forbidden ones | generalised arc consistency (STR-style scan, counting) |
//! | [`DistinctSum`] | all different with a given sum (killer cages) | [`AllDifferent`] + [`Linear`] + domain consistency of both together (dynamic program) |
//! | [`Element`] | `result = array[index]`, array of variables or constants | domain consistency |
//! | [`Predicate`] | any condition on complete assignments (the escape hatch) | checked when fixed; forward checking |
//! | [`ReifiedLinear`] | `b <-> a1*x1 + ... + an*xn ⋈ c` for a 0/1 `b` | [`Linear`] once `b` is fixed; entailment on bounds fixes `b` |
//! | [`Arithmetic`] | `z = x * y`, `x / y`, `x mod y`, `x ^ y`, `min`, `max`, `\|x\|` ([`ArithOp`]) | domain consistency up to 4,096 pairs, bounds beyond |
//! | [`Clause`] | `p1 ∨ ... ∨ ¬q1 ∨ ...` over 0/1 variables | unit propagation |
//!
//! Variables with an interval domain (large ranges, [`Domain::is_interval`](crate::Domain::is_interval))
//! work with every value-level constraint; [`AllDifferent`], [`Table`], [`DistinctSum`] and
//! [`Intersection`] reason on bits and refuse them when posted.

mod all_different;
mod arith;
mod binary;
mod clause;
mod distinct_sum;
mod element;
mod equal;
mod intersection;
mod linear;
mod matching;
mod network;
mod not_equal;
mod predicate;
mod reified;
mod table;
#[cfg(test)]
pub(crate) mod testing;

pub use all_different::{AllDifferent, Strength};
pub use arith::{ArithOp, Arithmetic};
pub use binary::Binary;
pub use clause::Clause;
pub use distinct_sum::DistinctSum;
pub use element::Element;
pub use equal::Equal;
pub use intersection::Intersection;
pub use linear::{Comparison, Linear};
pub(crate) use network::BoardMove;
pub use network::{AllDifferentNetwork, NetworkLevel, NETWORK_MAX_VALUES};
pub use not_equal::NotEqual;
pub use predicate::Predicate;
pub use reified::ReifiedLinear;
pub use table::Table;

/// Refuses interval domains (large ranges, see [`Domain::is_interval`](crate::Domain::is_interval))
/// for a constraint that reasons on domain bits.
pub(crate) fn refuse_intervals(
    model: &crate::Model,
    vars: &[crate::VarId],
    kind: &'static str,
) -> Result<(), crate::ModelError> {
    match vars.iter().find(|&&x| model.initial_domain(x).is_interval()) {
        Some(&x) => Err(crate::ModelError::InvalidConstraint {
            kind,
            message: format!(
                "variable {} has an interval domain of {} values, which this constraint does not support",
                model.display_var(x),
                model.initial_domain(x).len()
            ),
        }),
        None => Ok(()),
    }
}

//! `Increasing`: a sequence of variables in non-decreasing (or increasing) order.

use crate::constraint::{Constraint, Priority, Rule};
use crate::context::Context;
use crate::error::Conflict;
use crate::id::{Value, VarId};
use crate::learning::explain::{Antecedents, Change};

/// `x_0 <= x_1 <= ... <= x_{n-1}` ([`Increasing::new`], MiniZinc's `increasing`) or with `<`
/// ([`Increasing::strict`], `strictly_increasing`).
///
/// Its meaning is the chain of binary `x_i <= x_{i+1}` (as MiniZinc decomposes it); one
/// constraint does the chain's work in two sweeps instead of scheduling `n - 1` propagators.
///
/// # Propagation
///
/// A forward sweep raises each lower bound to its predecessor's (plus one when strict), a
/// backward sweep lowers each upper bound to its successor's ([`Rule::Bounds`]). Two sweeps
/// reach the fixed point, which is generalised arc consistency: every value left has the
/// predecessors' minima below it and the successors' maxima above it.
///
/// # Explanation
///
/// On request ([`Constraint::explain`]): a bound moved by a neighbour's bound, by that bound
/// alone (`x_{i-1} >= v - gap` or `x_{i+1} <= v + gap`); a failure by two neighbours whose
/// bounds cross.
///
/// # Complexity
///
/// `O(n)` bound updates per call.
///
/// # Example
///
/// ```
/// use csp::Model;
/// use csp::constraints::Increasing;
///
/// let mut model = Model::new();
/// let x = model.new_vars(3, 0..=5)?;
/// model.post(Increasing::strict(x.clone()))?;
/// let mut solver = model.into_solver();
/// solver.remove_value(x[0], 0)?;
/// solver.remove_value(x[0], 1)?;
/// solver.propagate()?;
/// assert_eq!(solver.domain(x[2]).to_vec(), vec![4, 5]);
/// assert_eq!(solver.domain(x[0]).to_vec(), vec![2, 3]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Increasing {
    vars: Vec<VarId>,
    strict: bool,
}

impl Increasing {
    /// `x_0 <= x_1 <= ...`.
    pub fn new(vars: impl Into<Vec<VarId>>) -> Increasing {
        Increasing { vars: vars.into(), strict: false }
    }

    /// `x_0 < x_1 < ...`.
    pub fn strict(vars: impl Into<Vec<VarId>>) -> Increasing {
        Increasing { vars: vars.into(), strict: true }
    }
}

fn clamp(v: i64) -> Value {
    v.clamp(i64::from(Value::MIN), i64::from(Value::MAX)) as Value
}

impl Constraint for Increasing {
    fn kind(&self) -> &'static str {
        if self.strict {
            "strictly_increasing"
        } else {
            "increasing"
        }
    }

    fn scope(&self) -> &[VarId] {
        &self.vars
    }

    fn subscriptions(&self, _local: usize) -> crate::subscription::Events {
        crate::subscription::Events::BOUNDS
    }

    fn priority(&self) -> Priority {
        Priority::Normal
    }

    fn is_idempotent(&self) -> bool {
        true
    }

    fn propagate(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        if ctx.is_explaining() {
            ctx.set_premises(&self.vars);
        }
        let gap = i64::from(self.strict);
        let r = (|| {
            for i in 1..self.vars.len() {
                let lo = i64::from(ctx.min(self.vars[i - 1])) + gap;
                ctx.remove_below(self.vars[i], clamp(lo), Rule::Bounds)?;
            }
            for i in (0..self.vars.len().saturating_sub(1)).rev() {
                let hi = i64::from(ctx.max(self.vars[i + 1])) - gap;
                ctx.remove_above(self.vars[i], clamp(hi), Rule::Bounds)?;
            }
            Ok(())
        })();
        if ctx.is_explaining() {
            ctx.clear_premises();
        }
        r
    }

    fn explain(&self, why: &mut Antecedents<'_>) -> bool {
        if super::has_repeated_var(&self.vars) {
            return false;
        }
        let gap = i64::from(self.strict);
        let n = self.vars.len();
        let removed: Vec<Value> = why.removed().collect();
        match why.change() {
            Change::Failure => {
                // Two neighbours whose bounds cross.
                for i in 1..n {
                    let (Some(lo), Some(hi)) = (why.min(self.vars[i - 1]), why.max(self.vars[i])) else { continue };
                    if i64::from(lo) + gap > i64::from(hi) {
                        why.at_least(self.vars[i - 1], lo);
                        why.at_most(self.vars[i], hi);
                        return true;
                    }
                }
                false
            }
            Change::AtLeast(x, b) => {
                // The bound to prove: past the values removed (a bitset may have had holes).
                let t = removed.iter().max().map_or(i64::from(b), |&r| i64::from(r) + 1);
                let Some(i) = self.vars.iter().position(|&y| y == x).filter(|&i| i > 0) else { return false };
                let p = self.vars[i - 1];
                match why.min(p) {
                    Some(lo) if i64::from(lo) + gap >= t => {
                        why.at_least(p, clamp(t - gap));
                        true
                    }
                    _ => false,
                }
            }
            Change::AtMost(x, b) => {
                let t = removed.iter().min().map_or(i64::from(b), |&r| i64::from(r) - 1);
                let Some(i) = self.vars.iter().position(|&y| y == x).filter(|&i| i + 1 < n) else { return false };
                let q = self.vars[i + 1];
                match why.max(q) {
                    Some(hi) if i64::from(hi) - gap <= t => {
                        why.at_most(q, clamp(t + gap));
                        true
                    }
                    _ => false,
                }
            }
            Change::Removed(_) => false,
        }
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        values.windows(2).all(|w| if self.strict { w[0] < w[1] } else { w[0] <= w[1] })
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::testing::{assert_solutions_and_gac, brute_force, model_with, small_domains};

    proptest! {
        #[test]
        fn solutions_equal_the_chain_and_propagation_is_gac(domains in small_domains(4, 0, 4), strict in any::<bool>()) {
            let expected = brute_force(&domains, |vs| vs.windows(2).all(|w| if strict { w[0] < w[1] } else { w[0] <= w[1] }));
            let build = || {
                let (mut model, v) = model_with(&domains);
                model.post(if strict { Increasing::strict(v.clone()) } else { Increasing::new(v.clone()) }).unwrap();
                (model, v)
            };
            assert_solutions_and_gac(build, &expected)?;
        }
    }
}

//! `Clause`: a disjunction of 0/1 variables and negated 0/1 variables.

use crate::context::Context;
use crate::error::{Conflict, ModelError};
use crate::id::{Value, VarId};
use crate::learning::explain::{Antecedents, Change};
use crate::model::constraint::Constraint;
use crate::model::Model;
use crate::rule::Rule;
use crate::subscription::{Events, Priority};

/// `p1 ∨ ... ∨ pn ∨ ¬q1 ∨ ... ∨ ¬qm` over 0/1 variables (1 is true): at least one `p_i` is 1 or
/// one `q_j` is 0. FlatZinc's `bool_clause`; `array_bool_and`, `array_bool_or` and Boolean
/// implications are sets of clauses.
///
/// # Propagation
///
/// Unit propagation: once every literal but one is false, the last one is made true; when all
/// are false the constraint fails. A clause with a true literal does nothing.
///
/// # Complexity
///
/// `O(n + m)` per propagation.
///
/// # Example
///
/// ```
/// use csp::Model;
/// use csp::constraints::Clause;
///
/// let mut model = Model::new();
/// let a = model.new_var(0..=1)?;
/// let b = model.new_var(0..=1)?;
/// model.post(Clause::new([a], [b]))?; // a ∨ ¬b, that is b -> a
/// let mut solver = model.into_solver();
/// solver.assign(b, 1)?;
/// solver.propagate()?;
/// assert_eq!(solver.value(a), Some(1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Clause {
    /// The positive literals, then the negative ones.
    vars: Vec<VarId>,
    /// How many of `vars` are positive.
    positive: usize,
}

impl Clause {
    /// The clause `∨ pos ∨ ¬neg`.
    pub fn new(pos: impl IntoIterator<Item = VarId>, neg: impl IntoIterator<Item = VarId>) -> Clause {
        let mut vars: Vec<VarId> = pos.into_iter().collect();
        let positive = vars.len();
        vars.extend(neg);
        Clause { vars, positive }
    }

    /// The value that makes literal `i` true.
    #[inline]
    fn true_value(&self, i: usize) -> Value {
        Value::from(i < self.positive)
    }
}

impl Constraint for Clause {
    fn kind(&self) -> &'static str {
        "clause"
    }

    fn scope(&self) -> &[VarId] {
        &self.vars
    }

    fn subscriptions(&self, _local: usize) -> Events {
        Events::FIXED
    }

    fn priority(&self) -> Priority {
        Priority::Fast
    }

    fn on_post(&mut self, model: &Model) -> Result<(), ModelError> {
        for &x in &self.vars {
            let d = model.initial_domain(x);
            if d.min().is_some_and(|m| m < 0) || d.max().is_some_and(|m| m > 1) {
                return Err(ModelError::InvalidConstraint {
                    kind: "clause",
                    message: format!("literal {x} must range over 0 and 1, not {d}"),
                });
            }
        }
        Ok(())
    }

    fn propagate(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let mut unfixed = None;
        for (i, &x) in self.vars.iter().enumerate() {
            match ctx.value(x) {
                Some(v) if v == self.true_value(i) => return Ok(()),
                Some(_) => {}
                None if unfixed.is_none() => unfixed = Some(i),
                None => return Ok(()),
            }
        }
        match unfixed {
            Some(i) => ctx.assign(self.vars[i], self.true_value(i), Rule::NoSupport).map(|_| ()),
            None => Err(ctx.fail(Rule::NoSupport)),
        }
    }

    fn explain(&self, why: &mut Antecedents<'_>) -> bool {
        // A literal set true rests on the others being false; a failure on all of them.
        let target = match why.change() {
            Change::Failure => None,
            Change::AtLeast(x, _) | Change::AtMost(x, _) | Change::Removed(x) => Some(x),
        };
        let mut polarity = None;
        for (i, &x) in self.vars.iter().enumerate() {
            if Some(x) == target {
                // A variable given with both signs makes the clause always true.
                if polarity.is_some_and(|p| p != self.true_value(i)) {
                    return false;
                }
                polarity = Some(self.true_value(i));
                continue;
            }
            if why.contains(x, self.true_value(i)) {
                return false;
            }
            why.not_equal(x, self.true_value(i));
        }
        true
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        values.iter().enumerate().any(|(i, &v)| v == self.true_value(i))
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::testing::{brute_force, model_with, solve_all};

    proptest! {
        #[test]
        fn solutions_equal_brute_force(n in 0usize..=4, m in 0usize..=3, fixed in proptest::collection::vec(0i32..=2, 7)) {
            // Some variables start fixed (0 or 1), the others free (2 stands for {0, 1}).
            let domains: Vec<Vec<Value>> =
                fixed[..n + m].iter().map(|&f| if f == 2 { vec![0, 1] } else { vec![f] }).collect();
            let expected = brute_force(&domains, |vs| vs[..n].contains(&1) || vs[n..].contains(&0));
            let (mut model, v) = model_with(&domains);
            model.post(Clause::new(v[..n].iter().copied(), v[n..].iter().copied())).unwrap();
            prop_assert_eq!(solve_all(model, &v), expected);
        }
    }
}

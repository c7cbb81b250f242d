//! `Predicate`: the escape hatch, any condition on complete assignments.

use std::fmt;
use std::sync::Arc;

use crate::context::Context;
use crate::error::Conflict;
use crate::id::{Value, VarId};
use crate::learning::explain::{Antecedents, Change};
use crate::model::constraint::Constraint;
use crate::rule::Rule;
use crate::subscription::{Events, Priority};

/// The closure type of a [`Predicate`].
type Condition = dyn Fn(&[Value]) -> bool + Send + Sync;

/// The calls of the condition from each end of a free variable's interval domain (a range too
/// wide for a bitset) in one propagation: values beyond them stay until the search narrows
/// the domain.
const WIDE_TRIES: u64 = 1 << 16;

/// Any condition on the values of some variables, given as a closure and checked once they
/// are fixed: the escape hatch for what no built-in constraint expresses.
///
/// `holds(values)` receives the values of the scope, in order (`values[i]` is the value of
/// `vars[i]`), and says whether they are acceptable. The engine knows nothing else about the
/// condition, so it propagates only what checking can:
///
/// * when every variable is fixed, the constraint fails unless `holds` is true;
/// * when all variables but one are fixed (forward checking), the values of the last one for
///   which `holds` is false are removed.
///
/// That is enough for a correct search, never for a fast one: the search may go deep before a
/// violated predicate is noticed. Prefer [`Binary`](crate::constraints::Binary) for two variables (arc
/// consistency), [`Table`](crate::constraints::Table) when the allowed tuples can be listed (generalised arc
/// consistency), or [`Linear`](crate::constraints::Linear) and the other built-in constraints when they fit,
/// or write a [`Constraint`] (see [the trait's module](crate::constraint)).
///
/// The closure must be a pure function of its argument; it is called during propagation, by
/// [`is_satisfied`](Constraint::is_satisfied) and by
/// [`Model::check_assignment`](crate::model::Model::check_assignment). Removals have the rule
/// [`Rule::NoSupport`]; with explanations on, their premises are the fixed variables.
///
/// # Complexity
///
/// Each propagation reads the scope (`O(n)`); when one variable is left, `holds` is called once
/// per value of its domain, or, for an interval domain (a range too wide for a bitset) of more
/// than 65,536 values, from each end inwards until it holds, at most 65,536 times from each
/// end (the values beyond stay until the search narrows the domain).
///
/// # Example
///
/// ```
/// use csp::Model;
/// use csp::constraints::Predicate;
///
/// let mut model = Model::new();
/// let x = model.new_vars(3, 1..=9)?;
/// // x0 * x1 = x2, and x0 < x1.
/// model.post(Predicate::new(x.clone(), |v| v[0] * v[1] == v[2] && v[0] < v[1]))?;
/// let mut solver = model.into_solver();
/// solver.assign(x[0], 2)?;
/// solver.assign(x[1], 4)?;
/// solver.propagate()?;
/// assert_eq!(solver.value(x[2]), Some(8));
/// solver.reset();
/// assert_eq!(solver.count_solutions(u64::MAX).count, 10); // 1 * (2..=9), 2 * 3 and 2 * 4
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct Predicate {
    vars: Vec<VarId>,
    holds: Arc<Condition>,
    /// Scratch: the values of the scope (those of free variables are overwritten when tried).
    values: Vec<Value>,
    /// Scratch: positions whose variable is not fixed.
    free: Vec<usize>,
    /// Scratch: explanation premises.
    premises: Vec<VarId>,
}

impl fmt::Debug for Predicate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Predicate").field("vars", &self.vars).finish_non_exhaustive()
    }
}

impl Predicate {
    /// The condition `holds(values)` on `vars`, checked once they are fixed.
    pub fn new(vars: impl Into<Vec<VarId>>, holds: impl Fn(&[Value]) -> bool + Send + Sync + 'static) -> Predicate {
        Predicate {
            vars: vars.into(),
            holds: Arc::new(holds),
            values: Vec::new(),
            free: Vec::new(),
            premises: Vec::new(),
        }
    }

    fn set_fixed_premises(&mut self, ctx: &mut Context<'_>) {
        self.premises.clear();
        self.premises.extend(self.vars.iter().enumerate().filter(|(p, _)| !self.free.contains(p)).map(|(_, &x)| x));
        ctx.set_premises(&self.premises);
    }
}

impl Constraint for Predicate {
    fn kind(&self) -> &'static str {
        "predicate"
    }

    fn scope(&self) -> &[VarId] {
        &self.vars
    }

    fn subscriptions(&self, _local: usize) -> Events {
        Events::FIXED
    }

    fn priority(&self) -> Priority {
        Priority::Normal
    }

    fn is_idempotent(&self) -> bool {
        // Forward checking keeps only values for which the predicate holds: if it fixes the
        // last variable, the check that would follow succeeds.
        true
    }

    fn propagate(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let n = self.vars.len();
        self.values.resize(n, 0);
        self.free.clear();
        for (p, &x) in self.vars.iter().enumerate() {
            match ctx.value(x) {
                Some(v) => self.values[p] = v,
                None => {
                    // A second free variable (not another occurrence of the first): wait.
                    if self.free.first().is_some_and(|&q| self.vars[q] != x) {
                        return Ok(());
                    }
                    self.free.push(p);
                }
            }
        }
        let explaining = ctx.is_explaining();
        if explaining {
            self.set_fixed_premises(ctx);
        }
        let r = match self.free.first() {
            None if (self.holds)(&self.values) => Ok(()),
            None => Err(ctx.fail(Rule::NoSupport)),
            Some(&p) => {
                let x = self.vars[p];
                let (values, free, holds) = (&mut self.values, &self.free, &self.holds);
                let d = ctx.domain(x);
                if d.is_interval() && d.len() as u64 > WIDE_TRIES {
                    // A wide interval: its bounds move past the values where the condition
                    // fails, as far as `WIDE_TRIES` calls from each end go.
                    let holds_at = |v| {
                        for &q in free {
                            values[q] = v;
                        }
                        holds(values)
                    };
                    let r = super::binary::narrow_wide(ctx, x, holds_at, WIDE_TRIES);
                    if explaining {
                        ctx.clear_premises();
                    }
                    return r;
                }
                ctx.retain(
                    x,
                    |v| {
                        for &q in free {
                            values[q] = v;
                        }
                        holds(values)
                    },
                    Rule::NoSupport,
                )
                .map(|_| ())
            }
        };
        if explaining {
            ctx.clear_premises();
        }
        r
    }

    fn explain(&self, why: &mut Antecedents<'_>) -> bool {
        // Forward checking: the other variables' values (or, for a failure, all of them).
        let target = match why.change() {
            Change::Failure => None,
            Change::AtLeast(x, _) | Change::AtMost(x, _) | Change::Removed(x) => Some(x),
        };
        for &x in &self.vars {
            if Some(x) != target {
                let Some(v) = why.value(x) else { return false };
                why.equal(x, v);
            }
        }
        true
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        (self.holds)(values)
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::model::Model;
    use crate::search::Solver;
    use crate::testing::{brute_force, model_with, propagated, small_domains, solve_all};

    fn weighted(vs: &[Value]) -> bool {
        vs.iter().enumerate().map(|(i, &v)| (i as i32 + 1) * v).sum::<i32>() % 3 == 1
    }

    #[test]
    fn waits_while_two_variables_are_free() {
        let (mut model, v) = model_with(&[(0..=3).collect(), (0..=3).collect()]);
        model.post(Predicate::new(v.clone(), |vs| vs[0] + vs[1] == 3)).unwrap();
        assert_eq!(propagated(model, &v).unwrap(), vec![(0..=3).collect::<Vec<_>>(); 2]);
    }

    #[test]
    fn forward_checks_the_last_free_variable() {
        let (mut model, v) = model_with(&[vec![2], (0..=5).collect(), vec![1]]);
        model.post(Predicate::new(v.clone(), |vs| (vs[0] + vs[1] + vs[2]) % 2 == 0)).unwrap();
        assert_eq!(propagated(model, &v).unwrap(), vec![vec![2], vec![1, 3, 5], vec![1]]);
    }

    #[test]
    fn a_repeated_free_variable_is_tried_at_every_position() {
        let mut model = Model::new();
        let x = model.new_var(0..=4).unwrap();
        let y = model.new_var(2..=2).unwrap();
        model.post(Predicate::new(vec![x, y, x], |vs| vs[0] + vs[2] == vs[1] * 3)).unwrap();
        assert_eq!(propagated(model, &[x]).unwrap(), vec![vec![3]]);
    }

    #[test]
    fn fails_when_all_fixed_and_false() {
        let (mut model, v) = model_with(&[vec![1], vec![1]]);
        model.post(Predicate::new(v, |vs| vs[0] != vs[1])).unwrap();
        let c = Solver::new(model).propagate().expect_err("1 == 1");
        assert_eq!(c.var, None);
    }

    #[test]
    fn wipes_out_the_last_variable_when_no_value_fits() {
        let (mut model, v) = model_with(&[vec![1], (0..=5).collect()]);
        model.post(Predicate::new(v.clone(), |vs| vs[0] + vs[1] > 10)).unwrap();
        let c = Solver::new(model).propagate().expect_err("1 + 5 <= 10");
        assert_eq!(c.var, Some(v[1]));
    }

    #[test]
    fn empty_scope_is_checked_once() {
        let mut model = Model::new();
        model.post(Predicate::new(Vec::new(), |_| false)).unwrap();
        Solver::new(model).propagate().expect_err("false");
    }

    proptest! {
        #[test]
        fn solutions_equal_brute_force(domains in small_domains(4, -2, 2)) {
            let expected = brute_force(&domains, weighted);
            let (mut model, v) = model_with(&domains);
            model.post(Predicate::new(v.clone(), weighted)).unwrap();
            prop_assert_eq!(solve_all(model, &v), expected);
        }
    }
}

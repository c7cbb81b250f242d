//! `ValuePrecede`: a value occurs before another one does (symmetry breaking for
//! interchangeable values).

use crate::constraint::{Constraint, Priority, Rule};
use crate::context::Context;
use crate::error::Conflict;
use crate::id::{Value, VarId};

/// If some `vars[i] = t`, then some `vars[j] = s` with `j < i` (MiniZinc's
/// `value_precede(s, t, x)`). [`ValuePrecede::chain`] builds MiniZinc's `value_precede_chain`
/// as one constraint per consecutive pair, which is its meaning (though not generalised arc
/// consistency of the whole chain).
///
/// # Propagation
///
/// Generalised arc consistency after Law and Lee (2004), from scratch at each call: with `α`
/// the first position that can take `s`, `t` leaves every position up to `α`; with `β` the
/// next position that can take `s`, if a position between `α` and `β` is fixed to `t`, `x_α`
/// is fixed to `s` ([`Rule::Other`]). No position can take `s`: `t` leaves them all. (With
/// `s = t`, the value cannot occur at all.)
///
/// # Complexity
///
/// `O(n)` look-ups per call.
///
/// # Bibliography
///
/// * Y. C. Law and J. H. M. Lee, "Global constraints for integer and set value precedence",
///   CP 2004.
///
/// # Example
///
/// ```
/// use csp::Model;
/// use csp::constraints::ValuePrecede;
///
/// let mut model = Model::new();
/// let x = model.new_vars(3, 1..=3)?;
/// model.post(ValuePrecede::new(1, 2, x.clone()))?;
/// let mut solver = model.into_solver();
/// solver.propagate()?;
/// assert_eq!(solver.domain(x[0]).to_vec(), vec![1, 3]);
/// solver.assign(x[1], 2)?;
/// solver.propagate()?;
/// assert_eq!(solver.value(x[0]), Some(1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct ValuePrecede {
    vars: Vec<VarId>,
    s: Value,
    t: Value,
}

impl ValuePrecede {
    /// `s` occurs before any `t` in `vars`.
    pub fn new(s: Value, t: Value, vars: impl Into<Vec<VarId>>) -> ValuePrecede {
        ValuePrecede { vars: vars.into(), s, t }
    }

    /// `values[0]` before `values[1]` before ... in `vars`: one constraint per consecutive
    /// pair.
    pub fn chain(values: &[Value], vars: &[VarId]) -> Vec<ValuePrecede> {
        values.windows(2).map(|w| ValuePrecede::new(w[0], w[1], vars.to_vec())).collect()
    }

    fn run(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let (s, t, n) = (self.s, self.t, self.vars.len());
        if s == t {
            for &x in &self.vars {
                ctx.remove_value(x, t, Rule::Other)?;
            }
            return Ok(());
        }
        let Some(alpha) = (0..n).find(|&i| ctx.contains(self.vars[i], s)) else {
            for &x in &self.vars {
                ctx.remove_value(x, t, Rule::Other)?;
            }
            return Ok(());
        };
        for i in 0..=alpha {
            ctx.remove_value(self.vars[i], t, Rule::Other)?;
        }
        if ctx.value(self.vars[alpha]) == Some(s) {
            return Ok(());
        }
        for i in alpha + 1..n {
            let x = self.vars[i];
            if ctx.contains(x, s) {
                return Ok(()); // β: a later s can still come first
            }
            if ctx.value(x) == Some(t) {
                ctx.assign(self.vars[alpha], s, Rule::Other)?;
                return Ok(());
            }
        }
        Ok(())
    }
}

impl Constraint for ValuePrecede {
    fn kind(&self) -> &'static str {
        "value_precede"
    }

    fn scope(&self) -> &[VarId] {
        &self.vars
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
        let r = self.run(ctx);
        if ctx.is_explaining() {
            ctx.clear_premises();
        }
        r
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        for &v in values {
            if v == self.s {
                return true;
            }
            if v == self.t {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::testing::{brute_force, model_with, projections, propagated, small_domains, solve_all};

    /// MiniZinc's decomposition: a flag `b[i]` = "s seen before i".
    fn precedes(vs: &[Value], s: Value, t: Value) -> bool {
        let mut b = false;
        for &v in vs {
            if !b && v == t {
                return false;
            }
            b |= v == s;
        }
        true
    }

    proptest! {
        #[test]
        fn solutions_equal_the_decomposition_and_propagation_is_gac(
            domains in small_domains(5, 0, 3),
            s in 0i32..=3,
            t in 0i32..=3,
        ) {
            let expected = brute_force(&domains, |vs| precedes(vs, s, t));
            let build = || {
                let (mut model, v) = model_with(&domains);
                model.post(ValuePrecede::new(s, t, v.clone())).unwrap();
                (model, v)
            };
            let (model, v) = build();
            prop_assert_eq!(solve_all(model, &v), expected.clone());
            let (model, v) = build();
            match propagated(model, &v) {
                None => prop_assert!(expected.is_empty()),
                Some(d) => prop_assert_eq!(d, projections(&expected, v.len())),
            }
        }

        #[test]
        fn chain_equals_the_pairwise_definition(domains in small_domains(4, 0, 3)) {
            let values = [1, 2, 3];
            let expected = brute_force(&domains, |vs| values.windows(2).all(|w| precedes(vs, w[0], w[1])));
            let (mut model, v) = model_with(&domains);
            for c in ValuePrecede::chain(&values, &v) {
                model.post(c).unwrap();
            }
            prop_assert_eq!(solve_all(model, &v), expected);
        }
    }
}

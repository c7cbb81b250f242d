//! `ValuePrecede`: a value occurs before another one does (symmetry breaking for
//! interchangeable values).

use crate::constraint::{Constraint, Priority, Rule};
use crate::context::Context;
use crate::error::Conflict;
use crate::id::{Value, VarId};
use crate::learning::explain::{Antecedents, Change};

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
/// # Explanation
///
/// On request ([`Constraint::explain`]): `t` leaving position `i` by `x_j != s` for every
/// position `j < i`; `x_α` fixed to `s` by `x_j != s` for the other positions before the first
/// position fixed to `t`, and that position's value; a failure likewise at the first position
/// fixed to `t` with no `s` possible before it.
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

    fn explain(&self, why: &mut Antecedents<'_>) -> bool {
        if super::has_repeated_var(&self.vars) {
            return false;
        }
        let (s, t, n) = (self.s, self.t, self.vars.len());
        if s == t {
            return !matches!(why.change(), Change::Failure);
        }
        let name_no_s = |why: &mut Antecedents<'_>, upto: usize, skip: usize| {
            for j in (0..upto).filter(|&j| j != skip) {
                why.not_equal(self.vars[j], s);
            }
        };
        let no_s_before = |why: &Antecedents<'_>, upto: usize, skip: usize| {
            (0..upto).filter(|&j| j != skip).all(|j| !why.contains(self.vars[j], s))
        };
        match why.change() {
            Change::Failure => {
                let Some(k) = (0..n).find(|&k| why.value(self.vars[k]) == Some(t)) else { return false };
                if !no_s_before(why, k, n) {
                    return false;
                }
                name_no_s(why, k, n);
                why.equal(self.vars[k], t);
                true
            }
            Change::AtLeast(x, _) | Change::AtMost(x, _) | Change::Removed(x) => {
                let Some(i) = self.vars.iter().position(|&y| y == x) else { return false };
                let removed: Vec<Value> = why.removed().collect();
                let drops_t = match (why.change(), removed.is_empty()) {
                    (_, false) => removed == [t],
                    // An interval's bound past `t`, from `t`.
                    (Change::AtLeast(_, b), true) => i64::from(b) == i64::from(t) + 1 && why.min(x) == Some(t),
                    (Change::AtMost(_, b), true) => i64::from(b) == i64::from(t) - 1 && why.max(x) == Some(t),
                    _ => false,
                };
                if drops_t {
                    // `t` left position `i`: no `s` before it.
                    if !no_s_before(why, i, n) {
                        return false;
                    }
                    name_no_s(why, i, n);
                    match why.change() {
                        Change::AtLeast(_, _) if removed.is_empty() => why.at_least(x, t),
                        Change::AtMost(_, _) if removed.is_empty() => why.at_most(x, t),
                        _ => {}
                    }
                    return true;
                }
                // `x_i` fixed to `s`: the first `t` after it has no other `s` before it.
                if removed.contains(&s) || !why.contains(x, s) {
                    return false;
                }
                let Some(k) = (i + 1..n).find(|&k| why.value(self.vars[k]) == Some(t)) else { return false };
                if !no_s_before(why, k, i) {
                    return false;
                }
                name_no_s(why, k, i);
                why.equal(self.vars[k], t);
                true
            }
        }
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
    use crate::testing::{assert_solutions_and_gac, brute_force, model_with, small_domains, solve_all};

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
            assert_solutions_and_gac(build, &expected)?;
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

//! `ReifiedLinear`: `b <-> (a1*x1 + ... + an*xn ⋈ c)`, a linear constraint whose truth is a
//! 0/1 variable, and its half reification `b -> (...)`.

use crate::constraints::linear::{Comparison, Linear};
use crate::context::Context;
use crate::error::{Conflict, ModelError};
use crate::id::{Value, VarId};
use crate::learning::explain::{Antecedents, Change};
use crate::model::constraint::Constraint;
use crate::model::Model;
use crate::rule::Rule;
use crate::subscription::{Events, Priority};

/// `b = 1` exactly when `Σ a_i * x_i ⋈ c` holds, for a 0/1 variable `b` (reification).
///
/// The comparisons `<`, `>`, `<=`, `>=`, `=` and `!=` of two variables (`x - y ⋈ 0`) and
/// their linear forms are all reified this way (FlatZinc's `int_le_reif`, `int_lin_eq_reif`,
/// ...).
///
/// # Propagation
///
/// * once `b` is fixed, the constraint (`b = 1`) or its negation (`b = 0`; the negation of
///   `<=` is `>= c + 1`, of `=` is `!=`) propagates as a [`Linear`] does;
/// * while `b` is free, the bounds of the sum decide it when they can: entailed (the whole
///   range of the sum satisfies the comparison) fixes `b = 1`, disentailed (none of it does)
///   fixes `b = 0`. For `=` and `!=`, a free variable whose sum cannot reach `c` disentails `=`.
///
/// Variants: [`ReifiedLinear::implied_by`] is the *half* reification `b -> Σ ⋈ c` (nothing is
/// required when `b = 0`), and [`negated`](ReifiedLinear::negated) makes `b = 0` stand for
/// true, so that a negated literal `!b` reifies without a new variable.
///
/// # Example
///
/// ```
/// use csp::Model;
/// use csp::constraints::{Comparison, ReifiedLinear};
///
/// let mut model = Model::new();
/// let x = model.new_var(0..=9)?;
/// let y = model.new_var(0..=9)?;
/// let b = model.new_var(0..=1)?;
/// model.post(ReifiedLinear::new([(1, x), (-1, y)], Comparison::LessOrEqual, -1, b))?; // b <-> x < y
/// let mut solver = model.into_solver();
/// solver.assign(x, 5)?;
/// solver.assign(y, 3)?;
/// solver.propagate()?;
/// assert_eq!(solver.value(b), Some(0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct ReifiedLinear {
    /// The linear variables, then `b` (last).
    scope: Vec<VarId>,
    holds: Linear,
    fails: Linear,
    /// The value of `b` that stands for true (1, or 0 when [`negated`](ReifiedLinear::negated)).
    on: Value,
    /// Half reification: `b -> holds` only.
    half: bool,
}

impl ReifiedLinear {
    /// `b <-> Σ coefficient * var ⋈ rhs`.
    pub fn new(terms: impl IntoIterator<Item = (Value, VarId)>, cmp: Comparison, rhs: Value, b: VarId) -> Self {
        let terms: Vec<(Value, VarId)> = terms.into_iter().collect();
        let holds = Linear::new(terms.iter().copied(), cmp, rhs);
        let (neg_cmp, neg_rhs) = match cmp {
            Comparison::Equal => (Comparison::NotEqual, rhs),
            Comparison::NotEqual => (Comparison::Equal, rhs),
            // Integers: not (s <= c) is s >= c + 1 (the rhs widened below to avoid overflow).
            Comparison::LessOrEqual => (Comparison::GreaterOrEqual, rhs.saturating_add(1)),
            Comparison::GreaterOrEqual => (Comparison::LessOrEqual, rhs.saturating_sub(1)),
        };
        let fails = Linear::new(terms.iter().copied(), neg_cmp, neg_rhs);
        let mut scope = holds.vars().to_vec();
        scope.push(b);
        ReifiedLinear { scope, holds, fails, on: 1, half: false }
    }

    /// `b -> Σ coefficient * var ⋈ rhs` (half reification): when `b = 1` the relation holds;
    /// when it cannot hold, `b = 0`; `b = 0` requires nothing.
    ///
    /// # Example
    ///
    /// ```
    /// use csp::Model;
    /// use csp::constraints::{Comparison, ReifiedLinear};
    ///
    /// let mut model = Model::new();
    /// let x = model.new_var(0..=9)?;
    /// let b = model.new_var(0..=1)?;
    /// model.post(ReifiedLinear::implied_by([(1, x)], Comparison::LessOrEqual, 3, b))?; // b -> x <= 3
    /// let mut solver = model.into_solver();
    /// assert_eq!(solver.count_solutions(100).count, 10 + 4);
    /// solver.assign(b, 1)?;
    /// solver.propagate()?;
    /// assert_eq!(solver.domain(x).max(), Some(3));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn implied_by(terms: impl IntoIterator<Item = (Value, VarId)>, cmp: Comparison, rhs: Value, b: VarId) -> Self {
        ReifiedLinear { half: true, ..ReifiedLinear::new(terms, cmp, rhs, b) }
    }

    /// The same constraint with `b = 0` standing for true: `!b <-> ...` (or `!b -> ...`).
    pub fn negated(mut self) -> Self {
        self.on = 1 - self.on;
        self
    }

    /// Whether this is a half reification ([`implied_by`](ReifiedLinear::implied_by)).
    pub fn is_half(&self) -> bool {
        self.half
    }

    fn b(&self) -> VarId {
        self.scope[self.scope.len() - 1]
    }

    /// The smallest and largest values of the sum given the current bounds.
    fn sum_bounds(&self, ctx: &Context<'_>) -> (i64, i64) {
        let (mut lo, mut hi) = (0i64, 0i64);
        for (&x, &a) in self.holds.vars().iter().zip(self.holds.coefficients()) {
            let d = ctx.domain(x);
            let (l, h) = (i64::from(d.min().unwrap_or(0)), i64::from(d.max().unwrap_or(0)));
            if a > 0 {
                lo += a * l;
                hi += a * h;
            } else {
                lo += a * h;
                hi += a * l;
            }
        }
        (lo, hi)
    }

    /// Whether the comparison is true for every value of the sum (`Some(true)`), for none
    /// (`Some(false)`), or not known yet.
    fn truth(&self, ctx: &Context<'_>) -> Option<bool> {
        let (lo, hi) = self.sum_bounds(ctx);
        let c = self.holds.rhs();
        match self.holds.comparison() {
            Comparison::LessOrEqual if hi <= c => Some(true),
            Comparison::LessOrEqual if lo > c => Some(false),
            Comparison::GreaterOrEqual if lo >= c => Some(true),
            Comparison::GreaterOrEqual if hi < c => Some(false),
            Comparison::Equal | Comparison::NotEqual => {
                let eq = if lo == hi && lo == c {
                    Some(true)
                } else if c < lo || c > hi || !self.can_reach(ctx, c) {
                    Some(false)
                } else {
                    None
                };
                if self.holds.comparison() == Comparison::Equal {
                    eq
                } else {
                    eq.map(|e| !e)
                }
            }
            _ => None,
        }
    }

    /// With at most one free variable, whether the sum can equal `c`.
    fn can_reach(&self, ctx: &Context<'_>, c: i64) -> bool {
        let mut free = None;
        let mut sum = 0i64;
        for (i, (&x, &a)) in self.holds.vars().iter().zip(self.holds.coefficients()).enumerate() {
            match ctx.value(x) {
                Some(v) => sum += a * i64::from(v),
                None if free.is_none() => free = Some(i),
                None => return true,
            }
        }
        match free {
            None => sum == c,
            Some(i) => {
                let (r, a) = (c - sum, self.holds.coefficients()[i]);
                r % a == 0 && Value::try_from(r / a).is_ok_and(|v| ctx.contains(self.holds.vars()[i], v))
            }
        }
    }
}

impl Constraint for ReifiedLinear {
    fn kind(&self) -> &'static str {
        "reified_linear"
    }

    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn subscriptions(&self, local: usize) -> Events {
        match self.holds.comparison() {
            _ if local == self.scope.len() - 1 => Events::FIXED,
            Comparison::Equal | Comparison::NotEqual => Events::DOMAIN,
            _ => Events::BOUNDS,
        }
    }

    fn priority(&self) -> Priority {
        Priority::Normal
    }

    fn on_post(&mut self, model: &Model) -> Result<(), ModelError> {
        let d = model.initial_domain(self.b());
        if d.min().is_some_and(|m| m < 0) || d.max().is_some_and(|m| m > 1) {
            return Err(ModelError::InvalidConstraint {
                kind: "reified_linear",
                message: format!("the truth variable must range over 0 and 1, not {d}"),
            });
        }
        self.holds.on_post(model)?;
        self.fails.on_post(model)
    }

    fn propagate(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let b = self.b();
        match ctx.value(b) {
            Some(v) if v == self.on => self.holds.propagate(ctx),
            Some(_) if self.half => Ok(()),
            Some(_) => self.fails.propagate(ctx),
            None => match self.truth(ctx) {
                Some(false) if self.half => {
                    ctx.assign(b, 1 - self.on, Rule::Bounds)?;
                    Ok(())
                }
                Some(_) if self.half => Ok(()),
                Some(t) => {
                    ctx.assign(b, if t { self.on } else { 1 - self.on }, Rule::Bounds)?;
                    Ok(())
                }
                None => Ok(()),
            },
        }
    }

    fn explain(&self, why: &mut Antecedents<'_>) -> bool {
        let b = self.b();
        if self.holds.vars().binary_search(&b).is_ok() {
            return false;
        }
        let target = match why.change() {
            Change::Failure => None,
            Change::AtLeast(x, _) | Change::AtMost(x, _) | Change::Removed(x) => Some(x),
        };
        if target == Some(b) {
            // The truth variable set: the sum's bounds decided the comparison.
            let set = match why.change() {
                Change::AtLeast(..) => 1,
                Change::AtMost(..) => 0,
                _ => return false,
            };
            return self.explain_truth(why, set == self.on);
        }
        // A change of the terms, or a failure: the propagation of the side `b` enforces.
        match why.value(b) {
            Some(v) if v == self.on => {
                why.equal(b, v);
                self.holds.explain(why)
            }
            Some(v) if !self.half => {
                why.equal(b, v);
                self.fails.explain(why)
            }
            _ => false,
        }
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        let (xs, b) = values.split_at(values.len() - 1);
        let enforced = b[0] == self.on;
        (b[0] == 0 || b[0] == 1)
            && if self.half {
                !enforced || self.holds.is_satisfied(xs)
            } else {
                enforced == self.holds.is_satisfied(xs)
            }
    }
}

// ---- explanations (lazy clause generation) ----------------------------------------------

impl ReifiedLinear {
    /// Names the bounds that decided the comparison (`holds`: true, else false) before the
    /// change; whether it was decided by bounds.
    fn explain_truth(&self, why: &mut Antecedents<'_>, holds: bool) -> bool {
        let Some((lo, hi)) = self.holds.sum_bounds_before(why) else { return false };
        let c = self.holds.rhs();
        // Which bounds of the sum show it: the largest (`hi` <= or < c), the smallest, or both.
        let (use_lo, use_hi) = match (self.holds.comparison(), holds) {
            (Comparison::LessOrEqual, true) if hi <= c => (false, true),
            (Comparison::LessOrEqual, false) if lo > c => (true, false),
            (Comparison::GreaterOrEqual, true) if lo >= c => (true, false),
            (Comparison::GreaterOrEqual, false) if hi < c => (false, true),
            (Comparison::Equal, true) | (Comparison::NotEqual, false) if lo == hi && lo == c => (true, true),
            (Comparison::Equal, false) | (Comparison::NotEqual, true) if c < lo => (true, false),
            (Comparison::Equal, false) | (Comparison::NotEqual, true) if c > hi => (false, true),
            (Comparison::Equal, false) | (Comparison::NotEqual, true) => return self.explain_hole(why),
            _ => return false,
        };
        // The smallest sum rests on the `<=` half's contributions, the largest on the `>=`'s.
        self.holds.explain_bounds(why, None, use_lo, use_hi)
    }

    /// The sum cannot equal `c` inside its bounds: every term but one is fixed, and the last
    /// variable lacks the one value that would make up `c` (a hole, FlatZinc's `int_eq_reif`
    /// of a variable and a constant), or no value of it can. The fixed values, and the hole.
    fn explain_hole(&self, why: &mut Antecedents<'_>) -> bool {
        let (vars, coeffs) = (self.holds.vars(), self.holds.coefficients());
        let mut open = None;
        let mut fixed = 0i64;
        for (k, &x) in vars.iter().enumerate() {
            match why.value(x) {
                Some(v) => fixed += coeffs[k] * i64::from(v),
                None if open.is_none() => open = Some(k),
                None => return false,
            }
        }
        let Some(k) = open else { return false };
        let rest = self.holds.rhs() - fixed;
        // The value of the open variable that would make up `c`, if an integer in range.
        let needed = (rest % coeffs[k] == 0).then(|| rest / coeffs[k]).and_then(|v| Value::try_from(v).ok());
        if needed.is_some_and(|v| why.contains(vars[k], v)) {
            return false;
        }
        for (j, &x) in vars.iter().enumerate() {
            if j != k {
                let v = why.value(x).expect("fixed before the change");
                why.equal(x, v);
            }
        }
        if let Some(v) = needed {
            why.not_equal(vars[k], v);
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::testing::{brute_force, model_with, small_domains, solve_all};

    fn cmp_strategy() -> impl Strategy<Value = Comparison> {
        prop_oneof![
            Just(Comparison::Equal),
            Just(Comparison::LessOrEqual),
            Just(Comparison::GreaterOrEqual),
            Just(Comparison::NotEqual),
        ]
    }

    proptest! {
        #[test]
        fn solutions_equal_brute_force(
            domains in small_domains(3, -3, 3),
            coeffs in proptest::collection::vec(-3i32..=3, 3),
            cmp in cmp_strategy(),
            rhs in -6i32..=6,
        ) {
            let n = domains.len();
            let coeffs = &coeffs[..n];
            let mut all = domains.clone();
            all.push(vec![0, 1]);
            let expected = brute_force(&all, |vs| {
                let s: i64 = coeffs.iter().zip(vs).map(|(&a, &v)| i64::from(a) * i64::from(v)).sum();
                cmp.holds(s, i64::from(rhs)) == (vs[n] == 1)
            });
            let (mut model, v) = model_with(&all);
            model.post(ReifiedLinear::new(coeffs.iter().copied().zip(v[..n].iter().copied()), cmp, rhs, v[n])).unwrap();
            prop_assert_eq!(solve_all(model, &v), expected);
        }

        #[test]
        fn half_and_negated_reifications_equal_brute_force(
            domains in small_domains(3, -3, 3),
            coeffs in proptest::collection::vec(-3i32..=3, 3),
            cmp in cmp_strategy(),
            rhs in -6i32..=6,
            half in any::<bool>(),
            negated in any::<bool>(),
            b_domain in prop_oneof![Just(vec![0, 1]), Just(vec![0]), Just(vec![1])],
        ) {
            let n = domains.len();
            let coeffs = &coeffs[..n];
            let mut all = domains.clone();
            all.push(b_domain);
            let on = if negated { 0 } else { 1 };
            let expected = brute_force(&all, |vs| {
                let s: i64 = coeffs.iter().zip(vs).map(|(&a, &v)| i64::from(a) * i64::from(v)).sum();
                let holds = cmp.holds(s, i64::from(rhs));
                let enforced = vs[n] == on;
                if half { !enforced || holds } else { enforced == holds }
            });
            let (mut model, v) = model_with(&all);
            let terms = coeffs.iter().copied().zip(v[..n].iter().copied());
            let mut c = if half {
                ReifiedLinear::implied_by(terms, cmp, rhs, v[n])
            } else {
                ReifiedLinear::new(terms, cmp, rhs, v[n])
            };
            if negated {
                c = c.negated();
            }
            model.post(c).unwrap();
            prop_assert_eq!(solve_all(model, &v), expected);
        }
    }

    #[test]
    fn a_truth_variable_outside_zero_one_is_refused() {
        let (mut model, v) = model_with(&[vec![0, 1], vec![0, 2]]);
        let r = model.post(ReifiedLinear::new([(1, v[0])], Comparison::Equal, 0, v[1]));
        assert!(matches!(r, Err(ModelError::InvalidConstraint { .. })));
    }
}

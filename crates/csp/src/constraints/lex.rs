//! `LexLess`: one vector of variables is lexicographically smaller than another.

use crate::constraint::{Constraint, Priority, Rule};
use crate::context::Context;
use crate::error::{Conflict, ModelError};
use crate::id::{Value, VarId};
use crate::learning::explain::{Antecedents, Change};
use crate::model::Model;

/// `x <lex y` ([`LexLess::strict`], MiniZinc's `lex_less`) or `x <=lex y`
/// ([`LexLess::or_equal`], `lex_lesseq`), for two vectors of the same length: the first
/// position where they differ has `x_i < y_i` (and, for `<=`, they may be equal). The usual
/// symmetry-breaking constraint between rows of a matrix model.
///
/// # Propagation
///
/// The generalised arc consistency algorithm of Frisch et al. (2002), from scratch at each
/// call: `α` is the first position where `x` and `y` are not fixed to one value; the suffix
/// after `α` can still come out `<=` (or `<`) iff `min x[α+1..] <=lex max y[α+1..]` (`<lex`),
/// computed from the right; then position `α` gets `x_α <= y_α`, or `x_α < y_α` when the
/// suffix cannot, by bounds ([`Rule::Bounds`]). If that fixes `x_α = y_α`, `α` moves on. No
/// other position ever loses a value. GAC when no variable occurs twice; sound otherwise.
///
/// # Explanation
///
/// On request ([`Constraint::explain`]), from the domains before the change: the prefix by
/// `x_i >= u` and `y_i <= u` for each position fixed to `u` on both sides (weaker than the
/// equalities, and enough: the prefix cannot come out `>`), the bound used (`y_α <= max` or
/// `x_α >= min`) and, when the position had to be strict, the suffix up to its first position
/// where `min x_i > max y_i` (`x_i >= min`, `y_i <= max` on each). A variable that occurs twice
/// gets the generic explanation.
///
/// # Complexity
///
/// `O(n)` bound look-ups per call.
///
/// # Bibliography
///
/// * A. M. Frisch, B. Hnich, Z. Kiziltan, I. Miguel and T. Walsh, "Global constraints for
///   lexicographic orderings", CP 2002.
///
/// # Example
///
/// ```
/// use csp::Model;
/// use csp::constraints::LexLess;
///
/// let mut model = Model::new();
/// let x = model.new_vars(2, 0..=2)?;
/// let y = model.new_vars(2, 0..=2)?;
/// model.post(LexLess::strict(x.clone(), y.clone()))?;
/// let mut solver = model.into_solver();
/// solver.assign(x[0], 2)?;
/// solver.propagate()?;
/// // y0 = 2, and then x1 < y1.
/// assert_eq!(solver.value(y[0]), Some(2));
/// assert_eq!(solver.domain(x[1]).to_vec(), vec![0, 1]);
/// assert_eq!(solver.domain(y[1]).to_vec(), vec![1, 2]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct LexLess {
    /// An argument error found by the constructor (vectors of different lengths), reported by
    /// [`Model::post`](crate::model::Model::post) as a [`ModelError`].
    misuse: Option<String>,
    /// `x` then `y`.
    scope: Vec<VarId>,
    strict: bool,
}

impl LexLess {
    /// `x <lex y`. Vectors of different lengths are a [`ModelError::InvalidConstraint`] when
    /// posted.
    pub fn strict(x: impl Into<Vec<VarId>>, y: impl Into<Vec<VarId>>) -> LexLess {
        LexLess::build(x.into(), y.into(), true)
    }

    /// `x <=lex y`; as [`LexLess::strict`].
    pub fn or_equal(x: impl Into<Vec<VarId>>, y: impl Into<Vec<VarId>>) -> LexLess {
        LexLess::build(x.into(), y.into(), false)
    }

    fn build(mut x: Vec<VarId>, y: Vec<VarId>, strict: bool) -> LexLess {
        let misuse = (x.len() != y.len()).then(|| format!("vectors of lengths {} and {}", x.len(), y.len()));
        x.extend(y);
        LexLess { misuse, scope: x, strict }
    }

    /// Whether the order is strict.
    pub fn is_strict(&self) -> bool {
        self.strict
    }

    fn run(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let n = self.scope.len() / 2;
        let (xs, ys) = self.scope.split_at(n);
        let mut a = 0;
        loop {
            while a < n && matches!((ctx.value(xs[a]), ctx.value(ys[a])), (Some(u), Some(v)) if u == v) {
                a += 1;
            }
            if a == n {
                return if self.strict { Err(ctx.fail(Rule::Bounds)) } else { Ok(()) };
            }
            if ctx.max(xs[a]) < ctx.min(ys[a]) {
                return Ok(()); // entailed
            }
            // Can the suffix after `a` come out <= (or <) with x at its minima, y at its maxima?
            let mut feasible = !self.strict;
            for i in (a + 1..n).rev() {
                let (lx, uy) = (ctx.min(xs[i]), ctx.max(ys[i]));
                feasible = lx < uy || (lx == uy && feasible);
            }
            let gap = if feasible { 0 } else { 1 };
            let (x, y) = (xs[a], ys[a]);
            let ymax = i64::from(ctx.max(y)) - gap;
            ctx.remove_above(x, ymax.clamp(i64::from(Value::MIN), i64::from(Value::MAX)) as Value, Rule::Bounds)?;
            let xmin = i64::from(ctx.min(x)) + gap;
            ctx.remove_below(y, xmin.clamp(i64::from(Value::MIN), i64::from(Value::MAX)) as Value, Rule::Bounds)?;
            if !matches!((ctx.value(x), ctx.value(y)), (Some(u), Some(v)) if u == v) {
                return Ok(());
            }
        }
    }
}

impl LexLess {
    /// The first position not fixed equal on both sides before the change, with the values
    /// of the prefix.
    fn prefix(&self, why: &Antecedents<'_>) -> (usize, Vec<Value>) {
        let n = self.scope.len() / 2;
        let mut values = Vec::new();
        for a in 0..n {
            match (why.value(self.scope[a]), why.value(self.scope[n + a])) {
                (Some(u), Some(v)) if u == v => values.push(u),
                _ => return (a, values),
            }
        }
        (n, values)
    }

    /// Names the prefix: `x_i >= u` and `y_i <= u`.
    fn name_prefix(&self, why: &mut Antecedents<'_>, values: &[Value]) {
        let n = self.scope.len() / 2;
        for (i, &u) in values.iter().enumerate() {
            why.at_least(self.scope[i], u);
            why.at_most(self.scope[n + i], u);
        }
    }

    /// Whether the suffix after `a` cannot come out `<=` (`<` when strict), naming why if
    /// `name`; `None` if a bound is not known.
    fn suffix_blocks(&self, why: &mut Antecedents<'_>, a: usize, name: bool) -> Option<bool> {
        let n = self.scope.len() / 2;
        let mut end = None;
        for i in a + 1..n {
            let (lx, uy) = (why.min(self.scope[i])?, why.max(self.scope[n + i])?);
            if lx != uy {
                end = Some((i, lx > uy));
                break;
            }
        }
        let (last, blocks) = match end {
            Some((i, b)) => (i + 1, b),
            None => (n, self.strict),
        };
        if blocks && name {
            for i in a + 1..last {
                why.at_least_min(self.scope[i]);
                why.at_most_max(self.scope[n + i]);
            }
        }
        Some(blocks)
    }
}

impl Constraint for LexLess {
    fn kind(&self) -> &'static str {
        if self.strict {
            "lex_less"
        } else {
            "lex_lesseq"
        }
    }

    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn on_post(&mut self, _model: &Model) -> Result<(), ModelError> {
        match self.misuse.clone() {
            Some(message) => Err(ModelError::InvalidConstraint { kind: self.kind(), message }),
            None => Ok(()),
        }
    }

    fn priority(&self) -> Priority {
        Priority::Normal
    }

    fn propagate(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        if ctx.is_explaining() {
            ctx.set_premises(&self.scope);
        }
        let r = self.run(ctx);
        if ctx.is_explaining() {
            ctx.clear_premises();
        }
        r
    }

    fn explain(&self, why: &mut Antecedents<'_>) -> bool {
        if super::has_repeated_var(&self.scope) {
            return false;
        }
        let n = self.scope.len() / 2;
        let (a, values) = self.prefix(why);
        if a == n {
            if matches!(why.change(), Change::Failure) && self.strict {
                self.name_prefix(why, &values);
                return true;
            }
            return false;
        }
        let (x, y) = (self.scope[a], self.scope[n + a]);
        let Some(gap) = self.suffix_blocks(why, a, false) else { return false };
        let gap = i64::from(gap);
        let (Some(lx), Some(uy)) = (why.min(x), why.max(y)) else { return false };
        let removed: Vec<Value> = why.removed().collect();
        let ok = match why.change() {
            Change::Failure => i64::from(lx) > i64::from(uy) - gap,
            Change::AtMost(z, _) | Change::Removed(z) if z == x => {
                let bound = i64::from(uy) - gap;
                if removed.is_empty() {
                    matches!(why.change(), Change::AtMost(_, b2) if i64::from(b2) >= bound)
                } else {
                    removed.iter().all(|&v| i64::from(v) > bound)
                }
            }
            Change::AtLeast(z, _) | Change::Removed(z) if z == y => {
                let bound = i64::from(lx) + gap;
                if removed.is_empty() {
                    matches!(why.change(), Change::AtLeast(_, b2) if i64::from(b2) <= bound)
                } else {
                    removed.iter().all(|&v| i64::from(v) < bound)
                }
            }
            _ => false,
        };
        if !ok {
            return false;
        }
        self.name_prefix(why, &values);
        let failure = matches!(why.change(), Change::Failure);
        if failure || matches!(why.change(), Change::AtMost(z, _) | Change::Removed(z) if z == x) {
            why.at_most(y, uy);
        }
        if failure || matches!(why.change(), Change::AtLeast(z, _) | Change::Removed(z) if z == y) {
            why.at_least(x, lx);
        }
        if gap == 1 {
            self.suffix_blocks(why, a, true);
        }
        true
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        let n = values.len() / 2;
        let (x, y) = values.split_at(n);
        if self.strict {
            x < y
        } else {
            x <= y
        }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::testing::{assert_solutions_and_gac, brute_force, model_with, propagated, small_domain};

    #[test]
    fn equal_prefix_moves_the_pruning_on() {
        let (mut model, v) = model_with(&[vec![1], (0..=3).collect(), vec![1], (0..=2).collect()]);
        model.post(LexLess::strict(vec![v[0], v[1]], vec![v[2], v[3]])).unwrap();
        let d = propagated(model, &v).unwrap();
        assert_eq!(d[1], vec![0, 1]);
        assert_eq!(d[3], vec![1, 2]);
    }

    #[test]
    fn a_suffix_that_cannot_come_out_smaller_makes_the_position_strict() {
        // x = (a, 3), y = (b, 1): the suffix gives 3 > 1, so a < b.
        let (mut model, v) = model_with(&[(0..=2).collect(), vec![3], (0..=2).collect(), vec![1]]);
        model.post(LexLess::or_equal(vec![v[0], v[1]], vec![v[2], v[3]])).unwrap();
        let d = propagated(model, &v).unwrap();
        assert_eq!((d[0].clone(), d[2].clone()), (vec![0, 1], vec![1, 2]));
    }

    #[test]
    fn equal_fixed_vectors_fail_strictly() {
        let (mut model, v) = model_with(&[vec![1], vec![1]]);
        model.post(LexLess::strict(vec![v[0]], vec![v[1]])).unwrap();
        assert_eq!(propagated(model, &v), None);
    }

    proptest! {
        #[test]
        fn solutions_equal_the_definition_and_propagation_is_gac(
            domains in (1usize..=3).prop_flat_map(|n| proptest::collection::vec(small_domain(0, 3), 2 * n)),
            strict in any::<bool>(),
        ) {
            let n = domains.len() / 2;
            let expected = brute_force(&domains, |vs| if strict { vs[..n] < vs[n..] } else { vs[..n] <= vs[n..] });
            let build = || {
                let (mut model, v) = model_with(&domains);
                let (x, y) = (v[..n].to_vec(), v[n..].to_vec());
                model.post(if strict { LexLess::strict(x, y) } else { LexLess::or_equal(x, y) }).unwrap();
                (model, v)
            };
            assert_solutions_and_gac(build, &expected)?;
        }
    }
}

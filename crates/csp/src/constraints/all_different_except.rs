//! `AllDifferentExcept`: pairwise different, except for some values (MiniZinc's
//! `alldifferent_except_0`).

use super::hall_set::{deficient_set, Deficient};
use super::matching::Matching;
use crate::constraint::{Constraint, Events, Priority, Rule};
use crate::context::Context;
use crate::error::Conflict;
use crate::id::{Value, VarId};
use crate::learning::explain::{Antecedents, Change};

/// The variables take pairwise different values, except that the excepted values (0 for
/// [`AllDifferentExcept::zero`]) may repeat.
///
/// # Propagation
///
/// * Forward checking, at once on each fixing: a variable fixed to a value that is not
///   excepted removes it from the others ([`Rule::ValueTaken`]).
/// * The variables that can no longer take an excepted value must be pairwise different:
///   Régin's matching gives them generalised arc consistency ([`Rule::HallSet`]). Values of
///   the other variables are not pruned by it (they can always fall back on an excepted
///   value). Skipped while one of them has an interval domain (a large range).
///
/// # Explanation
///
/// Forward checking by the variable fixed to the value; the matching's prunings and failures
/// by a Hall set of the variables without an excepted value, found again on the domains before
/// the change: its members' values outside its union gone (the excepted ones included).
///
/// # Complexity
///
/// Forward checking `O(n)` per fixing; the matching as for
/// [`AllDifferent`](crate::constraints::AllDifferent) on the variables that cannot take an excepted value.
///
/// # Bibliography
///
/// * J.-C. Régin, "A filtering algorithm for constraints of difference in CSPs", AAAI 1994.
///
/// # Example
///
/// ```
/// use csp::Model;
/// use csp::constraints::AllDifferentExcept;
///
/// let mut model = Model::new();
/// let x = model.new_vars(3, 0..=2)?;
/// model.post(AllDifferentExcept::zero(x.clone()))?;
/// let mut solver = model.into_solver();
/// solver.assign(x[0], 0)?;
/// solver.assign(x[1], 2)?;
/// solver.propagate()?;
/// assert_eq!(solver.domain(x[2]).to_vec(), vec![0, 1]);
/// let mut model = Model::new();
/// let x = model.new_vars(3, 0..=2)?;
/// model.post(AllDifferentExcept::zero(x))?;
/// // no zero: 0 ways (3 variables, 2 values); one zero: 3 * 2 = 6; two zeros: 3 * 2 = 6; three: 1.
/// assert_eq!(model.into_solver().count_solutions(u64::MAX).count, 13);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct AllDifferentExcept {
    vars: Vec<VarId>,
    /// The excepted values, sorted.
    except: Vec<Value>,
    matching: Matching,
    /// Scratch: the variables that cannot take an excepted value.
    strict: Vec<VarId>,
}

impl AllDifferentExcept {
    /// Pairwise different except for the values of `except`.
    pub fn new(vars: impl Into<Vec<VarId>>, except: impl IntoIterator<Item = Value>) -> AllDifferentExcept {
        let mut except: Vec<Value> = except.into_iter().collect();
        except.sort_unstable();
        except.dedup();
        AllDifferentExcept { vars: vars.into(), except, matching: Matching::default(), strict: Vec::new() }
    }

    /// Pairwise different except for 0.
    pub fn zero(vars: impl Into<Vec<VarId>>) -> AllDifferentExcept {
        AllDifferentExcept::new(vars, [0])
    }

    fn excepted(&self, v: Value) -> bool {
        self.except.binary_search(&v).is_ok()
    }

    /// Why the matching of the variables without an excepted value removed the values
    /// [`Antecedents::removed`] from `z` (or, with `None`, failed): for each value `v`, a Hall
    /// set of the other such variables, whose domains lie in `|S|` values counting `v`, named
    /// by the values outside those gone from its members (the excepted ones among them). A
    /// member of the set lacks the excepted values by those very facts, so the set shows
    /// `z != v` whatever the other variables hold.
    fn explain_by_hall(&self, why: &mut Antecedents<'_>, z: Option<VarId>) -> bool {
        // The graph of the variables without an excepted value before the change (bitset
        // domains only, as the propagation's matching).
        let mut strict: Vec<VarId> = Vec::new();
        let mut domains: Vec<Vec<Value>> = Vec::new();
        for &x in &self.vars {
            if self.except.iter().any(|&e| why.contains(x, e)) {
                continue;
            }
            let Some(values) = why.values(x) else { return false };
            strict.push(x);
            domains.push(values.collect());
        }
        let mut values: Vec<Value> = domains.iter().flatten().copied().collect();
        values.sort_unstable();
        values.dedup();
        let node = |v: Value| values.binary_search(&v).ok();
        let adj: Vec<Vec<u32>> =
            domains.iter().map(|d| d.iter().filter_map(|&v| node(v).map(|k| k as u32)).collect()).collect();
        let name = |why: &mut Antecedents<'_>, d: &Deficient, skip: Option<Value>| -> bool {
            for &s in &d.vars {
                let y = strict[s];
                let Some(initial) = why.initial_values(y) else { return false };
                let gone: Vec<Value> =
                    initial.filter(|&w| Some(w) != skip && node(w).is_none_or(|k| !d.values[k])).collect();
                why.not_equal_all(y, gone);
            }
            true
        };
        let Some(z) = z else {
            return deficient_set(&adj, values.len(), None, None).is_some_and(|d| name(why, &d, None));
        };
        let Some(zi) = strict.iter().position(|&x| x == z) else { return false };
        let removed: Vec<Value> = why.removed().collect();
        if removed.is_empty() {
            return false;
        }
        // A Hall set that takes `v` takes every value of its union as well: those need no
        // other set.
        let mut covered = vec![false; values.len()];
        for v in removed {
            let Some(k) = node(v) else { return false };
            if covered[k] {
                continue;
            }
            let Some(d) = deficient_set(&adj, values.len(), Some(zi), Some(k as u32)) else { return false };
            if !name(why, &d, Some(v)) {
                return false;
            }
            covered[k] = true;
            for (c, &b) in covered.iter_mut().zip(&d.values) {
                *c |= b;
            }
        }
        true
    }
}

impl Constraint for AllDifferentExcept {
    fn kind(&self) -> &'static str {
        "all_different_except"
    }

    fn scope(&self) -> &[VarId] {
        &self.vars
    }

    fn subscriptions(&self, _local: usize) -> Events {
        Events::ON_FIXED | Events::DOMAIN
    }

    fn priority(&self) -> Priority {
        Priority::Slow
    }

    fn on_fixed(&mut self, ctx: &mut Context<'_>, local: usize) -> Result<(), Conflict> {
        let x = self.vars[local];
        let Some(v) = ctx.value(x) else { return Ok(()) };
        if self.excepted(v) {
            return Ok(());
        }
        for k in 0..self.vars.len() {
            let y = self.vars[k];
            if k != local && y != x {
                ctx.remove_value(y, v, Rule::ValueTaken { var: x, value: v })?;
            }
        }
        Ok(())
    }

    fn propagate(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        for local in 0..self.vars.len() {
            if ctx.is_fixed(self.vars[local]) {
                self.on_fixed(ctx, local)?;
            }
        }
        self.strict.clear();
        let mut wide = false;
        for &x in &self.vars {
            if !self.except.iter().any(|&e| ctx.contains(x, e)) {
                self.strict.push(x);
                wide |= ctx.domain(x).is_interval();
            }
        }
        // The matching enumerates values: not over interval domains (large ranges), which keep
        // forward checking only.
        if self.strict.len() > 1 && !wide {
            self.matching.propagate(ctx, &self.strict, &[])?;
        }
        Ok(())
    }

    fn explain(&self, why: &mut Antecedents<'_>) -> bool {
        // Forward checking: a value gone because another variable was fixed to it; two
        // variables fixed to one value that is not excepted. The matching: a Hall set of the
        // variables without an excepted value. A scope with a repeated variable is explained
        // generically.
        if super::has_repeated_var(&self.vars) {
            return false;
        }
        match why.change() {
            Change::Failure => {
                for (i, &x) in self.vars.iter().enumerate() {
                    let Some(v) = why.value(x).filter(|&v| !self.excepted(v)) else { continue };
                    if let Some(&y) = self.vars[i + 1..].iter().find(|&&y| y != x && why.value(y) == Some(v)) {
                        why.equal(x, v);
                        why.equal(y, v);
                        return true;
                    }
                }
                self.explain_by_hall(why, None)
            }
            Change::AtLeast(z, _) | Change::AtMost(z, _) | Change::Removed(z) => {
                let len = why.len_reasons();
                if let Some((z, v)) = why.one_value_gone() {
                    if self.excepted(v) {
                        return false;
                    }
                    if let Some(x) = self.vars.iter().copied().find(|&x| x != z && why.value(x) == Some(v)) {
                        why.equal(x, v);
                        return true;
                    }
                }
                why.truncate_reasons(len);
                self.explain_by_hall(why, Some(z))
            }
        }
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        let mut seen: Vec<Value> = values.iter().copied().filter(|&v| !self.excepted(v)).collect();
        let n = seen.len();
        seen.sort_unstable();
        seen.dedup();
        seen.len() == n
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::search::Solver;
    use crate::testing::{brute_force, model_with, propagated, small_domains, solve_all};

    #[test]
    fn zeros_may_repeat_other_values_not() {
        let (mut model, v) = model_with(&[vec![0], vec![0], vec![1], vec![0, 1, 2]]);
        model.post(AllDifferentExcept::zero(v.clone())).unwrap();
        assert_eq!(propagated(model, &v).unwrap(), vec![vec![0], vec![0], vec![1], vec![0, 2]]);
    }

    #[test]
    fn variables_without_zero_meet_a_hall_set() {
        let (mut model, _) = model_with(&[vec![1, 2], vec![1, 2], vec![1, 2], vec![0, 1]]);
        model.post(AllDifferentExcept::zero((0..4).map(VarId::from_index).collect::<Vec<_>>())).unwrap();
        Solver::new(model).propagate().expect_err("three variables without 0 over two values");
    }

    proptest! {
        #[test]
        fn solutions_equal_the_pairwise_decomposition(domains in small_domains(5, -1, 3)) {
            let expected = brute_force(&domains, |vs| {
                (0..vs.len()).all(|i| (i + 1..vs.len()).all(|j| vs[i] != vs[j] || vs[i] == 0))
            });
            let (mut model, v) = model_with(&domains);
            model.post(AllDifferentExcept::zero(v.clone())).unwrap();
            prop_assert_eq!(solve_all(model, &v), expected);
        }
    }
}

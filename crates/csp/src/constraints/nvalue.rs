//! `NValue`: the number of distinct values a group of variables takes.

use crate::constraint::{Constraint, Priority, Rule};
use crate::constraints::narrow::keep_members;
use crate::context::Context;
use crate::error::Conflict;
use crate::id::{Value, VarId};
use crate::learning::explain::{Antecedents, Change};

/// `count = |{vars[i]}|`, the number of distinct values taken (MiniZinc's `nvalue`).
///
/// # Propagation
///
/// * Lower bound: the minimum number of points that hit every interval `[min x_i, max x_i]`
///   (a greedy sweep by upper bound, exact for intervals; Beldiceanu 2001), which is at least
///   the number of distinct fixed values. Upper bound: the size of the union of the domains,
///   and the distinct fixed values plus the variables not fixed. `count` keeps what lies
///   between ([`Rule::Bounds`]).
/// * When the distinct fixed values are `max(count)` already, every other variable must take
///   one of them ([`Rule::Other`]).
///
/// Generalised arc consistency is NP-hard for nvalue (Bessière et al. 2006); this is the
/// bounds reasoning of the literature without the domain-level pruning of the lower bound.
///
/// # Explanation
///
/// On request ([`Constraint::explain`]), from the domains before the change: a lower bound
/// of `count` by as many variables fixed to distinct values, or by the bounds of as many
/// pairwise disjoint intervals (those the greedy sweep picks); an upper bound by the values
/// gone outside the union, or by the variables fixed to a value taken twice; a value leaving
/// a variable by `count <= |F|` and one variable fixed to each of the distinct fixed values `F`.
///
/// # Complexity
///
/// `O(n log n + Σ |D(x_i)| log)` per call (sorting intervals and values in preallocated
/// scratch).
///
/// # Bibliography
///
/// * N. Beldiceanu, "Pruning for the minimum constraint family and for the number of distinct
///   values constraint family", CP 2001.
/// * C. Bessière, E. Hebrard, B. Hnich, Z. Kiziltan and T. Walsh, "Filtering algorithms for the
///   NValue constraint", Constraints 11(4), 2006.
///
/// # Example
///
/// ```
/// use csp::Model;
/// use csp::constraints::NValue;
///
/// let mut model = Model::new();
/// let x = model.new_vars(3, 1..=4)?;
/// let k = model.new_var(1..=1)?;
/// model.post(NValue::new(k, x.clone()))?;
/// let mut solver = model.into_solver();
/// solver.assign(x[0], 3)?;
/// solver.propagate()?;
/// assert!(x.iter().all(|&xi| solver.value(xi) == Some(3)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct NValue {
    /// `[count, vars...]`.
    scope: Vec<VarId>,
    /// Scratch: the distinct fixed values; all values; the intervals.
    fixed: Vec<Value>,
    all: Vec<Value>,
    intervals: Vec<(Value, Value)>,
}

impl NValue {
    /// `count` is the number of distinct values of `vars`.
    pub fn new(count: VarId, vars: impl Into<Vec<VarId>>) -> NValue {
        let mut scope = vec![count];
        scope.extend(vars.into());
        NValue { scope, fixed: Vec::new(), all: Vec::new(), intervals: Vec::new() }
    }

    fn pass(&mut self, ctx: &mut Context<'_>) -> Result<bool, Conflict> {
        let c = self.scope[0];
        let xs = &self.scope[1..];
        self.fixed.clear();
        self.all.clear();
        self.intervals.clear();
        let mut unfixed = 0i64;
        // An interval domain (a large range) is not enumerated: the union is then unbounded.
        let mut wide = false;
        for &x in xs {
            let d = ctx.domain(x);
            match d.single_value() {
                Some(v) => self.fixed.push(v),
                None => unfixed += 1,
            }
            if d.is_interval() {
                wide = true;
            } else {
                self.all.extend(d.iter());
            }
            self.intervals.push((ctx.min(x), ctx.max(x)));
        }
        self.fixed.sort_unstable();
        self.fixed.dedup();
        self.all.sort_unstable();
        self.all.dedup();
        // Greedy hitting set of the intervals, by upper bound.
        self.intervals.sort_unstable_by_key(|&(lo, hi)| (hi, lo));
        let mut lb = 0i64;
        let mut point: Option<Value> = None;
        for &(lo, hi) in &self.intervals {
            if point.is_none_or(|p| lo > p) {
                point = Some(hi);
                lb += 1;
            }
        }
        let lb = lb.max(self.fixed.len() as i64);
        let union = if wide { i64::MAX } else { self.all.len() as i64 };
        let ub = union.min(self.fixed.len() as i64 + unfixed);
        let mut changed = ctx.remove_below(c, lb as Value, Rule::Bounds)?;
        changed |= ctx.remove_above(c, ub as Value, Rule::Bounds)?;
        if self.fixed.len() as i64 == i64::from(ctx.max(c)) && unfixed > 0 {
            for k in 1..self.scope.len() {
                let x = self.scope[k];
                if ctx.is_fixed(x) {
                    continue;
                }
                if ctx.domain(x).is_interval() {
                    changed |= keep_members(ctx, x, &self.fixed, true)?;
                } else {
                    let fixed = &self.fixed;
                    changed |= ctx.retain(x, |v| fixed.binary_search(&v).is_ok(), Rule::Other)?;
                }
            }
        }
        Ok(changed)
    }
}

impl NValue {
    /// The variables fixed before the change, by value: `(value, position)` sorted.
    fn fixed_before(&self, why: &Antecedents<'_>) -> Vec<(Value, usize)> {
        let mut fixed: Vec<(Value, usize)> =
            (1..self.scope.len()).filter_map(|k| why.value(self.scope[k]).map(|v| (v, k))).collect();
        fixed.sort_unstable();
        fixed
    }

    /// Why there are at least `t` distinct values.
    fn explain_lower(&self, why: &mut Antecedents<'_>, t: i64) -> bool {
        let fixed = self.fixed_before(why);
        let mut firsts: Vec<(Value, usize)> = fixed.clone();
        firsts.dedup_by_key(|p| p.0);
        if firsts.len() as i64 >= t {
            for &(v, k) in firsts.iter().take(t.max(0) as usize) {
                why.equal(self.scope[k], v);
            }
            return true;
        }
        // Pairwise disjoint intervals, by the greedy sweep.
        let mut intervals = Vec::new();
        for k in 1..self.scope.len() {
            let Some((lo, hi)) = why.bounds(self.scope[k]) else { return false };
            intervals.push((hi, lo, k));
        }
        intervals.sort_unstable();
        let mut picked = Vec::new();
        let mut point: Option<Value> = None;
        for &(hi, lo, k) in &intervals {
            if point.is_none_or(|p| lo > p) {
                point = Some(hi);
                picked.push((lo, hi, k));
            }
        }
        if (picked.len() as i64) < t {
            return false;
        }
        for &(lo, hi, k) in picked.iter().take(t.max(0) as usize) {
            why.at_least(self.scope[k], lo);
            why.at_most(self.scope[k], hi);
        }
        true
    }

    /// Why there are at most `t` distinct values.
    fn explain_upper(&self, why: &mut Antecedents<'_>, t: i64) -> bool {
        let n = (self.scope.len() - 1) as i64;
        let fixed = self.fixed_before(why);
        // Variables fixed to a value already taken: each one value fewer than variables.
        let repeats = fixed.windows(2).filter(|w| w[0].0 == w[1].0).count() as i64;
        if n - repeats <= t {
            let need = (n - t).max(0) as usize;
            let mut named = 0;
            for w in fixed.windows(2) {
                if named >= need {
                    break;
                }
                if w[0].0 == w[1].0 {
                    why.equal(self.scope[w[0].1], w[0].0);
                    why.equal(self.scope[w[1].1], w[1].0);
                    named += 1;
                }
            }
            return true;
        }
        // The union of the domains.
        let mut union = Vec::new();
        for &x in &self.scope[1..] {
            let Some(values) = why.initial_values(x) else { return false };
            union.extend(values.filter(|&v| why.contains(x, v)));
        }
        union.sort_unstable();
        union.dedup();
        if union.len() as i64 > t {
            return false;
        }
        for &x in &self.scope[1..] {
            let Some(values) = why.initial_values(x) else { return false };
            let outside: Vec<Value> = values.filter(|v| union.binary_search(v).is_err()).collect();
            why.not_equal_all(x, outside);
        }
        true
    }
}

impl Constraint for NValue {
    fn kind(&self) -> &'static str {
        "nvalue"
    }

    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn priority(&self) -> Priority {
        Priority::Normal
    }

    fn is_idempotent(&self) -> bool {
        true
    }

    fn propagate(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        super::passes_to_fixed_point(self, ctx, Self::pass)
    }

    fn explain(&self, why: &mut Antecedents<'_>) -> bool {
        if super::has_repeated_var(&self.scope) {
            return false;
        }
        let c = self.scope[0];
        let removed: Vec<Value> = why.removed().collect();
        match why.change() {
            Change::Failure => false,
            // The bound to prove: past the values removed (a bitset may have had holes).
            Change::AtLeast(x, b) if x == c => {
                self.explain_lower(why, removed.iter().max().map_or(i64::from(b), |&r| i64::from(r) + 1))
            }
            Change::AtMost(x, b) if x == c => {
                self.explain_upper(why, removed.iter().min().map_or(i64::from(b), |&r| i64::from(r) - 1))
            }
            // The count emptied (a wipe-out names no bound): the values of the entry are all
            // below the lower bound or all above the upper bound.
            Change::Removed(x) if x == c => {
                let (Some(&low), Some(&high)) = (removed.first(), removed.last()) else { return false };
                let len = why.len_reasons();
                if self.explain_lower(why, i64::from(high) + 1) {
                    return true;
                }
                why.truncate_reasons(len);
                self.explain_upper(why, i64::from(low) - 1)
            }
            Change::AtLeast(x, _) | Change::AtMost(x, _) | Change::Removed(x) => {
                // `x` must take a value already taken, the count being full.
                let mut fixed = self.fixed_before(why);
                fixed.dedup_by_key(|p| p.0);
                let Some(cmax) = why.max(c) else { return false };
                if i64::from(cmax) > fixed.len() as i64 {
                    return false;
                }
                let (Some(lo), Some(hi)) = (why.min(x), why.max(x)) else { return false };
                let after: Vec<Value> = match why.change() {
                    Change::AtLeast(_, b) if removed.is_empty() => vec![b],
                    Change::AtMost(_, b) if removed.is_empty() => vec![b],
                    _ => removed.clone(),
                };
                if i64::from(hi) - i64::from(lo) > 4096 {
                    return false;
                }
                let inside = |v: &Value| fixed.binary_search_by_key(v, |p| p.0).is_ok();
                // Values removed must be outside F; an interval's new bound inside F with every
                // value between the old bound and it outside F.
                let ok = if removed.is_empty() {
                    match why.change() {
                        Change::AtLeast(_, b) => inside(&b) && (lo..b).all(|v| !inside(&v)),
                        Change::AtMost(_, b) => inside(&b) && (b + 1..=hi).all(|v| !inside(&v)),
                        _ => false,
                    }
                } else {
                    after.iter().all(|v| !inside(v))
                };
                if !ok {
                    return false;
                }
                why.at_most(c, cmax);
                for &(v, k) in &fixed {
                    why.equal(self.scope[k], v);
                }
                match why.change() {
                    Change::AtLeast(..) if removed.is_empty() => why.at_least(x, lo),
                    Change::AtMost(..) if removed.is_empty() => why.at_most(x, hi),
                    _ => {}
                }
                true
            }
        }
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        let mut v = values[1..].to_vec();
        v.sort_unstable();
        v.dedup();
        i64::from(values[0]) == v.len() as i64
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::testing::{brute_force, model_with, projections, propagated, small_domain, solve_all};

    #[test]
    fn disjoint_intervals_raise_the_lower_bound() {
        let (mut model, v) = model_with(&[(0..=5).collect(), vec![1, 2], vec![2, 3], vec![5, 6], vec![8]]);
        model.post(NValue::new(v[0], v[1..].to_vec())).unwrap();
        // [1, 2], [2, 3] share 2; [5, 6] and [8] need two more: at least 3, and four variables at most 4.
        assert_eq!(propagated(model, &v).unwrap()[0], vec![3, 4]);
    }

    #[test]
    fn the_union_bounds_the_count() {
        let (mut model, v) = model_with(&[(0..=5).collect(), vec![1, 2], vec![1, 2], vec![1, 2]]);
        model.post(NValue::new(v[0], v[1..].to_vec())).unwrap();
        assert_eq!(propagated(model, &v).unwrap()[0], vec![1, 2]);
    }

    proptest! {
        #[test]
        fn solutions_equal_the_definition(
            count in small_domain(0, 4),
            domains in proptest::collection::vec(small_domain(0, 3), 1..=4),
        ) {
            let mut all = vec![count];
            all.extend(domains);
            let expected = brute_force(&all, |vs| {
                let mut v = vs[1..].to_vec();
                v.sort_unstable();
                v.dedup();
                v.len() as i32 == vs[0]
            });
            let build = || {
                let (mut model, v) = model_with(&all);
                model.post(NValue::new(v[0], v[1..].to_vec())).unwrap();
                (model, v)
            };
            let (model, v) = build();
            prop_assert_eq!(solve_all(model, &v), expected.clone());
            let (model, v) = build();
            if let Some(d) = propagated(model, &v) {
                for (p, keep) in projections(&expected, v.len()).iter().enumerate() {
                    prop_assert!(keep.iter().all(|x| d[p].contains(x)));
                }
            } else {
                prop_assert!(expected.is_empty());
            }
        }
    }
}

//! `NValue`: the number of distinct values a group of variables takes.

use crate::constraint::{Constraint, Priority, Rule};
use crate::constraints::narrow::keep_members;
use crate::context::Context;
use crate::error::Conflict;
use crate::id::{Value, VarId};

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

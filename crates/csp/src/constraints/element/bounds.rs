//! [`ElementConsistency::Bounds`]: `Element` over an array of variables on the result's and
//! the entries' bounds, and the reasons of its bound changes for learning.
//!
//! The pass works on the relaxation in which the result and every entry take any value between
//! their bounds (their *hulls*):
//!
//! * `index` keeps `i` only if `array[i]`'s hull meets the result's (domain consistency on the
//!   index over the hulls);
//! * `result` keeps the values between the smallest and the largest value of the kept entries'
//!   hulls within its own (bounds consistency);
//! * once `index` is fixed to `i`, `array[i]` keeps the values within the result's bounds.
//!
//! A pass costs `O(|D(index)|)` bound look-ups, whatever the width of the domains, where
//! domain consistency visits the result's values ([`Element`]'s `# Complexity`). Holes of the
//! result and of the entries are neither made nor read, so the constraint is woken only by
//! their bound changes ([`Events::BOUNDS`]).

use super::{retain_flags, Element, ElementConsistency, ExplainedArray};
use crate::constraints::linear::tighten;
use crate::context::Context;
use crate::error::Conflict;
use crate::id::Value;
use crate::learning::explain::{Antecedents, Change};

impl Element {
    /// One bounds-consistent pass over an array of variables; whether a domain changed.
    pub(super) fn pass_bounds(&mut self, ctx: &mut Context<'_>) -> Result<bool, Conflict> {
        let (index, result) = (self.scope[0], self.scope[1]);
        let array = &self.scope[2..];
        let (lo, hi) = (ctx.min(result), ctx.max(result));
        // The positions whose entry's hull meets the result's, and the span of the meetings.
        let (mut first, mut last) = (Value::MAX, Value::MIN);
        self.keep.clear();
        for i in ctx.domain(index).iter() {
            let kept = match usize::try_from(i).ok().and_then(|p| array.get(p)) {
                Some(&a) => {
                    let (amin, amax) = (ctx.min(a), ctx.max(a));
                    let meets = amin <= hi && amax >= lo;
                    if meets {
                        (first, last) = (first.min(amin.max(lo)), last.max(amax.min(hi)));
                    }
                    meets
                }
                None => false,
            };
            self.keep.push(kept);
        }
        // No position left wipes the index out here, so the span below is never empty.
        let mut changed = retain_flags(&self.keep, ctx, index)?;
        changed |= tighten(ctx, result, i64::from(first), i64::from(last))?;
        let fixed_entry = ctx.value(index).and_then(|i| usize::try_from(i).ok()).and_then(|i| array.get(i));
        if let Some(&a) = fixed_entry {
            let (lo, hi) = (ctx.min(result), ctx.max(result));
            changed |= tighten(ctx, a, i64::from(lo), i64::from(hi))?;
        }
        Ok(changed)
    }
}

impl ExplainedArray<'_> {
    /// The reason of a bound change of the result or of the fixed entry made by
    /// [`Element::pass_bounds`]: `Some(true)` when named, `Some(false)` when it cannot be said
    /// on bounds (the generic explanation then), `None` for the changes the domain-consistent
    /// reasons cover as they are (the index's).
    ///
    /// For a bitset domain the change names the lowest (highest) value left, which may lie
    /// past holes the pass did not make; the reason is for the values removed, `x >= m` with
    /// `m` one above the highest of them (`x <= m` one below the lowest).
    pub(super) fn bounds_reason(&self, why: &mut Antecedents<'_>, removed: &[Value]) -> Option<bool> {
        let (index, result) = (self.index, self.result);
        let (x, bound, is_lower) = match why.change() {
            Change::AtLeast(x, v) if x != index => (x, removed.last().map_or(v, |&u| u.saturating_add(1)), true),
            Change::AtMost(x, v) if x != index => (x, removed.first().map_or(v, |&u| u.saturating_sub(1)), false),
            _ => return None,
        };
        if x == result {
            let len = why.len_reasons();
            if self.result_beyond(why, bound, is_lower) {
                return Some(true);
            }
            // Some position could still reach past the bound on bounds alone: the values'
            // reasons, as for domain consistency.
            why.truncate_reasons(len);
            return None;
        }
        // An entry, kept within the result's bounds once the index is fixed on it.
        let Some(j) = why.value(index) else { return Some(false) };
        if usize::try_from(j).ok().and_then(|j| self.vars.get(j)) != Some(&x) {
            return Some(false);
        }
        // The result's bound was already past the values removed.
        let holds = if is_lower {
            why.min(result).is_some_and(|r| r >= bound)
        } else {
            why.max(result).is_some_and(|r| r <= bound)
        };
        if !holds {
            return Some(false);
        }
        why.equal(index, j);
        if is_lower {
            why.at_least(result, bound);
        } else {
            why.at_most(result, bound);
        }
        Some(true)
    }
}

impl ElementConsistency {
    /// The consistency [`Element`] chooses for an array of variables whose result's initial
    /// domain has `values` values: [`Bounds`](ElementConsistency::Bounds) from
    /// [`BOUNDS_FROM`] values up, else [`Domain`](ElementConsistency::Domain).
    pub(super) fn for_result_of(values: u64) -> ElementConsistency {
        if values >= BOUNDS_FROM {
            ElementConsistency::Bounds
        } else {
            ElementConsistency::Domain
        }
    }
}

/// The smallest number of result values for which an array of variables is propagated on
/// bounds by default (`docs/learning.md`, "Element over variables on bounds", has the
/// measurement that chose it).
pub(super) const BOUNDS_FROM: u64 = 16;

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::super::Element;
    use super::*;
    use crate::search::Solver;
    use crate::testing::{brute_force, model_with, projections, propagated, small_domain, solve_all, walks, Step};

    /// Bounds consistency by its definition, as a fixed point over explicit domains
    /// (`[index, result, array...]`, distinct variables): the index keeps the positions whose
    /// entry's hull meets the result's; the result's and the fixed entry's bounds are removed
    /// while no position supports them on hulls. `None` on a wipe-out.
    fn bounds_fixed_point(mut d: Vec<Vec<Value>>) -> Option<Vec<Vec<Value>>> {
        let n = d.len() - 2;
        let hull = |x: &Vec<Value>| (x[0], x[x.len() - 1]);
        loop {
            let before = d.clone();
            let (rlo, rhi) = hull(&d[1]);
            let meets = |i: Value, d: &Vec<Vec<Value>>| {
                usize::try_from(i).ok().filter(|&i| i < n).is_some_and(|i| {
                    let (lo, hi) = hull(&d[2 + i]);
                    lo <= rhi && hi >= rlo
                })
            };
            let index: Vec<Value> = d[0].iter().copied().filter(|&i| meets(i, &d)).collect();
            d[0] = index;
            if d[0].is_empty() {
                return None;
            }
            let supported = |v: Value, d: &Vec<Vec<Value>>| {
                d[0].iter().any(|&i| {
                    let (lo, hi) = hull(&d[2 + i as usize]);
                    (lo..=hi).contains(&v)
                })
            };
            while d[1].first().is_some_and(|&v| !supported(v, &d)) {
                d[1].remove(0);
            }
            while d[1].last().is_some_and(|&v| !supported(v, &d)) {
                d[1].pop();
            }
            if d[1].is_empty() {
                return None;
            }
            if let [p] = d[0][..] {
                let (lo, hi) = hull(&d[1]);
                d[2 + p as usize].retain(|v| (lo..=hi).contains(v));
                if d[2 + p as usize].is_empty() {
                    return None;
                }
            }
            if d == before {
                return Some(d);
            }
        }
    }

    fn holds(n: usize) -> impl Fn(&[Value]) -> bool {
        move |vs: &[Value]| usize::try_from(vs[0]).ok().filter(|&i| i < n).is_some_and(|i| vs[2 + i] == vs[1])
    }

    fn post_bounds(domains: &[Vec<Value>]) -> (crate::model::Model, Vec<crate::id::VarId>) {
        let (mut model, v) = model_with(domains);
        model.post(Element::new(v[0], v[2..].to_vec(), v[1]).with_consistency(ElementConsistency::Bounds)).unwrap();
        (model, v)
    }

    #[test]
    fn result_keeps_its_holes_and_moves_its_bounds_to_the_entries() {
        let (model, v) = post_bounds(&[vec![0, 1, 2], (0..=9).collect(), vec![2, 4], vec![3, 7], vec![12, 15]]);
        let d = propagated(model, &v).unwrap();
        // Position 2 cannot meet the result; the result spans the other two entries' hulls.
        assert_eq!(d[0], vec![0, 1]);
        assert_eq!(d[1], (2..=7).collect::<Vec<_>>());
    }

    #[test]
    fn fixed_index_moves_the_entry_within_the_result_bounds() {
        let (model, v) = post_bounds(&[vec![1], vec![3, 4, 5, 6], vec![0, 9], vec![1, 2, 4, 6, 9]]);
        let d = propagated(model, &v).unwrap();
        // The entry moves into 3..=6, then the result into the entry's 4..=6: each keeps the
        // value the other lacks (5 and no 5).
        assert_eq!(d[1], vec![4, 5, 6]);
        assert_eq!(d[3], vec![4, 6]);
        // The other entry is not chosen: untouched.
        assert_eq!(d[2], vec![0, 9]);
    }

    #[test]
    fn default_is_bounds_from_a_wide_result() {
        for (width, expected) in
            [(BOUNDS_FROM - 1, ElementConsistency::Domain), (BOUNDS_FROM, ElementConsistency::Bounds)]
        {
            let mut model = crate::model::Model::new();
            let index = model.new_var(0..=1).unwrap();
            let result = model.new_var(0..=(width as Value - 1)).unwrap();
            let a = model.new_vars(2, 0..=3).unwrap();
            let id = model.post(Element::new(index, a, result)).unwrap();
            let c = crate::model::constraint::downcast_ref::<Element>(model.constraint(id));
            assert_eq!(c.and_then(Element::consistency), Some(expected), "{width} values");
        }
    }

    proptest! {
        #[test]
        fn bounds_keeps_every_solution_and_prunes_exactly_to_bounds_consistency(
            index in small_domain(-1, 3),
            result in small_domain(0, 5),
            array in proptest::collection::vec(small_domain(0, 5), 0..=3),
        ) {
            let mut domains = vec![index, result];
            domains.extend(array);
            let n = domains.len() - 2;
            let expected = brute_force(&domains, holds(n));
            let (model, v) = post_bounds(&domains);
            prop_assert_eq!(solve_all(model, &v), expected.clone());
            let (model, v) = post_bounds(&domains);
            let got = propagated(model, &v);
            prop_assert_eq!(&got, &bounds_fixed_point(domains.clone()));
            // Never more than domain consistency, which leaves the solutions' projections.
            if let Some(d) = got {
                for (kept, gac) in d.iter().zip(projections(&expected, v.len())) {
                    prop_assert!(gac.iter().all(|x| kept.contains(x)), "{:?} lost a value of {:?}", kept, gac);
                }
            }
        }

        #[test]
        fn bounds_reaches_its_fixed_point_after_every_removal(
            index in small_domain(0, 3),
            result in small_domain(0, 6),
            array in proptest::collection::vec(small_domain(0, 6), 1..=4),
            steps in walks(16, 6, 0..=6),
        ) {
            // Woken only by bound changes of the result and the entries, the constraint is at
            // its fixed point after each removal, and keeps every solution left.
            let mut domains = vec![index, result];
            domains.extend(array);
            let n = domains.len() - 2;
            let (model, v) = post_bounds(&domains);
            let mut s = Solver::new(model);
            if s.propagate().is_err() {
                prop_assert!(brute_force(&domains, holds(n)).is_empty());
                return Ok(());
            }
            let mut marks = Vec::new();
            for step in steps {
                match step {
                    Step::Checkpoint => marks.push(s.new_checkpoint()),
                    Step::Restore => {
                        if let Some(c) = marks.pop() {
                            s.restore_to(c);
                        }
                    }
                    Step::Remove(p, value) => {
                        let p = p % v.len();
                        let before: Vec<Vec<Value>> = v.iter().map(|&x| s.domain(x).to_vec()).collect();
                        let ok = s.remove_value(v[p], value).is_ok() && s.propagate().is_ok();
                        let mut left = before.clone();
                        left[p].retain(|&x| x != value);
                        let solutions = if left[p].is_empty() { Vec::new() } else { brute_force(&left, holds(n)) };
                        if !ok {
                            prop_assert!(solutions.is_empty());
                            match marks.pop() {
                                Some(c) => s.restore_to(c),
                                None => return Ok(()),
                            }
                            continue;
                        }
                        let d: Vec<Vec<Value>> = v.iter().map(|&x| s.domain(x).to_vec()).collect();
                        prop_assert_eq!(bounds_fixed_point(d.clone()), Some(d.clone()));
                        for sol in &solutions {
                            prop_assert!(sol.iter().zip(&d).all(|(x, dom)| dom.contains(x)), "lost {:?}", sol);
                        }
                    }
                }
            }
        }
    }
}

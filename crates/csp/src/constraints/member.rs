//! `MemberReif`: `b <-> x ∈ S` for a constant set `S` of values, on bounds when the domain of
//! `x` is an interval.

use std::ops::RangeInclusive;

use crate::context::Context;
use crate::error::{Conflict, ModelError};
use crate::id::{Value, VarId};
use crate::learning::explain::{Antecedents, Change};
use crate::model::constraint::Constraint;
use crate::model::Model;
use crate::rule::Rule;
use crate::subscription::Priority;

/// `b <-> x ∈ S`, with `b` over 0 and 1 and `S` a constant set given as ranges (FlatZinc's
/// `set_in_reif`).
///
/// Domain consistent on a bitset domain. On an interval domain (a wide range, see
/// [`Domain::is_interval`](crate::domain::Domain::is_interval)) it works on the bounds and on
/// `S`'s ranges, never value by value: with `b` true the bounds move to the nearest members,
/// with `b` false past the ranges that hold them, and `b` is fixed as soon as the interval lies
/// inside one range of `S` or meets none. Each propagation is `O(log r)` on an interval (`r`
/// ranges) and `O(|D(x)| log r)` on a bitset.
///
/// Explained on request ([`Constraint::explain`]): a value of `x` removed by `b`'s value (and,
/// for a bound of an interval, `x`'s old bound); `b` fixed by `x`'s values (the values gone
/// of the other kind on a bitset, the bounds on an interval); a failure by both.
///
/// # Example
///
/// ```
/// use csp::Model;
/// use csp::constraints::MemberReif;
///
/// let mut model = Model::new();
/// let x = model.new_var(0..=2_000_000_000)?;
/// let b = model.new_var(0..=1)?;
/// model.post(MemberReif::new(x, [10..=20, 1_000..=1_000_000], b))?;
/// let mut solver = model.into_solver();
/// solver.assign(b, 1)?;
/// solver.propagate()?;
/// assert_eq!((solver.domain(x).min(), solver.domain(x).max()), (Some(10), Some(1_000_000)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct MemberReif {
    vars: [VarId; 2],
    /// `S` as sorted, disjoint, non-adjacent ranges `(first, last)`.
    ranges: Vec<(Value, Value)>,
}

impl MemberReif {
    /// `b <-> x ∈ S`, `S` the union of `set`'s ranges (in any order, overlapping or not; empty
    /// ranges are ignored).
    pub fn new(x: VarId, set: impl IntoIterator<Item = RangeInclusive<Value>>, b: VarId) -> MemberReif {
        let mut ranges: Vec<(Value, Value)> =
            set.into_iter().filter(|r| r.start() <= r.end()).map(|r| (*r.start(), *r.end())).collect();
        ranges.sort_unstable();
        let mut merged: Vec<(Value, Value)> = Vec::with_capacity(ranges.len());
        for (a, c) in ranges {
            match merged.last_mut() {
                Some(last) if i64::from(a) <= i64::from(last.1) + 1 => last.1 = last.1.max(c),
                _ => merged.push((a, c)),
            }
        }
        MemberReif { vars: [x, b], ranges: merged }
    }

    /// The index of the first range whose last member is at least `v`.
    fn first_ending_at_or_after(&self, v: Value) -> usize {
        self.ranges.partition_point(|&(_, c)| c < v)
    }

    /// Whether `v` is in `S`.
    fn contains(&self, v: Value) -> bool {
        self.ranges.get(self.first_ending_at_or_after(v)).is_some_and(|&(a, _)| a <= v)
    }

    /// The smallest member of `S` that is at least `v`.
    fn member_at_or_after(&self, v: Value) -> Option<Value> {
        self.ranges.get(self.first_ending_at_or_after(v)).map(|&(a, _)| a.max(v))
    }

    /// The largest member of `S` that is at most `v`.
    fn member_at_or_before(&self, v: Value) -> Option<Value> {
        let i = self.ranges.partition_point(|&(a, _)| a <= v);
        i.checked_sub(1).map(|i| self.ranges[i].1.min(v))
    }

    /// The range of `S` that holds `v`, if any.
    fn range_of(&self, v: Value) -> Option<(Value, Value)> {
        self.ranges.get(self.first_ending_at_or_after(v)).copied().filter(|&(a, _)| a <= v)
    }

    /// `x ∈ S`.
    fn enforce_in(&self, ctx: &mut Context<'_>, x: VarId) -> Result<(), Conflict> {
        if ctx.domain(x).is_interval() {
            let lo = self.member_at_or_after(ctx.min(x)).ok_or_else(|| ctx.fail(Rule::NoSupport))?;
            ctx.remove_below(x, lo, Rule::NoSupport)?;
            let hi = self.member_at_or_before(ctx.max(x)).ok_or_else(|| ctx.fail(Rule::NoSupport))?;
            ctx.remove_above(x, hi, Rule::NoSupport)?;
            Ok(())
        } else {
            ctx.retain(x, |v| self.contains(v), Rule::NoSupport).map(|_| ())
        }
    }

    /// `x ∉ S`.
    fn enforce_out(&self, ctx: &mut Context<'_>, x: VarId) -> Result<(), Conflict> {
        if ctx.domain(x).is_interval() {
            if let Some((_, c)) = self.range_of(ctx.min(x)) {
                if c >= ctx.max(x) {
                    return Err(ctx.fail(Rule::NoSupport));
                }
                ctx.remove_below(x, c + 1, Rule::NoSupport)?;
            }
            if let Some((a, _)) = self.range_of(ctx.max(x)) {
                ctx.remove_above(x, a - 1, Rule::NoSupport)?;
            }
            Ok(())
        } else {
            ctx.retain(x, |v| !self.contains(v), Rule::NoSupport).map(|_| ())
        }
    }

    /// Whether every value of `x` is in `S` (`Some(true)`), none is (`Some(false)`), or
    /// neither.
    fn decided(&self, ctx: &Context<'_>, x: VarId) -> Option<bool> {
        let d = ctx.domain(x);
        let (lo, hi) = (ctx.min(x), ctx.max(x));
        if d.is_interval() {
            // Every value between the bounds is in the domain.
            let i = self.first_ending_at_or_after(lo);
            return match self.ranges.get(i) {
                Some(&(a, c)) if a <= lo && hi <= c => Some(true),
                Some(&(a, _)) if a <= hi => None,
                _ => Some(false),
            };
        }
        let (mut some_in, mut some_out) = (false, false);
        for v in d.iter() {
            if self.contains(v) {
                some_in = true;
            } else {
                some_out = true;
            }
            if some_in && some_out {
                return None;
            }
        }
        Some(some_in)
    }
}

impl MemberReif {
    /// Whether every value of `lo..=hi` is in `S` (`inside`) or none is.
    fn range_all(&self, lo: Value, hi: Value, inside: bool) -> bool {
        if lo > hi {
            return true;
        }
        if inside {
            self.range_of(lo).is_some_and(|(_, c)| c >= hi)
        } else {
            self.member_at_or_after(lo).is_none_or(|m| m > hi)
        }
    }

    /// Names `x`'s values as all in `S` (`inside`) or all out; whether they were.
    fn name_side(&self, why: &mut Antecedents<'_>, x: VarId, inside: bool) -> bool {
        let Some((lo, hi)) = why.bounds(x) else { return false };
        if let Some(values) = why.initial_values(x) {
            if values.clone().any(|v| why.contains(x, v) && self.contains(v) != inside) {
                return false;
            }
            why.not_equal_all(x, values.filter(|&v| self.contains(v) != inside));
            return true;
        }
        if !self.range_all(lo, hi, inside) {
            return false;
        }
        why.at_least(x, lo);
        why.at_most(x, hi);
        true
    }
}

impl Constraint for MemberReif {
    fn kind(&self) -> &'static str {
        "member_reif"
    }

    fn scope(&self) -> &[VarId] {
        &self.vars
    }

    fn priority(&self) -> Priority {
        Priority::Fast
    }

    fn on_post(&mut self, model: &Model) -> Result<(), ModelError> {
        let d = model.initial_domain(self.vars[1]);
        if d.min().is_some_and(|m| m < 0) || d.max().is_some_and(|m| m > 1) {
            return Err(ModelError::InvalidConstraint {
                kind: "member_reif",
                message: format!("the truth variable must range over 0 and 1, not {d}"),
            });
        }
        Ok(())
    }

    fn propagate(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let [x, b] = self.vars;
        match ctx.value(b) {
            Some(1) => self.enforce_in(ctx, x),
            Some(_) => self.enforce_out(ctx, x),
            None => match self.decided(ctx, x) {
                Some(inside) => ctx.assign(b, Value::from(inside), Rule::NoSupport).map(|_| ()),
                None => Ok(()),
            },
        }
    }

    fn explain(&self, why: &mut Antecedents<'_>) -> bool {
        let [x, b] = self.vars;
        if x == b {
            return false;
        }
        let name_b = |why: &mut Antecedents<'_>, v: Value| {
            if v == 1 {
                why.at_least(b, 1);
            } else {
                why.at_most(b, 0);
            }
        };
        match why.change() {
            Change::Failure => {
                let Some(v) = why.value(b) else { return false };
                // `x` has no value of the side `b` asks for.
                if !self.name_side(why, x, v != 1) {
                    return false;
                }
                name_b(why, v);
                true
            }
            Change::AtLeast(y, t) | Change::AtMost(y, t) if y == b => {
                let fixed = match why.change() {
                    Change::AtLeast(..) => t.max(1),
                    _ => t.min(0),
                };
                self.name_side(why, x, fixed == 1)
            }
            Change::Removed(y) if y == b => false,
            Change::AtLeast(..) | Change::AtMost(..) | Change::Removed(_) => {
                let t = match why.change() {
                    Change::AtLeast(_, t) | Change::AtMost(_, t) => t,
                    _ => 0,
                };
                let Some(v) = why.value(b) else { return false };
                let inside = v == 1;
                let (some_removed, wrong_side) = {
                    let mut removed = why.removed().peekable();
                    (removed.peek().is_some(), removed.any(|u| self.contains(u) == inside))
                };
                if some_removed {
                    if wrong_side {
                        return false;
                    }
                    name_b(why, v);
                    return true;
                }
                // An interval's bound moved past values of the wrong side.
                if matches!(why.change(), Change::Removed(_)) {
                    return false;
                }
                let Some((lo, hi)) = why.bounds(x) else { return false };
                let ok = match why.change() {
                    Change::AtLeast(..) => self.range_all(lo, t.saturating_sub(1), !inside),
                    _ => self.range_all(t.saturating_add(1), hi, !inside),
                };
                if !ok {
                    return false;
                }
                match why.change() {
                    Change::AtLeast(..) => why.at_least(x, lo),
                    _ => why.at_most(x, hi),
                }
                name_b(why, v);
                true
            }
        }
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        self.contains(values[0]) == (values[1] == 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::constraints::Binary;
    use proptest::prelude::*;

    proptest! {
        /// On random small domains, propagation keeps exactly what the brute-force relation
        /// (`Binary`) keeps, with `b` free, true or false.
        #[test]
        fn matches_the_relation_on_small_domains(
            lo in -5i32..5,
            width in 0i32..12,
            set in proptest::collection::vec((-8i32..12, 0i32..4), 0..4),
            fix_b in 0u8..3,
        ) {
            let hi = lo + width;
            let set: Vec<RangeInclusive<Value>> = set.into_iter().map(|(a, w)| a..=a + w).collect();
            let run = |native: bool| {
                let mut m = Model::new();
                let x = m.new_var(lo..=hi).unwrap();
                let b = m.new_var(0..=1).unwrap();
                if native {
                    m.post(MemberReif::new(x, set.clone(), b)).unwrap();
                } else {
                    let s = set.clone();
                    m.post(Binary::new(x, b, move |v, t| s.iter().any(|r| r.contains(&v)) == (t == 1))).unwrap();
                }
                let mut solver = m.into_solver();
                let r = match fix_b {
                    0 | 1 => solver.assign(b, Value::from(fix_b)).and_then(|_| solver.propagate()),
                    _ => solver.propagate(),
                };
                r.ok().map(|()| (solver.domain(x).to_vec(), solver.domain(b).to_vec()))
            };
            prop_assert_eq!(run(true), run(false));
        }
    }

    /// On an interval domain near the limits, bounds move by ranges, never value by value.
    #[test]
    fn works_on_bounds_of_wide_domains() {
        let mut m = Model::new();
        let x = m.new_var(-2_000_000_000..=2_000_000_000).unwrap();
        let b = m.new_var(0..=1).unwrap();
        m.post(MemberReif::new(x, [-2_000_000_000..=-5, 7..=7, 1_999_999_990..=2_000_000_000], b)).unwrap();
        let mut solver = m.into_solver();
        solver.propagate().unwrap();
        assert_eq!(solver.value(b), None);
        let cp = solver.new_checkpoint();
        solver.assign(b, 0).unwrap();
        solver.propagate().unwrap();
        assert_eq!((solver.domain(x).min(), solver.domain(x).max()), (Some(-4), Some(1_999_999_989)));
        solver.restore_to(cp);
        solver.assign(b, 1).unwrap();
        solver.remove_value(x, -2_000_000_000).unwrap();
        solver.propagate().unwrap();
        assert_eq!((solver.domain(x).min(), solver.domain(x).max()), (Some(-1_999_999_999), Some(2_000_000_000)));
        let mut m = Model::new();
        let x = m.new_var(100..=1_000_000_000).unwrap();
        let b = m.new_var(0..=1).unwrap();
        m.post(MemberReif::new(x, [0..=99], b)).unwrap();
        let mut solver = m.into_solver();
        solver.propagate().unwrap();
        assert_eq!(solver.value(b), Some(0), "no value of x is in S");
    }
}

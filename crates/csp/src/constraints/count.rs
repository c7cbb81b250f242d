//! `CountEq` and `Among`: how many variables take a value, or a value of a set.

use crate::constraint::{Constraint, Priority, Rule};
use crate::constraints::narrow::keep_members;
use crate::context::Context;
use crate::error::Conflict;
use crate::id::{Value, VarId};
use crate::learning::explain::{Antecedents, Change};

/// `count = |{i : vars[i] = value}|`, with `value` and `count` variables (MiniZinc's
/// `count_eq`, to which its `count`, `count_leq`, ... reduce). For a set of values, see
/// [`Among`].
///
/// # Propagation
///
/// For each `v` in `D(value)`, let `lo(v)` be the number of variables fixed to `v` and `hi(v)`
/// the number that still have `v`. Then:
///
/// * `v` leaves `D(value)` when `D(count)` has nothing in `lo(v)..=hi(v)` ([`Rule::NoSupport`]);
/// * `count` keeps its values within `min lo(v)..=max hi(v)` ([`Rule::Bounds`]);
/// * once `value = v`: if `lo(v) = max(count)`, `v` leaves the other variables; if
///   `hi(v) = min(count)`, every variable with `v` is fixed to it ([`Rule::Other`]).
///
/// With `value` fixed and not among `vars`, this is generalised arc consistency (a sum of
/// independent 0/1 indicators takes every value between its bounds).
///
/// # Explanation
///
/// On request ([`Constraint::explain`]), from the domains before the change, by counting
/// positions (a variable given twice counts twice; `value` and `count` may be counted too):
/// a bound of `count` rests on `value`'s domain and, for each of its values, the variables
/// fixed to it (`count >=`) or without it (`count <=`), as many as the bound needs, or why
/// that value has no support (nothing for `0 <= count <= n`); a value leaving `value` on
/// `count`'s bounds (or holes) and those variables; `v` leaving a variable on `value = v`,
/// `count <= max` and `max` other variables fixed to `v`; a variable fixed to `v` on
/// `value = v`, `count >= min` and `n - min` variables without `v`. A failure or an emptied
/// domain rests on `count`'s bound outside `0..=n`, or on every value of `value` without
/// support. Nothing is collected: the variables are counted, then walked again to be named.
///
/// # Complexity
///
/// `O(|D(value)| * n)` domain look-ups per call for `n` variables.
///
/// # Example
///
/// ```
/// use csp::Model;
/// use csp::constraints::CountEq;
///
/// let mut model = Model::new();
/// let x = model.new_vars(3, 0..=2)?;
/// let v = model.new_var(2..=2)?;
/// let c = model.new_var(3..=5)?;
/// model.post(CountEq::new(x.clone(), v, c))?;
/// let mut solver = model.into_solver();
/// solver.propagate()?;
/// assert!(x.iter().all(|&xi| solver.value(xi) == Some(2)));
/// assert_eq!(solver.value(c), Some(3));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct CountEq {
    /// `[value, count, vars...]`.
    scope: Vec<VarId>,
    /// Scratch: keep flags for `D(value)`, in domain order.
    keep: Vec<bool>,
}

impl CountEq {
    /// `count` variables of `vars` take the value of `value`.
    pub fn new(vars: impl Into<Vec<VarId>>, value: VarId, count: VarId) -> CountEq {
        let mut scope = vec![value, count];
        scope.extend(vars.into());
        CountEq { scope, keep: Vec::new() }
    }

    /// `(lo(v), hi(v))`: variables fixed to `v`, and with `v` in their domain.
    fn bounds_of(&self, ctx: &Context<'_>, v: Value) -> (i64, i64) {
        let (mut lo, mut hi) = (0, 0);
        for &x in &self.scope[2..] {
            if ctx.contains(x, v) {
                hi += 1;
                if ctx.is_fixed(x) {
                    lo += 1;
                }
            }
        }
        (lo, hi)
    }

    fn pass(&mut self, ctx: &mut Context<'_>) -> Result<bool, Conflict> {
        let (y, c) = (self.scope[0], self.scope[1]);
        let (mut lo_all, mut hi_all) = (i64::MAX, i64::MIN);
        self.keep.clear();
        if ctx.domain(y).is_interval() && !ctx.is_fixed(y) {
            // A large range of values: only `0 <= count <= n` (each value is not enumerated).
            let n = (self.scope.len() - 2) as Value;
            let mut changed = ctx.remove_below(c, 0, Rule::Bounds)?;
            changed |= ctx.remove_above(c, n, Rule::Bounds)?;
            return Ok(changed);
        }
        for v in ctx.domain(y).iter() {
            let (lo, hi) = self.bounds_of(ctx, v);
            let dc = ctx.domain(c);
            // An interval domain (a large range) is read by its bounds only.
            let fits = if dc.is_interval() {
                lo <= i64::from(ctx.max(c)) && hi >= i64::from(ctx.min(c))
            } else {
                dc.iter().any(|k| (lo..=hi).contains(&i64::from(k)))
            };
            self.keep.push(fits);
            if fits {
                lo_all = lo_all.min(lo);
                hi_all = hi_all.max(hi);
            }
        }
        let mut changed = false;
        if self.keep.iter().any(|&k| !k) {
            let mut it = self.keep.iter();
            changed |= ctx.retain(y, |_| *it.next().unwrap_or(&true), Rule::NoSupport)?;
        }
        changed |=
            ctx.remove_below(c, lo_all.clamp(i64::from(Value::MIN), i64::from(Value::MAX)) as Value, Rule::Bounds)?;
        changed |=
            ctx.remove_above(c, hi_all.clamp(i64::from(Value::MIN), i64::from(Value::MAX)) as Value, Rule::Bounds)?;
        if let Some(v) = ctx.value(y) {
            let (lo, hi) = self.bounds_of(ctx, v);
            if lo == i64::from(ctx.max(c)) && hi > lo {
                for k in 2..self.scope.len() {
                    let x = self.scope[k];
                    if !ctx.is_fixed(x) {
                        changed |= ctx.remove_value(x, v, Rule::Other)?;
                    }
                }
            } else if hi == i64::from(ctx.min(c)) && hi > lo {
                for k in 2..self.scope.len() {
                    let x = self.scope[k];
                    if ctx.contains(x, v) {
                        changed |= ctx.assign(x, v, Rule::Other)?;
                    }
                }
            }
        }
        Ok(changed)
    }
}

impl CountEq {
    /// The number of variables counted (positions: a variable given twice counts twice).
    fn n(&self) -> i64 {
        (self.scope.len() - 2) as i64
    }

    /// Before the change: the positions fixed to `v` and those without `v`, the positions of
    /// `skip` left out.
    fn tally(&self, why: &Antecedents<'_>, v: Value, skip: Option<VarId>) -> (i64, i64) {
        let (mut fixed, mut without) = (0, 0);
        for &x in &self.scope[2..] {
            if Some(x) == skip {
                continue;
            }
            if !why.contains(x, v) {
                without += 1;
            } else if why.value(x) == Some(v) {
                fixed += 1;
            }
        }
        (fixed, without)
    }

    /// Names `x = v` for the first `k` positions fixed to `v` (those of `skip` left out).
    fn name_fixed(&self, why: &mut Antecedents<'_>, v: Value, k: i64, skip: Option<VarId>) {
        let mut left = k;
        for &x in &self.scope[2..] {
            if left <= 0 {
                break;
            }
            if Some(x) != skip && why.value(x) == Some(v) {
                why.equal(x, v);
                left -= 1;
            }
        }
    }

    /// Names `x != v` for the first `k` positions without `v`.
    fn name_without(&self, why: &mut Antecedents<'_>, v: Value, k: i64) {
        let mut left = k;
        for &x in &self.scope[2..] {
            if left <= 0 {
                break;
            }
            if !why.contains(x, v) {
                why.not_equal(x, v);
                left -= 1;
            }
        }
    }

    /// Calls `f` on each value of `value` before the change, in increasing order, while it
    /// says yes; false if one says no, or if those values are not listed (an interval not
    /// fixed: its values are not enumerated by the propagation either). No value is collected.
    fn each_value<'a>(
        &self,
        why: &mut Antecedents<'a>,
        mut f: impl FnMut(&mut Antecedents<'a>, Value) -> bool,
    ) -> bool {
        let y = self.scope[0];
        let Some((lo, hi)) = why.bounds(y) else { return false };
        if lo == hi {
            return f(why, lo);
        }
        let Some(values) = why.initial_values(y) else { return false };
        for v in values.skip_while(|&v| v < lo).take_while(|&v| v <= hi) {
            if why.contains(y, v) && !f(why, v) {
                return false;
            }
        }
        true
    }

    /// Names `value`'s domain before the change (its value, if fixed).
    fn name_value_domain(&self, why: &mut Antecedents<'_>) {
        let y = self.scope[0];
        match why.value(y) {
            Some(v) => why.equal(y, v),
            None => why.domain(y),
        }
    }

    /// Why `value = v` has no support: `count`'s domain misses `lo(v)..=hi(v)` (above it: the
    /// count's upper bound and `max + 1` variables fixed to `v`; below it: the lower bound and
    /// `n - min + 1` variables without `v`; else the count's values in that range gone, and
    /// the variables that make the range).
    fn explain_unsupported(&self, why: &mut Antecedents<'_>, v: Value) -> bool {
        let c = self.scope[1];
        let n = self.n();
        let (fixed, without) = self.tally(why, v, None);
        let (lo, hi) = (fixed, n - without);
        let Some((cmin, cmax)) = why.bounds(c) else { return false };
        let (cmin, cmax) = (i64::from(cmin), i64::from(cmax));
        if cmax < lo {
            why.at_most(c, cmax as Value);
            self.name_fixed(why, v, cmax + 1, None);
        } else if cmin > hi {
            why.at_least(c, cmin as Value);
            self.name_without(why, v, n - cmin + 1);
        } else {
            // 0 <= lo <= hi <= n: holes of the count over lo..=hi.
            let (a, b) = (lo as Value, hi as Value);
            if (a..=b).any(|k| why.contains(c, k)) {
                return false;
            }
            why.not_equal_all(c, a..=b);
            self.name_fixed(why, v, fixed, None);
            self.name_without(why, v, without);
        }
        true
    }

    /// Why `count >= bound` (`at_least`) or `count <= bound`: for each value of `value`, as
    /// many variables fixed to it (without it) as the bound needs, or why it has no support.
    /// Nothing for a bound that every count meets (`0 <= count <= n`).
    fn explain_count(&self, why: &mut Antecedents<'_>, bound: Value, at_least: bool) -> bool {
        let n = self.n();
        let b = i64::from(bound);
        if (at_least && b <= 0) || (!at_least && b >= n) {
            return true;
        }
        let each = self.each_value(why, |why, v| {
            let (fixed, without) = self.tally(why, v, None);
            if at_least && fixed >= b {
                self.name_fixed(why, v, b, None);
                true
            } else if !at_least && n - without <= b {
                self.name_without(why, v, n - b);
                true
            } else {
                self.explain_unsupported(why, v)
            }
        });
        each && {
            self.name_value_domain(why);
            true
        }
    }

    /// A change of `count`: the bound it proves, past the values removed (a bitset may have
    /// had holes); values removed in its middle (an emptied bitset domain), as a bound on
    /// either side.
    fn explain_count_change(&self, why: &mut Antecedents<'_>) -> bool {
        let start = why.len_reasons();
        let (first, last) = (why.removed().next(), why.removed().last());
        match why.change() {
            Change::AtLeast(_, bound) => self.explain_count(why, last.map_or(bound, |r| r.saturating_add(1)), true),
            Change::AtMost(_, bound) => self.explain_count(why, first.map_or(bound, |r| r.saturating_sub(1)), false),
            Change::Removed(_) => {
                let (Some(first), Some(last)) = (first, last) else { return false };
                if self.explain_count(why, last.saturating_add(1), true) {
                    return true;
                }
                why.truncate_reasons(start);
                self.explain_count(why, first.saturating_sub(1), false)
            }
            Change::Failure => false,
        }
    }

    /// A change of `value`: each value it lost has no support. An interval's lost values lie
    /// between its bound before the change, named, and the new one (at most 64 of them: the
    /// propagation enumerates an interval's values only once it is fixed).
    fn explain_value_change(&self, why: &mut Antecedents<'_>) -> bool {
        let y = self.scope[0];
        let removed: smallvec::SmallVec<[Value; 64]> = why.removed().collect();
        if !removed.is_empty() {
            return removed.into_iter().all(|v| self.explain_unsupported(why, v));
        }
        let (from, to) = match (why.change(), why.bounds(y)) {
            (Change::AtLeast(_, b), Some((lo, _))) if lo < b => {
                why.at_least(y, lo);
                (lo, b - 1)
            }
            (Change::AtMost(_, b), Some((_, hi))) if b < hi => {
                why.at_most(y, hi);
                (b + 1, hi)
            }
            _ => return false,
        };
        i64::from(to) - i64::from(from) < 64 && (from..=to).all(|v| self.explain_unsupported(why, v))
    }

    /// A change of variable `z` of `vars`, with `value = v`: `v` gone from `z` because the
    /// count is full with the other variables fixed to `v` (`value = v`, `count <= max` and
    /// `max` of them), or `z` fixed to `v` because every variable that may take `v` is needed
    /// (`value = v`, `count >= min` and `n - min` variables without `v`).
    fn explain_var_change(&self, why: &mut Antecedents<'_>, z: VarId) -> bool {
        let (y, c) = (self.scope[0], self.scope[1]);
        let n = self.n();
        let (Some(v), Some((cmin, cmax))) = (why.value(y), why.bounds(c)) else { return false };
        let (cmin, cmax) = (i64::from(cmin), i64::from(cmax));
        // Whether the change took `v` alone (an interval: its old bound, named if so), or
        // left it.
        let (drops, keeps) = if why.removed().next().is_some() {
            (why.removed().all(|r| r == v), why.removed().all(|r| r != v))
        } else {
            match (why.change(), why.bounds(z)) {
                (Change::AtLeast(_, b), Some((lo, _))) => (lo == v && i64::from(b) == i64::from(v) + 1, b <= v),
                (Change::AtMost(_, b), Some((_, hi))) => (hi == v && i64::from(b) == i64::from(v) - 1, b >= v),
                _ => return false,
            }
        };
        if drops {
            let (fixed, _) = self.tally(why, v, Some(z));
            if fixed < cmax {
                return false;
            }
            match why.change() {
                Change::AtLeast(..) if why.removed().next().is_none() => why.at_least(z, v),
                Change::AtMost(..) if why.removed().next().is_none() => why.at_most(z, v),
                _ => {}
            }
            why.equal(y, v);
            why.at_most(c, cmax as Value);
            self.name_fixed(why, v, cmax, Some(z));
            true
        } else if keeps && why.contains(z, v) {
            let (_, without) = self.tally(why, v, None);
            if n - without > cmin {
                return false;
            }
            why.equal(y, v);
            why.at_least(c, cmin as Value);
            self.name_without(why, v, n - cmin);
            true
        } else {
            false
        }
    }

    /// The domains before the change have no support: the count's domain outside `0..=n`
    /// (its bound), or no value of `value` with support.
    fn explain_failure(&self, why: &mut Antecedents<'_>) -> bool {
        let c = self.scope[1];
        let Some((cmin, cmax)) = why.bounds(c) else { return false };
        if cmax < 0 {
            why.at_most(c, cmax);
            return true;
        }
        if i64::from(cmin) > self.n() {
            why.at_least(c, cmin);
            return true;
        }
        self.each_value(why, |why, v| self.explain_unsupported(why, v)) && {
            self.name_value_domain(why);
            true
        }
    }
}

impl Constraint for CountEq {
    fn kind(&self) -> &'static str {
        "count"
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
        // The propagation's reasons in turn (one variable may be the count, the value and a
        // counted variable at once, and a variable may be counted twice: each reason counts
        // positions), then the domains' lack of support, which implies any change (an
        // emptied domain).
        let (y, c) = (self.scope[0], self.scope[1]);
        let z = match why.change() {
            Change::Failure => return self.explain_failure(why),
            Change::AtLeast(z, _) | Change::AtMost(z, _) | Change::Removed(z) => z,
        };
        let start = why.len_reasons();
        if z == c && self.explain_count_change(why) {
            return true;
        }
        why.truncate_reasons(start);
        if z == y && self.explain_value_change(why) {
            return true;
        }
        why.truncate_reasons(start);
        if self.scope[2..].contains(&z) && self.explain_var_change(why, z) {
            return true;
        }
        why.truncate_reasons(start);
        self.explain_failure(why)
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        let n = values[2..].iter().filter(|&&x| x == values[0]).count();
        i64::from(values[1]) == n as i64
    }
}

/// `count = |{i : vars[i] ∈ set}|` for a constant set (MiniZinc's `among`). [`CountEq`] counts
/// one value held in a variable.
///
/// # Propagation
///
/// Let `lo` be the number of variables whose domain lies inside the set and `hi` the number
/// whose domain meets it. `count` keeps `lo..=hi` ([`Rule::Bounds`]); if `lo = max(count)`, the
/// set's values leave every variable not inside it; if `hi = min(count)`, the values outside
/// the set leave every variable that meets it ([`Rule::Other`]). This is generalised arc
/// consistency (Bessière et al. 2005 note that among is a sum of independent indicators).
///
/// # Complexity
///
/// `O(Σ |D(x_i)| * log |set|)` per call.
///
/// # Bibliography
///
/// * C. Bessière, E. Hebrard, B. Hnich, Z. Kiziltan and T. Walsh, "Among, common and
///   disjoint constraints", CSCLP 2005.
///
/// # Example
///
/// ```
/// use csp::Model;
/// use csp::constraints::Among;
///
/// let mut model = Model::new();
/// let x = model.new_vars(3, 1..=4)?;
/// let n = model.new_var(0..=0)?;
/// model.post(Among::new(n, x.clone(), [2, 4]))?;
/// let mut solver = model.into_solver();
/// solver.propagate()?;
/// assert_eq!(solver.domain(x[0]).to_vec(), vec![1, 3]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Among {
    /// `[count, vars...]`.
    scope: Vec<VarId>,
    /// The set, sorted and distinct.
    set: Vec<Value>,
}

impl Among {
    /// `count` variables of `vars` take a value of `set`.
    pub fn new(count: VarId, vars: impl Into<Vec<VarId>>, set: impl IntoIterator<Item = Value>) -> Among {
        let mut scope = vec![count];
        scope.extend(vars.into());
        let mut set: Vec<Value> = set.into_iter().collect();
        set.sort_unstable();
        set.dedup();
        Among { scope, set }
    }

    fn inside(&self, v: Value) -> bool {
        self.set.binary_search(&v).is_ok()
    }

    /// Whether one of `values` is in the set, and whether all are (stopping once both are
    /// known).
    fn sides(&self, values: impl Iterator<Item = Value>) -> (bool, bool) {
        let (mut any_in, mut all_in) = (false, true);
        for v in values {
            if self.inside(v) {
                any_in = true;
            } else {
                all_in = false;
            }
            if any_in && !all_in {
                break;
            }
        }
        (any_in, all_in)
    }

    /// Whether interval variable `x` has a value in the set, and one outside it (by its bounds
    /// against the sorted set).
    fn members_within(&self, ctx: &Context<'_>, x: VarId) -> (bool, bool) {
        let (lo_x, hi_x) = (ctx.min(x), ctx.max(x));
        let from = self.set.partition_point(|&v| v < lo_x);
        let to = self.set.partition_point(|&v| v <= hi_x);
        (to > from, i64::from(hi_x) - i64::from(lo_x) + 1 != (to - from) as i64)
    }

    fn pass(&mut self, ctx: &mut Context<'_>) -> Result<bool, Conflict> {
        let c = self.scope[0];
        let (mut lo, mut hi) = (0i64, 0i64);
        for &x in &self.scope[1..] {
            let d = ctx.domain(x);
            let (any_in, all_in) = if d.is_interval() {
                // A large range: by its bounds against the sorted set.
                let (any_in, any_out) = self.members_within(ctx, x);
                (any_in, !any_out)
            } else {
                self.sides(d.iter())
            };
            lo += i64::from(all_in);
            hi += i64::from(any_in);
        }
        let mut changed = ctx.remove_below(c, lo as Value, Rule::Bounds)?;
        changed |= ctx.remove_above(c, hi as Value, Rule::Bounds)?;
        let (cmin, cmax) = (i64::from(ctx.min(c)), i64::from(ctx.max(c)));
        if lo == cmax && hi > lo {
            for k in 1..self.scope.len() {
                let x = self.scope[k];
                if ctx.domain(x).is_interval() {
                    if self.members_within(ctx, x).1 {
                        changed |= keep_members(ctx, x, &self.set, false)?;
                    }
                } else if ctx.domain(x).iter().any(|v| !self.inside(v)) {
                    let set = &self.set;
                    changed |= ctx.retain(x, |v| set.binary_search(&v).is_err(), Rule::Other)?;
                }
            }
        } else if hi == cmin && hi > lo {
            for k in 1..self.scope.len() {
                let x = self.scope[k];
                if ctx.domain(x).is_interval() {
                    if self.members_within(ctx, x).0 {
                        changed |= keep_members(ctx, x, &self.set, true)?;
                    }
                } else if ctx.domain(x).iter().any(|v| self.inside(v)) {
                    let set = &self.set;
                    changed |= ctx.retain(x, |v| set.binary_search(&v).is_ok(), Rule::Other)?;
                }
            }
        }
        Ok(changed)
    }
}

impl Among {
    /// Before the change, whether `x` has only values of the set (inside) and whether it has
    /// none (outside), an interval domain by its bounds against the set; `None` if an
    /// interval's bounds are not known.
    fn side(&self, why: &Antecedents<'_>, x: VarId) -> Option<(bool, bool)> {
        let (any_in, all_in) = match why.values(x) {
            Some(values) => self.sides(values),
            None => {
                let (lo, hi) = why.bounds(x)?;
                let (all_in, any_in) = self.range_inside(lo, hi);
                (any_in, all_in)
            }
        };
        Some((all_in, !any_in))
    }

    /// Before the change, the variables inside the set and those outside it (positions:
    /// a variable given twice counts twice), those of `skip` left out; `None` if an
    /// interval's bounds are not known.
    fn tally(&self, why: &Antecedents<'_>, skip: Option<VarId>) -> Option<(i64, i64)> {
        let (mut inside, mut outside) = (0, 0);
        for &x in &self.scope[1..] {
            if Some(x) != skip {
                let (i, o) = self.side(why, x)?;
                inside += i64::from(i);
                outside += i64::from(o);
            }
        }
        Some((inside, outside))
    }

    /// Whether every value of `lo..=hi` is in the set, and whether one is.
    fn range_inside(&self, lo: Value, hi: Value) -> (bool, bool) {
        let from = self.set.partition_point(|&v| v < lo);
        let to = self.set.partition_point(|&v| v <= hi);
        (i64::from(hi) - i64::from(lo) + 1 == (to - from) as i64, to > from)
    }

    /// Names, for the first `k` variables inside the set (`inside`) or outside it (those of
    /// `skip` left out), the removals that put them there.
    fn name_side(&self, why: &mut Antecedents<'_>, k: i64, inside: bool, skip: Option<VarId>) -> bool {
        let mut left = k;
        for &x in &self.scope[1..] {
            if left <= 0 {
                break;
            }
            let Some((all_in, all_out)) = self.side(why, x) else { return false };
            if Some(x) == skip || (if inside { !all_in } else { !all_out }) {
                continue;
            }
            left -= 1;
            match why.initial_values(x) {
                Some(values) => why.not_equal_all(x, values.filter(|&v| self.inside(v) != inside)),
                None => {
                    let Some((lo, hi)) = why.bounds(x) else { return false };
                    self.name_range(why, x, lo, hi, inside);
                }
            }
        }
        true
    }

    /// Names the bounds that keep interval variable `x`, within `lo..=hi` before the change,
    /// inside the set (the run of consecutive set values around that range) or outside it
    /// (past the set values nearest that range).
    fn name_range(&self, why: &mut Antecedents<'_>, x: VarId, lo: Value, hi: Value, inside: bool) {
        let set = &self.set;
        if inside {
            // `lo..=hi` lies in one run of consecutive set values: the run's ends.
            let (mut a, mut b) = (set.partition_point(|&v| v < lo), set.partition_point(|&v| v <= hi) - 1);
            while a > 0 && set[a - 1] == set[a] - 1 {
                a -= 1;
            }
            while b + 1 < set.len() && set[b + 1] == set[b] + 1 {
                b += 1;
            }
            why.at_least(x, set[a]);
            why.at_most(x, set[b]);
        } else {
            let below = set.partition_point(|&v| v < lo);
            if below > 0 {
                why.at_least(x, set[below - 1] + 1);
            }
            if let Some(&above) = set.get(set.partition_point(|&v| v <= hi)) {
                why.at_most(x, above - 1);
            }
        }
    }
}

impl Constraint for Among {
    fn kind(&self) -> &'static str {
        "among"
    }

    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn is_idempotent(&self) -> bool {
        true
    }

    fn propagate(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        super::passes_to_fixed_point(self, ctx, Self::pass)
    }

    fn explain(&self, why: &mut Antecedents<'_>) -> bool {
        // The count is at least the variables inside the set and at most those not outside it;
        // at its largest, the set's values leave the others, at its smallest, the values
        // outside the set do. An interval domain is read, and named, by its bounds. Nothing
        // is collected: the variables are counted, then walked again to be named. Positions
        // are counted: a variable given twice counts twice, and the count may be counted too
        // (each reason below is implied by the constraint on the positions it names).
        let c = self.scope[0];
        let n = (self.scope.len() - 1) as i64;
        match why.change() {
            // The bound to prove: past the values removed (a bitset may have had holes).
            Change::AtLeast(x, bound) if x == c => {
                let Some((inside, _)) = self.tally(why, None) else { return false };
                let b = i64::from(why.removed().max().map_or(bound, |r| r.saturating_add(1)));
                inside >= b && self.name_side(why, b, true, None)
            }
            Change::AtMost(x, bound) if x == c => {
                let Some((_, outside)) = self.tally(why, None) else { return false };
                let b = i64::from(why.removed().min().map_or(bound, |r| r.saturating_sub(1)));
                n - outside <= b && self.name_side(why, n - b, false, None)
            }
            // Values in the middle of the count's domain (its last ones, when the change
            // empties it): each below the variables inside the set or above those not outside.
            Change::Removed(x) if x == c => {
                let (Some(lo), Some(hi)) = (why.removed().next(), why.removed().last()) else { return false };
                let (lo, hi) = (i64::from(lo), i64::from(hi));
                let Some((inside, outside)) = self.tally(why, None) else { return false };
                if inside > hi {
                    self.name_side(why, hi + 1, true, None)
                } else if n - outside < lo {
                    self.name_side(why, n - lo + 1, false, None)
                } else {
                    false
                }
            }
            Change::Failure => {
                let Some((cmin, cmax)) = why.bounds(c) else { return false };
                let (cmin, cmax) = (i64::from(cmin), i64::from(cmax));
                let Some((inside, outside)) = self.tally(why, None) else { return false };
                if inside > cmax {
                    why.at_most(c, cmax as Value);
                    self.name_side(why, cmax + 1, true, None)
                } else if n - outside < cmin {
                    why.at_least(c, cmin as Value);
                    self.name_side(why, n - cmin + 1, false, None)
                } else {
                    false
                }
            }
            Change::AtLeast(x, _) | Change::AtMost(x, _) | Change::Removed(x) => {
                // The values removed (an interval's: between its bound before and the new one)
                // all inside the set, or all outside.
                let (all_in, all_out) = if why.removed().next().is_some() {
                    (why.removed().all(|v| self.inside(v)), why.removed().all(|v| !self.inside(v)))
                } else {
                    match why.change() {
                        // The new bound excludes the values past the old one too: that bound
                        // is a reason.
                        Change::AtLeast(_, b) => match why.min(x) {
                            Some(lo) if lo < b => {
                                why.at_least(x, lo);
                                let (all, any) = self.range_inside(lo, b - 1);
                                (all, !any)
                            }
                            _ => return false,
                        },
                        Change::AtMost(_, b) => match why.max(x) {
                            Some(hi) if b < hi => {
                                why.at_most(x, hi);
                                let (all, any) = self.range_inside(b + 1, hi);
                                (all, !any)
                            }
                            _ => return false,
                        },
                        _ => return false,
                    }
                };
                let Some((cmin, cmax)) = why.bounds(c) else { return false };
                let (cmin, cmax) = (i64::from(cmin), i64::from(cmax));
                // The other variables' sides.
                let Some((inside, outside)) = self.tally(why, Some(x)) else { return false };
                if all_in {
                    // The count is full with the variables inside the set.
                    if inside < cmax {
                        return false;
                    }
                    why.at_most(c, cmax as Value);
                    self.name_side(why, cmax, true, Some(x))
                } else if all_out {
                    // Every variable not outside the set is needed.
                    if outside < n - cmin {
                        return false;
                    }
                    why.at_least(c, cmin as Value);
                    self.name_side(why, n - cmin, false, Some(x))
                } else {
                    false
                }
            }
        }
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        let n = values[1..].iter().filter(|&&x| self.inside(x)).count();
        i64::from(values[0]) == n as i64
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::model::Model;
    use crate::search::Solver;
    use crate::testing::{
        assert_solutions_and_gac, brute_force, model_with, projections, propagated, small_domain, solve_all,
    };

    #[test]
    fn count_at_its_maximum_removes_the_value_elsewhere() {
        let (mut model, v) = model_with(&[vec![1], vec![1], vec![1, 3], vec![1], vec![1, 2]]);
        model.post(CountEq::new(v[2..].to_vec(), v[0], v[1])).unwrap();
        // One 1, taken already.
        assert_eq!(propagated(model, &v).unwrap(), vec![vec![1], vec![1], vec![3], vec![1], vec![2]]);
    }

    #[test]
    fn count_at_its_minimum_fixes_every_holder() {
        let (mut model, v) = model_with(&[vec![4], vec![2, 5], vec![4, 5], vec![1, 4], vec![1]]);
        model.post(CountEq::new(v[2..].to_vec(), v[0], v[1])).unwrap();
        assert_eq!(propagated(model, &v).unwrap(), vec![vec![4], vec![2], vec![4], vec![4], vec![1]]);
    }

    #[test]
    fn count_removes_values_whose_range_misses_the_count() {
        let (mut model, v) = model_with(&[vec![1, 2, 3], vec![2], vec![1, 2], vec![1, 2], vec![3, 2]]);
        model.post(CountEq::new(v[2..].to_vec(), v[0], v[1])).unwrap();
        // 3 occurs at most once.
        assert_eq!(propagated(model, &v).unwrap()[0], vec![1, 2]);
    }

    #[test]
    fn among_fails_when_too_few_can_be_inside() {
        let (mut model, v) = model_with(&[vec![2], vec![1, 2], vec![3]]);
        model.post(Among::new(v[0], v[1..].to_vec(), [1])).unwrap();
        Solver::new(model).propagate().expect_err("at most one variable can be 1");
    }

    #[test]
    fn among_at_its_minimum_keeps_set_values() {
        let (mut model, v) = model_with(&[vec![2, 3], vec![1, 2, 3], vec![1, 4], vec![5, 6]]);
        model.post(Among::new(v[0], v[1..].to_vec(), [1, 2])).unwrap();
        assert_eq!(propagated(model, &v).unwrap(), vec![vec![2], vec![1, 2], vec![1], vec![5, 6]]);
    }

    #[test]
    fn interval_domains_are_read_by_their_bounds() {
        let mut model = Model::new();
        let wide = model.new_var(0..=crate::domain::INTERVAL_THRESHOLD as Value * 2).unwrap();
        assert!(model.initial_domain(wide).is_interval());
        let x = model.new_var(5..=5).unwrap();
        let n = model.new_var(0..=9).unwrap();
        model.post(Among::new(n, vec![wide, x], [5, 6])).unwrap();
        let y = model.new_var(0..=crate::domain::INTERVAL_THRESHOLD as Value * 2).unwrap();
        let c = model.new_var(-3..=9).unwrap();
        model.post(CountEq::new(vec![wide, x], y, c)).unwrap();
        let mut solver = Solver::new(model);
        solver.propagate().unwrap();
        assert_eq!(solver.domain(n).to_vec(), vec![1, 2]);
        assert_eq!(solver.domain(c).to_vec(), vec![0, 1, 2]);
    }

    fn instance() -> impl Strategy<Value = Vec<Vec<Value>>> {
        proptest::collection::vec(small_domain(0, 3), 2..=5)
    }

    proptest! {
        #[test]
        fn count_equals_its_definition(domains in instance()) {
            let expected = brute_force(&domains, |vs| vs[2..].iter().filter(|&&x| x == vs[0]).count() as i32 == vs[1]);
            let build = || {
                let (mut model, v) = model_with(&domains);
                model.post(CountEq::new(v[2.min(v.len())..].to_vec(), v[0], v[1])).unwrap();
                (model, v)
            };
            prop_assume!(domains.len() >= 2);
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

        #[test]
        fn among_equals_its_definition_and_is_gac(domains in instance(), set in proptest::collection::btree_set(0..=3, 0..=3)) {
            let set: Vec<Value> = set.into_iter().collect();
            let expected = brute_force(&domains, |vs| vs[1..].iter().filter(|x| set.contains(x)).count() as i32 == vs[0]);
            let build = || {
                let (mut model, v) = model_with(&domains);
                model.post(Among::new(v[0], v[1..].to_vec(), set.clone())).unwrap();
                (model, v)
            };
            assert_solutions_and_gac(build, &expected)?;
        }
    }
}

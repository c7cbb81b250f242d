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
/// On request ([`Constraint::explain`]), from the domains before the change, by counting: a
/// bound of `count` rests on `value`'s domain and, for each of its values, the variables
/// fixed to it (`count >=`) or without it (`count <=`), as many as the bound needs; a value
/// leaving `value` on `count`'s bounds (or holes) and those variables; `v` leaving a variable
/// on `value = v`, `count <= lo(v)` and the `lo(v)` variables fixed to `v`; a variable fixed to
/// `v` on `value = v`, `count >= hi(v)` and the variables without `v`. A scope with a variable
/// twice gets the generic explanation.
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
    /// The variables (positions in the scope) fixed to `v` before the change, and those
    /// without `v`.
    fn split(&self, why: &Antecedents<'_>, v: Value) -> (Vec<usize>, Vec<usize>) {
        let (mut fixed, mut without) = (Vec::new(), Vec::new());
        for k in 2..self.scope.len() {
            let x = self.scope[k];
            if !why.contains(x, v) {
                without.push(k);
            } else if why.value(x) == Some(v) {
                fixed.push(k);
            }
        }
        (fixed, without)
    }

    /// Names `k` of the variables of `fixed` as fixed to `v`.
    fn name_fixed(&self, why: &mut Antecedents<'_>, fixed: &[usize], k: usize, v: Value) {
        for &i in fixed.iter().take(k) {
            why.equal(self.scope[i], v);
        }
    }

    /// Names `k` of the variables of `without` as without `v`.
    fn name_without(&self, why: &mut Antecedents<'_>, without: &[usize], k: usize, v: Value) {
        for &i in without.iter().take(k) {
            why.not_equal(self.scope[i], v);
        }
    }

    /// Why `value = v` has no support: `count`'s domain misses `lo(v)..=hi(v)`.
    fn explain_unsupported(&self, why: &mut Antecedents<'_>, v: Value) -> bool {
        let c = self.scope[1];
        let n = (self.scope.len() - 2) as i64;
        let (fixed, without) = self.split(why, v);
        let (lo, hi) = (fixed.len() as i64, n - without.len() as i64);
        let Some((cmin, cmax)) = why.bounds(c) else { return false };
        if i64::from(cmax) < lo {
            why.at_most(c, cmax);
            self.name_fixed(why, &fixed, (i64::from(cmax) + 1).max(0) as usize, v);
        } else if i64::from(cmin) > hi {
            why.at_least(c, cmin);
            self.name_without(why, &without, (n - i64::from(cmin) + 1).max(0) as usize, v);
        } else {
            // Holes of `count` over lo..=hi.
            let (Ok(a), Ok(b)) = (Value::try_from(lo), Value::try_from(hi)) else { return false };
            if (a..=b).any(|k| why.contains(c, k)) || b - a > 64 {
                return false;
            }
            for k in a..=b {
                why.not_equal(c, k);
            }
            self.name_fixed(why, &fixed, fixed.len(), v);
            self.name_without(why, &without, without.len(), v);
        }
        true
    }

    /// The values of `value` before the change, if few enough to list.
    fn value_values(&self, why: &Antecedents<'_>) -> Option<Vec<Value>> {
        let y = self.scope[0];
        let (lo, hi) = why.bounds(y)?;
        if i64::from(hi) - i64::from(lo) > 256 {
            return None;
        }
        Some((lo..=hi).filter(|&v| why.contains(y, v)).collect())
    }

    fn explain_count(&self, why: &mut Antecedents<'_>, bound: Value, at_least: bool) -> bool {
        let Some(values) = self.value_values(why) else { return false };
        let n = (self.scope.len() - 2) as i64;
        let b = i64::from(bound);
        for &v in &values {
            let (fixed, without) = self.split(why, v);
            if at_least {
                if (fixed.len() as i64) < b {
                    return false;
                }
                self.name_fixed(why, &fixed, b.max(0) as usize, v);
            } else {
                if n - (without.len() as i64) > b {
                    return false;
                }
                self.name_without(why, &without, (n - b).max(0) as usize, v);
            }
        }
        why.domain(self.scope[0]);
        true
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
        if super::has_repeated_var(&self.scope) {
            return false;
        }
        let (y, c) = (self.scope[0], self.scope[1]);
        match why.change() {
            // The bound to prove: past the values removed (a bitset may have had holes).
            Change::AtLeast(x, bound) if x == c => {
                let b = why.removed().max().map_or(bound, |r| r.saturating_add(1));
                self.explain_count(why, b, true)
            }
            Change::AtMost(x, bound) if x == c => {
                let b = why.removed().min().map_or(bound, |r| r.saturating_sub(1));
                self.explain_count(why, b, false)
            }
            Change::Failure => {
                // Every value of `value` without support.
                let Some(values) = self.value_values(why) else { return false };
                for v in values {
                    if !self.explain_unsupported(why, v) {
                        return false;
                    }
                }
                why.domain(y);
                true
            }
            Change::AtLeast(x, _) | Change::AtMost(x, _) | Change::Removed(x) if x == y => {
                let removed: Vec<Value> = why.removed().collect();
                !removed.is_empty() && removed.into_iter().all(|v| self.explain_unsupported(why, v))
            }
            Change::Removed(x) if x == c => false,
            Change::AtLeast(x, _) | Change::AtMost(x, _) | Change::Removed(x) => {
                let Some(v) = why.value(y) else { return false };
                let removed: Vec<Value> = why.removed().collect();
                let n = (self.scope.len() - 2) as i64;
                let (fixed, without) = self.split(why, v);
                let (cmin, cmax) = match why.bounds(c) {
                    Some(b) => (i64::from(b.0), i64::from(b.1)),
                    None => return false,
                };
                let own = self.scope.iter().position(|&z| z == x).unwrap_or(0);
                let drops_v = if removed.is_empty() {
                    match why.change() {
                        Change::AtLeast(_, b) => b > v,
                        Change::AtMost(_, b) => b < v,
                        _ => false,
                    }
                } else {
                    removed.contains(&v)
                };
                if drops_v {
                    // `v` left `x`: the count is full with the variables fixed to `v`.
                    let fixed: Vec<usize> = fixed.into_iter().filter(|&k| k != own).collect();
                    if (fixed.len() as i64) < cmax {
                        return false;
                    }
                    why.equal(y, v);
                    why.at_most(c, cmax as Value);
                    self.name_fixed(why, &fixed, cmax.max(0) as usize, v);
                } else {
                    // `x` fixed to `v`: every variable that may take `v` is needed.
                    if !why.contains(x, v) || n - (without.len() as i64) > cmin {
                        return false;
                    }
                    why.equal(y, v);
                    why.at_least(c, cmin as Value);
                    self.name_without(why, &without, without.len(), v);
                }
                true
            }
        }
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
            let (mut any_in, mut all_in) = (false, true);
            if d.is_interval() {
                // A large range: by its bounds against the sorted set.
                let any_out;
                (any_in, any_out) = self.members_within(ctx, x);
                all_in = !any_out;
                lo += i64::from(all_in);
                hi += i64::from(any_in);
                continue;
            }
            for v in d.iter() {
                if self.inside(v) {
                    any_in = true;
                } else {
                    all_in = false;
                }
                if any_in && !all_in {
                    break;
                }
            }
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
    /// Before the change: the positions (in the scope) of the variables with only values of
    /// the set, and of those with none (an interval domain by its bounds against the set);
    /// `None` if an interval's bounds are not known.
    fn inside_outside(&self, why: &Antecedents<'_>) -> Option<(Vec<usize>, Vec<usize>)> {
        let (mut inside, mut outside) = (Vec::new(), Vec::new());
        for k in 1..self.scope.len() {
            let (mut any_in, mut all_in) = (false, true);
            match why.values(self.scope[k]) {
                Some(values) => {
                    for v in values {
                        if self.inside(v) {
                            any_in = true;
                        } else {
                            all_in = false;
                        }
                    }
                }
                None => {
                    let (lo, hi) = why.bounds(self.scope[k])?;
                    (all_in, any_in) = self.range_inside(lo, hi);
                }
            }
            if all_in {
                inside.push(k);
            } else if !any_in {
                outside.push(k);
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

    /// Names, for `k` of the variables at `positions`, the removals that put them inside the
    /// set (`inside`) or outside it.
    fn name_side(&self, why: &mut Antecedents<'_>, positions: &[usize], k: usize, inside: bool) -> bool {
        for &i in positions.iter().take(k) {
            let x = self.scope[i];
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
        // outside the set do. An interval domain is read, and named, by its bounds.
        if super::has_repeated_var(&self.scope) {
            return false;
        }
        let c = self.scope[0];
        let n = (self.scope.len() - 1) as i64;
        let Some((inside, outside)) = self.inside_outside(why) else { return false };
        let count = |b: i64| b.clamp(0, n) as usize;
        match why.change() {
            // The bound to prove: past the values removed (a bitset may have had holes).
            Change::AtLeast(x, bound) if x == c => {
                let b = i64::from(why.removed().max().map_or(bound, |r| r.saturating_add(1)));
                inside.len() as i64 >= b && self.name_side(why, &inside, count(b), true)
            }
            Change::AtMost(x, bound) if x == c => {
                let b = i64::from(why.removed().min().map_or(bound, |r| r.saturating_sub(1)));
                n - outside.len() as i64 <= b && self.name_side(why, &outside, count(n - b), false)
            }
            // Values in the middle of the count's domain (its last ones, when the change
            // empties it): each below the variables inside the set or above those not outside.
            Change::Removed(x) if x == c => {
                let (Some(lo), Some(hi)) = (why.removed().next(), why.removed().last()) else { return false };
                let (lo, hi) = (i64::from(lo), i64::from(hi));
                if inside.len() as i64 > hi {
                    self.name_side(why, &inside, count(hi + 1), true)
                } else if n - (outside.len() as i64) < lo {
                    self.name_side(why, &outside, count(n - lo + 1), false)
                } else {
                    false
                }
            }
            Change::Failure => {
                let Some((cmin, cmax)) = why.bounds(c) else { return false };
                let (cmin, cmax) = (i64::from(cmin), i64::from(cmax));
                if inside.len() as i64 > cmax {
                    why.at_most(c, cmax as Value);
                    self.name_side(why, &inside, count(cmax + 1), true)
                } else if n - (outside.len() as i64) < cmin {
                    why.at_least(c, cmin as Value);
                    self.name_side(why, &outside, count(n - cmin + 1), false)
                } else {
                    false
                }
            }
            Change::AtLeast(x, _) | Change::AtMost(x, _) | Change::Removed(x) => {
                let removed: Vec<Value> = why.removed().collect();
                // The values removed (an interval's: between its bound before and the new one)
                // all inside the set, or all outside.
                let (all_in, all_out) = match why.change() {
                    _ if !removed.is_empty() => {
                        (removed.iter().all(|&v| self.inside(v)), removed.iter().all(|&v| !self.inside(v)))
                    }
                    // The new bound excludes the values past the old one too: that bound is a
                    // reason.
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
                };
                let Some((cmin, cmax)) = why.bounds(c) else { return false };
                let (cmin, cmax) = (i64::from(cmin), i64::from(cmax));
                let others = |side: &[usize]| side.iter().copied().filter(|&k| self.scope[k] != x).collect::<Vec<_>>();
                if all_in {
                    // The count is full with the variables inside the set.
                    let inside = others(&inside);
                    if (inside.len() as i64) < cmax {
                        return false;
                    }
                    why.at_most(c, cmax as Value);
                    self.name_side(why, &inside, count(cmax), true)
                } else if all_out {
                    // Every variable not outside the set is needed.
                    let outside = others(&outside);
                    if (outside.len() as i64) < n - cmin {
                        return false;
                    }
                    why.at_least(c, cmin as Value);
                    self.name_side(why, &outside, count(n - cmin), false)
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

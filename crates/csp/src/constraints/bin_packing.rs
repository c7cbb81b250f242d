//! `BinPacking`: items of given weights in bins with load variables (Shaw 2004).

use crate::constraint::{Constraint, Events, Priority, Rule};
use crate::constraints::linear::tighten;
use crate::context::Context;
use crate::error::{Conflict, ModelError};
use crate::id::{Value, VarId};
use crate::learning::explain::{Antecedents, Change};
use crate::model::Model;

/// Items packed into bins: item `i` of weight `w_i >= 0` goes into bin `bin_i`, and the load
/// of bin `b` is the total weight of its items: `load_b = Σ { w_i : bin_i = b }`. Bins are
/// numbered `first..first + m` for `m` load variables (`first` is 0 unless set with
/// [`with_first_bin`](BinPacking::with_first_bin); MiniZinc's bins are the index set of the
/// loads, usually from 1). A capacity is an upper bound of a load variable's domain.
///
/// # Propagation
///
/// Shaw's propagator, repeated until nothing changes (so one call is idempotent), with
/// `R_b` the weight of the items fixed in bin `b` and `C_b` the other items that may go there:
///
/// * *load bounds*: `R_b <= load_b <= R_b + Σ C_b`, and since the loads sum to the total
///   weight `W`, `load_b >= W - Σ_{b' ≠ b} max load_b'` and `load_b <= W - Σ_{b' ≠ b} min load_b'`;
/// * *size-based elimination and commitment*: an item too heavy for what is left of a bin
///   (`R_b + w_i > max load_b`) leaves it; an item without which the bin cannot reach its
///   minimum load (`R_b + Σ C_b - w_i < min load_b`) is packed into it;
/// * *knapsack reasoning* with Shaw's `NoSum` test, a linear-time sufficient condition for "no
///   subset of `C_b` sums into `[α, β]`": the bin fails if no subset reaches
///   `[min load_b - R_b, max load_b - R_b]`; the load bounds move to the nearest achievable
///   sums; an item leaves a bin if no subset of the others completes it into the range, and
///   is packed into a bin if no subset of the others alone fits the range.
///
/// Bin values outside `first..first + m` are removed. Every pruning has the rule
/// [`Rule::Bounds`] (loads) or [`Rule::Other`] (bins); when explanations are on, the
/// premises are the constraint's other variables.
///
/// # Explanation
///
/// On request ([`Constraint::explain`]), each pruning is checked again in the domains before
/// it and explained by what it read: a bound of a load from the total weight by the other
/// loads' bounds; anything else about bin `b` (a load bound from its items or a `NoSum` test,
/// an item leaving or packed into it, its failure) by that bin alone: the items fixed into
/// it, the items that cannot go there (`bin_i != b`) and its load's bounds.
///
/// # Complexity
///
/// `O(n·m + Σ_b |C_b|²)` per pass for `n` items and `m` bins (the `NoSum` tests are linear in
/// the candidates of a bin, one per candidate); passes repeat only when something changed.
///
/// # Example
///
/// ```
/// use csp::Model;
/// use csp::constraints::BinPacking;
///
/// // Items of weights 3, 3, 2, 2 in two bins of capacity 5.
/// let mut model = Model::new();
/// let bins = model.new_vars(4, 0..=1)?;
/// let loads = model.new_vars(2, 0..=5)?;
/// model.post(BinPacking::new(loads.clone(), bins.clone(), vec![3, 3, 2, 2]))?;
/// let mut solver = model.into_solver();
/// solver.propagate()?;
/// // The total 10 fills both bins.
/// assert_eq!(solver.domain(loads[0]).to_vec(), vec![5]);
/// assert_eq!(solver.count_solutions(u64::MAX).count, 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Bibliography
///
/// * P. Shaw, "A constraint for bin packing", CP 2004 (load bounds, pruning rules, `NoSum`).
/// * S. Martello and P. Toth, "Knapsack problems: algorithms and computer implementations",
///   Wiley, 1990 (the lower bounds Shaw adds, not implemented here).
#[derive(Clone, Debug)]
pub struct BinPacking {
    /// An argument error found by the constructor (vectors of different lengths), reported by
    /// [`Model::post`](crate::model::Model::post) as a [`ModelError`].
    misuse: Option<String>,
    /// The item bins (local `0..n`), then the loads (local `n..n + m`).
    scope: Vec<VarId>,
    n: usize,
    first: i64,
    weights: Vec<i64>,
    /// Items by decreasing weight.
    order: Vec<usize>,
    total: i64,
    /// Scratch: per bin, the fixed weight.
    required: Vec<i64>,
    /// Scratch: the candidate weights and items of one bin, by decreasing weight.
    sizes: Vec<i64>,
    items: Vec<usize>,
}

impl BinPacking {
    /// Items of weights `weights` in bins `bins`; `loads[b]` is the load of bin `b` (from 0).
    /// `bins` and `weights` of different lengths are a [`ModelError::InvalidConstraint`] when
    /// posted.
    pub fn new(loads: Vec<VarId>, bins: Vec<VarId>, weights: Vec<Value>) -> BinPacking {
        let misuse = (bins.len() != weights.len())
            .then(|| format!("{} items and {} weights (one weight per item)", bins.len(), weights.len()));
        let n = bins.len();
        let mut weights: Vec<i64> = weights.into_iter().map(i64::from).collect();
        weights.resize(n, 0);
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(weights[i]));
        let total = weights.iter().sum();
        let mut scope = bins;
        scope.extend(loads);
        BinPacking {
            misuse,
            scope,
            n,
            first: 0,
            weights,
            order,
            total,
            required: Vec::new(),
            sizes: Vec::new(),
            items: Vec::new(),
        }
    }

    /// Numbers the bins from `first` (`loads[0]` is bin `first`).
    pub fn with_first_bin(mut self, first: Value) -> BinPacking {
        self.first = i64::from(first);
        self
    }

    fn m(&self) -> usize {
        self.scope.len() - self.n
    }

    /// One pass; returns whether anything changed.
    fn pass(&mut self, ctx: &mut Context<'_>) -> Result<bool, Conflict> {
        let (n, m) = (self.n, self.m());
        let mut changed = false;
        self.required.clear();
        self.required.resize(m, 0);
        for i in 0..n {
            if let Some(v) = ctx.value(self.scope[i]) {
                self.required[(i64::from(v) - self.first) as usize] += self.weights[i];
            }
        }
        // Load bounds from the items, then from the total.
        let (mut sum_min, mut sum_max) = (0i64, 0i64);
        for b in 0..m {
            let load = self.scope[n + b];
            let bin = self.first + b as i64;
            let mut cand = 0i64;
            for i in 0..n {
                let x = self.scope[i];
                if !ctx.is_fixed(x) && ctx.contains(x, bin as Value) {
                    cand += self.weights[i];
                }
            }
            changed |= tighten(ctx, load, self.required[b], self.required[b] + cand)?;
            sum_min += i64::from(ctx.min(load));
            sum_max += i64::from(ctx.max(load));
        }
        for b in 0..m {
            let load = self.scope[n + b];
            let (lo, hi) = (i64::from(ctx.min(load)), i64::from(ctx.max(load)));
            let (new_lo, new_hi) = (self.total - (sum_max - hi), self.total - (sum_min - lo));
            if new_lo > lo || new_hi < hi {
                changed |= tighten(ctx, load, new_lo, new_hi)?;
                let (lo2, hi2) = (i64::from(ctx.min(load)), i64::from(ctx.max(load)));
                sum_min += lo2 - lo;
                sum_max += hi2 - hi;
            }
        }
        // Per bin: elimination, commitment, NoSum.
        for b in 0..m {
            let load = self.scope[n + b];
            let bin = (self.first + b as i64) as Value;
            self.sizes.clear();
            self.items.clear();
            // The fixed weight afresh: earlier bins of this pass may have fixed items.
            let mut req = 0i64;
            for &i in &self.order {
                let x = self.scope[i];
                if ctx.value(x) == Some(bin) {
                    req += self.weights[i];
                } else if self.weights[i] > 0 && ctx.contains(x, bin) {
                    // Zero-weight items change no sum: they are free (and NoSum needs sizes > 0).
                    self.sizes.push(self.weights[i]);
                    self.items.push(i);
                }
            }
            let cand_total: i64 = self.sizes.iter().sum();
            let lo = i64::from(ctx.min(load)) - req;
            let hi = i64::from(ctx.max(load)) - req;
            if no_sum(&self.sizes, usize::MAX, cand_total, lo, hi).is_some() {
                return Err(ctx.fail(Rule::Other));
            }
            if let Some((_, above)) = no_sum(&self.sizes, usize::MAX, cand_total, lo, lo) {
                changed |= tighten(ctx, load, req + above, i64::MAX)?;
            }
            if let Some((below, _)) = no_sum(&self.sizes, usize::MAX, cand_total, hi, hi) {
                changed |= tighten(ctx, load, i64::MIN, req + below)?;
            }
            let lo = i64::from(ctx.min(load)) - req;
            let hi = i64::from(ctx.max(load)) - req;
            for k in 0..self.items.len() {
                let (i, w) = (self.items[k], self.sizes[k]);
                let x = self.scope[i];
                let rest = cand_total - w;
                if w > hi || no_sum(&self.sizes, k, rest, lo - w, hi - w).is_some() {
                    changed |= ctx.remove_value(x, bin, Rule::Other)?;
                } else if rest < lo || no_sum(&self.sizes, k, rest, lo, hi).is_some() {
                    changed |= ctx.assign(x, bin, Rule::Other)?;
                }
            }
        }
        Ok(changed)
    }
}

/// One bin's state before a change, for explanations.
struct BinState {
    /// The weight fixed into the bin.
    req: i64,
    /// The candidates' sizes, by decreasing weight, and their items.
    sizes: Vec<i64>,
    items: Vec<usize>,
    /// The load's bounds.
    lo: i64,
    hi: i64,
}

impl BinPacking {
    /// Bin `b`'s state before the change: the weight fixed into it, the candidate sizes (by
    /// decreasing weight) with their items, and its load's bounds.
    fn bin_before(&self, why: &Antecedents<'_>, b: usize) -> Option<BinState> {
        let bin = Value::try_from(self.first + b as i64).ok()?;
        let (mut req, mut sizes, mut items) = (0i64, Vec::new(), Vec::new());
        for &i in &self.order {
            let x = self.scope[i];
            if why.value(x) == Some(bin) {
                req += self.weights[i];
            } else if self.weights[i] > 0 && why.contains(x, bin) {
                sizes.push(self.weights[i]);
                items.push(i);
            }
        }
        let (lo, hi) = why.bounds(self.scope[self.n + b])?;
        Some(BinState { req, sizes, items, lo: i64::from(lo), hi: i64::from(hi) })
    }

    /// Names bin `b`'s state: the items fixed into it, those that cannot go there, its load's
    /// bounds.
    fn name_bin(&self, why: &mut Antecedents<'_>, b: usize) {
        let bin = (self.first + b as i64) as Value;
        for i in 0..self.n {
            let x = self.scope[i];
            if self.weights[i] == 0 {
                continue;
            }
            if why.value(x) == Some(bin) {
                why.equal(x, bin);
            } else if !why.contains(x, bin) {
                why.not_equal(x, bin);
            }
        }
        why.at_least_min(self.scope[self.n + b]);
        why.at_most_max(self.scope[self.n + b]);
    }

    /// Whether bin `b` has no packing left in the domains before the change.
    fn bin_fails(&self, why: &Antecedents<'_>, b: usize) -> bool {
        let Some(BinState { req, sizes, lo, hi, .. }) = self.bin_before(why, b) else { return false };
        let total: i64 = sizes.iter().sum();
        req > hi || req + total < lo || no_sum(&sizes, usize::MAX, total, lo - req, hi - req).is_some()
    }

    /// The loads' bounds before the change, if known.
    fn load_bounds(&self, why: &Antecedents<'_>) -> Option<Vec<(i64, i64)>> {
        (0..self.m()).map(|b| why.bounds(self.scope[self.n + b]).map(|(l, h)| (i64::from(l), i64::from(h)))).collect()
    }

    /// Why load `b` is at least (`lower`) or at most `v`.
    fn explain_load(&self, why: &mut Antecedents<'_>, b: usize, v: i64, lower: bool) -> bool {
        let Some(bounds) = self.load_bounds(why) else { return false };
        // From the total weight and the other loads.
        let others: i64 =
            (0..self.m()).filter(|&k| k != b).map(|k| if lower { bounds[k].1 } else { bounds[k].0 }).sum();
        if (lower && self.total - others >= v) || (!lower && self.total - others <= v) {
            for k in (0..self.m()).filter(|&k| k != b) {
                if lower {
                    why.at_most_max(self.scope[self.n + k]);
                } else {
                    why.at_least_min(self.scope[self.n + k]);
                }
            }
            return true;
        }
        let Some(BinState { req, sizes, lo, hi, .. }) = self.bin_before(why, b) else { return false };
        let total: i64 = sizes.iter().sum();
        let ok = if lower {
            req >= v || no_sum(&sizes, usize::MAX, total, lo - req, lo - req).is_some_and(|(_, above)| req + above >= v)
        } else {
            req + total <= v
                || no_sum(&sizes, usize::MAX, total, hi - req, hi - req).is_some_and(|(below, _)| req + below <= v)
        };
        if ok {
            self.name_bin(why, b);
        }
        ok
    }

    /// Why item `i` left bin `b` (too heavy, or no subset of the others completes it).
    fn explain_leaves(&self, why: &mut Antecedents<'_>, i: usize, b: usize) -> bool {
        let Some(BinState { req, sizes, items, lo, hi }) = self.bin_before(why, b) else { return false };
        let Some(k) = items.iter().position(|&j| j == i) else { return false };
        let (total, w) = (sizes.iter().sum::<i64>(), sizes[k]);
        let (lo, hi) = (lo - req, hi - req);
        let ok = w > hi || no_sum(&sizes, k, total - w, lo - w, hi - w).is_some();
        if ok {
            self.name_bin(why, b);
        }
        ok
    }

    /// Why item `i` is packed into bin `b` (the bin cannot reach its load without it).
    fn explain_packed(&self, why: &mut Antecedents<'_>, i: usize, b: usize) -> bool {
        let Some(BinState { req, sizes, items, lo, hi }) = self.bin_before(why, b) else { return false };
        let Some(k) = items.iter().position(|&j| j == i) else { return false };
        let (total, w) = (sizes.iter().sum::<i64>(), sizes[k]);
        let (lo, hi) = (lo - req, hi - req);
        let ok = total - w < lo || no_sum(&sizes, k, total - w, lo, hi).is_some();
        if ok {
            self.name_bin(why, b);
        }
        ok
    }
}

/// Shaw's `NoSum(X, α, β)` on the sizes `s` (decreasing) without position `skip`
/// (`usize::MAX` for none), whose sum is `total`: `Some((α', β'))` when it proves that no
/// subset sums into `[α, β]`, with `α' < α` and `β' > β` achievable sums (the nearest it
/// finds); `None` when it cannot tell. Never `Some` when `α <= 0` or `β >= total`.
fn no_sum(s: &[i64], skip: usize, total: i64, a: i64, b: i64) -> Option<(i64, i64)> {
    if a <= 0 || b >= total {
        return None;
    }
    let x = |i: isize| -> i64 {
        let i = i as usize;
        s[if i < skip { i } else { i + 1 }]
    };
    let card = if skip < s.len() { s.len() - 1 } else { s.len() } as isize;
    let last = card - 1;
    let (mut sc, mut kp) = (0i64, 0isize);
    while sc + x(last - kp) < a {
        sc += x(last - kp);
        kp += 1;
    }
    let (mut k, mut sa, mut sb) = (0isize, 0i64, x(last - kp));
    while sa < a && sb <= b {
        sa += x(k);
        k += 1;
        if sa < a {
            kp -= 1;
            sb += x(last - kp);
            sc -= x(last - kp);
            while sa + sc >= a {
                kp -= 1;
                sc -= x(last - kp);
                sb += x(last - kp) - x(last - kp - k - 1);
            }
        }
    }
    (sa < a).then_some((sa + sc, sb))
}

impl Constraint for BinPacking {
    fn kind(&self) -> &'static str {
        "bin_packing"
    }

    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn subscriptions(&self, local: usize) -> Events {
        if local < self.n {
            Events::DOMAIN
        } else {
            Events::BOUNDS
        }
    }

    fn priority(&self) -> Priority {
        Priority::Slow
    }

    fn is_idempotent(&self) -> bool {
        true
    }

    fn on_post(&mut self, _model: &Model) -> Result<(), ModelError> {
        if let Some(message) = self.misuse.clone() {
            return Err(ModelError::InvalidConstraint { kind: "bin_packing", message });
        }
        if self.weights.iter().any(|&w| w < 0) {
            return Err(ModelError::InvalidConstraint {
                kind: "bin_packing",
                message: "weights must be non-negative".to_string(),
            });
        }
        Ok(())
    }

    fn propagate(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        if ctx.is_explaining() {
            ctx.set_premises(&self.scope);
        }
        let r = (|| {
            let hi = self.first + self.m() as i64 - 1;
            for i in 0..self.n {
                tighten(ctx, self.scope[i], self.first, hi)?;
            }
            while self.pass(ctx)? {}
            Ok(())
        })();
        if ctx.is_explaining() {
            ctx.clear_premises();
        }
        r
    }

    fn explain(&self, why: &mut Antecedents<'_>) -> bool {
        if super::has_repeated_var(&self.scope) {
            return false;
        }
        let (n, m) = (self.n, self.m());
        let bin_of = |v: Value| -> Option<usize> {
            let b = i64::from(v) - self.first;
            (0..m as i64).contains(&b).then_some(b as usize)
        };
        let change = why.change();
        let x = match change {
            Change::Failure => {
                if let Some(b) = (0..m).find(|&b| self.bin_fails(why, b)) {
                    self.name_bin(why, b);
                    return true;
                }
                let Some(bounds) = self.load_bounds(why) else { return false };
                let (lo, hi): (i64, i64) = bounds.iter().fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
                if hi >= self.total && lo <= self.total {
                    return false;
                }
                for k in 0..m {
                    let _ = if hi < self.total {
                        why.at_most_max(self.scope[n + k])
                    } else {
                        why.at_least_min(self.scope[n + k])
                    };
                }
                return true;
            }
            Change::AtLeast(x, _) | Change::AtMost(x, _) | Change::Removed(x) => x,
        };
        let Some(pos) = self.scope.iter().position(|&y| y == x) else { return false };
        let removed: Vec<Value> = why.removed().collect();
        if pos >= n {
            // The bound to prove: past the values removed (a bitset may have had holes).
            return match change {
                Change::AtLeast(_, v) => {
                    let v = removed.iter().max().map_or(i64::from(v), |&r| i64::from(r) + 1);
                    self.explain_load(why, pos - n, v, true)
                }
                Change::AtMost(_, v) => {
                    let v = removed.iter().min().map_or(i64::from(v), |&r| i64::from(r) - 1);
                    self.explain_load(why, pos - n, v, false)
                }
                _ => false,
            };
        }
        if removed.is_empty() {
            return false;
        }
        let len = why.len_reasons();
        if removed.iter().all(|&v| bin_of(v).is_none_or(|b| self.explain_leaves(why, pos, b))) {
            return true;
        }
        why.truncate_reasons(len);
        // Packed into the one bin left.
        let Some((lo, hi)) = why.bounds(x) else { return false };
        let kept: Vec<Value> = (lo..=hi).filter(|&v| why.contains(x, v) && !removed.contains(&v)).collect();
        match kept[..] {
            [v] => bin_of(v).is_some_and(|b| self.explain_packed(why, pos, b)),
            _ => false,
        }
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        let (n, m) = (self.n, self.m());
        let mut loads = vec![0i64; m];
        for (&v, &w) in values[..n].iter().zip(&self.weights) {
            let b = i64::from(v) - self.first;
            if b < 0 || b >= m as i64 {
                return false;
            }
            loads[b as usize] += w;
        }
        (0..m).all(|b| loads[b] == i64::from(values[n + b]))
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::search::Solver;
    use crate::testing::{brute_force, model_with, propagated, small_domain, solve_all};

    fn holds(v: &[Value], n: usize, w: &[Value], first: Value) -> bool {
        let m = v.len() - n;
        let mut loads = vec![0; m];
        for i in 0..n {
            let b = v[i] - first;
            if b < 0 || b as usize >= m {
                return false;
            }
            loads[b as usize] += w[i];
        }
        (0..m).all(|b| loads[b] == v[n + b])
    }

    /// `NoSum` against the subset sums it claims do not exist.
    fn subset_sums(s: &[i64]) -> Vec<i64> {
        let mut sums = vec![0i64];
        for &x in s {
            let more: Vec<i64> = sums.iter().map(|&t| t + x).collect();
            sums.extend(more);
        }
        sums.sort_unstable();
        sums.dedup();
        sums
    }

    #[test]
    fn no_sum_finds_the_gap() {
        // {5, 5, 5}: sums 0, 5, 10, 15; nothing in 6..=9, nearest 5 and 10.
        assert_eq!(no_sum(&[5, 5, 5], usize::MAX, 15, 6, 9), Some((5, 10)));
        assert_eq!(no_sum(&[5, 5, 5], usize::MAX, 15, 5, 9), None);
        // Without the middle 5: {5, 5}, nothing in 6..=9.
        assert_eq!(no_sum(&[5, 5, 5], 1, 10, 6, 9), Some((5, 10)));
    }

    #[test]
    fn too_heavy_items_leave_and_needed_items_are_packed() {
        // Bin 0 has capacity 4 (load 0..=4): the 5 leaves it. Bin 1 must reach 5 and only
        // item 0 can give it 5.
        let (mut model, v) = model_with(&[vec![0, 1], vec![0, 1], vec![0, 1], (0..=4).collect(), (5..=7).collect()]);
        model.post(BinPacking::new(v[3..].to_vec(), v[..3].to_vec(), vec![5, 1, 1])).unwrap();
        let d = propagated(model, &v).unwrap();
        assert_eq!(d[0], vec![1]);
    }

    #[test]
    fn knapsack_reasoning_moves_load_bounds_to_achievable_sums() {
        // Three items of weight 5, bins 0 and 1, load 0 in 6..=12: only 10 is achievable.
        let (mut model, v) = model_with(&[vec![0, 1], vec![0, 1], vec![0, 1], (6..=12).collect(), (0..=15).collect()]);
        model.post(BinPacking::new(v[3..].to_vec(), v[..3].to_vec(), vec![5, 5, 5])).unwrap();
        let d = propagated(model, &v).unwrap();
        assert_eq!(d[3], vec![10]);
        assert_eq!(d[4], vec![5]);
    }

    #[test]
    fn unreachable_load_fails() {
        let (mut model, v) = model_with(&[vec![0, 1], vec![0, 1], (6..=9).collect(), (0..=10).collect()]);
        model.post(BinPacking::new(v[2..].to_vec(), v[..2].to_vec(), vec![5, 5])).unwrap();
        Solver::new(model).propagate().expect_err("sums of {5, 5} are 0, 5, 10: none in 6..=9");
    }

    #[test]
    fn bins_out_of_range_are_removed() {
        let (mut model, v) = model_with(&[(0..=5).collect(), (0..=9).collect(), (0..=9).collect()]);
        model.post(BinPacking::new(v[1..].to_vec(), v[..1].to_vec(), vec![3]).with_first_bin(1)).unwrap();
        let d = propagated(model, &v).unwrap();
        assert_eq!(d[0], vec![1, 2]);
        assert_eq!(d[1], vec![0, 1, 2, 3]);
    }

    proptest! {
        #[test]
        fn no_sum_is_never_wrong(mut s in proptest::collection::vec(1i64..=9, 1..=7), a in 1i64..=40, len in 0i64..=6) {
            s.sort_unstable_by(|x, y| y.cmp(x));
            let sums = subset_sums(&s);
            let total: i64 = s.iter().sum();
            if let Some((ap, bp)) = no_sum(&s, usize::MAX, total, a, a + len) {
                prop_assert!(sums.iter().all(|&t| t < a || t > a + len));
                prop_assert!(sums.contains(&ap) && ap < a);
                prop_assert!(sums.contains(&bp) && bp > a + len);
            }
        }

        #[test]
        fn solutions_equal_brute_force(
            bins in proptest::collection::vec(small_domain(0, 3), 1..=4),
            loads in proptest::collection::vec(small_domain(0, 8), 1..=3),
            w in proptest::collection::vec(0i32..=4, 4),
        ) {
            let n = bins.len();
            let w = &w[..n];
            let mut domains = bins.clone();
            domains.extend(loads.iter().cloned());
            let expected = brute_force(&domains, |v| holds(v, n, w, 1));
            let (mut model, v) = model_with(&domains);
            model.post(BinPacking::new(v[n..].to_vec(), v[..n].to_vec(), w.to_vec()).with_first_bin(1)).unwrap();
            prop_assert_eq!(solve_all(model, &v), expected);
        }

        #[test]
        fn propagation_keeps_every_supported_value(
            bins in proptest::collection::vec(small_domain(0, 2), 1..=5),
            loads in proptest::collection::vec(small_domain(0, 9), 3),
            w in proptest::collection::vec(1i32..=5, 5),
        ) {
            let n = bins.len();
            let w = &w[..n];
            let mut domains = bins.clone();
            domains.extend(loads.iter().cloned());
            let expected = brute_force(&domains, |v| holds(v, n, w, 0));
            let (mut model, v) = model_with(&domains);
            model.post(BinPacking::new(v[n..].to_vec(), v[..n].to_vec(), w.to_vec())).unwrap();
            match propagated(model, &v) {
                None => prop_assert!(expected.is_empty()),
                Some(left) => {
                    for s in &expected {
                        for (p, val) in s.iter().enumerate() {
                            prop_assert!(left[p].contains(val), "{} removed from x{} in solution {:?}", val, p, s);
                        }
                    }
                }
            }
        }
    }
}

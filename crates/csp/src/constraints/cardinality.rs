//! `GlobalCardinality`: how often each value of a list is taken.

use super::flow_cut::{violated_cut, Cut};
use super::scc::Scc;
use crate::constraint::{Constraint, Priority, Rule};
use crate::constraints::narrow::keep_members;
use crate::context::Context;
use crate::error::{Conflict, ModelError};
use crate::id::{Value, VarId};
use crate::learning::explain::{Antecedents, Change};
use crate::model::Model;

const NONE: u32 = u32::MAX;

/// Each `values[j]` is taken by a number of `vars` within its bounds: a count variable
/// ([`GlobalCardinality::new`], MiniZinc's `global_cardinality`) or constant bounds
/// ([`GlobalCardinality::with_bounds`], `global_cardinality_low_up`). [`closed`](Self::closed)
/// also forbids every value outside the list (the `_closed` variants).
///
/// # Propagation
///
/// Repeated to a fixed point; with `lo(j)` the variables fixed to `values[j]`, `hi(j)` those
/// that still have it, and `[cmin(j), cmax(j)]` the bounds of its count:
///
/// * *counts*: each count keeps `lo(j)..=hi(j)`; with `m` the variables that must take a listed
///   value and `n` all of them, `count(j) <= n - Σ_{k≠j} cmin(k)` and
///   `count(j) >= m - Σ_{k≠j} cmax(k)` (distinct values; [`Rule::Bounds`]);
/// * *values*: when `lo(j) = cmax(j)`, `values[j]` leaves the other variables; when
///   `hi(j) = cmin(j)`, every variable that has it is fixed to it ([`Rule::Other`]);
/// * *flow* (Régin 1996): a flow in which value `j` takes between `cmin(j)` and `cmax(j)`
///   variables and the unlisted values any number (none for a closed constraint) must place
///   every variable, or the constraint fails ([`Rule::HallSet`]); it is kept from one call to
///   the next, repaired by augmenting paths for the upper bounds and by chains towards a value
///   above its lower bound for the lower bounds. Then a value of a variable belongs to some
///   such flow iff the two are in one strongly connected component of the residual graph;
///   the others are removed ([`Rule::HallSet`]).
///
/// This is generalised arc consistency on the variables for the current count bounds (Régin
/// 1996), with bounds reasoning on the count variables (as Quimper et al. 2004 do for counts),
/// when the listed values are distinct; with a value listed twice only the count reasoning
/// runs.
///
/// # Explanation
///
/// The counting prunings are explained on request ([`Constraint::explain`]), from the
/// domains before the change: a value leaving a variable by the variables fixed to it and its
/// count's upper bound; a variable fixed to a value by the variables without it and its
/// count's lower bound; a count's bounds by the variables fixed to (or without) its value, or
/// by the other counts' bounds; an unlisted value of a closed constraint by nothing. The
/// flow's prunings and failures by a cut of the flow's graph on the domains before the change
/// (`constraints/flow_cut.rs`), with the pruned variable placed on the value: a set of
/// variables whose values all lie in a set of values whose upper bounds they exceed (those
/// variables' other values gone, those counts' upper bounds), or a set of values whose lower
/// bounds exceed the variables that can take them (the others' values in the set gone, those
/// counts' lower bounds).
///
/// # Complexity
///
/// Counting: `O(Σ min(|D(x)|, k))` domain look-ups for `k` listed values (a domain of at most
/// `k` values is read by its values, a value's index found in `O(1)` when the listed values
/// span at most about four times their number, else in `O(log k)`). The flow: `O(n * k)` per
/// variable to re-place or per unit of lower bound to reach; the residual graph and its
/// components `O(n * k)`, built from the domains as the counting reads them.
///
/// # Bibliography
///
/// * J.-C. Régin, "Generalized arc consistency for global cardinality constraint", AAAI 1996.
/// * C.-G. Quimper, A. López-Ortiz, P. van Beek and A. Golynski, "Improved algorithms for the
///   global cardinality constraint", CP 2004.
///
/// # Example
///
/// ```
/// use csp::Model;
/// use csp::constraints::GlobalCardinality;
///
/// let mut model = Model::new();
/// let x = model.new_vars(4, 1..=3)?;
/// // Value 1 at most once, 2 at most once, 3 between 0 and 4 times: closed over {1, 2, 3}.
/// model.post(GlobalCardinality::with_bounds(x.clone(), [1, 2], [0, 0], [1, 1]))?;
/// let mut solver = model.into_solver();
/// solver.assign(x[0], 1)?;
/// solver.propagate()?;
/// assert_eq!(solver.domain(x[1]).to_vec(), vec![2, 3]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct GlobalCardinality {
    /// An argument error found by the constructor (lists of different lengths), reported by
    /// [`Model::post`](crate::model::Model::post) as a [`ModelError`].
    misuse: Option<String>,
    /// `vars` followed by the count variables.
    scope: Vec<VarId>,
    n: usize,
    values: Vec<Value>,
    /// Value to its first index in `values`, in `O(1)` or `O(log k)`.
    slots: Slots,
    /// Per value: its count variable's index in `scope`, or `NONE` for constant bounds.
    count_at: Vec<u32>,
    /// Per value: constant bounds (used when `count_at` is `NONE`).
    low: Vec<i64>,
    up: Vec<i64>,
    closed: bool,
    distinct: bool,
    /// Scratch per value: `lo(j)`, `hi(j)`, `cmin(j)`, `cmax(j)`.
    lo: Vec<i64>,
    hi: Vec<i64>,
    cmin: Vec<i64>,
    cmax: Vec<i64>,
    /// The flow: per variable, the value index it is placed on (`k` = the listed values'
    /// count for an unlisted value), or `NONE`; per value, the load.
    placed: Vec<u32>,
    load: Vec<i64>,
    /// Scratch for augmenting paths: a visit stamp per variable, the path.
    seen: Vec<u32>,
    stamp: u32,
    path: Vec<(u32, u32, u32)>,
    /// Scratch for the lower bounds: a visit stamp per value slot, the path of slots.
    slot_seen: Vec<u32>,
    pulls: Vec<(u32, u32)>,
    /// Scratch: the residual graph (variables, value slots, the sink) and Tarjan's algorithm.
    adj_start: Vec<u32>,
    adj: Vec<u32>,
    scc: Scc,
}

/// The flow's graph as an explanation reads it (see [`violated_cut`]): per variable its value
/// slots, per slot its bounds.
struct FlowGraph {
    adj: Vec<Vec<u32>>,
    low: Vec<i64>,
    up: Vec<i64>,
}

/// A listed value's index in `values` (the first, if listed twice): a table over the listed
/// values' range when it is at most a few times their number (the usual `lo..=hi` cover),
/// otherwise a sorted list searched by halves.
#[derive(Clone, Debug)]
struct Slots {
    base: i64,
    /// Per value of `base..base + table.len()`: its index, or `NONE`.
    table: Vec<u32>,
    /// `(value, index)` sorted by value, when `table` is empty.
    sorted: Vec<(Value, u32)>,
}

impl Slots {
    fn new(values: &[Value]) -> Slots {
        let mut sorted: Vec<(Value, u32)> = values.iter().enumerate().map(|(j, &v)| (v, j as u32)).collect();
        sorted.sort_unstable();
        sorted.dedup_by_key(|e| e.0);
        let (Some(first), Some(last)) = (sorted.first(), sorted.last()) else {
            return Slots { base: 0, table: Vec::new(), sorted };
        };
        let (base, span) = (i64::from(first.0), i64::from(last.0) - i64::from(first.0) + 1);
        if span > 4 * sorted.len() as i64 + 64 {
            return Slots { base, table: Vec::new(), sorted };
        }
        let mut table = vec![NONE; span as usize];
        for &(v, j) in &sorted {
            table[(i64::from(v) - base) as usize] = j;
        }
        Slots { base, table, sorted: Vec::new() }
    }

    fn get(&self, v: Value) -> Option<usize> {
        if self.table.is_empty() {
            return self.sorted.binary_search_by_key(&v, |e| e.0).ok().map(|at| self.sorted[at].1 as usize);
        }
        let at = i64::from(v) - self.base;
        match self.table.get(usize::try_from(at).ok()?) {
            Some(&j) if j != NONE => Some(j as usize),
            _ => None,
        }
    }
}

/// The misuse of a value listed twice (each value has one count), if one is.
fn listed_twice(values: &[Value]) -> Option<String> {
    let mut sorted = values.to_vec();
    sorted.sort_unstable();
    sorted.windows(2).find(|w| w[0] == w[1]).map(|w| format!("value {} is listed twice (one count per value)", w[0]))
}

impl GlobalCardinality {
    /// `values[j]` is taken by exactly `counts[j]` of `vars`; other values are free.
    /// `values` and `counts` of different lengths, or a value listed twice, are a
    /// [`ModelError::InvalidConstraint`] when posted.
    pub fn new(
        vars: impl Into<Vec<VarId>>,
        values: impl Into<Vec<Value>>,
        counts: impl Into<Vec<VarId>>,
    ) -> GlobalCardinality {
        let (values, counts) = (values.into(), counts.into());
        let misuse = (values.len() != counts.len())
            .then(|| format!("{} values and {} count variables (one count per value)", values.len(), counts.len()))
            .or_else(|| listed_twice(&values));
        let mut g = GlobalCardinality::build(vars.into(), values);
        g.misuse = misuse;
        for (j, c) in counts.into_iter().enumerate().take(g.values.len()) {
            g.count_at[j] = g.scope.len() as u32;
            g.scope.push(c);
        }
        g
    }

    /// `values[j]` is taken by between `low[j]` and `up[j]` of `vars`; other values are free.
    /// Lists of different lengths, or a value listed twice, are a
    /// [`ModelError::InvalidConstraint`] when posted.
    pub fn with_bounds(
        vars: impl Into<Vec<VarId>>,
        values: impl Into<Vec<Value>>,
        low: impl Into<Vec<i64>>,
        up: impl Into<Vec<i64>>,
    ) -> GlobalCardinality {
        let (values, low, up) = (values.into(), low.into(), up.into());
        let misuse = (values.len() != low.len() || low.len() != up.len()).then(|| {
            format!(
                "{} values, {} lower and {} upper bounds (one of each per value)",
                values.len(),
                low.len(),
                up.len()
            )
        });
        let misuse = misuse.or_else(|| listed_twice(&values));
        let mut g = GlobalCardinality::build(vars.into(), values);
        if misuse.is_none() {
            g.low = low;
            g.up = up;
        }
        g.misuse = misuse;
        g
    }

    /// Every variable takes one of the listed values.
    pub fn closed(mut self) -> GlobalCardinality {
        self.closed = true;
        self
    }

    fn build(vars: Vec<VarId>, values: Vec<Value>) -> GlobalCardinality {
        let k = values.len();
        let n = vars.len();
        let mut sorted = values.clone();
        sorted.sort_unstable();
        sorted.dedup();
        GlobalCardinality {
            misuse: None,
            scope: vars,
            n,
            distinct: sorted.len() == k,
            slots: Slots::new(&values),
            values,
            count_at: vec![NONE; k],
            low: vec![0; k],
            up: vec![n as i64; k],
            closed: false,
            lo: vec![0; k],
            hi: vec![0; k],
            cmin: vec![0; k],
            cmax: vec![0; k],
            placed: vec![NONE; n],
            load: vec![0; k + 1],
            seen: vec![0; n],
            stamp: 0,
            path: Vec::with_capacity(n),
            slot_seen: vec![0; k + 1],
            pulls: Vec::with_capacity(k + 1),
            adj_start: Vec::new(),
            adj: Vec::new(),
            scc: Scc::default(),
        }
    }

    fn index_of(&self, v: Value) -> Option<usize> {
        self.slots.get(v)
    }

    fn read_counts(&mut self, ctx: &Context<'_>) {
        for j in 0..self.values.len() {
            let c = self.count_at[j];
            if c == NONE {
                self.cmin[j] = self.low[j];
                self.cmax[j] = self.up[j];
            } else {
                let x = self.scope[c as usize];
                self.cmin[j] = i64::from(ctx.min(x));
                self.cmax[j] = i64::from(ctx.max(x));
            }
        }
    }

    /// Narrows count `j` to `lo..=hi`; fails on constant bounds outside it.
    fn narrow(&mut self, ctx: &mut Context<'_>, j: usize, lo: i64, hi: i64) -> Result<bool, Conflict> {
        let c = self.count_at[j];
        if c == NONE {
            if lo > self.cmax[j] || hi < self.cmin[j] || lo > hi || self.cmin[j] > self.cmax[j] {
                return Err(ctx.fail(Rule::Bounds));
            }
            return Ok(false);
        }
        let x = self.scope[c as usize];
        let clamp = |v: i64| v.clamp(i64::from(Value::MIN), i64::from(Value::MAX)) as Value;
        let mut changed = ctx.remove_below(x, clamp(lo), Rule::Bounds)?;
        changed |= ctx.remove_above(x, clamp(hi), Rule::Bounds)?;
        Ok(changed)
    }

    fn pass(&mut self, ctx: &mut Context<'_>) -> Result<bool, Conflict> {
        let (n, k) = (self.n, self.values.len());
        let mut changed = false;
        self.lo.fill(0);
        self.hi.fill(0);
        let mut must = 0i64;
        for i in 0..n {
            let x = self.scope[i];
            // A small domain by its values, a large one (an interval) by the listed values, so
            // that each costs `O(min(size, k))` look-ups.
            let mut size = ctx.size(x);
            let mut listed = 0;
            if self.distinct && size <= k {
                for v in ctx.domain(x).iter() {
                    if let Some(j) = self.slots.get(v) {
                        self.hi[j] += 1;
                        listed += 1;
                    }
                }
            } else {
                for j in 0..k {
                    if ctx.contains(x, self.values[j]) {
                        self.hi[j] += 1;
                        listed += 1;
                    }
                }
            }
            // With distinct values, `listed < size` iff the domain has an unlisted value.
            let unlisted =
                if self.distinct { listed < size } else { ctx.domain(x).iter().any(|v| self.slots.get(v).is_none()) };
            if self.closed && unlisted {
                if ctx.domain(x).is_interval() {
                    changed |= keep_members(ctx, x, &self.values, true)?;
                } else {
                    let slots = &self.slots;
                    changed |= ctx.retain(x, |v| slots.get(v).is_some(), Rule::NoSupport)?;
                }
                size = ctx.size(x);
            }
            let inside = size <= k && (!unlisted || self.closed);
            if let Some(v) = ctx.value(x) {
                if let Some(j) = self.index_of(v) {
                    self.lo[j] += 1;
                }
            }
            must += i64::from(inside);
        }
        self.read_counts(ctx);
        let (smin, smax): (i64, i64) = (self.cmin.iter().sum(), self.cmax.iter().sum());
        for j in 0..k {
            let (mut lo, mut hi) = (self.lo[j], self.hi[j]);
            if self.distinct {
                hi = hi.min(n as i64 - (smin - self.cmin[j]));
                lo = lo.max(must - (smax - self.cmax[j]));
            }
            changed |= self.narrow(ctx, j, lo, hi)?;
        }
        self.read_counts(ctx);
        for j in 0..k {
            let v = self.values[j];
            if self.lo[j] == self.cmax[j] && self.hi[j] > self.lo[j] {
                for i in 0..n {
                    let x = self.scope[i];
                    if !ctx.is_fixed(x) {
                        changed |= ctx.remove_value(x, v, Rule::Other)?;
                    }
                }
            } else if self.hi[j] == self.cmin[j] && self.hi[j] > self.lo[j] {
                for i in 0..n {
                    let x = self.scope[i];
                    if ctx.contains(x, v) {
                        changed |= ctx.assign(x, v, Rule::Other)?;
                    }
                }
            }
        }
        Ok(changed)
    }

    /// Whether variable `i` may sit on value slot `j` (`k` = unlisted values).
    fn allows(&self, ctx: &Context<'_>, i: usize, j: usize) -> bool {
        let x = self.scope[i];
        if j < self.values.len() {
            ctx.contains(x, self.values[j])
        } else {
            !self.closed && ctx.domain(x).iter().any(|v| self.slots.get(v).is_none())
        }
    }

    fn capacity(&self, j: usize) -> i64 {
        if j < self.values.len() {
            self.cmax[j]
        } else {
            i64::MAX
        }
    }

    /// The capacity flow: repairs the previous placement and places every variable, or fails.
    fn flow(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let (n, k) = (self.n, self.values.len());
        self.read_counts(ctx);
        self.load.fill(0);
        for i in 0..n {
            let j = self.placed[i];
            if j != NONE && self.allows(ctx, i, j as usize) && self.load[j as usize] < self.capacity(j as usize) {
                self.load[j as usize] += 1;
            } else {
                self.placed[i] = NONE;
            }
        }
        for i in 0..n {
            if self.placed[i] != NONE {
                continue;
            }
            self.stamp = self.stamp.wrapping_add(1);
            if self.stamp == 0 {
                self.seen.fill(0);
                self.stamp = 1;
            }
            if !self.augment(ctx, i, k) {
                if ctx.is_explaining() {
                    ctx.set_premises(&self.scope);
                }
                return Err(ctx.fail(Rule::HallSet));
            }
        }
        Ok(())
    }

    /// An augmenting path from variable `start` (depth first, iteratively): each stack entry
    /// is `(variable, value slot tried, next variable of that slot to try moving)`.
    fn augment(&mut self, ctx: &Context<'_>, start: usize, k: usize) -> bool {
        self.path.clear();
        self.path.push((start as u32, 0, 0));
        self.seen[start] = self.stamp;
        while let Some(&(i, j, m)) = self.path.last() {
            let (i, j, m) = (i as usize, j as usize, m as usize);
            let top = self.path.len() - 1;
            if j > k {
                self.path.pop();
                continue;
            }
            if self.placed[i] == j as u32 || !self.allows(ctx, i, j) {
                self.path[top] = (i as u32, j as u32 + 1, 0);
                continue;
            }
            if m == 0 && self.load[j] < self.capacity(j) {
                // Every variable on the path moves to the slot it tried; only `j` gains one.
                for p in 0..self.path.len() {
                    let (v, slot, _) = self.path[p];
                    self.placed[v as usize] = slot;
                }
                self.load[j] += 1;
                return true;
            }
            match (m..self.n).find(|&q| self.placed[q] == j as u32 && self.seen[q] != self.stamp) {
                Some(q) => {
                    self.path[top].2 = q as u32 + 1;
                    self.seen[q] = self.stamp;
                    self.path.push((q as u32, 0, 0));
                }
                None => self.path[top] = (i as u32, j as u32 + 1, 0),
            }
        }
        false
    }

    /// The lower bound of slot `j` (0 for the unlisted values).
    fn floor(&self, j: usize) -> i64 {
        if j < self.values.len() {
            self.cmin[j].max(0)
        } else {
            0
        }
    }

    /// Raises the load of every slot to its lower bound by moving variables along chains that
    /// end at a slot above its own lower bound (Régin 1996's feasible flow), or fails.
    fn lower_bounds(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let k = self.values.len();
        for j in 0..k {
            while self.load[j] < self.floor(j) {
                if !self.pull(ctx, j) {
                    if ctx.is_explaining() {
                        ctx.set_premises(&self.scope);
                    }
                    return Err(ctx.fail(Rule::HallSet));
                }
            }
        }
        Ok(())
    }

    /// One more variable into slot `target`: depth first over slots, each stack entry
    /// `(slot, next variable to try)`; the variable tried at a level is `next - 1`.
    fn pull(&mut self, ctx: &Context<'_>, target: usize) -> bool {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.slot_seen.fill(0);
            self.seen.fill(0);
            self.stamp = 1;
        }
        self.slot_seen[target] = self.stamp;
        self.pulls.clear();
        self.pulls.push((target as u32, 0));
        while let Some(&(j, c)) = self.pulls.last() {
            let (j, top) = (j as usize, self.pulls.len() - 1);
            let next = (c as usize..self.n).find(|&i| {
                let at = self.placed[i];
                at != NONE && at as usize != j && self.slot_seen[at as usize] != self.stamp && self.allows(ctx, i, j)
            });
            let Some(i) = next else {
                self.pulls.pop();
                continue;
            };
            self.pulls[top].1 = i as u32 + 1;
            let from = self.placed[i] as usize;
            if self.load[from] > self.floor(from) {
                for level in 0..self.pulls.len() {
                    let (slot, cursor) = self.pulls[level];
                    self.placed[cursor as usize - 1] = slot;
                }
                self.load[target] += 1;
                self.load[from] -= 1;
                return true;
            }
            self.slot_seen[from] = self.stamp;
            self.pulls.push((from as u32, 0));
        }
        false
    }

    /// Generalised arc consistency on the variables given the count bounds (Régin 1996): with
    /// a feasible flow, a value `v_j` of `x_i` not used by it belongs to some feasible flow iff
    /// `x_i` and slot `j` are in one strongly connected component of the residual graph:
    /// `x_i -> slot j` (allowed, unused), `slot -> x_i` (used), `slot -> sink` (below its upper
    /// bound), `sink -> slot` (above its lower bound). Returns whether a domain changed.
    fn filter(&mut self, ctx: &mut Context<'_>) -> Result<bool, Conflict> {
        let (n, k) = (self.n, self.values.len());
        let sink = n + k + 1;
        self.adj_start.clear();
        self.adj.clear();
        for i in 0..n {
            self.adj_start.push(self.adj.len() as u32);
            let x = self.scope[i];
            if self.distinct && ctx.size(x) <= k {
                // A small domain by its values: `O(size)` rather than `O(k)` look-ups.
                for v in ctx.domain(x).iter() {
                    if let Some(j) = self.slots.get(v) {
                        if self.placed[i] != j as u32 {
                            self.adj.push((n + j) as u32);
                        }
                    }
                }
                if self.placed[i] != k as u32 && self.allows(ctx, i, k) {
                    self.adj.push((n + k) as u32);
                }
            } else {
                for j in 0..=k {
                    if self.placed[i] != j as u32 && self.allows(ctx, i, j) {
                        self.adj.push((n + j) as u32);
                    }
                }
            }
        }
        for j in 0..=k {
            self.adj_start.push(self.adj.len() as u32);
            for i in 0..n {
                if self.placed[i] == j as u32 {
                    self.adj.push(i as u32);
                }
            }
            if self.load[j] < self.capacity(j) {
                self.adj.push(sink as u32);
            }
        }
        self.adj_start.push(self.adj.len() as u32);
        for j in 0..=k {
            if self.load[j] > self.floor(j) {
                self.adj.push((n + j) as u32);
            }
        }
        self.adj_start.push(self.adj.len() as u32);
        self.scc.run(sink + 1, &self.adj_start, &self.adj);
        // A value leaves a variable when its edge (allowed, unused) joins two components.
        let mut changed = false;
        for i in 0..n {
            let x = self.scope[i];
            for e in self.adj_start[i] as usize..self.adj_start[i + 1] as usize {
                let j = self.adj[e] as usize - n;
                if self.scc.comp[i] == self.scc.comp[n + j] {
                    continue;
                }
                if j < k {
                    changed |= ctx.remove_value(x, self.values[j], Rule::HallSet)?;
                } else if ctx.domain(x).is_interval() {
                    changed |= keep_members(ctx, x, &self.values, true)?;
                } else {
                    let slots = &self.slots;
                    changed |= ctx.retain(x, |v| slots.get(v).is_some(), Rule::HallSet)?;
                }
            }
        }
        Ok(changed)
    }
}

impl GlobalCardinality {
    /// Count `j`'s bounds before the change, if known.
    fn count_bounds(&self, why: &Antecedents<'_>, j: usize) -> Option<(i64, i64)> {
        match self.count_at[j] {
            NONE => Some((self.low[j], self.up[j])),
            c => why.bounds(self.scope[c as usize]).map(|(a, b)| (i64::from(a), i64::from(b))),
        }
    }

    /// Names count `j`'s upper (`upper`) or lower bound as it was before the change.
    fn name_count(&self, why: &mut Antecedents<'_>, j: usize, upper: bool) -> bool {
        match self.count_at[j] {
            NONE => true,
            c if upper => why.at_most_max(self.scope[c as usize]),
            c => why.at_least_min(self.scope[c as usize]),
        }
    }

    /// The variables fixed to `values[j]` before the change, and those without it.
    fn split(&self, why: &Antecedents<'_>, j: usize) -> (Vec<usize>, Vec<usize>) {
        let v = self.values[j];
        let (mut fixed, mut without) = (Vec::new(), Vec::new());
        for i in 0..self.n {
            let x = self.scope[i];
            if !why.contains(x, v) {
                without.push(i);
            } else if why.value(x) == Some(v) {
                fixed.push(i);
            }
        }
        (fixed, without)
    }

    /// Why count `j` is at least (`lower`) or at most `t`, by its variables.
    fn explain_count(&self, why: &mut Antecedents<'_>, j: usize, t: i64, lower: bool) -> bool {
        let n = self.n as i64;
        let (fixed, without) = self.split(why, j);
        if lower && fixed.len() as i64 >= t {
            for &i in fixed.iter().take(t.max(0) as usize) {
                why.equal(self.scope[i], self.values[j]);
            }
            return true;
        }
        if !lower && n - without.len() as i64 <= t {
            for &i in without.iter().take((n - t).max(0) as usize) {
                why.not_equal(self.scope[i], self.values[j]);
            }
            return true;
        }
        if !self.distinct || lower {
            return false;
        }
        // At most n minus what the other counts need.
        let Some(others) = (0..self.values.len())
            .filter(|&k| k != j)
            .map(|k| self.count_bounds(why, k).map(|b| b.0))
            .sum::<Option<i64>>()
        else {
            return false;
        };
        if n - others > t {
            return false;
        }
        (0..self.values.len()).filter(|&k| k != j).all(|k| self.name_count(why, k, false))
    }

    /// Why variable `i` lost `removed` (values), by the counting rules.
    fn explain_var(&self, why: &mut Antecedents<'_>, i: usize, removed: &[Value]) -> bool {
        let x = self.scope[i];
        let mut left = Vec::new();
        for &v in removed {
            match self.index_of(v) {
                None if self.closed => {}
                None => left.push(v),
                Some(j) => {
                    // The value's count is full with the variables fixed to it.
                    let (fixed, _) = self.split(why, j);
                    let Some((_, cmax)) = self.count_bounds(why, j) else { return false };
                    let fixed: Vec<usize> = fixed.into_iter().filter(|&k| k != i).collect();
                    if (fixed.len() as i64) < cmax {
                        left.push(v);
                        continue;
                    }
                    for &k in fixed.iter().take(cmax.max(0) as usize) {
                        why.equal(self.scope[k], v);
                    }
                    if !self.name_count(why, j, true) {
                        return false;
                    }
                }
            }
        }
        if left.is_empty() {
            return true;
        }
        let len = why.len_reasons();
        if self.explain_only_value(why, x, removed) {
            return true;
        }
        why.truncate_reasons(len);
        // The flow: for each slot of the values left, the cut that shows `x` cannot sit on it.
        let Some(FlowGraph { adj, low, up }) = self.flow_graph(why) else { return false };
        let mut slots: Vec<u32> = left.iter().map(|&v| self.index_of(v).unwrap_or(self.values.len()) as u32).collect();
        slots.sort_unstable();
        slots.dedup();
        for j in slots {
            let mut forced = adj.clone();
            forced[i] = vec![j];
            let Some(cut) = violated_cut(&forced, &low, &up) else { return false };
            if !self.name_cut(why, &cut, Some(i)) {
                return false;
            }
        }
        true
    }

    /// Why `x` lost `removed`, when it is fixed to the one value left, which its count needs
    /// from every variable that has it.
    fn explain_only_value(&self, why: &mut Antecedents<'_>, x: VarId, removed: &[Value]) -> bool {
        let Some(values) = why.initial_values(x) else { return false };
        let kept: Vec<Value> = values.filter(|&v| why.contains(x, v) && !removed.contains(&v)).collect();
        let [w] = kept[..] else { return false };
        let Some(j) = self.index_of(w) else { return false };
        let (_, without) = self.split(why, j);
        let Some((cmin, _)) = self.count_bounds(why, j) else { return false };
        if self.n as i64 - without.len() as i64 > cmin {
            return false;
        }
        for &k in &without {
            why.not_equal(self.scope[k], w);
        }
        self.name_count(why, j, false)
    }

    /// The flow's graph before the change: per variable its value slots (slot `k`, after the
    /// listed values, for the unlisted ones of a constraint that is not closed), per slot its
    /// bounds (the unlisted values' slot: 0 to `n`); `None` if a count's bounds are not known
    /// or leave no room.
    fn flow_graph(&self, why: &Antecedents<'_>) -> Option<FlowGraph> {
        let (n, k) = (self.n, self.values.len());
        let (mut low, mut up) = (vec![0; k + 1], vec![n as i64; k + 1]);
        for j in 0..k {
            let (a, b) = self.count_bounds(why, j)?;
            (low[j], up[j]) = (a.max(0), b);
            if low[j] > up[j] {
                return None;
            }
        }
        let mut adj = Vec::with_capacity(n);
        for &x in &self.scope[..n] {
            let mut slots: Vec<u32> = Vec::new();
            let unlisted = match why.values(x) {
                Some(values) => {
                    let mut unlisted = false;
                    for v in values {
                        match self.index_of(v) {
                            Some(j) => slots.push(j as u32),
                            None => unlisted = true,
                        }
                    }
                    unlisted
                }
                None => {
                    let (lo, hi) = why.bounds(x)?;
                    for (j, &v) in self.values.iter().enumerate() {
                        if (lo..=hi).contains(&v) {
                            slots.push(j as u32);
                        }
                    }
                    i64::from(hi) - i64::from(lo) + 1 > slots.len() as i64
                }
            };
            if unlisted && !self.closed {
                slots.push(k as u32);
            }
            adj.push(slots);
        }
        Some(FlowGraph { adj, low, up })
    }

    /// Names the facts of a flow cut (from [`flow_graph`](Self::flow_graph)'s slots), but for
    /// variable `skip` (the one whose value the cut denies, which the clause takes as given):
    /// an upper cut's variables have no value outside its slots and those slots' counts are at
    /// most their bounds; a lower cut's other variables have no value in its slots and those
    /// slots' counts are at least their bounds.
    fn name_cut(&self, why: &mut Antecedents<'_>, cut: &Cut, skip: Option<usize>) -> bool {
        let k = self.values.len();
        let (slots, upper) = match cut {
            Cut::Upper { vars, slots } => {
                for &i in vars.iter().filter(|&&i| Some(i) != skip) {
                    let x = self.scope[i];
                    let gone: Option<Vec<Value>> = why.initial_values(x).map(|values| {
                        values
                            .filter(|&v| match self.index_of(v) {
                                Some(j) => !slots[j],
                                None => !self.closed && !slots[k],
                            })
                            .collect()
                    });
                    match gone {
                        Some(gone) => why.not_equal_all(x, gone),
                        // An interval: its bounds, between which every value is a slot's.
                        None => {
                            if !why.at_least_min(x) || !why.at_most_max(x) {
                                return false;
                            }
                        }
                    }
                }
                (slots, true)
            }
            Cut::Lower { slots, away } => {
                for &i in away.iter().filter(|&&i| Some(i) != skip) {
                    let inside: Vec<Value> = (0..k).filter(|&j| slots[j]).map(|j| self.values[j]).collect();
                    why.not_equal_all(self.scope[i], inside);
                }
                (slots, false)
            }
        };
        (0..k).filter(|&j| slots[j]).all(|j| self.name_count(why, j, upper))
    }
}

impl Constraint for GlobalCardinality {
    fn kind(&self) -> &'static str {
        "global_cardinality"
    }

    fn on_post(&mut self, _model: &Model) -> Result<(), ModelError> {
        match self.misuse.clone() {
            Some(message) => Err(ModelError::InvalidConstraint { kind: "global_cardinality", message }),
            None => Ok(()),
        }
    }

    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn priority(&self) -> Priority {
        Priority::Slow
    }

    fn is_idempotent(&self) -> bool {
        true
    }

    fn propagate(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        super::with_scope_premises(self, ctx, |c, ctx| loop {
            while c.pass(ctx)? {}
            c.flow(ctx)?;
            if !c.distinct {
                return Ok(());
            }
            c.lower_bounds(ctx)?;
            if !c.filter(ctx)? {
                return Ok(());
            }
        })
    }

    fn explain(&self, why: &mut Antecedents<'_>) -> bool {
        let mut sorted = self.scope.clone();
        sorted.sort_unstable();
        if sorted.windows(2).any(|w| w[0] == w[1]) || !self.distinct {
            return false;
        }
        let change = why.change();
        let x = match change {
            Change::Failure => {
                let Some(FlowGraph { adj, low, up }) = self.flow_graph(why) else { return false };
                return violated_cut(&adj, &low, &up).is_some_and(|cut| self.name_cut(why, &cut, None));
            }
            Change::AtLeast(x, _) | Change::AtMost(x, _) | Change::Removed(x) => x,
        };
        let Some(p) = self.scope.iter().position(|&y| y == x) else { return false };
        let removed: Vec<Value> = why.removed().collect();
        if p < self.n {
            return !removed.is_empty() && self.explain_var(why, p, &removed);
        }
        let Some(j) = self.count_at.iter().position(|&c| c as usize == p) else { return false };
        // The bound to prove: past the values removed (a bitset may have had holes).
        match change {
            Change::AtLeast(_, b) => {
                self.explain_count(why, j, removed.iter().max().map_or(i64::from(b), |&r| i64::from(r) + 1), true)
            }
            Change::AtMost(_, b) => {
                self.explain_count(why, j, removed.iter().min().map_or(i64::from(b), |&r| i64::from(r) - 1), false)
            }
            _ => false,
        }
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        let xs = &values[..self.n];
        if self.closed && xs.iter().any(|v| !self.values.contains(v)) {
            return false;
        }
        let mut total = 0i64;
        for (j, &v) in self.values.iter().enumerate() {
            let c = xs.iter().filter(|&&x| x == v).count() as i64;
            let ok = if self.count_at[j] == NONE {
                (self.low[j]..=self.up[j]).contains(&c)
            } else {
                i64::from(values[self.count_at[j] as usize]) == c
            };
            if !ok {
                return false;
            }
            if self.count_at[j] != NONE {
                total += c;
            }
        }
        total <= self.n as i64
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::search::Solver;
    use crate::testing::{brute_force, model_with, projections, propagated, small_domain, solve_all};

    #[test]
    fn counts_take_the_bounds_of_the_occurrences() {
        let (mut model, v) = model_with(&[vec![1], vec![1, 2], vec![2, 3], (0..=5).collect(), (0..=5).collect()]);
        model.post(GlobalCardinality::new(v[..3].to_vec(), [1, 2], [v[3], v[4]])).unwrap();
        let d = propagated(model, &v).unwrap();
        assert_eq!(d[3], vec![1, 2]);
        assert_eq!(d[4], vec![0, 1, 2]);
    }

    #[test]
    fn sum_of_counts_bounds_each_count() {
        // Closed over {1, 2} with count(1) >= 2: count(2) <= 1.
        let (mut model, v) = model_with(&[vec![1, 2], vec![1, 2], vec![1, 2], vec![2, 3], (0..=3).collect()]);
        model.post(GlobalCardinality::new(v[..3].to_vec(), [1, 2], [v[3], v[4]]).closed()).unwrap();
        let d = propagated(model, &v).unwrap();
        assert_eq!(d[4], vec![0, 1]);
    }

    #[test]
    fn upper_capacities_find_a_hall_set() {
        // Three variables over {1, 2}, each value at most once: fails, while no single count
        // reasoning sees it.
        let (mut model, _) = model_with(&[vec![1, 2], vec![1, 2], vec![1, 2, 3], vec![1, 2]]);
        let v: Vec<VarId> = (0..4).map(VarId::from_index).collect();
        model.post(GlobalCardinality::with_bounds(vec![v[0], v[1], v[3]], [1, 2], [0, 0], [1, 1])).unwrap();
        Solver::new(model).propagate().expect_err("three variables, two places");
    }

    #[test]
    fn a_value_at_its_minimum_is_forced() {
        let (mut model, v) = model_with(&[vec![1, 2], vec![2, 3], vec![3]]);
        model.post(GlobalCardinality::with_bounds(v.clone(), [2], [2], [3])).unwrap();
        assert_eq!(propagated(model, &v).unwrap(), vec![vec![2], vec![2], vec![3]]);
    }

    proptest! {
        #[test]
        fn slots_find_the_first_index(
            values in proptest::collection::vec(-3i32..=3, 0..=6),
            stride in prop_oneof![Just(1i32), Just(1000), Just(i32::MAX / 4)],
            probe in -4i32..=4,
        ) {
            // A stride of 1000 or more spreads the values beyond the table's reach.
            let values: Vec<Value> = values.iter().map(|&v| v * stride).collect();
            let slots = Slots::new(&values);
            let spread = stride > 1 && values.iter().any(|&v| v != values[0]);
            prop_assert_eq!(slots.table.is_empty(), values.is_empty() || spread);
            for v in values.iter().copied().chain([probe * stride, probe * stride + 1, Value::MIN, Value::MAX]) {
                prop_assert_eq!(slots.get(v), values.iter().position(|&w| w == v));
            }
        }

        #[test]
        fn solutions_equal_the_decomposition(
            domains in proptest::collection::vec(small_domain(0, 3), 1..=4),
            counts in proptest::collection::vec(small_domain(0, 3), 1..=2),
            closed in any::<bool>(),
            shift in 0i32..=2,
        ) {
            let n = domains.len();
            let k = counts.len();
            let values: Vec<Value> = (0..k as Value).map(|j| j + shift).collect();
            let mut all = domains.clone();
            all.extend(counts.iter().cloned());
            let expected = brute_force(&all, |vs| {
                let xs = &vs[..n];
                (!closed || xs.iter().all(|x| values.contains(x)))
                    && values.iter().enumerate().all(|(j, &v)| xs.iter().filter(|&&x| x == v).count() as i32 == vs[n + j])
            });
            let build = || {
                let (mut model, v) = model_with(&all);
                let g = GlobalCardinality::new(v[..n].to_vec(), values.clone(), v[n..].to_vec());
                model.post(if closed { g.closed() } else { g }).unwrap();
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

        #[test]
        fn bounds_form_equals_the_decomposition(
            domains in proptest::collection::vec(small_domain(0, 3), 1..=5),
            bounds in proptest::collection::vec((0i64..=2, 0i64..=3), 1..=3),
            closed in any::<bool>(),
        ) {
            let values: Vec<Value> = (0..bounds.len() as Value).collect();
            let low: Vec<i64> = bounds.iter().map(|b| b.0).collect();
            let up: Vec<i64> = bounds.iter().map(|b| b.1).collect();
            let expected = brute_force(&domains, |xs| {
                (!closed || xs.iter().all(|x| values.contains(x)))
                    && values.iter().enumerate().all(|(j, &v)| {
                        let c = xs.iter().filter(|&&x| x == v).count() as i64;
                        low[j] <= c && c <= up[j]
                    })
            });
            let build = || {
                let (mut model, v) = model_with(&domains);
                let g = GlobalCardinality::with_bounds(v.clone(), values.clone(), low.clone(), up.clone());
                model.post(if closed { g.closed() } else { g }).unwrap();
                (model, v)
            };
            let (model, v) = build();
            prop_assert_eq!(solve_all(model, &v), expected.clone());
            // Constant bounds: root propagation is generalised arc consistency.
            let (model, v) = build();
            match propagated(model, &v) {
                None => prop_assert!(expected.is_empty()),
                Some(d) => prop_assert_eq!(d, projections(&expected, v.len())),
            }
        }
    }
}

//! Régin's generalised arc consistency for all-different, by bipartite matching.
//!
//! 1. Find a maximum matching between variables and values (augmenting paths, starting from
//!    the previous matching, which stays valid for most variables from one call to the next).
//!    If some variable stays unmatched, the variables reached by its failed search form a Hall
//!    set with too few values: fail.
//! 2. Orient matched edges variable -> value and the others value -> variable; link every
//!    matched value to a sink and the sink to every free value. An edge outside the matching
//!    belongs to some maximum matching iff its two ends are in the same strongly connected
//!    component (an even alternating cycle, or an alternating path from a free value).
//! 3. Remove every other edge.
//!
//! J.-C. Régin, "A filtering algorithm for constraints of difference in CSPs", AAAI 1994;
//! the sink construction follows the usual treatment of more values than variables.

use crate::context::Context;
use crate::error::Conflict;
use crate::id::{Value, VarId};
use crate::rule::Rule;

const NONE: u32 = u32::MAX;
/// A value claimed by two fixed variables.
const SHARED: u32 = u32::MAX - 1;
/// The widest value range indexed directly rather than by binary search.
const DENSE_SPAN: i64 = 4096;

/// Scratch space and the previous matching; nothing here is needed for correctness across
/// calls, so none of it is restored on backtracking.
#[derive(Clone, Debug, Default)]
pub(crate) struct Matching {
    /// The distinct constraint values, ascending; value node `k` is `vals[k]`.
    vals: Vec<i64>,
    /// When the values span a small range from `dense_lo`: each value's node by its offset
    /// from it (`NONE` for a value no domain holds); empty otherwise (binary search in `vals`).
    dense: Vec<u32>,
    dense_lo: i64,
    /// The variables in the graph (positions in the constraint's scope), ascending.
    live: Vec<u32>,
    /// Per value offset in the dense range: the fixed variable holding it, while gathering.
    holder: Vec<u32>,
    adj_start: Vec<u32>,
    adj: Vec<u32>,
    match_var: Vec<u32>,
    match_val: Vec<u32>,
    prev: Vec<i64>,
    seen: Vec<u32>,
    stamp: u32,
    stack: Vec<(u32, u32)>,
    hall: Vec<VarId>,
    succ_start: Vec<u32>,
    succ: Vec<u32>,
    index: Vec<u32>,
    low: Vec<u32>,
    on_stack: Vec<bool>,
    comp: Vec<u32>,
    tstack: Vec<u32>,
    call: Vec<(u32, u32)>,
    removals: Vec<(u32, Value, u32)>,
}

impl Matching {
    pub(crate) fn propagate(
        &mut self,
        ctx: &mut Context<'_>,
        vars: &[VarId],
        offsets: &[Value],
    ) -> Result<(), Conflict> {
        let off = |i: usize| offsets.get(i).map_or(0, |&o| i64::from(o));
        // Value space: the distinct constraint values of the domains, and the live variables.
        // A fixed variable whose value no other domain holds is a component of its own (one
        // matched edge, nothing to remove): it is left out, which after forward checking is
        // most fixed variables. The result does not change: the edges removed are those in no
        // maximum matching, whichever matching is found.
        self.gather(ctx, vars, &off);
        let n = self.live.len();
        let s = self.vals.len();
        if s < n {
            return Err(ctx.fail(Rule::Pigeonhole));
        }
        self.adj_start.clear();
        self.adj.clear();
        for &i in &self.live {
            self.adj_start.push(self.adj.len() as u32);
            let o = off(i as usize);
            for v in ctx.domain(vars[i as usize]).iter() {
                self.adj.push(self.value_index(i64::from(v) + o));
            }
        }
        self.adj_start.push(self.adj.len() as u32);

        // 1. Maximum matching, seeded with the previous one.
        self.match_var.clear();
        self.match_var.resize(n, NONE);
        self.match_val.clear();
        self.match_val.resize(s, NONE);
        self.prev.resize(vars.len(), i64::MIN);
        for i in 0..n {
            if let Some(idx) = self.find_value(self.prev[self.live[i] as usize]) {
                let (a, b) = (self.adj_start[i] as usize, self.adj_start[i + 1] as usize);
                if self.match_val[idx] == NONE && self.adj[a..b].contains(&(idx as u32)) {
                    self.match_var[i] = idx as u32;
                    self.match_val[idx] = i as u32;
                }
            }
        }
        self.seen.resize(s, 0);
        for i in 0..n {
            if self.match_var[i] == NONE && !self.augment(i as u32, ctx.is_explaining(), vars) {
                if ctx.is_explaining() {
                    ctx.set_premises(&self.hall);
                }
                let c = ctx.fail(Rule::HallSet);
                ctx.clear_premises();
                return Err(c);
            }
        }
        for i in 0..n {
            self.prev[self.live[i] as usize] = self.vals[self.match_var[i] as usize];
        }

        // 2. Residual graph and its strongly connected components.
        let t = (n + s) as u32;
        let nodes = n + s + 1;
        self.succ_start.clear();
        self.succ.clear();
        // Per value: the variables with an unmatched edge to it; gather by counting.
        let mut counts = std::mem::take(&mut self.index);
        counts.clear();
        counts.resize(s, 0);
        for i in 0..n {
            for k in self.adj_start[i]..self.adj_start[i + 1] {
                let v = self.adj[k as usize];
                if v != self.match_var[i] {
                    counts[v as usize] += 1;
                }
            }
        }
        // Node order: variables, values, sink.
        for i in 0..n {
            self.succ_start.push(i as u32);
        }
        let mut pos = n as u32;
        for (&c, &m) in counts.iter().zip(&self.match_val) {
            self.succ_start.push(pos);
            pos += c + u32::from(m != NONE);
        }
        self.succ_start.push(pos);
        let free = self.match_val.iter().filter(|&&m| m == NONE).count() as u32;
        self.succ_start.push(pos + free);
        self.succ.resize((pos + free) as usize, 0);
        for i in 0..n {
            self.succ[i] = n as u32 + self.match_var[i];
        }
        // Fill value successors: cursor per value reuses `counts`.
        counts[..s].copy_from_slice(&self.succ_start[n..n + s]);
        for i in 0..n {
            for k in self.adj_start[i]..self.adj_start[i + 1] {
                let v = self.adj[k as usize] as usize;
                if v as u32 != self.match_var[i] {
                    self.succ[counts[v] as usize] = i as u32;
                    counts[v] += 1;
                }
            }
        }
        let mut fill = pos as usize;
        for (v, &cursor) in counts.iter().enumerate() {
            if self.match_val[v] != NONE {
                self.succ[cursor as usize] = t;
            } else {
                self.succ[fill] = (n + v) as u32;
                fill += 1;
            }
        }
        self.index = counts;
        self.tarjan(nodes);

        // 3. Remove the edges between components.
        self.removals.clear();
        for i in 0..n {
            for k in self.adj_start[i]..self.adj_start[i + 1] {
                let v = self.adj[k as usize];
                if v != self.match_var[i] && self.comp[n + v as usize] != self.comp[i] {
                    let value = (self.vals[v as usize] - off(self.live[i] as usize)) as Value;
                    self.removals.push((i as u32, value, self.comp[n + v as usize]));
                }
            }
        }
        let explaining = ctx.is_explaining();
        let mut r = Ok(());
        for k in 0..self.removals.len() {
            let (i, value, comp) = self.removals[k];
            if explaining {
                self.hall.clear();
                self.hall.extend((0..n).filter(|&j| self.comp[j] == comp).map(|j| vars[self.live[j] as usize]));
                ctx.set_premises(&self.hall);
            }
            if let Err(c) = ctx.remove_value(vars[self.live[i as usize] as usize], value, Rule::HallSet) {
                r = Err(c);
                break;
            }
        }
        if explaining {
            ctx.clear_premises();
        }
        r
    }

    /// Fills `vals` (the distinct values of the live variables' domains, ascending), the value
    /// index (`dense` when the values span at most [`DENSE_SPAN`]) and `live`.
    fn gather(&mut self, ctx: &Context<'_>, vars: &[VarId], off: &impl Fn(usize) -> i64) {
        self.live.clear();
        self.vals.clear();
        self.dense.clear();
        let (mut lo, mut hi) = (i64::MAX, i64::MIN);
        for (i, &x) in vars.iter().enumerate() {
            let d = ctx.domain(x);
            if let (Some(a), Some(b)) = (d.min(), d.max()) {
                lo = lo.min(i64::from(a) + off(i));
                hi = hi.max(i64::from(b) + off(i));
            }
        }
        if lo > hi || hi - lo >= DENSE_SPAN {
            // Wide or empty: every variable, values sorted.
            self.live.extend(0..vars.len() as u32);
            for (i, &x) in vars.iter().enumerate() {
                let o = off(i);
                self.vals.extend(ctx.domain(x).iter().map(|v| i64::from(v) + o));
            }
            self.vals.sort_unstable();
            self.vals.dedup();
            return;
        }
        let span = (hi - lo + 1) as usize;
        self.dense_lo = lo;
        self.dense.resize(span, NONE);
        self.holder.clear();
        self.holder.resize(span, NONE);
        // Mark the values of unfixed domains (`dense[k] = 0`) and let fixed variables claim
        // theirs (`SHARED` when two claim one value).
        for (i, &x) in vars.iter().enumerate() {
            let d = ctx.domain(x);
            let o = off(i) - lo;
            if d.is_fixed() {
                let k = (i64::from(d.min().unwrap_or_default()) + o) as usize;
                self.holder[k] = if self.holder[k] == NONE { i as u32 } else { SHARED };
            } else {
                for v in d.iter() {
                    self.dense[(i64::from(v) + o) as usize] = 0;
                }
            }
        }
        // A fixed variable stays in the graph when another variable may take its value.
        for (i, &x) in vars.iter().enumerate() {
            let d = ctx.domain(x);
            if d.is_fixed() {
                let k = (i64::from(d.min().unwrap_or_default()) + off(i) - lo) as usize;
                if self.holder[k] != SHARED && self.dense[k] == NONE {
                    continue;
                }
                self.dense[k] = 0;
            }
            self.live.push(i as u32);
        }
        for (k, node) in self.dense.iter_mut().enumerate() {
            if *node != NONE {
                *node = self.vals.len() as u32;
                self.vals.push(lo + k as i64);
            }
        }
    }

    /// The node of value `v`, which some live domain holds.
    #[inline]
    fn value_index(&self, v: i64) -> u32 {
        if self.dense.is_empty() {
            self.vals.binary_search(&v).unwrap_or_default() as u32
        } else {
            self.dense[(v - self.dense_lo) as usize]
        }
    }

    /// The node of value `v`, if it is one.
    fn find_value(&self, v: i64) -> Option<usize> {
        if self.dense.is_empty() {
            return self.vals.binary_search(&v).ok();
        }
        let k = usize::try_from(v.checked_sub(self.dense_lo)?).ok()?;
        self.dense.get(k).filter(|&&node| node != NONE).map(|&node| node as usize)
    }

    /// Looks for an augmenting path from the unmatched variable `root`; applies it if found.
    fn augment(&mut self, root: u32, explaining: bool, vars: &[VarId]) -> bool {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
        self.hall.clear();
        if explaining {
            self.hall.push(vars[self.live[root as usize] as usize]);
        }
        self.stack.clear();
        self.stack.push((root, self.adj_start[root as usize]));
        while let Some(&(u, pos)) = self.stack.last() {
            if pos == self.adj_start[u as usize + 1] {
                self.stack.pop();
                continue;
            }
            let top = self.stack.len() - 1;
            self.stack[top].1 = pos + 1;
            let v = self.adj[pos as usize];
            if self.seen[v as usize] == self.stamp {
                continue;
            }
            self.seen[v as usize] = self.stamp;
            let w = self.match_val[v as usize];
            if w == NONE {
                for &(uk, pk) in &self.stack {
                    let vk = self.adj[pk as usize - 1];
                    self.match_var[uk as usize] = vk;
                    self.match_val[vk as usize] = uk;
                }
                return true;
            }
            if explaining {
                self.hall.push(vars[self.live[w as usize] as usize]);
            }
            self.stack.push((w, self.adj_start[w as usize]));
        }
        false
    }

    /// Tarjan's strongly connected components over `succ`, iteratively; fills `comp`.
    fn tarjan(&mut self, nodes: usize) {
        const UNSEEN: u32 = u32::MAX;
        self.index.clear();
        self.index.resize(nodes, UNSEEN);
        self.low.clear();
        self.low.resize(nodes, 0);
        self.on_stack.clear();
        self.on_stack.resize(nodes, false);
        self.comp.clear();
        self.comp.resize(nodes, UNSEEN);
        self.tstack.clear();
        let mut next = 0u32;
        let mut comps = 0u32;
        for start in 0..nodes as u32 {
            if self.index[start as usize] != UNSEEN {
                continue;
            }
            self.call.clear();
            self.call.push((start, self.succ_start[start as usize]));
            self.index[start as usize] = next;
            self.low[start as usize] = next;
            next += 1;
            self.tstack.push(start);
            self.on_stack[start as usize] = true;
            while let Some(&(u, e)) = self.call.last() {
                let ui = u as usize;
                if e < self.succ_start[ui + 1] {
                    let top = self.call.len() - 1;
                    self.call[top].1 = e + 1;
                    let w = self.succ[e as usize] as usize;
                    if self.index[w] == UNSEEN {
                        self.index[w] = next;
                        self.low[w] = next;
                        next += 1;
                        self.tstack.push(w as u32);
                        self.on_stack[w] = true;
                        self.call.push((w as u32, self.succ_start[w]));
                    } else if self.on_stack[w] {
                        self.low[ui] = self.low[ui].min(self.index[w]);
                    }
                    continue;
                }
                self.call.pop();
                if let Some(&(p, _)) = self.call.last() {
                    let pi = p as usize;
                    self.low[pi] = self.low[pi].min(self.low[ui]);
                }
                if self.low[ui] == self.index[ui] {
                    while let Some(w) = self.tstack.pop() {
                        self.on_stack[w as usize] = false;
                        self.comp[w as usize] = comps;
                        if w == u {
                            break;
                        }
                    }
                    comps += 1;
                }
            }
        }
    }
}

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

/// Scratch space and the previous matching; nothing here is needed for correctness across
/// calls, so none of it is restored on backtracking.
#[derive(Clone, Debug, Default)]
pub(crate) struct Matching {
    vals: Vec<i64>,
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
        let n = vars.len();
        let off = |i: usize| offsets.get(i).map_or(0, |&o| i64::from(o));
        // Value space: the distinct constraint values of all domains.
        self.vals.clear();
        for (i, &x) in vars.iter().enumerate() {
            let o = off(i);
            self.vals.extend(ctx.domain(x).iter().map(|v| i64::from(v) + o));
        }
        self.vals.sort_unstable();
        self.vals.dedup();
        let s = self.vals.len();
        if s < n {
            return Err(ctx.fail(Rule::Pigeonhole));
        }
        self.adj_start.clear();
        self.adj.clear();
        for (i, &x) in vars.iter().enumerate() {
            self.adj_start.push(self.adj.len() as u32);
            let o = off(i);
            for v in ctx.domain(x).iter() {
                let idx = self.vals.binary_search(&(i64::from(v) + o)).unwrap_or_default();
                self.adj.push(idx as u32);
            }
        }
        self.adj_start.push(self.adj.len() as u32);

        // 1. Maximum matching, seeded with the previous one.
        self.match_var.clear();
        self.match_var.resize(n, NONE);
        self.match_val.clear();
        self.match_val.resize(s, NONE);
        self.prev.resize(n, i64::MIN);
        for i in 0..n {
            if let Ok(idx) = self.vals.binary_search(&self.prev[i]) {
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
            self.prev[i] = self.vals[self.match_var[i] as usize];
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
                    let value = (self.vals[v as usize] - off(i)) as Value;
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
                self.hall.extend((0..n).filter(|&j| self.comp[j] == comp).map(|j| vars[j]));
                ctx.set_premises(&self.hall);
            }
            if let Err(c) = ctx.remove_value(vars[i as usize], value, Rule::HallSet) {
                r = Err(c);
                break;
            }
        }
        if explaining {
            ctx.clear_premises();
        }
        r
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
            self.hall.push(vars[root as usize]);
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
                self.hall.push(vars[w as usize]);
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

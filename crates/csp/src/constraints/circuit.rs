//! `Circuit` and `Subcircuit`: successor variables that form one Hamiltonian cycle (or one
//! cycle through a subset of the nodes, the others pointing to themselves).

use super::hall_set::deficient_set;
use super::matching::Matching;
use super::scc::Scc;
use crate::constraint::{Constraint, Priority, Rule};
use crate::context::Context;
use crate::error::Conflict;
use crate::id::{Value, VarId};
use crate::learning::explain::{Antecedents, Change};

const NONE: u32 = u32::MAX;

/// `succ[i]` is the node that follows node `i`, and the successors form one cycle through all
/// the nodes ([`Circuit::new`]), or one cycle through some of them with every other node its
/// own successor ([`Circuit::subcircuit`]; MiniZinc's `subcircuit`, which allows the empty
/// cycle: every node its own successor).
///
/// Nodes are numbered from `offset` ([`Circuit::with_offset`]; MiniZinc's arrays start at 1,
/// so its `circuit(x)` is `Circuit::new(x).with_offset(1)`); the default is 0. Values outside
/// the node range are removed. A tour cost is written with one [`Element`](crate::constraints::Element) per
/// node (`cost[i] = dist[i][succ[i]]`) and a [`Linear`](crate::constraints::Linear) sum.
///
/// # Propagation
///
/// Each call, in order:
///
/// 1. *All-different* on the successors, by Régin's matching (generalised arc consistency;
///    [`Rule::HallSet`], [`Rule::Pigeonhole`]).
/// 2. *No early sub-tour* (Caseau and Laburthe 1997, the "nocycle" reasoning of Pesant et al.
///    1998): the fixed successors form chains; the end of a chain that does not cover every
///    node may not close onto the chain's start ([`Rule::Other`]). A closed cycle shorter than
///    `n` fails. For a subcircuit, the end may close early only if every node outside the
///    chain can still be its own successor; a closed cycle fixes every other node to itself;
///    a node inside a chain may not point to itself.
/// 3. *Strongly connected components* of the graph of the edges left (`i -> j` for each
///    `j + offset` in `D(succ[i])`, `j != i`; iterative Tarjan): a circuit fails unless the
///    graph is strongly connected. A subcircuit loses every edge between two components (no
///    cycle uses one), fails if two nodes that cannot point to themselves are in different
///    components, and otherwise fixes to itself every node outside the component of those.
///
/// Premises, when explanations are on: the other successor variables.
///
/// # Explanation
///
/// Each pruning is explained on request ([`Constraint::explain`]) from the domains before it,
/// as Francis and Stuckey (2014) do: a value taken by a fixed successor by that fixed
/// successor; an all-different removal by a Hall set (its members' values outside the set's);
/// the arc closing a chain early by the chain's fixed successors (and, for a subcircuit, a node
/// outside the chain that may not point to itself); an arc `i -> j` across components by the
/// nodes reachable from `j` and the arcs absent that leave them (no way back to `i`); a node
/// fixed out of a subcircuit likewise by a node that must be on the cycle. A failure is
/// explained by two successors fixed alike, a Hall set, a short closed cycle, a set of nodes
/// that no arc leaves (or enters), or a successor all of whose values are explained away.
///
/// # Complexity
///
/// With `n` nodes and `e` edges left: the matching is `O(e * sqrt(n))` amortised from the
/// previous matching (worst case `O(n * e)`); chains and components are `O(n + e)`. Nothing is
/// allocated after the first call.
///
/// # Bibliography
///
/// * Y. Caseau and F. Laburthe, "Solving small TSPs with constraints", ICLP 1997.
/// * G. Pesant, M. Gendreau, J.-Y. Potvin and J.-M. Rousseau, "An exact constraint logic
///   programming algorithm for the traveling salesman problem with time windows",
///   Transportation Science 32(1), 1998.
/// * L. G. Kaya and J. N. Hooker, "A filter for the circuit constraint", CP 2006
///   (strongly connected components).
/// * K. Francis and P. J. Stuckey, "Explaining circuit propagation", Constraints 19(1), 2014.
/// * J.-C. Régin, "A filtering algorithm for constraints of difference in CSPs", AAAI 1994.
///
/// # Example
///
/// ```
/// use csp::Model;
/// use csp::constraints::Circuit;
///
/// let mut model = Model::new();
/// let succ = model.new_vars(4, 0..=3)?;
/// model.post(Circuit::new(succ.clone()))?;
/// let mut solver = model.into_solver();
/// // 0 -> 1 -> 2: then 2 may not go back to 0 before 3 is visited.
/// solver.assign(succ[0], 1)?;
/// solver.assign(succ[1], 2)?;
/// solver.propagate()?;
/// assert_eq!(solver.value(succ[2]), Some(3));
/// assert_eq!(solver.value(succ[3]), Some(0));
/// // (n - 1)! = 6 tours of 4 nodes.
/// let mut model = Model::new();
/// let succ = model.new_vars(4, 0..=3)?;
/// model.post(Circuit::new(succ))?;
/// assert_eq!(model.into_solver().count_solutions(u64::MAX).count, 6);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Circuit {
    succ: Vec<VarId>,
    /// The value that names node 0.
    offset: Value,
    /// Whether nodes may stay out of the cycle (pointing to themselves).
    sub: bool,
    matching: Matching,
    /// Scratch, all of length `n` (after the first call): fixed successor or `NONE`.
    next: Vec<u32>,
    has_pred: Vec<bool>,
    mark: Vec<u32>,
    /// Scratch: the graph of edges left, as adjacency lists.
    adj_start: Vec<u32>,
    adj: Vec<u32>,
    /// Scratch: the components of that graph.
    scc: Scc,
}

impl Circuit {
    /// `succ` forms one cycle through all nodes `0..n` (`n = succ.len()`).
    pub fn new(succ: impl Into<Vec<VarId>>) -> Circuit {
        Circuit::build(succ.into(), false)
    }

    /// `succ` forms one cycle through some nodes, every other node `i` having `succ[i] = i`.
    /// The empty cycle (every node its own successor) is allowed, as in MiniZinc.
    pub fn subcircuit(succ: impl Into<Vec<VarId>>) -> Circuit {
        Circuit::build(succ.into(), true)
    }

    /// Numbers the nodes from `offset` instead of 0 (1 for MiniZinc's arrays).
    pub fn with_offset(mut self, offset: Value) -> Circuit {
        self.offset = offset;
        self
    }

    /// Whether this is a subcircuit.
    pub fn is_subcircuit(&self) -> bool {
        self.sub
    }

    fn build(succ: Vec<VarId>, sub: bool) -> Circuit {
        Circuit {
            succ,
            offset: 0,
            sub,
            matching: Matching::default(),
            next: Vec::new(),
            has_pred: Vec::new(),
            mark: Vec::new(),
            adj_start: Vec::new(),
            adj: Vec::new(),
            scc: Scc::default(),
        }
    }

    fn node(&self, v: Value) -> u32 {
        (i64::from(v) - i64::from(self.offset)) as u32
    }

    fn value(&self, node: usize) -> Value {
        (node as i64 + i64::from(self.offset)) as Value
    }

    /// Whether node `k` may point to itself.
    fn can_self(&self, ctx: &Context<'_>, k: usize) -> bool {
        ctx.contains(self.succ[k], self.value(k))
    }

    /// Step 2: chains of fixed successors. Returns whether a domain changed.
    fn chains(&mut self, ctx: &mut Context<'_>) -> Result<bool, Conflict> {
        let n = self.succ.len();
        self.next.clear();
        self.has_pred.clear();
        self.has_pred.resize(n, false);
        for i in 0..n {
            let j = match ctx.value(self.succ[i]) {
                Some(v) if self.node(v) as usize != i => self.node(v),
                _ => NONE,
            };
            self.next.push(j);
            if j != NONE {
                self.has_pred[j as usize] = true;
            }
        }
        // `mark[k]`: 1 + the first node of the chain or cycle through `k`, 0 if none.
        self.mark.clear();
        self.mark.resize(n, 0);
        let mut changed = false;
        for s in 0..n {
            if self.next[s] == NONE || self.has_pred[s] {
                continue;
            }
            // A chain s -> ... -> e, e's successor not fixed.
            let id = s as u32 + 1;
            let (mut e, mut len) = (s, 1);
            self.mark[s] = id;
            while self.next[e] != NONE {
                e = self.next[e] as usize;
                self.mark[e] = id;
                len += 1;
            }
            if len >= n {
                continue;
            }
            let close_ok = self.sub && (0..n).all(|k| self.mark[k] == id || self.can_self(ctx, k));
            if self.sub {
                let own = self.value(e);
                changed |= ctx.remove_value(self.succ[e], own, Rule::Other)?;
            }
            if !close_ok {
                let start = self.value(s);
                changed |= ctx.remove_value(self.succ[e], start, Rule::Other)?;
            }
        }
        // Fixed nodes on no chain lie on closed cycles.
        for s in 0..n {
            if self.next[s] == NONE || self.mark[s] != 0 {
                continue;
            }
            let id = s as u32 + 1;
            let (mut k, mut len) = (s, 0);
            while self.mark[k] == 0 {
                self.mark[k] = id;
                len += 1;
                k = self.next[k] as usize;
            }
            if len < n && !self.sub {
                return Err(ctx.fail(Rule::Other));
            }
            if self.sub {
                // Every node outside this cycle points to itself.
                for j in 0..n {
                    if self.mark[j] != id {
                        let own = self.value(j);
                        changed |= ctx.assign(self.succ[j], own, Rule::Other)?;
                    }
                }
                return Ok(changed);
            }
        }
        Ok(changed)
    }

    /// Step 3: strongly connected components of the graph of edges left.
    fn components(&mut self, ctx: &mut Context<'_>) -> Result<bool, Conflict> {
        let n = self.succ.len();
        self.adj_start.clear();
        self.adj.clear();
        for i in 0..n {
            self.adj_start.push(self.adj.len() as u32);
            let off = i64::from(self.offset);
            for v in ctx.domain(self.succ[i]).iter() {
                let j = (i64::from(v) - off) as u32;
                if j as usize != i {
                    self.adj.push(j);
                }
            }
        }
        self.adj_start.push(self.adj.len() as u32);
        let count = self.scc.run(n, &self.adj_start, &self.adj);
        if count <= 1 {
            return Ok(false);
        }
        if !self.sub {
            return Err(ctx.fail(Rule::Other));
        }
        // The component of the nodes that must be on the cycle.
        let mut must = NONE;
        for k in 0..n {
            if !self.can_self(ctx, k) {
                if must != NONE && must != self.scc.comp[k] {
                    return Err(ctx.fail(Rule::Other));
                }
                must = self.scc.comp[k];
            }
        }
        let mut changed = false;
        for i in 0..n {
            let ci = self.scc.comp[i];
            if must != NONE && ci != must {
                let own = self.value(i);
                changed |= ctx.assign(self.succ[i], own, Rule::Other)?;
                continue;
            }
            let (a, b) = (self.adj_start[i] as usize, self.adj_start[i + 1] as usize);
            if self.adj[a..b].iter().any(|&j| self.scc.comp[j as usize] != ci) {
                let (comp, offset) = (&self.scc.comp, i64::from(self.offset));
                changed |= ctx.retain(
                    self.succ[i],
                    |v| {
                        let j = (i64::from(v) - offset) as usize;
                        j == i || comp[j] == ci
                    },
                    Rule::Other,
                )?;
            }
        }
        Ok(changed)
    }

    fn run(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let n = self.succ.len();
        if n == 0 {
            return Ok(());
        }
        let (lo, hi) = (self.value(0), self.value(n - 1));
        for i in 0..n {
            ctx.remove_below(self.succ[i], lo, Rule::Bounds)?;
            ctx.remove_above(self.succ[i], hi, Rule::Bounds)?;
            if !self.sub {
                let own = self.value(i);
                ctx.remove_value(self.succ[i], own, Rule::Other)?;
            }
        }
        loop {
            self.matching.propagate(ctx, &self.succ, &[])?;
            let mut changed = self.chains(ctx)?;
            if !changed {
                changed = self.components(ctx)?;
            }
            if !changed {
                return Ok(());
            }
        }
    }
}

/// The successor graph before a change, for explanations.
struct Graph {
    /// `adj[i]`: the nodes `succ[i]` could take (its own node included).
    adj: Vec<Vec<u32>>,
    /// `fixed[i]`: the node `succ[i]` was fixed to, or `NONE`.
    fixed: Vec<u32>,
}

impl Graph {
    /// Whether node `k` could point to itself.
    fn can_self(&self, k: usize) -> bool {
        self.adj[k].contains(&(k as u32))
    }

    /// The nodes reachable from `from` by arcs other than self-loops, as flags.
    fn reach(&self, from: usize) -> Vec<bool> {
        let mut seen = vec![false; self.adj.len()];
        let mut stack = vec![from];
        seen[from] = true;
        while let Some(k) = stack.pop() {
            for &j in &self.adj[k] {
                if !seen[j as usize] {
                    seen[j as usize] = true;
                    stack.push(j as usize);
                }
            }
        }
        seen
    }
}

impl Circuit {
    /// The node of value `v`, if it names one.
    fn node_of(&self, v: Value) -> Option<usize> {
        let j = i64::from(v) - i64::from(self.offset);
        (0..self.succ.len() as i64).contains(&j).then_some(j as usize)
    }

    /// The successor graph in the domains before the change.
    fn graph_before(&self, why: &Antecedents<'_>) -> Graph {
        let n = self.succ.len();
        let mut g = Graph { adj: vec![Vec::new(); n], fixed: vec![NONE; n] };
        for (i, &x) in self.succ.iter().enumerate() {
            match why.values(x) {
                Some(values) => g.adj[i].extend(values.filter_map(|v| self.node_of(v)).map(|j| j as u32)),
                None => g.adj[i].extend((0..n).filter(|&j| why.contains(x, self.value(j))).map(|j| j as u32)),
            }
            if let [j] = g.adj[i][..] {
                g.fixed[i] = j;
            }
        }
        g
    }

    /// Names `succ[k]` = its fixed node.
    fn name_fixed(&self, why: &mut Antecedents<'_>, g: &Graph, k: usize) {
        why.equal(self.succ[k], self.value(g.fixed[k] as usize));
    }

    /// Names, for every node `k` of `set`, that `succ[k]` takes no node outside `set` but `k`
    /// (nothing leaves the set but self-loops).
    fn name_closed(&self, why: &mut Antecedents<'_>, set: &[bool]) -> bool {
        for (k, _) in set.iter().enumerate().filter(|p| *p.1) {
            let Some(values) = why.initial_values(self.succ[k]) else { return false };
            let outside: Vec<Value> = values.filter(|&v| self.node_of(v).is_none_or(|j| j != k && !set[j])).collect();
            why.not_equal_all(self.succ[k], outside);
        }
        true
    }

    /// Names, for every variable of `s`, that it takes no value outside `values` and `extra`.
    fn name_hall(&self, why: &mut Antecedents<'_>, vars: &[usize], values: &[bool], extra: Option<usize>) -> bool {
        for &k in vars {
            let Some(initial) = why.initial_values(self.succ[k]) else { return false };
            let outside: Vec<Value> =
                initial.filter(|&v| self.node_of(v).is_none_or(|j| !values[j] && Some(j) != extra)).collect();
            why.not_equal_all(self.succ[k], outside);
        }
        true
    }

    /// The chain of fixed successors from `j`: its nodes in order, up to the first node not
    /// fixed (included), or `None` if it closes on itself.
    fn chain_from(g: &Graph, j: usize) -> Option<Vec<usize>> {
        let n = g.adj.len();
        let mut chain = vec![j];
        let mut k = j;
        while g.fixed[k] != NONE && g.fixed[k] as usize != k {
            k = g.fixed[k] as usize;
            if chain.len() >= n || chain.contains(&k) {
                return None;
            }
            chain.push(k);
        }
        Some(chain)
    }

    /// Why `succ[i] != j`, by the cheap rules (a fixed successor takes `j`, or `i -> j` closes a
    /// chain early); whether one applies (its reasons named).
    fn explain_arc_cheap(&self, why: &mut Antecedents<'_>, g: &Graph, i: usize, j: usize) -> bool {
        let n = self.succ.len();
        if let Some(k) = (0..n).find(|&k| k != i && g.fixed[k] == j as u32) {
            self.name_fixed(why, g, k);
            return true;
        }
        if j == i {
            return false;
        }
        // j -> ... -> i by fixed successors: i -> j would close the cycle.
        let Some(chain) = Self::chain_from(g, j) else { return false };
        if chain.last() != Some(&i) || chain.len() >= n {
            return false;
        }
        let outsider = if self.sub {
            let mut on = vec![false; n];
            for &k in &chain {
                on[k] = true;
            }
            match (0..n).find(|&k| !on[k] && !g.can_self(k)) {
                Some(k) => Some(k),
                None => return false,
            }
        } else {
            None
        };
        for &k in &chain[..chain.len() - 1] {
            self.name_fixed(why, g, k);
        }
        if let Some(k) = outsider {
            why.not_equal(self.succ[k], self.value(k));
        }
        true
    }

    /// Why `succ[i] != j` by reachability: no path from `j` back to `i`.
    fn explain_arc_by_reach(&self, why: &mut Antecedents<'_>, g: &Graph, i: usize, j: usize) -> bool {
        if i == j {
            return false;
        }
        let r = g.reach(j);
        !r[i] && self.name_closed(why, &r)
    }

    /// Why node `i` is out of the subcircuit: a node `a` that must be on it does not reach `i`,
    /// or `i` does not reach `a`.
    fn explain_outside(&self, why: &mut Antecedents<'_>, g: &Graph, i: usize) -> bool {
        if !self.sub {
            return false;
        }
        for a in (0..g.adj.len()).filter(|&a| a != i && !g.can_self(a)) {
            for (from, to) in [(a, i), (i, a)] {
                let r = g.reach(from);
                if !r[to] {
                    why.not_equal(self.succ[a], self.value(a));
                    return self.name_closed(why, &r);
                }
            }
        }
        false
    }

    /// Why `succ[i] != j` by a Hall set of the other successors that takes `j`; also marks
    /// in `covered` the other values that set takes.
    fn explain_arc_by_hall(&self, why: &mut Antecedents<'_>, g: &Graph, i: usize, j: usize) -> Option<Vec<bool>> {
        let d = deficient_set(&g.adj, self.succ.len(), Some(i), Some(j as u32))?;
        self.name_hall(why, &d.vars, &d.values, Some(j)).then_some(d.values)
    }

    fn explain_removals(&self, why: &mut Antecedents<'_>, g: &Graph, i: usize, removed: &[Value]) -> bool {
        let mut left: Vec<usize> = Vec::new();
        for &v in removed {
            match self.node_of(v) {
                // Out of range, or a self-loop of a circuit: the constraint alone.
                None => {}
                Some(j) if j == i && !self.sub => {}
                Some(j) if self.explain_arc_cheap(why, g, i, j) => {}
                Some(j) => left.push(j),
            }
        }
        if left.is_empty() {
            return true;
        }
        if !left.contains(&i) {
            let len = why.len_reasons();
            if self.explain_outside(why, g, i) {
                return true;
            }
            why.truncate_reasons(len);
        }
        let mut covered = vec![false; self.succ.len()];
        for &j in &left {
            if covered[j] || self.explain_arc_by_reach(why, g, i, j) {
                continue;
            }
            match self.explain_arc_by_hall(why, g, i, j) {
                Some(values) => {
                    for (c, v) in covered.iter_mut().zip(values) {
                        *c |= v;
                    }
                }
                None => return false,
            }
        }
        true
    }

    fn explain_failure(&self, why: &mut Antecedents<'_>, g: &Graph) -> bool {
        let n = self.succ.len();
        if n == 0 {
            return false;
        }
        // Two successors fixed to one node.
        let mut by = vec![NONE; n];
        for k in 0..n {
            let j = g.fixed[k];
            if j == NONE {
                continue;
            }
            if by[j as usize] != NONE {
                self.name_fixed(why, g, by[j as usize] as usize);
                self.name_fixed(why, g, k);
                return true;
            }
            by[j as usize] = k as u32;
        }
        // A closed cycle of fixed successors, too short (or with a node outside that must
        // join it).
        for s in 0..n {
            if g.fixed[s] == NONE || g.fixed[s] as usize == s {
                continue;
            }
            let mut cycle = vec![s];
            let mut k = g.fixed[s] as usize;
            while k != s && g.fixed[k] != NONE && g.fixed[k] as usize != k && cycle.len() <= n {
                cycle.push(k);
                k = g.fixed[k] as usize;
            }
            if k != s || cycle.len() >= n {
                continue;
            }
            let outsider = if self.sub { (0..n).find(|&k| !cycle.contains(&k) && !g.can_self(k)) } else { None };
            if self.sub && outsider.is_none() {
                continue;
            }
            for &k in &cycle {
                self.name_fixed(why, g, k);
            }
            if let Some(k) = outsider {
                why.not_equal(self.succ[k], self.value(k));
            }
            return true;
        }
        // No distinct successors at all.
        if let Some(d) = deficient_set(&g.adj, n, None, None) {
            return self.name_hall(why, &d.vars, &d.values, None);
        }
        // A set of nodes that the cycle would have to leave or enter and cannot.
        if !self.sub {
            let r = g.reach(0);
            if r.iter().any(|&b| !b) {
                return self.name_closed(why, &r);
            }
            for k in 1..n {
                let r = g.reach(k);
                if !r[0] {
                    return self.name_closed(why, &r);
                }
            }
        } else {
            let must: Vec<usize> = (0..n).filter(|&k| !g.can_self(k)).collect();
            for &a in &must {
                let r = g.reach(a);
                if let Some(&b) = must.iter().find(|&&b| !r[b]) {
                    why.not_equal(self.succ[a], self.value(a));
                    why.not_equal(self.succ[b], self.value(b));
                    return self.name_closed(why, &r);
                }
            }
        }
        // A successor with every value explained away.
        let mut order: Vec<usize> = (0..n).filter(|&k| g.adj[k].len() <= 3).collect();
        order.sort_by_key(|&k| g.adj[k].len());
        for i in order {
            let len = why.len_reasons();
            let removed: Vec<Value> = g.adj[i].iter().map(|&j| self.value(j as usize)).collect();
            if self.explain_removals(why, g, i, &removed) {
                let Some(values) = why.initial_values(self.succ[i]) else { return false };
                let gone: Vec<Value> =
                    values.filter(|&v| self.node_of(v).is_none_or(|j| !g.adj[i].contains(&(j as u32)))).collect();
                why.not_equal_all(self.succ[i], gone);
                return true;
            }
            why.truncate_reasons(len);
        }
        false
    }
}

impl Constraint for Circuit {
    fn kind(&self) -> &'static str {
        if self.sub {
            "subcircuit"
        } else {
            "circuit"
        }
    }

    fn scope(&self) -> &[VarId] {
        &self.succ
    }

    fn priority(&self) -> Priority {
        Priority::Slow
    }

    fn is_idempotent(&self) -> bool {
        true
    }

    fn on_post(&mut self, model: &crate::model::Model) -> Result<(), crate::error::ModelError> {
        super::refuse_intervals(model, &self.succ, self.kind())
    }

    fn propagate(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        if ctx.is_explaining() {
            ctx.set_premises(&self.succ);
        }
        let r = self.run(ctx);
        if ctx.is_explaining() {
            ctx.clear_premises();
        }
        r
    }

    fn explain(&self, why: &mut Antecedents<'_>) -> bool {
        if super::has_repeated_var(&self.succ) {
            return false;
        }
        let graph = self.graph_before(why);
        match why.change() {
            Change::Failure => self.explain_failure(why, &graph),
            Change::AtLeast(x, _) | Change::AtMost(x, _) | Change::Removed(x) => {
                let Some(i) = self.succ.iter().position(|&y| y == x) else { return false };
                let removed: Vec<Value> = why.removed().collect();
                !removed.is_empty() && self.explain_removals(why, &graph, i, &removed)
            }
        }
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        let n = values.len();
        let node = |v: Value| -> Option<usize> {
            let j = i64::from(v) - i64::from(self.offset);
            (0..n as i64).contains(&j).then_some(j as usize)
        };
        let Some(next) = values.iter().map(|&v| node(v)).collect::<Option<Vec<usize>>>() else { return false };
        let on: Vec<usize> = (0..n).filter(|&i| next[i] != i).collect();
        if !self.sub && on.len() != n {
            return false;
        }
        let Some(&start) = on.first() else { return true };
        let mut visited = vec![false; n];
        let mut k = start;
        for _ in 0..on.len() {
            if visited[k] || next[k] == k {
                return false;
            }
            visited[k] = true;
            k = next[k];
        }
        k == start
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::model::Model;
    use crate::search::Solver;
    use crate::testing::{brute_force, model_with, projections, propagated, solve_all};

    fn circuit(domains: &[Vec<Value>], sub: bool, offset: Value) -> (Model, Vec<VarId>) {
        let (mut model, vars) = model_with(domains);
        let c = if sub { Circuit::subcircuit(vars.clone()) } else { Circuit::new(vars.clone()) };
        model.post(c.with_offset(offset)).unwrap();
        (model, vars)
    }

    /// The decomposition's meaning, independently: follow the successors.
    fn is_circuit(values: &[Value], sub: bool, offset: Value) -> bool {
        let n = values.len();
        let next: Vec<i64> = values.iter().map(|&v| i64::from(v) - i64::from(offset)).collect();
        if next.iter().any(|&j| j < 0 || j >= n as i64) {
            return false;
        }
        let mut perm = next.clone();
        perm.sort_unstable();
        perm.dedup();
        if perm.len() != n {
            return false;
        }
        let on: Vec<usize> = (0..n).filter(|&i| next[i] != i as i64).collect();
        if !sub && on.len() != n {
            return false;
        }
        match on.first() {
            None => true,
            Some(&s) => {
                let mut len = 1;
                let mut k = next[s] as usize;
                while k != s {
                    len += 1;
                    k = next[k] as usize;
                }
                len == on.len()
            }
        }
    }

    #[test]
    fn self_loops_and_out_of_range_values_go() {
        let (model, v) = circuit(&[(0..=5).collect(), (1..=3).collect(), (0..=2).collect()], false, 0);
        let d = propagated(model, &v).unwrap();
        // D(x1) = {2}, then all-different.
        assert_eq!(d, vec![vec![1], vec![2], vec![0]]);
    }

    #[test]
    fn chain_end_may_not_close_early() {
        let (model, v) = circuit(&vec![(1..=5).collect(); 5], false, 1);
        let mut solver = Solver::new(model);
        solver.assign(v[0], 2).unwrap();
        solver.assign(v[1], 3).unwrap();
        solver.propagate().unwrap();
        // 1 -> 2 -> 3: 3 may not go to 1 (nor 2, nor itself).
        assert_eq!(solver.domain(v[2]).to_vec(), vec![4, 5]);
        assert_eq!(solver.domain(v[3]).to_vec(), vec![1, 5]);
    }

    #[test]
    fn a_short_closed_cycle_fails() {
        let (model, v) = circuit(&vec![(0..=3).collect(); 4], false, 0);
        let mut solver = Solver::new(model);
        solver.assign(v[0], 1).unwrap();
        solver.remove_value(v[1], 2).unwrap();
        solver.remove_value(v[1], 3).unwrap();
        solver.propagate().expect_err("1 -> 0 closes 0 -> 1 early");
    }

    #[test]
    fn a_graph_in_two_components_fails() {
        // {0, 1} and {2, 3} reach each other only one way.
        let (model, _) = circuit(&[vec![1], vec![0, 2], vec![3], vec![2]], false, 0);
        Solver::new(model).propagate().expect_err("not strongly connected");
    }

    #[test]
    fn subcircuit_drops_edges_between_components_and_fixes_outsiders() {
        // 0 and 1 must be on the cycle; 1 -> 2 is one way only, into {2, 3}.
        let (model, v) = circuit(&[vec![1], vec![0, 2], vec![2, 3], vec![2, 3]], true, 0);
        let d = propagated(model, &v).unwrap();
        assert_eq!(d, vec![vec![1], vec![0], vec![2], vec![3]]);
    }

    #[test]
    fn subcircuit_may_close_early_when_the_rest_can_stay_out() {
        let (model, v) = circuit(&vec![(0..=3).collect(); 4], true, 0);
        let mut solver = Solver::new(model);
        solver.assign(v[0], 1).unwrap();
        solver.propagate().unwrap();
        assert_eq!(solver.domain(v[1]).to_vec(), vec![0, 2, 3]);
        solver.assign(v[1], 0).unwrap();
        solver.propagate().unwrap();
        assert_eq!((solver.value(v[2]), solver.value(v[3])), (Some(2), Some(3)));
    }

    #[test]
    fn subcircuit_chain_may_not_close_while_a_node_must_join() {
        let (model, v) = circuit(&[(0..=3).collect(), (0..=3).collect(), vec![0, 1, 3], (0..=3).collect()], true, 0);
        let mut solver = Solver::new(model);
        solver.assign(v[0], 1).unwrap();
        solver.propagate().unwrap();
        // 2 must be on the cycle, so 1 may not close onto 0, nor stay out.
        assert_eq!(solver.domain(v[1]).to_vec(), vec![2, 3]);
    }

    #[test]
    fn counts_of_tours() {
        for n in 1..=6usize {
            let (model, _) = circuit(&vec![(1..=n as Value).collect(); n], false, 1);
            let fact: u64 = (1..n as u64).product();
            let expected = if n == 1 { 0 } else { fact };
            assert_eq!(Solver::new(model).count_solutions(u64::MAX).count, expected, "n = {n}");
        }
    }

    fn domains_strategy() -> impl Strategy<Value = (Vec<Vec<Value>>, bool)> {
        (1usize..=5, any::<bool>()).prop_flat_map(|(n, sub)| {
            let d = proptest::collection::btree_set(0..n as Value, 1..=n).prop_map(|s| s.into_iter().collect());
            (proptest::collection::vec(d, n), Just(sub))
        })
    }

    proptest! {
        #[test]
        fn solutions_equal_the_decomposition((domains, sub) in domains_strategy(), offset in -1i32..=1) {
            let shifted: Vec<Vec<Value>> = domains.iter().map(|d| d.iter().map(|&v| v + offset).collect()).collect();
            let expected = brute_force(&shifted, |vs| is_circuit(vs, sub, offset));
            let (model, v) = circuit(&shifted, sub, offset);
            prop_assert_eq!(solve_all(model, &v), expected.clone());
            // Root propagation never removes a supported value.
            let (model, v) = circuit(&shifted, sub, offset);
            if let Some(d) = propagated(model, &v) {
                for (p, keep) in projections(&expected, v.len()).iter().enumerate() {
                    prop_assert!(keep.iter().all(|x| d[p].contains(x)));
                }
            } else {
                prop_assert!(expected.is_empty());
            }
        }
    }

    #[test]
    fn tsp_16_cities_with_element_costs_solves_to_optimality() {
        use crate::constraints::{Comparison, Element, Linear};
        let n = 16usize;
        // Cities at pseudo-random points; Manhattan distances.
        let pts: Vec<(i32, i32)> = (0..n as i32).map(|i| ((i * 37 + 11) % 53, (i * 71 + 5) % 47)).collect();
        let dist = |a: usize, b: usize| (pts[a].0 - pts[b].0).abs() + (pts[a].1 - pts[b].1).abs();
        let mut model = Model::new();
        let succ = model.new_vars(n, 0..n as Value).unwrap();
        model.post(Circuit::new(succ.clone())).unwrap();
        let mut costs = Vec::new();
        for (i, &s) in succ.iter().enumerate() {
            let row: Vec<Value> = (0..n).map(|j| if i == j { 0 } else { dist(i, j) }).collect();
            let (lo, hi) = (*row.iter().filter(|&&c| c > 0).min().unwrap(), *row.iter().max().unwrap());
            let c = model.new_var(lo..=hi).unwrap();
            model.post(Element::constants(s, row, c)).unwrap();
            costs.push(c);
        }
        let total = model.new_var(0..=4000).unwrap();
        let mut terms: Vec<(i32, VarId)> = costs.iter().map(|&c| (1, c)).collect();
        terms.push((-1, total));
        model.post(Linear::new(terms, Comparison::Equal, 0)).unwrap();
        let mut solver = model.into_solver();
        let started = std::time::Instant::now();
        let best = solver.minimize(total);
        let s = best.solution().expect("a tour exists");
        assert!(matches!(best, crate::optimize::Optimum::Optimal(_)), "{:?}", solver.stats());
        let tour: Vec<Value> = succ.iter().map(|&x| s[x]).collect();
        assert!(is_circuit(&tour, false, 0));
        let length: i32 = (0..n).map(|i| dist(i, tour[i] as usize)).sum();
        assert_eq!(length, s[total]);
        eprintln!("tsp16 optimum {} in {:?} ({:?})", s[total], started.elapsed(), solver.stats());
    }
}

//! Alternating inference chains over grouped nodes and almost locked sets, and the loops
//! they close.
//!
//! A *node* is a value in a set of variables, true when one of them takes it: a single
//! candidate; a *group*, the value's places (two or more) where two groups cross (in a
//! Sudoku, two or three cells of a box and a line); or the value's places in an *almost
//! locked set* (`k` variables inside one group holding `k + 1` values). Links join nodes:
//!
//! * **weak** (`-`, at most one is true): the same value, every variable of one sharing a
//!   group with every variable of the other; or two values of one variable;
//! * **strong** (`=`, at least one is true): the value's places in a tight group are the two
//!   nodes' variables (each inside the group); the two values of a two-valued variable; or
//!   two values `x`, `y` of one almost locked set, each node holding all the set's places of
//!   its value (without `x`, the `k` variables take the `k` values left, `y` among them).
//!
//! An *alternating inference chain* runs strong, weak, ..., strong: were its first node false,
//! each strong link makes the next true and each weak link the next false, so the last is
//! true. One endpoint is true, and a candidate weakly linked to both is false (open chains).
//! A chain whose last node is weakly linked to its first closes a *continuous* loop: then
//! every weak link has a true end, and a candidate weakly linked to both ends of one is false.
//! A chain leaving a candidate by a strong link and coming back to it by another is a
//! *discontinuous* loop: the candidate, were it false, would be true, so it is placed.
//!
//! [`shortest`] finds the chain of the fewest nodes that concludes something and uses at
//! least one group or set (chains of single candidates alone are what trials find), by a
//! breadth-first search from every candidate and group. All of it holds for any all-different groups.

use std::collections::HashMap;

use super::als::{subsets_of, Peers, Set};
use super::candidates::{bits, Candidates};

/// What a node is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NodeKind {
    /// One candidate.
    Single,
    /// The value's places (two or more) where two groups cross.
    Group,
    /// The value's places in an almost locked set.
    Als,
}

/// A node: `bit` in one of `vars` (local indices, increasing).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Node {
    /// The value, as a bit.
    pub bit: u32,
    /// The variables.
    pub vars: Vec<u32>,
    /// What it is.
    pub kind: NodeKind,
}

/// A link between two nodes of a chain.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Link {
    /// Strong (at least one end true), else weak (at most one).
    pub strong: bool,
    /// For a strong link inside an almost locked set: the set's variables (increasing);
    /// empty otherwise.
    pub set: Vec<u32>,
}

/// The shape of a chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    /// An open chain: the candidates weakly linked to both endpoints are false.
    Open,
    /// A continuous loop (the last node weakly linked to the first): the candidates weakly
    /// linked to both ends of one of its weak links are false.
    Continuous,
    /// A discontinuous loop: the first node, a candidate, is the last too, reached by strong
    /// links at both ends: it is true.
    Discontinuous,
}

/// A chain found and what it concludes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chain {
    /// The nodes from one endpoint to the other (a discontinuous loop's first node is its
    /// last too).
    pub nodes: Vec<Node>,
    /// The links: link `i` joins nodes `i` and `i + 1`; a continuous loop has one more, its
    /// weak link from the last node back to the first.
    pub links: Vec<Link>,
    /// The shape.
    pub shape: Shape,
    /// The candidates removed: (variable, bits), by variable.
    pub removals: Vec<(u32, u64)>,
    /// The candidate placed (a discontinuous loop's): (variable, bit).
    pub place: Option<(u32, u32)>,
}

impl Chain {
    /// The number of distinct nodes.
    pub fn len(&self) -> usize {
        self.nodes.len() - usize::from(self.shape == Shape::Discontinuous)
    }

    /// Whether the chain has no node (never, for a chain found).
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }
}

/// What the search may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Group nodes.
    pub groups: bool,
    /// Almost locked sets of two to this many variables (below 2: none).
    pub als: usize,
    /// The most (distinct) nodes of a chain.
    pub max_nodes: usize,
    /// The most variables of a chain, counted once per node (`usize::MAX`: any).
    pub max_weight: usize,
}

/// The nodes and links of the candidates as they stand.
struct Graph {
    nodes: Vec<Node>,
    /// Per node, `words` words: the variables sharing a group with all of its variables.
    seen: Vec<u64>,
    words: usize,
    /// Per node: (node, set + 1 or 0) for each strong link.
    strong: Vec<Vec<(u32, u32)>>,
    weak: Vec<Vec<u32>>,
    sets: Vec<Set>,
    /// Per bit, `words` words: the open variables holding it.
    holders: Vec<u64>,
}

impl Graph {
    fn new(c: &Candidates, opts: &Options) -> Graph {
        let peers = Peers::new(c);
        let n = c.num_vars() as u32;
        let words = (n as usize).div_ceil(64).max(1);
        let open = |l: u32| c.fixed_bit(l).is_none() && c.mask(l) != 0;
        let mut nodes: Vec<Node> = Vec::new();
        // Nodes of candidates and groups by value and variables (a bit set: at most 128).
        let key = |bit: u32, vars: &[u32]| (bit, vars.iter().fold(0u128, |m, &l| m | 1 << l));
        let mut index: HashMap<(u32, u128), u32> = HashMap::new();
        for l in (0..n).filter(|&l| open(l)) {
            for b in bits(c.mask(l)) {
                index.insert(key(b, &[l]), nodes.len() as u32);
                nodes.push(Node { bit: b, vars: vec![l], kind: NodeKind::Single });
            }
        }
        let groups = c.groups();
        if opts.groups {
            let mut crossings: Vec<Vec<u32>> = Vec::new();
            for (g, a) in groups.iter().enumerate() {
                for b in &groups[g + 1..] {
                    let mut inter: Vec<u32> = a.vars.iter().copied().filter(|l| b.vars.contains(l)).collect();
                    if inter.len() >= 2 && inter.len() < a.vars.len() && inter.len() < b.vars.len() {
                        inter.sort_unstable();
                        crossings.push(inter);
                    }
                }
            }
            crossings.sort_unstable();
            crossings.dedup();
            for bit in 0..c.width() {
                for inter in &crossings {
                    let places: Vec<u32> =
                        inter.iter().copied().filter(|&l| open(l) && c.mask(l) & (1 << bit) != 0).collect();
                    if places.len() >= 2 && !index.contains_key(&key(bit, &places)) {
                        index.insert(key(bit, &places), nodes.len() as u32);
                        nodes.push(Node { bit, vars: places, kind: NodeKind::Group });
                    }
                }
            }
        }
        let mut sets: Vec<Set> = Vec::new();
        if opts.als >= 2 {
            let mut set = Vec::with_capacity(opts.als);
            for g in groups {
                let vars: Vec<u32> =
                    g.vars.iter().copied().filter(|&l| open(l) && c.mask(l).count_ones() >= 2).collect();
                subsets_of(c, &vars, opts.als, 0, &mut set, &mut sets);
            }
            sets.retain(|s| s.vars.len() >= 2);
            sets.sort_by(|a, b| a.vars.cmp(&b.vars));
            sets.dedup();
        }
        let mut set_nodes: Vec<Vec<u32>> = Vec::with_capacity(sets.len());
        for s in &sets {
            let mut ids = Vec::new();
            for b in bits(s.values) {
                let vars: Vec<u32> = s.vars.iter().copied().filter(|&l| c.mask(l) & (1 << b) != 0).collect();
                ids.push(nodes.len() as u32);
                nodes.push(Node { bit: b, vars, kind: NodeKind::Als });
            }
            set_nodes.push(ids);
        }
        let mut seen = vec![0u64; nodes.len() * words];
        for (k, node) in nodes.iter().enumerate() {
            let row = &mut seen[k * words..(k + 1) * words];
            row.fill(!0);
            for &l in &node.vars {
                for (r, p) in row.iter_mut().zip(peers.row(l)) {
                    *r &= p;
                }
            }
        }
        let mut by_bit: Vec<Vec<u32>> = vec![Vec::new(); c.width() as usize];
        for (k, node) in nodes.iter().enumerate() {
            by_bit[node.bit as usize].push(k as u32);
        }
        let has = |row: &[u64], l: u32| row[l as usize / 64] & (1 << (l % 64)) != 0;
        let mut weak: Vec<Vec<u32>> = vec![Vec::new(); nodes.len()];
        for list in &by_bit {
            for (i, &a) in list.iter().enumerate() {
                let row = &seen[a as usize * words..(a as usize + 1) * words];
                for &b in &list[i + 1..] {
                    if nodes[b as usize].vars.iter().all(|&l| has(row, l)) {
                        weak[a as usize].push(b);
                        weak[b as usize].push(a);
                    }
                }
            }
        }
        let mut strong: Vec<Vec<(u32, u32)>> = vec![Vec::new(); nodes.len()];
        for l in (0..n).filter(|&l| open(l)) {
            let ids: Vec<u32> = bits(c.mask(l)).map(|b| index[&key(b, &[l])]).collect();
            for &a in &ids {
                for &b in &ids {
                    if a != b {
                        weak[a as usize].push(b);
                        if ids.len() == 2 {
                            strong[a as usize].push((b, 0));
                        }
                    }
                }
            }
        }
        for g in groups.iter().filter(|g| g.tight) {
            for bit in 0..c.width() {
                if g.vars.iter().any(|&l| c.fixed_bit(l) == Some(bit)) {
                    continue;
                }
                let mut places: Vec<u32> =
                    g.vars.iter().copied().filter(|&l| open(l) && c.mask(l) & (1 << bit) != 0).collect();
                if places.len() < 2 {
                    continue;
                }
                places.sort_unstable();
                for &a in &by_bit[bit as usize] {
                    let node = &nodes[a as usize];
                    if node.kind == NodeKind::Als
                        || node.vars.len() >= places.len()
                        || !node.vars.iter().all(|l| places.contains(l))
                    {
                        continue;
                    }
                    let rest: Vec<u32> = places.iter().copied().filter(|l| !node.vars.contains(l)).collect();
                    if let Some(&b) = index.get(&key(bit, &rest)) {
                        strong[a as usize].push((b, 0));
                    }
                }
            }
        }
        for (s, ids) in set_nodes.iter().enumerate() {
            for &a in ids {
                for &b in ids {
                    if a != b {
                        strong[a as usize].push((b, s as u32 + 1));
                    }
                }
            }
        }
        for list in strong.iter_mut() {
            list.sort_unstable();
            list.dedup();
        }
        let mut holders = vec![0u64; c.width() as usize * words];
        for l in (0..n).filter(|&l| open(l)) {
            for b in bits(c.mask(l)) {
                holders[b as usize * words + l as usize / 64] |= 1 << (l % 64);
            }
        }
        Graph { nodes, seen, words, strong, weak, sets, holders }
    }

    /// Whether a chain from `a` to `b` may conclude something (a cheap test before it is
    /// built): they are weakly linked (a loop), or a candidate may be weakly linked to both.
    fn may_conclude(&self, a: u32, b: u32) -> bool {
        let (na, nb) = (&self.nodes[a as usize], &self.nodes[b as usize]);
        if self.weak(b, a) {
            return true;
        }
        if na.bit == nb.bit {
            let held = &self.holders[na.bit as usize * self.words..(na.bit as usize + 1) * self.words];
            return self.seen(a).iter().zip(self.seen(b)).zip(held).any(|((x, y), h)| x & y & h != 0);
        }
        // Different values: one variable's other values, or a single end's variable holding
        // the other end's value and seeing all of it.
        let holds = |l: u32, bit: u32| self.holders[bit as usize * self.words + l as usize / 64] & (1 << (l % 64)) != 0;
        let sees = |l: u32, k: u32| self.seen(k)[l as usize / 64] & (1 << (l % 64)) != 0;
        let single = |n: &Node| (n.kind == NodeKind::Single).then(|| n.vars[0]);
        match (single(na), single(nb)) {
            (Some(x), Some(y)) if x == y => {
                let width = (self.holders.len() / self.words) as u32;
                (0..width).filter(|&o| holds(x, o)).count() > 2
            }
            (x, y) => {
                x.is_some_and(|x| holds(x, nb.bit) && sees(x, b)) || y.is_some_and(|y| holds(y, na.bit) && sees(y, a))
            }
        }
    }

    fn seen(&self, k: u32) -> &[u64] {
        &self.seen[k as usize * self.words..(k as usize + 1) * self.words]
    }

    /// Whether `node` is a group or a set.
    fn special(&self, k: u32) -> bool {
        self.nodes[k as usize].kind != NodeKind::Single
    }

    /// Whether nodes `a` and `b` are weakly linked.
    fn weak(&self, a: u32, b: u32) -> bool {
        let (na, nb) = (&self.nodes[a as usize], &self.nodes[b as usize]);
        if na.bit != nb.bit {
            return na.kind == NodeKind::Single && nb.kind == NodeKind::Single && na.vars == nb.vars;
        }
        let seen = self.seen(a);
        a != b && nb.vars.iter().all(|&l| seen[l as usize / 64] & (1 << (l % 64)) != 0)
    }

    /// The candidates weakly linked to both `a` and `b`, other than `exclude`'s, added to
    /// `out` as (variable, bit).
    fn victims(&self, c: &Candidates, a: u32, b: u32, exclude: &[(u32, u32)], out: &mut Vec<(u32, u32)>) {
        let (na, nb) = (&self.nodes[a as usize], &self.nodes[b as usize]);
        let has = |row: &[u64], l: u32| row[l as usize / 64] & (1 << (l % 64)) != 0;
        let mut add = |l: u32, bit: u32| {
            if c.fixed_bit(l).is_none() && c.mask(l) & (1 << bit) != 0 && !exclude.contains(&(l, bit)) {
                out.push((l, bit));
            }
        };
        if na.bit == nb.bit {
            let (sa, sb) = (self.seen(a), self.seen(b));
            for w in 0..self.words {
                let mut word = sa[w] & sb[w];
                while word != 0 {
                    let l = (w * 64) as u32 + word.trailing_zeros();
                    word &= word - 1;
                    if (l as usize) < c.num_vars() {
                        add(l, na.bit);
                    }
                }
            }
            return;
        }
        let single = |n: &Node| (n.kind == NodeKind::Single).then(|| n.vars[0]);
        match (single(na), single(nb)) {
            (Some(x), Some(y)) if x == y => {
                for o in bits(c.mask(x) & !(1 << na.bit) & !(1 << nb.bit)) {
                    add(x, o);
                }
            }
            (sa, sb) => {
                if let Some(x) = sa.filter(|&x| has(self.seen(b), x)) {
                    add(x, nb.bit);
                }
                if let Some(y) = sb.filter(|&y| has(self.seen(a), y)) {
                    add(y, na.bit);
                }
            }
        }
    }
}

/// The chain of the fewest nodes (at least four, at most [`Options::max_nodes`]) that
/// concludes something and counts at most [`Options::max_weight`] variables (over its
/// nodes), on up to 128 variables (`None` above), with at least one group or set node; the first found from the
/// lowest start node among equal ones. A continuous loop is taken where its last and first
/// nodes are weakly linked, for what it removes along its weak links.
///
/// # Example
///
/// ```
/// use logic::{aic, Candidates};
/// use csp::Model;
/// use csp::constraints::AllDifferent;
///
/// // a, p, q take 1, 2, 3 (a group), and so do p, q, y, and y, z, w (w lacks 1); t differs
/// // from a and from z. Were a not 1, 1 would be in p or q (a group node), so not in y, so
/// // in z: (1)a=(1)pq-(1)y=(1)z, and t, which sees both ends, loses 1.
/// let mut model = Model::new();
/// let v = model.new_vars(7, 1..=3)?; // a, p, q, y, z, w, t
/// let (a, p, q, y, z, w, t) = (v[0], v[1], v[2], v[3], v[4], v[5], v[6]);
/// for g in [vec![a, p, q], vec![p, q, y], vec![y, z, w], vec![t, a], vec![t, z]] {
///     model.post(AllDifferent::new(g))?;
/// }
/// let mut solver = model.into_solver();
/// solver.remove_value(w, 1)?;
/// let c = Candidates::from_solver(&solver)?;
/// let opts = aic::Options { groups: true, als: 0, max_nodes: 8, max_weight: usize::MAX };
/// let chain = aic::shortest(&c, &opts).expect("a grouped chain");
/// assert_eq!(chain.nodes.len(), 4);
/// assert_eq!(chain.nodes[1].vars.len() + chain.nodes[2].vars.len(), 3, "the group of p, q and y");
/// assert_eq!(chain.removals, vec![(c.local(t).unwrap(), 0b1)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn shortest(c: &Candidates, opts: &Options) -> Option<Chain> {
    if c.num_vars() > 128 {
        return None;
    }
    let graph = Graph::new(c, opts);
    let count = graph.nodes.len();
    // States: node * 4 + on * 2 + special (`on`: true when the start is false).
    let mut parent = vec![u32::MAX; count * 4];
    let mut stamp = vec![u32::MAX; count * 4];
    let mut best: Option<Chain> = None;
    let mut frontier: Vec<u32> = Vec::new();
    let mut next: Vec<u32> = Vec::new();
    // From every candidate and group: a chain with a set's node at both ends is left out.
    for start in (0..count as u32).filter(|&k| graph.nodes[k as usize].kind != NodeKind::Als) {
        let limit = best.as_ref().map_or(opts.max_nodes, |b| b.len() - 1);
        if limit < 4 {
            break;
        }
        let first = start * 4 + u32::from(graph.special(start));
        stamp[first as usize] = start;
        parent[first as usize] = u32::MAX;
        frontier.clear();
        frontier.push(first);
        // Nodes on the path so far: `depth + 1`.
        let mut depth = 0;
        'bfs: while !frontier.is_empty() && depth + 1 < limit {
            next.clear();
            for &state in &frontier {
                let (node, on, special) = (state / 4, state & 2 != 0, state & 1 != 0);
                if on {
                    for &m in &graph.weak[node as usize] {
                        let s = m * 4 + u32::from(special || graph.special(m));
                        if stamp[s as usize] != start {
                            stamp[s as usize] = start;
                            parent[s as usize] = state;
                            next.push(s);
                        }
                    }
                } else {
                    for &(m, _) in &graph.strong[node as usize] {
                        if m == start && depth + 1 >= 3 && special && graph.nodes[m as usize].kind == NodeKind::Single {
                            // A discontinuous loop: back to the start by a strong link.
                            if let Some(chain) = build(c, &graph, &parent, state, Some(start), opts.max_weight) {
                                best = Some(chain);
                                break 'bfs;
                            }
                            continue;
                        }
                        let s = m * 4 + 2 + u32::from(special || graph.special(m));
                        if stamp[s as usize] != start {
                            stamp[s as usize] = start;
                            parent[s as usize] = state;
                            next.push(s);
                            // The path now has `depth + 2` nodes, ending on a true node.
                            if depth + 2 >= 4 && s & 1 != 0 && graph.may_conclude(start, m) {
                                if let Some(chain) = build(c, &graph, &parent, s, None, opts.max_weight) {
                                    best = Some(chain);
                                    break 'bfs;
                                }
                            }
                        }
                    }
                }
            }
            std::mem::swap(&mut frontier, &mut next);
            depth += 1;
        }
    }
    best
}

/// The chain ending at `state` (a true node, or, with `closing`, a false node strongly
/// linked back to the start), if its nodes share no candidate and it concludes something.
fn build(
    c: &Candidates,
    graph: &Graph,
    parent: &[u32],
    state: u32,
    closing: Option<u32>,
    opts_weight: usize,
) -> Option<Chain> {
    let mut ids: Vec<u32> = Vec::new();
    let mut s = state;
    while s != u32::MAX {
        ids.push(s / 4);
        s = parent[s as usize];
    }
    ids.reverse();
    let mut cands: Vec<(u32, u32)> = ids
        .iter()
        .flat_map(|&k| graph.nodes[k as usize].vars.iter().map(move |&l| (l, graph.nodes[k as usize].bit)))
        .collect();
    let total = cands.len();
    if total > opts_weight {
        return None;
    }
    cands.sort_unstable();
    cands.dedup();
    if cands.len() < total {
        return None;
    }
    let link = |a: u32, b: u32, strong: bool| -> Link {
        let set = if strong {
            graph.strong[a as usize]
                .iter()
                .find(|&&(m, _)| m == b)
                .and_then(|&(_, s)| s.checked_sub(1))
                .map_or_else(Vec::new, |s| graph.sets[s as usize].vars.clone())
        } else {
            Vec::new()
        };
        Link { strong, set }
    };
    let mut links: Vec<Link> = ids.windows(2).enumerate().map(|(i, w)| link(w[0], w[1], i % 2 == 0)).collect();
    let mut removals: Vec<(u32, u32)> = Vec::new();
    let (first, last) = (ids[0], ids[ids.len() - 1]);
    let shape = if let Some(start) = closing {
        links.push(link(last, start, true));
        ids.push(start);
        Shape::Discontinuous
    } else if graph.weak(last, first) {
        links.push(Link { strong: false, set: Vec::new() });
        for i in (1..ids.len()).step_by(2) {
            let next = ids[(i + 1) % ids.len()];
            graph.victims(c, ids[i], next, &cands, &mut removals);
        }
        Shape::Continuous
    } else {
        graph.victims(c, first, last, &cands, &mut removals);
        Shape::Open
    };
    removals.sort_unstable();
    removals.dedup();
    let place =
        (shape == Shape::Discontinuous).then(|| (graph.nodes[first as usize].vars[0], graph.nodes[first as usize].bit));
    if removals.is_empty() && place.is_none() {
        return None;
    }
    let mut by_var: Vec<(u32, u64)> = Vec::new();
    for (l, b) in removals {
        match by_var.last_mut() {
            Some((v, m)) if *v == l => *m |= 1 << b,
            _ => by_var.push((l, 1 << b)),
        }
    }
    let nodes = ids.iter().map(|&k| graph.nodes[k as usize].clone()).collect();
    Some(Chain { nodes, links, shape, removals: by_var, place })
}

#[cfg(test)]
mod tests {
    use super::*;
    use csp::constraints::AllDifferent;
    use csp::Model;

    #[test]
    fn a_discontinuous_loop_places_its_candidate() {
        // a, p, q, f take 1 to 4 (f lacks 1), and so do a, y, g, h (g and h lack 1); y differs
        // from p and q. Were a not 1, 1 would be in p or q (a group), so not in y, so in a:
        // (1)a=(1)pq-(1)y=(1)a, and a takes 1.
        let mut model = Model::new();
        let v = model.new_vars(7, 1..=4).unwrap(); // a, p, q, f, y, g, h
        let (a, p, q, f, y, g, h) = (v[0], v[1], v[2], v[3], v[4], v[5], v[6]);
        for group in [vec![a, p, q, f], vec![p, q, y], vec![a, y, g, h]] {
            model.post(AllDifferent::new(group)).unwrap();
        }
        let mut solver = model.into_solver();
        for x in [f, g, h] {
            solver.remove_value(x, 1).unwrap();
        }
        let c = Candidates::from_solver(&solver).unwrap();
        let chain =
            shortest(&c, &Options { groups: true, als: 0, max_nodes: 8, max_weight: usize::MAX }).expect("a loop");
        let at = |x| c.local(x).unwrap();
        assert_eq!(chain.shape, Shape::Discontinuous);
        assert_eq!(chain.place, Some((at(a), 0)));
        assert_eq!(chain.len(), 3);
        let vars: Vec<Vec<u32>> = chain.nodes.iter().map(|n| n.vars.clone()).collect();
        // Either way round: (1)a=(1)pq-(1)y=(1)a or (1)a=(1)y-(1)pq=(1)a.
        let (pq, y) = (vec![at(p), at(q)], vec![at(y)]);
        assert!(vars == [vec![at(a)], pq.clone(), y.clone(), vec![at(a)]] || vars == [vec![at(a)], y, pq, vec![at(a)]]);
        assert_eq!(chain.links.iter().map(|l| l.strong).collect::<Vec<_>>(), [true, false, true]);
        // Without groups, nothing.
        assert_eq!(shortest(&c, &Options { groups: false, als: 0, max_nodes: 8, max_weight: usize::MAX }), None);
    }
}

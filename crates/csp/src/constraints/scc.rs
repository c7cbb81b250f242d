//! Strongly connected components of a graph in adjacency-list form (Tarjan 1972, iterative),
//! with buffers kept from one call to the next: the propagators that reason on a residual or
//! successor graph (`GlobalCardinality`, `Circuit`) share it.

/// Not yet visited.
const NONE: u32 = u32::MAX;

/// Tarjan's algorithm with reusable buffers. After [`run`](Scc::run), `comp[v]` is the
/// component of node `v`; components are numbered in the order they are closed (a component
/// reachable from another gets a smaller number).
#[derive(Clone, Debug, Default)]
pub(crate) struct Scc {
    /// The component of each node, after `run`.
    pub(crate) comp: Vec<u32>,
    index: Vec<u32>,
    low: Vec<u32>,
    on_stack: Vec<bool>,
    stack: Vec<u32>,
    call: Vec<(u32, u32)>,
}

impl Scc {
    /// The components of the graph whose node `v` has the successors
    /// `adj[adj_start[v]..adj_start[v + 1]]`, for `nodes` nodes; returns how many there are.
    ///
    /// # Complexity
    ///
    /// O(nodes + edges), no allocation once the buffers have grown.
    pub(crate) fn run(&mut self, nodes: usize, adj_start: &[u32], adj: &[u32]) -> u32 {
        self.index.clear();
        self.index.resize(nodes, NONE);
        self.low.clear();
        self.low.resize(nodes, 0);
        self.comp.clear();
        self.comp.resize(nodes, 0);
        self.on_stack.clear();
        self.on_stack.resize(nodes, false);
        self.stack.clear();
        self.call.clear();
        let (mut counter, mut count) = (0u32, 0u32);
        for root in 0..nodes {
            if self.index[root] != NONE {
                continue;
            }
            self.index[root] = counter;
            self.low[root] = counter;
            counter += 1;
            self.stack.push(root as u32);
            self.on_stack[root] = true;
            self.call.push((root as u32, adj_start[root]));
            while let Some(&(v, e)) = self.call.last() {
                let v = v as usize;
                if e < adj_start[v + 1] {
                    let top = self.call.len() - 1;
                    self.call[top].1 += 1;
                    let w = adj[e as usize] as usize;
                    if self.index[w] == NONE {
                        self.index[w] = counter;
                        self.low[w] = counter;
                        counter += 1;
                        self.stack.push(w as u32);
                        self.on_stack[w] = true;
                        self.call.push((w as u32, adj_start[w]));
                    } else if self.on_stack[w] {
                        self.low[v] = self.low[v].min(self.index[w]);
                    }
                } else {
                    self.call.pop();
                    if let Some(&(u, _)) = self.call.last() {
                        self.low[u as usize] = self.low[u as usize].min(self.low[v]);
                    }
                    if self.low[v] == self.index[v] {
                        while let Some(w) = self.stack.pop() {
                            self.on_stack[w as usize] = false;
                            self.comp[w as usize] = count;
                            if w as usize == v {
                                break;
                            }
                        }
                        count += 1;
                    }
                }
            }
        }
        count
    }
}

#[cfg(test)]
mod tests {
    use super::Scc;

    #[test]
    fn a_cycle_is_one_component_and_a_tail_its_own() {
        // 0 -> 1 -> 2 -> 0, 2 -> 3.
        let adj_start = [0, 1, 2, 4, 4];
        let adj = [1, 2, 0, 3];
        let mut scc = Scc::default();
        assert_eq!(scc.run(4, &adj_start, &adj), 2);
        let c = &scc.comp;
        assert!(c[0] == c[1] && c[1] == c[2] && c[3] != c[0]);
        // Reachable from the cycle: closed first.
        assert!(c[3] < c[0]);
    }
}

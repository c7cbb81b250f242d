//! Hall sets for explanations: the variables whose domains, all together, hold no more values
//! than there are variables (a Hall set), found in a bipartite graph of variables and values by
//! a maximum matching (König's deficient set).
//!
//! An all-different reasoning (Régin's matching in [`Circuit`](crate::constraints::Circuit),
//! [`Inverse`](crate::constraints::Inverse)) removes a value `u` from a variable `x` when no
//! matching covers every variable with `x = u`; Hall's theorem then names a set `S` of other
//! variables whose values, `u` included, are exactly `|S|` (so `S` takes `u`). The explanation of
//! the removal is that the members of `S` have no value outside those `|S|`: a conjunction of
//! `y != w` literals (Katsirelos and Bacchus 2005; Downing, Feydy and Stuckey 2012).

const NONE: u32 = u32::MAX;

/// A set of variables `S` and the values `N(S)` it can take, with `|N(S)| < |S|` once the
/// skipped value is left out (see [`deficient_set`]).
#[derive(Clone, Debug, Default)]
pub(crate) struct Deficient {
    /// The variables of `S` (indices into the adjacency lists).
    pub(crate) vars: Vec<usize>,
    /// `values[v]`: whether value `v` is in `N(S)` (the skipped value not counted).
    pub(crate) values: Vec<bool>,
}

/// A set of variables (never `skip_var`) whose values other than `skip_val` are fewer than the
/// variables, in the graph where variable `i` may take the values `adj[i]` (each `< values`);
/// `None` if every variable but `skip_var` can take a distinct value other than `skip_val`.
///
/// With `skip_var = x` and `skip_val = u`: the set's values and `u` are exactly as many as its
/// variables when the graph without those skips has a matching, and the set's domains within
/// them show that `x != u`. Without skips: the set shows that no matching exists.
///
/// # Complexity
///
/// A greedy matching then one breadth-first augmenting search per variable left free:
/// `O(n * e)` at worst for `n` variables and `e` edges. Allocates (it runs on explanation only).
pub(crate) fn deficient_set(
    adj: &[Vec<u32>],
    values: usize,
    skip_var: Option<usize>,
    skip_val: Option<u32>,
) -> Option<Deficient> {
    let n = adj.len();
    let mut mate_val = vec![NONE; values];
    let mut mate_var = vec![NONE; n];
    for (i, a) in adj.iter().enumerate() {
        if Some(i) == skip_var {
            continue;
        }
        if let Some(&v) = a.iter().find(|&&v| Some(v) != skip_val && mate_val[v as usize] == NONE) {
            mate_val[v as usize] = i as u32;
            mate_var[i] = v;
        }
    }
    let mut parent = vec![NONE; values];
    let mut seen = vec![false; n];
    let mut touched: Vec<u32> = Vec::new();
    let mut queue: Vec<u32> = Vec::new();
    for root in 0..n {
        if Some(root) == skip_var || mate_var[root] != NONE {
            continue;
        }
        for &v in &touched {
            parent[v as usize] = NONE;
        }
        touched.clear();
        for &i in &queue {
            seen[i as usize] = false;
        }
        queue.clear();
        queue.push(root as u32);
        seen[root] = true;
        let (mut head, mut found) = (0, NONE);
        'search: while head < queue.len() {
            let i = queue[head] as usize;
            head += 1;
            for &v in &adj[i] {
                if Some(v) == skip_val || parent[v as usize] != NONE {
                    continue;
                }
                parent[v as usize] = i as u32;
                touched.push(v);
                let m = mate_val[v as usize];
                if m == NONE {
                    found = v;
                    break 'search;
                }
                if !seen[m as usize] {
                    seen[m as usize] = true;
                    queue.push(m);
                }
            }
        }
        if found == NONE {
            // Every value reached is matched to a variable reached: one variable too many.
            let mut d = Deficient { vars: queue.iter().map(|&i| i as usize).collect(), values: vec![false; values] };
            for &v in &touched {
                d.values[v as usize] = true;
            }
            return Some(d);
        }
        let mut v = found;
        loop {
            let i = parent[v as usize];
            let previous = mate_var[i as usize];
            mate_var[i as usize] = v;
            mate_val[v as usize] = i;
            if i as usize == root {
                break;
            }
            v = previous;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::deficient_set;

    #[test]
    fn three_variables_on_two_values_are_deficient() {
        let adj = vec![vec![0, 1], vec![0, 1], vec![1, 0], vec![2, 3]];
        let d = deficient_set(&adj, 4, None, None).expect("no matching");
        let mut vars = d.vars.clone();
        vars.sort_unstable();
        assert_eq!(vars, vec![0, 1, 2]);
        assert_eq!(d.values, vec![true, true, false, false]);
    }

    #[test]
    fn a_value_taken_by_a_hall_set_is_found_for_the_other_variable() {
        // x0, x1 in {0, 1}: x2 may not take 1.
        let adj = vec![vec![0, 1], vec![0, 1], vec![1, 2]];
        assert!(deficient_set(&adj, 3, None, None).is_none());
        let d = deficient_set(&adj, 3, Some(2), Some(1)).expect("x2 = 1 leaves x0, x1 one value");
        let mut vars = d.vars.clone();
        vars.sort_unstable();
        assert_eq!(vars, vec![0, 1]);
        assert_eq!(d.values, vec![true, false, false]);
        // x2 = 2 is supported.
        assert!(deficient_set(&adj, 3, Some(2), Some(2)).is_none());
    }
}

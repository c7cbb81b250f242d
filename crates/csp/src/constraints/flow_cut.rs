//! Cuts for explanations: why no assignment of variables to value slots, each slot `j` taking
//! between `low[j]` and `up[j]` variables, exists (the flow of a global cardinality
//! constraint), as one of the two Hall-like conditions that Hoffman's circulation theorem
//! (1960) leaves for a bipartite graph with bounds on the slots:
//!
//! * *upper*: a set of variables `A` whose slots all lie in a set `B` with `Σ_B up < |A|`;
//! * *lower*: a set of slots `T` with `Σ_T low` above the number of variables that have a
//!   slot in `T`.
//!
//! A global cardinality constraint removes `v_j` from `x` when no such assignment has `x` on
//! slot `j`; the cut of the graph where `x` has slot `j` alone explains it: the absent edges
//! it rests on (`y != w` for the other variables), and the slots' bounds: a cut of the flow
//! network, as Downing, Feydy and Stuckey explain flow-based propagators ("Explaining
//! flow-based propagation", CPAIOR 2012). The variables that the cut does not name may take
//! anything: an upper cut names only its own variables, a lower cut only the variables kept
//! away from its slots.

const NONE: u32 = u32::MAX;

/// A set of variables or slots that no assignment can serve (see [`violated_cut`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Cut {
    /// The variables `vars` have slots only in `slots`, whose upper bounds sum to fewer.
    Upper { vars: Vec<usize>, slots: Vec<bool> },
    /// The slots `slots` need more variables (lower bounds) than have a slot among them; the
    /// variables `away` are the others, which have none.
    Lower { slots: Vec<bool>, away: Vec<usize> },
}

/// A violated cut of the graph where variable `i` may sit on the slots `adj[i]` (each
/// `< low.len()`) and slot `j` takes between `low[j]` (at least 0) and `up[j]` variables;
/// `None` if every variable can be placed within the bounds.
///
/// # Complexity
///
/// An augmenting search per variable, then one per unit of lower bound to reach:
/// `O((n + Σ low) * e)` for `n` variables and `e` edges. Allocates (it runs on explanation
/// only).
pub(crate) fn violated_cut(adj: &[Vec<u32>], low: &[i64], up: &[i64]) -> Option<Cut> {
    let (n, k) = (adj.len(), low.len());
    debug_assert!(low.iter().zip(up).all(|(l, u)| 0 <= *l && l <= u), "bounds {low:?} {up:?}");
    let mut placed = vec![NONE; n];
    let mut load = vec![0i64; k];
    // Upper bounds: each variable by a breadth-first augmenting path (variable -> slot ->
    // the variables on a full slot).
    let mut from_var = vec![NONE; k];
    let mut seen = vec![false; n];
    for root in 0..n {
        from_var.fill(NONE);
        seen.fill(false);
        let mut queue = vec![root as u32];
        seen[root] = true;
        let (mut head, mut found) = (0, NONE);
        'search: while head < queue.len() {
            let i = queue[head] as usize;
            head += 1;
            for &j in &adj[i] {
                if from_var[j as usize] != NONE || placed[i] == j {
                    continue;
                }
                from_var[j as usize] = i as u32;
                if load[j as usize] < up[j as usize] {
                    found = j;
                    break 'search;
                }
                for q in 0..n {
                    if placed[q] == j && !seen[q] {
                        seen[q] = true;
                        queue.push(q as u32);
                    }
                }
            }
        }
        if found == NONE {
            // Every slot reached is full of variables reached, and the root is one more.
            let mut slots = vec![false; k];
            for &i in &queue {
                for &j in &adj[i as usize] {
                    slots[j as usize] = true;
                }
            }
            return Some(Cut::Upper { vars: queue.iter().map(|&i| i as usize).collect(), slots });
        }
        load[found as usize] += 1;
        let mut j = found;
        loop {
            let i = from_var[j as usize] as usize;
            let previous = placed[i];
            placed[i] = j;
            if i == root {
                break;
            }
            // `i` left `previous`, which the variable before it on the path takes.
            j = previous;
        }
    }
    // Lower bounds: one more variable into a slot below its bound, by a breadth-first search
    // backwards (slot <- a variable that may take it <- that variable's slot), to a slot above
    // its own lower bound.
    let mut from_slot = vec![NONE; k];
    let mut by = vec![NONE; k];
    for target in 0..k {
        while load[target] < low[target] {
            from_slot.fill(NONE);
            let mut queue = vec![target as u32];
            from_slot[target] = target as u32;
            let (mut head, mut found) = (0, NONE);
            'pull: while head < queue.len() {
                let j = queue[head];
                head += 1;
                for i in (0..n).filter(|&i| placed[i] != j && adj[i].contains(&j)) {
                    let s = placed[i] as usize;
                    if from_slot[s] != NONE {
                        continue;
                    }
                    from_slot[s] = j;
                    by[s] = i as u32;
                    if load[s] > low[s] {
                        found = s as u32;
                        break 'pull;
                    }
                    queue.push(s as u32);
                }
            }
            if found == NONE {
                // Every variable that may take a slot reached sits on one, and none of them
                // is above its lower bound: the slots that need variables are too many.
                let mut slots = vec![false; k];
                for &j in &queue {
                    slots[j as usize] = low[j as usize] > 0;
                }
                let away = (0..n).filter(|&i| !adj[i].iter().any(|&j| slots[j as usize])).collect();
                return Some(Cut::Lower { slots, away });
            }
            load[found as usize] -= 1;
            load[target] += 1;
            let mut s = found;
            while s != target as u32 {
                let i = by[s as usize] as usize;
                let to = from_slot[s as usize];
                placed[i] = to;
                s = to;
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// Whether some assignment of each variable to one of its slots meets the bounds.
    fn feasible(adj: &[Vec<u32>], low: &[i64], up: &[i64]) -> bool {
        fn go(i: usize, adj: &[Vec<u32>], load: &mut Vec<i64>, low: &[i64], up: &[i64]) -> bool {
            if i == adj.len() {
                return load.iter().zip(low).all(|(l, lo)| l >= lo);
            }
            for &j in &adj[i] {
                let j = j as usize;
                if load[j] < up[j] {
                    load[j] += 1;
                    let ok = go(i + 1, adj, load, low, up);
                    load[j] -= 1;
                    if ok {
                        return true;
                    }
                }
            }
            false
        }
        go(0, adj, &mut vec![0; low.len()], low, up)
    }

    #[test]
    fn three_variables_on_two_single_slots_make_an_upper_cut() {
        let adj = vec![vec![0, 1], vec![0, 1], vec![1, 0], vec![2]];
        let cut = violated_cut(&adj, &[0, 0, 0], &[1, 1, 4]).expect("three variables, two places");
        let Cut::Upper { mut vars, slots } = cut else { panic!("{cut:?}") };
        vars.sort_unstable();
        assert_eq!((vars, slots), (vec![0, 1, 2], vec![true, true, false]));
    }

    #[test]
    fn a_slot_that_needs_more_than_can_reach_it_makes_a_lower_cut() {
        // Slot 0 needs two variables; only variable 0 may take it.
        let adj = vec![vec![0, 1], vec![1], vec![1, 2]];
        let cut = violated_cut(&adj, &[2, 0, 0], &[3, 3, 3]).expect("one variable for two places");
        assert_eq!(cut, Cut::Lower { slots: vec![true, false, false], away: vec![1, 2] });
    }

    proptest! {
        /// A cut is found iff no assignment exists, and it holds: an upper cut's variables have
        /// slots only in its slots, more of them than those slots' upper bounds; a lower cut's
        /// slots need more than the variables not kept away from them.
        #[test]
        fn a_cut_is_found_iff_no_assignment_exists(
            adj in proptest::collection::vec(proptest::collection::btree_set(0u32..4, 0..=4), 0..=6),
            bounds in proptest::collection::vec((0i64..=2, 0i64..=3), 4),
        ) {
            let adj: Vec<Vec<u32>> = adj.into_iter().map(|s| s.into_iter().collect()).collect();
            let low: Vec<i64> = bounds.iter().map(|b| b.0.min(b.1)).collect();
            let up: Vec<i64> = bounds.iter().map(|b| b.0.max(b.1)).collect();
            let cut = violated_cut(&adj, &low, &up);
            prop_assert_eq!(cut.is_none(), feasible(&adj, &low, &up));
            match cut {
                None => {}
                Some(Cut::Upper { vars, slots }) => {
                    prop_assert!(vars.iter().all(|&i| adj[i].iter().all(|&j| slots[j as usize])));
                    let room: i64 = (0..4).filter(|&j| slots[j]).map(|j| up[j]).sum();
                    prop_assert!((vars.len() as i64) > room);
                }
                Some(Cut::Lower { slots, away }) => {
                    prop_assert!(away.iter().all(|&i| adj[i].iter().all(|&j| !slots[j as usize])));
                    let need: i64 = (0..4).filter(|&j| slots[j]).map(|j| low[j]).sum();
                    prop_assert!(((adj.len() - away.len()) as i64) < need);
                }
            }
        }
    }
}

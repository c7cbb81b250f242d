//! Combination interactions: the sums that share a tight group, taken together, as a killer
//! solver checks that the cages in a row can fill it at once.
//!
//! # Background
//!
//! A tight group holds each of its values once. The sums ([`sums`]: variables,
//! pairwise different, with a total) cut it into *parts*: the group's variables of one sum,
//! and each of its variables in no sum alone. A part of a sum takes a set of values that a
//! combination of the sum holds, the rest of the combination going to the sum's variables
//! outside the group ([`part_sets`]); the parts' sets are pairwise disjoint (they share the
//! group). [`interactions`] keeps, for every part, the sets that some choice of sets for all
//! the other parts leaves room for, and, variable by variable, the values those sets can give
//! it (a perfect matching of the part onto the set): "cage 8 cannot take 6 in box 3, since
//! cages 5, 6 and 11 could not fill the rest of it".
//!
//! The check is exact for that relaxation (the group, the sums' combinations and the domains):
//! every value it removes is taken by no assignment meeting them, so it is sound for any
//! problem with those groups and sums, whatever its number of solutions.

use super::candidates::{bits, Candidates};
use super::sums;

/// The value sets of size `part.len()` that the variables `part` of a sum (`vars`, pairwise
/// different, adding up to `total`) take in some assignment of the sum within the domains: a
/// combination of the sum ([`sums::combinations`]) split between `part` and the rest of
/// `vars`, each side a perfect matching. In increasing mask order, without repeats.
///
/// # Complexity
///
/// O(combinations * C(k, p) * k^2) for `k` variables of which `p` are in the part.
///
/// # Example
///
/// ```
/// use logic::{interactions, Candidates};
/// use csp::{AllDifferent, Model};
///
/// // x + y + z = 7 over 1..=4, pairwise different: {1, 2, 4}; z cannot be 4.
/// let mut model = Model::new();
/// let v = model.new_vars(3, 1..=4)?;
/// model.post(AllDifferent::new(v.clone()))?;
/// let mut solver = model.into_solver();
/// solver.remove_value(v[2], 4)?;
/// let c = Candidates::from_solver(&solver)?;
/// // x and y take {1, 4} or {2, 4}, never {1, 2} (z would need 4).
/// let sets = interactions::part_sets(&c, &[0, 1, 2], 7, &[0, 1]);
/// let values = |m: u64| logic::bits(m).map(|b| c.value(b)).collect::<Vec<_>>();
/// assert_eq!(sets.into_iter().map(values).collect::<Vec<_>>(), [vec![1, 4], vec![2, 4]]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn part_sets(c: &Candidates, vars: &[u32], total: i64, part: &[u32]) -> Vec<u64> {
    if part.len() == vars.len() {
        // The whole sum: its combinations (each already spread over its variables).
        return sums::combinations(c, vars, total);
    }
    let rest: Vec<u32> = vars.iter().copied().filter(|l| !part.contains(l)).collect();
    let mut out = Vec::new();
    for combo in sums::combinations(c, vars, total) {
        let values: Vec<u32> = bits(combo).collect();
        for_each_subset(&values, part.len(), &mut |set| {
            if sums::matches(c, part, set) && sums::matches(c, &rest, combo & !set) {
                out.push(set);
            }
        });
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// Calls `f` with every `k`-subset of `values` (bits), as a mask.
fn for_each_subset(values: &[u32], k: usize, f: &mut dyn FnMut(u64)) {
    fn go(values: &[u32], from: usize, k: usize, mask: u64, f: &mut dyn FnMut(u64)) {
        if k == 0 {
            f(mask);
            return;
        }
        for i in from..values.len() {
            if values.len() - i < k {
                break;
            }
            go(values, i + 1, k - 1, mask | 1 << values[i], f);
        }
    }
    go(values, 0, k, 0, f);
}

/// The interactions of the sums inside the tight group `group` (an index into
/// [`Candidates::groups`]), given `sums` (variables, pairwise different, and total; pairwise
/// disjoint): by position in the group's variables, the values each keeps (see the
/// [module](self) docs). `None` if the parts cannot fill the group at once (a dead end).
///
/// # Complexity
///
/// The part sets of each sum crossing the group, then a search over (part, values used)
/// states, memoised: at most parts * 2^width states.
///
/// # Panics
///
/// Panics if `group` is out of range.
///
/// # Example
///
/// ```
/// use logic::{interactions, Candidates};
/// use csp::{AllDifferent, Model};
///
/// // One group of four variables over 1..=4: a sum x0 + x1 = 5 and a sum x2 + x3 = 5.
/// // Each is {1, 4} or {2, 3}; x0 cannot be 1 or 4, so the first is {2, 3}, the second {1, 4}.
/// let mut model = Model::new();
/// let v = model.new_vars(4, 1..=4)?;
/// model.post(AllDifferent::new(v.clone()))?;
/// let mut solver = model.into_solver();
/// solver.remove_value(v[0], 1)?;
/// solver.remove_value(v[0], 4)?;
/// let c = Candidates::from_solver(&solver)?;
/// let kept = interactions::interactions(&c, 0, &[(vec![0, 1], 5), (vec![2, 3], 5)]).unwrap();
/// let values = |m: u64| logic::bits(m).map(|b| c.value(b)).collect::<Vec<_>>();
/// assert_eq!(kept.into_iter().map(values).collect::<Vec<_>>(), [vec![2, 3], vec![2, 3], vec![1, 4], vec![1, 4]]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn interactions(c: &Candidates, group: u32, sums: &[(Vec<u32>, i64)]) -> Option<Vec<u64>> {
    let gvars = &c.groups()[group as usize].vars;
    // The parts: (variables, their possible value sets).
    let mut parts: Vec<(Vec<u32>, Vec<u64>)> = Vec::new();
    let mut in_part = vec![false; gvars.len()];
    for (vars, total) in sums {
        let part: Vec<u32> = vars.iter().copied().filter(|l| gvars.contains(l)).collect();
        if part.is_empty() {
            continue;
        }
        for l in &part {
            if let Some(i) = gvars.iter().position(|g| g == l) {
                in_part[i] = true;
            }
        }
        let sets = part_sets(c, vars, *total, &part);
        parts.push((part, sets));
    }
    for (i, &l) in gvars.iter().enumerate() {
        if !in_part[i] {
            parts.push((vec![l], bits(c.mask(l)).map(|b| 1u64 << b).collect()));
        }
    }
    // The most constrained parts first: fewer states.
    parts.sort_by_key(|(_, sets)| sets.len());
    let mut search =
        Fill { parts: &parts, memo: std::collections::HashMap::new(), valid: vec![Vec::new(); parts.len()] };
    if !search.good(0, 0) {
        return None;
    }
    let mut kept = vec![0u64; gvars.len()];
    for ((part, _), valid) in parts.iter().zip(&search.valid) {
        for &set in valid {
            for &l in part {
                let others: Vec<u32> = part.iter().copied().filter(|&o| o != l).collect();
                let Some(i) = gvars.iter().position(|&g| g == l) else { continue };
                for b in bits(c.mask(l) & set & !kept[i]) {
                    if sums::matches(c, &others, set & !(1 << b)) {
                        kept[i] |= 1 << b;
                    }
                }
            }
        }
    }
    Some(kept)
}

/// The search over the parts' sets: `good(i, used)` says whether the parts from `i` on can
/// take pairwise disjoint sets avoiding `used`, memoised; every set of part `i` that leads
/// from a reachable state to a completion is recorded in `valid[i]` (each reachable state is
/// visited, so the record is exact).
struct Fill<'a> {
    parts: &'a [(Vec<u32>, Vec<u64>)],
    memo: std::collections::HashMap<(usize, u64), bool>,
    valid: Vec<Vec<u64>>,
}

impl Fill<'_> {
    fn good(&mut self, i: usize, used: u64) -> bool {
        if i == self.parts.len() {
            return true;
        }
        if let Some(&g) = self.memo.get(&(i, used)) {
            return g;
        }
        let mut any = false;
        for &set in &self.parts[i].1 {
            if set & used == 0 && self.good(i + 1, used | set) {
                if !self.valid[i].contains(&set) {
                    self.valid[i].push(set);
                }
                any = true;
            }
        }
        self.memo.insert((i, used), any);
        any
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use csp::{AllDifferent, Model};

    /// Every assignment of the group's variables (pairwise different, within their domains)
    /// whose sums' parts extend to their sums (by brute force over the sums' other variables
    /// too, each sum on its own): the values each variable takes in one, by position.
    fn brute(c: &Candidates, group: u32, sums: &[(Vec<u32>, i64)]) -> Option<Vec<u64>> {
        let gvars = c.groups()[group as usize].vars.clone();
        // All assignments of the variables of the group and of every sum touching it.
        let mut vars: Vec<u32> = gvars.clone();
        for (v, _) in sums {
            if v.iter().any(|l| gvars.contains(l)) {
                for &l in v {
                    if !vars.contains(&l) {
                        vars.push(l);
                    }
                }
            }
        }
        let mut kept = vec![0u64; gvars.len()];
        let mut values = vec![0u32; vars.len()];
        let mut any = false;
        fn go(
            c: &Candidates,
            vars: &[u32],
            i: usize,
            values: &mut Vec<u32>,
            ok: &dyn Fn(&[u32]) -> bool,
            out: &mut dyn FnMut(&[u32]),
        ) {
            if i == vars.len() {
                if ok(values) {
                    out(values);
                }
                return;
            }
            for b in bits(c.mask(vars[i])) {
                values[i] = b;
                go(c, vars, i + 1, values, ok, out);
            }
        }
        let n = gvars.len();
        let ok = |values: &[u32]| {
            // The group pairwise different.
            (0..n).all(|i| (0..i).all(|j| values[i] != values[j]))
                && sums.iter().all(|(v, t)| {
                    if !v.iter().any(|l| gvars.contains(l)) {
                        return true;
                    }
                    let vals: Vec<u32> = v.iter().map(|l| values[vars.iter().position(|x| x == l).unwrap()]).collect();
                    let distinct = (0..vals.len()).all(|i| (0..i).all(|j| vals[i] != vals[j]));
                    distinct && vals.iter().map(|&b| i64::from(c.value(b))).sum::<i64>() == *t
                })
        };
        go(c, &vars, 0, &mut values, &ok, &mut |values| {
            any = true;
            for (k, m) in kept.iter_mut().enumerate() {
                *m |= 1 << values[k];
            }
        });
        any.then_some(kept)
    }

    /// On random groups of 5 variables over 1..=5 with random domains and random sums (some
    /// crossing out of the group into two outside variables), the interactions are exactly
    /// what brute force over the group and the sums' variables finds: sound and complete for
    /// the relaxation (each sum extended on its own, outside variables not compared across
    /// sums).
    #[test]
    fn interactions_are_exactly_the_brute_force_of_the_group_and_its_sums() {
        let mut seed = 0x1234_5678_9abc_def1u64;
        let mut next = |m: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % m
        };
        let (mut removed_some, mut dead) = (0, 0);
        for _ in 0..400 {
            let mut model = Model::new();
            let v = model.new_vars(9, 1..=5).unwrap();
            model.post(AllDifferent::new(v[..5].to_vec())).unwrap();
            // A hidden solution: a permutation in the group, free values outside.
            let mut perm: Vec<i32> = (1..=5).collect();
            for i in (1..5).rev() {
                perm.swap(i, next(i as u64 + 1) as usize);
            }
            let sol: Vec<i32> = (0..9).map(|i| if i < 5 { perm[i] } else { 1 + next(5) as i32 }).collect();
            // Sums: consecutive runs of the group, each with at most one outside variable
            // (pairwise different from the rest of its sum: posted as a group too).
            let mut sums: Vec<(Vec<u32>, i64)> = Vec::new();
            let mut i = 0;
            let mut outside = 5u32;
            while i < 5 {
                let len = 1 + next(3) as usize;
                let mut vars: Vec<u32> = (i..(i + len).min(5)).map(|k| k as u32).collect();
                i += len;
                if next(2) == 0 && outside < 9 && !vars.iter().any(|&l| sol[l as usize] == sol[outside as usize]) {
                    vars.push(outside);
                    outside += 1;
                }
                if vars.len() > 1 {
                    model.post(AllDifferent::new(vars.iter().map(|&l| v[l as usize]).collect::<Vec<_>>())).unwrap();
                }
                let t = vars.iter().map(|&l| i64::from(sol[l as usize])).sum();
                sums.push((vars, t));
            }
            let mut solver = model.into_solver();
            for (k, &x) in v.iter().enumerate() {
                for value in 1..=5 {
                    if value != sol[k] && next(3) == 0 {
                        solver.remove_value(x, value).unwrap();
                    }
                }
            }
            let c = Candidates::from_solver(&solver).unwrap();
            // Sometimes a wrong total, to meet dead ends.
            if next(8) == 0 {
                sums[0].1 += 1;
            }
            let got = interactions(&c, 0, &sums);
            let expected = brute(&c, 0, &sums);
            assert_eq!(got, expected, "{sums:?}");
            match got {
                None => dead += 1,
                Some(kept) => {
                    let gvars = &c.groups()[0].vars;
                    if gvars.iter().zip(&kept).any(|(&l, &k)| c.mask(l) & !k != 0) {
                        removed_some += 1;
                    }
                }
            }
        }
        assert!(removed_some > 50 && dead > 10, "too weak: {removed_some} removing, {dead} dead");
    }
}

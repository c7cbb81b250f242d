//! Sums: what a fixed total says about the variables that make it, as a person reasons about
//! the cages of a killer sudoku ([`DistinctSum`](crate::DistinctSum)).
//!
//! # Background
//!
//! A *sum* is a set of variables `x1 .. xk` of the [`Candidates`] with a total `s`. Two of its
//! variables that share a group take different values; others may be equal.
//!
//! * **Combinations** ([`combinations`]): for variables that are pairwise different (a cage), the
//!   value sets `{v1 .. vk}` with `v1 + .. + vk = s` that can be spread over the variables, each
//!   variable taking a value of its domain (a perfect matching). A person lists them ("17 in
//!   two cells is 8 + 9"); every value in none of them leaves every variable.
//! * **Support** ([`support`]): the values each variable takes in some assignment of the sum
//!   (pairwise differences respected); every other value goes. For a cage this is what the
//!   combinations allow cell by cell.
//! * **Innies and outies** ([`innies_outies`], "the rule of 45"): a union of disjoint tight
//!   groups (rows, columns, boxes) holds a known total, the sum of each group's values. Take
//!   away the sums lying wholly inside it: the rest of the union (the *innies*) adds up to the
//!   difference. The sums that cross the union's border cover the innies and some variables
//!   outside it (the *outies*), which add up to their totals minus the innies' total.
//!
//! Every deduction here follows from the sums and the groups: none assumes a single solution.

use std::collections::HashMap;

use super::candidates::{bits, Candidates};
use super::wings::sees;

/// The value sets of `vars` (pairwise different: callers pass a group's variables) adding up
/// to `sum` that a perfect matching spreads over `vars` within their domains, as masks of
/// bits, in increasing mask order.
///
/// # Complexity
///
/// O(C(width, k) * k^2) for `k` variables: at most a few hundred sets for a 9x9 cage.
pub fn combinations(c: &Candidates, vars: &[u32], sum: i64) -> Vec<u64> {
    let k = vars.len();
    let union = vars.iter().fold(0u64, |m, &l| m | c.mask(l));
    let values: Vec<u32> = bits(union).collect();
    let mut out = Vec::new();
    let mut chosen = Vec::with_capacity(k);
    subsets_with_sum(c, &values, 0, k, sum, &mut chosen, &mut |set: &[u32]| {
        let mask = set.iter().fold(0u64, |m, &b| m | 1 << b);
        if matches(c, vars, mask) {
            out.push(mask);
        }
    });
    out.sort_unstable();
    out
}

/// Calls `f` with every `k`-subset of `values[from..]` whose values add up to `sum`.
fn subsets_with_sum(
    c: &Candidates,
    values: &[u32],
    from: usize,
    k: usize,
    sum: i64,
    chosen: &mut Vec<u32>,
    f: &mut dyn FnMut(&[u32]),
) {
    if k == 0 {
        if sum == 0 {
            f(chosen);
        }
        return;
    }
    if values.len() - from < k {
        return;
    }
    // The values are increasing: the smallest and largest totals of k of the rest.
    let low: i64 = values[from..from + k].iter().map(|&b| i64::from(c.value(b))).sum();
    let high: i64 = values[values.len() - k..].iter().map(|&b| i64::from(c.value(b))).sum();
    if sum < low || sum > high {
        return;
    }
    for i in from..values.len() {
        chosen.push(values[i]);
        subsets_with_sum(c, values, i + 1, k - 1, sum - i64::from(c.value(values[i])), chosen, f);
        chosen.pop();
    }
}

/// Whether the values of `set` (as many as `vars`) can be given one to each of `vars`, within
/// their domains (Kuhn's augmenting paths).
fn matches(c: &Candidates, vars: &[u32], set: u64) -> bool {
    let values: Vec<u32> = bits(set).collect();
    // owner[value index] = the variable index holding it.
    let mut owner: Vec<usize> = vec![usize::MAX; values.len()];
    fn augment(c: &Candidates, vars: &[u32], values: &[u32], i: usize, seen: &mut [bool], owner: &mut [usize]) -> bool {
        for (j, &b) in values.iter().enumerate() {
            if c.mask(vars[i]) & (1 << b) == 0 || seen[j] {
                continue;
            }
            seen[j] = true;
            if owner[j] == usize::MAX || augment(c, vars, values, owner[j], seen, owner) {
                owner[j] = i;
                return true;
            }
        }
        false
    }
    (0..vars.len()).all(|i| {
        let mut seen = vec![false; values.len()];
        augment(c, vars, &values, i, &mut seen, &mut owner)
    })
}

/// The values each of `vars` takes in some assignment adding up to `sum`, two variables that
/// share a group ([`sees`]) taking different values: by position in `vars`, a mask of bits.
/// `None` if there is no such assignment.
///
/// Pairwise different variables (a cage) are solved over the sets of values used, which
/// stays small; others by a search over the assignments, for the few variables of the
/// innies or outies of an area.
pub fn support(c: &Candidates, vars: &[u32], sum: i64) -> Option<Vec<u64>> {
    let k = vars.len();
    let all_pairs = (0..k).all(|i| (i + 1..k).all(|j| sees(c, vars[i], vars[j])));
    let mut supported = vec![0u64; k];
    if all_pairs {
        let mut dp = Distinct { c, vars, sum, memo: HashMap::new(), supported };
        let found = dp.good(0, 0);
        return found.then_some(dp.supported);
    }
    let mut values = vec![0u32; k];
    fn search(c: &Candidates, vars: &[u32], i: usize, left: i64, values: &mut [u32], supported: &mut [u64]) {
        if i == vars.len() {
            if left == 0 {
                for (s, &b) in supported.iter_mut().zip(values.iter()) {
                    *s |= 1 << b;
                }
            }
            return;
        }
        // Bounds of the rest, ignoring differences.
        let rest_min: i64 = vars[i + 1..].iter().map(|&l| i64::from(c.value(c.mask(l).trailing_zeros()))).sum();
        let rest_max: i64 = vars[i + 1..].iter().map(|&l| i64::from(c.value(63 - c.mask(l).leading_zeros()))).sum();
        for b in bits(c.mask(vars[i])) {
            let v = i64::from(c.value(b));
            if left - v < rest_min || left - v > rest_max {
                continue;
            }
            if (0..i).any(|j| values[j] == b && sees(c, vars[i], vars[j])) {
                continue;
            }
            values[i] = b;
            search(c, vars, i + 1, left - v, values, supported);
        }
    }
    if vars.iter().any(|&l| c.mask(l) == 0) {
        return None;
    }
    search(c, vars, 0, sum, &mut values, &mut supported);
    supported.iter().all(|&m| m != 0).then_some(supported)
}

/// The search over the sets of values used by pairwise different variables: `good(i, used)`
/// says whether the variables from `i` on can complete `used` (the values of those before) to
/// the sum, memoised. A value is supported at `i` when some reachable `used` extends through
/// it to a full assignment: `good` records it on the first visit of each state, and visits
/// every reachable state, so `supported` is exact.
struct Distinct<'a> {
    c: &'a Candidates,
    vars: &'a [u32],
    sum: i64,
    memo: HashMap<(usize, u64), bool>,
    supported: Vec<u64>,
}

impl Distinct<'_> {
    fn total(&self, used: u64) -> i64 {
        bits(used).map(|b| i64::from(self.c.value(b))).sum()
    }

    fn good(&mut self, i: usize, used: u64) -> bool {
        if i == self.vars.len() {
            return self.total(used) == self.sum;
        }
        if let Some(&g) = self.memo.get(&(i, used)) {
            return g;
        }
        let so_far = self.total(used);
        let mut any = false;
        for b in bits(self.c.mask(self.vars[i]) & !used) {
            if so_far + i64::from(self.c.value(b)) > self.sum && self.c.value(0) >= 0 {
                continue;
            }
            if self.good(i + 1, used | 1 << b) {
                self.supported[i] |= 1 << b;
                any = true;
            }
        }
        self.memo.insert((i, used), any);
        any
    }
}

/// The innies and outies of an area ([`innies_outies`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Border {
    /// The area's variables in no sum lying wholly inside it (local indices, increasing).
    pub innies: Vec<u32>,
    /// Their total.
    pub innie_total: i64,
    /// The variables outside the area of the sums crossing its border (increasing), with
    /// their total; `None` when an innie is in no sum.
    pub outies: Option<(Vec<u32>, i64)>,
}

/// The innies and outies of an area, a union of pairwise disjoint tight groups `area`
/// (indices into [`Candidates::groups`]), given `sums` (variables, total) that are pairwise
/// disjoint.
///
/// The innies are the area's variables in no sum lying wholly inside it; the outies, the
/// variables outside the area of the sums that cross its border. Their totals follow from the
/// area's total (the sum of each tight group's values) and the sums'. The outies are `None`
/// when an innie is in no sum (their total is then unknown).
///
/// # Panics
///
/// Panics if a group index is out of range.
pub fn innies_outies(c: &Candidates, area: &[u32], sums: &[(Vec<u32>, i64)]) -> Border {
    let mut inside = vec![false; c.num_vars()];
    let mut total = 0i64;
    for &g in area {
        let group = &c.groups()[g as usize];
        total += bits(group.values).map(|b| i64::from(c.value(b))).sum::<i64>();
        for &l in &group.vars {
            inside[l as usize] = true;
        }
    }
    let mut in_sum = vec![false; c.num_vars()];
    let mut innie_total = total;
    let (mut crossing_total, mut outies) = (0i64, Vec::new());
    for (vars, s) in sums {
        let within = vars.iter().filter(|&&l| inside[l as usize]).count();
        if within == vars.len() {
            innie_total -= s;
            for &l in vars {
                in_sum[l as usize] = true;
            }
        } else if within > 0 {
            crossing_total += s;
            outies.extend(vars.iter().copied().filter(|&l| !inside[l as usize]));
        }
    }
    let innies: Vec<u32> = (0..c.num_vars() as u32).filter(|&l| inside[l as usize] && !in_sum[l as usize]).collect();
    let covered = innies.iter().all(|&l| sums.iter().any(|(vars, _)| vars.contains(&l)));
    outies.sort_unstable();
    let outies = covered.then(|| (outies, crossing_total - innie_total));
    Border { innies, innie_total, outies }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{AllDifferent, Model};

    /// Candidates of `n` variables over 1..=9 in one group, with the given domains.
    fn cage(domains: &[&[i32]]) -> Candidates {
        let mut model = Model::new();
        let v = model.new_vars(domains.len(), 1..=9).unwrap();
        model.post(AllDifferent::new(v.clone())).unwrap();
        let mut solver = model.into_solver();
        for (x, d) in v.iter().zip(domains) {
            for value in 1..=9 {
                if !d.contains(&value) {
                    solver.remove_value(*x, value).unwrap();
                }
            }
        }
        Candidates::from_solver(&solver).unwrap()
    }

    fn values(c: &Candidates, mask: u64) -> Vec<i32> {
        bits(mask).map(|b| c.value(b)).collect()
    }

    #[test]
    fn seventeen_in_two_cells_is_eight_and_nine() {
        let all: &[i32] = &[1, 2, 3, 4, 5, 6, 7, 8, 9];
        let c = cage(&[all, all]);
        let combos = combinations(&c, &[0, 1], 17);
        assert_eq!(combos.iter().map(|&m| values(&c, m)).collect::<Vec<_>>(), [vec![8, 9]]);
        let s = support(&c, &[0, 1], 17).unwrap();
        assert_eq!(values(&c, s[0]), [8, 9]);
    }

    #[test]
    fn support_respects_the_domains_cell_by_cell() {
        // 10 in two cells, the first without 1 and 9: {2, 8}, {3, 7}, {4, 6} only; the second
        // cannot take 1 or 9 either, since its partner would need 9 or 1.
        let c = cage(&[&[2, 3, 4, 5, 6, 7, 8], &[1, 2, 3, 4, 5, 6, 7, 8, 9]]);
        let s = support(&c, &[0, 1], 10).unwrap();
        assert_eq!(values(&c, s[1]), [2, 3, 4, 6, 7, 8]);
        assert_eq!(combinations(&c, &[0, 1], 10).len(), 3);
        assert_eq!(support(&c, &[0, 1], 2), None);
    }

    #[test]
    fn support_of_unrelated_variables_allows_equal_values() {
        let mut model = Model::new();
        let v = model.new_vars(3, 1..=3).unwrap();
        model.post(AllDifferent::new(vec![v[0], v[1]])).unwrap();
        model.post(AllDifferent::new(vec![v[2]])).unwrap();
        let c = Candidates::from_solver(&model.into_solver()).unwrap();
        // x0 + x2 = 2: both 1, allowed since they share no group.
        let s = support(&c, &[0, 2], 2).unwrap();
        assert_eq!((values(&c, s[0]), values(&c, s[1])), (vec![1], vec![1]));
        assert_eq!(support(&c, &[0, 1], 2), None);
    }

    #[test]
    fn a_row_with_a_cage_inside_leaves_its_innies_the_difference() {
        let (solver, _) = crate::reasoning::latin_square(4);
        let c = Candidates::from_solver(&solver).unwrap();
        // Row 0 is group 0 (vars 0..4, total 10); a sum over vars 0, 1 of 3 and one over 3, 7 of 5.
        let sums = vec![(vec![0, 1], 3), (vec![3, 7], 5)];
        let b = innies_outies(&c, &[0], &sums);
        assert_eq!((b.innies, b.innie_total), (vec![2, 3], 7));
        assert_eq!(b.outies, None, "var 2 is in no sum");
        let sums = vec![(vec![0, 1], 3), (vec![2, 6], 4), (vec![3, 7], 5)];
        let b = innies_outies(&c, &[0], &sums);
        assert_eq!((b.innies, b.innie_total, b.outies), (vec![2, 3], 7, Some((vec![6, 7], 2))));
    }
}

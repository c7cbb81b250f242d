//! Sums: what a fixed total says about the variables that make it, as a person reasons about
//! the cages of a killer sudoku ([`DistinctSum`](csp::constraints::DistinctSum)).
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
pub(crate) fn matches(c: &Candidates, vars: &[u32], set: u64) -> bool {
    // owner[value bit] = the index in `vars` of the variable holding it (u8::MAX: none);
    // `seen` marks the value bits visited by one augmenting search. No allocation.
    let mut owner = [u8::MAX; 64];
    fn augment(c: &Candidates, vars: &[u32], set: u64, i: usize, seen: &mut u64, owner: &mut [u8; 64]) -> bool {
        for b in bits(c.mask(vars[i]) & set & !*seen) {
            *seen |= 1 << b;
            let o = owner[b as usize];
            if o == u8::MAX || augment(c, vars, set, usize::from(o), seen, owner) {
                owner[b as usize] = i as u8;
                return true;
            }
        }
        false
    }
    vars.len() <= set.count_ones() as usize
        && vars.len() < usize::from(u8::MAX)
        && (0..vars.len()).all(|i| augment(c, vars, set, i, &mut 0, &mut owner))
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
        let memo = Memo::new(k, c.width());
        let mut dp = Distinct { c, vars, sum, memo, supported };
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
    memo: Memo,
    supported: Vec<u64>,
}

/// The memo of [`Distinct::good`], by `(i, used)`: a table when the states are few (`k`
/// variables times the subsets of a 9x9 grid's digits: 4,608 entries at most), a map
/// otherwise.
enum Memo {
    /// Per `i << width | used`: 0 unknown, 1 false, 2 true.
    Table(Vec<u8>, u32),
    Map(HashMap<(usize, u64), bool>),
}

impl Memo {
    fn new(k: usize, width: u32) -> Memo {
        if width <= 12 && k << width <= 1 << 16 {
            Memo::Table(vec![0; k << width], width)
        } else {
            Memo::Map(HashMap::new())
        }
    }

    fn get(&self, i: usize, used: u64) -> Option<bool> {
        match self {
            Memo::Table(t, width) => match t[i << width | used as usize] {
                0 => None,
                g => Some(g == 2),
            },
            Memo::Map(m) => m.get(&(i, used)).copied(),
        }
    }

    fn insert(&mut self, i: usize, used: u64, good: bool) {
        match self {
            Memo::Table(t, width) => t[i << *width | used as usize] = 1 + u8::from(good),
            Memo::Map(m) => {
                m.insert((i, used), good);
            }
        }
    }
}

impl Distinct<'_> {
    fn total(&self, used: u64) -> i64 {
        bits(used).map(|b| i64::from(self.c.value(b))).sum()
    }

    fn good(&mut self, i: usize, used: u64) -> bool {
        if i == self.vars.len() {
            return self.total(used) == self.sum;
        }
        if let Some(g) = self.memo.get(i, used) {
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
        self.memo.insert(i, used, any);
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

/// A linear equation over variables with coefficients +1 and -1: the `plus` variables add up
/// to `total` more than the `minus` ones (`sum(plus) - sum(minus) = total`), as a split of
/// an area by the rule of 45 gives it ([`split`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Equation {
    /// The variables counted positively (increasing).
    pub plus: Vec<u32>,
    /// The variables counted negatively (increasing).
    pub minus: Vec<u32>,
    /// The right-hand side.
    pub total: i64,
}

/// The rule of 45 with cage splitting: the equation of an area (a union of pairwise disjoint
/// tight groups `area`, indices into [`Candidates::groups`]) over the open variables, given
/// `sums` (variables, total) that are pairwise disjoint.
///
/// The area's variables add up to the sum of each group's values. A sum lying wholly inside
/// it is subtracted. A sum crossing its border is either left out (its variables inside the
/// area stay in the equation, positively: innies) or taken whole (its total is subtracted, and
/// its variables outside the area enter negatively: outies), whichever leaves fewer open
/// variables (taken on a tie when `take_ties`). Fixed variables are folded into the total (a
/// sum minus its known part is a smaller sum). [`innies_outies`] is the two extreme choices.
///
/// # Panics
///
/// Panics if a group index is out of range.
///
/// # Example
///
/// ```
/// use logic::{sums, Candidates};
/// use csp::Model;
/// use csp::constraints::AllDifferent;
///
/// // A 2x2 Latin square over 1..=2: rows are groups 0 and 1, columns 2 and 3.
/// let mut model = Model::new();
/// let v = model.new_vars(4, 1..=2)?;
/// for pair in [[0, 1], [2, 3], [0, 2], [1, 3]] {
///     model.post(AllDifferent::new(pair.iter().map(|&i| v[i]).collect::<Vec<_>>()))?;
/// }
/// let c = Candidates::from_solver(&model.into_solver())?;
/// // Row 0 (cells 0 and 1) holds 1 + 2 = 3; a sum of 2 on cell 1 leaves cell 0 equal to 1
/// // (a sum over cells 0 and 2 crossing the row is left out on a tie).
/// let e = sums::split(&c, &[0], &[(vec![0, 2], 3), (vec![1], 2), (vec![3], 1)], false);
/// assert_eq!((e.plus, e.minus, e.total), (vec![0], vec![], 1));
/// // Taken whole, the sum of 3 over cells 0 and 2 leaves cell 1 minus cell 2 equal to 0.
/// let e = sums::split(&c, &[0], &[(vec![0, 2], 3)], true);
/// assert_eq!((e.plus, e.minus, e.total), (vec![1], vec![2], 0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn split(c: &Candidates, area: &[u32], sums: &[(Vec<u32>, i64)], take_ties: bool) -> Equation {
    let mut inside = vec![false; c.num_vars()];
    let mut total = 0i64;
    for &g in area {
        let group = &c.groups()[g as usize];
        total += bits(group.values).map(|b| i64::from(c.value(b))).sum::<i64>();
        for &l in &group.vars {
            inside[l as usize] = true;
        }
    }
    let open = |l: u32| c.fixed_bit(l).is_none();
    let mut plus_taken = vec![false; c.num_vars()];
    let mut minus = Vec::new();
    for (vars, s) in sums {
        let within = vars.iter().filter(|&&l| inside[l as usize]).count();
        if within == 0 {
            continue;
        }
        let open_in = vars.iter().filter(|&&l| inside[l as usize] && open(l)).count();
        let open_out = vars.iter().filter(|&&l| !inside[l as usize] && open(l)).count();
        if within == vars.len() || open_out < open_in || (open_out == open_in && take_ties) {
            total -= s;
            for &l in vars {
                if inside[l as usize] {
                    plus_taken[l as usize] = true;
                } else {
                    minus.push(l);
                }
            }
        }
    }
    let mut plus = Vec::new();
    for l in 0..c.num_vars() as u32 {
        if inside[l as usize] && !plus_taken[l as usize] {
            match c.fixed_bit(l) {
                Some(b) => total -= i64::from(c.value(b)),
                None => plus.push(l),
            }
        }
    }
    minus.retain(|&l| match c.fixed_bit(l) {
        Some(b) => {
            total += i64::from(c.value(b));
            false
        }
        None => true,
    });
    minus.sort_unstable();
    Equation { plus, minus, total }
}

/// The set bits of `mask`, from the lowest.
fn bits128(mut mask: u128) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let b = mask.trailing_zeros();
            mask &= mask - 1;
            b
        })
    })
}

/// The values each variable of `e` takes in some assignment meeting it, two variables that
/// share a group ([`sees`]) taking different values: by position, `plus` then `minus`, a
/// mask of bits. `None` if there is no such assignment (the equation is a dead end).
///
/// A search over the assignments, bounded by the smallest and largest totals of the
/// variables left: for the few variables of an equation of the rule of 45.
pub fn support_equation(c: &Candidates, e: &Equation) -> Option<Vec<u64>> {
    let terms: Vec<(u32, i64)> = e.plus.iter().map(|&l| (l, 1)).chain(e.minus.iter().map(|&l| (l, -1))).collect();
    if terms.iter().any(|&(l, _)| c.mask(l) == 0) {
        return None;
    }
    if terms.is_empty() {
        return (e.total == 0).then(Vec::new);
    }
    let lo = |l: u32| i64::from(c.value(c.mask(l).trailing_zeros()));
    let hi = |l: u32| i64::from(c.value(63 - c.mask(l).leading_zeros()));
    // The smallest and largest contribution of the terms from i on.
    let mut min_from = vec![0i64; terms.len() + 1];
    let mut max_from = vec![0i64; terms.len() + 1];
    for i in (0..terms.len()).rev() {
        let (l, k) = terms[i];
        let (a, b) = if k > 0 { (lo(l), hi(l)) } else { (-hi(l), -lo(l)) };
        min_from[i] = min_from[i + 1] + a;
        max_from[i] = max_from[i + 1] + b;
    }
    // The totals the terms from i on can make, ignoring differences, as bits of `left + span`
    // (when they fit in 128 bits, as on a 9x9 grid; else every total within the bounds).
    let span: i64 = (0..terms.len())
        .map(|i| (min_from[i] - min_from[i + 1]).abs().max((max_from[i] - max_from[i + 1]).abs()))
        .sum();
    let reach: Option<Vec<u128>> = (2 * span < 128).then(|| {
        let mut reach = vec![0u128; terms.len() + 1];
        reach[terms.len()] = 1 << span;
        for i in (0..terms.len()).rev() {
            let (l, k) = terms[i];
            reach[i] = bits(c.mask(l)).fold(0, |r, b| {
                let d = k * i64::from(c.value(b));
                r | if d >= 0 { reach[i + 1] << d } else { reach[i + 1] >> -d }
            });
        }
        reach
    });
    // Per term: the earlier terms it shares a group with (they must take other values).
    let seen: Vec<u64> = (0..terms.len())
        .map(|i| (0..i).filter(|&j| sees(c, terms[i].0, terms[j].0)).fold(0u64, |m, j| m | 1 << j))
        .collect();
    struct Search<'a> {
        c: &'a Candidates,
        terms: &'a [(u32, i64)],
        min_from: &'a [i64],
        max_from: &'a [i64],
        seen: &'a [u64],
        reach: Option<&'a [u128]>,
        span: i64,
        /// The term whose value is fixed, and the value.
        fixed: (usize, u32),
        values: Vec<u32>,
        supported: Vec<u64>,
    }
    impl Search<'_> {
        /// Whether an assignment of the terms from `i` on meets the equation (`left` to
        /// make up); the first found marks its values supported.
        fn go(&mut self, i: usize, left: i64) -> bool {
            if i == self.terms.len() {
                if left != 0 {
                    return false;
                }
                for (s, &b) in self.supported.iter_mut().zip(&self.values) {
                    *s |= 1 << b;
                }
                return true;
            }
            let (l, k) = self.terms[i];
            let mask = if self.fixed.0 == i { 1 << self.fixed.1 } else { self.c.mask(l) };
            for b in bits(mask) {
                let rest = left - k * i64::from(self.c.value(b));
                if rest < self.min_from[i + 1] || rest > self.max_from[i + 1] {
                    continue;
                }
                if self.reach.is_some_and(|r| (r[i + 1] >> (rest + self.span)) & 1 == 0) {
                    continue;
                }
                if bits(self.seen[i]).any(|j| self.values[j as usize] == b) {
                    continue;
                }
                self.values[i] = b;
                if self.go(i + 1, rest) {
                    return true;
                }
            }
            false
        }
    }
    let mut s = Search {
        c,
        terms: &terms,
        min_from: &min_from,
        max_from: &max_from,
        seen: &seen,
        reach: reach.as_deref(),
        span,
        fixed: (usize::MAX, 0),
        values: vec![0; terms.len()],
        supported: vec![0; terms.len()],
    };
    // Each value of each term is supported if some assignment meeting the equation gives it
    // to the term: one search per value not yet seen in an assignment found, each ending at
    // its first assignment (the values of the first term cover every assignment: none
    // supported, none exists).
    // The totals the terms before i can make, ignoring differences (as `reach`).
    let before: Option<Vec<u128>> = reach.as_ref().map(|_| {
        let mut before = vec![1u128 << span; terms.len()];
        for i in 1..terms.len() {
            let (l, k) = terms[i - 1];
            before[i] = bits(c.mask(l)).fold(0, |r, b| {
                let d = k * i64::from(c.value(b));
                r | if d >= 0 { before[i - 1] << d } else { before[i - 1] >> -d }
            });
        }
        before
    });
    for i in 0..terms.len() {
        for b in bits(c.mask(terms[i].0) & !s.supported[i]) {
            if s.supported[i] & (1 << b) != 0 {
                continue;
            }
            if let (Some(before), Some(reach)) = (&before, &reach) {
                // Without differences, the others must make up the rest of the total.
                let rest = e.total - terms[i].1 * i64::from(c.value(b));
                let makes = bits128(before[i]).any(|x| {
                    let y = rest - (i64::from(x) - span) + span;
                    (0..128).contains(&y) && (reach[i + 1] >> y) & 1 != 0
                });
                if !makes {
                    continue;
                }
            }
            s.fixed = (i, b);
            s.go(0, e.total);
        }
        if i == 0 && s.supported[0] == 0 {
            return None;
        }
    }
    Some(s.supported)
}

#[cfg(test)]
mod tests {
    use super::*;
    use csp::constraints::AllDifferent;
    use csp::Model;

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
        let (solver, _) = crate::latin_square(4);
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

    /// Every solution of a 4x4 grid with 2x2 boxes (rows, columns, boxes), by brute force.
    fn grids_4x4() -> Vec<Vec<u32>> {
        fn go(i: usize, g: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
            if i == 16 {
                out.push(g.clone());
                return;
            }
            let (r, c) = (i / 4, i % 4);
            for v in 1..=4 {
                let clash = (0..i).any(|j| {
                    let (rj, cj) = (j / 4, j % 4);
                    g[j] == v && (rj == r || cj == c || (rj / 2 == r / 2 && cj / 2 == c / 2))
                });
                if !clash {
                    g.push(v);
                    go(i + 1, g, out);
                    g.pop();
                }
            }
        }
        let mut out = Vec::new();
        go(0, &mut Vec::new(), &mut out);
        out
    }

    /// Splits of random areas of random 4x4 killers (random cages over a random solution, a
    /// few cells placed): the equation holds in every solution of the grid and the cages, and
    /// its support is exactly the values of the assignments of its variables that meet it
    /// (pairwise different where they share a group), by brute force.
    #[test]
    fn splits_hold_in_every_solution_and_their_support_is_exact() {
        let grids = grids_4x4();
        assert_eq!(grids.len(), 288);
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = |m: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % m
        };
        let mut checked = 0;
        for _ in 0..300 {
            let sol = &grids[next(288) as usize];
            // Random cages: grow from each uncovered cell to the right or down, 1 to 3 cells,
            // digits all different.
            let mut cage_of = [usize::MAX; 16];
            let mut cages: Vec<(Vec<u32>, i64)> = Vec::new();
            for i in 0..16 {
                if cage_of[i] != usize::MAX {
                    continue;
                }
                let mut cells = vec![i];
                for _ in 0..next(3) {
                    let last = *cells.last().unwrap();
                    let step = if next(2) == 0 { 1 } else { 4 };
                    let n = last + step;
                    if (step == 1 && n % 4 == 0) || n >= 16 || cage_of[n] != usize::MAX || cells.contains(&n) {
                        break;
                    }
                    if cells.iter().any(|&c| sol[c] == sol[n]) {
                        break;
                    }
                    cells.push(n);
                }
                for &c in &cells {
                    cage_of[c] = cages.len();
                }
                let total = cells.iter().map(|&c| i64::from(sol[c])).sum();
                cages.push((cells.iter().map(|&c| c as u32).collect(), total));
            }
            let mut model = Model::new();
            let v = model.new_vars(16, 1..=4).unwrap();
            let mut groups: Vec<Vec<usize>> = Vec::new();
            for k in 0..4 {
                groups.push((0..4).map(|c| k * 4 + c).collect());
            }
            for k in 0..4 {
                groups.push((0..4).map(|r| r * 4 + k).collect());
            }
            for b in 0..4 {
                groups.push((0..4).map(|k| (b / 2 * 2 + k / 2) * 4 + b % 2 * 2 + k % 2).collect());
            }
            for g in &groups {
                model.post(AllDifferent::new(g.iter().map(|&i| v[i]).collect::<Vec<_>>())).unwrap();
            }
            let mut solver = model.into_solver();
            for _ in 0..next(4) {
                let cell = next(16) as usize;
                solver.assign(v[cell], sol[cell] as i32).unwrap();
            }
            let c = Candidates::from_solver(&solver).unwrap();
            // The solutions of the grid, the cages and the domains.
            let fits = |g: &Vec<u32>| {
                (0..16).all(|i| c.mask(i as u32) & (1 << (g[i] - 1)) != 0)
                    && cages.iter().all(|(vars, t)| vars.iter().map(|&l| i64::from(g[l as usize])).sum::<i64>() == *t)
            };
            let solutions: Vec<&Vec<u32>> = grids.iter().filter(|g| fits(g)).collect();
            assert!(solutions.contains(&sol));
            // A random area: one group, or two rows or two columns.
            let area: Vec<u32> = match next(3) {
                0 => vec![next(12) as u32],
                1 => {
                    let r = next(3) as u32;
                    vec![r, r + 1]
                }
                _ => {
                    let k = 4 + next(3) as u32;
                    vec![k, k + 1]
                }
            };
            for take_ties in [false, true] {
                let e = split(&c, &area, &cages, take_ties);
                let value = |g: &Vec<u32>, l: u32| i64::from(g[l as usize]);
                for g in &solutions {
                    let lhs: i64 = e.plus.iter().map(|&l| value(g, l)).sum::<i64>()
                        - e.minus.iter().map(|&l| value(g, l)).sum::<i64>();
                    assert_eq!(lhs, e.total, "{e:?} in {g:?}");
                }
                let vars: Vec<u32> = e.plus.iter().chain(&e.minus).copied().collect();
                if vars.len() > 6 {
                    continue;
                }
                // The support by brute force over the equation's variables.
                let mut expected = vec![0u64; vars.len()];
                let mut any = false;
                let mut values = vec![0u32; vars.len()];
                loop {
                    let ok = vars.iter().zip(&values).all(|(&l, &b)| c.mask(l) & (1 << b) != 0)
                        && (0..vars.len())
                            .all(|i| (0..i).all(|j| values[i] != values[j] || !sees(&c, vars[i], vars[j])))
                        && values[..e.plus.len()].iter().map(|&b| i64::from(b) + 1).sum::<i64>()
                            - values[e.plus.len()..].iter().map(|&b| i64::from(b) + 1).sum::<i64>()
                            == e.total;
                    if ok {
                        any = true;
                        for (m, &b) in expected.iter_mut().zip(&values) {
                            *m |= 1 << b;
                        }
                    }
                    // The next assignment of values 0..4 to the variables.
                    let mut k = 0;
                    while k < values.len() && values[k] == 3 {
                        values[k] = 0;
                        k += 1;
                    }
                    if k == values.len() {
                        break;
                    }
                    values[k] += 1;
                }
                let got = support_equation(&c, &e);
                assert_eq!(got, any.then_some(expected), "{e:?}");
                checked += 1;
            }
        }
        assert!(checked > 300, "only {checked} equations checked");
    }
}

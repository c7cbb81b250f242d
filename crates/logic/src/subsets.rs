//! Hall sets within one group: naked and hidden subsets.
//!
//! * **Naked**: `k` variables of a group whose domains hold `k` values between them take
//!   exactly those values, so every other variable of the group loses them.
//! * **Hidden**: `k` values of a tight group whose places lie in `k` variables fill them, so
//!   those variables lose every other value.
//!
//! Both are Hall sets of the group's value graph (the matching-based all-different filter,
//! [`Strength::Gac`](csp::constraints::Strength::Gac), removes all of them at once); here each is found
//! and named on its own, by its size. A hidden subset of `k` values is the naked subset of the
//! other `n - k` variables: callers name the smaller side.

use super::candidates::{bits, Candidates};

/// A Hall set and what it removes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HallSet {
    /// The group (index into [`Candidates::groups`]).
    pub group: u32,
    /// Whether the set was found by its variables (naked) or by its values (hidden).
    pub naked: bool,
    /// The set's variables (local indices), in group order.
    pub vars: Vec<u32>,
    /// The set's values, as bits.
    pub values: u64,
    /// Each variable that loses values, with the bits it loses.
    pub removals: Vec<(u32, u64)>,
}

/// Every naked subset of exactly `k` variables that removes something, by group.
pub fn naked(c: &Candidates, k: usize) -> Vec<HallSet> {
    let mut out = Vec::new();
    if k == 0 {
        return out;
    }
    for (g, group) in c.groups().iter().enumerate() {
        let open: Vec<u32> =
            group.vars.iter().copied().filter(|&l| (2..=k as u32).contains(&c.mask(l).count_ones())).collect();
        if open.len() < k {
            continue;
        }
        let mut chosen = Vec::with_capacity(k);
        combinations(&open, k, &mut chosen, &mut |set: &[u32]| {
            let union = set.iter().fold(0, |m, &l| m | c.mask(l));
            if union.count_ones() as usize != k {
                return;
            }
            let removals: Vec<(u32, u64)> = group
                .vars
                .iter()
                .filter(|l| !set.contains(l))
                .map(|&l| (l, c.mask(l) & union))
                .filter(|&(_, m)| m != 0)
                .collect();
            if !removals.is_empty() {
                out.push(HallSet { group: g as u32, naked: true, vars: set.to_vec(), values: union, removals });
            }
        });
    }
    out
}

/// Every hidden subset of exactly `k` values that removes something, in tight groups of at
/// most 64 variables, by group.
pub fn hidden(c: &Candidates, k: usize) -> Vec<HallSet> {
    let mut out = Vec::new();
    if k == 0 {
        return out;
    }
    for (g, group) in c.groups().iter().enumerate() {
        if !group.tight || group.vars.len() > 64 {
            continue;
        }
        // Each open value's places, as a mask over the group's positions.
        let mut open: Vec<u32> = Vec::new();
        let mut places = [0u64; 64];
        for bit in bits(group.values) {
            let mut p = 0u64;
            let mut fixed = false;
            for (i, &l) in group.vars.iter().enumerate() {
                let m = c.mask(l);
                if m & (1 << bit) != 0 {
                    p |= 1 << i;
                    fixed |= m == 1 << bit;
                }
            }
            if !fixed && (2..=k as u32).contains(&p.count_ones()) {
                places[bit as usize] = p;
                open.push(bit);
            }
        }
        if open.len() < k {
            continue;
        }
        let mut chosen = Vec::with_capacity(k);
        combinations(&open, k, &mut chosen, &mut |set: &[u32]| {
            let union = set.iter().fold(0, |m, &b| m | places[b as usize]);
            if union.count_ones() as usize != k {
                return;
            }
            let values = set.iter().fold(0u64, |m, &b| m | 1 << b);
            let vars: Vec<u32> = bits(union).map(|i| group.vars[i as usize]).collect();
            let removals: Vec<(u32, u64)> =
                vars.iter().map(|&l| (l, c.mask(l) & !values)).filter(|&(_, m)| m != 0).collect();
            if !removals.is_empty() {
                out.push(HallSet { group: g as u32, naked: false, vars, values, removals });
            }
        });
    }
    out
}

/// The first naked subset of exactly `k` variables that removes something: the first of
/// [`naked`], found without listing the others, and without the sets whose first variables
/// already hold more than `k` values.
pub fn naked_first(c: &Candidates, k: usize) -> Option<HallSet> {
    if k == 0 || k > 64 {
        return None;
    }
    let mut open: Vec<u32> = Vec::new();
    let mut masks: Vec<u64> = Vec::new();
    let mut chosen = Vec::with_capacity(k);
    for (g, group) in c.groups().iter().enumerate() {
        open.clear();
        open.extend(group.vars.iter().copied().filter(|&l| (2..=k as u32).contains(&c.mask(l).count_ones())));
        if open.len() < k {
            continue;
        }
        masks.clear();
        masks.extend(open.iter().map(|&l| c.mask(l)));
        let found = first_union(&masks, k, 0, 0, &mut chosen, &mut |set: &[usize], union: u64| {
            let vars: Vec<u32> = set.iter().map(|&i| open[i]).collect();
            let removals: Vec<(u32, u64)> = group
                .vars
                .iter()
                .filter(|l| !vars.contains(l))
                .map(|&l| (l, c.mask(l) & union))
                .filter(|&(_, m)| m != 0)
                .collect();
            (!removals.is_empty()).then_some(HallSet { group: g as u32, naked: true, vars, values: union, removals })
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

/// The first hidden subset of exactly `k` values that removes something: the first of
/// [`hidden`], found without listing the others, and without the sets whose first values
/// already have more than `k` places.
pub fn hidden_first(c: &Candidates, k: usize) -> Option<HallSet> {
    if k == 0 || k > 64 {
        return None;
    }
    let mut open: Vec<u32> = Vec::new();
    let mut masks: Vec<u64> = Vec::new();
    let mut chosen = Vec::with_capacity(k);
    for (g, group) in c.groups().iter().enumerate() {
        if !group.tight || group.vars.len() > 64 {
            continue;
        }
        open.clear();
        masks.clear();
        // Each value's places, as a mask over the group's positions, in one pass over the
        // variables; and the values already fixed in the group.
        let mut places = [0u64; 64];
        let mut fixed = 0u64;
        for (i, &l) in group.vars.iter().enumerate() {
            let m = c.mask(l);
            if m.count_ones() == 1 {
                fixed |= m;
            }
            for bit in bits(m & group.values) {
                places[bit as usize] |= 1 << i;
            }
        }
        for bit in bits(group.values & !fixed) {
            let p = places[bit as usize];
            if (2..=k as u32).contains(&p.count_ones()) {
                open.push(bit);
                masks.push(p);
            }
        }
        if open.len() < k {
            continue;
        }
        let found = first_union(&masks, k, 0, 0, &mut chosen, &mut |set: &[usize], union: u64| {
            let values = set.iter().fold(0u64, |m, &i| m | 1 << open[i]);
            let vars: Vec<u32> = bits(union).map(|i| group.vars[i as usize]).collect();
            let removals: Vec<(u32, u64)> =
                vars.iter().map(|&l| (l, c.mask(l) & !values)).filter(|&(_, m)| m != 0).collect();
            (!removals.is_empty()).then_some(HallSet { group: g as u32, naked: false, vars, values, removals })
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

/// The first answer of `f` over the `k`-subsets (as increasing indices into `masks`, in
/// lexicographic order) whose masks have exactly `k` bits between them, skipping every set
/// that starts with indices whose masks already have more than `k` bits (no extension of it
/// can have `k`). `chosen` holds the indices taken so far and `union` their masks.
pub(crate) fn first_union<R>(
    masks: &[u64],
    k: usize,
    from: usize,
    union: u64,
    chosen: &mut Vec<usize>,
    f: &mut impl FnMut(&[usize], u64) -> Option<R>,
) -> Option<R> {
    if chosen.len() == k {
        return if union.count_ones() as usize == k { f(chosen, union) } else { None };
    }
    let need = k - chosen.len();
    for i in from..masks.len() {
        if masks.len() - i < need {
            break;
        }
        let next = union | masks[i];
        if next.count_ones() as usize > k {
            continue;
        }
        chosen.push(i);
        let found = first_union(masks, k, i + 1, next, chosen, f);
        chosen.pop();
        if found.is_some() {
            return found;
        }
    }
    None
}

/// A naked subset with a pattern's extra values ([`with_extra_values`]).
pub(crate) struct ExtraSubset {
    /// The group's other variables in it.
    pub vars: Vec<u32>,
    /// Its values, as bits.
    pub values: u64,
    /// Each variable of the rest of the group that loses values, with the bits.
    pub removals: Vec<(u32, u64)>,
}

/// A naked subset that `pattern`, variables of group `g` that together take one value of
/// `extra` (the extra values of a deadly pattern's cells), forms with other variables of the
/// group: `m` of them (1 to 3) whose values and `extra` are `m + 1` values take those values
/// with the pattern, so the rest of the group loses them. The first such subset of each size
/// that removes something.
pub(crate) fn with_extra_values(c: &Candidates, g: u32, pattern: &[u32], extra: u64) -> Vec<ExtraSubset> {
    let group = &c.groups()[g as usize].vars;
    let open = |l: &u32| !pattern.contains(l) && c.fixed_bit(*l).is_none();
    let others: Vec<u32> =
        group.iter().copied().filter(open).filter(|&l| (c.mask(l) | extra).count_ones() <= 4).collect();
    let mut out = Vec::new();
    for m in 1..=3usize {
        let mut found = None;
        combinations(&others, m, &mut Vec::with_capacity(m), &mut |set: &[u32]| {
            let union = set.iter().fold(extra, |u, &l| u | c.mask(l));
            if found.is_some() || union.count_ones() as usize != m + 1 {
                return;
            }
            let removals: Vec<(u32, u64)> = group
                .iter()
                .copied()
                .filter(|l| open(l) && !set.contains(l) && c.mask(*l) & union != 0)
                .map(|l| (l, union))
                .collect();
            if !removals.is_empty() {
                found = Some(ExtraSubset { vars: set.to_vec(), values: union, removals });
            }
        });
        out.extend(found);
    }
    out
}

/// Calls `f` with every `k`-subset of `items`, in lexicographic order.
pub(crate) fn combinations<T: Copy>(items: &[T], k: usize, chosen: &mut Vec<T>, f: &mut impl FnMut(&[T])) {
    if chosen.len() == k {
        f(chosen);
        return;
    }
    let need = k - chosen.len();
    for i in 0..items.len() {
        if items.len() - i < need {
            break;
        }
        chosen.push(items[i]);
        combinations(&items[i + 1..], k, chosen, f);
        chosen.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use csp::constraints::AllDifferent;
    use csp::{Model, Solver, VarId};

    /// One group of four variables over 1..=4.
    fn four() -> (Solver, Vec<VarId>) {
        let mut model = Model::new();
        let v = model.new_vars(4, 1..=4).unwrap();
        model.post(AllDifferent::new(v.clone())).unwrap();
        (model.into_solver(), v)
    }

    #[test]
    fn two_variables_holding_two_values_are_a_naked_pair() {
        let (mut solver, v) = four();
        for x in [&v[0], &v[1]] {
            solver.remove_value(*x, 3).unwrap();
            solver.remove_value(*x, 4).unwrap();
        }
        let c = Candidates::from_solver(&solver).unwrap();
        let found = naked(&c, 2);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].vars, [0, 1]);
        assert_eq!(found[0].values, 0b0011);
        assert_eq!(found[0].removals, [(2, 0b0011), (3, 0b0011)]);
        // Seen from the values, it is the hidden pair {3, 4} in the other two.
        let dual = hidden(&c, 2);
        assert_eq!(dual.len(), 1);
        assert_eq!((dual[0].vars.as_slice(), dual[0].values), ([2, 3].as_slice(), 0b1100));
        assert!(naked(&c, 3).is_empty(), "a triple would need three variables within three values");
    }

    #[test]
    fn combinations_are_lexicographic() {
        let mut seen = Vec::new();
        combinations(&[1, 2, 3, 4], 2, &mut Vec::new(), &mut |s: &[i32]| seen.push(s.to_vec()));
        assert_eq!(seen, [[1, 2], [1, 3], [1, 4], [2, 3], [2, 4], [3, 4]]);
    }
}

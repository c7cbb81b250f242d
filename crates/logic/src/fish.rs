//! Fish: a value confined, within `k` tight groups that must each hold it, to `k` others.
//!
//! Take `k` pairwise disjoint tight groups holding value `v` (the *bases*: `v` is taken once
//! in each, so `k` times) whose places for `v` all lie in `k` pairwise disjoint groups (the
//! *covers*: each takes `v` at most once). The `k` occurrences of `v` then fill the covers,
//! inside the bases, and every other variable of the covers loses `v`. With `k = 1` this is
//! locked candidates (Sudoku's pointing and claiming); with bases and covers from two
//! families of parallel groups, `k = 2, 3, 4` are the X-wing, swordfish and jellyfish.

use super::candidates::Candidates;
use super::subsets::{combinations, first_union};

/// A fish and what it removes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fish {
    /// The value's bit.
    pub bit: u32,
    /// The base groups, in increasing order.
    pub bases: Vec<u32>,
    /// The cover groups, in increasing order.
    pub covers: Vec<u32>,
    /// The places of the value in the bases (local indices, increasing).
    pub places: Vec<u32>,
    /// The variables that lose the value (local indices, increasing).
    pub removals: Vec<u32>,
}

/// Every fish of size `k` with bases from family `base_family` and covers from family
/// `cover_family` (indices into [`Candidates::families`]) that removes something, by value.
///
/// # Panics
///
/// Panics if a family index is out of range.
pub fn find(c: &Candidates, base_family: usize, cover_family: usize, k: usize) -> Vec<Fish> {
    let mut out = Vec::new();
    if k == 0 || base_family == cover_family {
        return out;
    }
    let groups = c.groups();
    for bit in 0..c.width() {
        let bases: Vec<u32> = c.families()[base_family]
            .iter()
            .copied()
            .filter(|&g| {
                let group = &groups[g as usize];
                group.tight
                    && group.values & (1 << bit) != 0
                    && group.vars.iter().all(|&l| c.mask(l) != 1 << bit)
                    && group.vars.iter().filter(|&&l| c.mask(l) & (1 << bit) != 0).count() >= 2
            })
            .collect();
        if bases.len() < k {
            continue;
        }
        let mut chosen = Vec::with_capacity(k);
        let mut covers: Vec<u32> = Vec::with_capacity(k + 1);
        combinations(&bases, k, &mut chosen, &mut |set: &[u32]| {
            covers.clear();
            let mut places = Vec::new();
            for &g in set {
                for &l in &groups[g as usize].vars {
                    if c.mask(l) & (1 << bit) == 0 {
                        continue;
                    }
                    let Some(cover) = c.family_group(cover_family, l) else { return };
                    if !covers.contains(&cover) {
                        if covers.len() == k {
                            return;
                        }
                        covers.push(cover);
                    }
                    places.push(l);
                }
            }
            if covers.len() != k {
                return;
            }
            let removals = removals(c, bit, base_family, set, &covers);
            if removals.is_empty() {
                return;
            }
            places.sort_unstable();
            let mut covers = covers.clone();
            covers.sort_unstable();
            out.push(Fish { bit, bases: set.to_vec(), covers, places, removals });
        });
    }
    out
}

/// The first fish of [`find`], found without listing the others, and without the sets of
/// bases whose first members already need more than `k` covers. Families of more than 64
/// groups fall back on [`find`].
///
/// # Panics
///
/// Panics if a family index is out of range.
pub fn find_first(c: &Candidates, base_family: usize, cover_family: usize, k: usize) -> Option<Fish> {
    let families = c.families();
    if k == 0 || base_family == cover_family {
        return None;
    }
    let cover_list = &families[cover_family];
    if cover_list.len() > 64 || !cover_list.is_sorted() {
        return find(c, base_family, cover_family, k).into_iter().next();
    }
    let groups = c.groups();
    let mut bases: Vec<u32> = Vec::new();
    let mut masks: Vec<u64> = Vec::new();
    let mut chosen = Vec::with_capacity(k);
    for bit in 0..c.width() {
        bases.clear();
        masks.clear();
        for &g in &families[base_family] {
            let group = &groups[g as usize];
            if !group.tight || group.values & (1 << bit) == 0 {
                continue;
            }
            // The covers of the value's places in this base (none for a place outside them:
            // then no fish has this base); no base where the value is already fixed.
            let mut covers = 0u64;
            let mut count = 0;
            let (mut outside, mut fixed) = (false, false);
            for &l in &group.vars {
                let m = c.mask(l);
                if m & (1 << bit) == 0 {
                    continue;
                }
                count += 1;
                fixed |= m == 1 << bit;
                match c.family_group(cover_family, l).map(|h| cover_position(cover_list, h)) {
                    Some(Some(i)) => covers |= 1 << i,
                    _ => outside = true,
                }
            }
            if fixed || count < 2 {
                continue;
            }
            bases.push(g);
            // A base with a place outside the covers is never in a fish: more than `k` covers.
            masks.push(if outside { u64::MAX } else { covers });
        }
        if bases.len() < k {
            continue;
        }
        let found = first_union(&masks, k, 0, 0, &mut chosen, &mut |set: &[usize], union: u64| {
            let set: Vec<u32> = set.iter().map(|&i| bases[i]).collect();
            let covers: Vec<u32> = (0..64).filter(|i| union & (1 << i) != 0).map(|i| cover_list[i as usize]).collect();
            let removals = removals(c, bit, base_family, &set, &covers);
            if removals.is_empty() {
                return None;
            }
            let mut places: Vec<u32> = set
                .iter()
                .flat_map(|&g| groups[g as usize].vars.iter().copied())
                .filter(|&l| c.mask(l) & (1 << bit) != 0)
                .collect();
            places.sort_unstable();
            Some(Fish { bit, bases: set, covers, places, removals })
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

/// The variables of the `covers` outside the `bases` (groups of `base_family`) that still
/// allow `bit`: what a fish over them removes, sorted, each once.
fn removals(c: &Candidates, bit: u32, base_family: usize, bases: &[u32], covers: &[u32]) -> Vec<u32> {
    let groups = c.groups();
    let mut removals: Vec<u32> = covers
        .iter()
        .flat_map(|&g| groups[g as usize].vars.iter().copied())
        .filter(|&l| c.mask(l) & (1 << bit) != 0)
        .filter(|&l| c.family_group(base_family, l).is_none_or(|b| !bases.contains(&b)))
        .collect();
    removals.sort_unstable();
    removals.dedup();
    removals
}

/// The position of group `h` in the sorted family `list`: by offset when the family's groups
/// are consecutive (the rows, columns or boxes of a grid), else by bisection.
#[inline]
pub(crate) fn cover_position(list: &[u32], h: u32) -> Option<usize> {
    let (&first, &last) = (list.first()?, list.last()?);
    if (last - first) as usize + 1 == list.len() {
        return (first..=last).contains(&h).then(|| (h - first) as usize);
    }
    list.binary_search(&h).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::latin_square;

    #[test]
    fn a_value_in_two_rows_confined_to_two_columns_is_an_x_wing() {
        let (mut solver, v) = latin_square(4);
        // Value 1 in rows 0 and 2 only in columns 0 and 3.
        for r in [0, 2] {
            for c in [1, 2] {
                solver.remove_value(v[r * 4 + c], 1).unwrap();
            }
        }
        let cands = Candidates::from_solver(&solver).unwrap();
        let found = find(&cands, 0, 1, 2);
        assert_eq!(found.len(), 1);
        let fish = &found[0];
        assert_eq!(
            (fish.bit, fish.bases.as_slice(), fish.covers.as_slice()),
            (0, [0, 2].as_slice(), [4, 7].as_slice())
        );
        assert_eq!(fish.places, [0, 3, 8, 11]);
        assert_eq!(fish.removals, [4, 7, 12, 15]);
        assert!(find(&cands, 0, 1, 1).is_empty(), "no single row is confined to one column");
    }
}

//! Almost locked sets: `k` variables that pairwise share a group, holding `k + 1` values
//! between them. Pairwise different, they take `k` of those values: all but one.
//!
//! * **ALS wing** (an ALS and a two-valued variable `y` with values `{x, z}`, both values of
//!   the set): when every place of `x` in the set shares a group with `y` (`x` is the
//!   *restricted common* value), `y = x` keeps `x` out of the set, which then takes all its
//!   other values, `z` among them; so `z` is taken by `y` or in the set, and every variable
//!   sharing a group with `y` and with each place of `z` in the set loses `z`. When `z` is
//!   restricted too (*doubly linked*), the set and `y` take every value of the set exactly
//!   once: every value leaves the variables that share a group with all of its places. With
//!   sets of 3, 4, 5 and 6 variables these are the WXYZ-, VWXYZ-, UVWXYZ- and TUVWXYZ-wings of
//!   Sukaku Explainer (SudokuMonster, 2019), and a special case of ALS-XZ.
//!
//! The variables of a set need not all lie in one group: in a Sudoku, two cells of a box and
//! one of a row through it are pairwise in a group. A wing holds for any all-different groups.

use super::candidates::{bits, Candidates};

/// For each variable, the variables sharing a group with it, as a bit set.
#[derive(Clone, Debug)]
pub struct Peers {
    words: usize,
    bits: Vec<u64>,
}

impl Peers {
    /// The peers of every variable of `c`.
    pub fn new(c: &Candidates) -> Peers {
        let n = c.num_vars();
        let words = n.div_ceil(64);
        let mut bits = vec![0u64; n * words];
        for g in c.groups() {
            for &a in &g.vars {
                let row = &mut bits[a as usize * words..(a as usize + 1) * words];
                for &b in &g.vars {
                    if a != b {
                        row[b as usize / 64] |= 1 << (b % 64);
                    }
                }
            }
        }
        Peers { words, bits }
    }

    /// Whether local variables `a` and `b` (different) share a group.
    #[inline]
    pub fn sees(&self, a: u32, b: u32) -> bool {
        self.bits[a as usize * self.words + b as usize / 64] & (1 << (b % 64)) != 0
    }

    /// The variables sharing a group with every one of `vars` (and not in it), increasing.
    pub fn common(&self, vars: &[u32]) -> Vec<u32> {
        let mut acc: Vec<u64> = vec![!0; self.words];
        for &v in vars {
            for (a, b) in acc.iter_mut().zip(&self.bits[v as usize * self.words..]) {
                *a &= b;
            }
        }
        let mut out = Vec::new();
        for (w, &word) in acc.iter().enumerate() {
            out.extend(bits(word).map(|b| (w * 64) as u32 + b));
        }
        out.retain(|&v| (v as usize) < self.bits.len() / self.words.max(1) && !vars.contains(&v));
        out
    }
}

/// An ALS wing and what it removes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AlsWing {
    /// The set's variables (local indices, increasing).
    pub set: Vec<u32>,
    /// The two-valued variable.
    pub pivot: u32,
    /// The restricted common value `x`, as a bit.
    pub linked: u32,
    /// The value `z` that is taken by the pivot or in the set, as a bit.
    pub bit: u32,
    /// Whether `z` is restricted too (then every value of the set may be removed).
    pub double: bool,
    /// The largest domain among the set's variables (Sukaku Explainer rates wings by it).
    pub largest: u32,
    /// The removals: (variable, bits), by variable.
    pub removals: Vec<(u32, u64)>,
}

/// Every ALS wing whose set has `size` variables and that removes something, by set (in the
/// order of its variables) and pivot.
///
/// # Example
///
/// ```
/// use csp::reasoning::{als, Candidates};
/// use csp::{AllDifferent, Model};
///
/// // a {1, 2}, b {2, 3}, c {3, 4} in one group hold 4 values: an almost locked set. y {1, 4}
/// // sees a (the only place of 1) but not c: 1 is restricted, so 4 is in y or in c, and t,
/// // which sees both, loses 4.
/// let mut model = Model::new();
/// let v = model.new_vars(5, 1..=4)?; // a, b, c, y, t
/// for group in [vec![v[0], v[1], v[2]], vec![v[0], v[3]], vec![v[3], v[4]], vec![v[2], v[4]]] {
///     model.post(AllDifferent::new(group))?;
/// }
/// let mut solver = model.into_solver();
/// for (x, out) in [(0, [3, 4]), (1, [1, 4]), (2, [1, 2]), (3, [2, 3])] {
///     for value in out {
///         solver.remove_value(v[x], value)?;
///     }
/// }
/// let c = Candidates::from_solver(&solver)?;
/// let wing = als::wings(&c, 3).into_iter().next().expect("a wing");
/// assert_eq!((wing.set.clone(), wing.pivot, c.value(wing.bit)), (vec![0, 1, 2], 3, 4));
/// assert_eq!(wing.removals, vec![(4, 1 << 3)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn wings(c: &Candidates, size: usize) -> Vec<AlsWing> {
    let peers = Peers::new(c);
    let n = c.num_vars() as u32;
    let open: Vec<u32> = (0..n).filter(|&l| (2..=size as u32 + 1).contains(&c.mask(l).count_ones())).collect();
    let pivots: Vec<u32> = (0..n).filter(|&l| c.mask(l).count_ones() == 2).collect();
    let mut out = Vec::new();
    let mut set = Vec::with_capacity(size);
    for (i, &first) in open.iter().enumerate() {
        set.push(first);
        grow(c, &peers, &open[i + 1..], size, c.mask(first), &mut set, &mut |set, union| {
            wings_of(c, &peers, &pivots, set, union, &mut out)
        });
        set.pop();
    }
    out
}

/// Extends `set` (pairwise sharing groups, values `union`) from `rest` to `size` variables,
/// calling `found` on each set of `size` variables holding `size + 1` values.
fn grow(
    c: &Candidates,
    peers: &Peers,
    rest: &[u32],
    size: usize,
    union: u64,
    set: &mut Vec<u32>,
    found: &mut dyn FnMut(&[u32], u64),
) {
    if set.len() == size {
        if union.count_ones() as usize == size + 1 {
            found(set, union);
        }
        return;
    }
    for (i, &l) in rest.iter().enumerate() {
        let u = union | c.mask(l);
        if u.count_ones() as usize > size + 1 || !set.iter().all(|&s| peers.sees(s, l)) {
            continue;
        }
        set.push(l);
        grow(c, peers, &rest[i + 1..], size, u, set, found);
        set.pop();
    }
}

/// The wings of the set `set` (values `union`) with each two-valued pivot.
fn wings_of(c: &Candidates, peers: &Peers, pivots: &[u32], set: &[u32], union: u64, out: &mut Vec<AlsWing>) {
    let places = |bit: u32| set.iter().copied().filter(move |&l| c.mask(l) & (1 << bit) != 0);
    let largest = set.iter().map(|&l| c.mask(l).count_ones()).max().unwrap_or(0);
    for &y in pivots {
        let ym = c.mask(y);
        if ym & !union != 0 || set.contains(&y) {
            continue;
        }
        let restricted = |bit: u32| places(bit).all(|l| peers.sees(l, y));
        let [a, b] = [ym.trailing_zeros(), 63 - ym.leading_zeros()];
        let (ra, rb) = (restricted(a), restricted(b));
        if !ra && !rb {
            continue;
        }
        let double = ra && rb;
        // The values to remove, each from the variables outside that see all its places
        // (and the pivot, for `x` and `z`).
        let mut removals: Vec<(u32, u64)> = Vec::new();
        let targets = if double {
            union
        } else if ra {
            1 << b
        } else {
            1 << a
        };
        for bit in bits(targets) {
            let mut seeing: Vec<u32> = places(bit).collect();
            if ym & (1 << bit) != 0 {
                seeing.push(y);
            }
            for t in peers.common(&seeing) {
                if set.contains(&t) || t == y || c.mask(t) & (1 << bit) == 0 {
                    continue;
                }
                match removals.iter_mut().find(|(v, _)| *v == t) {
                    Some((_, m)) => *m |= 1 << bit,
                    None => removals.push((t, 1 << bit)),
                }
            }
        }
        if removals.is_empty() {
            continue;
        }
        removals.sort_unstable();
        let (linked, bit) = if ra { (a, b) } else { (b, a) };
        out.push(AlsWing { set: set.to_vec(), pivot: y, linked, bit, double, largest, removals });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{AllDifferent, Model};

    #[test]
    fn a_set_whose_linked_value_has_a_place_out_of_the_pivots_sight_makes_no_wing() {
        // As in the example, but 1 also in c, which y does not see: 1 is not restricted, and
        // neither is 4 (c holds it and y does not see c).
        let mut model = Model::new();
        let v = model.new_vars(5, 1..=4).unwrap();
        for group in [vec![v[0], v[1], v[2]], vec![v[0], v[3]], vec![v[3], v[4]], vec![v[2], v[4]]] {
            model.post(AllDifferent::new(group)).unwrap();
        }
        let mut solver = model.into_solver();
        for (x, out) in [(0, vec![3, 4]), (1, vec![1, 4]), (2, vec![2]), (3, vec![2, 3])] {
            for value in out {
                solver.remove_value(v[x], value).unwrap();
            }
        }
        let c = Candidates::from_solver(&solver).unwrap();
        assert!(wings(&c, 3).iter().all(|w| w.pivot != 3), "{:?}", wings(&c, 3));
        let peers = Peers::new(&c);
        assert!(peers.sees(0, 3) && !peers.sees(2, 3));
        assert_eq!(peers.common(&[3, 2]), vec![0, 4], "a and t see both y and c");
    }
}

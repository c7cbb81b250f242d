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
//! * **ALS-XZ** (two disjoint sets `A`, `B` inside groups): a value `x` of both whose places in
//!   `A` all share a group with its places in `B` (a *restricted common*) is in at most one of
//!   them; the other then holds all its other values. So any other common value `z` is in `A`
//!   or `B`, and leaves the variables sharing a group with all its places in both. With two
//!   restricted commons each set holds all its values but one of them: both leave the
//!   variables seeing all their places, and each set's other values those seeing theirs.
//! * **ALS-XY-wing** (three sets): `C` shares a restricted common `x` with `A` and `y` with
//!   `B`; `C` lacks at most one value, so holds `x` or `y`, and `A` or `B` holds all its other
//!   values: a value `z` of both `A` and `B` leaves the variables seeing all its places there.
//!
//! The variables of a wing's set need not all lie in one group: in a Sudoku, two cells of a
//! box and one of a row through it are pairwise in a group. The sets of ALS-XZ and ALS-XY-wings
//! lie in one group each (one to four variables; one variable with two values is a set too).
//! All of it holds for any all-different groups.

use super::candidates::{bits, Candidates};

/// For each variable, the variables sharing a group with it, as a bit set.
#[derive(Clone, Debug)]
pub struct Peers {
    /// The number of variables.
    n: usize,
    /// Words per variable.
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
        Peers { n, words, bits }
    }

    /// Whether local variables `a` and `b` (different) share a group.
    #[inline]
    pub fn sees(&self, a: u32, b: u32) -> bool {
        self.bits[a as usize * self.words + b as usize / 64] & (1 << (b % 64)) != 0
    }

    /// The variables sharing a group with `a`, as a bit set (words of 64 variables).
    pub(crate) fn row(&self, a: u32) -> &[u64] {
        &self.bits[a as usize * self.words..(a as usize + 1) * self.words]
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
        out.retain(|&v| (v as usize) < self.n && !vars.contains(&v));
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
/// use logic::{als, Candidates};
/// use csp::Model;
/// use csp::constraints::AllDifferent;
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
    let limit = size as u32 + 1;
    // The variables that may be in a set, as a bit set.
    let mut open = vec![0u64; peers.words];
    for l in (0..n).filter(|&l| (2..=limit).contains(&c.mask(l).count_ones())) {
        open[l as usize / 64] |= 1 << (l % 64);
    }
    let pivots: Vec<u32> = (0..n).filter(|&l| c.mask(l).count_ones() == 2).collect();
    let mut out = Vec::new();
    let mut search = Search { c, peers: &peers, size, layers: vec![open; size + 1], set: Vec::with_capacity(size) };
    search.grow(0, &mut |set, union| wings_of(c, &peers, &pivots, set, union, &mut out));
    out
}

/// The depth-first enumeration of sets.
struct Search<'a> {
    c: &'a Candidates,
    peers: &'a Peers,
    size: usize,
    /// The variables that may extend the set at each depth: open, after the last one taken
    /// at that depth, and sharing a group with every one taken before.
    layers: Vec<Vec<u64>>,
    set: Vec<u32>,
}

impl Search<'_> {
    /// Extends the set (values `union`) from the layer of its depth to `size` variables,
    /// calling `found` on each set of `size` variables holding `size + 1` values.
    fn grow(&mut self, union: u64, found: &mut dyn FnMut(&[u32], u64)) {
        let depth = self.set.len();
        if depth == self.size {
            if union.count_ones() as usize == self.size + 1 {
                found(&self.set, union);
            }
            return;
        }
        let words = self.peers.words;
        for w in 0..words {
            loop {
                let word = self.layers[depth][w];
                if word == 0 {
                    break;
                }
                // Taken or skipped, `l` leaves this layer: the sets with it come now.
                self.layers[depth][w] &= word - 1;
                let l = (w * 64) as u32 + word.trailing_zeros();
                let u = union | self.c.mask(l);
                if u.count_ones() as usize > self.size + 1 {
                    continue;
                }
                let row = &self.peers.bits[l as usize * words..(l as usize + 1) * words];
                let (before, after) = self.layers.split_at_mut(depth + 1);
                for (i, next) in after[0].iter_mut().enumerate() {
                    *next = before[depth][i] & row[i];
                }
                self.set.push(l);
                self.grow(u, found);
                self.set.pop();
            }
        }
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

/// An almost locked set inside one group: `vars` (increasing) hold `values`, one more than
/// there are variables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Set {
    /// The variables (local indices, increasing).
    pub vars: Vec<u32>,
    /// Their values, as bits.
    pub values: u64,
}

/// An ALS-XZ (two sets) or ALS-XY-wing (three, the pivot set last) and what it removes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AlsChain {
    /// The sets: `A`, `B` (and the pivot set `C` of an XY-wing).
    pub sets: Vec<Set>,
    /// The restricted commons: of `A` and `B` (one or two) for an ALS-XZ; of `A` and `C`, then
    /// of `B` and `C`, for an XY-wing. As bits.
    pub linked: Vec<u32>,
    /// The removals: (variable, bits), by variable.
    pub removals: Vec<(u32, u64)>,
}

/// A set with, for each value, the variables that share a group with all its places in it.
struct Indexed {
    set: Set,
    /// The set's variables, as a bit set.
    cells: Vec<u64>,
    /// For bit `b` of the set's values, at `b * words`: the variables seeing all its places.
    seen: Vec<u64>,
}

/// The almost locked sets of one to `max` variables, each inside some group, indexed.
fn indexed_sets(c: &Candidates, peers: &Peers, max: usize) -> Vec<Indexed> {
    let words = peers.words;
    let mut found: Vec<Set> = Vec::new();
    let mut set = Vec::with_capacity(max);
    for g in c.groups() {
        let open: Vec<u32> = g.vars.iter().copied().filter(|&l| c.mask(l).count_ones() >= 2).collect();
        subsets_of(c, &open, max, 0, &mut set, &mut found);
    }
    found.sort_by(|a, b| a.vars.cmp(&b.vars));
    found.dedup();
    found
        .into_iter()
        .map(|set| {
            let mut cells = vec![0u64; words];
            for &l in &set.vars {
                cells[l as usize / 64] |= 1 << (l % 64);
            }
            let width = 64 - set.values.leading_zeros() as usize;
            let mut seen = vec![0u64; width * words];
            for b in bits(set.values) {
                let row = &mut seen[b as usize * words..(b as usize + 1) * words];
                row.fill(!0);
                for &l in set.vars.iter().filter(|&&l| c.mask(l) & (1 << b) != 0) {
                    for (r, p) in row.iter_mut().zip(&peers.bits[l as usize * words..]) {
                        *r &= p;
                    }
                }
            }
            Indexed { set, cells, seen }
        })
        .collect()
}

/// Adds to `found` every almost locked set of up to `max` variables extending `set` by `open`.
pub(crate) fn subsets_of(
    c: &Candidates,
    open: &[u32],
    max: usize,
    union: u64,
    set: &mut Vec<u32>,
    found: &mut Vec<Set>,
) {
    for (i, &l) in open.iter().enumerate() {
        let u = union | c.mask(l);
        if u.count_ones() as usize > max + 1 {
            continue;
        }
        set.push(l);
        if u.count_ones() as usize == set.len() + 1 {
            let mut vars = set.clone();
            vars.sort_unstable();
            found.push(Set { vars, values: u });
        }
        if set.len() < max {
            subsets_of(c, &open[i + 1..], max, u, set, found);
        }
        set.pop();
    }
}

impl Indexed {
    fn seen(&self, bit: u32, words: usize) -> &[u64] {
        &self.seen[bit as usize * words..(bit as usize + 1) * words]
    }

    fn disjoint(&self, other: &Indexed) -> bool {
        self.cells.iter().zip(&other.cells).all(|(a, b)| a & b == 0)
    }

    /// Whether `bit` is a restricted common of the two sets: in both, every place in one
    /// sharing a group with every place in the other.
    fn restricted(&self, other: &Indexed, bit: u32, c: &Candidates, words: usize) -> bool {
        let seen = self.seen(bit, words);
        self.set.values & other.set.values & (1 << bit) != 0
            && other
                .set
                .vars
                .iter()
                .filter(|&&l| c.mask(l) & (1 << bit) != 0)
                .all(|&l| seen[l as usize / 64] & (1 << (l % 64)) != 0)
    }
}

/// Adds to `removals` `bit` from every variable with it that sees all its places in `sets`.
fn remove_seeing(c: &Candidates, words: usize, sets: &[&Indexed], bit: u32, removals: &mut Vec<(u32, u64)>) {
    for w in 0..words {
        let mut word = sets.iter().fold(!0u64, |acc, s| acc & s.seen(bit, words)[w]);
        while word != 0 {
            let l = (w * 64) as u32 + word.trailing_zeros();
            word &= word - 1;
            if (l as usize) < c.num_vars() && c.mask(l) & (1 << bit) != 0 {
                match removals.iter_mut().find(|(v, _)| *v == l) {
                    Some((_, m)) => *m |= 1 << bit,
                    None => removals.push((l, 1 << bit)),
                }
            }
        }
    }
}

/// Every ALS-XZ of sets of up to `max` variables that removes something.
///
/// # Example
///
/// ```
/// use logic::{als, Candidates};
/// use csp::Model;
/// use csp::constraints::AllDifferent;
///
/// // A = {a {1, 2}, b {2, 3}} (a group with t) and B = {d {1, 3}} (in groups with b and with
/// // t). 3 is restricted (its places b and d share a group), so 1 is in a or in d, and t,
/// // which sees both, loses it.
/// let mut model = Model::new();
/// let v = model.new_vars(4, 1..=4)?; // a, b, d, t
/// for group in [vec![v[0], v[1], v[3]], vec![v[1], v[2]], vec![v[2], v[3]]] {
///     model.post(AllDifferent::new(group))?;
/// }
/// let mut solver = model.into_solver();
/// for (x, out) in [(0, [3, 4]), (1, [1, 4]), (2, [2, 4])] {
///     for value in out {
///         solver.remove_value(v[x], value)?;
///     }
/// }
/// let c = Candidates::from_solver(&solver)?;
/// let all = als::xz(&c, 2);
/// let xz = all.iter().find(|x| x.sets[0].vars == [0, 1]).expect("A and B");
/// assert_eq!((xz.sets[1].vars.clone(), c.value(xz.linked[0])), (vec![2], 3));
/// assert_eq!(xz.removals, vec![(3, 0b1)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn xz(c: &Candidates, max: usize) -> Vec<AlsChain> {
    let peers = Peers::new(c);
    let words = peers.words;
    let sets = indexed_sets(c, &peers, max);
    let mut out = Vec::new();
    for (i, a) in sets.iter().enumerate() {
        for b in &sets[i + 1..] {
            let common = a.set.values & b.set.values;
            if common.count_ones() < 2 || !a.disjoint(b) {
                continue;
            }
            let linked: Vec<u32> = bits(common).filter(|&x| a.restricted(b, x, c, words)).take(2).collect();
            let mut removals = Vec::new();
            match linked.len() {
                0 => continue,
                1 => {
                    for z in bits(common & !(1 << linked[0])) {
                        remove_seeing(c, words, &[a, b], z, &mut removals);
                    }
                }
                _ => {
                    for x in &linked {
                        remove_seeing(c, words, &[a, b], *x, &mut removals);
                    }
                    let rest = !((1u64 << linked[0]) | (1 << linked[1]));
                    for s in [a, b] {
                        for v in bits(s.set.values & rest) {
                            remove_seeing(c, words, &[s], v, &mut removals);
                        }
                    }
                }
            }
            if !removals.is_empty() {
                removals.sort_unstable();
                out.push(AlsChain { sets: vec![a.set.clone(), b.set.clone()], linked, removals });
            }
        }
    }
    out
}

/// Every ALS-XY-wing of sets of up to `max` variables that removes something.
pub fn xy_wings(c: &Candidates, max: usize) -> Vec<AlsChain> {
    let peers = Peers::new(c);
    let words = peers.words;
    let sets = indexed_sets(c, &peers, max);
    let mut out = Vec::new();
    let mut partners: Vec<(usize, u32)> = Vec::new();
    for (k, pivot) in sets.iter().enumerate() {
        partners.clear();
        for (i, s) in sets.iter().enumerate() {
            if i != k && s.disjoint(pivot) {
                partners.extend(
                    bits(s.set.values & pivot.set.values).filter(|&x| s.restricted(pivot, x, c, words)).map(|x| (i, x)),
                );
            }
        }
        for (p, &(i, x)) in partners.iter().enumerate() {
            for &(j, y) in &partners[p + 1..] {
                let (a, b) = (&sets[i], &sets[j]);
                if i == j || x == y || !a.disjoint(b) {
                    continue;
                }
                let mut removals = Vec::new();
                for z in bits(a.set.values & b.set.values & !((1 << x) | (1 << y))) {
                    remove_seeing(c, words, &[a, b], z, &mut removals);
                }
                if !removals.is_empty() {
                    removals.sort_unstable();
                    out.push(AlsChain {
                        sets: vec![a.set.clone(), b.set.clone(), pivot.set.clone()],
                        linked: vec![x, y],
                        removals,
                    });
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use csp::constraints::AllDifferent;
    use csp::Model;

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

    #[test]
    fn the_sets_are_those_of_brute_force() {
        // Random 9x9 candidate states; every triple of open cells pairwise sharing a unit and
        // holding four digits is the set of a wing exactly when some pivot makes one.
        let mut found = 0;
        for seed in 0..30 {
            let (mut solver, v) = crate::sudoku_grid();
            let mut rng = csp::branching::Rng::new(seed);
            for &x in &v {
                for value in 1..=9 {
                    if rng.below(10) < 6 {
                        let _ = solver.remove_value(x, value);
                    }
                }
            }
            let Ok(c) = Candidates::from_solver(&solver) else { continue };
            let got = wings(&c, 3);
            let peers = Peers::new(&c);
            let pivots: Vec<u32> = (0..81).filter(|&l| c.mask(l).count_ones() == 2).collect();
            let mut want = Vec::new();
            let open: Vec<u32> = (0..81).filter(|&l| (2..=4).contains(&c.mask(l).count_ones())).collect();
            for (i, &a) in open.iter().enumerate() {
                for (j, &b) in open.iter().enumerate().skip(i + 1) {
                    for &d in &open[j + 1..] {
                        let union = c.mask(a) | c.mask(b) | c.mask(d);
                        if peers.sees(a, b) && peers.sees(a, d) && peers.sees(b, d) && union.count_ones() == 4 {
                            wings_of(&c, &peers, &pivots, &[a, b, d], union, &mut want);
                        }
                    }
                }
            }
            found += want.len();
            assert_eq!(got, want, "seed {seed}");
        }
        assert!(found > 20, "{found} wings");
    }
}

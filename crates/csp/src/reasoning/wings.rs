//! Wings: a pivot variable and two pincers that share a group with it, whose domains force a
//! value into one of the pincers.
//!
//! * **XY-wing**: the pivot holds `{x, y}`, one pincer `{x, z}`, the other `{y, z}`, each
//!   pincer sharing a group with the pivot. Whatever the pivot takes, one pincer loses its
//!   first value and takes `z`; so every variable that shares a group with both pincers
//!   loses `z`.
//! * **XYZ-wing**: the same with a pivot holding `{x, y, z}`: the pivot or a pincer takes `z`,
//!   so every variable sharing a group with all three loses `z`.
//!
//! Both are short chains through two-valued variables, named on their own because a person
//! spots them as a pattern. They hold for any all-different groups.

use super::candidates::Candidates;

/// A wing and what it removes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wing {
    /// The pivot (local index).
    pub pivot: u32,
    /// The two pincers (local indices).
    pub pincers: [u32; 2],
    /// The value forced into a pincer (or the pivot, for an XYZ-wing), as a bit.
    pub bit: u32,
    /// Whether the pivot holds three values (an XYZ-wing) rather than two.
    pub xyz: bool,
    /// The variables that lose the value (local indices, increasing).
    pub removals: Vec<u32>,
}

/// Whether local variables `a` and `b` share a group.
pub fn sees(c: &Candidates, a: u32, b: u32) -> bool {
    a != b && c.groups_of(a).iter().any(|g| c.groups_of(b).contains(g))
}

/// Every XY-wing (`xyz == false`) or XYZ-wing (`xyz == true`) that removes something, by
/// pivot.
///
/// # Example
///
/// ```
/// use csp::reasoning::{wings, Candidates};
/// use csp::{AllDifferent, Model};
///
/// // p = {1, 2} with pincers a = {1, 3} (row with p) and b = {2, 3} (column with p);
/// // q shares a group with both pincers and holds 3, so it loses 3.
/// let mut model = Model::new();
/// let v = model.new_vars(4, 1..=4)?; // p, a, b, q
/// for pair in [[0, 1], [0, 2], [1, 3], [2, 3]] {
///     model.post(AllDifferent::new(vec![v[pair[0]], v[pair[1]]]))?;
/// }
/// let mut solver = model.into_solver();
/// for (x, out) in [(0, [3, 4]), (1, [2, 4]), (2, [1, 4])] {
///     for value in out {
///         solver.remove_value(v[x], value)?;
///     }
/// }
/// let c = Candidates::from_solver(&solver)?;
/// let wing = wings::find(&c, false).into_iter().next().expect("an XY-wing");
/// assert_eq!((wing.pivot, c.value(wing.bit), wing.removals.clone()), (0, 3, vec![3]));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn find(c: &Candidates, xyz: bool) -> Vec<Wing> {
    let mut out = Vec::new();
    let n = c.num_vars() as u32;
    let size = if xyz { 3 } else { 2 };
    let mut peers: Vec<u32> = Vec::new();
    for pivot in 0..n {
        let pm = c.mask(pivot);
        if pm.count_ones() != size {
            continue;
        }
        // The pivot's peers with two values, both but one of them the pivot's.
        peers.clear();
        for &g in c.groups_of(pivot) {
            for &l in &c.groups()[g as usize].vars {
                let m = c.mask(l);
                if l != pivot && m.count_ones() == 2 && !peers.contains(&l) {
                    let shared = (m & pm).count_ones();
                    if (!xyz && shared == 1) || (xyz && shared == 2) {
                        peers.push(l);
                    }
                }
            }
        }
        for (i, &a) in peers.iter().enumerate() {
            for &b in &peers[i + 1..] {
                let (ma, mb) = (c.mask(a), c.mask(b));
                let z = ma & mb;
                if z.count_ones() != 1 || (ma | mb | pm) != (pm | z) || ma == mb {
                    continue;
                }
                if xyz && pm & z == 0 {
                    continue;
                }
                if !xyz && pm & z != 0 {
                    continue;
                }
                let bit = z.trailing_zeros();
                let removals: Vec<u32> = (0..n)
                    .filter(|&l| {
                        l != pivot
                            && l != a
                            && l != b
                            && c.mask(l) & z != 0
                            && sees(c, l, a)
                            && sees(c, l, b)
                            && (!xyz || sees(c, l, pivot))
                    })
                    .collect();
                if !removals.is_empty() {
                    out.push(Wing { pivot, pincers: [a, b], bit, xyz, removals });
                }
            }
        }
    }
    out
}

/// A *bent set*: `vars`, as many as the values their domains hold between them, with every
/// value but one *restricted* (its places among `vars` pairwise share a group, so it is taken
/// at most once there). `n` variables need `n` different values, from `n` values of which
/// `n - 1` are taken at most once: the last one, `z`, is taken too, so every variable that
/// shares a group with all of `z`'s places in the set loses it. XY- and XYZ-wings are bent
/// sets of three, WXYZ-wings of four.
///
/// Returns `z`'s bit if `vars` (distinct, open) form a bent set.
///
/// # Example
///
/// ```
/// use csp::reasoning::{wings, Candidates};
/// use csp::{AllDifferent, Model};
///
/// // a {1, 2} and b {2, 3} share a group, b and c {3, 4} too, d {4, 1} shares one with c:
/// // 2, 3 and 4 are restricted, 1 (in a and d, which do not see each other) is free.
/// let mut model = Model::new();
/// let v = model.new_vars(4, 1..=4)?;
/// for pair in [[0, 1], [1, 2], [2, 3]] {
///     model.post(AllDifferent::new(vec![v[pair[0]], v[pair[1]]]))?;
/// }
/// let mut solver = model.into_solver();
/// for (x, out) in [(0, [3, 4]), (1, [1, 4]), (2, [1, 2]), (3, [2, 3])] {
///     for value in out {
///         solver.remove_value(v[x], value)?;
///     }
/// }
/// let c = Candidates::from_solver(&solver)?;
/// assert_eq!(wings::bent_value(&c, &[0, 1, 2, 3]).map(|b| c.value(b)), Some(1));
/// assert!(wings::sees(&c, 0, 1) && !wings::sees(&c, 0, 3));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn bent_value(c: &Candidates, vars: &[u32]) -> Option<u32> {
    let union = vars.iter().fold(0u64, |m, &l| m | c.mask(l));
    if union.count_ones() as usize != vars.len() || vars.iter().any(|&l| c.mask(l).count_ones() < 2) {
        return None;
    }
    let mut free = None;
    for bit in super::candidates::bits(union) {
        let places: Vec<u32> = vars.iter().copied().filter(|&l| c.mask(l) & (1 << bit) != 0).collect();
        let restricted = places.iter().enumerate().all(|(i, &a)| places[i + 1..].iter().all(|&b| sees(c, a, b)));
        if !restricted {
            if free.is_some() {
                return None;
            }
            free = Some(bit);
        }
    }
    free
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{AllDifferent, Model};

    #[test]
    fn a_wing_is_a_bent_set_of_three_and_a_subset_is_not_bent() {
        // p {1, 2} sees a {1, 3} and b {2, 3}; a and b do not see each other.
        let mut model = Model::new();
        let v = model.new_vars(3, 1..=3).unwrap();
        model.post(AllDifferent::new(vec![v[0], v[1]])).unwrap();
        model.post(AllDifferent::new(vec![v[0], v[2]])).unwrap();
        let mut solver = model.into_solver();
        for (x, value) in [(0, 3), (1, 2), (2, 1)] {
            solver.remove_value(v[x], value).unwrap();
        }
        let c = Candidates::from_solver(&solver).unwrap();
        assert_eq!(bent_value(&c, &[0, 1, 2]), Some(2), "3 is the free value");
        assert_eq!(bent_value(&c, &[0, 1]), None, "two cells, three values");
        assert!(find(&c, false).is_empty(), "no cell sees both pincers");
        // All three in one group: every value restricted, a naked triple, not bent.
        let mut model = Model::new();
        let v = model.new_vars(3, 1..=3).unwrap();
        model.post(AllDifferent::new(v.clone())).unwrap();
        let c = Candidates::from_solver(&model.into_solver()).unwrap();
        assert_eq!(bent_value(&c, &[0, 1, 2]), None);
    }
}

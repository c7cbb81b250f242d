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
//! spots them as a pattern. They hold for any all-different groups. Larger wings (WXYZ and
//! up) are almost locked sets with a two-valued variable: [`als`](super::als).

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
/// use logic::{wings, Candidates};
/// use csp::Model;
/// use csp::constraints::AllDifferent;
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

#[cfg(test)]
mod tests {
    use super::*;
    use csp::constraints::AllDifferent;
    use csp::Model;

    #[test]
    fn pincers_that_no_cell_sees_both_of_make_no_wing() {
        // p {1, 2} sees a {1, 3} and b {2, 3}; a and b do not see each other, and no other
        // variable sees both.
        let mut model = Model::new();
        let v = model.new_vars(3, 1..=3).unwrap();
        model.post(AllDifferent::new(vec![v[0], v[1]])).unwrap();
        model.post(AllDifferent::new(vec![v[0], v[2]])).unwrap();
        let mut solver = model.into_solver();
        for (x, value) in [(0, 3), (1, 2), (2, 1)] {
            solver.remove_value(v[x], value).unwrap();
        }
        let c = Candidates::from_solver(&solver).unwrap();
        assert!(sees(&c, 0, 1) && sees(&c, 0, 2) && !sees(&c, 1, 2));
        assert!(find(&c, false).is_empty(), "no cell sees both pincers");
    }
}

//! The bivalue universal grave with several variables holding more than two values: BUG types
//! 3 and 4.
//!
//! [`uniqueness`](super::uniqueness) explains the grave: when every open variable holds two
//! values and each value lies in none or two open variables of each group, the problem has no
//! solution or at least two. So when a few variables (the *BUG variables*) hold more, and
//! keeping two values in each (their *kept* values, the others their *extra* values) would
//! leave a grave, a problem known to have one solution has a BUG variable taking an extra
//! value. When the BUG variables all lie in one group `G`:
//!
//! * **type 3**: one of them takes a value of their extra values `Z` (a *virtual* variable
//!   holding `Z`); with `m` other variables of `G` whose values and `Z` are `m + 1` values, the
//!   virtual variable and those `m` take all `m + 1` of them, and the rest of `G` loses them
//!   (a naked subset);
//! * **type 4**: there are two, `e` and `f`, both keeping `x`, and `x` has no place in `G` but
//!   `e` and `f` (a tight group): one of them takes `x`, so the other takes an extra value, and
//!   neither takes its other kept value.
//!
//! Which values are kept does not matter for soundness: any choice that leaves a grave gives
//! the argument; every such choice is tried.
//!
//! **Soundness.** As for [`uniqueness`](super::uniqueness): only for a problem known to have at
//! most one solution whose only constraints are its groups.

use super::candidates::{bits, Candidates};
use super::uniqueness::is_grave_with;

/// The most BUG variables tried, and the most values each may hold (the choices of kept
/// values grow as `C(values, 2)` to the power of the variables).
const MAX_BUG_VARS: usize = 3;
const MAX_BUG_VALUES: u32 = 4;

/// A BUG of type 3 or 4 and what it removes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BugGroup {
    /// 3 or 4.
    pub kind: u8,
    /// The BUG variables, holding more than two values (local indices, increasing).
    pub vars: Vec<u32>,
    /// Their extra values (all of them), as bits: one of `vars` takes one of them.
    pub extra: u64,
    /// The group holding every BUG variable (index into [`Candidates::groups`]).
    pub group: u32,
    /// Type 3: the other variables of the naked subset (local indices, increasing); empty for
    /// type 4.
    pub subset: Vec<u32>,
    /// Type 3: the values of the subset; type 4: the value with no place in the group but the
    /// two BUG variables.
    pub values: u64,
    /// Each variable that loses values, with the bits it loses.
    pub removals: Vec<(u32, u64)>,
}

/// Every choice of kept values (two per BUG variable, in the order of `vars`) that leaves a
/// grave.
fn graves(c: &Candidates, vars: &[u32]) -> Vec<Vec<u64>> {
    let options: Vec<Vec<u64>> = vars
        .iter()
        .map(|&l| {
            let m = c.mask(l);
            let b: Vec<u32> = bits(m).collect();
            let mut pairs = Vec::new();
            for i in 0..b.len() {
                for j in i + 1..b.len() {
                    pairs.push((1u64 << b[i]) | (1u64 << b[j]));
                }
            }
            pairs
        })
        .collect();
    let mut out = Vec::new();
    let mut choice = vec![0usize; vars.len()];
    loop {
        let kept: Vec<u64> = choice.iter().zip(&options).map(|(&i, o)| o[i]).collect();
        let mask = |l: u32| vars.iter().position(|&v| v == l).map_or(c.mask(l), |i| kept[i]);
        if is_grave_with(c, mask) {
            out.push(kept);
        }
        // The next choice, as an odometer.
        let Some(i) = (0..vars.len()).find(|&i| choice[i] + 1 < options[i].len()) else { break };
        choice[i] += 1;
        choice[..i].iter_mut().for_each(|x| *x = 0);
    }
    out
}

/// Every BUG of type 3 or 4 that removes something, type 4 first (sound only under the
/// premises of the [module](self) docs). Empty unless every open variable holds two values
/// but two or three, holding at most four, which share a group.
///
/// # Example
///
/// ```
/// use logic::{grave, Candidates};
/// use csp::Model;
/// use csp::constraints::AllDifferent;
///
/// // Two rows of five over 1..=5, each column (two cells) all-different too. Both rows hold
/// // {1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 1}: a grave. Add 1 to the third cell of row 2 and 2 to
/// // the fourth: one of them takes its extra value. 4 has no other place in row 2 (type 4):
/// // one of them is 4, so the third is not 3 and the fourth not 5.
/// let mut model = Model::new();
/// let v = model.new_vars(10, 1..=5)?;
/// let group = |g: &[usize]| AllDifferent::new(g.iter().map(|&i| v[i]).collect::<Vec<_>>());
/// for g in [&[0, 1, 2, 3, 4][..], &[5, 6, 7, 8, 9], &[0, 5], &[1, 6], &[2, 7], &[3, 8], &[4, 9]] {
///     model.post(group(g))?;
/// }
/// let mut solver = model.into_solver();
/// let pairs: [&[i32]; 5] = [&[1, 2], &[2, 3], &[3, 4], &[4, 5], &[5, 1]];
/// for i in 0..10 {
///     let extra = [(7, 1), (8, 2)].iter().find(|&&(j, _)| j == i).map(|&(_, x)| x);
///     for x in (1..=5).filter(|x| !pairs[i % 5].contains(x) && Some(*x) != extra) {
///         solver.remove_value(v[i], x)?;
///     }
/// }
/// let c = Candidates::from_solver(&solver)?;
/// let b = grave::find(&c).into_iter().next().expect("BUG type 4");
/// assert_eq!((b.kind, c.value(b.values.trailing_zeros())), (4, 4));
/// assert_eq!(b.removals, [(7, 0b00100), (8, 0b10000)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn find(c: &Candidates) -> Vec<BugGroup> {
    let mut vars = Vec::new();
    for l in 0..c.num_vars() as u32 {
        match c.mask(l).count_ones() {
            0 => return Vec::new(),
            1 | 2 => {}
            n if n <= MAX_BUG_VALUES && vars.len() < MAX_BUG_VARS => vars.push(l),
            _ => return Vec::new(),
        }
    }
    if vars.len() < 2 {
        return Vec::new();
    }
    let common: Vec<u32> = c
        .groups_of(vars[0])
        .iter()
        .copied()
        .filter(|&g| vars[1..].iter().all(|&v| c.groups_of(v).contains(&g)))
        .collect();
    if common.is_empty() {
        return Vec::new();
    }
    let mut fours = Vec::new();
    let mut threes = Vec::new();
    for kept in graves(c, &vars) {
        let extra = vars.iter().zip(&kept).fold(0, |z, (&l, &k)| z | (c.mask(l) & !k));
        for &g in &common {
            if let ([e, f], [ke, kf]) = (&vars[..], &kept[..]) {
                fours.extend(type_4(c, g, [*e, *f], [*ke, *kf], extra));
            }
            threes.extend(type_3(c, g, &vars, extra));
        }
    }
    fours.extend(threes);
    fours.dedup();
    fours
}

/// Type 4 in group `g`: a value kept by both `e` and `f` with no other place there.
fn type_4(c: &Candidates, g: u32, [e, f]: [u32; 2], [ke, kf]: [u64; 2], extra: u64) -> Vec<BugGroup> {
    let group = &c.groups()[g as usize];
    if !group.tight {
        return Vec::new();
    }
    bits(ke & kf)
        .filter(|&u| group.vars.iter().all(|&l| l == e || l == f || c.mask(l) & (1 << u) == 0))
        .map(|u| {
            let x = 1u64 << u;
            BugGroup {
                kind: 4,
                vars: vec![e, f],
                extra,
                group: g,
                subset: Vec::new(),
                values: x,
                removals: vec![(e, ke & !x), (f, kf & !x)],
            }
        })
        .collect()
}

/// Type 3 in group `g`: the first naked subset of each size (1 to 3 other variables) with the
/// extra values `extra` that removes something.
fn type_3(c: &Candidates, g: u32, vars: &[u32], extra: u64) -> Vec<BugGroup> {
    super::subsets::with_extra_values(c, g, vars, extra)
        .into_iter()
        .map(|s| BugGroup {
            kind: 3,
            vars: vars.to_vec(),
            extra,
            group: g,
            subset: s.vars,
            values: s.values,
            removals: s.removals,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use csp::constraints::AllDifferent;
    use csp::Model;

    /// Two rows of five over 1..=5 (columns of two all-different): both rows hold {1, 2},
    /// {2, 3}, {3, 4}, {4, 5}, {5, 1}, and `extra` adds values to cells of row 2.
    fn rows(extra: &[(usize, i32)]) -> Candidates {
        let mut model = Model::new();
        let v = model.new_vars(10, 1..=5).unwrap();
        let group = |g: &[usize]| AllDifferent::new(g.iter().map(|&i| v[i]).collect::<Vec<_>>());
        for g in [&[0, 1, 2, 3, 4][..], &[5, 6, 7, 8, 9], &[0, 5], &[1, 6], &[2, 7], &[3, 8], &[4, 9]] {
            model.post(group(g)).unwrap();
        }
        let mut solver = model.into_solver();
        let pairs: [&[i32]; 5] = [&[1, 2], &[2, 3], &[3, 4], &[4, 5], &[5, 1]];
        for i in 0..10 {
            for x in (1..=5).filter(|&x| !pairs[i % 5].contains(&x) && !extra.contains(&(i, x))) {
                solver.remove_value(v[i], x).unwrap();
            }
        }
        Candidates::from_solver(&solver).unwrap()
    }

    #[test]
    fn bug_type_3_joins_the_extra_values_to_a_naked_subset() {
        // Extras 1 (r2, third cell) and 2 (fourth): the virtual cell {1, 2} and the first cell
        // {1, 2} are a naked pair of row 2; the second and fifth cells lose 2 and 1.
        let c = rows(&[(7, 1), (8, 2)]);
        let found = find(&c);
        let three: Vec<&BugGroup> = found.iter().filter(|b| b.kind == 3).collect();
        // The pair first (then a triple with the second cell).
        assert_eq!(three.len(), 2, "{found:?}");
        let b = three[0];
        assert_eq!((b.vars.as_slice(), b.subset.as_slice(), b.values, b.extra), (&[7, 8][..], &[5][..], 0b11, 0b11));
        assert_eq!(b.removals, [(6, 0b11), (9, 0b11)]);
    }

    #[test]
    fn a_bug_needs_a_grave_and_its_cells_in_one_group() {
        // Extras in cells of different rows and columns: no common group.
        assert!(find(&rows(&[(2, 1), (8, 2)])).is_empty());
        // One BUG cell is BUG+1, not type 3 or 4.
        assert!(find(&rows(&[(7, 1)])).is_empty());
    }
}

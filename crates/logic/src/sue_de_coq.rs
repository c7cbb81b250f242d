//! Sue de Coq: two groups that share variables, and locked sets on each side of the overlap.
//!
//! Take two groups `L` and `B` (a row and a box) and, in their overlap, a set `C` of two or
//! three open variables holding values `V` between them, at least `|C| + 2` of them. Add a set
//! `S` of variables of `L` outside `B` and a set `T` of variables of `B` outside `L`, holding
//! values `V_S` and `V_T` with no value in common. If the values of `C`, `S` and `T` together
//! are exactly as many as the variables, every one of them is taken there: the variables are
//! pairwise different (two of `C ∪ S` share `L`, two of `C ∪ T` share `B`, and one of `S` and
//! one of `T` have no value in common), so they take as many different values as there are.
//! A value of `V_S` is then taken in `C ∪ S`, inside `L`; a value of `V_T` in `C ∪ T`, inside
//! `B`; any other (only in `C`) inside both. So the rest of `L` loses every value but those of
//! `V_T`, and the rest of `B` every value but those of `V_S`.
//!
//! The argument needs only that `L` and `B` are all-different: it holds for any groups, tight
//! or not.

use super::candidates::Candidates;

/// The largest set tried on each side of the overlap (`S` and `T` in the module docs).
const MAX_SIDE: usize = 3;

/// A Sue de Coq and what it removes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SueDeCoq {
    /// The two groups (indices into [`Candidates::groups`]): the first of the first family
    /// passed to [`find`], the second of the second.
    pub groups: [u32; 2],
    /// The variables of the overlap (`C`), local indices, increasing.
    pub core: Vec<u32>,
    /// The variables of the first group outside the second (`S`), then those of the second
    /// outside the first (`T`).
    pub sides: [Vec<u32>; 2],
    /// The values of `C`, of `S` and of `T`, as bits.
    pub values: [u64; 3],
    /// Each variable that loses values, with the bits it loses.
    pub removals: Vec<(u32, u64)>,
}

/// The subsets of `vars` of one to [`MAX_SIDE`] variables whose values meet `core`, each with
/// its values and how many of `core` it takes (its variables minus its values outside).
fn sides(c: &Candidates, vars: &[u32], core: u64) -> Vec<(Vec<u32>, u64, usize)> {
    let mut out = Vec::new();
    for k in 1..=MAX_SIDE.min(vars.len()) {
        super::subsets::combinations(vars, k, &mut Vec::with_capacity(k), &mut |set: &[u32]| {
            let m = set.iter().fold(0, |m, &l| m | c.mask(l));
            let outside = (m & !core).count_ones() as usize;
            if m & core != 0 && outside < k {
                out.push((set.to_vec(), m, k - outside));
            }
        });
    }
    out
}

/// Every Sue de Coq between a group of family `first` and a group of family `second` (indices
/// into [`Candidates::families`]) that removes something; with `first_only`, the first found.
fn search(c: &Candidates, first: usize, second: usize, first_only: bool) -> Vec<SueDeCoq> {
    let mut out = Vec::new();
    let open = |l: &u32| c.fixed_bit(*l).is_none();
    for &g in &c.families()[first] {
        for &h in &c.families()[second] {
            let (gv, hv) = (&c.groups()[g as usize].vars, &c.groups()[h as usize].vars);
            let overlap: Vec<u32> = gv.iter().copied().filter(|l| hv.contains(l) && open(l)).collect();
            if overlap.len() < 2 || g == h {
                continue;
            }
            let rest_g: Vec<u32> = gv.iter().copied().filter(|l| !hv.contains(l) && open(l)).collect();
            let rest_h: Vec<u32> = hv.iter().copied().filter(|l| !gv.contains(l) && open(l)).collect();
            for size in 2..=overlap.len().min(3) {
                let mut cores = Vec::new();
                super::subsets::combinations(&overlap, size, &mut Vec::new(), &mut |s: &[u32]| cores.push(s.to_vec()));
                for core in cores {
                    let v = core.iter().fold(0, |m, &l| m | c.mask(l));
                    // The sides must take `need` of the core's values, at most `MAX_SIDE` each.
                    let need = (v.count_ones() as usize).saturating_sub(size);
                    if !(2..=2 * MAX_SIDE).contains(&need) {
                        continue;
                    }
                    let (left, right) = (sides(c, &rest_g, v), sides(c, &rest_h, v));
                    for (s, vs, ns) in &left {
                        for (t, vt, nt) in &right {
                            if ns + nt != need || vs & vt != 0 {
                                continue;
                            }
                            let all = v | vs | vt;
                            let mut removals: Vec<(u32, u64)> = Vec::new();
                            for (vars, set, keep) in [(gv, s, *vt), (hv, t, *vs)] {
                                for &l in vars.iter().filter(|l| open(l) && !core.contains(l) && !set.contains(l)) {
                                    let lose = c.mask(l) & all & !keep;
                                    if lose == 0 {
                                        continue;
                                    }
                                    match removals.iter_mut().find(|(x, _)| *x == l) {
                                        Some((_, m)) => *m |= lose,
                                        None => removals.push((l, lose)),
                                    }
                                }
                            }
                            if removals.is_empty() {
                                continue;
                            }
                            removals.sort_unstable();
                            out.push(SueDeCoq {
                                groups: [g, h],
                                core: core.clone(),
                                sides: [s.clone(), t.clone()],
                                values: [v, *vs, *vt],
                                removals,
                            });
                            if first_only {
                                return out;
                            }
                        }
                    }
                }
            }
        }
    }
    out
}

/// Every Sue de Coq between a group of family `first` and one of family `second` (indices into
/// [`Candidates::families`]: rows and boxes, say) that removes something, with sets of at most
/// three variables on each side. Sound for any all-different groups (see the [module](self)
/// docs).
///
/// # Complexity
///
/// For each pair of groups sharing `s` open variables, each core of two or three of them
/// holding at most eight values more than itself, every pair of subsets of up to three of the
/// `r` other open variables on either side: `O(s^3 r^6)` mask operations per pair of groups.
/// Cheap for 9x9 Sudoku (`r` = 6); on larger grids with many open cells the sides grow fast.
///
/// # Example
///
/// ```
/// use logic::{sue_de_coq, Candidates};
/// use csp::Model;
/// use csp::constraints::AllDifferent;
///
/// // A "row" r0..r5 and a "box" r0, r1, b2..b5 over 1..=6, sharing r0 and r1, which hold
/// // {1, 2, 3, 4}. r2 holds {1, 2} (row side), b2 {3, 4} (box side): four cells, four values.
/// // So 1 and 2 leave the rest of the row, 3 and 4 the rest of the box.
/// let mut model = Model::new();
/// let v = model.new_vars(10, 1..=6)?; // r0..r5, then b2..b5
/// model.post(AllDifferent::new(v[0..6].to_vec()))?;
/// model.post(AllDifferent::new(vec![v[0], v[1], v[6], v[7], v[8], v[9]]))?;
/// let mut solver = model.into_solver();
/// for (i, keep) in [(0, &[1, 2, 3, 4][..]), (1, &[1, 2, 3, 4]), (2, &[1, 2]), (6, &[3, 4])] {
///     for x in (1..=6).filter(|x| !keep.contains(x)) {
///         solver.remove_value(v[i], x)?;
///     }
/// }
/// let c = Candidates::from_solver(&solver)?;
/// // Groups come in families of disjoint groups, in the order posted: the row, then the box.
/// let s = sue_de_coq::find(&c, 0, 1).into_iter().next().expect("a Sue de Coq");
/// assert_eq!((s.core.as_slice(), s.sides.clone()), (&[0, 1][..], [vec![2], vec![6]]));
/// // r3 loses 1 and 2 (bits 0 and 1); b3 loses 3 and 4.
/// assert!(s.removals.contains(&(3, 0b0011)) && s.removals.contains(&(7, 0b1100)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn find(c: &Candidates, first: usize, second: usize) -> Vec<SueDeCoq> {
    search(c, first, second, false)
}

/// The first Sue de Coq [`find`] would give, found without looking further.
pub fn find_first(c: &Candidates, first: usize, second: usize) -> Option<SueDeCoq> {
    search(c, first, second, true).into_iter().next()
}

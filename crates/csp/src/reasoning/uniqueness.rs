//! Deductions that assume the problem has exactly one solution: deadly rectangles and the
//! bivalue universal grave (BUG).
//!
//! Both rest on a *swap*: a pattern of domains under which any solution can be changed into a
//! second one. If the problem is known to have a single solution, the pattern cannot be
//! completed, and that removes values.
//!
//! * **Rectangle**: four variables `a, b, c, d`, coloured `a, d` and `b, c`, such that every
//!   group that meets them meets exactly one of each colour. If all four took values in
//!   `{x, y}`, the colours would split them (`a = d = x`, `b = c = y` or the reverse), and
//!   swapping `x` and `y` on the four would keep every group all-different: two solutions.
//!   So when three of them hold exactly `{x, y}`, the fourth loses `x` and `y` (type 1); when
//!   two hold exactly `{x, y}` and the other two `{x, y, z}`, one of those takes `z`, and every
//!   variable sharing a group with both loses it (type 2).
//! * **BUG**: if every open variable held two values and every value appeared in none or two
//!   of each group's open variables, then in each group the open variables and their values
//!   would form a union of even cycles, and giving every variable its *other* value would be
//!   a second solution. So when one variable holds three values and taking one of them, `v`,
//!   away would leave that pattern, the variable takes `v` (BUG+1).
//!
//! **Soundness.** These are *not* consequences of the constraints: they are sound only when
//! the caller knows that the problem has at most one solution, and that its solutions are
//! exactly the assignments, within the original domains, that keep every group all-different
//! (no constraint other than the groups restricts the variables). A caller that has not
//! proven both must not use this module.

use super::candidates::{bits, Candidates};
use super::wings::sees;

/// A deadly rectangle and what it removes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rectangle {
    /// The four variables (local indices), in the order `a, b, d, c`: around the rectangle.
    pub vars: [u32; 4],
    /// The two values `x, y`, as bits.
    pub values: u64,
    /// 1 or 2 (see the module docs).
    pub kind: u8,
    /// Each variable that loses values, with the bits it loses.
    pub removals: Vec<(u32, u64)>,
}

/// Whether local `v` is in group `g`.
fn in_group(c: &Candidates, v: u32, g: u32) -> bool {
    c.groups_of(v).contains(&g)
}

/// Whether every group meeting `[a, b, c, d]` meets exactly one of `a, d` and one of `b, c`.
fn swappable(c: &Candidates, [a, b, cc, d]: [u32; 4]) -> bool {
    [a, b, cc, d].iter().all(|&v| {
        c.groups_of(v).iter().all(|&g| {
            let zero = u32::from(in_group(c, a, g)) + u32::from(in_group(c, d, g));
            let one = u32::from(in_group(c, b, g)) + u32::from(in_group(c, cc, g));
            zero == 1 && one == 1
        })
    })
}

/// Every deadly rectangle of type 1 or 2 that removes something (sound only under the
/// premises of the [module](self) docs).
///
/// # Example
///
/// ```
/// use csp::reasoning::{uniqueness, Candidates};
/// use csp::{AllDifferent, Model};
///
/// // A 2x2 square, rows and columns all-different: a b / c d. Three cells hold {1, 2}, d
/// // holds {1, 2, 3}: if d took 1 or 2 the square would have two solutions, so d = 3.
/// let mut model = Model::new();
/// let v = model.new_vars(4, 1..=3)?;
/// for pair in [[0, 1], [2, 3], [0, 2], [1, 3]] {
///     model.post(AllDifferent::new(vec![v[pair[0]], v[pair[1]]]))?;
/// }
/// let mut solver = model.into_solver();
/// for x in &v[..3] {
///     solver.remove_value(*x, 3)?;
/// }
/// let c = Candidates::from_solver(&solver)?;
/// let r = uniqueness::rectangles(&c).into_iter().next().expect("a rectangle");
/// assert_eq!((r.kind, r.removals.clone()), (1, vec![(3, 0b011)]));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn rectangles(c: &Candidates) -> Vec<Rectangle> {
    let mut out: Vec<Rectangle> = Vec::new();
    let n = c.num_vars() as u32;
    for a in 0..n {
        let xy = c.mask(a);
        if xy.count_ones() != 2 {
            continue;
        }
        let holds = |l: u32| c.mask(l) & xy == xy;
        for &ga in c.groups_of(a) {
            for &b in &c.groups()[ga as usize].vars {
                if b == a || !holds(b) {
                    continue;
                }
                for &gc in c.groups_of(a) {
                    if in_group(c, b, gc) {
                        continue;
                    }
                    for &cc in &c.groups()[gc as usize].vars {
                        if cc == a || !holds(cc) || sees(c, b, cc) {
                            continue;
                        }
                        for &gd in c.groups_of(b) {
                            for &d in &c.groups()[gd as usize].vars {
                                if d == a || d == b || d == cc || !holds(d) || !sees(c, d, cc) {
                                    continue;
                                }
                                let vars = [a, b, d, cc];
                                if !swappable(c, [a, b, cc, d]) {
                                    continue;
                                }
                                let mut sorted = vars;
                                sorted.sort_unstable();
                                if out.iter().any(|r| {
                                    let mut s = r.vars;
                                    s.sort_unstable();
                                    s == sorted && r.values == xy
                                }) {
                                    continue;
                                }
                                if let Some(r) = deduce(c, vars, xy) {
                                    out.push(r);
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    out
}

/// What a swappable rectangle on `xy` removes, if it is of type 1 or 2.
fn deduce(c: &Candidates, vars: [u32; 4], xy: u64) -> Option<Rectangle> {
    let extra: Vec<u32> = vars.iter().copied().filter(|&l| c.mask(l) != xy).collect();
    match extra[..] {
        [e] => Some(Rectangle { vars, values: xy, kind: 1, removals: vec![(e, xy)] }),
        [e, f] => {
            let z = c.mask(e) & !xy;
            if z.count_ones() != 1 || c.mask(f) & !xy != z {
                return None;
            }
            let removals: Vec<(u32, u64)> = (0..c.num_vars() as u32)
                .filter(|&l| !vars.contains(&l) && c.mask(l) & z != 0 && sees(c, l, e) && sees(c, l, f))
                .map(|l| (l, z))
                .collect();
            (!removals.is_empty()).then_some(Rectangle { vars, values: xy, kind: 2, removals })
        }
        _ => None,
    }
}

/// The BUG+1 deduction, if the candidates allow it: the one variable with three values, and
/// the value it must take (sound only under the premises of the [module](self) docs).
///
/// # Example
///
/// ```
/// use csp::reasoning::{uniqueness, Candidates};
/// use csp::{AllDifferent, Model};
///
/// // A 2x2 square, rows and columns all-different: three cells hold {1, 2}, the last one
/// // {1, 2, 3}. Without 3 it would be a grave with two solutions: it takes 3.
/// let mut model = Model::new();
/// let v = model.new_vars(4, 1..=3)?;
/// for pair in [[0, 1], [2, 3], [0, 2], [1, 3]] {
///     model.post(AllDifferent::new(vec![v[pair[0]], v[pair[1]]]))?;
/// }
/// let mut solver = model.into_solver();
/// for x in &v[..3] {
///     solver.remove_value(*x, 3)?;
/// }
/// let c = Candidates::from_solver(&solver)?;
/// let (var, bit) = uniqueness::bug(&c).expect("BUG+1");
/// assert_eq!((var, c.value(bit)), (3, 3));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn bug(c: &Candidates) -> Option<(u32, u32)> {
    let n = c.num_vars() as u32;
    let mut three = None;
    for l in 0..n {
        match c.mask(l).count_ones() {
            0 => return None,
            1 | 2 => {}
            3 if three.is_none() => three = Some(l),
            _ => return None,
        }
    }
    let t = three?;
    let m = c.mask(t);
    bits(m).find(|&b| is_grave(c, t, m & !(1 << b))).map(|b| (t, b))
}

/// Whether the candidates, with `t`'s domain replaced by `tm`, are a bivalue universal grave:
/// every open variable holds two values, and in every group each value lies in none or two
/// open variables and no fixed one.
fn is_grave(c: &Candidates, t: u32, tm: u64) -> bool {
    let mask = |l: u32| if l == t { tm } else { c.mask(l) };
    c.groups().iter().all(|group| {
        let (mut once, mut twice, mut more, mut fixed) = (0u64, 0u64, 0u64, 0u64);
        for &l in &group.vars {
            let m = mask(l);
            if m.count_ones() == 1 {
                fixed |= m;
                continue;
            }
            more |= twice & m;
            twice |= once & m;
            once |= m;
        }
        more == 0 && once == twice && once & fixed == 0
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{AllDifferent, Model, Solver, VarId};

    /// A 2x2 square (rows and columns all-different) over 1..=3 with the given values
    /// removed from each cell.
    fn square(removed: [&[i32]; 4]) -> (Solver, Vec<VarId>) {
        let mut model = Model::new();
        let v = model.new_vars(4, 1..=3).unwrap();
        for pair in [[0, 1], [2, 3], [0, 2], [1, 3]] {
            model.post(AllDifferent::new(vec![v[pair[0]], v[pair[1]]])).unwrap();
        }
        let mut solver = model.into_solver();
        for (x, values) in v.iter().zip(removed) {
            for &value in values {
                solver.remove_value(*x, value).unwrap();
            }
        }
        (solver, v)
    }

    #[test]
    fn bug_plus_one_places_the_value_that_breaks_the_grave() {
        let (solver, _) = square([&[3], &[3], &[3], &[]]);
        let c = Candidates::from_solver(&solver).unwrap();
        assert_eq!(bug(&c), Some((3, 2)));
        // Two cells with three values: no BUG+1.
        let (solver, _) = square([&[3], &[3], &[], &[]]);
        assert_eq!(bug(&Candidates::from_solver(&solver).unwrap()), None);
    }

    #[test]
    fn a_rectangle_needs_every_group_to_meet_both_colours() {
        // Type 2: a, b hold {1, 2}; c, d hold {1, 2, 3}, and nothing else sees both.
        let (solver, _) = square([&[3], &[3], &[], &[]]);
        let c = Candidates::from_solver(&solver).unwrap();
        assert!(rectangles(&c).is_empty(), "no third cell to lose 3");
        // Four cells in one group are not a rectangle.
        let mut model = Model::new();
        let v = model.new_vars(4, 1..=4).unwrap();
        model.post(AllDifferent::new(v.clone())).unwrap();
        let mut solver = model.into_solver();
        for x in &v[..3] {
            solver.remove_value(*x, 3).unwrap();
            solver.remove_value(*x, 4).unwrap();
        }
        assert!(rectangles(&Candidates::from_solver(&solver).unwrap()).is_empty());
    }
}

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
//!   variable sharing a group with both loses it (type 2). When two hold exactly `{x, y}` and
//!   the other two, `e` and `f`, share a group `G`: one of `e`, `f` takes a value of their
//!   extra values `Z`, so with `m` other variables of `G` whose values and `Z` are `m + 1`
//!   values, they form a naked subset and the rest of `G` loses those values (type 3); if
//!   `x` has no place in `G` but `e` and `f`, one of them takes `x`, so neither can take `y`
//!   (type 4). When the corners that hold more values all hold exactly `{x, y, z}`, and they
//!   are three, or two that share no group (diagonal), one of them takes `z`, and every variable
//!   sharing a group with all of them loses it (type 5). When two diagonal corners `a, d` hold
//!   exactly `{x, y}` and `x` has, in two groups through the other two corners (one through
//!   `a`, one through `d`), no place but the rectangle's corners: were `b` (or `c`) `x`, `a`
//!   and `d` would be `y` and `c` (or `b`) `x`, the deadly pattern; so `b` and `c` lose `x`
//!   (type 6). A *hidden* rectangle: `a` holds exactly `{x, y}` and `x` has, in a group of the
//!   opposite corner `d` with each of its neighbours, no place but `d` and that neighbour;
//!   `d = y` would force both neighbours to `x` and `a` to `y`, so `d` loses `y`.
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
    /// 1 to 6, or 0 for a hidden rectangle (see the module docs).
    pub kind: u8,
    /// Type 3: the variables that form a subset with the two corners holding more values
    /// (local indices, increasing); empty for the other types.
    pub subset: Vec<u32>,
    /// Type 3: the group of the subset (index into [`Candidates::groups`]); types 4, 6 and a
    /// hidden rectangle: a group of the strong link; `None` for types 1, 2 and 5.
    pub group: Option<u32>,
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

/// Every deadly rectangle of types 1 to 6, or hidden, that removes something (sound only under the
/// premises of the [module](self) docs).
///
/// # Example
///
/// ```
/// use logic::{uniqueness, Candidates};
/// use csp::Model;
/// use csp::constraints::AllDifferent;
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
    let mut seen: Vec<([u32; 4], u64)> = Vec::new();
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
                                if seen.contains(&(sorted, xy)) {
                                    continue;
                                }
                                seen.push((sorted, xy));
                                out.extend(deduce(c, vars, xy));
                            }
                        }
                    }
                }
            }
        }
    }
    out
}

/// What a swappable rectangle on `xy` (`vars` around it) removes: types 1 to 6 and hidden
/// rectangles, each that removes something.
fn deduce(c: &Candidates, vars: [u32; 4], xy: u64) -> Vec<Rectangle> {
    let mut out = Vec::new();
    let rect = |kind, subset, group, removals| Rectangle { vars, values: xy, kind, subset, group, removals };
    let extra: Vec<u32> = vars.iter().copied().filter(|&l| c.mask(l) != xy).collect();
    // Types 2 and 5: the corners holding more hold one more value, the same; one takes it.
    let z = extra.first().map_or(0, |&e| c.mask(e) & !xy);
    if (2..=3).contains(&extra.len()) && z.count_ones() == 1 && extra.iter().all(|&e| c.mask(e) == xy | z) {
        let removals: Vec<(u32, u64)> = (0..c.num_vars() as u32)
            .filter(|&l| !vars.contains(&l) && c.mask(l) & z != 0 && extra.iter().all(|&e| sees(c, l, e)))
            .map(|l| (l, z))
            .collect();
        let kind = if extra.len() == 2 && sees(c, extra[0], extra[1]) { 2 } else { 5 };
        if !removals.is_empty() {
            out.push(rect(kind, Vec::new(), None, removals));
        }
    }
    out.extend(type_6(c, vars, xy));
    match extra[..] {
        [e] => out.push(rect(1, Vec::new(), None, vec![(e, xy)])),
        [e, f] => {
            for &g in c.groups_of(e).iter().filter(|&&g| in_group(c, f, g)) {
                out.extend(type_3(c, vars, xy, [e, f], g));
                let group = &c.groups()[g as usize];
                if !group.tight {
                    continue;
                }
                for u in bits(xy) {
                    let w = xy & !(1 << u);
                    let only_ef = group.vars.iter().all(|&l| l == e || l == f || c.mask(l) & (1 << u) == 0);
                    if only_ef {
                        out.push(rect(4, Vec::new(), Some(g), vec![(e, w), (f, w)]));
                    }
                }
            }
        }
        _ => {}
    }
    // Hidden rectangles, from each corner holding exactly `{x, y}`.
    for i in 0..4 {
        let (a, d) = (vars[i], vars[(i + 2) % 4]);
        if c.mask(a) != xy || c.mask(d) == xy {
            continue;
        }
        let (b, cc) = (vars[(i + 1) % 4], vars[(i + 3) % 4]);
        for u in bits(xy) {
            let w = xy & !(1 << u);
            let link = |n: u32| {
                c.groups_of(d).iter().copied().find(|&g| {
                    in_group(c, n, g)
                        && c.groups()[g as usize].tight
                        && c.groups()[g as usize].vars.iter().all(|&l| l == d || l == n || c.mask(l) & (1 << u) == 0)
                })
            };
            if let (Some(g), Some(_)) = (link(b), link(cc)) {
                out.push(rect(0, Vec::new(), Some(g), vec![(d, w)]));
            }
        }
    }
    out
}

/// Type 6 rectangles of `xy` (`vars` around it): two opposite corners hold exactly `{x, y}`,
/// and `x` has, in a tight group through each of them and one other corner (two parallel
/// sides), no place but those corners; the other two corners lose `x`.
fn type_6(c: &Candidates, vars: [u32; 4], xy: u64) -> Vec<Rectangle> {
    let mut out = Vec::new();
    for i in 0..2 {
        let (a, b, d, cc) = (vars[i], vars[i + 1], vars[(i + 2) % 4], vars[(i + 3) % 4]);
        if c.mask(a) != xy || c.mask(d) != xy || (c.mask(b) == xy && c.mask(cc) == xy) {
            continue;
        }
        for u in bits(xy) {
            let x = 1u64 << u;
            // A tight group holding `p` and `q` where `x` has no other place.
            let side = |p: u32, q: u32| {
                c.groups_of(p).iter().copied().find(|&g| {
                    let group = &c.groups()[g as usize];
                    group.tight
                        && in_group(c, q, g)
                        && group.vars.iter().all(|&l| l == p || l == q || c.mask(l) & x == 0)
                })
            };
            // The two pairs of parallel sides: (a, b) with (d, c), and (a, c) with (d, b).
            for [(p, q), (r, s)] in [[(a, b), (d, cc)], [(a, cc), (d, b)]] {
                if let (Some(g), Some(_)) = (side(p, q), side(r, s)) {
                    let removals: Vec<(u32, u64)> = [b, cc].into_iter().map(|l| (l, x)).collect();
                    out.push(Rectangle { vars, values: xy, kind: 6, subset: Vec::new(), group: Some(g), removals });
                }
            }
        }
    }
    out
}

/// Type 3 rectangles of `xy` through the corners `[e, f]` holding more values, in their
/// group `g`: the first subset of each size (1 to 3 other variables) that removes something.
fn type_3(c: &Candidates, vars: [u32; 4], xy: u64, [e, f]: [u32; 2], g: u32) -> Vec<Rectangle> {
    let z = (c.mask(e) | c.mask(f)) & !xy;
    super::subsets::with_extra_values(c, g, &vars, z)
        .into_iter()
        .map(|s| Rectangle { vars, values: xy, kind: 3, subset: s.vars, group: Some(g), removals: s.removals })
        .collect()
}

/// The BUG+1 deduction, if the candidates allow it: the one variable with three values, and
/// the value it must take (sound only under the premises of the [module](self) docs).
///
/// # Example
///
/// ```
/// use logic::{uniqueness, Candidates};
/// use csp::Model;
/// use csp::constraints::AllDifferent;
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

/// Whether the candidates, with `t`'s domain replaced by `tm`, are a bivalue universal grave
/// (see [`is_grave_with`]).
fn is_grave(c: &Candidates, t: u32, tm: u64) -> bool {
    is_grave_with(c, |l| if l == t { tm } else { c.mask(l) })
}

/// Whether the domains `mask` are a bivalue universal grave: every open variable holds two
/// values, and in every group each value lies in none or two open variables and no fixed one.
pub(super) fn is_grave_with(c: &Candidates, mask: impl Fn(u32) -> u64) -> bool {
    c.groups().iter().all(|group| {
        let (mut once, mut twice, mut more, mut fixed) = (0u64, 0u64, 0u64, 0u64);
        for &l in &group.vars {
            let m = mask(l);
            if m.count_ones() == 1 {
                fixed |= m;
                continue;
            }
            if m.count_ones() != 2 {
                return false;
            }
            more |= twice & m;
            twice |= once & m;
            once |= m;
        }
        more == 0 && once == twice && once & fixed == 0
    })
}

/// BUG type 2 ([`bug_type_2`]): the variables holding a third value, the value, and the
/// variables that lose it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BugExtra {
    /// The variables holding three values (local indices, increasing).
    pub vars: Vec<u32>,
    /// The extra value, as a bit: without it in `vars` the candidates would be a grave.
    pub bit: u32,
    /// The variables that lose it (they share a group with every variable of `vars`).
    pub removals: Vec<u32>,
}

/// BUG type 2 (sound only under the premises of the [module](self) docs): every open
/// variable holds two values but a few, which hold three, one of them the same value `z`
/// in all; without `z` there they would be a grave, so one of them takes `z`, and every
/// variable sharing a group with all of them loses it. `None` if the candidates are not
/// such, or nothing loses `z`.
///
/// # Example
///
/// ```
/// use logic::{uniqueness, Candidates};
/// use csp::Model;
/// use csp::constraints::AllDifferent;
///
/// // Two rows a b e g / c d f h over 1..=4, columns all-different too. a, b hold {1, 2};
/// // e, g, f, h {3, 4}; c, d {1, 2, 3}. Without 3 in c and d every value would have two places
/// // in each row and column: a grave. So one of c, d is 3, and f, h (in their row) lose 3.
/// let mut model = Model::new();
/// let v = model.new_vars(8, 1..=4)?; // a b e g c d f h
/// let group = |g: &[usize]| AllDifferent::new(g.iter().map(|&i| v[i]).collect::<Vec<_>>());
/// for g in [&[0, 1, 2, 3][..], &[4, 5, 6, 7], &[0, 4], &[1, 5], &[2, 6], &[3, 7]] {
///     model.post(group(g))?;
/// }
/// let mut solver = model.into_solver();
/// for (i, values) in [(0, &[3, 4][..]), (1, &[3, 4]), (2, &[1, 2]), (3, &[1, 2]), (4, &[4]), (5, &[4]), (6, &[1, 2]), (7, &[1, 2])] {
///     for &x in values {
///         solver.remove_value(v[i], x)?;
///     }
/// }
/// let c = Candidates::from_solver(&solver)?;
/// let b = uniqueness::bug_type_2(&c).expect("BUG type 2");
/// assert_eq!((b.vars.as_slice(), c.value(b.bit), b.removals.as_slice()), ([4, 5].as_slice(), 3, [6, 7].as_slice()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn bug_type_2(c: &Candidates) -> Option<BugExtra> {
    let n = c.num_vars() as u32;
    let mut vars = Vec::new();
    let mut common = u64::MAX;
    for l in 0..n {
        match c.mask(l).count_ones() {
            0 => return None,
            1 | 2 => {}
            3 => {
                vars.push(l);
                common &= c.mask(l);
            }
            _ => return None,
        }
    }
    if vars.len() < 2 {
        return None;
    }
    bits(common).find_map(|bit| {
        let without = |l: u32| if vars.contains(&l) { c.mask(l) & !(1 << bit) } else { c.mask(l) };
        if !is_grave_with(c, without) {
            return None;
        }
        let removals: Vec<u32> = (0..n)
            .filter(|&l| !vars.contains(&l) && c.mask(l) & (1 << bit) != 0 && c.fixed_bit(l).is_none())
            .filter(|&l| vars.iter().all(|&v| sees(c, l, v)))
            .collect();
        (!removals.is_empty()).then(|| BugExtra { vars: vars.clone(), bit, removals })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use csp::constraints::AllDifferent;
    use csp::{Model, Solver, VarId};

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

//! Short single-value chains built from *strong links*: a tight group in which a value has
//! exactly two places (one of them takes it).
//!
//! * [`two_links`]: two strong links `o1 = e1` and `o2 = e2` whose ends `e1` and `e2` share a
//!   group (a weak link): one of `o1`, `o2` takes the value (were neither to, `e1` and `e2`
//!   both would), so a variable sharing a group with both loses it. Sudoku names these by
//!   the units involved: skyscraper, 2-string kite, turbot fish.
//! * [`grouped`]: a group `G` whose places of the value all lie in two other groups `R` and
//!   `C` (in neither alone), and a strong link `p = q` with `p` in `R` outside `G`: a variable
//!   `t` of `C` outside `G` that shares a group with `q` loses the value (`t` taking it leaves
//!   `C`'s places in `G` out, `q` out, so `p` takes it and leaves `R`'s places in `G` out:
//!   `G` is left no place). Sudoku calls this an empty rectangle when `G` is a box.
//!
//! Both are single-value chains of two strong links; they are found here directly, by
//! pattern, so that a person's names can be put on them.

use super::candidates::Candidates;
use super::wings::sees;

/// A strong link: in a tight group, the value's only two places.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StrongLink {
    /// The group (index into [`Candidates::groups`]).
    pub group: u32,
    /// The end that shares a group with the other link (`e`), local index.
    pub inner: u32,
    /// The other end (`o`), local index.
    pub outer: u32,
}

/// Two strong links joined at their inner ends ([`two_links`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TwoLinks {
    /// The value's bit.
    pub bit: u32,
    /// The two links.
    pub links: [StrongLink; 2],
    /// A group shared by the inner ends (the weak link).
    pub weak: u32,
    /// The variables that lose the value (local indices, increasing): they share a group
    /// with both outer ends.
    pub removals: Vec<u32>,
}

/// A group emptied through two others and a strong link ([`grouped`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grouped {
    /// The value's bit.
    pub bit: u32,
    /// The group `G` whose places lie in `R` and `C`.
    pub group: u32,
    /// `R`: the group of the link's end `p`.
    pub through: u32,
    /// `C`: the group of the variables that lose the value.
    pub across: u32,
    /// The strong link: `inner` is `p` (in `R`), `outer` is `q`.
    pub link: StrongLink,
    /// The variables that lose the value (local indices, increasing).
    pub removals: Vec<u32>,
}

/// The strong links of value `bit`: tight groups where it has exactly two open places, as
/// `(group, a, b)` with `a < b`.
pub fn strong_links(c: &Candidates, bit: u32) -> Vec<(u32, u32, u32)> {
    let mut out = Vec::new();
    for (g, group) in c.groups().iter().enumerate() {
        if !group.tight || group.values & (1 << bit) == 0 {
            continue;
        }
        let mut places = group.vars.iter().copied().filter(|&l| c.mask(l) & (1 << bit) != 0);
        if let (Some(a), Some(b), None) = (places.next(), places.next(), places.next()) {
            if c.fixed_bit(a).is_none() && c.fixed_bit(b).is_none() {
                out.push((g as u32, a.min(b), a.max(b)));
            }
        }
    }
    out
}

/// The variables with `bit` that share a group with both `a` and `b`, other than the
/// variables of `exclude`, increasing.
fn seeing_both(c: &Candidates, bit: u32, a: u32, b: u32, exclude: &[u32]) -> Vec<u32> {
    let mut out: Vec<u32> = Vec::new();
    for &g in c.groups_of(a) {
        for &l in &c.groups()[g as usize].vars {
            if c.mask(l) & (1 << bit) != 0
                && c.fixed_bit(l).is_none()
                && l != a
                && !exclude.contains(&l)
                && sees(c, l, b)
                && !out.contains(&l)
            {
                out.push(l);
            }
        }
    }
    out.sort_unstable();
    out
}

/// Every pair of strong links of one value joined by a weak link that removes something, by
/// value, then by the links' order in [`strong_links`].
///
/// # Example
///
/// ```
/// use logic::{links, Candidates};
/// use csp::Model;
/// use csp::constraints::AllDifferent;
///
/// // Groups {a, b}, {c, d} hold value 1 twice each (tight); b and d share a group; t shares
/// // one with a and one with c: were t = 1, b and d would both be 1.
/// let mut model = Model::new();
/// let v = model.new_vars(5, 1..=2)?; // a, b, c, d, t
/// for pair in [[0, 1], [2, 3], [1, 3], [4, 0], [4, 2]] {
///     model.post(AllDifferent::new(vec![v[pair[0]], v[pair[1]]]))?;
/// }
/// let c = Candidates::from_solver(&model.into_solver())?;
/// let found = links::two_links(&c);
/// let t = found.iter().find(|t| t.removals == [4]).expect("t loses 1");
/// assert_eq!(c.value(t.bit), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn two_links(c: &Candidates) -> Vec<TwoLinks> {
    let mut out = Vec::new();
    for bit in 0..c.width() {
        let strong = strong_links(c, bit);
        for (i, &(g1, a1, b1)) in strong.iter().enumerate() {
            for &(g2, a2, b2) in &strong[i + 1..] {
                // Two links over the same two places are one link.
                if [a1, b1].contains(&a2) || [a1, b1].contains(&b2) {
                    continue;
                }
                for (e1, o1) in [(a1, b1), (b1, a1)] {
                    for (e2, o2) in [(a2, b2), (b2, a2)] {
                        let Some(&weak) = c.groups_of(e1).iter().find(|g| c.groups_of(e2).contains(g)) else {
                            continue;
                        };
                        let removals = seeing_both(c, bit, o1, o2, &[e1, e2, o2]);
                        if !removals.is_empty() {
                            let links = [
                                StrongLink { group: g1, inner: e1, outer: o1 },
                                StrongLink { group: g2, inner: e2, outer: o2 },
                            ];
                            out.push(TwoLinks { bit, links, weak, removals });
                        }
                    }
                }
            }
        }
    }
    out
}

/// Every group emptied through two others and a strong link that removes something (see the
/// module docs), by value, then group, then the pair of groups, then the link.
pub fn grouped(c: &Candidates) -> Vec<Grouped> {
    let mut out = Vec::new();
    let groups = c.groups();
    for bit in 0..c.width() {
        let strong = strong_links(c, bit);
        if strong.is_empty() {
            continue;
        }
        for (g, group) in groups.iter().enumerate() {
            let g = g as u32;
            if !group.tight {
                continue;
            }
            let places: Vec<u32> = group.vars.iter().copied().filter(|&l| c.mask(l) & (1 << bit) != 0).collect();
            if places.len() < 2 || places.iter().any(|&l| c.fixed_bit(l).is_some()) {
                continue;
            }
            // The groups other than `g` through its places.
            let mut lines: Vec<u32> = Vec::new();
            for &l in &places {
                for &h in c.groups_of(l) {
                    if h != g && !lines.contains(&h) {
                        lines.push(h);
                    }
                }
            }
            lines.sort_unstable();
            let inside = |h: u32, l: u32| groups[h as usize].vars.contains(&l);
            for &r in &lines {
                for &col in &lines {
                    if r == col {
                        continue;
                    }
                    let covered = places.iter().all(|&l| inside(r, l) || inside(col, l));
                    let in_r = places.iter().all(|&l| inside(r, l));
                    let in_c = places.iter().all(|&l| inside(col, l));
                    if !covered || in_r || in_c {
                        continue;
                    }
                    for &(lg, a, b) in &strong {
                        if lg == r || lg == g {
                            continue;
                        }
                        for (p, q) in [(a, b), (b, a)] {
                            if !inside(r, p) || group.vars.contains(&p) || group.vars.contains(&q) {
                                continue;
                            }
                            let removals: Vec<u32> = groups[col as usize]
                                .vars
                                .iter()
                                .copied()
                                .filter(|&t| {
                                    c.mask(t) & (1 << bit) != 0
                                        && c.fixed_bit(t).is_none()
                                        && !group.vars.contains(&t)
                                        && t != p
                                        && t != q
                                        && sees(c, t, q)
                                })
                                .collect();
                            if !removals.is_empty() {
                                let link = StrongLink { group: lg, inner: p, outer: q };
                                out.push(Grouped { bit, group: g, through: r, across: col, link, removals });
                            }
                        }
                    }
                }
            }
        }
    }
    out
}

/// A W-wing ([`w_wings`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct WWing {
    /// The value removed (`x`), as a bit.
    pub bit: u32,
    /// The value of the strong link (`y`), as a bit.
    pub link_bit: u32,
    /// The two variables holding exactly `{x, y}` (local indices, increasing).
    pub ends: [u32; 2],
    /// The strong link of `y`: its `inner` end shares a group with `ends[0]`, its `outer` end
    /// with `ends[1]`.
    pub link: StrongLink,
    /// The variables that lose `x` (local indices, increasing).
    pub removals: Vec<u32>,
}

/// Every W-wing that removes something: two variables `a`, `b` holding exactly the values
/// `{x, y}` that share no group, and a strong link of `y` (its only two places in a tight
/// group) with one end sharing a group with `a` and the other with `b`. Were neither `a` nor
/// `b` to take `x`, both would take `y`, and the link's group would have no place left for
/// it: so one of them takes `x`, and a variable sharing a group with both loses it. By the
/// first end, the second, the value `x`, then the link.
///
/// # Example
///
/// ```
/// use logic::{links, Candidates};
/// use csp::Model;
/// use csp::constraints::AllDifferent;
///
/// // a and b hold {1, 2}; the tight group {p, q} has value 2 in p and q only; a shares a
/// // group with p, b one with q; t (holding 1, 2, 3) shares a group with a and one with b.
/// let mut model = Model::new();
/// let v = model.new_vars(5, 1..=3)?; // a, b, p, q, t
/// let (a, b, p, q, t) = (v[0], v[1], v[2], v[3], v[4]);
/// let group = |x| AllDifferent::new(x);
/// model.post(group(vec![p, q]))?;
/// for pair in [[a, p], [b, q], [t, a], [t, b]] {
///     model.post(group(pair.to_vec()))?;
/// }
/// let mut solver = model.into_solver();
/// for x in [a, b, p, q] {
///     solver.remove_value(x, 3)?;
/// }
/// let c = Candidates::from_solver(&solver)?;
/// let w = links::w_wings(&c).into_iter().next().expect("a W-wing");
/// assert_eq!((c.value(w.bit), w.ends, w.removals.as_slice()), (1, [0, 1], [4].as_slice()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn w_wings(c: &Candidates) -> Vec<WWing> {
    let mut out = Vec::new();
    scan_w_wings(c, &mut |w| {
        out.push(w);
        false
    });
    out
}

/// The first W-wing of [`w_wings`], without listing the others.
pub fn w_wing_first(c: &Candidates) -> Option<WWing> {
    let mut first = None;
    scan_w_wings(c, &mut |w| {
        first = Some(w);
        true
    });
    first
}

/// Calls `f` on every W-wing, in the order of [`w_wings`], until it returns `true`.
fn scan_w_wings(c: &Candidates, f: &mut impl FnMut(WWing) -> bool) {
    let n = c.num_vars() as u32;
    let pairs: Vec<u32> = (0..n).filter(|&l| c.mask(l).count_ones() == 2).collect();
    let mut strong: Vec<Option<Vec<(u32, u32, u32)>>> = vec![None; c.width() as usize];
    for (i, &a) in pairs.iter().enumerate() {
        for &b in &pairs[i + 1..] {
            let xy = c.mask(a);
            if c.mask(b) != xy || sees(c, a, b) {
                continue;
            }
            for x in super::bits(xy) {
                let y = (xy & !(1 << x)).trailing_zeros();
                let removals: Vec<u32> = (0..n)
                    .filter(|&l| l != a && l != b && c.mask(l) & (1 << x) != 0 && c.fixed_bit(l).is_none())
                    .filter(|&l| sees(c, l, a) && sees(c, l, b))
                    .collect();
                if removals.is_empty() {
                    continue;
                }
                let links = strong[y as usize].get_or_insert_with(|| strong_links(c, y));
                for &(group, p, q) in links.iter() {
                    if [p, q].contains(&a) || [p, q].contains(&b) {
                        continue;
                    }
                    for (inner, outer) in [(p, q), (q, p)] {
                        if sees(c, inner, a) && sees(c, outer, b) {
                            let link = StrongLink { group, inner, outer };
                            if f(WWing { bit: x, link_bit: y, ends: [a, b], link, removals: removals.clone() }) {
                                return;
                            }
                            break;
                        }
                    }
                }
            }
        }
    }
}

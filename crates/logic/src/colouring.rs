//! Colouring: two-colouring a graph whose linked nodes cannot both be false (or both true),
//! so that one colour holds the truth.
//!
//! * [`simple`]: the strong links of one value (a tight group where it has exactly two
//!   places: one of them takes it, and only one) join places into chains; colouring each
//!   connected chain in two colours, alternately, one colour takes the value everywhere and
//!   the other nowhere. A variable outside the chain that shares a group with a place of each
//!   colour loses the value (a *colour trap*); two places of one colour sharing a group show
//!   that colour is the false one, and all its places lose the value (a *colour wrap*).
//! * [`remote_pairs`]: variables holding the same two values `{x, y}` and sharing groups
//!   pairwise along a chain alternate `x` and `y`; coloured alternately, one colour takes `x`
//!   and the other `y`, so a variable that shares a group with one of each colour loses both
//!   (Sudoku's remote pairs, for chains of at least four variables).
//!
//! A chain whose colouring is not consistent (an odd cycle) cannot occur in a state that has a
//! solution; such a chain is skipped.

use super::candidates::Candidates;
use super::links::strong_links;
use super::wings::sees;

/// A coloured chain and what it removes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Colouring {
    /// The values removed, as bits (one for [`simple`], the pair for [`remote_pairs`]).
    pub values: u64,
    /// The variables of each colour (local indices, in the order they were coloured from the
    /// first).
    pub colours: [Vec<u32>; 2],
    /// Whether it is a colour wrap (the colour `colours[0]` is false), else a trap.
    pub wrap: bool,
    /// Each variable that loses values, with the bits it loses.
    pub removals: Vec<(u32, u64)>,
}

/// The connected components of the graph on `nodes` with the edges `adjacent`, each
/// two-coloured from its first node (breadth first); `None` for a component with an odd
/// cycle.
fn components(nodes: &[u32], adjacent: impl Fn(u32, u32) -> bool) -> Vec<Option<[Vec<u32>; 2]>> {
    let mut colour: Vec<Option<usize>> = vec![None; nodes.len()];
    let mut out = Vec::new();
    for start in 0..nodes.len() {
        if colour[start].is_some() {
            continue;
        }
        colour[start] = Some(0);
        let mut queue = vec![start];
        let mut members = vec![start];
        let mut odd = false;
        while let Some(i) = queue.pop() {
            let ci = colour[i].unwrap_or(0);
            for j in 0..nodes.len() {
                if j == i || !adjacent(nodes[i], nodes[j]) {
                    continue;
                }
                match colour[j] {
                    None => {
                        colour[j] = Some(1 - ci);
                        queue.insert(0, j);
                        members.push(j);
                    }
                    Some(cj) if cj == ci => odd = true,
                    Some(_) => {}
                }
            }
        }
        let mut sides = [Vec::new(), Vec::new()];
        for &i in &members {
            sides[colour[i].unwrap_or(0)].push(nodes[i]);
        }
        out.push((!odd).then_some(sides));
    }
    out
}

/// The first simple colouring that removes something: by value, then chain (in the order of
/// their first place), a wrap before a trap. Chains of a single strong link are left out
/// (what they remove, locked values already do).
///
/// # Example
///
/// ```
/// use logic::{colouring, Candidates};
/// use csp::Model;
/// use csp::constraints::AllDifferent;
///
/// // a, b, c, d hold {1, 2}, e {1, 2, 3}. Value 1 has two places in each of the groups
/// // {a, b}, {b, c}, {c, d}: a and c take it or b and d do. e shares a group with a and one
/// // with d: it cannot take 1.
/// let mut model = Model::new();
/// let v = model.new_vars(5, 1..=3)?; // a, b, c, d, e
/// for pair in [[0, 1], [1, 2], [2, 3], [4, 0], [4, 3]] {
///     model.post(AllDifferent::new(vec![v[pair[0]], v[pair[1]]]))?;
/// }
/// let mut solver = model.into_solver();
/// for x in &v[..4] {
///     solver.remove_value(*x, 3)?;
/// }
/// let c = Candidates::from_solver(&solver)?;
/// let found = colouring::simple(&c).expect("a colour trap");
/// assert!(!found.wrap);
/// assert!(found.removals.iter().any(|&(l, bits)| l == 4 && bits == 1 << c.bit(1).unwrap()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn simple(c: &Candidates) -> Option<Colouring> {
    for bit in 0..c.width() {
        let strong = strong_links(c, bit);
        if strong.len() < 2 {
            continue;
        }
        let mut nodes: Vec<u32> = strong.iter().flat_map(|&(_, a, b)| [a, b]).collect();
        nodes.sort_unstable();
        nodes.dedup();
        let linked = |a: u32, b: u32| strong.iter().any(|&(_, x, y)| (x, y) == (a.min(b), a.max(b)));
        for sides in components(&nodes, linked).into_iter().flatten() {
            if sides[0].len() + sides[1].len() < 3 {
                continue;
            }
            if let Some(found) = deduce(c, 1 << bit, sides) {
                return Some(found);
            }
        }
    }
    None
}

/// The first remote pairs that remove something: chains of at least four variables holding
/// the same two values, by the first variable, the pair's variables in increasing order.
///
/// # Example
///
/// ```
/// use logic::{colouring, Candidates};
/// use csp::Model;
/// use csp::constraints::AllDifferent;
///
/// // a, b, c, d hold {1, 2} and form the path a - b - c - d; e holds {1, 2, 3} and shares a
/// // group with a and one with d: a and d differ, so e is 3.
/// let mut model = Model::new();
/// let v = model.new_vars(5, 1..=3)?;
/// for pair in [[0, 1], [1, 2], [2, 3], [4, 0], [4, 3]] {
///     model.post(AllDifferent::new(vec![v[pair[0]], v[pair[1]]]))?;
/// }
/// let mut solver = model.into_solver();
/// for x in &v[..4] {
///     solver.remove_value(*x, 3)?;
/// }
/// let c = Candidates::from_solver(&solver)?;
/// let found = colouring::remote_pairs(&c).expect("remote pairs");
/// assert_eq!(found.removals, [(4, 0b011)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn remote_pairs(c: &Candidates) -> Option<Colouring> {
    let n = c.num_vars() as u32;
    let mut pairs: Vec<u64> = (0..n).map(|l| c.mask(l)).filter(|m| m.count_ones() == 2).collect();
    pairs.sort_unstable();
    pairs.dedup();
    let mut best: Option<(u32, Colouring)> = None;
    for xy in pairs {
        let nodes: Vec<u32> = (0..n).filter(|&l| c.mask(l) == xy).collect();
        if nodes.len() < 4 {
            continue;
        }
        for sides in components(&nodes, |a, b| sees(c, a, b)).into_iter().flatten() {
            if sides[0].len() + sides[1].len() < 4 {
                continue;
            }
            let first = sides[0][0];
            if best.as_ref().is_some_and(|(f, _)| *f < first) {
                continue;
            }
            if let Some(found) = deduce(c, xy, sides).filter(|f| !f.wrap) {
                best = Some((first, found));
            }
        }
    }
    best.map(|(_, found)| found)
}

/// What a colouring of the places of `values` removes: a wrap (two places of one colour
/// share a group: that colour loses `values`), else a trap (the variables outside the chain
/// that hold one of `values` and share a group with a place of each colour lose them).
fn deduce(c: &Candidates, values: u64, sides: [Vec<u32>; 2]) -> Option<Colouring> {
    for (i, side) in sides.iter().enumerate() {
        let clash = side.iter().enumerate().any(|(j, &a)| side[j + 1..].iter().any(|&b| sees(c, a, b)));
        if clash {
            let removals = side.iter().map(|&l| (l, values)).collect();
            let colours = if i == 0 { sides } else { [sides[1].clone(), sides[0].clone()] };
            return Some(Colouring { values, colours, wrap: true, removals });
        }
    }
    let removals: Vec<(u32, u64)> = (0..c.num_vars() as u32)
        .filter(|&l| c.mask(l) & values != 0 && c.fixed_bit(l).is_none())
        .filter(|l| !sides[0].contains(l) && !sides[1].contains(l))
        .filter(|&l| sides[0].iter().any(|&a| sees(c, l, a)) && sides[1].iter().any(|&b| sees(c, l, b)))
        .map(|l| (l, values))
        .collect();
    (!removals.is_empty()).then_some(Colouring { values, colours: sides, wrap: false, removals })
}

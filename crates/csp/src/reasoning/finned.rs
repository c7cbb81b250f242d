//! Finned fish: a fish ([`fish`](super::fish)) but for a few places of the value, the *fins*,
//! that all lie in one group.
//!
//! Take `k` pairwise disjoint tight groups holding value `v` (the bases) and `k` pairwise
//! disjoint groups of another family (the covers) that hold every place of `v` in the bases
//! but the fins. Either a fin takes `v`, or none does and the bases' `v` fill the covers, as
//! in a fish. Either way a variable of the covers, outside the bases, that shares a group with
//! every fin loses `v`. With rows and columns of a grid as bases and covers, and the fins in
//! one box, this is the finned X-wing, swordfish or jellyfish; *sashimi* when a base keeps
//! fewer than two places once its fins are left out (the fish without its fins would not be
//! one).

use super::candidates::Candidates;
use super::subsets::combinations;
use super::wings::sees;

/// A finned fish and what it removes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FinnedFish {
    /// The value's bit.
    pub bit: u32,
    /// The base groups, in increasing order.
    pub bases: Vec<u32>,
    /// The cover groups, in increasing order.
    pub covers: Vec<u32>,
    /// The places of the value in the bases inside the covers (local indices, increasing).
    pub places: Vec<u32>,
    /// The places of the value in the bases outside the covers (local indices, increasing).
    pub fins: Vec<u32>,
    /// Whether a base keeps fewer than two places without its fins.
    pub sashimi: bool,
    /// The variables that lose the value (local indices, increasing).
    pub removals: Vec<u32>,
}

/// The most covers a base set may need beyond `k` (the fins' groups of the cover family):
/// fins that share a group with a target of the covers lie, on a grid, in at most two columns
/// besides a cover.
const EXTRA_COVERS: u32 = 2;

/// The first finned fish of size `k` (2 to 4; none for other sizes) with bases from family
/// `base_family` and covers from family `cover_family` that removes something: by value, then
/// set of bases (in the order of [`combinations`]), then set of covers. A fish without fins is
/// not one ([`fish::find_first`](super::fish::find_first) finds those).
///
/// # Example
///
/// ```
/// use csp::reasoning::{finned, Candidates};
/// use csp::{AllDifferent, Model};
///
/// // A 4x4 Latin square with 2x2 boxes (rows, then columns, then boxes). Value 1 in row 0
/// // only in columns 0 and 3; in row 2 in columns 0, 2 and 3: a fin at r2c2, in box 3, which
/// // r3c3 sees: r3c3 (column 3, outside rows 0 and 2) loses 1.
/// let mut model = Model::new();
/// let v = model.new_vars(16, 1..=4)?;
/// let at = |r: usize, c: usize| v[r * 4 + c];
/// for i in 0..4 {
///     model.post(AllDifferent::new((0..4).map(|j| at(i, j)).collect::<Vec<_>>()))?;
/// }
/// for j in 0..4 {
///     model.post(AllDifferent::new((0..4).map(|i| at(i, j)).collect::<Vec<_>>()))?;
/// }
/// for b in 0..4 {
///     let cells = (0..4).map(|k| at(b / 2 * 2 + k / 2, b % 2 * 2 + k % 2)).collect::<Vec<_>>();
///     model.post(AllDifferent::new(cells))?;
/// }
/// let mut solver = model.into_solver();
/// for (r, c) in [(0, 1), (0, 2), (2, 1)] {
///     solver.remove_value(at(r, c), 1)?;
/// }
/// let c = Candidates::from_solver(&solver)?;
/// let f = finned::find_first(&c, 0, 1, 2).expect("a finned X-wing");
/// assert_eq!((f.fins.as_slice(), f.removals.as_slice()), ([10].as_slice(), [15].as_slice()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Panics
///
/// Panics if a family index is out of range.
pub fn find_first(c: &Candidates, base_family: usize, cover_family: usize, k: usize) -> Option<FinnedFish> {
    if !(2..=4).contains(&k) || base_family == cover_family {
        return None;
    }
    let groups = c.groups();
    for bit in 0..c.width() {
        let bases: Vec<u32> = c.families()[base_family]
            .iter()
            .copied()
            .filter(|&g| {
                let group = &groups[g as usize];
                group.tight
                    && group.values & (1 << bit) != 0
                    && group.vars.iter().all(|&l| c.mask(l) != 1 << bit)
                    && group.vars.iter().filter(|&&l| c.mask(l) & (1 << bit) != 0).count() >= 2
            })
            .collect();
        if bases.len() < k {
            continue;
        }
        let mut chosen = Vec::with_capacity(k);
        let mut found = None;
        combinations(&bases, k, &mut chosen, &mut |set: &[u32]| {
            if found.is_none() {
                found = with_bases(c, bit, base_family, cover_family, set);
            }
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

/// The first finned fish on the bases `set`.
fn with_bases(c: &Candidates, bit: u32, base_family: usize, cover_family: usize, set: &[u32]) -> Option<FinnedFish> {
    let groups = c.groups();
    let k = set.len();
    // The places, with their cover (`None`: in no group of the cover family, always a fin).
    let mut places: Vec<(u32, Option<u32>)> = Vec::new();
    let mut touched: Vec<u32> = Vec::new();
    for &g in set {
        for &l in &groups[g as usize].vars {
            if c.mask(l) & (1 << bit) == 0 {
                continue;
            }
            let cover = c.family_group(cover_family, l);
            if let Some(h) = cover {
                if !touched.contains(&h) {
                    touched.push(h);
                }
            }
            places.push((l, cover));
        }
    }
    if touched.len() as u32 > k as u32 + EXTRA_COVERS || (touched.len() <= k && places.iter().all(|p| p.1.is_some())) {
        return None;
    }
    touched.sort_unstable();
    let mut chosen = Vec::with_capacity(k);
    let mut found = None;
    combinations(&touched, k.min(touched.len()), &mut chosen, &mut |covers: &[u32]| {
        if found.is_some() || covers.len() != k {
            return;
        }
        let inside = |p: &(u32, Option<u32>)| p.1.is_some_and(|h| covers.contains(&h));
        let fins: Vec<u32> = places.iter().filter(|p| !inside(p)).map(|p| p.0).collect();
        if fins.is_empty() {
            return;
        }
        // The fins share a group.
        let first = fins[0];
        if !c.groups_of(first).iter().any(|&g| fins.iter().all(|&f| c.groups_of(f).contains(&g))) {
            return;
        }
        let mut removals: Vec<u32> = covers
            .iter()
            .flat_map(|&g| groups[g as usize].vars.iter().copied())
            .filter(|&l| c.mask(l) & (1 << bit) != 0 && c.fixed_bit(l).is_none())
            .filter(|&l| c.family_group(base_family, l).is_none_or(|b| !set.contains(&b)))
            .filter(|&l| fins.iter().all(|&f| sees(c, l, f)))
            .collect();
        removals.sort_unstable();
        removals.dedup();
        if removals.is_empty() {
            return;
        }
        let sashimi = set.iter().any(|&g| {
            places.iter().filter(|p| inside(p) && groups[g as usize].vars.contains(&p.0)).count() < 2
        });
        let mut inner: Vec<u32> = places.iter().filter(|p| inside(p)).map(|p| p.0).collect();
        inner.sort_unstable();
        let mut fins = fins;
        fins.sort_unstable();
        found = Some(FinnedFish {
            bit,
            bases: set.to_vec(),
            covers: covers.to_vec(),
            places: inner,
            fins,
            sashimi,
            removals,
        });
    });
    found
}

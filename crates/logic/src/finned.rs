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

use super::candidates::{bits, Candidates};
use super::fish::cover_position;
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

/// A base: its group, the positions of its places' covers (bit 63: a place in no cover), and
/// its places with their cover's position (63: none).
type Base = (u32, u64, Vec<(u32, u32)>);

/// The most covers a base set may need beyond `k` (the fins' groups of the cover family):
/// fins that share a group with a target of the covers lie, on a grid, in at most two columns
/// besides a cover.
const EXTRA_COVERS: usize = 2;

/// The first finned fish of size `k` (2 to 4; none for other sizes) with bases from family
/// `base_family` and covers from family `cover_family` that removes something: by value, then
/// set of bases (in lexicographic order of their indices), then set of covers. A fish without fins is
/// not one ([`fish::find_first`](super::fish::find_first) finds those). Cover families of more
/// than 63 groups, or not in increasing order, are not searched.
///
/// # Example
///
/// ```
/// use logic::{finned, Candidates};
/// use csp::Model;
/// use csp::constraints::AllDifferent;
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
    find_first_with(c, base_family, cover_family, k, c.num_vars() <= 128)
}

/// [`find_first`], on masks of variables (`masked`, at most 128 variables) or not.
fn find_first_with(
    c: &Candidates,
    base_family: usize,
    cover_family: usize,
    k: usize,
    masked: bool,
) -> Option<FinnedFish> {
    if !(2..=MAX_K).contains(&k) || base_family == cover_family {
        return None;
    }
    let cover_list = &c.families()[cover_family];
    if cover_list.len() > 63 || !cover_list.is_sorted() {
        return None;
    }
    let groups = c.groups();
    // Each group's variables as a mask, for states of at most 128 variables (`masked`).
    let members: Option<Vec<u128>> = (masked && c.num_vars() <= 128)
        .then(|| groups.iter().map(|g| g.vars.iter().fold(0, |m, &l| m | 1u128 << l)).collect());
    // Per base: its group, and its places with their cover's position (63: none).
    let mut bases: Vec<Base> = Vec::new();
    let mut chosen: Vec<usize> = Vec::with_capacity(k);
    for bit in 0..c.width() {
        bases.clear();
        for &g in &c.families()[base_family] {
            let group = &groups[g as usize];
            if !group.tight || group.values & (1 << bit) == 0 {
                continue;
            }
            let mut places = Vec::new();
            let mut covers = 0u64;
            for &l in &group.vars {
                let m = c.mask(l);
                if m & (1 << bit) == 0 {
                    continue;
                }
                let pos = c.family_group(cover_family, l).and_then(|h| cover_position(cover_list, h)).unwrap_or(63);
                covers |= 1 << pos;
                places.push((l, pos as u32));
            }
            if places.len() >= 2 && places.iter().all(|&(l, _)| c.fixed_bit(l).is_none()) {
                bases.push((g, covers, places));
            }
        }
        if bases.len() < k {
            continue;
        }
        let families = (base_family, cover_family);
        let found = match &members {
            Some(members) => {
                let open = (0..c.num_vars() as u32)
                    .filter(|&l| c.mask(l) & (1 << bit) != 0 && c.fixed_bit(l).is_none())
                    .fold(0u128, |m, l| m | 1u128 << l);
                let masks = Masks { members, open };
                search(&bases, k, 0, 0, &mut chosen, &mut |set: &[usize]| {
                    with_masks(c, bit, cover_list, &bases, set, &masks)
                })
            }
            None => search(&bases, k, 0, 0, &mut chosen, &mut |set: &[usize]| {
                with_bases(c, bit, families, cover_list, &bases, set)
            }),
        };
        if found.is_some() {
            return found;
        }
    }
    None
}

/// The sets of `k` bases (in lexicographic order) whose places lie in at most
/// `k + EXTRA_COVERS` covers, pruned as soon as a part of one needs more; the first for
/// which `f` finds something.
fn search<R>(
    bases: &[Base],
    k: usize,
    from: usize,
    union: u64,
    chosen: &mut Vec<usize>,
    f: &mut impl FnMut(&[usize]) -> Option<R>,
) -> Option<R> {
    if (union & !(1 << 63)).count_ones() as usize > k + EXTRA_COVERS {
        return None;
    }
    if chosen.len() == k {
        return f(chosen);
    }
    let need = k - chosen.len();
    for i in from..bases.len() {
        if bases.len() - i < need {
            break;
        }
        chosen.push(i);
        let found = search(bases, k, i + 1, union | bases[i].1, chosen, f);
        chosen.pop();
        if found.is_some() {
            return found;
        }
    }
    None
}

/// The masks [`with_masks`] reads: each group's variables, and the variables that hold the value
/// without being fixed to it.
struct Masks<'a> {
    members: &'a [u128],
    open: u128,
}

/// [`with_bases`] on masks of variables (a state of at most 128 variables): the same fish,
/// found in the same order, with a few word operations per set of covers.
fn with_masks(
    c: &Candidates,
    bit: u32,
    cover_list: &[u32],
    bases: &[Base],
    set: &[usize],
    masks: &Masks<'_>,
) -> Option<FinnedFish> {
    let k = set.len();
    let positions = cover_positions(bases, set)?;
    let m = positions.len();
    // The places of the bases by the position of their cover (index `m`: in no cover).
    let mut by_pos = [0u128; MAX_K + EXTRA_COVERS + 1];
    let mut outside_bases = !0u128;
    for &i in set {
        outside_bases &= !masks.members[bases[i].0 as usize];
        for &(l, pos) in &bases[i].2 {
            let j = positions.iter().position(|&p| p == pos).unwrap_or(m);
            by_pos[j] |= 1u128 << l;
        }
    }
    let cover_members = |p: u32| masks.members[cover_list[p as usize] as usize];
    for pick in 0u32..(1 << m) {
        if pick.count_ones() as usize != k {
            continue;
        }
        let mut fins = by_pos[m];
        let mut covered = 0u128;
        for (j, &p) in positions.iter().enumerate() {
            if pick & (1 << j) == 0 {
                fins |= by_pos[j];
            } else {
                covered |= cover_members(p);
            }
        }
        if fins == 0 {
            continue;
        }
        // The fins share a group, and the targets share one with every fin.
        let first = fins.trailing_zeros();
        if !c.groups_of(first).iter().any(|&g| fins & !masks.members[g as usize] == 0) {
            continue;
        }
        let mut seeing = !0u128;
        let mut rest = fins;
        while rest != 0 {
            let f = rest.trailing_zeros();
            rest &= rest - 1;
            let peers = c.groups_of(f).iter().fold(0u128, |u, &g| u | masks.members[g as usize]);
            seeing &= peers & !(1u128 << f);
        }
        let targets = masks.open & covered & outside_bases & seeing;
        if targets == 0 {
            continue;
        }
        let list = |mut mask: u128| {
            let mut out = Vec::with_capacity(mask.count_ones() as usize);
            while mask != 0 {
                out.push(mask.trailing_zeros());
                mask &= mask - 1;
            }
            out
        };
        let places: u128 = by_pos.iter().fold(0, |u, &p| u | p);
        let sashimi = set.iter().any(|&i| {
            let own = bases[i].2.iter().fold(0u128, |u, &(l, _)| u | 1u128 << l);
            (own & !fins).count_ones() < 2
        });
        let covers: Vec<u32> =
            (0..m).filter(|&j| pick & (1 << j) != 0).map(|j| cover_list[positions[j] as usize]).collect();
        let mut base_groups: Vec<u32> = set.iter().map(|&i| bases[i].0).collect();
        base_groups.sort_unstable();
        return Some(FinnedFish {
            bit,
            bases: base_groups,
            covers,
            places: list(places & !fins),
            fins: list(fins),
            sashimi,
            removals: list(targets),
        });
    }
    None
}

/// The largest size searched.
const MAX_K: usize = 4;

/// The cover positions of the bases `set`, if they can make a finned fish: from as many as
/// the bases to [`EXTRA_COVERS`] more, and more than the bases unless some place lies in no
/// cover (a fin outside every cover).
fn cover_positions(bases: &[Base], set: &[usize]) -> Option<Vec<u32>> {
    let k = set.len();
    let union = set.iter().fold(0u64, |u, &i| u | bases[i].1);
    let loose = union & (1 << 63) != 0;
    let positions: Vec<u32> = bits(union & !(1 << 63)).collect();
    if positions.len() > k + EXTRA_COVERS || (positions.len() <= k && !loose) || positions.len() < k {
        return None;
    }
    Some(positions)
}

/// The first finned fish on the bases `set` (indices into `bases`: group, cover positions,
/// places with their cover's position, 63 for none).
fn with_bases(
    c: &Candidates,
    bit: u32,
    (base_family, cover_family): (usize, usize),
    cover_list: &[u32],
    bases: &[Base],
    set: &[usize],
) -> Option<FinnedFish> {
    let k = set.len();
    let positions = cover_positions(bases, set)?;
    let base_groups: Vec<u32> = set.iter().map(|&i| bases[i].0).collect();
    let places = || set.iter().flat_map(|&i| bases[i].2.iter().copied());
    let m = positions.len();
    for pick in 0u32..(1 << m) {
        if pick.count_ones() as usize != k {
            continue;
        }
        let covered: u64 = (0..m).filter(|&j| pick & (1 << j) != 0).fold(0, |u, j| u | 1 << positions[j]);
        let is_fin = |pos: u32| covered & (1 << pos) == 0;
        let mut fins = places().filter(|&(_, pos)| is_fin(pos)).map(|(l, _)| l);
        let Some(first) = fins.next() else { continue };
        // The fins share a group.
        let shared = |g: &u32| places().filter(|&(_, pos)| is_fin(pos)).all(|(l, _)| c.groups_of(l).contains(g));
        if !c.groups_of(first).iter().any(shared) {
            continue;
        }
        // The targets: sharing a group with every fin (so with the first: in one of its
        // groups), in a cover, outside the bases.
        let target = |l: u32| {
            c.mask(l) & (1 << bit) != 0
                && c.fixed_bit(l).is_none()
                && c.family_group(cover_family, l)
                    .and_then(|h| cover_position(cover_list, h))
                    .is_some_and(|p| covered & (1 << p) != 0)
                && c.family_group(base_family, l).is_none_or(|b| !base_groups.contains(&b))
                && places().filter(|&(_, pos)| is_fin(pos)).all(|(f, _)| sees(c, l, f))
        };
        let mut removals: Vec<u32> = Vec::new();
        for &g in c.groups_of(first) {
            for &l in &c.groups()[g as usize].vars {
                if !removals.contains(&l) && target(l) {
                    removals.push(l);
                }
            }
        }
        if removals.is_empty() {
            continue;
        }
        removals.sort_unstable();
        let fins: Vec<u32> = places().filter(|&(_, pos)| is_fin(pos)).map(|(l, _)| l).collect();
        let covers: Vec<u32> = bits(covered).map(|p| cover_list[p as usize]).collect();
        let inside = |&(_, pos): &(u32, u32)| !is_fin(pos);
        let sashimi = set.iter().any(|&i| bases[i].2.iter().filter(|p| inside(p)).count() < 2);
        let mut inner: Vec<u32> = places().filter(inside).map(|(l, _)| l).collect();
        inner.sort_unstable();
        let mut fins = fins;
        fins.sort_unstable();
        let mut base_groups = base_groups;
        base_groups.sort_unstable();
        return Some(FinnedFish { bit, bases: base_groups, covers, places: inner, fins, sashimi, removals });
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku_grid;
    use csp::branching::Rng;

    #[test]
    fn the_search_on_masks_finds_the_same_fish_as_the_search_on_lists() {
        let (mut states, mut found) = (0, 0);
        for seed in 0..300 {
            let (mut solver, v) = sudoku_grid();
            let mut rng = Rng::new(seed);
            let share = 3 + rng.below(5);
            let ok = v.iter().all(|&x| (1..=9).all(|d| rng.below(10) >= share || solver.remove_value(x, d).is_ok()));
            let Some(c) = ok.then(|| Candidates::from_solver(&solver).ok()).flatten() else { continue };
            states += 1;
            for k in 2..=4 {
                for (base, cover) in [(0, 1), (1, 0)] {
                    let on_masks = find_first_with(&c, base, cover, k, true);
                    found += usize::from(on_masks.is_some());
                    assert_eq!(on_masks, find_first_with(&c, base, cover, k, false), "seed {seed}, k {k}");
                }
            }
        }
        assert!(states > 100 && found > 100, "{states} states, {found} fish");
    }
}

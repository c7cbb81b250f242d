//! Complex fish: bases and covers drawn from several families of groups at once (Franken and
//! mutant fish), with fins or without.
//!
//! Take `k` tight groups holding value `v` (the *bases*), from any of a few families, no two
//! sharing a place of `v`: `v` is taken once in each, in `k` different places. Take `k` other
//! groups (the *covers*), from any of a few families, that hold every place of `v` in the
//! bases but the *fins*. Each cover takes `v` at most once, so if no fin takes it, the `k`
//! occurrences of `v` fill the covers, one each, and every other place of the covers loses
//! it; if a fin takes it, the places that share a group with that fin lose it. Either way, a
//! place of the covers outside the bases that shares a group with every fin loses `v`. This
//! is the fish of [`fish`](super::fish) and [`finned`](super::finned) with the families mixed:
//! on a Sudoku grid, with rows (or columns) and boxes as bases and columns (or rows) and boxes
//! as covers it is a *Franken* fish, with rows and columns mixed on one side a *mutant* fish.
//! Which families may meet is the caller's choice (`accept`), so that a fish that has a
//! simpler name is left to the search for it.
//!
//! The search works on masks of 128 variables: grids of more variables (a 12x12 Sudoku) are
//! not searched.
//!
//! # Bibliography
//!
//! * The base and cover sets of fish, and their Franken and mutant kinds, are the Sudoku
//!   players' forum's (Obi-Wahn's and others', on the Sudoku Players' Forums, 2007), as
//!   HoDoKu's manual describes them.

use super::candidates::Candidates;

/// A complex fish and what it removes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComplexFish {
    /// The value's bit.
    pub bit: u32,
    /// The base groups, in the order searched (by family as given, then by index).
    pub bases: Vec<u32>,
    /// The cover groups, in increasing order.
    pub covers: Vec<u32>,
    /// The places of the value in the bases inside the covers (local indices, increasing).
    pub places: Vec<u32>,
    /// The places of the value in the bases outside the covers (local indices, increasing).
    pub fins: Vec<u32>,
    /// The variables that lose the value (local indices, increasing).
    pub removals: Vec<u32>,
}

/// The families and sizes searched, and which fish count.
#[derive(Clone, Copy, Debug)]
pub struct Search<'a> {
    /// The families the bases are drawn from.
    pub base_families: &'a [usize],
    /// The families the covers are drawn from.
    pub cover_families: &'a [usize],
    /// The number of bases (and of covers): 2 to 4.
    pub size: usize,
    /// The most fins (0: only fish without fins).
    pub max_fins: usize,
}

/// The places of the value, one bit per variable.
type Places = u128;

/// The first complex fish of `search` that `accept` takes (called with the bases and the
/// covers, before the removals are worked out) and that removes something: by value, then
/// set of bases (in lexicographic order of their positions in the families as listed), then
/// covers, first choosing the covers of each place of the bases in the order of the
/// variable's groups, a fin last. `None` for a state of more than 128 variables, a size
/// outside 2 to 4, or families out of range.
///
/// # Example
///
/// ```
/// use logic::{franken, Candidates};
/// use csp::Model;
/// use csp::constraints::AllDifferent;
///
/// // A 4x4 Latin square with 2x2 boxes (groups: rows 0-3, columns 4-7, boxes 8-11). Value 1
/// // in row 0 only in columns 0 and 1 (box 0), in box 3 only in column 3: bases row 0 and
/// // box 3, covers box 0 and column 3, whose other places r1c0, r1c1, r1c3 lose 1.
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
/// for (r, c) in [(0, 2), (0, 3), (2, 2), (3, 2)] {
///     solver.remove_value(at(r, c), 1)?;
/// }
/// let c = Candidates::from_solver(&solver)?;
/// let search = franken::Search { base_families: &[0, 2], cover_families: &[1, 2], size: 2, max_fins: 0 };
/// let f = franken::find_first(&c, &search, |bases, _| bases.contains(&11)).expect("a Franken X-wing");
/// assert_eq!((f.bases.as_slice(), f.covers.as_slice()), ([0, 11].as_slice(), [7, 8].as_slice()));
/// assert_eq!(f.removals, [4, 5, 7]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn find_first(
    c: &Candidates,
    search: &Search<'_>,
    mut accept: impl FnMut(&[u32], &[u32]) -> bool,
) -> Option<ComplexFish> {
    let k = search.size;
    let families = c.families();
    let in_range = |f: &[usize]| f.iter().all(|&i| i < families.len());
    if !(2..=4).contains(&k)
        || c.num_vars() > 128
        || !in_range(search.base_families)
        || !in_range(search.cover_families)
    {
        return None;
    }
    let groups = c.groups();
    // Each group's variables, as a mask.
    let members: Vec<Places> = groups.iter().map(|g| g.vars.iter().fold(0, |m, &l| m | 1u128 << l)).collect();
    let mut is_cover = vec![false; groups.len()];
    for &f in search.cover_families {
        for &g in &families[f] {
            is_cover[g as usize] = true;
        }
    }
    let mut bases: Vec<(u32, Places)> = Vec::new();
    let mut scratch = Scratch::default();
    for bit in 0..c.width() {
        let places_of = |g: u32| {
            groups[g as usize].vars.iter().filter(|&&l| c.mask(l) & (1 << bit) != 0).fold(0, |m, &l| m | 1u128 << l)
        };
        bases.clear();
        for &f in search.base_families {
            for &g in &families[f] {
                let group = &groups[g as usize];
                if !group.tight || group.values & (1 << bit) == 0 {
                    continue;
                }
                let p = places_of(g);
                // No base where the value is placed (nothing left to deduce from it).
                if p.count_ones() >= 2 && !bases.iter().any(|&(h, _)| h == g) {
                    bases.push((g, p));
                }
            }
        }
        if bases.len() < k {
            continue;
        }
        // Where the value can go, over the whole state: the removals are among these.
        let all: Places =
            (0..c.num_vars() as u32).filter(|&l| c.mask(l) & (1 << bit) != 0).fold(0, |m, l| m | 1u128 << l);
        let ctx = Context { c, bit, k, max_fins: search.max_fins, members: &members, is_cover: &is_cover, all };
        let mut chosen: Vec<usize> = Vec::with_capacity(k);
        if let Some(f) = base_sets(&ctx, &bases, 0, 0, &mut chosen, &mut scratch, &mut accept) {
            return Some(f);
        }
    }
    None
}

/// What the search of one value reads.
struct Context<'a> {
    c: &'a Candidates,
    bit: u32,
    k: usize,
    max_fins: usize,
    members: &'a [Places],
    is_cover: &'a [bool],
    /// The places of the value in the whole state.
    all: Places,
}

/// The covers and fins chosen so far.
#[derive(Default)]
struct Scratch {
    covers: Vec<u32>,
    bases: Vec<u32>,
}

/// The sets of `k` bases from `from` on, no two sharing a place, extending `chosen` (whose
/// places are `union`); the first fish found on one of them.
fn base_sets(
    ctx: &Context<'_>,
    bases: &[(u32, Places)],
    from: usize,
    union: Places,
    chosen: &mut Vec<usize>,
    scratch: &mut Scratch,
    accept: &mut impl FnMut(&[u32], &[u32]) -> bool,
) -> Option<ComplexFish> {
    if chosen.len() == ctx.k {
        scratch.bases.clear();
        scratch.bases.extend(chosen.iter().map(|&i| bases[i].0));
        scratch.covers.clear();
        return cover_sets(ctx, union, union, 0, 0, scratch, accept);
    }
    let need = ctx.k - chosen.len();
    for i in from..bases.len() {
        if bases.len() - i < need {
            break;
        }
        let (_, p) = bases[i];
        // No two bases share a place; the places so far fit in `k` covers and the fins.
        if p & union != 0 || !coverable(ctx, union | p, ctx.k, ctx.max_fins) {
            continue;
        }
        chosen.push(i);
        let found = base_sets(ctx, bases, i + 1, union | p, chosen, scratch, accept);
        chosen.pop();
        if found.is_some() {
            return found;
        }
    }
    None
}

/// Whether the places `left` lie in `covers` groups of the cover families but for at most
/// `fins` of them (a bound for the search: a base may be a cover here, fins see nothing).
fn coverable(ctx: &Context<'_>, left: Places, covers: usize, fins: usize) -> bool {
    if left == 0 {
        return true;
    }
    if covers + fins == 0 {
        return false;
    }
    let first = left.trailing_zeros();
    if covers > 0 {
        for &g in ctx.c.groups_of(first) {
            if ctx.is_cover[g as usize] && coverable(ctx, left & !ctx.members[g as usize], covers - 1, fins) {
                return true;
            }
        }
    }
    fins > 0 && coverable(ctx, left & !(1u128 << first), covers, fins - 1)
}

/// The covers of the places `base` of the bases (`left`: those not yet covered nor fins;
/// `covered`: the places of the covers so far; `fins`: the fins so far), one cover at a time
/// for the first place left, or that place as a fin; the first fish found.
fn cover_sets(
    ctx: &Context<'_>,
    base: Places,
    left: Places,
    covered: Places,
    fins: Places,
    scratch: &mut Scratch,
    accept: &mut impl FnMut(&[u32], &[u32]) -> bool,
) -> Option<ComplexFish> {
    if left == 0 {
        return finish(ctx, base, covered, fins, scratch, accept);
    }
    let first = left.trailing_zeros();
    if scratch.covers.len() < ctx.k {
        for &g in ctx.c.groups_of(first) {
            if !ctx.is_cover[g as usize] || scratch.bases.contains(&g) || scratch.covers.contains(&g) {
                continue;
            }
            let p = ctx.members[g as usize] & ctx.all;
            scratch.covers.push(g);
            let found = cover_sets(ctx, base, left & !p, covered | p, fins, scratch, accept);
            scratch.covers.pop();
            if found.is_some() {
                return found;
            }
        }
    }
    if (fins.count_ones() as usize) < ctx.max_fins {
        let fins = fins | 1u128 << first;
        // The fins must leave a place that sees them all.
        if peers(ctx, fins) & ctx.all != 0 {
            return cover_sets(ctx, base, left & !(1u128 << first), covered, fins, scratch, accept);
        }
    }
    None
}

/// The variables sharing a group with every fin of `fins` (all variables for none).
fn peers(ctx: &Context<'_>, fins: Places) -> Places {
    let mut seen = u128::MAX;
    let mut rest = fins;
    while rest != 0 {
        let l = rest.trailing_zeros();
        rest &= rest - 1;
        let mine = ctx.c.groups_of(l).iter().fold(0u128, |m, &g| m | ctx.members[g as usize]) & !(1u128 << l);
        seen &= mine;
    }
    seen
}

/// The fish on the chosen bases and covers, if it has `k` covers, `accept` takes it and it
/// removes something.
fn finish(
    ctx: &Context<'_>,
    base: Places,
    covered: Places,
    fins: Places,
    scratch: &mut Scratch,
    accept: &mut impl FnMut(&[u32], &[u32]) -> bool,
) -> Option<ComplexFish> {
    if scratch.covers.len() != ctx.k {
        return None;
    }
    let targets = covered & !base & peers(ctx, fins);
    if targets == 0 {
        return None;
    }
    let mut covers = scratch.covers.clone();
    covers.sort_unstable();
    if !accept(&scratch.bases, &covers) {
        return None;
    }
    let list = |mut m: Places| {
        let mut out = Vec::with_capacity(m.count_ones() as usize);
        while m != 0 {
            out.push(m.trailing_zeros());
            m &= m - 1;
        }
        out
    };
    Some(ComplexFish {
        bit: ctx.bit,
        bases: scratch.bases.clone(),
        covers,
        places: list(base & !fins),
        fins: list(fins),
        removals: list(targets),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku_grid;

    /// Candidates of a 9x9 grid where digit 1 (bit 0) is left only in `cells` (row, column),
    /// every other digit everywhere.
    fn digit_one_in(cells: &[(usize, usize)]) -> Candidates {
        let (mut solver, v) = sudoku_grid();
        for (i, &x) in v.iter().enumerate() {
            if !cells.contains(&(i / 9, i % 9)) {
                solver.remove_value(x, 1).unwrap();
            }
        }
        Candidates::from_solver(&solver).unwrap()
    }

    #[test]
    fn two_rows_and_a_box_confined_to_three_columns_are_a_franken_swordfish() {
        // Digit 1 in rows 1 and 4 only in columns 1 and 5, in box 9 only in column 7, and in
        // r2c7, r6c1, r8c5 (rows, columns and boxes 1-based in the comments, 0-based in code;
        // groups: rows 0-8, columns 9-17, boxes 18-26). Bases rows 1, 4 and box 9; covers
        // columns 1, 5 and 7: the rows fill columns 1 and 5 and the box column 7, so r6c1,
        // r8c5 and r2c7 lose 1.
        let c = digit_one_in(&[(0, 0), (0, 4), (3, 0), (3, 4), (6, 6), (8, 6), (1, 6), (5, 0), (7, 4)]);
        let search = Search { base_families: &[0, 2], cover_families: &[1, 2], size: 3, max_fins: 0 };
        let f = find_first(&c, &search, |bases, _| bases.iter().any(|&g| g >= 18)).expect("a Franken swordfish");
        assert_eq!(f.bases, [0, 3, 26]);
        assert_eq!(f.covers, [9, 13, 15]);
        assert_eq!(f.places, [0, 4, 27, 31, 60, 78]);
        assert_eq!(f.removals, [15, 45, 67]);
        assert!(f.fins.is_empty());
        assert_eq!(find_first(&c, &search, |_, _| false), None, "nothing but what accept takes");
    }

    #[test]
    fn a_fin_limits_the_removals_to_the_places_that_see_it() {
        // As above with a fin at r8c8 (box 9, outside the covers): of the covers' places
        // outside the bases (r6c1, r8c5, r2c7), only r8c5 sees the fin (row 8).
        let c = digit_one_in(&[(0, 0), (0, 4), (3, 0), (3, 4), (6, 6), (8, 6), (7, 7), (1, 6), (5, 0), (7, 4)]);
        let search = Search { base_families: &[0, 2], cover_families: &[1, 2], size: 3, max_fins: 2 };
        let f = find_first(&c, &search, |bases, _| bases.contains(&26)).expect("a finned Franken swordfish");
        assert_eq!((f.bases.as_slice(), f.covers.as_slice()), ([0, 3, 26].as_slice(), [9, 13, 15].as_slice()));
        assert_eq!(f.fins, [7 * 9 + 7]);
        assert_eq!(f.removals, [7 * 9 + 4]);
    }
}

//! Killer generation: a random cage partition of a random solution, with that solution's
//! sums, refined until the cages alone (no givens) allow only that solution.
//!
//! 1. Cages are grown at random over the solution: each from a random free cell, to a random
//!    size (2 to [`max_cage`] cells), through free neighbours whose digit the cage does not
//!    hold yet (a cage's digits differ). A cell left alone joins a neighbouring cage that
//!    can take it, if there is one.
//! 2. The solver looks for a second solution. While there is one, a cage holding a cell where
//!    the two solutions differ is split in two connected parts (a smaller cage pins its
//!    digits down more), at most [`MAX_SPLITS`] times; then the partition is given up.
//!
//! The puzzle kept is proven unique by that last search.

use csp::branching::Rng;

use crate::grid::{Grid, Shape};
use crate::killer::Cages;
use crate::outcome::Solutions;
use crate::solve::Solver;
use crate::variant::Puzzle;

/// Splits tried before a partition is given up.
const MAX_SPLITS: usize = 40;

/// The largest cage grown: 4 cells up to 6x6, 5 beyond.
fn max_cage(shape: Shape) -> usize {
    if shape.size() <= 6 {
        4
    } else {
        5
    }
}

/// The labels of cages, in order: `a`-`z`, `A`-`Z`, then digits.
fn label(k: usize) -> Option<char> {
    const LABELS: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    LABELS.get(k).map(|&b| char::from(b))
}

/// The cells next to `cell` (up, down, left, right).
fn neighbours(shape: Shape, cell: usize) -> impl Iterator<Item = usize> {
    let n = shape.size();
    let (r, c) = (cell / n, cell % n);
    [(r.wrapping_sub(1), c), (r + 1, c), (r, c.wrapping_sub(1)), (r, c + 1)]
        .into_iter()
        .filter(move |&(r, c)| r < n && c < n)
        .map(move |(r, c)| r * n + c)
}

/// A random partition of the cells into connected cages of distinct digits of `solution`:
/// by cell, its cage.
fn random_partition(shape: Shape, solution: &[u8], rng: &mut Rng) -> Vec<usize> {
    let cells = shape.num_cells();
    let mut cage_of = vec![usize::MAX; cells];
    let mut cages: Vec<Vec<usize>> = Vec::new();
    let mut order: Vec<usize> = (0..cells).collect();
    rng.shuffle(&mut order);
    let max = max_cage(shape);
    for &start in &order {
        if cage_of[start] != usize::MAX {
            continue;
        }
        let k = cages.len();
        let size = 2 + rng.below(max as u64 - 1) as usize;
        let mut cage = vec![start];
        cage_of[start] = k;
        while cage.len() < size {
            let frontier: Vec<usize> = cage
                .iter()
                .flat_map(|&c| neighbours(shape, c))
                .filter(|&x| cage_of[x] == usize::MAX && !cage.iter().any(|&y| solution[y] == solution[x]))
                .collect();
            if frontier.is_empty() {
                break;
            }
            let next = frontier[rng.below(frontier.len() as u64) as usize];
            cage_of[next] = k;
            cage.push(next);
        }
        cages.push(cage);
    }
    // A lone cell joins a neighbouring cage without its digit, if one can take it.
    for k in 0..cages.len() {
        if cages[k].len() != 1 {
            continue;
        }
        let cell = cages[k][0];
        let host = neighbours(shape, cell)
            .map(|x| cage_of[x])
            .find(|&h| h != k && cages[h].len() <= max && !cages[h].iter().any(|&y| solution[y] == solution[cell]));
        if let Some(h) = host {
            cages[k].clear();
            cages[h].push(cell);
            cage_of[cell] = h;
        }
    }
    renumber(&cage_of)
}

/// Cage numbers from 0 in reading order of their first cells.
fn renumber(cage_of: &[usize]) -> Vec<usize> {
    let mut new = vec![usize::MAX; cage_of.iter().copied().max().map_or(0, |m| m + 1)];
    let mut next = 0;
    cage_of
        .iter()
        .map(|&k| {
            if new[k] == usize::MAX {
                new[k] = next;
                next += 1;
            }
            new[k]
        })
        .collect()
}

/// The killer puzzle (no givens) of the partition `cage_of` with the sums of `solution`.
fn puzzle_of(shape: Shape, solution: &[u8], cage_of: &[usize]) -> Option<Puzzle> {
    let n = shape.size();
    let count = cage_of.iter().copied().max()? + 1;
    let mut text = String::new();
    for r in 0..n {
        for c in 0..n {
            text.push(label(cage_of[r * n + c])?);
        }
        text.push('\n');
    }
    for k in 0..count {
        let sum: u32 = (0..cage_of.len()).filter(|&i| cage_of[i] == k).map(|i| u32::from(solution[i])).sum();
        text.push_str(&format!("{} {sum}\n", label(k)?));
    }
    let cages = Cages::parse(&text).ok()?;
    Puzzle::killer(Grid::empty(shape), cages).ok()
}

/// Splits cage `k` of `cage_of` in two connected parts, the one of `cell` grown from it to
/// half the cage; `false` if the cage has one cell or the rest would not be connected.
fn split(shape: Shape, cage_of: &mut [usize], k: usize, cell: usize) -> bool {
    let members: Vec<usize> = (0..cage_of.len()).filter(|&i| cage_of[i] == k).collect();
    if members.len() < 2 {
        return false;
    }
    let half = members.len() / 2;
    let mut part = vec![cell];
    let mut i = 0;
    while part.len() < half && i < part.len() {
        for x in neighbours(shape, part[i]) {
            if part.len() < half && cage_of[x] == k && !part.contains(&x) {
                part.push(x);
            }
        }
        i += 1;
    }
    let rest: Vec<usize> = members.iter().copied().filter(|x| !part.contains(x)).collect();
    // The rest must be connected.
    let mut seen = vec![rest[0]];
    let mut j = 0;
    while j < seen.len() {
        for x in neighbours(shape, seen[j]) {
            if rest.contains(&x) && !seen.contains(&x) {
                seen.push(x);
            }
        }
        j += 1;
    }
    if seen.len() != rest.len() {
        return false;
    }
    let fresh = cage_of.iter().copied().max().map_or(0, |m| m + 1);
    for &x in &part {
        cage_of[x] = fresh;
    }
    true
}

/// A killer puzzle without givens whose only solution is `solution` (a full grid of
/// `shape`), proven by `solver`; `None` if the partitions tried all stay ambiguous or a
/// search hits the solver's limits.
pub(super) fn make(shape: Shape, solution: &[u8], rng: &mut Rng, solver: &mut Solver) -> Option<Puzzle> {
    let mut cage_of = random_partition(shape, solution, rng);
    for _ in 0..=MAX_SPLITS {
        let puzzle = puzzle_of(shape, solution, &cage_of)?;
        let Solutions { grids, status } = solver.solutions_up_to(&puzzle, 2);
        if grids.len() == 1 && status == csp::solve::CountStatus::Complete {
            return Some(puzzle);
        }
        let other = grids.iter().find(|g| g.digits() != solution)?;
        // The cells where the two solutions differ, in random order; split the first cage
        // that splits.
        let mut differ: Vec<usize> = (0..solution.len()).filter(|&i| other.digits()[i] != solution[i]).collect();
        rng.shuffle(&mut differ);
        if !differ.iter().any(|&cell| {
            let k = cage_of[cell];
            split(shape, &mut cage_of, k, cell)
        }) {
            return None;
        }
        cage_of = renumber(&cage_of);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_keeps_both_parts_connected() {
        let shape = Shape::SIZE_4;
        // One cage over the top row.
        let mut cage_of = vec![1; 16];
        cage_of[..4].fill(0);
        assert!(split(shape, &mut cage_of, 0, 0));
        assert_eq!(&cage_of[..4], &[2, 2, 0, 0]);
        // Splitting off the middle of a line would leave two pieces: refused.
        let mut line = vec![0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1];
        assert!(!split(shape, &mut line, 0, 1));
    }
}

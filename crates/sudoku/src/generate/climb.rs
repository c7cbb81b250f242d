//! Climbing to a rare grade: from a minimal puzzle, moves that swap one given for another
//! and make the puzzle minimal again, kept while the grade does not fall.
//!
//! Removal from random grids almost never makes a 9x9 puzzle that needs dynamic chains (none
//! in 120,000 tries, `docs/generation.md`). Such puzzles are neighbours of hard ones: the
//! players' searches for the hardest puzzles change a few givens of hard puzzles at a time
//! ("{-1+1}" moves) and keep the harder results. A move here takes one given out, puts the
//! digits of the solution where another solution differs until the puzzle is unique again, and removes
//! givens again (in a random order, each if the puzzle stays unique) until it is minimal.

use csp::branching::Rng;
use csp::VarId;

use super::GenerateStats;

/// A neighbour of the minimal unique puzzle `givens` (0 for an empty cell) whose solution is
/// `solution`: one given out, cells where another solution differs given their digits until
/// the puzzle is unique again, then minimal again. `None` if that needs more than
/// [`MAX_ADDED`] givens or a check hits the engine's node limit.
pub(super) fn neighbour(
    engine: &mut csp::Solver,
    solution: &[u8],
    givens: &[u8],
    rng: &mut Rng,
    stats: &mut GenerateStats,
) -> Option<Vec<u8>> {
    let filled: Vec<usize> = (0..givens.len()).filter(|&c| givens[c] != 0).collect();
    if filled.is_empty() {
        return None;
    }
    let out = filled[rng.below(filled.len() as u64) as usize];
    let mut next = givens.to_vec();
    next[out] = 0;
    // Unique again: any other solution differs from `solution` at `out` (the rest of the
    // old givens stay), so while a solution with another digit there exists, one of the
    // cells where it differs gets its digit from `solution`.
    for _ in 0..MAX_ADDED {
        let other = match other_solution(engine, &next, out, solution[out], stats) {
            csp::Outcome::Unsatisfiable => return minimal(engine, solution, next, rng, stats),
            csp::Outcome::Solved(other) => other,
            csp::Outcome::LimitReached(_) => return None,
        };
        let differ: Vec<usize> =
            (0..next.len()).filter(|&c| c != out && other.values()[c] != i32::from(solution[c])).collect();
        let into = differ[rng.below(differ.len() as u64) as usize];
        next[into] = solution[into];
    }
    None
}

/// The most givens a move adds before it gives up.
const MAX_ADDED: usize = 8;

/// `next`, a unique puzzle with solution `solution`, made minimal: its givens in a random
/// order, each removed if the puzzle stays unique.
fn minimal(
    engine: &mut csp::Solver,
    solution: &[u8],
    mut next: Vec<u8>,
    rng: &mut Rng,
    stats: &mut GenerateStats,
) -> Option<Vec<u8>> {
    // Minimal again: a given whose removal keeps one solution goes (a second solution would
    // differ from `solution` there, so the check excludes its digit from it).
    let mut order: Vec<usize> = (0..next.len()).filter(|&c| next[c] != 0).collect();
    rng.shuffle(&mut order);
    for c in order {
        let digit = next[c];
        next[c] = 0;
        match other_solution(engine, &next, c, digit, stats) {
            csp::Outcome::Unsatisfiable => {}
            csp::Outcome::Solved(_) => next[c] = digit,
            csp::Outcome::LimitReached(_) => return None,
        }
    }
    let _ = solution;
    Some(next)
}

/// A solution of the puzzle `givens` without `digit` in cell `cell` (counted in `stats`), or
/// why there is none.
fn other_solution(
    engine: &mut csp::Solver,
    givens: &[u8],
    cell: usize,
    digit: u8,
    stats: &mut GenerateStats,
) -> csp::Outcome {
    engine.reset();
    stats.checks += 1;
    engine.reset_stats();
    let outcome = if !assign(engine, givens) {
        csp::Outcome::Unsatisfiable
    } else {
        match engine.remove_value(VarId::from_index(cell), i32::from(digit)) {
            Err(_) => csp::Outcome::Unsatisfiable,
            Ok(_) => engine.solve(),
        }
    };
    stats.check_nodes += engine.stats().nodes;
    outcome
}

/// Assigns the givens (cell `i` is variable `i`); `false` on a conflict.
fn assign(engine: &mut csp::Solver, givens: &[u8]) -> bool {
    let values = givens.iter().enumerate().filter(|&(_, &d)| d != 0);
    engine.assign_all(values.map(|(i, &d)| (VarId::from_index(i), i32::from(d)))).is_ok()
}

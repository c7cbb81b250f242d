//! Brute-force soundness of the named patterns (finned fish, colouring, remote pairs, W-wings, ALS wings, ALS-XZ, ALS-XY-wings,
//! unique rectangles of every type, BUG type 2) on random Sudoku candidate states that keep a
//! known solution: every value a pattern removes is taken by no solution of the state (the
//! engine's search, assigning it, finds none). Uniqueness patterns are checked on the states
//! with exactly one solution, against it.

use super::{als, colouring, finned, links, uniqueness, Candidates};
use crate::{Count, CountStatus, Outcome, Rng, Solver, VarId};

/// A 9x9 Sudoku model with every value of `masks` (bit `d - 1` for digit `d`) removed that is
/// not in a cell's mask: rows, columns, boxes (families 0, 1, 2).
fn grid(masks: &[u32]) -> (Solver, Vec<VarId>) {
    let (mut solver, v) = super::sudoku_grid();
    for (i, &m) in masks.iter().enumerate() {
        for d in 1..=9 {
            if m & (1 << (d - 1)) == 0 {
                solver.remove_value(v[i], d).unwrap();
            }
        }
    }
    (solver, v)
}

/// A random solved grid (a pattern grid with its digits, bands, stacks, rows in bands and
/// columns in stacks shuffled), and candidates keeping each other digit with a random share.
fn random_state(seed: u64) -> (Vec<u8>, Vec<u32>) {
    let mut rng = Rng::new(seed);
    let mut perm: Vec<u8> = (1..=9).collect();
    for i in (1..9).rev() {
        perm.swap(i, rng.below(i as u64 + 1) as usize);
    }
    let shuffle = |rng: &mut Rng| {
        let mut order: Vec<usize> = Vec::new();
        let mut bands = [0, 1, 2];
        for i in (1..3).rev() {
            bands.swap(i, rng.below(i as u64 + 1) as usize);
        }
        for b in bands {
            let mut rows = [0, 1, 2];
            for i in (1..3).rev() {
                rows.swap(i, rng.below(i as u64 + 1) as usize);
            }
            order.extend(rows.iter().map(|r| b * 3 + r));
        }
        order
    };
    let (rows, cols) = (shuffle(&mut rng), shuffle(&mut rng));
    let solution: Vec<u8> = (0..81).map(|i| perm[(rows[i / 9] * 3 + rows[i / 9] / 3 + cols[i % 9]) % 9]).collect();
    // Keep from about a fifth to most of the other candidates; in half of the states, many
    // cells holding digit x or y hold exactly {x, y} (remote pairs, rectangles).
    let keep = 2 + rng.below(6);
    let (x, y) = (1 + rng.below(9) as u8, 1 + rng.below(9) as u8);
    let paired = x != y && rng.below(2) == 0;
    let masks = solution
        .iter()
        .map(|&d| {
            if paired && (d == x || d == y) && rng.below(10) < 7 {
                return (1u32 << (x - 1)) | (1 << (y - 1));
            }
            let mut m = 1u32 << (d - 1);
            for other in 1..=9u8 {
                if other != d && rng.below(10) < keep {
                    m |= 1 << (other - 1);
                }
            }
            m
        })
        .collect();
    (solution, masks)
}

/// Whether some solution of the candidates `masks` has `value` in cell `var`.
fn possible(masks: &[u32], var: u32, value: i32) -> bool {
    let (mut solver, v) = grid(masks);
    if solver.assign(v[var as usize], value).is_err() {
        return false;
    }
    match solver.solve() {
        Outcome::Solved(_) => true,
        Outcome::Unsatisfiable => false,
        Outcome::LimitReached(_) => panic!("no limit was set"),
    }
}

#[test]
fn every_value_a_pattern_removes_is_in_no_solution() {
    let mut found = [0usize; 9];
    let mut unique_states = 0;
    for seed in 0..300 {
        let (solution, masks) = random_state(seed);
        let (mut solver, _) = grid(&masks);
        let c = Candidates::from_solver(&solver).unwrap();
        // Removals of the patterns sound for any state: (pattern, var, bits).
        let mut removals: Vec<(usize, u32, u64)> = Vec::new();
        for k in 2..=4 {
            for (base, cover) in [(0, 1), (1, 0)] {
                if let Some(f) = finned::find_first(&c, base, cover, k) {
                    removals.extend(f.removals.iter().map(|&l| (0, l, 1u64 << f.bit)));
                }
            }
        }
        if let Some(f) = colouring::simple(&c) {
            removals.extend(f.removals.iter().map(|&(l, m)| (1, l, m)));
        }
        if let Some(f) = colouring::remote_pairs(&c) {
            removals.extend(f.removals.iter().map(|&(l, m)| (2, l, m)));
        }
        for w in links::w_wings(&c).into_iter().take(5) {
            removals.extend(w.removals.iter().map(|&l| (3, l, 1u64 << w.bit)));
        }
        for size in 3..=5 {
            for w in als::wings(&c, size).into_iter().take(5) {
                removals.extend(w.removals.iter().map(|&(l, m)| (6, l, m)));
            }
        }
        for (pattern, chains) in [(7, als::xz(&c, 4)), (8, als::xy_wings(&c, 3))] {
            for x in chains.into_iter().take(5) {
                removals.extend(x.removals.iter().map(|&(l, m)| (pattern, l, m)));
            }
        }
        for (pattern, var, bits) in removals {
            found[pattern] += 1;
            for bit in super::bits(bits) {
                let value = c.value(bit);
                assert_ne!(
                    i32::from(solution[var as usize]),
                    value,
                    "seed {seed}: pattern {pattern} removes the solution"
                );
                assert!(!possible(&masks, var, value), "seed {seed}: pattern {pattern} removes r{var} = {value}");
            }
        }
        // Uniqueness patterns: only on a state with one solution (the known one).
        let Count { count, status } = solver.count_solutions(2);
        if count != 1 || status != CountStatus::Complete {
            continue;
        }
        unique_states += 1;
        for r in uniqueness::rectangles(&c) {
            found[4] += 1;
            for &(var, bits) in &r.removals {
                let digit = 1u64 << (solution[var as usize] - 1);
                assert_eq!(bits & digit, 0, "seed {seed}: a rectangle of type {} removes the solution", r.kind);
            }
        }
        if let Some(b) = uniqueness::bug_type_2(&c) {
            found[5] += 1;
            assert!(b.removals.iter().all(|&l| i32::from(solution[l as usize]) != c.value(b.bit)), "seed {seed}");
        }
    }
    // Every pattern but the rare BUG type 2 was met (the test is not vacuous).
    assert!(
        found[..5].iter().chain(&found[6..]).all(|&n| n > 0) && unique_states > 20,
        "{found:?}, {unique_states} unique states"
    );
}

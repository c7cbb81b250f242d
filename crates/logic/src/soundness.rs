//! Brute-force soundness of the named patterns (finned, Franken and mutant fish, colouring,
//! remote pairs, W-wings, ALS wings, ALS-XZ, ALS-XY-wings, Sue de Coq, grouped AICs, ALS chains
//! and nice loops, unique rectangles of every type, BUG types 2 to 4) on random Sudoku
//! candidate states that keep a known solution: every value a pattern removes is taken by no solution of the state (the
//! engine's search, assigning it, finds none). Uniqueness patterns are checked on the states
//! with exactly one solution, against it.

use super::{aic, als, colouring, finned, franken, grave, links, sue_de_coq, uniqueness, Candidates};
use csp::branching::Rng;
use csp::solve::{Count, CountStatus};
use csp::{Outcome, Solver, VarId};

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

/// A random state ([`random_state`]) with a rectangle planted: two rows of a band, two columns
/// of different stacks; two corners hold exactly the solution's digits `x, y` of the first
/// row's corners, the other two those and their own solution digit, or a random one, and in
/// some states `x` leaves the rest of both rows (an X-wing on the corners).
fn planted_state(seed: u64) -> (Vec<u8>, Vec<u32>) {
    let (solution, mut masks) = random_state(seed);
    let mut rng = Rng::new(seed ^ 0x5eed);
    let band = rng.below(3) as usize * 3;
    let (r1, r2) = (band + rng.below(3) as usize, band + (1 + rng.below(2) as usize) % 3);
    let (r1, r2) = if r1 == r2 { (band, band + 1) } else { (r1, r2) };
    let c1 = rng.below(9) as usize;
    let c2 = (c1 / 3 * 3 + 3 + rng.below(6) as usize) % 9 / 3 * 3 + rng.below(3) as usize;
    let corners = [r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c2, r2 * 9 + c1];
    let bit = |d: u8| 1u32 << (d - 1);
    let xy = bit(solution[corners[0]]) | bit(solution[corners[1]]);
    let z = bit(1 + rng.below(9) as u8);
    // Which corners hold exactly `{x, y}`: a diagonal pair, or three, or one.
    let exact: &[usize] = match rng.below(3) {
        0 => &[0, 2],
        1 => &[0],
        _ => &[1, 3],
    };
    for (i, &k) in corners.iter().enumerate() {
        let own = bit(solution[k]);
        masks[k] = if exact.contains(&i) && own & xy != 0 { xy } else { xy | own | z };
    }
    if rng.below(2) == 0 {
        let x = xy & bit(solution[corners[0]]);
        for r in [r1, r2] {
            for col in (0..9).filter(|&col| col != c1 && col != c2) {
                if masks[r * 9 + col] != x {
                    masks[r * 9 + col] &= !x;
                }
            }
        }
    }
    (solution, masks)
}

#[test]
fn planted_rectangles_of_types_5_and_6_remove_no_solution() {
    let (mut states, mut kinds) = (0, [0usize; 7]);
    for seed in 0..1500 {
        let (solution, masks) = planted_state(seed);
        if masks.iter().zip(&solution).any(|(&m, &d)| m & (1 << (d - 1)) == 0) {
            continue;
        }
        let (mut solver, _) = grid(&masks);
        let Ok(c) = Candidates::from_solver(&solver) else { continue };
        let Count { count, status } = solver.count_solutions(2);
        if count != 1 || status != CountStatus::Complete {
            continue;
        }
        states += 1;
        for r in uniqueness::rectangles(&c) {
            kinds[r.kind as usize] += 1;
            for &(var, bits) in &r.removals {
                let digit = 1u64 << (solution[var as usize] - 1);
                assert_eq!(bits & digit, 0, "seed {seed}: a rectangle of type {} removes the solution", r.kind);
            }
        }
    }
    eprintln!("{states} unique planted states, rectangles by type {kinds:?}");
    assert!(states > 50 && kinds[5] > 0 && kinds[6] > 0, "{states} states, {kinds:?}");
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
    let mut found = [0usize; 11];
    // Sue de Coq; rectangles of types 5 and 6; BUG types 3 and 4.
    let mut new_found = [0usize; 4];
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
        // Franken and mutant fish (families mixed, a box or both kinds of line among them),
        // with up to two fins.
        for k in 2..=4 {
            for (bases, covers) in [([0usize, 2].as_slice(), [1usize, 2].as_slice()), (&[0, 1, 2], &[0, 1, 2])] {
                for max_fins in [0, 2] {
                    let search = franken::Search { base_families: bases, cover_families: covers, size: k, max_fins };
                    let mixed = |b: &[u32], c: &[u32]| b.iter().chain(c).any(|&g| g >= 18);
                    if let Some(f) = franken::find_first(&c, &search, mixed) {
                        removals.extend(f.removals.iter().map(|&l| (10, l, 1u64 << f.bit)));
                    }
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
        for (first, second) in [(0, 2), (1, 2)] {
            for s in sue_de_coq::find(&c, first, second).into_iter().take(3) {
                new_found[0] += 1;
                removals.extend(s.removals.iter().map(|&(l, m)| (9, l, m)));
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
            new_found[1] += usize::from(r.kind == 5);
            new_found[2] += usize::from(r.kind == 6);
            for &(var, bits) in &r.removals {
                let digit = 1u64 << (solution[var as usize] - 1);
                assert_eq!(bits & digit, 0, "seed {seed}: a rectangle of type {} removes the solution", r.kind);
            }
        }
        if let Some(b) = uniqueness::bug_type_2(&c) {
            found[5] += 1;
            assert!(b.removals.iter().all(|&l| i32::from(solution[l as usize]) != c.value(b.bit)), "seed {seed}");
        }
        for b in grave::find(&c) {
            new_found[3] += 1;
            for &(var, bits) in &b.removals {
                let digit = 1u64 << (solution[var as usize] - 1);
                assert_eq!(bits & digit, 0, "seed {seed}: a BUG of type {} removes the solution", b.kind);
            }
        }
    }
    // Every pattern but the rare BUG types was met (the test is not vacuous).
    assert!(
        found[..5].iter().chain(&found[6..]).all(|&n| n > 0) && unique_states > 20,
        "{found:?}, {unique_states} unique states"
    );
    eprintln!("found {found:?}, Sue de Coq / rectangles 5, 6 / BUG 3, 4: {new_found:?}");
    assert!(new_found[0] > 0, "{new_found:?}");
}

#[test]
fn every_value_a_grouped_chain_removes_is_in_no_solution_and_its_placement_in_every_one() {
    // By shape (open, continuous, discontinuous), and chains with a set node.
    let mut found = [0usize; 4];
    for seed in 1000..1150 {
        let (solution, masks) = random_state(seed);
        let (solver, _) = grid(&masks);
        let c = Candidates::from_solver(&solver).unwrap();
        for (groups, als) in [(true, 0), (true, 3), (false, 3)] {
            let Some(chain) = aic::shortest(&c, &aic::Options { groups, als, max_nodes: 12, max_weight: usize::MAX })
            else {
                continue;
            };
            assert!(chain.nodes.iter().any(|n| n.kind != aic::NodeKind::Single), "seed {seed}: no group or set");
            assert!(chain.len() >= 4 && chain.len() <= 12, "seed {seed}: {} nodes", chain.len());
            found[chain.shape as usize] += 1;
            found[3] += usize::from(chain.links.iter().any(|l| !l.set.is_empty()));
            for &(var, bits) in &chain.removals {
                for bit in super::bits(bits) {
                    let value = c.value(bit);
                    assert_ne!(i32::from(solution[var as usize]), value, "seed {seed}: {chain:?} removes the solution");
                    assert!(!possible(&masks, var, value), "seed {seed}: {chain:?} removes r{var} = {value}");
                }
            }
            if let Some((var, bit)) = chain.place {
                assert_eq!(i32::from(solution[var as usize]), c.value(bit), "seed {seed}: {chain:?}");
                for other in super::bits(c.mask(var) & !(1 << bit)) {
                    assert!(!possible(&masks, var, c.value(other)), "seed {seed}: {chain:?} places one of two");
                }
            }
        }
    }
    eprintln!("grouped chains found: open, continuous, discontinuous, with sets: {found:?}");
    // Discontinuous loops are rare here (a shorter chain concludes first): see
    // `a_discontinuous_loop_places_its_candidate` in `aic`.
    assert!(found[0] > 0 && found[1] > 0 && found[3] > 0, "{found:?}");
}

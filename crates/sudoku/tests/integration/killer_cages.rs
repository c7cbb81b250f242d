//! Killer-sudoku cages on the engine: [`DistinctSum`] finds the same grids as the recipe
//! [`AllDifferent`] + [`Linear`] and as a [`Predicate`] check, and prunes at least as much.

use csp::constraints::{AllDifferent, Comparison, DistinctSum, Linear, Predicate, Strength};
use csp::{Limits, Model, Outcome, Solver, VarId};

/// How a cage is posted.
#[derive(Clone, Copy, Debug)]
enum Cage {
    Combined,
    Separate,
    Predicate,
}

/// A sudoku of `n = b * b` (no givens) with `cages` (cell lists) summing to `sums`.
fn killer(b: usize, cages: &[Vec<usize>], sums: &[i32], how: Cage) -> (Model, Vec<VarId>) {
    let n = b * b;
    let mut m = Model::new();
    let cells = m.new_vars(n * n, 1..=n as i32).unwrap();
    let mut units: Vec<Vec<usize>> = Vec::new();
    for i in 0..n {
        units.push((0..n).map(|j| i * n + j).collect());
        units.push((0..n).map(|j| j * n + i).collect());
        let (r0, c0) = (i / b * b, i % b * b);
        units.push((0..n).map(|k| (r0 + k / b) * n + c0 + k % b).collect());
    }
    for u in &units {
        m.post(AllDifferent::new(u.iter().map(|&c| cells[c]).collect::<Vec<_>>())).unwrap();
    }
    for (cage, &sum) in cages.iter().zip(sums) {
        let vars: Vec<VarId> = cage.iter().map(|&c| cells[c]).collect();
        match how {
            Cage::Combined => {
                m.post(DistinctSum::new(vars, sum)).unwrap();
            }
            Cage::Separate => {
                m.post(AllDifferent::new(vars.clone()).with_strength(Strength::Gac)).unwrap();
                m.post(Linear::sum(vars, Comparison::Equal, sum)).unwrap();
            }
            Cage::Predicate => {
                m.post(Predicate::new(vars, move |vs| {
                    vs.iter().sum::<i32>() == sum && (1..vs.len()).all(|i| !vs[..i].contains(&vs[i]))
                }))
                .unwrap();
            }
        }
    }
    (m, cells)
}

/// A valid grid (a shifted pattern), its cages and their sums: each box split into a row of
/// three, a pair and a block of four.
fn instance(b: usize) -> (Vec<i32>, Vec<Vec<usize>>, Vec<i32>) {
    let n = b * b;
    let grid: Vec<i32> = (0..n * n).map(|k| ((k / n * b + k / n / b + k % n) % n) as i32 + 1).collect();
    let mut cages = Vec::new();
    for bx in 0..n {
        let (r0, c0) = (bx / b * b, bx % b * b);
        let cell = |r: usize, c: usize| (r0 + r) * n + c0 + c;
        let all: Vec<usize> = (0..n).map(|k| cell(k / b, k % b)).collect();
        if b == 2 {
            cages.push(vec![all[0], all[1]]);
            cages.push(vec![all[2], all[3]]);
        } else {
            cages.push(all[0..3].to_vec());
            cages.push(vec![all[3], all[6]]);
            cages.push(vec![all[4], all[5], all[7], all[8]]);
        }
    }
    let sums = cages.iter().map(|c| c.iter().map(|&k| grid[k]).sum()).collect();
    (grid, cages, sums)
}

#[test]
fn all_three_formulations_count_the_same_4x4_grids() {
    let (grid, cages, sums) = instance(2);
    let mut counts = Vec::new();
    for how in [Cage::Combined, Cage::Separate, Cage::Predicate] {
        let (model, cells) = killer(2, &cages, &sums, how);
        let check = killer(2, &cages, &sums, how).0;
        let mut solver = Solver::new(model);
        let mut count = 0;
        let mut found_source = false;
        for s in solver.solutions() {
            assert_eq!(check.check_assignment(s.values()), Ok(()));
            found_source |= cells.iter().map(|&c| s[c]).eq(grid.iter().copied());
            count += 1;
        }
        assert!(found_source, "{how:?}: the grid the sums come from is a solution");
        counts.push((how, count, solver.stats().nodes));
    }
    assert!(counts.iter().all(|&(_, c, _)| c == counts[0].1), "{counts:?}");
}

#[test]
fn distinct_sum_solves_a_9x9_killer_and_prunes_at_least_as_much_at_the_root() {
    let (_, cages, sums) = instance(3);
    let mut roots = Vec::new();
    for how in [Cage::Combined, Cage::Separate] {
        let (model, cells) = killer(3, &cages, &sums, how);
        let check = killer(3, &cages, &sums, how).0;
        let mut solver = Solver::new(model);
        solver.propagate().unwrap();
        roots.push(cells.iter().map(|&c| solver.domain(c).to_vec()).collect::<Vec<_>>());
        solver.set_limits(Limits { max_nodes: Some(1_000_000), ..Limits::default() });
        let Outcome::Solved(s) = solver.solve() else { panic!("{how:?}: no solution within the node limit") };
        assert_eq!(check.check_assignment(s.values()), Ok(()));
        for (cage, &sum) in cages.iter().zip(&sums) {
            assert_eq!(cage.iter().map(|&c| s[cells[c]]).sum::<i32>(), sum);
        }
    }
    for (combined, separate) in roots[0].iter().zip(&roots[1]) {
        assert!(combined.iter().all(|v| separate.contains(v)), "{combined:?} not within {separate:?}");
    }
}

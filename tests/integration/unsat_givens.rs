//! Why a Sudoku has no solution, through the engine: [`csp::Solver::explain_assignments`] on
//! the held-out unsolvable puzzles of `data/9x9_no_solution_tdoku.txt` gives a minimal set of
//! givens. The model is written here with the engine alone (rows, columns, boxes all
//! different), and minimality is checked by fresh searches: the set has no solution, and
//! without any one of its givens it has one.

use csp::constraints::{AllDifferent, Strength};
use csp::solve::Explanation;
use csp::{Limits, Model, Value, VarId};

fn empty_grid() -> (Model, Vec<VarId>) {
    let mut m = Model::new();
    let cells: Vec<VarId> =
        (0..81).map(|i| m.new_named_var(format!("r{}c{}", i / 9 + 1, i % 9 + 1), 1..=9).unwrap()).collect();
    for k in 0..9 {
        let row: Vec<VarId> = (0..9).map(|j| cells[9 * k + j]).collect();
        let col: Vec<VarId> = (0..9).map(|j| cells[9 * j + k]).collect();
        let boxed: Vec<VarId> = (0..9).map(|j| cells[9 * (3 * (k / 3) + j / 3) + 3 * (k % 3) + j % 3]).collect();
        for (name, unit) in [("row", row), ("col", col), ("box", boxed)] {
            m.post_named(format!("{name}{}", k + 1), AllDifferent::new(unit).with_strength(Strength::Gac)).unwrap();
        }
    }
    (m, cells)
}

/// Whether the givens (cells of another grid's model, by position) leave a solution: a fresh
/// search on a fresh model, whose cells are taken at the same positions.
fn solvable(givens: &[(VarId, Value)]) -> bool {
    let (model, cells) = empty_grid();
    let mut solver = model.into_solver();
    givens.iter().all(|&(x, v)| solver.assign(cells[x.index()], v).is_ok()) && solver.solve().solution().is_some()
}

#[test]
fn unsolvable_sudokus_have_minimal_sets_of_givens() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/data/9x9_no_solution_tdoku.txt")).unwrap();
    let mut explained = 0;
    for line in text.lines().map(str::trim).filter(|l| l.len() == 81) {
        let (model, cells) = empty_grid();
        let givens: Vec<(VarId, Value)> = line
            .chars()
            .enumerate()
            .filter_map(|(i, c)| c.to_digit(10).filter(|&d| d > 0).map(|d| (cells[i], d as Value)))
            .collect();
        let mut solver = model.into_solver();
        let Explanation::Minimal(conflict) = solver.explain_assignments(&givens, Limits::default()) else {
            panic!("{line} is unsolvable")
        };
        let shown: Vec<String> =
            conflict.iter().map(|&(x, v)| format!("{} = {v}", solver.model().display_var(x))).collect();
        eprintln!("unsolvable: {} ({} of {} givens)", shown.join(", "), conflict.len(), givens.len());
        assert!(!solvable(&conflict), "{line}: {} has a solution", shown.join(", "));
        for (k, given) in shown.iter().enumerate() {
            let mut rest = conflict.clone();
            rest.remove(k);
            assert!(solvable(&rest), "{line}: without {given}, still unsolvable");
        }
        // Some of these puzzles are minimally unsolvable themselves: every given is needed.
        assert!(conflict.len() <= givens.len());
        explained += 1;
    }
    assert_eq!(explained, 10);
}

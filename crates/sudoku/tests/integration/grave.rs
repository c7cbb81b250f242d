//! BUG types 3 and 4 (`logic::grave`) against the unique solution, on real
//! near-graves: the candidates of rated puzzles just before their BUG+1 step, with an extra
//! digit added to a cell sharing a unit with the BUG+1 cell (two BUG cells in one unit), kept
//! when the state still has exactly one solution.

use csp::branching::Rng;
use csp::constraints::AllDifferent;
use csp::solve::{Count, CountStatus};
use csp::{Model, Solver as Engine, VarId};
use logic::{grave, Candidates};
use sudoku::technique::Bug;
use sudoku::{Cell, Explainer, Grid, StepKind, Technique, Uniqueness};

/// Rated puzzles of `data/9x9_sudokuexchange_rated_sample.tsv` that SE and this ladder both
/// solve with a BUG+1 as the hardest step.
const BUG_PLUS_ONE: [&str; 8] = [
    ".....8.7.7..6428...1..9....65.....8..32...41..8.....93....8..5...8723..9.4.1.....",
    "24.9...675....4..8...16.....9.5.14.3..5...6..4.76.3.9.....95...8..4....671...6.59",
    "4..2....6..2319.......6..3..1.5.6.92.64...51.23.9.1.6..2..7.......6823..7....3..5",
    ".........7.524.8.332..67...486.........432.........594...31..798.2.594.1.........",
    "..4.2.7.....3.7...9.......8.3.....5.1...4...2..65.28...1.....8.3..4.9..75..8.3..4",
    "4.......6.83.2.57....579.......5.....1.3.7.4....1.6...2.......5..9...7....67.28..",
    ".8.....4.....7...1.37..2.8......85...713.649...41......4.6..23.7...3.....9.....6.",
    "...784...1.......5.7..2..8.5.1...2.8.4.2.1.9.....6......4...5...87...36....3.7...",
];

/// The candidates (bit `d - 1` for digit `d`, by cell index) just before the first BUG+1 step
/// of `puzzle`'s explanation, the BUG+1 cell and the solution.
fn before_bug(puzzle: &Grid) -> Option<(Vec<u32>, Cell, Grid)> {
    let e = Explainer::default().explain(puzzle);
    let Uniqueness::Unique(solution) = e.result() else { return None };
    let shape = puzzle.shape();
    let mut cands: Vec<u32> = shape.cells().map(|c| puzzle.get(c).map_or(0x1ff, |d| 1 << (d - 1))).collect();
    for step in e.steps().iter().filter(|s| !s.refuted && s.depth == 0) {
        match &step.kind {
            StepKind::Place { technique: Technique::Bug(Bug { cell }), .. } => {
                return Some((cands, *cell, solution.clone()))
            }
            StepKind::Place { cell, digit, .. } => cands[shape.index(*cell)] = 1 << (digit - 1),
            StepKind::Eliminate { claims, .. } => {
                for (c, ds) in claims {
                    cands[shape.index(*c)] &= !ds.iter().fold(0, |m, d| m | 1 << (d - 1));
                }
            }
            StepKind::Implied { cells, digit, .. } => {
                for c in cells {
                    cands[shape.index(*c)] &= !(1 << (digit - 1));
                }
            }
            _ => {}
        }
    }
    None
}

/// A 9x9 Sudoku engine with the candidates `masks`: rows, columns, boxes; cell `i` is `v[i]`.
fn engine(masks: &[u32]) -> Engine {
    let mut model = Model::new();
    let v: Vec<VarId> = model.new_vars(81, 1..=9).unwrap();
    let unit = |f: &dyn Fn(usize) -> usize| (0..9).map(|i| v[f(i)]).collect::<Vec<_>>();
    for k in 0..9 {
        model.post(AllDifferent::new(unit(&|i| k * 9 + i))).unwrap();
        model.post(AllDifferent::new(unit(&|i| i * 9 + k))).unwrap();
        model.post(AllDifferent::new(unit(&|i| (k / 3 * 3 + i / 3) * 9 + k % 3 * 3 + i % 3))).unwrap();
    }
    let mut solver = model.into_solver();
    for (i, &m) in masks.iter().enumerate() {
        for d in (1..=9).filter(|d| m & (1 << (d - 1)) == 0) {
            solver.remove_value(v[i], d).unwrap();
        }
    }
    solver
}

#[test]
fn bug_types_3_and_4_never_remove_the_solution_of_real_near_graves() {
    let (mut states, mut kinds) = (0, [0usize; 5]);
    let mut rng = Rng::new(27);
    for line in BUG_PLUS_ONE {
        let puzzle = Grid::from_line(line).unwrap();
        let (cands, bug_cell, solution) = before_bug(&puzzle).unwrap_or_else(|| panic!("{line}: no BUG+1"));
        let shape = puzzle.shape();
        let peers: Vec<Cell> = shape
            .cells()
            .filter(|&c| c != bug_cell && cands[shape.index(c)].count_ones() == 2)
            .filter(|&c| {
                c.row() == bug_cell.row()
                    || c.col() == bug_cell.col()
                    || shape.box_index(c) == shape.box_index(bug_cell)
            })
            .collect();
        for _ in 0..40 {
            let cell = peers[rng.below(peers.len() as u64) as usize];
            let digit = 1 + rng.below(9) as u8;
            let mut masks = cands.clone();
            masks[shape.index(cell)] |= 1 << (digit - 1);
            if masks == cands {
                continue;
            }
            let mut engine = engine(&masks);
            let Ok(c) = Candidates::from_solver(&engine) else { continue };
            let Count { count, status } = engine.count_solutions(2);
            if count != 1 || status != CountStatus::Complete {
                continue;
            }
            states += 1;
            for b in grave::find(&c) {
                kinds[b.kind as usize] += 1;
                for &(var, bits) in &b.removals {
                    let cell = shape.cell(c.var(var).index());
                    let d = solution.get(cell).unwrap_or(0);
                    assert_eq!(bits & (1 << (d - 1)), 0, "{line}: BUG type {} removes {cell} = {d}", b.kind);
                }
            }
        }
    }
    eprintln!("{states} unique near-graves, BUG by type {kinds:?}");
    assert!(states > 20 && kinds[3] + kinds[4] > 0, "{states} states, {kinds:?}");
}

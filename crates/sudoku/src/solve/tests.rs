//! The solver's tests, by concept: searches, explanations, grading, hints.

use std::time::Duration;

use csp::solve::{Count, CountStatus, Limit};

use super::*;
use crate::error::ParseError;
use crate::explain::Explanation;
use crate::grid::Cell;
use crate::outcome::{Outcome, Uniqueness};
use crate::technique::step::{Detail, StepKind};
use crate::technique::Technique;
use crate::variant::Variant;

const LEETCODE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const LEETCODE_SOLUTION: &str = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

const STRENGTHS: [Strength; 3] = [Strength::ForwardChecking, Strength::HiddenSingles, Strength::Gac];

/// A 4x4 puzzle with one solution.
const FOUR: &str = "...3..4114..3...";

// ---- searches ----------------------------------------------------------------------------------

#[test]
fn leetcode_example_has_its_known_unique_solution_under_every_strength() {
    let puzzle = Grid::from_line(LEETCODE).unwrap();
    for s in STRENGTHS {
        let mut solver = Solver::with_strength(Shape::SIZE_9, s);
        match solver.solve_unique(&puzzle) {
            Uniqueness::Unique(g) => assert_eq!(g.to_line(), LEETCODE_SOLUTION, "{s:?}"),
            other => panic!("{s:?}: {other:?}"),
        }
        assert!(solver.is_unique(&puzzle));
    }
}

#[test]
fn one_solver_serves_many_puzzles_and_shapes() {
    let mut solver = Solver::new(Shape::SIZE_9);
    let nine = Grid::from_line(LEETCODE).unwrap();
    let four = Grid::from_line("1.3.3.1..1.3..2.").unwrap();
    for _ in 0..3 {
        assert_eq!(solver.solve(&nine).solution().map(Grid::to_line).as_deref(), Some(LEETCODE_SOLUTION));
        let g = solver.solve(&four);
        assert!(g.solution().is_some_and(|g| g.is_solution_of(&four)));
        assert_eq!(solver.shape(), Shape::SIZE_4);
    }
}

#[test]
fn clashing_givens_are_unsatisfiable_without_search() {
    // A grid built by hand may clash; the solver answers "no solution".
    let mut g = Grid::empty(Shape::SIZE_9);
    g.set(Cell::new(0, 0), Some(3));
    g.set(Cell::new(8, 0), Some(3));
    let mut solver = Solver::default();
    assert_eq!(solver.solve(&g), Outcome::Unsatisfiable);
    assert_eq!(solver.solve_unique(&g), Uniqueness::Unsatisfiable);
    assert_eq!(solver.count_solutions_up_to(&g, 5), Count { count: 0, status: CountStatus::Complete });
    assert_eq!(solver.solutions_up_to(&g, 5).grids, Vec::<Grid>::new());
    assert_eq!(solver.stats().nodes, 0);
}

#[test]
fn an_empty_4x4_grid_has_288_solutions() {
    let empty = Grid::empty(Shape::SIZE_4);
    for s in STRENGTHS {
        let mut solver = Solver::with_strength(Shape::SIZE_4, s);
        assert_eq!(solver.count_solutions_up_to(&empty, 1000), Count { count: 288, status: CountStatus::Complete });
        let all = solver.solutions_up_to(&empty, 1000);
        assert_eq!(all.grids.len(), 288);
        assert!(all.grids.iter().all(Grid::is_solved));
        let mut lines: Vec<String> = all.grids.iter().map(Grid::to_line).collect();
        lines.sort();
        lines.dedup();
        assert_eq!(lines.len(), 288, "solutions are distinct");
    }
}

#[test]
fn multiple_solutions_are_reported_with_two_different_grids() {
    let puzzle = Grid::from_line(".2.4.4.221434321").unwrap();
    let Uniqueness::Multiple(a, b) = Solver::default().solve_unique(&puzzle) else { panic!() };
    assert_ne!(a, b);
    assert!(a.is_solution_of(&puzzle) && b.is_solution_of(&puzzle));
}

#[test]
fn a_node_limit_stops_the_search_and_says_so() {
    let mut solver = Solver::new(Shape::SIZE_9);
    solver.set_limits(Limits { max_nodes: Some(1), ..Limits::default() });
    let hard =
        Grid::from_line("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..").unwrap();
    assert_eq!(solver.solve_unique(&hard), Uniqueness::LimitReached(Limit::Nodes));
    assert_eq!(solver.count_solutions_up_to(&hard, 2).status, CountStatus::LimitReached(Limit::Nodes));
    solver.set_limits(Limits { timeout: Some(Duration::from_secs(60)), ..Limits::default() });
    assert!(solver.is_unique(&hard));
}

#[test]
fn same_seed_gives_the_same_random_search() {
    let puzzle = Grid::from_line(LEETCODE).unwrap();
    let run = |seed| {
        let mut solver = Solver::default();
        solver.set_var_order(VarOrder::Mrv(TieBreak::Random));
        solver.set_value_order(ValueOrder::Random);
        solver.set_seed(seed);
        let _ = solver.solve(&Grid::empty(Shape::SIZE_9));
        let first = solver.solve(&puzzle);
        (first, solver.stats().nodes, solver.stats().prunings)
    };
    assert_eq!(run(3), run(3));
}

#[test]
fn changing_strength_keeps_options_and_answers() {
    let puzzle = Grid::from_line(LEETCODE).unwrap();
    let mut solver = Solver::default();
    solver.set_limits(Limits { max_nodes: Some(1_000_000), ..Limits::default() });
    solver.set_strength(Strength::Gac);
    assert_eq!(solver.strength(), Strength::Gac);
    assert_eq!(solver.limits().max_nodes, Some(1_000_000));
    assert!(solver.is_unique(&puzzle));
    // 27 units, and the network that runs before their GAC.
    assert_eq!(solver.engine().model().num_constraints(), 28);
}

// ---- variants ----------------------------------------------------------------------------------

const KILLER_4: &str = "abbc\ndddc\neefg\nehgg\na 1\nb 5\nc 6\nd 8\ne 7\nf 4\ng 6\nh 3\n";
const JIGSAW_4: &str = "aaab\ncabb\nccdb\ncddd\n";

#[test]
fn empty_4x4_counts_agree_across_strengths_and_locked_candidates() {
    let x = Puzzle::x(Grid::empty(Shape::SIZE_4));
    let jigsaw = Puzzle::parse(Variant::Jigsaw, JIGSAW_4).unwrap();
    for s in STRENGTHS {
        for locked in [false, true] {
            let mut solver = Solver::with_strength(Shape::SIZE_4, s);
            solver.set_locked_candidates(locked);
            assert_eq!(solver.count_solutions_up_to(&jigsaw, 1000).count, 96, "{s:?} {locked}");
            let all = solver.solutions_up_to(&x, 1000);
            assert_eq!(all.status, CountStatus::Complete);
            assert!(all.grids.iter().all(|g| x.is_solution(g)), "{s:?}");
            let plain = Puzzle::plain(Grid::empty(Shape::SIZE_4));
            assert_eq!(solver.count_solutions_up_to(&plain, 1000).count, 288);
        }
    }
}

#[test]
fn the_4x4_x_sudoku_has_48_solutions() {
    // As an independent brute force counts (in the integration tests too).
    let x = Puzzle::x(Grid::empty(Shape::SIZE_4));
    assert_eq!(Solver::default().count_solutions_up_to(&x, 1000).count, 48);
}

#[test]
fn a_killer_without_givens_is_unique_under_every_strength() {
    let p = Puzzle::parse(Variant::Killer, KILLER_4).unwrap();
    for s in STRENGTHS {
        let mut solver = Solver::with_strength(Shape::SIZE_4, s);
        match solver.solve_unique(&p) {
            Uniqueness::Unique(g) => assert_eq!(g.to_line(), "1234341221434321"),
            other => panic!("{s:?}: {other:?}"),
        }
        // 12 units, 8 cages and the all-different network.
        assert_eq!(solver.engine().model().num_constraints(), 12 + 8 + 1);
    }
}

#[test]
fn one_solver_switches_between_variants_and_back() {
    let mut solver = Solver::default();
    let killer = Puzzle::parse(Variant::Killer, KILLER_4).unwrap();
    let plain = Puzzle::plain(Grid::from_line("1.3.3.1..1.3..2.").unwrap());
    let jigsaw = Puzzle::parse(Variant::Jigsaw, &format!("{JIGSAW_4}\n....\n2...\n....\n43..")).unwrap();
    for _ in 0..2 {
        assert!(solver.is_unique(&killer));
        assert!(solver.solve(&plain).solution().is_some_and(|g| g.is_solution_of(plain.grid())));
        assert_eq!(solver.solve(&jigsaw).solution().map(Grid::to_line).as_deref(), Some("1234241331424321"));
    }
}

#[test]
fn conflicting_givens_and_limits_are_answers() {
    let mut solver = Solver::default();
    // Cage 'a' is r1c1 alone with sum 1: a given 3 there contradicts it.
    let bad = Puzzle::parse(Variant::Killer, &format!("{KILLER_4}\n3...\n....\n....\n....\n")).unwrap();
    assert_eq!(solver.solve(&bad), Outcome::Unsatisfiable);
    assert_eq!(solver.solve_unique(&bad), Uniqueness::Unsatisfiable);
    assert_eq!(solver.count_solutions_up_to(&bad, 3), Count { count: 0, status: CountStatus::Complete });
    let x9 = Puzzle::x(Grid::empty(Shape::SIZE_9));
    solver.set_limits(Limits { max_nodes: Some(3), ..Limits::default() });
    assert_eq!(solver.solve_unique(&x9), Uniqueness::LimitReached(Limit::Nodes));
    assert_eq!(solver.count_solutions_up_to(&x9, 1_000_000).status, CountStatus::LimitReached(Limit::Nodes));
}

#[test]
fn multiple_solutions_come_as_two_valid_grids() {
    let x9 = Puzzle::x(Grid::empty(Shape::SIZE_9));
    let Uniqueness::Multiple(a, b) = Solver::default().solve_unique(&x9) else { panic!() };
    assert!(a != b && x9.is_solution(&a) && x9.is_solution(&b));
}

#[test]
fn a_grid_and_its_plain_puzzle_are_solved_alike() {
    let grid = Grid::from_line(LEETCODE).unwrap();
    let puzzle = Puzzle::plain(grid.clone());
    let mut solver = Solver::default();
    let by_grid = (solver.solve_unique(&grid), solver.stats().nodes, solver.stats().prunings);
    let by_puzzle = (solver.solve_unique(&puzzle), solver.stats().nodes, solver.stats().prunings);
    assert_eq!(by_grid, by_puzzle);
    assert_eq!(solver.count_solutions_up_to(&grid, 5), solver.count_solutions_up_to(&puzzle, 5));
}

#[test]
fn a_variant_between_two_plain_puzzles_changes_nothing_in_their_search() {
    let grid = Grid::from_line(LEETCODE).unwrap();
    let killer = Puzzle::parse(Variant::Killer, KILLER_4).unwrap();
    let mut solver = Solver::default();
    solver.set_locked_candidates(true);
    let before = (solver.solve_unique(&grid), solver.stats().nodes, solver.stats().prunings);
    assert!(solver.is_unique(&killer));
    assert_eq!(solver.shape(), Shape::SIZE_4);
    assert!(solver.locked_candidates());
    let after = (solver.solve_unique(&grid), solver.stats().nodes, solver.stats().prunings);
    assert_eq!(before, after);
}

// ---- explanations ------------------------------------------------------------------------------

fn explain(line: &str) -> Explanation {
    let grid = Grid::parse_keeping_clashes(line).unwrap();
    Explainer::new(grid.shape()).explain(&grid)
}

#[test]
fn uniqueness_techniques_wait_for_a_proof_of_uniqueness() {
    // Two solutions: 1 and 3 swap in r1c1, r1c3, r2c1, r2c3.
    let multi = Grid::from_line(".2.4.4.221434321").unwrap();
    let mut solver = Solver::new(multi.shape());
    assert!(!solver.proven_unique(&multi));
    assert!(solver.proven_unique(&Grid::from_line(FOUR).unwrap()));
    let e = solver.explain(&multi);
    assert!(matches!(e.result(), Uniqueness::Multiple(..)));
    assert!(e
        .steps()
        .iter()
        .all(|s| !matches!(s.kind.technique(), Some(Technique::UniqueRectangle(_) | Technique::Bug(_)))));
}

#[test]
fn a_4x4_explanation_places_every_empty_cell_once() {
    let e = explain(FOUR);
    let Uniqueness::Unique(solution) = e.result().clone() else { panic!("{:?}", e.result()) };
    let mut placed: Vec<Cell> = e
        .steps()
        .iter()
        .filter_map(|s| match s.kind {
            StepKind::Place { cell, digit, .. } => {
                assert_eq!(solution.get(cell), Some(digit), "{s}");
                Some(cell)
            }
            _ => None,
        })
        .collect();
    let n = placed.len();
    placed.sort();
    placed.dedup();
    assert_eq!((placed.len(), n), (10, 10), "each empty cell placed once");
}

#[test]
fn implied_eliminations_show_only_in_full() {
    let e = explain(FOUR);
    let full = e.display(Detail::Full).to_string();
    assert!(full.lines().any(|l| l == "r4c2, r4c3 != 3: r4c1 = 3 in row 4"), "{full}");
    assert!(!e.to_string().contains("r4c1 = 3 in row 4"));
}

#[test]
fn clashing_givens_are_named_without_search() {
    let e = explain("1..1............");
    assert_eq!(e.result(), &Uniqueness::Unsatisfiable);
    assert_eq!(e.to_string(), "contradiction: givens r1c1 and r1c4 both hold 1 in row 1\n");
    assert_eq!(e.clashes().count(), 1);
}

// ---- grading -----------------------------------------------------------------------------------

#[test]
fn an_easy_puzzle_is_graded_by_its_hardest_single() {
    let grid =
        Grid::from_line("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..").unwrap();
    let g = Explainer::default().grade(&grid);
    assert!(g.score() <= 1.5 && g.score() >= 1.0, "{g}");
    assert_eq!(g.guesses(), 0);
}

// ---- hints -------------------------------------------------------------------------------------

#[test]
fn a_complete_grid_has_no_hint_and_a_wrong_one_a_contradiction() {
    let mut solver = Solver::new(Shape::SIZE_4);
    let done = Grid::from_line("1234341221434321").unwrap();
    assert!(solver.hint(&done).step().is_none());
    let clash = Grid::parse_keeping_clashes("11..............").unwrap();
    let step = solver.hint(&clash).step().unwrap().to_string();
    assert_eq!(step, "contradiction: givens r1c1 and r1c2 both hold 1 in row 1");
}

#[test]
fn pencil_marks_read_back_what_a_hint_prints() {
    let grid = Grid::from_line("...3..4114..3...").unwrap();
    let hint = Explainer::new(grid.shape()).hint(&grid);
    let marks = PencilMarks::parse(&hint.marks().to_string()).unwrap();
    // A cell with one candidate reads back as filled.
    assert!(grid.cells().all(|(c, d)| d.is_none() || marks.grid().get(c) == d));
    assert_eq!(marks.grid().to_line(), "..232.4114.232..");
    assert!(PencilMarks::looks_like(&hint.marks().to_string()));
    assert!(!PencilMarks::looks_like("...3..4114..3..."));
    assert!(!PencilMarks::looks_like("1234341221434321"));
    assert!(!PencilMarks::looks_like("12 34\n34 12\n21 43\n43 21"));
    for cell in grid.shape().cells() {
        assert_eq!(marks.candidates(cell), hint.candidates(cell));
    }
    assert_eq!(PencilMarks::parse("1 2 3"), Err(ParseError::WrongCellCount { found: 3 }));
    let bad = "12 x 3 4\n1 2 3 4\n1 2 3 4\n1 2 3 4";
    assert_eq!(PencilMarks::parse(bad), Err(ParseError::InvalidChar { line: 1, column: 4, ch: 'x' }));
}

#[test]
fn pencil_marks_align_columns_and_rule_boxes() {
    let grid = Grid::from_line("...3..4114..3...").unwrap();
    let hint = Explainer::new(grid.shape()).hint(&grid);
    let text = hint.marks().to_string();
    assert_eq!(text.lines().count(), 5, "{text}");
    assert!(text.lines().nth(2).unwrap().starts_with("---"), "{text}");
}

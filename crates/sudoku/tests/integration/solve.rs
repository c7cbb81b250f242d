//! The `sudoku` crate against known answers: the issue's seed puzzles and the puzzle files in
//! `data/`, every solution checked by the independent checker.

use sudoku::{CountStatus, Grid, Limits, Shape, Solver, Strength, TieBreak, Uniqueness, ValueOrder, VarOrder};

use checks::grid::{check_solution, data, puzzles};

const STRENGTHS: [Strength; 3] = [Strength::ForwardChecking, Strength::HiddenSingles, Strength::Gac];

/// The LeetCode 37 example and its published solution (also checked below).
const LEETCODE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const LEETCODE_SOLUTION: &str = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// The issue's second seed puzzle, exactly as written there: it has 82 characters.
const ISSUE_SECOND_SEED: &str = "4..52.7.3.....3...1....7....14.....67...5...15.....42.....4....5...8.....2.17.6..8";

/// Solves every puzzle of `text` with one reused solver per strength; each must be unique,
/// and its solution passes the independent checker. Returns the number of puzzles.
fn solve_all_unique(text: &str, max: usize, strengths: &[Strength]) -> usize {
    let list: Vec<&str> = puzzles(text).take(max).collect();
    for &strength in strengths {
        let mut solver = Solver::with_strength(Shape::SIZE_9, strength);
        for (i, line) in list.iter().enumerate() {
            let puzzle = Grid::from_line(line).unwrap_or_else(|e| panic!("puzzle {i}: {e}"));
            match solver.solve_unique(&puzzle) {
                Uniqueness::Unique(s) => {
                    if let Err(e) = check_solution(line, &s.to_line()) {
                        panic!("puzzle {i} ({line}) with {strength:?}: {e}");
                    }
                }
                other => panic!("puzzle {i} ({line}) with {strength:?}: {other:?}"),
            }
        }
    }
    list.len()
}

#[test]
fn leetcode_seed_solves_to_its_published_solution_under_every_strength() {
    check_solution(LEETCODE, LEETCODE_SOLUTION).unwrap();
    let puzzle = Grid::from_line(LEETCODE).unwrap();
    for s in STRENGTHS {
        let mut solver = Solver::with_strength(Shape::SIZE_9, s);
        let Uniqueness::Unique(g) = solver.solve_unique(&puzzle) else { panic!("{s:?}") };
        assert_eq!(g.to_line(), LEETCODE_SOLUTION, "{s:?}");
    }
}

/// The issue lists a second seed puzzle that has 82 characters; it is rejected with the cell
/// count, and no puzzle obtained by deleting one of its characters has a unique solution
/// (each has none or several), so it cannot be a one-character typo of a proper puzzle.
#[test]
fn issue_second_seed_as_written_is_82_cells_and_rejected() {
    assert_eq!(ISSUE_SECOND_SEED.len(), 82);
    let err = Grid::from_line(ISSUE_SECOND_SEED).unwrap_err();
    assert_eq!(
        err.to_string(),
        "found 82 cells, expected 81 (9x9) or one of 16 (4x4), 36 (6x6), 144 (12x12), 256 (16x16), 625 (25x25)"
    );
    let mut solver = Solver::new(Shape::SIZE_9);
    for i in 0..ISSUE_SECOND_SEED.len() {
        let candidate = format!("{}{}", &ISSUE_SECOND_SEED[..i], &ISSUE_SECOND_SEED[i + 1..]);
        if let Ok(g) = Grid::from_line(&candidate) {
            assert!(!solver.is_unique(&g), "deleting character {} gives a proper puzzle: {candidate}", i + 1);
        }
    }
}

#[test]
fn famous_hardest_and_euler_puzzles_are_unique_under_every_strength() {
    assert_eq!(solve_all_unique(&data("9x9_famous_hardest.txt"), usize::MAX, &STRENGTHS), 4);
    assert_eq!(solve_all_unique(&data("9x9_easy_euler50.txt"), usize::MAX, &STRENGTHS), 50);
}

#[test]
fn first_puzzles_of_the_large_sets_are_unique() {
    let hs = [Strength::HiddenSingles];
    assert_eq!(solve_all_unique(&data("9x9_17clue_royle.txt"), 300, &hs), 300);
    assert_eq!(
        solve_all_unique(&data("9x9_magictour_top1465.txt"), 200, &[Strength::HiddenSingles, Strength::Gac]),
        200
    );
    assert_eq!(solve_all_unique(&data("9x9_forum_hardest_1905_11plus.txt"), 100, &hs), 100);
}

#[test]
fn tdoku_test_cases_have_their_exact_counts_under_every_strength() {
    let text = data("9x9_tdoku_test_cases.txt");
    let cases: Vec<(&str, u64, Option<&str>)> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let mut f = l.trim().split(':');
            let puzzle = f.next().unwrap();
            let count = f.next().and_then(|c| c.parse().ok()).unwrap_or_else(|| panic!("no count in {l}"));
            (puzzle, count, f.next())
        })
        .collect();
    assert_eq!(cases.len(), 43);
    assert_eq!(cases.iter().map(|c| c.1).max(), Some(847));
    for s in STRENGTHS {
        let mut solver = Solver::with_strength(Shape::SIZE_9, s);
        for &(puzzle, expected, solution) in &cases {
            let grid = Grid::from_line(puzzle).unwrap();
            let c = solver.count_solutions_up_to(&grid, 1000);
            assert_eq!((c.count, c.status), (expected, CountStatus::Complete), "{puzzle} with {s:?}");
            if let Some(solution) = solution {
                check_solution(puzzle, solution).unwrap();
                let Uniqueness::Unique(g) = solver.solve_unique(&grid) else { panic!("{puzzle}") };
                assert_eq!(g.to_line(), solution, "{puzzle} with {s:?}");
            }
        }
    }
}

#[test]
fn every_enumerated_solution_is_distinct_and_valid() {
    // The tdoku case with 13 solutions: enumerate them all.
    let puzzle = "8.........59.......67..........3.265...4.6198......437...753916...891742...624583";
    let grid = Grid::from_line(puzzle).unwrap();
    let mut solver = Solver::with_strength(Shape::SIZE_9, Strength::Gac);
    solver.set_var_order(VarOrder::Mrv(TieBreak::Random));
    solver.set_value_order(ValueOrder::Random);
    solver.set_seed(11);
    let found = solver.solutions_up_to(&grid, 100);
    assert_eq!((found.grids.len(), found.status), (13, CountStatus::Complete));
    let mut lines: Vec<String> = found.grids.iter().map(Grid::to_line).collect();
    for l in &lines {
        check_solution(puzzle, l).unwrap();
    }
    lines.sort();
    lines.dedup();
    assert_eq!(lines.len(), 13);
    let some = solver.solutions_up_to(&grid, 5);
    assert_eq!((some.grids.len(), some.status), (5, CountStatus::MaxReached));
}

#[test]
fn tdoku_no_solution_puzzles_are_unsatisfiable_under_every_strength() {
    let text = data("9x9_no_solution_tdoku.txt");
    for s in STRENGTHS {
        let mut solver = Solver::with_strength(Shape::SIZE_9, s);
        let mut n = 0;
        for line in puzzles(&text) {
            let grid = Grid::from_line(line).unwrap();
            assert_eq!(solver.solve_unique(&grid), Uniqueness::Unsatisfiable, "{line} with {s:?}");
            n += 1;
        }
        assert_eq!(n, 10);
    }
}

/// Solves every puzzle of a non-9x9 file with one solver; all unique and checked.
fn solve_file_of_shape(name: &str, shape: Shape, expected: usize) {
    let text = data(name);
    let mut solver = Solver::new(shape);
    let mut n = 0;
    for line in puzzles(&text) {
        let grid = Grid::from_line(line).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(grid.shape(), shape);
        match solver.solve_unique(&grid) {
            Uniqueness::Unique(s) => check_solution(line, &s.to_line()).unwrap_or_else(|e| panic!("{name}: {e}")),
            other => panic!("{name}: {line}: {other:?}"),
        }
        n += 1;
    }
    assert_eq!(n, expected, "{name}");
}

#[test]
fn all_4x4_puzzles_are_unique() {
    solve_file_of_shape("4x4_kr100.txt", Shape::SIZE_4, 100);
}

#[test]
fn all_16x16_puzzles_are_unique() {
    solve_file_of_shape("16x16_kr100.txt", Shape::SIZE_16, 100);
}

#[test]
fn all_25x25_puzzles_are_unique() {
    solve_file_of_shape("25x25_sam_unique.txt", Shape::SIZE_25, 3);
}

#[test]
fn empty_grids_of_every_shape_have_a_first_solution() {
    for shape in Shape::ALL {
        let mut solver = Solver::new(shape);
        solver.set_limits(Limits { max_nodes: Some(100_000), ..Limits::default() });
        let empty = Grid::empty(shape);
        let outcome = solver.solve(&empty);
        let s = outcome.solution().unwrap_or_else(|| panic!("{shape}: {outcome:?}"));
        check_solution(&empty.to_line(), &s.to_line()).unwrap();
    }
}

#[test]
fn puzzles_of_mixed_shapes_share_one_solver() {
    let mut solver = Solver::default();
    let four = data("4x4_kr100.txt");
    let nine = data("9x9_easy_euler50.txt");
    for (a, b) in puzzles(&four).zip(puzzles(&nine)).take(10) {
        for line in [a, b] {
            let grid = Grid::from_line(line).unwrap();
            let s = solver.solve(&grid);
            check_solution(line, &s.solution().unwrap().to_line()).unwrap();
        }
    }
}

/// Locked candidates (the engine's intersection reasoning) change the search, never the
/// answers: the tdoku exact counts, the no-solution set, and large-set puzzles, checked.
#[test]
fn locked_candidates_keep_every_count_and_solution() {
    let text = data("9x9_tdoku_test_cases.txt");
    let mut solver = Solver::new(Shape::SIZE_9);
    solver.set_locked_candidates(true);
    assert!(solver.locked_candidates());
    let mut checked = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let mut f = line.trim().split(':');
        let puzzle = f.next().unwrap();
        let expected: u64 = f.next().unwrap().parse().unwrap();
        let grid = Grid::from_line(puzzle).unwrap();
        let c = solver.count_solutions_up_to(&grid, 1000);
        assert_eq!((c.count, c.status), (expected, CountStatus::Complete), "{puzzle}");
        for g in solver.solutions_up_to(&grid, 3).grids {
            check_solution(puzzle, &g.to_line()).unwrap();
        }
        checked += 1;
    }
    assert_eq!(checked, 43);
    for line in puzzles(&data("9x9_no_solution_tdoku.txt")) {
        assert_eq!(solver.solve_unique(&Grid::from_line(line).unwrap()), Uniqueness::Unsatisfiable, "{line}");
    }
    for line in puzzles(&data("9x9_magictour_top1465.txt")).take(200) {
        let Uniqueness::Unique(g) = solver.solve_unique(&Grid::from_line(line).unwrap()) else { panic!("{line}") };
        check_solution(line, &g.to_line()).unwrap();
    }
    let mut sixteen = Solver::new(Shape::SIZE_16);
    sixteen.set_locked_candidates(true);
    for line in puzzles(&data("16x16_kr100.txt")).take(20) {
        let Uniqueness::Unique(g) = sixteen.solve_unique(&Grid::from_line(line).unwrap()) else { panic!("{line}") };
        check_solution(line, &g.to_line()).unwrap();
    }
}

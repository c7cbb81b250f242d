//! Explanations and grades (issue 5): every step on the way to a solution agrees with it,
//! checked over whole puzzle files; invalid and unsolvable puzzles are explained in the right
//! cells; golden texts; a harder class of puzzles grades higher.

use std::collections::HashSet;
use std::path::PathBuf;

use sudoku::{
    Band, Cell, Contradiction, Detail, Elimination, Exclusion, Explanation, Grid, Placement, Shape, Solver, StepKind,
    Strength, Uniqueness, Unit,
};

use crate::checker::{check_solution, data, puzzles};

/// The cells of `unit` in a grid of `shape`.
fn unit_cells(shape: Shape, unit: Unit) -> Vec<Cell> {
    shape.unit_cells(unit).collect()
}

/// The digit of `cell` in `solution`.
fn at(solution: &Grid, cell: Cell) -> u8 {
    solution.get(cell).unwrap_or(0)
}

/// Checks every step of `e` that is not refuted against `solution`, with geometry computed
/// here from the units' cells. Returns the number of steps checked.
fn check_against(e: &Explanation, puzzle: &Grid, solution: &Grid) -> Result<usize, String> {
    let shape = puzzle.shape();
    let steps = e.steps();
    let mut placed: Vec<Cell> = Vec::new();
    for (i, step) in steps.iter().enumerate() {
        if step.refuted {
            continue;
        }
        let fail = |why: &str| Err(format!("step {i} `{step}`: {why}"));
        match &step.kind {
            StepKind::Place { cell, digit, why } => {
                if at(solution, *cell) != *digit {
                    return fail("the solution has another digit there");
                }
                if puzzle.get(*cell).is_some() {
                    return fail("places a given");
                }
                if let Placement::OnlyPlace { unit } = why {
                    if !unit_cells(shape, *unit).contains(cell) {
                        return fail("the cell is not in the unit");
                    }
                }
                placed.push(*cell);
            }
            StepKind::Eliminate { cell, digit, why } => {
                if at(solution, *cell) == *digit {
                    return fail("eliminates the solution's digit");
                }
                match why {
                    Elimination::Taken { by, unit } => {
                        let cells = unit_cells(shape, *unit);
                        if at(solution, *by) != *digit || by == cell || !cells.contains(by) || !cells.contains(cell) {
                            return fail("the named cell does not hold the digit in a unit with this cell");
                        }
                    }
                    Elimination::Locked { within, confined_to } => {
                        let (w, c) = (unit_cells(shape, *within), unit_cells(shape, *confined_to));
                        let home = w.iter().find(|&&x| at(solution, x) == *digit);
                        if w.contains(cell) || !c.contains(cell) || !home.is_some_and(|h| c.contains(h)) {
                            return fail("not a locked candidate");
                        }
                    }
                    Elimination::NakedSubset { cells, digits, unit } => {
                        let u = unit_cells(shape, *unit);
                        let values: HashSet<u8> = cells.iter().map(|&c| at(solution, c)).collect();
                        let expected: HashSet<u8> = digits.iter().collect();
                        if cells.len() != digits.len()
                            || values != expected
                            || !cells.iter().all(|c| u.contains(c))
                            || !u.contains(cell)
                            || cells.contains(cell)
                            || !digits.contains(*digit)
                        {
                            return fail("not a naked subset");
                        }
                    }
                    Elimination::HiddenSubset { digits, cells, unit } => {
                        let u = unit_cells(shape, *unit);
                        let homes: HashSet<Cell> =
                            u.iter().copied().filter(|&c| digits.contains(at(solution, c))).collect();
                        let expected: HashSet<Cell> = cells.iter().copied().collect();
                        if cells.len() != digits.len()
                            || homes != expected
                            || !cells.contains(cell)
                            || digits.contains(*digit)
                        {
                            return fail("not a hidden subset");
                        }
                    }
                    Elimination::Refuted => {
                        let backtracked = steps[..i].iter().rev().any(|s| {
                            !s.refuted && matches!(s.kind, StepKind::Backtrack { cell: c, digit: d } if c == *cell && d == *digit)
                        });
                        if !backtracked {
                            return fail("no backtrack of this guess before");
                        }
                    }
                    other => return fail(&format!("unexpected reason {other:?}")),
                }
            }
            StepKind::Guess { cell, digit, candidates } => {
                if !candidates.contains(*digit) || candidates.len() < 2 || puzzle.get(*cell).is_some() {
                    return fail("not a choice among the cell's candidates");
                }
                let undone = steps[i + 1..].iter().any(|s| {
                    !s.refuted
                        && s.depth == step.depth
                        && matches!(s.kind, StepKind::Backtrack { cell: c, digit: d } if c == *cell && d == *digit)
                });
                if !undone {
                    if at(solution, *cell) != *digit {
                        return fail("a guess kept on the way to the solution is wrong");
                    }
                    placed.push(*cell);
                }
            }
            StepKind::Backtrack { cell, digit } => {
                if at(solution, *cell) == *digit {
                    return fail("backtracks the solution's digit");
                }
            }
            StepKind::Contradiction(_) => return fail("a contradiction on the way to the solution"),
            other => return fail(&format!("unexpected step {other:?}")),
        }
    }
    let empty: Vec<Cell> = shape.cells().filter(|&c| puzzle.get(c).is_none()).collect();
    let mut sorted = placed.clone();
    sorted.sort();
    sorted.dedup();
    if sorted.len() != placed.len() || sorted != empty {
        return Err(format!("{} placements for {} empty cells (each cell once)", placed.len(), empty.len()));
    }
    Ok(steps.len())
}

/// Explains every puzzle of a file with `solver`; each must be unique and its explanation must
/// agree with its solution. Returns the number of puzzles and of steps checked.
fn explain_file(name: &str, solver: &mut Solver) -> (usize, usize) {
    explain_lines(name, solver, usize::MAX)
}

/// [`explain_file`] on the first `max` puzzles.
fn explain_lines(name: &str, solver: &mut Solver, max: usize) -> (usize, usize) {
    let text = data(name);
    let (mut count, mut steps) = (0, 0);
    for (i, line) in puzzles(&text).take(max).enumerate() {
        let puzzle = Grid::from_line(line).unwrap_or_else(|e| panic!("{name} puzzle {i}: {e}"));
        let e = solver.explain(&puzzle);
        let Uniqueness::Unique(solution) = e.result() else { panic!("{name} puzzle {i}: {:?}", e.result()) };
        check_solution(line, &solution.to_line()).unwrap_or_else(|m| panic!("{name} puzzle {i}: {m}"));
        steps += check_against(&e, &puzzle, solution).unwrap_or_else(|m| panic!("{name} puzzle {i} ({line}): {m}"));
        // The rendering never drops a step of the way to the solution.
        let normal = e.display(Detail::Normal).to_string();
        let shown = normal.lines().filter(|l| !l.starts_with(' ')).count();
        let main = e.steps().iter().filter(|s| !s.refuted).count();
        assert_eq!(shown, main, "{name} puzzle {i}: normal detail shows every unrefuted step");
        count += 1;
    }
    (count, steps)
}

fn solver(shape: Shape, strength: Strength, locked: bool) -> Solver {
    let mut s = Solver::with_strength(shape, strength);
    s.set_locked_candidates(locked);
    s
}

#[test]
fn explanations_of_the_euler_set_agree_with_the_solutions_under_every_propagation() {
    for (strength, locked) in [
        (Strength::ForwardChecking, false),
        (Strength::HiddenSingles, false),
        (Strength::HiddenSingles, true),
        (Strength::Gac, false),
    ] {
        let (n, steps) = explain_file("9x9_easy_euler50.txt", &mut solver(Shape::SIZE_9, strength, locked));
        assert_eq!(n, 50);
        assert!(steps > 50 * 100, "{strength:?}: {steps} steps");
    }
}

#[test]
fn explanations_of_top1465_agree_with_the_solutions() {
    let (n, _) = explain_file("9x9_magictour_top1465.txt", &mut solver(Shape::SIZE_9, Strength::HiddenSingles, true));
    assert_eq!(n, 1465);
}

#[test]
fn explanations_of_4x4_and_famous_hardest_puzzles_agree_with_the_solutions() {
    for strength in [Strength::HiddenSingles, Strength::Gac] {
        assert_eq!(explain_file("9x9_famous_hardest.txt", &mut solver(Shape::SIZE_9, strength, false)).0, 4);
        assert_eq!(explain_file("9x9_famous_hardest.txt", &mut solver(Shape::SIZE_9, strength, true)).0, 4);
        assert_eq!(explain_file("4x4_kr100.txt", &mut solver(Shape::SIZE_4, strength, false)).0, 100);
    }
}

#[test]
fn explanations_of_16x16_puzzles_agree_with_the_solutions() {
    // Half the file: some of these puzzles need thousands of guesses.
    let mut s = solver(Shape::SIZE_16, Strength::HiddenSingles, true);
    assert_eq!(explain_lines("16x16_kr100.txt", &mut s, 50).0, 50);
}

#[test]
fn unsolvable_puzzles_end_in_a_contradiction_named_in_cells() {
    let text = data("9x9_no_solution_tdoku.txt");
    let mut solver = Solver::new(Shape::SIZE_9);
    for (i, line) in puzzles(&text).enumerate() {
        let e = solver.explain(&Grid::from_line(line).unwrap());
        assert_eq!(e.result(), &Uniqueness::Unsatisfiable, "puzzle {i}");
        let last = e.steps().last().expect("steps");
        assert!(!last.refuted && last.depth == 0, "puzzle {i}: {last}");
        match &last.kind {
            StepKind::Contradiction(Contradiction::NoCandidate { exclusions, .. }) => {
                let excluded: usize = exclusions
                    .iter()
                    .map(|x| match x {
                        Exclusion::Holds { .. } => 8,
                        Exclusion::Eliminated { .. } => 1,
                        other => panic!("{other:?}"),
                    })
                    .sum();
                assert_eq!(excluded, 9, "puzzle {i}: every digit accounted for: {last}");
            }
            StepKind::Contradiction(Contradiction::NoPlace { digit, unit, cells }) => {
                let named: Vec<Cell> = cells.iter().map(|(c, _)| *c).collect();
                assert_eq!(named, unit_cells(Shape::SIZE_9, *unit), "puzzle {i}");
                for (c, x) in cells {
                    match x {
                        Exclusion::Holds { digit: d, .. } => assert_ne!(d, digit, "puzzle {i} {c}"),
                        Exclusion::Eliminated { digit: d, .. } => assert_eq!(d, digit, "puzzle {i} {c}"),
                        other => panic!("{other:?}"),
                    }
                }
            }
            other => panic!("puzzle {i}: {other:?}"),
        }
        // Every guess on the top level was undone.
        let guesses = e.steps().iter().filter(|s| !s.refuted && matches!(s.kind, StepKind::Guess { .. })).count();
        let backtracks =
            e.steps().iter().filter(|s| !s.refuted && matches!(s.kind, StepKind::Backtrack { .. })).count();
        assert_eq!(guesses, backtracks, "puzzle {i}");
        assert!(guesses > 0, "puzzle {i}: these puzzles need search");
    }
}

/// A 9x9 grid from `(row, column, digit)` givens, 1-based.
fn grid(givens: &[(usize, usize, u8)]) -> Grid {
    let mut g = Grid::empty(Shape::SIZE_9);
    for &(r, c, d) in givens {
        g.set(Cell::new(r - 1, c - 1), Some(d));
    }
    g
}

#[test]
fn clashing_givens_are_each_named_by_their_cells() {
    // 5 twice in row 1 (and not in one box), 7 twice in box 5 (and column 5).
    let g = grid(&[(1, 1, 5), (1, 9, 5), (4, 5, 7), (6, 5, 7), (9, 9, 1)]);
    let e = Solver::default().explain(&g);
    assert_eq!(e.result(), &Uniqueness::Unsatisfiable);
    let named: Vec<(Cell, Cell, u8)> = e.clashes().map(|c| (c.first, c.second, c.digit)).collect();
    assert_eq!(
        named,
        [(Cell::new(0, 0), Cell::new(0, 8), 5), (Cell::new(3, 4), Cell::new(5, 4), 7)],
        "each clashing pair once, in unit order"
    );
    assert_eq!(
        e.to_string(),
        "contradiction: givens r1c1 and r1c9 both hold 5 in row 1\n\
         contradiction: givens r4c5 and r6c5 both hold 7 in column 5\n"
    );
    // The same through the lenient parser.
    let parsed = Grid::parse_keeping_clashes(&g.to_line()).unwrap();
    assert_eq!(Solver::default().explain(&parsed).clashes().count(), 2);
}

#[test]
fn a_cell_without_candidates_is_named_with_the_reason_for_each_digit() {
    // r1c1 sees 1-4 in row 1, 5-8 in column 1 and 9 in box 1.
    let g = grid(&[(1, 2, 1), (1, 3, 2), (1, 4, 3), (1, 5, 4), (2, 1, 5), (3, 1, 6), (4, 1, 7), (5, 1, 8), (2, 2, 9)]);
    let e = Solver::default().explain(&g);
    assert_eq!(e.result(), &Uniqueness::Unsatisfiable);
    let last = e.steps().last().unwrap();
    let StepKind::Contradiction(Contradiction::NoCandidate { cell, exclusions }) = &last.kind else { panic!("{last}") };
    assert_eq!(*cell, Cell::new(0, 0));
    assert_eq!(exclusions.len(), 9);
    assert_eq!(
        last.to_string(),
        "contradiction: r1c1 has no candidate left: 1 (r1c2 = 1 in row 1); 2 (r1c3 = 2 in row 1); \
         3 (r1c4 = 3 in row 1); 4 (r1c5 = 4 in row 1); 5 (r2c1 = 5 in column 1); 6 (r3c1 = 6 in column 1); \
         7 (r4c1 = 7 in column 1); 8 (r5c1 = 8 in column 1); 9 (r2c2 = 9 in box 1)"
    );
    // The engine finds it as r1c1 = 1 (its last candidate) against the given r1c2 = 1; the
    // explanation puts the contradiction on the deduced cell. Brief: the eliminations by the
    // givens are implied.
    assert_eq!(e.display(Detail::Brief).to_string(), format!("r1c1 = 1: last candidate\n{last}\n"));
}

#[test]
fn a_digit_without_a_place_is_named_with_each_cell_of_the_unit() {
    // Row 1 holds 1-6; 9 in r2c7 keeps 9 out of r1c7-r1c9: 9 has no place in row 1.
    let g = grid(&[(1, 1, 1), (1, 2, 2), (1, 3, 3), (1, 4, 4), (1, 5, 5), (1, 6, 6), (2, 7, 9)]);
    let e = Solver::default().explain(&g);
    assert_eq!(e.result(), &Uniqueness::Unsatisfiable);
    let last = e.steps().last().unwrap();
    assert_eq!(
        last.to_string(),
        "contradiction: no place left for 9 in row 1: r1c1 = 1; r1c2 = 2; r1c3 = 3; r1c4 = 4; r1c5 = 5; \
         r1c6 = 6; r1c7 (r2c7 = 9 in column 7); r1c8 (r2c7 = 9 in box 3); r1c9 (r2c7 = 9 in box 3)"
    );
}

// ---- golden texts ----------------------------------------------------------------------------

/// Compares `text` with `tests/data/explain/<name>`; `UPDATE_GOLDEN=1` rewrites the file.
fn golden(name: &str, text: &str) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/explain").join(name);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (UPDATE_GOLDEN=1 writes it)", path.display()));
    if expected != text {
        let line = expected.lines().zip(text.lines()).position(|(a, b)| a != b).unwrap_or(0);
        panic!(
            "{name} differs from the golden text at line {}:\nexpected: {:?}\nfound:    {:?}\n(UPDATE_GOLDEN=1 rewrites it)",
            line + 1,
            expected.lines().nth(line),
            text.lines().nth(line)
        );
    }
}

fn explain_line(line: &str, strength: Strength, locked: bool) -> Explanation {
    let puzzle = Grid::from_line(line).unwrap();
    solver(puzzle.shape(), strength, locked).explain(&puzzle)
}

#[test]
fn golden_explanation_of_a_4x4_puzzle() {
    let e = explain_line("...3..4114..3...", Strength::HiddenSingles, false);
    golden("4x4_normal.txt", &e.to_string());
}

#[test]
fn golden_explanation_of_the_first_euler_puzzle() {
    let line = puzzles(&data("9x9_easy_euler50.txt")).next().unwrap().to_string();
    let e = explain_line(&line, Strength::HiddenSingles, false);
    golden("euler1_normal.txt", &e.to_string());
    golden("euler1_brief.txt", &e.display(Detail::Brief).to_string());
}

#[test]
fn golden_explanations_with_locked_candidates_subsets_and_guesses() {
    let line = puzzles(&data("9x9_magictour_top1465.txt")).next().unwrap().to_string();
    golden(
        "top1465_1_locked_brief.txt",
        &explain_line(&line, Strength::HiddenSingles, true).display(Detail::Brief).to_string(),
    );
    golden("top1465_1_gac_brief.txt", &explain_line(&line, Strength::Gac, false).display(Detail::Brief).to_string());
    let hardest = puzzles(&data("9x9_famous_hardest.txt")).next().unwrap().to_string();
    let e = explain_line(&hardest, Strength::HiddenSingles, true);
    golden("escargot_locked_normal.txt", &e.to_string());
    // A puzzle of top1465 with one failed guess, in full.
    let line = puzzles(&data("9x9_magictour_top1465.txt")).nth(89).unwrap().to_string();
    let e = explain_line(&line, Strength::HiddenSingles, true);
    golden("top1465_90_locked_full.txt", &format!("{e:#}"));
}

// ---- grades ----------------------------------------------------------------------------------

/// The mean grade of a file's puzzles with `solver`, each graded by its count-to-2 search.
fn mean_grade(name: &str, solver: &mut Solver, max: usize) -> (f64, Vec<Band>) {
    solver.set_grading(true);
    let text = data(name);
    let mut bands = Vec::new();
    let mut total = 0.0;
    for line in puzzles(&text).take(max) {
        let puzzle = Grid::from_line(line).unwrap();
        assert!(matches!(solver.solve_unique(&puzzle), Uniqueness::Unique(_)), "{line}");
        let g = solver.grade().expect("grading is on");
        total += g.score();
        bands.push(g.band());
    }
    (total / bands.len() as f64, bands)
}

#[test]
fn top1465_grades_higher_on_average_than_the_easy_euler_set() {
    // The command line's default propagation: hidden singles with locked candidates.
    let mut s = solver(Shape::SIZE_9, Strength::HiddenSingles, true);
    let (easy, easy_bands) = mean_grade("9x9_easy_euler50.txt", &mut s, usize::MAX);
    let (hard, hard_bands) = mean_grade("9x9_magictour_top1465.txt", &mut s, usize::MAX);
    eprintln!("mean grade: euler50 {easy:.2}, top1465 {hard:.2}");
    assert!(hard > easy + 5.0, "top1465 {hard:.2} vs euler50 {easy:.2}");
    // Most easy puzzles need no guess; most top1465 puzzles need many.
    let share =
        |bands: &[Band], f: fn(&Band) -> bool| bands.iter().filter(|b| f(b)).count() as f64 / bands.len() as f64;
    assert!(share(&easy_bands, |b| *b <= Band::Medium) > 0.8);
    assert!(share(&hard_bands, |b| *b == Band::Extreme) > 0.8);
    // Without locked candidates the order holds too (the first 300 puzzles, for time).
    let mut s = solver(Shape::SIZE_9, Strength::HiddenSingles, false);
    let (easy, _) = mean_grade("9x9_easy_euler50.txt", &mut s, usize::MAX);
    let (hard, _) = mean_grade("9x9_magictour_top1465.txt", &mut s, 300);
    assert!(hard > easy + 5.0, "hidden singles: top1465 {hard:.2} vs euler50 {easy:.2}");
}

#[test]
fn an_explanation_grades_as_the_same_search_does() {
    let mut s = solver(Shape::SIZE_9, Strength::HiddenSingles, true);
    s.set_grading(true);
    for line in puzzles(&data("9x9_famous_hardest.txt")) {
        let puzzle = Grid::from_line(line).unwrap();
        let explained = *s.explain(&puzzle).grade();
        let _ = s.solve_unique(&puzzle);
        assert_eq!(Some(explained), s.grade(), "{line}");
        assert_eq!(explained.counts().guesses, s.stats().nodes, "{line}");
    }
}

// ---- command line ----------------------------------------------------------------------------

mod cli {
    use sudoku::{Grid, Solver};

    use crate::checker::{data, puzzles};
    use crate::sudoku_cli::{code, run, stderr, stdout};

    const FOUR: &str = "...3..4114..3...";

    #[test]
    fn explain_prints_the_steps_then_the_answer() {
        let o = run(&["--explain", "--format", "line", "--propagation", "hidden", "-"], FOUR.as_bytes());
        assert_eq!(code(&o), 0, "{}", stderr(&o));
        let puzzle = Grid::from_line(FOUR).unwrap();
        let e = Solver::new(puzzle.shape()).explain(&puzzle);
        assert_eq!(stdout(&o), format!("{e}4123234114323214\n"));
        // The grid format frames the same steps with the puzzle and the solution.
        let o = run(&["--explain=brief", "--propagation", "hidden", "-"], FOUR.as_bytes());
        let out = stdout(&o);
        assert_eq!(code(&o), 0);
        assert!(out.contains(&format!("Explanation:\n{}", e.display(sudoku::Detail::Brief))), "{out}");
        assert!(out.contains("The solution is unique."), "{out}");
    }

    #[test]
    fn explain_names_clashing_givens_and_exits_invalid() {
        let o = run(&["--explain", "-"], b"1..1............");
        assert_eq!(code(&o), 4);
        let out = stdout(&o);
        assert!(out.contains("contradiction: givens r1c1 and r1c4 both hold 1 in row 1\n"), "{out}");
        assert!(out.contains("The puzzle is invalid"), "{out}");
        let o = run(&["--explain", "--format", "line", "-"], b"1..1............");
        assert_eq!(
            stdout(&o),
            "contradiction: givens r1c1 and r1c4 both hold 1 in row 1\ninvalid: row 1 has 1 twice: r1c1 and r1c4\n"
        );
    }

    #[test]
    fn explain_with_batch_count_or_an_unknown_detail_is_a_usage_error() {
        for args in [&["--explain", "--batch"][..], &["--explain", "--count", "3"], &["--explain=terse"]] {
            let o = run(args, FOUR.as_bytes());
            assert_eq!(code(&o), 2, "{args:?}: {}", stderr(&o));
            assert!(stdout(&o).is_empty());
        }
    }

    #[test]
    fn explain_or_grade_with_a_variant_is_a_usage_error() {
        let killer = concat!(env!("CARGO_MANIFEST_DIR"), "/data/variants/killer_9x9.txt");
        for flag in ["--explain", "--grade"] {
            let o = run(&["--variant", "killer", flag, killer], b"");
            assert_eq!(code(&o), 2, "{flag}: {}", stderr(&o));
            assert!(stdout(&o).is_empty(), "{flag}");
            assert!(stderr(&o).contains("--variant killer"), "{flag}: {}", stderr(&o));
        }
    }

    #[test]
    fn batch_grade_appends_the_grade_and_band_to_every_line() {
        let text = data("9x9_easy_euler50.txt");
        let lines: Vec<&str> = puzzles(&text).take(5).collect();
        let input = format!("{}\nnot a puzzle\n{}\n", lines.join("\n"), "1..1............");
        let o = run(&["--batch", "--grade", "-"], input.as_bytes());
        assert_eq!(code(&o), 0, "{}", stderr(&o));
        let out = stdout(&o);
        let rows: Vec<Vec<&str>> = out.lines().map(|l| l.split('\t').collect()).collect();
        assert_eq!(rows.len(), 7, "{out}");
        assert!(rows.iter().all(|r| r.len() == 3), "{out}");
        let mut solver = Solver::default();
        solver.set_locked_candidates(true);
        solver.set_grading(true);
        for (row, line) in rows.iter().zip(&lines) {
            let puzzle = Grid::from_line(line).unwrap();
            let solution = solver.solve_unique(&puzzle).solution().unwrap().to_line();
            let g = solver.grade().unwrap();
            assert_eq!(row, &[solution.as_str(), &format!("{:.1}", g.score()), g.band().name()]);
        }
        assert!(rows[5][0].starts_with("invalid: ") && rows[5][1..] == ["-", "-"], "{out}");
        assert!(rows[6][0].starts_with("invalid: ") && rows[6][1..] == ["-", "-"], "{out}");
    }

    #[test]
    fn single_grade_in_line_and_grid_formats() {
        let o = run(&["--grade", "--format", "line", "-"], FOUR.as_bytes());
        assert_eq!(stdout(&o), "4123234114323214\t1.0\teasy\n");
        let o = run(&["--grade", "--stats", "-"], FOUR.as_bytes());
        let out = stdout(&o);
        assert!(out.contains("Grade: 1.0 easy\n") && out.contains("Grade counts: naked_singles=10 "), "{out}");
    }
}

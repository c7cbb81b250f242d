//! `--explain`, `--grade` and `--hint` of the example binary, run as a real process (the
//! explanations themselves are tested beside the `sudoku` crate).

use sudoku::{Explainer, Grid, Solver};

use super::{code, run, stderr, stdout};
use checks::grid::{data, puzzles};

const FOUR: &str = "...3..4114..3...";

#[test]
fn explain_prints_the_steps_then_the_answer() {
    let o = run(&["--explain", "--format", "line", "-"], FOUR.as_bytes());
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let puzzle = Grid::from_line(FOUR).unwrap();
    let e = Explainer::new(puzzle.shape()).explain(&puzzle);
    assert_eq!(stdout(&o), format!("{e}4123234114323214\n"));
    let o = run(&["--explain=full", "-"], FOUR.as_bytes());
    let out = stdout(&o);
    assert_eq!(code(&o), 0);
    assert!(out.contains(&format!("Explanation:\n{e:#}")), "{out}");
    assert!(out.contains("r4c2, r4c3 != 3: r4c1 = 3 in row 4"), "{out}");
    assert!(out.contains("The solution is unique."), "{out}");
}

#[test]
fn explain_names_clashing_givens_and_exits_invalid() {
    let o = run(&["--explain", "-"], b"1..1............");
    assert_eq!(code(&o), 4);
    let out = stdout(&o);
    assert!(out.contains("contradiction: givens r1c1 and r1c4 both hold 1 in row 1\n"), "{out}");
    assert!(out.contains("The puzzle is invalid"), "{out}");
}

#[test]
fn explain_hint_with_batch_count_or_an_unknown_detail_is_a_usage_error() {
    for args in [
        &["--explain", "--batch"][..],
        &["--explain", "--count", "3"],
        &["--explain=terse"],
        &["--hint", "--batch"],
        &["--hint", "--explain"],
        &["--hint=all"],
    ] {
        let o = run(args, FOUR.as_bytes());
        assert_eq!(code(&o), 2, "{args:?}: {}", stderr(&o));
        assert!(stdout(&o).is_empty());
    }
}

#[test]
fn explain_grade_and_hint_apply_to_a_variant() {
    // (The variants' explanations are checked step by step in `variants.rs`.)
    let killer = concat!(env!("CARGO_MANIFEST_DIR"), "/data/variants/killer_9x9.txt");
    for (flag, needle) in [("--explain", ": cage combination"), ("--grade", "Grade: 2.0 easy"), ("--hint", "cage 1")] {
        let o = run(&["--variant", "killer", flag, killer], b"");
        assert_eq!(code(&o), 0, "{flag}: {}", stderr(&o));
        assert!(stdout(&o).contains(needle), "{flag}: {}", stdout(&o));
    }
}

#[test]
fn hint_prints_the_easiest_step_for_the_grid_as_it_stands() {
    let o = run(&["--hint", "-"], FOUR.as_bytes());
    assert_eq!((code(&o), stdout(&o).as_str()), (0, "r1c3 = 2: full house in box 2\n"), "{}", stderr(&o));
    let top = data("9x9_magictour_top1465.txt");
    let first = puzzles(&top).next().unwrap();
    let o = run(&["--hint", "-"], first.as_bytes());
    assert_eq!(stdout(&o), "r9c3 = 7: hidden single in box 7\n");
    // With the pencil marks first: the grid of candidates, a blank line, the step.
    let o = run(&["--hint=marks", "-"], FOUR.as_bytes());
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 7, "{out}");
    assert!(out.starts_with("24 12 | 2  3\n"), "{out}");
    assert!(out.ends_with("\n\nr1c3 = 2: full house in box 2\n"), "{out}");
}

#[test]
fn hint_reads_a_persons_pencil_marks() {
    // The marks --hint=marks prints for FOUR, with r1c1's 2 crossed out by hand: r1c1 is
    // then filled (one candidate), and row 1 has one cell left.
    let marks = "4  12 | 2  3\n2  23 | 4  1\n------+------\n1  4  | 23 2\n3  2  | 12 24\n";
    let o = run(&["--hint", "-"], marks.as_bytes());
    assert_eq!((code(&o), stdout(&o).as_str()), (0, "r1c2 = 1: full house in row 1\n"), "{}", stderr(&o));
    let o = run(&["--hint", "-"], b"4 x2 2 3\n2 23 4 1\n1 4 23 2\n3 2 12 24\n");
    assert_eq!(code(&o), 4);
    assert!(stderr(&o).contains("invalid pencil marks: line 1, column 3"), "{}", stderr(&o));
}

#[test]
fn hint_on_a_complete_a_wrong_or_a_clashing_grid() {
    let o = run(&["--hint", "-"], b"1234341221434321");
    assert_eq!((code(&o), stdout(&o).as_str()), (0, "solved: the grid is complete\n"));
    // A wrong grid: r1c1..r1c8 = 1..8 and r2c9 = 9 leave r1c9 nothing.
    let wrong = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63));
    let o = run(&["--hint", "-"], wrong.as_bytes());
    assert_eq!((code(&o), stdout(&o).as_str()), (1, "contradiction: r1c9 has no candidate left\n"));
    // A wrong digit the check can name: without r1c2 = 2 the grid has a solution.
    let o = run(&["--hint", "-"], b".2.3..4114..3...");
    assert_eq!(
        (code(&o), stdout(&o).as_str()),
        (1, "no solution: r1c2 = 2 is wrong (without it the grid has a solution)\n")
    );
    // No solution and no cell to blame nor dead end in sight: said so, exit 1.
    let none = puzzles(&data("9x9_no_solution_tdoku.txt")).next().unwrap().to_string();
    let o = run(&["--hint", "-"], none.as_bytes());
    assert_eq!((code(&o), stdout(&o).as_str()), (1, "no solution: the grid as it stands has none\n"));
    let o = run(&["--hint", "-"], b"11..............");
    assert_eq!(code(&o), 4);
    assert_eq!(stdout(&o), "contradiction: givens r1c1 and r1c2 both hold 1 in row 1\n");
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
    // The fourth column names the hardest technique.
    let mut solver = Solver::default();
    for (row, line) in rows.iter().zip(&lines) {
        let puzzle = Grid::from_line(line).unwrap();
        let solution = solver.solve_unique(&puzzle).solution().unwrap().to_line();
        let g = Explainer::default().grade(&puzzle);
        let hardest = g.hardest().unwrap_or("-");
        assert_eq!(row, &[solution.as_str(), &format!("{:.1}", g.score()), g.band().name(), hardest]);
    }
    assert!(rows[5][0].starts_with("invalid: ") && rows[5][1..] == ["-", "-", "-"], "{out}");
    assert!(rows[6][0].starts_with("invalid: ") && rows[6][1..] == ["-", "-", "-"], "{out}");
}

#[test]
fn single_grade_in_line_and_grid_formats() {
    let o = run(&["--grade", "--format", "line", "-"], FOUR.as_bytes());
    assert_eq!(stdout(&o), "4123234114323214\t1.1\teasy\tnaked single\n");
    let o = run(&["--grade", "--stats", "-"], FOUR.as_bytes());
    let out = stdout(&o);
    assert!(out.contains("Grade: 1.1 easy (naked single)\nGrade from: hardest=naked single guesses=0\n"), "{out}");
}

#[test]
fn grade_refuses_a_grid_without_exactly_one_solution() {
    // Several solutions (the empty grid): exit 3, no grade.
    let empty = ".".repeat(81);
    let o = run(&["--grade", "--format", "line", "-"], empty.as_bytes());
    assert_eq!((code(&o), stdout(&o).as_str()), (3, "multiple\t-\t-\t-\n"));
    let o = run(&["--grade", "-"], empty.as_bytes());
    assert_eq!(code(&o), 3);
    assert!(stdout(&o).contains("Grade: none (the grid does not have exactly one solution)\n"), "{}", stdout(&o));
    // No solution: exit 1, no grade.
    let none = puzzles(&data("9x9_no_solution_tdoku.txt")).next().unwrap().to_string();
    let o = run(&["--grade", "--format", "line", "-"], none.as_bytes());
    assert_eq!((code(&o), stdout(&o).as_str()), (1, "unsolvable\t-\t-\t-\n"));
    let o = run(&["--explain", "--grade", "--format", "line", "-"], none.as_bytes());
    assert_eq!(code(&o), 1);
    assert!(stdout(&o).ends_with("unsolvable\t-\t-\t-\n"), "{}", stdout(&o));
}

#[test]
fn hint_refuses_pencil_marks_that_cross_out_the_true_digit() {
    let top = data("9x9_magictour_top1465.txt");
    let first = puzzles(&top).next().unwrap();
    let puzzle = Grid::from_line(first).unwrap();
    let solution = Solver::default().solve_unique(&puzzle).solution().unwrap().clone();
    let o = run(&["--hint=marks", "-"], first.as_bytes());
    let marks = stdout(&o).split("\n\n").next().unwrap().to_string();
    // The first cell with three candidates or more loses its digit of the solution.
    let tokens: Vec<&str> =
        marks.split(|c: char| c.is_whitespace() || c == '|').filter(|t| !t.is_empty() && !t.starts_with('-')).collect();
    assert_eq!(tokens.len(), 81);
    let i = tokens.iter().position(|t| t.len() >= 3).unwrap();
    let cell = sudoku::Cell::new(i / 9, i % 9);
    let digit = solution.get(cell).unwrap();
    let crossed: Vec<String> = tokens
        .iter()
        .enumerate()
        .map(|(j, t)| if j == i { t.replace(char::from(b'0' + digit), "") } else { t.to_string() })
        .collect();
    let text: String = crossed.chunks(9).map(|row| row.join(" ") + "\n").collect();
    let o = run(&["--hint", "-"], text.as_bytes());
    let expected = format!("no solution: the pencil marks of {cell} cross out {digit}, its digit in the solution\n");
    assert_eq!((code(&o), stdout(&o)), (1, expected));
}

/// `--explain` on a puzzle without solution begins with the givens of a minimal unsolvable set
/// (`unsolvable: r1c1 = 1, ...`): checked here with the library's own search, not the
/// explanation: the set alone has no solution, and without any one member it has one.
#[test]
fn explain_of_an_unsolvable_puzzle_begins_with_a_minimal_set_of_givens() {
    let text = data("9x9_no_solution_tdoku.txt");
    for line in puzzles(&text).take(3) {
        let o = run(&["--explain", "--format", "line", "-"], line.as_bytes());
        assert_eq!(code(&o), 1, "{line}: {}", stderr(&o));
        let out = stdout(&o);
        let first = out.lines().next().unwrap_or_default();
        let set = first.strip_prefix("unsolvable: ").unwrap_or_else(|| panic!("{line}: {out}"));
        // Each member `rRcC = D` is a given of the puzzle.
        let members: Vec<(usize, usize, u8)> = set
            .split(", ")
            .map(|m| {
                let (cell, digit) = m.split_once(" = ").expect("rRcC = D");
                let (r, c) = cell[1..].split_once('c').expect("rRcC");
                (r.parse::<usize>().unwrap() - 1, c.parse::<usize>().unwrap() - 1, digit.parse().unwrap())
            })
            .collect();
        for &(r, c, d) in &members {
            assert_eq!(line.as_bytes()[r * 9 + c], b'0' + d, "{line}: r{}c{} is not a given {d}", r + 1, c + 1);
        }
        let grid_of = |skip: Option<usize>| {
            let mut cells = vec![b'.'; 81];
            for (k, &(r, c, d)) in members.iter().enumerate() {
                if Some(k) != skip {
                    cells[r * 9 + c] = b'0' + d;
                }
            }
            Grid::from_line(std::str::from_utf8(&cells).unwrap()).unwrap()
        };
        let mut solver = Solver::default();
        assert_eq!(solver.count_solutions_up_to(&grid_of(None), 1).count, 0, "{line}: the set has a solution");
        for k in 0..members.len() {
            assert!(solver.count_solutions_up_to(&grid_of(Some(k)), 1).count > 0, "{line}: not minimal at {k}");
        }
    }
}

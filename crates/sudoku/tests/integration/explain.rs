//! Explanations, hints and grades (issue 12): every step on the way to a solution is true of
//! it, checked over whole puzzle files (`step_check.rs`); golden texts; grades that
//! rise with difficulty. The command line's --explain, --grade and --hint are tested in the
//! root package (`tests/integration/sudoku_cli/explain.rs`).

use std::collections::HashSet;
use std::path::PathBuf;

use sudoku::{
    Cell, ChainKind, Contradiction, DeadEnd, Detail, Explainer, Explanation, Grid, Step, StepKind, Technique,
    Uniqueness,
};

use crate::step_check::{check_against, check_file, AICS, DYNAMIC_LINKS, GROUPED, REPLAYED, UNSTATED};
use checks::easiest::check_order;
use checks::grid::{data, puzzles};

#[test]
fn every_step_of_the_euler_set_is_true_of_the_solution() {
    assert!(check_file(puzzles(&data("9x9_easy_euler50.txt")), 1) > 50 * 40);
}

#[test]
fn every_step_of_top1465_is_true_of_the_solution() {
    // Every 12th puzzle: 123 hard puzzles, chains and guesses included.
    assert!(check_file(puzzles(&data("9x9_magictour_top1465.txt")), 12) > 1000);
}

#[test]
fn every_step_of_the_rated_sample_and_the_hardest_is_true_of_the_solution() {
    let text = data("9x9_sudokuexchange_rated_puzzles.txt");
    assert!(check_file(puzzles(&text), 40) > 0);
    assert!(check_file(puzzles(&data("9x9_famous_hardest.txt")), 1) > 0);
    // Every link of every chain was a single as the grid stood after the links, the cited
    // deductions and the branches before it (replayed in `check_against` by the independent
    // checker `checks::chain`, which also checks each cited deduction).
    let replayed = REPLAYED.with(|n| n.get());
    let (unstated, links) = (UNSTATED.with(|n| n.get()), DYNAMIC_LINKS.with(|n| n.get()));
    let (aics, grouped) = (AICS.with(|n| n.get()), GROUPED.with(|n| n.get()));
    eprintln!(
        "replayed: {replayed:?}; AICs checked: {aics}; grouped AICs, ALS chains and nice loops checked: {grouped}; \
         dynamic chain links not a single without their deductions: {unstated} of {links}"
    );
    assert_eq!(replayed.unstated, 0, "{replayed:?}");
    assert!(replayed.links > 1000 && replayed.cited > 10, "{replayed:?}");
    // Every AIC written (no node twice, links as they stand, both endpoints eliminating).
    assert!(aics > 50, "{aics} AICs");
    // Every grouped AIC, ALS chain and nice loop (`checks::chain::check_grouped`: no candidate
    // in two nodes, each link as the grid stands, the conclusion at the endpoints).
    assert!(grouped > 0, "{grouped} grouped chains");
}

#[test]
fn sue_de_coq_bug_type_4_and_rectangles_of_types_5_and_6_are_true_of_the_solution() {
    // Puzzles of the rated sample whose explanations use them (a unique rectangle of type 5,
    // of type 6, a BUG type 4, a Sue de Coq), each checked as above.
    let cases = [
        ("9..4...2....2......4.387...1.3...26.5.......8.96...5.1...938.4......6....2...4..3", "(type 5)"),
        (".5.....6...21349............61.2.45.....7....3.5...7.9..87923............7.843.1.", "(type 6)"),
        ("..493..527.18.........7..3..6......9..5...6..9......8..5..1.........93.642..675..", "BUG type 4"),
        ("...4.6...3.6...7.1...7.1.....51.23..8...7...9..29.86...1.....3..2.....7.64..8..95", "Sue de Coq"),
    ];
    let mut solver = Explainer::default();
    for (line, pattern) in cases {
        let puzzle = Grid::from_line(line).unwrap();
        let e = solver.explain(&puzzle);
        let Uniqueness::Unique(solution) = e.result() else { panic!("{line}: {:?}", e.result()) };
        assert!(e.steps().iter().any(|s| s.to_string().contains(pattern)), "{line}: no {pattern}");
        check_against(&e, &puzzle, solution).unwrap_or_else(|why| panic!("{line}: {why}"));
    }
}

#[test]
fn a_death_blossom_is_true_of_the_solution() {
    // Puzzles of top1465 whose explanations take a death blossom (a stem of three digits and
    // a petal for each), each step checked against the solution as above.
    let mut solver = Explainer::default();
    for line in [
        ".4..1.2.......9.7..1..........43.6..8......5....2.....7.5..8......6..3..9........",
        ".4.5.....8...9..3..76.2.....146..........9..7.....36....1..4.5..6......3..71..2..",
    ] {
        let puzzle = Grid::from_line(line).unwrap();
        let e = solver.explain(&puzzle);
        let Uniqueness::Unique(solution) = e.result() else { panic!("{line}: {:?}", e.result()) };
        assert!(e.steps().iter().any(|s| s.to_string().contains("death blossom")), "{line}: no death blossom");
        check_against(&e, &puzzle, solution).unwrap_or_else(|why| panic!("{line}: {why}"));
    }
}

#[test]
fn a_franken_swordfish_and_a_finned_jellyfish_are_found_and_true_of_the_solution() {
    // Line 61 of top1465 (step 74, documented in docs/grading.md) and a puzzle of the rated
    // sample: each step checked against the solution as above.
    let cases = [
        (
            "...3.9.7.8..4.....1........2..5..6...3.....4.....1....5.....8......2.1.....7....9",
            "r5c5, r6c2, r6c3, r8c2, r8c3 != 9: Franken swordfish 9 in r2c2, r2c3, r3c2, r3c3, r4c2, r4c3, r4c5, \
             r7c2, r7c3, r7c5 (rows 4, 7, box 1; columns 2, 3, 5)",
        ),
        (
            "..91.6.......8......12.38.68.3...2.1.1.....7.9.5...4.34.76.89......7.......3.21..",
            "r2c9 != 5: finned jellyfish 5 in r1c1, r1c5, r1c9, r3c2, r3c5, r7c2, r7c9, r9c1, r9c2, r9c5 \
             (rows 1, 3, 7, 9; columns 1, 2, 5, 9) fins r3c8",
        ),
    ];
    let mut solver = Explainer::default();
    for (line, step) in cases {
        let puzzle = Grid::from_line(line).unwrap();
        let e = solver.explain(&puzzle);
        let Uniqueness::Unique(solution) = e.result() else { panic!("{line}: {:?}", e.result()) };
        assert!(e.steps().iter().any(|s| s.to_string() == step), "{line}: no `{step}`");
        check_against(&e, &puzzle, solution).unwrap_or_else(|why| panic!("{line}: {why}"));
    }
}

#[test]
fn every_step_of_4x4_and_16x16_puzzles_is_true_of_the_solution() {
    assert!(check_file(puzzles(&data("4x4_kr100.txt")), 1) > 100);
    assert!(check_file(puzzles(&data("16x16_kr100.txt")), 25) > 100);
}

#[test]
fn the_famous_hardest_are_explained_without_a_guess() {
    // AI Escargot, Easter Monster, Golden Nugget, Inkala 2012: nested forcing chains where
    // dynamic chains run out, no guess (every step's truth is checked by the test above).
    let mut solver = Explainer::default();
    let (mut nested, mut ordered) = (0, 0);
    for line in puzzles(&data("9x9_famous_hardest.txt")) {
        let e = solver.explain(&Grid::from_line(line).unwrap());
        assert!(matches!(e.result(), Uniqueness::Unique(_)), "{line}");
        if let Some(s) = e.steps().iter().find(|s| s.depth > 0 || matches!(s.kind, StepKind::Guess { .. })) {
            panic!("{line}: a guess: `{s}`");
        }
        assert_eq!(e.grade().guesses(), 0, "{line}");
        assert_eq!(e.grade().hardest(), Some("nested forcing chain"), "{line}");
        assert!(e.grade().score() >= 9.5, "{line}: {}", e.grade());
        let is_nested =
            |s: &&Step| matches!(s.kind.technique(), Some(Technique::Chain { kind: ChainKind::Nested(_), .. }));
        nested += e.steps().iter().filter(is_nested).count();
        // No step taken while an easier technique applied (the independent replay).
        let (checked, violations) = check_order(9, &digits(line), &e);
        assert_eq!(violations, [], "{line}");
        ordered += checked;
    }
    eprintln!("{ordered} steps of the famous four checked by checks::easiest");
    assert!(ordered > 100, "{ordered} steps");
    assert!(nested >= 4, "{nested} nested chains");
}

/// The digits of a puzzle's line form, 0 for an empty cell.
fn digits(line: &str) -> Vec<u8> {
    Grid::from_line(line).unwrap().digits().to_vec()
}

#[test]
fn no_step_of_100_rated_puzzles_is_taken_while_an_easier_one_applies() {
    // Every 20th puzzle of the rated bank (the famous four: the test above), each step
    // replayed by the independent checker `checks::easiest`, which searches the techniques up
    // to two strong links on its own and flags a step rated above one that applies.
    let mut solver = Explainer::default();
    let (mut puzzles_seen, mut steps) = (0, 0);
    let mut violations = Vec::new();
    for line in puzzles(&data("9x9_sudokuexchange_rated_puzzles.txt")).step_by(20) {
        let e = solver.explain(&Grid::from_line(line).unwrap());
        let (checked, found) = check_order(9, &digits(line), &e);
        violations.extend(found.into_iter().map(|v| format!("{line}: {v:?}")));
        steps += checked;
        puzzles_seen += 1;
    }
    eprintln!("{puzzles_seen} puzzles, {steps} steps checked, {} violations", violations.len());
    assert_eq!(puzzles_seen, 100);
    assert!(steps > 5_000, "{steps} steps");
    assert_eq!(violations, Vec::<String>::new());
}

#[test]
fn techniques_up_the_ladder_all_appear_on_hard_puzzles() {
    let mut seen: HashSet<&'static str> = HashSet::new();
    let mut solver = Explainer::default();
    for line in puzzles(&data("9x9_magictour_top1465.txt")).step_by(10) {
        let e = solver.explain(&Grid::from_line(line).unwrap());
        seen.extend(e.steps().iter().filter_map(|s| s.kind.technique()).map(|t| t.name()));
    }
    for name in [
        "full house",
        "hidden single",
        "naked single",
        "pointing",
        "claiming",
        "naked pair",
        "hidden pair",
        "X-wing",
        "X-chain",
        "XY-chain",
        "forcing chain",
    ] {
        assert!(seen.contains(name), "{name} never used: {seen:?}");
    }
}

#[test]
fn an_unsolvable_puzzle_ends_in_contradictions_named_in_cells() {
    let mut solver = Explainer::default();
    for line in puzzles(&data("9x9_no_solution_tdoku.txt")).take(20) {
        let puzzle = Grid::parse_keeping_clashes(line).unwrap();
        let e = solver.explain(&puzzle);
        assert_eq!(e.result(), &Uniqueness::Unsatisfiable, "{line}");
        let last = e.steps().last().unwrap_or_else(|| panic!("{line}: no step"));
        assert!(matches!(last.kind, StepKind::Contradiction(_)), "{line}: ends with `{last}`");
        assert!(!last.refuted && last.depth == 0, "{line}: the last contradiction is not under a guess");
    }
}

#[test]
fn a_cell_emptied_by_its_row_is_named() {
    // r1c9 sees 1-8 in row 1 and 9 in column 9.
    let puzzle = Grid::from_line(&format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63))).unwrap();
    let e = Explainer::default().explain(&puzzle);
    let last = e.steps().last().unwrap();
    assert_eq!(last.kind, StepKind::Contradiction(Contradiction::DeadEnd(DeadEnd::NoCandidate(Cell::new(0, 8)))));
    assert_eq!(last.to_string(), "contradiction: r1c9 has no candidate left");
}

// ---- golden texts ----------------------------------------------------------------------------

/// Compares `text` with `tests/data/explain/<name>`; `UPDATE_GOLDEN=1` rewrites the file.
fn golden(name: &str, text: &str) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/explain").join(name);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, text).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (UPDATE_GOLDEN=1 writes it)", path.display()));
    if let Some((i, (a, b))) = expected.lines().zip(text.lines()).enumerate().find(|(_, (a, b))| a != b) {
        panic!(
            "{name} differs from the golden text at line {}:\nexpected: {a:?}\nfound:    {b:?}\n(UPDATE_GOLDEN=1 rewrites it)",
            i + 1
        );
    }
    assert_eq!(expected.lines().count(), text.lines().count(), "{name}: line count (UPDATE_GOLDEN=1 rewrites it)");
}

fn explain_line(line: &str) -> Explanation {
    let grid = Grid::from_line(line).unwrap();
    Explainer::new(grid.shape()).explain(&grid)
}

#[test]
fn golden_explanation_of_a_4x4_puzzle() {
    let e = explain_line("...3..4114..3...");
    golden("4x4_normal.txt", &e.to_string());
    golden("4x4_full.txt", &e.display(Detail::Full).to_string());
}

#[test]
fn golden_explanation_of_the_first_euler_puzzle() {
    let e = explain_line(puzzles(&data("9x9_easy_euler50.txt")).next().unwrap());
    golden("euler1_normal.txt", &e.to_string());
}

#[test]
fn golden_explanations_with_subsets_fish_chains_and_guesses() {
    let top = data("9x9_magictour_top1465.txt");
    golden("top1465_1_normal.txt", &explain_line(puzzles(&top).next().unwrap()).to_string());
    // At full detail, each chain with its links: in Eureka notation when it is an AIC that
    // eliminates its assumption (checked by `check_against`), else as a net, a branch a line
    // (this XY-chain is one: r6c6 loses its third candidate to a middle link).
    let full = format!("{:#}", explain_line(puzzles(&top).nth(20).unwrap()));
    let net = [
        "r5c6 != 8: XY-chain of 4: if r5c6 = 8 then r6c4 = 2, r9c4 = 4, r9c6 = 7, so r6c6 has no candidate left",
        "  r5c6 = 8 => r6c6 != 8",
        "  r5c6 = 8 => r6c4 = 2 (naked single) => r6c6 != 2",
        "  r5c6 = 8 => r6c4 = 2 (naked single) => r9c4 = 4 (naked single) => r9c6 = 7 (naked single) => r6c6 != 7",
        "  contradiction: r6c6 has no candidate left",
    ]
    .join("\n");
    assert!(full.contains(&net), "{full}");
    assert!(full.lines().filter(|l| l.starts_with("  AIC: ")).all(|l| l.contains(" => ")), "{full}");
    golden("top1465_21_full.txt", &full);
    let escargot = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";
    let e = explain_line(escargot);
    golden("escargot_normal.txt", &e.to_string());
    golden("escargot_brief.txt", &e.display(Detail::Brief).to_string());
    // At full detail, each nested chain with its links and branches, each branch with its
    // own links, indented once more.
    let full = format!("{e:#}");
    let mut nested = String::new();
    let mut inside = false;
    for l in full.lines() {
        if !l.starts_with(' ') {
            inside = l.contains("nested forcing chain");
        }
        if inside {
            nested.push_str(l);
            nested.push('\n');
        }
    }
    assert!(nested.lines().any(|l| l.starts_with("    links: ")), "{nested}");
    golden("escargot_nested_full.txt", &nested);
    let hardest = data("9x9_famous_hardest.txt");
    let e = explain_line(puzzles(&hardest).next().unwrap());
    golden("famous_hardest_1_normal.txt", &e.to_string());
    let e = explain_line(puzzles(&top).nth(89).unwrap());
    golden("top1465_90_full.txt", &format!("{e:#}"));
}

// ---- grades ----------------------------------------------------------------------------------

fn mean_grade(name: &str, step: usize) -> f64 {
    let mut solver = Explainer::default();
    let text = data(name);
    let grades: Vec<f64> =
        puzzles(&text).step_by(step).map(|l| solver.grade(&Grid::from_line(l).unwrap()).score()).collect();
    grades.iter().sum::<f64>() / grades.len() as f64
}

#[test]
fn harder_sets_grade_higher_on_average() {
    let easy = mean_grade("9x9_easy_euler50.txt", 1);
    let top = mean_grade("9x9_magictour_top1465.txt", 30);
    let hardest = mean_grade("9x9_famous_hardest.txt", 1);
    assert!(easy < 3.0 && easy < top && top < hardest, "{easy} {top} {hardest}");
}

#[test]
fn a_grade_is_the_same_from_explain_and_grade() {
    let mut s = Explainer::default();
    for line in puzzles(&data("9x9_famous_hardest.txt")) {
        let puzzle = Grid::from_line(line).unwrap();
        let explained = *s.explain(&puzzle).grade();
        assert_eq!(explained, s.grade(&puzzle), "{line}");
    }
}

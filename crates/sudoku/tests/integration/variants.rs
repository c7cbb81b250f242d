//! Sudoku variants (`x`, `killer`, `jigsaw`): the puzzles of `data/variants/` solve to their
//! stated solutions, checked by the independent checker and proved unique; malformed
//! definitions are errors with positions, never panics. The example binary's `--variant` is
//! tested in the root package (`tests/integration/sudoku_cli/variants.rs`).

use sudoku::{Count, CountStatus, Explainer, Limits, Puzzle, Solver, Strength, Uniqueness, Variant, VariantError};

use checks::grid::{check_variant, data, data_path};

/// Every file of `data/variants/`, with its variant (the file name's first word).
const FILES: [(&str, Variant); 9] = [
    ("jigsaw_4x4.txt", Variant::Jigsaw),
    ("jigsaw_6x6.txt", Variant::Jigsaw),
    ("jigsaw_9x9.txt", Variant::Jigsaw),
    ("killer_4x4.txt", Variant::Killer),
    ("killer_6x6.txt", Variant::Killer),
    ("killer_9x9.txt", Variant::Killer),
    ("killer_9x9_givens.txt", Variant::Killer),
    ("x_6x6.txt", Variant::X),
    ("x_9x9.txt", Variant::X),
];

fn file(name: &str) -> String {
    data(&format!("variants/{name}"))
}

/// The `# solution:` line of a data file.
fn stated_solution(text: &str) -> &str {
    text.lines().find_map(|l| l.strip_prefix("# solution:")).map(str::trim).expect("a '# solution:' line")
}

#[test]
fn the_data_directory_holds_exactly_the_files_tested() {
    let mut found: Vec<String> = std::fs::read_dir(data_path("variants"))
        .expect("data/variants")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".txt"))
        .collect();
    found.sort();
    let mut listed: Vec<&str> = FILES.iter().map(|(n, _)| *n).collect();
    listed.sort_unstable();
    assert_eq!(found, listed);
}

#[test]
fn every_variant_file_has_its_stated_solution_and_no_other() {
    for (name, variant) in FILES {
        let text = file(name);
        let expected = stated_solution(&text);
        // The stated solution, by the checker alone (no solver, no `sudoku` parsing).
        assert_eq!(check_variant(&variant.to_string(), &text, expected), Ok(()), "{name}");
        let puzzle = Puzzle::parse(variant, &text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(puzzle.variant(), variant);
        for strength in [Strength::ForwardChecking, Strength::HiddenSingles, Strength::Gac] {
            let mut solver = Solver::with_strength(puzzle.shape(), strength);
            let Uniqueness::Unique(solution) = solver.solve_unique(&puzzle) else {
                panic!("{name} at {strength:?}: not unique")
            };
            assert_eq!(solution.to_line(), expected, "{name} at {strength:?}");
            assert!(puzzle.is_solution(&solution), "{name}");
            let count = solver.count_solutions_up_to(&puzzle, 2);
            assert_eq!(count, Count { count: 1, status: CountStatus::Complete }, "{name} at {strength:?}");
        }
    }
}

#[test]
fn the_variant_rules_matter_for_the_data_puzzles() {
    // Read as plain puzzles (the grid alone), the x and jigsaw puzzles have several solutions,
    // or clash under the boxes; without its givens, killer_9x9_givens has several solutions.
    let mut solver = Solver::default();
    for name in ["x_6x6.txt", "x_9x9.txt"] {
        let plain = Puzzle::parse(Variant::Plain, &file(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(matches!(solver.solve_unique(&plain), Uniqueness::Multiple(..)), "{name}");
    }
    let text = file("killer_9x9_givens.txt");
    let cages_only: String = text.lines().take_while(|l| !l.trim().is_empty()).map(|l| format!("{l}\n")).collect();
    let puzzle = Puzzle::parse(Variant::Killer, &cages_only).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(puzzle.grid().num_filled(), 0);
    assert!(matches!(solver.solve_unique(&puzzle), Uniqueness::Multiple(..)));
    let puzzle = Puzzle::parse(Variant::Killer, &text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(puzzle.grid().num_filled(), 5);
}

const JIGSAW: &str = "aaab\ncabb\nccdb\ncddd\n";
const KILLER: &str = "aabb\ncadb\ncedf\ngedf\na 7\nb 9\nc 5\nd 7\ne 4\nf 4\ng 4\n";

#[test]
fn malformed_definitions_are_errors_with_positions() {
    let cases: Vec<(Variant, String, &str)> = vec![
        // Jigsaw region maps.
        (Variant::Jigsaw, "aaab\ncabb\nccdb\ncddc\n".into(), "region 'c' (first cell r2c1) has 5 cells, expected 4"),
        (Variant::Jigsaw, "aaab\ncabb\nccdb\ncdd\n".into(), "line 4: found 3 labels, expected 4 (the region map is 4x4)"),
        (Variant::Jigsaw, "aaab\ncabb\nc%db\ncddd\n".into(), "line 3, column 2: unexpected character '%' in the region map"),
        (Variant::Jigsaw, "aaab\ncabb\nccdb\n".into(), "the region map has 3 lines, expected 4"),
        (Variant::Jigsaw, "aaaab\n".into(), "line 1: the region map starts with 5 labels, but a grid has 4, 6, 9, 12, 16 or 25 columns"),
        (
            Variant::Jigsaw,
            "abab\nabab\ncdcd\ncdcd\n".into(),
            "region 'a' is not connected: r1c3 cannot be reached from r1c1 (labels must be connected through cell edges)",
        ),
        (Variant::Jigsaw, format!("{JIGSAW}\n1...\n.1..\n....\n....\n"), "region 'a' has 1 twice: r1c1 and r2c2"),
        (Variant::Jigsaw, format!("{JIGSAW}\n1...\n..x.\n"), "line 7, column 3: unexpected character 'x'"),
        (Variant::Jigsaw, format!("{JIGSAW}\n1...\n....\n"), "the puzzle grid has 8 cells, expected 16 (the map is 4x4)"),
        (Variant::Jigsaw, "".into(), "no region map: expected lines of region labels first"),
        // Killer cage maps and sums.
        (Variant::Killer, KILLER.replace("e 4\n", ""), "cage 'e' (first cell r3c2) has no sum: expected a line 'e SUM'"),
        (Variant::Killer, KILLER.replace("c 5", "c 8"), "line 7: cage 'c' has 2 cells: its sum must be between 3 and 7, found 8"),
        (Variant::Killer, KILLER.replace("g 4", "g 5"), "line 11: cage 'g' has 1 cell: its sum must be between 1 and 4, found 5"),
        (Variant::Killer, KILLER.replace("g 4", "g 4\nz 1"), "line 12: sum for cage 'z', which is not in the cage map"),
        (Variant::Killer, KILLER.replace("g 4", "g 4\nb 9"), "line 12: second sum for cage 'b' (the first is on line 6)"),
        (Variant::Killer, KILLER.replace("c 5", "c five"), "line 7, column 3: invalid sum 'five'"),
        (Variant::Killer, KILLER.replace("c 5", "c"), "line 7, column 2: expected a sum after the cage label"),
        (
            Variant::Killer,
            KILLER.replace("cedf", "ce.f"),
            "line 3, column 3: cell r3c3 is in no cage (the cages must cover the grid)",
        ),
        (
            Variant::Killer,
            KILLER.replace("g 4", "g 3"),
            "the cage sums add up to 39, but the cages cover the grid, whose digits add up to 40",
        ),
        (Variant::Killer, "aaaa\naabc\ndddd\neeee\na 10\nb 1\nc 1\nd 10\ne 10\n".into(), "cage 'a' (first cell r1c1) has 6 cells, more than the 4 digits"),
        (Variant::Killer, format!("{KILLER}\n....\n..1.\n....\n..1.\n"), "column 3 has 1 twice: r2c3 and r4c3"),
        (Variant::Killer, "# no map\n\n".into(), "no cage map: expected lines of cage labels first"),
        // X: clashes on a diagonal.
        (Variant::X, "1...\n.2..\n..1.\n....\n".into(), "the main diagonal has 1 twice: r1c1 and r3c3"),
        (Variant::X, "...1\n....\n.1..\n....\n".into(), "the anti-diagonal has 1 twice: r1c4 and r3c2"),
    ];
    for (variant, text, expected) in cases {
        match Puzzle::parse(variant, &text) {
            Err(e) => assert_eq!(e.to_string(), expected, "{variant}:\n{text}"),
            Ok(p) => panic!("{variant}: parsed, expected '{expected}':\n{p}"),
        }
    }
}

#[test]
fn errors_carry_their_data() {
    let err = Puzzle::parse(Variant::Killer, &KILLER.replace("cedf", "ce.f")).unwrap_err();
    assert_eq!(err, VariantError::Uncaged { line: 3, column: 3, cell: sudoku::Cell::new(2, 2) });
    let err = Puzzle::parse(Variant::Jigsaw, "aaab\ncabb\nccdb\ncddc\n").unwrap_err();
    assert_eq!(err, VariantError::RegionSize { label: 'c', first: sudoku::Cell::new(1, 0), found: 5, expected: 4 });
}

/// Every single-character change of every data file, and every truncation at a line: parsing
/// answers (a puzzle or an error) and never panics, and whatever parses is solved (under a node
/// limit) without panicking.
#[test]
fn mutated_puzzle_files_never_panic() {
    let mut solver = Solver::default();
    solver.set_limits(Limits { max_nodes: Some(200), ..Limits::default() });
    let replacements = ['x', '.', '0', '9', 'a', 'Z', ' ', '\n', '#', '-', '|', 'é'];
    let mut parsed = 0;
    for (name, variant) in FILES {
        let text = file(name);
        let body = text.as_str();
        let chars: Vec<char> = body.chars().collect();
        let mut try_text = |t: &str| {
            if let Ok(p) = Puzzle::parse(variant, t) {
                parsed += 1;
                let _ = solver.solve_unique(&p);
            }
            // Every variant reads every text without panicking, too.
            for other in Variant::ALL {
                let _ = Puzzle::parse(other, t);
            }
        };
        let step = if chars.len() > 400 { 3 } else { 1 };
        for i in (0..chars.len()).step_by(step) {
            for r in replacements {
                let mut mutated = chars.clone();
                mutated[i] = r;
                try_text(&mutated.iter().collect::<String>());
            }
        }
        for (k, _) in body.match_indices('\n') {
            try_text(&body[..k]);
        }
    }
    assert!(parsed > 100, "only {parsed} mutations parsed");
}

/// Explains `puzzle` and checks every step against `solution` (line form): placements hold
/// its digit, eliminations none of it; no guess. Returns the explanation's text.
fn explained_truly(puzzle: &Puzzle, solution: &str, what: &str) -> String {
    use sudoku::{StepKind, Technique};
    let mut solver = Explainer::default();
    let e = solver.explain(puzzle);
    let digit = |cell: sudoku::Cell| solution.as_bytes()[puzzle.shape().index(cell)] - b'0';
    for step in e.steps() {
        match &step.kind {
            StepKind::Place { cell, digit: d, .. } => assert_eq!(digit(*cell), *d, "{what}: {step}"),
            StepKind::Eliminate { claims, technique } => {
                assert!(!matches!(technique, Technique::FailedGuess { .. }), "{what}: {step}");
                for (cell, ds) in claims {
                    assert!(!ds.contains(digit(*cell)), "{what}: {step}");
                }
            }
            StepKind::Guess { .. } => panic!("{what}: a guess: {step}"),
            _ => {}
        }
    }
    assert!(matches!(e.result(), Uniqueness::Unique(s) if s.to_line() == solution), "{what}");
    e.to_string()
}

#[test]
fn every_variant_file_is_explained_by_true_steps_without_guesses() {
    for (name, variant) in FILES {
        let text = file(name);
        let puzzle = Puzzle::parse(variant, &text).unwrap();
        let shown = explained_truly(&puzzle, stated_solution(&text), name);
        match variant {
            Variant::Killer => assert!(shown.contains(": cage combination"), "{name}: no cage reasoning"),
            Variant::Jigsaw => assert!(shown.contains("region "), "{name}: no region named"),
            _ => assert!(shown.contains("diagonal"), "{name}: no diagonal named"),
        }
        let grade = Explainer::default().grade(&puzzle);
        assert!(grade.score() > 0.0 && grade.score() < 10.0, "{name}: {grade}");
    }
}

#[test]
fn held_out_generated_variants_are_explained_by_true_steps() {
    use sudoku::{Generation, Generator, Settings, Shape};
    for variant in [Variant::X, Variant::Jigsaw, Variant::Killer] {
        let mut generator = Generator::new(Settings { variant, seed: 2026, ..Settings::new(Shape::SIZE_6) }).unwrap();
        for i in 0..3 {
            let Generation::Found(made) = generator.generate(i) else { panic!("{variant} {i}: given up") };
            let solution = made.solution.to_line();
            let what = format!("{variant} {i}");
            // A puzzle that needs a guess is allowed to be generated; those here do not.
            let shown = explained_truly(&made.puzzle, &solution, &what);
            if variant == Variant::Killer {
                assert!(shown.contains(": cage combination"), "{what}: no cage reasoning");
            }
        }
    }
}

#[test]
fn golden_explanations_of_a_killer_a_jigsaw_and_an_x_sudoku() {
    let explain = |name: &str, variant: Variant| {
        let puzzle = Puzzle::parse(variant, &file(name)).unwrap();
        Explainer::default().explain(&puzzle).to_string()
    };
    assert_eq!(
        explain("killer_4x4.txt", Variant::Killer),
        "r1c1 != 2, 3, 4: cage combination: cage 1 (1 in 1 cell) is {1}\n\
r1c1 = 1: naked single\n\
r1c2, r1c3 != 4: cage combination: cage 2 (5 in 2 cells) is {2, 3}\n\
r1c4 = 4: hidden single in row 1\n\
r2c4 != 1, 3: cage combination: cage 3 (6 in 2 cells) is {2, 4}\n\
r2c4 = 2: naked single\n\
r1c3 = 3: naked single\n\
r1c2 = 2: full house in row 1\n\
r2c3 = 1: full house in box 2\n\
r3c1, r4c1 != 3: cage combination: cage 5 (7 in 3 cells) is {1, 2, 4}\n\
r3c2 != 3, 4: cage combination: cage 5 (7 in 3 cells) is {1, 2, 4}\n\
r3c2 = 1: naked single\n\
r3c4 = 3: naked single\n\
r4c4 = 1: full house in column 4\n\
r4c2 = 3: hidden single in box 3\n\
r2c2 = 4: full house in column 2\n\
r2c1 = 3: full house in row 2\n\
r3c3 != 2: cage combination: cage 6 (4 in 1 cell) is {4}\n\
r3c3 = 4: naked single\n\
r3c1 = 2: full house in row 3\n\
r4c1 = 4: full house in column 1\n\
r4c3 = 2: full house in row 4\n\
"
    );
    assert_eq!(
        explain("jigsaw_4x4.txt", Variant::Jigsaw),
        "r3c2 = 1: naked single\n\
r3c1 = 3: full house in region 3\n\
r1c1 = 1: full house in column 1\n\
r2c2 = 4: naked single\n\
r1c2 = 2: full house in column 2\n\
r1c3 = 3: full house in region 1\n\
r1c4 = 4: full house in row 1\n\
r2c3 = 1: naked single\n\
r2c4 = 3: full house in row 2\n\
r3c4 = 2: full house in region 2\n\
r3c3 = 4: full house in row 3\n\
r4c3 = 2: full house in column 3\n\
r4c4 = 1: full house in row 4\n\
"
    );
    assert!(explain("x_6x6.txt", Variant::X).starts_with(
        "r2c4, r2c5, r3c4 != 3: finned X-wing 3 in r2c2, r2c6, r3c2, r3c6 (columns 2, 6; rows 2, 3) fins r1c6\n\
r1c6 = 3: hidden single in anti-diagonal\n\
r5c5 != 3: sashimi X-wing 3 in r2c1, r4c1, r4c5 (rows 2, 4; columns 1, 5) fins r2c2, r4c4\n\
r5c4 = 3: hidden single in box 6\n\
"
    ));
}

/// The held-out 9x9 puzzles of `data/variants/held-out/` (generated with seeds not used while
/// the ladder's killer reasoning was developed; see the README there): each one's solution
/// by the engine's search (not the ladder), checked by the puzzle's own rules; then every step
/// of its explanation true of that solution, no guess, a grade below a guess's, a first hint
/// true too; and every killer explanation reasons with the cage sums. The ten hardest killers
/// (`held-out/killer_hard.txt`, minutes of sum chains) are counted by
/// `benches/variants_held_out.sh` instead.
#[test]
fn held_out_9x9_variants_need_no_guess_and_every_step_is_true() {
    use sudoku::StepKind;
    let sets = [
        ("held-out/x.txt", Variant::X, 20),
        ("held-out/jigsaw.txt", Variant::Jigsaw, 20),
        ("held-out/killer.txt", Variant::Killer, 60),
    ];
    for (name, variant, expected) in sets {
        let text = file(name);
        let puzzles = Puzzle::parse_all(variant, &text);
        assert_eq!(puzzles.len(), expected, "{name}");
        for (line, parsed) in puzzles {
            let what = format!("{name} line {line}");
            let puzzle = parsed.unwrap_or_else(|e| panic!("{what}: {e}"));
            let Uniqueness::Unique(solution) = Solver::default().solve_unique(&puzzle) else {
                panic!("{what}: not unique")
            };
            assert!(puzzle.is_solution(&solution), "{what}");
            let shown = explained_truly(&puzzle, &solution.to_line(), &what);
            if variant == Variant::Killer {
                let names = [
                    ": cage combination",
                    ": innies",
                    ": outies",
                    ": cage pointing",
                    ": cage interaction",
                    ": cage blocking",
                    ": sum chain",
                ];
                assert!(names.iter().any(|n| shown.contains(n)), "{what}: no cage reasoning:\n{shown}");
            }
            let mut solver = Explainer::default();
            let grade = solver.grade(&puzzle);
            assert!(grade.score() > 0.0 && grade.score() < 10.0, "{what}: {grade}");
            let hint = solver.hint(&puzzle);
            let digit = |cell: sudoku::Cell| solution.to_line().as_bytes()[puzzle.shape().index(cell)] - b'0';
            match hint.step().map(|s| &s.kind) {
                Some(StepKind::Place { cell, digit: d, .. }) => assert_eq!(digit(*cell), *d, "{what}"),
                Some(StepKind::Eliminate { claims, .. }) => {
                    assert!(claims.iter().all(|(cell, ds)| !ds.contains(digit(*cell))), "{what}")
                }
                other => panic!("{what}: hint {other:?}"),
            }
        }
    }
}

/// Hints on the held-out X and jigsaw puzzles: a true step, never a fault (a jigsaw's givens
/// may break a standard box, which its regions replace).
#[test]
fn held_out_x_and_jigsaw_puzzles_get_true_hints() {
    use sudoku::StepKind;
    for (name, variant) in [("held-out/x.txt", Variant::X), ("held-out/jigsaw.txt", Variant::Jigsaw)] {
        for (line, parsed) in Puzzle::parse_all(variant, &file(name)) {
            let what = format!("{name} line {line}");
            let puzzle = parsed.unwrap();
            let mut solver = Solver::default();
            let Uniqueness::Unique(solution) = solver.solve_unique(&puzzle) else { panic!("{what}: not unique") };
            let line = solution.to_line();
            let digit = |cell: sudoku::Cell| line.as_bytes()[puzzle.shape().index(cell)] - b'0';
            match Explainer::default().hint(&puzzle).step().map(|s| &s.kind) {
                Some(StepKind::Place { cell, digit: d, .. }) => assert_eq!(digit(*cell), *d, "{what}"),
                Some(StepKind::Eliminate { claims, .. }) => {
                    assert!(claims.iter().all(|(cell, ds)| !ds.contains(digit(*cell))), "{what}")
                }
                other => panic!("{what}: hint {other:?}"),
            }
        }
    }
}

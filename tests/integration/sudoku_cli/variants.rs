//! `--variant` of the example binary, run as a real process, on the puzzles of
//! `data/variants/` (the variants themselves are tested beside the `sudoku` crate).

use sudoku::Variant;

use super::{code, run, stderr, stdout};
use checks::grid::{data, data_path};

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

const KILLER: &str = "aabb\ncadb\ncedf\ngedf\na 7\nb 9\nc 5\nd 7\ne 4\nf 4\ng 4\n";

fn file(name: &str) -> String {
    data(&format!("variants/{name}"))
}

fn path(name: &str) -> String {
    data_path(&format!("variants/{name}")).to_string_lossy().into_owned()
}

/// The `# solution:` line of a data file.
fn stated_solution(text: &str) -> &str {
    text.lines().find_map(|l| l.strip_prefix("# solution:")).map(str::trim).expect("a '# solution:' line")
}

#[test]
fn cli_solves_every_variant_file_in_line_format() {
    for (name, variant) in FILES {
        let expected = format!("{}\n", stated_solution(&file(name)));
        let o = run(&["--variant", &variant.to_string(), "--format", "line", &path(name)], b"");
        assert_eq!((code(&o), stdout(&o)), (0, expected), "{name}: {}", stderr(&o));
    }
}

#[test]
fn cli_options_apply_to_variants() {
    let killer = path("killer_9x9_givens.txt");
    let line = ["--variant", "killer", "--format", "line"];
    let with = |extra: &[&str], stdin: &[u8]| {
        let args: Vec<&str> = line.iter().copied().chain(extra.iter().copied()).collect();
        run(&args, stdin)
    };
    // --count, --first, --stats, --propagation, standard input.
    let o = with(&["--count", "5", &killer], b"");
    assert_eq!((code(&o), stdout(&o).as_str()), (0, "1\n"));
    let o = with(&["--first", "--propagation", "fc", "--stats", &killer], b"");
    assert_eq!(code(&o), 0);
    assert_eq!(stdout(&o).trim_end(), stated_solution(&file("killer_9x9_givens.txt")));
    assert!(stderr(&o).starts_with("stats: nodes="), "{}", stderr(&o));
    let o = with(&["-"], file("killer_4x4.txt").as_bytes());
    assert_eq!((code(&o), stdout(&o).as_str()), (0, "1234341221434321\n"), "{}", stderr(&o));
    // Several solutions (the cages without the givens), counted and reported.
    let text = file("killer_9x9_givens.txt");
    let cages_only: String = text.lines().take_while(|l| !l.trim().is_empty()).map(|l| format!("{l}\n")).collect();
    let o = with(&["-"], cages_only.as_bytes());
    assert_eq!((code(&o), stdout(&o).as_str()), (3, "multiple\n"));
    let o = with(&["--count", "3", "-"], cages_only.as_bytes());
    assert_eq!((code(&o), stdout(&o).as_str()), (0, ">=3\n"));
    // No solution: the sums pass every check, but no grid meets them.
    let o = with(&["-"], b"a b b c\nd d d c\ne e f g\ne h g g\na 2\nb 5\nc 6\nd 7\ne 7\nf 4\ng 6\nh 3\n");
    assert_eq!((code(&o), stdout(&o).as_str()), (1, "unsolvable\n"));
    // A node limit stops a search that needs one.
    let o = run(
        &["--variant", "x", "--format", "line", "--propagation", "fc", "--max-nodes", "1", &path("x_9x9.txt")],
        b"",
    );
    assert_eq!((code(&o), stdout(&o).as_str()), (5, "limit\n"));
}

#[test]
fn cli_grid_format_shows_the_map_next_to_the_grids() {
    let o = run(&["--variant", "jigsaw", &path("jigsaw_4x4.txt")], b"");
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("jigsaw 4x4, 3 givens, 4 regions):\n. . . .    a a a b\n2 . . .    c a b b\n"), "{out}");
    assert!(
        out.contains("Solution:\n1 2 3 4    a a a b\n2 4 1 3    c a b b\n3 1 4 2    c c d b\n4 3 2 1    c d d d\n"),
        "{out}"
    );
    assert!(out.contains("The solution is unique.") && out.contains("Statistics: nodes="), "{out}");
    let o = run(&["--variant", "killer", &path("killer_4x4.txt")], b"");
    let out = stdout(&o);
    // Each cage's sum at its top-left cell, after its label.
    assert!(out.contains("killer 4x4, 0 givens, 8 cages):\n. . | . .    a1 b5 | b  c6\n"), "{out}");
    assert!(out.contains("1 2 | 3 4    a1 b5 | b  c6\n"), "{out}");
    let o = run(&["--variant", "x", &path("x_6x6.txt")], b"");
    assert!(stdout(&o).contains("(") && stdout(&o).contains("x 6x6, 5 givens):"), "{}", stdout(&o));
}

#[test]
fn cli_reports_malformed_definitions_with_exit_code_4() {
    let bad = KILLER.replace("e 4\n", "");
    let o = run(&["--variant", "killer", "--format", "line", "-"], bad.as_bytes());
    assert_eq!(
        (code(&o), stdout(&o).as_str()),
        (4, "invalid: cage 'e' (first cell r3c2) has no sum: expected a line 'e SUM'\n")
    );
    let o = run(&["--variant", "jigsaw", "-"], b"aaab\ncabb\nccdb\ncddc\n");
    assert_eq!(code(&o), 4);
    assert!(stdout(&o).is_empty());
    assert_eq!(
        stderr(&o),
        "error: invalid jigsaw puzzle in standard input: region 'c' (first cell r2c1) has 5 cells, expected 4\n"
    );
    let o = run(&["--variant", "killer", "--format", "line", "-"], b"aabb\ncadb\n\xff");
    assert_eq!((code(&o), stdout(&o).as_str()), (4, "invalid: line 3, column 1: invalid UTF-8\n"));
}

#[test]
fn cli_variant_usage_errors_exit_with_2() {
    for (args, needle) in [
        (&["--variant", "sandwich", "-"][..], "invalid value 'sandwich'"),
        (&["--variant", "killer"], "needs a puzzle file"),
    ] {
        let o = run(args, b"");
        assert_eq!(code(&o), 2, "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(needle), "{args:?}: {}", stderr(&o));
        assert!(stdout(&o).is_empty());
    }
    let o = run(&["--help"], b"");
    assert!(stdout(&o).contains("--variant <VARIANT>") && stdout(&o).contains("docs/variants.md"), "{}", stdout(&o));
}

/// Checks every claim of an explanation (`--explain` in line form, no guesses) against the
/// solution, without the `sudoku` crate: a placement `r1c2 = 5` holds the solution's digit,
/// an elimination `r1c2, r3c4 != 5, 7` none of the solution's. Returns the claims checked.
fn check_claims(text: &str, solution: &str, side: usize) -> Result<usize, String> {
    let digit_at = |cell: &str| -> Result<u8, String> {
        let (r, c) = cell.trim().strip_prefix('r').and_then(|s| s.split_once('c')).ok_or(format!("cell '{cell}'"))?;
        let (r, c): (usize, usize) =
            (r.parse().map_err(|_| cell.to_string())?, c.parse().map_err(|_| cell.to_string())?);
        Ok(solution.as_bytes()[(r - 1) * side + c - 1] - b'0')
    };
    let mut checked = 0;
    for line in text.lines() {
        let Some((claims, _why)) = line.split_once(": ") else { continue };
        if let Some((cells, digits)) = claims.split_once(" != ") {
            let digits: Vec<u8> =
                digits.split(", ").map(|d| d.trim().parse().map_err(|_| line.to_string())).collect::<Result<_, _>>()?;
            for cell in cells.split(", ") {
                if digits.contains(&digit_at(cell)?) {
                    return Err(format!("false elimination: {line}"));
                }
                checked += 1;
            }
        } else if let Some((cell, d)) = claims.split_once(" = ") {
            if claims.starts_with("guess") {
                return Err(format!("a guess: {line}"));
            }
            let d: u8 = d.trim().parse().map_err(|_| line.to_string())?;
            if digit_at(cell)? != d {
                return Err(format!("false placement: {line}"));
            }
            checked += 1;
        }
    }
    Ok(checked)
}

#[test]
fn cli_explains_hints_and_grades_every_variant_file_with_true_steps() {
    for (name, variant) in FILES {
        let text = file(name);
        let solution = stated_solution(&text);
        let side = (solution.len() as f64).sqrt() as usize;
        let v = variant.to_string();
        let o = run(&["--variant", &v, "--explain", "--grade", "--format", "line", &path(name)], b"");
        assert_eq!(code(&o), 0, "{name}: {}", stderr(&o));
        let out = stdout(&o);
        let last = out.lines().last().unwrap_or("");
        assert!(last.starts_with(&format!("{solution}\t")), "{name}: {last}");
        let checked = check_claims(&out, solution, side).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(checked >= side * side - text.matches(char::is_numeric).count().min(side * side), "{name}");
        if variant == Variant::Killer {
            assert!(
                out.lines()
                    .any(|l| l.contains(": cage combination") || l.contains(": innies") || l.contains(": outies")),
                "{name}: no cage reasoning\n{out}"
            );
        }
        let o = run(&["--variant", &v, "--hint", &path(name)], b"");
        assert_eq!(code(&o), 0, "{name}: {}", stderr(&o));
        assert_eq!(check_claims(&stdout(&o), solution, side).map(|n| n > 0), Ok(true), "{name}: {}", stdout(&o));
        let o = run(&["--variant", &v, "--grade", "--format", "line", &path(name)], b"");
        assert_eq!(code(&o), 0, "{name}: {}", stderr(&o));
        let fields: Vec<String> = stdout(&o).trim_end().split('\t').map(str::to_string).collect();
        assert_eq!(fields.len(), 4, "{name}: {}", stdout(&o));
        assert_eq!(fields[0], solution, "{name}");
        assert!(fields[1].parse::<f64>().is_ok_and(|g| g > 0.0 && g < 10.0), "{name}: grade {}", fields[1]);
    }
}

#[test]
fn generated_variant_files_read_back_block_by_block() {
    for (variant, size) in [("jigsaw", "6"), ("killer", "6"), ("x", "6")] {
        let o = run(&["--generate", "2", "--variant", variant, "--size", size, "--seed", "5", "--grade"], b"");
        assert_eq!(code(&o), 0, "{variant}: {}", stderr(&o));
        let file = stdout(&o);
        // One answer line per block, each the unique solution with its grade.
        let o = run(&["--variant", variant, "--batch", "--grade", "-"], file.as_bytes());
        assert_eq!(code(&o), 0, "{variant}: {}", stderr(&o));
        let answers: Vec<String> = stdout(&o).lines().map(str::to_string).collect();
        assert_eq!(answers.len(), 2, "{variant}:\n{file}\n{}", stdout(&o));
        for a in &answers {
            let fields: Vec<&str> = a.split('\t').collect();
            assert_eq!(fields.len(), 4, "{a}");
            assert_eq!(fields[0].len(), 36, "{variant}: {a}");
        }
        // Read as one puzzle, the file is refused with a pointer to --batch.
        let o = run(&["--variant", variant, "-"], file.as_bytes());
        if variant != "x" {
            assert_eq!(code(&o), 4, "{variant}");
            assert!(stderr(&o).contains("read them with --batch"), "{}", stderr(&o));
        }
    }
}

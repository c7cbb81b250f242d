//! Grids as players have them, in every mode (solve, `--explain`, `--grade`, `--hint`,
//! `--batch`): pencil marks (HoDoKu's candidate grid, Sukaku's 729 characters, a token of
//! candidates per cell), HoDoKu's and Simple Sudoku's framed givens, a puzzle as the argument,
//! trailing fields and comments in `--batch`; and the limits and refusals of every mode.

use super::{code, run, stderr, stdout, LEETCODE, LEETCODE_SOLUTION, MULTIPLE_4X4};
use checks::grid::data_path;

/// The modes a single puzzle is read in, as arguments before the input.
const MODES: [&[&str]; 5] = [&[], &["--format", "line"], &["--explain"], &["--grade"], &["--hint"]];

/// `LEETCODE`'s rows, as strings of 9 symbols.
fn rows() -> Vec<&'static str> {
    (0..9).map(|r| &LEETCODE[r * 9..r * 9 + 9]).collect()
}

/// HoDoKu's givens grid: `.-------.` frames, `:-------+` between bands, cells spaced.
fn hodoku_givens() -> String {
    let spaced = |r: &str| r.chars().map(|c| format!("{c} ")).collect::<String>();
    let mut out = String::from(".-------.-------.-------.\n");
    for (i, r) in rows().into_iter().enumerate() {
        if i == 3 || i == 6 {
            out.push_str(":-------+-------+-------:\n");
        }
        out.push_str(&format!("| {}| {}| {}|\n", spaced(&r[..3]), spaced(&r[3..6]), spaced(&r[6..])));
    }
    out.push_str("'-------'-------'-------'\n");
    out
}

/// Simple Sudoku's givens grid: a `*-----------*` frame, `|---+---+---|` between bands.
fn simple_sudoku_givens() -> String {
    let mut out = String::from("*-----------*\n");
    for (i, r) in rows().into_iter().enumerate() {
        if i == 3 || i == 6 {
            out.push_str("|---+---+---|\n");
        }
        out.push_str(&format!("|{}|{}|{}|\n", &r[..3], &r[3..6], &r[6..]));
    }
    out.push_str("*-----------*\n");
    out
}

/// The candidates of each cell of `LEETCODE` with only the givens' eliminations, by cell.
fn candidates() -> Vec<Vec<u8>> {
    let g: Vec<u8> = LEETCODE.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
    (0..81)
        .map(|i| {
            if g[i] != 0 {
                return vec![g[i]];
            }
            let (r, c) = (i / 9, i % 9);
            let sees = |j: usize| {
                let (s, t) = (j / 9, j % 9);
                s == r || t == c || (s / 3 == r / 3 && t / 3 == c / 3)
            };
            (1..=9).filter(|&d| !(0..81).any(|j| sees(j) && g[j] == d)).collect()
        })
        .collect()
}

/// HoDoKu's candidate grid: the same frames, one token of candidates per cell.
fn hodoku_marks() -> String {
    let cands = candidates();
    let token = |i: usize| cands[i].iter().map(|d| char::from(b'0' + d)).collect::<String>();
    let mut out = String::from(".------------------------------.\n");
    for r in 0..9 {
        if r == 3 || r == 6 {
            out.push_str(":------------------------------:\n");
        }
        out.push('|');
        for c in 0..9 {
            out.push_str(&format!(" {:<6}", token(r * 9 + c)));
            if c % 3 == 2 {
                out.push('|');
            }
        }
        out.push('\n');
    }
    out.push_str("'------------------------------'\n");
    out
}

/// Sukaku's line: 9 characters per cell, digit `d` at position `d` or `.`.
fn sukaku_line() -> String {
    candidates()
        .iter()
        .flat_map(|c| (1..=9u8).map(move |d| if c.contains(&d) { char::from(b'0' + d) } else { '.' }))
        .collect()
}

/// 81 candidate tokens, one row per line.
fn tokens() -> String {
    let cands = candidates();
    (0..9)
        .map(|r| {
            (0..9)
                .map(|c| cands[r * 9 + c].iter().map(|d| char::from(b'0' + d)).collect::<String>())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Writes `text` to a fresh file in the temporary directory, named after `name`.
fn file(name: &str, text: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("sudoku_cli_inputs_{}_{name}.txt", std::process::id()));
    std::fs::write(&path, text).expect("write a temporary puzzle file");
    path
}

/// Checks that every single-puzzle mode reads `path` as LeetCode's puzzle.
fn every_mode_reads(path: &str, what: &str) {
    for mode in MODES {
        let mut args: Vec<&str> = mode.to_vec();
        args.push(path);
        let o = run(&args, b"");
        assert_eq!(code(&o), 0, "{what} {args:?}: {}", stderr(&o));
        let out = stdout(&o);
        match mode {
            [] => assert!(out.contains("The solution is unique."), "{what}: {out}"),
            ["--format", "line"] => assert_eq!(out.trim(), LEETCODE_SOLUTION, "{what}"),
            ["--explain"] => assert!(out.contains("Explanation:\n") && out.contains("unique"), "{what}: {out}"),
            ["--grade"] => assert!(out.contains("Grade: "), "{what}: {out}"),
            _ => assert!(out.contains(": "), "{what}: {out}"),
        }
    }
}

#[test]
fn framed_givens_grids_are_read_in_every_mode() {
    for (name, text) in [("hodoku", hodoku_givens()), ("simple", simple_sudoku_givens())] {
        let path = file(name, &text);
        every_mode_reads(path.to_str().unwrap(), name);
        let _ = std::fs::remove_file(path);
    }
}

#[test]
fn pencil_marks_are_read_in_every_mode() {
    for (name, text) in [("hodoku_marks", hodoku_marks()), ("sukaku", sukaku_line()), ("tokens", tokens())] {
        let path = file(name, &text);
        every_mode_reads(path.to_str().unwrap(), name);
        let _ = std::fs::remove_file(path);
    }
    // A Sukaku line in a batch, as any other puzzle line (with --grade: its grade).
    let input = format!("{}\n{LEETCODE}\n", sukaku_line());
    let o = run(&["--batch", "--grade"], input.as_bytes());
    let lines: Vec<String> = stdout(&o).lines().map(str::to_string).collect();
    assert_eq!(lines.len(), 2, "{}", stdout(&o));
    assert!(lines.iter().all(|l| l.starts_with(LEETCODE_SOLUTION)), "{lines:?}");
}

#[test]
fn marks_that_cross_out_a_digit_change_the_answer() {
    // Cross out r1c3's digit of the solution (4): no solution is left.
    let mut text = sukaku_line();
    let at = 2 * 9 + 3;
    assert_eq!(&text[at..=at], "4");
    text.replace_range(at..=at, ".");
    let o = run(&["--format", "line", &text], b"");
    assert_eq!((code(&o), stdout(&o).trim()), (1, "unsolvable"), "{}", stderr(&o));
}

#[test]
fn a_puzzle_given_as_the_argument_is_read_in_every_mode() {
    every_mode_reads(LEETCODE, "argument");
    // A name that is neither a file nor a puzzle is still a missing file.
    let o = run(&["no-such-puzzle.txt"], b"");
    assert_eq!(code(&o), 6, "{}", stderr(&o));
}

#[test]
fn batch_lines_keep_the_puzzle_and_ignore_trailing_fields_and_comments() {
    let input = format!("# puzzle\trating\n{LEETCODE}\t7.2\n{LEETCODE} 7.2 extra\n{LEETCODE} # a comment\n");
    let o = run(&["--batch"], input.as_bytes());
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(stdout(&o), format!("{LEETCODE_SOLUTION}\n").repeat(3));
    // The project's own rated sample (its header and first lines): no line is invalid.
    let sample = std::fs::read_to_string(data_path("9x9_sudokuexchange_rated_sample.tsv")).unwrap();
    let head: String = sample.lines().take(21).map(|l| format!("{l}\n")).collect();
    let o = run(&["--batch", "--count", "2"], head.as_bytes());
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(stdout(&o), "1\n".repeat(20));
}

#[test]
fn a_hint_on_a_grid_with_several_solutions_is_refused_with_two_of_them() {
    let o = run(&["--hint", MULTIPLE_4X4], b"");
    assert_eq!(code(&o), 3, "{}", stdout(&o));
    let out = stdout(&o);
    assert!(out.contains("Solution 1:") && out.contains("Solution 2:"), "{out}");
    assert!(out.contains("more than one solution"), "{out}");
    assert!(stderr(&o).contains("more than one solution"), "{}", stderr(&o));
}

#[test]
fn the_time_limit_bounds_grading_and_explaining() {
    // Golden Nugget: its grading takes seconds; a 0.2 s limit stops it and says so.
    let nugget = ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7.....";
    for mode in [&["--grade"][..], &["--explain"], &["--grade", "--format", "line"]] {
        let mut args = mode.to_vec();
        args.extend(["--timeout", "0.2", nugget]);
        let o = run(&args, b"");
        assert_eq!(code(&o), 5, "{args:?}: {}", stdout(&o));
        let out = stdout(&o);
        assert!(out.contains("time limit") || out.starts_with("limit"), "{args:?}: {out}");
    }
    let o = run(&["--batch", "--grade", "--timeout", "0.2"], format!("{nugget}\n{LEETCODE}\n").as_bytes());
    let lines: Vec<&str> = std::str::from_utf8(&o.stdout).unwrap().lines().collect();
    assert_eq!(lines[0], "limit\t-\t-\t-");
    assert!(lines[1].starts_with(LEETCODE_SOLUTION), "{lines:?}");
}

//! The example binary `examples/sudoku/` run as a real process: output contract and exit
//! codes.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;

use checks::grid::{check_solution, data, data_path, puzzles};

mod docs;
mod explain;
mod generate;
mod inputs;
mod json;
mod variants;

/// The example binary that `cargo test` builds next to this test binary
/// (`target/<profile>/examples/sudoku`). A test never runs cargo: if the binary is missing (as
/// after `cargo test --test integration`, which builds no example), the test fails and says how
/// to build it.
fn binary() -> &'static PathBuf {
    static BINARY: OnceLock<PathBuf> = OnceLock::new();
    BINARY.get_or_init(|| {
        let exe = std::env::current_exe().expect("test binary path");
        // target/<profile>/deps/integration-<hash> -> target/<profile>
        let profile_dir = exe.parent().and_then(|deps| deps.parent()).expect("target/<profile>");
        let path = profile_dir.join("examples").join(format!("sudoku{}", std::env::consts::EXE_SUFFIX));
        assert!(
            path.exists(),
            "no example binary at {}: run `cargo test`, which builds the examples, or build it with \
             `cargo build --example sudoku` (`--release` for release tests)",
            path.display()
        );
        path
    })
}

fn command() -> Command {
    let mut cmd = Command::new(binary());
    cmd.current_dir(env!("CARGO_MANIFEST_DIR")).env_remove("RUST_LOG");
    cmd
}

/// Runs the binary with `args` and `stdin`.
pub(crate) fn run(args: &[&str], stdin: &[u8]) -> Output {
    run_command(command(), args, stdin)
}

/// Runs the binary with `args` and `stdin`, logging as `RUST_LOG=filter` says.
fn run_logged(filter: &str, args: &[&str], stdin: &[u8]) -> Output {
    let mut cmd = command();
    cmd.env("RUST_LOG", filter);
    run_command(cmd, args, stdin)
}

fn run_command(mut cmd: Command, args: &[&str], stdin: &[u8]) -> Output {
    let mut child = cmd
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn the example binary");
    let mut input = child.stdin.take().unwrap();
    let stdin = stdin.to_vec();
    // Write from a thread: the child may produce output before it has read everything.
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    let out = child.wait_with_output().expect("wait for the example binary");
    writer.join().unwrap();
    out
}

pub(crate) fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("stdout is UTF-8")
}

pub(crate) fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

pub(crate) fn code(o: &Output) -> i32 {
    o.status.code().unwrap_or_else(|| panic!("killed by a signal: {o:?}"))
}

const LEETCODE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const LEETCODE_SOLUTION: &str = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
const INKALA: &str = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
/// Two solutions: 1 and 3 swap in the corners of r1c1, r1c3, r2c1, r2c3.
const MULTIPLE_4X4: &str = ".2.4.4.221434321";
const NO_SOLUTION: &str = "1...5.2.9..7.......6.......2...........5.1..2....2.39.3.4.9...15...1...3...8...4.";

#[test]
fn no_arguments_solves_the_embedded_puzzle_with_pretty_output() {
    let o = run(&[], b"");
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with("Puzzle (the embedded puzzle: 9x9, 21 givens):\n8 . . | . . . | . . .\n"), "{out}");
    assert!(out.contains("------+-------+------"), "{out}");
    assert!(out.contains("Solution:\n8 1 2 | 7 5 3 | 6 4 9\n"), "{out}");
    assert!(out.contains("The solution is unique."), "{out}");
    assert!(out.contains("Statistics: nodes="), "{out}");
    assert!(out.contains("prunings="), "{out}");
}

#[test]
fn single_puzzle_from_a_file_or_stdin_in_line_or_grid_form() {
    let o = run(&[data_path("9x9_famous_hardest.txt").to_str().unwrap(), "--format", "line"], b"");
    // The file holds four puzzles: not one puzzle, and the message says so.
    assert_eq!(code(&o), 4);
    assert!(stdout(&o).starts_with("invalid: found 324 cells, expected"), "{}", stdout(&o));
    assert!(stdout(&o).trim_end().ends_with("(one puzzle per line? use --batch)"), "{}", stdout(&o));

    let o = run(&["-", "--format", "line"], format!("{LEETCODE}\n").as_bytes());
    assert_eq!((code(&o), stdout(&o)), (0, format!("{LEETCODE_SOLUTION}\n")));

    let grid_text =
        "# LeetCode 37\n5 3 . | . 7 . | . . .\n6 . . | 1 9 5 | . . .\n. 9 8 | . . . | . 6 .\n------+-------+------\n\
                     8 . . | . 6 . | . . 3\n4 . . | 8 . 3 | . . 1\n7 . . | . 2 . | . . 6\n------+-------+------\n\
                     . 6 . | . . . | 2 8 .\n. . . | 4 1 9 | . . 5\n. . . | . 8 . | . 7 9\n";
    let o = run(&["-"], grid_text.as_bytes());
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(stdout(&o).contains("Puzzle (standard input: 9x9, 30 givens):"), "{}", stdout(&o));
    assert!(stdout(&o).contains("5 3 4 | 6 7 8 | 9 1 2\n"), "{}", stdout(&o));
}

#[test]
fn exit_codes_of_a_single_puzzle() {
    let cases: [(&[&str], String, i32, &str); 8] = [
        (&["-", "--format", "line"], LEETCODE.into(), 0, LEETCODE_SOLUTION),
        (&["-", "--format", "line"], NO_SOLUTION.into(), 1, "unsolvable"),
        (&["-", "--format", "line"], MULTIPLE_4X4.into(), 3, "multiple"),
        (&["-", "--format", "line"], "12x4".into(), 4, "invalid: line 1, column 3: unexpected character 'x'"),
        (&["-", "--format", "line", "--max-nodes", "1"], INKALA.into(), 5, "limit"),
        (&["-", "--format", "line", "--count", "10"], MULTIPLE_4X4.into(), 0, "2"),
        (&["-", "--format", "line", "--count", "10"], NO_SOLUTION.into(), 1, "0"),
        (&["-", "--format", "line", "--first"], MULTIPLE_4X4.into(), 0, "1234341221434321"),
    ];
    for (args, input, expected_code, expected_out) in cases {
        let o = run(args, input.as_bytes());
        assert_eq!(
            (code(&o), stdout(&o).trim_end()),
            (expected_code, expected_out),
            "{args:?} {input}: {}",
            stderr(&o)
        );
    }
    // Grid format: the same codes, explanations on stdout.
    let o = run(&["-"], MULTIPLE_4X4.as_bytes());
    assert_eq!(code(&o), 3);
    assert!(stdout(&o).contains("Solution 2:") && stdout(&o).contains("more than one solution"), "{}", stdout(&o));
    let o = run(&["-"], NO_SOLUTION.as_bytes());
    assert_eq!(code(&o), 1);
    assert!(stdout(&o).contains("The puzzle has no solution."));
    let o = run(&["-", "--timeout", "0.000001"], INKALA.as_bytes());
    assert_eq!(code(&o), 5, "{}", stdout(&o));
    assert!(stdout(&o).contains("stopped by the time limit"), "{}", stdout(&o));
    let o = run(&["-"], b"row 1");
    assert_eq!(code(&o), 4);
    assert_eq!(
        stderr(&o).trim_end(),
        "error: invalid puzzle in standard input: line 1, column 1: unexpected character 'r'"
    );
    // I/O error: a missing file.
    let o = run(&["/nonexistent/puzzle.txt"], b"");
    assert_eq!(code(&o), 6);
    assert!(stderr(&o).contains("cannot open /nonexistent/puzzle.txt"), "{}", stderr(&o));
    let o = run(&["--batch", "/nonexistent/puzzles.txt"], b"");
    assert_eq!(code(&o), 6);
}

#[test]
fn usage_errors_exit_with_2() {
    for args in [
        &["--bogus"][..],
        &["--count", "0"],
        &["--timeout", "-1"],
        &["--timeout", "soon"],
        &["--first", "--count", "3"],
        &["--heuristic", "best"],
    ] {
        let o = run(args, b"");
        assert_eq!(code(&o), 2, "{args:?}: {}", stderr(&o));
        assert!(stdout(&o).is_empty());
    }
}

#[test]
fn help_documents_options_and_exit_codes() {
    let o = run(&["--help"], b"");
    assert_eq!(code(&o), 0);
    let help = stdout(&o);
    for needle in [
        "--batch",
        "--first",
        "--count",
        "--stats",
        "--propagation",
        "--heuristic",
        "--seed",
        "--max-nodes",
        "--timeout",
        "--format",
        "--jobs",
        "Exit codes:",
        "0  solved",
        "1  no solution",
        "2  usage error",
        "3  multiple solutions",
        "4  invalid input",
        "5  a limit",
        "6  I/O error",
        "RUST_LOG",
    ] {
        assert!(help.contains(needle), "--help lacks {needle:?}:\n{help}");
    }
}

#[test]
fn batch_prints_one_line_per_puzzle_in_input_order() {
    let mut input = Vec::new();
    let long_line = "1".repeat(10_000);
    let clash = format!(".5.....5.{}", ".".repeat(72));
    let bad_char = format!("{}x", &LEETCODE[..80]);
    let lines: Vec<(&[u8], Option<&str>)> = vec![
        (&b"# a comment"[..], None),
        (&b""[..], None),
        (LEETCODE.as_bytes(), Some(LEETCODE_SOLUTION)),
        (&b"   "[..], None),
        (MULTIPLE_4X4.as_bytes(), Some("multiple")),
        (NO_SOLUTION.as_bytes(), Some("unsolvable")),
        (bad_char.as_bytes(), Some("invalid: line 7, column 81: unexpected character 'x'")),
        (
            &LEETCODE.as_bytes()[..80],
            Some(
                "invalid: line 8: found 80 cells, expected 81 (9x9) or one of 16 (4x4), 36 (6x6), 144 (12x12), \
                 256 (16x16), 625 (25x25)",
            ),
        ),
        (clash.as_bytes(), Some("invalid: line 9: row 1 has 5 twice: r1c2 and r1c8")),
        (
            long_line.as_bytes(),
            Some("invalid: line 10: too long (more than 4096 bytes; the largest puzzle has 625 cells)"),
        ),
        (&b"12\xff4"[..], Some("invalid: line 11, column 3: invalid UTF-8")),
        (&b"12\x004"[..], Some("invalid: line 12, column 3: unexpected character '\\0'")),
        (&b"  # indented comment"[..], None),
        (&b"1234341221434321\r"[..], Some("1234341221434321")),
    ];
    let mut expected = String::new();
    for (line, out) in &lines {
        input.extend_from_slice(line);
        input.push(b'\n');
        if let Some(out) = out {
            expected.push_str(out);
            expected.push('\n');
        }
    }
    // No final newline on the last puzzle.
    input.extend_from_slice(INKALA.as_bytes());
    expected.push_str("812753649943682175675491283154237896369845721287169534521974368438526917796318452\n");
    let o = run(&["--batch"], &input);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(stdout(&o), expected);
    let err = stderr(&o);
    let summary = err.lines().last().unwrap_or("");
    assert!(
        summary.starts_with("summary: puzzles=11 unique=3 multiple=1 unsolvable=1 invalid=6 limit=0 time="),
        "{err}"
    );
    assert!(summary.contains(" puzzles/s"), "{summary}");
    assert_eq!(err.lines().count(), 1, "only the summary on stderr (no progress bar on a pipe): {err}");
}

#[test]
fn a_byte_order_mark_at_the_start_is_skipped() {
    let o = run(&["--batch"], format!("\u{feff}# puzzles\n{LEETCODE}\n").as_bytes());
    assert_eq!(stdout(&o), format!("{LEETCODE_SOLUTION}\n"));
    let o = run(&["--batch"], format!("\u{feff}{LEETCODE}\n").as_bytes());
    assert_eq!(stdout(&o), format!("{LEETCODE_SOLUTION}\n"));
    let o = run(&["-", "--format", "line"], format!("\u{feff}{LEETCODE}").as_bytes());
    assert_eq!((code(&o), stdout(&o)), (0, format!("{LEETCODE_SOLUTION}\n")));
}

#[test]
fn batch_first_count_and_limit_modes() {
    let input = format!("{LEETCODE}\n{MULTIPLE_4X4}\n{NO_SOLUTION}\n{INKALA}\n");
    let o = run(&["--batch", "--first"], input.as_bytes());
    assert_eq!(code(&o), 0);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0], LEETCODE_SOLUTION);
    check_solution(MULTIPLE_4X4, lines[1]).unwrap();
    assert_eq!(lines[2], "unsolvable");
    check_solution(INKALA, lines[3]).unwrap();
    assert!(stderr(&o).contains("solved=3"), "{}", stderr(&o));

    let o = run(&["--batch", "--count", "2"], input.as_bytes());
    assert_eq!(stdout(&o), "1\n>=2\n0\n1\n");
    let o = run(&["--batch", "--count", "1000"], format!("{MULTIPLE_4X4}\n").as_bytes());
    assert_eq!(stdout(&o), "2\n");

    let o = run(&["--batch", "--max-nodes", "1", "--stats"], input.as_bytes());
    assert_eq!(code(&o), 0, "a batch completes even when limits stop puzzles");
    // The no-solution puzzle needs search to be refuted: one node is not enough either.
    assert_eq!(stdout(&o), format!("{LEETCODE_SOLUTION}\nlimit\nlimit\nlimit\n"));
    let err = stderr(&o);
    assert!(err.contains("unique=1 multiple=0 unsolvable=0 invalid=0 limit=3"), "{err}");
    assert!(err.contains("stats: nodes="), "{err}");
}

#[test]
fn batch_with_jobs_keeps_input_order_and_matches_one_job() {
    // 1,200 puzzles: more than one chunk of 512 per job for two jobs, mixed with bad lines.
    let text = data("9x9_17clue_royle.txt");
    let mut input = String::new();
    for (i, p) in puzzles(&text).take(1200).enumerate() {
        input.push_str(p);
        input.push('\n');
        if i % 97 == 0 {
            input.push_str("not a puzzle\n");
        }
    }
    let one = run(&["--batch"], input.as_bytes());
    let two = run(&["--batch", "--jobs", "2"], input.as_bytes());
    assert_eq!(code(&two), 0, "{}", stderr(&two));
    assert_eq!(stdout(&one), stdout(&two));
    let out = stdout(&two);
    let mut puzzles_in = input.lines();
    for line in out.lines() {
        let p = puzzles_in.next().unwrap();
        if line.starts_with("invalid:") {
            assert_eq!(p, "not a puzzle");
        } else {
            check_solution(p, line).unwrap();
        }
    }
    assert!(puzzles_in.next().is_none());
    assert!(stderr(&two).contains("puzzles=1213 unique=1200"), "{}", stderr(&two));
}

#[test]
fn batch_over_other_sizes() {
    for (name, shape_cells) in [("4x4_kr100.txt", 16), ("16x16_kr100.txt", 256), ("25x25_sam_unique.txt", 625)] {
        let o = run(&["--batch", data_path(name).to_str().unwrap()], b"");
        assert_eq!(code(&o), 0);
        let text = data(name);
        let out = stdout(&o);
        let mut n = 0;
        for (p, s) in puzzles(&text).zip(out.lines()) {
            assert_eq!(s.len(), shape_cells);
            check_solution(p, s).unwrap_or_else(|e| panic!("{name}: {e}"));
            n += 1;
        }
        assert_eq!(n, puzzles(&text).count());
        assert_eq!(out.lines().count(), n);
    }
}

#[test]
fn a_closed_stdout_ends_the_batch_quietly() {
    let mut child = command()
        .args(["--batch", data_path("9x9_17clue_royle.txt").to_str().unwrap()])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = child.stdout.take().unwrap();
    let mut first = [0u8; 82];
    out.read_exact(&mut first).unwrap();
    drop(out);
    let mut err = String::new();
    child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(0), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(!err.contains("error"), "{err}");
}

#[test]
fn search_logging_shows_decisions_and_refutations() {
    // `csp::search` at `debug` alone (no pruning trace) logs every decision and refutation, as
    // docs/logging.md says: a puzzle that needs guessing shows both, each naming its cell.
    // The first puzzle of data/9x9_forum_hardest_1905_11plus.txt.
    let hard = "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6";
    let o = run_logged("csp::search=debug", &["-", "--format", "line"], hard.as_bytes());
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let err = stderr(&o);
    let decisions = err.lines().filter(|l| l.contains("csp::search") && l.contains(" decide depth=")).count();
    let refutations = err.lines().filter(|l| l.contains("csp::search") && l.contains(" backtrack depth=")).count();
    assert!(decisions > 0 && refutations > 0, "decisions {decisions}, refutations {refutations}:\n{err}");
    assert!(err.lines().filter(|l| l.contains(" decide depth=")).all(|l| l.contains(" var=r")), "{err}");
}

#[test]
fn trace_logging_shows_prunings_by_cell_and_digit() {
    let o = run_logged("csp::prune=trace", &["-", "--format", "line"], LEETCODE.as_bytes());
    assert_eq!(code(&o), 0);
    let err = stderr(&o);
    // Every pruning names its cell (rNcM), its digit and its unit (rowN, colN, boxN).
    let prunings: Vec<&str> = err.lines().filter(|l| l.contains("csp::prune") && l.contains(" prune depth=")).collect();
    for unit in ["row", "col", "box"] {
        assert!(prunings.iter().any(|l| l.contains(&format!(" by={unit}"))), "no pruning by a {unit}");
    }
    for l in &prunings {
        let var = l.split(" var=").nth(1).and_then(|r| r.split(' ').next()).unwrap_or("");
        let (row, col) = var.strip_prefix('r').and_then(|v| v.split_once('c')).unwrap_or(("", ""));
        assert!(row.parse::<u8>().is_ok() && col.parse::<u8>().is_ok(), "cell name {var:?} in {l}");
        let value = l.split(" value=").nth(1).and_then(|r| r.split(' ').next()).unwrap_or("");
        assert!(value.parse::<u8>().is_ok_and(|d| (1..=9).contains(&d)), "digit {value:?} in {l}");
    }
    assert!(err.lines().filter(|l| l.contains("prune depth=")).count() > 100);
}

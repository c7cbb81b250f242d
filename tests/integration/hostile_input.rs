//! Huge and hostile input through the example binary: a clear error or a streamed answer, the
//! documented exit code, and batch mode answering every line. The inputs are made here, in
//! memory; the 100 MB and one-million-puzzle runs are measured by hand (docs/robustness.md).

use crate::sudoku_cli::{code, run, stderr, stdout};

const LEETCODE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const LEETCODE_SOLUTION: &str = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

#[test]
fn an_8_mb_line_is_one_invalid_line_in_batch_and_too_large_alone() {
    let mut input = vec![b'1'; 8 << 20];
    input.push(b'\n');
    input.extend_from_slice(LEETCODE.as_bytes());
    let o = run(&["--batch"], &input);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        format!(
            "invalid: line 1: too long (more than 4096 bytes; the largest puzzle has 625 cells)\n{LEETCODE_SOLUTION}\n"
        )
    );
    let o = run(&["-"], &input);
    assert_eq!(code(&o), 4);
    assert!(stdout(&o).is_empty());
    assert!(
        stderr(&o).contains("standard input is larger than 1024 KiB; for many puzzles, one per line, use --batch"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_puzzle_after_a_long_run_of_spaces_gets_an_answer() {
    // Regression: the batch reader took a line whose first 4096 bytes were spaces for a blank
    // line and skipped it silently, breaking "one output line per puzzle".
    let mut input = vec![b' '; 5000];
    input.extend_from_slice(format!("{LEETCODE}\n{LEETCODE}\n").as_bytes());
    let o = run(&["--batch"], &input);
    assert_eq!(
        stdout(&o),
        format!(
            "invalid: line 1: too long (more than 4096 bytes; the largest puzzle has 625 cells)\n{LEETCODE_SOLUTION}\n"
        )
    );
}

#[test]
fn nul_bytes_and_invalid_utf8_alone_are_invalid_input_with_a_position() {
    let o = run(&["-", "--format", "line"], b"12\x004");
    assert_eq!((code(&o), stdout(&o).trim_end()), (4, "invalid: line 1, column 3: unexpected character '\\0'"));
    let o = run(&["-", "--format", "line"], b"# comment\n12\xff\xfe4");
    assert_eq!((code(&o), stdout(&o).trim_end()), (4, "invalid: line 2, column 3: invalid UTF-8"));
    let o = run(&["-"], b"\xff");
    assert_eq!(code(&o), 4);
    assert_eq!(stderr(&o).trim_end(), "error: invalid puzzle in standard input: line 1, column 1: invalid UTF-8");
}

#[test]
fn a_grid_of_10000_lines_is_rejected_with_its_cell_count() {
    let grid = "1 2 | 3 4\n".repeat(10_000);
    let o = run(&["-", "--format", "line"], grid.as_bytes());
    assert_eq!(code(&o), 4);
    assert!(stdout(&o).starts_with("invalid: found 40000 cells, expected 625 (25x25)"), "{}", stdout(&o));
    // As a batch, every line is answered (invalid), in order.
    let o = run(&["--batch"], grid.as_bytes());
    assert_eq!(code(&o), 0);
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 10_000);
    assert!(out
        .lines()
        .enumerate()
        .all(|(i, l)| l.starts_with(&format!("invalid: line {}, column 2: unexpected character ' '", i + 1))));
    // Many puzzles sent as one puzzle: the message suggests --batch.
    let many = format!("{LEETCODE}\n").repeat(10_000);
    let o = run(&["-", "--format", "line"], many.as_bytes());
    assert_eq!(code(&o), 4);
    assert!(stdout(&o).trim_end().ends_with("(one puzzle per line? use --batch)"), "{}", stdout(&o));
}

#[test]
fn binary_garbage_in_batch_gets_one_answer_per_line_and_exit_0() {
    // Deterministic pseudo-random bytes, newlines included.
    let mut state = 0x9E37_79B9_7F4A_7C15_u64;
    let mut input = Vec::with_capacity(200_000);
    for _ in 0..200_000 {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        input.push(if state.is_multiple_of(50) { b'\n' } else { (state >> 24) as u8 });
    }
    let o = run(&["--batch"], &input);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let expected = input
        .split(|&b| b == b'\n')
        .filter(|l| l.iter().find(|b| !b.is_ascii_whitespace()).is_some_and(|&b| b != b'#'))
        .count();
    let out = stdout(&o);
    assert_eq!(out.lines().count(), expected);
    assert!(out.lines().all(|l| l.starts_with("invalid: line ")), "{out}");
    assert!(stderr(&o).contains(&format!("puzzles={expected} ")), "{}", stderr(&o));
}

#[test]
fn twenty_thousand_puzzles_stream_through_batch_in_order() {
    let puzzles = ["...3..4114..3...", ".2.4.4.221434321", "1234341221434321", "11.............."];
    let answers = ["4123234114323214", "multiple", "1234341221434321", "invalid"];
    let mut input = String::new();
    for i in 0..20_000 {
        input.push_str(puzzles[i % 4]);
        input.push('\n');
    }
    for jobs in ["1", "2"] {
        let o = run(&["--batch", "--jobs", jobs], input.as_bytes());
        assert_eq!(code(&o), 0);
        let out = stdout(&o);
        assert_eq!(out.lines().count(), 20_000);
        for (i, l) in out.lines().enumerate() {
            assert!(l.starts_with(answers[i % 4]), "line {}: {l}", i + 1);
        }
        assert!(
            stderr(&o).contains("puzzles=20000 unique=10000 multiple=5000 unsolvable=0 invalid=5000"),
            "{}",
            stderr(&o)
        );
    }
}

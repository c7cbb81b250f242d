//! `--explain --format json`: one line per step, as `sudoku::json` writes the library's steps,
//! then the outcome (the web board reads the same data, docs/web.md).

use sudoku::{Explainer, Grid};

use super::{code, run, stderr, stdout};

#[test]
fn explain_as_json_is_the_librarys_steps_then_the_outcome() {
    for line in
        ["...3..4114..3...", "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"]
    {
        let o = run(&["--explain", "--format", "json", "--grade", "-"], line.as_bytes());
        assert_eq!(code(&o), 0, "{}", stderr(&o));
        let puzzle = Grid::from_line(line).unwrap();
        let e = Explainer::new(puzzle.shape()).explain(&puzzle);
        let mut want: Vec<String> = e.steps().iter().map(sudoku::json::step).collect();
        let solution = e.result().solution().unwrap().to_line();
        let g = e.grade();
        want.push(format!(
            "{{\"kind\":\"result\",\"result\":\"unique\",\"solution\":\"{solution}\",\"grade\":{{\"score\":{:.1},\"band\":\"{}\",\"hardest\":\"{}\"}}}}",
            g.score(),
            g.band(),
            g.hardest().unwrap()
        ));
        assert_eq!(stdout(&o).lines().collect::<Vec<_>>(), want);
    }
    // A variant: its steps over cages.
    let o = run(&["--variant", "killer", "--explain", "--format", "json", "data/variants/killer_4x4.txt"], b"");
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/data/variants/killer_4x4.txt")).unwrap();
    let puzzle = sudoku::Puzzle::parse(sudoku::Variant::Killer, &text).unwrap();
    let e = Explainer::new(puzzle.shape()).explain(&puzzle);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    let steps: Vec<String> = e.steps().iter().map(sudoku::json::step).collect();
    assert_eq!(lines[..lines.len() - 1], steps);
    assert!(lines[lines.len() - 1].starts_with(r#"{"kind":"result","result":"unique""#), "{out}");
    // Only with --explain.
    let o = run(&["--format", "json", "-"], b"...3..4114..3...");
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("--format json goes with --explain"), "{}", stderr(&o));
}

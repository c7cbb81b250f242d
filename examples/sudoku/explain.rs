//! `--explain` and `--grade` on one puzzle: reading it (clashing givens kept, to show them),
//! and printing the steps.

use super::*;

/// Reads the single puzzle for --explain, keeping clashing givens so that all of them can be
/// shown; other errors read as without --explain.
pub(super) fn read_explained(path: Option<&Path>) -> Result<(Grid, String), (u8, String)> {
    let Some(path) = path else {
        let grid = Grid::from_line(EMBEDDED).map_err(|e| (code::INVALID, format!("the embedded puzzle: {e}")))?;
        return Ok((grid, "the embedded puzzle".to_string()));
    };
    let name = display_name(Some(path));
    let bytes = read_single(Some(path))?;
    let text = std::str::from_utf8(bytes.strip_prefix(BOM).unwrap_or(&bytes)).ok();
    match text.map(Grid::parse_keeping_clashes) {
        Some(Ok(grid)) => Ok((grid, name)),
        // The same message as without --explain.
        _ => match parse_single(&bytes) {
            Ok(grid) => Ok((grid, name)),
            Err(why) => Err((code::INVALID, why)),
        },
    }
}

/// The puzzle in `bytes`, clashing givens kept, or the message of the error without --explain.
pub(super) fn grid_of(bytes: &[u8]) -> Result<Grid, String> {
    let text = std::str::from_utf8(bytes.strip_prefix(BOM).unwrap_or(bytes)).ok();
    match text.map(Grid::parse_keeping_clashes) {
        Some(Ok(grid)) => Ok(grid),
        _ => parse_single(bytes),
    }
}

/// --explain: the puzzle, the steps, the outcome; the exit code as without it.
pub(super) fn run_explain(args: &Args, config: &Config, detail: Detail) -> ExitCode {
    let marks = match read_marks(args.input.as_deref()) {
        Some(Ok((marks, _))) => Some(marks),
        Some(Err((code::INVALID, why))) if args.format == Format::Line => {
            return finish_output(code::INVALID, |out| writeln!(out, "invalid: {why}"));
        }
        Some(Err((code, why))) => {
            note!("error: {why}");
            return ExitCode::from(code);
        }
        None => None,
    };
    let read = match &marks {
        Some(m) => Ok((m.grid().clone(), display_name(args.input.as_deref()))),
        None => read_explained(args.input.as_deref()),
    };
    let (grid, name) = match read {
        Ok(x) => x,
        Err((code::INVALID, why)) if args.format == Format::Line => {
            return finish_output(code::INVALID, |out| writeln!(out, "invalid: {why}"));
        }
        Err((code::INVALID, why)) if args.format == Format::Json => {
            let why = sudoku::json::string(&why);
            return finish_output(code::INVALID, |out| writeln!(out, "{{\"kind\":\"invalid\",\"error\":{why}}}"));
        }
        Err((code, why)) => {
            let name = display_name(args.input.as_deref());
            let what = if code == code::INVALID { format!("invalid puzzle in {name}") } else { "input".into() };
            note!("error: {what}: {why}");
            return ExitCode::from(code);
        }
    };
    let mut solver = config.explainer(grid.shape());
    let explanation = match &marks {
        Some(m) => solver.explain(m),
        None => solver.explain(&grid),
    };
    let first = matches!(config.mode, Mode::First);
    let clash = explanation.clashes().next().copied();
    let verdict = match (clash, explanation.result()) {
        (Some(c), _) => Verdict::Invalid(c.to_string()),
        (None, Uniqueness::Unique(g)) if first => Verdict::Solved(g.to_line()),
        (None, Uniqueness::Multiple(g, _)) if first => Verdict::Solved(g.to_line()),
        (None, Uniqueness::Unique(g)) => Verdict::Unique(g.to_line()),
        (None, Uniqueness::Multiple(..)) => Verdict::Multiple,
        (None, Uniqueness::Unsatisfiable) => Verdict::Unsolvable,
        (None, Uniqueness::LimitReached(_)) => Verdict::Limit,
    };
    let code = verdict_code(&verdict);
    // On a puzzle without solution, first the givens that cannot stand together.
    let why = match verdict {
        Verdict::Unsolvable if marks.is_none() => sudoku::minimal_unsolvable_givens(&grid, config.limits.clone())
            .map(|set| format!("{}\n", sudoku::unsolvable_line(&set))),
        _ => None,
    }
    .unwrap_or_default();
    let mut text = String::new();
    match args.format {
        Format::Json => json_lines(&explanation, &verdict, args.grade, &mut text),
        Format::Line => {
            let _ = write!(text, "{why}{}", explanation.display(detail));
            // A grade only for a grid with one solution (with --first: a solution).
            let solved = matches!(verdict, Verdict::Unique(_) | Verdict::Solved(_));
            let verdict = match (args.grade, clash) {
                (true, Some(_)) => Verdict::Graded(Box::new(verdict), None),
                (true, None) => Verdict::Graded(Box::new(verdict), solved.then(|| *explanation.grade())),
                (false, _) => verdict,
            };
            let mut line = Vec::new();
            let _ = verdict.write_line(&mut line);
            text.push_str(&String::from_utf8_lossy(&line));
        }
        Format::Grid => {
            let with = if marks.is_some() { ", with pencil marks" } else { "" };
            let _ = writeln!(text, "Puzzle ({name}: {}, {} givens{with}):\n{grid}", grid.shape(), grid.num_filled());
            let _ = writeln!(text, "Explanation:\n{why}{}", explanation.display(detail));
            let _ = match explanation.result() {
                _ if clash.is_some() => writeln!(text, "The puzzle is invalid: its givens clash."),
                Uniqueness::Unique(s) if first => writeln!(text, "Solution:\n{s}"),
                Uniqueness::Unique(s) => writeln!(text, "Solution:\n{s}\nThe solution is unique."),
                Uniqueness::Multiple(a, _) if first => writeln!(text, "Solution:\n{a}"),
                Uniqueness::Multiple(a, b) => {
                    writeln!(text, "Solution:\n{a}\nThe puzzle has more than one solution; another one:\n{b}")
                }
                Uniqueness::Unsatisfiable => writeln!(text, "The puzzle has no solution."),
                Uniqueness::LimitReached(l) => {
                    writeln!(text, "The search was stopped by {} before it could finish.", limit_words(*l))
                }
            };
            if args.grade && clash.is_none() {
                if code == code::SOLVED {
                    grade_lines(explanation.grade(), args.stats, &mut text);
                } else {
                    text.push_str("Grade: none (the grid does not have exactly one solution)\n");
                }
            }
            let _ = writeln!(text, "Statistics: {}", solver.stats());
        }
    }
    finish_output(code, |out| out.write_all(text.as_bytes()))
}

// After `note!`, which it uses (macros are in scope from their definition on).

/// --explain --format json: one line per step, then the outcome:
/// `{"kind":"result","result":"unique","solution":"...","grade":{"score":3.4,"band":"medium","hardest":"..."}}`
/// (`result` one of unique, solved, multiple, unsolvable, invalid, limit).
pub(super) fn json_lines(explanation: &sudoku::Explanation, verdict: &Verdict, grade: bool, text: &mut String) {
    for step in explanation.steps() {
        text.push_str(&sudoku::json::step(step));
        text.push('\n');
    }
    let (result, solution) = match verdict {
        Verdict::Unique(s) => ("unique", Some(s)),
        Verdict::Solved(s) => ("solved", Some(s)),
        Verdict::Multiple => ("multiple", None),
        Verdict::Unsolvable => ("unsolvable", None),
        Verdict::Invalid(_) => ("invalid", None),
        _ => ("limit", None),
    };
    let _ = write!(text, "{{\"kind\":\"result\",\"result\":\"{result}\"");
    if let Some(s) = solution {
        let _ = write!(text, ",\"solution\":{}", sudoku::json::string(s));
    }
    if grade && solution.is_some() {
        let g = explanation.grade();
        let hardest = g.hardest().map_or("null".to_string(), sudoku::json::string);
        let _ =
            write!(text, ",\"grade\":{{\"score\":{:.1},\"band\":\"{}\",\"hardest\":{hardest}}}", g.score(), g.band());
    }
    text.push_str("}\n");
}

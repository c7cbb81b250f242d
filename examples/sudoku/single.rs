//! Single-puzzle mode: read one puzzle (line or grid form), report the answer in the chosen
//! format, and the exit codes.

use super::*;

/// Reads a single-puzzle input, at most [`MAX_INPUT`] bytes. Standard input is read once and
/// kept: a second call (after looking for pencil marks) gets the same bytes.
pub(super) fn read_single(path: Option<&Path>) -> Result<Vec<u8>, (u8, String)> {
    if path.is_none_or(|p| p == Path::new("-")) {
        static STDIN: std::sync::OnceLock<Result<Vec<u8>, (u8, String)>> = std::sync::OnceLock::new();
        return STDIN.get_or_init(|| read_once(path)).clone();
    }
    read_once(path)
}

/// [`read_single`] without keeping standard input.
fn read_once(path: Option<&Path>) -> Result<Vec<u8>, (u8, String)> {
    let name = display_name(path);
    let (input, _) = open_input(path).map_err(|e| (code::IO, format!("cannot open {name}: {e}")))?;
    let mut bytes = Vec::new();
    input.take(MAX_INPUT + 1).read_to_end(&mut bytes).map_err(|e| (code::IO, format!("cannot read {name}: {e}")))?;
    if bytes.len() as u64 > MAX_INPUT {
        return Err((
            code::INVALID,
            format!("{name} is larger than {} KiB; for many puzzles, one per line, use --batch", MAX_INPUT / 1024),
        ));
    }
    Ok(bytes)
}

/// A single-puzzle input as text, without its byte order mark.
pub(super) fn decode(bytes: &[u8]) -> Result<&str, String> {
    let bytes = bytes.strip_prefix(BOM).unwrap_or(bytes);
    std::str::from_utf8(bytes).map_err(|e| {
        let line = bytes[..e.valid_up_to()].iter().filter(|&&b| b == b'\n').count() + 1;
        let line_start = bytes[..e.valid_up_to()].iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let column = std::str::from_utf8(&bytes[line_start..e.valid_up_to()]).map_or(0, |s| s.chars().count()) + 1;
        format!("line {line}, column {column}: invalid UTF-8")
    })
}

/// Parses a single-puzzle input, with a hint when it looks like a batch file.
pub(super) fn parse_single(bytes: &[u8]) -> Result<Grid, String> {
    let text = decode(bytes)?;
    Grid::parse(text).map_err(|e| {
        let puzzle_lines =
            text.lines().filter(|l| Shape::from_num_cells(l.trim().chars().count()).is_some()).take(2).count();
        match e {
            ParseError::WrongCellCount { .. } if puzzle_lines > 1 => {
                format!("{e} (one puzzle per line? use --batch)")
            }
            e => e.to_string(),
        }
    })
}

/// The pencil marks in a single-puzzle input (a HoDoKu candidate grid, a Sukaku line, a
/// token of candidates per cell), if it holds marks rather than givens.
pub(super) fn marks_of(bytes: &[u8]) -> Option<Result<PencilMarks, String>> {
    let text = decode(bytes).ok()?;
    PencilMarks::looks_like(text).then(|| PencilMarks::parse(text).map_err(|e| format!("invalid pencil marks: {e}")))
}

/// Reads the single input's pencil marks, if it holds marks: `None` for a puzzle of givens
/// (or no input).
pub(super) fn read_marks(path: Option<&Path>) -> Option<Result<(PencilMarks, String), (u8, String)>> {
    let bytes = match read_single(Some(path?)) {
        Ok(b) => b,
        Err(e) => return Some(Err(e)),
    };
    let name = display_name(path);
    marks_of(&bytes).map(|m| m.map(|m| (m, name)).map_err(|why| (code::INVALID, why)))
}

/// [`run_single`] for pencil marks: the candidates they cross out are out.
fn run_single_marks(args: &Args, config: &Config, marks: &PencilMarks, name: &str) -> ExitCode {
    let grid = marks.grid();
    let grade = config.grader(grid.shape()).map(|mut g| g.grade(marks));
    let mut solver = config.solver(grid.shape());
    match args.format {
        Format::Line => {
            let verdict = graded(answer(&mut solver, marks, config.mode), grade);
            finish_output(verdict_code(&verdict), |out| verdict.write_line(out))
        }
        Format::Grid | Format::Json => {
            let mut text = String::new();
            let _ = writeln!(
                text,
                "Puzzle ({name}: {}, {} givens, with pencil marks):\n{grid}",
                grid.shape(),
                grid.num_filled()
            );
            let mut code = report(&mut solver, marks, config.mode, Grid::to_string, &mut text);
            match grade {
                Some(g) if g.timed_out() => {
                    text.push_str("Grade: none (the time limit (--timeout) stopped the grading)\n");
                    code = code::LIMIT;
                }
                Some(g) if code == code::SOLVED => grade_lines(&g, args.stats, &mut text),
                Some(_) => text.push_str("Grade: none (the grid does not have exactly one solution)\n"),
                None => {}
            }
            finish_output(code, |out| out.write_all(text.as_bytes()))
        }
    }
}

pub(super) fn run_single(args: &Args, config: &Config) -> ExitCode {
    match read_marks(args.input.as_deref()) {
        Some(Ok((marks, name))) => return run_single_marks(args, config, &marks, &name),
        Some(Err((code::INVALID, why))) if args.format == Format::Line => {
            return finish_output(code::INVALID, |out| writeln!(out, "invalid: {why}"));
        }
        Some(Err((code, why))) => {
            note!("error: {why}");
            return ExitCode::from(code);
        }
        None => {}
    }
    let (grid, name) = match &args.input {
        None => match Grid::from_line(EMBEDDED) {
            Ok(g) => (g, "the embedded puzzle".to_string()),
            Err(e) => {
                note!("error: the embedded puzzle is invalid: {e}");
                return ExitCode::from(code::INVALID);
            }
        },
        Some(path) => {
            let name = display_name(Some(path));
            let parsed = read_single(Some(path)).and_then(|bytes| parse_single(&bytes).map_err(|m| (code::INVALID, m)));
            match parsed {
                Ok(g) => (g, name),
                Err((code::INVALID, why)) if args.format == Format::Line => {
                    return finish_output(code::INVALID, |out| writeln!(out, "invalid: {why}"));
                }
                Err((code, why)) => {
                    let what = if code == code::INVALID { format!("invalid puzzle in {name}") } else { "input".into() };
                    note!("error: {what}: {why}");
                    return ExitCode::from(code);
                }
            }
        }
    };
    let grade = config.grader(grid.shape()).map(|mut g| g.grade(&grid));
    let mut solver = config.solver(grid.shape());
    match args.format {
        Format::Line => {
            let verdict = graded(answer(&mut solver, &grid, config.mode), grade);
            let code = verdict_code(&verdict);
            if args.stats {
                note!("stats: {}", solver.stats());
            }
            finish_output(code, |out| verdict.write_line(out))
        }
        // --format json is refused without --explain (main).
        Format::Grid | Format::Json => {
            let mut text = String::new();
            let mut code = pretty(&mut solver, &grid, &name, config.mode, &mut text);
            match grade {
                Some(g) if g.timed_out() => {
                    text.push_str("Grade: none (the time limit (--timeout) stopped the grading)\n");
                    code = code::LIMIT;
                }
                // Only a puzzle with exactly one solution (or a solution, under --first) has a
                // grade: the report above says why another has none.
                Some(g) if code == code::SOLVED => grade_lines(&g, args.stats, &mut text),
                Some(_) => text.push_str("Grade: none (the grid does not have exactly one solution)\n"),
                None => {}
            }
            finish_output(code, |out| out.write_all(text.as_bytes()))
        }
    }
}

/// Writes through a locked, buffered stdout; a broken pipe is a quiet exit, another error
/// exit code 6.
pub(super) fn finish_output(code: u8, write: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> ExitCode {
    let mut out = BufWriter::new(io::stdout().lock());
    match write(&mut out).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::from(code),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::from(code),
        Err(e) => {
            note!("error: writing the output: {e}");
            ExitCode::from(code::IO)
        }
    }
}

pub(super) fn verdict_code(v: &Verdict) -> u8 {
    match v.ungraded() {
        Verdict::Unique(_) | Verdict::Solved(_) => code::SOLVED,
        Verdict::Count { n, .. } => {
            if *n == 0 {
                code::NO_SOLUTION
            } else {
                code::SOLVED
            }
        }
        Verdict::Multiple => code::MULTIPLE,
        Verdict::Unsolvable => code::NO_SOLUTION,
        Verdict::Invalid(_) => code::INVALID,
        Verdict::Limit => code::LIMIT,
        Verdict::Graded(..) => code::SOLVED,
    }
}

pub(super) fn limit_words(limit: sudoku::Limit) -> &'static str {
    match limit {
        sudoku::Limit::Nodes => "the node limit (--max-nodes)",
        sudoku::Limit::Time => "the time limit (--timeout)",
        sudoku::Limit::Cancelled => "cancellation",
        // The CLI installs no termination of its own; any other stop is reported as such.
        _ => "a stop requested by the program",
    }
}

/// The grid-format report; returns the exit code.
pub(super) fn pretty(solver: &mut Solver, grid: &Grid, name: &str, mode: Mode, out: &mut String) -> u8 {
    let _ = writeln!(out, "Puzzle ({name}: {}, {} givens):\n{grid}", grid.shape(), grid.num_filled());
    report(solver, grid, mode, Grid::to_string, out)
}

/// The outcome part of the grid-format report, solutions drawn with `render`, then the
/// statistics; returns the exit code.
pub(super) fn report<P: Solvable + ?Sized>(
    solver: &mut Solver,
    puzzle: &P,
    mode: Mode,
    render: impl Fn(&Grid) -> String,
    out: &mut String,
) -> u8 {
    let code = match mode {
        Mode::Unique => match solver.solve_unique(puzzle) {
            Uniqueness::Unique(s) => {
                let _ = writeln!(out, "Solution:\n{}\nThe solution is unique.", render(&s));
                code::SOLVED
            }
            Uniqueness::Multiple(a, b) => {
                let (a, b) = (render(&a), render(&b));
                let _ = writeln!(out, "Solution 1:\n{a}\nSolution 2:\n{b}\nThe puzzle has more than one solution.");
                code::MULTIPLE
            }
            Uniqueness::Unsatisfiable => {
                let _ = writeln!(out, "The puzzle has no solution.");
                code::NO_SOLUTION
            }
            Uniqueness::LimitReached(l) => {
                let _ = writeln!(out, "The search was stopped by {} before it could finish.", limit_words(l));
                code::LIMIT
            }
        },
        Mode::First => match solver.solve(puzzle) {
            Outcome::Solved(s) => {
                let _ = writeln!(out, "Solution (the first found; uniqueness not checked):\n{}", render(&s));
                code::SOLVED
            }
            Outcome::Unsatisfiable => {
                let _ = writeln!(out, "The puzzle has no solution.");
                code::NO_SOLUTION
            }
            Outcome::LimitReached(l) => {
                let _ = writeln!(out, "The search was stopped by {} before finding a solution.", limit_words(l));
                code::LIMIT
            }
        },
        Mode::Count(max) => {
            let c = solver.count_solutions_up_to(puzzle, max);
            let plural = if c.count == 1 { "" } else { "s" };
            match c.status {
                CountStatus::Complete => {
                    let _ = writeln!(out, "The puzzle has exactly {} solution{plural}.", c.count);
                    if c.count == 0 {
                        code::NO_SOLUTION
                    } else {
                        code::SOLVED
                    }
                }
                CountStatus::MaxReached => {
                    let _ = writeln!(
                        out,
                        "The puzzle has at least {} solution{plural} (counting stopped at --count {max}).",
                        c.count
                    );
                    code::SOLVED
                }
                CountStatus::LimitReached(l) => {
                    let _ = writeln!(
                        out,
                        "Found {} solution{plural} before {} stopped the count.",
                        c.count,
                        limit_words(l)
                    );
                    code::LIMIT
                }
            }
        }
    };
    let _ = writeln!(out, "Statistics: {}", solver.stats());
    code
}

// ---- explanations and grades ---------------------------------------------------------------

/// `Grade: 7.1 fiendish (forcing chain)`: the grade, its band and the hardest technique; with
/// --stats the guesses too.
pub(super) fn grade_lines(g: &Grade, stats: bool, out: &mut String) {
    match g.hardest() {
        Some(name) => {
            let _ = writeln!(out, "Grade: {g} ({name})");
        }
        None => {
            let _ = writeln!(out, "Grade: {g}");
        }
    }
    if stats {
        let _ = writeln!(out, "Grade from: hardest={} guesses={}", g.hardest().unwrap_or("none"), g.guesses());
    }
}

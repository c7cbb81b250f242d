//! `--variant x|killer|jigsaw`: one puzzle of a Sudoku variant (docs/variants.md), read, solved
//! and printed with the options of plain puzzles. The parsing, checks, encoding and rendering
//! live in the `sudoku` crate ([`Puzzle`], [`Solver`]); this module only wires them to
//! the command line.

use super::*;
use sudoku::{Puzzle, Variant};

/// The `--variant` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum VariantArg {
    /// Rows, columns and boxes.
    Plain,
    /// Also both main diagonals.
    X,
    /// Cages with sums: a cage map, one 'LABEL SUM' line per cage, then optional givens.
    Killer,
    /// Irregular regions instead of boxes: a region map, then the givens.
    Jigsaw,
}

impl VariantArg {
    pub(crate) fn variant(self) -> Variant {
        match self {
            VariantArg::Plain => Variant::Plain,
            VariantArg::X => Variant::X,
            VariantArg::Killer => Variant::Killer,
            VariantArg::Jigsaw => Variant::Jigsaw,
        }
    }
}

/// Solves the one puzzle of FILE (or '-') under `args.variant`; returns the exit code.
pub(crate) fn run(args: &Args, config: &Config) -> ExitCode {
    let variant = args.variant.variant();
    let Some(path) = args.input.as_deref() else {
        note!("error: --variant {variant} needs a puzzle file (or '-' for standard input); see docs/variants.md");
        return ExitCode::from(2);
    };
    let name = display_name(Some(path));
    if args.batch {
        return batch(args, config, path, variant);
    }
    let parsed = read_single(Some(path)).and_then(|bytes| {
        let text = decode(&bytes).map_err(|m| (code::INVALID, m))?;
        let blocks = Puzzle::parse_all(variant, text);
        if blocks.len() > 1 && blocks.iter().all(|(_, p)| p.is_ok()) {
            let lines: Vec<String> = blocks.iter().map(|(l, _)| l.to_string()).collect();
            let why = format!("{} puzzles (from lines {}): read them with --batch", blocks.len(), lines.join(", "));
            return Err((code::INVALID, why));
        }
        Puzzle::parse(variant, text).map_err(|e| (code::INVALID, e.to_string()))
    });
    let puzzle = match parsed {
        Ok(p) => p,
        Err((code::INVALID, why)) if args.format == Format::Line => {
            return finish_output(code::INVALID, |out| writeln!(out, "invalid: {why}"));
        }
        Err((code, why)) => {
            let what =
                if code == code::INVALID { format!("invalid {variant} puzzle in {name}") } else { "input".into() };
            note!("error: {what}: {why}");
            return ExitCode::from(code);
        }
    };
    if let Some(what) = args.hint {
        return hint(&mut config.explainer(puzzle.shape()), &puzzle, what);
    }
    if let Some(detail) = args.explain {
        return explain(args, config, &mut config.explainer(puzzle.shape()), &puzzle, &name, detail.detail());
    }
    let grade = config.grader(puzzle.shape()).map(|mut g| g.grade(&puzzle));
    let mut solver = config.solver(puzzle.shape());
    match args.format {
        Format::Line => {
            let verdict = graded(answer(&mut solver, &puzzle, config.mode), grade);
            if args.stats {
                note!("stats: {}", solver.stats());
            }
            finish_output(verdict_code(&verdict), |out| verdict.write_line(out))
        }
        // --format json is refused without --explain (main).
        Format::Grid | Format::Json => {
            let mut text = String::new();
            let code = pretty(&mut solver, &puzzle, &name, config.mode, grade, &mut text);
            finish_output(code, |out| out.write_all(text.as_bytes()))
        }
    }
}

/// --batch --variant: every block of the file (`Puzzle::parse_all`), one answer line each, as
/// batch mode prints them (with --grade: TAB grade TAB band); exit code 0 unless the input
/// cannot be read.
fn batch(args: &Args, config: &Config, path: &Path, variant: Variant) -> ExitCode {
    let text =
        match read_single(Some(path)).and_then(|b| decode(&b).map(str::to_string).map_err(|m| (code::INVALID, m))) {
            Ok(t) => t,
            Err((code, why)) => {
                note!("error: input: {why}");
                return ExitCode::from(code);
            }
        };
    let mut solver = config.solver(sudoku::Shape::SIZE_9);
    let mut grader = config.grader(sudoku::Shape::SIZE_9);
    let mut out = String::new();
    let blocks = Puzzle::parse_all(variant, &text);
    for (_, parsed) in &blocks {
        let verdict = match parsed {
            Ok(puzzle) => {
                let grade = grader.as_mut().map(|g| g.grade(puzzle));
                graded(answer(&mut solver, puzzle, config.mode), grade)
            }
            Err(e) if args.grade => Verdict::Graded(Box::new(Verdict::Invalid(e.to_string())), None),
            Err(e) => Verdict::Invalid(e.to_string()),
        };
        let mut line = Vec::new();
        let _ = verdict.write_line(&mut line);
        out.push_str(&String::from_utf8_lossy(&line));
    }
    note!("summary: puzzles={} variant={variant}", blocks.len());
    finish_output(code::SOLVED, |o| o.write_all(out.as_bytes()))
}

/// The grid-format report: grids are shown next to the cage or region map; returns the exit
/// code.
fn pretty(solver: &mut Solver, puzzle: &Puzzle, name: &str, mode: Mode, grade: Option<Grade>, out: &mut String) -> u8 {
    heading(puzzle, name, out);
    let code = report(solver, puzzle, mode, |g| puzzle.render(g), out);
    if let Some(g) = grade {
        grade_lines(&g, false, out);
    }
    code
}

/// `Puzzle (NAME: killer 9x9, 0 givens, 30 cages):` and the puzzle drawn.
fn heading(puzzle: &Puzzle, name: &str, out: &mut String) {
    let grid = puzzle.grid();
    let extra = match (puzzle.cages(), puzzle.regions()) {
        (Some(cages), _) => format!(", {} cages", cages.len()),
        (_, Some(regions)) => format!(", {} regions", regions.len()),
        _ => String::new(),
    };
    let _ = writeln!(
        out,
        "Puzzle ({name}: {} {}, {} givens{extra}):\n{}",
        puzzle.variant(),
        puzzle.shape(),
        grid.num_filled(),
        puzzle.render(grid)
    );
}

/// --hint for a variant puzzle: as for a plain one (`hint::run`), the techniques over the
/// variant's groups and a killer's cage sums.
fn hint(solver: &mut Explainer, puzzle: &Puzzle, what: hint::HintArg) -> ExitCode {
    let hint = solver.hint(puzzle);
    if let Some((a, b)) = hint.solutions() {
        return hint::several(a, b);
    }
    let exit = match hint.step().map(|s| &s.kind) {
        Some(sudoku::StepKind::Contradiction(sudoku::Contradiction::Clash(_))) => code::INVALID,
        Some(sudoku::StepKind::Contradiction(_)) => code::NO_SOLUTION,
        Some(sudoku::StepKind::TimedOut) => code::LIMIT,
        _ => code::SOLVED,
    };
    finish_output(exit, |out| {
        if what == hint::HintArg::Marks {
            writeln!(out, "{}", hint.marks())?;
        }
        match hint.step() {
            Some(step) => writeln!(out, "{step}"),
            None => writeln!(out, "solved: the grid is complete"),
        }
    })
}

/// --explain for a variant puzzle: as for a plain one (`run_explain`), grids drawn with the
/// variant's map.
fn explain(
    args: &Args,
    config: &Config,
    solver: &mut Explainer,
    puzzle: &Puzzle,
    name: &str,
    detail: Detail,
) -> ExitCode {
    let explanation = solver.explain(puzzle);
    let first = matches!(config.mode, Mode::First);
    let verdict = match explanation.result() {
        Uniqueness::Unique(g) if first => Verdict::Solved(g.to_line()),
        Uniqueness::Multiple(g, _) if first => Verdict::Solved(g.to_line()),
        Uniqueness::Unique(g) => Verdict::Unique(g.to_line()),
        Uniqueness::Multiple(..) => Verdict::Multiple,
        Uniqueness::Unsatisfiable => Verdict::Unsolvable,
        Uniqueness::LimitReached(_) => Verdict::Limit,
    };
    let code = verdict_code(&verdict);
    let mut text = String::new();
    match args.format {
        Format::Line => {
            let _ = write!(text, "{}", explanation.display(detail));
            let verdict =
                if args.grade { Verdict::Graded(Box::new(verdict), Some(*explanation.grade())) } else { verdict };
            let mut line = Vec::new();
            let _ = verdict.write_line(&mut line);
            text.push_str(&String::from_utf8_lossy(&line));
        }
        Format::Json => json_lines(&explanation, &verdict, args.grade, &mut text),
        Format::Grid => {
            heading(puzzle, name, &mut text);
            let _ = writeln!(text, "Explanation:\n{}", explanation.display(detail));
            let r = |g: &Grid| puzzle.render(g);
            let _ = match explanation.result() {
                Uniqueness::Unique(s) if first => writeln!(text, "Solution:\n{}", r(s)),
                Uniqueness::Unique(s) => writeln!(text, "Solution:\n{}\nThe solution is unique.", r(s)),
                Uniqueness::Multiple(a, _) if first => writeln!(text, "Solution:\n{}", r(a)),
                Uniqueness::Multiple(a, b) => {
                    writeln!(text, "Solution:\n{}\nThe puzzle has more than one solution; another one:\n{}", r(a), r(b))
                }
                Uniqueness::Unsatisfiable => writeln!(text, "The puzzle has no solution."),
                Uniqueness::LimitReached(l) => {
                    writeln!(text, "The search was stopped by {} before it could finish.", limit_words(*l))
                }
            };
            if args.grade {
                grade_lines(explanation.grade(), args.stats, &mut text);
            }
            let _ = writeln!(text, "Statistics: {}", solver.stats());
        }
    }
    finish_output(code, |out| out.write_all(text.as_bytes()))
}

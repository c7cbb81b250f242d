//! `--hint`: the single easiest next step for a grid as it stands.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::ValueEnum;
use sudoku::{Explainer, PencilMarks, StepKind};

use super::{code, finish_output, read_explained, read_single, Args, BOM};

/// What `--hint` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum HintArg {
    /// The step only.
    Step,
    /// The pencil marks (each cell's candidates) it was found from, then the step.
    Marks,
}

/// --hint[=marks]: the easiest next step, one line (two for an elimination whose cells lose
/// different digits); `solved` for a complete grid. The input is a puzzle, or a grid of pencil
/// marks (one token of candidates per cell, as `--hint=marks` prints them). Exit code 0, 1
/// when the grid shows a contradiction (no solution from here), 3 when it has several solutions
/// (two of them are printed instead of a step), 4 for invalid input.
pub(crate) fn run(args: &Args, solver: &mut Explainer, what: HintArg) -> ExitCode {
    let fail = |c: u8, why: String| {
        note!("error: {why}");
        ExitCode::from(c)
    };
    // Pencil marks, if the input has cells with several candidates.
    let marks = match args.input.as_deref() {
        None => None,
        Some(path) => {
            let bytes = match read_single(Some(path)) {
                Ok(b) => b,
                Err((c, why)) => return fail(c, why),
            };
            let text = String::from_utf8_lossy(bytes.strip_prefix(BOM).unwrap_or(&bytes)).into_owned();
            if PencilMarks::looks_like(&text) {
                match PencilMarks::parse(&text) {
                    Ok(m) => Some(Ok(m)),
                    Err(e) => return fail(code::INVALID, format!("invalid pencil marks: {e}")),
                }
            } else {
                Some(Err(bytes))
            }
        }
    };
    let hint = match marks {
        Some(Ok(m)) => solver.hint_with_marks(&m),
        Some(Err(bytes)) => match super::grid_of(&bytes) {
            Ok(grid) => solver.hint(&grid),
            Err(why) => return fail(code::INVALID, why),
        },
        None => match read_explained(None) {
            Ok((grid, _)) => solver.hint(&grid),
            Err((c, why)) => return fail(c, why),
        },
    };
    if let Some((a, b)) = hint.solutions() {
        return several(a, b);
    }
    let exit = match hint.step().map(|s| &s.kind) {
        Some(StepKind::Contradiction(sudoku::Contradiction::Clash(_))) => code::INVALID,
        Some(StepKind::Contradiction(_)) => code::NO_SOLUTION,
        Some(StepKind::TimedOut) => code::LIMIT,
        _ => code::SOLVED,
    };
    finish_output(exit, |out| {
        if what == HintArg::Marks {
            writeln!(out, "{}", hint.marks())?;
        }
        match hint.step() {
            Some(step) => writeln!(out, "{step}"),
            None => writeln!(out, "solved: the grid is complete"),
        }
    })
}

/// The answer to a hint on a grid with several solutions: two that differ, and the reason
/// there is no hint (exit code 3, as --grade).
pub(crate) fn several(a: &sudoku::Grid, b: &sudoku::Grid) -> ExitCode {
    note!("error: the grid has more than one solution: no step follows from it");
    finish_output(code::MULTIPLE, |out| {
        writeln!(out, "Solution 1:\n{a}\nSolution 2:\n{b}\nThe puzzle has more than one solution: no hint.")
    })
}

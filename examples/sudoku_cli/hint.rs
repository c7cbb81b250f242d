//! `--hint`: the single easiest next step for a grid as it stands.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::ValueEnum;
use sudoku::{Solver, StepKind};

use super::{code, finish_output, read_explained, Args};

/// What `--hint` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum HintArg {
    /// The step only.
    Step,
    /// The pencil marks (each cell's candidates) it was found from, then the step.
    Marks,
}

/// --hint[=marks]: the easiest next step, one line (two for an elimination whose cells lose
/// different digits); `solved` for a complete grid. Exit code 0, 1 when the grid shows a
/// contradiction (no solution from here), 4 for invalid input.
pub(crate) fn run(args: &Args, solver: &mut Solver, what: HintArg) -> ExitCode {
    let (grid, _) = match read_explained(args.input.as_deref()) {
        Ok(x) => x,
        Err((c, why)) => {
            note!("error: {why}");
            return ExitCode::from(c);
        }
    };
    let hint = solver.hint(&grid);
    let exit = match hint.step().map(|s| &s.kind) {
        Some(StepKind::Contradiction(sudoku::Contradiction::Clash(_))) => code::INVALID,
        Some(StepKind::Contradiction(_)) => code::NO_SOLUTION,
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

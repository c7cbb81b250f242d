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
    if args.batch {
        note!("error: --batch reads plain puzzles, one per line; a --variant {variant} puzzle is read from one file");
        return ExitCode::from(2);
    }
    let Some(path) = args.input.as_deref() else {
        note!("error: --variant {variant} needs a puzzle file (or '-' for standard input); see docs/variants.md");
        return ExitCode::from(2);
    };
    let name = display_name(Some(path));
    let parsed = read_single(Some(path)).and_then(|bytes| {
        let text = decode(&bytes).map_err(|m| (code::INVALID, m))?;
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
    let mut solver = config.solver(puzzle.shape());
    match args.format {
        Format::Line => {
            let verdict = answer(&mut solver, &puzzle, config.mode);
            if args.stats {
                note!("stats: {}", solver.stats());
            }
            finish_output(verdict_code(&verdict), |out| verdict.write_line(out))
        }
        Format::Grid => {
            let mut text = String::new();
            let code = pretty(&mut solver, &puzzle, &name, config.mode, &mut text);
            finish_output(code, |out| out.write_all(text.as_bytes()))
        }
    }
}

/// The grid-format report: grids are shown next to the cage or region map; returns the exit
/// code.
fn pretty(solver: &mut Solver, puzzle: &Puzzle, name: &str, mode: Mode, out: &mut String) -> u8 {
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
    report(solver, puzzle, mode, |g| puzzle.render(g), out)
}

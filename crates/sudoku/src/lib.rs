//! Sudoku on the generic [`csp`] engine: parsing with precise errors, encoding, solving,
//! counting and printing.
//!
//! All inference happens in the engine; this crate parses, validates, encodes and presents.
//!
//! # Contents
//!
//! * [`Grid`]: a grid of a [`Shape`] (4x4, 6x6, 9x9, 12x12, 16x16 or 25x25), its [`Cell`]s
//!   (`r3c7`) and [`Unit`]s (rows, columns, boxes); printed boxed (`Display`) or on one line
//!   ([`Grid::to_line`]).
//! * [`parse`]: [`Grid::parse`] (line or multi-line grid form) and [`Grid::from_line`], with a
//!   typed [`ParseError`] that gives positions, counts and clashing cells.
//! * [`encode()`]: a grid shape as a [`csp::Model`], one variable per cell, one `AllDifferent`
//!   per unit.
//! * [`batch`]: a [`batch::Reader`] of puzzle files, one puzzle per line, in bounded memory,
//!   with errors that name the line ([`batch::LineError`]).
//! * [`Solver`]: one reusable solver, with one set of options, for plain grids and puzzles of
//!   every variant ([`Solvable`]); [`solve`](Solver::solve) (first solution),
//!   [`solve_unique`](Solver::solve_unique), [`is_unique`](Solver::is_unique),
//!   [`solutions_up_to`](Solver::solutions_up_to),
//!   [`count_solutions_up_to`](Solver::count_solutions_up_to), engine
//!   [`stats`](Solver::stats).
//! * [`Explainer`]: the steps a person would take, for every variant:
//!   [`explain`](Explainer::explain), [`grade`](Explainer::grade) and [`hint`](Explainer::hint).
//! * [`variant`]: Sudoku variants ([`Variant`]: X, killer, jigsaw). [`Puzzle::parse`] reads a
//!   puzzle with its region or cage map ([`regions`], [`killer`]) and reports malformed maps as
//!   a positioned [`VariantError`]; [`encode_puzzle`] builds its model (diagonals and regions as
//!   `AllDifferent`, cages as `DistinctSum`); the [`Solver`] solves it as it solves a grid.
//!   The formats are in `docs/variants.md`.
//! * [`json`]: steps and puzzles as JSON, for programs (the web board, `--explain --format
//!   json`).
//! * [`generate`]: a [`Generator`] of unique, minimal puzzles of a chosen difficulty
//!   ([`Target`], plain puzzles graded by [`grade`]), size, [`Symmetry`] and variant (plain, X,
//!   jigsaw with random regions), deterministic by seed. How it works and what it costs:
//!   `docs/generation.md`.
//!
//! # Example
//!
//! ```
//! use sudoku::{Grid, Solver, Uniqueness};
//!
//! let puzzle: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
//! let mut solver = Solver::new(puzzle.shape());
//! match solver.solve_unique(&puzzle) {
//!     Uniqueness::Unique(solution) => {
//!         assert_eq!(&solution.to_line()[..9], "534678912");
//!         println!("{solution}");
//!     }
//!     other => panic!("expected a unique solution, got {other:?}"),
//! }
//! println!("{}", solver.stats()); // nodes=.. failures=.. prunings=.. time=..
//!
//! // Errors say where and what.
//! let err = Grid::from_line("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7").unwrap_err();
//! assert!(err.to_string().starts_with("found 80 cells, expected 81 (9x9) or one of 16 (4x4)"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Concepts
//!
//! * **Cells and units.** Indices are 0-based in the API and 1-based wherever a person reads
//!   them: [`Cell::new(2, 6)`](Cell::new) prints `r3c7`, [`Unit::Row(2)`](Unit::Row) prints
//!   `row 3`. Engine variables are named like cells (`r3c7`), constraints like units without
//!   the space (`row3`, `col7`, `box2`).
//! * **Symbols.** Digits 1 to 25 are written `1`-`9` then `A`-`P`; an empty cell is `.`, `0`,
//!   `_`, `*` or `-`. Output uses `.` for empty cells.
//! * **Validation before search.** The parsers reject clashing givens with both cells and the
//!   unit ([`Clash`]); a hand-built [`Grid`] can be checked with [`Grid::validate`], and the
//!   solver answers [`Outcome::Unsatisfiable`] for clashing givens without searching.
//! * **Outcomes** mirror the engine's: a solution, no solution, or a limit reached (never an
//!   error). Counts carry a [`CountStatus`] saying whether they are exact.
//! * **Reuse.** One [`Solver`] holds one engine model (for the shape and rules of the last
//!   puzzle) and resets it for each puzzle without allocating: build it once per batch.
//!
//! # Logging
//!
//! Through the `log` facade: `sudoku::parse` (debug: one line per parsed puzzle),
//! `sudoku::solve` (debug: engine rebuilds, conflicting givens), and the engine's targets, of
//! which `csp::prune` (trace) logs every pruning with the cell and the digit:
//! `prune depth=2 var=r1c3 value=5 by=row1 rule=value_taken size=3->2`.
//!
//! # Crate features
//!
//! None. The crate forbids `unsafe` code.

#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![warn(missing_debug_implementations)]
#![deny(rustdoc::broken_intra_doc_links)]

pub mod batch;
mod dead_end;
mod digits;
mod encode;
mod error;
pub mod explain;
pub mod generate;
pub mod grade;
mod grid;
mod hint;
pub mod json;
pub mod killer;
pub mod killer_reasoning;
mod outcome;
pub mod parse;
pub mod regions;
mod render;
mod solve;
pub mod technique;
mod unsat;
pub mod variant;
mod variant_file;

pub use csp::branching::{TieBreak, ValueOrder, VarOrder};
pub use csp::constraints::Strength;
pub use csp::solve::{Count, CountStatus, Limit};
pub use csp::{Limits, Stats};
pub use encode::{cell_var, encode};
pub use error::{Area, AreaClash, MapKind, ParseError, VariantError};
pub use explain::Explanation;
pub use generate::{
    band_of, reachable_bands, BadTarget, GenerateError, GenerateStats, Generated, Generation, Generator, Settings,
    Symmetry, Target, UnknownSymmetry,
};
pub use grade::{Band, Grade};
pub use grid::{digit_symbol, symbol_digit, Cell, Clash, Grid, Shape, Unit, MAX_SIZE};
pub use hint::{Hint, PencilMarks};
pub use killer::{Cage, Cages};
pub use killer_reasoning::SumTechnique;
pub use outcome::{Outcome, Solutions, Uniqueness};
pub use regions::Regions;
pub use solve::{Explainer, Solvable, Solver};
pub use technique::step::{
    Branch, ChainKind, Cited, Contradiction, DeadEnd, Detail, Digits, Fault, NetBranch, Step, StepKind,
};
pub use technique::Technique;
pub use unsat::{minimal_unsolvable_givens, unsolvable_line};
pub use variant::{encode_puzzle, Puzzle, Rules, UnknownVariant, Variant};

//! Integration tests: one test binary, one module per area (the regex repository's shape).

/// The Sudoku checker of `crates/sudoku/tests/integration`, independent of the solver.
#[path = "../../crates/sudoku/tests/integration/checker.rs"]
mod checker;
mod engine_counts;
mod engine_observer;
/// The fuzz targets' properties, shared with `fuzz/` (whose crate exports them).
#[path = "../../fuzz/src/lib.rs"]
#[allow(unreachable_pub, reason = "public in the fuzz crate, which exports these checks")]
mod fuzz_checks;
mod graph_coloring;
mod hostile_input;
mod limits;
mod map_coloring;
mod model_lines;
mod modelling;
mod robust_inputs;
mod roster_unsat;
mod send_more_money;
mod sudoku_cli;
mod tsp;
mod unsat_givens;
mod user_constraint;
mod zebra;

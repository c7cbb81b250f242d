//! The `sudoku` crate's integration tests: one test binary, one module per area (the shape of
//! the workspace root's `tests/integration/`). Solutions are checked by [`checks::grid`], which
//! shares no code with the solver. The example binary's command line is tested in the root
//! package, which owns it (`tests/integration/sudoku_cli.rs`).

mod cross_check;
mod explain;
mod generate;
mod grave;
mod killer_cages;
mod parse;
mod solve;
mod step_check;
mod variants;

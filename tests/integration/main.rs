//! Integration tests: one test binary, one module per area (the regex repository's shape).

mod checker;
mod engine_counts;
mod engine_observer;
mod sudoku_cli;
mod sudoku_explain;
mod sudoku_parse;
mod sudoku_solve;

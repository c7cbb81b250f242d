//! Integration tests: one test binary, one module per area (the regex repository's shape).

mod checker;
mod engine_counts;
mod engine_observer;
mod graph_coloring;
mod killer_cages;
mod map_coloring;
mod send_more_money;
mod sudoku_cli;
mod sudoku_explain;
mod sudoku_parse;
mod sudoku_solve;
mod sudoku_variants;
mod user_constraint;
mod zebra;

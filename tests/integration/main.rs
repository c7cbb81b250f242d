//! Integration tests: one test binary, one module per area (the regex repository's shape).

mod engine_counts;
mod engine_observer;
mod freq_gen;
mod generated;
mod graph_coloring;
mod hostile_input;
mod limits;
mod map_coloring;
mod model_lines;
mod modelling;
mod robust_inputs;
mod roster_gen;
mod roster_unsat;
mod send_more_money;
mod sudoku_cli;
mod tsp;
mod unsat_givens;
mod user_constraint;
mod zebra;

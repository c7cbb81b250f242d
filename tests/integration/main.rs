//! Integration tests: one test binary, one module per area (the regex repository's shape).

mod engine_counts;
mod graph_coloring;
mod killer_cages;
mod map_coloring;
mod send_more_money;
mod user_constraint;
mod zebra;

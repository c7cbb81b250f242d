//! Integration tests: one test binary, one module per area (the regex repository's shape).

mod engine_counts;

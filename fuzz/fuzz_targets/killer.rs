//! Fuzz target `killer`: see [`csp_sudoku_fuzz::killer`] for the properties checked.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| csp_sudoku_fuzz::killer(data));

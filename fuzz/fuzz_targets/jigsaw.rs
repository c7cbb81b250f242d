//! Fuzz target `jigsaw`: see [`csp_sudoku_fuzz::jigsaw`] for the properties checked.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| csp_sudoku_fuzz::jigsaw(data));

//! Fuzz target `grid`: see [`checks::sudoku::grid`] for the properties checked.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::sudoku::grid(data));

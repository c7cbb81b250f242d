//! Fuzz target `line`: see [`checks::sudoku::line`] for the properties checked.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::sudoku::line(data));

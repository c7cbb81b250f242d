//! Fuzz target `killer`: see [`checks::sudoku::killer`] for the properties checked.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::sudoku::killer(data));

//! Fuzz target `batch`: see [`checks::sudoku::batch`] for the properties checked.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::sudoku::batch(data));

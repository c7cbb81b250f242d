//! Fuzz target `jigsaw`: see [`checks::sudoku::jigsaw`] for the properties checked.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::sudoku::jigsaw(data));

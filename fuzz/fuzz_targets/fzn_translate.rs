//! Fuzz target `fzn_translate`: FlatZinc parsed, translated into a `csp` model and solved under
//! a node limit, every solution checked; see `parse_translate_solve` in `crates/checks/src/fzn.rs`.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::fzn::parse_translate_solve(data));

//! Fuzz target `fzn_translate`: FlatZinc parsed, translated into a `csp` model and solved under
//! a node limit, every solution checked; see `parse_translate_solve` in `src/fzn.rs`.

#![no_main]

#[path = "../src/fzn.rs"]
mod fzn;

libfuzzer_sys::fuzz_target!(|data: &[u8]| fzn::parse_translate_solve(data));

//! Fuzz target `fzn_parse`: the FlatZinc parser alone; see `parse_only` in `src/fzn.rs` for the
//! properties checked.

#![no_main]

#[path = "../src/fzn.rs"]
mod fzn;

libfuzzer_sys::fuzz_target!(|data: &[u8]| fzn::parse_only(data));

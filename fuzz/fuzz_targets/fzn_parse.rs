//! Fuzz target `fzn_parse`: the FlatZinc parser alone; see `parse_only` in `crates/checks/src/fzn.rs` for the
//! properties checked.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::fzn::parse_only(data));

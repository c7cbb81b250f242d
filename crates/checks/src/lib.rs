//! Checks independent of the solver, shared by the test suites and the fuzz targets.
//!
//! * [`chain`]: a replay of explanations' chains, link by link, with its own test of a single.
//! * [`easiest`]: a replay of explanations that checks each step is the easiest that applies,
//!   with its own search of the techniques up to two strong links.
//! * [`grid`]: a Sudoku checker that reads solutions as text, with its own geometry (no code of
//!   the `sudoku` crate), and the project's `data/` files.
//! * [`sudoku`]: the properties the Sudoku parsers, the batch reader and the variant readers
//!   must keep on any input (the fuzz targets `line`, `grid`, `batch`, `killer`, `jigsaw`).
//! * [`fzn`]: the properties the FlatZinc reader and translator must keep on any input (the
//!   fuzz targets `fzn_parse` and `fzn_translate`), with solutions checked by
//!   [`flatzinc::check()`].
//!
//! Each property function takes any bytes and panics when a property fails, so that a fuzzer
//! and a randomized test call the same code.

#![forbid(unsafe_code)]

pub mod chain;
pub mod easiest;
pub mod fzn;
pub mod grid;
pub mod sudoku;

//! The workspace's root package: it owns the example binaries (`examples/`), the integration
//! tests (`tests/`) and the benchmarks (`benches/`), and compiles the README's examples as
//! doctests. The engine is the [`csp`] crate, the Sudoku front end the [`sudoku`] crate.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub use csp;
pub use sudoku;

pub mod classic;

/// The README's code blocks, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

/// The code in `docs/scaling.md` (parallel subtree search), compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../docs/scaling.md")]
pub struct ScalingDoctests;

/// The code in `docs/modelling.md` (the modelling guide), compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../docs/modelling.md")]
pub struct ModellingDoctests;

/// The code in `docs/solving.md` (the guide's search options, limits, statistics and why no
/// solution), compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../docs/solving.md")]
pub struct SolvingDoctests;

/// The code in `docs/globals-by-example.md` (a runnable model of every global), compiled and
/// run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../docs/globals-by-example.md")]
pub struct GlobalsDoctests;

//! Classic constraint-satisfaction problems built on the [`csp`] engine, shared by the
//! examples (`examples/*.rs`, the command-line front ends) and the integration tests (which
//! check their known answers).
//!
//! | module | problem | constraints used |
//! |---|---|---|
//! | [`cryptarithm`] | `SEND + MORE = MONEY` and other letter sums | [`csp::constraints::AllDifferent`], [`csp::constraints::Linear`] |
//! | [`map_coloring`] | colour a map so that neighbours differ (Australia) | [`csp::constraints::NotEqual`] |
//! | [`graph_coloring`] | chromatic number of a DIMACS `.col` graph | [`csp::constraints::NotEqual`], search by successive `k` |
//! | [`quasigroup`] | quasigroup completion (QWH: Latin squares with holes), a classic CSP benchmark | [`csp::constraints::AllDifferent`] compiled into [`csp::constraints::AllDifferentNetwork`] |
//! | [`zebra`] | the Einstein (zebra) puzzle | [`csp::constraints::AllDifferent`], [`csp::constraints::Equal`], [`csp::constraints::Table`] |
//! | [`jobshop`] | job-shop scheduling, ft06 (makespan 55) | expressions, half reification ([`csp::Relation::only_if`]), [`csp::Model::minimize`] |
//! | [`golomb`] | Golomb rulers (CSPLib 6) | [`csp::Model::expr_var`], [`csp::constraints::AllDifferent`], [`csp::Model::minimize`] |
//! | [`magic_square`] | magic squares (CSPLib 19) | [`csp::sum`], [`csp::constraints::AllDifferent`] |
//! | [`tsp`] | travelling salesman, TSPLIB's gr17 (length 2085) | [`csp::constraints::Circuit`], [`csp::Model::element`], [`csp::Model::minimize`] |

pub mod cryptarithm;
pub mod golomb;
pub mod graph_coloring;
pub mod jobshop;
pub mod magic_square;
pub mod map_coloring;
pub mod quasigroup;
pub mod tsp;
pub mod zebra;

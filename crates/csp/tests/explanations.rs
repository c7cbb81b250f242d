//! Property tests of the precise explanations of lazy clause generation
//! ([`Constraint::explain`](csp::constraint::Constraint::explain)): on random small models, a
//! learning search that enumerates every solution asks, at each conflict, every constraint
//! change on the trail for its explanation; for each one given, brute force over the
//! constraint's variables shows that the constraint and the named facts imply the change (or,
//! for a failure, have no solution); and every clause learned holds in every solution.
//!
//! Five families of models, one module each, share one constraint-as-data type
//! ([`spec`](explanations::spec)) and one harness ([`audit`](explanations::audit)): the
//! [`basic`](explanations::basic) constraints (element, all-different, clause, linear,
//! tables, arithmetic, ...), the [`structural`](explanations::structural) ones (circuit,
//! regular, counting, lex, inverse, bin packing, ...), the
//! [`rostering`](explanations::rostering) ones (gcc, all-different-except, among, several on
//! one pool of variables) and the [`scheduling`](explanations::scheduling) ones (cumulative,
//! disjunctive, diffn); the [`frequency`](explanations::frequency) models (wide differences,
//! absolute values, nvalue) are checked constraint by constraint only. Each family
//! also tests that each of its kinds is explained precisely on a model made to conflict.
//!
//! The property tests stay in this file, where proptest finds their saved seeds
//! (`explanations.proptest-regressions`, replayed by every test of the file).

mod common;

/// The modules of this test binary, in `tests/explanations/` (one test binary, not one per
/// file).
mod explanations {
    pub(crate) mod audit;
    pub(crate) mod basic;
    pub(crate) mod frequency;
    pub(crate) mod rostering;
    pub(crate) mod scheduling;
    pub(crate) mod spec;
    pub(crate) mod structural;
}

use explanations::audit::{explanations_hold, learned_clauses_hold, scoped_explanations_hold};
use explanations::{basic, frequency, rostering, scheduling, structural};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, ..ProptestConfig::default() })]

    #[test]
    fn learned_clauses_are_implied_by_the_model(inst in basic::instance()) {
        learned_clauses_hold(&inst)?;
    }

    #[test]
    fn explanations_imply_what_they_explain(inst in basic::instance()) {
        explanations_hold(&inst)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 600, ..ProptestConfig::default() })]

    #[test]
    fn reified_equality_explanations_imply_what_they_explain(inst in basic::reified_equality_instance()) {
        explanations_hold(&inst)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn wide_element_learned_clauses_are_implied(inst in basic::wide_element_instance()) {
        learned_clauses_hold(&inst)?;
    }

    #[test]
    fn wide_element_explanations_imply_what_they_explain(inst in basic::wide_element_instance()) {
        explanations_hold(&inst)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 600, ..ProptestConfig::default() })]

    #[test]
    fn learned_clauses_of_structural_constraints_are_implied(inst in structural::instance()) {
        learned_clauses_hold(&inst)?;
    }

    #[test]
    fn explanations_of_structural_constraints_imply_what_they_explain(inst in structural::instance()) {
        explanations_hold(&inst)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 800, ..ProptestConfig::default() })]

    #[test]
    fn scheduling_learned_clauses_are_implied_by_the_model(inst in scheduling::instance()) {
        learned_clauses_hold(&inst)?;
    }

    #[test]
    fn scheduling_explanations_imply_what_they_explain(inst in scheduling::instance()) {
        explanations_hold(&inst)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn rostering_learned_clauses_are_implied_by_the_model(inst in rostering::instance()) {
        learned_clauses_hold(&inst)?;
    }

    #[test]
    fn rostering_explanations_imply_what_they_explain(inst in rostering::instance()) {
        explanations_hold(&inst)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn among_over_interval_domains_explanations_imply_what_they_explain(inst in rostering::wide_among()) {
        rostering::wide_among_explanations_hold(&inst)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn frequency_explanations_imply_what_they_explain(inst in frequency::instance()) {
        scoped_explanations_hold(&inst)?;
    }
}

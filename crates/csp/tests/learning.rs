//! Property tests of the learning search (dom/wdeg, phase saving, restarts with nogoods,
//! LNS): on random small models it finds exactly the brute-force solutions, proves
//! unsatisfiability, and proves the brute-force optimum, with restarts after every failure.

use std::collections::BTreeSet;

mod common;

use common::{brute_force, build, instance};
use csp::branching::{Restarts, ValueOrder, VarOrder};
use csp::constraints::{Comparison, Linear, NotEqual};
use csp::solve::{Optimum, SearchEnd};
use csp::{Model, Outcome, Solver, Value};
use proptest::prelude::*;

const POLICIES: [Restarts; 3] =
    [Restarts::Luby { scale: 1 }, Restarts::Geometric { first: 1, percent: 120 }, Restarts::Luby { scale: 3 }];

fn learning_solver(model: Model, restarts: Restarts, seed: u64) -> Solver {
    let mut s = model.into_solver();
    // Both learned variable orders, one per seed parity; for one seed in three, the input
    // order alternating with the robust search run by run.
    if seed.is_multiple_of(3) {
        s.set_var_order(VarOrder::Input);
        s.set_value_order(ValueOrder::Ascending);
        s.set_alternating_search(true);
    } else {
        s.set_var_order(if seed.is_multiple_of(2) { VarOrder::DomWdeg } else { VarOrder::Chs });
        s.set_value_order(ValueOrder::Phase);
    }
    s.set_restarts(restarts);
    s.set_seed(seed);
    s
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn restarts_with_nogoods_enumerate_exactly_the_brute_force_solutions(inst in instance(5..=8), seed in any::<u64>()) {
        let expected = brute_force(&inst);
        for policy in POLICIES {
            let (m, x, _) = build(&inst, None);
            let mut solver = learning_solver(m, policy, seed);
            let mut found = BTreeSet::new();
            let mut it = solver.solutions();
            for s in it.by_ref() {
                let values: Vec<Value> = x.iter().map(|&v| s[v]).collect();
                prop_assert!(found.insert(values), "solution returned twice under {:?}", policy);
            }
            prop_assert_eq!(it.end(), Some(SearchEnd::Exhausted));
            drop(it);
            prop_assert_eq!(&found, &expected, "{:?}", policy);
        }
    }

    #[test]
    fn restarts_with_nogoods_prove_unsatisfiability(inst in instance(5..=8), seed in any::<u64>()) {
        let expected = brute_force(&inst);
        for policy in POLICIES {
            let (m, _, _) = build(&inst, None);
            let mut solver = learning_solver(m, policy, seed);
            match solver.solve() {
                Outcome::Solved(s) => {
                    prop_assert!(!expected.is_empty());
                    prop_assert_eq!(solver.model().check_assignment(s.values()), Ok(()));
                }
                Outcome::Unsatisfiable => prop_assert!(expected.is_empty(), "{:?} claimed no solution", policy),
                other => prop_assert!(false, "no limit was set: {:?}", other),
            }
        }
    }

    #[test]
    fn restarts_nogoods_and_lns_prove_the_brute_force_optimum(inst in instance(5..=8), seed in any::<u64>(), lns in any::<bool>()) {
        let best = brute_force(&inst)
            .iter()
            .map(|v| v.iter().zip(&inst.objective).map(|(a, c)| a * c).sum::<Value>())
            .min();
        for policy in POLICIES {
            let (m, _, z) = build(&inst, Some(-100..=100));
            let z = z.unwrap();
            let mut solver = learning_solver(m, policy, seed);
            solver.set_lns(lns);
            match solver.minimize(z) {
                Optimum::Optimal(s) => {
                    prop_assert_eq!(Some(s[z]), best, "{:?}", policy);
                    prop_assert_eq!(solver.model().check_assignment(s.values()), Ok(()));
                }
                Optimum::Unsatisfiable => prop_assert_eq!(best, None),
                other => prop_assert!(false, "no limit was set: {:?}", other),
            }
        }
    }
}

/// Restarts really happen in these tests (else they would test plain depth-first search).
#[test]
fn a_hard_enough_model_restarts_and_records_nogoods() {
    // Pigeonhole: 7 pigeons, 6 holes, all pairwise different (as binary constraints, so
    // that propagation does not see the pigeonhole at once).
    let mut m = Model::new();
    let x = m.new_vars(7, 0..6).unwrap();
    for i in 0..7 {
        for j in i + 1..7 {
            m.post(NotEqual::new(x[i], x[j])).unwrap();
        }
    }
    let mut solver = learning_solver(m, Restarts::Luby { scale: 1 }, 1);
    assert_eq!(solver.solve(), Outcome::Unsatisfiable);
    let stats = solver.stats();
    assert!(stats.restarts > 10, "{stats}");
    assert!(stats.nogoods > 10, "{stats}");
}

/// A poor order alternating with the robust search costs at most half the runs: the input
/// order branches on 24 free Booleans before the 6 pigeons of a pigeonhole in 5 holes, so
/// alone it refutes the pigeonhole under each of 2^24 prefixes, while the robust runs
/// (dom/wdeg, whose weights the input order's failures leave alone) branch on the pigeons.
#[test]
fn alternating_with_the_robust_search_rescues_a_poor_order() {
    let solve = |alternate: bool| {
        let mut m = Model::new();
        let free = m.new_vars(24, 0..=1).unwrap();
        let pigeons = m.new_vars(6, 0..5).unwrap();
        for i in 0..6 {
            for j in i + 1..6 {
                m.post(NotEqual::new(pigeons[i], pigeons[j])).unwrap();
            }
        }
        let mut s = m.into_solver();
        s.set_var_order(VarOrder::Input);
        s.set_value_order(ValueOrder::Ascending);
        s.set_branching_vars(free.iter().chain(&pigeons).copied().collect::<Vec<_>>());
        s.set_restarts(Restarts::Luby { scale: 10 });
        s.set_alternating_search(alternate);
        s.set_limits(csp::Limits { max_nodes: Some(200_000), ..csp::Limits::default() });
        s.solve()
    };
    assert_eq!(solve(true), Outcome::Unsatisfiable);
    assert!(matches!(solve(false), Outcome::LimitReached(_)), "the input order alone should not finish");
}

/// `Stats::time` counts the running search while its iterator is alive, not only once it is
/// dropped.
#[test]
fn search_time_is_current_while_iterators_are_alive() {
    let mut m = Model::new();
    let x = m.new_vars(6, 0..6).unwrap();
    for i in 0..6 {
        for j in i + 1..6 {
            m.post(NotEqual::new(x[i], x[j])).unwrap();
        }
    }
    let z = m.new_var(0..=100).unwrap();
    m.post(Linear::new(x.iter().map(|&v| (1, v)).chain([(-1, z)]), Comparison::Equal, 0)).unwrap();
    let mut solver = m.into_solver();
    let mut it = solver.solutions();
    assert!(it.next().is_some());
    let during = it.stats().time;
    assert!(during > std::time::Duration::ZERO);
    drop(it);
    assert!(solver.stats().time >= during);
    let before = solver.stats().time;
    let mut it = solver.improvements(csp::solve::Goal::Minimize(z));
    assert!(it.next().is_some());
    assert!(it.stats().time > before);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    /// Every answer of the parallel portfolio is right: a solution satisfies the model (and
    /// brute force has one), "unsatisfiable" only when brute force finds none, the optimum is
    /// brute force's; with a core per worker or taking turns on fewer, and with worker 0
    /// learning clauses or not.
    #[test]
    fn the_portfolio_answers_as_brute_force(
        inst in instance(5..=8),
        seed in any::<u64>(),
        cores in 0usize..3,
        learning in any::<bool>(),
    ) {
        let solutions = brute_force(&inst);
        let (m, _, _) = build(&inst, None);
        let mut solver = m.into_solver();
        solver.set_seed(seed);
        solver.set_portfolio_cores(cores);
        solver.set_learning(learning);
        match solver.solve_parallel(3) {
            Outcome::Solved(s) => {
                prop_assert!(!solutions.is_empty());
                prop_assert_eq!(solver.model().check_assignment(s.values()), Ok(()));
            }
            Outcome::Unsatisfiable => prop_assert!(solutions.is_empty()),
            other => prop_assert!(false, "no limit was set: {:?}", other),
        }
        prop_assert_eq!(solver.worker_stats().len(), 3);
        let best = solutions
            .iter()
            .map(|v| v.iter().zip(&inst.objective).map(|(a, c)| a * c).sum::<Value>())
            .min();
        let (m, _, z) = build(&inst, Some(-100..=100));
        let z = z.unwrap();
        let mut solver = m.into_solver();
        solver.set_portfolio_cores(cores);
        solver.set_learning(learning);
        let mut last = None;
        match solver.optimize_parallel(csp::solve::Goal::Minimize(z), 3, |s| {
            assert!(last.is_none_or(|l| s[z] < l), "improvements must improve");
            last = Some(s[z]);
        }) {
            Optimum::Optimal(s) => {
                prop_assert_eq!(Some(s[z]), best);
                prop_assert_eq!(last, best);
            }
            Optimum::Unsatisfiable => prop_assert_eq!(best, None),
            other => prop_assert!(false, "no limit was set: {:?}", other),
        }
    }
}

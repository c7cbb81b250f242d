//! Property tests of lazy clause generation ([`Solver::set_learning`]): on random small
//! models, the search with learning enumerates exactly the brute-force solutions, proves
//! unsatisfiability and the brute-force optimum, and every clause it learned holds in every
//! solution of the model (brute force over all assignments); its unsatisfiable cores have no
//! solution. Under either restart policy ([`LearningRestarts`]), set to restart after a
//! conflict or two, so that these short searches restart.

use std::collections::BTreeSet;

mod common;

use common::{brute_force, build, clauses_hold, holds, instance, Instance};
use csp::branching::LearningRestarts;
use csp::constraints::{Binary, Comparison, Cumulative, Linear, NotEqual, Table};
use csp::solve::{Optimum, SearchEnd};
use csp::{Model, Outcome, Value, VarId};
use proptest::prelude::*;

/// A learning search over `m`, restarting by `restarts`, returns exactly `expected`, each
/// answer a solution of `inst` by its definition and none twice, and ends exhausted.
fn learning_enumerates(
    m: Model,
    restarts: LearningRestarts,
    inst: &Instance,
    x: &[VarId],
    expected: &BTreeSet<Vec<Value>>,
) -> Result<(), TestCaseError> {
    let mut solver = m.into_solver();
    solver.set_learning(true);
    solver.set_learning_restarts(restarts);
    let mut found = BTreeSet::new();
    let mut it = solver.solutions();
    for s in it.by_ref() {
        let values: Vec<Value> = x.iter().map(|&v| s[v]).collect();
        prop_assert!(holds(inst, &values), "not a solution: {:?}", values);
        prop_assert!(found.insert(values), "solution returned twice");
    }
    prop_assert_eq!(it.end(), Some(SearchEnd::Exhausted));
    drop(it);
    prop_assert_eq!(&found, expected);
    Ok(())
}

/// Restarts after every conflict or few (these searches have a few conflicts each): Luby's
/// with a scale of 1 or 2, or Glucose's over a window of 1 or 2 conflicts (a margin above
/// 100% restarts on most conflicts).
fn restarts() -> impl Strategy<Value = LearningRestarts> {
    prop_oneof![
        (1u32..=2).prop_map(|scale| LearningRestarts::Luby { scale }),
        (1u32..=2, 50u32..=300).prop_map(|(window, percent)| LearningRestarts::Glucose { window, percent }),
    ]
}

/// Linear constraints only (`<=`, `>=`, `=`, mixed signs, domains with holes): the ones
/// explained precisely, by the bounds their rule used.
fn linear_instance() -> impl Strategy<Value = Instance> {
    (4usize..=6).prop_flat_map(|n| {
        let domains = proptest::collection::vec(proptest::collection::btree_set(0i32..5, 2..=5), n)
            .prop_map(|ds| ds.into_iter().map(|d| d.into_iter().collect::<Vec<_>>()).collect::<Vec<_>>());
        let term = (prop_oneof![-3i32..=-1, 1i32..=3], 0..n);
        let sums = proptest::collection::vec((proptest::collection::vec(term, 2..=4), -4i32..12, 0..3usize), 2..=6);
        (domains, sums).prop_map(|(domains, sums)| {
            // Each sum as one or two `<=` rows: `>=` negated, `=` both ways.
            let mut rows = Vec::new();
            for (terms, rhs, kind) in sums {
                let neg: Vec<(Value, usize)> = terms.iter().map(|&(c, i)| (-c, i)).collect();
                match kind {
                    0 => rows.push((terms, rhs)),
                    1 => rows.push((neg, -rhs)),
                    _ => {
                        rows.push((terms, rhs));
                        rows.push((neg, -rhs));
                    }
                }
            }
            Instance { domains, not_equal: Vec::new(), relations: Vec::new(), sums: rows, objective: Vec::new() }
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn linear_explanations_learn_clauses_implied_by_the_model(inst in linear_instance(), eq in any::<bool>()) {
        let expected = brute_force(&inst);
        // Posted as `=` where a row and its negation follow each other (when `eq`), else as
        // `<=` rows: both rules are explained.
        let mut m = Model::new();
        let x: Vec<VarId> = inst.domains.iter().map(|d| m.new_var(d.clone()).unwrap()).collect();
        let mut k = 0;
        while k < inst.sums.len() {
            let (terms, rhs) = &inst.sums[k];
            let pair = inst.sums.get(k + 1).filter(|(t2, r2)| {
                eq && *r2 == -*rhs && t2.len() == terms.len() && t2.iter().zip(terms).all(|(a, b)| a.0 == -b.0 && a.1 == b.1)
            });
            let lin = |cmp| Linear::new(terms.iter().map(|&(c, i)| (c, x[i])), cmp, *rhs);
            if pair.is_some() {
                m.post(lin(Comparison::Equal)).unwrap();
                k += 2;
            } else {
                m.post(lin(Comparison::LessOrEqual)).unwrap();
                k += 1;
            }
        }
        let mut solver = m.into_solver();
        solver.set_learning(true);
        match solver.solve() {
            Outcome::Solved(s) => {
                let values: Vec<Value> = x.iter().map(|&v| s[v]).collect();
                prop_assert!(holds(&inst, &values));
            }
            Outcome::Unsatisfiable => prop_assert!(expected.is_empty(), "claimed no solution"),
            other => prop_assert!(false, "no limit was set: {:?}", other),
        }
        prop_assert_eq!(clauses_hold(&solver.learned_clauses(), &x, &expected), Ok(()));
    }

    #[test]
    fn learning_enumerates_exactly_the_brute_force_solutions(inst in instance(4..=7), r in restarts()) {
        let (m, x, _) = build(&inst, None);
        learning_enumerates(m, r, &inst, &x, &brute_force(&inst))?;
    }

    #[test]
    fn learning_decides_satisfiability_with_clauses_implied_by_the_model(inst in instance(4..=7), r in restarts()) {
        let expected = brute_force(&inst);
        let (m, x, _) = build(&inst, None);
        let mut solver = m.into_solver();
        solver.set_learning(true);
        solver.set_learning_restarts(r);
        match solver.solve() {
            Outcome::Solved(s) => {
                let values: Vec<Value> = x.iter().map(|&v| s[v]).collect();
                prop_assert!(holds(&inst, &values));
            }
            Outcome::Unsatisfiable => prop_assert!(expected.is_empty(), "claimed no solution"),
            other => prop_assert!(false, "no limit was set: {:?}", other),
        }
        let clauses = solver.learned_clauses();
        prop_assert_eq!(clauses_hold(&clauses, &x, &expected), Ok(()));
    }

    #[test]
    fn learning_proves_the_brute_force_optimum(inst in instance(4..=7), r in restarts()) {
        let solutions = brute_force(&inst);
        let cost = |v: &[Value]| v.iter().zip(&inst.objective).map(|(a, c)| a * c).sum::<Value>();
        let best = solutions.iter().map(|v| cost(v)).min();
        let (m, x, z) = build(&inst, Some(-100_000..=100_000));
        let z = z.unwrap();
        let mut solver = m.into_solver();
        solver.set_learning(true);
        solver.set_learning_restarts(r);
        match solver.minimize(z) {
            Optimum::Optimal(s) => {
                prop_assert_eq!(Some(s[z]), best);
                let values: Vec<Value> = x.iter().map(|&v| s[v]).collect();
                prop_assert!(holds(&inst, &values));
            }
            Optimum::Unsatisfiable => prop_assert_eq!(best, None),
            other => prop_assert!(false, "no limit was set: {:?}", other),
        }
        // (Clauses learned under an objective bound hold only in the solutions better than
        // it: the satisfiability test checks clauses against the model.)
    }

    #[test]
    fn an_unsatisfiable_core_has_no_solution(inst in instance(4..=7)) {
        let (m, _, _) = build(&inst, None);
        let mut solver = m.into_solver();
        solver.set_learning(true);
        solver.set_core_tracking(true);
        if solver.solve() != Outcome::Unsatisfiable {
            return Ok(());
        }
        let core: BTreeSet<usize> =
            solver.unsat_core().expect("a core after an exhausted search").iter().map(|c| c.index()).collect();
        // The core's constraints alone (constraints are posted in the order of the
        // instance's lists) have no solution, by brute force.
        let mut sub = inst.clone();
        let (n1, n2) = (inst.not_equal.len(), inst.not_equal.len() + inst.relations.len());
        sub.not_equal = inst.not_equal.iter().enumerate().filter(|(i, _)| core.contains(i)).map(|(_, c)| *c).collect();
        sub.relations =
            inst.relations.iter().enumerate().filter(|(i, _)| core.contains(&(n1 + i))).map(|(_, c)| *c).collect();
        sub.sums = inst.sums.iter().enumerate().filter(|(i, _)| core.contains(&(n2 + i))).map(|(_, c)| c.clone()).collect();
        prop_assert!(brute_force(&sub).is_empty(), "core {:?} has a solution", core);
    }

    #[test]
    fn variables_marked_defined_leave_the_answers_unchanged(inst in instance(4..=7), marks in any::<u8>()) {
        // The marks are hints to the order of the decisions, true or not: here arbitrary
        // variables, which propagation need not fix, and the objective (defined by its sum).
        let solutions = brute_force(&inst);
        let (mut m, x, z) = build(&inst, Some(-100_000..=100_000));
        let z = z.unwrap();
        for (i, &v) in x.iter().enumerate() {
            if marks >> i & 1 == 1 {
                m.mark_defined(v).unwrap();
            }
        }
        m.mark_defined(z).unwrap();
        learning_enumerates(m.clone(), LearningRestarts::default(), &inst, &x, &solutions)?;
        let cost = |v: &[Value]| v.iter().zip(&inst.objective).map(|(a, c)| a * c).sum::<Value>();
        let mut solver = m.into_solver();
        solver.set_learning(true);
        match solver.minimize(z) {
            Optimum::Optimal(s) => prop_assert_eq!(Some(s[z]), solutions.iter().map(|v| cost(v)).min()),
            Optimum::Unsatisfiable => prop_assert!(solutions.is_empty()),
            other => prop_assert!(false, "no limit was set: {:?}", other),
        }
    }
}

/// The learning search decides on a variable the model marks as defined only when no other is
/// open: the sum `s = x + y`, created first with the smallest domain, would win the tie of
/// equal activities, but the first decision is on `x` and propagation fixes `s` after `y`'s.
#[test]
fn the_learning_search_decides_on_defined_variables_last() {
    use std::sync::{Arc, Mutex};
    for mark in [false, true] {
        let mut m = Model::new();
        let s = m.new_var(0..=3).unwrap();
        let (x, y) = (m.new_var(0..=9).unwrap(), m.new_var(0..=9).unwrap());
        m.post(Linear::new([(1, x), (1, y), (-1, s)], Comparison::Equal, 0)).unwrap();
        m.post(NotEqual::new(x, y)).unwrap();
        if mark {
            m.mark_defined(s).unwrap();
        }
        let mut solver = m.into_solver();
        solver.set_learning(true);
        let decided = Arc::new(Mutex::new(Vec::new()));
        let log = Arc::clone(&decided);
        solver.set_observer(Some(Box::new(move |e: &csp::observe::Event<'_>| {
            if let csp::observe::Event::Decision { var, .. } = e {
                log.lock().unwrap().push(*var);
            }
        })));
        let Outcome::Solved(sol) = solver.solve() else { panic!("x + y <= 3 with x != y has solutions") };
        assert!(sol[x] + sol[y] == sol[s] && sol[x] != sol[y]);
        let decided = decided.lock().unwrap().clone();
        if mark {
            assert!(!decided.is_empty() && !decided.contains(&s), "decisions {decided:?}, s = {s:?}");
        } else {
            assert_eq!(decided.first(), Some(&s), "unmarked, the tie goes to the smallest domain, then the first");
        }
    }
}

/// The tests above really learn: a pigeonhole model (7 pigeons, 6 holes) learns clauses,
/// minimised, and proves unsatisfiability; a satisfiable model with conflicts on the way (6 queens as
/// pairwise differences) learns clauses, each of which holds in every brute-force solution.
#[test]
fn learning_learns_clauses_implied_by_the_model() {
    let mut m = Model::new();
    let x = m.new_vars(7, 0..=5).unwrap();
    for i in 0..7 {
        for j in i + 1..7 {
            m.post(NotEqual::new(x[i], x[j])).unwrap();
        }
    }
    let mut solver = m.into_solver();
    solver.set_learning(true);
    assert_eq!(solver.solve(), Outcome::Unsatisfiable);
    let stats = solver.stats().clone();
    assert!(stats.learned > 10, "{stats}");
    // Clause minimisation left entries out (the clauses below are checked with it on).
    assert!(solver.minimised_entries() > 0, "{stats}");
    // `NotEqual` explains its removals precisely (the partner's value).
    assert!(stats.literals > 0 && stats.explained_precise > 0, "{stats}");

    let n = 6;
    let mut not_equal = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            let d = (j - i) as Value;
            not_equal.extend([(i, j, 0), (i, j, d), (i, j, -d)]);
        }
    }
    let inst = Instance {
        domains: vec![(0..n as Value).collect(); n],
        not_equal,
        relations: Vec::new(),
        sums: Vec::new(),
        objective: Vec::new(),
    };
    let solutions = brute_force(&inst);
    assert_eq!(solutions.len(), 4, "6 queens");
    let (m, x, _) = build(&inst, None);
    let mut solver = m.into_solver();
    solver.set_learning(true);
    // (Clauses learned after a solution rest on the clause that blocks it: one solution.)
    let Outcome::Solved(s) = solver.solve() else { panic!("6 queens has solutions") };
    assert!(solutions.contains(&x.iter().map(|&v| s[v]).collect::<Vec<_>>()));
    let clauses = solver.learned_clauses();
    assert!(!clauses.is_empty(), "{}", solver.stats());
    assert_eq!(clauses_hold(&clauses, &x, &solutions), Ok(()));
}

/// A learned clause names only the values of a removal that its explanations needed: `b = 0`
/// takes 1 and 2 from `x` in one change; `d = 0` then takes 2 from each `y` for want of
/// `x = 1` (`x != 1` and `d = 0` explain it), leaving three pairwise different `y` two values,
/// and the conflict is learned as `d = 1 or x = 1`, not `d = 1 or x in {1, 2}`.
#[test]
fn a_clause_names_only_the_values_its_explanations_need() {
    let mut m = Model::new();
    // Decided in this order (activities equal, smaller domains first), smallest value first.
    let b = m.new_var(0..=1).unwrap();
    let d = m.new_var(0..=1).unwrap();
    let x = m.new_var(0..=3).unwrap();
    let y = m.new_vars(3, 0..=2).unwrap();
    m.post(Binary::new(b, x, |b, x| b == 1 || x == 0 || x == 3)).unwrap();
    // `y = 2` needs `x = 1` or `d = 1`; the tuples with `d = 1` first, so that the table
    // names `d != 1` once for all of them, then `x != 1`.
    let tuples: Vec<[Value; 3]> = [1, 0]
        .into_iter()
        .flat_map(|d| (0..4).flat_map(move |x| (0..3).map(move |y| [x, d, y])))
        .filter(|&[x, d, y]| x == 1 || d == 1 || y != 2)
        .collect();
    for &yi in &y {
        m.post(Table::allowed([x, d, yi], &tuples)).unwrap();
    }
    for i in 0..3 {
        for j in i + 1..3 {
            m.post(NotEqual::new(y[i], y[j])).unwrap();
        }
    }
    let mut solver = m.into_solver();
    solver.set_learning(true);
    let Outcome::Solved(s) = solver.solve() else { panic!("d = 1 leaves the y free") };
    assert!(s[b] == 1 || [0, 3].contains(&s[x]));
    assert!((0..3).all(|i| s[y[i]] != 2 || s[x] == 1 || s[d] == 1) && s[y[0]] != s[y[1]]);
    let clauses = solver.learned_clauses();
    let on_x: Vec<&Vec<Value>> = clauses.iter().flatten().filter(|(v, _)| *v == x).map(|(_, values)| values).collect();
    assert_eq!(on_x, [&vec![1]], "{clauses:?}");
}

/// Linear constraints are explained precisely (by bounds) in a search that learns: their
/// count shows in the statistics, and the clauses hold in every brute-force solution.
#[test]
fn linear_constraints_are_explained_by_bounds() {
    // x0..x6 over 0..=4: consecutive pairs sum to at most 5, the total is 14, and alternate
    // differences are bounded.
    let n = 7;
    let mut sums = Vec::new();
    for i in 0..n - 1 {
        sums.push((vec![(1, i), (1, i + 1)], 5));
    }
    let all: Vec<(Value, usize)> = (0..n).map(|i| (1, i)).collect();
    sums.push((all.clone(), 14));
    sums.push((all.iter().map(|&(c, i)| (-c, i)).collect(), -14));
    for i in 0..n - 2 {
        sums.push((vec![(2, i), (-1, i + 2)], 4));
    }
    let inst = Instance {
        domains: vec![(0..=4).collect(); n],
        not_equal: Vec::new(),
        relations: Vec::new(),
        sums,
        objective: Vec::new(),
    };
    let solutions = brute_force(&inst);
    let (m, x, _) = build(&inst, None);
    let mut solver = m.into_solver();
    solver.set_learning(true);
    let outcome = solver.solve();
    assert_eq!(outcome == Outcome::Unsatisfiable, solutions.is_empty());
    let stats = solver.stats().clone();
    assert!(stats.learned > 0 && stats.explained_precise > 0, "{stats}");
    assert_eq!(clauses_hold(&solver.learned_clauses(), &x, &solutions), Ok(()));
}

/// A core through root propagation: `x1 = 2` (constraint 0) with `x0 + 2 x1 = 0`
/// (constraint 2) over non-negative domains fails at the root; `x0 = 0` (constraint 1) is not
/// needed, and the core walks back through the root entries to constraint 0.
#[test]
fn a_root_conflict_core_follows_root_prunings() {
    let mut m = Model::new();
    let x = m.new_vars(4, 0..=3).unwrap();
    m.post(Linear::new([(-1, x[1])], Comparison::Equal, -2)).unwrap();
    m.post(Linear::new([(-1, x[0])], Comparison::Equal, 0)).unwrap();
    m.post(Linear::new([(1, x[0]), (2, x[1])], Comparison::Equal, 0)).unwrap();
    let mut solver = m.into_solver();
    solver.set_learning(true);
    solver.set_core_tracking(true);
    assert_eq!(solver.solve(), Outcome::Unsatisfiable);
    let core: Vec<usize> = solver.unsat_core().unwrap().iter().map(|c| c.index()).collect();
    assert_eq!(core, [0, 2]);
}

/// A small project on one resource: tasks `(duration, usage)`, and lags `(i, j, lag)` for
/// `s_j - s_i >= lag` (a negative lag is a maximum lag the other way), over start domains of
/// 100 to 200 values: bitset domains of two to four blocks, whose bounds learned clauses
/// name across blocks (`learning/literals.rs`).
#[derive(Clone, Debug)]
struct Project {
    horizon: Value,
    capacity: Value,
    tasks: Vec<(Value, Value)>,
    lags: Vec<(usize, usize, Value)>,
}

fn project() -> impl Strategy<Value = Project> {
    (4usize..=6, 100i32..=200, 2i32..=4).prop_flat_map(|(n, horizon, capacity)| {
        let tasks = proptest::collection::vec((5i32..=40, 1i32..=capacity), n);
        let lags = proptest::collection::vec((0..n, 0..n, -50i32..=45), 2..=2 * n);
        (tasks, lags).prop_map(move |(tasks, lags)| Project {
            horizon,
            capacity,
            tasks,
            lags: lags.into_iter().filter(|&(i, j, _)| i != j).collect(),
        })
    })
}

impl Project {
    /// The model: starts, then the makespan; each variable's values less those of `gone`
    /// (per variable, in that order).
    fn model(&self, gone: &[BTreeSet<Value>]) -> (Model, Vec<VarId>) {
        let mut m = Model::new();
        let n = self.tasks.len();
        let mut domain = |k: usize, hi: Value| {
            m.new_var((0..=hi).filter(|v| !gone.get(k).is_some_and(|g| g.contains(v))).collect::<Vec<_>>())
        };
        let mut x = Vec::new();
        for (k, &(d, _)) in self.tasks.iter().enumerate() {
            x.push(domain(k, self.horizon - d));
        }
        x.push(domain(n, self.horizon));
        let Ok(x) = x.into_iter().collect::<Result<Vec<VarId>, _>>() else {
            // A domain left empty: the model has no solution.
            let mut m = Model::new();
            let y = m.new_var(0..=0).unwrap();
            m.post(Linear::new([(1, y)], Comparison::Equal, 1)).unwrap();
            return (m, vec![y]);
        };
        let (s, end) = (&x[..n], x[n]);
        for (&(d, _), &si) in self.tasks.iter().zip(s) {
            m.post(Linear::new([(1, si), (-1, end)], Comparison::LessOrEqual, -d)).unwrap();
        }
        for &(i, j, lag) in &self.lags {
            m.post(Linear::new([(1, s[j]), (-1, s[i])], Comparison::GreaterOrEqual, lag)).unwrap();
        }
        let (durations, usages) = self.tasks.iter().copied().unzip();
        m.post(Cumulative::new(s.to_vec(), durations, usages, self.capacity)).unwrap();
        (m, x)
    }

    /// Whether `v` (starts, then the makespan) is a schedule, checked without the solver.
    fn holds(&self, v: &[Value]) -> bool {
        let n = self.tasks.len();
        let ends = self.tasks.iter().zip(v).all(|(&(d, _), &s)| s >= 0 && s + d <= v[n]) && v[n] <= self.horizon;
        let lags = self.lags.iter().all(|&(i, j, lag)| v[j] - v[i] >= lag);
        let resource = (0..self.horizon).all(|t| {
            let used: Value =
                self.tasks.iter().zip(v).filter(|(&(d, _), &s)| s <= t && t < s + d).map(|(&(_, u), _)| u).sum();
            used <= self.capacity
        });
        ends && lags && resource
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Every clause learned on the way to a schedule (or to a proof that there is none) is
    /// implied by the model: the model with the clause's values taken out has no solution,
    /// by the search without learning.
    #[test]
    fn clauses_over_wide_domains_are_implied_by_the_model(p in project()) {
        let (m, x) = p.model(&[]);
        let mut solver = m.into_solver();
        solver.set_learning(true);
        let learned = solver.solve();
        let (m, _) = p.model(&[]);
        let plain = m.into_solver().solve();
        prop_assert_eq!(learned == Outcome::Unsatisfiable, plain == Outcome::Unsatisfiable);
        if let Outcome::Solved(s) = &learned {
            prop_assert!(p.holds(&x.iter().map(|&v| s[v]).collect::<Vec<_>>()));
        }
        for clause in solver.learned_clauses().iter().take(40) {
            let mut gone = vec![BTreeSet::new(); x.len()];
            for (v, values) in clause {
                gone[x.iter().position(|y| y == v).expect("a variable of the model")].extend(values);
            }
            let (m, _) = p.model(&gone);
            prop_assert_eq!(m.into_solver().solve(), Outcome::Unsatisfiable, "clause {:?} excludes a solution", clause);
        }
    }

    /// The search with learning proves the optimum the search without it finds.
    #[test]
    fn learning_proves_the_makespan_over_wide_domains(p in project()) {
        let (m, x) = p.model(&[]);
        let end = *x.last().unwrap();
        let mut solver = m.into_solver();
        solver.set_learning(true);
        let learned = solver.minimize(end);
        let (m, y) = p.model(&[]);
        let plain = m.into_solver().minimize(*y.last().unwrap());
        match (&learned, &plain) {
            (Optimum::Optimal(a), Optimum::Optimal(b)) => {
                prop_assert_eq!(a[end], b[*y.last().unwrap()]);
                prop_assert!(p.holds(&x.iter().map(|&v| a[v]).collect::<Vec<_>>()));
            }
            (Optimum::Unsatisfiable, Optimum::Unsatisfiable) => {}
            other => prop_assert!(false, "{:?}", other),
        }
    }
}

/// A count over interval domains (the value, the count and the variables counted over
/// 0..=70,000): two of four variables, one of each pair of different ones, equal the value,
/// and the smallest weighted sum. The learning search proves the optimum of the search
/// without learning and explains every change precisely (before, an interval value or count
/// got the generic explanation).
#[test]
fn a_count_over_interval_domains_gets_no_generic_explanation() {
    let wide = 70_000;
    let mut m = Model::new();
    let x = m.new_vars(4, 0..=wide).unwrap();
    let value = m.new_var(0..=wide).unwrap();
    let count = m.new_var(-wide..=wide).unwrap();
    assert!(m.initial_domain(value).is_interval() && m.initial_domain(count).is_interval());
    m.post(csp::constraints::CountEq::new(x.clone(), value, count)).unwrap();
    m.post(Linear::new([(1, count)], Comparison::GreaterOrEqual, 2)).unwrap();
    m.post(NotEqual::new(x[0], x[1])).unwrap();
    m.post(NotEqual::new(x[2], x[3])).unwrap();
    for (i, &xi) in x.iter().enumerate() {
        m.post(Linear::new([(1, xi)], Comparison::GreaterOrEqual, 7 * i as Value)).unwrap();
    }
    m.post(Linear::new([(1, value)], Comparison::GreaterOrEqual, 5)).unwrap();
    let total = m.new_var(0..=10 * wide).unwrap();
    let terms: Vec<(Value, VarId)> = [(3, x[0]), (1, x[1]), (2, x[2]), (1, x[3]), (2, value), (-1, total)].into();
    m.post(Linear::new(terms, Comparison::Equal, 0)).unwrap();
    let optimum = |learning: bool| {
        let mut solver = m.clone().into_solver();
        solver.set_learning(learning);
        let Optimum::Optimal(s) = solver.minimize(total) else { panic!("an optimum exists") };
        (s[total], solver.stats().clone())
    };
    let (plain, _) = optimum(false);
    let (learned, stats) = optimum(true);
    assert_eq!(learned, plain);
    assert!(stats.explained_precise > 0 && stats.failures > 5, "{stats}");
    assert_eq!(stats.explained_generic, 0, "{stats}");
}

/// A graph to colour with three colours near the threshold of colourability (two to two and
/// a half edges a vertex), and a weight per vertex: searches of tens to hundreds of
/// conflicts, so that restarts happen in them.
#[derive(Clone, Debug)]
struct Colouring {
    edges: Vec<(usize, usize)>,
    weights: Vec<Value>,
}

fn colouring() -> impl Strategy<Value = Colouring> {
    (14usize..=22).prop_flat_map(|n| {
        let edges = proptest::collection::vec((0..n, 0..n), 2 * n..=5 * n / 2);
        let weights = proptest::collection::vec(1i32..=5, n);
        (edges, weights).prop_map(|(edges, weights)| Colouring {
            edges: edges.into_iter().filter(|&(a, b)| a != b).collect(),
            weights,
        })
    })
}

impl Colouring {
    /// The colours, then the weighted sum of the colours (to minimise).
    fn model(&self) -> (Model, Vec<VarId>, VarId) {
        let mut m = Model::new();
        let x = m.new_vars(self.weights.len(), 0..=2).unwrap();
        for &(a, b) in &self.edges {
            m.post(NotEqual::new(x[a], x[b])).unwrap();
        }
        let cost = m.new_var(0..=2 * self.weights.iter().sum::<Value>()).unwrap();
        let mut terms: Vec<(Value, VarId)> = self.weights.iter().copied().zip(x.iter().copied()).collect();
        terms.push((-1, cost));
        m.post(Linear::new(terms, Comparison::Equal, 0)).unwrap();
        (m, x, cost)
    }

    /// The weighted sum of a colouring, if it is one (checked without the solver).
    fn cost(&self, colours: &[Value]) -> Option<Value> {
        let proper = self.edges.iter().all(|&(a, b)| colours[a] != colours[b]);
        let valid = colours.iter().all(|c| (0..=2).contains(c));
        (proper && valid).then(|| self.weights.iter().zip(colours).map(|(w, c)| w * c).sum())
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Under each restart policy, set to restart often, the search with learning decides
    /// colourability and proves the optimum as the search without learning does; every
    /// answer is a colouring by its definition.
    #[test]
    fn restarts_keep_proofs_of_colourability_and_of_the_optimum(g in colouring(), r in restarts()) {
        let (m, x, cost) = g.model();
        let plain = m.clone().into_solver().minimize(cost);
        let mut solver = m.clone().into_solver();
        solver.set_learning(true);
        solver.set_learning_restarts(r);
        let colours = |s: &csp::Solution| x.iter().map(|&v| s[v]).collect::<Vec<Value>>();
        match (solver.solve(), &plain) {
            (Outcome::Solved(s), Optimum::Optimal(_)) => prop_assert!(g.cost(&colours(&s)).is_some()),
            (Outcome::Unsatisfiable, Optimum::Unsatisfiable) => {}
            other => prop_assert!(false, "{:?}", other),
        }
        let mut solver = m.into_solver();
        solver.set_learning(true);
        solver.set_learning_restarts(r);
        match (solver.minimize(cost), &plain) {
            (Optimum::Optimal(a), Optimum::Optimal(b)) => {
                prop_assert_eq!(a[cost], b[cost]);
                prop_assert_eq!(g.cost(&colours(&a)), Some(a[cost]));
            }
            (Optimum::Unsatisfiable, Optimum::Unsatisfiable) => {}
            other => prop_assert!(false, "{:?}", other),
        }
    }
}

/// Glucose's restarts restart a satisfaction search (where nothing else does) and still
/// prove that 7 pigeons do not fit in 6 holes. (With the published window of 50 and K = 0.8
/// this search does not restart: its clauses' LBDs do not grow; with a window of 5 and K = 1 it
/// restarts 148 times in 1,107 conflicts.)
#[test]
fn glucose_restarts_restart_and_still_prove_unsatisfiability() {
    let pigeonhole = || {
        let mut m = Model::new();
        let x = m.new_vars(7, 0..=5).unwrap();
        for i in 0..7 {
            for j in i + 1..7 {
                m.post(NotEqual::new(x[i], x[j])).unwrap();
            }
        }
        m
    };
    for restarts in [LearningRestarts::glucose(), LearningRestarts::Glucose { window: 5, percent: 100 }] {
        let mut solver = pigeonhole().into_solver();
        solver.set_learning(true);
        solver.set_learning_restarts(restarts);
        assert_eq!(solver.solve(), Outcome::Unsatisfiable);
        let stats = solver.stats();
        // Only the short window is expected to restart here (see above).
        if restarts != LearningRestarts::glucose() {
            assert!(stats.restarts >= 10, "{restarts:?}: {} restarts in {} conflicts", stats.restarts, stats.learned);
        }
    }
}

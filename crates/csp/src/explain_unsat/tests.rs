//! Tests of the explanations: the conflict has no solution, and removing any one member gives
//! a set that has one, checked by brute force on small models and by separate searches on
//! Latin squares.

use proptest::prelude::*;

use super::*;
use crate::constraints::{AllDifferent, Comparison, Linear, NetworkLevel, NotEqual};
use crate::testing::brute_force;

/// A random constraint over variables `0..n`, kept as data.
#[derive(Clone, Debug)]
enum Spec {
    /// `Σ a_i x_i ⋈ c`.
    Linear(Vec<(Value, usize)>, Comparison, Value),
    NotEqual(usize, usize),
    AllDifferent(Vec<usize>),
}

impl Spec {
    fn holds(&self, vs: &[Value]) -> bool {
        match self {
            Spec::Linear(t, cmp, c) => cmp.holds(t.iter().map(|&(a, i)| a * vs[i]).sum::<Value>(), *c),
            Spec::NotEqual(a, b) => vs[*a] != vs[*b],
            Spec::AllDifferent(s) => (0..s.len()).all(|i| (i + 1..s.len()).all(|j| vs[s[i]] != vs[s[j]])),
        }
    }

    fn post(&self, m: &mut Model, x: &[VarId], name: String) {
        let _ = match self {
            Spec::Linear(t, cmp, c) => m.post_named(name, Linear::new(t.iter().map(|&(a, i)| (a, x[i])), *cmp, *c)),
            Spec::NotEqual(a, b) => m.post_named(name, NotEqual::new(x[*a], x[*b])),
            Spec::AllDifferent(s) => m.post_named(name, AllDifferent::new(s.iter().map(|&i| x[i]).collect::<Vec<_>>())),
        }
        .unwrap();
    }
}

fn spec(n: usize) -> impl Strategy<Value = Spec> {
    let cmp = prop_oneof![
        Just(Comparison::Equal),
        Just(Comparison::LessOrEqual),
        Just(Comparison::GreaterOrEqual),
        Just(Comparison::NotEqual)
    ];
    prop_oneof![
        3 => (proptest::collection::vec((-2i32..=2, 0..n), 1..=3), cmp, -3i32..=3)
            .prop_map(|(t, c, r)| Spec::Linear(t, c, r)),
        2 => (0..n, 0..n).prop_filter("two variables", |(a, b)| a != b).prop_map(|(a, b)| Spec::NotEqual(a, b)),
        1 => proptest::collection::btree_set(0..n, 2..=n).prop_map(|s| Spec::AllDifferent(s.into_iter().collect())),
    ]
}

fn instance() -> impl Strategy<Value = (usize, Vec<Spec>)> {
    (2usize..=4).prop_flat_map(|n| (Just(n), proptest::collection::vec(spec(n), 1..=8)))
}

fn satisfiable(n: usize, specs: &[&Spec]) -> bool {
    !brute_force(&vec![(0..=3).collect(); n], |vs| specs.iter().all(|s| s.holds(vs))).is_empty()
}

proptest! {
    #[test]
    fn a_conflict_is_unsatisfiable_and_minimal_on_random_models((n, specs) in instance()) {
        let mut m = Model::new();
        let x = m.new_vars(n, 0..=3).unwrap();
        for (i, s) in specs.iter().enumerate() {
            s.post(&mut m, &x, format!("c{i}"));
        }
        let all: Vec<&Spec> = specs.iter().collect();
        match m.explain_unsat(Limits::default()) {
            Explanation::Satisfiable(sol) => {
                prop_assert!(satisfiable(n, &all));
                prop_assert!(specs.iter().all(|s| s.holds(sol.values())));
            }
            Explanation::Minimal(conflict) => {
                prop_assert!(!satisfiable(n, &all));
                let members: Vec<usize> = conflict.iter().map(|c| c.id.index()).collect();
                for (c, &i) in conflict.iter().zip(&members) {
                    prop_assert_eq!(&c.label, &format!("c{i}"));
                }
                let subset: Vec<&Spec> = members.iter().map(|&i| &specs[i]).collect();
                prop_assert!(!satisfiable(n, &subset), "the conflict {:?} has a solution", members);
                for k in 0..members.len() {
                    let rest: Vec<&Spec> = subset.iter().enumerate().filter(|&(j, _)| j != k).map(|(_, s)| *s).collect();
                    prop_assert!(satisfiable(n, &rest), "{:?} without member {} is still unsatisfiable", members, k);
                }
            }
            Explanation::LimitReached(l) => prop_assert!(false, "no limit was set, got {:?}", l),
        }
    }
}

/// A Latin square of order `n` (rows and columns all different), with the cells.
fn latin(n: usize) -> (Model, Vec<VarId>) {
    let mut m = Model::new();
    let x = m.new_vars(n * n, 1..=n as Value).unwrap();
    for i in 0..n {
        m.post_named(format!("row{}", i + 1), AllDifferent::new((0..n).map(|j| x[i * n + j]).collect::<Vec<_>>()))
            .unwrap();
        m.post_named(format!("col{}", i + 1), AllDifferent::new((0..n).map(|j| x[j * n + i]).collect::<Vec<_>>()))
            .unwrap();
    }
    (m, x)
}

/// Whether the Latin square with these givens has a solution, by a fresh search.
fn latin_solvable(n: usize, givens: &[(VarId, Value)]) -> bool {
    let (m, _) = latin(n);
    let mut solver = m.into_solver();
    if givens.iter().any(|&(x, v)| solver.assign(x, v).is_err()) {
        return false;
    }
    solver.solve().solution().is_some()
}

/// Pseudo-random givens (a linear congruential generator) until the square is unsolvable.
fn unsolvable_givens(n: usize, seed: u64) -> Vec<(VarId, Value)> {
    let mut state = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    let mut next = |k: usize| {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (state >> 33) as usize % k
    };
    let mut givens: Vec<(VarId, Value)> = Vec::new();
    loop {
        let cell = VarId::from_index(next(n * n));
        if givens.iter().any(|&(x, _)| x == cell) {
            continue;
        }
        givens.push((cell, 1 + next(n) as Value));
        if !latin_solvable(n, &givens) {
            return givens;
        }
    }
}

#[test]
fn minimal_givens_of_unsolvable_latin_squares_through_assignments() {
    for seed in 0..40 {
        let n = 5;
        let givens = unsolvable_givens(n, seed);
        let (m, _) = latin(n);
        let mut solver = m.into_solver();
        let Explanation::Minimal(conflict) = solver.explain_assignments(&givens, Limits::default()) else {
            panic!("seed {seed}: the givens {givens:?} are unsolvable")
        };
        assert!(!conflict.is_empty());
        assert!(conflict.iter().all(|g| givens.contains(g)));
        assert!(!latin_solvable(n, &conflict), "seed {seed}: {conflict:?} has a solution");
        for k in 0..conflict.len() {
            let mut rest = conflict.clone();
            rest.remove(k);
            assert!(latin_solvable(n, &rest), "seed {seed}: {conflict:?} without {k} is unsolvable");
        }
        // The solver is back where it was: the empty square has solutions.
        assert!(solver.solve().solution().is_some());
    }
}

#[test]
fn minimal_givens_of_unsolvable_latin_squares_through_named_constraints() {
    for seed in 0..20 {
        let n = 4;
        let givens = unsolvable_givens(n, 1000 + seed);
        let (mut m, _) = latin(n);
        m.post_intersections().unwrap();
        m.compile_all_different(NetworkLevel::LockedValues).unwrap();
        let soft: Vec<ConstraintId> = givens
            .iter()
            .map(|&(x, v)| {
                let name = format!("r{}c{} = {v}", x.index() / n + 1, x.index() % n + 1);
                m.add_named(name, x.eq(v)).unwrap()
            })
            .collect();
        let Explanation::Minimal(conflict) = m.explain_unsat_among(&soft, Limits::default()) else {
            panic!("seed {seed}: unsolvable")
        };
        let found: Vec<(VarId, Value)> =
            conflict.iter().map(|c| givens[soft.iter().position(|&s| s == c.id).unwrap()]).collect();
        for (c, &(x, v)) in conflict.iter().zip(&found) {
            assert_eq!(c.label, format!("r{}c{} = {v}", x.index() / n + 1, x.index() % n + 1));
        }
        assert!(!latin_solvable(n, &found));
        for k in 0..found.len() {
            let mut rest = found.clone();
            rest.remove(k);
            assert!(latin_solvable(n, &rest), "seed {seed}: {found:?} without {k} is unsolvable");
        }
    }
}

#[test]
fn hard_constraints_unsatisfiable_alone_give_an_empty_conflict() {
    let mut m = Model::new();
    let x = m.new_vars(3, 1..=2).unwrap();
    let hard = m.all_different(x.clone()).unwrap();
    let soft = m.add(x[0].eq(1)).unwrap();
    assert_eq!(m.explain_unsat_among(&[soft], Limits::default()), Explanation::Minimal(Vec::new()));
    let e = m.explain_unsat(Limits::default());
    assert_eq!(e.conflict().map(|c| c.iter().map(|m| m.id).collect::<Vec<_>>()), Some(vec![hard]));
    assert_eq!(e.conflict().unwrap()[0].label, "all_different#0");
}

#[test]
fn a_satisfiable_model_has_nothing_to_explain() {
    let (m, x) = latin(3);
    let Explanation::Satisfiable(s) = m.explain_unsat(Limits::default()) else { panic!() };
    assert_eq!(m.check_assignment(s.values()), Ok(()));
    let mut solver = m.into_solver();
    assert!(matches!(solver.explain_assignments(&[(x[0], 2)], Limits::default()), Explanation::Satisfiable(_)));
}

#[test]
fn a_limit_stops_the_explanation_without_a_conflict() {
    // Pigeons: 7 variables all different over 6 values takes many nodes to refute without GAC.
    let mut m = Model::new();
    let x = m.new_vars(7, 1..=6).unwrap();
    for i in 0..7 {
        for j in i + 1..7 {
            m.add(x[i].ne(x[j])).unwrap();
        }
    }
    let e = m.explain_unsat(Limits { max_nodes: Some(50), ..Limits::default() });
    assert_eq!(e, Explanation::LimitReached(Limit::Nodes));
    let e = m.explain_unsat(Limits { timeout: Some(std::time::Duration::ZERO), ..Limits::default() });
    assert_eq!(e, Explanation::LimitReached(Limit::Time));
    let mut solver = m.into_solver();
    let e = solver.explain_assignments(&[(x[0], 1)], Limits { max_nodes: Some(50), ..Limits::default() });
    assert_eq!(e, Explanation::LimitReached(Limit::Nodes));
}

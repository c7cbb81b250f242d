//! Solving under assumptions against brute force on random small Boolean models: a solution
//! satisfies the model and every assumption, a failed set is a subset of the assumptions with
//! which brute force finds no solution, and "failed" is never answered when there is one.

use csp::solve::Assumed;
use csp::{BoolVar, Limits, Lit, Model, Value};
use proptest::prelude::*;

/// A clause as (variable, positive) pairs, or a cardinality `sum of vars <= k`.
#[derive(Clone, Debug)]
enum Con {
    Clause(Vec<(usize, bool)>),
    AtMost(Vec<usize>, i32),
}

fn con(n: usize) -> impl Strategy<Value = Con> {
    prop_oneof![
        proptest::collection::vec((0..n, any::<bool>()), 1..4).prop_map(Con::Clause),
        (proptest::collection::vec(0..n, 2..5), 0i32..3).prop_map(|(v, k)| Con::AtMost(v, k)),
    ]
}

fn instance() -> impl Strategy<Value = (usize, Vec<Con>, Vec<(usize, bool)>)> {
    (3usize..7).prop_flat_map(|n| {
        (Just(n), proptest::collection::vec(con(n), 0..6), proptest::collection::vec((0..n, any::<bool>()), 0..5))
    })
}

fn holds(c: &Con, v: &[bool]) -> bool {
    match c {
        Con::Clause(lits) => lits.iter().any(|&(i, p)| v[i] == p),
        Con::AtMost(vars, k) => vars.iter().filter(|&&i| v[i]).count() as i32 <= *k,
    }
}

/// Whether some assignment satisfies every constraint and every assumption of `assumed`.
fn satisfiable(n: usize, cons: &[Con], assumed: &[(usize, bool)]) -> bool {
    (0..1u32 << n).any(|bits| {
        let v: Vec<bool> = (0..n).map(|i| bits >> i & 1 == 1).collect();
        cons.iter().all(|c| holds(c, &v)) && assumed.iter().all(|&(i, p)| v[i] == p)
    })
}

proptest! {
    #[test]
    fn assumptions_answer_as_brute_force((n, cons, assumptions) in instance()) {
        let mut model = Model::new();
        let b: Vec<BoolVar> = (0..n).map(|_| model.new_bool()).collect();
        for c in &cons {
            match c {
                Con::Clause(lits) => {
                    let pos: Vec<_> = lits.iter().filter(|l| l.1).map(|l| b[l.0].var()).collect();
                    let neg: Vec<_> = lits.iter().filter(|l| !l.1).map(|l| b[l.0].var()).collect();
                    model.post(csp::constraints::Clause::new(pos, neg)).unwrap();
                }
                Con::AtMost(vars, k) => {
                    model.add(csp::sum(vars.iter().map(|&i| b[i])).le(*k)).unwrap();
                }
            }
        }
        let lit = |&(i, p): &(usize, bool)| if p { b[i].lit() } else { !b[i] };
        let lits: Vec<Lit> = assumptions.iter().map(lit).collect();
        match model.solve_assuming(&lits, Limits::default()).unwrap() {
            Assumed::Solved(s) => {
                prop_assert_eq!(model.check_assignment(s.values()), Ok(()));
                for l in &lits {
                    prop_assert_eq!(s[l.var()], l.true_value() as Value);
                }
            }
            Assumed::Failed(failed) => {
                prop_assert!(!satisfiable(n, &cons, &assumptions), "failed while a solution exists");
                prop_assert!(failed.iter().all(|f| lits.contains(f)));
                let failed_pairs: Vec<(usize, bool)> = assumptions
                    .iter()
                    .filter(|a| failed.contains(&lit(a)))
                    .copied()
                    .collect();
                prop_assert!(!satisfiable(n, &cons, &failed_pairs), "the failed set {:?} has a solution", failed);
            }
            Assumed::LimitReached(l) => prop_assert!(false, "no limit was set: {:?}", l),
        }
    }
}

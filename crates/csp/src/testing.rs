//! Test helpers shared by the constraints' unit and property tests: brute-force enumeration
//! and solving a whole model, independently of any one constraint.

use proptest::prelude::*;

use crate::id::{Value, VarId};
use crate::model::Model;
use crate::search::Solver;

/// Every assignment of `domains` (the Cartesian product, in lexicographic order) for which
/// `holds` is true.
pub(crate) fn brute_force(domains: &[Vec<Value>], holds: impl Fn(&[Value]) -> bool) -> Vec<Vec<Value>> {
    let mut out = Vec::new();
    if domains.iter().any(Vec::is_empty) {
        return out;
    }
    let mut idx = vec![0usize; domains.len()];
    let mut values: Vec<Value> = domains.iter().map(|d| d[0]).collect();
    loop {
        if holds(&values) {
            out.push(values.clone());
        }
        // Odometer increment, last position fastest.
        let mut p = domains.len();
        loop {
            if p == 0 {
                return out;
            }
            p -= 1;
            idx[p] += 1;
            if idx[p] < domains[p].len() {
                values[p] = domains[p][idx[p]];
                break;
            }
            idx[p] = 0;
            values[p] = domains[p][0];
        }
    }
}

/// Every solution of `model` found by the solver, restricted to `vars` and sorted. Each full
/// solution is checked against every constraint's `is_satisfied` first.
pub(crate) fn solve_all(model: Model, vars: &[VarId]) -> Vec<Vec<Value>> {
    let mut solver = Solver::new(model);
    let mut found = Vec::new();
    let mut all = Vec::new();
    for s in solver.solutions() {
        all.push(s.values().to_vec());
        found.push(vars.iter().map(|&v| s[v]).collect::<Vec<_>>());
    }
    for values in &all {
        assert_eq!(solver.model().check_assignment(values), Ok(()), "solution {values:?} violates the model");
    }
    found.sort();
    found
}

/// The values left in each domain after root propagation, or `None` after a conflict.
pub(crate) fn propagated(model: Model, vars: &[VarId]) -> Option<Vec<Vec<Value>>> {
    let mut solver = Solver::new(model);
    solver.propagate().ok()?;
    Some(vars.iter().map(|&v| solver.domain(v).to_vec()).collect())
}

/// For each position, the sorted distinct values it takes among `solutions`.
pub(crate) fn projections(solutions: &[Vec<Value>], n: usize) -> Vec<Vec<Value>> {
    (0..n)
        .map(|p| {
            let mut vs: Vec<Value> = solutions.iter().map(|s| s[p]).collect();
            vs.sort_unstable();
            vs.dedup();
            vs
        })
        .collect()
}

/// A small non-empty domain: a subset of `lo..=hi`.
pub(crate) fn small_domain(lo: Value, hi: Value) -> impl Strategy<Value = Vec<Value>> {
    proptest::collection::btree_set(lo..=hi, 1..=(hi - lo + 1) as usize).prop_map(|s| s.into_iter().collect())
}

/// `n` small domains, `n` in `1..=max_vars`.
pub(crate) fn small_domains(max_vars: usize, lo: Value, hi: Value) -> impl Strategy<Value = Vec<Vec<Value>>> {
    proptest::collection::vec(small_domain(lo, hi), 1..=max_vars)
}

/// A model with one variable per domain.
pub(crate) fn model_with(domains: &[Vec<Value>]) -> (Model, Vec<VarId>) {
    let mut model = Model::new();
    let vars = domains.iter().map(|d| model.new_var(d.clone()).expect("non-empty test domain")).collect();
    (model, vars)
}

/// The model `build` makes has exactly the solutions `expected` (sorted, as [`brute_force`]
/// gives them), and root propagation on a fresh one leaves exactly their projections (domain
/// consistency), or fails when there are none.
pub(crate) fn assert_solutions_and_gac(
    build: impl Fn() -> (Model, Vec<VarId>),
    expected: &[Vec<Value>],
) -> Result<(), TestCaseError> {
    let (model, v) = build();
    prop_assert_eq!(solve_all(model, &v), expected.to_vec());
    let (model, v) = build();
    match propagated(model, &v) {
        None => prop_assert!(expected.is_empty()),
        Some(d) => prop_assert_eq!(d, projections(expected, v.len())),
    }
    Ok(())
}

/// One step of a random walk over a solver's states ([`walks`], [`assert_same_walk`]).
#[derive(Clone, Debug)]
pub(crate) enum Step {
    /// A checkpoint.
    Checkpoint,
    /// A restore to the last checkpoint (none left: nothing).
    Restore,
    /// The removal of a value from variable `p` (modulo the variables), then propagation.
    Remove(usize, Value),
}

/// Walks of fewer than `len` steps over the first `vars` variables, removing values in
/// `values`.
pub(crate) fn walks(
    len: usize,
    vars: usize,
    values: std::ops::RangeInclusive<Value>,
) -> impl Strategy<Value = Vec<Step>> {
    let step = prop_oneof![
        1 => Just(Step::Checkpoint),
        1 => Just(Step::Restore),
        3 => (0..vars, values).prop_map(|(p, v)| Step::Remove(p, v)),
    ];
    proptest::collection::vec(step, 0..len)
}

/// Takes `a` (over `v`) and `b` (over `w`, the same variables in another model) through the
/// root propagation and then `steps`, and checks after each that both agree: the same outcome
/// and the same domains. For a constraint with incremental state against its stateless form,
/// through checkpoints and restores.
pub(crate) fn assert_same_walk(
    a: &mut Solver,
    v: &[VarId],
    b: &mut Solver,
    w: &[VarId],
    steps: &[Step],
) -> Result<(), TestCaseError> {
    let (ra, rb) = (a.propagate().is_ok(), b.propagate().is_ok());
    prop_assert_eq!(ra, rb);
    if !ra {
        return Ok(());
    }
    let mut marks = Vec::new();
    for step in steps {
        match *step {
            Step::Checkpoint => marks.push((a.new_checkpoint(), b.new_checkpoint())),
            Step::Restore => {
                if let Some((ca, cb)) = marks.pop() {
                    a.restore_to(ca);
                    b.restore_to(cb);
                }
            }
            Step::Remove(p, value) => {
                let p = p % v.len();
                let ok_a = a.remove_value(v[p], value).is_ok() && a.propagate().is_ok();
                let ok_b = b.remove_value(w[p], value).is_ok() && b.propagate().is_ok();
                prop_assert_eq!(ok_a, ok_b);
                if !ok_a {
                    // After a conflict the only valid operation is a restore.
                    match marks.pop() {
                        Some((ca, cb)) => {
                            a.restore_to(ca);
                            b.restore_to(cb);
                        }
                        None => return Ok(()),
                    }
                }
            }
        }
        let da: Vec<Vec<Value>> = v.iter().map(|&x| a.domain(x).to_vec()).collect();
        let db: Vec<Vec<Value>> = w.iter().map(|&x| b.domain(x).to_vec()).collect();
        prop_assert_eq!(da, db);
    }
    Ok(())
}

//! The random small models of the property tests (`lcg.rs`, `learning.rs`, `properties.rs`,
//! `explanations.rs`), kept as data so that brute force can check the solver independently.
//!
//! Each test binary compiles this module and uses part of it.
#![allow(dead_code, reason = "each test binary uses part of the module")]

use std::collections::BTreeSet;
use std::ops::RangeInclusive;

use csp::constraints::{Binary, Comparison, Linear, NotEqual};
use csp::{Model, Value, VarId};
use proptest::prelude::*;

/// Calls `f` on every assignment of `domains` (the first variable changing fastest).
pub(crate) fn for_each_assignment(domains: &[Vec<Value>], mut f: impl FnMut(&[Value])) {
    if domains.iter().any(Vec::is_empty) {
        return;
    }
    let mut idx = vec![0usize; domains.len()];
    let mut values: Vec<Value> = domains.iter().map(|d| d[0]).collect();
    loop {
        f(&values);
        let mut k = 0;
        loop {
            if k == idx.len() {
                return;
            }
            idx[k] += 1;
            if idx[k] < domains[k].len() {
                values[k] = domains[k][idx[k]];
                break;
            }
            idx[k] = 0;
            values[k] = domains[k][0];
            k += 1;
        }
    }
}

/// The assignments of `domains` that satisfy `ok`, by enumeration.
pub(crate) fn brute_force_by(domains: &[Vec<Value>], ok: impl Fn(&[Value]) -> bool) -> BTreeSet<Vec<Value>> {
    let mut out = BTreeSet::new();
    for_each_assignment(domains, |v| {
        if ok(v) {
            out.insert(v.to_vec());
        }
    });
    out
}

/// A random model of disequalities, binary relations and linear sums.
#[derive(Clone, Debug)]
pub(crate) struct Instance {
    pub(crate) domains: Vec<Vec<Value>>,
    /// `x_a != x_b + offset`.
    pub(crate) not_equal: Vec<(usize, usize, Value)>,
    /// Allowed pairs of a binary relation, as a bit table over values 0..4 x 0..4.
    pub(crate) relations: Vec<(usize, usize, u16)>,
    /// `sum coefficient_i * x_i <= rhs`.
    pub(crate) sums: Vec<(Vec<(Value, usize)>, Value)>,
    /// Objective coefficients (minimise `sum c_i x_i`).
    pub(crate) objective: Vec<Value>,
}

/// Random instances of `vars` variables over values 0..4.
pub(crate) fn instance(vars: RangeInclusive<usize>) -> impl Strategy<Value = Instance> {
    vars.prop_flat_map(|n| {
        let domains = proptest::collection::vec(proptest::collection::btree_set(0i32..4, 2..=4), n)
            .prop_map(|ds| ds.into_iter().map(|d| d.into_iter().collect::<Vec<_>>()).collect::<Vec<_>>());
        let ne = proptest::collection::vec((0..n, 0..n, -1i32..=1), 4..=14);
        let rel = proptest::collection::vec((0..n, 0..n, any::<u16>()), 0..=3);
        let sum = proptest::collection::vec((proptest::collection::vec((-2i32..=3, 0..n), 1..=4), 0i32..8), 0..=2);
        let obj = proptest::collection::vec(-3i32..=3, n);
        (domains, ne, rel, sum, obj).prop_map(|(domains, not_equal, relations, sums, objective)| Instance {
            domains,
            not_equal,
            relations,
            sums,
            objective,
        })
    })
}

/// Whether the relation `table` allows `(a, b)`.
pub(crate) fn allowed(table: u16, a: Value, b: Value) -> bool {
    table >> (a * 4 + b) & 1 == 1
}

/// The model and its variables, with an objective variable over `objective` (`Some`) defined
/// as the objective sum.
pub(crate) fn build(inst: &Instance, objective: Option<RangeInclusive<Value>>) -> (Model, Vec<VarId>, Option<VarId>) {
    let mut m = Model::new();
    let x: Vec<VarId> = inst.domains.iter().map(|d| m.new_var(d.clone()).unwrap()).collect();
    for &(a, b, o) in &inst.not_equal {
        m.post(NotEqual::with_offset(x[a], x[b], o)).unwrap();
    }
    for &(a, b, t) in &inst.relations {
        m.post(Binary::new(x[a], x[b], move |p, q| allowed(t, p, q))).unwrap();
    }
    for (terms, rhs) in &inst.sums {
        m.post(Linear::new(terms.iter().map(|&(c, i)| (c, x[i])), Comparison::LessOrEqual, *rhs)).unwrap();
    }
    let z = objective.map(|range| {
        let z = m.new_var(range).unwrap();
        let terms: Vec<(Value, VarId)> =
            inst.objective.iter().zip(&x).map(|(&c, &v)| (c, v)).chain([(-1, z)]).collect();
        m.post(Linear::new(terms, Comparison::Equal, 0)).unwrap();
        z
    });
    (m, x, z)
}

/// Whether `v` satisfies the instance, by its definition (not the solver's checkers).
pub(crate) fn holds(inst: &Instance, v: &[Value]) -> bool {
    inst.not_equal.iter().all(|&(a, b, o)| v[a] != v[b] + o)
        && inst.relations.iter().all(|&(a, b, t)| allowed(t, v[a], v[b]))
        && inst.sums.iter().all(|(terms, rhs)| terms.iter().map(|&(c, i)| c * v[i]).sum::<Value>() <= *rhs)
}

/// Every satisfying assignment, by enumeration.
pub(crate) fn brute_force(inst: &Instance) -> BTreeSet<Vec<Value>> {
    brute_force_by(&inst.domains, |v| holds(inst, v))
}

/// Every learned clause holds in every solution: some literal's variable takes one of the
/// literal's values.
pub(crate) fn clauses_hold(
    clauses: &[Vec<(VarId, Vec<Value>)>],
    x: &[VarId],
    solutions: &BTreeSet<Vec<Value>>,
) -> Result<(), String> {
    for s in solutions {
        let value = |v: VarId| s[x.iter().position(|&y| y == v).expect("a variable of the model")];
        for clause in clauses {
            if !clause.iter().any(|(v, values)| values.contains(&value(*v))) {
                return Err(format!("clause {clause:?} excludes solution {s:?}"));
            }
        }
    }
    Ok(())
}

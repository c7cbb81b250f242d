//! The audited search and the checks of what it gives: every learned clause holds in every
//! solution, and every explanation, by brute force over its constraint's variables, implies
//! the change it explains.

use std::collections::BTreeSet;

use csp::constraints::{Comparison, Linear};
use csp::{Model, Value, VarId};
use proptest::prelude::*;

use super::spec::{Instance, Spec};
use crate::common::{brute_force_by, clauses_hold, for_each_assignment};

/// Whether `value` satisfies an audited atom `(var, lowest, highest, excluded)`.
fn atom_holds(atom: &Atom, value: Value) -> bool {
    (atom.1..=atom.2).contains(&value) && !atom.3.contains(&value)
}

/// Brute force: with the constraint `spec` and every named atom on its variables, the atom
/// explained holds (or, for a failure, no assignment is left).
fn explanation_holds(
    inst: &Instance,
    spec: &Spec,
    x: &[VarId],
    target: &Option<Atom>,
    reasons: &[Atom],
) -> Result<(), String> {
    let scope = spec.scope();
    let index = |v: VarId| x.iter().position(|&y| y == v).expect("a variable of the model");
    if let Some(t) = target {
        if !scope.contains(&index(t.0)) {
            return Err(format!("explained a change of a variable outside the scope: {t:?}"));
        }
    }
    let domains: Vec<Vec<Value>> = scope.iter().map(|&i| inst.domains[i].clone()).collect();
    let mut full: Vec<Value> = inst.domains.iter().map(|d| d[0]).collect();
    let mut bad = None;
    for_each_assignment(&domains, |v| {
        if bad.is_some() {
            return;
        }
        for (&i, &val) in scope.iter().zip(v) {
            full[i] = val;
        }
        let within = reasons.iter().all(|r| {
            let i = index(r.0);
            !scope.contains(&i) || atom_holds(r, full[i])
        });
        if within && spec.holds(&full) && target.as_ref().is_none_or(|t| !atom_holds(t, full[index(t.0)])) {
            bad = Some(full.clone());
        }
    });
    match bad {
        Some(a) => Err(format!("{spec:?}: {reasons:?} do not imply {target:?}: counterexample {a:?}")),
        None => Ok(()),
    }
}

/// An audited atom: `(variable, lowest, highest, values excluded)`.
type Atom = (VarId, Value, Value, Vec<Value>);

/// An audited explanation: the constraint, the atom explained (`None`: a failure), the atoms named.
type Audited = (csp::constraint::ConstraintId, Option<Atom>, Vec<Atom>);

/// The variables, the explanations given per constraint index, and the solutions found.
type AuditRun = (Vec<VarId>, Vec<(usize, Audited)>, BTreeSet<Vec<Value>>);

/// Runs the audited search (every solution, then the smallest sum of the integer variables
/// `ints`, for more conflicts); returns the explanations given by the instance's
/// constraints, per constraint index, and the solutions found.
fn audit(inst: &Instance, ints: usize) -> AuditRun {
    let mut m = Model::new();
    let x: Vec<VarId> = inst.domains.iter().map(|d| m.new_var(d.clone()).unwrap()).collect();
    for s in &inst.specs {
        s.post(&mut m, &x);
    }
    let z = m.new_var(-64..=64).unwrap();
    let terms: Vec<(Value, VarId)> = x[..ints].iter().map(|&v| (1, v)).chain([(-1, z)]).collect();
    m.post(Linear::new(terms, Comparison::Equal, 0)).unwrap();
    let mut audited = Vec::new();
    let mut found = BTreeSet::new();
    for optimise in [false, true] {
        let mut solver = m.clone().into_solver();
        solver.set_learning(true);
        solver.set_explanation_audit(true);
        if optimise {
            let _ = solver.minimize(z);
        } else {
            for s in solver.solutions() {
                found.insert(x.iter().map(|&v| s[v]).collect::<Vec<_>>());
            }
        }
        audited.extend(
            solver
                .audited_explanations()
                .iter()
                .filter(|e| e.0.index() < inst.specs.len())
                .map(|e| (e.0.index(), e.clone())),
        );
    }
    (x, audited, found)
}

/// With these explanations and clause minimisation, every clause learned on the way to the
/// first solution (or to a proof of none) holds in every solution.
pub(crate) fn learned_clauses_hold(inst: &Instance) -> Result<(), TestCaseError> {
    let expected = brute_force_by(&inst.domains, |v| inst.specs.iter().all(|s| s.holds(v)));
    let mut m = Model::new();
    let x: Vec<VarId> = inst.domains.iter().map(|d| m.new_var(d.clone()).unwrap()).collect();
    for s in &inst.specs {
        s.post(&mut m, &x);
    }
    let mut solver = m.into_solver();
    solver.set_learning(true);
    let found = solver.solve().solution().map(|s| x.iter().map(|&v| s[v]).collect::<Vec<_>>());
    prop_assert_eq!(found.is_none(), expected.is_empty());
    prop_assert!(found.is_none_or(|f| expected.contains(&f)));
    prop_assert_eq!(clauses_hold(&solver.learned_clauses(), &x, &expected), Ok(()));
    Ok(())
}

/// The audited search finds every solution, and every explanation that the instance's
/// constraints give implies what it explains.
pub(crate) fn explanations_hold(inst: &Instance) -> Result<(), TestCaseError> {
    let (x, audited, found) = audit(inst, inst.ints);
    let expected = brute_force_by(&inst.domains, |v| inst.specs.iter().all(|s| s.holds(v)));
    prop_assert_eq!(&found, &expected);
    let mut seen = BTreeSet::new();
    for (c, (_, target, reasons)) in &audited {
        if !seen.insert(format!("{c} {target:?} {reasons:?}")) {
            continue;
        }
        prop_assert_eq!(explanation_holds(inst, &inst.specs[*c], &x, target, reasons), Ok(()));
    }
    Ok(())
}

/// The audited search (every solution, no objective) on an instance too wide to brute-force
/// whole: every solution found satisfies every constraint, and every explanation that the
/// instance's constraints give implies what it explains (by brute force over the constraint's
/// variables only).
pub(crate) fn scoped_explanations_hold(inst: &Instance) -> Result<(), TestCaseError> {
    let (x, audited, found) = audit(inst, 0);
    for s in &found {
        prop_assert!(inst.specs.iter().all(|c| c.holds(s)), "{s:?} violates a constraint");
    }
    let mut seen = BTreeSet::new();
    for (c, (_, target, reasons)) in &audited {
        if !seen.insert(format!("{c} {target:?} {reasons:?}")) {
            continue;
        }
        prop_assert_eq!(explanation_holds(inst, &inst.specs[*c], &x, target, reasons), Ok(()));
    }
    Ok(())
}

/// Each instance, named for its kind and made to conflict, gets only precise explanations,
/// and at least one from its first constraint (so that the property tests are not vacuous).
pub(crate) fn assert_each_kind_explained(kinds: Vec<(&str, Instance)>) {
    for (kind, inst) in kinds {
        let (x, audited, _) = audit(&inst, inst.ints);
        let mut kinds_seen = std::collections::HashSet::new();
        for (c, (_, target, reasons)) in &audited {
            assert_eq!(explanation_holds(&inst, &inst.specs[*c], &x, target, reasons), Ok(()), "{kind}");
            kinds_seen.insert(std::mem::discriminant(&inst.specs[*c]));
        }
        assert!(
            kinds_seen.contains(&std::mem::discriminant(&inst.specs[0])),
            "{kind}: no precise explanation in {} audited",
            audited.len()
        );
    }
}

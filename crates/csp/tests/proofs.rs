//! Proof logging ([`Solver::set_proof`]), checked here independently of the solver and of
//! Pumpkin's checker: on random small models, every inference of the proof is sound for its
//! constraint (brute force over the constraint's scope), every nogood follows from its hinted
//! inferences by propagation over atomic constraints (the checker's reverse unit propagation),
//! every learned clause is a nogood of the proof, and the proof concludes what the search
//! answered (unsatisfiable, or the brute-force optimum as the objective's bound). A proof
//! changes nothing of the search.

use std::collections::{BTreeSet, HashMap};

mod common;

use common::{allowed, brute_force, for_each_assignment, instance, Instance};
use csp::constraints::{Binary, Comparison, Linear, NotEqual};
use csp::solve::{Optimum, Proof};
use csp::{Model, Outcome, Value, VarId};
use proptest::prelude::*;

/// An atomic constraint `[var op value]` (`op` one of `>=`, `<=`, `==`, `!=`).
type Atom = (usize, &'static str, i64);

/// A constraint of the test's model: its scope and its definition over all variables.
type Check = (Vec<usize>, Box<dyn Fn(&[Value]) -> bool>);

/// The model of `inst` (with the objective `z = sum c_i x_i` when `optimise`, over `-60..=60`,
/// which holds every value of the sum), and each constraint posted in order with its
/// definition (read from `inst`, not the solver).
fn build(inst: &Instance, optimise: bool) -> (Model, Vec<Check>, Option<VarId>) {
    let mut m = Model::new();
    let x: Vec<VarId> = inst.domains.iter().map(|d| m.new_var(d.clone()).unwrap()).collect();
    let mut checks: Vec<Check> = Vec::new();
    for &(a, b, o) in &inst.not_equal {
        m.post(NotEqual::with_offset(x[a], x[b], o)).unwrap();
        checks.push((vec![a, b], Box::new(move |v: &[Value]| v[a] != v[b] + o)));
    }
    for &(a, b, t) in &inst.relations {
        m.post(Binary::new(x[a], x[b], move |p, q| allowed(t, p, q))).unwrap();
        checks.push((vec![a, b], Box::new(move |v: &[Value]| allowed(t, v[a], v[b]))));
    }
    for (terms, rhs) in &inst.sums {
        m.post(Linear::new(terms.iter().map(|&(c, i)| (c, x[i])), Comparison::LessOrEqual, *rhs)).unwrap();
        let (terms, rhs) = (terms.clone(), *rhs);
        let scope = terms.iter().map(|&(_, i)| i).collect();
        checks.push((scope, Box::new(move |v: &[Value]| terms.iter().map(|&(c, i)| c * v[i]).sum::<Value>() <= rhs)));
    }
    let z = optimise.then(|| {
        let n = x.len();
        let z = m.new_var(-60..=60).unwrap();
        let terms: Vec<(Value, VarId)> =
            inst.objective.iter().zip(&x).map(|(&c, &v)| (c, v)).chain([(-1, z)]).collect();
        m.post(Linear::new(terms, Comparison::Equal, 0)).unwrap();
        let coeffs = inst.objective.clone();
        checks.push((
            (0..=n).collect(),
            Box::new(move |v: &[Value]| coeffs.iter().zip(v).map(|(c, x)| c * x).sum::<Value>() == v[n]),
        ));
        z
    });
    (m, checks, z)
}

/// A variable's domain as the checker sees it: bounds and holes.
#[derive(Clone, Debug)]
struct Dom {
    lo: i64,
    hi: i64,
    holes: BTreeSet<i64>,
}

/// Domains of the variables some atom constrained (the others are unbounded).
#[derive(Clone, Debug, Default)]
struct State(HashMap<usize, Dom>);

impl State {
    fn dom(&self, x: usize) -> Dom {
        self.0.get(&x).cloned().unwrap_or(Dom { lo: -1_000_000, hi: 1_000_000, holes: BTreeSet::new() })
    }

    fn is_true(&self, (x, op, v): Atom) -> bool {
        let d = self.dom(x);
        match op {
            ">=" => d.lo >= v,
            "<=" => d.hi <= v,
            "==" => d.lo == v && d.hi == v,
            _ => v < d.lo || v > d.hi || d.holes.contains(&v),
        }
    }

    /// Applies `a`: false when a domain empties.
    fn apply(&mut self, (x, op, v): Atom) -> bool {
        let mut d = self.dom(x);
        match op {
            ">=" => d.lo = d.lo.max(v),
            "<=" => d.hi = d.hi.min(v),
            "==" => {
                d.lo = d.lo.max(v);
                d.hi = d.hi.min(v);
            }
            _ => {
                d.holes.insert(v);
            }
        }
        while d.lo <= d.hi && d.holes.contains(&d.lo) {
            d.lo += 1;
        }
        while d.lo <= d.hi && d.holes.contains(&d.hi) {
            d.hi -= 1;
        }
        let ok = d.lo <= d.hi;
        self.0.insert(x, d);
        ok
    }

    /// The state of `atoms` (`None` if they are inconsistent).
    fn of(atoms: impl IntoIterator<Item = Atom>) -> Option<State> {
        let mut s = State::default();
        for a in atoms {
            if !s.apply(a) {
                return None;
            }
        }
        Some(s)
    }
}

fn negate((x, op, v): Atom) -> Atom {
    match op {
        ">=" => (x, "<=", v - 1),
        "<=" => (x, ">=", v + 1),
        "==" => (x, "!=", v),
        _ => (x, "==", v),
    }
}

/// One inference of the proof.
#[derive(Clone, Debug)]
struct Inference {
    premises: Vec<Atom>,
    consequent: Option<Atom>,
    by: Option<u32>,
    label: String,
}

/// What a checked proof shows.
#[derive(Debug, Default)]
struct Checked {
    /// Every nogood, in order.
    nogoods: Vec<Vec<Atom>>,
    /// The conclusion: `None` for none, `Some(None)` for unsatisfiable, else the bound atom.
    conclusion: Option<Option<Atom>>,
}

/// Checks `text` against the model (`checks`, the initial `domains` of every variable):
/// each inference sound, each nogood derived by its hints, the conclusion a nogood.
fn check_proof(text: &str, checks: &[Check], domains: &[Vec<Value>]) -> Result<Checked, String> {
    let m = checks.len() as u32;
    let mut atoms: HashMap<u32, Atom> = HashMap::new();
    let mut facts: HashMap<u32, Inference> = HashMap::new();
    let mut nogoods: HashMap<u32, Vec<Atom>> = HashMap::new();
    let mut out = Checked::default();
    let var = |name: &str| -> Result<usize, String> {
        name.strip_prefix("_x").and_then(|i| i.parse().ok()).ok_or(format!("unknown variable {name}"))
    };
    for (n, line) in text.lines().enumerate() {
        let n = n + 1;
        let words: Vec<&str> = line.split_whitespace().collect();
        let atom_of = |w: &str| -> Result<Atom, String> {
            let id: u32 = w.parse().map_err(|_| format!("line {n}: bad atom {w}"))?;
            atoms.get(&id).copied().ok_or(format!("line {n}: atom {id} undefined"))
        };
        match words.first().copied() {
            Some("a") => {
                let id: u32 = words[1].parse().unwrap();
                let x = var(words[2].trim_start_matches('['))?;
                let op = match words[3] {
                    ">=" => ">=",
                    "<=" => "<=",
                    "==" => "==",
                    "!=" => "!=",
                    o => return Err(format!("line {n}: bad comparison {o}")),
                };
                let v: i64 = words[4].trim_end_matches(']').parse().unwrap();
                atoms.insert(id, (x, op, v));
            }
            Some("i") => {
                let id: u32 = words[1].parse().unwrap();
                let zero = words.iter().skip(2).position(|&w| w == "0").ok_or(format!("line {n}: no 0"))? + 2;
                let premises = words[2..zero].iter().map(|w| atom_of(w)).collect::<Result<Vec<_>, _>>()?;
                let mut inf = Inference { premises, consequent: None, by: None, label: String::new() };
                for w in &words[zero + 1..] {
                    if let Some(c) = w.strip_prefix("c:") {
                        inf.by = Some(c.parse().unwrap());
                    } else if let Some(l) = w.strip_prefix("l:") {
                        inf.label = l.to_string();
                    } else {
                        inf.consequent = Some(atom_of(w)?);
                    }
                }
                check_inference(&inf, m, checks, domains, &nogoods).map_err(|e| format!("line {n} ({line}): {e}"))?;
                facts.insert(id, inf);
            }
            Some("n") => {
                let id: u32 = words[1].parse().unwrap();
                let zero = words.iter().skip(2).position(|&w| w == "0").ok_or(format!("line {n}: no 0"))? + 2;
                let nogood = words[2..zero].iter().map(|w| atom_of(w)).collect::<Result<Vec<_>, _>>()?;
                let mut derived = false;
                match State::of(nogood.iter().copied()) {
                    None => derived = true,
                    Some(mut s) => {
                        for w in &words[zero + 1..] {
                            let h: u32 = w.parse().unwrap();
                            let f = facts.get(&h).ok_or(format!("line {n}: hint {h} unknown"))?;
                            if !f.premises.iter().all(|&p| s.is_true(p)) {
                                continue;
                            }
                            match f.consequent {
                                None => derived = true,
                                Some(c) => derived = !s.apply(c),
                            }
                            if derived {
                                break;
                            }
                        }
                    }
                }
                if !derived {
                    return Err(format!("line {n}: nogood {id} does not follow from its hints"));
                }
                facts.clear();
                out.nogoods.push(nogood.clone());
                nogoods.insert(id, nogood);
            }
            Some("c") => {
                let claim = if words[1] == "UNSAT" { None } else { Some(atom_of(words[1])?) };
                let expected: Vec<Atom> = claim.map(negate).into_iter().collect();
                if !out.nogoods.contains(&expected) {
                    return Err(format!("line {n}: conclusion {claim:?} is not a nogood"));
                }
                out.conclusion = Some(claim);
            }
            _ => return Err(format!("line {n}: unknown step {line}")),
        }
    }
    Ok(out)
}

fn check_inference(
    inf: &Inference,
    m: u32,
    checks: &[Check],
    domains: &[Vec<Value>],
    nogoods: &HashMap<u32, Vec<Atom>>,
) -> Result<(), String> {
    if inf.label == "initial_domain" {
        let (x, op, v) = inf.consequent.ok_or("an initial domain without an atom")?;
        let ok = domains[x].iter().all(|&d| State::of([(x, "==", i64::from(d))]).unwrap().is_true((x, op, v)));
        return if ok && inf.premises.is_empty() { Ok(()) } else { Err("not an initial domain".into()) };
    }
    let state =
        State::of(inf.premises.iter().copied().chain(inf.consequent.map(negate))).ok_or("inconsistent premises")?;
    let by = inf.by.ok_or("no constraint")?;
    if inf.label == "nogood" {
        let g = nogoods.get(&by).ok_or("not a nogood")?;
        return if g.iter().all(|&a| state.is_true(a)) {
            Ok(())
        } else {
            Err("the nogood does not propagate it".into())
        };
    }
    if by == 0 || by > m {
        return Err(format!("constraint {by} is not in the model"));
    }
    let (scope, holds) = &checks[by as usize - 1];
    // Brute force over the scope's values the state allows.
    let allowed: Vec<Vec<Value>> = scope
        .iter()
        .map(|&x| {
            domains[x]
                .iter()
                .copied()
                .filter(|&v| {
                    let d = state.dom(x);
                    i64::from(v) >= d.lo && i64::from(v) <= d.hi && !d.holes.contains(&i64::from(v))
                })
                .collect()
        })
        .collect();
    let mut full: Vec<Value> = vec![0; domains.len()];
    let mut support = false;
    for_each_assignment(&allowed, |v| {
        for (k, &x) in scope.iter().enumerate() {
            full[x] = v[k];
        }
        support |= holds(&full);
    });
    if support {
        Err("unsound: the constraint has a solution there".into())
    } else {
        Ok(())
    }
}

/// Whether the learned clause `clause` is the nogood `g` (apart from the bound atom): per
/// variable, the values the clause allows are those the nogood's atoms exclude.
fn same_clause(clause: &[(VarId, Vec<Value>)], g: &[Atom], bound: Option<Atom>, domains: &[Vec<Value>]) -> bool {
    let vars: BTreeSet<usize> = clause.iter().map(|(x, _)| x.index()).chain(g.iter().map(|a| a.0)).collect();
    let g: Vec<Atom> = g.iter().copied().filter(|&a| Some(a) != bound).collect();
    vars.iter().all(|&x| {
        let allowed: BTreeSet<Value> =
            clause.iter().filter(|(y, _)| y.index() == x).flat_map(|(_, vs)| vs.iter().copied()).collect();
        let excluded: BTreeSet<Value> = domains[x]
            .iter()
            .copied()
            .filter(|&v| {
                let s = State::of([(x, "==", i64::from(v))]).unwrap();
                let on_x: Vec<&Atom> = g.iter().filter(|a| a.0 == x).collect();
                !on_x.is_empty() && on_x.iter().all(|&&a| s.is_true(a))
            })
            .collect();
        let expected: BTreeSet<Value> = domains[x].iter().copied().filter(|v| !excluded.contains(v)).collect();
        allowed == expected || (allowed.is_empty() && excluded.is_empty())
    })
}

fn proof_text(proof: Proof) -> String {
    String::from_utf8(proof.finish().unwrap()).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn a_proof_checks_and_concludes_unsatisfiability(inst in instance(4..=7)) {
        let solutions = brute_force(&inst);
        let (model, checks, _) = build(&inst, false);
        let mut solver = model.into_solver();
        solver.set_learning(true);
        solver.set_proof(Some(Proof::in_memory()));
        let outcome = solver.solve();
        let proof = solver.take_proof().unwrap();
        prop_assert_eq!(proof.gaps(), 0);
        let concluded = proof.is_concluded();
        let text = proof_text(proof);
        let checked = check_proof(&text, &checks, &inst.domains).map_err(TestCaseError::fail)?;
        if solutions.is_empty() {
            prop_assert_eq!(outcome, Outcome::Unsatisfiable);
            prop_assert!(concluded);
            prop_assert_eq!(checked.conclusion, Some(None), "{}", text);
        } else {
            prop_assert!(matches!(outcome, Outcome::Solved(_)));
            prop_assert_eq!(checked.conclusion, None);
        }
        let mut domains = inst.domains.clone();
        domains.push(Vec::new());
        for clause in solver.learned_clauses() {
            prop_assert!(
                checked.nogoods.iter().any(|g| same_clause(&clause, g, None, &domains)),
                "learned clause {:?} is no nogood of the proof:\n{}", clause, text
            );
        }
    }

    #[test]
    fn a_proof_checks_and_concludes_the_optimum(inst in instance(4..=6)) {
        let solutions = brute_force(&inst);
        let (model, checks, z) = build(&inst, true);
        let z = z.unwrap();
        let mut domains = inst.domains.clone();
        domains.push((-60..=60).collect());
        let mut solver = model.into_solver();
        solver.set_learning(true);
        solver.set_proof(Some(Proof::in_memory()));
        let optimum = solver.minimize(z);
        let proof = solver.take_proof().unwrap();
        prop_assert_eq!(proof.gaps(), 0);
        let text = proof_text(proof);
        let checked = check_proof(&text, &checks, &domains).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        let best = solutions.iter().map(|v| inst.objective.iter().zip(v).map(|(c, x)| c * x).sum::<Value>()).min();
        match (optimum, best) {
            (Optimum::Optimal(s), Some(b)) => {
                prop_assert_eq!(s[z], b);
                prop_assert_eq!(checked.conclusion, Some(Some((z.index(), ">=", i64::from(b)))), "{}", text);
            }
            (Optimum::Unsatisfiable, None) => prop_assert_eq!(checked.conclusion, Some(None)),
            (o, b) => prop_assert!(false, "search {o:?}, brute force {b:?}"),
        }
    }

    #[test]
    fn a_proof_changes_nothing_of_the_search(inst in instance(5..=7)) {
        let run = |proof: bool| {
            let (model, _, _) = build(&inst, false);
            let mut solver = model.into_solver();
            solver.set_learning(true);
            if proof {
                solver.set_proof(Some(Proof::in_memory()));
            }
            let outcome = solver.solve();
            (outcome, solver.stats().nodes, solver.stats().failures, solver.learned_clauses())
        };
        prop_assert_eq!(run(false), run(true));
    }
}

/// A search long enough for the clause database to be reduced (its clauses renumbered, some
/// dropped, among them clauses that propagated at the root): the proof still checks. The
/// pigeonhole problem, 8 pigeons in 7 holes, as pairwise disequalities (some 5000 conflicts).
#[test]
fn a_proof_checks_through_reductions_of_the_clause_database() {
    let (pigeons, holes) = (8, 7);
    let inst = Instance {
        domains: vec![(0..holes).collect(); pigeons],
        not_equal: (0..pigeons).flat_map(|i| (i + 1..pigeons).map(move |j| (i, j, 0))).collect(),
        relations: Vec::new(),
        sums: Vec::new(),
        objective: Vec::new(),
    };
    let (model, checks, _) = build(&inst, false);
    let mut solver = model.into_solver();
    solver.set_learning(true);
    solver.set_proof(Some(Proof::in_memory()));
    assert_eq!(solver.solve(), Outcome::Unsatisfiable);
    let learned = solver.stats().learned;
    assert!(solver.learned_clauses().len() < learned as usize, "{learned} learned: no reduction");
    let proof = solver.take_proof().unwrap();
    assert_eq!(proof.gaps(), 0);
    let text = proof_text(proof);
    let checked = check_proof(&text, &checks, &inst.domains).unwrap();
    assert_eq!(checked.conclusion, Some(None));
}

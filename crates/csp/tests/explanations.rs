//! Property tests of the precise explanations of lazy clause generation
//! ([`Constraint::explain`](csp::constraint::Constraint::explain)): on random small models of
//! element, all-different, clause, reified and plain linear constraints, offset equalities, binary relations,
//! predicates, tables (allowed and forbidden) and arithmetic (times, div, mod, min, max, abs) (with disequalities
//! around them for conflicts), a learning search that enumerates every solution asks, at each
//! conflict, every constraint change on the trail for its explanation; for each one given,
//! brute force over the constraint's variables shows that the constraint and the named facts
//! imply the change (or, for a failure, have no solution).

use std::collections::BTreeSet;

mod common;

use common::{brute_force_by, clauses_hold, for_each_assignment};
use csp::constraints::{
    AllDifferent, ArithOp, Arithmetic, Binary, Clause, Comparison, Cumulative, Diffn, Disjunctive, Element, Equal,
    Linear, NotEqual, Predicate, ReifiedLinear, Strength, Table,
};
use csp::{Model, Value, VarId};
use proptest::prelude::*;

/// A constraint of a random model, as data (variables by index).
#[derive(Clone, Debug)]
enum Spec {
    Element {
        index: usize,
        array: Vec<usize>,
        result: usize,
    },
    ElementConst {
        index: usize,
        values: Vec<Value>,
        result: usize,
    },
    AllDiff {
        vars: Vec<usize>,
        offsets: Vec<Value>,
        strength: u8,
    },
    Clause {
        pos: Vec<usize>,
        neg: Vec<usize>,
    },
    Reified {
        terms: Vec<(Value, usize)>,
        cmp: u8,
        rhs: Value,
        b: usize,
        half: bool,
        negated: bool,
    },
    Linear {
        terms: Vec<(Value, usize)>,
        cmp: u8,
        rhs: Value,
    },
    NotEqual(usize, usize),
    /// `x_a = x_b + offset`.
    Equal(usize, usize, Value),
    /// A binary relation: the pairs allowed as a bit table over values -1..5 x -1..5.
    Binary(usize, usize, u64),
    /// A predicate: the sum of the values is `k` modulo 3.
    Predicate(Vec<usize>, Value),
    /// The variables take one of the rows (`allowed`) or none of them.
    Table {
        vars: Vec<usize>,
        rows: Vec<Vec<Value>>,
        allowed: bool,
    },
    /// `z = op(x, y)`: op 0 times, 1 div, 2 mod, 3 min, 4 max, 5 abs (of x).
    Arith {
        op: u8,
        x: usize,
        y: usize,
        z: usize,
    },
    // Scheduling: cumulative, disjunctive, diffn.
    /// Tasks on a resource: durations, usages and capacity constant (`Const`) or variables;
    /// optional tasks with 0/1 presence variables.
    Cumulative {
        starts: Vec<usize>,
        durations: Vec<Size>,
        usages: Vec<Size>,
        capacity: Size,
        presence: Option<Vec<usize>>,
    },
    Disjunctive {
        starts: Vec<usize>,
        durations: Vec<Value>,
        strict: bool,
    },
    Diffn {
        x: Vec<usize>,
        y: Vec<usize>,
        dx: Vec<Size>,
        dy: Vec<Size>,
        strict: bool,
    },
}

/// A size of a scheduling constraint: a constant or a variable (all constants or all
/// variables in one constraint).
#[derive(Clone, Copy, Debug)]
enum Size {
    Const(Value),
    Var(usize),
}

impl Size {
    fn value(self, v: &[Value]) -> Value {
        match self {
            Size::Const(c) => c,
            Size::Var(i) => v[i],
        }
    }
}

/// The variables of sizes.
fn size_vars<'a>(sizes: impl IntoIterator<Item = &'a Size>) -> Vec<usize> {
    sizes.into_iter().filter_map(|s| if let Size::Var(i) = s { Some(*i) } else { None }).collect()
}

/// Whether tasks `[s_i, s_i + d_i)` using `r_i` never load the resource beyond `cap`, by
/// definition (the load only rises at starts); sizes non-negative.
fn cumulative_holds(s: &[Value], d: &[Value], r: &[Value], cap: Value) -> bool {
    if s.is_empty() {
        return true;
    }
    if cap < 0 || d.iter().chain(r).any(|&x| x < 0) {
        return false;
    }
    (0..s.len()).filter(|&j| d[j] > 0 && r[j] > 0).all(|j| {
        let load: Value = (0..s.len()).filter(|&i| s[i] <= s[j] && s[j] < s[i] + d[i]).map(|i| r[i]).sum();
        load <= cap
    })
}

/// Whether rectangles `(x_i, y_i, dx_i, dy_i)` never overlap, by definition.
fn diffn_holds(x: &[Value], y: &[Value], dx: &[Value], dy: &[Value], strict: bool) -> bool {
    let n = x.len();
    dx.iter().chain(dy).all(|&d| d >= 0)
        && (0..n).all(|i| {
            (i + 1..n).all(|j| {
                (!strict && [dx[i], dy[i], dx[j], dy[j]].contains(&0))
                    || x[i] + dx[i] <= x[j]
                    || x[j] + dx[j] <= x[i]
                    || y[i] + dy[i] <= y[j]
                    || y[j] + dy[j] <= y[i]
            })
        })
}

/// Whether the bit table `t` over values -1..5 allows `(a, b)`.
fn pair_allowed(t: u64, a: Value, b: Value) -> bool {
    t >> ((a + 1) * 6 + (b + 1)) & 1 == 1
}

/// `op(x, y)` by its definition (division and remainder truncate towards zero).
fn arith(op: u8, x: Value, y: Value) -> Option<Value> {
    match op % 6 {
        0 => x.checked_mul(y),
        1 => x.checked_div(y),
        2 => x.checked_rem(y),
        3 => Some(x.min(y)),
        4 => Some(x.max(y)),
        _ => x.checked_abs(),
    }
}

fn comparison(c: u8) -> Comparison {
    [Comparison::Equal, Comparison::LessOrEqual, Comparison::GreaterOrEqual, Comparison::NotEqual][c as usize % 4]
}

fn sum(terms: &[(Value, usize)], v: &[Value]) -> i64 {
    terms.iter().map(|&(a, i)| i64::from(a) * i64::from(v[i])).sum()
}

impl Spec {
    /// The variables it reads.
    fn scope(&self) -> Vec<usize> {
        let mut s = match self {
            Spec::Element { index, array, result } => [vec![*index, *result], array.clone()].concat(),
            Spec::ElementConst { index, result, .. } => vec![*index, *result],
            Spec::AllDiff { vars, .. } => vars.clone(),
            Spec::Clause { pos, neg } => [pos.clone(), neg.clone()].concat(),
            Spec::Reified { terms, b, .. } => terms.iter().map(|t| t.1).chain([*b]).collect(),
            Spec::Linear { terms, .. } => terms.iter().map(|t| t.1).collect(),
            Spec::NotEqual(a, b) | Spec::Equal(a, b, _) => vec![*a, *b],
            Spec::Table { vars, .. } | Spec::Predicate(vars, _) => vars.clone(),
            Spec::Binary(a, b, _) => vec![*a, *b],
            Spec::Arith { op, x, z, .. } if op % 6 == 5 => vec![*x, *z],
            Spec::Arith { x, y, z, .. } => vec![*x, *y, *z],
            Spec::Cumulative { starts, durations, usages, capacity, presence } => {
                let sizes = size_vars(durations.iter().chain(usages).chain([capacity]));
                [starts.clone(), sizes, presence.clone().unwrap_or_default()].concat()
            }
            Spec::Disjunctive { starts, .. } => starts.clone(),
            Spec::Diffn { x, y, dx, dy, .. } => [x.clone(), y.clone(), size_vars(dx.iter().chain(dy))].concat(),
        };
        s.sort_unstable();
        s.dedup();
        s
    }

    /// Whether a full assignment satisfies it, by its definition.
    fn holds(&self, v: &[Value]) -> bool {
        match self {
            Spec::Element { index, array, result } => {
                usize::try_from(v[*index]).ok().and_then(|i| array.get(i)).is_some_and(|&a| v[a] == v[*result])
            }
            Spec::ElementConst { index, values, result } => {
                usize::try_from(v[*index]).ok().and_then(|i| values.get(i)).is_some_and(|&c| c == v[*result])
            }
            Spec::AllDiff { vars, offsets, .. } => {
                let shifted: Vec<Value> = vars.iter().zip(offsets).map(|(&i, &o)| v[i] + o).collect();
                let set: BTreeSet<Value> = shifted.iter().copied().collect();
                set.len() == shifted.len()
            }
            Spec::Clause { pos, neg } => pos.iter().any(|&i| v[i] == 1) || neg.iter().any(|&i| v[i] == 0),
            Spec::Reified { terms, cmp, rhs, b, half, negated } => {
                let holds = comparison(*cmp).holds(sum(terms, v), i64::from(*rhs));
                let enforced = v[*b] == if *negated { 0 } else { 1 };
                if *half {
                    !enforced || holds
                } else {
                    enforced == holds
                }
            }
            Spec::Linear { terms, cmp, rhs } => comparison(*cmp).holds(sum(terms, v), i64::from(*rhs)),
            Spec::NotEqual(a, b) => v[*a] != v[*b],
            Spec::Equal(a, b, o) => v[*a] == v[*b] + o,
            Spec::Arith { op, x, y, z } => arith(*op, v[*x], v[*y]) == Some(v[*z]),
            Spec::Binary(a, b, t) => pair_allowed(*t, v[*a], v[*b]),
            Spec::Predicate(vars, k) => vars.iter().map(|&i| v[i]).sum::<Value>().rem_euclid(3) == *k,
            Spec::Table { vars, rows, allowed } => {
                let row: Vec<Value> = vars.iter().map(|&i| v[i]).collect();
                rows.contains(&row) == *allowed
            }
            Spec::Cumulative { starts, durations, usages, capacity, presence } => {
                let at = |i: &[usize]| i.iter().map(|&i| v[i]).collect::<Vec<_>>();
                let size = |s: &[Size]| s.iter().map(|s| s.value(v)).collect::<Vec<_>>();
                let (mut d, r) = (size(durations), size(usages));
                if let Some(p) = presence {
                    if p.iter().any(|&i| !matches!(v[i], 0 | 1)) || d.iter().chain(&r).any(|&x| x < 0) {
                        return false;
                    }
                    // An absent task takes no time.
                    d.iter_mut().zip(p).for_each(|(d, &i)| *d *= v[i]);
                }
                cumulative_holds(&at(starts), &d, &r, capacity.value(v))
            }
            Spec::Disjunctive { starts, durations: d, strict } => {
                let s: Vec<Value> = starts.iter().map(|&i| v[i]).collect();
                (0..s.len()).all(|i| {
                    (i + 1..s.len())
                        .all(|j| (!strict && (d[i] == 0 || d[j] == 0)) || s[i] + d[i] <= s[j] || s[j] + d[j] <= s[i])
                })
            }
            Spec::Diffn { x, y, dx, dy, strict } => {
                let at = |i: &[usize]| i.iter().map(|&i| v[i]).collect::<Vec<_>>();
                let size = |s: &[Size]| s.iter().map(|s| s.value(v)).collect::<Vec<_>>();
                diffn_holds(&at(x), &at(y), &size(dx), &size(dy), *strict)
            }
        }
    }

    fn post(&self, m: &mut Model, x: &[VarId]) {
        let terms = |t: &[(Value, usize)]| t.iter().map(|&(a, i)| (a, x[i])).collect::<Vec<_>>();
        let r = match self {
            Spec::Element { index, array, result } => {
                m.post(Element::new(x[*index], array.iter().map(|&i| x[i]).collect::<Vec<_>>(), x[*result]))
            }
            Spec::ElementConst { index, values, result } => {
                m.post(Element::constants(x[*index], values.clone(), x[*result]))
            }
            Spec::AllDiff { vars, offsets, strength } => {
                let s = [Strength::ForwardChecking, Strength::HiddenSingles, Strength::Gac][*strength as usize % 3];
                let vs: Vec<VarId> = vars.iter().map(|&i| x[i]).collect();
                m.post(AllDifferent::with_offsets(vs, offsets.clone()).with_strength(s))
            }
            Spec::Clause { pos, neg } => m.post(Clause::new(pos.iter().map(|&i| x[i]), neg.iter().map(|&i| x[i]))),
            Spec::Reified { terms: t, cmp, rhs, b, half, negated } => {
                let mut c = if *half {
                    ReifiedLinear::implied_by(terms(t), comparison(*cmp), *rhs, x[*b])
                } else {
                    ReifiedLinear::new(terms(t), comparison(*cmp), *rhs, x[*b])
                };
                if *negated {
                    c = c.negated();
                }
                m.post(c)
            }
            Spec::Linear { terms: t, cmp, rhs } => m.post(Linear::new(terms(t), comparison(*cmp), *rhs)),
            Spec::NotEqual(a, b) => m.post(NotEqual::new(x[*a], x[*b])),
            Spec::Equal(a, b, o) => m.post(Equal::with_offset(x[*a], x[*b], *o)),
            Spec::Binary(a, b, t) => {
                let t = *t;
                m.post(Binary::new(x[*a], x[*b], move |p, q| pair_allowed(t, p, q)))
            }
            Spec::Predicate(vars, k) => {
                let k = *k;
                let vs: Vec<VarId> = vars.iter().map(|&i| x[i]).collect();
                m.post(Predicate::new(vs, move |v| v.iter().sum::<Value>().rem_euclid(3) == k))
            }
            Spec::Table { vars, rows, allowed } => {
                let vs: Vec<VarId> = vars.iter().map(|&i| x[i]).collect();
                if *allowed {
                    m.post(Table::allowed(vs, rows))
                } else {
                    m.post(Table::forbidden(vs, rows))
                }
            }
            Spec::Arith { op, x: a, y: b, z: c } => {
                let ops = [ArithOp::Times, ArithOp::Div, ArithOp::Mod, ArithOp::Min, ArithOp::Max];
                match ops.get(*op as usize % 6) {
                    Some(&o) => m.post(Arithmetic::new(o, x[*a], x[*b], x[*c])),
                    None => m.post(Arithmetic::abs(x[*a], x[*c])),
                }
            }
            Spec::Cumulative { starts, durations, usages, capacity, presence } => {
                let vs = |i: &[usize]| i.iter().map(|&i| x[i]).collect::<Vec<_>>();
                let consts = |s: &[Size]| s.iter().map(|&s| if let Size::Const(c) = s { c } else { 0 }).collect();
                let vars = |s: &[Size]| s.iter().map(|&s| if let Size::Var(i) = s { x[i] } else { x[0] }).collect();
                let mut c = match capacity {
                    Size::Const(b) => Cumulative::new(vs(starts), consts(durations), consts(usages), *b),
                    Size::Var(b) => Cumulative::with_vars(vs(starts), vars(durations), vars(usages), x[*b]),
                };
                if let Some(p) = presence {
                    c = c.with_optional(vs(p));
                }
                m.post(c)
            }
            Spec::Disjunctive { starts, durations, strict } => {
                let vs: Vec<VarId> = starts.iter().map(|&i| x[i]).collect();
                if *strict {
                    m.post(Disjunctive::strict(vs, durations.clone()))
                } else {
                    m.post(Disjunctive::new(vs, durations.clone()))
                }
            }
            Spec::Diffn { x: xs, y: ys, dx, dy, strict } => {
                let vs = |i: &[usize]| i.iter().map(|&i| x[i]).collect::<Vec<_>>();
                match (dx.first(), dy.first()) {
                    (Some(Size::Var(_)), _) | (_, Some(Size::Var(_))) => {
                        let vars =
                            |s: &[Size]| s.iter().map(|&s| if let Size::Var(i) = s { x[i] } else { x[0] }).collect();
                        m.post(Diffn::with_vars(vs(xs), vs(ys), vars(dx), vars(dy), *strict))
                    }
                    _ => {
                        let consts =
                            |s: &[Size]| s.iter().map(|&s| if let Size::Const(c) = s { c } else { 0 }).collect();
                        if *strict {
                            m.post(Diffn::new(vs(xs), vs(ys), consts(dx), consts(dy)))
                        } else {
                            m.post(Diffn::non_strict(vs(xs), vs(ys), consts(dx), consts(dy)))
                        }
                    }
                }
            }
        };
        r.map(|_| ()).expect("a valid constraint");
    }
}

/// A random model: `n` integer variables (values -1..5) then `k` 0/1 variables.
#[derive(Clone, Debug)]
struct Instance {
    domains: Vec<Vec<Value>>,
    /// The integer variables come first.
    ints: usize,
    specs: Vec<Spec>,
}

fn instance() -> impl Strategy<Value = Instance> {
    (4usize..=6, 2usize..=4).prop_flat_map(|(n, k)| {
        let ints = proptest::collection::vec(proptest::collection::btree_set(-1i32..5, 2..=4), n);
        let bools = proptest::collection::vec(prop_oneof![6 => Just(vec![0, 1]), 1 => Just(vec![0]), 1 => Just(vec![1])], k);
        let int = 0..n;
        let boolean = n..n + k;
        let coeff = prop_oneof![-2i32..=-1, 1i32..=2];
        let spec = prop_oneof![
            3 => (int.clone(), proptest::collection::vec(int.clone(), 1..=4), int.clone())
                .prop_map(|(index, array, result)| Spec::Element { index, array, result }),
            2 => (int.clone(), proptest::collection::vec(-1i32..5, 1..=5), int.clone())
                .prop_map(|(index, values, result)| Spec::ElementConst { index, values, result }),
            3 => (proptest::collection::btree_set(int.clone(), 2..=n), proptest::collection::vec(-1i32..=1, n), 0u8..3)
                .prop_map(|(vars, offs, strength)| {
                    let vars: Vec<usize> = vars.into_iter().collect();
                    let offsets = offs[..vars.len()].to_vec();
                    Spec::AllDiff { vars, offsets, strength }
                }),
            3 => (proptest::collection::vec(boolean.clone(), 0..=3), proptest::collection::vec(boolean.clone(), 0..=3))
                .prop_map(|(pos, neg)| Spec::Clause { pos, neg }),
            3 => (proptest::collection::vec((coeff.clone(), int.clone()), 1..=3), 0u8..4, -4i32..=6, boolean.clone(), any::<bool>(), any::<bool>())
                .prop_map(|(terms, cmp, rhs, b, half, negated)| Spec::Reified { terms, cmp, rhs, b, half, negated }),
            2 => (proptest::collection::vec((coeff, int.clone()), 1..=3), 0u8..4, -4i32..=6)
                .prop_map(|(terms, cmp, rhs)| Spec::Linear { terms, cmp, rhs }),
            2 => (int.clone(), int.clone()).prop_map(|(a, b)| Spec::NotEqual(a, b)),
            2 => (int.clone(), int.clone(), -1i32..=1).prop_map(|(a, b, o)| Spec::Equal(a, b, o)),
            3 => (0u8..6, int.clone(), int.clone(), int.clone()).prop_map(|(op, x, y, z)| Spec::Arith { op, x, y, z }),
            2 => (int.clone(), int.clone(), any::<u64>()).prop_map(|(a, b, t)| Spec::Binary(a, b, t)),
            2 => (proptest::collection::vec(int.clone(), 1..=3), 0i32..3).prop_map(|(vars, k)| Spec::Predicate(vars, k)),
            3 => (proptest::collection::btree_set(int, 2..=3), proptest::collection::vec(proptest::collection::vec(-1i32..5, 3), 1..=12), any::<bool>())
                .prop_map(|(vars, rows, allowed)| {
                    let vars: Vec<usize> = vars.into_iter().collect();
                    let rows = rows.into_iter().map(|r| r[..vars.len()].to_vec()).collect();
                    Spec::Table { vars, rows, allowed }
                }),
        ];
        (ints, bools, proptest::collection::vec(spec, 3..=9)).prop_map(move |(ints, bools, specs)| {
            let domains: Vec<Vec<Value>> = ints.into_iter().map(|d| d.into_iter().collect()).chain(bools).collect();
            // A table's rows within the initial domains (the engine refuses others).
            let specs = specs
                .into_iter()
                .map(|s| match s {
                    Spec::Table { vars, rows, allowed } => {
                        let rows = rows
                            .into_iter()
                            .filter(|r| r.iter().zip(&vars).all(|(v, &i)| domains[i].contains(v)))
                            .collect();
                        Spec::Table { vars, rows, allowed }
                    }
                    s => s,
                })
                .collect();
            Instance { domains, ints: n, specs }
        })
    })
}

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

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, ..ProptestConfig::default() })]

    /// With these explanations and clause minimisation, every clause learned on the way to
    /// the first solution (or to a proof of none) holds in every solution.
    #[test]
    fn learned_clauses_are_implied_by_the_model(inst in instance()) {
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
    }

    #[test]
    fn explanations_imply_what_they_explain(inst in instance()) {
        let (x, audited, found) = audit(&inst, inst.ints);
        let expected = brute_force_by(&inst.domains, |v| inst.specs.iter().all(|s| s.holds(v)));
        prop_assert_eq!(&found, &expected);
        let mut seen = BTreeSet::new();
        for (c, (_, target, reasons)) in &audited {
            if !seen.insert(format!("{c} {target:?} {reasons:?}")) {
                continue;
            }
            prop_assert_eq!(explanation_holds(&inst, &inst.specs[*c], &x, target, reasons), Ok(()));
        }
    }
}

/// The test above can fail: each kind of constraint gives precise explanations on models
/// made to conflict (so that it is not vacuous).
#[test]
fn each_kind_is_explained_precisely() {
    let kinds: Vec<(&str, Instance)> = vec![
        (
            "element",
            Instance {
                ints: 0,
                domains: vec![vec![0, 1, 2], vec![1, 2, 3], vec![1, 2], vec![2, 3], vec![1, 3]],
                // The result differs from every entry: no solution.
                specs: vec![
                    Spec::Element { index: 0, array: vec![2, 3, 4], result: 1 },
                    Spec::NotEqual(1, 2),
                    Spec::NotEqual(1, 3),
                    Spec::NotEqual(1, 4),
                ],
            },
        ),
        (
            "all_different",
            Instance {
                ints: 0,
                domains: vec![vec![0, 1, 2, 3]; 5],
                specs: vec![Spec::AllDiff { vars: vec![0, 1, 2, 3, 4], offsets: vec![0; 5], strength: 0 }],
            },
        ),
        (
            "clause",
            Instance {
                ints: 0,
                domains: vec![vec![0, 1]; 4],
                // x0 or x1, each implies x2, which implies x3 and not x3: no solution.
                specs: vec![
                    Spec::Clause { pos: vec![0, 1], neg: vec![] },
                    Spec::Clause { pos: vec![2], neg: vec![0] },
                    Spec::Clause { pos: vec![2], neg: vec![1] },
                    Spec::Clause { pos: vec![3], neg: vec![2] },
                    Spec::Clause { pos: vec![], neg: vec![2, 3] },
                ],
            },
        ),
        (
            "reified_linear",
            Instance {
                ints: 0,
                domains: vec![vec![0, 1, 2, 3], vec![0, 1, 2, 3], vec![0, 1], vec![0, 1]],
                specs: vec![
                    Spec::Reified { terms: vec![(1, 0), (1, 1)], cmp: 1, rhs: 2, b: 2, half: false, negated: false },
                    Spec::Reified { terms: vec![(1, 0), (-1, 1)], cmp: 0, rhs: 1, b: 3, half: false, negated: false },
                    Spec::Clause { pos: vec![2, 3], neg: vec![] },
                    Spec::NotEqual(0, 1),
                ],
            },
        ),
    ];
    for (kind, inst) in kinds {
        let (x, audited, _) = audit(&inst, 0);
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

// Scheduling: cumulative, disjunctive and diffn, on models of their own (start times and
// sizes in small ranges, with a few disequalities and sums around them for conflicts).

/// A random scheduling model: `n` integer variables (values -1..5, often ranges) then `k`
/// 0/1 variables; one to three scheduling constraints and up to three others.
fn scheduling_instance() -> impl Strategy<Value = Instance> {
    (4usize..=6, 1usize..=3).prop_flat_map(|(n, k)| {
        let range = (-1i32..4, 1i32..=4).prop_map(|(lo, len)| (lo..=(lo + len).min(5)).collect::<Vec<_>>());
        let set = proptest::collection::btree_set(-1i32..6, 2..=4).prop_map(|s| s.into_iter().collect::<Vec<_>>());
        let ints = proptest::collection::vec(prop_oneof![2 => range, 1 => set], n);
        let bools = proptest::collection::vec(prop_oneof![6 => Just(vec![0, 1]), 1 => Just(vec![1])], k);
        let int = 0..n;
        let boolean = n..n + k;
        let tasks =
            proptest::collection::btree_set(int.clone(), 2..=n.min(4)).prop_map(|s| s.into_iter().collect::<Vec<_>>());
        let sizes = proptest::collection::vec(0i32..=3, 4);
        let var_sizes = proptest::collection::vec(int.clone(), 9);
        let cumulative = (
            tasks.clone(),
            sizes.clone(),
            sizes.clone(),
            0i32..=4,
            proptest::option::weighted(0.3, proptest::collection::vec(boolean.clone(), 4)),
            proptest::option::weighted(0.3, var_sizes.clone()),
        )
            .prop_map(|(starts, d, r, cap, presence, vars)| {
                let m = starts.len();
                let (durations, usages, capacity) = match vars {
                    Some(v) => (
                        v[..m].iter().map(|&i| Size::Var(i)).collect(),
                        v[4..4 + m].iter().map(|&i| Size::Var(i)).collect(),
                        Size::Var(v[8]),
                    ),
                    None => (
                        d[..m].iter().map(|&c| Size::Const(c)).collect(),
                        r[..m].iter().map(|&c| Size::Const(c)).collect(),
                        Size::Const(cap),
                    ),
                };
                let presence = presence.map(|p| p[..m].to_vec());
                Spec::Cumulative { starts, durations, usages, capacity, presence }
            });
        let disjunctive =
            (tasks, proptest::collection::vec(0i32..=3, 4), any::<bool>()).prop_map(|(starts, d, strict)| {
                let durations = d[..starts.len()].to_vec();
                Spec::Disjunctive { starts, durations, strict }
            });
        let diffn = (
            proptest::collection::btree_set(int.clone(), 4..=n.min(6)).prop_shuffle_vec(),
            sizes.clone(),
            sizes,
            proptest::option::weighted(0.3, var_sizes),
            any::<bool>(),
        )
            .prop_map(|(origins, dx, dy, vars, strict)| {
                let m = origins.len() / 2;
                let (x, y) = (origins[..m].to_vec(), origins[m..2 * m].to_vec());
                let (dx, dy) = match vars {
                    Some(v) => (
                        v[..m].iter().map(|&i| Size::Var(i)).collect(),
                        v[4..4 + m].iter().map(|&i| Size::Var(i)).collect(),
                    ),
                    None => (
                        dx[..m].iter().map(|&c| Size::Const(c)).collect(),
                        dy[..m].iter().map(|&c| Size::Const(c)).collect(),
                    ),
                };
                Spec::Diffn { x, y, dx, dy, strict }
            });
        let scheduling = prop_oneof![3 => cumulative, 2 => disjunctive, 2 => diffn];
        let other = prop_oneof![
            (int.clone(), int.clone()).prop_map(|(a, b)| Spec::NotEqual(a, b)),
            (proptest::collection::vec((prop_oneof![-1i32..=-1, 1i32..=1], int), 2..=3), 0u8..3, 0i32..=8)
                .prop_map(|(terms, cmp, rhs)| Spec::Linear { terms, cmp, rhs }),
        ];
        (ints, bools, proptest::collection::vec(scheduling, 1..=3), proptest::collection::vec(other, 0..=3)).prop_map(
            move |(ints, bools, mut specs, others)| {
                let domains: Vec<Vec<Value>> = ints.into_iter().chain(bools).collect();
                specs.extend(others);
                Instance { domains, ints: n, specs }
            },
        )
    })
}

/// A shuffled vector of a set's elements.
trait ShuffleVec {
    fn prop_shuffle_vec(self) -> BoxedStrategy<Vec<usize>>;
}

impl<S: Strategy<Value = BTreeSet<usize>> + 'static> ShuffleVec for S {
    fn prop_shuffle_vec(self) -> BoxedStrategy<Vec<usize>> {
        self.prop_map(|s| s.into_iter().collect::<Vec<_>>()).prop_shuffle().boxed()
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 800, ..ProptestConfig::default() })]

    /// Every clause learned on a scheduling model (to the first solution or a proof of
    /// none) holds in every solution.
    #[test]
    fn scheduling_learned_clauses_are_implied_by_the_model(inst in scheduling_instance()) {
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
    }

    /// Every explanation a scheduling constraint gives implies its change (brute force over
    /// the constraint's variables).
    #[test]
    fn scheduling_explanations_imply_what_they_explain(inst in scheduling_instance()) {
        let (x, audited, found) = audit(&inst, inst.ints);
        let expected = brute_force_by(&inst.domains, |v| inst.specs.iter().all(|s| s.holds(v)));
        prop_assert_eq!(&found, &expected);
        let mut seen = BTreeSet::new();
        for (c, (_, target, reasons)) in &audited {
            if !seen.insert(format!("{c} {target:?} {reasons:?}")) {
                continue;
            }
            prop_assert_eq!(explanation_holds(&inst, &inst.specs[*c], &x, target, reasons), Ok(()));
        }
    }
}

/// The scheduling tests above can fail: each kind gives precise explanations on models made
/// to conflict.
#[test]
fn each_scheduling_kind_is_explained_precisely() {
    let c = Size::Const;
    let kinds: Vec<(&str, Instance)> = vec![
        (
            "cumulative",
            Instance {
                ints: 0,
                domains: vec![(0..=4).collect(); 4],
                // Four tasks of 2 on a capacity-2 resource in 0..6 with usages 1, 1, 2, 2: full.
                specs: vec![Spec::Cumulative {
                    starts: vec![0, 1, 2, 3],
                    durations: vec![c(2); 4],
                    usages: vec![c(1), c(1), c(2), c(2)],
                    capacity: c(2),
                    presence: None,
                }],
            },
        ),
        (
            "disjunctive",
            Instance {
                ints: 0,
                domains: vec![(0..=4).collect(); 3],
                // Three tasks of 2 in 0..6 start at 0, 2 and 4, which do not sum to 7.
                specs: vec![
                    Spec::Disjunctive { starts: vec![0, 1, 2], durations: vec![2, 2, 2], strict: true },
                    Spec::Linear { terms: vec![(1, 0), (1, 1), (1, 2)], cmp: 0, rhs: 7 },
                ],
            },
        ),
        (
            "diffn",
            Instance {
                ints: 0,
                domains: vec![(0..=4).collect(), (0..=4).collect(), (0..=4).collect(), vec![0], vec![0], vec![0]],
                // Three 2x2 squares in a 6x2 strip are at 0, 2 and 4, which do not sum to 7.
                specs: vec![
                    Spec::Diffn {
                        x: vec![0, 1, 2],
                        y: vec![3, 4, 5],
                        dx: vec![c(2); 3],
                        dy: vec![c(2); 3],
                        strict: true,
                    },
                    Spec::Linear { terms: vec![(1, 0), (1, 1), (1, 2)], cmp: 0, rhs: 7 },
                ],
            },
        ),
    ];
    for (kind, inst) in kinds {
        let (x, audited, _) = audit(&inst, 0);
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

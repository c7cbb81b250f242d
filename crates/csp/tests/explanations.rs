//! Property tests of the precise explanations of lazy clause generation
//! ([`Constraint::explain`](csp::constraint::Constraint::explain)): on random small models of
//! element, all-different, clause, reified and plain linear constraints, offset equalities, binary relations,
//! predicates, tables (allowed and forbidden) and arithmetic (times, div, mod, min, max, abs) (with disequalities
//! around them for conflicts), a learning search that enumerates every solution asks, at each
//! conflict, every constraint change on the trail for its explanation; for each one given,
//! brute force over the constraint's variables shows that the constraint and the named facts
//! imply the change (or, for a failure, have no solution). The structural constraints
//! (circuit, regular, count, gcc, lex, inverse, bin packing, nvalue, increasing, value
//! precedence, set membership) have their own random models, with the same two checks.

use std::collections::BTreeSet;

mod common;

use common::{brute_force_by, clauses_hold, for_each_assignment};
use csp::constraints::{
    AllDifferent, ArithOp, Arithmetic, Binary, Clause, Comparison, Cumulative, Diffn, Disjunctive, Element, Equal,
    Linear, NotEqual, Predicate, ReifiedLinear, Strength, Table,
};
// ---- structural constraints ----
use csp::constraints::{
    BinPacking, Circuit, CountEq, GlobalCardinality, Increasing, Inverse, LexLess, MemberReif, NValue, Regular,
    ValuePrecede,
};
// ---- end of structural constraints ----
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
    // ---- structural constraints (circuit, regular, counting, lex, inverse, bin packing, ...) ----
    /// The successors form one circuit (or a subcircuit), nodes numbered from `offset`.
    Circuit {
        vars: Vec<usize>,
        sub: bool,
        offset: Value,
    },
    /// The values spell a word of the automaton `(from, symbol, to)` from state 0 to `accepting`.
    Regular {
        vars: Vec<usize>,
        transitions: Vec<(u32, Value, u32)>,
        accepting: Vec<u32>,
    },
    /// `count` of `vars` equal `value`.
    Count {
        vars: Vec<usize>,
        value: usize,
        count: usize,
    },
    /// `x <lex y` (`strict`) or `x <=lex y`.
    Lex {
        x: Vec<usize>,
        y: Vec<usize>,
        strict: bool,
    },
    /// Items of `weights` in `bins` (numbered from `first`), with the bins' `loads`.
    BinPacking {
        bins: Vec<usize>,
        loads: Vec<usize>,
        weights: Vec<Value>,
        first: Value,
    },
    /// The values increase (strictly if `strict`) along `vars`.
    Increasing {
        vars: Vec<usize>,
        strict: bool,
    },
    /// Value `s` occurs before any `t` in `vars`.
    ValuePrecede {
        s: Value,
        t: Value,
        vars: Vec<usize>,
    },
    /// `count` distinct values among `vars`.
    NValue {
        count: usize,
        vars: Vec<usize>,
    },
    /// `f[i] = j + base` iff `g[j] = i + base`.
    Inverse {
        f: Vec<usize>,
        g: Vec<usize>,
        base: Value,
    },
    /// `b <-> x in ranges`.
    Member {
        x: usize,
        b: usize,
        ranges: Vec<(Value, Value)>,
    },
    /// Each `values[j]` taken by `counts[j]` of `vars` (count variables), or by `low[j]..=up[j]`
    /// (no count variables); `closed`: no other value.
    Gcc {
        vars: Vec<usize>,
        values: Vec<Value>,
        counts: Vec<usize>,
        low: Vec<i64>,
        up: Vec<i64>,
        closed: bool,
    },
    // ---- end of structural constraints ----
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
            // ---- structural constraints ----
            Spec::Circuit { vars, .. } | Spec::Regular { vars, .. } => vars.clone(),
            Spec::Increasing { vars, .. } | Spec::ValuePrecede { vars, .. } => vars.clone(),
            Spec::NValue { count, vars } => vars.iter().copied().chain([*count]).collect(),
            Spec::Inverse { f, g, .. } => [f.clone(), g.clone()].concat(),
            Spec::Member { x, b, .. } => vec![*x, *b],
            Spec::Gcc { vars, counts, .. } => [vars.clone(), counts.clone()].concat(),
            Spec::Count { vars, value, count } => vars.iter().copied().chain([*value, *count]).collect(),
            Spec::Lex { x, y, .. } => [x.clone(), y.clone()].concat(),
            Spec::BinPacking { bins, loads, .. } => [bins.clone(), loads.clone()].concat(),
            // ---- end of structural constraints ----
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
            // ---- structural constraints ----
            Spec::Circuit { vars, sub, offset } => {
                let next: Vec<i64> = vars.iter().map(|&i| i64::from(v[i]) - i64::from(*offset)).collect();
                is_circuit(&next, *sub)
            }
            Spec::Regular { vars, transitions, accepting } => {
                let mut q = Some(0u32);
                for &i in vars {
                    q = q.and_then(|q| transitions.iter().find(|t| t.0 == q && t.1 == v[i]).map(|t| t.2));
                }
                q.is_some_and(|q| accepting.contains(&q))
            }
            Spec::Count { vars, value, count } => {
                vars.iter().filter(|&&i| v[i] == v[*value]).count() as i64 == i64::from(v[*count])
            }
            Spec::BinPacking { bins, loads, weights, first } => {
                let mut load = vec![0; loads.len()];
                for (&i, &w) in bins.iter().zip(weights) {
                    match usize::try_from(v[i] - first).ok().filter(|&b| b < loads.len()) {
                        Some(b) => load[b] += w,
                        None => return false,
                    }
                }
                loads.iter().zip(&load).all(|(&l, &w)| v[l] == w)
            }
            Spec::Gcc { vars, values, counts, low, up, closed } => {
                let taken = |u: Value| vars.iter().filter(|&&i| v[i] == u).count() as i64;
                (!*closed || vars.iter().all(|&i| values.contains(&v[i])))
                    && values.iter().enumerate().all(|(j, &u)| match counts.get(j) {
                        Some(&c) => taken(u) == i64::from(v[c]),
                        None => (low[j]..=up[j]).contains(&taken(u)),
                    })
            }
            Spec::Member { x, b, ranges } => ranges.iter().any(|&(a, c)| (a..=c).contains(&v[*x])) == (v[*b] == 1),
            Spec::Inverse { f, g, base } => {
                let at =
                    |arr: &[usize], u: Value| usize::try_from(u - base).ok().and_then(|j| arr.get(j)).map(|&i| v[i]);
                f.iter().enumerate().all(|(i, &fi)| at(g, v[fi]) == Some(i as Value + base))
                    && g.iter().enumerate().all(|(j, &gj)| at(f, v[gj]) == Some(j as Value + base))
            }
            Spec::NValue { count, vars } => {
                let set: BTreeSet<Value> = vars.iter().map(|&i| v[i]).collect();
                set.len() as i64 == i64::from(v[*count])
            }
            Spec::Increasing { vars, strict } => {
                vars.windows(2).all(|w| if *strict { v[w[0]] < v[w[1]] } else { v[w[0]] <= v[w[1]] })
            }
            Spec::ValuePrecede { s, t, vars } => {
                vars.iter().map(|&i| v[i]).find(|&u| u == *s || u == *t).is_none_or(|u| u == *s && s != t)
            }
            Spec::Lex { x, y, strict } => {
                let (a, b): (Vec<Value>, Vec<Value>) =
                    (x.iter().map(|&i| v[i]).collect(), y.iter().map(|&i| v[i]).collect());
                if *strict {
                    a < b
                } else {
                    a <= b
                }
            } // ---- end of structural constraints ----
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
            // ---- structural constraints ----
            Spec::Circuit { vars, sub, offset } => {
                let vs: Vec<VarId> = vars.iter().map(|&i| x[i]).collect();
                let c = if *sub { Circuit::subcircuit(vs) } else { Circuit::new(vs) };
                m.post(c.with_offset(*offset))
            }
            Spec::Regular { vars, transitions, accepting } => {
                let vs: Vec<VarId> = vars.iter().map(|&i| x[i]).collect();
                m.post(Regular::new(vs, transitions.clone(), 0, accepting.clone()))
            }
            Spec::Count { vars, value, count } => {
                m.post(CountEq::new(vars.iter().map(|&i| x[i]).collect::<Vec<_>>(), x[*value], x[*count]))
            }
            Spec::BinPacking { bins, loads, weights, first } => {
                let (b, l): (Vec<VarId>, Vec<VarId>) =
                    (bins.iter().map(|&i| x[i]).collect(), loads.iter().map(|&i| x[i]).collect());
                m.post(BinPacking::new(l, b, weights.clone()).with_first_bin(*first))
            }
            Spec::Gcc { vars, values, counts, low, up, closed } => {
                let vs: Vec<VarId> = vars.iter().map(|&i| x[i]).collect();
                let mut g = if counts.is_empty() {
                    GlobalCardinality::with_bounds(vs, values.clone(), low.clone(), up.clone())
                } else {
                    GlobalCardinality::new(vs, values.clone(), counts.iter().map(|&i| x[i]).collect::<Vec<_>>())
                };
                if *closed {
                    g = g.closed();
                }
                m.post(g)
            }
            Spec::Member { x: a, b, ranges } => {
                m.post(MemberReif::new(x[*a], ranges.iter().map(|&(p, q)| p..=q), x[*b]))
            }
            Spec::Inverse { f, g, base } => {
                let (a, b): (Vec<VarId>, Vec<VarId>) =
                    (f.iter().map(|&i| x[i]).collect(), g.iter().map(|&i| x[i]).collect());
                m.post(Inverse::new(a, b).with_bases(*base, *base))
            }
            Spec::NValue { count, vars } => {
                m.post(NValue::new(x[*count], vars.iter().map(|&i| x[i]).collect::<Vec<_>>()))
            }
            Spec::Increasing { vars, strict } => {
                let vs: Vec<VarId> = vars.iter().map(|&i| x[i]).collect();
                m.post(if *strict { Increasing::strict(vs) } else { Increasing::new(vs) })
            }
            Spec::ValuePrecede { s, t, vars } => {
                m.post(ValuePrecede::new(*s, *t, vars.iter().map(|&i| x[i]).collect::<Vec<_>>()))
            }
            Spec::Lex { x: a, y: b, strict } => {
                let (a, b): (Vec<VarId>, Vec<VarId>) =
                    (a.iter().map(|&i| x[i]).collect(), b.iter().map(|&i| x[i]).collect());
                m.post(if *strict { LexLess::strict(a, b) } else { LexLess::or_equal(a, b) })
            } // ---- end of structural constraints ----
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

// ---- structural constraints (circuit, regular, counting, lex, inverse, bin packing, ...) ----

/// Whether the successors `next` (nodes `0..n`) form one circuit (or, `sub`, one cycle with
/// every other node its own successor), by following them.
fn is_circuit(next: &[i64], sub: bool) -> bool {
    let n = next.len();
    if next.iter().any(|&j| !(0..n as i64).contains(&j)) {
        return false;
    }
    let on: Vec<usize> = (0..n).filter(|&i| next[i] != i as i64).collect();
    if !sub && on.len() != n {
        return false;
    }
    let Some(&s) = on.first() else { return true };
    let (mut k, mut len) = (next[s] as usize, 1);
    while k != s && len <= n {
        if next[k] == k as i64 {
            return false;
        }
        k = next[k] as usize;
        len += 1;
    }
    k == s && len == on.len()
}

/// A random model of structural constraints (with disequalities and sums around them for
/// conflicts): `n` integer variables (values -1..5) then two 0/1 variables.
fn structured_instance() -> impl Strategy<Value = Instance> {
    (4usize..=6).prop_flat_map(|n| {
        let ints = proptest::collection::vec(proptest::collection::btree_set(-1i32..5, 3..=6), n);
        let bools = proptest::collection::vec(Just(vec![0, 1]), 2);
        let int = 0..n;
        let distinct = move |lo: usize| {
            proptest::collection::vec(any::<proptest::sample::Index>(), n).prop_flat_map(move |keys| {
                // A random order of the integer variables, then a prefix of at least `lo`.
                let mut order: Vec<usize> = (0..n).collect();
                order.sort_by_key(|&i| keys[i].index(1000));
                (lo..=n).prop_map(move |k| order[..k].to_vec())
            })
        };
        let structural = prop_oneof![
            3 => (distinct(3), any::<bool>(), -1i32..=0).prop_map(|(vars, sub, offset)| Spec::Circuit { vars, sub, offset }),
            3 => (
                distinct(2),
                proptest::collection::vec((0u32..4, -1i32..5, 0u32..4), 6..=24),
                proptest::collection::btree_set(0u32..4, 1..=3),
            )
                .prop_map(|(vars, raw, acc)| {
                    // Deterministic: the first transition per (state, symbol) stays.
                    let mut transitions: Vec<(u32, Value, u32)> = Vec::new();
                    for t in raw {
                        if !transitions.iter().any(|u| u.0 == t.0 && u.1 == t.1) {
                            transitions.push(t);
                        }
                    }
                    Spec::Regular { vars, transitions, accepting: acc.into_iter().collect() }
                }),
            3 => (distinct(4), any::<bool>()).prop_map(|(mut vars, fixed)| {
                // The last two as the value and the count; the value is often a constant.
                let count = vars.pop().unwrap_or(0);
                let value = vars.pop().unwrap_or(0);
                let _ = fixed;
                Spec::Count { vars, value, count }
            }),
            2 => (distinct(2), any::<bool>()).prop_map(|(vars, strict)| {
                // Two halves (a variable may not occur twice); an odd one out goes.
                let h = vars.len() / 2;
                Spec::Lex { x: vars[..h].to_vec(), y: vars[h..2 * h].to_vec(), strict }
            }),
            3 => (distinct(4), 2usize..=3, proptest::collection::vec(0i32..=3, 6), -1i32..=0).prop_map(|(vars, m, w, first)| {
                // The first `m` as loads, the others as items.
                let m = m.min(vars.len() - 2);
                let (loads, bins) = vars.split_at(m);
                Spec::BinPacking { bins: bins.to_vec(), loads: loads.to_vec(), weights: w[..bins.len()].to_vec(), first }
            }),
            2 => (distinct(2), any::<bool>()).prop_map(|(vars, strict)| Spec::Increasing { vars, strict }),
            2 => (distinct(2), 0i32..4, 0i32..4).prop_map(|(vars, s, t)| Spec::ValuePrecede { s, t, vars }),
            3 => (distinct(3), proptest::collection::btree_set(-1i32..5, 1..=3), proptest::collection::vec((0i64..=2, 0i64..=2), 3), any::<bool>(), any::<bool>())
                .prop_map(|(mut vars, values, bounds, with_counts, closed)| {
                    let values: Vec<Value> = values.into_iter().collect();
                    let k = values.len();
                    // Count variables from the end of `vars` when there are enough left.
                    let counts = if with_counts && vars.len() >= k + 2 { vars.split_off(vars.len() - k) } else { Vec::new() };
                    let low = bounds[..k].iter().map(|b| b.0.min(b.1)).collect();
                    let up = bounds[..k].iter().map(|b| b.0.max(b.1)).collect();
                    Spec::Gcc { vars, values, counts, low, up, closed }
                }),
            2 => (int.clone(), n..n + 2, proptest::collection::vec((-1i32..5, 0i32..3), 1..=2))
                .prop_map(|(x, b, r)| Spec::Member { x, b, ranges: r.into_iter().map(|(a, l)| (a, a + l)).collect() }),
            2 => (distinct(4), -1i32..=0).prop_map(|(vars, base)| {
                let h = vars.len() / 2;
                Spec::Inverse { f: vars[..h].to_vec(), g: vars[h..2 * h].to_vec(), base }
            }),
            2 => distinct(3).prop_map(|mut vars| {
                let count = vars.pop().unwrap_or(0);
                Spec::NValue { count, vars }
            }),
        ];
        let coeff = prop_oneof![-2i32..=-1, 1i32..=2];
        let other = prop_oneof![
            2 => (int.clone(), int.clone()).prop_map(|(a, b)| Spec::NotEqual(a, b)),
            1 => (proptest::collection::vec((coeff, int.clone()), 1..=3), 0u8..4, -4i32..=6)
                .prop_map(|(terms, cmp, rhs)| Spec::Linear { terms, cmp, rhs }),
            1 => (proptest::collection::vec(n..n + 2, 0..=2), proptest::collection::vec(n..n + 2, 0..=2))
                .prop_map(|(pos, neg)| Spec::Clause { pos, neg }),
        ];
        (ints, bools, proptest::collection::vec(structural, 1..=2), proptest::collection::vec(other, 0..=3)).prop_map(
            move |(ints, bools, mut specs, others)| {
                let mut domains: Vec<Vec<Value>> =
                    ints.into_iter().map(|d| d.into_iter().collect()).chain(bools).collect();
                // A count's value is often a constant (as in MiniZinc's `count_eq(x, 2, c)`).
                for s in &specs {
                    if let Spec::Count { value, .. } = s {
                        if value % 2 == 0 {
                            let d = &mut domains[*value];
                            *d = vec![d[d.len() / 2]];
                        }
                    }
                }
                specs.extend(others);
                Instance { domains, ints: n, specs }
            },
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 600, ..ProptestConfig::default() })]

    /// As `learned_clauses_are_implied_by_the_model`, on models of structural constraints.
    #[test]
    fn learned_clauses_of_structural_constraints_are_implied(inst in structured_instance()) {
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

    /// As `explanations_imply_what_they_explain`, on models of structural constraints.
    #[test]
    fn explanations_of_structural_constraints_imply_what_they_explain(inst in structured_instance()) {
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

/// Each structural kind gives precise explanations on a model made to conflict (so that the
/// tests above are not vacuous).
#[test]
fn each_structural_kind_is_explained_precisely() {
    let kinds: Vec<(&str, Instance)> = vec![
        (
            "circuit",
            Instance {
                ints: 0,
                domains: vec![vec![0, 1, 2, 3, 4]; 5],
                specs: vec![Spec::Circuit { vars: vec![0, 1, 2, 3, 4], sub: false, offset: 0 }],
            },
        ),
        (
            "subcircuit",
            Instance {
                ints: 0,
                domains: vec![vec![0, 1, 2, 3], vec![0, 1, 2, 3], vec![0, 1, 3], vec![0, 1, 2, 3], vec![0, 1]],
                specs: vec![
                    Spec::Circuit { vars: vec![0, 1, 2, 3], sub: true, offset: 0 },
                    Spec::NotEqual(0, 4),
                    Spec::NotEqual(1, 4),
                ],
            },
        ),
        (
            "regular",
            Instance {
                ints: 0,
                domains: vec![vec![0, 1, 2]; 5],
                // No two equal symbols in a row, and the word ends in state 2 (a 2).
                specs: vec![Spec::Regular {
                    vars: vec![0, 1, 2, 3, 4],
                    transitions: (0..3u32)
                        .flat_map(|q| {
                            (0..3i32).filter(move |&s| q == 0 || s as u32 + 1 != q).map(move |s| (q, s, s as u32 + 1))
                        })
                        .collect(),
                    accepting: vec![3],
                }],
            },
        ),
        (
            "count",
            Instance {
                ints: 0,
                domains: vec![vec![1, 2], vec![1, 2], vec![1, 2], vec![1, 2], vec![1], vec![1, 2]],
                // Exactly one 1 among four, and no two alike in pairs: forces conflicts.
                specs: vec![
                    Spec::Count { vars: vec![0, 1, 2, 3], value: 4, count: 5 },
                    Spec::NotEqual(0, 1),
                    Spec::NotEqual(2, 3),
                ],
            },
        ),
        (
            "lex",
            Instance {
                ints: 0,
                domains: vec![vec![0, 1]; 6],
                // (x0, x1, x2) <lex (x3, x4, x5) with every position different: x0 < x3.
                specs: vec![
                    Spec::Lex { x: vec![0, 1, 2], y: vec![3, 4, 5], strict: true },
                    Spec::NotEqual(1, 4),
                    Spec::NotEqual(2, 5),
                ],
            },
        ),
        (
            "bin_packing",
            Instance {
                ints: 0,
                domains: vec![vec![0, 1], vec![0, 1], vec![0, 1], vec![0, 1], vec![0, 1, 2, 3, 4], vec![0, 1, 2, 3, 4]],
                // Weights 3, 2, 2, 1 in two bins of at most 4: the 3 and the 1 share a bin.
                specs: vec![
                    Spec::BinPacking { bins: vec![0, 1, 2, 3], loads: vec![4, 5], weights: vec![3, 2, 2, 1], first: 0 },
                    Spec::NotEqual(1, 2),
                ],
            },
        ),
        (
            "increasing",
            Instance {
                ints: 0,
                domains: vec![vec![0, 1, 2], vec![0, 1, 2], vec![0, 1, 2], vec![0, 1, 2]],
                // Increasing and pairwise different neighbours: four values needed, three given.
                specs: vec![
                    Spec::Increasing { vars: vec![0, 1, 2, 3], strict: false },
                    Spec::NotEqual(0, 1),
                    Spec::NotEqual(1, 2),
                    Spec::NotEqual(2, 3),
                ],
            },
        ),
        (
            "value_precede",
            Instance {
                ints: 0,
                domains: vec![vec![0, 1, 2]; 4],
                // 1 before 2, and 1 nowhere but the last place: 2 nowhere.
                specs: vec![
                    Spec::ValuePrecede { s: 1, t: 2, vars: vec![0, 1, 2, 3] },
                    Spec::Increasing { vars: vec![0, 1, 2, 3], strict: false },
                ],
            },
        ),
        (
            "nvalue",
            Instance {
                ints: 0,
                domains: vec![vec![0, 1, 2], vec![0, 1, 2], vec![0, 1, 2], vec![1, 2]],
                // Two distinct values among three pairwise different variables.
                specs: vec![
                    Spec::NValue { count: 3, vars: vec![0, 1, 2] },
                    Spec::NotEqual(0, 1),
                    Spec::NotEqual(1, 2),
                    Spec::NotEqual(0, 2),
                ],
            },
        ),
        (
            "inverse",
            Instance {
                ints: 0,
                domains: vec![vec![0, 1, 2]; 6],
                // f and g inverse, f[0] != f[1] + 1 and so on: conflicts in search.
                specs: vec![
                    Spec::Inverse { f: vec![0, 1, 2], g: vec![3, 4, 5], base: 0 },
                    Spec::Equal(0, 3, 0),
                    Spec::NotEqual(1, 4),
                ],
            },
        ),
        (
            "member",
            Instance {
                ints: 0,
                domains: vec![vec![0, 1, 2, 3], vec![0, 1], vec![0, 1]],
                // b0 <-> x in 0..1, b1 <-> x in 1..2, b0 != b1 (as a clause pair), x != 3.
                specs: vec![
                    Spec::Member { x: 0, b: 1, ranges: vec![(0, 1)] },
                    Spec::Member { x: 0, b: 2, ranges: vec![(1, 2)] },
                    Spec::Clause { pos: vec![1, 2], neg: vec![] },
                    Spec::Clause { pos: vec![], neg: vec![1, 2] },
                    Spec::Clause { pos: vec![1, 2], neg: vec![] },
                ],
            },
        ),
        (
            "global_cardinality",
            Instance {
                ints: 0,
                domains: vec![vec![0, 1, 2]; 4],
                // 0 at most once, 1 exactly twice, 2 at least once; x0 != x1, x2 != x3.
                specs: vec![
                    Spec::Gcc {
                        vars: vec![0, 1, 2, 3],
                        values: vec![0, 1, 2],
                        counts: vec![],
                        low: vec![0, 2, 1],
                        up: vec![1, 2, 4],
                        closed: true,
                    },
                    Spec::NotEqual(0, 1),
                    Spec::NotEqual(2, 3),
                ],
            },
        ),
        (
            "not_equal",
            Instance {
                ints: 0,
                domains: vec![vec![0, 1]; 3],
                specs: vec![Spec::NotEqual(0, 1), Spec::NotEqual(1, 2), Spec::NotEqual(0, 2)],
            },
        ),
    ];
    for (kind, inst) in kinds {
        let (x, audited, _) = audit(&inst, inst.domains.len());
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

// ---- end of structural constraints ----

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

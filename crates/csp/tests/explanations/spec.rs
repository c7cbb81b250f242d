//! A constraint of a random model as data ([`Spec`]): the variables it reads, whether an
//! assignment satisfies it by its definition (independent of the solver), and how to post
//! it; and the random model itself ([`Instance`]).

use std::collections::BTreeSet;

use csp::constraints::{
    AllDifferent, AllDifferentExcept, Among, ArithOp, Arithmetic, BinPacking, Binary, Circuit, Clause, Comparison,
    CountEq, Cumulative, Diffn, Disjunctive, Element, ElementConsistency, Equal, GlobalCardinality, Increasing,
    Inverse, LexLess, Linear, MemberReif, NValue, NotEqual, Predicate, Regular, ReifiedLinear, Strength, Table,
    ValuePrecede,
};
use csp::{Model, Value, VarId};

/// A constraint of a random model, as data (variables by index).
#[derive(Clone, Debug)]
pub(crate) enum Spec {
    /// `bounds`: [`ElementConsistency::Bounds`], else [`ElementConsistency::Domain`].
    Element {
        index: usize,
        array: Vec<usize>,
        result: usize,
        bounds: bool,
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
    /// Pairwise different except for the value `except`.
    AllDiffExcept {
        vars: Vec<usize>,
        except: Value,
    },
    /// `count` of `vars` take a value of `set`.
    Among {
        count: usize,
        vars: Vec<usize>,
        set: Vec<Value>,
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
    // Structural: circuit, regular, counting, lex, inverse, bin packing, ...
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
}

/// A size of a scheduling constraint: a constant or a variable (all constants or all
/// variables in one constraint).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Size {
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
    pub(crate) fn scope(&self) -> Vec<usize> {
        let mut s = match self {
            Spec::Element { index, array, result, .. } => [vec![*index, *result], array.clone()].concat(),
            Spec::ElementConst { index, result, .. } => vec![*index, *result],
            Spec::AllDiff { vars, .. } | Spec::AllDiffExcept { vars, .. } => vars.clone(),
            Spec::Among { count, vars, .. } => [vec![*count], vars.clone()].concat(),
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
            // Structural.
            Spec::Circuit { vars, .. } | Spec::Regular { vars, .. } => vars.clone(),
            Spec::Increasing { vars, .. } | Spec::ValuePrecede { vars, .. } => vars.clone(),
            Spec::NValue { count, vars } => vars.iter().copied().chain([*count]).collect(),
            Spec::Inverse { f, g, .. } => [f.clone(), g.clone()].concat(),
            Spec::Member { x, b, .. } => vec![*x, *b],
            Spec::Gcc { vars, counts, .. } => [vars.clone(), counts.clone()].concat(),
            Spec::Count { vars, value, count } => vars.iter().copied().chain([*value, *count]).collect(),
            Spec::Lex { x, y, .. } => [x.clone(), y.clone()].concat(),
            Spec::BinPacking { bins, loads, .. } => [bins.clone(), loads.clone()].concat(),
        };
        s.sort_unstable();
        s.dedup();
        s
    }

    /// Whether a full assignment satisfies it, by its definition.
    pub(crate) fn holds(&self, v: &[Value]) -> bool {
        match self {
            Spec::Element { index, array, result, .. } => {
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
            Spec::Among { count, vars, set } => {
                v[*count] == vars.iter().filter(|&&i| set.contains(&v[i])).count() as Value
            }
            Spec::AllDiffExcept { vars, except } => {
                let taken: Vec<Value> = vars.iter().map(|&i| v[i]).filter(|u| u != except).collect();
                taken.iter().collect::<BTreeSet<_>>().len() == taken.len()
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
            // Structural.
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
            }
        }
    }

    pub(crate) fn post(&self, m: &mut Model, x: &[VarId]) {
        let terms = |t: &[(Value, usize)]| t.iter().map(|&(a, i)| (a, x[i])).collect::<Vec<_>>();
        let r = match self {
            Spec::Element { index, array, result, bounds } => {
                let c = if *bounds { ElementConsistency::Bounds } else { ElementConsistency::Domain };
                let array = array.iter().map(|&i| x[i]).collect::<Vec<_>>();
                m.post(Element::new(x[*index], array, x[*result]).with_consistency(c))
            }
            Spec::ElementConst { index, values, result } => {
                m.post(Element::constants(x[*index], values.clone(), x[*result]))
            }
            Spec::AllDiff { vars, offsets, strength } => {
                let s = [Strength::ForwardChecking, Strength::HiddenSingles, Strength::Gac][*strength as usize % 3];
                let vs: Vec<VarId> = vars.iter().map(|&i| x[i]).collect();
                m.post(AllDifferent::with_offsets(vs, offsets.clone()).with_strength(s))
            }
            Spec::Among { count, vars, set } => {
                m.post(Among::new(x[*count], vars.iter().map(|&i| x[i]).collect::<Vec<_>>(), set.clone()))
            }
            Spec::AllDiffExcept { vars, except } => {
                m.post(AllDifferentExcept::new(vars.iter().map(|&i| x[i]).collect::<Vec<_>>(), [*except]))
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
            // Structural.
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
            }
        };
        r.map(|_| ()).expect("a valid constraint");
    }
}

/// A random model: `n` integer variables (values -1..5) then `k` 0/1 variables.
#[derive(Clone, Debug)]
pub(crate) struct Instance {
    pub(crate) domains: Vec<Vec<Value>>,
    /// The integer variables come first.
    pub(crate) ints: usize,
    pub(crate) specs: Vec<Spec>,
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

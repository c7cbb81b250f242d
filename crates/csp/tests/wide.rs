//! Wide intervals and values near the ends of the 32-bit range: the bound arithmetic of the
//! propagators must not overflow, and their answers must be those of brute force, evaluated
//! independently in `i128`.
//!
//! Small domains sit near the extremes (`i32::MIN`, `-(2^31 - 2)`, `-2^30`, `0`, `2^30`, and
//! the top of the interval limits and of `i32`), coefficients reach `10^5`, and the wide
//! variables are intervals up to the whole `MIN_INTERVAL_VALUE..=MAX_INTERVAL_VALUE`. Debug
//! builds (as tests run) panic on an arithmetic overflow, so an overflow fails the test.

use csp::branching::ValueOrder;
use csp::constraints::{
    Among, ArithOp, Arithmetic, BinPacking, Comparison, CountEq, Cumulative, Diffn, Disjunctive, DistinctSum, Element,
    Equal, GlobalCardinality, Linear, NValue,
};
use csp::domain::{INTERVAL_THRESHOLD, MAX_BITSET_VALUES, MAX_INTERVAL_VALUE, MIN_INTERVAL_VALUE};
use csp::solve::{Optimum, SearchEnd};
use csp::{Model, ModelError, Value, VarId};
use proptest::prelude::*;

const MIN: i128 = MIN_INTERVAL_VALUE as i128;
const MAX: i128 = MAX_INTERVAL_VALUE as i128;

/// Bases for small domains near the extremes (a domain is a base plus some of `0..=4`).
const BASES: [i64; 7] = [
    i32::MIN as i64,
    MIN_INTERVAL_VALUE as i64,
    -(1 << 30),
    0,
    1 << 30,
    MAX_INTERVAL_VALUE as i64 - 4,
    i32::MAX as i64 - 4,
];

/// A small domain near one of the extremes.
fn near_extreme() -> impl Strategy<Value = Vec<Value>> {
    (0..BASES.len(), proptest::collection::btree_set(0..=4i64, 1..=3))
        .prop_map(|(b, offs)| offs.into_iter().map(|o| (BASES[b] + o) as Value).collect())
}

/// A small domain near an extreme or near 0 (so that products and quotients meet both).
fn near_extreme_or_small() -> impl Strategy<Value = Vec<Value>> {
    prop_oneof![near_extreme(), proptest::collection::btree_set(-3..=3, 1..=4).prop_map(|s| s.into_iter().collect())]
}

/// A coefficient: nonzero, up to `10^5` in absolute value.
fn coefficient() -> impl Strategy<Value = Value> {
    prop_oneof![Just(1), Just(-1), (1..=100_000).prop_map(|a| a), (-100_000..=-1).prop_map(|a| a)]
}

/// The cartesian product of `domains`, as rows of `i128`.
fn product(domains: &[Vec<Value>]) -> Vec<Vec<i128>> {
    let mut rows = vec![Vec::new()];
    for d in domains {
        rows =
            rows.into_iter().flat_map(|r| d.iter().map(move |&v| [r.clone(), vec![i128::from(v)]].concat())).collect();
    }
    rows
}

/// Every solution of `model` projected on `vars`, sorted; the search must be exhausted.
fn solutions(model: Model, vars: &[VarId]) -> Vec<Vec<i128>> {
    let mut solver = model.into_solver();
    let mut found = Vec::new();
    let mut it = solver.solutions();
    for s in it.by_ref() {
        found.push(vars.iter().map(|&v| i128::from(s[v])).collect::<Vec<_>>());
    }
    assert_eq!(it.end(), Some(SearchEnd::Exhausted));
    found.sort();
    found
}

/// `op(x, y)` in `i128`, `None` where undefined.
fn eval(op: ArithOp, x: i128, y: i128) -> Option<i128> {
    match op {
        ArithOp::Times => Some(x * y),
        ArithOp::Div => (y != 0).then(|| x / y),
        ArithOp::Mod => (y != 0).then(|| x % y),
        // A negative exponent as MiniZinc 2.6.4 evaluates it: 1 for x = 1, undefined for 0,
        // 0 otherwise.
        ArithOp::Pow if y < 0 => (x != 0).then_some(i128::from(x == 1)),
        ArithOp::Pow => u32::try_from(y).ok().and_then(|e| x.checked_pow(e)),
        ArithOp::Min => Some(x.min(y)),
        ArithOp::Max => Some(x.max(y)),
        ArithOp::Abs => Some(x.abs()),
        _ => unreachable!("no other operation is generated"),
    }
}

fn op() -> impl Strategy<Value = ArithOp> {
    prop_oneof![
        Just(ArithOp::Times),
        Just(ArithOp::Div),
        Just(ArithOp::Mod),
        Just(ArithOp::Pow),
        Just(ArithOp::Min),
        Just(ArithOp::Max),
        Just(ArithOp::Abs),
    ]
}

#[test]
fn intervals_reach_the_limits_and_no_further() {
    let mut m = Model::new();
    let x = m.new_var(MIN_INTERVAL_VALUE..=MAX_INTERVAL_VALUE).unwrap();
    let d = m.initial_domain(x);
    assert!(d.is_interval());
    assert_eq!(d.len() as i128, MAX - MIN + 1);
    assert_eq!(
        m.new_var(MIN_INTERVAL_VALUE - 1..=0),
        Err(ModelError::BeyondLimits { min: MIN_INTERVAL_VALUE - 1, max: 0 })
    );
    assert_eq!(m.new_var(0..=i32::MAX), Err(ModelError::BeyondLimits { min: 0, max: i32::MAX }));
    // A small range or a listed set may still hold any i32 (a bitset).
    assert!(m.new_var(i32::MIN..=i32::MIN + 3).is_ok());
    assert!(m.new_var(vec![i32::MIN, 0, i32::MAX]).is_ok());
    // Listed values beyond a bitset's capacity stay an error.
    let many: Vec<Value> = (0..=MAX_BITSET_VALUES as Value).map(|v| 2 * v).collect();
    assert_eq!(m.new_var(many), Err(ModelError::DomainTooLarge { len: MAX_BITSET_VALUES as u64 + 1 }));
    let e = m.new_var(0..=i32::MAX).unwrap_err().to_string();
    assert_eq!(e, "the interval 0..2147483647 reaches beyond the supported -2147483646..2147483646");
}

#[test]
fn the_widest_interval_solves_and_optimises_at_its_ends() {
    let mut m = Model::new();
    let x = m.new_var(MIN_INTERVAL_VALUE..=MAX_INTERVAL_VALUE).unwrap();
    let y = m.new_var(MIN_INTERVAL_VALUE..=MAX_INTERVAL_VALUE).unwrap();
    // x - y >= 2^31: x near the top, y near the bottom.
    m.post(Linear::new([(1, x), (-1, y)], Comparison::GreaterOrEqual, i32::MAX)).unwrap();
    // Branch and bound on a free objective improves one value at a time from the search's
    // side: the value order goes towards the optimum (as an annotation would).
    let mut s = m.clone().into_solver();
    s.set_value_order(ValueOrder::Descending);
    match s.maximize(y) {
        Optimum::Optimal(sol) => {
            assert_eq!(i128::from(sol[y]), MAX - i128::from(i32::MAX));
            assert!(i128::from(sol[x]) - i128::from(sol[y]) >= i128::from(i32::MAX));
        }
        other => panic!("{other:?}"),
    }
    let mut s = m.into_solver();
    match s.minimize(x) {
        Optimum::Optimal(sol) => assert_eq!(i128::from(sol[x]), MIN + i128::from(i32::MAX)),
        other => panic!("{other:?}"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// `sum a_i x_i + a_w w = c` with `w` over the whole limits: the solutions are those of
    /// brute force over the small variables (`w` follows), and minimising `w` finds the
    /// smallest of them.
    #[test]
    fn linear_equal_with_the_widest_variable(
        domains in proptest::collection::vec(near_extreme_or_small(), 1..=3),
        coeffs in proptest::collection::vec(coefficient(), 3),
        a_w in coefficient(),
        w0 in any::<i32>(),
    ) {
        let n = domains.len();
        let a: Vec<i128> = coeffs[..n].iter().map(|&c| i128::from(c)).collect();
        // A right-hand side within i32 that some assignment meets when it can.
        let rest0: i128 = (0..n).map(|i| a[i] * i128::from(domains[i][0])).sum();
        let w = (-rest0 / i128::from(a_w)).clamp(MIN, MAX) + i128::from(w0 % 1000);
        let c = Value::try_from(rest0 + i128::from(a_w) * w.clamp(MIN, MAX)).unwrap_or(w0);
        let mut want: Vec<Vec<i128>> = product(&domains)
            .into_iter()
            .filter_map(|row| {
                let rest: i128 = (0..n).map(|i| a[i] * row[i]).sum();
                let r = i128::from(c) - rest;
                let aw = i128::from(a_w);
                (r % aw == 0 && (MIN..=MAX).contains(&(r / aw))).then(|| [row, vec![r / aw]].concat())
            })
            .collect();
        want.sort();
        let mut m = Model::new();
        let mut vars: Vec<VarId> = domains.iter().map(|d| m.new_var(d.clone()).unwrap()).collect();
        let wv = m.new_var(MIN_INTERVAL_VALUE..=MAX_INTERVAL_VALUE).unwrap();
        vars.push(wv);
        let terms: Vec<(Value, VarId)> = coeffs[..n].iter().copied().zip(vars.iter().copied()).chain([(a_w, wv)]).collect();
        m.post(Linear::new(terms, Comparison::Equal, c)).unwrap();
        prop_assert_eq!(solutions(m.clone(), &vars), want.clone());
        let mut s = m.into_solver();
        match s.minimize(wv) {
            Optimum::Optimal(sol) => prop_assert_eq!(Some(i128::from(sol[wv])), want.iter().map(|r| r[n]).min()),
            Optimum::Unsatisfiable => prop_assert!(want.is_empty()),
            other => prop_assert!(false, "{:?}", other),
        }
    }

    /// `sum a_i x_i + a_w w <= c` (or `>=`): root propagation keeps every supported value of
    /// the small variables and narrows `w` to exactly the hull of its supported values.
    #[test]
    fn linear_inequality_bounds_the_widest_variable_exactly(
        domains in proptest::collection::vec(near_extreme_or_small(), 1..=3),
        coeffs in proptest::collection::vec(coefficient(), 3),
        a_w in coefficient(),
        c in any::<i32>(),
        le in any::<bool>(),
    ) {
        let n = domains.len();
        let a: Vec<i128> = coeffs[..n].iter().map(|&c| i128::from(c)).collect();
        let aw = i128::from(a_w);
        // For each assignment, the feasible w: an interval within the limits (maybe empty).
        let floor = |p: i128, q: i128| p.div_euclid(q) - i128::from(q < 0 && p.rem_euclid(q) != 0);
        let ceil = |p: i128, q: i128| -floor(-p, q);
        let rows: Vec<(Vec<i128>, i128, i128)> = product(&domains)
            .into_iter()
            .filter_map(|row| {
                let r = i128::from(c) - (0..n).map(|i| a[i] * row[i]).sum::<i128>();
                // le: aw * w <= r; ge: aw * w >= r.
                let (lo, hi) = match (le, aw > 0) {
                    (true, true) => (MIN, floor(r, aw)),
                    (true, false) => (ceil(r, aw), MAX),
                    (false, true) => (ceil(r, aw), MAX),
                    (false, false) => (MIN, floor(r, aw)),
                };
                let (lo, hi) = (lo.max(MIN), hi.min(MAX));
                (lo <= hi).then_some((row, lo, hi))
            })
            .collect();
        let mut m = Model::new();
        let vars: Vec<VarId> = domains.iter().map(|d| m.new_var(d.clone()).unwrap()).collect();
        let wv = m.new_var(MIN_INTERVAL_VALUE..=MAX_INTERVAL_VALUE).unwrap();
        let terms: Vec<(Value, VarId)> = coeffs[..n].iter().copied().zip(vars.iter().copied()).chain([(a_w, wv)]).collect();
        let cmp = if le { Comparison::LessOrEqual } else { Comparison::GreaterOrEqual };
        m.post(Linear::new(terms, cmp, c)).unwrap();
        let mut s = m.into_solver();
        match s.propagate() {
            Err(_) => prop_assert!(rows.is_empty()),
            Ok(()) => {
                prop_assert!(!rows.is_empty());
                for (row, _, _) in &rows {
                    for (i, &v) in row.iter().enumerate() {
                        prop_assert!(s.domain(vars[i]).contains(v as Value));
                    }
                }
                let lo = rows.iter().map(|r| r.1).min().unwrap();
                let hi = rows.iter().map(|r| r.2).max().unwrap();
                let d = s.domain(wv);
                prop_assert_eq!((d.min().map(i128::from), d.max().map(i128::from)), (Some(lo), Some(hi)));
            }
        }
    }

    /// `z = op(x, y)` near the extremes, `z` a small domain or the widest interval: the
    /// solutions are those of brute force in i128.
    #[test]
    fn arithmetic_near_the_extremes(
        op in op(),
        dx in near_extreme_or_small(),
        dy in near_extreme_or_small(),
        dz in prop_oneof![near_extreme_or_small().prop_map(Some), Just(None)],
    ) {
        let zs: Option<Vec<i128>> = dz.as_ref().map(|d| d.iter().map(|&v| i128::from(v)).collect());
        let mut want: Vec<Vec<i128>> = product(&[dx.clone(), dy.clone()])
            .into_iter()
            .filter_map(|r| {
                let z = eval(op, r[0], r[1])?;
                let ok = match &zs {
                    Some(zs) => zs.contains(&z),
                    None => (MIN..=MAX).contains(&z),
                };
                ok.then(|| vec![r[0], r[1], z])
            })
            .collect();
        // For abs, y plays no part: every value of y goes with each (x, z), as in the model.
        want.sort();
        let mut m = Model::new();
        let (x, y) = (m.new_var(dx).unwrap(), m.new_var(dy).unwrap());
        let z = match dz {
            Some(d) => m.new_var(d).unwrap(),
            None => m.new_var(MIN_INTERVAL_VALUE..=MAX_INTERVAL_VALUE).unwrap(),
        };
        let c = if op == ArithOp::Abs { Arithmetic::abs(x, z) } else { Arithmetic::new(op, x, y, z) };
        m.post(c).unwrap();
        prop_assert_eq!(solutions(m, &[x, y, z]), want);
    }

    /// `z = op(x, y)` with `x` an interval of 70,001 values near an extreme (bounds reasoning)
    /// and `z` the widest interval: root propagation keeps every supported value, and with `x`
    /// fixed the solutions are those of brute force.
    #[test]
    fn arithmetic_bounds_reasoning_near_the_extremes(
        op in op(),
        base in prop_oneof![Just(MIN_INTERVAL_VALUE), Just(-(1 << 30)), Just(-35_000), Just(1 << 30), Just(MAX_INTERVAL_VALUE - 70_000)],
        dy in near_extreme_or_small(),
        pick in 0..=70_000i32,
    ) {
        let mut m = Model::new();
        let x = m.new_var(base..=base + 70_000).unwrap();
        let y = m.new_var(dy.clone()).unwrap();
        let z = m.new_var(MIN_INTERVAL_VALUE..=MAX_INTERVAL_VALUE).unwrap();
        let c = if op == ArithOp::Abs { Arithmetic::abs(x, z) } else { Arithmetic::new(op, x, y, z) };
        m.post(c).unwrap();
        let supported = |xv: i128| {
            dy.iter().filter_map(move |&yv| {
                let zv = eval(op, xv, i128::from(yv))?;
                (MIN..=MAX).contains(&zv).then_some((xv, i128::from(yv), zv))
            })
        };
        let all: Vec<(i128, i128, i128)> =
            (i128::from(base)..=i128::from(base) + 70_000).flat_map(supported).collect();
        let mut s = m.clone().into_solver();
        match s.propagate() {
            Err(_) => prop_assert!(all.is_empty()),
            Ok(()) => {
                for &(xv, yv, zv) in &all {
                    prop_assert!(s.domain(x).contains(xv as Value));
                    prop_assert!(s.domain(y).contains(yv as Value));
                    prop_assert!(s.domain(z).contains(zv as Value), "z = {} lost", zv);
                }
            }
        }
        let xv = base + pick;
        m.post(Linear::new([(1, x)], Comparison::Equal, xv)).unwrap();
        let mut want: Vec<Vec<i128>> = supported(i128::from(xv)).map(|(a, b, c)| vec![a, b, c]).collect();
        want.sort();
        prop_assert_eq!(solutions(m, &[x, y, z]), want);
    }

    /// `x = y + o` between an interval (the widest, or 70,001 values near an extreme) and a
    /// small domain near an extreme: brute force.
    #[test]
    fn equal_with_an_offset_between_an_interval_and_extremes(
        dy in near_extreme_or_small(),
        wide in any::<bool>(),
        base in prop_oneof![Just(MIN_INTERVAL_VALUE), Just(-(1 << 30)), Just(1 << 30), Just(MAX_INTERVAL_VALUE - 70_000)],
        o in prop_oneof![Just(0), Just(3), Just(-3), Just(1 << 30), Just(-(1 << 30)), any::<i32>()],
        x_first in any::<bool>(),
    ) {
        let (lo, hi) = if wide { (MIN_INTERVAL_VALUE, MAX_INTERVAL_VALUE) } else { (base, base + 70_000) };
        let mut want: Vec<Vec<i128>> = dy
            .iter()
            .map(|&yv| i128::from(yv) + i128::from(o))
            .zip(dy.iter())
            .filter(|&(xv, _)| (i128::from(lo)..=i128::from(hi)).contains(&xv))
            .map(|(xv, &yv)| vec![xv, i128::from(yv)])
            .collect();
        want.sort();
        let mut m = Model::new();
        let (x, y) = if x_first {
            let x = m.new_var(lo..=hi).unwrap();
            (x, m.new_var(dy).unwrap())
        } else {
            let y = m.new_var(dy).unwrap();
            (m.new_var(lo..=hi).unwrap(), y)
        };
        m.post(Equal::with_offset(x, y, o)).unwrap();
        prop_assert_eq!(solutions(m, &[x, y]), want);
    }

    /// `result = array[index]` with the result over the widest interval, entries (constants or
    /// variables) near the extremes, and an index that may itself be a wide interval.
    #[test]
    fn element_with_a_wide_result(
        entries in proptest::collection::vec(near_extreme_or_small(), 1..=4),
        constants in any::<bool>(),
        wide_index in any::<bool>(),
        index_dom in proptest::collection::btree_set(-1..=4, 1..=4),
    ) {
        let mut m = Model::new();
        let index = if wide_index {
            m.new_var(MIN_INTERVAL_VALUE..=MAX_INTERVAL_VALUE).unwrap()
        } else {
            m.new_var(index_dom.iter().copied().collect::<Vec<_>>()).unwrap()
        };
        let result = m.new_var(MIN_INTERVAL_VALUE..=MAX_INTERVAL_VALUE).unwrap();
        let idx: Vec<i128> = if wide_index { (0..entries.len() as i128).collect() } else { index_dom.iter().map(|&i| i128::from(i)).collect() };
        let mut want = Vec::new();
        let mut vars = vec![index, result];
        if constants {
            let array: Vec<Value> = entries.iter().map(|e| e[0]).collect();
            m.post(Element::constants(index, array.clone(), result)).unwrap();
            for &i in &idx {
                if let Some(&v) = usize::try_from(i).ok().and_then(|i| array.get(i)) {
                    if (MIN..=MAX).contains(&i128::from(v)) {
                        want.push(vec![i, i128::from(v)]);
                    }
                }
            }
        } else {
            let xs: Vec<VarId> = entries.iter().map(|d| m.new_var(d.clone()).unwrap()).collect();
            m.post(Element::new(index, xs.clone(), result)).unwrap();
            vars.extend(&xs);
            for &i in &idx {
                for row in product(&entries) {
                    if let Some(&v) = usize::try_from(i).ok().and_then(|i| row.get(i)) {
                        if (MIN..=MAX).contains(&v) {
                            want.push([vec![i, v], row.clone()].concat());
                        }
                    }
                }
            }
        }
        want.sort();
        prop_assert_eq!(solutions(m, &vars), want);
    }

    /// Cumulative and disjunctive with start times near `±2^30` and the interval limits: the
    /// solutions are those of the definition checked in i128.
    #[test]
    fn scheduling_near_the_extremes(
        base in prop_oneof![Just(MIN_INTERVAL_VALUE as i64), Just(-(1i64 << 30)), Just(1i64 << 30), Just(MAX_INTERVAL_VALUE as i64 - 8), Just(i32::MAX as i64 - 8)],
        offs in proptest::collection::vec(proptest::collection::btree_set(0..=5i64, 1..=3), 2..=3),
        durs in proptest::collection::vec(0..=3i32, 3),
        uses in proptest::collection::vec(1..=2i32, 3),
        cap in 1..=3i32,
    ) {
        let n = offs.len();
        let domains: Vec<Vec<Value>> = offs.iter().map(|s| s.iter().map(|&o| (base + o) as Value).collect()).collect();
        let d: Vec<i128> = durs[..n].iter().map(|&v| i128::from(v)).collect();
        let r: Vec<i128> = uses[..n].iter().map(|&v| i128::from(v)).collect();
        let rows = product(&domains);
        // Cumulative: at every start (where the load peaks), the running tasks fit.
        let fits = |s: &[i128]| (0..n).all(|t| (0..n).filter(|&i| d[i] > 0 && s[i] <= s[t] && s[t] < s[i] + d[i]).map(|i| r[i]).sum::<i128>() <= i128::from(cap));
        let apart = |s: &[i128]| (0..n).all(|i| (i + 1..n).all(|j| s[i] + d[i] <= s[j] || s[j] + d[j] <= s[i]));
        let mut m = Model::new();
        let starts: Vec<VarId> = domains.iter().map(|dm| m.new_var(dm.clone()).unwrap()).collect();
        let mut cm = m.clone();
        cm.post(Cumulative::new(starts.clone(), durs[..n].to_vec(), uses[..n].to_vec(), cap)).unwrap();
        let want: Vec<Vec<i128>> = rows.iter().filter(|s| fits(s)).cloned().collect();
        prop_assert_eq!(solutions(cm, &starts), want);
        m.post(Disjunctive::strict(starts.clone(), durs[..n].to_vec())).unwrap();
        let want: Vec<Vec<i128>> = rows.iter().filter(|s| apart(s)).cloned().collect();
        prop_assert_eq!(solutions(m, &starts), want);
    }

    /// Rectangles whose origins sit near the extremes do not overlap (MiniZinc's `diffn`,
    /// zero-size rectangles included), checked in i128.
    #[test]
    fn diffn_near_the_extremes(
        base in prop_oneof![Just(MIN_INTERVAL_VALUE as i64), Just(-(1i64 << 30)), Just(1i64 << 30), Just(i32::MAX as i64 - 8)],
        xo in proptest::collection::vec(proptest::collection::btree_set(0..=4i64, 1..=2), 2..=3),
        yo in proptest::collection::vec(proptest::collection::btree_set(0..=4i64, 1..=2), 3),
        dx in proptest::collection::vec(0..=3i32, 3),
        dy in proptest::collection::vec(0..=3i32, 3),
    ) {
        let n = xo.len();
        let mut domains: Vec<Vec<Value>> = xo.iter().map(|s| s.iter().map(|&o| (base + o) as Value).collect()).collect();
        domains.extend(yo[..n].iter().map(|s| s.iter().map(|&o| (base + o) as Value).collect::<Vec<_>>()));
        let mut m = Model::new();
        let vars: Vec<VarId> = domains.iter().map(|d| m.new_var(d.clone()).unwrap()).collect();
        m.post(Diffn::new(vars[..n].to_vec(), vars[n..].to_vec(), dx[..n].to_vec(), dy[..n].to_vec())).unwrap();
        let (w, h): (Vec<i128>, Vec<i128>) = (dx.iter().map(|&v| i128::from(v)).collect(), dy.iter().map(|&v| i128::from(v)).collect());
        let apart = |r: &[i128]| (0..n).all(|i| (i + 1..n).all(|j| {
            r[i] + w[i] <= r[j] || r[j] + w[j] <= r[i] || r[n + i] + h[i] <= r[n + j] || r[n + j] + h[j] <= r[n + i]
        }));
        let want: Vec<Vec<i128>> = product(&domains).into_iter().filter(|r| apart(r)).collect();
        prop_assert_eq!(solutions(m, &vars), want);
    }

    /// Items of weights up to `10^5` in bins numbered near the extremes, with loads over wide
    /// intervals: the solutions are the assignments whose loads are the weights' sums.
    #[test]
    fn bin_packing_with_wide_loads(
        first in prop_oneof![Just(0), Just(MIN_INTERVAL_VALUE), Just(1 << 30), Just(MAX_INTERVAL_VALUE - 1)],
        weights in proptest::collection::vec(0..=100_000i32, 1..=3),
        bins in proptest::collection::vec(proptest::collection::btree_set(0..=1i32, 1..=2), 3),
        cap in prop_oneof![Just(MAX_INTERVAL_VALUE), 0..=150_000i32],
    ) {
        let n = weights.len();
        let mut m = Model::new();
        let items: Vec<VarId> = bins[..n].iter().map(|s| m.new_var(s.iter().map(|&b| first + b).collect::<Vec<_>>()).unwrap()).collect();
        let loads: Vec<VarId> = (0..2).map(|_| m.new_var(MIN_INTERVAL_VALUE..=cap).unwrap()).collect();
        m.post(BinPacking::new(loads.clone(), items.clone(), weights.clone()).with_first_bin(first)).unwrap();
        let domains: Vec<Vec<Value>> = bins[..n].iter().map(|s| s.iter().map(|&b| first + b).collect()).collect();
        let want: Vec<Vec<i128>> = product(&domains)
            .into_iter()
            .filter_map(|row| {
                let load = |b: i128| (0..n).filter(|&i| row[i] == i128::from(first) + b).map(|i| i128::from(weights[i])).sum::<i128>();
                let (l0, l1) = (load(0), load(1));
                (l0 <= i128::from(cap) && l1 <= i128::from(cap)).then(|| [row, vec![l0, l1]].concat())
            })
            .collect();
        let vars: Vec<VarId> = items.iter().chain(&loads).copied().collect();
        prop_assert_eq!(solutions(m, &vars), want);
    }

    /// The number of variables (near the extremes) equal to a value variable, counted into a
    /// variable over the widest interval.
    #[test]
    fn count_near_the_extremes(
        domains in proptest::collection::vec(near_extreme(), 1..=3),
        value in near_extreme(),
    ) {
        let mut m = Model::new();
        let xs: Vec<VarId> = domains.iter().map(|d| m.new_var(d.clone()).unwrap()).collect();
        let v = m.new_var(value.clone()).unwrap();
        let c = m.new_var(MIN_INTERVAL_VALUE..=MAX_INTERVAL_VALUE).unwrap();
        m.post(CountEq::new(xs.clone(), v, c)).unwrap();
        let mut all = domains.clone();
        all.push(value);
        let n = domains.len();
        let want: Vec<Vec<i128>> = product(&all)
            .into_iter()
            .map(|r| {
                let k = (0..n).filter(|&i| r[i] == r[n]).count() as i128;
                [r, vec![k]].concat()
            })
            .collect();
        let vars: Vec<VarId> = xs.iter().copied().chain([v, c]).collect();
        let mut got = solutions(m, &vars);
        got.sort();
        prop_assert_eq!(got, want);
    }

    /// All different with a given sum, on values near `±2^30` whose sum fits in 32 bits.
    #[test]
    fn distinct_sum_near_the_extremes(
        offs in proptest::collection::vec((any::<bool>(), proptest::collection::btree_set(0..=4i64, 1..=3)), 2..=3),
        target in -8i64..=8,
    ) {
        let domains: Vec<Vec<Value>> = offs
            .iter()
            .map(|(neg, s)| s.iter().map(|&o| if *neg { (-(1i64 << 30) - o) as Value } else { ((1i64 << 30) + o) as Value }).collect())
            .collect();
        let rows = product(&domains);
        // A sum some assignment reaches when possible (the first row's), moved by `target`.
        let sum = rows[0].iter().sum::<i128>() + i128::from(target);
        let Ok(sum32) = Value::try_from(sum) else { return Ok(()) };
        let mut m = Model::new();
        let vars: Vec<VarId> = domains.iter().map(|d| m.new_var(d.clone()).unwrap()).collect();
        m.post(DistinctSum::new(vars.clone(), sum32)).unwrap();
        let distinct = |r: &[i128]| (0..r.len()).all(|i| (i + 1..r.len()).all(|j| r[i] != r[j]));
        let mut want: Vec<Vec<i128>> = rows.into_iter().filter(|r| distinct(r) && r.iter().sum::<i128>() == sum).collect();
        want.sort();
        prop_assert_eq!(solutions(m, &vars), want);
    }

    /// `z = a x + b y + c` by `Model::expr_var`: a variable over the expression's bounds when
    /// they fit the engine (a bitset anywhere in i32, an interval within the limits), an error
    /// otherwise; its solutions are those of brute force.
    #[test]
    fn expression_variables_near_the_extremes(
        dx in near_extreme_or_small(),
        dy in near_extreme_or_small(),
        a in coefficient(),
        b in coefficient(),
        c in any::<i32>(),
    ) {
        let mut m = Model::new();
        let (x, y) = (m.new_var(dx.clone()).unwrap(), m.new_var(dy.clone()).unwrap());
        let values: Vec<i128> = product(&[dx, dy])
            .iter()
            .map(|r| i128::from(a) * r[0] + i128::from(b) * r[1] + i128::from(c))
            .collect();
        // The hull of the expression's values over the domains (what its bounds give).
        let (lo, hi) = (*values.iter().min().unwrap(), *values.iter().max().unwrap());
        let fits = (i128::from(i32::MIN)..=i128::from(i32::MAX)).contains(&lo)
            && (i128::from(i32::MIN)..=i128::from(i32::MAX)).contains(&hi)
            && (hi - lo < INTERVAL_THRESHOLD as i128 || (MIN <= lo && hi <= MAX));
        match m.expr_var(a * x + b * y + c) {
            Ok(z) => {
                prop_assert!(fits, "{}..{} accepted", lo, hi);
                let got = solutions(m, &[x, y, z]);
                prop_assert!(got.iter().all(|r| r[2] == i128::from(a) * r[0] + i128::from(b) * r[1] + i128::from(c)));
                prop_assert_eq!(got.len(), values.len());
            }
            Err(e) => prop_assert!(!fits, "{}..{} refused: {}", lo, hi, e),
        }
    }

    /// Counting globals over wide intervals: `Among` with every variable in the set, a closed
    /// `GlobalCardinality` and `NValue` of 1 confine the intervals to listed values (finite
    /// solutions, by brute force); `Among` with none in the set moves an interval's bounds past
    /// the set's members at its ends.
    #[test]
    fn counting_globals_narrow_wide_intervals(
        small in proptest::collection::vec(near_extreme(), 1..=2),
        set in proptest::collection::btree_set(prop_oneof![Just(MIN_INTERVAL_VALUE), Just(0), Just(MAX_INTERVAL_VALUE), any::<i32>()], 1..=3),
        base in prop_oneof![Just(MIN_INTERVAL_VALUE), Just(-(1 << 30)), Just(MAX_INTERVAL_VALUE - 70_000)],
        ends in (0..=3i32, 0..=3i32),
    ) {
        let set: Vec<Value> = set.into_iter().collect();
        let member = |v: i128| set.iter().any(|&s| i128::from(s) == v);
        let n = small.len();
        let build = |m: &mut Model| {
            let mut xs: Vec<VarId> = small.iter().map(|d| m.new_var(d.clone()).unwrap()).collect();
            xs.push(m.new_var(MIN_INTERVAL_VALUE..=MAX_INTERVAL_VALUE).unwrap());
            xs
        };
        let in_set: Vec<Vec<i128>> = {
            let mut doms: Vec<Vec<Value>> = small.clone();
            doms.push(set.clone());
            // The wide variable's value within the limits.
            product(&doms).into_iter().filter(|r| r.iter().all(|&v| member(v)) && (MIN..=MAX).contains(&r[n])).collect()
        };
        // Among: all n + 1 in the set.
        let mut m = Model::new();
        let xs = build(&mut m);
        let c = m.new_var((n + 1) as Value..=(n + 1) as Value).unwrap();
        m.post(Among::new(c, xs.clone(), set.clone())).unwrap();
        prop_assert_eq!(solutions(m, &xs), in_set.clone());
        // Closed cardinality: each value of the set taken any number of times, no other value.
        let mut m = Model::new();
        let xs = build(&mut m);
        let counts: Vec<VarId> = set.iter().map(|_| m.new_var(0..=(n + 1) as Value).unwrap()).collect();
        m.post(GlobalCardinality::new(xs.clone(), set.clone(), counts).closed()).unwrap();
        prop_assert_eq!(solutions(m, &xs), in_set);
        // NValue of 1: the wide variable equals the small ones.
        let mut m = Model::new();
        let xs = build(&mut m);
        let one = m.new_var(1..=1).unwrap();
        m.post(NValue::new(one, xs.clone())).unwrap();
        let mut doms: Vec<Vec<Value>> = small.clone();
        doms.push(small[0].clone());
        let want: Vec<Vec<i128>> =
            product(&doms).into_iter().filter(|r| r.iter().all(|&v| v == r[0]) && (MIN..=MAX).contains(&r[n])).collect();
        prop_assert_eq!(solutions(m, &xs), want);
        // Among of 0 over an interval whose ends are members: the bounds move past them.
        let (lo, hi) = (base, base + 70_000);
        let mut members: Vec<Value> = (0..ends.0).map(|k| lo + k).chain((0..ends.1).map(|k| hi - k)).collect();
        members.extend(&set);
        members.sort_unstable();
        members.dedup();
        let mut m = Model::new();
        let x = m.new_var(lo..=hi).unwrap();
        let zero = m.new_var(0..=0).unwrap();
        m.post(Among::new(zero, vec![x], members.clone())).unwrap();
        let mut solver = m.into_solver();
        solver.propagate().unwrap();
        let outside = |v: &Value| members.binary_search(v).is_err();
        let first = (lo..=hi).find(outside).unwrap();
        let last = (lo..=hi).rev().find(outside).unwrap();
        prop_assert_eq!((solver.domain(x).min(), solver.domain(x).max()), (Some(first), Some(last)));
    }
}

/// Scheduling and packing over start times on the widest interval: propagation works on
/// bounds (no pass over the horizon), and the first solution found satisfies the definitions.
#[test]
fn scheduling_and_packing_over_the_widest_intervals() {
    let wide = MIN_INTERVAL_VALUE..=MAX_INTERVAL_VALUE;
    let (d, r) = (vec![3, 2, 4], vec![2, 1, 2]);
    let check = |starts: &[i128], strict_apart: bool| {
        for i in 0..3 {
            for j in i + 1..3 {
                let apart = starts[i] + i128::from(d[i]) <= starts[j] || starts[j] + i128::from(d[j]) <= starts[i];
                assert!(!strict_apart || apart, "{starts:?}");
            }
            let load: i32 = (0..3)
                .filter(|&k| starts[k] <= starts[i] && starts[i] < starts[k] + i128::from(d[k]))
                .map(|k| r[k])
                .sum();
            assert!(load <= 3, "{starts:?}");
        }
    };
    for disjunctive in [false, true] {
        let mut m = Model::new();
        let s: Vec<VarId> = (0..3).map(|_| m.new_var(wide.clone()).unwrap()).collect();
        // The first task starts at the top of the range, the others anywhere.
        m.post(Linear::new([(1, s[0])], Comparison::Equal, MAX_INTERVAL_VALUE - 10)).unwrap();
        if disjunctive {
            m.post(Disjunctive::strict(s.clone(), d.clone())).unwrap();
        } else {
            m.post(Cumulative::new(s.clone(), d.clone(), r.clone(), 3)).unwrap();
        }
        let mut solver = m.into_solver();
        let sol = solver.solve();
        let sol = sol.solution().expect("a schedule exists");
        let starts: Vec<i128> = s.iter().map(|&x| i128::from(sol[x])).collect();
        assert!(starts.iter().all(|&t| t + 4 <= MAX + 1), "{starts:?}");
        check(&starts, disjunctive);
    }
    // Two rectangles placed over the widest intervals do not overlap.
    let mut m = Model::new();
    let v: Vec<VarId> = (0..4).map(|_| m.new_var(wide.clone()).unwrap()).collect();
    // Overlapping in x: apart in y.
    m.post(Linear::new([(1, v[0]), (-1, v[1])], Comparison::Equal, -2)).unwrap();
    m.post(Diffn::new(v[..2].to_vec(), v[2..].to_vec(), vec![5, 5], vec![5, 5])).unwrap();
    let mut solver = m.into_solver();
    let sol = solver.solve();
    let sol = sol.solution().expect("two rectangles fit");
    let (x0, x1, y0, y1) = (sol[v[0]] as i128, sol[v[1]] as i128, sol[v[2]] as i128, sol[v[3]] as i128);
    assert!(x0 + 5 <= x1 || x1 + 5 <= x0 || y0 + 5 <= y1 || y1 + 5 <= y0);
}

/// `Binary` and `Predicate` know nothing of their relation but its values: on an interval
/// domain (past `INTERVAL_THRESHOLD` values) each propagation spends a bounded number of calls
/// (it visited every value before, billions on the widest intervals), and the solutions stay
/// those of brute force.
#[test]
fn binary_and_predicate_on_wide_intervals_take_bounded_steps_and_find_every_solution() {
    use csp::constraints::{Binary, Predicate};
    type Relation = fn(Value, Value) -> bool;
    let relations: [(&str, Relation); 4] = [
        ("x = 1000 y + 7", |a, b| a == b * 1000 + 7),
        ("x mod 50000 = y", |a, b| a % 50_000 == b),
        ("x div 40000 = y and x mod 9999 = 0", |a, b| a / 40_000 == b && a % 9_999 == 0),
        ("never", |_, _| false),
    ];
    let (x_max, y_max) = (69_999, 4);
    for (name, f) in relations {
        let brute = (0..=x_max).map(|a| (0..=y_max).filter(|&b| f(a, b)).count() as u64).sum::<u64>();
        // `Predicate` waits for all but one variable to be fixed, so the search splits x's
        // interval down to single values: the relations with few candidates only.
        for predicate in [false, true] {
            if predicate && !(name.starts_with("x =") || name == "never") {
                continue;
            }
            let mut model = Model::new();
            let x = model.new_var(0..=x_max).unwrap();
            let y = model.new_var(0..=y_max).unwrap();
            assert!(model.initial_domain(x).is_interval());
            if predicate {
                model.post(Predicate::new(vec![x, y], move |v| f(v[0], v[1]))).unwrap();
            } else {
                model.post(Binary::new(x, y, f)).unwrap();
            }
            let mut solver = model.into_solver();
            let mut n = 0;
            let mut it = solver.solutions();
            for s in it.by_ref() {
                assert!(f(s[x], s[y]), "{name}: {} {}", s[x], s[y]);
                n += 1;
            }
            assert_eq!(it.end(), Some(SearchEnd::Exhausted), "{name}");
            assert_eq!(n, brute, "{name} (predicate: {predicate})");
        }
    }
    // The bounds move to the nearest supported values where the calls reach them.
    let mut model = Model::new();
    let x = model.new_var(MIN_INTERVAL_VALUE..=MAX_INTERVAL_VALUE).unwrap();
    let y = model.new_var(0..=9).unwrap();
    let z = model.new_var(-5..=1_000_000).unwrap();
    model.post(Binary::new(y, x, |b, a| a == b * 1000 + 7)).unwrap();
    model.post(Binary::new(z, z, |a, _| a % 1000 == 999)).unwrap();
    let mut solver = model.into_solver();
    solver.propagate().unwrap();
    assert_eq!(solver.domain(z).min(), Some(999));
    assert_eq!(solver.domain(z).max(), Some(999_999));
    assert_eq!(solver.domain(y).len(), 10, "no value of y is refuted within the calls");
    assert!(solver.domain(x).min() > Some(MIN_INTERVAL_VALUE), "x's lower bound moved");
    solver.assign(y, 3).unwrap();
    solver.propagate().unwrap();
    assert_eq!(solver.value(x), None, "x's bounds are far from 3007: beyond the calls");
}

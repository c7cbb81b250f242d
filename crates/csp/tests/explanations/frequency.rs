//! Frequency assignment (`benches/freq`): links' frequencies over domains with holes, the
//! differences of paired links over wide ranges (more than 256 values, several blocks of
//! bits), `|f_a - f_b| > d` and `|f_a - f_b| = d` through an absolute value, and the number of
//! distinct frequencies (nvalue) bounded. The constraints are those MiniZinc flattens the
//! model to: a linear equality defines each difference, `int_abs` its distance, and `int_max`
//! the largest frequency (whose bounds may land past a hole).

use csp::constraints::{ArithOp, Arithmetic, Comparison, Linear, NValue};
use csp::solve::Optimum;
use csp::{Model, Value, VarId};
use proptest::prelude::*;

use super::spec::{Instance, Spec};

/// The range of a difference: 261 values, beyond the 256 an explanation once enumerated.
const SPAN: Value = 130;

/// A random frequency model: `k` links (variables `0..k`, frequencies of 0..=120 in steps of
/// 20, two to four each), the count of distinct frequencies (variable `k`, at most `c`), then
/// per paired links their difference (`-130..=130`) and its absolute value (`0..=130`), kept
/// above `20 * g` or equal to it.
pub(crate) fn instance() -> impl Strategy<Value = Instance> {
    (3usize..=4).prop_flat_map(|k| {
        let freq = proptest::collection::btree_set(0i32..=6, 2..=4)
            .prop_map(|s| s.into_iter().map(|v| 20 * v).collect::<Vec<Value>>());
        let edge = (0..k, 1..k, any::<bool>(), 0i32..=5);
        (proptest::collection::vec(freq, k), proptest::collection::vec(edge, 2..=4), 1..=k as Value).prop_map(
            move |(freqs, edges, c)| {
                let mut domains = freqs;
                domains.push((1..=k as Value).collect());
                let f: Vec<usize> = (0..k).collect();
                let mut specs =
                    vec![Spec::NValue { count: k, vars: f }, Spec::Linear { terms: vec![(1, k)], cmp: 1, rhs: c }];
                for (a, shift, equal, gap) in edges {
                    let b = (a + shift) % k;
                    let (d, z) = (domains.len(), domains.len() + 1);
                    domains.push((-SPAN..=SPAN).collect());
                    domains.push((0..=SPAN).collect());
                    specs.push(Spec::Linear { terms: vec![(1, a), (-1, b), (-1, d)], cmp: 0, rhs: 0 });
                    specs.push(Spec::Arith { op: 5, x: d, y: d, z });
                    let (cmp, rhs) = if equal { (0, 20 * gap) } else { (2, 20 * gap + 1) };
                    specs.push(Spec::Linear { terms: vec![(1, z)], cmp, rhs });
                }
                Instance { domains, ints: 0, specs }
            },
        )
    })
}

/// Six links in three duplex pairs (`|f_a - f_b| = 60`) over frequencies 0..=200 in steps of 20
/// with holes, wide differences (`-200..=200`: a bitset of several blocks, or with `intervals`
/// an interval domain, as `fzn-csp` declares a difference only linear and abs read), interference
/// distances between the pairs, and the number of distinct frequencies to minimise.
fn frequency_model(intervals: bool) -> (Model, VarId) {
    let mut m = Model::new();
    if intervals {
        m.set_interval_threshold(256);
    }
    let grid = |skip: &[Value]| (0..=10).map(|k| 20 * k).filter(|v| !skip.contains(v)).collect::<Vec<Value>>();
    let domains = [grid(&[]), grid(&[]), grid(&[80, 100]), grid(&[80, 100]), grid(&[20, 140]), grid(&[20, 140])];
    let f: Vec<VarId> = domains.iter().map(|d| m.new_var(d.clone()).unwrap()).collect();
    let distance = |m: &mut Model, a: usize, b: usize| {
        let d = m.new_var(-200..=200).unwrap();
        let z = m.new_var(0..=200).unwrap();
        assert_eq!(m.initial_domain(d).is_interval(), intervals);
        m.post(Linear::new([(1, f[a]), (-1, f[b]), (-1, d)], Comparison::Equal, 0)).unwrap();
        m.post(Arithmetic::new(ArithOp::Abs, d, d, z)).unwrap();
        z
    };
    for (a, b) in [(0, 1), (2, 3), (4, 5)] {
        let z = distance(&mut m, a, b);
        m.post(Linear::new([(1, z)], Comparison::Equal, 60)).unwrap();
    }
    for (a, b, gap) in [(0, 2, 30), (1, 3, 30), (0, 4, 10), (2, 5, 50), (3, 4, 10), (1, 5, 30), (0, 3, 50)] {
        let z = distance(&mut m, a, b);
        m.post(Linear::new([(1, z)], Comparison::GreaterOrEqual, gap + 1)).unwrap();
    }
    let count = m.new_var(1..=6).unwrap();
    m.post(NValue::new(count, f)).unwrap();
    (m, count)
}

/// The model of `benches/freq` in small, solved to the optimum by a learning search: every
/// change explained precisely (the generic explanation counts none), abs's over a difference
/// of 401 values (once more than the 256 an explanation enumerated), the wipe-outs of bitset
/// domains by the linear equalities and of the count by nvalue, and, over interval
/// differences, the bounds they had before the search moved them.
#[test]
fn a_frequency_model_gets_no_generic_explanation() {
    for intervals in [false, true] {
        let (m, count) = frequency_model(intervals);
        let mut solver = m.into_solver();
        // Root propagation before the learning search: the differences' bounds move before the
        // literal trail is installed, as in fzn-csp's portfolio.
        solver.propagate().unwrap();
        solver.set_learning(true);
        let best = solver.minimize(count);
        assert!(matches!(best, Optimum::Optimal(_)), "{best:?}");
        let stats = solver.stats();
        assert!(stats.explained_precise > 0 && stats.failures > 10, "intervals {intervals}: {stats}");
        assert_eq!(stats.explained_generic, 0, "intervals {intervals}: {stats}");
    }
}

/// `z = max(x, y)` with a hole of 100 values (`100..=199`) in `x` (`down`) or in `z`, the
/// others over `0..=499` (all too wide to be explained value by value), and a variable `w`
/// decided first (the smallest domain, its smallest value first). With `down`: `z <= w` for
/// `w` among `{100, 150, 300}` and `x + y >= 260`: `w = 100` brings `x` down past its hole to
/// 99, below the bound 100 that `z <= w` gives, and fails with `y <= 100`. Otherwise:
/// `x + w >= 600` for `w` among `{450, 460, 600}`, `v <= w - 260` and `v >= z - 5`: `w = 450`
/// brings `z` up past its hole to 200, above the bound 150 that `x >= 150` gives, and fails
/// with `v <= 190`. Either way the conflict needs the maximum's explanation of the bound
/// past the hole.
fn max_past_a_hole(down: bool) -> Model {
    let mut m = Model::new();
    let holed = || (0..=99).chain(200..=499).collect::<Vec<Value>>();
    let x = if down { m.new_var(holed()) } else { m.new_var(0..=499) }.unwrap();
    let y = m.new_var(0..=499).unwrap();
    let z = if down { m.new_var(0..=499) } else { m.new_var(holed()) }.unwrap();
    m.post(Arithmetic::new(ArithOp::Max, x, y, z)).unwrap();
    if down {
        let w = m.new_var(vec![100, 150, 300]).unwrap();
        m.post(Linear::new([(1, z), (-1, w)], Comparison::LessOrEqual, 0)).unwrap();
        m.post(Linear::new([(1, x), (1, y)], Comparison::GreaterOrEqual, 260)).unwrap();
    } else {
        let w = m.new_var(vec![450, 460, 600]).unwrap();
        let v = m.new_var(0..=499).unwrap();
        m.post(Linear::new([(1, x), (1, w)], Comparison::GreaterOrEqual, 600)).unwrap();
        m.post(Linear::new([(1, v), (-1, w)], Comparison::LessOrEqual, -260)).unwrap();
        m.post(Linear::new([(1, v), (-1, z)], Comparison::GreaterOrEqual, -5)).unwrap();
    }
    m
}

/// The maximum's explanation of a bound that lands past a hole (an operand's `x <= 99` from
/// `z <= 100`, the result's `z >= 200` from `x >= 150`) names the bounds, as the narrowed range
/// excludes every value the change took (before 06b2200: the generic explanation, as for the
/// chains of `int_max` of `benches/freq`; either direction's test reverted fails here).
#[test]
fn a_max_bound_past_a_hole_is_explained_precisely() {
    for down in [true, false] {
        let mut solver = max_past_a_hole(down).into_solver();
        solver.set_learning(true);
        assert!(solver.solve().solution().is_some(), "down {down}");
        let stats = solver.stats();
        assert!(stats.failures >= 1 && stats.explained_precise > 0, "down {down}: {stats}");
        assert_eq!(stats.explained_generic, 0, "down {down}: {stats}");
    }
}

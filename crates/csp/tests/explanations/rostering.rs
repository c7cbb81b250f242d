//! The rostering constraints: global cardinality (cover requirements), all-different except
//! an "off" value and among, several over one pool of shift variables so that their flows and
//! matchings prune (and fail) in search, with disequalities and sums around them.

use csp::constraints::{AllDifferentExcept, Among, Comparison, GlobalCardinality, Linear};
use csp::{Model, Value, VarId};
use proptest::prelude::*;

use super::audit::assert_each_kind_explained;
use super::spec::{Instance, Spec};

/// A random rostering model: `n` shift variables over subsets of 0..3 (0 is "off"), then
/// two count variables over 0..3; one to three gcc, all-different-except-0 or among
/// constraints over subsets of the shifts, and a few disequalities and sums.
pub(crate) fn instance() -> impl Strategy<Value = Instance> {
    (4usize..=7).prop_flat_map(|n| {
        let shifts = proptest::collection::vec(proptest::collection::btree_set(0i32..4, 2..=4), n);
        let counts = proptest::collection::vec(Just((0..4).collect::<Vec<Value>>()), 2);
        let subset = move |lo: usize| {
            proptest::collection::vec(any::<proptest::sample::Index>(), n).prop_flat_map(move |keys| {
                let mut order: Vec<usize> = (0..n).collect();
                order.sort_by_key(|&i| keys[i].index(1000));
                (lo..=n).prop_map(move |k| order[..k].to_vec())
            })
        };
        let rostering = prop_oneof![
            4 => (
                subset(3),
                proptest::collection::btree_set(0i32..4, 1..=3),
                proptest::collection::vec((0i64..=2, 0i64..=2), 3),
                any::<bool>(),
                any::<bool>(),
            )
                .prop_map(move |(vars, values, bounds, with_counts, closed)| {
                    let values: Vec<Value> = values.into_iter().collect();
                    let k = values.len();
                    // Count variables for the first two values' counts, when there are two.
                    let counts = if with_counts && k <= 2 { (n..n + k).collect() } else { Vec::new() };
                    let low = bounds[..k].iter().map(|b| b.0.min(b.1)).collect();
                    let up = bounds[..k].iter().map(|b| b.0.max(b.1)).collect();
                    Spec::Gcc { vars, values, counts, low, up, closed }
                }),
            2 => subset(3).prop_map(|vars| Spec::AllDiffExcept { vars, except: 0 }),
            2 => (subset(2), proptest::collection::btree_set(0i32..4, 1..=2), 0..2usize)
                .prop_map(move |(vars, set, c)| Spec::Among { count: n + c, vars, set: set.into_iter().collect() }),
        ];
        let int = 0..n;
        let other = prop_oneof![
            2 => (int.clone(), int.clone()).prop_map(|(a, b)| Spec::NotEqual(a, b)),
            1 => (proptest::collection::vec((prop_oneof![-1i32..=-1, 1i32..=2], int.clone()), 1..=3), 0u8..4, 0i32..=6)
                .prop_map(|(terms, cmp, rhs)| Spec::Linear { terms, cmp, rhs }),
        ];
        (shifts, counts, proptest::collection::vec(rostering, 1..=3), proptest::collection::vec(other, 0..=2)).prop_map(
            move |(shifts, counts, mut specs, others)| {
                let domains: Vec<Vec<Value>> =
                    shifts.into_iter().map(|d| d.into_iter().collect()).chain(counts).collect();
                specs.extend(others);
                Instance { domains, ints: n, specs }
            },
        )
    })
}

/// A small roster in which only the flow can see the conflicts: six shifts over {0, 1, 2}, each
/// of 1 and 2 taken twice and 0 at most twice (a closed gcc), the shifts of each pair of
/// neighbours different and their sum at least 7.
fn flow_roster() -> Instance {
    let gcc = Spec::Gcc {
        vars: (0..6).collect(),
        values: vec![0, 1, 2],
        counts: Vec::new(),
        low: vec![0, 2, 2],
        up: vec![2, 2, 2],
        closed: true,
    };
    let mut specs = vec![gcc];
    specs.extend((0..5).map(|i| Spec::NotEqual(i, i + 1)));
    specs.push(Spec::Linear { terms: (0..6).map(|i| (1, i)).collect(), cmp: 2, rhs: 7 });
    Instance { domains: vec![vec![0, 1, 2]; 6], ints: 6, specs }
}

/// The flow of a gcc and the matching of an all-different-except give precise explanations
/// on models made to conflict.
#[test]
fn flow_and_matching_prunings_are_explained_precisely() {
    let except = Instance {
        // Five shifts over 0..3, pairwise different except 0, and at most one 0 (among):
        // the matching prunes the four that cannot be off.
        domains: vec![vec![0, 1, 2, 3]; 5].into_iter().chain([vec![0, 1]]).collect(),
        ints: 5,
        specs: vec![
            Spec::AllDiffExcept { vars: (0..5).collect(), except: 0 },
            Spec::Among { count: 5, vars: (0..5).collect(), set: vec![0] },
            Spec::NotEqual(0, 1),
        ],
    };
    assert_each_kind_explained(vec![("global_cardinality flow", flow_roster()), ("all_different_except", except)]);
}

/// A small roster (four nurses, four days, shifts 0 off, 1 day, 2 evening, 3 night): a closed
/// gcc per day for the cover, two or three working days per nurse (among), all-different
/// except off over each nurse's three days in a row, and the smallest sum of shifts weighted by seniority. A learning search to the optimum
/// explains every change precisely, the gcc's flow, the matching's prunings and failures and
/// among's count emptied included (the generic explanation counts none).
#[test]
fn a_roster_gets_no_generic_explanation() {
    let (nurses, days) = (4, 4);
    let mut m = Model::new();
    let x: Vec<Vec<VarId>> = (0..nurses).map(|_| m.new_vars(days, 0..=3).unwrap()).collect();
    for d in 0..days {
        let column: Vec<VarId> = x.iter().map(|row| row[d]).collect();
        m.post(GlobalCardinality::with_bounds(column, [0, 1, 2, 3], [0, 1, 1, 1], [5, 2, 1, 1]).closed()).unwrap();
    }
    for row in &x {
        // Two or three working days each.
        let work = m.new_var(2..=3).unwrap();
        m.post(Among::new(work, row.clone(), [1, 2, 3])).unwrap();
        for d in 0..days - 2 {
            m.post(AllDifferentExcept::zero(row[d..d + 3].to_vec())).unwrap();
        }
    }
    let total = m.new_var(0..=1000).unwrap();
    let mut terms: Vec<(Value, VarId)> =
        x.iter().enumerate().flat_map(|(n, row)| row.iter().map(move |&v| (n as Value + 1, v))).collect();
    terms.push((-1, total));
    m.post(Linear::new(terms, Comparison::Equal, 0)).unwrap();
    let mut solver = m.into_solver();
    solver.set_learning(true);
    let _ = solver.minimize(total);
    let stats = solver.stats();
    assert!(stats.explained_precise > 0 && stats.failures > 10, "{stats}");
    assert_eq!(stats.explained_generic, 0, "{stats}");
}

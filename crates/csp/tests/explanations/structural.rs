//! The structural constraints: circuit, regular, count, gcc, lex, inverse, bin packing,
//! nvalue, increasing, value precedence and set membership, with disequalities and sums around
//! them for conflicts.

use csp::constraints::{Comparison, CountEq, Linear};
use csp::{Model, Value, VarId};
use proptest::prelude::*;

use super::audit::assert_each_kind_explained;
use super::spec::{Instance, Spec};

/// A random model of structural constraints (with disequalities and sums around them for
/// conflicts): `n` integer variables (values -1..5) then two 0/1 variables.
pub(crate) fn instance() -> impl Strategy<Value = Instance> {
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
            3 => (distinct(4), 0u8..5).prop_map(|(mut vars, shape)| {
                // The last two as the value and the count; the value is often a constant. A
                // variable may be counted twice, and the count (as in a magic sequence) or the
                // value may be counted too.
                let count = vars.pop().unwrap_or(0);
                let value = vars.pop().unwrap_or(0);
                match shape {
                    1 => vars.push(vars[0]),
                    2 => vars.push(count),
                    3 => vars.insert(0, value),
                    _ => {}
                }
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
            2 => (distinct(3), -1i32..=1).prop_map(|(vars, except)| Spec::AllDiffExcept { vars, except }),
            2 => (distinct(3), proptest::collection::btree_set(-1i32..5, 1..=3), 0u8..4).prop_map(|(mut vars, set, shape)| {
                // A variable may be counted twice, and the count may be counted too.
                let count = vars.pop().unwrap_or(0);
                match shape {
                    1 => vars.push(vars[0]),
                    2 => vars.push(count),
                    _ => {}
                }
                Spec::Among { count, vars, set: set.into_iter().collect() }
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

/// A count with a variable counted twice, one whose count is counted too (as in a magic
/// sequence) and one whose value is counted too: each gives precise explanations, checked by
/// brute force, on a model made to conflict.
#[test]
fn a_count_over_repeated_variables_is_explained_precisely() {
    let kinds: Vec<(&str, Instance)> = vec![
        (
            "count with a variable twice",
            Instance {
                ints: 0,
                domains: vec![vec![1, 2], vec![1, 2, 3], vec![1, 2], vec![1], vec![1, 2, 3, 4]],
                // x1 counted twice: x0 + 2 x1 + x2 ones make the count, at least two (x1 is
                // needed), x0 and x2 not both ones.
                specs: vec![
                    Spec::Count { vars: vec![0, 1, 1, 2], value: 3, count: 4 },
                    Spec::NotEqual(0, 2),
                    Spec::Linear { terms: vec![(1, 4)], cmp: 2, rhs: 2 },
                ],
            },
        ),
        (
            "count counted (magic sequence)",
            Instance {
                ints: 0,
                domains: vec![vec![0, 1, 2, 3]; 4].into_iter().chain([vec![2], vec![1]]).collect(),
                // s2 = the 2s of s, s1 = the 1s of s: s2 and s1 are counted themselves.
                specs: vec![
                    Spec::Count { vars: vec![0, 1, 2, 3], value: 4, count: 2 },
                    Spec::Count { vars: vec![0, 1, 2, 3], value: 5, count: 1 },
                    Spec::NotEqual(0, 3),
                ],
            },
        ),
        (
            "count of its own value",
            Instance {
                ints: 0,
                domains: vec![vec![0, 1, 2], vec![0, 1, 2], vec![0, 1, 2], vec![0, 1, 2], vec![2, 3]],
                // x0's value occurs two or three times among x0..x3, x0 and x1 differ.
                specs: vec![Spec::Count { vars: vec![0, 1, 2, 3], value: 0, count: 4 }, Spec::NotEqual(0, 1)],
            },
        ),
    ];
    assert_each_kind_explained(
        kinds.into_iter().map(|(kind, inst)| (kind, Instance { ints: inst.domains.len(), ..inst })).collect(),
    );
}

/// An among with a variable counted twice, and one whose count is counted too: each gives
/// precise explanations, checked by brute force, on a model made to conflict.
#[test]
fn an_among_over_repeated_variables_is_explained_precisely() {
    let kinds: Vec<(&str, Instance)> = vec![
        (
            "among with a variable twice",
            Instance {
                ints: 0,
                domains: vec![vec![0, 1, 2], vec![0, 1, 2], vec![0, 1, 2], vec![1, 2, 3]],
                // x1 counted twice: x0 + 2 x1 + x2 in {1, 2} make the count, two or three;
                // x0 and x2 differ.
                specs: vec![
                    Spec::Among { count: 3, vars: vec![0, 1, 1, 2], set: vec![1, 2] },
                    Spec::NotEqual(0, 2),
                    Spec::Linear { terms: vec![(1, 3)], cmp: 2, rhs: 2 },
                ],
            },
        ),
        (
            "among counting its count",
            Instance {
                ints: 0,
                domains: vec![vec![0, 1, 2, 3]; 4],
                // x3 is the number of x0, x1, x2, x3 in {1, 2}; x0 and x1 differ, x2 is not 0.
                specs: vec![
                    Spec::Among { count: 3, vars: vec![0, 1, 2, 3], set: vec![1, 2] },
                    Spec::NotEqual(0, 1),
                    Spec::Linear { terms: vec![(1, 2)], cmp: 2, rhs: 1 },
                ],
            },
        ),
    ];
    assert_each_kind_explained(
        kinds.into_iter().map(|(kind, inst)| (kind, Instance { ints: inst.domains.len(), ..inst })).collect(),
    );
}

/// A magic sequence of length 8 stated with counts (`s[i]` is the number of `i`s in `s`: each
/// count variable is counted too), the smallest weighted sum: a learning search to the
/// optimum explains every change of the counts precisely, failures and emptied domains
/// included (the generic explanation counts none).
#[test]
fn a_magic_sequence_gets_no_generic_explanation() {
    let n = 8;
    let mut m = Model::new();
    let s = m.new_vars(n, 0..=n as Value - 1).unwrap();
    for i in 0..n {
        let value = m.new_var(i as Value..=i as Value).unwrap();
        m.post(CountEq::new(s.clone(), value, s[i])).unwrap();
    }
    let total = m.new_var(0..=1000).unwrap();
    let mut terms: Vec<(Value, VarId)> = s.iter().enumerate().map(|(i, &x)| ((3 * i as Value) % 7 + 1, x)).collect();
    terms.push((-1, total));
    m.post(Linear::new(terms, Comparison::Equal, 0)).unwrap();
    let mut solver = m.into_solver();
    solver.set_learning(true);
    assert!(matches!(solver.minimize(total), csp::solve::Optimum::Optimal(_)));
    let stats = solver.stats();
    assert!(stats.explained_precise > 0 && stats.failures > 10, "{stats}");
    assert_eq!(stats.explained_generic, 0, "{stats}");
}

/// Each structural kind gives precise explanations on a model made to conflict (so that the
/// property tests of the structural models are not vacuous).
#[test]
fn each_structural_kind_is_explained_precisely() {
    let kinds: Vec<(&str, Instance)> = vec![
        (
            "all_different_except",
            Instance {
                ints: 0,
                domains: vec![vec![0, 1, 2]; 4],
                // Four variables over 0..2, pairwise different except 0, summing to at least
                // 5 (at most 1 + 2 can): conflicts only the search finds.
                specs: vec![
                    Spec::AllDiffExcept { vars: vec![0, 1, 2, 3], except: 0 },
                    Spec::Linear { terms: vec![(1, 0), (1, 1), (1, 2), (1, 3)], cmp: 2, rhs: 5 },
                ],
            },
        ),
        (
            "among",
            Instance {
                ints: 0,
                domains: vec![vec![0, 1, 2]; 4].into_iter().chain([vec![2, 3]]).collect(),
                // Two or three of four variables over 0..2 take 1 or 2, and they are pairwise
                // different: conflicts only the search finds.
                specs: vec![
                    Spec::Among { count: 4, vars: vec![0, 1, 2, 3], set: vec![1, 2] },
                    Spec::NotEqual(0, 1),
                    Spec::NotEqual(0, 2),
                    Spec::NotEqual(0, 3),
                    Spec::NotEqual(1, 2),
                    Spec::NotEqual(1, 3),
                    Spec::NotEqual(2, 3),
                ],
            },
        ),
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
    // The objective sums every variable, for more conflicts.
    assert_each_kind_explained(
        kinds.into_iter().map(|(kind, inst)| (kind, Instance { ints: inst.domains.len(), ..inst })).collect(),
    );
}

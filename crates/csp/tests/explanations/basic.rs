//! The basic constraints: element, all-different, clause, reified and plain linear
//! constraints, offset equalities, binary relations, predicates, tables (allowed and
//! forbidden) and arithmetic (times, div, mod, min, max, abs), with disequalities around them
//! for conflicts.

use csp::Value;
use proptest::prelude::*;

use super::audit::assert_each_kind_explained;
use super::spec::{Instance, Spec};

/// A random model of the basic constraints: `n` integer variables (values -1..5) then `k`
/// 0/1 variables.
pub(crate) fn instance() -> impl Strategy<Value = Instance> {
    (4usize..=6, 2usize..=4).prop_flat_map(|(n, k)| {
        let ints = proptest::collection::vec(proptest::collection::btree_set(-1i32..5, 2..=4), n);
        let bools = proptest::collection::vec(prop_oneof![6 => Just(vec![0, 1]), 1 => Just(vec![0]), 1 => Just(vec![1])], k);
        let int = 0..n;
        let boolean = n..n + k;
        let coeff = prop_oneof![-2i32..=-1, 1i32..=2];
        let spec = prop_oneof![
            3 => (int.clone(), proptest::collection::vec(int.clone(), 1..=4), int.clone(), any::<bool>())
                .prop_map(|(index, array, result, bounds)| Spec::Element { index, array, result, bounds }),
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

/// Reified equalities and disequalities (`b <-> sum = c`, one or two terms) over domains with
/// holes, the holes made during the search by disequalities, and clauses over the truth
/// values: `b = 0` is often shown by a hole of the last open term (FlatZinc's `int_eq_reif`
/// of a decomposed count).
pub(crate) fn reified_equality_instance() -> impl Strategy<Value = Instance> {
    (3usize..=5, 2usize..=3).prop_flat_map(|(n, k)| {
        let ints = proptest::collection::vec(proptest::collection::btree_set(-1i32..5, 3..=5), n);
        let bools = proptest::collection::vec(Just(vec![0, 1]), k);
        let (int, boolean) = (0..n, n..n + k);
        let coeff = prop_oneof![Just(-1i32), Just(1), Just(2)];
        let reified = (
            proptest::collection::vec((coeff, int.clone()), 1..=2),
            prop_oneof![Just(0u8), Just(3)],
            -2i32..=6,
            boolean.clone(),
        )
            .prop_map(|(terms, cmp, rhs, b)| Spec::Reified { terms, cmp, rhs, b, half: false, negated: false });
        let spec = prop_oneof![
            4 => reified,
            3 => (int.clone(), int).prop_map(|(a, b)| Spec::NotEqual(a, b)),
            2 => (proptest::collection::vec(boolean.clone(), 1..=3), proptest::collection::vec(boolean, 0..=2))
                .prop_map(|(pos, neg)| Spec::Clause { pos, neg }),
        ];
        (ints, bools, proptest::collection::vec(spec, 4..=9)).prop_map(move |(ints, bools, specs)| {
            let domains: Vec<Vec<Value>> = ints.into_iter().map(|d| d.into_iter().collect()).chain(bools).collect();
            Instance { domains, ints: n, specs }
        })
    })
}

/// Element over constants with a wide index, as a dictionary's word: variable 0 is the index
/// (over 70 to 190 positions, so that its domain spans several blocks of bits, with or
/// without holes, starting off a block's boundary), variables 1 to 3 are the letters read at
/// three places of the word (values 0..=5), variable 4 a small second index onto letter 3;
/// disequalities between the letters make conflicts. (Explanations name a letter value's
/// positions as sets of 64 shifted onto the index's blocks, and an index removal's letters.)
pub(crate) fn wide_element_instance() -> impl Strategy<Value = Instance> {
    let index = prop_oneof![
        (-1i32..=3, 70i32..=190).prop_map(|(lo, hi)| (lo..=hi).collect::<Vec<Value>>()),
        proptest::collection::btree_set(0i32..=190, 70..=120).prop_map(|s| s.into_iter().collect()),
    ];
    let letter = proptest::collection::btree_set(0i32..=5, 3..=6).prop_map(|s| s.into_iter().collect::<Vec<Value>>());
    let array = proptest::collection::vec(0i32..=5, 192);
    (
        index,
        proptest::collection::vec(letter, 3),
        proptest::collection::vec(array, 3),
        proptest::collection::vec(0i32..=5, 4),
        proptest::collection::vec(any::<bool>(), 3),
    )
        .prop_map(|(index, letters, arrays, short, apart)| {
            let mut domains = vec![index];
            domains.extend(letters);
            domains.push(vec![0, 1, 2, 3]);
            let mut specs: Vec<Spec> =
                (0..3).map(|i| Spec::ElementConst { index: 0, values: arrays[i].clone(), result: 1 + i }).collect();
            specs.push(Spec::ElementConst { index: 4, values: short, result: 3 });
            for (on, (a, b)) in apart.iter().zip([(1, 2), (2, 3), (1, 3)]) {
                if *on {
                    specs.push(Spec::NotEqual(a, b));
                }
            }
            Instance { domains, ints: 0, specs }
        })
}

/// The property tests of the basic models can fail: each kind of constraint gives precise
/// explanations on models made to conflict (so that they are not vacuous).
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
                    Spec::Element { index: 0, array: vec![2, 3, 4], result: 1, bounds: false },
                    Spec::NotEqual(1, 2),
                    Spec::NotEqual(1, 3),
                    Spec::NotEqual(1, 4),
                ],
            },
        ),
        (
            "element on bounds",
            Instance {
                ints: 0,
                // The same over ranges, so that the result's and the entries' bounds move.
                domains: vec![vec![0, 1, 2], (0..=6).collect(), vec![0, 1, 2], vec![3, 4], vec![5, 6]],
                specs: vec![
                    Spec::Element { index: 0, array: vec![2, 3, 4], result: 1, bounds: true },
                    Spec::NotEqual(1, 2),
                    Spec::NotEqual(1, 3),
                    Spec::NotEqual(1, 4),
                ],
            },
        ),
        (
            "element over constants",
            Instance {
                ints: 0,
                domains: vec![vec![0, 1, 2, 3], vec![1, 2, 3], vec![1, 2, 3], vec![1, 2, 3], vec![1, 2, 3]],
                // The result and three more variables pairwise different, over three values:
                // no solution, found by search.
                specs: vec![
                    Spec::ElementConst { index: 0, values: vec![1, 2, 3, 1], result: 1 },
                    Spec::NotEqual(1, 2),
                    Spec::NotEqual(1, 3),
                    Spec::NotEqual(1, 4),
                    Spec::NotEqual(2, 3),
                    Spec::NotEqual(2, 4),
                    Spec::NotEqual(3, 4),
                ],
            },
        ),
        (
            "element over constants, a wide index",
            Instance {
                ints: 0,
                // A word of 1..=150 whose letters at two places must differ, with the letters
                // 0..=2 (the array repeats 0, 1, 2, 0, 0, ...), so that every index removal
                // and result removal is spread over three blocks.
                domains: vec![(1..=150).collect(), vec![0, 1, 2], vec![0, 1, 2], vec![0]],
                specs: vec![
                    Spec::ElementConst {
                        index: 0,
                        values: (0..=150).map(|k| [0, 1, 2, 0, 0][k % 5]).collect(),
                        result: 1,
                    },
                    Spec::ElementConst {
                        index: 0,
                        values: (0..=150).map(|k| [0, 0, 1, 2, 1][k % 5]).collect(),
                        result: 2,
                    },
                    Spec::NotEqual(1, 2),
                    Spec::NotEqual(1, 3),
                    Spec::NotEqual(2, 3),
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
    assert_each_kind_explained(kinds);
}

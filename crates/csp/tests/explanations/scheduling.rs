//! The scheduling constraints: cumulative, disjunctive and diffn, on models of their own
//! (start times and sizes in small ranges, with a few disequalities and sums around them for
//! conflicts).

use std::collections::BTreeSet;

use csp::Value;

use proptest::prelude::*;

use super::audit::assert_each_kind_explained;
use super::spec::{Instance, Size, Spec};

/// A random scheduling model: `n` integer variables (values -1..5, often ranges) then `k`
/// 0/1 variables; one to three scheduling constraints and up to three others.
pub(crate) fn instance() -> impl Strategy<Value = Instance> {
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

/// The property tests of the scheduling models can fail: each kind gives precise explanations on models made
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
    assert_each_kind_explained(kinds);
}

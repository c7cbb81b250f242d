//! The rostering constraints: global cardinality (cover requirements), all-different except
//! an "off" value and among, several over one pool of shift variables so that their flows and
//! matchings prune (and fail) in search, with disequalities and sums around them; and among
//! over interval domains, whose explanations are checked by its variables' classes (inside or
//! outside the set) rather than value by value.

use csp::constraints::{AllDifferentExcept, Among, Comparison, GlobalCardinality, Linear, ReifiedLinear};
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
    assert_optimum_explained_precisely(m, &x);
}

/// The same kind of roster with its counts decomposed as Huub's and Pumpkin's libraries do
/// (`b <-> x = s` per nurse, day and shift, and a sum of the `b`): the shifts lose values
/// between their bounds (all-different except off), and `b = 0` for such a hole is explained
/// by the hole (the generic explanation counts none; before, 16,122 of 1.83 million on
/// `benches/roster`'s `roster_3_5_7` so decomposed).
#[test]
fn a_count_decomposed_into_reified_equalities_gets_no_generic_explanation() {
    let (nurses, days) = (4, 4);
    let mut m = Model::new();
    let x: Vec<Vec<VarId>> = (0..nurses).map(|_| m.new_vars(days, 0..=3).unwrap()).collect();
    for d in 0..days {
        for (s, cover) in [(1, 1), (2, 1), (3, 1)] {
            let mut staff: Vec<(Value, VarId)> = Vec::new();
            for row in &x {
                let b = m.new_var(0..=1).unwrap();
                m.post(ReifiedLinear::new([(1, row[d])], Comparison::Equal, s, b)).unwrap();
                staff.push((1, b));
            }
            m.post(Linear::new(staff, Comparison::GreaterOrEqual, cover)).unwrap();
        }
    }
    for row in &x {
        for d in 0..days - 2 {
            m.post(AllDifferentExcept::zero(row[d..d + 3].to_vec())).unwrap();
        }
    }
    assert_optimum_explained_precisely(m, &x);
}

/// Minimises the shifts `x` of a roster model `m`, weighted by seniority (nurse `n` counts
/// `n + 1`), with a learning search to the optimum that must explain every change precisely.
fn assert_optimum_explained_precisely(mut m: Model, x: &[Vec<VarId>]) {
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

/// The largest value of a wide variable: beyond [`csp::domain::INTERVAL_THRESHOLD`], an
/// interval domain.
const WIDE: Value = 70_000;

/// An among over interval domains: `(wide variables, set, bounds)`, each bound
/// `(variable, cmp, rhs)` a `Linear` on one wide variable (`cmp` 0: `<=`, 1: `>=`), and the
/// least number of wide variables inside the set.
pub(crate) type WideAmong = (usize, Vec<Value>, Vec<(usize, bool, Value)>, Value);

/// A random among over two to four interval domains (0..70,000), a set of small values, bounds
/// on the variables and a least count.
pub(crate) fn wide_among() -> impl Strategy<Value = WideAmong> {
    (2usize..=4).prop_flat_map(|m| {
        (
            Just(m),
            proptest::collection::btree_set(0i32..8, 1..=4).prop_map(|s| s.into_iter().collect::<Vec<_>>()),
            proptest::collection::vec((0..m, any::<bool>(), 0i32..10), 0..=4),
            0i32..=2,
        )
    })
}

/// Whether `v` satisfies an audited atom `(variable, lowest, highest, values excluded)`.
fn atom_holds(a: &(VarId, Value, Value, Vec<Value>), v: Value) -> bool {
    (a.1..=a.2).contains(&v) && !a.3.contains(&v)
}

/// Whether some value of `0..=WIDE` (or of `small`, for the count) satisfies every atom of
/// `atoms` and violates `target` (when given), with membership in `set` as asked.
fn wide_value_exists(
    atoms: &[&(VarId, Value, Value, Vec<Value>)],
    target: Option<&(VarId, Value, Value, Vec<Value>)>,
    set: &[Value],
    member: bool,
) -> bool {
    // The least value of every piece of the allowed values is among these.
    let mut points: Vec<Value> = vec![0, WIDE];
    for a in atoms.iter().copied().chain(target) {
        points.extend([a.1, a.2, a.1.saturating_sub(1), a.2.saturating_add(1)]);
        points.extend(a.3.iter().flat_map(|&p| [p - 1, p, p + 1]));
    }
    points.extend(set.iter().flat_map(|&p| [p - 1, p, p + 1]));
    points.into_iter().any(|v| {
        (0..=WIDE).contains(&v)
            && set.contains(&v) == member
            && atoms.iter().all(|a| atom_holds(a, v))
            && target.is_none_or(|t| !atom_holds(t, v))
    })
}

/// Posts `count = among(wide, set)`, `count >= least` and the bounds, minimises the sum of the
/// wide variables with the explanation audit on, and checks each explanation of the among by
/// its variables' classes (inside or outside the set): no assignment within the named atoms
/// violates the change explained (or, for a failure, none exists).
pub(crate) fn wide_among_explanations_hold(inst: &WideAmong) -> Result<(), TestCaseError> {
    let (m, set, bounds, least) = inst;
    let mut model = Model::new();
    let wide: Vec<VarId> = (0..*m).map(|_| model.new_var(0..=WIDE).unwrap()).collect();
    prop_assert!(model.initial_domain(wide[0]).is_interval());
    let count = model.new_var(0..=*m as Value).unwrap();
    model.post(Among::new(count, wide.clone(), set.clone())).unwrap();
    model.post(Linear::new([(1, count)], Comparison::GreaterOrEqual, *least)).unwrap();
    for &(i, le, rhs) in bounds {
        let cmp = if le { Comparison::LessOrEqual } else { Comparison::GreaterOrEqual };
        model.post(Linear::new([(1, wide[i])], cmp, rhs)).unwrap();
    }
    let total = model.new_var(0..=WIDE * 4).unwrap();
    let terms: Vec<(Value, VarId)> = wide.iter().map(|&w| (1, w)).chain([(-1, total)]).collect();
    model.post(Linear::new(terms, Comparison::Equal, 0)).unwrap();
    let mut solver = model.into_solver();
    solver.set_learning(true);
    solver.set_explanation_audit(true);
    let _ = solver.minimize(total);
    for (c, target, reasons) in solver.audited_explanations() {
        if c.index() != 0 {
            continue;
        }
        let on = |x: VarId| reasons.iter().filter(move |r| r.0 == x).collect::<Vec<_>>();
        let target_on = |x: VarId| target.as_ref().filter(|t| t.0 == x);
        // Per wide variable: whether it can be inside the set, outside it.
        let mut classes = Vec::new();
        for &w in &wide {
            let can_in = wide_value_exists(&on(w), target_on(w), set, true);
            let can_out = wide_value_exists(&on(w), target_on(w), set, false);
            classes.push((can_in, can_out));
        }
        let (lo, hi) = (
            classes.iter().filter(|&&(i, o)| i && !o).count() as Value,
            classes.iter().filter(|&&(i, _)| i).count() as Value,
        );
        let counts: Vec<Value> = (0..=*m as Value)
            .filter(|&v| {
                on(count).iter().all(|a| atom_holds(a, v)) && target_on(count).is_none_or(|t| !atom_holds(t, v))
            })
            .collect();
        let possible = classes.iter().all(|&(i, o)| i || o) && counts.iter().any(|&v| lo <= v && v <= hi);
        prop_assert!(!possible, "{target:?} not implied by {reasons:?}");
    }
    Ok(())
}

//! Interval domains: a variable over a large range costs two words, not a bit per value, and
//! solves exactly as a bitset would (holes that constraints would punch are caught when the
//! variable is fixed).

use csp::branching::VarOrder;
use csp::constraints::{AllDifferent, ArithOp, Arithmetic, Comparison, Equal, Linear, NotEqual};
use csp::domain::INTERVAL_THRESHOLD;
use csp::solve::{Optimum, SearchEnd};
use csp::{Model, Solver};

#[test]
fn a_million_values_cost_two_blocks() {
    let mut m = Model::new();
    let x = m.new_var(0..=1_000_000).unwrap();
    let y = m.new_var(0..=1_000_000).unwrap();
    assert!(m.initial_domain(x).is_interval());
    assert_eq!(m.initial_domain(x).len(), 1_000_001);
    // Two blocks per variable instead of 15,626.
    assert!(format!("{m:?}").contains("blocks: 4"), "{m:?}");
    m.post(Linear::new([(1, x), (1, y)], Comparison::Equal, 1_000_000)).unwrap();
    m.post(Linear::new([(1, x), (-1, y)], Comparison::Equal, 2)).unwrap();
    let mut s = Solver::new(m);
    let sol = s.solve();
    let sol = sol.solution().unwrap();
    assert_eq!((sol[x], sol[y]), (500_001, 499_999));
}

#[test]
fn small_ranges_stay_bitsets() {
    let mut m = Model::new();
    let x = m.new_var(0..=(INTERVAL_THRESHOLD as i32 - 1)).unwrap();
    assert!(!m.initial_domain(x).is_interval());
}

#[test]
fn checkpoints_restore_intervals() {
    let mut m = Model::new();
    let x = m.new_var(-500_000..=500_000).unwrap();
    let mut s = Solver::new(m);
    let cp = s.new_checkpoint();
    s.remove_value(x, -500_000).unwrap();
    s.remove_value(x, 7).unwrap(); // inside: not represented
    assert_eq!(s.domain(x).min(), Some(-499_999));
    assert!(s.domain(x).contains(7));
    s.assign(x, 42).unwrap();
    assert_eq!(s.value(x), Some(42));
    s.restore_to(cp);
    assert_eq!((s.domain(x).min(), s.domain(x).max()), (Some(-500_000), Some(500_000)));
    assert!(s.assign(x, 600_000).is_err());
}

#[test]
fn holes_punched_by_constraints_are_caught_when_fixed() {
    // x = y + 100_000 with y in {1, 5, 9}: x keeps the hull 100_001..=100_009 but only three
    // values are solutions, whatever the branching order.
    for order in [VarOrder::Input, VarOrder::default()] {
        let mut m = Model::new();
        let x = m.new_var(0..=200_000).unwrap();
        let y = m.new_var([1, 5, 9]).unwrap();
        let z = m.new_var(100_005..=100_005).unwrap();
        m.post(Equal::with_offset(x, y, 100_000)).unwrap();
        m.post(NotEqual::new(x, z)).unwrap();
        let mut s = Solver::new(m);
        s.set_var_order(order);
        let mut found: Vec<(i32, i32)> = s.solutions().map(|sol| (sol[x], sol[y])).collect();
        found.sort_unstable();
        assert_eq!(found, vec![(100_001, 1), (100_009, 9)]);
    }
}

#[test]
fn counting_over_an_interval_branches_value_by_value() {
    // x - 10_000 y = 5 with y in 0..=9: ten solutions, x branched on first.
    let mut m = Model::new();
    let x = m.new_var(0..=100_000).unwrap();
    let y = m.new_var(0..=9).unwrap();
    m.post(Linear::new([(1, x), (-10_000, y)], Comparison::Equal, 5)).unwrap();
    let mut s = Solver::new(m);
    s.set_var_order(VarOrder::Input);
    let mut it = s.solutions();
    let mut n = 0;
    for sol in it.by_ref() {
        assert_eq!(sol[x], 5 + 10_000 * sol[y]);
        n += 1;
    }
    assert_eq!((n, it.end()), (10, Some(SearchEnd::Exhausted)));
}

#[test]
fn optimisation_over_intervals_proves_the_optimum() {
    // Two factors of 999_999 with the smallest sum: 999 + 1001.
    let mut m = Model::new();
    let x = m.new_var(2..=1_000_000).unwrap();
    let y = m.new_var(2..=1_000_000).unwrap();
    let n = m.new_var(999_999..=999_999).unwrap();
    let sum = m.new_var(4..=2_000_000).unwrap();
    m.post(Arithmetic::new(ArithOp::Div, n, x, y)).unwrap();
    let zero = m.new_var(0..=0).unwrap();
    m.post(Arithmetic::new(ArithOp::Mod, n, x, zero)).unwrap();
    m.post(Linear::new([(1, x), (-1, y)], Comparison::LessOrEqual, 0)).unwrap();
    m.post(Linear::new([(1, x), (1, y), (-1, sum)], Comparison::Equal, 0)).unwrap();
    let mut s = Solver::new(m);
    s.set_var_order(VarOrder::Input);
    match s.minimize(sum) {
        Optimum::Optimal(sol) => {
            assert_eq!((sol[x], sol[y], sol[sum]), (999, 1001, 2000));
            assert_eq!(s.model().check_assignment(sol.values()), Ok(()));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn bit_level_constraints_refuse_intervals() {
    let mut m = Model::new();
    let x = m.new_var(0..=1_000_000).unwrap();
    let y = m.new_var(0..=9).unwrap();
    let e = m.post(AllDifferent::new(vec![x, y])).unwrap_err();
    assert!(e.to_string().contains("interval domain"), "{e}");
}

mod twins {
    //! The same model twice: once with `x` a small bitset `W..=W+6`, once with `x` an interval
    //! `0..=200_000` cut down to that window by a constraint. Both must have the same solutions,
    //! whatever value-level constraints punch holes in `x`.

    use csp::branching::VarOrder;
    use csp::constraints::{Binary, Comparison, Equal, Linear, NotEqual, Predicate};
    use csp::{Model, Value, VarId};
    use proptest::prelude::*;

    const W: Value = 100_000;

    #[derive(Clone, Debug)]
    enum C {
        /// x = y + W + k
        EqualOffset(usize, i32),
        /// x != y + W + k
        NotEqualOffset(usize, i32),
        /// (x - W + y) % m == r
        Relation(usize, i32, i32),
        /// x - W + y + z <= k
        Sum(usize, usize, i32),
        /// x odd or y == z (checked when fixed)
        Condition(usize, usize),
    }

    fn constraint() -> impl Strategy<Value = C> {
        prop_oneof![
            (0usize..3, 0i32..4).prop_map(|(y, k)| C::EqualOffset(y, k)),
            (0usize..3, 0i32..4).prop_map(|(y, k)| C::NotEqualOffset(y, k)),
            (0usize..3, 2i32..4, 0i32..2).prop_map(|(y, m, r)| C::Relation(y, m, r)),
            (0usize..3, 0usize..3, 2i32..10).prop_map(|(y, z, k)| C::Sum(y, z, k)),
            (0usize..3, 0usize..3).prop_map(|(y, z)| C::Condition(y, z)),
        ]
    }

    fn build(interval: bool, cs: &[C]) -> (Model, Vec<VarId>) {
        let mut m = Model::new();
        let x = if interval {
            let x = m.new_var(0..=200_000).unwrap();
            assert!(m.initial_domain(x).is_interval());
            m.post(Linear::new([(1, x)], Comparison::GreaterOrEqual, W)).unwrap();
            m.post(Linear::new([(1, x)], Comparison::LessOrEqual, W + 6)).unwrap();
            x
        } else {
            m.new_var(W..=W + 6).unwrap()
        };
        let ys = m.new_vars(3, 0..=4).unwrap();
        for c in cs {
            match *c {
                C::EqualOffset(y, k) => {
                    m.post(Equal::with_offset(x, ys[y], W + k)).unwrap();
                }
                C::NotEqualOffset(y, k) => {
                    m.post(NotEqual::with_offset(x, ys[y], W + k)).unwrap();
                }
                C::Relation(y, md, r) => {
                    m.post(Binary::new(x, ys[y], move |a, b| (a - W + b) % md == r)).unwrap();
                }
                C::Sum(y, z, k) => {
                    m.post(Linear::new([(1, x), (1, ys[y]), (1, ys[z])], Comparison::LessOrEqual, W + k)).unwrap();
                }
                C::Condition(y, z) => {
                    m.post(Predicate::new(vec![x, ys[y], ys[z]], |v| v[0] % 2 == 1 || v[1] == v[2])).unwrap();
                }
            }
        }
        let mut vars = vec![x];
        vars.extend(ys);
        (m, vars)
    }

    fn solutions(interval: bool, cs: &[C], order: VarOrder) -> Vec<Vec<Value>> {
        let (m, vars) = build(interval, cs);
        let mut s = m.into_solver();
        s.set_var_order(order);
        let mut all: Vec<Vec<Value>> = s.solutions().map(|sol| vars.iter().map(|&v| sol[v]).collect()).collect();
        all.sort();
        all
    }

    proptest! {
        #[test]
        fn interval_and_bitset_twins_have_the_same_solutions(cs in proptest::collection::vec(constraint(), 1..5), input in any::<bool>()) {
            let order = if input { VarOrder::Input } else { VarOrder::default() };
            prop_assert_eq!(solutions(true, &cs, order), solutions(false, &cs, order));
        }
    }
}

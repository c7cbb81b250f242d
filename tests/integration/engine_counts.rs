//! Known solution counts, the same under every propagation strength and heuristic.

use csp::branching::{TieBreak, ValueOrder, VarOrder};
use csp::constraints::{AllDifferent, Strength};
use csp::solve::{CountStatus, SnapshotMode};
use csp::{Model, Solver, VarId};

fn queens(n: usize, strength: Strength) -> (Model, Vec<VarId>) {
    let mut m = Model::new();
    let q = m.new_vars(n, 0..n as i32).unwrap();
    let n32 = n as i32;
    m.post(AllDifferent::new(q.clone()).with_strength(strength)).unwrap();
    m.post(AllDifferent::with_offsets(q.clone(), (0..n32).collect::<Vec<_>>()).with_strength(strength)).unwrap();
    m.post(AllDifferent::with_offsets(q.clone(), (0..n32).map(|i| -i).collect::<Vec<_>>()).with_strength(strength))
        .unwrap();
    (m, q)
}

fn latin(n: usize, strength: Strength) -> Model {
    let mut m = Model::new();
    let cells = m.new_vars(n * n, 1..=n as i32).unwrap();
    for i in 0..n {
        m.post(AllDifferent::new((0..n).map(|j| cells[i * n + j]).collect::<Vec<_>>()).with_strength(strength))
            .unwrap();
        m.post(AllDifferent::new((0..n).map(|j| cells[j * n + i]).collect::<Vec<_>>()).with_strength(strength))
            .unwrap();
    }
    m
}

const STRENGTHS: [Strength; 3] = [Strength::ForwardChecking, Strength::HiddenSingles, Strength::Gac];

fn orders() -> Vec<(VarOrder, ValueOrder)> {
    vec![
        (VarOrder::Input, ValueOrder::Ascending),
        (VarOrder::Mrv(TieBreak::First), ValueOrder::Ascending),
        (VarOrder::Mrv(TieBreak::MaxDegree), ValueOrder::Descending),
        (VarOrder::Mrv(TieBreak::Random), ValueOrder::Random),
    ]
}

/// Counts every solution of `model` under one configuration and checks each one against the
/// model's constraints (their `is_satisfied`, independent of propagation).
fn count_checked(model_fn: &dyn Fn() -> Model, var: VarOrder, val: ValueOrder, snapshots: SnapshotMode) -> u64 {
    let mut solver = Solver::new(model_fn());
    solver.set_snapshot_mode(snapshots);
    solver.set_var_order(var);
    solver.set_value_order(val);
    solver.set_seed(7);
    let mut n = 0;
    let mut it = solver.solutions();
    for s in it.by_ref() {
        n += 1;
        assert!(model_fn().check_assignment(s.values()).is_ok(), "solution {s:?} violates a constraint");
    }
    assert_eq!(it.end(), Some(csp::solve::SearchEnd::Exhausted));
    n
}

#[test]
fn queens_counts_are_known_under_every_strength_and_order() {
    for (n, expected) in [(1, 1), (2, 0), (3, 0), (4, 2), (5, 10), (6, 4), (8, 92)] {
        for s in STRENGTHS {
            for (var, val) in orders() {
                for mode in [SnapshotMode::Copy, SnapshotMode::Trail] {
                    let got = count_checked(&|| queens(n, s).0, var, val, mode);
                    assert_eq!(got, expected, "{n}-queens with {s:?} {var:?} {val:?} {mode:?}");
                }
            }
        }
    }
}

#[test]
fn ten_queens_has_724_solutions() {
    for s in STRENGTHS {
        let mut solver = Solver::new(queens(10, s).0);
        let c = solver.count_solutions(u64::MAX);
        assert_eq!((c.count, c.status), (724, CountStatus::Complete), "{s:?}");
    }
}

#[test]
fn latin_squares_of_order_4_number_576() {
    for s in STRENGTHS {
        for (var, val) in orders() {
            let got = count_checked(&|| latin(4, s), var, val, SnapshotMode::Auto);
            assert_eq!(got, 576, "{s:?} {var:?} {val:?}");
        }
    }
}

#[test]
fn count_stops_at_the_maximum_and_says_so() {
    let mut solver = Solver::new(queens(8, Strength::HiddenSingles).0);
    let c = solver.count_solutions(10);
    assert_eq!((c.count, c.status), (10, CountStatus::MaxReached));
    // The solver is back at its starting state: a full count still finds all of them.
    assert_eq!(solver.count_solutions(u64::MAX).count, 92);
}

#[test]
fn same_seed_gives_the_same_search() {
    let run = |seed| {
        let mut solver = Solver::new(queens(12, Strength::HiddenSingles).0);
        solver.set_var_order(VarOrder::Mrv(TieBreak::Random));
        solver.set_value_order(ValueOrder::Random);
        solver.set_seed(seed);
        let c = solver.count_solutions(50);
        (c.count, solver.stats().nodes, solver.stats().prunings)
    };
    assert_eq!(run(1), run(1));
    assert_eq!(run(99), run(99));
}

#[test]
fn thousand_queens_first_solution_is_valid() {
    let (model, q) = queens(1000, Strength::ForwardChecking);
    let mut solver = Solver::new(model);
    assert!(solver.is_trailing(), "a 1000-queens state is large enough to trail");
    let outcome = solver.solve();
    let s = outcome.solution().expect("1000-queens has solutions");
    assert!(solver.model().check_assignment(s.values()).is_ok());
    let mut rows: Vec<i32> = q.iter().map(|&v| s[v]).collect();
    rows.sort_unstable();
    assert_eq!(rows, (0..1000).collect::<Vec<_>>());
}

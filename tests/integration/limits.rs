//! Limits (`max_nodes`, `timeout`, the cancel flag) on pathological inputs: the outcome is
//! always "limit reached", never a wrong "no solution", and node limits are exact.
//!
//! No assertion here depends on timing: a timeout test checks the outcome, and waits for the
//! search on a channel with a generous bound only so that a hang fails instead of blocking
//! the suite. The measured overshoot of time limits is in docs/robustness.md.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Duration;

use csp::constraints::{NotEqual, Strength};
use csp::solve::{CountStatus, Limit};
use csp::{Limits, Model, Outcome as CspOutcome};
use sudoku::{Grid, Outcome, Shape, Solver, TieBreak, Uniqueness, VarOrder};

const STRENGTHS: [Strength; 3] = [Strength::ForwardChecking, Strength::HiddenSingles, Strength::Gac];

/// A 16x16 puzzle with 15 givens and no solution, whose contradiction no propagation strength
/// sees before deep in the search (measured: 1.5 M nodes with forward checking, 1 M with
/// hidden singles and 8,000 with GAC in 3 s, none finished). Locked candidates (the CLI
/// default) see it at the root: the argument below is theirs.
///
/// Why it has no solution: rows 2-4, 6-8 and 10-12 hold a 1 (given), so column 3 can only
/// hold its 1 in rows 1, 5, 9 or 13-16; rows 1, 5 and 9 have other givens in column 3, which
/// leaves rows 13-16, that is box 13. The same holds for column 4, and box 13 cannot hold two
/// 1s. [`deep_contradiction_has_no_solution_by_counting`] checks this argument in code.
const DEEP_16: &str = "..23................1...................1...................1.....45.................1...................1...................1....67..................1...................1...................1.................................................................";

/// A 4x4 puzzle with one solution ([`UNIQUE_4X4_SOLUTION`]).
const UNIQUE_4X4: &str = "...3..4114..3...";
const UNIQUE_4X4_SOLUTION: &str = "4123234114323214";

/// A 25x25 grid with five givens: astronomically many solutions.
fn almost_empty_25() -> Grid {
    let mut line = vec![b'.'; 625];
    for (k, d) in b"12345".iter().enumerate() {
        line[k * 26] = *d;
    }
    Grid::from_line(std::str::from_utf8(&line).expect("ASCII")).expect("a valid 25x25 puzzle")
}

fn deep_16() -> Grid {
    Grid::from_line(DEEP_16).expect("a valid 16x16 puzzle")
}

/// The node limit that keeps each search short: GAC nodes cost the most.
fn nodes_for(strength: Strength) -> u64 {
    if strength == Strength::Gac {
        150
    } else {
        2_000
    }
}

#[test]
fn deep_contradiction_has_no_solution_by_counting() {
    // The argument in the doc of DEEP_16, on the text, without the solver.
    let cells: Vec<u8> = DEEP_16.bytes().collect();
    let at = |r: usize, c: usize| cells[r * 16 + c];
    let rows_with_1: Vec<usize> = (0..16).filter(|&r| (0..16).any(|c| at(r, c) == b'1')).collect();
    for col in [2, 3] {
        assert!((0..16).all(|r| at(r, col) != b'1'));
        let free: Vec<usize> = (0..16).filter(|&r| !rows_with_1.contains(&r) && at(r, col) == b'.').collect();
        assert_eq!(free, vec![12, 13, 14, 15], "column {}: its 1 can only go in box 13", col + 1);
    }
}

#[test]
fn a_node_limit_on_a_deep_contradiction_is_exact_and_reports_limit() {
    let puzzle = deep_16();
    for strength in STRENGTHS {
        for order in [VarOrder::Mrv(TieBreak::First), VarOrder::Input] {
            // In input order, hidden singles and GAC meet the contradiction at the first
            // decision (and rightly answer "no solution"): only forward checking goes deep.
            if order == VarOrder::Input && strength != Strength::ForwardChecking {
                continue;
            }
            let max = nodes_for(strength);
            let mut solver = Solver::with_strength(Shape::SIZE_16, strength);
            solver.set_var_order(order);
            solver.set_limits(Limits { max_nodes: Some(max), ..Limits::default() });
            let what = format!("{strength:?} {order:?}");
            assert_eq!(solver.solve_unique(&puzzle), Uniqueness::LimitReached(Limit::Nodes), "{what}");
            assert_eq!(solver.stats().nodes, max, "{what}");
            assert_eq!(solver.solve(&puzzle), Outcome::LimitReached(Limit::Nodes), "{what}");
            assert_eq!(solver.stats().nodes, max, "{what}");
            let count = solver.count_solutions_up_to(&puzzle, 1_000_000);
            assert_eq!((count.count, count.status), (0, CountStatus::LimitReached(Limit::Nodes)), "{what}");
            assert_eq!(solver.stats().nodes, max, "{what}");
            assert!(solver.stats().failures > 0, "{what}: the search did meet conflicts");
        }
    }
}

#[test]
fn a_node_limit_stops_counting_an_almost_empty_25x25_grid_exactly() {
    let puzzle = almost_empty_25();
    for strength in STRENGTHS {
        let max = nodes_for(strength);
        let mut solver = Solver::with_strength(Shape::SIZE_25, strength);
        solver.set_limits(Limits { max_nodes: Some(max), ..Limits::default() });
        let count = solver.count_solutions_up_to(&puzzle, 1_000_000);
        assert_eq!(count.status, CountStatus::LimitReached(Limit::Nodes), "{strength:?}");
        assert_eq!(solver.stats().nodes, max, "{strength:?}");
        // The solutions found before the limit are real ones.
        let found = solver.solutions_up_to(&puzzle, 3);
        assert!(found.grids.iter().all(|g| g.is_solution_of(&puzzle)), "{strength:?}");
    }
}

/// Runs `search` on another thread and waits for it, failing (instead of hanging the suite)
/// if it has not returned after a minute.
fn within_a_minute<T: Send + 'static>(what: &str, search: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(search());
    });
    rx.recv_timeout(Duration::from_secs(60)).unwrap_or_else(|e| panic!("{what}: the search did not stop ({e})"))
}

#[test]
fn a_timeout_stops_a_count_of_an_almost_empty_25x25_grid_with_limit() {
    for strength in STRENGTHS {
        let count = within_a_minute("25x25 count", move || {
            let mut solver = Solver::with_strength(Shape::SIZE_25, strength);
            solver.set_limits(Limits { timeout: Some(Duration::from_millis(100)), ..Limits::default() });
            solver.count_solutions_up_to(&almost_empty_25(), 1_000_000)
        });
        assert_eq!(count.status, CountStatus::LimitReached(Limit::Time), "{strength:?}");
        assert!(count.count < 1_000_000);
    }
}

#[test]
fn a_timeout_on_a_deep_contradiction_reports_limit_not_unsolvable() {
    for strength in STRENGTHS {
        let answer = within_a_minute("deep 16x16", move || {
            let mut solver = Solver::with_strength(Shape::SIZE_16, strength);
            solver.set_limits(Limits { timeout: Some(Duration::from_millis(100)), ..Limits::default() });
            solver.solve_unique(&deep_16())
        });
        assert_eq!(answer, Uniqueness::LimitReached(Limit::Time), "{strength:?}");
    }
}

#[test]
fn a_cancel_flag_set_before_the_search_stops_it_before_any_node() {
    let flag = Arc::new(AtomicBool::new(true));
    let mut solver = Solver::new(Shape::SIZE_16);
    solver.set_limits(Limits { cancel: Some(flag), ..Limits::default() });
    assert_eq!(solver.solve_unique(&deep_16()), Uniqueness::LimitReached(Limit::Cancelled));
    assert_eq!(solver.stats().nodes, 0);
}

#[test]
fn a_cancel_flag_set_from_another_thread_stops_a_running_search() {
    for strength in STRENGTHS {
        let flag = Arc::new(AtomicBool::new(false));
        let theirs = Arc::clone(&flag);
        let (started_tx, started_rx) = mpsc::channel();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut solver = Solver::with_strength(Shape::SIZE_25, strength);
            solver.set_limits(Limits { cancel: Some(theirs), ..Limits::default() });
            let _ = started_tx.send(());
            let _ = tx.send(solver.count_solutions_up_to(&almost_empty_25(), u64::MAX));
        });
        started_rx.recv().expect("the search thread starts");
        std::thread::sleep(Duration::from_millis(20));
        flag.store(true, Ordering::Relaxed);
        let count = rx.recv_timeout(Duration::from_secs(60)).expect("the search stops once cancelled");
        assert_eq!(count.status, CountStatus::LimitReached(Limit::Cancelled), "{strength:?}");
    }
}

#[test]
fn engine_limits_on_a_pigeonhole_that_forward_checking_cannot_see() {
    // 13 variables over 12 values, pairwise different: no solution, but forward checking
    // only finds out after fixing 11 of them, in each of the 12! orders.
    let mut model = Model::new();
    let x = model.new_vars(13, 1..=12).expect("variables");
    for i in 0..x.len() {
        for j in i + 1..x.len() {
            model.post(NotEqual::new(x[i], x[j])).expect("constraint");
        }
    }
    let mut solver = model.into_solver();
    solver.set_limits(Limits { max_nodes: Some(10_000), ..Limits::default() });
    assert_eq!(solver.solve(), CspOutcome::LimitReached(Limit::Nodes));
    assert_eq!(solver.stats().nodes, 10_000);
    let count = solver.count_solutions(1);
    assert_eq!((count.count, count.status), (0, CountStatus::LimitReached(Limit::Nodes)));
    solver.set_limits(Limits { timeout: Some(Duration::from_millis(50)), ..Limits::default() });
    let outcome = within_a_minute("pigeonhole", move || solver.solve());
    assert_eq!(outcome, CspOutcome::LimitReached(Limit::Time));
}

#[test]
fn a_timeout_too_long_for_the_clock_means_no_timeout() {
    // Regression: `Instant::now() + timeout` panicked ("overflow when adding duration to
    // instant"); `--timeout 1e19` aborted the CLI with SIGABRT.
    let puzzle = Grid::from_line(UNIQUE_4X4).expect("a valid 4x4 puzzle");
    let mut solver = Solver::new(Shape::SIZE_4);
    solver.set_limits(Limits { timeout: Some(Duration::MAX), ..Limits::default() });
    assert!(matches!(solver.solve_unique(&puzzle), Uniqueness::Unique(_)));
    let o = crate::sudoku_cli::run(&["-", "--format", "line", "--timeout", "1e19"], UNIQUE_4X4.as_bytes());
    assert_eq!((crate::sudoku_cli::code(&o), crate::sudoku_cli::stdout(&o)), (0, format!("{UNIQUE_4X4_SOLUTION}\n")));
}

#[test]
fn the_cli_reports_limit_with_exit_5_on_pathological_inputs() {
    use crate::sudoku_cli::{code, run, stderr, stdout};
    let empty_25 = almost_empty_25().to_line();
    let o = run(&["-", "--format", "line", "--count", "1000000", "--timeout", "0.2"], empty_25.as_bytes());
    assert_eq!((code(&o), stdout(&o).as_str()), (5, "limit\n"), "{}", stderr(&o));
    // Locked candidates (the CLI default) see DEEP_16's contradiction at the root; hidden
    // singles do not.
    let o =
        run(&["-", "--format", "line", "--propagation", "hidden", "--max-nodes", "500", "--stats"], DEEP_16.as_bytes());
    assert_eq!((code(&o), stdout(&o).as_str()), (5, "limit\n"));
    assert!(stderr(&o).contains("stats: nodes=500 "), "{}", stderr(&o));
    let o = run(&["-", "--propagation", "fc", "--timeout", "0.1"], DEEP_16.as_bytes());
    assert_eq!(code(&o), 5);
    assert!(stdout(&o).contains("stopped by the time limit (--timeout)"), "{}", stdout(&o));
    // In a batch, each puzzle gets its own limit and the batch completes.
    let input = format!("{DEEP_16}\n{empty_25}\n{UNIQUE_4X4}\n");
    let o = run(&["--batch", "--propagation", "hidden", "--count", "1000000", "--max-nodes", "300"], input.as_bytes());
    assert_eq!((code(&o), stdout(&o).as_str()), (0, "limit\nlimit\n1\n"));
    assert!(stderr(&o).contains("limit=2"), "{}", stderr(&o));
}

//! Non-linear arithmetic on wide domains answered by propagation, not by trying values one by
//! one (issue 35's cases, first reported against Gecode): the node and failure counts of the
//! first solution, each solution checked by `flatzinc::check`.

use csp::Solver;
use flatzinc::{check, named_values, parse, translate};

/// The first solution of `text`, its value of `var`, and the search's nodes and failures.
fn first(text: &str, var: &str) -> (i64, u64, u64) {
    let ast = parse(text).unwrap();
    let mut t = translate(&ast, false).unwrap();
    let mut solver = Solver::new(std::mem::take(&mut t.model));
    let s = solver.solutions().next().expect("a solution");
    let values = named_values(&t, &s);
    check(&ast, &values).unwrap_or_else(|e| panic!("{e}: {values:?}"));
    (values[var], solver.stats().nodes, solver.stats().failures)
}

#[test]
fn int_div_by_a_constant_is_answered_at_the_root() {
    // Before: UNKNOWN after 6.4 M failures.
    let (x, nodes, failures) =
        first("var int: x :: output_var;\nconstraint int_div(x, 1000, 5);\nsolve satisfy;\n", "x");
    assert_eq!((x, nodes, failures), (5000, 1, 0));
}

#[test]
fn int_mod_by_a_constant_is_answered_at_the_root() {
    let (x, nodes, failures) = first("var int: x :: output_var;\nconstraint int_mod(x, 7, 3);\nsolve satisfy;\n", "x");
    assert_eq!((x, nodes, failures), (3, 1, 0));
}

#[test]
fn a_square_bounded_below_is_answered_at_the_root() {
    // MiniZinc flattens `x * x >= 50` so: the square's root is within ±46340 (32 bits).
    let text = "var int: x :: output_var;
var int: X_INTRODUCED_0_ :: var_is_introduced :: is_defined_var;
constraint int_le(50, X_INTRODUCED_0_);
constraint int_times(x, x, X_INTRODUCED_0_) :: defines_var(X_INTRODUCED_0_);
solve satisfy;
";
    let (x, nodes, failures) = first(text, "x");
    assert_eq!((x, nodes, failures), (-46_340, 1, 0));
}

#[test]
fn an_hour_of_the_day_is_found_in_one_node() {
    // Before: 25,202 nodes (Gecode: 2).
    let (t, nodes, failures) =
        first("var 0..43199: t :: output_var;\nconstraint int_div(t, 3600, 7);\nsolve satisfy;\n", "t");
    assert_eq!((t, nodes, failures), (25_200, 1, 0));
}

#[test]
fn forty_timestamps_with_div_and_mod_need_few_failures() {
    // benches/mzn/timestamps.mzn flattened for fzn-csp (crates/flatzinc/mznlib, MiniZinc 2.6.4).
    let text = include_str!("fzn/timestamps_40.fzn");
    let ast = parse(text).unwrap();
    let mut t = translate(&ast, false).unwrap();
    let mut solver = Solver::new(std::mem::take(&mut t.model));
    let s = solver.solutions().next().expect("a solution");
    check(&ast, &named_values(&t, &s)).unwrap();
    let stats = solver.stats();
    assert!(stats.nodes <= 110 && stats.failures <= 5, "{} nodes, {} failures", stats.nodes, stats.failures);
}

//! `all_different_int` honours MiniZinc's consistency annotations: `:: domain` asks for
//! generalised arc consistency, which the default (hidden singles) does not reach here.
//! `array_var_int_element` honours `:: domain` and `:: bounds` over the default chosen by the
//! width of the result's domain.

use csp::Solver;
use flatzinc::{parse, translate};

/// The values left in `x3` after root propagation of `all_different([x1, x2, x3, x4])` with
/// `x1, x2` in 1..2 and `x3, x4` in 1..4, under `annotation`.
fn x3_after_root(annotation: &str) -> Vec<i32> {
    let text = format!(
        "var 1..2: x1;\nvar 1..2: x2;\nvar 1..4: x3;\nvar 1..4: x4;\n\
         constraint fzn_all_different_int([x1, x2, x3, x4]){annotation};\nsolve satisfy;\n"
    );
    let ast = parse(&text).unwrap();
    let mut t = translate(&ast, false).unwrap();
    let (_, flatzinc::Elem::Var(x3)) = t.names.iter().find(|(n, _)| n == "x3").unwrap().clone() else {
        panic!("x3 is a variable")
    };
    let mut solver = Solver::new(std::mem::take(&mut t.model));
    solver.propagate().unwrap();
    solver.domain(x3).to_vec()
}

#[test]
fn domain_consistency_removes_the_pair_s_values() {
    // {x1, x2} use up 1 and 2 (a Hall set): only GAC sees it before search.
    assert_eq!(x3_after_root(" :: domain"), vec![3, 4]);
}

#[test]
fn without_the_annotation_the_default_strength_keeps_them() {
    assert_eq!(x3_after_root(""), vec![1, 2, 3, 4]);
    assert_eq!(x3_after_root(" :: value"), vec![1, 2, 3, 4]);
}

/// The values left in the result `r` of `array_var_int_element(i, [a, b], r)` after root
/// propagation, with `a` in {1, 5}, `b` in {3, 9}, `r` in `result`, under `annotation`.
fn element_result_after_root(result: &str, annotation: &str) -> Vec<i32> {
    let text = format!(
        "var 1..2: i;\nvar {{1, 5}}: a;\nvar {{3, 9}}: b;\nvar {result}: r;\n\
         constraint array_var_int_element(i, [a, b], r){annotation};\nsolve satisfy;\n"
    );
    let ast = parse(&text).unwrap();
    let mut t = translate(&ast, false).unwrap();
    let (_, flatzinc::Elem::Var(r)) = t.names.iter().find(|(n, _)| n == "r").unwrap().clone() else {
        panic!("r is a variable")
    };
    let mut solver = Solver::new(std::mem::take(&mut t.model));
    solver.propagate().unwrap();
    solver.domain(r).to_vec()
}

#[test]
fn element_follows_its_annotation_over_the_default() {
    // A narrow result: domain consistency by default, bounds when asked.
    assert_eq!(element_result_after_root("0..9", ""), vec![1, 3, 5, 9]);
    assert_eq!(element_result_after_root("0..9", " :: bounds"), (1..=9).collect::<Vec<_>>());
    // A wide result: bounds by default, domain consistency when asked.
    assert_eq!(element_result_after_root("0..199", ""), (1..=9).collect::<Vec<_>>());
    assert_eq!(element_result_after_root("0..199", " :: domain"), vec![1, 3, 5, 9]);
}

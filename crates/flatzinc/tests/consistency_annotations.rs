//! `all_different_int` honours MiniZinc's consistency annotations: `:: domain` asks for
//! generalised arc consistency, which the default (hidden singles) does not reach here.

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

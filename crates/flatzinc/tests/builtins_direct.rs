//! The native FlatZinc built-ins that the test models' flattenings never emit (MiniZinc
//! rewrites `int_lt`, `bool_and`, `int_plus`, ... into others): `tests/fzn/builtins_direct.fzn`
//! calls each of them directly, and every solution of ours, checked by `flatzinc::check`, is
//! counted against Gecode's count for the same file (36: `fzn-gecode -a`, Gecode 6.2.0,
//! 2026-11-27). `int_pow`, which Gecode's FlatZinc interpreter does not register, is checked
//! against brute force with the other arithmetic (crates/csp/src/constraints/arith.rs).

use std::collections::HashSet;

use csp::solve::SearchEnd;
use csp::Solver;
use flatzinc::{check, format_solution, named_values, parse, translate};

#[test]
fn the_built_ins_no_flattening_emits_give_gecode_s_count() {
    let text = include_str!("fzn/builtins_direct.fzn");
    let ast = parse(text).unwrap();
    let mut t = translate(&ast, false).unwrap();
    for b in [
        "array_bool_xor",
        "bool_and",
        "bool_or",
        "bool_clause_reif",
        "bool_le",
        "bool_le_reif",
        "bool_lin_le",
        "int_lt",
        "int_lt_reif",
        "array_int_maximum",
        "array_int_minimum",
        "int_plus",
    ] {
        assert!(text.contains(&format!("constraint {b}(")), "{b} is called");
    }
    let mut solver = Solver::new(std::mem::take(&mut t.model));
    let mut printed = HashSet::new();
    let mut it = solver.solutions();
    for s in it.by_ref() {
        check(&ast, &named_values(&t, &s)).unwrap_or_else(|e| panic!("{e}"));
        printed.insert(format_solution(&t.output, &s));
    }
    assert_eq!(it.end(), Some(SearchEnd::Exhausted));
    assert_eq!(printed.len(), 36);
}

//! Unsupported and ill-formed input: an error naming the construct and its line, never an
//! answer.

use flatzinc::{parse, translate, Error, Pos};

fn translate_err(text: &str) -> Error {
    let ast = parse(text).unwrap();
    translate(&ast, false).unwrap_err()
}

#[test]
fn float_variables_are_unsupported_with_their_line() {
    let e = translate_err("var 1..3: x;\nvar 0.0..1.0: f;\nsolve satisfy;\n");
    assert!(matches!(e, Error::Unsupported { pos: Pos { line: 2, .. }, .. }), "{e:?}");
    assert!(e.to_string().contains("float variable 'f'"), "{e}");
}

#[test]
fn set_variables_are_unsupported_with_their_line() {
    let e = translate_err("var 1..3: x;\n\nvar set of 1..3: s;\nsolve satisfy;\n");
    assert_eq!(e.to_string(), "line 3, column 1: unsupported: set variable 's'");
}

#[test]
fn unknown_builtins_are_named() {
    let e = translate_err("var 1..3: x;\nconstraint int_frobnicate(x, 2);\nsolve satisfy;\n");
    assert_eq!(e.to_string(), "line 2, column 1: unsupported: unknown built-in 'int_frobnicate'");
    let e = translate_err("var 1..3: x;\nconstraint float_lin_le([1.0], [x], 2.0);\nsolve satisfy;\n");
    assert!(e.to_string().contains("float constraint 'float_lin_le'"), "{e}");
}

#[test]
fn unknown_identifiers_and_wrong_arities_are_invalid() {
    let e = translate_err("var 1..3: x;\nconstraint int_le(x, y);\nsolve satisfy;\n");
    assert_eq!(e.to_string(), "line 2, column 1: unknown identifier 'y'");
    let e = translate_err("var 1..3: x;\nconstraint int_le(x);\nsolve satisfy;\n");
    assert!(e.to_string().contains("takes 2 arguments, not 1"), "{e}");
}

#[test]
fn unbounded_variables_get_inferred_bounds_or_the_widest_interval() {
    // y = 2x + 1 bounds y.
    let ok =
        "var 0..5: x;\nvar int: y :: output_var;\nconstraint int_lin_eq([2, -1], [x, y], -1);\nsolve maximize y;\n";
    let mut out = Vec::new();
    flatzinc::run(ok, &flatzinc::Options::default(), &mut out, std::io::sink()).unwrap();
    assert_eq!(String::from_utf8(out).unwrap(), "y = 11;\n----------\n==========\n");
    // Without inferable bounds: the widest interval, and y <= 3 holds in the solution.
    let text = "var int: y :: output_var;\nconstraint int_le(y, 3);\nsolve satisfy;\n";
    let mut out = Vec::new();
    let status = flatzinc::run(text, &flatzinc::Options::default(), &mut out, std::io::sink()).unwrap();
    assert_eq!(status, flatzinc::Status::Satisfied);
    let out = String::from_utf8(out).unwrap();
    let y: i64 = out.trim_start_matches("y = ").split(';').next().unwrap().parse().unwrap();
    assert!((i64::from(csp::domain::MIN_INTERVAL_VALUE)..=3).contains(&y), "{out}");
}

#[test]
fn a_domain_wider_than_2_pow_28_is_an_interval_and_beyond_the_limits_an_error() {
    let ast = parse("var -2000000000..2000000000: x;\nsolve satisfy;\n").unwrap();
    let t = translate(&ast, false).unwrap();
    let x = t.model.vars().next().unwrap();
    assert!(t.model.initial_domain(x).is_interval());
    assert_eq!(t.model.initial_domain(x).len(), 4_000_000_001);
    let e = translate_err("var 0..2147483647: x;\nsolve satisfy;\n");
    assert!(e.to_string().starts_with("line 1, column 1: the domain 0..2147483647 of 'x' reaches beyond"), "{e}");
}

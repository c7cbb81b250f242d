//! Hostile FlatZinc (inputs the fuzz targets `fzn_parse` and `fzn_translate` found or aim at,
//! docs/robustness.md): a clear error with line and column, never a panic or an abort.

use flatzinc::{parse, Error, Pos};

#[test]
fn deeply_nested_arrays_are_an_error_not_a_stack_overflow() {
    let text = format!("array [1..1] of int: a =\n  {};\nsolve satisfy;\n", "[".repeat(200_000));
    let e = parse(&text).unwrap_err();
    assert!(matches!(e, Error::Syntax { .. }), "{e:?}");
    // The 101st '[' (column 3 is the first) is one level too deep.
    assert_eq!(e.pos(), Pos { line: 2, column: 103 });
    assert_eq!(e.to_string(), "line 2, column 103: syntax error: expressions nested deeper than 100 levels");
    let calls = format!("solve :: {}x{} satisfy;\n", "f(".repeat(150), ")".repeat(150));
    assert!(parse(&calls).unwrap_err().to_string().contains("nested deeper than 100 levels"));
}

#[test]
fn nesting_within_the_limit_is_read() {
    // 99 arrays and the integer inside: 100 expressions, one inside the other.
    let nested = |n: usize| format!("array [1..1] of int: a = {}1{};\nsolve satisfy;\n", "[".repeat(n), "]".repeat(n));
    let ast = parse(&nested(99)).unwrap();
    assert_eq!(ast.decls.len(), 1);
    assert!(parse(&nested(100)).is_err());
}

#[test]
fn the_extreme_integers_are_read_and_one_beyond_is_an_error() {
    let ast = parse("int: lo = -9223372036854775808;\nint: hi = 9223372036854775807;\nsolve satisfy;\n").unwrap();
    assert_eq!(ast.decls[0].value, Some(flatzinc::ast::Expr::Int(i64::MIN)));
    assert_eq!(ast.decls[1].value, Some(flatzinc::ast::Expr::Int(i64::MAX)));
    let e = parse("int: lo = -9223372036854775809;\nsolve satisfy;\n").unwrap_err();
    assert_eq!(e.to_string(), "line 1, column 11: syntax error: invalid integer '-9223372036854775809'");
    let e = parse("int: hi =\n 9223372036854775808;\nsolve satisfy;\n").unwrap_err();
    assert_eq!(e.to_string(), "line 2, column 2: syntax error: invalid integer '9223372036854775808'");
}

/// Found by `fzn_translate`: a variable declared twice was translated with the second domain,
/// and the solution printed broke the first one.
#[test]
fn a_name_declared_twice_is_an_error_at_the_second_declaration() {
    let text = "var 0..1: x;\nvar 1..6: y;\n  var 7..12: x;\nconstraint int_le(x, y);\nsolve satisfy;\n";
    let e = parse(text).unwrap_err();
    assert!(matches!(e, Error::Invalid { .. }), "{e:?}");
    assert_eq!(e.to_string(), "line 3, column 3: 'x' is declared twice (first at line 1, column 1)");
    let e = parse("array [1..1] of int: a = [1];\nint: a = 2;\nsolve satisfy;\n").unwrap_err();
    assert_eq!(e.to_string(), "line 2, column 1: 'a' is declared twice (first at line 1, column 1)");
}

/// The shape of the fuzzer's input (a mutated checked-in model in which an introduced variable
/// is declared again further down, then used in an array) is refused.
#[test]
fn the_fuzzed_model_with_a_redeclared_variable_is_refused() {
    let text = "var 0..1: X_INTRODUCED_12_ ::var_is_introduced :: is_defined_var;\n\
                var 7..12: X_INTRODUCED_12_ ::var_is_introduced :: is_defined_var;\n\
                array [1..1] of var int: a = [X_INTRODUCED_12_];\nsolve satisfy;\n";
    let e = parse(text).unwrap_err();
    assert_eq!(e.pos(), Pos { line: 2, column: 1 });
}

/// Found by `fzn_parse`: a backslash at the end of a line inside a string escaped the line's
/// end, so the string ran on and the error's column counted characters of the next line.
#[test]
fn a_string_ends_on_its_line_even_after_a_backslash() {
    let e = parse("solve :: f(\"ab\\\n\") satisfy;\n").unwrap_err();
    assert_eq!(e.to_string(), "line 1, column 12: syntax error: unterminated string");
    // The fuzzer's input, byte for byte.
    let e = parse("t\"\\\\\\\\\\]\\\\\\\\\\\\L\\\nsolve\"\\\\\\\\\\\\\\\\\\\\\\\\\\\"\\\\\\\\").unwrap_err();
    assert_eq!(e.to_string(), "line 1, column 2: syntax error: unterminated string");
}

/// Found by `fzn_translate`: a parameter array with a float and one element short was accepted
/// (unused, it reached no constraint), and the checker could not evaluate the model.
#[test]
fn parameter_arrays_are_checked_for_their_length_and_type() {
    let translate_err = |text: &str| flatzinc::translate(&parse(text).unwrap(), false).unwrap_err().to_string();
    let e = translate_err("array [1..5] of int: a = [2, 3, 1, 0.5];\nsolve satisfy;\n");
    assert_eq!(e, "line 1, column 1: 'a' needs an array of 5 elements");
    let e = translate_err("var 0..3: x;\n  array [1..2] of int: a = [2, 0.5];\nsolve satisfy;\n");
    assert_eq!(e, "line 2, column 3: 'a' is not a float declaration but has a float value");
    let e = translate_err("int: c = 0.5;\nsolve satisfy;\n");
    assert_eq!(e, "line 1, column 1: 'c' is not a float declaration but has a float value");
}

/// Found by `fzn_translate`: a `global_cardinality` whose cover lists a value twice gave a
/// solution that broke it (the engine's constraint takes distinct values). All solutions are
/// now those of the definition, checked by `flatzinc::check`, and counted against brute force.
#[test]
fn global_cardinality_with_a_value_listed_twice_keeps_its_meaning() {
    use csp::Solver;
    for (name, counts, extra) in [
        ("csp_global_cardinality", "[k,m,n]", ""),
        ("csp_global_cardinality_closed", "[k,m,n]", ""),
        ("csp_global_cardinality_low_up", "[0,1,1],[3,2,3]", ""),
        ("csp_global_cardinality_low_up_closed", "[0,0,1],[3,2,3]", ""),
    ] {
        let text = format!(
            "var 0..2: a;\nvar 0..2: b;\nvar 0..2: d;\nvar 0..3: k;\nvar 0..3: m;\nvar 0..3: n;\n\
             constraint {name}([a,b,d],[0,1,1],{counts});\n{extra}solve satisfy;\n"
        );
        let ast = parse(&text).unwrap();
        let mut t = flatzinc::translate(&ast, false).unwrap();
        let mut solver = Solver::new(std::mem::take(&mut t.model));
        let mut found = 0;
        for s in solver.solutions() {
            let values = flatzinc::named_values(&t, &s);
            flatzinc::check(&ast, &values).unwrap_or_else(|e| panic!("{name}: {e} {values:?}"));
            found += 1;
        }
        // Brute force over every assignment of the six variables, by the checker.
        let mut expected = 0;
        for code in 0..(3 * 3 * 3 * 4 * 4 * 4) {
            let v = [code % 3, code / 3 % 3, code / 9 % 3, code / 27 % 4, code / 108 % 4, code / 432 % 4];
            let values = ["a", "b", "d", "k", "m", "n"].iter().zip(v).map(|(n, x)| (n.to_string(), x)).collect();
            if flatzinc::check(&ast, &values).is_ok() {
                expected += 1;
            }
        }
        assert!(expected > 0, "{name}");
        assert_eq!(found, expected, "{name}");
    }
}

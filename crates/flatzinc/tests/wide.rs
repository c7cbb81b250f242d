//! Wide and unbounded integer domains: `var int` without inferable bounds gets the engine's
//! widest interval, a declared range wider than 2^28 values is an interval, inferred bounds
//! beyond the limits are clamped (with a note), and values beyond 32 bits stay errors with their
//! line. Every solution is checked by `flatzinc::check`; expected answers come from brute force
//! over the small variables, in `i128`.

use csp::domain::{MAX_INTERVAL_VALUE, MIN_INTERVAL_VALUE};
use csp::solve::SearchEnd;
use csp::Solver;
use flatzinc::{check, named_values, parse, translate, Options, Status};

/// Every solution of `text` (satisfaction), each checked independently, as name -> value maps.
fn all_solutions(text: &str) -> Vec<std::collections::HashMap<String, i64>> {
    let ast = parse(text).unwrap();
    let mut t = translate(&ast, false).unwrap();
    let mut solver = Solver::new(std::mem::take(&mut t.model));
    let mut found = Vec::new();
    let mut it = solver.solutions();
    for s in it.by_ref() {
        let values = named_values(&t, &s);
        check(&ast, &values).unwrap_or_else(|e| panic!("{e}: {values:?}"));
        found.push(values);
    }
    assert_eq!(it.end(), Some(SearchEnd::Exhausted));
    found
}

/// `a` and `b` small, `x` and `y` declared `var int` and left without bounds by the inference
/// (`int_le` and `int_lin_le` define nothing): `a <= x`, `x + b <= 4`, `y = x * x`, `y <= 10`.
const UNBOUNDED: &str = "var -5..5: a :: output_var;
var -5..5: b :: output_var;
var int: x :: output_var;
var int: y :: output_var;
constraint int_le(a, x);
constraint int_lin_le([1, 1], [x, b], 4);
constraint int_times(x, x, y);
constraint int_le(y, 10);
solve satisfy;
";

#[test]
fn an_unbounded_var_int_gets_the_widest_interval() {
    let ast = parse(UNBOUNDED).unwrap();
    let t = translate(&ast, false).unwrap();
    let (_, flatzinc::Elem::Var(x)) = t.names.iter().find(|(n, _)| n == "x").unwrap().clone() else {
        panic!("x is a variable")
    };
    let d = t.model.initial_domain(x);
    assert!(d.is_interval());
    assert_eq!((d.min(), d.max()), (Some(MIN_INTERVAL_VALUE), Some(MAX_INTERVAL_VALUE)));
    assert!(t.notes.iter().any(|n| n.starts_with("2 variables ('x', ...) have no finite bounds")), "{:?}", t.notes);
}

#[test]
fn an_unbounded_var_int_model_has_exactly_the_brute_force_solutions() {
    let mut got: Vec<(i64, i64, i64, i64)> =
        all_solutions(UNBOUNDED).iter().map(|s| (s["a"], s["b"], s["x"], s["y"])).collect();
    got.sort_unstable();
    // x >= a >= -5 and x <= 4 - b <= 9: every solution has x in -5..=9.
    let mut want = Vec::new();
    for a in -5i128..=5 {
        for b in -5i128..=5 {
            for x in -5i128..=9 {
                let y = x * x;
                if a <= x && x + b <= 4 && y <= 10 {
                    want.push((a as i64, b as i64, x as i64, y as i64));
                }
            }
        }
    }
    assert!(!want.is_empty());
    assert_eq!(got, want);
}

#[test]
fn an_unbounded_objective_is_minimised() {
    // Minimise z, unbounded (no defining constraint), with z >= 3a - 2b and z != 0.
    let text = "var 0..4: a :: output_var;
var 0..3: b :: output_var;
var int: z :: output_var;
constraint int_lin_le([3, -2, -1], [a, b, z], 0);
constraint int_ne(z, 0);
solve minimize z;
";
    let ast = parse(text).unwrap();
    let mut t = translate(&ast, false).unwrap();
    let goal = t.goal.unwrap();
    let mut solver = Solver::new(std::mem::take(&mut t.model));
    let mut it = solver.improvements(goal);
    let mut last = None;
    for s in it.by_ref() {
        check(&ast, &named_values(&t, &s)).unwrap();
        last = Some(s[goal.var()]);
    }
    assert_eq!(it.end(), Some(SearchEnd::Exhausted));
    // The smallest z >= 3a - 2b with z != 0, over every (a, b).
    let want = (0..=4i128)
        .flat_map(|a| (0..=3i128).map(move |b| 3 * a - 2 * b))
        .map(|lo| if lo == 0 { 1 } else { lo })
        .min()
        .unwrap();
    assert_eq!(last.map(i128::from), Some(want));
}

/// A gbac-like model (courses in two periods, a load imbalance squared and weighted plus
/// preferences) whose objective is declared `0..276883478`, the domain of the hard set's gbac
/// instance that was refused as wider than 2^28 values.
const GBAC_LIKE: &str = "var 0..1: p1;
var 0..1: p2;
var 0..1: p3;
var 0..1: p4;
var 0..1: p5;
array [1..5] of var int: p :: output_array([1..5]) = [p1, p2, p3, p4, p5];
var 0..21: load;
var -21..21: diff;
var 0..441: sq;
var 0..276883478: objective :: output_var;
constraint int_lin_eq([3, 5, 2, 4, 7, -1], [p[1], p[2], p[3], p[4], p[5], load], 0);
constraint int_lin_eq([2, -1], [load, diff], 21);
constraint int_times(diff, diff, sq);
constraint int_lin_eq([1000003, 5, 1, 4, 2, 3, -1], [sq, p[1], p[2], p[3], p[4], p[5], objective], 0);
constraint int_le(p[1], p[2]);
solve minimize objective;
";

#[test]
fn a_gbac_like_objective_of_276883479_values_solves_to_its_optimum() {
    let ast = parse(GBAC_LIKE).unwrap();
    let mut t = translate(&ast, false).unwrap();
    let goal = t.goal.unwrap();
    assert!(t.model.initial_domain(goal.var()).is_interval());
    let mut solver = Solver::new(std::mem::take(&mut t.model));
    let mut it = solver.improvements(goal);
    let mut last = None;
    for s in it.by_ref() {
        check(&ast, &named_values(&t, &s)).unwrap();
        last = Some(i128::from(s[goal.var()]));
    }
    assert_eq!(it.end(), Some(SearchEnd::Exhausted));
    // Brute force over the 32 assignments of p, in i128, within the declared domain.
    let credit = [3i128, 5, 2, 4, 7];
    let pref = [5i128, 1, 4, 2, 3];
    let best = (0..32u32)
        .filter_map(|m| {
            let p: Vec<i128> = (0..5).map(|i| i128::from(m >> i & 1)).collect();
            let load: i128 = (0..5).map(|i| credit[i] * p[i]).sum();
            let diff = 2 * load - 21;
            let obj = 1_000_003 * diff * diff + (0..5).map(|i| pref[i] * p[i]).sum::<i128>();
            (p[0] <= p[1] && (0..=276_883_478).contains(&obj)).then_some(obj)
        })
        .min();
    assert!(best.is_some());
    assert_eq!(last, best);
    // The runner prints the optimum and the completion marker.
    let mut out = Vec::new();
    let status = flatzinc::run(GBAC_LIKE, &Options { check: true, ..Options::default() }, &mut out, std::io::sink());
    assert_eq!(status.unwrap(), Status::Complete);
    let out = String::from_utf8(out).unwrap();
    assert!(out.contains(&format!("objective = {};", best.unwrap())), "{out}");
}

#[test]
fn a_declared_range_of_four_billion_values_is_an_interval() {
    let text = "var -2000000000..2000000000: x :: output_var;
var 0..3: a :: output_var;
constraint int_lin_eq([1000, -1], [a, x], -1999999000);
solve satisfy;
";
    // x = 1000a + 1999999000 lies in the domain only for a <= 1.
    let mut got: Vec<(i64, i64)> = all_solutions(text).iter().map(|s| (s["a"], s["x"])).collect();
    got.sort_unstable();
    let want: Vec<(i64, i64)> = (0..=3i64)
        .map(|a| (a, 1000 * a + 1_999_999_000))
        .filter(|&(_, x)| (-2_000_000_000..=2_000_000_000).contains(&x))
        .collect();
    assert_eq!(got, want);
}

#[test]
fn inferred_bounds_beyond_the_limits_are_clamped_with_a_note() {
    // y = a * a infers 0..10^10, clamped to the engine's limit.
    let text = "var 0..100000: a :: output_var;
var int: y :: output_var;
constraint int_times(a, a, y);
constraint int_le(46000, a);
constraint int_le(a, 46002);
solve satisfy;
";
    let ast = parse(text).unwrap();
    let t = translate(&ast, false).unwrap();
    assert!(t.notes.iter().any(|n| n.contains("inferred bounds 0..10000000000 of 'y' are clamped")), "{:?}", t.notes);
    let mut got: Vec<(i64, i64)> = all_solutions(text).iter().map(|s| (s["a"], s["y"])).collect();
    got.sort_unstable();
    let want: Vec<(i64, i64)> = (46000..=46002i64).map(|a| (a, a * a)).collect();
    assert_eq!(got, want);
}

#[test]
fn a_clamped_model_claims_neither_unsatisfiability_nor_optimality() {
    // y = a * a needs 2.5e9 or more: nothing is left within the limits, yet the model has
    // solutions, so the answer is "unknown", not "unsatisfiable".
    let beyond = "var 0..100000: a :: output_var;\nvar int: y :: output_var;\nconstraint int_times(a, a, y);\n\
                  constraint int_le(50000, a);\nsolve satisfy;\n";
    let mut out = Vec::new();
    let status = flatzinc::run(beyond, &Options::default(), &mut out, std::io::sink()).unwrap();
    assert_eq!(status, Status::Unknown);
    assert!(String::from_utf8(out).unwrap().contains("=====UNKNOWN====="));
    // An optimum among the values left is printed, but not claimed optimal.
    let best = "var 0..100000: a :: output_var;\nvar int: y :: output_var;\nconstraint int_times(a, a, y);\n\
                constraint int_le(a, 3);\nsolve maximize a;\n";
    let mut out = Vec::new();
    let status = flatzinc::run(best, &Options::default(), &mut out, std::io::sink()).unwrap();
    let out = String::from_utf8(out).unwrap();
    assert_eq!(status, Status::Satisfied, "{out}");
    assert!(out.contains("a = 3;") && !out.contains("=========="), "{out}");
}

#[test]
fn values_beyond_32_bits_stay_errors_with_their_line() {
    let err = |text: &str| translate(&parse(text).unwrap(), false).unwrap_err().to_string();
    let e = err("var 0..5: x;\nconstraint int_le(x, 5000000000);\nsolve satisfy;\n");
    assert!(e.starts_with("line 2, column "), "{e}");
    assert!(e.contains("5000000000"), "{e}");
    let e = err("var 0..9: a;\nvar 0..4000000000: x;\nsolve satisfy;\n");
    assert!(e.starts_with("line 2, column 1: the domain 0..4000000000 of 'x' is beyond the 32-bit range"), "{e}");
    // Within 32 bits but past the interval limit (i32::MIN).
    let e = err("var -2147483648..0: x;\nsolve satisfy;\n");
    assert!(e.starts_with("line 1, column 1: the domain -2147483648..0 of 'x' reaches beyond the supported"), "{e}");
    // Inferred bounds wholly beyond the limits: y = a * a >= 10^10.
    let e = err("var 100000..100001: a;\nvar int: y;\nconstraint int_times(a, a, y);\nsolve satisfy;\n");
    assert!(e.starts_with("line 2, column 1: the inferred bounds 10000000000..10000200001 of 'y' lie beyond"), "{e}");
}

#[test]
fn an_alias_with_a_declared_domain_narrows_an_unbounded_variable() {
    // y = x with y's domain declared: x (unbounded) takes y's values only.
    for (decl, want) in [
        ("var 3..6: y :: output_var = x;", vec![3i64, 4, 5, 6]),
        ("var {-7, 2, 9}: y :: output_var = x;", vec![-7, 2, 9]),
    ] {
        let text = format!("var int: x :: output_var;\n{decl}\nsolve satisfy;\n");
        let mut got: Vec<i64> = all_solutions(&text).iter().map(|s| s["x"]).collect();
        got.sort_unstable();
        assert_eq!(got, want, "{decl}");
    }
}

/// Cutting stock as MiniZinc flattens it (`minizinc -c -G std`, minizinc 2.6.4): how often each
/// of four patterns is cut is `var int` with only `>= 0`, and the objective their sum, so no
/// variable has inferable bounds (the cutting-stock model was refused for this).
const CUTTING_STOCK: &str = "array [1..2] of int: X_INTRODUCED_8_ = [-2,-1];
array [1..2] of int: X_INTRODUCED_14_ = [-3,-1];
var int: X_INTRODUCED_0_;
var int: X_INTRODUCED_1_;
var int: X_INTRODUCED_2_;
var int: X_INTRODUCED_3_;
var int: rolls:: is_defined_var;
array [1..4] of var int: n:: output_array([1..4]) = [X_INTRODUCED_0_,X_INTRODUCED_1_,X_INTRODUCED_2_,X_INTRODUCED_3_];
constraint int_lin_le(X_INTRODUCED_8_,[X_INTRODUCED_0_,X_INTRODUCED_3_],-97);
constraint int_lin_le(X_INTRODUCED_8_,[X_INTRODUCED_1_,X_INTRODUCED_3_],-610);
constraint int_lin_le(X_INTRODUCED_14_,[X_INTRODUCED_2_,X_INTRODUCED_3_],-395);
constraint int_le(0,X_INTRODUCED_0_);
constraint int_le(0,X_INTRODUCED_1_);
constraint int_le(0,X_INTRODUCED_2_);
constraint int_le(0,X_INTRODUCED_3_);
constraint int_lin_eq([1,1,1,1,-1],[X_INTRODUCED_0_,X_INTRODUCED_1_,X_INTRODUCED_2_,X_INTRODUCED_3_,rolls],0):: defines_var(rolls);
solve  minimize rolls;
";

#[test]
fn a_flattened_cutting_stock_model_with_unbounded_counts_solves_to_its_optimum() {
    let ast = parse(CUTTING_STOCK).unwrap();
    let mut t = translate(&ast, false).unwrap();
    assert!(
        t.notes.iter().any(|n| n.starts_with("5 variables ('X_INTRODUCED_0_', ...) have no finite bounds")),
        "{:?}",
        t.notes
    );
    let goal = t.goal.unwrap();
    let mut solver = Solver::new(std::mem::take(&mut t.model));
    let mut it = solver.improvements(goal);
    let mut last = None;
    for s in it.by_ref() {
        check(&ast, &named_values(&t, &s)).unwrap();
        last = Some(i128::from(s[goal.var()]));
    }
    assert_eq!(it.end(), Some(SearchEnd::Exhausted));
    // For each count of the mixed pattern (1, 1, 1), the fewest cuts of the others that meet the
    // demands (97, 610, 395) with patterns (2, 0, 0), (0, 2, 0), (0, 0, 3).
    let ceil = |need: i128, per: i128| (need.max(0) + per - 1) / per;
    let best = (0..=610i128).map(|m| m + ceil(97 - m, 2) + ceil(610 - m, 2) + ceil(395 - m, 3)).min();
    assert_eq!(last, best);
}

/// `set_in_reif` on a wide variable works on ranges: both members are found and the search
/// ends, where visiting the interval value by value would not end in any reasonable time.
#[test]
fn set_in_reif_on_a_wide_variable_works_on_ranges() {
    let text = "var 0..2000000000: x :: output_var;
var bool: b :: output_var;
constraint set_in_reif(x, {5, 7, 1000000000}, b);
constraint bool_eq(b, true);
constraint int_le(6, x);
solve satisfy;
";
    let mut got: Vec<i64> = all_solutions(text).iter().map(|s| s["x"]).collect();
    got.sort_unstable();
    assert_eq!(got, vec![7, 1_000_000_000]);
    let not_in = text.replace("bool_eq(b, true)", "bool_eq(b, false)").replace("int_le(6, x)", "int_le(x, 8)");
    let got: Vec<i64> = all_solutions(&not_in).iter().map(|s| s["x"]).collect();
    assert_eq!(got, vec![0, 1, 2, 3, 4, 6, 8]);
}

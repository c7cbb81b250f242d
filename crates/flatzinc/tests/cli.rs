//! The `fzn-csp` binary: flags, output markers, statistics, exit codes.

mod common;

use common::{fzn_csp, instance};

#[test]
fn all_solutions_end_with_the_completion_marker() {
    let (code, out, _) = fzn_csp(&["-a", &instance("queens_6")]);
    assert_eq!(code, 0);
    assert_eq!(out.matches("----------\n").count(), 4);
    assert!(out.ends_with("----------\n==========\n"), "{out}");
}

#[test]
fn a_solution_count_stops_early_without_the_marker() {
    let (code, out, _) = fzn_csp(&["-n", "2", &instance("queens_8")]);
    assert_eq!(code, 0);
    assert_eq!(out.matches("----------\n").count(), 2);
    assert!(!out.contains("=========="), "{out}");
}

#[test]
fn optimisation_with_all_prints_each_improvement_and_statistics() {
    let (code, out, _) = fzn_csp(&["-a", "-s", "--check", &instance("golomb_5")]);
    assert_eq!(code, 0);
    assert!(out.matches("----------\n").count() >= 1);
    assert!(out.contains("==========\n%%%mzn-stat: initTime="), "{out}");
    assert!(out.contains("%%%mzn-stat: objective=11\n"), "{out}");
    assert!(out.ends_with("%%%mzn-stat-end\n"), "{out}");
}

#[test]
fn glucose_restarts_prove_the_optimum_and_unsatisfiability() {
    let (code, out, _) = fzn_csp(&["--learning", "--restarts", "glucose", "-s", "--check", &instance("golomb_5")]);
    assert_eq!(code, 0);
    assert!(out.contains("==========\n%%%mzn-stat: initTime="), "{out}");
    assert!(out.contains("%%%mzn-stat: objective=11\n"), "{out}");
    let (code, out, _) = fzn_csp(&["--learning", "--restarts", "glucose", &instance("pigeonhole_6")]);
    assert_eq!(code, 0);
    assert_eq!(out, "=====UNSATISFIABLE=====\n");
}

#[test]
fn unsatisfiable_models_say_so() {
    let (code, out, _) = fzn_csp(&["-s", &instance("pigeonhole_6")]);
    assert_eq!(code, 0);
    assert!(out.starts_with("=====UNSATISFIABLE=====\n%%%mzn-stat:"), "{out}");
}

#[test]
fn a_time_limit_before_any_solution_is_unknown_never_unsatisfiable() {
    // market_split_unsat needs thousands of nodes; a 0 ms limit stops it at once.
    let (code, out, _) = fzn_csp(&["-t", "0", &instance("market_split_unsat")]);
    assert_eq!(code, 0);
    assert_eq!(out, "=====UNKNOWN=====\n");
}

#[test]
fn bad_usage_and_bad_models_fail_with_a_message() {
    let (code, _, err) = fzn_csp(&["-x", "a.fzn"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown option '-x'"), "{err}");
    let (code, _, err) = fzn_csp(&["-n", "many", "a.fzn"]);
    assert_eq!(code, 2);
    assert!(err.contains("'many' is not a non-negative integer"), "{err}");
    let (code, _, err) = fzn_csp(&["--restarts", "often", "a.fzn"]);
    assert_eq!(code, 2);
    assert!(err.contains("--restarts: 'often' is neither luby nor glucose"), "{err}");
    let (code, _, err) = fzn_csp(&["/nonexistent/model.fzn"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read /nonexistent/model.fzn"), "{err}");
    let dir = std::env::temp_dir().join(format!("fzn-csp-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("float.fzn");
    std::fs::write(&bad, "var 1..3: x;\nvar float: f;\nsolve satisfy;\n").unwrap();
    let (code, out, err) = fzn_csp(&[bad.to_str().unwrap()]);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(err.contains("line 2, column 1: unsupported: float variable 'f'"), "{err}");
}

#[test]
fn the_help_in_the_docs_is_the_binary_s() {
    let (code, out, _) = fzn_csp(&["--help"]);
    assert_eq!(code, 0);
    let docs = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/flatzinc.md")).unwrap();
    let start = docs.find("$ fzn-csp --help\n").expect("docs/flatzinc.md shows `fzn-csp --help`") + 17;
    let end = start + docs[start..].find("```").expect("the help's code block ends");
    assert_eq!(&docs[start..end], out, "docs/flatzinc.md's copy of `fzn-csp --help` differs from the binary's");
}

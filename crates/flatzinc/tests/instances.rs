//! The checked-in FlatZinc instances (tests/fzn, flattened by tests/flatten.sh) against the
//! answers Gecode gave (tests/fzn/expected.txt): solution counts, unsatisfiability and optima.
//! Every solution is checked by `flatzinc::check`, which evaluates the FlatZinc constraints
//! directly.

use std::path::Path;

use csp::solve::SearchEnd;
use csp::Solver;
use flatzinc::{check, format_solution, named_values, parse, translate, Options, Status};

fn dir() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fzn"))
}

fn expected() -> Vec<(String, String, Option<i64>)> {
    let text = std::fs::read_to_string(dir().join("expected.txt")).unwrap();
    text.lines()
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (f[0].to_string(), f[1].to_string(), f.get(2).map(|v| v.parse().unwrap()))
        })
        .collect()
}

fn solver_for(name: &str) -> (flatzinc::Ast, flatzinc::Translation, Solver) {
    let text = std::fs::read_to_string(dir().join(format!("{name}.fzn"))).unwrap();
    let ast = parse(&text).unwrap();
    let mut t = translate(&ast, false).unwrap();
    let mut solver = Solver::new(std::mem::take(&mut t.model));
    solver.set_var_order(t.var_order);
    solver.set_value_order(t.value_order);
    solver.set_branching_vars(t.branching.clone());
    (ast, t, solver)
}

#[test]
fn at_least_ten_families_are_checked_in() {
    let list = std::fs::read_to_string(dir().join("../instances.txt")).unwrap();
    let families: std::collections::BTreeSet<&str> =
        list.lines().filter(|l| !l.starts_with('#')).filter_map(|l| l.split_whitespace().nth(1)).collect();
    assert!(families.len() >= 10, "{families:?}");
    let e = expected();
    assert_eq!(e.len(), list.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).count());
    assert!(e.iter().any(|(_, k, _)| k == "unsat"));
    assert!(e.iter().any(|(_, k, _)| k == "optimum"));
}

#[test]
fn every_solution_is_valid_and_counts_and_optima_match_gecode() {
    for (name, kind, value) in expected() {
        let (ast, t, mut solver) = solver_for(&name);
        match (kind.as_str(), t.goal) {
            ("count" | "unsat", None) => {
                // Counted as MiniZinc's solns2out counts them: distinct printed solutions (the
                // Boolean encoding of set variables leaves auxiliary variables free, so that two
                // solutions of the FlatZinc can print the same sets).
                let mut printed = std::collections::HashSet::new();
                let mut it = solver.solutions();
                for s in it.by_ref() {
                    check(&ast, &named_values(&t, &s)).unwrap_or_else(|e| panic!("{name}: {e}"));
                    printed.insert(format_solution(&t.output, &s));
                }
                let n = printed.len() as i64;
                assert_eq!(it.end(), Some(SearchEnd::Exhausted), "{name}");
                let want = if kind == "unsat" { 0 } else { value.unwrap() };
                assert_eq!(n, want, "{name}: solutions");
            }
            ("optimum", Some(goal)) => {
                let mut it = solver.improvements(goal);
                let mut last: Option<i64> = None;
                for s in it.by_ref() {
                    check(&ast, &named_values(&t, &s)).unwrap_or_else(|e| panic!("{name}: {e}"));
                    let v = i64::from(s[goal.var()]);
                    if let Some(l) = last {
                        assert!(goal.is_better(v as i32, l as i32), "{name}: {v} after {l}");
                    }
                    last = Some(v);
                }
                assert_eq!(it.end(), Some(SearchEnd::Exhausted), "{name}");
                assert_eq!(last, value, "{name}: optimum");
            }
            // Gecode's order of sets is not MiniZinc's, or Gecode's flattening refuses the
            // model: tests/set_order.rs checks these.
            ("set-order" | "no-gecode", None) => {}
            other => panic!("{name}: {other:?}"),
        }
    }
}

#[test]
fn the_runner_prints_the_standard_markers() {
    for (name, kind, _) in expected() {
        let text = std::fs::read_to_string(dir().join(format!("{name}.fzn"))).unwrap();
        let mut out = Vec::new();
        let opts = Options { check: true, ..Options::default() };
        let status = flatzinc::run(&text, &opts, &mut out, std::io::sink()).unwrap();
        let out = String::from_utf8(out).unwrap();
        match kind.as_str() {
            "unsat" => {
                assert_eq!(status, Status::Unsatisfiable, "{name}");
                assert_eq!(out, "=====UNSATISFIABLE=====\n", "{name}");
            }
            "optimum" => {
                assert_eq!(status, Status::Complete, "{name}");
                assert!(out.ends_with("----------\n==========\n"), "{name}: {out}");
                assert_eq!(out.matches("----------").count(), 1, "{name}: only the optimum without -a");
            }
            _ => {
                // One solution without -a: the search is not exhausted, so no "==========".
                assert_eq!(status, Status::Satisfied, "{name}");
                assert!(out.ends_with("----------\n"), "{name}: {out}");
            }
        }
    }
}

/// `-p 2` (a portfolio of two searches), `-f` (the robust search) and `--learning` (lazy
/// clause generation) give the same answers as the default run: the same status, the same
/// optimum, every solution checked.
#[test]
fn the_portfolio_and_free_search_answer_as_one_thread() {
    for (name, kind, _) in expected() {
        let text = std::fs::read_to_string(dir().join(format!("{name}.fzn"))).unwrap();
        let mut runs = Vec::new();
        for opts in [
            Options { check: true, ..Options::default() },
            Options { check: true, threads: 2, ..Options::default() },
            Options { check: true, free: true, threads: 2, ..Options::default() },
            Options { check: true, learning: Some(true), ..Options::default() },
        ] {
            let mut out = Vec::new();
            let status = flatzinc::run(&text, &opts, &mut out, std::io::sink()).unwrap();
            let out = String::from_utf8(out).unwrap();
            // The optimum's line (its objective is in the output) or the marker; satisfiable
            // models may print different solutions.
            let answer = match kind.as_str() {
                "optimum" | "unsat" => out,
                _ => String::new(),
            };
            runs.push((status, answer));
        }
        assert_eq!(runs[0].0, runs[1].0, "{name}: -p 2");
        assert_eq!(runs[0].0, runs[2].0, "{name}: -f -p 2");
        if kind == "unsat" {
            assert_eq!(runs[0].1, runs[1].1, "{name}");
        }
    }
}

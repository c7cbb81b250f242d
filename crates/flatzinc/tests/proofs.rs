//! `fzn-csp --proof`: the proof of an unsatisfiability or optimality claim names what
//! Pumpkin's checker reads in the `.fzn` model (variables by name, constraints by their place,
//! steps numbered above them), concludes what the solver printed, and a model the checker
//! cannot follow is refused with the item that stops it. (The checker itself runs in
//! `benches/proof_check.sh`; the steps are checked independently in `crates/csp/tests/proofs.rs`.)

use std::path::PathBuf;

mod common;

use common::{fzn_csp, instance};

/// A fresh path in the temporary directory for this test.
fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("fzn-csp-proof-{}-{name}", std::process::id()))
}

/// The proof `fzn-csp --proof` writes for the FlatZinc text `fzn`, which it must find
/// unsatisfiable (`name`: the temporary files' name).
fn proof_of_unsat(name: &str, fzn: &str) -> String {
    let (model, path) = (temp(&format!("{name}.fzn")), temp(&format!("{name}.drcp")));
    std::fs::write(&model, fzn).unwrap();
    let (code, out, err) = fzn_csp(&["--proof", path.to_str().unwrap(), model.to_str().unwrap()]);
    std::fs::remove_file(&model).unwrap();
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "=====UNSATISFIABLE=====\n");
    let proof = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    proof
}

/// The atom numbered `id` in `proof`, as written (`[x >= 5]`).
fn atom<'a>(proof: &'a str, id: &str) -> &'a str {
    let prefix = format!("a {id} ");
    proof.lines().find_map(|l| l.strip_prefix(prefix.as_str())).expect("the atom is defined")
}

/// Every constraint tag of an inference by a model rule (`c:N` with a rule other than
/// `nogood` or `initial_domain`), and every step number.
fn tags_and_steps(proof: &str) -> (Vec<u32>, Vec<u32>) {
    let (mut tags, mut steps) = (Vec::new(), Vec::new());
    for l in proof.lines() {
        let w: Vec<&str> = l.split_whitespace().collect();
        if w[0] == "i" || w[0] == "n" {
            steps.push(w[1].parse().unwrap());
        }
        if w[0] == "i" && w.contains(&"l:linear_bounds") {
            tags.extend(w.iter().filter_map(|x| x.strip_prefix("c:")).map(|t| t.parse::<u32>().unwrap()));
        }
    }
    (tags, steps)
}

#[test]
fn an_unsatisfiable_model_gets_a_proof_that_concludes_unsat() {
    let path = temp("unsat.drcp");
    let (code, out, err) = fzn_csp(&["--proof", path.to_str().unwrap(), &instance("market_split_unsat")]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "=====UNSATISFIABLE=====\n");
    assert!(err.contains("fzn-csp: proof: ") && err.contains("a conclusion"), "{err}");
    let proof = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    assert!(proof.ends_with("c UNSAT\n"), "{}", &proof[proof.len().saturating_sub(200)..]);
    // The model's two constraints are 1 and 2; the steps come after them.
    let (tags, steps) = tags_and_steps(&proof);
    assert!(!tags.is_empty() && tags.iter().all(|&t| t == 1 || t == 2), "{tags:?}");
    assert!(steps.iter().all(|&s| s > 2));
    // Variables by their FlatZinc names.
    assert!(proof.lines().filter(|l| l.starts_with("a ")).all(|l| l.contains("[X_INTRODUCED_")), "{proof}");
}

#[test]
fn an_optimum_gets_a_proof_that_concludes_its_bound() {
    let path = temp("opt.drcp");
    let (code, out, err) = fzn_csp(&["-s", "--proof", path.to_str().unwrap(), &instance("knapsack_10")]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("==========\n"), "{out}");
    let best = out.lines().find_map(|l| l.strip_prefix("%%%mzn-stat: objective=")).expect("the objective");
    let proof = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    let last = proof.lines().last().unwrap();
    let id = last.strip_prefix("c ").expect("a conclusion");
    // Maximisation: no solution is better than the one printed.
    assert_eq!(atom(&proof, id), format!("[objective <= {best}]"));
}

#[test]
fn a_constraint_without_a_checker_rule_is_refused_by_name() {
    let path = temp("refused.drcp");
    let (code, out, err) = fzn_csp(&["--proof", path.to_str().unwrap(), &instance("queens_6")]);
    assert_eq!(code, 1);
    assert!(out.is_empty());
    // As docs/proofs.md shows it.
    assert!(
        err.ends_with(
            "queens_6.fzn: line 23, column 1: unsupported: --proof: constraint 'fzn_all_different_int' has no \
         inference rule in pumpkin-checker 0.5 (a proof covers int_lin_le, int_lin_eq, pumpkin_all_different only)\n"
        ),
        "{err}"
    );
}

#[test]
fn booleans_aliases_and_unbounded_variables_are_refused() {
    let cases = [
        ("var bool: b;\nconstraint int_lin_le([1], [b], 0);\nsolve satisfy;\n", "Boolean variable 'b'"),
        (
            "var 0..3: x;\nvar 0..3: y = x;\nconstraint int_lin_le([1], [y], 0);\nsolve satisfy;\n",
            "'y' is defined by a value (an alias or a constant)",
        ),
        ("var int: x;\nconstraint int_lin_le([1], [x], 0);\nsolve satisfy;\n", "'x' has no declared bounds"),
    ];
    for (i, (model, why)) in cases.iter().enumerate() {
        let fzn = temp(&format!("model{i}.fzn"));
        std::fs::write(&fzn, model).unwrap();
        let proof = temp(&format!("model{i}.drcp"));
        let (code, _, err) = fzn_csp(&["--proof", proof.to_str().unwrap(), fzn.to_str().unwrap()]);
        std::fs::remove_file(&fzn).unwrap();
        assert_eq!(code, 1, "{model}");
        assert!(err.contains(why), "{model}: {err}");
    }
}

#[test]
fn without_a_file_the_flag_is_a_usage_error() {
    let (code, _, err) = fzn_csp(&["--proof"]);
    assert_eq!(code, 2);
    assert!(err.contains("--proof needs a file"), "{err}");
}

#[test]
fn pumpkin_s_all_different_is_proven_with_the_checker_s_rule() {
    // Three variables over two values, all different: no solution.
    let proof = proof_of_unsat(
        "alldiff",
        "var 1..2: x;\nvar 1..2: y;\nvar 1..2: z;\nconstraint pumpkin_all_different([x, y, z]);\nsolve satisfy;\n",
    );
    assert!(proof.ends_with("c UNSAT\n"), "{proof}");
    assert!(
        proof
            .lines()
            .filter(|l| l.starts_with("i "))
            .all(|l| l.ends_with("l:initial_domain") || l.ends_with("c:1 l:all_different") || l.contains("l:nogood")),
        "{proof}"
    );
}

#[test]
fn a_boolean_no_constraint_reads_is_no_obstacle() {
    // MiniZinc's linear library declares Booleans for the output only.
    let proof = proof_of_unsat(
        "outbool",
        "var bool: b :: output_var;\nvar 0..3: x :: output_var;\nvar 0..3: y :: output_var;\n\
         constraint int_lin_le([1, 1], [x, y], 2);\nconstraint int_lin_le([-1, -1], [x, y], -4);\nsolve satisfy;\n",
    );
    assert!(proof.ends_with("c UNSAT\n") && !proof.contains("[b "), "{proof}");
}

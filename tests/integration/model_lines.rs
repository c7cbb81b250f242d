//! The issue-26 target on model size: each of the four examples' model cores (between the
//! `model:begin`/`model:end` markers) is no longer than the same model in CP-SAT's Python API
//! (`benches/cpsat/`) plus a third, as counted by `benches/model_lines.sh`.

use std::collections::BTreeMap;
use std::process::Command;

#[test]
fn each_model_core_is_within_a_third_of_cp_sat() {
    let out = Command::new("bash")
        .arg("benches/model_lines.sh")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run benches/model_lines.sh");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    // name -> (Rust lines, Python lines)
    let mut counts: BTreeMap<String, (Option<u32>, Option<u32>)> = BTreeMap::new();
    for line in text.lines().filter(|l| !l.starts_with("total")) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [name, n, file] = fields[..] else { panic!("unexpected line {line:?}") };
        let entry = counts.entry(name.to_string()).or_default();
        let n: u32 = n.parse().unwrap();
        if file.ends_with(".py") {
            entry.1 = Some(n);
        } else {
            entry.0 = Some(n);
        }
    }
    for name in ["jobshop", "golomb", "magic_square", "tsp"] {
        let (Some(rust), Some(python)) = counts.get(name).copied().unwrap_or_default() else {
            panic!("{name}: a marked core in both languages is missing:\n{text}")
        };
        assert!(python > 0 && 3 * rust <= 4 * python, "{name}: {rust} lines of Rust against {python} of Python");
    }
}

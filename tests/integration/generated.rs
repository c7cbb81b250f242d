//! What the tests of the benchmark generators share (`freq_gen`, `roster_gen`): running a
//! generator, splitting its `.dzn` into items, reading the parameters a model declares, and
//! checking a generated file against them.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

/// A path inside the repository.
pub(crate) fn repo(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(path)
}

/// `python3 SCRIPT ARGS`'s output (`script` inside the repository).
pub(crate) fn generate(script: &str, args: &[&str]) -> String {
    let out = Command::new("python3")
        .arg(repo(script))
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("python3 runs {script} (the benchmark needs it): {e}"));
    assert!(out.status.success(), "{script} {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// The items `name = value` of a `.dzn`, comments dropped, each trimmed.
pub(crate) fn dzn_items(dzn: &str) -> Vec<(String, String)> {
    let text: String = dzn.lines().filter(|l| !l.trim_start().starts_with('%')).collect::<Vec<_>>().join("\n");
    text.split(';')
        .map(str::trim)
        .filter(|i| !i.is_empty())
        .map(|item| {
            let (name, value) = item.split_once('=').unwrap_or_else(|| panic!("not an assignment: {item}"));
            (name.trim().to_string(), value.trim().to_string())
        })
        .collect()
}

/// The parameters a model declares (`int: n;`, `array[..] of int: d;`, ...; not those it
/// computes, `int: states = ...`, nor its variables).
pub(crate) fn declared(model: &Path) -> BTreeSet<String> {
    let text = std::fs::read_to_string(model).unwrap_or_else(|e| panic!("{}: {e}", model.display()));
    text.lines()
        .map(|l| l.split('%').next().unwrap_or("").trim())
        .filter(|l| !l.contains("var ") && !l.contains('=') && (l.starts_with("int:") || l.starts_with("array[")))
        .filter_map(|l| l.strip_suffix(';')?.rsplit(':').next().map(|n| n.trim().to_string()))
        .collect()
}

/// The `.dzn` that `python3 SCRIPT ARGS` writes, parsed by `parse` (its items by name):
/// checked to be the same file when run again (the same seed) and to assign exactly `params`,
/// the parameters its model declares.
pub(crate) fn generated<V>(
    script: &str,
    args: &[&str],
    params: &BTreeSet<String>,
    parse: impl Fn(&str) -> BTreeMap<String, V>,
) -> BTreeMap<String, V> {
    let dzn = generate(script, args);
    assert_eq!(dzn, generate(script, args), "the same seed gives the same file");
    let items = parse(&dzn);
    let assigned: BTreeSet<String> = items.keys().cloned().collect();
    assert_eq!(&assigned, params, "{script} {args:?} assigns what its model declares");
    items
}

//! What the tests of the `fzn-csp` binary share: running it, and the instances' paths.

use std::process::Command;

/// Runs `fzn-csp` with `args`: its exit code, standard output and standard error.
pub(crate) fn fzn_csp(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_fzn-csp")).args(args).output().expect("fzn-csp runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

/// The path of the test instance `name` (`tests/fzn/NAME.fzn`).
pub(crate) fn instance(name: &str) -> String {
    format!("{}/tests/fzn/{name}.fzn", env!("CARGO_MANIFEST_DIR"))
}

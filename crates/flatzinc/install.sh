#!/bin/sh
# Installs fzn-csp as a MiniZinc solver for the current user (docs/flatzinc.md):
# builds the release binary and writes ~/.minizinc/solvers/csp.msc with absolute paths.
# Then: minizinc --solver csp model.mzn data.dzn
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cargo build --release -p flatzinc --manifest-path "$root/Cargo.toml"
target=${CARGO_TARGET_DIR:-$root/target}
dir=${MZN_SOLVER_DIR:-$HOME/.minizinc/solvers}
mkdir -p "$dir"
sed -e "s|@MZNLIB@|$here/mznlib|" -e "s|@EXECUTABLE@|$target/release/fzn-csp|" "$here/csp.msc.in" > "$dir/csp.msc"
echo "installed $dir/csp.msc"

#!/usr/bin/env bash
# Non-linear arithmetic on wide domains (issue 35): fzn-csp against fzn-gecode on the same
# MiniZinc models, the first solution of each. Each model is flattened twice with MiniZinc:
# `--solver csp` (crates/flatzinc/mznlib, through a temporary solver configuration) for fzn-csp
# and `-G std` for fzn-gecode (the packaged Gecode library does not compile with MiniZinc
# 2.6.4). Needs minizinc and fzn-gecode (Debian: apt-get install minizinc flatzinc).
#
# usage: benches/arith_vs_gecode.sh
# environment:
#   TIME_LIMIT_S  the limit of each run in seconds (default 60)
#   FZN_CSP       the fzn-csp binary (default: target/release/fzn-csp, built here)
# output: one tab-separated line per model:
#   model  csp(seconds nodes failures)  gecode(seconds nodes failures)
# seconds: wall time of the solver alone (not the flattening); "-" when no solution came
# within the limit (then the counts are those printed at the limit, if any).
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
limit=${TIME_LIMIT_S:-60}
if [ -z "${FZN_CSP:-}" ]; then
  cargo build --release -q -p flatzinc --manifest-path "$root/Cargo.toml" || exit 1
  FZN_CSP=${CARGO_TARGET_DIR:-$root/target}/release/fzn-csp
fi
work=$(mktemp -d /tmp/arith-vs-gecode.XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/solvers"
sed -e "s|@MZNLIB@|$root/crates/flatzinc/mznlib|" -e "s|@EXECUTABLE@|$FZN_CSP|" \
  "$root/crates/flatzinc/csp.msc.in" > "$work/solvers/csp.msc"
export MZN_SOLVER_PATH=$work/solvers

cat > "$work/int_div.mzn" <<'M'
var int: x; constraint int_div(x, 1000, 5); solve satisfy;
M
cat > "$work/int_mod.mzn" <<'M'
var int: x; constraint int_mod(x, 7, 3); solve satisfy;
M
cat > "$work/square.mzn" <<'M'
var int: x; constraint x * x >= 50; solve satisfy;
M
cat > "$work/hour.mzn" <<'M'
var 0..43199: t; constraint t div 3600 = 7; solve satisfy;
M
cp "$root/benches/mzn/timestamps.mzn" "$work/timestamps.mzn"

# seconds nodes failures of one run: solver output in $1, wall seconds in $2
stats() {
  local solved nodes fails
  solved=$(grep -c -- '^----------$' "$1")
  nodes=$(grep -m1 -E '^%%%mzn-stat: nodes=' "$1" | sed 's/.*=//')
  fails=$(grep -m1 -E '^%%%mzn-stat: failures=' "$1" | sed 's/.*=//')
  if [ "$solved" -gt 0 ]; then printf '%s %s %s' "$2" "${nodes:--}" "${fails:--}"; else printf '%s %s %s' - "${nodes:--}" "${fails:--}"; fi
}

run() { # out-file command...
  local out=$1 t0 t1
  shift
  t0=$(date +%s.%N)
  timeout "$limit" "$@" > "$out" 2>&1
  t1=$(date +%s.%N)
  printf "%.3f" "$(echo "$t1 - $t0" | bc)"
}

printf 'model\tcsp(s nodes failures)\tgecode(s nodes failures)\n'
for m in int_div int_mod square hour timestamps; do
  minizinc -c --solver csp "$work/$m.mzn" -o "$work/$m.csp.fzn" || continue
  minizinc -c -G std "$work/$m.mzn" -o "$work/$m.std.fzn" || continue
  sc=$(run "$work/$m.csp.out" "$FZN_CSP" -s "$work/$m.csp.fzn")
  sg=$(run "$work/$m.gecode.out" fzn-gecode -s "$work/$m.std.fzn")
  printf '%s\t%s\t%s\n' "$m" "$(stats "$work/$m.csp.out" "$sc")" "$(stats "$work/$m.gecode.out" "$sg")"
done

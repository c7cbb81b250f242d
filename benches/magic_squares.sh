#!/usr/bin/env bash
# Magic squares of orders 5 to 12 (benches/mzn/magic_square.mzn: all-different plus row,
# column and diagonal sums, no search annotation) through MiniZinc, with this engine's
# fzn-csp (installed into a temporary solver directory) and Gecode (fzn-gecode with -G std),
# one after another, each with a time limit. Every solution is checked by fzn-csp's
# independent checker (--check) and re-checked here (rows, columns, diagonals, 1..n^2).
# Prints one Markdown row per order: wall seconds of the whole minizinc call, or >T.
#
#   benches/magic_squares.sh                   # orders 5..12, 10 s
#   ORDERS="5 6" TIMEOUT=20 benches/magic_squares.sh
#   SHARED=/work/shared benches/magic_squares.sh   # the shared data when not at ../shared
#
# Needs the Debian packages minizinc and flatzinc (fzn-gecode); not part of the project.
set -euo pipefail
cd "$(dirname "$0")/.."
ORDERS=${ORDERS:-"5 6 7 8 9 10 11 12"}
TIMEOUT=${TIMEOUT:-10}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
MZN_SOLVER_DIR="$tmp/solvers" sh crates/flatzinc/install.sh > /dev/null
# Gecode's solver file comes from the shared data (../shared beside the checkout; SHARED=... in a
# worktree elsewhere). Without it every Gecode cell would read >TIMEOUT, so say so.
SHARED=${SHARED:-../shared}
if [ -f "$SHARED/data/minizinc/gecode-std.msc" ]; then
  cp "$SHARED/data/minizinc/gecode-std.msc" "$tmp/solvers/"
else
  echo "no $SHARED/data/minizinc/gecode-std.msc: Gecode's column will read >$TIMEOUT (set SHARED)" >&2
fi
export MZN_SOLVER_PATH="$tmp/solvers"

# Checks a printed square (minizinc's output of `show(x)`): prints ok or wrong.
check() {
  python3 -c '
import sys, re
n = int(sys.argv[1])
m = re.search(r"\[([0-9, ]+)\]", sys.stdin.read())
if not m: print("none"); sys.exit()
v = [int(t) for t in m.group(1).split(",")]
x = [v[i * n:(i + 1) * n] for i in range(n)]
t = n * (n * n + 1) // 2
ok = sorted(v) == list(range(1, n * n + 1)) and all(sum(r) == t for r in x) \
  and all(sum(x[i][j] for i in range(n)) == t for j in range(n)) \
  and sum(x[i][i] for i in range(n)) == t and sum(x[i][n - 1 - i] for i in range(n)) == t
print("ok" if ok else "wrong")' "$1"
}

run() {
  local solver=$1 n=$2 start end out verdict
  start=$(date +%s.%N)
  out=$(timeout $((TIMEOUT + 10)) minizinc --solver "$solver" -t $((TIMEOUT * 1000)) -D "n=$n" \
    benches/mzn/magic_square.mzn 2> /dev/null) || true
  end=$(date +%s.%N)
  verdict=$(echo "$out" | check "$n")
  case "$verdict" in
    ok) awk -v s="$start" -v e="$end" 'BEGIN {printf "%.2f", e - s}' ;;
    wrong) echo "WRONG" ;;
    *) echo ">$TIMEOUT" ;;
  esac
}

echo "| order | fzn-csp (s) | Gecode (s) |"
echo "|---:|---:|---:|"
for n in $ORDERS; do
  echo "| $n | $(run org.csp-sudoku.csp "$n") | $(run org.heldout.gecode-std "$n") |"
done

#!/usr/bin/env bash
# The Latin-square benchmark (docs/benchmarks.md): quasigroup completion (QWH) instances of
# orders 30 to 50 with 42% holes, solved by this engine (`examples/quasigroup.rs`: its default
# robust learning search, and plain depth-first MRV on the network), OR-Tools CP-SAT (one worker) and Gecode (`fzn-gecode` on
# `benches/qcp.mzn`, flattened with `minizinc -c -G std`), one after another, each with a time
# limit. Prints one Markdown row per instance: seconds, or `>T` when the limit was hit.
#
#   PYTHON=../shared/peers/venv/bin/python benches/quasigroup.sh         # orders 30 40 50, seeds 1-3, 60 s
#   ORDERS="30" SEEDS="1 2" TIMEOUT=20 PYTHON=... benches/quasigroup.sh
#
# Needs: a Python with `ortools` (the peer harness's venv: ../shared/peers/setup.sh), and the
# Debian packages `minizinc` and `flatzinc` (fzn-gecode). Neither is part of the project.
set -euo pipefail
cd "$(dirname "$0")/.."
ORDERS=${ORDERS:-"30 40 50"}
SEEDS=${SEEDS:-"1 2 3"}
HOLES=${HOLES:-0.42}
TIMEOUT=${TIMEOUT:-60}
PYTHON=${PYTHON:-python3}
cargo build --release --example quasigroup -q
BIN=target/release/examples/quasigroup
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Wall-clock seconds of a command, or ">T" past the limit (exit code 124 from timeout, or the
# solver's own "stopped"/"UNKNOWN"/"timeout" answer).
timed() {
  local start end out
  start=$(date +%s.%N)
  out=$(timeout $((TIMEOUT + 5)) "$@" 2>/dev/null | tail -1) || true
  end=$(date +%s.%N)
  case "$out" in
    *stopped*|*UNKNOWN*|*timeout*|"") echo ">$TIMEOUT" ;;
    *) awk -v s="$start" -v e="$end" 'BEGIN {printf "%.2f", e - s}' ;;
  esac
}

echo "| instance | ours, robust | ours, dfs | CP-SAT (1 worker) | Gecode |"
echo "|---|---:|---:|---:|---:|"
rows="$tmp/rows"
for n in $ORDERS; do
  for seed in $SEEDS; do
    name="qwh$n-$seed"
    "$BIN" generate --order "$n" --holes "$HOLES" --seed "$seed" > "$tmp/$name.txt"
    "$BIN" dzn "$tmp/$name.txt" > "$tmp/$name.dzn"
    minizinc -c -G std benches/qcp.mzn "$tmp/$name.dzn" --fzn "$tmp/$name.fzn" --ozn "$tmp/$name.ozn" > /dev/null
    robust=$(timed "$BIN" solve "$tmp/$name.txt" --timeout "$TIMEOUT" --search robust)
    dfs=$(timed "$BIN" solve "$tmp/$name.txt" --timeout "$TIMEOUT" --search dfs)
    # CP-SAT's own time from model building to answer: the Python start and the import of
    # OR-Tools (about a second) are left out.
    cpsat=$("$PYTHON" benches/qcp_cpsat.py "$tmp/$name.txt" "$TIMEOUT" | awk -v t="$TIMEOUT" '$1 == "solved" {printf "%.2f", $2; next} {print ">" t}')
    gecode=$(timed fzn-gecode -time $((TIMEOUT * 1000)) "$tmp/$name.fzn")
    echo "| $name | $robust | $dfs | $cpsat | $gecode |" | tee -a "$rows"
  done
done
# Solved within the limit and PAR-2 (total seconds, an unsolved instance counting twice the
# limit), per column.
awk -F'|' -v t="$TIMEOUT" '
  { for (c = 3; c <= 6; c++) { v = $c; gsub(/ /, "", v); if (v ~ /^>/) { par[c] += 2 * t } else { solved[c]++; par[c] += v } } }
  END { printf "| solved | %d | %d | %d | %d |\n", solved[3], solved[4], solved[5], solved[6];
        printf "| PAR-2 (s) | %.1f | %.1f | %.1f | %.1f |\n", par[3], par[4], par[5], par[6] }' "$rows"

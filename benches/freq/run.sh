#!/usr/bin/env bash
# Frequency assignment side by side: runs one MiniZinc solver configuration on the generated
# instances of gen.py (radio links in duplex pairs, CELAR-like domains with holes, interference
# distances; the number of distinct frequencies, or the largest one, to minimise) and prints
# one line per instance: id, status (OPT proven / SOL unproven / NONE / UNSAT / ERR), the last
# objective, and the wall seconds of the whole minizinc call.
#
#   benches/freq/run.sh SOLVER.msc [SECONDS] [EXTRA minizinc flags...] > out.tsv
#
# The instance list is fixed here (seeds and sizes), so two runs compare instance by instance.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
solver="$1"; limit="${2:-30}"; shift $(( $# < 2 ? $# : 2 ))
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
instances=(
    "1 15 60 0" "2 15 60 0" "3 20 90 0" "4 20 90 0" "5 25 120 0" "6 25 120 0"
    "7 25 150 1" "8 25 150 1" "9 30 250 1" "10 30 250 1" "11 35 300 1" "12 35 300 1"
)
printf 'id\tstatus\tobjective\tseconds\n'
for spec in "${instances[@]}"; do
    id="freq_$(echo "$spec" | tr ' ' '_')"
    python3 "$here/gen.py" $spec > "$work/$id.dzn"
    begin=$(date +%s.%N)
    out="$(timeout $((limit + 30)) minizinc --solver "$solver" -t $((limit * 1000)) -a "$@" \
        "$here/freq.mzn" "$work/$id.dzn" 2>&1 || true)"
    end=$(date +%s.%N)
    # No objective line (no solution, an error) is an answer too: `|| true` keeps pipefail
    # from ending the script there.
    objective="$( (grep -E '^cost = ' <<<"$out" || true) | tail -n 1 | sed -E 's/cost = (-?[0-9]+);/\1/')"
    if grep -q '^==========' <<<"$out"; then status=OPT
    elif grep -q '=====UNSATISFIABLE=====' <<<"$out"; then status=UNSAT
    elif [ -n "$objective" ]; then status=SOL
    elif grep -qi 'error' <<<"$out"; then status=ERR
    else status=NONE; fi
    printf '%s\t%s\t%s\t%.2f\n' "$id" "$status" "${objective:--}" "$(echo "$end - $begin" | bc)"
done

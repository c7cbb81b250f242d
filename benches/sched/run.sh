#!/usr/bin/env bash
# Scheduling side by side: runs one MiniZinc solver configuration on the generated projects
# of gen.py (minimum and maximum time lags; makespan, or weighted earliness/tardiness) and
# prints one line per instance: id, status (OPT proven / SOL unproven / NONE / UNSAT / ERR),
# the last objective, and the wall seconds of the whole minizinc call.
#
#   benches/sched/run.sh SOLVER.msc [SECONDS] [EXTRA minizinc flags...] > out.tsv
#
# The instance list is fixed here (seeds and sizes), so two runs compare instance by instance.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
solver="$1"; limit="${2:-30}"; shift $(( $# < 2 ? $# : 2 ))
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
instances=(
    "1 30 4 10 0" "2 30 4 10 0" "3 40 4 15 0" "4 40 4 15 0" "5 50 4 20 0" "6 50 4 20 0"
    "7 30 4 10 1" "8 30 4 10 1" "9 40 4 15 1" "10 40 4 15 1" "11 50 4 20 1" "12 50 4 20 1"
)
printf 'id\tstatus\tobjective\tseconds\n'
for spec in "${instances[@]}"; do
    id="lags_$(echo "$spec" | tr ' ' '_')"
    python3 "$here/gen.py" $spec > "$work/$id.dzn"
    begin=$(date +%s.%N)
    out="$(timeout $((limit + 30)) minizinc --solver "$solver" -t $((limit * 1000)) -a "$@" \
        "$here/rcpsp_lags.mzn" "$work/$id.dzn" 2>&1 || true)"
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

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
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=../generated_runs.sh
source "$here/../generated_runs.sh"
model="$here/rcpsp_lags.mzn"; gen="$here/gen.py"; prefix=lags
instances=(
    "1 30 4 10 0" "2 30 4 10 0" "3 40 4 15 0" "4 40 4 15 0" "5 50 4 20 0" "6 50 4 20 0"
    "7 30 4 10 1" "8 30 4 10 1" "9 40 4 15 1" "10 40 4 15 1" "11 50 4 20 1" "12 50 4 20 1"
)
# Held-out instances (more seeds of the same generator and sizes): benches/learning_failures.sh
# counts their failures with the SET `heldout`, to check that a change chosen on the instances
# above also helps on others generated alike.
heldout_instances=(
    "13 30 4 10 0" "14 30 4 10 0" "15 40 4 15 0" "16 40 4 15 0" "17 50 4 20 0" "18 50 4 20 0"
    "19 30 4 10 1" "20 30 4 10 1" "21 40 4 15 1" "22 40 4 15 1" "23 50 4 20 1" "24 50 4 20 1"
)
# Sourced (benches/learning_failures.sh reads the list): nothing runs.
if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
    generated_runs "$@"
fi

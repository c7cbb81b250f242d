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
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=../generated_runs.sh
source "$here/../generated_runs.sh"
model="$here/freq.mzn"; gen="$here/gen.py"; prefix=freq
instances=(
    "1 15 60 0" "2 15 60 0" "3 20 90 0" "4 20 90 0" "5 25 120 0" "6 25 120 0"
    "7 25 150 1" "8 25 150 1" "9 30 250 1" "10 30 250 1" "11 35 300 1" "12 35 300 1"
)
# Held-out instances (more seeds of the same generator and sizes): benches/learning_failures.sh
# counts their failures with the SET `heldout`, to check that a change chosen on the instances
# above also helps on others generated alike.
heldout_instances=(
    "13 15 60 0" "14 20 90 0" "15 25 120 0" "16 25 150 1" "17 30 250 1" "18 35 300 1"
    "19 15 60 0" "20 20 90 0" "21 25 120 0" "22 25 150 1" "23 30 250 1" "24 35 300 1"
    "25 15 60 0" "26 20 90 0" "27 25 120 0" "28 25 150 1" "29 30 250 1" "30 35 300 1"
    "31 15 60 0" "32 20 90 0" "33 25 120 0" "34 25 150 1" "35 30 250 1" "36 35 300 1"
)
# Sourced (benches/learning_failures.sh reads the list): nothing runs.
if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
    generated_runs "$@"
fi

#!/usr/bin/env bash
# Nurse rostering side by side: runs one MiniZinc solver configuration on the generated
# rosters of gen.py (nurses x days, shifts off, day, evening and night; minimum cover, forbidden
# successions and runs through `regular`, days off in a range; preferences and missing ideal
# cover to minimise) and prints one line per instance: id, status (OPT proven / SOL unproven /
# NONE / UNSAT / ERR), the last objective, and the wall seconds of the whole minizinc call.
#
#   benches/roster/run.sh SOLVER.msc [SECONDS] [EXTRA minizinc flags...] > out.tsv
#
# The instance list is fixed here (seeds and sizes), so two runs compare instance by instance.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=../generated_runs.sh
source "$here/../generated_runs.sh"
model="$here/roster.mzn"; gen="$here/gen.py"; prefix=roster
instances=(
    "1 3 7" "2 4 7" "3 5 7" "4 6 7" "5 6 10" "6 8 7" "7 8 10" "8 10 10" "9 10 14" "10 12 14"
)
# Smaller rosters, each proven by the learning search within benches/learning_failures.sh's
# 100,000 nodes (the rosters above mostly stop there): that script counts their failures too.
proof_instances=(
    "11 3 7" "12 3 7" "15 4 6" "16 5 6" "17 3 8" "21 3 7" "22 3 7" "23 3 7" "24 3 8" "27 4 6"
    "28 3 6" "29 5 5" "30 3 10"
)
# Held-out instances (more seeds of the same generator and sizes): benches/learning_failures.sh
# counts their failures with the SET `heldout`, to check that a change chosen on the instances
# above also helps on others generated alike.
heldout_instances=(
    "31 4 6" "32 3 8" "33 5 5" "34 4 7" "35 3 7" "36 4 6" "37 3 8" "38 5 5" "39 4 7" "40 3 7"
    "41 4 6" "42 3 8" "43 5 5" "44 4 7" "45 3 7" "46 4 6" "47 3 8" "48 5 5" "49 4 7" "50 3 7"
)
# Sourced (benches/learning_failures.sh reads the lists): nothing runs.
if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
    generated_runs "$@"
fi

#!/usr/bin/env bash
# Cross-checks the claims of two runs of the MiniZinc judge (../shared/data/minizinc/check.sh,
# its tab-separated output) made with two configurations, e.g. the default (learning) and
# --no-learning: every "unsatisfiable" and every proven optimum of one run must agree with
# everything the other run found. Prints each instance both runs answered and whether the
# claims agree, and exits 1 on a disagreement.
#
#   EXTRA_FLAGS=""              check.sh csp.msc > default.tsv
#   EXTRA_FLAGS="--no-learning" check.sh csp.msc > plain.tsv
#   benches/mzn_crosscheck.sh default.tsv plain.tsv
#
# got fields: SAT, UNSAT, OPT:<v> (claimed optimum), SOL:<v> (unproven), NONE. A disagreement:
# UNSAT against any solution; two different optima; and, with the dev set's expected.tsv as a
# third argument (for each instance's direction, minimize or maximize), a solution of one run
# strictly better than the other run's claimed optimum.
set -euo pipefail
[ $# -eq 2 ] || [ $# -eq 3 ] || { echo "usage: $0 RUN_A.tsv RUN_B.tsv [expected.tsv]" >&2; exit 2; }
awk -F'\t' '
  FNR == 1 { file++ }
  file == 3 { kind[$1] = $2; next }
  /^#/ || NF < 4 { next }
  { got[file, $1] = $3; ids[$1] = 1 }
  # Whether run value x (OPT or SOL) is strictly better than the optimum claimed in y.
  function better(x, y, k,    vx, vy) {
    if (y !~ /^OPT:/ || x !~ /^(OPT|SOL):/) return 0
    vx = substr(x, 5) + 0; vy = substr(y, 5) + 0
    return (k == "minimize" && vx < vy) || (k == "maximize" && vx > vy)
  }
  END {
    bad = 0; n = 0
    for (id in ids) {
      a = got[1, id]; b = got[2, id]
      if (a == "" || b == "") continue
      verdict = "agree"
      if ((a == "UNSAT" && (b == "SAT" || b ~ /^(OPT|SOL):/)) || (b == "UNSAT" && (a == "SAT" || a ~ /^(OPT|SOL):/))) verdict = "DISAGREE"
      if (a ~ /^OPT:/ && b ~ /^OPT:/ && a != b) verdict = "DISAGREE"
      if (better(b, a, kind[id]) || better(a, b, kind[id])) verdict = "DISAGREE"
      if (verdict == "agree" && a !~ /^(OPT:|UNSAT)/ && b !~ /^(OPT:|UNSAT)/) verdict = "no claim"
      n++
      printf "%s\t%s\t%s\t%s\n", id, a, b, verdict
      if (verdict == "DISAGREE") bad++
    }
    printf "%d instances answered by both; %d disagreements\n", n, bad > "/dev/stderr"
    exit bad > 0
  }' "$1" "$2" ${3:+"$3"} | sort

#!/usr/bin/env bash
# Two fzn-csp builds on the same FlatZinc files, one run after the other (never two at once):
# for each file, each build's last objective (or "sat"/"unsat"/"-"), whether it finished
# (==========, =====UNSATISFIABLE=====) and its wall seconds.
#
# usage: TIME_LIMIT_MS=20000 benches/fzn_side_by_side.sh BIN_A BIN_B FILE.fzn ...
# output: file  A(status objective seconds)  B(status objective seconds)
#   status: done (search complete), limit (stopped by the time limit), none (no answer)
set -u
limit=${TIME_LIMIT_MS:-20000}
a=$1 b=$2
shift 2
one() { # binary file -> "status objective seconds"
  local t0 t1 out st obj
  t0=$(date +%s.%N)
  out=$("$1" -s -t "$limit" "$2" 2>/dev/null)
  t1=$(date +%s.%N)
  obj=$(printf '%s\n' "$out" | grep -E '^%%%mzn-stat: objective=' | tail -1 | sed 's/.*=//')
  if printf '%s\n' "$out" | grep -qE '^(==========|=====UNSATISFIABLE=====)$'; then st=done
  elif printf '%s\n' "$out" | grep -q -- '^----------$'; then st=limit
  else st=none; fi
  printf '%s %s %.2f' "$st" "${obj:--}" "$(echo "$t1 - $t0" | bc)"
}
printf 'file\tA\tB\n'
for f in "$@"; do
  printf '%s\t%s\t%s\n' "$(basename "$f" .fzn)" "$(one "$a" "$f")" "$(one "$b" "$f")"
done

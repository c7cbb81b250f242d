#!/usr/bin/env bash
# The table of docs/flatzinc-globals.md: every global of
# MiniZinc's standard library (its std/fzn_*.mzn files, reified and half-reified forms left out)
# and how fzn-csp takes it:
#   native      crates/flatzinc/mznlib has its fzn_*.mzn: a csp_* built-in of the engine;
#   decomposed  MiniZinc's own decomposition (std/fzn_*.mzn) into integer, Boolean and set
#               built-ins, sets through the Boolean encoding (nosets.mzn, included by our
#               redefinitions.mzn);
#   unsupported its arguments or its decomposition need float variables.
# The last column names the checked-in models (crates/flatzinc/tests/models) that use the global,
# whose solution counts or optima tests/instances.rs matches against Gecode's.
# usage: benches/globals_table.sh [STDLIB_DIR]   (default /usr/share/minizinc/std)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
std=${1:-/usr/share/minizinc/std}
printf '| global | fzn-csp | Gecode-checked models |\n|---|---|---|\n'
for f in "$std"/fzn_*.mzn; do
  g=$(basename "$f" .mzn); g=${g#fzn_}
  case $g in *_reif|*_imp|*.deprecated) continue ;; esac
  if [ -f "$root/crates/flatzinc/mznlib/fzn_$g.mzn" ]; then
    how=native
  elif grep -qi float "$f" || [ "${g#*float}" != "$g" ]; then
    how=unsupported
  else
    how=decomposed
  fi
  # the user-facing name: the global without its type suffix
  base=$(echo "$g" | sed -E 's/_(int|bool|set|float|enum|opt|par|int_opt|bool_opt|set_opt)$//; s/_(int|bool|set)$//')
  # the models calling it (comments left out); by its bare name only for the integer variant
  pat=$g
  [ "$g" = "$base" ] || [ "$g" = "${base}_int" ] && pat="$base|$g|$(echo "$base" | tr -d _)"
  models=$(for m in "$root"/crates/flatzinc/tests/models/*.mzn; do
      if sed 's/%.*//' "$m" | grep -qE "(^|[^a-z_])($pat) *\("; then basename "$m" .mzn; fi
    done | tr '\n' ' ' | sed 's/ $//; s/ /, /g')
  printf '| `%s` | %s | %s |\n' "$g" "$how" "${models:-}"
done

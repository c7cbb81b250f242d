#!/usr/bin/env bash
# The table of docs/flatzinc-globals.md: every global of
# MiniZinc's standard library (its std/fzn_*.mzn files, reified and half-reified forms left out)
# and how fzn-csp takes it:
#   native      crates/flatzinc/mznlib has its fzn_*.mzn: a csp_* built-in of the engine;
#   decomposed  MiniZinc's own decomposition (std/fzn_*.mzn) into integer, Boolean and set
#               built-ins, sets through the Boolean encoding (nosets.mzn, included by our
#               redefinitions.mzn);
#   unsupported its arguments or its decomposition need float variables.
# The last column names the checked-in models (crates/flatzinc/tests/models, as instances.txt
# lists them) whose solution counts or optima tests/instances.rs matches against Gecode's and
# whose flattening calls the global: each instance is flattened as Gecode's is
# (`minizinc -c -G std --keep-paths`) and the global's decomposition (std/fzn_GLOBAL.mzn) is
# in the call paths of its variables and constraints. So the typed variants (`_opt`, `_par`,
# `_set`, `_bool`, `_enum`) are told apart, and a global reached through another's
# decomposition counts too; a decomposition that only merges variables (`all_equal` of plain
# variables) leaves no path and is not seen.
# Needs minizinc 2.6.
# usage: benches/globals_table.sh [STDLIB_DIR]   (default /usr/share/minizinc/std)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
std=${1:-/usr/share/minizinc/std}
tests=$root/crates/flatzinc/tests
tmp=$(mktemp -d)
trap 'rm -r "$tmp"' EXIT
# "MODEL GLOBAL" for every global in the call paths of every instance's flattening.
grep -v '^#' "$tests/instances.txt" | while read -r name model data kind; do
  [ -n "$name" ] || continue
  set -- "$tests/models/$model.mzn"
  case $data in
    -) ;;
    *.dzn) set -- "$@" "$tests/models/$data" ;;
    *) set -- "$@" -D "$data" ;;
  esac
  minizinc -c -G std --keep-paths "$@" -o "$tmp/flat.fzn" --output-ozn-to-file "$tmp/flat.ozn" \
    --output-paths-to-file "$tmp/flat.paths"
  grep -o "$std/fzn_[A-Za-z0-9_]*\.mzn|" "$tmp/flat.fzn" | sed "s|^.*/fzn_|$model |; s/\.mzn|\$//" || true
done | sort -u > "$tmp/calls"
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
  models=$(awk -v g="$g" '$2 == g { print $1 }' "$tmp/calls" | tr '\n' ' ' | sed 's/ $//; s/ /, /g')
  printf '| `%s` | %s | %s |\n' "$g" "$how" "${models:-}"
done

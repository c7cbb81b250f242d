#!/usr/bin/env bash
# The built-ins table of docs/flatzinc-builtins.md: every predicate of MiniZinc's FlatZinc
# built-ins (std/flatzinc_builtins.mzn) and how fzn-csp takes it:
#   native      the translation (crates/flatzinc/src/builtins.rs) posts an engine constraint;
#   encoded     a set built-in: MiniZinc's Boolean encoding of sets (nosets.mzn, included by
#               crates/flatzinc/mznlib/redefinitions.mzn) rewrites it into integer and Boolean
#               built-ins before fzn-csp sees it;
#   decomposed  MiniZinc emits it only for a solver that declares it, and decomposes it
#               otherwise (std/redefinitions-*.mzn): fzn-csp never receives it;
#   unsupported float variables.
# The last column names the checked-in instances (crates/flatzinc/tests/instances.txt) whose
# flattening has the built-in, ours (tests/fzn/NAME.fzn) or Gecode's (`minizinc -c -G std`,
# where the set built-ins stay), and whose answers the tests match against Gecode's (`*`: a
# brute force in MiniZinc's order of sets, tests/set_order.rs), and `builtins_direct`, the
# FlatZinc file of tests/builtins_direct.rs that calls the built-ins no flattening emits.
# Needs minizinc 2.6.
# usage: benches/builtins_table.sh [STDLIB_DIR]   (default /usr/share/minizinc/std)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
std=${1:-/usr/share/minizinc/std}
tests=$root/crates/flatzinc/tests
tmp=$(mktemp -d)
trap 'rm -r "$tmp"' EXIT
# "INSTANCE BUILTIN" for every constraint of both flattenings of every instance.
grep -v '^#' "$tests/instances.txt" | while read -r name model data kind; do
  [ -n "$name" ] || continue
  set -- "$tests/models/$model.mzn"
  case $data in
    -) ;;
    *.dzn) set -- "$@" "$tests/models/$data" ;;
    *) set -- "$@" -D "$data" ;;
  esac
  mark=; [ "$kind" = set-order ] && mark='*'
  minizinc -c -G std "$@" -o "$tmp/flat.fzn" --output-ozn-to-file "$tmp/flat.ozn" 2>/dev/null
  cat "$tmp/flat.fzn" "$tests/fzn/$name.fzn" | grep -o '^constraint [a-z_0-9]*' | sed "s/^constraint /$name$mark /"
done > "$tmp/calls.all"
# The built-ins no flattening emits, called directly (tests/builtins_direct.rs).
grep -o '^constraint [a-z_0-9]*' "$tests/fzn/builtins_direct.fzn" | sed 's/^constraint /builtins_direct /' >> "$tmp/calls.all"
sort -u "$tmp/calls.all" > "$tmp/calls"
printf '| built-in | fzn-csp | checked instances |\n|---|---|---|\n'
grep -o '^predicate [a-z_0-9]*' "$std/flatzinc_builtins.mzn" | awk '{print $2}' | sort -u | while read -r b; do
  if [ "${b#*float}" != "$b" ]; then
    how=unsupported
  elif grep -q "\"$b\"" "$root/crates/flatzinc/src/builtins.rs"; then
    how=native
  elif [ "${b#*set}" != "$b" ]; then
    how=encoded
  else
    how=decomposed
  fi
  models=$(awk -v b="$b" '$2 == b { print $1 }' "$tmp/calls" | tr '\n' ' ' | sed 's/ $//; s/ /, /g')
  printf '| `%s` | %s | %s |\n' "$b" "$how" "${models:-}"
done

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
# decomposition counts too. A decomposition that only merges variables (`all_equal` of sets) or
# hands over to another predicate (`count_lt_par` to `count_lt`) leaves no path of its own, so
# each instance is also flattened with a copy of the standard library whose decompositions
# print their name when MiniZinc expands them (`trace`, wrapped around each fzn_*.mzn body),
# and a global counts when either way sees it. Instances of the kind `set-order` are marked
# with `*`: their answers are checked against a brute force in MiniZinc's order of sets
# (tests/set_order.rs), Gecode's native order of sets being another.
# Needs minizinc 2.6 and python3.
# usage: benches/globals_table.sh [STDLIB_DIR]   (default /usr/share/minizinc/std)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
std=${1:-/usr/share/minizinc/std}
tests=$root/crates/flatzinc/tests
tmp=$(mktemp -d)
trap 'rm -r "$tmp"' EXIT
# A copy of the library whose decompositions announce themselves: `@@CALL GLOBAL` on stderr.
cp -r "$std/.." "$tmp/lib"
python3 - "$tmp/lib/std" <<'PY'
import os, re, sys
std = sys.argv[1]


def instrument(p, g):
    """Wraps the body of every predicate of file `p` in a trace naming `g`; how many."""
    s, out, i, n = open(p).read(), [], 0, 0
    for d in re.finditer(r"predicate\s+\w+\s*\(", s):
        if d.start() < i:
            continue
        j, depth = d.end(), 1
        while depth:
            depth += {"(": 1, ")": -1}.get(s[j], 0)
            j += 1
        while s[j] not in "=;":
            j += 1
        if s[j] == ";":
            continue  # no body: a built-in
        e, depth, quoted = j + 1, 0, False
        while quoted or depth or s[e] != ";":
            c = s[e]
            if c == '"':
                quoted = not quoted
            elif not quoted and c == "%":
                e = s.index("\n", e)  # a comment, to the end of its line
                continue
            elif not quoted and s.startswith("/*", e):
                e = s.index("*/", e) + 2
                continue
            elif not quoted:
                depth += (c in "([{") - (c in ")]}")
            e += 1
        out += [s[i : j + 1], f' trace("@@CALL {g}\\n", ({s[j + 1 : e]}))']
        i, n = e, n + 1
    open(p, "w").write("".join(out) + s[i:])
    return n


for f in sorted(os.listdir(std)):
    m = re.fullmatch(r"fzn_(\w+)\.mzn", f)
    if not m or re.search(r"_(reif|imp)$", m.group(1)):
        continue
    g = m.group(1)
    # A decomposition the compiler does itself (`fzn_regular(x, string)` has no body): the
    # global's own file, which calls it, announces it.
    if instrument(os.path.join(std, f), g) == 0 and os.path.exists(os.path.join(std, g + ".mzn")):
        instrument(os.path.join(std, g + ".mzn"), g)
PY
# "MODEL GLOBAL" for every global in the call paths of every instance's flattening, or traced.
grep -v '^#' "$tests/instances.txt" | while read -r name model data kind; do
  [ -n "$name" ] || continue
  set -- "$tests/models/$model.mzn"
  case $data in
    -) ;;
    *.dzn) set -- "$@" "$tests/models/$data" ;;
    *) set -- "$@" -D "$data" ;;
  esac
  # Gecode's flattening refuses these (tests/set_order.rs checks them): not Gecode-checked.
  [ "$kind" = no-gecode ] && continue
  mark=; [ "$kind" = set-order ] && mark='*'
  minizinc -c -G std --keep-paths "$@" -o "$tmp/flat.fzn" --output-ozn-to-file "$tmp/flat.ozn" \
    --output-paths-to-file "$tmp/flat.paths"
  grep -o "$std/fzn_[A-Za-z0-9_]*\.mzn|" "$tmp/flat.fzn" | sed "s|^.*/fzn_|$model$mark |; s/\.mzn|\$//" || true
  minizinc -c --stdlib-dir "$tmp/lib" -G std "$@" -o "$tmp/traced.fzn" --output-ozn-to-file "$tmp/traced.ozn" \
    2>&1 >/dev/null | grep -o '^@@CALL [A-Za-z0-9_]*' | sed "s/^@@CALL /$model$mark /" || true
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

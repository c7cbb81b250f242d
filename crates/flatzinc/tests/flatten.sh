#!/bin/sh
# Flattens the test instances (instances.txt) for fzn-csp and records Gecode's answers.
# Needs minizinc 2.6 and fzn-gecode (Debian: apt-get install minizinc flatzinc) and the csp
# solver installed (../install.sh). `cargo test` reads only the results: fzn/*.fzn and
# fzn/expected.txt.
#
# * fzn/NAME.fzn: `minizinc -c --solver csp` (our mznlib: native all_different and table);
# * expected: `minizinc -c -G std` then `fzn-gecode -a`, its output through
#   `minizinc --ozn-file` (the packaged Gecode library does not compile with minizinc 2.6.4): the number of solutions ("count"), or the optimal objective
#   ("optimum", the last solution's `objective`), or "unsat"; for the kind "set-order", the
#   count under Gecode's own order of sets, which tests/set_order.rs checks (see there); for
#   the kind "no-gecode" (a model Gecode's flattening refuses), nothing of Gecode's: the line
#   says so, and a test of its own checks the instance.
#
# usage: tests/flatten.sh [NAME ...]: only these instances (their lines of expected.txt are
# replaced, the others kept); default: all. CSP_SOLVER names the installed solver (default csp).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=$here/fzn
tmp=$(mktemp -d)
mkdir -p "$out"
only=" $* "
: > "$out/expected.txt.new"
grep -v '^#' "$here/instances.txt" | while read -r name model data kind; do
    [ -n "$name" ] || continue
    if [ "$only" != "  " ] && [ "${only#* $name }" = "$only" ]; then
        grep "^$name " "$out/expected.txt" >> "$out/expected.txt.new" || true
        continue
    fi
    set -- "$here/models/$model.mzn"
    case $data in
        -) ;;
        *.dzn) set -- "$@" "$here/models/$data" ;;
        *) set -- "$@" -D "$data" ;;
    esac
    minizinc -c --solver "${CSP_SOLVER:-csp}" -O- "$@" -o "$out/$name.fzn"
    if [ "$kind" = no-gecode ]; then
        echo "$name no-gecode" >> "$out/expected.txt.new"
        continue
    fi
    minizinc -c -G std "$@" -o "$tmp/$name.fzn" --output-ozn-to-file "$tmp/$name.ozn"
    # solns2out turns the raw solutions into the model's output (which prints `objective`).
    timeout 600 fzn-gecode -a "$tmp/$name.fzn" | minizinc --ozn-file "$tmp/$name.ozn" > "$tmp/$name.out"
    n=$(grep -c -- '^----------$' "$tmp/$name.out" || true)
    complete=$(grep -c -- '^==========$' "$tmp/$name.out" || true)
    if grep -q -- '=====UNSATISFIABLE=====' "$tmp/$name.out"; then
        echo "$name unsat" >> "$out/expected.txt.new"
    elif [ "$complete" != 1 ]; then
        echo "gecode did not finish $name" >&2; exit 1
    elif [ "$kind" = optimum ]; then
        best=$(grep '^objective = ' "$tmp/$name.out" | tail -1 | sed 's/^objective = //')
        echo "$name optimum $best" >> "$out/expected.txt.new"
    elif [ "$kind" = set-order ]; then
        echo "$name set-order $n" >> "$out/expected.txt.new"
    else
        echo "$name count $n" >> "$out/expected.txt.new"
    fi
done
mv "$out/expected.txt.new" "$out/expected.txt"
rm -r "$tmp"
cat "$out/expected.txt"

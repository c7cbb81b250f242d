#!/bin/sh
# The FlatZinc benchmark (docs/flatzinc.md): each instance of instances.txt (models in models/
# or crates/flatzinc/tests/models, data in models/) flattened for
# fzn-csp (`minizinc -c --solver csp`, our mznlib) and for Gecode (`-G std`), each solver run
# once, one at a time, with a 60 s limit (`-t 60000`, and `timeout 70` as a backstop).
# fzn-csp runs with --check (every solution checked against the FlatZinc constraints).
# Output: results.tsv (name, solver, seconds, status, objective), then summarise.py.
# Needs minizinc, fzn-gecode and the csp solver installed (crates/flatzinc/install.sh).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
csp=${FZN_CSP:-$here/../../target/release/fzn-csp}
limit=${LIMIT_MS:-60000}
tmp=$(mktemp -d)
out=${OUT:-$here/results.tsv}
printf 'name\tsolver\tseconds\tstatus\tobjective\n' > "$out"
grep -v '^#' "${INSTANCES:-$here/instances.txt}" | while read -r name model data; do
    [ -n "$name" ] || continue
    # Models shared with the tests live in crates/flatzinc/tests/models.
    tests=$here/../../crates/flatzinc/tests/models
    mzn=$here/models/$model.mzn
    [ -f "$mzn" ] || mzn=$tests/$model.mzn
    set -- "$mzn"
    case $data in
        -) ;;
        *.dzn) set -- "$@" "$here/models/$data" ;;
        *) set -- "$@" -D "$data" ;;
    esac
    minizinc -c --solver csp "$@" -o "$tmp/csp.fzn" --output-ozn-to-file "$tmp/csp.ozn"
    minizinc -c -G std "$@" -o "$tmp/std.fzn" --output-ozn-to-file "$tmp/std.ozn"
    for solver in csp gecode; do
        if [ $solver = csp ]; then
            cmd="$csp --check -t $limit $tmp/csp.fzn"; ozn=$tmp/csp.ozn
        else
            cmd="fzn-gecode -t $limit $tmp/std.fzn"; ozn=$tmp/std.ozn
        fi
        start=$(date +%s.%N)
        timeout 70 $cmd > "$tmp/raw" 2> "$tmp/err" || echo "exit $?" >> "$tmp/err"
        end=$(date +%s.%N)
        secs=$(echo "$end - $start" | bc)
        if grep -q '=====UNSATISFIABLE=====' "$tmp/raw"; then status=unsat
        elif grep -q '^==========$' "$tmp/raw"; then status=complete
        elif grep -q '^----------$' "$tmp/raw"; then status=solution
        elif grep -q '=====UNKNOWN=====' "$tmp/raw"; then status=unknown
        else status="error:$(head -c 200 "$tmp/err" | tr '\t\n' '  ')"
        fi
        obj=$(minizinc --ozn-file "$ozn" < "$tmp/raw" 2>/dev/null | grep '^objective = ' | tail -1 | sed 's/^objective = //' || true)
        printf '%s\t%s\t%.3f\t%s\t%s\n' "$name" "$solver" "$secs" "$status" "${obj:--}" >> "$out"
        printf '%s\t%s\t%.3f\t%s\t%s\n' "$name" "$solver" "$secs" "$status" "${obj:--}"
    done
done
rm -r "$tmp"

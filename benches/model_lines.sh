#!/usr/bin/env bash
# Counts the lines of model code: in each file given (default: the models of src/classic,
# examples/ and benches/cpsat), the non-blank, non-comment lines between a marker line
# `model:begin NAME` and the next `model:end` (in a `//` or `#` comment). Prints one line per
# model, `NAME  LINES  FILE`, then the totals of the Rust and the Python files. A `FILE:FROM-TO` argument counts the lines FROM..TO
# of a file without markers (for older revisions, see docs/model-size.md).
#
#   benches/model_lines.sh                          # every marked model
#   benches/model_lines.sh benches/cpsat/*.py       # the CP-SAT versions only
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -eq 0 ]; then
    set -- $(grep -l 'model:begin' src/classic/*.rs examples/*.rs benches/cpsat/*.py 2>/dev/null)
fi
rust=0
python=0
for arg in "$@"; do
    if [[ "$arg" =~ ^(.*):([0-9]+)-([0-9]+)$ ]]; then
        file=${BASH_REMATCH[1]}
        out=$(sed -n "${BASH_REMATCH[2]},${BASH_REMATCH[3]}p" "$file" |
            awk -v name="lines ${BASH_REMATCH[2]}-${BASH_REMATCH[3]}" '
                /^[[:space:]]*$/ || /^[[:space:]]*(\/\/|#)/ { next } { n++ } END { print name "\t" n + 0 }')
    else
        file=$arg
        out=$(awk '
            /model:begin/ { name = $NF; inside = 1; n = 0; next }
            /model:end/ && inside { print name "\t" n; inside = 0; next }
            inside && !/^[[:space:]]*$/ && !/^[[:space:]]*(\/\/|#)/ { n++ }' "$file")
    fi
    while IFS=$'\t' read -r name n; do
        [ -n "$name" ] || continue
        printf '%-16s %4d  %s\n' "$name" "$n" "$file"
        case $file in
        *.py) python=$((python + n)) ;;
        *) rust=$((rust + n)) ;;
        esac
    done <<<"$out"
done
printf '%-16s %4d\n' "total Rust" "$rust" "total Python" "$python"

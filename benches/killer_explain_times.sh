#!/usr/bin/env bash
# Seconds to explain every killer of data/variants (`--explain`, release build, one puzzle per
# run): the four example files and each puzzle of the held-out files (split at their
# `# killer N` lines). Prints one line per puzzle (file, wall and user seconds), then the
# median and the largest. User seconds hold on a loaded machine; wall seconds do not.
#
#   bash benches/killer_explain_times.sh
#   BIN=/path/to/an/older/sudoku bash benches/killer_explain_times.sh   # another build
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${BIN:-}" ]; then
  cargo build --release --quiet --example sudoku
  BIN=target/release/examples/sudoku
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp data/variants/killer_*.txt "$tmp/"
for f in killer killer_hard; do
  awk -v dir="$tmp" -v base="$f" '/^# killer/ {n++} n {print > (dir "/" base "_" n ".txt")}' \
    "data/variants/held-out/$f.txt"
done
for p in "$tmp"/*.txt; do
  /usr/bin/time -f "$(basename "$p") %e %U" "$BIN" --variant killer --explain "$p" 2>&1 > /dev/null | tail -1
done | tee "$tmp/times"
median() { sort -n | awk '{v[NR] = $1} END {printf "%.2f\n", (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
largest() { sort -n | tail -1; }
n=$(wc -l < "$tmp/times")
echo "$n killers: median $(cut -d' ' -f2 "$tmp/times" | median) s wall, $(cut -d' ' -f3 "$tmp/times" | median) s user;" \
  "largest $(cut -d' ' -f2 "$tmp/times" | largest) s wall, $(cut -d' ' -f3 "$tmp/times" | largest) s user"

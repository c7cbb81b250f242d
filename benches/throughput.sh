#!/usr/bin/env bash
# Throughput benchmark of the Sudoku example in batch mode, count-to-2 ("solve and prove
# unique", as the tdoku benchmarks do): puzzles per second, microseconds and search nodes per
# puzzle, per puzzle set and per propagation level. Prints a Markdown table.
#
#   benches/throughput.sh                 # every set, every level, whole files, 3 runs each
#   LIMIT=2000 benches/throughput.sh      # first 2000 puzzles of each file
#   REPEAT=5 LEVELS="hidden locked" SETS="9x9_17clue_royle" benches/throughput.sh
#   PEERS=/path/to/peers-rs benches/throughput.sh
#
# PEERS: the binary of the peer harness (../shared/peers/peers-rs, built by its setup.sh; not
# part of this project). When set, the specialised `sudoku` crate runs on the same input in
# the same run, interleaved with ours, and the table gets its rate and our ratio to it.
# Each figure is the median of REPEAT runs.
set -euo pipefail
cd "$(dirname "$0")/.."
REPEAT=${REPEAT:-3}
LIMIT=${LIMIT:-}
SETS=${SETS:-"9x9_17clue_royle 9x9_magictour_top1465 9x9_forum_hardest_1905_11plus"}
LEVELS=${LEVELS:-"fc hidden locked gac"}
cargo build --release --example sudoku -q
BIN=target/release/examples/sudoku
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

args_for() {
  case $1 in
    fc) echo "--propagation fc" ;;
    hidden) echo "--propagation hidden" ;;
    locked) echo "--propagation locked" ;;
    gac) echo "--propagation gac" ;;
    *) echo "unknown level $1" >&2; exit 2 ;;
  esac
}

echo "| set | level | puzzles | puzzles/s | µs/puzzle | nodes/puzzle |${PEERS:+ sudoku crate /s | ratio |}"
echo "|---|---|---:|---:|---:|---:|${PEERS:+---:|---:|}"
for set in $SETS; do
  input="$tmp/$set.txt"
  if [ -n "$LIMIT" ]; then head -n "$LIMIT" "data/$set.txt" > "$input"; else cp "data/$set.txt" "$input"; fi
  for level in $LEVELS; do
    : > "$tmp/ours" ; : > "$tmp/peer"
    for _ in $(seq "$REPEAT"); do
      if [ -n "${PEERS:-}" ]; then
        "$PEERS" sudoku count "$input" --no-header | awk '{print $(NF-1)}' >> "$tmp/peer"
      fi
      # shellcheck disable=SC2046
      "$BIN" --batch --stats $(args_for "$level") "$input" 2> "$tmp/err" > /dev/null
      rate=$(grep -o 'rate=[0-9.]*' "$tmp/err" | cut -d= -f2)
      puzzles=$(grep -o 'puzzles=[0-9]*' "$tmp/err" | head -1 | cut -d= -f2)
      nodes=$(grep -o 'nodes=[0-9]*' "$tmp/err" | head -1 | cut -d= -f2)
      echo "$rate $puzzles $nodes" >> "$tmp/ours"
    done
    rate=$(cut -d' ' -f1 "$tmp/ours" | median)
    puzzles=$(head -1 "$tmp/ours" | cut -d' ' -f2)
    nodes=$(head -1 "$tmp/ours" | cut -d' ' -f3)
    row=$(awk -v r="$rate" -v p="$puzzles" -v n="$nodes" 'BEGIN {printf "%.0f | %.1f | %.2f", r, 1e6 / r, n / p}')
    if [ -n "${PEERS:-}" ]; then
      peer=$(median < "$tmp/peer")
      extra=$(awk -v a="$peer" -v b="$rate" 'BEGIN {printf " %.0f | %.1f |", a, a / b}')
    else
      extra=""
    fi
    echo "| $set | $level | $puzzles | $row |$extra"
  done
done

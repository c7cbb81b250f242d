#!/usr/bin/env bash
# Instruction counts (valgrind --tool=callgrind) of the Sudoku example in batch mode, count-to-2,
# on the first LIMIT puzzles of each set, per propagation level. Unlike wall-clock rates these
# do not move with the load of a shared machine, so small differences between two versions or
# between us and a peer are measurable. Prints a Markdown table.
#
#   benches/instructions.sh                                # 300 puzzles per set; hidden, locked, gac
#   LIMIT=100 LEVELS=fc benches/instructions.sh
#   PEERS=/path/to/peers-rs benches/instructions.sh        # adds the `sudoku` crate and our ratio
#
# PEERS: the binary of the peer harness (../shared/peers/peers-rs, not part of this project);
# its whole-program count includes its own parsing and checking (about 11% on 300 top1465
# puzzles), as ours includes our parsing and output.
set -euo pipefail
cd "$(dirname "$0")/.."
LIMIT=${LIMIT:-300}
SETS=${SETS:-"9x9_17clue_royle 9x9_magictour_top1465 9x9_forum_hardest_1905_11plus"}
LEVELS=${LEVELS:-"hidden locked gac"}
command -v valgrind > /dev/null || { echo "valgrind is needed (apt-get install valgrind)" >&2; exit 2; }
cargo build --release --example sudoku -q
BIN=target/release/examples/sudoku
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Instructions executed by the command, from callgrind's summary line.
instructions() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 > /dev/null |
    awk '/Collected :/ {print $NF} /I *refs:/ {gsub(",", "", $NF); print $NF}' | tail -1
}

echo "| set | puzzles | level | instructions/puzzle | nodes/puzzle |${PEERS:+ sudoku crate instr/puzzle | ratio |}"
echo "|---|---:|---|---:|---:|${PEERS:+---:|---:|}"
for set in $SETS; do
  input="$tmp/$set.txt"
  head -n "$LIMIT" "data/$set.txt" > "$input"
  n=$(grep -cv '^\s*\(#\|$\)' "$input")
  peer=""
  if [ -n "${PEERS:-}" ]; then
    peer=$(instructions "$PEERS" sudoku count "$input" --no-header)
  fi
  for level in $LEVELS; do
    ours=$(instructions "$BIN" --batch --propagation "$level" "$input")
    nodes=$("$BIN" --batch --stats --propagation "$level" "$input" 2>&1 > /dev/null |
      grep -o 'nodes=[0-9]*' | head -1 | cut -d= -f2)
    row=$(awk -v o="$ours" -v n="$n" -v k="$nodes" 'BEGIN {printf "%.0f | %.2f", o / n, k / n}')
    if [ -n "$peer" ]; then
      row="$row | $(awk -v p="$peer" -v o="$ours" -v n="$n" 'BEGIN {printf "%.0f | %.1f", p / n, o / p}')"
    fi
    echo "| $set | $n | $level | $row |"
  done
done

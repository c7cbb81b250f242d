#!/usr/bin/env bash
# The held-out variant puzzles (data/variants/held-out/, see its README): how many need a
# guess, and the bands, by `--batch --variant V --grade` (docs/variants.md). The full check
# (every step true of the solution, every killer explanation with cage reasoning, hints) is
# the test `held_out_9x9_variants_need_no_guess_and_every_step_is_true` of the sudoku crate.
#
#   benches/variants_held_out.sh              # the release build of this tree
#   BIN=/path/to/sudoku benches/variants_held_out.sh   # another build (say, an older commit's)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${BIN:-}" ]; then
  cargo build --release --example sudoku -q
  BIN=target/release/examples/sudoku
fi
DIR=data/variants/held-out
echo "| file | puzzles | need a guess | bands | seconds |"
echo "|---|---:|---:|---|---:|"
for f in killer killer_hard x jigsaw; do
  variant=${f%%_*}
  t0=$(date +%s.%N)
  out=$("$BIN" --batch --variant "$variant" --grade "$DIR/$f.txt" 2>/dev/null)
  t1=$(date +%s.%N)
  n=$(printf '%s\n' "$out" | wc -l)
  guesses=$(printf '%s\n' "$out" | awk -F'\t' '$4 == "guess"' | wc -l)
  bands=$(printf '%s\n' "$out" | awk -F'\t' '{n[$3]++} END {
    split("easy medium hard fiendish extreme", order, " ")
    for (i = 1; i <= 5; i++) if (n[order[i]]) { printf "%s%s %d", (k++ ? ", " : ""), order[i], n[order[i]] } }')
  printf '| %s | %d | %d | %s | %.1f |\n' "$f.txt" "$n" "$guesses" "$bands" "$(echo "$t1 - $t0" | bc)"
done

#!/usr/bin/env bash
# The held-out variant puzzles (data/variants/held-out/, see its README): how many need a
# guess, and the bands, by `--batch --variant V --grade` (docs/variants.md); then the full
# check, the test `held_out_9x9_variants_need_no_guess_and_every_step_is_true` of the
# sudoku crate (every step of every explanation true of the solution found by the engine's
# search, no guess, a grade and a true first hint, every killer explanation with cage
# reasoning; X, jigsaw and killer.txt, as `cargo test` runs it). Both use the test profile (opt-level 2, what `cargo test` builds; a release
# build with LTO is faster to run, slower to make).
#
#   benches/variants_held_out.sh              # this tree
#   BIN=/path/to/sudoku benches/variants_held_out.sh   # the table for another build (say, an
#                                                      # older commit's); no test then
set -euo pipefail
cd "$(dirname "$0")/.."
TEST=0
if [ -z "${BIN:-}" ]; then
  cargo build --profile test --example sudoku -q
  BIN=target/debug/examples/sudoku
  TEST=1
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
if [ "$TEST" = 1 ]; then
  cargo test -q -p sudoku --test integration held_out_9x9
fi

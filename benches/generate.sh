#!/usr/bin/env bash
# Generation benchmark: minimal 9x9 puzzles per second, ours (`--generate`) against qqwing
# (Debian package `qqwing`, `apt-get install -y qqwing`), side by side in one run, for
# comparable difficulties. Prints a Markdown table (docs/generation.md).
#
#   benches/generate.sh                    # every class, 3 runs each, interleaved
#   REPEAT=5 CLASSES="any expert" benches/generate.sh
#   JOBS=2 benches/generate.sh             # ours with 2 worker threads (qqwing has one)
#
# Classes (qqwing's difficulty, then ours; qqwing: simple = naked singles only, easy = hidden
# singles too, intermediate = pairs or pointing, expert = guessing):
#   any           qqwing --difficulty any            ours --band any (not graded)
#   any-graded    qqwing --difficulty any            ours --band any --grade (every puzzle graded)
#   simple        qqwing --difficulty simple         ours --band easy  (singles only)
#   easy          qqwing --difficulty easy           ours --band easy
#   intermediate  qqwing --difficulty intermediate   ours --band medium..hard (locked candidates,
#                                                    subsets, fish)
#   expert        qqwing --difficulty expert         ours --band fiendish..extreme (chains, guessing)
# Both make minimal puzzles without symmetry (qqwing removes givens one at a time in a random
# order, keeping uniqueness). Each figure is the median of REPEAT runs; runs alternate between
# the two programs, so both see the same machine load. Our seed changes with each run.
set -euo pipefail
cd "$(dirname "$0")/.."
REPEAT=${REPEAT:-3}
JOBS=${JOBS:-1}
CLASSES=${CLASSES:-"any any-graded simple easy intermediate expert"}
command -v qqwing >/dev/null || { echo "qqwing is not installed (apt-get install -y qqwing)" >&2; exit 2; }
cargo build --release --example sudoku -q
BIN=target/release/examples/sudoku

median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
now() { date +%s.%N; }

# count: puzzles per run of each program (qqwing's rare classes take long: fewer).
count_for() {
  case $1 in
    any|any-graded|expert|intermediate) echo 200 ;;
    easy) echo 100 ;;
    simple) echo 40 ;;
  esac
}
band_for() {
  case $1 in
    any|any-graded) echo any ;;
    simple|easy) echo easy ;;
    intermediate) echo medium..hard ;;
    expert) echo fiendish..extreme ;;
  esac
}

echo "| class | qqwing | ours (--band) | puzzles | qqwing puzzles/s | ours puzzles/s (jobs=$JOBS) | ratio |"
echo "|---|---|---|---:|---:|---:|---:|"
for class in $CLASSES; do
  n=$(count_for "$class")
  band=$(band_for "$class")
  q=(); o=()
  for r in $(seq 1 "$REPEAT"); do
    t0=$(now)
    qqwing --generate "$n" --difficulty "${class%-graded}" --one-line > /dev/null
    t1=$(now)
    grade=(); [ "$class" = any-graded ] && grade=(--grade)
    "$BIN" --generate "$n" --band "$band" --seed "$r" --jobs "$JOBS" "${grade[@]}" > /dev/null 2>&1
    t2=$(now)
    q+=("$(echo "$n / ($t1 - $t0)" | bc -l)")
    o+=("$(echo "$n / ($t2 - $t1)" | bc -l)")
  done
  qm=$(printf '%s\n' "${q[@]}" | median)
  om=$(printf '%s\n' "${o[@]}" | median)
  printf '| %s | %s | %s | %d | %.1f | %.1f | %.1f |\n' "$class" "$class" "$band" "$n" "$qm" "$om" "$(echo "$om / $qm" | bc -l)"
done

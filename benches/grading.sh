#!/usr/bin/env bash
# Calibration of --grade (docs/grading.md): Spearman with Sudoku Explainer on the rated sample
# (calibration and held-out halves), mean grade per qqwing label, and --batch --grade speed.
# Needs qqwing (apt-get install -y qqwing) for the label part; N puzzles per label (default 100).
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-100}
cargo build --release --quiet --example grade_calibration --example sudoku
bin=target/release/examples
$bin/grade_calibration se data/9x9_sudokuexchange_rated_sample.tsv
if command -v qqwing >/dev/null; then
    dir=$(mktemp -d)
    trap 'rm -rf "$dir"' EXIT
    args=()
    for level in simple easy intermediate expert; do
        # qqwing prints puzzles with '.' for empty cells; it is not seedable, so figures vary
        # a little between runs.
        qqwing --generate "$n" --difficulty "$level" --one-line > "$dir/$level.txt"
        args+=("$level=$dir/$level.txt")
    done
    $bin/grade_calibration labels "${args[@]}"
else
    echo "qqwing not installed: skipping the label part" >&2
fi
# Throughput of the command line, one worker: the summary line on stderr.
$bin/sudoku --batch --grade data/9x9_sudokuexchange_rated_puzzles.txt > /dev/null

#!/usr/bin/env bash
# Each native global against its decomposition, on the same instances (issue 25,
# docs/flatzinc.md "Each global's effect"). For every global the solver library declares
# natively, the same model and data go through `minizinc` with fzn-csp twice:
#   native      the solver library crates/flatzinc/mznlib as it is;
#   decomposed  a copy of it without that global's fzn_*.mzn files, so that MiniZinc's
#               standard library decomposes the global (the other globals stay native).
# Before the runs, each instance is flattened once with each library and the global's csp_*
# calls in the FlatZinc are counted: the native count must be above 0 and the decomposed 0.
#
# usage: benches/globals_native_vs_decomposed.sh [DATA_DIR] [GLOBAL ...]
#   DATA_DIR  the MiniZinc development instances (the folder of <id>.mzn/.dzn files; default
#             ../shared/data/minizinc/instances beside the repository). The rows that need it
#             are skipped when it is missing; the others use files of this repository.
#   GLOBAL    only these rows (the names of the first column); default: all
# environment:
#   TIME_LIMIT_MS  the limit of each run, passed as `-t` (default 60000)
#   FZN_CSP        the fzn-csp binary (default: target/release/fzn-csp, built here with
#                  `cargo build --release -p flatzinc`)
#   MINIZINC       the MiniZinc driver (default: minizinc)
# output: one tab-separated line per run pair:
#   global  instance  calls  native(status objective seconds)  decomposed(...)  ratio
# status: OPT (optimum proven), ALL (every solution found; objective column = their count),
# SAT (a solution of a satisfaction model), LIMIT (the time limit, best objective so far),
# UNSAT, NONE (no answer), ERROR. Seconds: wall time of the whole `minizinc` call, flattening
# included. ratio: decomposed seconds / native seconds.
# Runs one minizinc at a time (parallel starts have failed before).
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
data=${1:-$root/../shared/data/minizinc/instances}
[ $# -gt 0 ] && shift
only=" $* "
limit=${TIME_LIMIT_MS:-60000}
mzn=${MINIZINC:-minizinc}
if [ -z "${FZN_CSP:-}" ]; then
  cargo build --release -q -p flatzinc --manifest-path "$root/Cargo.toml" || exit 1
  FZN_CSP=${CARGO_TARGET_DIR:-$root/target}/release/fzn-csp
fi
work=$(mktemp -d /tmp/globals-nvd.XXXXXX)
trap 'rm -rf "$work"' EXIT

# global | mznlib files removed for the decomposed run | FlatZinc built-ins counted (regular
# expressions, space-separated, each the start of a name) | model | data | flags
# (fzn_disjunctive.mzn goes with cumulative: it falls back on csp_cumulative, declared in
# fzn_cumulative.mzn; the calls column shows that the instance has no csp_disjunctive left.)
# (model and data: @data/ = DATA_DIR, otherwise a path in this repository; data may be -D text)
rows=$(cat <<'EOF'
cumulative|fzn_cumulative.mzn fzn_cumulative_opt.mzn fzn_disjunctive.mzn|csp_cumulative csp_disjunctive|@data/mrcpsp__c15_10_1.mzn|@data/mrcpsp__c15_10_1.dzn|
disjunctive|fzn_disjunctive.mzn fzn_disjunctive_strict.mzn|csp_disjunctive|benches/fzn/models/jobshop_disjunctive.mzn|benches/fzn/models/jobshop_ft06.dzn|
bin_packing|fzn_bin_packing.mzn fzn_bin_packing_capa.mzn fzn_bin_packing_load.mzn|csp_bin_packing|benches/mzn/bins_bin_packing.mzn||
diffn|fzn_diffn.mzn fzn_diffn_nonstrict.mzn|csp_diffn|benches/mzn/squares_diffn.mzn||
circuit|fzn_circuit.mzn|csp_circuit|benches/mzn/tour_circuit.mzn||
circuit|fzn_circuit.mzn|csp_circuit|@data/stochastic_vrp__s3_v2_c6.mzn||
subcircuit|fzn_subcircuit.mzn|csp_subcircuit|benches/mzn/prize_subcircuit.mzn||
regular|fzn_regular.mzn|csp_regular|@data/pentominoes__01.mzn|@data/pentominoes__01.dzn|
count|fzn_count_eq.mzn|csp_count|benches/mzn/magic_count.mzn||
among|fzn_among.mzn|csp_among|benches/mzn/among_windows.mzn||
global_cardinality|fzn_global_cardinality.mzn fzn_global_cardinality_closed.mzn fzn_global_cardinality_low_up.mzn fzn_global_cardinality_low_up_closed.mzn|csp_global_cardinality|crates/flatzinc/tests/models/globals_magic_gcc.mzn|-D n=200;|
nvalue|fzn_nvalue.mzn|csp_nvalue|benches/mzn/queens_nvalue.mzn||
alldifferent_except_0|fzn_alldifferent_except_0.mzn fzn_alldifferent_except.mzn|csp_alldifferent_except|benches/mzn/slots_alldiff_except0.mzn||
lex_less|fzn_lex_less_int.mzn fzn_lex_less_bool.mzn fzn_lex_lesseq_int.mzn fzn_lex_lesseq_bool.mzn|csp_lex_less|benches/mzn/bibd_lex.mzn||
increasing|fzn_increasing_int.mzn fzn_increasing_bool.mzn fzn_strictly_increasing_int.mzn fzn_strictly_increasing_bool.mzn|csp_increasing csp_strictly_increasing|benches/mzn/golomb_increasing.mzn||
value_precede|fzn_value_precede_int.mzn fzn_value_precede_chain_int.mzn|csp_value_precede|benches/mzn/colouring_precede.mzn||
inverse|fzn_inverse.mzn|csp_inverse|benches/mzn/queens_inverse.mzn||-a
table|fzn_table_int.mzn fzn_table_bool.mzn|csp_table|benches/mzn/chain_table.mzn||
table|fzn_table_int.mzn fzn_table_bool.mzn|csp_table|@data/spot5__28.mzn|@data/spot5__28.dzn|
EOF
)

# A solver configuration for fzn-csp with the library $1, written to $2.
msc() {
  sed -e "s|@MZNLIB@|$1|" -e "s|@EXECUTABLE@|$FZN_CSP|" -e "s|org.csp-sudoku.csp|org.csp-sudoku.csp-$3|" \
    "$root/crates/flatzinc/csp.msc.in" > "$2"
}
msc "$root/crates/flatzinc/mznlib" "$work/native.msc" native

# A path of the table: @data/ is DATA_DIR, anything else is relative to the repository.
path() {
  case "$1" in
    @data/*) echo "$data/${1#@data/}" ;;
    *) echo "$root/$1" ;;
  esac
}

# One timed run: prints "status objective seconds".
run() { # msc model data-args flags...
  local conf=$1 model=$2; shift 2
  local start end out
  start=$(date +%s.%N)
  out=$("$mzn" --solver "$conf" -t "$limit" --output-mode dzn --output-objective "$@" "$model" 2>"$work/err" </dev/null)
  local rc=$?
  end=$(date +%s.%N)
  local secs objective status sols
  secs=$(echo "$end - $start" | bc)
  sols=$(grep -c '^----------$' <<<"$out")
  objective=$(grep -o '^_objective = -\?[0-9]*' <<<"$out" | tail -1 | sed 's/.*= //')
  if grep -q '^=====UNSATISFIABLE=====$' <<<"$out"; then status=UNSAT
  elif grep -q '^==========$' <<<"$out"; then
    if [ -n "$objective" ]; then status=OPT; else status=ALL; objective=$sols; fi
  elif [ "$sols" -gt 0 ]; then
    if [ -n "$objective" ]; then status=LIMIT; else status=SAT; [ "$sols" -gt 1 ] && objective=$sols; fi
  elif [ $rc -ne 0 ] && ! grep -q '^=====UNKNOWN=====$' <<<"$out"; then status=ERROR
  else status=NONE
  fi
  printf '%s %s %.2f' "$status" "${objective:--}" "$secs"
  if [ "$status" = ERROR ]; then sed 's/^/    /' "$work/err" | head -5 >&2; fi
}

printf 'global\tinstance\tcalls\tnative\tdecomposed\tratio\n'
while IFS='|' read -r global files pattern model dat flags; do
  case "$only" in "  ") ;; *" $global "*) ;; *) continue ;; esac
  m=$(path "$model")
  name=$(basename "$model" .mzn)
  if [ ! -f "$m" ]; then printf '%s\t%s\tskipped: %s not found\n' "$global" "$name" "$m"; continue; fi
  args=()
  case "$dat" in
    "") ;;
    "-D "*) args=(-D "${dat#-D }"); name="$name (${dat#-D })" ;;
    *) args=("$(path "$dat")") ;;
  esac
  [ -n "$flags" ] && args+=($flags)
  lib="$work/lib-$global"
  rm -rf "$lib"; cp -r "$root/crates/flatzinc/mznlib" "$lib"
  for f in $files; do rm "$lib/$f"; done
  msc "$lib" "$work/decomposed.msc" "decomposed"
  calls=()
  for conf in native decomposed; do
    rm -f "$work/model.fzn"
    "$mzn" -c --solver "$work/$conf.msc" "${args[@]}" "$m" -o "$work/model.fzn" --no-output-ozn --output-mode dzn 2>>"$work/err" </dev/null
    calls+=("$(grep -cE "^constraint (${pattern// /|})[a-z_0-9]*\(" "$work/model.fzn" 2>/dev/null)")
  done
  native=$(run "$work/native.msc" "$m" "${args[@]}")
  decomposed=$(run "$work/decomposed.msc" "$m" "${args[@]}")
  ratio=$(awk -v n="${native##* }" -v d="${decomposed##* }" 'BEGIN { printf "%.1f", d / n }')
  printf '%s\t%s\t%s/%s\t%s\t%s\t%s\n' "$global" "$name" "${calls[0]}" "${calls[1]}" "$native" "$decomposed" "$ratio"
done <<<"$rows"

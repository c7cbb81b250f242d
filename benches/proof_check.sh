#!/usr/bin/env bash
# Proofs of fzn-csp's claims checked by Pumpkin's independent checker: runs
# `fzn-csp --proof` on each instance and `pumpkin-checker MODEL.fzn PROOF` on each proof of an
# unsatisfiability or optimality claim, and prints a table (instance, claim, proof steps and
# bytes, the checker's verdict and time). Exits 1 if the checker rejects a proof.
#
#   benches/proof_check.sh            # the project's instances (see below)
#   DEV=1 benches/proof_check.sh      # and the MiniZinc development set, when present
#
# Instances: benches/proof/*.mzn (linear and all_different models written for this), the
# FlatZinc files of crates/flatzinc/tests/fzn, and with DEV=1 the development set
# ../shared/data/minizinc/instances (compiled with `minizinc -c -G std`, as its README says;
# DEV_LIB="-G linear" compiles it with MiniZinc's linear library instead, which leaves
# int_lin_le and int_lin_eq only, over 0/1 and integer variables).
# The models written for this are compiled by `minizinc -c -I benches/proof/mznlib`: the
# default solver's library, with all_different as `pumpkin_all_different`, the one global
# the checker reads. A model outside
# what the checker reads (docs/proofs.md) is listed as refused with fzn-csp's reason.
#
# The checker (crates.io `pumpkin-checker` 0.5.0) is installed into benches/proof/.checker
# (git-ignored) on first use. ONLY: a regular expression the instances' names must match.
# TIME: fzn-csp's limit per instance in ms (default 30000); a
# run stopped by it makes no claim, and its proof is not checked (claim SAT: a solution of a
# satisfaction model; SOL: solutions of an optimisation model, none proven optimal; none: no
# solution). Needs minizinc for .mzn.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
TIME=${TIME:-30000}
DEV_LIB=${DEV_LIB:--G std}
CHECKER_ROOT="$ROOT/benches/proof/.checker"
CHECKER="$CHECKER_ROOT/bin/pumpkin-checker"
if [ ! -x "$CHECKER" ]; then
  echo "installing pumpkin-checker 0.5.0 into $CHECKER_ROOT" >&2
  cargo install --locked --quiet --root "$CHECKER_ROOT" pumpkin-checker --version 0.5.0 >&2
fi
cargo build --release --quiet -p flatzinc --bin fzn-csp
FZN_CSP="$ROOT/target/release/fzn-csp"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# Instances as "name<TAB>fzn path".
list="$WORK/list"
: > "$list"
compile() { # name library-flags mzn [dzn]
  local out="$WORK/${1//\//_}.fzn"
  # shellcheck disable=SC2086 # the library flags are words
  if command -v minizinc > /dev/null && timeout 120 minizinc -c --no-output-ozn $2 "${@:3}" -o "$out" 2> /dev/null; then
    printf '%s\t%s\n' "$1" "$out" >> "$list"
  else
    printf '%s\t-\n' "$1" >> "$list"
  fi
}
for m in benches/proof/*.mzn; do
  compile "$(basename "$m" .mzn)" "-I $ROOT/benches/proof/mznlib" "$m"
done
for f in crates/flatzinc/tests/fzn/*.fzn; do
  printf '%s\t%s\n' "$(basename "$f" .fzn)" "$f" >> "$list"
done
DEV_DIR="$ROOT/../shared/data/minizinc/instances"
[ -d "$DEV_DIR" ] || DEV_DIR=/work/shared/data/minizinc/instances
if [ "${DEV:-0}" = 1 ] && [ -d "$DEV_DIR" ]; then
  for m in "$DEV_DIR"/*.mzn; do
    id=$(basename "$m" .mzn)
    d="${m%.mzn}.dzn"
    if [ -f "$d" ]; then compile "dev/$id" "$DEV_LIB" "$m" "$d"; else compile "dev/$id" "$DEV_LIB" "$m"; fi
  done
fi

printf '%-34s %-8s %10s %12s  %s\n' instance claim steps bytes "checker verdict"
bad=0
while IFS=$'\t' read -r name fzn; do
  if [ -n "${ONLY:-}" ] && ! [[ $name =~ $ONLY ]]; then continue; fi
  if [ "$fzn" = - ]; then
    printf '%-34s %-8s %10s %12s  %s\n' "$name" - - - "not compiled (minizinc)"
    continue
  fi
  proof="$WORK/proof.drcp"
  rm -f "$proof"
  set +e
  out=$(timeout $((TIME / 1000 + 30)) "$FZN_CSP" -t "$TIME" --proof "$proof" "$fzn" 2> "$WORK/err")
  rc=$?
  set -e
  if [ $rc -ne 0 ]; then
    why=$(grep -o 'unsupported: --proof: .*' "$WORK/err" | head -1 | sed -e 's/unsupported: --proof: //' -e 's/ has no inference rule in/: no rule in/' -e 's/ (a proof covers.*//' | cut -c1-90)
    printf '%-34s %-8s %10s %12s  %s\n' "$name" refused - - "${why:-fzn-csp failed ($rc)}"
    continue
  fi
  claim=none
  case "$out" in
    *=====UNSATISFIABLE=====*) claim=UNSAT ;;
    *==========*) if grep -q 'solve.*\(minimize\|maximize\)' "$fzn"; then claim=OPT; else claim=ALL; fi ;;
    *----------*) if grep -q 'solve.*\(minimize\|maximize\)' "$fzn"; then claim=SOL; else claim=SAT; fi ;;
  esac
  steps=$(grep -o 'proof: [0-9]* steps' "$WORK/err" | grep -o '[0-9]*' || echo 0)
  bytes=$(wc -c < "$proof")
  if [ "$claim" != UNSAT ] && [ "$claim" != OPT ]; then
    printf '%-34s %-8s %10s %12s  %s\n' "$name" "$claim" "$steps" "$bytes" "- (no claim to check)"
    continue
  fi
  start=$(date +%s%N)
  set +e
  verdict=$(timeout 600 "$CHECKER" "$fzn" "$proof" 2>&1)
  crc=$?
  set -e
  secs=$(awk -v a="$start" -v b="$(date +%s%N)" 'BEGIN { printf "%.2f", (b - a) / 1e9 }')
  if [ $crc -eq 0 ] && printf '%s' "$verdict" | grep -q 'Proof is valid!'; then
    printf '%-34s %-8s %10s %12s  valid (%s s)\n' "$name" "$claim" "$steps" "$bytes" "$secs"
  else
    bad=$((bad + 1))
    why=$(printf '%s' "$verdict" | grep -m1 -E '^Error|invalid|panicked' | cut -c1-90)
    printf '%-34s %-8s %10s %12s  REJECTED: %s\n' "$name" "$claim" "$steps" "$bytes" "${why:-exit $crc}"
  fi
done < "$list"
echo "rejected proofs: $bad"
[ $bad -eq 0 ]

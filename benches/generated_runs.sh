# Sourced by the side-by-side scripts of generated instances (benches/sched/run.sh,
# benches/freq/run.sh, benches/roster/run.sh): runs one MiniZinc solver configuration on each instance and prints
# one line per instance: id, status (OPT proven / SOL unproven / NONE / UNSAT / ERR), the last
# objective (the model's `cost = ...;` line), and the wall seconds of the whole minizinc call.
#
# The sourcing script sets `model` (the .mzn), `gen` (its generator, arguments: one spec),
# `prefix` (of the instance ids) and `instances` (the generator's specs), then calls
#
#   generated_runs SOLVER.msc [SECONDS] [EXTRA minizinc flags...]

generated_runs() {
    local solver="$1" limit="${2:-30}"
    shift $(( $# < 2 ? $# : 2 ))
    work="$(mktemp -d)"
    trap 'rm -rf "$work"' EXIT
    printf 'id\tstatus\tobjective\tseconds\n'
    local spec id begin end out objective status
    for spec in "${instances[@]}"; do
        id="${prefix}_$(echo "$spec" | tr ' ' '_')"
        # shellcheck disable=SC2086 # a spec is the generator's arguments, split on spaces
        python3 "$gen" $spec > "$work/$id.dzn"
        begin=$(date +%s.%N)
        out="$(timeout $((limit + 30)) minizinc --solver "$solver" -t $((limit * 1000)) -a "$@" \
            "$model" "$work/$id.dzn" 2>&1 || true)"
        end=$(date +%s.%N)
        # No objective line (no solution, an error) is an answer too: `|| true` keeps pipefail
        # from ending the script there.
        objective="$( (grep -E '^cost = ' <<<"$out" || true) | tail -n 1 | sed -E 's/cost = (-?[0-9]+);/\1/')"
        if grep -q '^==========' <<<"$out"; then status=OPT
        elif grep -q '=====UNSATISFIABLE=====' <<<"$out"; then status=UNSAT
        elif [ -n "$objective" ]; then status=SOL
        elif grep -qi 'error' <<<"$out"; then status=ERR
        else status=NONE; fi
        printf '%s\t%s\t%s\t%.2f\n' "$id" "$status" "${objective:--}" "$(echo "$end - $begin" | bc)"
    done
}

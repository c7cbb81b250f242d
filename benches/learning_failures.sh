#!/usr/bin/env bash
# The learning search's failures on the generated instances of benches/freq, benches/sched and
# benches/roster (with the smaller rosters of its `proof_instances`), at a node limit:
# deterministic (the same build gives the same counts on any machine), so two builds compare
# instance by instance without timing noise. Prints one line per instance: id, how the search
# ended (Exhausted: the optimum proven; LimitReached), the best objective, the failures, and
# the seconds (read those only as a ratio within one run).
#
#   benches/learning_failures.sh SOLVER.msc NODE_LIMIT_BIN [NODES [MODE [SET]]] > out.tsv
#
# SOLVER.msc: crates/flatzinc/csp.msc.in with this build's paths (its mznlib flattens the
# models); NODE_LIMIT_BIN: target/release/examples/node_limit of the build measured
# (`cargo build --release -p flatzinc --example node_limit`); NODES: 100,000 by default; MODE:
# node_limit's, `lcg` (Luby's restarts) by default or `lcg-glucose`; SET: `benchmark` (the
# default: the benchmarks' instances, then the smaller rosters) or `heldout` (the families'
# `heldout_instances`, 56 more seeds of the same generators and sizes: a change chosen by its
# counts on the benchmark's instances is checked there, where it was not chosen).
set -euo pipefail
benches="$(cd "$(dirname "$0")" && pwd)"
solver="$1"; bin="$2"; nodes="${3:-100000}"; mode="${4:-lcg}"; set="${5:-benchmark}"
if [[ "$set" != benchmark && "$set" != heldout ]]; then
    echo "learning_failures.sh: SET '$set' is neither benchmark nor heldout" >&2
    exit 2
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
printf 'id\tend\tbest\tfailures\tseconds\n'
for family in freq sched roster; do
    proof_instances=()
    heldout_instances=()
    # shellcheck source=freq/run.sh
    source "$benches/$family/run.sh"
    # The benchmark's instances, then (rostering) the smaller ones proven within the limit;
    # or the held-out ones.
    if [[ "$set" == benchmark ]]; then
        specs=("${instances[@]}" "${proof_instances[@]}")
    else
        specs=("${heldout_instances[@]}")
    fi
    for spec in "${specs[@]}"; do
        id="${prefix}_$(echo "$spec" | tr ' ' '_')"
        # shellcheck disable=SC2086 # a spec is the generator's arguments, split on spaces
        python3 "$gen" $spec > "$work/$id.dzn"
        minizinc -c --solver "$solver" "$model" "$work/$id.dzn" --fzn "$work/$id.fzn" --ozn "$work/$id.ozn"
        out="$("$bin" "$work/$id.fzn" "$nodes" "$mode" 2>/dev/null | tail -n 1)"
        # "best Some(436), end Some(Exhausted), nodes N, failures F, ..., S s" (or LimitReached)
        best="$(sed -nE 's/.*best Some\((-?[0-9]+)\).*/\1/p' <<<"$out")"
        end="$(sed -nE 's/.*end Some\(([A-Za-z]+).*/\1/p' <<<"$out")"
        failures="$(sed -nE 's/.*failures ([0-9]+).*/\1/p' <<<"$out")"
        seconds="$(sed -nE 's/.* ([0-9.]+) s$/\1/p' <<<"$out")"
        printf '%s\t%s\t%s\t%s\t%s\n' "$id" "${end:--}" "${best:--}" "${failures:--}" "${seconds:--}"
    done
done

#!/usr/bin/env python3
"""The roster of examples/roster_unsat.rs in OR-Tools CP-SAT, explained the same way: every
constraint behind an assumption literal, a core from CP-SAT's sufficient assumptions, then
deletion (each member left out in turn; an infeasible rest gives its own smaller core).

Run from the repository root with the peers' venv (benchmarks only, never in tests):
    /work/shared/peers/venv/bin/python benches/roster_unsat_cpsat.py
Prints the minimal set and the wall time of the explanation (model building excluded), the
median of 5 runs.
"""
import statistics
import time

from ortools.sat.python import cp_model

NURSES, SENIORS, DAYS = 12, 3, 14


def constraints():
    """(name, kind, terms, rhs): kind 'ge', 'le' or 'eq' over work[n][d] terms."""
    out = []
    for d in range(DAYS):
        out.append((f"cover day {d}", "ge", [(n, d) for n in range(NURSES)], 6))
        out.append((f"seniors day {d}", "ge", [(n, d) for n in range(SENIORS)], 2))
    for n in range(NURSES):
        out.append((f"at most 8 days nurse {n}", "le", [(n, d) for d in range(DAYS)], 8))
        out.append((f"at least 4 days nurse {n}", "ge", [(n, d) for d in range(DAYS)], 4))
        for d in range(DAYS - 5):
            out.append((f"rest nurse {n} days {d}-{d + 5}", "le", [(n, e) for e in range(d, d + 6)], 5))
    for n in range(SENIORS, NURSES):
        for d in range(DAYS):
            if (n + 2 * d) % 5 == 0:
                out.append((f"request nurse {n} off day {d}", "eq", [(n, d)], 0))
    out.append(("request nurse 0 off day 5", "eq", [(0, 5)], 0))
    for d in range(5):
        out.append((f"request nurse 2 on day {d}", "eq", [(2, d)], 1))
    return out


def infeasible(cons, subset):
    """None if feasible, else a core (indices into cons, a subset of `subset`)."""
    m = cp_model.CpModel()
    work = [[m.NewBoolVar(f"w{n}_{d}") for d in range(DAYS)] for n in range(NURSES)]
    lits = {}
    for i in subset:
        _, kind, terms, rhs = cons[i]
        b = m.NewBoolVar(f"a{i}")
        s = sum(work[n][d] for n, d in terms)
        if kind == "ge":
            m.Add(s >= rhs).OnlyEnforceIf(b)
        elif kind == "le":
            m.Add(s <= rhs).OnlyEnforceIf(b)
        else:
            m.Add(s == rhs).OnlyEnforceIf(b)
        lits[b.Index()] = i
    m.AddAssumptions([m.GetBoolVarFromProtoIndex(k) for k in lits])
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    status = solver.Solve(m)
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    return sorted(lits[k] for k in solver.SufficientAssumptionsForInfeasibility())


def explain(cons):
    cands = infeasible(cons, list(range(len(cons))))
    i = 0
    while i < len(cands):
        rest = cands[:i] + cands[i + 1:]
        core = infeasible(cons, rest)
        if core is None:
            i += 1
        else:
            cands = core
    return cands


def main():
    cons = constraints()
    times = []
    for _ in range(5):
        t = time.perf_counter()
        found = explain(cons)
        times.append(time.perf_counter() - t)
    print(f"{len(cons)} constraints; minimal conflict of {len(found)}:")
    for i in found:
        print("  " + cons[i][0])
    print(f"cp-sat deletion with cores: median {statistics.median(times) * 1e3:.1f} ms over 5 runs")


if __name__ == "__main__":
    main()

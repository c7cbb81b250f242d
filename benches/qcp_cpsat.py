"""Quasigroup completion with OR-Tools CP-SAT, for the Latin-square benchmark (docs/benchmarks.md).

usage: python qcp_cpsat.py INSTANCE [TIMEOUT_S]
Reads the text form of `examples/quasigroup.rs` (order, then rows, 0 for a hole), solves with one
worker (as the other solvers run single-threaded), checks the completion independently, and
prints `status seconds`.
"""
import sys
import time

from ortools.sat.python import cp_model


def main():
    path = sys.argv[1]
    timeout = float(sys.argv[2]) if len(sys.argv) > 2 else 60.0
    lines = [l.split() for l in open(path) if l.strip() and not l.startswith("#")]
    n = int(lines[0][0])
    start = [[int(v) for v in row] for row in lines[1 : n + 1]]
    t0 = time.perf_counter()
    m = cp_model.CpModel()
    x = [[m.NewIntVar(1, n, f"x{r}_{c}") for c in range(n)] for r in range(n)]
    for r in range(n):
        for c in range(n):
            if start[r][c]:
                m.Add(x[r][c] == start[r][c])
    for k in range(n):
        m.AddAllDifferent([x[k][c] for c in range(n)])
        m.AddAllDifferent([x[r][k] for r in range(n)])
    s = cp_model.CpSolver()
    s.parameters.num_workers = 1
    s.parameters.max_time_in_seconds = timeout
    st = s.Solve(m)
    dt = time.perf_counter() - t0
    if st in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        sol = [[s.Value(x[r][c]) for c in range(n)] for r in range(n)]
        ok = all(sorted(row) == list(range(1, n + 1)) for row in sol)
        ok = ok and all(sorted(sol[r][c] for r in range(n)) == list(range(1, n + 1)) for c in range(n))
        ok = ok and all(start[r][c] in (0, sol[r][c]) for r in range(n) for c in range(n))
        print(("solved" if ok else "INVALID"), f"{dt:.3f}")
    elif st == cp_model.INFEASIBLE:
        print("unsat", f"{dt:.3f}")
    else:
        print("timeout", f"{dt:.3f}")


if __name__ == "__main__":
    main()

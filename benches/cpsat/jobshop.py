"""Job shop ft06 with OR-Tools CP-SAT, the model of `src/classic/jobshop.rs` written as CP-SAT's
own examples write it (intervals and no-overlap), for the line count of `benches/model_lines.sh`.

usage: python jobshop.py          # prints the makespan (55 for ft06) and whether it is optimal
"""
import collections

from ortools.sat.python import cp_model

# Fisher and Thompson's ft06: per job, its tasks in order as (machine, duration).
FT06 = [
    [(2, 1), (0, 3), (1, 6), (3, 7), (5, 3), (4, 6)],
    [(1, 8), (2, 5), (4, 10), (5, 10), (0, 10), (3, 4)],
    [(2, 5), (3, 4), (5, 8), (0, 9), (1, 1), (4, 7)],
    [(1, 5), (0, 5), (2, 5), (3, 3), (4, 8), (5, 9)],
    [(2, 9), (1, 3), (4, 5), (5, 4), (0, 3), (3, 1)],
    [(1, 3), (3, 3), (5, 9), (0, 10), (4, 4), (2, 1)],
]


def model_for(jobs):
    # model:begin jobshop
    horizon = sum(d for job in jobs for _, d in job)
    model = cp_model.CpModel()
    start = [[model.NewIntVar(0, horizon, f"s{j}_{k}") for k in range(len(job))] for j, job in enumerate(jobs)]
    makespan = model.NewIntVar(0, horizon, "makespan")
    on_machine = collections.defaultdict(list)
    for job, s in zip(jobs, start):
        for k, (m, d) in enumerate(job):
            model.Add(s[k] + d <= (s[k + 1] if k + 1 < len(job) else makespan))
            on_machine[m].append(model.NewFixedSizeIntervalVar(s[k], d, f"t{m}"))
    for intervals in on_machine.values():
        model.AddNoOverlap(intervals)
    model.Minimize(makespan)
    # model:end
    return model, start, makespan


def check(jobs, starts):
    """The makespan of a schedule, checked without the solver: precedences, no overlap."""
    busy, makespan = [], 0
    for job, st in zip(jobs, starts):
        ready = 0
        for (m, d), s in zip(job, st):
            assert s >= ready, "precedence"
            ready = s + d
            busy.append((m, s, s + d))
        makespan = max(makespan, ready)
    for i, (m, s, e) in enumerate(busy):
        assert all(not (m2 == m and s < e2 and s2 < e) for m2, s2, e2 in busy[i + 1 :]), "overlap"
    return makespan


def main():
    model, start, makespan = model_for(FT06)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    status = solver.Solve(model)
    starts = [[solver.Value(s) for s in job] for job in start]
    assert check(FT06, starts) == solver.Value(makespan)
    print(f"makespan {solver.Value(makespan)}", "optimal" if status == cp_model.OPTIMAL else solver.StatusName(status))


if __name__ == "__main__":
    main()

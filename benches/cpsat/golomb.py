"""Golomb rulers with OR-Tools CP-SAT, the model of `src/classic/golomb.rs` written as CP-SAT's
own examples write it, for the line count of `benches/model_lines.sh`.

usage: python golomb.py [MARKS]   # 8 marks by default: prints length 34, optimal
"""
import sys

from ortools.sat.python import cp_model


def model_for(n):
    # model:begin golomb
    top = n * n
    model = cp_model.CpModel()
    marks = [model.NewIntVar(0, top, f"m{i}") for i in range(n)]
    model.Add(marks[0] == 0)
    for i in range(n - 1):
        model.Add(marks[i] < marks[i + 1])
    diffs = []
    for i in range(n):
        for j in range(i + 1, n):
            d = model.NewIntVar(0, top, f"d{i}_{j}")
            model.Add(d == marks[j] - marks[i])
            k = j - i
            model.Add(d >= k * (k + 1) // 2)
            diffs.append(d)
    if n > 2:
        model.Add(diffs[0] < diffs[-1])
    model.AddAllDifferent(diffs)
    model.Minimize(marks[-1])
    # model:end
    return model, marks


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 8
    model, marks = model_for(n)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    status = solver.Solve(model)
    ruler = [solver.Value(m) for m in marks]
    dists = [b - a for i, a in enumerate(ruler) for b in ruler[i + 1 :]]
    assert ruler[0] == 0 and all(d > 0 for d in dists) and len(set(dists)) == len(dists), ruler
    print(f"{n} marks: length {ruler[-1]}", "optimal" if status == cp_model.OPTIMAL else solver.StatusName(status), ruler)


if __name__ == "__main__":
    main()

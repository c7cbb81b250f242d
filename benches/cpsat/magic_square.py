"""Magic squares with OR-Tools CP-SAT, the model of `src/classic/magic_square.rs` written as
CP-SAT's own examples write it, for the line count of `benches/model_lines.sh`.

usage: python magic_square.py [ORDER]   # counts the squares up to symmetry: 880 for order 4
"""
import sys

from ortools.sat.python import cp_model


def model_for(n):
    # model:begin magic_square
    total = n * (n * n + 1) // 2
    model = cp_model.CpModel()
    x = [[model.NewIntVar(1, n * n, f"x{r}_{c}") for c in range(n)] for r in range(n)]
    model.AddAllDifferent([v for row in x for v in row])
    for i in range(n):
        model.Add(sum(x[i]) == total)
        model.Add(sum(row[i] for row in x) == total)
    model.Add(sum(x[i][i] for i in range(n)) == total)
    model.Add(sum(x[i][n - 1 - i] for i in range(n)) == total)
    for corner in (x[0][n - 1], x[n - 1][0], x[n - 1][n - 1]):
        model.Add(x[0][0] < corner)
    model.Add(x[0][1] < x[1][0])
    # model:end
    return model, x


class Counter(cp_model.CpSolverSolutionCallback):
    """Counts the squares, checking each without the solver."""

    def __init__(self, x):
        super().__init__()
        self.x, self.count = x, 0

    def on_solution_callback(self):
        n = len(self.x)
        v = [[self.Value(c) for c in row] for row in self.x]
        total = n * (n * n + 1) // 2
        lines = v + [list(col) for col in zip(*v)] + [[v[i][i] for i in range(n)], [v[i][n - 1 - i] for i in range(n)]]
        assert sorted(c for row in v for c in row) == list(range(1, n * n + 1))
        assert all(sum(line) == total for line in lines)
        self.count += 1


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    model, x = model_for(n)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.enumerate_all_solutions = True
    counter = Counter(x)
    status = solver.Solve(model, counter)
    print(f"{counter.count} squares of order {n}", solver.StatusName(status))


if __name__ == "__main__":
    main()

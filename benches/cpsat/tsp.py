"""The travelling salesman problem with OR-Tools CP-SAT, the model of `src/classic/tsp.rs` written
as CP-SAT's own examples write it (a circuit over arc literals), for the line count of
`benches/model_lines.sh`. The instance is TSPLIB's gr17 (17 cities, Groetschel), as embedded in
`src/classic/tsp.rs`.

usage: python tsp.py              # prints length 2085, optimal
"""
from ortools.sat.python import cp_model

# gr17: the lower triangle of the distance matrix, row by row, diagonal included.
GR17 = [
    0, 633, 0, 257, 390, 0, 91, 661, 228, 0, 412, 227, 169, 383, 0, 150, 488, 112, 120, 267, 0,
    80, 572, 196, 77, 351, 63, 0, 134, 530, 154, 105, 309, 34, 29, 0, 259, 555, 372, 175, 338,
    264, 232, 249, 0, 505, 289, 262, 476, 196, 360, 444, 402, 495, 0, 353, 282, 110, 324, 61, 208,
    292, 250, 352, 154, 0, 324, 638, 437, 240, 421, 329, 297, 314, 95, 578, 435, 0, 70, 567, 191,
    27, 346, 83, 47, 68, 189, 439, 287, 254, 0, 211, 466, 74, 182, 243, 105, 150, 108, 326, 336,
    184, 391, 145, 0, 268, 420, 53, 239, 199, 123, 207, 165, 383, 240, 140, 448, 202, 57, 0, 246,
    745, 472, 237, 528, 364, 332, 349, 202, 685, 542, 157, 289, 426, 483, 0, 121, 518, 142, 84,
    297, 35, 29, 36, 236, 390, 238, 301, 55, 96, 153, 336, 0,
]


def gr17():
    n, it = 17, iter(GR17)
    dist = [[0] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1):
            dist[i][j] = dist[j][i] = next(it)
    return dist


def model_for(dist):
    # model:begin tsp
    n = len(dist)
    model = cp_model.CpModel()
    arcs, legs = [], []
    for i in range(n):
        for j in range(n):
            if i != j:
                lit = model.NewBoolVar(f"{i}->{j}")
                arcs.append((i, j, lit))
                legs.append(dist[i][j] * lit)
    model.AddCircuit(arcs)
    model.Minimize(sum(legs))
    # model:end
    return model, arcs


def main():
    dist = gr17()
    model, arcs = model_for(dist)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    status = solver.Solve(model)
    succ = {i: j for i, j, lit in arcs if solver.BooleanValue(lit)}
    city, length, seen = 0, 0, set()
    for _ in dist:
        assert city not in seen, "a city visited twice"
        seen.add(city)
        length, city = length + dist[city][succ[city]], succ[city]
    assert city == 0 and len(seen) == len(dist)
    print(f"{len(dist)} cities: length {length}", "optimal" if status == cp_model.OPTIMAL else solver.StatusName(status))


if __name__ == "__main__":
    main()

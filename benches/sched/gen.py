#!/usr/bin/env python3
"""Random data for rcpsp_lags.mzn: a project with minimum and maximum time lags, feasible by
construction (the maximum lags are read off a schedule built first), optionally with weighted
earliness and tardiness. Standard library only; the same seed gives the same file.

    gen.py SEED ACTIVITIES RESOURCES MAXLAGS OBJECTIVE > data.dzn   (OBJECTIVE: 0 makespan, 1 wet)
"""
import random
import sys


def main():
    seed, n, m, max_lags, objective = (int(a) for a in sys.argv[1:6])
    rng = random.Random(seed)
    capacity = [rng.randint(4, 10) for _ in range(m)]
    duration = [rng.randint(1, 10) for _ in range(n)]
    usage = [[0] * m for _ in range(n)]
    for i in range(n):
        for r in rng.sample(range(m), rng.randint(1, min(2, m))):
            usage[i][r] = rng.randint(1, capacity[r])
    edges = []  # (from, to, lag): start[to] >= start[from] + lag
    for j in range(1, n):
        for i in rng.sample(range(j), min(j, rng.randint(0, 2))):
            edges.append((i, j, duration[i] + rng.randint(-2, 3) if rng.random() < 0.3 else duration[i]))
    # A schedule: activities in index order (a topological order), each at its earliest start
    # that satisfies its predecessors' lags and fits every resource.
    horizon = sum(duration) + sum(max(0, l) for _, _, l in edges) + 10
    load = [[0] * (horizon + 20) for _ in range(m)]
    start = [0] * n
    for j in range(n):
        t = max([start[i] + l for i, k, l in edges if k == j] + [0])
        while any(load[r][u] + usage[j][r] > capacity[r]
                  for r in range(m) for u in range(t, t + duration[j])):
            t += 1
        start[j] = t
        for r in range(m):
            for u in range(t, t + duration[j]):
                load[r][u] += usage[j][r]
    # Maximum lags that this schedule meets: start[i] >= start[j] - (gap + slack).
    for _ in range(max_lags):
        i, j = sorted(rng.sample(range(n), 2), key=lambda a: start[a])
        edges.append((j, i, -(start[j] - start[i] + rng.randint(0, 6))))
    ends = [start[i] + duration[i] for i in range(n)]
    due = [max(duration[i], ends[i] + rng.randint(-8, 4)) for i in range(n)]
    chosen = set(rng.sample(range(n), n // 3)) if objective else set()
    early = [rng.randint(1, 3) if i in chosen else 0 for i in range(n)]
    late = [rng.randint(2, 6) if i in chosen else 0 for i in range(n)]
    horizon = max(horizon, max(ends))
    row = lambda xs: "[" + ", ".join(str(x) for x in xs) + "]"
    print(f"% gen.py {' '.join(sys.argv[1:6])}")
    print(f"n = {n};\nm = {m};\ncapacity = {row(capacity)};\nduration = {row(duration)};")
    print("usage = [|" + "\n  |".join(", ".join(str(u) for u in us) for us in usage) + "|];")
    print(f"lags = {len(edges)};\nfrom = {row(e[0] + 1 for e in edges)};")
    print(f"to = {row(e[1] + 1 for e in edges)};\nlag = {row(e[2] for e in edges)};")
    print(f"horizon = {horizon};\nobjective = {objective};")
    print(f"due = {row(due)};\nearly = {row(early)};\nlate = {row(late)};")


main()

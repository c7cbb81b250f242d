#!/usr/bin/env python3
"""Random data for freq.mzn: radio links in duplex pairs, CELAR-like frequency domains (a grid
of frequencies 14 apart, some domains with holes), pair distances of 238 and interference
distances, feasible by construction (an assignment is drawn first and every distance is read
off it). Standard library only; the same seed gives the same file.

    gen.py SEED PAIRS INTERFERENCES OBJECTIVE > data.dzn   (OBJECTIVE: 0 distinct, 1 largest)
"""
import random
import sys

STEP, FIRST, VALUES, DUPLEX = 14, 16, 48, 238


def main():
    seed, pairs, far, objective = (int(a) for a in sys.argv[1:5])
    rng = random.Random(seed)
    grid = [FIRST + STEP * k for k in range(VALUES)]
    # Domain 1: the whole grid; 2: without a band in the middle; 3: without every third
    # frequency; 4: the lower two thirds. Each is closed under the duplex distance where it can be.
    band = set(grid[VALUES // 3:VALUES // 3 + VALUES // 6])
    domains = [grid, [v for v in grid if v not in band], [v for i, v in enumerate(grid) if i % 3 != 1],
               grid[:2 * VALUES // 3]]
    n = 2 * pairs
    dom = [0] * n
    f = [0] * n
    for p in range(pairs):
        a, b = 2 * p, 2 * p + 1
        d = rng.choice(range(len(domains)))
        dom[a] = dom[b] = d
        values = set(domains[d])
        low = [v for v in domains[d] if v + DUPLEX in values]
        f[a] = rng.choice(low)
        f[b] = f[a] + DUPLEX
        if rng.random() < 0.5:
            f[a], f[b] = f[b], f[a]
    # Interference: links of different pairs, at a distance below the drawn one (often just below).
    links = []
    seen = set()
    while len(links) < far:
        i, j = sorted(rng.sample(range(n), 2))
        if i // 2 == j // 2 or (i, j) in seen:
            continue
        gap = abs(f[i] - f[j])
        if gap == 0:
            continue
        seen.add((i, j))
        d = gap - 1 - rng.choice([0, 0, 1, STEP, 2 * STEP, 3 * STEP]) if rng.random() < 0.6 else rng.randrange(gap)
        links.append((i, j, max(0, min(d, 4 * STEP))))
    row = lambda xs: "[" + ", ".join(str(x) for x in xs) + "]"
    print(f"% gen.py {' '.join(sys.argv[1:5])}")
    print(f"n = {n};\ndomains = {len(domains)};")
    print("freqs = [" + ",\n  ".join("{" + ", ".join(str(v) for v in d) + "}" for d in domains) + "];")
    print(f"dom = {row(d + 1 for d in dom)};")
    print(f"equal = {pairs};\neq_a = {row(2 * p + 1 for p in range(pairs))};")
    print(f"eq_b = {row(2 * p + 2 for p in range(pairs))};\neq_d = {row([DUPLEX] * pairs)};")
    print(f"far = {far};\nfar_a = {row(i + 1 for i, _, _ in links)};")
    print(f"far_b = {row(j + 1 for _, j, _ in links)};\nfar_d = {row(d for _, _, d in links)};")
    print(f"objective = {objective};")


main()

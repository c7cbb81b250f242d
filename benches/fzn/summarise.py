#!/usr/bin/env python3
"""Summarises results.tsv of run.sh: per instance, both solvers' status, objective and time;
wrong answers (disagreements); the share fzn-csp solved to completion within the limit; and the
time ratio fzn-csp / Gecode (geometric mean and median over the instances both completed).

Usage: summarise.py results.tsv [more.tsv ...] > table.md
"""
import math
import statistics
import sys

rows = {}
order = []
for path in sys.argv[1:]:
    with open(path) as f:
        next(f)
        for line in f:
            name, solver, secs, status, obj = line.rstrip("\n").split("\t")
            if name not in rows:
                rows[name] = {}
                order.append(name)
            rows[name][solver] = (float(secs), status, None if obj == "-" else int(obj))


def done(r, optimisation):
    status = r[1]
    return status in ("complete", "unsat") or (status == "solution" and not optimisation)


print("| instance | kind | fzn-csp | Gecode | answer | ratio |")
print("|---|---|---:|---:|---|---:|")
ratios, solved, wrong = [], 0, []
for name in order:
    c, g = rows[name]["csp"], rows[name]["gecode"]
    opt = c[2] is not None or g[2] is not None
    kind = "opt" if opt else ("unsat" if "unsat" in (c[1], g[1]) else "sat")
    cd, gd = done(c, opt), done(g, opt)
    solved += cd
    ok = True
    if c[1].startswith("error"):
        ok = False
    if {c[1], g[1]} >= {"unsat", "solution"} or {c[1], g[1]} >= {"unsat", "complete"}:
        ok = False
    if opt and c[2] is not None and g[2] is not None:
        if c[1] == "complete" and g[1] == "complete" and c[2] != g[2]:
            ok = False
    if not ok:
        wrong.append(name)
    answer = {"complete": "optimum" if opt else "all", "unsat": "unsat", "solution": "solution" if not opt else "best so far", "unknown": "unknown"}
    show = lambda r, d: ("%.3f s" % r[0] if d else "> limit") + ("" if r[2] is None else " (%d)" % r[2])
    if cd and gd:
        ratio = max(c[0], 1e-3) / max(g[0], 1e-3)
        ratios.append(ratio)
        rs = "%.2f" % ratio
    else:
        rs = "-"
    print("| %s | %s | %s | %s | %s | %s |" % (name, kind, show(c, cd), show(g, gd),
          "agree" if ok else "**DISAGREE**", rs))
n = len(order)
print()
print("instances: %d; solved to completion by fzn-csp: %d (%.0f%%); by Gecode: %d; disagreements: %s"
      % (n, solved, 100.0 * solved / n, sum(done(rows[k]["gecode"], rows[k]["csp"][2] is not None or rows[k]["gecode"][2] is not None) for k in order), wrong or "none"))
if ratios:
    gm = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
    print("time ratio fzn-csp / Gecode over the %d instances both completed: geometric mean %.2f, median %.2f, min %.2f, max %.2f"
          % (len(ratios), gm, statistics.median(ratios), min(ratios), max(ratios)))

#!/usr/bin/env python3
"""Benchmarks of the web board's HTTP API (not a test): figures for docs/web.md.

Starts target/release/web on a free port of 127.0.0.1 (build it and the CLI first:
`cargo build --release -p web && cargo build --release --example sudoku`) and measures,
through HTTP:

  latency   /api/hint (level 3) on ordinary puzzles, as given and half solved, and
            /api/explain (all steps at once, which the page then steps through): median, p99
  famous    /api/explain of data/9x9_famous_hardest.txt against the CLI's
            `sudoku --explain` on the same puzzle (medians of 3 runs, side by side)
  load      C concurrent clients for D seconds on 127.0.0.1: requests/s, p50, p99, errors

  python3 crates/web/bench/web_bench.py [latency|famous|load ...] [--clients 8] [--seconds 10]
"""

import argparse
import http.client
import json
import os
import random
import re
import statistics
import subprocess
import sys
import threading
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))


def start_server(workers=None):
    cmd = [os.path.join(ROOT, "target/release/web"), "--bind", "127.0.0.1:0"]
    if workers:
        cmd += ["--workers", str(workers)]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    m = re.search(r"http://([0-9.]+):(\d+)/", line)
    if not m:
        proc.kill()
        sys.exit(f"the server did not start: {line!r}")
    return proc, m.group(1), int(m.group(2))


class Client:
    def __init__(self, host, port):
        self.conn = http.client.HTTPConnection(host, port, timeout=60)

    def post(self, path, body):
        data = json.dumps(body)
        start = time.perf_counter()
        self.conn.request("POST", path, data, {"Content-Type": "application/json"})
        res = self.conn.getresponse()
        payload = res.read()
        elapsed = time.perf_counter() - start
        return res.status, payload, elapsed


def pct(values, p):
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def ms(x):
    return f"{x * 1000:.1f} ms"


def ordinary_puzzles(n):
    path = os.path.join(ROOT, "data/9x9_sudokuexchange_rated_sample.tsv")
    rows = [l.split("\t") for l in open(path) if l.strip() and not l.startswith("#")]
    # Ordinary: what a player meets, SE rating below 7 (no chains beyond short ones).
    return [p for p, r in rows if float(r) < 7.0][:n]


def latency(host, port, n):
    c = Client(host, port)
    given, half, whole = [], [], []
    for p in ordinary_puzzles(n):
        status, body, t = c.post("/api/explain", {"text": p})
        assert status == 200, body
        whole.append(t)
        status, body, _ = c.post("/api/solve", {"text": p})
        solution = json.loads(body)["solution"]
        empty = [i for i, ch in enumerate(p) if ch == "."]
        fill = set(random.Random(len(given)).sample(empty, len(empty) // 2))
        mid = "".join(solution[i] if i in fill else ch for i, ch in enumerate(p))
        for grid, out in ((p, given), (mid, half)):
            status, body, t = c.post("/api/hint", {"text": p, "grid": grid, "level": 3})
            assert status == 200, body
            out.append(t)
    for name, xs in (("hint, as given", given), ("hint, half solved", half), ("explain, every step", whole)):
        print(f"{name}: {len(xs)} puzzles, median {ms(statistics.median(xs))}, p99 {ms(pct(xs, 99))}, max {ms(max(xs))}")


def famous(host, port):
    c = Client(host, port)
    cli = os.path.join(ROOT, "target/release/examples/sudoku")
    puzzles = [l.strip() for l in open(os.path.join(ROOT, "data/9x9_famous_hardest.txt")) if l.strip() and not l.startswith("#")]
    print("puzzle                 API explain   CLI --explain   ratio")
    for p in puzzles:
        api, cmd = [], []
        for _ in range(3):
            status, body, t = c.post("/api/explain", {"text": p})
            assert status == 200, body
            api.append(t)
            start = time.perf_counter()
            subprocess.run([cli, "--explain", "-"], input=p, text=True, capture_output=True)
            cmd.append(time.perf_counter() - start)
        a, b = statistics.median(api), statistics.median(cmd)
        print(f"{p[:20]}...  {ms(a):>12}  {ms(b):>14}   {a / b:.2f}")


def load(host, port, clients, seconds):
    puzzles = ordinary_puzzles(200)
    paths = ["/api/hint", "/api/solve", "/api/grade", "/api/hint"]
    times, errors, lock = [], {}, threading.Lock()
    stop = time.perf_counter() + seconds

    def worker(k):
        c = Client(host, port)
        rng = random.Random(k)
        while time.perf_counter() < stop:
            p = rng.choice(puzzles)
            path = rng.choice(paths)
            try:
                status, body, t = c.post(path, {"text": p, "level": 3})
            except Exception as e:  # a refused or dropped connection counts as an error
                with lock:
                    errors[type(e).__name__] = errors.get(type(e).__name__, 0) + 1
                c = Client(host, port)
                continue
            with lock:
                times.append(t)
                if status != 200:
                    errors[status] = errors.get(status, 0) + 1

    start = time.perf_counter()
    threads = [threading.Thread(target=worker, args=(k,)) for k in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.perf_counter() - start
    print(f"load: {clients} clients, {wall:.1f} s: {len(times)} requests, {len(times) / wall:.0f} requests/s, "
          f"p50 {ms(pct(times, 50))}, p99 {ms(pct(times, 99))}, errors {sum(errors.values())} {errors or ''}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("what", nargs="*", default=["latency", "famous", "load"])
    ap.add_argument("--puzzles", type=int, default=200)
    ap.add_argument("--clients", type=int, default=16)
    ap.add_argument("--seconds", type=float, default=10)
    ap.add_argument("--workers", type=int)
    args = ap.parse_args()
    proc, host, port = start_server(args.workers)
    try:
        for what in args.what:
            {"latency": lambda: latency(host, port, args.puzzles),
             "famous": lambda: famous(host, port),
             "load": lambda: load(host, port, args.clients, args.seconds)}[what]()
    finally:
        proc.kill()


if __name__ == "__main__":
    main()

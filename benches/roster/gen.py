#!/usr/bin/env python3
"""Random data for roster.mzn: nurses, days, cover and preferences, feasible by construction
(a roster is drawn first, every nurse's row a word of the model's automaton with a number of
days off in the range, and the minimum cover is read off it, at or below what it staffs).
Standard library only; the same seed gives the same file.

    gen.py SEED NURSES DAYS > data.dzn
"""
import random
import sys

OFF, DAY, EVENING, NIGHT = 1, 2, 3, 4
FORBIDDEN = {(NIGHT, DAY), (NIGHT, EVENING), (EVENING, DAY)}


def row(rng, days, max_work, min_off, max_off):
    """A nurse's shifts: no forbidden succession, at most max_work working days in a row,
    between min_off and max_off days off (drawn again until it is)."""
    while True:
        shifts, run = [], 0
        for _ in range(days):
            last = shifts[-1] if shifts else OFF
            allowed = [t for t in (DAY, EVENING, NIGHT) if (last, t) not in FORBIDDEN and run < max_work]
            t = OFF if not allowed or rng.random() < 0.3 else rng.choice(allowed)
            run = 0 if t == OFF else run + 1
            shifts.append(t)
        if min_off <= shifts.count(OFF) <= max_off:
            return shifts


def main():
    seed, nurses, days = (int(a) for a in sys.argv[1:4])
    rng = random.Random(seed)
    max_work = min(5, max(2, days - 1))
    min_off, max_off = days // 5, (days + 1) // 2
    roster = [row(rng, days, max_work, min_off, max_off) for _ in range(nurses)]
    staffed = [[sum(r[d] == s for r in roster) for s in (DAY, EVENING, NIGHT)] for d in range(days)]
    # The minimum: most of what the drawn roster staffs; the ideal: about what it staffs.
    cover = [[max(0, k - rng.choice([0, 0, 1, 1, 2])) for k in day] for day in staffed]
    ideal = [[k + rng.choice([-1, 0, 0, 1]) for k in day] for day in staffed]
    ideal = [[max(c, i) for c, i in zip(cd, idd)] for cd, idd in zip(cover, ideal)]
    # Preferences: a day off is usually free, nights cost more on average.
    pref = [[[rng.choice([0, 0, 0, 1]), rng.randint(0, 3), rng.randint(0, 3), rng.randint(1, 4)]
             for _ in range(days)] for _ in range(nurses)]
    table = lambda rows: "[|" + " |".join(", ".join(str(v) for v in r) for r in rows) + " |]"
    flat = ", ".join(str(v) for nurse in pref for day in nurse for v in day)
    print(f"% gen.py {' '.join(sys.argv[1:4])}")
    print(f"nurses = {nurses};\ndays = {days};\nmax_work = {max_work};")
    print(f"min_off = {min_off};\nmax_off = {max_off};")
    print(f"cover = {table(cover)};\nideal = {table(ideal)};\nunder_weight = 3;")
    print(f"pref = array3d(1..{nurses}, 1..{days}, 1..4, [{flat}]);")


main()

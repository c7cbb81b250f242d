//! The reasons of the scheduling rules, for lazy clause generation: time-tabling and
//! time-table edge-finding on a cumulative resource, and overload, detectable precedences,
//! not-first and edge-finding on a unary one, each recomputed on request from the task bounds
//! *before the change* (so nothing is recorded while the search propagates).
//!
//! Every function works in one time direction, for a push of an earliest start (or a
//! failure): a push of a latest start is the same rule in reversed time (time `t` ↦ `-t`, a
//! task `[s, s + d)` ↦ `[-s - d, -s)`), whose facts [`Fact::mirrored`] turns back. A fact is
//! on a task's start and its smallest duration `d`: [`Fact::StartsFrom`] `s >= a`, or
//! [`Fact::EndsBy`] `s + d <= b` (named as `s <= b - d`). Each rule reasons on the part
//! `[s, s + d)` of every task, which the task covers whatever its duration beyond `d`, so the
//! facts hold with variable durations too (with the durations' lower bounds).
//!
//! Where a rule's set could be chosen in several ways, the functions pick one whose facts are
//! weak (bounds lifted as far as the rule allows), not the weakest possible.

use crate::constraints::time_table::{clamp, TimeTable};
use crate::id::VarId;
use crate::learning::explain::{Antecedents, Change};

/// The bound pushes that would explain a removal of values of `x` that is not a bound's move
/// (a bound pushed past the other, which empties the domain): `x >= max + 1` if the values
/// removed reach `x`'s largest value before the change, `x <= min - 1` if they reach its
/// smallest. Either, when it holds, implies the removal.
pub(crate) fn bound_pushes(why: &Antecedents<'_>, x: VarId) -> [Option<Change>; 2] {
    let (Some((lo, hi)), Some(first), Some(last)) = (why.bounds(x), why.removed().next(), why.removed().last()) else {
        return [None, None];
    };
    [
        (last >= hi).then(|| last.checked_add(1).map(|v| Change::AtLeast(x, v))).flatten(),
        (first <= lo).then(|| first.checked_sub(1).map(|v| Change::AtMost(x, v))).flatten(),
    ]
}

/// A fact of an explanation on task `j` (see the module's documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Fact {
    /// Task `j` starts at or after this time.
    StartsFrom(usize, i64),
    /// Task `j` (with its smallest duration) ends at or before this time.
    EndsBy(usize, i64),
}

impl Fact {
    /// The same fact in reversed time.
    pub(crate) fn mirrored(self) -> Fact {
        match self {
            Fact::StartsFrom(j, a) => Fact::EndsBy(j, -a),
            Fact::EndsBy(j, b) => Fact::StartsFrom(j, -b),
        }
    }

    /// The task the fact is on.
    pub(crate) fn task(self) -> usize {
        match self {
            Fact::StartsFrom(j, _) | Fact::EndsBy(j, _) => j,
        }
    }
}

/// A fact on a variable of a scope, by its index there: `>= v` or `<= v` (the disjunctive's
/// starts; diffn's origins and sizes).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Bound {
    Ge(usize, i64),
    Le(usize, i64),
}

impl Bound {
    /// Names the fact, on the variables of `scope`, as a reason of `why`.
    pub(crate) fn name(self, scope: &[VarId], why: &mut Antecedents<'_>) {
        match self {
            Bound::Ge(l, a) => why.at_least(scope[l], clamp(a)),
            Bound::Le(l, b) => why.at_most(scope[l], clamp(b)),
        }
    }
}

/// The task lists the rules sort and cut, kept between explanations so that explaining
/// allocates nothing once they have grown to the resource's size.
#[derive(Clone, Debug, Default)]
pub(crate) struct Scratch {
    /// Tasks covering a point; the tasks of a window in order; a unary rule's order.
    order: Vec<usize>,
    /// A unary rule's set.
    set: Vec<usize>,
    /// The latest completions that end the windows.
    ends: Vec<i64>,
}

/// Task `j` covers time `p`: `s_j >= p + 1 - d_j` and `s_j + d_j <= p + d_j`.
fn covers(j: usize, p: i64, d: i64, out: &mut Vec<Fact>) {
    out.push(Fact::StartsFrom(j, p + 1 - d));
    out.push(Fact::EndsBy(j, p + d));
}

/// The tasks of `table` whose compulsory parts cover time `p`, largest usage first, as few as
/// make a load of at least `need`: their covering facts into `out`; whether the load is
/// reached.
fn cover_point(table: &TimeTable, p: i64, need: i64, at: &mut Vec<usize>, out: &mut Vec<Fact>) -> bool {
    at.clear();
    at.extend(
        (0..table.est.len()).filter(|&j| {
            table.usage[j] > 0 && table.dur[j] > 0 && table.lst[j] <= p && p < table.est[j] + table.dur[j]
        }),
    );
    at.sort_unstable_by_key(|&j| std::cmp::Reverse(table.usage[j]));
    let mut load = 0;
    for &j in at.iter() {
        if load >= need {
            break;
        }
        load += table.usage[j];
        covers(j, p, table.dur[j], out);
    }
    load >= need
}

/// Time-tabling: task `i` (duration `d`, usage `r`, earliest start `est`) cannot start before
/// `v` on the profile of `table` (the other tasks' compulsory parts: built, with `i`'s usage
/// 0) under `capacity`. A chain of time points, each overloaded were `i` to cover it, each
/// reached from the previous push (the pointwise explanation of Schutt, Feydy, Stuckey and
/// Wallace 2011). Facts into `out`; whether the chain reaches `v`.
pub(crate) fn time_table_push(
    table: &TimeTable,
    i: usize,
    (est, d, r): (i64, i64, i64),
    capacity: i64,
    v: i64,
    s: &mut Scratch,
    out: &mut Vec<Fact>,
) -> bool {
    if d <= 0 || r <= 0 {
        return false;
    }
    let mut t = est;
    let mut first = true;
    while t < v {
        // The latest time in [t, t + d) where i does not fit on the profile.
        let last = table.segments.partition_point(|s| s.start < t + d);
        let Some(p) = table.segments[..last]
            .iter()
            .rev()
            .take_while(|s| s.end > t)
            .find(|s| s.height + r > capacity)
            .map(|s| s.end.min(t + d) - 1)
        else {
            return false;
        };
        if first {
            out.push(Fact::StartsFrom(i, p + 1 - d));
            first = false;
        }
        if !cover_point(table, p, capacity - r + 1, &mut s.order, out) {
            return false;
        }
        t = p + 1;
    }
    true
}

/// Time-tabling: a time where the compulsory parts of `table` (built) load the resource by
/// at least `need`; the covering facts of the tasks there into `out`; whether one is found.
pub(crate) fn time_table_load(table: &TimeTable, need: i64, s: &mut Scratch, out: &mut Vec<Fact>) -> bool {
    match table.segments.iter().max_by_key(|g| g.height) {
        Some(g) if g.height >= need => cover_point(table, g.start, need, &mut s.order, out),
        _ => false,
    }
}

/// Time-table edge-finding: a window `[begin, end)` where the energy the other tasks of
/// `table` (built, `i`'s usage 0) must spend, plus task `i`'s (duration `d`, usage `r`,
/// earliest start `est`) were it to start before `v`, exceeds `capacity · (end - begin)`.
/// The facts: each task inside the window starts at `begin` or later and ends by `end`; each
/// other task's compulsory part keeps its part inside the window; `i` starts at `begin` or
/// later. Whether a window is found.
pub(crate) fn energy_push(
    table: &TimeTable,
    i: usize,
    (est, d, r): (i64, i64, i64),
    capacity: i64,
    v: i64,
    s: &mut Scratch,
    out: &mut Vec<Fact>,
) -> bool {
    if d <= 0 || r <= 0 || v <= est {
        return false;
    }
    // `i` at `v - 1` spends `r · min(end - v + 1, d)` in a window ending at `end > v - 1`.
    let window = best_window(
        table,
        |begin, end| (begin <= est && end >= v).then(|| i128::from(r) * i128::from((end - v + 1).min(d))),
        capacity,
        s,
    );
    let Some((begin, end)) = window else { return false };
    window_facts(table, begin, end, out);
    out.push(Fact::StartsFrom(i, begin));
    true
}

/// Time-table edge-finding: a window `[begin, end)` where the tasks of `table` (built) must
/// spend more energy than `capacity · (end - begin)`; its facts into `out`. Whether one is
/// found.
pub(crate) fn energy_overload(table: &TimeTable, capacity: i64, s: &mut Scratch, out: &mut Vec<Fact>) -> bool {
    match best_window(table, |_, _| Some(0), capacity, s) {
        Some((begin, end)) => {
            window_facts(table, begin, end, out);
            true
        }
        None => false,
    }
}

/// The first window `[begin, end)` (from an earliest start to a latest completion) where the
/// energy of `table` (built) inside it plus `extra(begin, end)` (`None`: the window does not
/// count) exceeds `capacity · (end - begin)`. `O(n² log n)`.
fn best_window(
    table: &TimeTable,
    extra: impl Fn(i64, i64) -> Option<i128>,
    capacity: i64,
    s: &mut Scratch,
) -> Option<(i64, i64)> {
    let n = table.est.len();
    let (by_est, ends) = (&mut s.order, &mut s.ends);
    by_est.clear();
    by_est.extend((0..n).filter(|&j| table.dur[j] > 0));
    by_est.sort_unstable_by_key(|&j| std::cmp::Reverse(table.est[j]));
    ends.clear();
    ends.extend(by_est.iter().map(|&j| table.lst[j] + table.dur[j]));
    ends.sort_unstable();
    ends.dedup();
    for &end in ends.iter() {
        let end_energy = table.energy_before(end);
        // The free energy of the tasks inside [begin, end).
        let mut inside = 0i128;
        for (k, &j) in by_est.iter().enumerate() {
            let (e, l, d, r) = (table.est[j], table.lst[j], table.dur[j], i128::from(table.usage[j]));
            if l + d <= end {
                inside += r * i128::from(d - (e + d - l).max(0));
            }
            let begin = e;
            if begin >= end || by_est.get(k + 1).is_some_and(|&o| table.est[o] == begin) {
                continue;
            }
            let Some(plus) = extra(begin, end) else { continue };
            let energy = inside + end_energy - table.energy_before(begin) + plus;
            if energy > i128::from(capacity) * i128::from(end - begin) {
                return Some((begin, end));
            }
        }
    }
    None
}

/// The facts of the energy a window holds (as [`best_window`] counts it): all of each task
/// inside it, the part of each other task's compulsory part inside it.
fn window_facts(table: &TimeTable, begin: i64, end: i64, out: &mut Vec<Fact>) {
    for j in 0..table.est.len() {
        let (e, l, d) = (table.est[j], table.lst[j], table.dur[j]);
        if d <= 0 || table.usage[j] == 0 {
            continue;
        }
        if begin <= e && l + d <= end {
            out.push(Fact::StartsFrom(j, begin));
            out.push(Fact::EndsBy(j, end));
        } else {
            let (a, b) = (l.max(begin), (e + d).min(end));
            if a < b {
                // Covers [a, b): starts by a, ends from b.
                out.push(Fact::StartsFrom(j, b - d));
                out.push(Fact::EndsBy(j, a + d));
            }
        }
    }
}

/// The tasks of a unary resource in one time direction: earliest starts, latest completions
/// and smallest durations (all positive).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Unary<'a> {
    pub(crate) est: &'a [i64],
    pub(crate) lct: &'a [i64],
    pub(crate) p: &'a [i64],
}

impl Unary<'_> {
    /// The tasks other than `i` that pass `keep`, by increasing latest completion, into `v`.
    fn by_lct(&self, i: usize, keep: impl Fn(usize) -> bool, v: &mut Vec<usize>) {
        v.clear();
        v.extend((0..self.est.len()).filter(|&j| j != i && keep(j)));
        v.sort_unstable_by_key(|&j| self.lct[j]);
    }

    /// Overload: a set `Ω` whose tasks all lie in `[E, L)` with more work than `L - E`. Facts
    /// into `out`; whether one is found.
    pub(crate) fn overload(&self, s: &mut Scratch, out: &mut Vec<Fact>) -> bool {
        let (by_lct, set) = (&mut s.order, &mut s.set);
        self.by_lct(usize::MAX, |_| true, by_lct);
        for k in 0..by_lct.len() {
            let end = self.lct[by_lct[k]];
            set.clear();
            set.extend_from_slice(&by_lct[..=k]);
            set.sort_unstable_by_key(|&j| std::cmp::Reverse(self.est[j]));
            let mut work = 0;
            for (q, &j) in set.iter().enumerate() {
                work += self.p[j];
                let begin = self.est[j];
                if begin + work > end {
                    for &o in &set[..=q] {
                        out.push(Fact::StartsFrom(o, begin));
                        out.push(Fact::EndsBy(o, end));
                    }
                    return true;
                }
            }
        }
        false
    }

    /// Task `i` starts at `v` or later by one of the rules: detectable precedences,
    /// edge-finding or not-first. Facts into `out`; whether a rule explains it.
    pub(crate) fn push(&self, i: usize, v: i64, s: &mut Scratch, out: &mut Vec<Fact>) -> bool {
        self.precedences(i, v, s, out) || self.edge_finding(i, v, s, out) || self.not_first(i, v, s, out)
    }

    /// Detectable precedences: the tasks `j` with `est_i + p_i > lst_j` precede `i`; `i`
    /// starts after the earliest completion of a subset of them.
    fn precedences(&self, i: usize, v: i64, s: &mut Scratch, out: &mut Vec<Fact>) -> bool {
        let (est, lct, p) = (self.est, self.lct, self.p);
        let before = &mut s.order;
        before.clear();
        before.extend((0..est.len()).filter(|&j| j != i && est[i] + p[i] > lct[j] - p[j]));
        before.sort_unstable_by_key(|&j| std::cmp::Reverse(est[j]));
        let mut work = 0;
        for (q, &j) in before.iter().enumerate() {
            work += p[j];
            if est[j] + work >= v {
                let set = &before[..=q];
                // The largest latest start of the set: `i` from `lst + 1 - p_i` detects them all.
                let last = set.iter().map(|&o| lct[o] - p[o]).max().unwrap_or(0);
                out.push(Fact::StartsFrom(i, last + 1 - p[i]));
                for &o in set {
                    out.push(Fact::StartsFrom(o, v - work));
                    out.push(Fact::EndsBy(o, last + p[o]));
                }
                return true;
            }
        }
        false
    }

    /// Edge-finding: `Ω ∪ {i}` cannot fit in `[min(est_Ω, est_i), lct_Ω)`, so `i` comes after
    /// all of `Ω` and starts after the earliest completion of a subset of it.
    fn edge_finding(&self, i: usize, v: i64, s: &mut Scratch, out: &mut Vec<Fact>) -> bool {
        let (est, lct, p) = (self.est, self.lct, self.p);
        let (by_lct, set) = (&mut s.order, &mut s.set);
        self.by_lct(i, |_| true, by_lct);
        for k in 0..by_lct.len() {
            let end = lct[by_lct[k]];
            if k + 1 < by_lct.len() && lct[by_lct[k + 1]] == end {
                continue;
            }
            set.clear();
            set.extend_from_slice(&by_lct[..=k]);
            set.sort_unstable_by_key(|&j| std::cmp::Reverse(est[j]));
            // The subset with the latest start whose completion reaches v (ECT part).
            let mut work = 0;
            let mut ect_part: Option<(usize, i64)> = None;
            let mut found: Option<(usize, i64)> = None;
            for (q, &j) in set.iter().enumerate() {
                work += p[j];
                if ect_part.is_none() && est[j] + work >= v {
                    ect_part = Some((q, work));
                }
                let begin = est[j].min(est[i]);
                if ect_part.is_some() && begin + work + p[i] > end {
                    found = Some((q, begin));
                    break;
                }
            }
            let (Some((q, begin)), Some((c, ect_work))) = (found, ect_part) else { continue };
            out.push(Fact::StartsFrom(i, begin));
            for (k, &o) in set[..=q].iter().enumerate() {
                let from = if k <= c { begin.max(v - ect_work) } else { begin };
                out.push(Fact::StartsFrom(o, from));
                out.push(Fact::EndsBy(o, end));
            }
            return true;
        }
        false
    }

    /// Not-first: `i` and the tasks `Ω` (each completing at `v` or later) cannot all fit in
    /// `[est_i, lct_Ω)` with `i` first, so a task of `Ω` precedes `i`.
    fn not_first(&self, i: usize, v: i64, s: &mut Scratch, out: &mut Vec<Fact>) -> bool {
        let (est, lct, p) = (self.est, self.lct, self.p);
        let set = &mut s.order;
        self.by_lct(i, |j| est[j] + p[j] >= v, set);
        let mut work = 0;
        for (k, &j) in set.iter().enumerate() {
            work += p[j];
            let end = lct[j];
            if est[i] + p[i] + work > end {
                out.push(Fact::StartsFrom(i, end - p[i] - work + 1));
                for &o in &set[..=k] {
                    out.push(Fact::StartsFrom(o, v - p[o]));
                    out.push(Fact::EndsBy(o, end));
                }
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_point_chain_explains_a_push_across_two_segments() {
        // Capacity 1: task 0 covers [2, 4), task 1 covers [5, 7); task 2 (d = 2) from 1 must
        // start at 7.
        let mut t = TimeTable::default();
        t.push(2, 2, 2, 1);
        t.push(5, 5, 2, 1);
        t.push(1, 9, 2, 0);
        t.build();
        let (mut s, mut out) = (Scratch::default(), Vec::new());
        assert!(time_table_push(&t, 2, (1, 2, 1), 1, 7, &mut s, &mut out));
        assert!(out.contains(&Fact::StartsFrom(2, 1)));
        assert!(out.contains(&Fact::StartsFrom(0, 2)) && out.contains(&Fact::StartsFrom(1, 5)));
        let mut out = Vec::new();
        assert!(!time_table_push(&t, 2, (1, 2, 1), 2, 7, &mut s, &mut out));
    }

    #[test]
    fn unary_rules_name_their_sets() {
        // A, B (p = 2) in [0, 4): C (p = 1) from 0 goes after both (edge-finding): C >= 4.
        let (est, lct, p) = ([0, 0, 0], [4, 4, 7], [2, 2, 1]);
        let u = Unary { est: &est, lct: &lct, p: &p };
        let (mut s, mut out) = (Scratch::default(), Vec::new());
        assert!(u.push(2, 4, &mut s, &mut out));
        assert!(out.contains(&Fact::EndsBy(0, 4)) && out.contains(&Fact::EndsBy(1, 4)));
        assert!(!u.push(2, 5, &mut s, &mut Vec::new()));
        // Overload: three tasks of 2 in [0, 5).
        let (est, lct, p) = ([0, 0, 0], [5, 5, 5], [2, 2, 2]);
        assert!(Unary { est: &est, lct: &lct, p: &p }.overload(&mut s, &mut Vec::new()));
    }
}

//! The profile of a resource's compulsory parts (time-tabling), shared by the scheduling
//! constraints (`cumulative`, `diffn`) and their explanations (`task_reasons`).

use crate::context::Context;
use crate::id::{Value, VarId};
use crate::learning::explain::Antecedents;

/// A constant, or a variable of the scope (its local index): how a duration, a usage or a
/// capacity is given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Operand {
    /// A constant.
    Const(i64),
    /// The variable at this local index of the scope.
    Var(usize),
}

impl Operand {
    /// The smallest value the operand can take.
    #[inline]
    pub(crate) fn min(self, scope: &[VarId], ctx: &Context<'_>) -> i64 {
        match self {
            Operand::Const(c) => c,
            Operand::Var(l) => i64::from(ctx.min(scope[l])),
        }
    }

    /// The largest value the operand can take.
    #[inline]
    pub(crate) fn max(self, scope: &[VarId], ctx: &Context<'_>) -> i64 {
        match self {
            Operand::Const(c) => c,
            Operand::Var(l) => i64::from(ctx.max(scope[l])),
        }
    }

    /// The smallest value the operand could take before the change `why` explains (`None`
    /// if not known).
    pub(crate) fn min_before(self, scope: &[VarId], why: &Antecedents<'_>) -> Option<i64> {
        match self {
            Operand::Const(c) => Some(c),
            Operand::Var(l) => why.min(scope[l]).map(i64::from),
        }
    }

    /// The largest value the operand could take before the change `why` explains (`None` if
    /// not known).
    pub(crate) fn max_before(self, scope: &[VarId], why: &Antecedents<'_>) -> Option<i64> {
        match self {
            Operand::Const(c) => Some(c),
            Operand::Var(l) => why.max(scope[l]).map(i64::from),
        }
    }

    /// Names the operand's lower bound `v` (true before the change) as a reason.
    pub(crate) fn name_at_least(self, scope: &[VarId], why: &mut Antecedents<'_>, v: i64) {
        if let Operand::Var(l) = self {
            why.at_least(scope[l], clamp(v));
        }
    }

    /// Names the operand's upper bound `v` (true before the change) as a reason.
    pub(crate) fn name_at_most(self, scope: &[VarId], why: &mut Antecedents<'_>, v: i64) {
        if let Operand::Var(l) = self {
            why.at_most(scope[l], clamp(v));
        }
    }

    /// The operand's value in a full assignment of the scope.
    #[inline]
    pub(crate) fn value(self, values: &[Value]) -> i64 {
        match self {
            Operand::Const(c) => c,
            Operand::Var(l) => i64::from(values[l]),
        }
    }
}

/// A time as a [`Value`], saturated.
pub(crate) fn clamp(v: i64) -> Value {
    v.clamp(i64::from(Value::MIN), i64::from(Value::MAX)) as Value
}

/// One maximal interval `[start, end)` of constant height of a resource profile.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Segment {
    pub(crate) start: i64,
    pub(crate) end: i64,
    pub(crate) height: i64,
}

/// The time-table of a cumulative resource: the profile of the tasks' compulsory parts and the
/// bound pushes it implies. Shared by [`Cumulative`] and the implied cumulative projections of
/// [`Diffn`](crate::constraints::Diffn). Every buffer is kept between calls, so nothing allocates once the
/// first call has sized them.
#[derive(Clone, Debug, Default)]
pub(crate) struct TimeTable {
    /// Per task: earliest start, latest start, duration and usage (their smallest values).
    pub(crate) est: Vec<i64>,
    pub(crate) lst: Vec<i64>,
    pub(crate) dur: Vec<i64>,
    pub(crate) usage: Vec<i64>,
    /// `(time, +usage or -usage)` at the two ends of each compulsory part.
    events: Vec<(i64, i64)>,
    /// The profile: segments of non-zero height, in increasing time, disjoint.
    pub(crate) segments: Vec<Segment>,
    /// `prefix[k]`: the energy of the segments before `segments[k]`.
    prefix: Vec<i128>,
    /// Scratch of [`edge_find`](TimeTable::edge_find): task orders and the new earliest starts.
    by_est: Vec<usize>,
    by_lct: Vec<usize>,
    begin_energy: Vec<i128>,
    pub(crate) new_est: Vec<i64>,
}

impl TimeTable {
    /// Empties the task arrays, keeping their capacity.
    pub(crate) fn clear(&mut self) {
        self.est.clear();
        self.lst.clear();
        self.dur.clear();
        self.usage.clear();
    }

    /// Makes the tasks those of `other`, keeping this table's buffers.
    pub(crate) fn copy_tasks(&mut self, other: &TimeTable) {
        self.clear();
        self.est.extend_from_slice(&other.est);
        self.lst.extend_from_slice(&other.lst);
        self.dur.extend_from_slice(&other.dur);
        self.usage.extend_from_slice(&other.usage);
    }

    /// Makes the tasks those of `other` in reversed time (time `t` to `-t`: a task
    /// `[s, s + d)` to `[-s - d, -s)`), keeping this table's buffers.
    pub(crate) fn mirror_of(&mut self, other: &TimeTable) {
        self.clear();
        for j in 0..other.est.len() {
            let (e, l, d, r) = (other.est[j], other.lst[j], other.dur[j], other.usage[j]);
            self.push(-(l + d), -(e + d), d, r);
        }
    }

    /// Adds a task by its bounds (`est <= lst`, `dur >= 0`, `usage >= 0`).
    pub(crate) fn push(&mut self, est: i64, lst: i64, dur: i64, usage: i64) {
        self.est.push(est);
        self.lst.push(lst);
        self.dur.push(dur);
        self.usage.push(usage);
    }

    /// The compulsory part `[lst, est + dur)` of task `i`, if it is not empty and the task
    /// uses the resource.
    #[inline]
    fn compulsory(&self, i: usize) -> Option<(i64, i64)> {
        let (a, b) = (self.lst[i], self.est[i] + self.dur[i]);
        (a < b && self.usage[i] > 0).then_some((a, b))
    }

    /// Builds the profile of the compulsory parts; returns its largest height (0 if none).
    /// `O(n log n)`.
    pub(crate) fn build(&mut self) -> i64 {
        self.events.clear();
        self.segments.clear();
        for i in 0..self.est.len() {
            if let Some((a, b)) = self.compulsory(i) {
                self.events.push((a, self.usage[i]));
                self.events.push((b, -self.usage[i]));
            }
        }
        self.events.sort_unstable();
        self.prefix.clear();
        self.prefix.push(0);
        let (mut height, mut peak) = (0i64, 0i64);
        let mut k = 0;
        while k < self.events.len() {
            let t = self.events[k].0;
            while k < self.events.len() && self.events[k].0 == t {
                height += self.events[k].1;
                k += 1;
            }
            if let Some(&(next, _)) = self.events.get(k) {
                if height > 0 {
                    self.segments.push(Segment { start: t, end: next, height });
                    let last = self.prefix[self.prefix.len() - 1];
                    self.prefix.push(last + i128::from(height) * i128::from(next - t));
                    peak = peak.max(height);
                }
            }
        }
        peak
    }

    /// The earliest start of task `i` at which, given the profile of the other tasks'
    /// compulsory parts, it fits under `capacity` (a left-to-right sweep of the segments; the
    /// result may exceed the latest start, which means no start fits).
    pub(crate) fn earliest_fit(&self, i: usize, capacity: i64) -> i64 {
        self.earliest_fit_as(i, capacity, self.usage[i], self.compulsory(i))
    }

    /// [`earliest_fit`](TimeTable::earliest_fit) for task `i` with usage `r` and the part
    /// `own` of the profile that is its own (`None` for a task outside the profile).
    pub(crate) fn earliest_fit_as(&self, i: usize, capacity: i64, r: i64, own: Option<(i64, i64)>) -> i64 {
        let d = self.dur[i];
        let mut t = self.est[i];
        if d == 0 || r == 0 {
            return t;
        }
        let first = self.segments.partition_point(|s| s.end <= t);
        for s in &self.segments[first..] {
            if s.start >= t + d {
                break;
            }
            if s.end <= t {
                continue;
            }
            let mine = match own {
                Some((a, b)) if a <= s.start && s.end <= b => r,
                _ => 0,
            };
            if s.height - mine + r > capacity {
                t = s.end;
            }
        }
        t
    }

    /// The energy of the profile before time `t`.
    pub(crate) fn energy_before(&self, t: i64) -> i128 {
        profile_energy_before(&self.segments, &self.prefix, t)
    }

    /// Time-table edge-finding (Schutt, Feydy and Stuckey 2013), earliest starts only: for
    /// each window `[begin, end)` between an earliest start and a latest completion, the
    /// energy that must be spent inside it (the profile's, plus the free part of every task
    /// that lies inside) must fit `capacity · (end - begin)`, else `Err(())`; and the task
    /// starting in the window but able to end after it that would add the most energy at its
    /// earliest start is pushed right until it fits the slack. Fills `new_est` (call
    /// [`build`](TimeTable::build) first). `O(n²)`: the profile's energy before each earliest
    /// start is found once per call.
    pub(crate) fn edge_find(&mut self, capacity: i64) -> Result<(), ()> {
        let TimeTable { est, lst, dur, usage, segments, prefix, by_est, by_lct, begin_energy, new_est, .. } = self;
        new_est.clear();
        new_est.extend_from_slice(est);
        by_est.clear();
        by_est.extend((0..est.len()).filter(|&i| dur[i] > 0 && usage[i] > 0));
        by_lct.clear();
        by_lct.extend_from_slice(by_est);
        by_est.sort_unstable_by_key(|&i| std::cmp::Reverse(est[i]));
        by_lct.sort_unstable_by_key(|&i| lst[i] + dur[i]);
        // The profile's energy before each earliest start, the windows' beginnings.
        begin_energy.clear();
        begin_energy.extend(by_est.iter().map(|&a| profile_energy_before(segments, prefix, est[a])));
        let mut last_end = i64::MIN;
        for &b in by_lct.iter() {
            let end = lst[b] + dur[b];
            if end == last_end {
                continue;
            }
            last_end = end;
            let end_energy = profile_energy_before(segments, prefix, end);
            // Free energy of the tasks inside [begin, end); the candidate to push, as (task,
            // added energy, compulsory energy).
            let mut inside = 0i128;
            let mut best: Option<(usize, i128, i128)> = None;
            // Tasks that start at or after `end` neither lie in a window ending there nor
            // begin one: skipped (a prefix, in decreasing earliest start).
            let first = by_est.partition_point(|&a| est[a] >= end);
            for ai in first..by_est.len() {
                let a = by_est[ai];
                let (e, l, d, r) = (est[a], lst[a], dur[a], usage[a]);
                let comp_len = (e + d - l).max(0);
                let r = i128::from(r);
                if l + d <= end {
                    inside += r * i128::from(d - comp_len);
                } else if e < end {
                    // Compulsory energy of `a` inside the window (it starts after `begin`).
                    let comp_in = r * i128::from(((e + d).min(end) - l).max(0));
                    let added = r * i128::from((end - e).min(d)) - comp_in;
                    if best.is_none_or(|(_, x, _)| added > x) {
                        best = Some((a, added, comp_in));
                    }
                }
                let begin = e;
                let energy = inside + end_energy - begin_energy[ai];
                let available = i128::from(capacity) * i128::from(end - begin);
                if energy > available {
                    return Err(());
                }
                if let Some((i, added, comp_in)) = best {
                    let slack = available - energy;
                    if added > slack {
                        // `slack + comp_in < added <= r * d`, so the quotient is below `d`.
                        let push = end - ((slack + comp_in) / i128::from(usage[i])) as i64;
                        if push > new_est[i] {
                            new_est[i] = push;
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// The latest start of task `i` at which it fits under `capacity` (the mirror of
    /// [`earliest_fit`](TimeTable::earliest_fit)).
    pub(crate) fn latest_fit(&self, i: usize, capacity: i64) -> i64 {
        let d = self.dur[i];
        let r = self.usage[i];
        let own = self.compulsory(i);
        let mut end = self.lst[i] + d;
        if d == 0 || r == 0 {
            return self.lst[i];
        }
        let last = self.segments.partition_point(|s| s.start < end);
        for s in self.segments[..last].iter().rev() {
            if s.end <= end - d {
                break;
            }
            if s.start >= end {
                continue;
            }
            let mine = match own {
                Some((a, b)) if a <= s.start && s.end <= b => r,
                _ => 0,
            };
            if s.height - mine + r > capacity {
                end = s.start;
            }
        }
        end - d
    }
}

/// The energy of a profile (`segments`, and `prefix[k]` the energy before `segments[k]`)
/// before time `t`.
fn profile_energy_before(segments: &[Segment], prefix: &[i128], t: i64) -> i128 {
    let k = segments.partition_point(|s| s.end <= t);
    let mut e = prefix[k];
    if let Some(s) = segments.get(k) {
        if s.start < t {
            e += i128::from(s.height) * i128::from(t - s.start);
        }
    }
    e
}

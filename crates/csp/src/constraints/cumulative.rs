//! `Cumulative`: tasks sharing a resource of limited capacity, by time-tabling on the profile
//! of compulsory parts.

use std::cell::RefCell;

use crate::constraint::{Constraint, Events, Priority, Rule};
use crate::constraints::disjunctive::Work;
use crate::constraints::task_reasons::{self, Fact};
use crate::constraints::time_table::{clamp, Operand, TimeTable};
use crate::context::Context;
use crate::error::{Conflict, ModelError};
use crate::id::{Value, VarId};
use crate::learning::explain::{Antecedents, Change};
use crate::model::Model;

/// Tasks on a cumulative resource: task `i` starts at `s_i`, runs for `d_i` and uses `r_i` units
/// of a resource whose capacity is `b`; at every time the tasks running use at most `b`:
/// `Σ { r_i : s_i <= t < s_i + d_i } <= b` for all `t`.
///
/// Durations, usages and the capacity are constants ([`Cumulative::new`]) or variables
/// ([`Cumulative::with_vars`]). Durations and usages must be non-negative (variables are
/// pruned to `>= 0`); tasks of duration or usage 0 never conflict. With at least one task the
/// capacity is at least 0 (MiniZinc's time decomposition says the same). Tasks may be optional
/// ([`Cumulative::with_optional`]: a 0/1 presence variable per task).
///
/// Unlike [`Disjunctive`](crate::constraints::Disjunctive), which is the capacity-1 case with the
/// stronger reasoning on orders (edge-finding), `Cumulative` reasons on the resource profile.
///
/// # Propagation
///
/// *Time-tabling* (Beldiceanu and Carlsson 2002; Schutt, Feydy and Stuckey): the *compulsory
/// part* of task `i`, `[lst_i, est_i + d_i)` where `est`/`lst` are the bounds of its start (and
/// `d_i`, `r_i` their smallest values), is covered in every solution. The profile of the
/// compulsory parts must stay under the capacity (else a conflict, rule [`Rule::Other`]), lifts
/// the capacity's lower bound, and pushes each start out of the times where the task would not
/// fit on top of the others' compulsory parts: a sweep from `est_i` rightwards over the
/// segments (and from `lst_i` leftwards) moves the start past every segment it cannot share.
/// *Time-table edge-finding* (Schutt, Feydy and Stuckey 2013, in its `O(n²)` window form): for
/// every window `[begin, end)` from an earliest start to a latest completion, the energy that
/// must be spent in it (the profile's, plus the free part `r_i·(d_i - |compulsory part|)` of
/// each task inside it) must fit `b·(end - begin)`, else a conflict; the task that starts in
/// the window but may end after it and would add the most energy at its earliest start is
/// pushed right until what it adds fits the slack (and symmetrically in reversed time).
///
/// *Unary subset*: the tasks whose smallest usage exceeds half the capacity's largest value
/// pairwise cannot overlap, so [`Disjunctive`](crate::constraints::Disjunctive)'s rules (overload, detectable
/// precedences, not-first/not-last, edge-finding on a Θ-Λ-tree) run on them, with their
/// smallest durations (a relaxation when durations are variables).
///
/// The start bounds move with [`Rule::Bounds`], repeated until no bound moves (pushes make new
/// compulsory parts), so one call is idempotent. When explanations are on, the premises are the
/// constraint's other variables. In a learning search each change is explained on request by
/// the rule that makes it, found again on the bounds before the change: time-tabling by a
/// chain of overloaded time points and the tasks covering each, edge-finding by its window's
/// energy, the unary subset by its sets' bounds (`docs/learning.md`).
///
/// # Complexity
///
/// `O(n log n + n·s)` per pass for `n` tasks and `s <= 2n` profile segments for time-tabling,
/// `O(n²)` for time-table edge-finding, `O(n log n)` for the unary subset; passes repeat
/// only when a bound moved.
///
/// # Example
///
/// ```
/// use csp::Model;
/// use csp::constraints::Cumulative;
///
/// // Three tasks of duration 2 using 1, 2 and 2 units of a capacity-2 resource.
/// let mut model = Model::new();
/// let s = model.new_vars(3, 0..=4)?;
/// model.post(Cumulative::new(s.clone(), vec![2, 2, 2], vec![1, 2, 2], 2))?;
/// let mut solver = model.into_solver();
/// // The two 2-unit tasks and the 1-unit task are pairwise exclusive: 6 time units in 0..6.
/// assert_eq!(solver.count_solutions(u64::MAX).count, 6);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Bibliography
///
/// * A. Aggoun and N. Beldiceanu, "Extending CHIP in order to solve complex scheduling and
///   placement problems", Mathematical and Computer Modelling 17(7), 1993.
/// * N. Beldiceanu and M. Carlsson, "A new multi-resource cumulatives constraint with negative
///   heights", CP 2002 (the sweep over compulsory parts).
/// * A. Schutt, T. Feydy, P. J. Stuckey and M. Wallace, "Explaining the cumulative
///   propagator", Constraints 16(3), 2011 (time-tabling, its explanations).
/// * A. Schutt, T. Feydy and P. J. Stuckey, "Explaining time-table-edge-finding propagation
///   for the cumulative resource constraint", CPAIOR 2013.
#[derive(Clone, Debug)]
pub struct Cumulative {
    /// An argument error found by the constructor (vectors of different lengths), reported by
    /// [`Model::post`](crate::model::Model::post) as a [`ModelError`].
    misuse: Option<String>,
    /// Starts first (local `0..n`), then the variable durations, usages and capacity.
    scope: Vec<VarId>,
    n: usize,
    durations: Vec<Operand>,
    usages: Vec<Operand>,
    capacity: Operand,
    /// Per task: whether it is present (1) or absent (0); `Const(1)` unless optional.
    presence: Vec<Operand>,
    table: TimeTable,
    /// Scratch: the time-table in reversed time, for edge-finding on latest completions.
    mirror: TimeTable,
    /// Scratch: the tasks that pairwise exclude each other, and the unary reasoning on them.
    unary_tasks: Vec<(VarId, i64)>,
    unary: Work,
    /// The explanations' buffers (see [`Explaining`]).
    explaining: RefCell<Explaining>,
}

/// The message for task vectors of different lengths, if they differ.
fn lengths(starts: usize, durations: usize, usages: usize) -> Option<String> {
    (starts != durations || starts != usages)
        .then(|| format!("{starts} starts, {durations} durations and {usages} usages (one of each per task)"))
}

impl Cumulative {
    /// Tasks with constant durations and usages on a resource of constant capacity. Vectors
    /// of different lengths are a [`ModelError::InvalidConstraint`] when posted.
    pub fn new(starts: Vec<VarId>, durations: Vec<Value>, usages: Vec<Value>, capacity: Value) -> Cumulative {
        let misuse = lengths(starts.len(), durations.len(), usages.len());
        let n = starts.len();
        Cumulative {
            misuse,
            scope: starts,
            n,
            durations: durations.into_iter().map(|d| Operand::Const(i64::from(d))).collect(),
            usages: usages.into_iter().map(|r| Operand::Const(i64::from(r))).collect(),
            capacity: Operand::Const(i64::from(capacity)),
            presence: vec![Operand::Const(1); n],
            table: TimeTable::default(),
            mirror: TimeTable::default(),
            unary_tasks: Vec::new(),
            explaining: RefCell::default(),
            unary: Work::default(),
        }
    }

    /// Tasks whose durations, usages and capacity are variables (fix a variable's domain to
    /// one value for a constant). Vectors of different lengths are a
    /// [`ModelError::InvalidConstraint`] when posted.
    pub fn with_vars(starts: Vec<VarId>, durations: Vec<VarId>, usages: Vec<VarId>, capacity: VarId) -> Cumulative {
        let misuse = lengths(starts.len(), durations.len(), usages.len());
        let n = starts.len();
        let mut scope = starts;
        let durations = durations
            .into_iter()
            .map(|d| {
                scope.push(d);
                Operand::Var(scope.len() - 1)
            })
            .collect();
        let usages = usages
            .into_iter()
            .map(|r| {
                scope.push(r);
                Operand::Var(scope.len() - 1)
            })
            .collect();
        scope.push(capacity);
        let capacity = Operand::Var(scope.len() - 1);
        Cumulative {
            misuse,
            scope,
            n,
            durations,
            usages,
            capacity,
            presence: vec![Operand::Const(1); n],
            table: TimeTable::default(),
            mirror: TimeTable::default(),
            unary_tasks: Vec::new(),
            explaining: RefCell::default(),
            unary: Work::default(),
        }
    }

    /// Makes the tasks optional: task `i` is on the resource only when the 0/1 variable
    /// `presence[i]` is 1 (MiniZinc's `cumulative` over `var opt int` starts); an absent
    /// task's start, duration and usage are free. A task that cannot fit anywhere on the
    /// profile of the present tasks is made absent; the other rules see present tasks only.
    /// Not one presence variable per task is a [`ModelError::InvalidConstraint`] when posted.
    pub fn with_optional(mut self, presence: Vec<VarId>) -> Cumulative {
        if presence.len() != self.n && self.misuse.is_none() {
            self.misuse = Some(format!("{} presence variables for {} tasks", presence.len(), self.n));
        }
        self.presence = presence
            .into_iter()
            .map(|p| {
                self.scope.push(p);
                Operand::Var(self.scope.len() - 1)
            })
            .collect();
        self
    }

    /// The start variables.
    pub fn starts(&self) -> &[VarId] {
        &self.scope[..self.n]
    }

    fn fail(&self, ctx: &mut Context<'_>) -> Conflict {
        if ctx.is_explaining() {
            ctx.set_premises(&self.scope);
        }
        let c = ctx.fail(Rule::Other);
        if ctx.is_explaining() {
            ctx.clear_premises();
        }
        c
    }

    /// One pass: returns whether a start bound moved.
    fn pass(&mut self, ctx: &mut Context<'_>) -> Result<bool, Conflict> {
        let scope = &self.scope;
        self.table.clear();
        let mut optional = false;
        for i in 0..self.n {
            let s = scope[i];
            let d = self.durations[i].min(scope, ctx).max(0);
            let mut r = self.usages[i].min(scope, ctx).max(0);
            if self.presence[i].min(scope, ctx) < 1 {
                // Not known to be present: outside the profile and every rule.
                optional |= self.presence[i].max(scope, ctx) >= 1;
                r = 0;
            }
            self.table.push(i64::from(ctx.min(s)), i64::from(ctx.max(s)), d, r);
        }
        let peak = self.table.build();
        let cap = self.capacity.max(scope, ctx);
        if peak > cap {
            return Err(self.fail(ctx));
        }
        let mut moved = false;
        if let Operand::Var(l) = self.capacity {
            if self.n > 0 && i64::from(ctx.min(scope[l])) < peak.max(0) {
                ctx.remove_below(scope[l], peak.max(0) as Value, Rule::Bounds)?;
                // Another pass: the capacity variable may also be a task's usage or duration.
                moved = true;
            }
        }
        if ctx.is_explaining() {
            ctx.set_premises(&self.scope);
        }
        if optional {
            // An optional task that fits nowhere on the present tasks' profile is absent.
            for i in 0..self.n {
                let Operand::Var(l) = self.presence[i] else { continue };
                if !(ctx.min(self.scope[l]) == 0 && ctx.max(self.scope[l]) == 1) {
                    continue;
                }
                let r = self.usages[i].min(&self.scope, ctx).max(0);
                if self.table.dur[i] > 0 && r > 0 && self.table.earliest_fit_as(i, cap, r, None) > self.table.lst[i] {
                    moved |= ctx.remove_value(self.scope[l], 1, Rule::Other)?;
                }
            }
        }
        for i in 0..self.n {
            let (est, lst) = (self.table.est[i], self.table.lst[i]);
            let lo = self.table.earliest_fit(i, cap);
            let hi = self.table.latest_fit(i, cap);
            if lo > est || hi < lst {
                moved = true;
                crate::constraints::linear::tighten(ctx, self.scope[i], lo, hi)?;
            }
        }
        // Time-table edge-finding, both directions, on the bounds read at the start of the pass
        // (a weaker but sound view once the sweeps above moved some).
        if self.table.edge_find(cap).is_err() {
            return Err(ctx.fail(Rule::Other));
        }
        self.mirror.mirror_of(&self.table);
        self.mirror.build();
        if self.mirror.edge_find(cap).is_err() {
            return Err(ctx.fail(Rule::Other));
        }
        for i in 0..self.n {
            let (lo, hi) = (self.table.new_est[i], -self.mirror.new_est[i] - self.table.dur[i]);
            if lo > self.table.est[i] || hi < self.table.lst[i] {
                moved = true;
                crate::constraints::linear::tighten(ctx, self.scope[i], lo, hi)?;
            }
        }
        // The tasks that use more than half the capacity cannot overlap each other: a unary
        // resource, with their smallest durations (a relaxation).
        self.unary_tasks.clear();
        for i in 0..self.n {
            if self.table.dur[i] > 0 && self.table.usage[i] > 0 && 2 * self.table.usage[i] > cap {
                self.unary_tasks.push((self.scope[i], self.table.dur[i]));
            }
        }
        if self.unary_tasks.len() >= 2 {
            moved |= self.unary.run(ctx, &self.unary_tasks, false)?;
            moved |= self.unary.run(ctx, &self.unary_tasks, true)?;
        }
        if ctx.is_explaining() {
            ctx.clear_premises();
        }
        Ok(moved)
    }
}

/// The task bounds before a change, for [`Cumulative::explain`].
#[derive(Clone, Debug, Default)]
struct Before {
    /// The present tasks (usage 0 for a task not known present).
    table: TimeTable,
    /// Per task: its smallest usage, present or not.
    usage: Vec<i64>,
    /// Per task: whether it was known present.
    present: Vec<bool>,
    capacity: i64,
}

/// The buffers of the rules an explanation finds again, kept between explanations.
#[derive(Clone, Debug, Default)]
struct Rules {
    /// A copy of the tasks, one usage put to 0 or not, built.
    others: TimeTable,
    /// The unary rules' tasks (over half the capacity), their bounds and their facts.
    unary_tasks: Vec<usize>,
    est: Vec<i64>,
    lct: Vec<i64>,
    p: Vec<i64>,
    sub: Vec<Fact>,
    reasons: task_reasons::Scratch,
}

/// What [`Cumulative::explain`] works in, kept in the constraint so that explaining allocates
/// nothing once its buffers have grown to the resource's size (explanations are asked at
/// every conflict of a learning search).
#[derive(Clone, Debug, Default)]
struct Explaining {
    before: Before,
    /// The tasks of `before` in reversed time.
    mirror: TimeTable,
    rules: Rules,
    facts: Vec<Fact>,
    /// Per task: whether its sizes and presence are named.
    named: Vec<bool>,
}

impl Cumulative {
    /// The tasks before the change `why` explains, into `b`; `None` if a bound is not known.
    fn before(&self, why: &Antecedents<'_>, b: &mut Before) -> Option<()> {
        let scope = &self.scope;
        b.table.clear();
        b.usage.clear();
        b.present.clear();
        b.capacity = self.capacity.max_before(scope, why)?;
        for i in 0..self.n {
            let (lo, hi) = why.bounds(scope[i])?;
            let d = self.durations[i].min_before(scope, why)?.max(0);
            let r = self.usages[i].min_before(scope, why)?.max(0);
            let present = self.presence[i].min_before(scope, why)? >= 1;
            b.table.push(i64::from(lo), i64::from(hi), d, if present { r } else { 0 });
            b.usage.push(r);
            b.present.push(present);
        }
        Some(())
    }

    /// The facts for an earliest start of task `i` pushed to `v` in the time direction of
    /// `table` (the tasks as [`Before`] has them, or in reversed time): time-tabling, else
    /// time-table edge-finding, else the unary rules on the tasks over half the capacity.
    fn push_facts(
        table: &TimeTable,
        capacity: i64,
        i: usize,
        v: i64,
        rules: &mut Rules,
        facts: &mut Vec<Fact>,
    ) -> bool {
        let task = (table.est[i], table.dur[i], table.usage[i]);
        if task.1 <= 0 || task.2 <= 0 {
            return false;
        }
        rules.others.copy_tasks(table);
        rules.others.usage[i] = 0;
        rules.others.build();
        if task_reasons::time_table_push(&rules.others, i, task, capacity, v, &mut rules.reasons, facts) {
            return true;
        }
        facts.clear();
        if task_reasons::energy_push(&rules.others, i, task, capacity, v, &mut rules.reasons, facts) {
            return true;
        }
        facts.clear();
        Cumulative::unary_facts(table, capacity, Some((i, v)), rules, facts)
    }

    /// The unary rules on the tasks of `table` that use more than half the capacity: a push
    /// of task `i`'s earliest start to `v`, or (`None`) an overload. Facts into `facts`.
    fn unary_facts(
        table: &TimeTable,
        capacity: i64,
        push: Option<(usize, i64)>,
        rules: &mut Rules,
        facts: &mut Vec<Fact>,
    ) -> bool {
        let Rules { unary_tasks: tasks, est, lct, p, sub, reasons, .. } = rules;
        tasks.clear();
        tasks.extend(
            (0..table.est.len()).filter(|&j| table.dur[j] > 0 && table.usage[j] > 0 && 2 * table.usage[j] > capacity),
        );
        est.clear();
        est.extend(tasks.iter().map(|&j| table.est[j]));
        lct.clear();
        lct.extend(tasks.iter().map(|&j| table.lst[j] + table.dur[j]));
        p.clear();
        p.extend(tasks.iter().map(|&j| table.dur[j]));
        let unary = task_reasons::Unary { est, lct, p };
        sub.clear();
        let found = match push {
            Some((i, v)) => tasks.iter().position(|&j| j == i).is_some_and(|k| unary.push(k, v, reasons, sub)),
            None => unary.overload(reasons, sub),
        };
        facts.extend(sub.iter().map(|&f| match f {
            Fact::StartsFrom(k, a) => Fact::StartsFrom(tasks[k], a),
            Fact::EndsBy(k, b) => Fact::EndsBy(tasks[k], b),
        }));
        found
    }

    /// The facts of a failure on the tasks of `b`.
    fn failure_facts(b: &Before, rules: &mut Rules, facts: &mut Vec<Fact>) -> bool {
        rules.others.copy_tasks(&b.table);
        rules.others.build();
        if task_reasons::time_table_load(&rules.others, b.capacity + 1, &mut rules.reasons, facts) {
            return true;
        }
        facts.clear();
        if task_reasons::energy_overload(&rules.others, b.capacity, &mut rules.reasons, facts) {
            return true;
        }
        facts.clear();
        if Cumulative::unary_facts(&b.table, b.capacity, None, rules, facts) {
            return true;
        }
        // A task that fits nowhere on the others' compulsory parts (time-tabling only).
        for i in 0..b.table.est.len() {
            facts.clear();
            let task = (b.table.est[i], b.table.dur[i], b.table.usage[i]);
            rules.others.copy_tasks(&b.table);
            rules.others.usage[i] = 0;
            rules.others.build();
            let end = b.table.lst[i] + 1;
            if task_reasons::time_table_push(&rules.others, i, task, b.capacity, end, &mut rules.reasons, facts) {
                facts.push(Fact::EndsBy(i, b.table.lst[i] + b.table.dur[i]));
                return true;
            }
        }
        false
    }
}

/// The values between 0 and `v` (excluded) that `x` could not take before the change, as
/// reasons: with a constraint that makes `x` non-negative, they explain `x >= v`. Whether
/// there are at most 64 of them to name.
pub(crate) fn absent_below(why: &mut Antecedents<'_>, x: VarId, v: Value) -> bool {
    if i64::from(v) > 64 {
        return false;
    }
    let gone: Vec<Value> = (0..v).filter(|&w| !why.contains(x, w)).collect();
    if gone.len() != v.max(0) as usize {
        return false;
    }
    why.not_equal_all(x, gone);
    true
}

impl Cumulative {
    /// [`Constraint::explain`] for `change` (the change asked, or a bound push that implies it).
    fn explain_as(&self, why: &mut Antecedents<'_>, change: Change) -> bool {
        let n = self.n;
        let local = match change {
            Change::AtLeast(x, _) | Change::AtMost(x, _) | Change::Removed(x) => {
                let mut at = self.scope.iter().enumerate().filter(|(_, &y)| y == x).map(|(l, _)| l);
                match (at.next(), at.next()) {
                    (Some(l), None) => Some(l),
                    _ => return false,
                }
            }
            Change::Failure => None,
        };
        let is_capacity = |l: usize| matches!(self.capacity, Operand::Var(c) if c == l);
        let presence_of = |l: usize| self.presence.iter().position(|&p| p == Operand::Var(l));
        // The pruning of the sizes, the capacity and the presences to their ranges.
        match (change, local) {
            (Change::AtLeast(x, v), Some(l)) if l >= n && presence_of(l).is_none() => {
                if absent_below(why, x, v) {
                    return true;
                }
                if !is_capacity(l) {
                    return false;
                }
            }
            (Change::AtMost(x, v), Some(l)) if v >= 1 && presence_of(l).is_some() => {
                let _ = x;
                return true;
            }
            _ => {}
        }
        if let (Operand::Const(c), Change::Failure) = (self.capacity, change) {
            if c < 0 && n > 0 {
                return true;
            }
        }
        let mut explaining = self.explaining.borrow_mut();
        let Explaining { before: b, mirror, rules, facts, named } = &mut *explaining;
        if self.before(why, b).is_none() {
            return false;
        }
        facts.clear();
        // The task whose own presence is the change (it is not named present).
        let mut absent = None;
        let found = match (change, local) {
            (Change::Failure, _) => {
                if n > 0 && b.capacity < 0 {
                    self.capacity.name_at_most(&self.scope, why, b.capacity);
                    return true;
                }
                Cumulative::failure_facts(b, rules, facts)
            }
            (Change::AtLeast(_, v), Some(i)) if i < n => {
                Cumulative::push_facts(&b.table, b.capacity, i, i64::from(v), rules, facts)
            }
            (Change::AtMost(_, v), Some(i)) if i < n => {
                mirror.mirror_of(&b.table);
                let found =
                    Cumulative::push_facts(mirror, b.capacity, i, -(i64::from(v) + mirror.dur[i]), rules, facts);
                facts.iter_mut().for_each(|f| *f = f.mirrored());
                found
            }
            (Change::AtLeast(_, v), Some(l)) if is_capacity(l) => {
                rules.others.copy_tasks(&b.table);
                rules.others.build();
                task_reasons::time_table_load(&rules.others, i64::from(v), &mut rules.reasons, facts)
            }
            (Change::AtMost(..) | Change::Removed(_), Some(l)) => match presence_of(l) {
                // An optional task that fits nowhere on the present tasks' profile.
                Some(i) if why.max(self.scope[l]) == Some(1) && !b.present[i] => {
                    absent = Some(i);
                    let table = &mut rules.others;
                    table.copy_tasks(&b.table);
                    table.build();
                    let (e, lst, d) = (table.est[i], table.lst[i], table.dur[i]);
                    let task = (e, d, b.usage[i]);
                    let found =
                        task_reasons::time_table_push(table, i, task, b.capacity, lst + 1, &mut rules.reasons, facts);
                    facts.push(Fact::EndsBy(i, lst + d));
                    found
                }
                _ => false,
            },
            _ => false,
        };
        if !found {
            return false;
        }
        named.clear();
        named.resize(n, false);
        if let Some(i) = absent {
            named[i] = true;
            self.durations[i].name_at_least(&self.scope, why, b.table.dur[i]);
            self.usages[i].name_at_least(&self.scope, why, b.usage[i]);
        }
        if let Some(i) = local.filter(|&i| i < n) {
            facts.push(Fact::StartsFrom(i, i64::MIN));
        }
        for &f in facts.iter() {
            let j = f.task();
            match f {
                Fact::StartsFrom(_, a) if a > i64::MIN => why.at_least(self.scope[j], clamp(a)),
                Fact::EndsBy(_, e) => why.at_most(self.scope[j], clamp(e - b.table.dur[j])),
                _ => {}
            }
            if !named[j] {
                named[j] = true;
                self.durations[j].name_at_least(&self.scope, why, b.table.dur[j]);
                self.usages[j].name_at_least(&self.scope, why, b.usage[j]);
                self.presence[j].name_at_least(&self.scope, why, 1);
            }
        }
        self.capacity.name_at_most(&self.scope, why, b.capacity);
        true
    }
}

impl Constraint for Cumulative {
    fn kind(&self) -> &'static str {
        "cumulative"
    }

    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn subscriptions(&self, _local: usize) -> Events {
        Events::BOUNDS
    }

    fn priority(&self) -> Priority {
        Priority::Slow
    }

    fn is_idempotent(&self) -> bool {
        true
    }

    fn on_post(&mut self, _model: &Model) -> Result<(), ModelError> {
        if let Some(message) = self.misuse.clone() {
            return Err(ModelError::InvalidConstraint { kind: "cumulative", message });
        }
        let negative = self.durations.iter().chain(&self.usages).any(|o| matches!(o, Operand::Const(c) if *c < 0));
        if negative {
            return Err(ModelError::InvalidConstraint {
                kind: "cumulative",
                message: "durations and usages must be non-negative".to_string(),
            });
        }
        Ok(())
    }

    fn propagate(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        for k in self.n..self.scope.len() {
            let is_cap = matches!(self.capacity, Operand::Var(l) if l == k);
            if !is_cap || self.n > 0 {
                ctx.remove_below(self.scope[k], 0, Rule::Bounds)?;
            }
        }
        for &p in &self.presence {
            if let Operand::Var(l) = p {
                ctx.remove_above(self.scope[l], 1, Rule::Bounds)?;
            }
        }
        if let Operand::Const(c) = self.capacity {
            if c < 0 && self.n > 0 {
                return Err(self.fail(ctx));
            }
        }
        while self.pass(ctx)? {}
        Ok(())
    }

    fn explain(&self, why: &mut Antecedents<'_>) -> bool {
        let change = why.change();
        self.explain_as(why, change)
            || matches!(change, Change::Removed(x) if task_reasons::bound_pushes(why, x).into_iter().flatten().any(|c| self.explain_as(why, c)))
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        let n = self.n;
        let cap = self.capacity.value(values);
        if n > 0 && cap < 0 {
            return false;
        }
        let present = |i: usize| self.presence[i].value(values) == 1;
        if (0..n).any(|i| !matches!(self.presence[i].value(values), 0 | 1)) {
            return false;
        }
        // Durations and usages are non-negative, present or not (as propagation prunes them).
        if (0..n).any(|i| self.durations[i].value(values) < 0 || self.usages[i].value(values) < 0) {
            return false;
        }
        let d = |i: usize| if present(i) { self.durations[i].value(values) } else { 0 };
        let r = |i: usize| if present(i) { self.usages[i].value(values) } else { 0 };
        // The load only rises at starts: checking them is enough.
        (0..n).filter(|&i| d(i) > 0 && r(i) > 0).all(|j| {
            let t = i64::from(values[j]);
            let load: i64 = (0..n)
                .filter(|&i| {
                    let s = i64::from(values[i]);
                    s <= t && t < s + d(i)
                })
                .map(r)
                .sum();
            load <= cap
        })
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::search::Solver;
    use crate::testing::{brute_force, model_with, propagated, small_domain, small_domains, solve_all};

    /// The definition, as MiniZinc's time decomposition states it.
    fn holds(starts: &[Value], d: &[Value], r: &[Value], cap: Value) -> bool {
        if starts.is_empty() {
            return true;
        }
        if cap < 0 {
            return false;
        }
        let lo = starts.iter().min().copied().unwrap_or(0);
        let hi = starts.iter().zip(d).map(|(&s, &d)| s + d).max().unwrap_or(0);
        (lo..=hi).all(|t| {
            let load: i32 = (0..starts.len()).filter(|&i| starts[i] <= t && t < starts[i] + d[i]).map(|i| r[i]).sum();
            load <= cap
        })
    }

    #[test]
    fn bounds_reasoning_leaves_holes_inside_the_domain() {
        // Task 0 is fixed at 2..5 with usage 2 on a capacity-2 resource; task 1 (duration 2,
        // usage 1) fits at 0 and at 5..: both bounds fit, so nothing is removed (starts 1..=4
        // are left to search: time-tabling moves bounds only).
        let (mut model, s) = model_with(&[vec![2], (0..=6).collect()]);
        model.post(Cumulative::new(s.clone(), vec![3, 2], vec![2, 1], 2)).unwrap();
        let d = propagated(model, &s).unwrap();
        assert_eq!(d[1], (0..=6).collect::<Vec<_>>());
    }

    #[test]
    fn lower_bound_moves_when_the_earliest_start_does_not_fit() {
        // Task 0 fixed at 0..3 (usage 2, capacity 2): task 1 (duration 2) starts at 3 or later.
        let (mut model, s) = model_with(&[vec![0], (0..=6).collect()]);
        model.post(Cumulative::new(s.clone(), vec![3, 2], vec![2, 1], 2)).unwrap();
        let d = propagated(model, &s).unwrap();
        assert_eq!(d[1], vec![3, 4, 5, 6]);
    }

    #[test]
    fn upper_bound_moves_when_the_latest_start_does_not_fit() {
        // Task 0 fixed at 5..8: task 1 (duration 2) ends by 5, so starts by 3.
        let (mut model, s) = model_with(&[vec![5], (0..=6).collect()]);
        model.post(Cumulative::new(s.clone(), vec![3, 2], vec![2, 1], 2)).unwrap();
        let d = propagated(model, &s).unwrap();
        assert_eq!(d[1], vec![0, 1, 2, 3]);
    }

    #[test]
    fn pushes_cascade_through_new_compulsory_parts() {
        // A (d=4, s in 0..=1) has compulsory part 1..4; B (d=3, s in 0..=4) is pushed to 4
        // (fixed, compulsory 4..7); C (d=2, s in 1..=7) must avoid 1..7: C = 7; and A, which
        // must end by B's start 4, starts at 0.
        let (mut model, s) = model_with(&[vec![0, 1], (0..=4).collect(), (1..=7).collect()]);
        model.post(Cumulative::new(s.clone(), vec![4, 3, 2], vec![1, 1, 1], 1)).unwrap();
        let d = propagated(model, &s).unwrap();
        assert_eq!(d, vec![vec![0], vec![4], vec![7]]);
    }

    #[test]
    fn time_table_edge_finding_pushes_a_task_out_of_a_full_window() {
        // Capacity 2. A, B, C (usage 1, duration 2, start in 0..=2) have no compulsory part but
        // spend 6 of the 8 units of [0, 4). D (usage 2, duration 2) at 0 would add 4 > 2 units
        // there: it may put at most 2 units (one time unit) inside, so D >= 3.
        let domains = [(0..=2).collect(), (0..=2).collect(), (0..=2).collect(), (0..=6).collect::<Vec<_>>()];
        let (mut model, s) = model_with(&domains);
        model.post(Cumulative::new(s.clone(), vec![2, 2, 2, 2], vec![1, 1, 1, 2], 2)).unwrap();
        let d = propagated(model, &s).unwrap();
        assert_eq!(d[3], (3..=6).collect::<Vec<_>>());
        assert_eq!(d[0], vec![0, 1, 2]);
    }

    #[test]
    fn time_table_edge_finding_detects_an_overloaded_window() {
        // Capacity 1, four tasks of duration 1 with starts in 0..=2: 4 units in [0, 3).
        let (mut model, s) = model_with(&vec![(0..=2).collect(); 4]);
        model.post(Cumulative::new(s, vec![1; 4], vec![1; 4], 1)).unwrap();
        Solver::new(model).propagate().expect_err("4 units of work in 3");
    }

    #[test]
    fn tasks_over_half_the_capacity_get_edge_finding() {
        // Usages 2 on capacity 3: a unary resource. A, B (d=2) in 0..=2 fill 0..4 (no
        // compulsory part, so time-tabling sees nothing); C (d=1) cannot go before or between
        // them: C >= 4 (edge-finding).
        let (mut model, s) = model_with(&[(0..=2).collect(), (0..=2).collect(), (0..=6).collect()]);
        model.post(Cumulative::new(s.clone(), vec![2, 2, 1], vec![2, 2, 2], 3)).unwrap();
        assert_eq!(propagated(model, &s).unwrap()[2], vec![4, 5, 6]);
        // With capacity 4 the tasks may pair up: nothing moves.
        let (mut model, s) = model_with(&[(0..=2).collect(), (0..=2).collect(), (0..=6).collect()]);
        model.post(Cumulative::new(s.clone(), vec![2, 2, 1], vec![2, 2, 2], 4)).unwrap();
        assert_eq!(propagated(model, &s).unwrap()[2], (0..=6).collect::<Vec<_>>());
    }

    #[test]
    fn edge_finding_counts_the_profile_from_a_window_s_first_instant() {
        // Capacity 2. A (fixed at 0, d=4) puts 1 unit on 0..4 from instant 0; B (d=2, in
        // 0..=2) lies inside 0..4; C (d=4) is not pushed by the profile (1 + 1 fits). In the
        // window 0..4: 4 (A) + 2 (B) of 8, slack 2, so C adds at most 2 there: C >= 2.
        let (mut model, s) = model_with(&[vec![0], (0..=2).collect(), (0..=10).collect()]);
        model.post(Cumulative::new(s.clone(), vec![4, 2, 4], vec![1, 1, 1], 2)).unwrap();
        let d = propagated(model, &s).unwrap();
        assert_eq!(d[2], (2..=10).collect::<Vec<_>>());
        assert_eq!(d[1], vec![0, 1, 2]);
    }

    #[test]
    fn zero_duration_and_zero_usage_tasks_never_conflict() {
        let (mut model, s) = model_with(&[vec![1], vec![1], vec![1]]);
        model.post(Cumulative::new(s.clone(), vec![3, 0, 3], vec![1, 5, 0], 1)).unwrap();
        assert_eq!(propagated(model, &s), Some(vec![vec![1], vec![1], vec![1]]));
    }

    #[test]
    fn overloaded_profile_fails() {
        let (mut model, _) = model_with(&[vec![0, 1], vec![0, 1]]);
        let s: Vec<VarId> = (0..2).map(VarId::from_index).collect();
        model.post(Cumulative::new(s, vec![3, 3], vec![2, 2], 3)).unwrap();
        let c = Solver::new(model).propagate().expect_err("both cover 1..3 with 4 units > 3");
        assert_eq!(c.var, None);
    }

    #[test]
    fn variable_capacity_rises_to_the_profile_peak() {
        let mut model = Model::new();
        let s = model.new_vars(2, 0..=1).unwrap();
        let d = model.new_vars(2, 3..=3).unwrap();
        let r = model.new_vars(2, 2..=2).unwrap();
        let b = model.new_var(0..=9).unwrap();
        model.post(Cumulative::with_vars(s, d, r, b)).unwrap();
        assert_eq!(propagated(model, &[b]).unwrap(), vec![(4..=9).collect::<Vec<_>>()]);
    }

    #[test]
    fn an_optional_task_that_fits_nowhere_is_absent() {
        // Task 0 fixed at 0..4 with usage 2 (capacity 2); optional task 1 (duration 2) must
        // start in 1..=2, inside task 0: it is absent, and its start stays free.
        let (mut model, v) = model_with(&[vec![0], vec![1, 2], vec![1], vec![0, 1]]);
        model.post(Cumulative::new(v[..2].to_vec(), vec![4, 2], vec![2, 1], 2).with_optional(v[2..].to_vec())).unwrap();
        assert_eq!(propagated(model, &v).unwrap(), vec![vec![0], vec![1, 2], vec![1], vec![0]]);
    }

    #[test]
    fn a_capacity_that_is_also_a_usage_is_read_again_once_raised() {
        // Capacity x2 is task 1's usage: at time 1 task 1 (usage x2) and task 2 (usage 1)
        // load x2 + 1, more than the capacity x2 whatever it is; each raise of x2 to the
        // profile's peak must be read again until the domain runs out.
        let (mut model, x) = model_with(&[vec![3], vec![1], (1..=5).collect(), vec![1]]);
        model
            .post(Cumulative::with_vars(vec![x[0], x[1], x[3]], vec![x[0], x[1], x[0]], vec![x[0], x[2], x[3]], x[2]))
            .unwrap();
        assert_eq!(propagated(model, &x), None);
    }

    #[test]
    fn negative_constant_duration_is_refused() {
        let mut model = Model::new();
        let s = model.new_vars(1, 0..=1).unwrap();
        assert!(model.post(Cumulative::new(s, vec![-1], vec![1], 1)).is_err());
    }

    proptest! {
        #[test]
        fn solutions_equal_brute_force(
            domains in small_domains(4, 0, 5),
            d in proptest::collection::vec(0i32..=3, 4),
            r in proptest::collection::vec(0i32..=3, 4),
            cap in 0i32..=4,
        ) {
            let n = domains.len();
            let (d, r) = (&d[..n], &r[..n]);
            let expected = brute_force(&domains, |s| holds(s, d, r, cap));
            let (mut model, v) = model_with(&domains);
            model.post(Cumulative::new(v.clone(), d.to_vec(), r.to_vec(), cap)).unwrap();
            prop_assert_eq!(solve_all(model, &v), expected);
        }

        #[test]
        fn propagation_keeps_every_supported_value(
            domains in small_domains(5, 0, 6),
            d in proptest::collection::vec(1i32..=3, 5),
            r in proptest::collection::vec(1i32..=3, 5),
            cap in 2i32..=4,
        ) {
            let n = domains.len();
            let (d, r) = (&d[..n], &r[..n]);
            let expected = brute_force(&domains, |s| holds(s, d, r, cap));
            let (mut model, v) = model_with(&domains);
            model.post(Cumulative::new(v.clone(), d.to_vec(), r.to_vec(), cap)).unwrap();
            match propagated(model, &v) {
                None => prop_assert!(expected.is_empty()),
                Some(left) => {
                    for s in &expected {
                        for (p, val) in s.iter().enumerate() {
                            prop_assert!(left[p].contains(val), "{} removed from task {} in solution {:?}", val, p, s);
                        }
                    }
                }
            }
        }

        #[test]
        fn optional_tasks_equal_brute_force(
            domains in small_domains(4, 0, 4),
            presence in proptest::collection::vec(small_domain(0, 1), 4),
            d in proptest::collection::vec(0i32..=3, 4),
            r in proptest::collection::vec(0i32..=3, 4),
            cap in 0i32..=3,
        ) {
            let n = domains.len();
            let (d, r) = (&d[..n], &r[..n]);
            let mut all = domains.clone();
            all.extend(presence[..n].iter().cloned());
            let expected = brute_force(&all, |v| {
                let dd: Vec<Value> = (0..n).map(|i| d[i] * v[n + i]).collect();
                holds(&v[..n], &dd, r, cap)
            });
            let (mut model, v) = model_with(&all);
            let c = Cumulative::new(v[..n].to_vec(), d.to_vec(), r.to_vec(), cap).with_optional(v[n..].to_vec());
            model.post(c).unwrap();
            prop_assert_eq!(solve_all(model, &v), expected);
        }

        #[test]
        fn variable_durations_usages_and_capacity_equal_brute_force(
            domains in small_domains(2, 0, 4),
            extra in proptest::collection::vec(small_domains(1, 0, 3), 5),
        ) {
            let n = domains.len();
            let mut all = domains.clone();
            for e in extra.iter().take(2 * n + 1) {
                all.push(e[0].clone());
            }
            let expected = brute_force(&all, |v| holds(&v[..n], &v[n..2 * n], &v[2 * n..3 * n], v[3 * n]));
            let (mut model, v) = model_with(&all);
            model
                .post(Cumulative::with_vars(v[..n].to_vec(), v[n..2 * n].to_vec(), v[2 * n..3 * n].to_vec(), v[3 * n]))
                .unwrap();
            prop_assert_eq!(solve_all(model, &v), expected);
        }
    }
}

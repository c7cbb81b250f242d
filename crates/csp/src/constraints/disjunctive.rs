//! `Disjunctive`: tasks on a unary resource (no two overlap), by overload checking, detectable
//! precedences, not-first/not-last and edge-finding on a Θ-Λ-tree.

use std::cell::RefCell;

use crate::constraint::{Constraint, Events, Priority, Rule};
use crate::constraints::linear::tighten;
use crate::constraints::task_reasons::{self, Bound, Fact};
use crate::constraints::theta_tree::ThetaLambdaTree;
use crate::context::Context;
use crate::error::{Conflict, ModelError};
use crate::id::{Value, VarId};
use crate::learning::explain::{Antecedents, Change};
use crate::model::Model;

/// Tasks that never overlap in time (a *unary* resource, *no-overlap*): task `i` starts at
/// `s_i` and runs for the constant duration `d_i >= 0`, and for every two tasks
/// `s_i + d_i <= s_j` or `s_j + d_j <= s_i`.
///
/// Zero-duration tasks follow MiniZinc: with [`Disjunctive::new`] (MiniZinc's `disjunctive`)
/// they may be placed anywhere, even inside another task; with [`Disjunctive::strict`]
/// (`disjunctive_strict`) they may not be strictly inside another task.
///
/// Unlike [`Cumulative`](crate::constraints::Cumulative) with capacity 1, which reasons on compulsory parts
/// only, `Disjunctive` reasons on the order of sets of tasks.
///
/// # Propagation
///
/// On the tasks of positive duration, with `est`/`lct` the earliest start and latest completion
/// (from the start bounds), `ECT(Ω)` the earliest completion of a set `Ω` (Vilím's Θ-tree), each
/// rule in both time directions, repeated until no bound moves (so one call is idempotent):
///
/// * *overload checking*: a conflict if some `Ω` has `ECT(Ω) > lct(Ω)`;
/// * *detectable precedences*: if `est_i + d_i > lct_j - d_j`, `j` precedes `i`, so `i`
///   starts after `ECT` of all the tasks it detectably follows;
/// * *not-first/not-last*: if `ECT(Ω) > lct_i - d_i` for `Ω = {j ≠ i : lct_j - d_j < lct_i}`,
///   `i` is not last among them and ends by `max(lct_j - d_j)`;
/// * *edge-finding*: if `ECT(Θ ∪ {i}) > lct(Θ)`, `i` comes after all of `Θ` and starts at
///   `ECT(Θ)` or later (the Θ-Λ-tree finds the `i` responsible).
///
/// In the strict version each zero-duration task is related to each other task by bounds (it
/// cannot start before another's latest start and end before its earliest completion). Bounds
/// move with [`Rule::Bounds`], failures with [`Rule::Other`]; when explanations are on, the
/// premises are the other start variables. In a learning search each change is explained on
/// request by the rule that makes it, found again on the bounds before the change, with its
/// set's bounds (`docs/learning.md`).
///
/// # Complexity
///
/// `O(n log n)` per pass for `n` tasks of positive duration (plus `O(z·n)` for `z`
/// zero-duration tasks of the strict version); passes repeat only when a bound moved.
///
/// # Example
///
/// ```
/// use csp::Model;
/// use csp::constraints::Disjunctive;
///
/// // A runs 3 from 0 or 1, so it covers time 1..3; B (duration 2) cannot fit before it.
/// let mut model = Model::new();
/// let a = model.new_var(0..=1)?;
/// let b = model.new_var(0..=6)?;
/// model.post(Disjunctive::strict(vec![a, b], vec![3, 2]))?;
/// let mut solver = model.into_solver();
/// solver.propagate()?;
/// // A precedes B (a detectable precedence): B starts at 3 or later.
/// assert_eq!(solver.domain(b).min(), Some(3));
/// assert_eq!(solver.count_solutions(u64::MAX).count, 7);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Bibliography
///
/// * P. Vilím, "O(n log n) filtering algorithms for unary resource constraint", CPAIOR 2004
///   (Θ-tree, detectable precedences, not-first/not-last; Θ-Λ-tree edge-finding).
/// * P. Vilím, "Global constraints in scheduling", PhD thesis, Charles University, 2007.
/// * J. Carlier and E. Pinson, "An algorithm for solving the job-shop problem", Management
///   Science 35(2), 1989 (edge-finding).
/// * P. Baptiste, C. Le Pape and W. Nuijten, "Constraint-based scheduling", Kluwer, 2001.
#[derive(Clone, Debug)]
pub struct Disjunctive {
    /// An argument error found by the constructor (vectors of different lengths), reported by
    /// [`Model::post`](crate::model::Model::post) as a [`ModelError`].
    misuse: Option<String>,
    starts: Vec<VarId>,
    durations: Vec<i64>,
    strict: bool,
    /// The tasks of positive duration (indices into `starts`).
    positive: Vec<usize>,
    /// The same tasks as (start, duration).
    tasks: Vec<(VarId, i64)>,
    /// The zero-duration tasks (strict version only; empty otherwise).
    zero: Vec<usize>,
    work: Work,
    /// The explanations' buffers (see [`Explaining`]).
    explaining: RefCell<Explaining>,
}

/// What [`Disjunctive::explain`] works in, kept in the constraint so that explaining
/// allocates nothing once its buffers have grown to the number of tasks.
#[derive(Clone, Debug, Default)]
struct Explaining {
    /// The start bounds before the change.
    bounds: Vec<(i64, i64)>,
    /// The tasks of positive duration in the rule's time direction.
    est: Vec<i64>,
    lct: Vec<i64>,
    p: Vec<i64>,
    /// The rule's facts on those tasks, then on the starts.
    facts: Vec<Fact>,
    named: Vec<Bound>,
    reasons: task_reasons::Scratch,
}

/// Scratch for one direction of the filtering, over the `m` tasks of positive duration
/// (indexed `0..m`).
#[derive(Clone, Debug, Default)]
pub(crate) struct Work {
    est: Vec<i64>,
    lct: Vec<i64>,
    p: Vec<i64>,
    new_est: Vec<i64>,
    new_lct: Vec<i64>,
    /// Leaf of each task in the tree (rank by est).
    pos: Vec<usize>,
    in_theta: Vec<bool>,
    by_est: Vec<usize>,
    by_lct: Vec<usize>,
    by_lst: Vec<usize>,
    by_ect: Vec<usize>,
    tree: ThetaLambdaTree,
}

impl Work {
    /// The four rules over `tasks` (start variable, duration > 0) in one direction (`mirror`:
    /// time reversed), applied to the start bounds; returns whether a bound moved. An overload
    /// fails with [`Rule::Other`] (the caller sets the premises).
    pub(crate) fn run(
        &mut self,
        ctx: &mut Context<'_>,
        tasks: &[(VarId, i64)],
        mirror: bool,
    ) -> Result<bool, Conflict> {
        self.resize(tasks.len());
        for (k, &(s, d)) in tasks.iter().enumerate() {
            let (lo, hi) = (i64::from(ctx.min(s)), i64::from(ctx.max(s)));
            self.p[k] = d;
            if mirror {
                self.est[k] = -(hi + d);
                self.lct[k] = -lo;
            } else {
                self.est[k] = lo;
                self.lct[k] = hi + d;
            }
        }
        if self.filter().is_err() {
            return Err(ctx.fail(Rule::Other));
        }
        let mut moved = false;
        for (k, &(s, d)) in tasks.iter().enumerate() {
            let (lo, hi) =
                if mirror { (-self.new_lct[k], -self.new_est[k] - d) } else { (self.new_est[k], self.new_lct[k] - d) };
            let (cur_lo, cur_hi) =
                if mirror { (-self.lct[k], -self.est[k] - d) } else { (self.est[k], self.lct[k] - d) };
            if lo > cur_lo || hi < cur_hi {
                moved = true;
                tighten(ctx, s, lo, hi)?;
            }
        }
        Ok(moved)
    }

    fn resize(&mut self, m: usize) {
        for v in [&mut self.est, &mut self.lct, &mut self.p, &mut self.new_est, &mut self.new_lct] {
            v.clear();
            v.resize(m, 0);
        }
        self.in_theta.clear();
        self.in_theta.resize(m, false);
        for v in [&mut self.pos, &mut self.by_est, &mut self.by_lct, &mut self.by_lst, &mut self.by_ect] {
            v.clear();
            v.extend(0..m);
        }
    }

    /// All four rules in one direction: `new_est`/`new_lct` receive the bounds they imply.
    /// `Err(())` on an overload.
    fn filter(&mut self) -> Result<(), ()> {
        let m = self.est.len();
        let Work { est, lct, p, new_est, new_lct, pos, in_theta, by_est, by_lct, by_lst, by_ect, tree } = self;
        new_est.copy_from_slice(est);
        new_lct.copy_from_slice(lct);
        by_est.sort_unstable_by_key(|&i| est[i]);
        for (k, &i) in by_est.iter().enumerate() {
            pos[i] = k;
        }
        by_lct.sort_unstable_by_key(|&i| lct[i]);
        by_lst.sort_unstable_by_key(|&i| lct[i] - p[i]);
        by_ect.sort_unstable_by_key(|&i| est[i] + p[i]);

        // Overload checking.
        tree.reset(m);
        for &j in by_lct.iter() {
            tree.insert_white(pos[j], est[j], p[j]);
            if tree.ect() > lct[j] {
                return Err(());
            }
        }

        // Detectable precedences.
        tree.reset(m);
        in_theta.iter_mut().for_each(|b| *b = false);
        let mut q = 0;
        for &i in by_ect.iter() {
            while q < m && est[i] + p[i] > lct[by_lst[q]] - p[by_lst[q]] {
                let j = by_lst[q];
                tree.insert_white(pos[j], est[j], p[j]);
                in_theta[j] = true;
                q += 1;
            }
            let e = if in_theta[i] {
                tree.remove_white(pos[i]);
                let e = tree.ect();
                tree.insert_white(pos[i], est[i], p[i]);
                e
            } else {
                tree.ect()
            };
            new_est[i] = new_est[i].max(e);
        }

        // Not-last.
        tree.reset(m);
        in_theta.iter_mut().for_each(|b| *b = false);
        let mut q = 0;
        let (mut last, mut before_last) = (usize::MAX, usize::MAX);
        for &i in by_lct.iter() {
            while q < m && lct[i] > lct[by_lst[q]] - p[by_lst[q]] {
                let j = by_lst[q];
                tree.insert_white(pos[j], est[j], p[j]);
                in_theta[j] = true;
                before_last = last;
                last = j;
                q += 1;
            }
            let e = if in_theta[i] {
                tree.remove_white(pos[i]);
                let e = tree.ect();
                tree.insert_white(pos[i], est[i], p[i]);
                e
            } else {
                tree.ect()
            };
            if e > lct[i] - p[i] {
                // The largest latest start among Θ \ {i}.
                let j = if last == i { before_last } else { last };
                if j != usize::MAX {
                    new_lct[i] = new_lct[i].min(lct[j] - p[j]);
                }
            }
        }

        // Edge-finding.
        tree.reset(m);
        tree.fill((0..m).map(|i| (pos[i], est[i], p[i])));
        for k in (1..m).rev() {
            let j = by_lct[k];
            tree.gray(pos[j], j, est[j], p[j]);
            let next = lct[by_lct[k - 1]];
            if tree.ect() > next {
                return Err(());
            }
            while tree.ect_bar() > next {
                let Some(i) = tree.responsible() else { break };
                new_est[i] = new_est[i].max(tree.ect());
                tree.remove(pos[i]);
            }
        }
        Ok(())
    }
}

impl Disjunctive {
    /// MiniZinc's `disjunctive`: tasks of positive duration do not overlap; zero-duration tasks
    /// are free.
    ///
    /// Vectors of different lengths are a [`ModelError::InvalidConstraint`] when posted.
    pub fn new(starts: Vec<VarId>, durations: Vec<Value>) -> Disjunctive {
        Disjunctive::build(starts, durations, false)
    }

    /// MiniZinc's `disjunctive_strict`: `s_i + d_i <= s_j` or `s_j + d_j <= s_i` for every two
    /// tasks, zero-duration tasks included (they may touch, not cut, another task).
    ///
    /// Vectors of different lengths are a [`ModelError::InvalidConstraint`] when posted.
    pub fn strict(starts: Vec<VarId>, durations: Vec<Value>) -> Disjunctive {
        Disjunctive::build(starts, durations, true)
    }

    fn build(starts: Vec<VarId>, durations: Vec<Value>, strict: bool) -> Disjunctive {
        let misuse = (starts.len() != durations.len())
            .then(|| format!("{} starts and {} durations (one per task)", starts.len(), durations.len()));
        if misuse.is_some() {
            // Never posted (on_post reports the misuse): no task to build.
            return Disjunctive {
                misuse,
                starts,
                durations: Vec::new(),
                strict,
                positive: Vec::new(),
                tasks: Vec::new(),
                zero: Vec::new(),
                work: Work::default(),
                explaining: RefCell::default(),
            };
        }
        let durations: Vec<i64> = durations.into_iter().map(i64::from).collect();
        let positive: Vec<usize> = (0..starts.len()).filter(|&i| durations[i] > 0).collect();
        let zero = if strict { (0..starts.len()).filter(|&i| durations[i] == 0).collect() } else { Vec::new() };
        let tasks = positive.iter().map(|&i: &usize| (starts[i], durations[i])).collect();
        let (work, explaining) = (Work::default(), RefCell::default());
        Disjunctive { misuse, starts, durations, strict, positive, tasks, zero, work, explaining }
    }

    /// Whether zero-duration tasks count ([`Disjunctive::strict`]).
    pub fn is_strict(&self) -> bool {
        self.strict
    }

    /// One direction (`mirror`: time reversed); returns whether a bound moved.
    fn direction(&mut self, ctx: &mut Context<'_>, mirror: bool) -> Result<bool, Conflict> {
        self.work.run(ctx, &self.tasks, mirror)
    }

    /// Zero-duration tasks of the strict version against every task of positive duration.
    fn zero_tasks(&mut self, ctx: &mut Context<'_>) -> Result<bool, Conflict> {
        let mut moved = false;
        for &z in &self.zero {
            for &j in &self.positive {
                let (sz, sj, d) = (self.starts[z], self.starts[j], self.durations[j]);
                let (z_lo, z_hi) = (i64::from(ctx.min(sz)), i64::from(ctx.max(sz)));
                let (j_lo, j_hi) = (i64::from(ctx.min(sj)), i64::from(ctx.max(sj)));
                let can_before = z_lo <= j_hi;
                let can_after = z_hi >= j_lo + d;
                if !can_before && !can_after {
                    return Err(ctx.fail(Rule::Other));
                }
                if !can_before {
                    // z after j: s_z >= s_j + d.
                    moved |= tighten(ctx, sz, j_lo + d, i64::MAX)?;
                    moved |= tighten(ctx, sj, i64::MIN, z_hi - d)?;
                } else if !can_after {
                    // z before j: s_z <= s_j.
                    moved |= tighten(ctx, sz, i64::MIN, j_hi)?;
                    moved |= tighten(ctx, sj, z_lo, i64::MAX)?;
                }
            }
        }
        Ok(moved)
    }
}

impl Disjunctive {
    /// The facts of a change (or failure) by the unary rules on the tasks of positive
    /// duration, with `x.bounds` the start bounds before it, into `x.named`.
    fn unary_reason(&self, x: &mut Explaining, change: Change, local: Option<usize>) -> bool {
        let Explaining { bounds, est, lct, p, facts, named, reasons } = x;
        p.clear();
        p.extend(self.positive.iter().map(|&i| self.durations[i]));
        let k = local.and_then(|l| self.positive.iter().position(|&i| i == l));
        let mirror = matches!(change, Change::AtMost(..));
        est.clear();
        lct.clear();
        for (&i, &d) in self.positive.iter().zip(p.iter()) {
            let (lo, hi) = bounds[i];
            let (e, l) = if mirror { (-(hi + d), -lo) } else { (lo, hi + d) };
            est.push(e);
            lct.push(l);
        }
        let unary = task_reasons::Unary { est, lct, p };
        facts.clear();
        let found = match (change, k) {
            (Change::Failure, _) => unary.overload(reasons, facts),
            (Change::AtLeast(_, v), Some(k)) => unary.push(k, i64::from(v), reasons, facts),
            (Change::AtMost(_, v), Some(k)) => unary.push(k, -(i64::from(v) + p[k]), reasons, facts),
            _ => false,
        };
        if found {
            named.extend(facts.iter().map(|&f| {
                let f = if mirror { f.mirrored() } else { f };
                match f {
                    Fact::StartsFrom(k, a) => Bound::Ge(self.positive[k], a),
                    Fact::EndsBy(k, b) => Bound::Le(self.positive[k], b - p[k]),
                }
            }));
        }
        found
    }

    /// The facts of a change (or failure) by a zero-duration task of the strict version
    /// against a task of positive duration, with `bounds` the start bounds before it.
    fn zero_reason(&self, bounds: &[(i64, i64)], change: Change, local: Option<usize>, out: &mut Vec<Bound>) -> bool {
        for &z in &self.zero {
            for &j in &self.positive {
                let d = self.durations[j];
                let ((z_lo, z_hi), (j_lo, j_hi)) = (bounds[z], bounds[j]);
                // Not before: s_z > s_j; not after: s_z < s_j + d.
                let not_before = [Bound::Ge(z, z_lo), Bound::Le(j, z_lo - 1)];
                let not_after = [Bound::Le(z, z_hi), Bound::Ge(j, z_hi - d + 1)];
                let (nb, na) = (z_lo > j_hi, z_hi < j_lo + d);
                let facts: Option<[Bound; 3]> = match (change, local) {
                    (Change::Failure, _) if nb && na => {
                        out.extend(not_before.into_iter().chain(not_after));
                        return true;
                    }
                    (Change::AtLeast(_, v), Some(l)) if l == z && nb && j_lo + d >= i64::from(v) => {
                        Some([not_before[0], not_before[1], Bound::Ge(j, i64::from(v) - d)])
                    }
                    (Change::AtMost(_, v), Some(l)) if l == z && na && j_hi <= i64::from(v) => {
                        Some([not_after[0], not_after[1], Bound::Le(j, i64::from(v))])
                    }
                    (Change::AtLeast(_, v), Some(l)) if l == j && na && z_lo >= i64::from(v) => {
                        Some([not_after[0], not_after[1], Bound::Ge(z, i64::from(v))])
                    }
                    (Change::AtMost(_, v), Some(l)) if l == j && nb && z_hi - d <= i64::from(v) => {
                        Some([not_before[0], not_before[1], Bound::Le(z, i64::from(v) + d)])
                    }
                    _ => None,
                };
                if let Some(f) = facts {
                    out.extend(f);
                    return true;
                }
            }
        }
        false
    }
}

impl Disjunctive {
    /// [`Constraint::explain`] for `change` (the change asked, or a bound push that implies it).
    fn explain_as(&self, why: &mut Antecedents<'_>, change: Change) -> bool {
        let local = match change {
            Change::AtLeast(x, _) | Change::AtMost(x, _) => {
                let mut at = self.starts.iter().enumerate().filter(|(_, &y)| y == x).map(|(l, _)| l);
                match (at.next(), at.next()) {
                    (Some(l), None) => Some(l),
                    _ => return false,
                }
            }
            Change::Removed(_) => return false,
            Change::Failure => None,
        };
        let mut explaining = self.explaining.borrow_mut();
        let x = &mut *explaining;
        x.bounds.clear();
        for &s in &self.starts {
            let Some((lo, hi)) = why.bounds(s) else { return false };
            x.bounds.push((i64::from(lo), i64::from(hi)));
        }
        x.named.clear();
        let found = (local.is_none_or(|l| self.durations[l] > 0) && self.unary_reason(x, change, local))
            || self.zero_reason(&x.bounds, change, local, &mut x.named);
        if !found {
            return false;
        }
        for &f in &x.named {
            f.name(&self.starts, why);
        }
        true
    }
}

impl Constraint for Disjunctive {
    fn kind(&self) -> &'static str {
        if self.strict {
            "disjunctive_strict"
        } else {
            "disjunctive"
        }
    }

    fn scope(&self) -> &[VarId] {
        &self.starts
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
            return Err(ModelError::InvalidConstraint { kind: self.kind(), message });
        }
        if self.durations.iter().any(|&d| d < 0) {
            return Err(ModelError::InvalidConstraint {
                kind: self.kind(),
                message: "durations must be non-negative".to_string(),
            });
        }
        Ok(())
    }

    fn propagate(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        if ctx.is_explaining() {
            ctx.set_premises(&self.starts);
        }
        let r = (|| loop {
            let mut moved = self.direction(ctx, false)?;
            moved |= self.direction(ctx, true)?;
            moved |= self.zero_tasks(ctx)?;
            if !moved {
                return Ok(());
            }
        })();
        if ctx.is_explaining() {
            ctx.clear_premises();
        }
        r
    }

    fn explain(&self, why: &mut Antecedents<'_>) -> bool {
        let change = why.change();
        self.explain_as(why, change)
            || matches!(change, Change::Removed(x) if task_reasons::bound_pushes(why, x).into_iter().flatten().any(|c| self.explain_as(why, c)))
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        let n = self.starts.len();
        (0..n).all(|i| {
            (i + 1..n).all(|j| {
                let (di, dj) = (self.durations[i], self.durations[j]);
                if !self.strict && (di == 0 || dj == 0) {
                    return true;
                }
                let (si, sj) = (i64::from(values[i]), i64::from(values[j]));
                si + di <= sj || sj + dj <= si
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::search::Solver;
    use crate::testing::{brute_force, model_with, propagated, small_domains, solve_all};

    fn holds(s: &[Value], d: &[Value], strict: bool) -> bool {
        (0..s.len()).all(|i| {
            (i + 1..s.len())
                .all(|j| (!strict && (d[i] == 0 || d[j] == 0)) || s[i] + d[i] <= s[j] || s[j] + d[j] <= s[i])
        })
    }

    fn run(domains: &[Vec<Value>], d: &[Value]) -> Option<Vec<Vec<Value>>> {
        let (mut model, s) = model_with(domains);
        model.post(Disjunctive::strict(s.clone(), d.to_vec())).unwrap();
        propagated(model, &s)
    }

    #[test]
    fn overload_fails() {
        // Durations 2 + 2 + 2 = 6 inside 0..5.
        let domains = vec![(0..=3).collect(); 3];
        let (mut model, s) = model_with(&domains);
        model.post(Disjunctive::strict(s, vec![2, 2, 2])).unwrap();
        let c = Solver::new(model).propagate().expect_err("6 units of work in 5");
        assert_eq!(c.var, None);
    }

    #[test]
    fn edge_finding_puts_a_task_after_a_set() {
        // A, B in 0..=2 with duration 2 (both inside 0..4, full); C (duration 1) in 0..=6
        // cannot go before or between them: C >= 4. (Detectable precedences do not see it:
        // est_C + 1 = 1 is not beyond A's latest start 2.)
        let d = run(&[(0..=2).collect(), (0..=2).collect(), (0..=6).collect()], &[2, 2, 1]).unwrap();
        assert_eq!(d[2], vec![4, 5, 6]);
        // Bounds reasoning: A = 1 has no support but stays.
        assert_eq!(d[0], vec![0, 1, 2]);
    }

    #[test]
    fn detectable_precedence_pushes_the_start() {
        // A in 0..=1 (duration 3): B (duration 2, starts in 2..=9) has est_B + 2 = 4 > lst_A = 1,
        // so A precedes B and B >= ect_A = 3.
        let d = run(&[vec![0, 1], (2..=9).collect()], &[3, 2]).unwrap();
        assert_eq!(d[1], (3..=9).collect::<Vec<_>>());
    }

    #[test]
    fn not_last_and_edge_finding_put_a_task_first() {
        // A, B (d=3) in 2..=4 need 6 units inside 2..7: overload.
        assert_eq!(run(&[(2..=4).collect(), (2..=4).collect(), (0..=5).collect()], &[3, 3, 2]), None);
        // A, B (d=3) in 2..=5 fill 2..8; C (d=2) in 0..=5 is not last (ECT(A, B) = 8 > its
        // latest start 5), and edge-finding in reverse time puts it before both: C = 0.
        let d = run(&[(2..=5).collect(), (2..=5).collect(), (0..=5).collect()], &[3, 3, 2]).unwrap();
        assert_eq!(d[2], vec![0]);
        assert_eq!(d[0], vec![2, 3, 4, 5]);
    }

    #[test]
    fn zero_duration_tasks_follow_the_semantics() {
        // A fixed at 0..4. Z (duration 0) in 0..=5: strict keeps 0, 4, 5 at the bounds (so
        // nothing moves, 1..=3 are inside but bounds reasoning keeps them); non-strict keeps all.
        let (mut model, s) = model_with(&[vec![0], (1..=5).collect()]);
        model.post(Disjunctive::strict(s.clone(), vec![4, 0])).unwrap();
        assert_eq!(propagated(model, &s).unwrap()[1], vec![4, 5]);
        let (mut model, s) = model_with(&[vec![0], (1..=5).collect()]);
        model.post(Disjunctive::new(s.clone(), vec![4, 0])).unwrap();
        assert_eq!(propagated(model, &s).unwrap()[1], (1..=5).collect::<Vec<_>>());
    }

    proptest! {
        #[test]
        fn solutions_equal_brute_force(
            domains in small_domains(5, 0, 7),
            d in proptest::collection::vec(0i32..=3, 5),
            strict in any::<bool>(),
        ) {
            let d = &d[..domains.len()];
            let expected = brute_force(&domains, |s| holds(s, d, strict));
            let (mut model, v) = model_with(&domains);
            let c = if strict { Disjunctive::strict(v.clone(), d.to_vec()) } else { Disjunctive::new(v.clone(), d.to_vec()) };
            model.post(c).unwrap();
            prop_assert_eq!(solve_all(model, &v), expected);
        }

        #[test]
        fn propagation_keeps_every_supported_value(
            domains in small_domains(5, 0, 9),
            d in proptest::collection::vec(1i32..=4, 5),
        ) {
            let d = &d[..domains.len()];
            let expected = brute_force(&domains, |s| holds(s, d, true));
            match run(&domains, d) {
                None => prop_assert!(expected.is_empty()),
                Some(left) => {
                    for s in &expected {
                        for (p, v) in s.iter().enumerate() {
                            prop_assert!(left[p].contains(v), "{} removed from task {} in solution {:?}", v, p, s);
                        }
                    }
                }
            }
        }
    }
}

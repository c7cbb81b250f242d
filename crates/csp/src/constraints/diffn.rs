//! `Diffn`: rectangles that do not overlap, by pairwise bounds reasoning and time-tabling on
//! the two projections.

use std::cell::RefCell;

use crate::constraint::{Constraint, Events, Priority, Rule};
use crate::constraints::cumulative::absent_below;
use crate::constraints::linear::tighten;
use crate::constraints::task_reasons::{self, Bound, Fact};
use crate::constraints::time_table::{Operand, TimeTable};
use crate::context::Context;
use crate::error::{Conflict, ModelError};
use crate::id::{Value, VarId};
use crate::learning::explain::{Antecedents, Change};
use crate::model::Model;

/// Rectangles that do not overlap: rectangle `i` has its origin at `(x_i, y_i)` and size
/// `dx_i × dy_i` (non-negative; constants, or variables with [`Diffn::with_vars`]), and for every two rectangles one is left of, right of,
/// below or above the other: `x_i + dx_i <= x_j`, `x_j + dx_j <= x_i`, `y_i + dy_i <= y_j` or
/// `y_j + dy_j <= y_i`.
///
/// As in MiniZinc, [`Diffn::new`] (`diffn`) applies this to zero-size rectangles too (a
/// zero-width rectangle still may not cut through another), while [`Diffn::non_strict`]
/// (`diffn_nonstrict`) lets a rectangle with a zero side go anywhere.
///
/// # Propagation
///
/// Repeated until no bound moves (so one call is idempotent):
///
/// * *pairwise*: for each two rectangles, the four relative positions that the bounds still
///   allow; none is a conflict ([`Rule::Other`]); when exactly one is left it is enforced on
///   the bounds ([`Rule::Bounds`]): this is the decomposition, on bounds;
/// * *compulsory parts on each projection*: on the `x` axis the rectangles form a cumulative
///   resource (start `x_i`, duration `dx_i`, usage `dy_i`) whose capacity is the height of the
///   bounding box of all `y` ranges, and symmetrically on `y`. Time-tabling on it
///   ([`Cumulative`](crate::constraints::Cumulative)) fails on an overloaded profile and pushes the origins
///   out of places where a rectangle cannot fit across the others' compulsory parts.
///
/// When explanations are on, the premises are the constraint's other variables. In a learning
/// search each change is explained on request: the pairwise rule by the three relative
/// positions the bounds exclude, the projections by time-tabling's overloaded points and the
/// box, across, of the rectangles involved (`docs/learning.md`).
///
/// # Complexity
///
/// `O(n²)` per pass for the pairs, plus `O(n log n + n·s)` per axis for the time-tables.
///
/// # Example
///
/// ```
/// use csp::Model;
/// use csp::constraints::Diffn;
///
/// // Two 2×2 squares in a 3×2 box: one at x = 0, the other cannot fit beside it.
/// let mut model = Model::new();
/// let x = model.new_vars(2, 0..=1)?;
/// let y = model.new_vars(2, 0..=0)?;
/// model.post(Diffn::new(x.clone(), y, vec![2, 2], vec![2, 2]))?;
/// let mut solver = model.into_solver();
/// assert!(solver.propagate().is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Bibliography
///
/// * N. Beldiceanu and M. Carlsson, "Sweep as a generic pruning technique applied to the
///   non-overlapping rectangles constraint", CP 2001.
/// * N. Beldiceanu, M. Carlsson, E. Poder, R. Sadek and C. Truchet, "A generic geometrical
///   constraint kernel in space and time for handling polymorphic k-dimensional objects",
///   CP 2007.
/// * H. Simonis and B. O'Sullivan, "Search strategies for rectangle packing", CP 2008 (the
///   cumulative projections as implied constraints).
#[derive(Clone, Debug)]
pub struct Diffn {
    /// An argument error found by the constructor (vectors of different lengths), reported by
    /// [`Model::post`](crate::model::Model::post) as a [`ModelError`].
    misuse: Option<String>,
    /// `x` origins (local `0..n`), then `y` origins (local `n..2n`).
    scope: Vec<VarId>,
    n: usize,
    /// Sizes: constants, or variables of the scope (after the origins).
    dx: Vec<Operand>,
    dy: Vec<Operand>,
    strict: bool,
    table: TimeTable,
    /// The explanations' buffers (see [`Explaining`]).
    explaining: RefCell<Explaining>,
}

/// What [`Diffn::explain`] works in, kept in the constraint so that explaining allocates
/// nothing once its buffers have grown to the number of rectangles.
#[derive(Clone, Debug, Default)]
struct Explaining {
    /// The rectangles before the change.
    rects: Vec<Rect>,
    projection: Projection,
    /// The facts named, on the scope's variables.
    named: Vec<Bound>,
}

/// The buffers of time-tabling on a projection.
#[derive(Clone, Debug, Default)]
struct Projection {
    /// The projection as a cumulative resource.
    table: TimeTable,
    /// The rule's facts on its tasks, and the rectangles they name.
    facts: Vec<Fact>,
    involved: Vec<usize>,
    reasons: task_reasons::Scratch,
}

/// The message for rectangle vectors of different lengths, if they differ.
fn lengths([x, y, dx, dy]: [usize; 4]) -> Option<String> {
    (y != x || dx != x || dy != x)
        .then(|| format!("{x} x, {y} y, {dx} widths and {dy} heights (one of each per rectangle)"))
}

impl Diffn {
    fn misused(mut self, misuse: Option<String>) -> Diffn {
        self.misuse = misuse;
        self
    }

    /// MiniZinc's `diffn`: zero-size rectangles count.
    ///
    /// Vectors of different lengths are a [`ModelError::InvalidConstraint`] when posted.
    pub fn new(x: Vec<VarId>, y: Vec<VarId>, dx: Vec<Value>, dy: Vec<Value>) -> Diffn {
        Diffn::build(x, y, dx, dy, true)
    }

    /// MiniZinc's `diffn_nonstrict`: a rectangle with a zero side may overlap anything.
    ///
    /// Vectors of different lengths are a [`ModelError::InvalidConstraint`] when posted.
    pub fn non_strict(x: Vec<VarId>, y: Vec<VarId>, dx: Vec<Value>, dy: Vec<Value>) -> Diffn {
        Diffn::build(x, y, dx, dy, false)
    }

    /// Rectangles whose sizes are variables (strict, as [`Diffn::new`], or not): the reasoning
    /// uses their smallest values (a relaxation) and checks them once fixed. Sizes are pruned
    /// to `>= 0`.
    ///
    /// Vectors of different lengths are a [`ModelError::InvalidConstraint`] when posted.
    pub fn with_vars(x: Vec<VarId>, y: Vec<VarId>, dx: Vec<VarId>, dy: Vec<VarId>, strict: bool) -> Diffn {
        let n = x.len();
        let misuse = lengths([n, y.len(), dx.len(), dy.len()]);
        if misuse.is_some() {
            return Diffn::build(x, y, Vec::new(), Vec::new(), strict).misused(misuse);
        }
        let mut scope = x;
        scope.extend(y);
        let dx_ops = (0..n).map(|i| Operand::Var(2 * n + i)).collect();
        let dy_ops = (0..n).map(|i| Operand::Var(3 * n + i)).collect();
        scope.extend(dx);
        scope.extend(dy);
        let (table, explaining) = (TimeTable::default(), RefCell::default());
        Diffn { misuse: None, scope, n, dx: dx_ops, dy: dy_ops, strict, table, explaining }
    }

    fn build(x: Vec<VarId>, y: Vec<VarId>, dx: Vec<Value>, dy: Vec<Value>, strict: bool) -> Diffn {
        let n = x.len();
        let misuse = lengths([n, y.len(), dx.len(), dy.len()]);
        let mut scope = x;
        scope.extend(y);
        Diffn {
            misuse,
            scope,
            n,
            dx: dx.into_iter().map(|v| Operand::Const(i64::from(v))).collect(),
            dy: dy.into_iter().map(|v| Operand::Const(i64::from(v))).collect(),
            strict,
            table: TimeTable::default(),
            explaining: RefCell::default(),
        }
    }

    /// The smallest width and height of rectangle `i`.
    #[inline]
    fn size(&self, ctx: &Context<'_>, i: usize) -> (i64, i64) {
        (self.dx[i].min(&self.scope, ctx), self.dy[i].min(&self.scope, ctx))
    }

    /// Whether rectangles `i` and `j` (smallest sizes `a` and `b`) are related at all (not for a
    /// non-strict zero side).
    fn related(&self, a: (i64, i64), b: (i64, i64)) -> bool {
        self.strict || (a.0 > 0 && a.1 > 0 && b.0 > 0 && b.1 > 0)
    }

    fn bounds(ctx: &Context<'_>, v: VarId) -> (i64, i64) {
        (i64::from(ctx.min(v)), i64::from(ctx.max(v)))
    }

    /// The pairwise rule; returns whether a bound moved.
    fn pairs(&mut self, ctx: &mut Context<'_>) -> Result<bool, Conflict> {
        let n = self.n;
        let mut moved = false;
        for i in 0..n {
            for j in i + 1..n {
                let (si, sj) = (self.size(ctx, i), self.size(ctx, j));
                if !self.related(si, sj) {
                    continue;
                }
                let (xi, xj, yi, yj) = (self.scope[i], self.scope[j], self.scope[n + i], self.scope[n + j]);
                let ((xi_lo, xi_hi), (xj_lo, xj_hi)) = (Self::bounds(ctx, xi), Self::bounds(ctx, xj));
                let ((yi_lo, yi_hi), (yj_lo, yj_hi)) = (Self::bounds(ctx, yi), Self::bounds(ctx, yj));
                let (dxi, dxj, dyi, dyj) = (si.0, sj.0, si.1, sj.1);
                let left = xi_lo + dxi <= xj_hi;
                let right = xj_lo + dxj <= xi_hi;
                let below = yi_lo + dyi <= yj_hi;
                let above = yj_lo + dyj <= yi_hi;
                match (left, right, below, above) {
                    (false, false, false, false) => return Err(ctx.fail(Rule::Other)),
                    (true, false, false, false) => {
                        moved |= tighten(ctx, xj, xi_lo + dxi, i64::MAX)?;
                        moved |= tighten(ctx, xi, i64::MIN, xj_hi - dxi)?;
                    }
                    (false, true, false, false) => {
                        moved |= tighten(ctx, xi, xj_lo + dxj, i64::MAX)?;
                        moved |= tighten(ctx, xj, i64::MIN, xi_hi - dxj)?;
                    }
                    (false, false, true, false) => {
                        moved |= tighten(ctx, yj, yi_lo + dyi, i64::MAX)?;
                        moved |= tighten(ctx, yi, i64::MIN, yj_hi - dyi)?;
                    }
                    (false, false, false, true) => {
                        moved |= tighten(ctx, yi, yj_lo + dyj, i64::MAX)?;
                        moved |= tighten(ctx, yj, i64::MIN, yi_hi - dyj)?;
                    }
                    _ => {}
                }
            }
        }
        Ok(moved)
    }

    /// Time-tabling on the projection onto one axis (`axis` 0: `x`, 1: `y`); returns whether a
    /// bound moved.
    fn projection(&mut self, ctx: &mut Context<'_>, axis: usize) -> Result<bool, Conflict> {
        let n = self.n;
        let (along, across) = if axis == 0 { (0, n) } else { (n, 0) };
        let (lens, widths) = if axis == 0 { (&self.dx, &self.dy) } else { (&self.dy, &self.dx) };
        let (mut lo, mut hi) = (i64::MAX, i64::MIN);
        self.table.clear();
        for i in 0..n {
            let (a, b) = Self::bounds(ctx, self.scope[across + i]);
            lo = lo.min(a);
            hi = hi.max(b + widths[i].max(&self.scope, ctx));
            let (s, e) = Self::bounds(ctx, self.scope[along + i]);
            let (len, width) = (lens[i].min(&self.scope, ctx), widths[i].min(&self.scope, ctx));
            // Non-strict: a rectangle with a zero side takes no room.
            let usage = if self.strict || len > 0 { width } else { 0 };
            self.table.push(s, e, len, usage);
        }
        if n == 0 {
            return Ok(false);
        }
        let capacity = hi - lo;
        if self.table.build() > capacity {
            return Err(ctx.fail(Rule::Other));
        }
        let mut moved = false;
        for i in 0..n {
            let (est, lst) = (self.table.est[i], self.table.lst[i]);
            let new_lo = self.table.earliest_fit(i, capacity);
            let new_hi = self.table.latest_fit(i, capacity);
            if new_lo > est || new_hi < lst {
                moved = true;
                tighten(ctx, self.scope[along + i], new_lo, new_hi)?;
            }
        }
        Ok(moved)
    }
}

/// A rectangle before a change, for [`Diffn::explain`]: per axis, its origin's bounds and
/// its size's bounds.
#[derive(Clone, Copy, Debug, Default)]
struct Rect {
    origin: [(i64, i64); 2],
    size: [(i64, i64); 2],
}

impl Diffn {
    /// The rectangles before the change `why` explains, into `rects`; `None` if a bound is not
    /// known.
    fn before(&self, why: &Antecedents<'_>, rects: &mut Vec<Rect>) -> Option<()> {
        let n = self.n;
        let bounds = |l: usize| why.bounds(self.scope[l]).map(|(a, b)| (i64::from(a), i64::from(b)));
        let size = |o: Operand| Some((o.min_before(&self.scope, why)?.max(0), o.max_before(&self.scope, why)?));
        rects.clear();
        for i in 0..n {
            rects.push(Rect { origin: [bounds(i)?, bounds(n + i)?], size: [size(self.dx[i])?, size(self.dy[i])?] });
        }
        Some(())
    }

    /// The local index of rectangle `i`'s origin on `axis`.
    fn origin(&self, axis: usize, i: usize) -> usize {
        axis * self.n + i
    }

    /// The size of rectangle `i` on `axis`.
    fn size_of(&self, axis: usize, i: usize) -> Operand {
        if axis == 0 {
            self.dx[i]
        } else {
            self.dy[i]
        }
    }

    /// Whether `a` can still come before `b` on `axis`; if not, the facts that say so.
    fn can_precede(&self, r: &[Rect], axis: usize, a: usize, b: usize, out: &mut Vec<Bound>) -> bool {
        let lo = r[a].origin[axis].0;
        let d = r[a].size[axis].0;
        if lo + d <= r[b].origin[axis].1 {
            return true;
        }
        out.push(Bound::Ge(self.origin(axis, a), lo));
        out.push(Bound::Le(self.origin(axis, b), lo + d - 1));
        false
    }

    /// The pairwise rule: the facts of a push of rectangle `i`'s origin on `axis` (to `v` or
    /// later when `up`, else to `v` or earlier), or (`None`) of a failure.
    fn pair_reason(&self, r: &[Rect], push: Option<(usize, usize, bool, i64)>, out: &mut Vec<Bound>) -> bool {
        let n = self.n;
        let mins = |i: usize| (r[i].size[0].0, r[i].size[1].0);
        for a in 0..n {
            for b in 0..n {
                if a == b || (push.is_none() && b < a) || !self.related(mins(a), mins(b)) {
                    continue;
                }
                let len = out.len();
                // The one relation left: `a` before `b` on `axis` (any, for a failure).
                let (axis, ok) = match push {
                    None => (usize::MAX, true),
                    Some((i, axis, true, v)) => (axis, b == i && r[a].origin[axis].0 + r[a].size[axis].0 >= v),
                    Some((i, axis, false, v)) => (axis, a == i && r[b].origin[axis].1 - r[a].size[axis].0 <= v),
                };
                if !ok {
                    continue;
                }
                let mut all_out = true;
                for (ax, p, q) in [(0, a, b), (0, b, a), (1, a, b), (1, b, a)] {
                    if ax == axis && p == a && q == b {
                        continue;
                    }
                    all_out &= !self.can_precede(r, ax, p, q, out);
                    if !all_out {
                        break;
                    }
                }
                if !all_out {
                    out.truncate(len);
                    continue;
                }
                match push {
                    Some((_, axis, true, v)) => out.push(Bound::Ge(self.origin(axis, a), v - r[a].size[axis].0)),
                    Some((_, axis, false, v)) => out.push(Bound::Le(self.origin(axis, b), v + r[a].size[axis].0)),
                    None => {}
                }
                for k in [a, b] {
                    for ax in 0..2 {
                        if let Operand::Var(l) = self.size_of(ax, k) {
                            out.push(Bound::Ge(l, r[k].size[ax].0));
                        }
                    }
                }
                return true;
            }
        }
        false
    }

    /// The projection on `axis` as a cumulative resource (in reversed time when `mirror`),
    /// into `t`, and its capacity: the height of the box of every rectangle across.
    fn projection_table(&self, r: &[Rect], axis: usize, mirror: bool, t: &mut TimeTable) -> i64 {
        let across = 1 - axis;
        t.clear();
        let (mut lo, mut hi) = (i64::MAX, i64::MIN);
        for rect in r {
            lo = lo.min(rect.origin[across].0);
            hi = hi.max(rect.origin[across].1 + rect.size[across].1);
            let (s, e) = rect.origin[axis];
            let (len, width) = (rect.size[axis].0, rect.size[across].0);
            let usage = if self.strict || len > 0 { width } else { 0 };
            if mirror {
                t.push(-(e + len), -(s + len), len, usage);
            } else {
                t.push(s, e, len, usage);
            }
        }
        hi.saturating_sub(lo)
    }

    /// Time-tabling on the projections: the facts of a push of rectangle `i`'s origin on
    /// `axis`, or (`None`) of a failure on either axis.
    fn projection_reason(
        &self,
        r: &[Rect],
        push: Option<(usize, usize, bool, i64)>,
        x: &mut Projection,
        out: &mut Vec<Bound>,
    ) -> bool {
        let Projection { table, facts, involved, reasons } = x;
        let axes: &[usize] = match push {
            Some((_, axis, ..)) => {
                if axis == 0 {
                    &[0]
                } else {
                    &[1]
                }
            }
            None => &[0, 1],
        };
        for &axis in axes {
            let mirror = matches!(push, Some((_, _, false, _)));
            let capacity = self.projection_table(r, axis, mirror, table);
            facts.clear();
            let found = match push {
                None => {
                    table.build();
                    task_reasons::time_table_load(table, capacity + 1, reasons, facts)
                }
                Some((i, _, up, v)) => {
                    let task = (table.est[i], table.dur[i], table.usage[i]);
                    table.usage[i] = 0;
                    table.build();
                    let v = if up { v } else { -(v + task.1) };
                    task_reasons::time_table_push(table, i, task, capacity, v, reasons, facts)
                }
            };
            if !found {
                continue;
            }
            let across = 1 - axis;
            involved.clear();
            involved.extend(facts.iter().map(|f| f.task()).chain(push.map(|p| p.0)));
            involved.sort_unstable();
            involved.dedup();
            for &f in facts.iter() {
                let f = if mirror { f.mirrored() } else { f };
                match f {
                    Fact::StartsFrom(j, a) => out.push(Bound::Ge(self.origin(axis, j), a)),
                    Fact::EndsBy(j, b) => out.push(Bound::Le(self.origin(axis, j), b - r[j].size[axis].0)),
                }
            }
            // The box across of the rectangles involved.
            let lo = involved.iter().map(|&j| r[j].origin[across].0).min().unwrap_or(0);
            let hi = involved.iter().map(|&j| r[j].origin[across].1 + r[j].size[across].1).max().unwrap_or(0);
            for &j in involved.iter() {
                out.push(Bound::Ge(self.origin(across, j), lo));
                out.push(Bound::Le(self.origin(across, j), hi - r[j].size[across].1));
                if let Operand::Var(l) = self.size_of(across, j) {
                    out.push(Bound::Le(l, r[j].size[across].1));
                }
                for ax in 0..2 {
                    if let Operand::Var(l) = self.size_of(ax, j) {
                        out.push(Bound::Ge(l, r[j].size[ax].0));
                    }
                }
            }
            return true;
        }
        false
    }
}

impl Diffn {
    /// [`Constraint::explain`] for `change` (the change asked, or a bound push that implies it).
    fn explain_as(&self, why: &mut Antecedents<'_>, change: Change) -> bool {
        let n = self.n;
        let local = match change {
            Change::AtLeast(x, _) | Change::AtMost(x, _) => {
                let mut at = self.scope.iter().enumerate().filter(|(_, &y)| y == x).map(|(l, _)| l);
                match (at.next(), at.next()) {
                    (Some(l), None) => Some(l),
                    _ => return false,
                }
            }
            Change::Removed(_) => return false,
            Change::Failure => None,
        };
        let push = match (change, local) {
            // A size pruned to `>= 0`.
            (Change::AtLeast(x, v), Some(l)) if l >= 2 * n => return absent_below(why, x, v),
            (Change::AtLeast(_, v), Some(l)) if l < 2 * n => Some((l % n.max(1), l / n.max(1), true, i64::from(v))),
            (Change::AtMost(_, v), Some(l)) if l < 2 * n => Some((l % n.max(1), l / n.max(1), false, i64::from(v))),
            (Change::Failure, _) => None,
            _ => return false,
        };
        let mut explaining = self.explaining.borrow_mut();
        let Explaining { rects, projection, named } = &mut *explaining;
        if self.before(why, rects).is_none() {
            return false;
        }
        named.clear();
        if !self.pair_reason(rects, push, named) && !self.projection_reason(rects, push, projection, named) {
            return false;
        }
        for &f in named.iter() {
            f.name(&self.scope, why);
        }
        true
    }
}

impl Constraint for Diffn {
    fn kind(&self) -> &'static str {
        if self.strict {
            "diffn"
        } else {
            "diffn_nonstrict"
        }
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
            return Err(ModelError::InvalidConstraint { kind: self.kind(), message });
        }
        if self.dx.iter().chain(&self.dy).any(|o| matches!(o, Operand::Const(c) if *c < 0)) {
            return Err(ModelError::InvalidConstraint {
                kind: self.kind(),
                message: "rectangle sizes must be non-negative".to_string(),
            });
        }
        Ok(())
    }

    fn propagate(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        if ctx.is_explaining() {
            ctx.set_premises(&self.scope);
        }
        let r = (|| {
            for k in 2 * self.n..self.scope.len() {
                ctx.remove_below(self.scope[k], 0, Rule::Bounds)?;
            }
            loop {
                let mut moved = self.pairs(ctx)?;
                moved |= self.projection(ctx, 0)?;
                moved |= self.projection(ctx, 1)?;
                if !moved {
                    return Ok(());
                }
            }
        })();
        if ctx.is_explaining() {
            ctx.clear_premises();
        }
        r
    }

    fn explain(&self, why: &mut Antecedents<'_>) -> bool {
        // A wipe-out's removal is left to the generic explanation: explained as the bound push
        // that implies it (as `Cumulative` and `Disjunctive` do), cargo challenge01 found no
        // solution in a minute with learning where it found one in 15 s without (sound either
        // way; see `docs/learning.md`).
        let change = why.change();
        self.explain_as(why, change)
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        let n = self.n;
        let v = |k: usize| i64::from(values[k]);
        let size = |i: usize| (self.dx[i].value(values), self.dy[i].value(values));
        if (0..n).any(|i| size(i).0 < 0 || size(i).1 < 0) {
            return false;
        }
        (0..n).all(|i| {
            (i + 1..n).all(|j| {
                let ((dxi, dyi), (dxj, dyj)) = (size(i), size(j));
                !self.related((dxi, dyi), (dxj, dyj))
                    || v(i) + dxi <= v(j)
                    || v(j) + dxj <= v(i)
                    || v(n + i) + dyi <= v(n + j)
                    || v(n + j) + dyj <= v(n + i)
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::testing::{brute_force, model_with, propagated, small_domain, solve_all};

    fn holds(v: &[Value], dx: &[Value], dy: &[Value], strict: bool) -> bool {
        let n = dx.len();
        dx.iter().chain(dy).all(|&d| d >= 0)
            && (0..n).all(|i| {
                (i + 1..n).all(|j| {
                    (!strict && (dx[i] == 0 || dy[i] == 0 || dx[j] == 0 || dy[j] == 0))
                        || v[i] + dx[i] <= v[j]
                        || v[j] + dx[j] <= v[i]
                        || v[n + i] + dy[i] <= v[n + j]
                        || v[n + j] + dy[j] <= v[n + i]
                })
            })
    }

    fn run(domains: &[Vec<Value>], dx: &[Value], dy: &[Value]) -> Option<Vec<Vec<Value>>> {
        let n = dx.len();
        let (mut model, v) = model_with(domains);
        model.post(Diffn::new(v[..n].to_vec(), v[n..].to_vec(), dx.to_vec(), dy.to_vec())).unwrap();
        propagated(model, &v)
    }

    #[test]
    fn the_last_possible_side_is_enforced() {
        // Same row (y fixed 0, heights 2): square 0 at x in 0..=1, square 1 (width 2) at
        // x in 0..=4 can only be right of square 0: x1 >= x0 + 2 >= 2.
        let d = run(&[vec![0, 1], (0..=4).collect(), vec![0], vec![0]], &[2, 2], &[2, 2]).unwrap();
        assert_eq!(d[1], vec![2, 3, 4]);
    }

    #[test]
    fn projection_pushes_past_compulsory_parts() {
        // Rectangle 0 (2x2) at x = 0, y in 0..=1; rectangle 1 (1x3) at y = 0, x in 0..=2. The
        // y ranges span 0..3, so the x projection has capacity 3; rectangle 0's compulsory
        // part covers x in 0..2 with height 2, and rectangle 1 (height 3) cannot share it.
        let d = run(&[vec![0], (0..=2).collect(), vec![0, 1], vec![0]], &[2, 1], &[2, 3]).unwrap();
        assert_eq!(d[1], vec![2]);
    }

    #[test]
    fn zero_width_rectangle_cannot_cut_through_in_strict_mode() {
        // A 2x2 square at (0, 0); a 0x2 segment at y = 0, x in 1..=2: strict forbids x = 1.
        let d = run(&[vec![0], vec![1, 2], vec![0], vec![0]], &[2, 0], &[2, 2]).unwrap();
        assert_eq!(d[1], vec![2]);
        let (mut model, v) = model_with(&[vec![0], vec![1, 2], vec![0], vec![0]]);
        model.post(Diffn::non_strict(v[..2].to_vec(), v[2..].to_vec(), vec![2, 0], vec![2, 2])).unwrap();
        assert_eq!(propagated(model, &v).unwrap()[1], vec![1, 2]);
    }

    proptest! {
        #[test]
        fn solutions_equal_brute_force(
            n in 1usize..=3,
            doms in proptest::collection::vec(small_domain(0, 3), 6),
            dx in proptest::collection::vec(0i32..=2, 3),
            dy in proptest::collection::vec(0i32..=2, 3),
            strict in any::<bool>(),
        ) {
            let mut domains = doms[..n].to_vec();
            domains.extend(doms[3..3 + n].iter().cloned());
            let (dx, dy) = (&dx[..n], &dy[..n]);
            let expected = brute_force(&domains, |v| holds(v, dx, dy, strict));
            let (mut model, v) = model_with(&domains);
            let c = if strict {
                Diffn::new(v[..n].to_vec(), v[n..].to_vec(), dx.to_vec(), dy.to_vec())
            } else {
                Diffn::non_strict(v[..n].to_vec(), v[n..].to_vec(), dx.to_vec(), dy.to_vec())
            };
            model.post(c).unwrap();
            prop_assert_eq!(solve_all(model, &v), expected);
        }

        #[test]
        fn variable_sizes_equal_brute_force(
            doms in proptest::collection::vec(small_domain(0, 2), 4),
            sizes in proptest::collection::vec(small_domain(-1, 2), 4),
            strict in any::<bool>(),
        ) {
            // Two rectangles: x1, x2, y1, y2, dx1, dx2, dy1, dy2.
            let mut domains = doms.clone();
            domains.extend(sizes.iter().cloned());
            let expected = brute_force(&domains, |v| holds(&v[..4], &v[4..6], &v[6..8], strict));
            let (mut model, v) = model_with(&domains);
            let c = Diffn::with_vars(v[0..2].to_vec(), v[2..4].to_vec(), v[4..6].to_vec(), v[6..8].to_vec(), strict);
            model.post(c).unwrap();
            prop_assert_eq!(solve_all(model, &v), expected);
        }

        #[test]
        fn propagation_keeps_every_supported_value(
            doms in proptest::collection::vec(small_domain(0, 4), 8),
            dx in proptest::collection::vec(1i32..=3, 4),
            dy in proptest::collection::vec(1i32..=3, 4),
        ) {
            let expected = brute_force(&doms, |v| holds(v, &dx, &dy, true));
            match run(&doms, &dx, &dy) {
                None => prop_assert!(expected.is_empty()),
                Some(left) => {
                    for s in &expected {
                        for (p, val) in s.iter().enumerate() {
                            prop_assert!(left[p].contains(val), "{} removed from x{} in solution {:?}", val, p, s);
                        }
                    }
                }
            }
        }
    }
}

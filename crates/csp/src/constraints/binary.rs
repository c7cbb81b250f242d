//! `Binary`: a relation between two variables given by a predicate.

use std::fmt;
use std::sync::Arc;

use crate::context::Context;
use crate::error::Conflict;
use crate::id::{Value, VarId};
use crate::learning::explain::{Antecedents, Change};
use crate::model::constraint::Constraint;
use crate::rule::Rule;
use crate::subscription::Priority;

/// The pairs `(x, y)` for which a predicate holds, with arc consistency (AC-3's revise in both
/// directions): each value left has a partner for which the predicate holds.
///
/// # Complexity
///
/// Each propagation is `O(|D(x)| * |D(y)|)` predicate calls; prefer a dedicated constraint for
/// large domains. With an interval domain (a range too wide for a bitset) and more than
/// [`Binary::WIDE_PAIRS`] pairs, a revision spends at most that many predicate calls: it moves an
/// interval's bounds to the nearest values with a partner, and removes a bitset's values with
/// no partner, as far as the calls go; the values it could not decide stay until the search
/// narrows the domains (the relation is checked once both variables are fixed).
///
/// # Example
///
/// ```
/// use csp::Model;
/// use csp::constraints::Binary;
///
/// let mut model = Model::new();
/// let x = model.new_var(1..=10)?;
/// let y = model.new_var(1..=10)?;
/// model.post(Binary::new(x, y, |a, b| a * a == b))?;
/// let mut solver = model.into_solver();
/// solver.propagate()?;
/// assert_eq!(solver.domain(x).to_vec(), vec![1, 2, 3]);
/// assert_eq!(solver.domain(y).to_vec(), vec![1, 4, 9]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct Binary {
    vars: [VarId; 2],
    allowed: Arc<dyn Fn(Value, Value) -> bool + Send + Sync>,
    keep: Vec<bool>,
}

impl fmt::Debug for Binary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Binary").field("vars", &self.vars).finish_non_exhaustive()
    }
}

impl Binary {
    /// The relation `allowed(x, y)`.
    pub fn new(x: VarId, y: VarId, allowed: impl Fn(Value, Value) -> bool + Send + Sync + 'static) -> Binary {
        Binary { vars: [x, y], allowed: Arc::new(allowed), keep: Vec::new() }
    }

    /// The predicate calls a revision spends at most when a domain is an interval (of up to
    /// 2^32 values) and the pairs are more than this.
    pub const WIDE_PAIRS: u64 = 1 << 20;

    fn revise(&mut self, ctx: &mut Context<'_>, first: bool) -> Result<(), Conflict> {
        let [x, y] = self.vars;
        let (a, b) = if first { (x, y) } else { (y, x) };
        let (da, db) = (ctx.domain(a), ctx.domain(b));
        if (da.is_interval() || db.is_interval()) && da.len() as u64 * db.len() as u64 > Binary::WIDE_PAIRS {
            return self.revise_wide(ctx, a, b, first);
        }
        let mut keep = std::mem::take(&mut self.keep);
        keep.clear();
        let f = &self.allowed;
        keep.extend(ctx.domain(a).iter().map(|v| ctx.domain(b).iter().any(|u| if first { f(v, u) } else { f(u, v) })));
        let r = if keep.iter().any(|k| !k) {
            let mut it = keep.iter();
            ctx.retain(a, |_| *it.next().unwrap_or(&true), Rule::NoSupport).map(|_| ())
        } else {
            Ok(())
        };
        self.keep = keep;
        r
    }

    /// [`revise`](Binary::revise) within [`Binary::WIDE_PAIRS`] predicate calls, for a wide
    /// interval: whether each value of `a` tried has a partner in `b`, until the calls run out.
    fn revise_wide(&mut self, ctx: &mut Context<'_>, a: VarId, b: VarId, first: bool) -> Result<(), Conflict> {
        let f = &self.allowed;
        let mut budget = Binary::WIDE_PAIRS;
        // Some(whether v has a partner), or None once the budget is spent.
        let mut partner = |ctx: &Context<'_>, v: Value| -> Option<bool> {
            for u in ctx.domain(b).iter() {
                if budget == 0 {
                    return None;
                }
                budget -= 1;
                if if first { f(v, u) } else { f(u, v) } {
                    return Some(true);
                }
            }
            Some(false)
        };
        let d = ctx.domain(a);
        let (Some(lo), Some(hi)) = (d.min(), d.max()) else { return Ok(()) };
        if d.is_interval() {
            // The bounds move inwards past the values without a partner.
            let mut low = lo;
            while low <= hi && partner(ctx, low) == Some(false) {
                low += 1;
            }
            ctx.remove_below(a, low, Rule::NoSupport)?;
            let mut high = hi;
            while high > low && partner(ctx, high) == Some(false) {
                high -= 1;
            }
            ctx.remove_above(a, high, Rule::NoSupport).map(|_| ())
        } else {
            // A bitset of values against a wide interval: the values tried without a partner go.
            let mut keep = std::mem::take(&mut self.keep);
            keep.clear();
            let values: smallvec::SmallVec<[Value; 64]> = d.iter().collect();
            keep.extend(values.iter().map(|&v| partner(ctx, v) != Some(false)));
            let r = if keep.iter().any(|k| !k) {
                let mut it = keep.iter();
                ctx.retain(a, |_| *it.next().unwrap_or(&true), Rule::NoSupport).map(|_| ())
            } else {
                Ok(())
            };
            self.keep = keep;
            r
        }
    }
}

impl Constraint for Binary {
    fn kind(&self) -> &'static str {
        "binary"
    }

    fn scope(&self) -> &[VarId] {
        &self.vars
    }

    fn priority(&self) -> Priority {
        Priority::Fast
    }

    fn is_idempotent(&self) -> bool {
        // Support is symmetric: after both revisions every value left has a partner left
        // (for two distinct variables; a relation of a variable with itself is unary).
        self.vars[0] != self.vars[1]
    }

    fn propagate(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let [x, y] = self.vars;
        if x == y {
            let f = &self.allowed;
            let d = ctx.domain(x);
            if d.is_interval() && d.len() as u64 > Binary::WIDE_PAIRS {
                return narrow_wide(ctx, x, |v| f(v, v), Binary::WIDE_PAIRS);
            }
            return ctx.retain(x, |v| f(v, v), Rule::NoSupport).map(|_| ());
        }
        self.revise(ctx, true)?;
        self.revise(ctx, false)?;
        // A revision within the calls of a wide interval can fix a variable to a value it did
        // not try: the pair is checked here, since the constraint's own changes do not wake it.
        match (ctx.value(x), ctx.value(y)) {
            (Some(a), Some(b)) if !(self.allowed)(a, b) => Err(ctx.fail(Rule::NoSupport)),
            _ => Ok(()),
        }
    }

    fn explain(&self, why: &mut Antecedents<'_>) -> bool {
        let [x, y] = self.vars;
        let removed: smallvec::SmallVec<[Value; 16]> = why.removed().collect();
        let a = match why.change() {
            Change::AtLeast(a, _) | Change::AtMost(a, _) | Change::Removed(a) if !removed.is_empty() => a,
            _ => return false,
        };
        let f = &self.allowed;
        if x == y {
            // A relation of a variable with itself: its values outside it, unconditionally.
            return removed.iter().all(|&v| !f(v, v));
        }
        // Each value gone: every partner it allows is gone from the other variable.
        let (b, first) = if a == x { (y, true) } else { (x, false) };
        let Some(partners) = why.initial_values(b) else { return false };
        let partners: smallvec::SmallVec<[Value; 32]> = partners.collect();
        for v in removed {
            for &u in &partners {
                if if first { f(v, u) } else { f(u, v) } {
                    if why.contains(b, u) {
                        return false;
                    }
                    why.not_equal(b, u);
                }
            }
        }
        true
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        (self.allowed)(values[0], values[1])
    }
}

/// Moves the bounds of `x`, an interval, inwards past the values where `holds` is false, with
/// at most `budget` calls from each end: the values not tried stay (a weaker narrowing, never
/// a wrong one).
pub(crate) fn narrow_wide(
    ctx: &mut Context<'_>,
    x: VarId,
    mut holds: impl FnMut(Value) -> bool,
    budget: u64,
) -> Result<(), Conflict> {
    let d = ctx.domain(x);
    let (Some(lo), Some(hi)) = (d.min(), d.max()) else { return Ok(()) };
    let (mut low, mut tries) = (lo, 0);
    while low <= hi && tries < budget && !holds(low) {
        low += 1;
        tries += 1;
    }
    ctx.remove_below(x, low, Rule::NoSupport)?;
    let (mut high, mut tries) = (hi, 0);
    while high > low && tries < budget && !holds(high) {
        high -= 1;
        tries += 1;
    }
    ctx.remove_above(x, high, Rule::NoSupport)?;
    // The calls ran out on both sides at one value: it was not tried.
    if high == low && !holds(low) {
        return Err(ctx.fail(Rule::NoSupport));
    }
    Ok(())
}

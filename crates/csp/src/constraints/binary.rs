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
/// large domains.
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

    fn revise(&mut self, ctx: &mut Context<'_>, first: bool) -> Result<(), Conflict> {
        let [x, y] = self.vars;
        let (a, b) = if first { (x, y) } else { (y, x) };
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
            return ctx.retain(x, |v| f(v, v), Rule::NoSupport).map(|_| ());
        }
        self.revise(ctx, true)?;
        self.revise(ctx, false)
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

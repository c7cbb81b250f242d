//! `NotEqual`: `x != y + offset`.

use crate::context::Context;
use crate::error::Conflict;
use crate::id::{Value, VarId};
use crate::learning::explain::{Antecedents, Change};
use crate::model::constraint::Constraint;
use crate::rule::Rule;
use crate::subscription::{Events, Priority};

/// `x != y + offset`, by forward checking (which is arc consistency for this constraint).
///
/// # Example
///
/// ```
/// use csp::Model;
/// use csp::constraints::NotEqual;
///
/// let mut model = Model::new();
/// let x = model.new_var(1..=3)?;
/// let y = model.new_var(1..=3)?;
/// model.post(NotEqual::with_offset(x, y, 1))?; // x != y + 1
/// let mut solver = model.into_solver();
/// solver.assign(y, 2)?;
/// solver.propagate()?;
/// assert_eq!(solver.domain(x).to_vec(), vec![1, 2]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct NotEqual {
    vars: [VarId; 2],
    offset: Value,
}

impl NotEqual {
    /// `x != y`.
    pub fn new(x: VarId, y: VarId) -> NotEqual {
        NotEqual { vars: [x, y], offset: 0 }
    }

    /// `x != y + offset`.
    pub fn with_offset(x: VarId, y: VarId, offset: Value) -> NotEqual {
        NotEqual { vars: [x, y], offset }
    }

    fn propagate_from(&self, ctx: &mut Context<'_>, local: usize) -> Result<(), Conflict> {
        let [x, y] = self.vars;
        let o = i64::from(self.offset);
        let (from, to, target) = if local == 0 { (x, y, -o) } else { (y, x, o) };
        if let Some(v) = ctx.value(from) {
            if let Ok(u) = Value::try_from(i64::from(v) + target) {
                ctx.remove_value(to, u, Rule::ValueTaken { var: from, value: v })?;
            }
        }
        Ok(())
    }
}

impl Constraint for NotEqual {
    fn kind(&self) -> &'static str {
        "not_equal"
    }

    fn scope(&self) -> &[VarId] {
        &self.vars
    }

    fn subscriptions(&self, _local: usize) -> Events {
        Events::ON_FIXED
    }

    fn priority(&self) -> Priority {
        Priority::Fast
    }

    fn on_fixed(&mut self, ctx: &mut Context<'_>, local: usize) -> Result<(), Conflict> {
        self.propagate_from(ctx, local)
    }

    fn propagate(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        self.propagate_from(ctx, 0)?;
        self.propagate_from(ctx, 1)
    }

    fn explain(&self, why: &mut Antecedents<'_>) -> bool {
        let [x, y] = self.vars;
        if x == y {
            return false;
        }
        let o = i64::from(self.offset);
        // The value gone, and the variable fixed that took it (shifted).
        let (var, gone) = match why.change() {
            Change::Failure => {
                let (Some(u), Some(v)) = (why.value(x), why.value(y)) else { return false };
                if i64::from(u) != i64::from(v) + o {
                    return false;
                }
                why.equal(x, u);
                why.equal(y, v);
                return true;
            }
            Change::AtLeast(..) | Change::AtMost(..) | Change::Removed(_) => {
                let Some(gone) = why.one_value_gone() else { return false };
                gone
            }
        };
        let (other, want) = if var == y { (x, i64::from(gone) + o) } else { (y, i64::from(gone) - o) };
        match Value::try_from(want) {
            Ok(v) if why.value(other) == Some(v) => {
                why.equal(other, v);
                true
            }
            _ => false,
        }
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        i64::from(values[0]) != i64::from(values[1]) + i64::from(self.offset)
    }
}

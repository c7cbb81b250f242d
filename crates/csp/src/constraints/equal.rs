//! `Equal`: `x = y + offset`.

use crate::constraint::{Constraint, Priority, Rule};
use crate::error::Conflict;
use crate::propagate::Context;
use crate::var::{Value, VarId};

/// `x = y + offset`, with domain consistency (each value of one has its partner in the other).
///
/// # Example
///
/// ```
/// use csp::{Equal, Model};
///
/// let mut model = Model::new();
/// let x = model.new_var(1..=9)?;
/// let y = model.new_var([2, 4, 30])?;
/// model.post(Equal::with_offset(x, y, 3))?; // x = y + 3
/// let mut solver = model.into_solver();
/// solver.propagate()?;
/// assert_eq!(solver.domain(x).to_vec(), vec![5, 7]);
/// assert_eq!(solver.domain(y).to_vec(), vec![2, 4]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Equal {
    vars: [VarId; 2],
    offset: Value,
}

impl Equal {
    /// `x = y`.
    pub fn new(x: VarId, y: VarId) -> Equal {
        Equal { vars: [x, y], offset: 0 }
    }

    /// `x = y + offset`.
    pub fn with_offset(x: VarId, y: VarId, offset: Value) -> Equal {
        Equal { vars: [x, y], offset }
    }
}

fn shifted(v: Value, by: i64) -> Option<Value> {
    Value::try_from(i64::from(v) + by).ok()
}

impl Constraint for Equal {
    fn kind(&self) -> &'static str {
        "equal"
    }

    fn scope(&self) -> &[VarId] {
        &self.vars
    }

    fn priority(&self) -> Priority {
        Priority::Fast
    }

    fn is_idempotent(&self) -> bool {
        true
    }

    fn propagate(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let [x, y] = self.vars;
        let o = i64::from(self.offset);
        // Filter x against y, then y against the new x: each value then has a partner.
        let keep_x: Vec<bool> =
            ctx.domain(x).iter().map(|v| shifted(v, -o).is_some_and(|u| ctx.contains(y, u))).collect();
        if keep_x.iter().any(|k| !k) {
            let mut it = keep_x.iter();
            ctx.retain(x, |_| *it.next().unwrap_or(&true), Rule::NoSupport)?;
        }
        let keep_y: Vec<bool> =
            ctx.domain(y).iter().map(|u| shifted(u, o).is_some_and(|v| ctx.contains(x, v))).collect();
        if keep_y.iter().any(|k| !k) {
            let mut it = keep_y.iter();
            ctx.retain(y, |_| *it.next().unwrap_or(&true), Rule::NoSupport)?;
        }
        Ok(())
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        i64::from(values[0]) == i64::from(values[1]) + i64::from(self.offset)
    }
}

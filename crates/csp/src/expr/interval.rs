//! Interval variables: a start, a size and an end as one thing, optionally with a presence
//! literal (CP-SAT's interval variables), and the scheduling constraints over them:
//! [`Model::add_no_overlap`], [`Model::add_cumulative`], [`Model::add_no_overlap_2d`].
//!
//! A *present* interval occupies `[start, start + size)` and `start + size = end` holds. An
//! optional interval that is *absent* (its presence literal false) occupies nothing and its
//! start, size and end are free. An interval of size 0 overlaps nothing.
//!
//! # Lowering
//!
//! Each constraint picks the strongest propagator that fits:
//!
//! | constraint | all present, fixed sizes | otherwise |
//! |---|---|---|
//! | no-overlap | [`Disjunctive`] (edge finding, not-first/not-last) | [`Cumulative`] of capacity 1, with presence ([`Cumulative::with_optional`]) |
//! | cumulative | [`Cumulative::new`] | [`Cumulative::with_vars`], with presence |
//! | no-overlap 2D | [`Diffn`] (non-strict) | [`Diffn`] over the present rectangles, and for each pair with an optional one: both present implies one of the eight separations, each a reified relation |
//!
//! # Example
//!
//! Three jobs on one machine; the third is optional and worth doing only if it fits by 6.
//!
//! ```
//! use csp::{sum, Model};
//! use csp::solve::Optimum;
//!
//! let mut model = Model::new();
//! let mut jobs = Vec::new();
//! for size in [3, 2] {
//!     let start = model.new_var(0..=10)?;
//!     jobs.push(model.new_fixed_interval(start, size)?);
//! }
//! let done = model.new_bool();
//! let start = model.new_var(0..=10)?;
//! let end = model.new_var(0..=6)?;
//! jobs.push(model.new_optional_interval(start, 1, end, done)?);
//! model.add_no_overlap(&jobs)?;
//! model.maximize(sum([done]))?;
//! let Optimum::Optimal(s) = model.into_solver().solve_optimal() else { panic!() };
//! assert!(s[done]);
//! let mut spans: Vec<(i32, i32)> = jobs.iter().map(|j| (s[j.start()], s[j.end()])).collect();
//! spans.sort();
//! assert!(spans.windows(2).all(|w| w[0].1 <= w[1].0), "{spans:?}");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::boolean::{BoolVar, Lit};
use super::connective::or;
use super::LinExpr;
use crate::constraints::{Cumulative, Diffn, Disjunctive};
use crate::error::ModelError;
use crate::id::{Value, VarId};
use crate::model::Model;

/// The size of an [`IntervalVar`]: a constant, or a variable (of non-negative values).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IntervalSize {
    /// A constant size.
    Fixed(Value),
    /// A variable size.
    Var(VarId),
}

impl From<Value> for IntervalSize {
    fn from(v: Value) -> IntervalSize {
        IntervalSize::Fixed(v)
    }
}

impl From<VarId> for IntervalSize {
    fn from(x: VarId) -> IntervalSize {
        IntervalSize::Var(x)
    }
}

impl From<IntervalSize> for LinExpr {
    fn from(s: IntervalSize) -> LinExpr {
        match s {
            IntervalSize::Fixed(v) => LinExpr::constant_expr(v),
            IntervalSize::Var(x) => LinExpr::from(x),
        }
    }
}

/// An interval: a start, a size and an end with `start + size = end`, optionally with a
/// presence literal; see the [module](self) for its meaning and the constraints over it.
///
/// Created by [`Model::new_interval`], [`Model::new_fixed_interval`] or
/// [`Model::new_optional_interval`]; its parts are ordinary variables of the model, read in a
/// solution as any other (`s[iv.start()]`, `s[iv.presence().unwrap()]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct IntervalVar {
    start: VarId,
    size: IntervalSize,
    end: VarId,
    presence: Option<BoolVar>,
}

impl IntervalVar {
    /// The start variable.
    pub fn start(&self) -> VarId {
        self.start
    }

    /// The size: a constant or a variable.
    pub fn size(&self) -> IntervalSize {
        self.size
    }

    /// The end variable.
    pub fn end(&self) -> VarId {
        self.end
    }

    /// The presence literal of an optional interval; `None` for an interval always present.
    pub fn presence(&self) -> Option<BoolVar> {
        self.presence
    }

    /// The size as a variable: its own, or a new one fixed to the constant.
    fn size_var(&self, model: &mut Model) -> Result<VarId, ModelError> {
        match self.size {
            IntervalSize::Var(x) => Ok(x),
            IntervalSize::Fixed(v) => model.new_var(v..=v),
        }
    }

    /// The size when it is a constant.
    fn fixed_size(&self) -> Option<Value> {
        match self.size {
            IntervalSize::Fixed(v) => Some(v),
            IntervalSize::Var(_) => None,
        }
    }
}

/// Each interval's presence as a 0/1 variable (a new one fixed to 1 for an interval always
/// present), as [`Cumulative::with_optional`] takes them.
fn presence_vars(model: &mut Model, intervals: &[IntervalVar]) -> Result<Vec<VarId>, ModelError> {
    intervals
        .iter()
        .map(|iv| match iv.presence {
            Some(b) => Ok(b.var()),
            None => model.new_var(1..=1),
        })
        .collect()
}

fn invalid(kind: &'static str, message: String) -> ModelError {
    ModelError::InvalidConstraint { kind, message }
}

impl Model {
    /// An interval always present from `start` to `end` with `size` (a constant or a
    /// variable): posts `start + size = end`.
    ///
    /// # Errors
    ///
    /// [`ModelError::ForeignVar`] or [`ModelError::UnknownVar`] for a variable not of this
    /// model; [`ModelError::InvalidConstraint`] (kind `"interval"`) for a size that can be
    /// negative.
    pub fn new_interval(
        &mut self,
        start: VarId,
        size: impl Into<IntervalSize>,
        end: VarId,
    ) -> Result<IntervalVar, ModelError> {
        self.interval(start, size.into(), end, None)
    }

    /// An interval always present, of constant `size`, from `start`; its end is a new
    /// variable (`start + size`).
    ///
    /// # Errors
    ///
    /// As [`Model::new_interval`].
    pub fn new_fixed_interval(&mut self, start: VarId, size: Value) -> Result<IntervalVar, ModelError> {
        self.atomically(|m| {
            m.check_var(start)?;
            if size < 0 {
                return Err(invalid("interval", format!("the size {size} is negative")));
            }
            let end = m.expr_var(start + size)?;
            m.interval(start, IntervalSize::Fixed(size), end, None)
        })
    }

    /// An optional interval: present when `presence` is true, then from `start` to `end` with
    /// `size` (`start + size = end` is posted only if `presence`); absent, it occupies
    /// nothing and its variables are free.
    ///
    /// # Errors
    ///
    /// As [`Model::new_interval`].
    pub fn new_optional_interval(
        &mut self,
        start: VarId,
        size: impl Into<IntervalSize>,
        end: VarId,
        presence: BoolVar,
    ) -> Result<IntervalVar, ModelError> {
        self.interval(start, size.into(), end, Some(presence))
    }

    fn interval(
        &mut self,
        start: VarId,
        size: IntervalSize,
        end: VarId,
        presence: Option<BoolVar>,
    ) -> Result<IntervalVar, ModelError> {
        self.check_vars([start, end].into_iter().chain(presence.map(BoolVar::var)))?;
        match size {
            IntervalSize::Fixed(v) if v < 0 => return Err(invalid("interval", format!("the size {v} is negative"))),
            IntervalSize::Var(x) => {
                self.check_var(x)?;
                if let Some(m) = self.initial_domain(x).min().filter(|&m| m < 0) {
                    return Err(invalid(
                        "interval",
                        format!("the size {} can be negative (down to {m})", self.display_var(x)),
                    ));
                }
            }
            IntervalSize::Fixed(_) => {}
        }
        let link = (start + LinExpr::from(size)).eq(end);
        match presence {
            Some(p) => self.add(link.only_if(p))?,
            None => self.add(link)?,
        };
        Ok(IntervalVar { start, size, end, presence })
    }

    /// The present intervals never overlap (CP-SAT's `AddNoOverlap`); an interval of size 0
    /// overlaps nothing. Lowered onto [`Disjunctive`] or [`Cumulative`] (see the
    /// [module](crate::expr::interval)).
    ///
    /// # Errors
    ///
    /// As [`Model::post`].
    pub fn add_no_overlap(&mut self, intervals: &[IntervalVar]) -> Result<(), ModelError> {
        self.atomically(|m| {
            let starts: Vec<VarId> = intervals.iter().map(|iv| iv.start).collect();
            let fixed: Option<Vec<Value>> = intervals.iter().map(IntervalVar::fixed_size).collect();
            if let (Some(durations), true) = (fixed, intervals.iter().all(|iv| iv.presence.is_none())) {
                m.post(Disjunctive::new(starts, durations))?;
                return Ok(());
            }
            let one = m.new_var(1..=1)?;
            m.cumulative_of(intervals, vec![one; intervals.len()], one)
        })
    }

    /// At every instant, the demands of the present intervals that cover it sum to at most
    /// `capacity` (CP-SAT's `AddCumulative`, with constant demands). Lowered onto
    /// [`Cumulative`].
    ///
    /// # Errors
    ///
    /// [`ModelError::InvalidConstraint`] (kind `"cumulative"`) for not one demand per
    /// interval, a negative demand or capacity; as [`Model::post`].
    pub fn add_cumulative(
        &mut self,
        intervals: &[IntervalVar],
        demands: &[Value],
        capacity: Value,
    ) -> Result<(), ModelError> {
        self.atomically(|m| {
            if demands.len() != intervals.len() {
                return Err(invalid(
                    "cumulative",
                    format!("{} intervals and {} demands (one demand per interval)", intervals.len(), demands.len()),
                ));
            }
            if let Some(d) = demands.iter().chain([&capacity]).find(|&&d| d < 0) {
                return Err(invalid("cumulative", format!("the demand or capacity {d} is negative")));
            }
            let starts: Vec<VarId> = intervals.iter().map(|iv| iv.start).collect();
            let fixed: Option<Vec<Value>> = intervals.iter().map(IntervalVar::fixed_size).collect();
            if let (Some(durations), true) = (fixed, intervals.iter().all(|iv| iv.presence.is_none())) {
                m.post(Cumulative::new(starts, durations, demands.to_vec(), capacity))?;
                return Ok(());
            }
            let usages = demands.iter().map(|&d| m.new_var(d..=d)).collect::<Result<Vec<_>, _>>()?;
            let cap = m.new_var(capacity..=capacity)?;
            m.cumulative_of(intervals, usages, cap)
        })
    }

    /// [`Cumulative::with_vars`] over the intervals, with their presence if one is optional.
    fn cumulative_of(
        &mut self,
        intervals: &[IntervalVar],
        usages: Vec<VarId>,
        capacity: VarId,
    ) -> Result<(), ModelError> {
        self.check_vars(intervals.iter().map(|iv| iv.start))?;
        let starts: Vec<VarId> = intervals.iter().map(|iv| iv.start).collect();
        let sizes = intervals.iter().map(|iv| iv.size_var(self)).collect::<Result<Vec<_>, _>>()?;
        let mut c = Cumulative::with_vars(starts, sizes, usages, capacity);
        if intervals.iter().any(|iv| iv.presence.is_some()) {
            c = c.with_optional(presence_vars(self, intervals)?);
        }
        self.post(c)?;
        Ok(())
    }

    /// Rectangle `i`, spanning `x[i]` horizontally and `y[i]` vertically, is present when
    /// both its intervals are; the present rectangles never overlap (CP-SAT's
    /// `AddNoOverlap2D`). A rectangle with a side of size 0 overlaps nothing. Lowered onto
    /// [`Diffn`], with a decomposition for the pairs that involve an optional rectangle (see
    /// the [module](crate::expr::interval)).
    ///
    /// # Errors
    ///
    /// [`ModelError::InvalidConstraint`] (kind `"no_overlap_2d"`) for `x` and `y` of different
    /// lengths; as [`Model::post`].
    pub fn add_no_overlap_2d(&mut self, x: &[IntervalVar], y: &[IntervalVar]) -> Result<(), ModelError> {
        self.atomically(|m| {
            if x.len() != y.len() {
                return Err(invalid(
                    "no_overlap_2d",
                    format!("{} x intervals and {} y intervals (one of each per rectangle)", x.len(), y.len()),
                ));
            }
            let presence =
                |i: usize| -> Vec<Lit> { x[i].presence.into_iter().chain(y[i].presence).map(|b| b.lit()).collect() };
            let (mandatory, optional): (Vec<usize>, Vec<usize>) = (0..x.len()).partition(|&i| presence(i).is_empty());
            if mandatory.len() > 1 {
                let xs: Vec<VarId> = mandatory.iter().map(|&i| x[i].start).collect();
                let ys: Vec<VarId> = mandatory.iter().map(|&i| y[i].start).collect();
                let dx = mandatory.iter().map(|&i| x[i].size_var(m)).collect::<Result<Vec<_>, _>>()?;
                let dy = mandatory.iter().map(|&i| y[i].size_var(m)).collect::<Result<Vec<_>, _>>()?;
                m.post(Diffn::with_vars(xs, ys, dx, dy, false))?;
            }
            for &i in &optional {
                for j in 0..x.len() {
                    if j == i || (j < i && optional.contains(&j)) {
                        continue;
                    }
                    // A side of constant size 0: the pair never overlaps.
                    if [&x[i], &x[j], &y[i], &y[j]].iter().any(|iv| iv.fixed_size() == Some(0)) {
                        continue;
                    }
                    // present(i) and present(j) imply a separation on one axis, or a side of 0.
                    let mut clause: Vec<Lit> = presence(i).into_iter().chain(presence(j)).map(|l| !l).collect();
                    for (a, b) in [(&x[i], &x[j]), (&y[i], &y[j])] {
                        for (p, q) in [(a, b), (b, a)] {
                            clause.push(m.reify((p.start + LinExpr::from(p.size)).le(q.start))?.lit());
                        }
                        for s in [a, b] {
                            if let IntervalSize::Var(v) = s.size {
                                clause.push(m.reify(v.eq(0))?.lit());
                            }
                        }
                    }
                    m.add(or(clause))?;
                }
            }
            Ok(())
        })
    }
}

//! `Intersection`: reasoning between two all-different constraints that share variables.

use fixedbitset::Block;

use crate::constraints::AllDifferent;
use crate::context::Context;
use crate::domain::BITS;
use crate::error::{Conflict, ModelError};
use crate::id::{ConstraintId, Value, VarId};
use crate::model::constraint::{downcast_mut, Constraint};
use crate::model::Model;
use crate::rule::Rule;
use crate::subscription::{Events, Priority};

/// Locked values between two all-different constraints `A` and `B` sharing the variables `I`.
///
/// If `A` is value-tight (its variables have exactly as many values left as there are
/// variables), every value of `A` must be taken by some variable of `A`. If a value's only
/// places in `A` lie inside `I`, it is taken inside `I`, so no variable of `B` outside `I` can
/// take it: it is removed there, with [`Rule::Locked`]. The same holds with `A` and `B`
/// swapped. In Sudoku terms these are *locked candidates* (pointing and claiming); the
/// reasoning is generic and applies to any overlapping all-different constraints.
///
/// Post it with [`Model::post_intersections`], which finds every pair of all-different
/// constraints sharing at least two variables. It needs word-level domains: every variable a
/// range, the values of both scopes within a span of 64.
///
/// # Example
///
/// ```
/// use csp::Model;
/// use csp::constraints::AllDifferent;
///
/// // A = {a0, a1, s0, s1}, B = {b0, b1, s0, s1}, sharing s0 and s1; values 1..=4.
/// let mut model = Model::new();
/// let a = model.new_vars(2, 1..=4)?;
/// let s = model.new_vars(2, 1..=4)?;
/// let b = model.new_vars(2, 1..=4)?;
/// model.post(AllDifferent::new(vec![a[0], a[1], s[0], s[1]]))?;
/// model.post(AllDifferent::new(vec![b[0], b[1], s[0], s[1]]))?;
/// assert_eq!(model.post_intersections()?, 1);
/// let mut solver = model.into_solver();
/// // In A, 4 can only go to s0 or s1: so b0 and b1 cannot be 4.
/// solver.remove_value(a[0], 4)?;
/// solver.remove_value(a[1], 4)?;
/// solver.propagate()?;
/// assert!(!solver.domain(b[0]).contains(4) && !solver.domain(b[1]).contains(4));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Intersection {
    /// `A \ I`, then `B \ I`, then `I`.
    vars: Vec<VarId>,
    a_only: usize,
    b_only: usize,
    ids: [ConstraintId; 2],
    /// Per variable (in `vars` order): block offset and shift into the common value space.
    offs: Vec<u32>,
    shifts: Vec<u32>,
    base: i64,
}

impl Intersection {
    /// The locked-value reasoning between the all-different constraints `a` (over `a_vars`)
    /// and `b` (over `b_vars`). The identifiers name the constraints in reasons.
    pub fn new(a: ConstraintId, a_vars: &[VarId], b: ConstraintId, b_vars: &[VarId]) -> Intersection {
        let shared: Vec<VarId> = a_vars.iter().copied().filter(|x| b_vars.contains(x)).collect();
        let a_only: Vec<VarId> = a_vars.iter().copied().filter(|x| !shared.contains(x)).collect();
        let b_only: Vec<VarId> = b_vars.iter().copied().filter(|x| !shared.contains(x)).collect();
        let (na, nb) = (a_only.len(), b_only.len());
        let mut vars = a_only;
        vars.extend(b_only);
        vars.extend(shared);
        Intersection { vars, a_only: na, b_only: nb, ids: [a, b], offs: Vec::new(), shifts: Vec::new(), base: 0 }
    }

    /// OR of the shifted domains of `vars[range]`, and the number of values of the union with
    /// the shared part.
    #[inline]
    fn or(&self, flat: &[Block], range: std::ops::Range<usize>) -> Block {
        let mut acc = 0;
        for k in range {
            acc |= flat[self.offs[k] as usize] << self.shifts[k];
        }
        acc
    }

    /// Removes the values of `locked` (constraint space) from `vars[range]`.
    fn remove(
        &self,
        ctx: &mut Context<'_>,
        range: std::ops::Range<usize>,
        locked: Block,
        within: ConstraintId,
    ) -> Result<(), Conflict> {
        for k in range {
            let s = self.shifts[k];
            let d = ctx.block_at(self.offs[k] as usize);
            let hit = (locked >> s) & d;
            if hit != 0 {
                let value = (self.base + i64::from(hit.trailing_zeros() + s)) as Value;
                ctx.retain_block(self.vars[k], 0, !hit, Rule::Locked { value, within })?;
            }
        }
        Ok(())
    }
}

impl Constraint for Intersection {
    fn kind(&self) -> &'static str {
        "intersection"
    }

    fn scope(&self) -> &[VarId] {
        &self.vars
    }

    fn subscriptions(&self, _local: usize) -> Events {
        Events::DOMAIN
    }

    fn priority(&self) -> Priority {
        Priority::Slow
    }

    fn on_post(&mut self, model: &Model) -> Result<(), ModelError> {
        super::refuse_intervals(model, self.scope(), "intersection")?;
        let invalid = |message: String| ModelError::InvalidConstraint { kind: "intersection", message };
        let mut lo = i64::MAX;
        let mut hi = i64::MIN;
        for &x in &self.vars {
            let Some(m) = model.range_min(x) else {
                return Err(invalid(format!("{x} does not have a range domain")));
            };
            lo = lo.min(i64::from(m));
            hi = hi.max(i64::from(m) + model.initial_domain(x).len() as i64 - 1);
        }
        if self.vars.is_empty() || hi - lo >= BITS as i64 {
            return Err(invalid("the values of both scopes must lie within a span of 64".into()));
        }
        if self.vars.len() - self.a_only - self.b_only < 2 {
            return Err(invalid("the two constraints must share at least two variables".into()));
        }
        self.base = lo;
        self.offs = self.vars.iter().map(|&x| model.block_offset(x) as u32).collect();
        self.shifts = self.vars.iter().map(|&x| (i64::from(model.range_min(x).unwrap_or(0)) - lo) as u32).collect();
        Ok(())
    }

    fn propagate(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let (na, nb, n) = (self.a_only, self.b_only, self.vars.len());
        let shared = n - na - nb;
        let flat = ctx.flat_blocks();
        let a = self.or(flat, 0..na);
        let b = self.or(flat, na..na + nb);
        let i = self.or(flat, na + nb..n);
        // A tight: its values only inside I leave B \ I; and symmetrically.
        let a_locked = if ((a | i).count_ones() as usize) == na + shared { i & !a } else { 0 };
        let b_locked = if ((b | i).count_ones() as usize) == nb + shared { i & !b } else { 0 };
        if a_locked & b != 0 {
            self.remove(ctx, na..na + nb, a_locked, self.ids[0])?;
        }
        if b_locked & a != 0 {
            self.remove(ctx, 0..na, b_locked, self.ids[1])?;
        }
        Ok(())
    }

    fn is_satisfied(&self, _values: &[Value]) -> bool {
        // Implied by the two all-different constraints, which check themselves.
        true
    }
}

impl Model {
    /// Posts an [`Intersection`](crate::constraints::Intersection) (locked values) for every pair of posted
    /// constraints that imply all-different ([`Constraint::implied_all_different`]: plain
    /// [`AllDifferent`] without offsets, for one) sharing at least two variables, with
    /// word-level domains. Returns how many were posted.
    ///
    /// # Errors
    ///
    /// As [`Model::post`].
    pub fn post_intersections(&mut self) -> Result<usize, ModelError> {
        let alldiffs: Vec<(ConstraintId, Vec<VarId>)> = self
            .constraints
            .iter()
            .enumerate()
            .filter_map(|(i, c)| c.implied_all_different().map(|s| (ConstraintId::from_index(i), s.to_vec())))
            .filter(|(_, s)| s.len() <= 64)
            .collect();
        let mut posted = 0;
        // Per variable, the last constraint of the outer loop that has it: shared variables
        // counted in one pass over the other scope.
        let mut in_a = vec![usize::MAX; self.num_vars()];
        for (k, (a, av)) in alldiffs.iter().enumerate() {
            for x in av {
                in_a[x.index()] = k;
            }
            for (b, bv) in &alldiffs[k + 1..] {
                if bv.iter().filter(|x| in_a[x.index()] == k).count() < 2 {
                    continue;
                }
                // Preferably inside each constraint's own propagator (no extra scheduling);
                // otherwise as a separate constraint.
                let outside = |mine: &[VarId], theirs: &[VarId]| -> Option<Vec<(VarId, usize, Value)>> {
                    theirs
                        .iter()
                        .filter(|x| !mine.contains(x))
                        .map(|&x| self.range_min(x).map(|m| (x, self.block_offset(x), m)))
                        .collect()
                };
                let (b_out, a_out) = (outside(av, bv), outside(bv, av));
                let shared: Vec<VarId> = av.iter().copied().filter(|x| bv.contains(x)).collect();
                if let (Some(b_out), Some(a_out)) = (b_out, a_out) {
                    // Ask both first (without committing): each must accept.
                    let mut offer = |own: ConstraintId, partner, outside: &[(VarId, usize, Value)]| {
                        downcast_mut::<AllDifferent>(&mut *self.constraints[own.index()])
                            .is_some_and(|c| c.add_intersection(own, partner, &shared, outside))
                    };
                    let took_a = offer(*a, *b, &b_out);
                    let took_b = took_a && offer(*b, *a, &a_out);
                    if took_b {
                        posted += 1;
                        continue;
                    }
                    // Otherwise a separate constraint below does both halves (if `a` took its
                    // half, that half is done twice: redundant, not wrong).
                }
                let c = Intersection::new(*a, av, *b, bv);
                match self.post(c) {
                    Ok(_) => posted += 1,
                    Err(ModelError::InvalidConstraint { .. }) => {}
                    Err(e) => return Err(e),
                }
            }
        }
        Ok(posted)
    }
}

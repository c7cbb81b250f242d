//! `Linear`: `a1*x1 + ... + an*xn ⋈ c` with `⋈` one of `=`, `<=`, `>=`, `!=`.

use std::fmt;

use fixedbitset::Block;

use crate::context::Context;
use crate::error::{Conflict, ModelError};
use crate::id::{Value, VarId};
use crate::learning::explain::{Antecedents, Change};
use crate::model::constraint::Constraint;
use crate::model::Model;
use crate::rule::Rule;
use crate::store::StateSlot;
use crate::subscription::{Events, Priority};

/// The number of terms from which a [`Linear`] keeps its sums in the solver's state.
const TRACKED_TERMS: usize = 32;

// The blocks of a tracked `Linear`'s state: the smallest and largest sums, a term and a bound on
// the width of every other term, then each variable's bounds as last seen (`pack`).
const SUM_LO: usize = 0;
const SUM_HI: usize = 1;
const WIDEST: usize = 2;
const OTHERS_WIDTH: usize = 3;
const SEEN: usize = 4;
/// [`WIDEST`] before the state is first built.
const NOT_BUILT: Block = Block::MAX;

/// How the two sides of a [`Linear`] constraint compare.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Comparison {
    /// `lhs = rhs`.
    Equal,
    /// `lhs <= rhs`.
    LessOrEqual,
    /// `lhs >= rhs`.
    GreaterOrEqual,
    /// `lhs != rhs`.
    NotEqual,
}

impl Comparison {
    /// Whether `lhs ⋈ rhs` holds.
    pub fn holds<T: Ord>(self, lhs: T, rhs: T) -> bool {
        match self {
            Comparison::Equal => lhs == rhs,
            Comparison::LessOrEqual => lhs <= rhs,
            Comparison::GreaterOrEqual => lhs >= rhs,
            Comparison::NotEqual => lhs != rhs,
        }
    }

    /// The comparison as written: `=`, `<=`, `>=` or `!=`.
    pub fn symbol(self) -> &'static str {
        match self {
            Comparison::Equal => "=",
            Comparison::LessOrEqual => "<=",
            Comparison::GreaterOrEqual => ">=",
            Comparison::NotEqual => "!=",
        }
    }
}

impl fmt::Display for Comparison {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.symbol())
    }
}

/// A linear constraint `a1*x1 + ... + an*xn ⋈ c` ([`Comparison`]), propagated on bounds.
///
/// Unlike [`Equal`](crate::constraints::Equal) and [`NotEqual`](crate::constraints::NotEqual), which relate two
/// variables, `Linear` takes any number of weighted terms. Terms on the same variable are merged
/// (`x + x` is `2*x`) and zero coefficients dropped when the constraint is built, so
/// [`scope`](Constraint::scope) lists each variable once.
///
/// # Propagation
///
/// * `=`, `<=`, `>=`: *bounds consistency*. With `L` and `U` the smallest and largest values
///   the left side can take given the bounds of the domains, each term is bounded by what the
///   others leave: `a_i*x_i <= c - (L - min(a_i*x_i))` for `<=` and `=`, and
///   `a_i*x_i >= c - (U - max(a_i*x_i))` for `>=` and `=`. The new bounds of `x_i` are rounded
///   inwards; holes in domains are not used, so a value strictly between the bounds is never
///   removed. One call repeats this until no bound moves, so the constraint is idempotent.
///   Fails when `L > c` (for `<=`, `=`) or `U < c` (for `>=`, `=`).
/// * `!=`: *forward checking*. When all variables but one are fixed, the one value of the last
///   variable that would make the sum equal `c` is removed; fails when all are fixed and the
///   sum equals `c`.
///
/// Every removal has the rule [`Rule::Bounds`]; when explanations are collected its premises
/// are the other variables of the constraint (a failure's premises are all of them).
///
/// From 32 terms on, `<=`, `>=` and `=` keep the two sums up to date in the solver's state
/// ([`add_state`](crate::constraint::add_state), saved and restored with the domains): a call
/// adds the bound changes of the variables changed since the last
/// ([`Events::TRACK_BOUNDS`]) instead of summing every term, and looks at the terms only when
/// one of them may be wider than the slack (the widest term is known, and a bound on the
/// width of all the others). The pruning is the same as without the state.
///
/// Sums are computed in `i64`; [`Model::post`] refuses a constraint whose sums could
/// overflow (coefficients times values beyond about `2^62` in total).
///
/// # Complexity
///
/// `O(n)` per pass for `n` terms; a pass is repeated only when it moved a bound. From 32
/// terms, `O(k)` for `k` variables changed since the last call, plus `O(n)` for a pass only
/// when a term other than the widest may be wider than the slack.
///
/// # Example
///
/// ```
/// use csp::Model;
/// use csp::constraints::{Comparison, Linear};
///
/// let mut model = Model::new();
/// let x = model.new_var(0..=10)?;
/// let y = model.new_var(0..=10)?;
/// model.post(Linear::new([(2, x), (3, y)], Comparison::Equal, 12))?; // 2x + 3y = 12
/// let mut solver = model.into_solver();
/// solver.propagate()?;
/// assert_eq!((solver.domain(x).min(), solver.domain(x).max()), (Some(0), Some(6)));
/// assert_eq!((solver.domain(y).min(), solver.domain(y).max()), (Some(0), Some(4)));
/// assert_eq!(solver.count_solutions(u64::MAX).count, 3); // (0, 4), (3, 2), (6, 0)
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Linear {
    /// Distinct variables, in increasing order, each with a non-zero coefficient.
    vars: Vec<VarId>,
    /// `coeffs[i]` is the (merged) coefficient of `vars[i]`; never zero.
    coeffs: Vec<i64>,
    cmp: Comparison,
    rhs: i64,
    /// Scratch for explanation premises.
    premises: Vec<VarId>,
    /// The sums kept in the solver's state, from [`TRACKED_TERMS`] terms on (not for `!=`).
    state: Option<StateSlot>,
    /// The number of terms from which the sums are kept ([`TRACKED_TERMS`]; tests lower it).
    tracked_from: usize,
    /// Scratch: the locals changed since the last call, or the state being rebuilt.
    changed: Vec<u32>,
    rebuilt: Vec<Block>,
}

impl Linear {
    /// `Σ coefficient * var ⋈ rhs` for the given `(coefficient, var)` terms.
    pub fn new(terms: impl IntoIterator<Item = (Value, VarId)>, cmp: Comparison, rhs: Value) -> Linear {
        let mut terms: Vec<(VarId, i64)> = terms.into_iter().map(|(a, x)| (x, i64::from(a))).collect();
        terms.sort_by_key(|&(x, _)| x);
        let mut vars: Vec<VarId> = Vec::with_capacity(terms.len());
        let mut coeffs: Vec<i64> = Vec::with_capacity(terms.len());
        for (x, a) in terms {
            match vars.last() {
                Some(&last) if last == x => {
                    if let Some(c) = coeffs.last_mut() {
                        *c += a;
                    }
                }
                _ => {
                    vars.push(x);
                    coeffs.push(a);
                }
            }
        }
        let mut k = 0;
        for i in 0..vars.len() {
            if coeffs[i] != 0 {
                vars[k] = vars[i];
                coeffs[k] = coeffs[i];
                k += 1;
            }
        }
        vars.truncate(k);
        coeffs.truncate(k);
        Linear {
            vars,
            coeffs,
            cmp,
            rhs: i64::from(rhs),
            premises: Vec::new(),
            state: None,
            tracked_from: TRACKED_TERMS,
            changed: Vec::new(),
            rebuilt: Vec::new(),
        }
    }

    /// `x1 + ... + xn ⋈ rhs` (every coefficient 1).
    pub fn sum(vars: impl IntoIterator<Item = VarId>, cmp: Comparison, rhs: Value) -> Linear {
        Linear::new(vars.into_iter().map(|x| (1, x)), cmp, rhs)
    }

    /// The variables, each once, in increasing order (after merging and dropping zero terms).
    pub fn vars(&self) -> &[VarId] {
        &self.vars
    }

    /// The coefficient of each variable of [`vars`](Linear::vars), after merging.
    pub fn coefficients(&self) -> &[i64] {
        &self.coeffs
    }

    /// The comparison.
    pub fn comparison(&self) -> Comparison {
        self.cmp
    }

    /// The right-hand side `c`.
    pub fn rhs(&self) -> i64 {
        self.rhs
    }

    /// Keeps the sums in the solver's state from `terms` terms on, rather than 32 (tests).
    #[cfg(test)]
    fn tracked_from(mut self, terms: usize) -> Linear {
        self.tracked_from = terms;
        self
    }

    /// The smallest and largest values of term `i` given the current bounds.
    #[inline]
    fn term_bounds(&self, ctx: &Context<'_>, i: usize) -> (i64, i64) {
        self.term_within(i, bounds_of(ctx, self.vars[i]))
    }

    /// The smallest and largest values of term `i` with its variable's bounds `packed`.
    #[inline]
    fn term_within(&self, i: usize, packed: Block) -> (i64, i64) {
        let (lo, hi) = unpack(packed);
        let a = self.coeffs[i];
        if a > 0 {
            (a * lo, a * hi)
        } else {
            (a * hi, a * lo)
        }
    }

    /// Whether the `<=` half and the `>=` half of the comparison hold.
    fn halves(&self) -> (bool, bool) {
        match self.cmp {
            Comparison::Equal => (true, true),
            Comparison::LessOrEqual => (true, false),
            Comparison::GreaterOrEqual => (false, true),
            Comparison::NotEqual => (false, false),
        }
    }

    /// Sets the premises to every variable but `skip` (all of them for `usize::MAX`).
    fn set_premises_except(&mut self, ctx: &mut Context<'_>, skip: usize) {
        self.premises.clear();
        self.premises.extend(self.vars.iter().enumerate().filter(|&(j, _)| j != skip).map(|(_, &x)| x));
        ctx.set_premises(&self.premises);
    }

    /// How far the sums, `sum_lo..=sum_hi`, are from violating the comparison (the smaller of
    /// the two halves' margins); the failure when one half is already violated.
    fn slack(&mut self, ctx: &mut Context<'_>, sum_lo: i64, sum_hi: i64) -> Result<i64, Conflict> {
        let ((le, ge), c) = (self.halves(), self.rhs);
        if (le && sum_lo > c) || (ge && sum_hi < c) {
            if ctx.is_explaining() {
                self.set_premises_except(ctx, usize::MAX);
            }
            return Err(ctx.fail(Rule::Bounds));
        }
        Ok((if le { c - sum_lo } else { i64::MAX }).min(if ge { sum_hi - c } else { i64::MAX }))
    }

    /// One pass of bounds reasoning; returns whether a bound moved.
    fn bounds_pass(&mut self, ctx: &mut Context<'_>) -> Result<bool, Conflict> {
        let (le, ge) = self.halves();
        let (mut sum_lo, mut sum_hi) = (0i64, 0i64);
        let mut widths = Widths::default();
        for i in 0..self.vars.len() {
            let (lo, hi) = self.term_bounds(ctx, i);
            sum_lo += lo;
            sum_hi += hi;
            let w = hi - lo;
            widths.add(i, w);
        }
        let Widths { widest, first: w1, second: w2 } = widths;
        let c = self.rhs;
        let slack = self.slack(ctx, sum_lo, sum_hi)?;
        let terms = if w2 <= slack { widest..widest + usize::from(w1 > slack) } else { 0..self.vars.len() };
        let mut changed = false;
        for i in terms {
            let (lo, hi) = self.term_bounds(ctx, i);
            // Bounds on the term a*x, then on x (rounded inwards).
            let term_max = if le { c - (sum_lo - lo) } else { i64::MAX };
            let term_min = if ge { c - (sum_hi - hi) } else { i64::MIN };
            if term_max >= hi && term_min <= lo {
                continue;
            }
            let (x_min, x_max) = var_bounds(self.coeffs[i], term_min, term_max, le, ge);
            if ctx.is_explaining() {
                self.set_premises_except(ctx, i);
            }
            changed |= tighten(ctx, self.vars[i], x_min, x_max)?;
        }
        Ok(changed)
    }

    /// Brings the state up to date with the variables changed since the last call: each
    /// one's bound changes added to the sums, or everything rebuilt when every variable is
    /// reported (the first call, or after a restore to a state with work pending).
    fn catch_up(&mut self, ctx: &mut Context<'_>, slot: StateSlot) {
        ctx.take_changed(&mut self.changed);
        if self.changed.len() == self.vars.len() || ctx.state(slot)[WIDEST] == NOT_BUILT {
            self.rebuild(ctx, slot);
            return;
        }
        if self.changed.is_empty() {
            return;
        }
        let s = ctx.state(slot);
        let (mut sum_lo, mut sum_hi) = (s[SUM_LO] as i64, s[SUM_HI] as i64);
        for k in 0..self.changed.len() {
            let i = self.changed[k] as usize;
            let now = bounds_of(ctx, self.vars[i]);
            let before = ctx.state(slot)[SEEN + i];
            if now != before {
                let ((lo, hi), (new_lo, new_hi)) = (self.term_within(i, before), self.term_within(i, now));
                sum_lo += new_lo - lo;
                sum_hi += new_hi - hi;
                set_block(ctx, slot, SEEN + i, now);
            }
        }
        set_block(ctx, slot, SUM_LO, sum_lo as Block);
        set_block(ctx, slot, SUM_HI, sum_hi as Block);
    }

    /// Writes the whole state from the current domains.
    fn rebuild(&mut self, ctx: &mut Context<'_>, slot: StateSlot) {
        self.rebuilt.clear();
        self.rebuilt.resize(SEEN, 0);
        let (mut sum_lo, mut sum_hi) = (0i64, 0i64);
        let mut widths = Widths::default();
        for i in 0..self.vars.len() {
            let now = bounds_of(ctx, self.vars[i]);
            let (lo, hi) = self.term_within(i, now);
            sum_lo += lo;
            sum_hi += hi;
            widths.add(i, hi - lo);
            self.rebuilt.push(now);
        }
        self.rebuilt[SUM_LO] = sum_lo as Block;
        self.rebuilt[SUM_HI] = sum_hi as Block;
        self.rebuilt[WIDEST] = widths.widest;
        self.rebuilt[OTHERS_WIDTH] = widths.second.max(0) as Block;
        ctx.state_mut(slot).copy_from_slice(&self.rebuilt);
    }

    /// [`bounds_pass`](Self::bounds_pass) on the sums of the state, which it keeps up to date
    /// with its own changes: only the widest term is looked at while no other can be wider
    /// than the slack; otherwise every term, and the widest and the bound on the others'
    /// widths are measured again.
    fn tracked_pass(&mut self, ctx: &mut Context<'_>, slot: StateSlot) -> Result<bool, Conflict> {
        let (le, ge) = self.halves();
        let s = ctx.state(slot);
        let (mut sum_lo, mut sum_hi) = (s[SUM_LO] as i64, s[SUM_HI] as i64);
        let (widest, others) = (s[WIDEST], s[OTHERS_WIDTH] as i64);
        let c = self.rhs;
        let slack = self.slack(ctx, sum_lo, sum_hi)?;
        let every = others > slack;
        let n = self.vars.len();
        let terms = if every { 0..n } else { widest..(widest + 1).min(n) };
        let mut widths = Widths { widest, ..Widths::default() };
        let mut changed = false;
        for i in terms {
            let mut seen = ctx.state(slot)[SEEN + i];
            let (lo, hi) = self.term_within(i, seen);
            let term_max = if le { c - (sum_lo - lo) } else { i64::MAX };
            let term_min = if ge { c - (sum_hi - hi) } else { i64::MIN };
            if term_max < hi || term_min > lo {
                let (x_min, x_max) = var_bounds(self.coeffs[i], term_min, term_max, le, ge);
                if ctx.is_explaining() {
                    self.set_premises_except(ctx, i);
                }
                if tighten(ctx, self.vars[i], x_min, x_max)? {
                    seen = bounds_of(ctx, self.vars[i]);
                    let (new_lo, new_hi) = self.term_within(i, seen);
                    sum_lo += new_lo - lo;
                    sum_hi += new_hi - hi;
                    set_block(ctx, slot, SEEN + i, seen);
                    changed = true;
                }
            }
            if every {
                let (lo, hi) = self.term_within(i, seen);
                widths.add(i, hi - lo);
            }
        }
        if changed {
            set_block(ctx, slot, SUM_LO, sum_lo as Block);
            set_block(ctx, slot, SUM_HI, sum_hi as Block);
        }
        if every {
            set_block(ctx, slot, WIDEST, widths.widest);
            set_block(ctx, slot, OTHERS_WIDTH, widths.second.max(0) as Block);
        }
        Ok(changed)
    }

    fn propagate_not_equal(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let mut free = None;
        let mut sum = 0i64;
        for (i, (&x, &a)) in self.vars.iter().zip(&self.coeffs).enumerate() {
            match ctx.value(x) {
                Some(v) => sum += a * i64::from(v),
                None if free.is_none() => free = Some(i),
                None => return Ok(()),
            }
        }
        match free {
            None if sum == self.rhs => {
                if ctx.is_explaining() {
                    self.set_premises_except(ctx, usize::MAX);
                }
                Err(ctx.fail(Rule::Bounds))
            }
            None => Ok(()),
            Some(i) => {
                let (r, a) = (self.rhs - sum, self.coeffs[i]);
                if r % a == 0 {
                    if let Ok(v) = Value::try_from(r / a) {
                        if ctx.is_explaining() {
                            self.set_premises_except(ctx, i);
                        }
                        ctx.remove_value(self.vars[i], v, Rule::Bounds)?;
                    }
                }
                Ok(())
            }
        }
    }
}

/// The widest term seen and the two largest widths (-1 before any): a term can be narrowed
/// only if it is wider than the slack, so while the second is not, only the widest is.
#[derive(Clone, Copy)]
struct Widths {
    widest: usize,
    first: i64,
    second: i64,
}

impl Default for Widths {
    fn default() -> Widths {
        Widths { widest: 0, first: -1, second: -1 }
    }
}

impl Widths {
    #[inline]
    fn add(&mut self, i: usize, width: i64) {
        if width > self.first {
            (self.second, self.first, self.widest) = (self.first, width, i);
        } else if width > self.second {
            self.second = width;
        }
    }
}

/// The bounds of `x` packed in a block: the smallest value in the high half, the largest in
/// the low half (an empty domain reads as `0..=0`, as nowhere else matters).
#[inline]
fn bounds_of(ctx: &Context<'_>, x: VarId) -> Block {
    let d = ctx.domain(x);
    let (lo, hi) = (d.min().unwrap_or(0), d.max().unwrap_or(0));
    ((u64::from(lo as u32) << 32) | u64::from(hi as u32)) as Block
}

/// The smallest and largest values packed by [`bounds_of`].
#[inline]
fn unpack(packed: Block) -> (i64, i64) {
    let packed = packed as u64;
    (i64::from((packed >> 32) as u32 as i32), i64::from(packed as u32 as i32))
}

/// Writes block `at` of `slot` (saved alone, in constant time, when trailing).
#[inline]
fn set_block(ctx: &mut Context<'_>, slot: StateSlot, at: usize, value: Block) {
    ctx.state_mut(slot.part(at, 1))[0] = value;
}

/// The bounds of `x` for which the term `a * x` is within `term_min..=term_max` (each side
/// only for the half that sets it: `ge` the smallest, `le` the largest), rounded inwards.
#[inline]
fn var_bounds(a: i64, term_min: i64, term_max: i64, le: bool, ge: bool) -> (i64, i64) {
    if a > 0 {
        (if ge { ceil_div(term_min, a) } else { i64::MIN }, if le { floor_div(term_max, a) } else { i64::MAX })
    } else {
        (if le { ceil_div(term_max, a) } else { i64::MIN }, if ge { floor_div(term_min, a) } else { i64::MAX })
    }
}

/// `floor(a / b)` for `b != 0`.
#[inline]
pub(crate) fn floor_div(a: i64, b: i64) -> i64 {
    let q = a / b;
    if a % b != 0 && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

/// `ceil(a / b)` for `b != 0`.
#[inline]
pub(crate) fn ceil_div(a: i64, b: i64) -> i64 {
    let q = a / b;
    if a % b != 0 && ((a < 0) == (b < 0)) {
        q + 1
    } else {
        q
    }
}

/// Restricts `x` to `lo..=hi` (bounds in `i64`, possibly outside the `i32` range). Returns
/// whether the domain changed.
pub(crate) fn tighten(ctx: &mut Context<'_>, x: VarId, lo: i64, hi: i64) -> Result<bool, Conflict> {
    let d = ctx.domain(x);
    let (Some(min), Some(max)) = (d.min(), d.max()) else { return Ok(false) };
    let (min, max) = (i64::from(min), i64::from(max));
    if lo > max || hi < min {
        // Nothing left: empty the domain, which reports the wipe-out.
        return ctx.wipe_out(x, Rule::Bounds);
    }
    let mut changed = false;
    if lo > min {
        // min < lo <= max, so `lo` is an i32.
        changed |= ctx.remove_below(x, lo as Value, Rule::Bounds)?;
    }
    if hi < max {
        changed |= ctx.remove_above(x, hi as Value, Rule::Bounds)?;
    }
    Ok(changed)
}

impl Constraint for Linear {
    fn kind(&self) -> &'static str {
        "linear"
    }

    fn scope(&self) -> &[VarId] {
        &self.vars
    }

    fn subscriptions(&self, _local: usize) -> Events {
        match (self.cmp, self.state) {
            (Comparison::NotEqual, _) => Events::FIXED,
            (_, Some(_)) => Events::TRACK_BOUNDS,
            (_, None) => Events::BOUNDS,
        }
    }

    fn priority(&self) -> Priority {
        Priority::Normal
    }

    fn is_idempotent(&self) -> bool {
        // Bounds reasoning loops to its own fixed point; the `!=` rule fixes nothing.
        true
    }

    fn on_post(&mut self, model: &Model) -> Result<(), ModelError> {
        // `|c|` plus the largest absolute sum of the terms must fit in an i64: every partial sum
        // and every `c - partial sum` then does.
        let mut total: i128 = i128::from(self.rhs).abs();
        for (&x, &a) in self.vars.iter().zip(&self.coeffs) {
            let d = model.initial_domain(x);
            let (lo, hi) = (d.min().unwrap_or(0), d.max().unwrap_or(0));
            let m = i128::from(lo).abs().max(i128::from(hi).abs());
            total += i128::from(a).abs() * m;
        }
        if total > i128::from(i64::MAX) {
            return Err(ModelError::InvalidConstraint {
                kind: "linear",
                message: format!(
                    "coefficients times domain values reach {total} in absolute value, beyond the 64-bit range of sums"
                ),
            });
        }
        Ok(())
    }

    fn reserve_state(&mut self, model: &mut Model) {
        if self.cmp != Comparison::NotEqual && self.vars.len() >= self.tracked_from {
            // Built at the first call, from the domains then.
            let mut initial = vec![0; SEEN + self.vars.len()];
            initial[WIDEST] = NOT_BUILT as u64;
            self.state = Some(model.add_state(&initial));
        }
    }

    fn propagate(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let r = if self.cmp == Comparison::NotEqual {
            self.propagate_not_equal(ctx)
        } else if let Some(slot) = self.state {
            self.catch_up(ctx, slot);
            loop {
                match self.tracked_pass(ctx, slot) {
                    Ok(true) => continue,
                    Ok(false) => break Ok(()),
                    Err(c) => break Err(c),
                }
            }
        } else {
            loop {
                match self.bounds_pass(ctx) {
                    Ok(true) => continue,
                    Ok(false) => break Ok(()),
                    Err(c) => break Err(c),
                }
            }
        };
        if ctx.is_explaining() {
            ctx.clear_premises();
        }
        r
    }

    fn explain(&self, why: &mut Antecedents<'_>) -> bool {
        // `<=` bounds each term by the others' smallest contributions, `>=` by their largest;
        // `!=` removes the one value left to a term when the others are fixed.
        let (le_half, ge_half, skip) = match why.change() {
            Change::AtLeast(x, _) | Change::AtMost(x, _) if self.cmp != Comparison::NotEqual => {
                let Ok(i) = self.vars.binary_search(&x) else { return false };
                let upper = matches!(why.change(), Change::AtMost(..));
                let positive = self.coeffs[i] > 0;
                (upper == positive, upper != positive, Some(x))
            }
            Change::Removed(x) | Change::AtLeast(x, _) | Change::AtMost(x, _) if self.cmp == Comparison::NotEqual => {
                return self.vars.binary_search(&x).is_ok() && self.explain_fixed(why, Some(x));
            }
            Change::Failure if self.cmp == Comparison::NotEqual => return self.explain_fixed(why, None),
            // A bitset domain emptied by a bound (a wipe-out names no bound): each value of
            // the entry is beyond what the other terms' bounds leave to its term.
            Change::Removed(x) => return self.explain_wipe_out(why, x),
            Change::Failure => {
                let Some((smallest, largest)) = self.sum_bounds_before(why) else { return false };
                let le = matches!(self.cmp, Comparison::LessOrEqual | Comparison::Equal) && smallest > self.rhs;
                let ge =
                    !le && matches!(self.cmp, Comparison::GreaterOrEqual | Comparison::Equal) && largest < self.rhs;
                if !le && !ge {
                    return false;
                }
                (le, ge, None)
            }
            _ => return false,
        };
        self.explain_bounds(why, skip, le_half, ge_half)
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        let lhs: i128 = values.iter().zip(&self.coeffs).map(|(&v, &a)| i128::from(a) * i128::from(v)).sum();
        self.cmp.holds(lhs, i128::from(self.rhs))
    }
}

// ---- explanations (lazy clause generation) ----------------------------------------------

impl Linear {
    /// Names the bounds of every term but `skip` that the `<=` half (`le`: each term's
    /// smallest contribution) or the `>=` half (`ge`: its largest) rests on; whether all were
    /// known.
    pub(crate) fn explain_bounds(&self, why: &mut Antecedents<'_>, skip: Option<VarId>, le: bool, ge: bool) -> bool {
        for (&x, &a) in self.vars.iter().zip(&self.coeffs) {
            if Some(x) == skip {
                continue;
            }
            let low = (le && a > 0) || (ge && a < 0);
            let high = (le && a < 0) || (ge && a > 0);
            if (low && !why.at_least_min(x)) || (high && !why.at_most_max(x)) {
                return false;
            }
        }
        true
    }

    /// Why the values of `x` removed by the change (the last ones of a bitset domain that a
    /// bound emptied) have no support: each one, with the other terms at their smallest
    /// contributions, exceeds the right-hand side (the `<=` half), or with them at their
    /// largest falls short of it (the `>=` half); the bounds of the halves needed.
    fn explain_wipe_out(&self, why: &mut Antecedents<'_>, x: VarId) -> bool {
        let Ok(i) = self.vars.binary_search(&x) else { return false };
        let Some((smallest, largest)) = self.sum_bounds_before(why) else { return false };
        let Some((lo, hi)) = why.bounds(x) else { return false };
        let a = self.coeffs[i];
        // The others' sums: the whole sums without `x`'s own extreme contributions.
        let (lo, hi) = (i64::from(lo), i64::from(hi));
        let (others_min, others_max) = (smallest - (a * lo).min(a * hi), largest - (a * lo).max(a * hi));
        let rhs = self.rhs;
        let le_holds = matches!(self.cmp, Comparison::LessOrEqual | Comparison::Equal);
        let ge_holds = matches!(self.cmp, Comparison::GreaterOrEqual | Comparison::Equal);
        let (mut le, mut ge, mut any) = (false, false, false);
        for v in why.removed() {
            any = true;
            let term = a * i64::from(v);
            if le_holds && term + others_min > rhs {
                le = true;
            } else if ge_holds && term + others_max < rhs {
                ge = true;
            } else {
                return false;
            }
        }
        any && self.explain_bounds(why, Some(x), le, ge)
    }

    /// The smallest and largest sum of the terms in the domains before the change.
    pub(crate) fn sum_bounds_before(&self, why: &Antecedents<'_>) -> Option<(i64, i64)> {
        let (mut smallest, mut largest) = (0i64, 0i64);
        for (&x, &a) in self.vars.iter().zip(&self.coeffs) {
            let (lo, hi) = why.bounds(x)?;
            let (lo, hi) = (i64::from(lo), i64::from(hi));
            smallest += (a * lo).min(a * hi);
            largest += (a * lo).max(a * hi);
        }
        Some((smallest, largest))
    }

    /// Names the values of every term but `skip`, each fixed before the change; whether they
    /// were.
    pub(crate) fn explain_fixed(&self, why: &mut Antecedents<'_>, skip: Option<VarId>) -> bool {
        for &x in &self.vars {
            if Some(x) != skip {
                let Some(v) = why.value(x) else { return false };
                why.equal(x, v);
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::event::Event;
    use crate::search::Solver;
    use crate::testing::{assert_same_walk, brute_force, model_with, propagated, small_domains, solve_all, walks};

    fn eval(coeffs: &[Value], values: &[Value]) -> i64 {
        coeffs.iter().zip(values).map(|(&a, &v)| i64::from(a) * i64::from(v)).sum()
    }

    fn post(domains: &[Vec<Value>], coeffs: &[Value], cmp: Comparison, rhs: Value) -> (Model, Vec<VarId>) {
        let (mut model, vars) = model_with(domains);
        model.post(Linear::new(coeffs.iter().copied().zip(vars.iter().copied()), cmp, rhs)).unwrap();
        (model, vars)
    }

    #[test]
    fn equal_narrows_every_bound() {
        // x + y + z = 20 over 1..=9: each is at least 20 - 18 = 2.
        let (model, v) =
            post(&[(1..=9).collect(), (1..=9).collect(), (1..=9).collect()], &[1, 1, 1], Comparison::Equal, 20);
        let d = propagated(model, &v).unwrap();
        assert_eq!(d, vec![(2..=9).collect::<Vec<_>>(); 3]);
    }

    #[test]
    fn equal_with_negative_coefficient_rounds_inwards() {
        // 3x - 2y = 1, x in 0..=5, y in 0..=5: 3x = 1 + 2y in 1..=11, so x in 1..=3;
        // 2y = 3x - 1 in 2..=8, so y in 1..=4.
        let (model, v) = post(&[(0..=5).collect(), (0..=5).collect()], &[3, -2], Comparison::Equal, 1);
        let d = propagated(model, &v).unwrap();
        assert_eq!(d, vec![vec![1, 2, 3], vec![1, 2, 3, 4]]);
    }

    #[test]
    fn less_or_equal_cuts_upper_bounds_only() {
        let (model, v) = post(&[(0..=9).collect(), (2..=9).collect()], &[1, 2], Comparison::LessOrEqual, 7);
        let d = propagated(model, &v).unwrap();
        // x <= 7 - 4 = 3; 2y <= 7 so y <= 3.
        assert_eq!(d, vec![vec![0, 1, 2, 3], vec![2, 3]]);
    }

    #[test]
    fn greater_or_equal_cuts_lower_bounds_only() {
        let (model, v) = post(&[(0..=5).collect(), (0..=5).collect()], &[1, -1], Comparison::GreaterOrEqual, 4);
        let d = propagated(model, &v).unwrap();
        // x - y >= 4: x >= 4, y <= 1.
        assert_eq!(d, vec![vec![4, 5], vec![0, 1]]);
    }

    #[test]
    fn bounds_skip_holes_and_repeat_to_a_fixed_point() {
        // x = y with x in {0, 5, 6}, y in 1..=5: x >= 1 lands on 5, so y >= 5.
        let (model, v) = post(&[vec![0, 5, 6], (1..=5).collect()], &[1, -1], Comparison::Equal, 0);
        let d = propagated(model, &v).unwrap();
        assert_eq!(d, vec![vec![5], vec![5]]);
    }

    #[test]
    fn repeated_terms_merge() {
        let mut model = Model::new();
        let x = model.new_var(0..=9).unwrap();
        let lin = Linear::new([(1, x), (1, x), (0, x)], Comparison::Equal, 8);
        assert_eq!((lin.vars(), lin.coefficients()), (&[x][..], &[2][..]));
        model.post(lin).unwrap();
        assert_eq!(propagated(model, &[x]).unwrap(), vec![vec![4]]);
    }

    #[test]
    fn not_equal_removes_the_last_value_when_all_but_one_are_fixed() {
        let (model, v) = post(&[vec![2], (0..=5).collect(), vec![1]], &[1, 2, 3], Comparison::NotEqual, 9);
        // 2 + 2y + 3 != 9: y != 2.
        assert_eq!(propagated(model, &v).unwrap(), vec![vec![2], vec![0, 1, 3, 4, 5], vec![1]]);
    }

    #[test]
    fn not_equal_waits_while_two_are_free() {
        let (model, v) = post(&[vec![2, 3], vec![2, 3]], &[1, 1], Comparison::NotEqual, 5);
        assert_eq!(propagated(model, &v).unwrap(), vec![vec![2, 3], vec![2, 3]]);
    }

    #[test]
    fn equal_fails_when_the_sum_is_too_small() {
        let (model, _) = post(&[(1..=3).collect(), (1..=3).collect()], &[1, 1], Comparison::Equal, 7);
        let mut solver = Solver::new(model);
        let c = solver.propagate().expect_err("1..=3 + 1..=3 cannot reach 7");
        assert_eq!(c.var, None);
    }

    #[test]
    fn equal_fails_when_the_sum_is_too_large() {
        let (model, _) = post(&[(1..=3).collect(), (1..=3).collect()], &[1, 1], Comparison::Equal, 1);
        Solver::new(model).propagate().expect_err("the smallest sum is 2");
    }

    #[test]
    fn less_or_equal_fails_when_the_smallest_sum_exceeds() {
        let (model, _) = post(&[(4..=5).collect(), (0..=5).collect()], &[1, -1], Comparison::LessOrEqual, -2);
        Solver::new(model).propagate().expect_err("x - y >= -1 > -2");
    }

    #[test]
    fn greater_or_equal_fails_when_the_largest_sum_falls_short() {
        let (model, _) = post(&[(0..=2).collect()], &[3], Comparison::GreaterOrEqual, 7);
        Solver::new(model).propagate().expect_err("3x <= 6 < 7");
    }

    #[test]
    fn equal_wipes_out_a_domain_with_no_value_in_the_bounds() {
        // 2x = 3: x in [2, 1] after rounding inwards, no value.
        let (model, v) = post(&[(0..=5).collect()], &[2], Comparison::Equal, 3);
        let c = Solver::new(model).propagate().expect_err("2x is even");
        assert_eq!(c.var, Some(v[0]));
    }

    #[test]
    fn not_equal_fails_when_all_fixed_and_equal() {
        let (model, _) = post(&[vec![2], vec![3]], &[1, 1], Comparison::NotEqual, 5);
        let c = Solver::new(model).propagate().expect_err("2 + 3 = 5");
        assert_eq!(c.var, None);
    }

    #[test]
    fn empty_sum_compares_zero_with_the_constant() {
        let mut model = Model::new();
        model.post(Linear::sum([], Comparison::LessOrEqual, 0)).unwrap();
        assert_eq!(Solver::new(model).count_solutions(10).count, 1);
        let mut model = Model::new();
        model.post(Linear::sum([], Comparison::Equal, 1)).unwrap();
        assert_eq!(Solver::new(model).count_solutions(10).count, 0);
    }

    #[test]
    fn post_rejects_sums_that_could_overflow() {
        let mut model = Model::new();
        let x = model.new_var(vec![i32::MIN, i32::MAX]).unwrap();
        let y = model.new_var(vec![i32::MIN, i32::MAX]).unwrap();
        let terms: Vec<(Value, VarId)> = (0..10).flat_map(|_| [(i32::MAX, x), (i32::MIN, y)]).collect();
        let err = model.post(Linear::new(terms, Comparison::Equal, 0)).unwrap_err();
        assert!(matches!(err, ModelError::InvalidConstraint { kind: "linear", .. }), "{err}");
    }

    #[test]
    fn extreme_values_do_not_overflow() {
        let mut model = Model::new();
        let x = model.new_var(vec![i32::MIN, 0, i32::MAX]).unwrap();
        let y = model.new_var(vec![-i32::MAX, 0, i32::MAX]).unwrap();
        model.post(Linear::new([(i32::MAX, x), (i32::MAX, y)], Comparison::Equal, 0)).unwrap();
        let found = solve_all(model, &[x, y]);
        assert_eq!(found, vec![vec![0, 0], vec![i32::MAX, -i32::MAX]]);
    }

    #[test]
    fn prunings_carry_bounds_rule_and_the_other_variables() {
        let (model, v) =
            post(&[(0..=9).collect(), (0..=2).collect(), (0..=3).collect()], &[1, 1, 1], Comparison::Equal, 12);
        let mut solver = Solver::new(model);
        let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let sink = seen.clone();
        solver.set_observer(Some(Box::new(move |e: &Event<'_>| {
            if let Event::Prune { var, reason, .. } = e {
                sink.lock().unwrap().push((*var, reason.rule, reason.premises.to_vec()));
            }
        })));
        solver.propagate().unwrap();
        let seen = seen.lock().unwrap();
        // x >= 12 - 5 = 7 removes 0..=6 from x, with y and z as premises; z >= 12 - 11 = 1
        // removes 0 from z, with x and y as premises.
        let mut expected: Vec<_> = (0..7).map(|_| (v[0], Rule::Bounds, vec![v[1], v[2]])).collect();
        expected.push((v[2], Rule::Bounds, vec![v[0], v[1]]));
        assert_eq!(*seen, expected);
    }

    fn cmp_strategy() -> impl Strategy<Value = Comparison> {
        prop_oneof![
            Just(Comparison::Equal),
            Just(Comparison::LessOrEqual),
            Just(Comparison::GreaterOrEqual),
            Just(Comparison::NotEqual)
        ]
    }

    #[test]
    fn large_sums_are_tracked_and_small_ones_not() {
        let (mut model, v) = model_with(&vec![vec![0, 1]; TRACKED_TERMS]);
        model.post(Linear::sum(v.iter().copied(), Comparison::Equal, 1)).unwrap();
        model.post(Linear::sum(v[1..].iter().copied(), Comparison::LessOrEqual, 1)).unwrap();
        model.post(Linear::sum(v.iter().copied(), Comparison::NotEqual, 3)).unwrap();
        let events: Vec<Events> = model.constraints().map(|(_, c)| c.subscriptions(0)).collect();
        assert_eq!(events, vec![Events::TRACK_BOUNDS, Events::BOUNDS, Events::FIXED]);
        // One of 32 is 1: the first set to 1 leaves the others 0, through the tracked sums.
        assert_eq!(Solver::new(model.clone()).count_solutions(100).count, 32);
        let mut solver = Solver::new(model);
        solver.propagate().unwrap();
        solver.assign(v[5], 1).unwrap();
        solver.propagate().unwrap();
        assert!(v.iter().enumerate().all(|(i, &x)| solver.domain(x).to_vec() == vec![i32::from(i == 5)]));
    }

    #[test]
    fn tracked_sums_count_exactly_with_and_without_learning() {
        // 40 Booleans with two of them 1, at most one among the first 20, and a weighted sum
        // over all of them at least 30 (weights 1..=40): counted by hand below.
        let expected = (0..40)
            .flat_map(|i| (i + 1..40).map(move |j| (i, j)))
            .filter(|&(i, j)| j >= 20 && (i + 1) + (j + 1) >= 30)
            .count() as u64;
        for learning in [false, true] {
            let (mut model, v) = model_with(&vec![vec![0, 1]; 40]);
            model.post(Linear::sum(v.iter().copied(), Comparison::Equal, 2)).unwrap();
            model.post(Linear::sum(v[..20].iter().copied(), Comparison::LessOrEqual, 1)).unwrap();
            model.post(Linear::new((1..=40).zip(v.iter().copied()), Comparison::GreaterOrEqual, 30)).unwrap();
            let mut solver = Solver::new(model);
            solver.set_learning(learning);
            assert_eq!(solver.count_solutions(u64::MAX).count, expected, "learning {learning}");
        }
    }

    proptest! {
        #[test]
        fn tracked_sums_prune_as_the_stateless_pass_through_checkpoints(
            domains in small_domains(6, -3, 3),
            coeffs in proptest::collection::vec(-3i32..=3, 6),
            cmp in prop_oneof![Just(Comparison::Equal), Just(Comparison::LessOrEqual), Just(Comparison::GreaterOrEqual)],
            rhs in -10i32..=10,
            steps in walks(24, 6, -3..=3),
            trail in any::<bool>(),
        ) {
            use crate::store::SnapshotMode;
            let coeffs = &coeffs[..domains.len()];
            let (plain, v) = post(&domains, coeffs, cmp, rhs);
            let (mut model, w) = model_with(&domains);
            let terms = coeffs.iter().copied().zip(w.iter().copied());
            model.post(Linear::new(terms, cmp, rhs).tracked_from(0)).unwrap();
            let (mut a, mut b) = (Solver::new(plain), Solver::new(model.clone()));
            let mode = if trail { SnapshotMode::Trail } else { SnapshotMode::Copy };
            a.set_snapshot_mode(mode);
            b.set_snapshot_mode(mode);
            assert_same_walk(&mut a, &v, &mut b, &w, &steps)?;
            let expected = brute_force(&domains, |vs| cmp.holds(eval(coeffs, vs), i64::from(rhs)));
            prop_assert_eq!(solve_all(model, &w), expected);
        }

        #[test]
        fn solutions_equal_brute_force(
            domains in small_domains(4, -3, 3),
            coeffs in proptest::collection::vec(-3i32..=3, 4),
            cmp in cmp_strategy(),
            rhs in -8i32..=8,
        ) {
            let coeffs = &coeffs[..domains.len()];
            let expected = brute_force(&domains, |vs| cmp.holds(eval(coeffs, vs), i64::from(rhs)));
            let (model, v) = post(&domains, coeffs, cmp, rhs);
            prop_assert_eq!(solve_all(model, &v), expected);
        }

        #[test]
        fn propagation_keeps_every_supported_value_and_reaches_bounds_consistency(
            domains in small_domains(4, -3, 3),
            coeffs in proptest::collection::vec(-3i32..=3, 4),
            cmp in cmp_strategy(),
            rhs in -8i32..=8,
        ) {
            let coeffs = &coeffs[..domains.len()];
            let expected = brute_force(&domains, |vs| cmp.holds(eval(coeffs, vs), i64::from(rhs)));
            let (model, v) = post(&domains, coeffs, cmp, rhs);
            match propagated(model, &v) {
                None => prop_assert!(expected.is_empty()),
                Some(d) => {
                    for s in &expected {
                        for (p, val) in s.iter().enumerate() {
                            prop_assert!(d[p].contains(val), "{} removed from x{} but in solution {:?}", val, p, s);
                        }
                    }
                    if cmp != Comparison::NotEqual && !expected.is_empty() {
                        // Bounds consistency: each remaining bound extends to a real-valued
                        // solution within the other bounds.
                        for p in 0..d.len() {
                            for &b in [d[p][0], d[p][d[p].len() - 1]].iter() {
                                let (mut lo, mut hi) = (i64::from(coeffs[p]) * i64::from(b), i64::from(coeffs[p]) * i64::from(b));
                                for q in (0..d.len()).filter(|&q| q != p) {
                                    let a = i64::from(coeffs[q]);
                                    let (u, w) = (a * i64::from(d[q][0]), a * i64::from(d[q][d[q].len() - 1]));
                                    lo += u.min(w);
                                    hi += u.max(w);
                                }
                                let c = i64::from(rhs);
                                let ok = match cmp {
                                    Comparison::Equal => lo <= c && c <= hi,
                                    Comparison::LessOrEqual => lo <= c,
                                    _ => hi >= c,
                                };
                                prop_assert!(ok, "bound {} of x{} has no support in {:?}", b, p, d);
                            }
                        }
                    }
                }
            }
        }
    }
}

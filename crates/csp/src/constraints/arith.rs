//! `Arithmetic`: `z = x * y`, `x / y`, `x mod y`, `x ^ y`, `min(x, y)`, `max(x, y)`, `|x|`.

mod interval;

use crate::constraints::linear::tighten;
use crate::context::Context;
use crate::error::Conflict;
use crate::id::{Value, VarId};
use crate::learning::explain::{Antecedents, Change};
use crate::model::constraint::Constraint;
use crate::rule::Rule;
use crate::subscription::{Events, Priority};

/// The operation of an [`Arithmetic`] constraint.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ArithOp {
    /// `z = x * y`.
    Times,
    /// `z = x / y`, rounded towards zero; `y != 0`.
    Div,
    /// `z = x mod y`, the remainder of [`Div`](ArithOp::Div) (the sign of `x`); `y != 0`.
    Mod,
    /// `z = x ^ y`; for `y < 0`, as MiniZinc evaluates it: `1` for `x = 1`, undefined for
    /// `x = 0`, `0` otherwise.
    Pow,
    /// `z = min(x, y)`.
    Min,
    /// `z = max(x, y)`.
    Max,
    /// `z = |x|` (`y` is ignored).
    Abs,
}

impl ArithOp {
    /// `op(x, y)` with MiniZinc's semantics, or `None` where it is undefined (division by zero,
    /// `0` to a negative power) or beyond 64 bits.
    ///
    /// ```
    /// use csp::constraints::ArithOp;
    ///
    /// assert_eq!(ArithOp::Div.eval(-7, 2), Some(-3)); // rounded towards zero
    /// assert_eq!(ArithOp::Mod.eval(-7, 2), Some(-1)); // the sign of the dividend
    /// assert_eq!(ArithOp::Mod.eval(7, -2), Some(1));
    /// assert_eq!(ArithOp::Pow.eval(2, -1), Some(0)); // 1 div 2
    /// assert_eq!(ArithOp::Pow.eval(-1, -3), Some(0)); // as MiniZinc 2.6.4 evaluates it
    /// assert_eq!(ArithOp::Pow.eval(0, -1), None);
    /// assert_eq!(ArithOp::Div.eval(1, 0), None);
    /// ```
    pub fn eval(self, x: i64, y: i64) -> Option<i64> {
        match self {
            ArithOp::Times => x.checked_mul(y),
            ArithOp::Div => x.checked_div(y),
            ArithOp::Mod => x.checked_rem(y),
            ArithOp::Pow => interval::pow_eval(x, y),
            ArithOp::Min => Some(x.min(y)),
            ArithOp::Max => Some(x.max(y)),
            ArithOp::Abs => x.checked_abs(),
        }
    }

    fn name(self) -> &'static str {
        match self {
            ArithOp::Times => "times",
            ArithOp::Div => "div",
            ArithOp::Mod => "mod",
            ArithOp::Pow => "pow",
            ArithOp::Min => "min",
            ArithOp::Max => "max",
            ArithOp::Abs => "abs",
        }
    }
}

/// Above this many `(x, y)` pairs, propagation reasons on bounds instead of on every pair.
const SUPPORT_LIMIT: usize = 4096;

/// `z = op(x, y)` for an [`ArithOp`] (FlatZinc's `int_times`, `int_div`, `int_mod`, `int_pow`,
/// `int_min`, `int_max`, `int_abs`).
///
/// # Propagation
///
/// * while `|D(x)| * |D(y)|` is at most 4096: *domain consistency*: every pair is evaluated and
///   each value of `x`, `y` and `z` without a supporting triple is removed (`min` and `max`
///   over bitsets, and `abs`, in one pass over each domain, with no pairs; `abs` of an
///   interval moves its bounds only, reading the values it skips);
/// * on larger domains: *bounds consistency* on all three variables, each operand split by
///   sign as Gecode's propagators do: over the integers for `div`, `abs`, `min` and `max`, over
///   the reals for `times` (`x * x` as a square, with both signs of its root); for `mod`, the
///   result from the signs and sizes of the operands and, with a fixed modulus, `x`'s bounds
///   moved to the nearest values with a supported remainder; for `pow`, exact bounds with a
///   fixed exponent and the hull of the extreme cases otherwise. Once every variable but one
///   is fixed, the last one keeps only its consistent values.
///
/// Undefined results (division by zero, a negative exponent) and results beyond 64 bits have no
/// support: such pairs are never solutions.
///
/// # Example
///
/// ```
/// use csp::Model;
/// use csp::constraints::{ArithOp, Arithmetic};
///
/// let mut model = Model::new();
/// let x = model.new_var(-3..=3)?;
/// let y = model.new_var(2..=3)?;
/// let z = model.new_var(5..=9)?;
/// model.post(Arithmetic::new(ArithOp::Times, x, y, z))?; // z = x * y
/// let mut solver = model.into_solver();
/// solver.propagate()?;
/// assert_eq!(solver.domain(x).to_vec(), vec![2, 3]); // 2 * 3 and 3 * 2, 3 * 3
/// assert_eq!(solver.domain(z).to_vec(), vec![6, 9]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Arithmetic {
    op: ArithOp,
    /// `[x, y, z]`, or `[x, z]` for [`ArithOp::Abs`].
    vars: Vec<VarId>,
    // Scratch (reused, so propagation does not allocate once warm).
    xs: Vec<Value>,
    ys: Vec<Value>,
    x_ok: Vec<bool>,
    y_ok: Vec<bool>,
    z_ok: Vec<Value>,
    z_marks: Vec<bool>,
}

impl Arithmetic {
    /// `z = op(x, y)`; for [`ArithOp::Abs`], `y` is ignored (see [`abs`](Arithmetic::abs)).
    pub fn new(op: ArithOp, x: VarId, y: VarId, z: VarId) -> Arithmetic {
        let vars = if op == ArithOp::Abs { vec![x, z] } else { vec![x, y, z] };
        Arithmetic {
            op,
            vars,
            xs: Vec::new(),
            ys: Vec::new(),
            x_ok: Vec::new(),
            y_ok: Vec::new(),
            z_ok: Vec::new(),
            z_marks: Vec::new(),
        }
    }

    /// `z = |x|`.
    pub fn abs(x: VarId, z: VarId) -> Arithmetic {
        Arithmetic::new(ArithOp::Abs, x, x, z)
    }

    /// The bounds of `op(x, y)` over operands within `x` and `y` (results clamped to `limit`),
    /// or `None` when no pair of values gives a result within `limit` (for instance division
    /// by zero only).
    pub(crate) fn result_bounds(
        op: ArithOp,
        x: (i64, i64),
        y: (i64, i64),
        same: bool,
        limit: (i64, i64),
    ) -> Option<(i64, i64)> {
        let r = match op {
            ArithOp::Times if same => interval::square(x, limit).map(|[_, z]| z),
            ArithOp::Times => interval::times(x, y, limit).map(|[_, _, z]| z),
            ArithOp::Div => interval::div(x, y, limit).map(|[_, _, z]| z),
            ArithOp::Mod => interval::rem(x, y, limit).map(|[_, _, z]| z),
            ArithOp::Pow => interval::pow(x, y, limit).map(|[_, _, z]| z),
            ArithOp::Min => interval::min(x, y, limit).map(|[_, _, z]| z),
            ArithOp::Max => interval::max(x, y, limit).map(|[_, _, z]| z),
            ArithOp::Abs => interval::abs(x, limit).map(|[_, z]| z),
        };
        r.map(|(lo, hi)| (lo.max(limit.0), hi.min(limit.1))).filter(|(lo, hi)| lo <= hi)
    }

    fn x(&self) -> VarId {
        self.vars[0]
    }

    fn y(&self) -> VarId {
        if self.op == ArithOp::Abs {
            self.vars[0]
        } else {
            self.vars[1]
        }
    }

    fn z(&self) -> VarId {
        self.vars[self.vars.len() - 1]
    }

    fn eval(&self, x: Value, y: Value) -> Option<i64> {
        self.op.eval(i64::from(x), i64::from(y))
    }

    /// Domain consistency by enumerating pairs.
    fn supports(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        if self.op == ArithOp::Abs {
            return self.abs_supports(ctx);
        }
        let (x, y, z) = (self.x(), self.y(), self.z());
        let extremum = matches!(self.op, ArithOp::Min | ArithOp::Max) && x != y && z != x && z != y;
        if extremum && [x, y, z].iter().all(|&v| !ctx.domain(v).is_interval()) {
            return self.extremum_supports(ctx);
        }
        self.xs.clear();
        self.xs.extend(ctx.domain(x).iter());
        self.ys.clear();
        if self.op == ArithOp::Abs {
            self.ys.push(0);
        } else {
            self.ys.extend(ctx.domain(y).iter());
        }
        self.x_ok.clear();
        self.x_ok.resize(self.xs.len(), false);
        self.y_ok.clear();
        self.y_ok.resize(self.ys.len(), false);
        self.z_ok.clear();
        for (i, &a) in self.xs.iter().enumerate() {
            for (j, &b) in self.ys.iter().enumerate() {
                let Some(r) = self.op.eval(i64::from(a), i64::from(b)) else { continue };
                let Ok(r) = Value::try_from(r) else { continue };
                if ctx.contains(z, r) {
                    self.x_ok[i] = true;
                    self.y_ok[j] = true;
                    self.z_ok.push(r);
                }
            }
        }
        self.z_ok.sort_unstable();
        self.z_ok.dedup();
        // One pass per operand (values in increasing order, as `xs` and `ys` were read).
        retain_marked(ctx, x, &self.x_ok)?;
        // `y` is `x` again for `x * x`: `x_ok` already holds its supports.
        if y != x {
            retain_marked(ctx, y, &self.y_ok)?;
        }
        let z_ok = &self.z_ok;
        if ctx.domain(z).is_interval() {
            // Only an interval's bounds move (to the smallest and largest supported values):
            // without visiting its every value.
            return match (z_ok.first(), z_ok.last()) {
                (Some(&lo), Some(&hi)) => tighten(ctx, z, i64::from(lo), i64::from(hi)).map(|_| ()),
                _ => ctx.wipe_out(z, Rule::NoSupport).map(|_| ()),
            };
        }
        ctx.retain(z, |v| z_ok.binary_search(&v).is_ok(), Rule::NoSupport)?;
        Ok(())
    }

    /// Domain consistency of `z = |x|` in one pass over each domain: `x` keeps the values whose
    /// absolute value `z` holds, then `z` the absolute values of those left, read in increasing
    /// order by merging `x`'s negative values (backwards) with the others: no pairs, no sort.
    fn abs_supports(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let (x, z) = (self.x(), self.z());
        if ctx.domain(x).is_interval() {
            return Self::abs_on_interval(ctx, x, z);
        }
        self.xs.clear();
        self.xs.extend(ctx.domain(x).iter());
        self.x_ok.clear();
        for &a in &self.xs {
            self.x_ok.push(a.checked_abs().is_some_and(|r| ctx.contains(z, r)));
        }
        retain_marked(ctx, x, &self.x_ok)?;
        // The absolute values left, merged from both signs (each list already increasing).
        let split = self.xs.partition_point(|&a| a < 0);
        let kept = |k: &usize| self.x_ok[*k];
        let mut neg = (0..split).rev().filter(kept).map(|k| -self.xs[k]).peekable();
        let mut pos = (split..self.xs.len()).filter(kept).map(|k| self.xs[k]).peekable();
        self.z_ok.clear();
        loop {
            let next = match (neg.peek(), pos.peek()) {
                (Some(&a), Some(&b)) if a <= b => neg.next(),
                (_, Some(_)) => pos.next(),
                (Some(_), None) => neg.next(),
                (None, None) => break,
            };
            let Some(r) = next else { break };
            if self.z_ok.last() != Some(&r) {
                self.z_ok.push(r);
            }
        }
        let z_ok = &self.z_ok;
        if ctx.domain(z).is_interval() {
            return match (z_ok.first(), z_ok.last()) {
                (Some(&lo), Some(&hi)) => tighten(ctx, z, i64::from(lo), i64::from(hi)).map(|_| ()),
                _ => ctx.wipe_out(z, Rule::NoSupport).map(|_| ()),
            };
        }
        // `z`'s values in increasing order against the merged list: one walk of each.
        let mut k = 0;
        ctx.retain(
            z,
            |v| {
                while k < z_ok.len() && z_ok[k] < v {
                    k += 1;
                }
                k < z_ok.len() && z_ok[k] == v
            },
            Rule::NoSupport,
        )?;
        Ok(())
    }

    /// Domain consistency of `z = max(x, y)` (or `min`) over three distinct bitset variables in
    /// one pass over each domain, with no pairs: for `max`, a value `v` of `z` is supported
    /// when `x` holds it and `y` has a value at most `v` (or the same with `x` and `y`
    /// swapped); a value `a` of `x` when `z` holds it and `y` has a value at most `a`, or when
    /// `y` and `z` share a value above `a`. `min` is the mirror image (at least, below).
    fn extremum_supports(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let (x, y, z) = (self.x(), self.y(), self.z());
        let max = self.op == ArithOp::Max;
        // For `max`: the smallest value of each operand, and the largest it shares with `z`;
        // for `min`: the largest, and the smallest shared.
        let reach = |v: VarId| if max { ctx.min(v) } else { ctx.max(v) };
        let (reach_x, reach_y) = (reach(x), reach(y));
        let shared = |v: VarId| {
            let mut common = ctx.domain(v).iter().filter(|&a| ctx.contains(z, a));
            if max {
                common.last()
            } else {
                common.next()
            }
        };
        let (shared_x, shared_y) = (shared(x), shared(y));
        // `a` is within the other operand's reach: `max(a, b) = a` for some `b`.
        let within = |a: Value, r: Value| if max { a >= r } else { a <= r };
        // `a` is beaten by a value the other operand shares with `z`.
        let beaten = |a: Value, s: Option<Value>| s.is_some_and(|s| if max { a < s } else { a > s });
        self.x_ok.clear();
        for a in ctx.domain(x).iter() {
            self.x_ok.push((ctx.contains(z, a) && within(a, reach_y)) || beaten(a, shared_y));
        }
        self.y_ok.clear();
        for b in ctx.domain(y).iter() {
            self.y_ok.push((ctx.contains(z, b) && within(b, reach_x)) || beaten(b, shared_x));
        }
        self.z_marks.clear();
        for v in ctx.domain(z).iter() {
            let by_x = ctx.contains(x, v) && within(v, reach_y);
            self.z_marks.push(by_x || (ctx.contains(y, v) && within(v, reach_x)));
        }
        retain_marked(ctx, x, &self.x_ok)?;
        retain_marked(ctx, y, &self.y_ok)?;
        retain_marked(ctx, z, &self.z_marks)?;
        Ok(())
    }

    /// Domain consistency of `z = |x|` when `x` is an interval (no holes): only `x`'s bounds
    /// move, to the nearest values whose absolute value `z` holds, and the absolute values of
    /// `x`'s range left form a range, to which `z` is cut. Only the values skipped at `x`'s
    /// bounds are read (a difference of two frequencies has over a thousand values; it was
    /// read whole on every call).
    fn abs_on_interval(ctx: &mut Context<'_>, x: VarId, z: VarId) -> Result<(), Conflict> {
        let (lo, hi) = (i64::from(ctx.min(x)), i64::from(ctx.max(x)));
        let held = |a: i64| Value::try_from(a.abs()).is_ok_and(|r| ctx.contains(z, r));
        let Some(new_lo) = (lo..=hi).find(|&a| held(a)) else {
            return ctx.wipe_out(x, Rule::NoSupport).map(|_| ());
        };
        let new_hi = (new_lo..=hi).rev().find(|&a| held(a)).unwrap_or(new_lo);
        tighten(ctx, x, new_lo, new_hi)?;
        let zr = (i64::from(ctx.min(z)), i64::from(ctx.max(z)));
        match interval::abs((new_lo, new_hi), zr) {
            Some([_, (zlo, zhi)]) => tighten(ctx, z, zlo, zhi).map(|_| ()),
            None => ctx.wipe_out(z, Rule::NoSupport).map(|_| ()),
        }
    }

    /// Bounds reasoning for large domains ([`interval`]).
    fn bounds(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let (x, y, z) = (self.x(), self.y(), self.z());
        let b = |v: VarId| (i64::from(ctx.min(v)), i64::from(ctx.max(v)));
        let (xr, yr, zr) = (b(x), b(y), b(z));
        let narrowed = match self.op {
            ArithOp::Times if x == y => interval::square(xr, zr).map(|[a, c]| [a, a, c]),
            ArithOp::Times => interval::times(xr, yr, zr),
            ArithOp::Div => interval::div(xr, yr, zr),
            ArithOp::Mod => interval::rem(xr, yr, zr),
            ArithOp::Pow => interval::pow(xr, yr, zr),
            ArithOp::Min => interval::min(xr, yr, zr),
            ArithOp::Max => interval::max(xr, yr, zr),
            ArithOp::Abs => interval::abs(xr, zr).map(|[a, c]| [a, a, c]),
        };
        let Some([nx, ny, nz]) = narrowed else { return Err(ctx.fail(Rule::Bounds)) };
        tighten(ctx, x, nx.0, nx.1)?;
        if self.op != ArithOp::Abs {
            tighten(ctx, y, ny.0, ny.1)?;
        }
        tighten(ctx, z, nz.0, nz.1)?;
        self.last_free(ctx)
    }

    /// Forward checking: with one variable free, keep its consistent values; with none, check.
    fn last_free(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let (x, y, z) = (self.x(), self.y(), self.z());
        match (ctx.value(x), ctx.value(y), ctx.value(z)) {
            (Some(a), Some(b), _) => match self.eval(a, b).and_then(|r| Value::try_from(r).ok()) {
                Some(r) => ctx.assign(z, r, Rule::NoSupport).map(|_| ()),
                None => Err(ctx.fail(Rule::NoSupport)),
            },
            (Some(a), None, Some(c)) if ctx.size(y) <= SUPPORT_LIMIT => ctx
                .retain(y, |b| self.op.eval(i64::from(a), i64::from(b)) == Some(i64::from(c)), Rule::NoSupport)
                .map(|_| ()),
            (None, Some(b), Some(c)) if ctx.size(x) <= SUPPORT_LIMIT => ctx
                .retain(x, |a| self.op.eval(i64::from(a), i64::from(b)) == Some(i64::from(c)), Rule::NoSupport)
                .map(|_| ()),
            _ => Ok(()),
        }
    }
}

impl Constraint for Arithmetic {
    fn kind(&self) -> &'static str {
        self.op.name()
    }

    fn scope(&self) -> &[VarId] {
        &self.vars
    }

    fn subscriptions(&self, _local: usize) -> Events {
        Events::DOMAIN
    }

    fn priority(&self) -> Priority {
        Priority::Normal
    }

    fn propagate(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let ny = if self.op == ArithOp::Abs { 1 } else { ctx.size(self.y()) };
        if ctx.size(self.x()).saturating_mul(ny) > SUPPORT_LIMIT {
            return self.bounds(ctx);
        }
        // Division, min and max over domains without holes: their bounds consistency is domain
        // consistency (each variable's supported values form a range), at no enumeration.
        let whole = |v: VarId| ctx.size(v) as i64 == i64::from(ctx.max(v)) - i64::from(ctx.min(v)) + 1;
        if matches!(self.op, ArithOp::Div | ArithOp::Min | ArithOp::Max)
            && whole(self.x())
            && whole(self.y())
            && whole(self.z())
        {
            return self.bounds(ctx);
        }
        self.supports(ctx)
    }

    fn explain(&self, why: &mut Antecedents<'_>) -> bool {
        let (x, y, z) = (self.x(), self.y(), self.z());
        if z == x || z == y {
            return false;
        }
        // By bounds: when the bounds before the change, narrowed as `bounds` does, give it.
        let b = |v: VarId| why.bounds(v).map(|(lo, hi)| (i64::from(lo), i64::from(hi)));
        let (Some(xr), Some(yr), Some(zr)) = (b(x), b(y), b(z)) else {
            return self.op == ArithOp::Abs && self.explain_abs(why);
        };
        let narrowed = self.narrow(xr, yr, zr);
        let slot = |t: VarId| {
            if t == x {
                0
            } else if t == y {
                1
            } else {
                2
            }
        };
        // A bitset's entry may take values beyond a hole (its bound then names the value past
        // the hole) or a block of them inside the domain (while removing above a bound, block
        // by block): by bounds too when the narrowed range excludes every value it took.
        let outside = |(lo, hi): (i64, i64)| {
            why.removed().next().is_some() && why.removed().all(|r| i64::from(r) < lo || i64::from(r) > hi)
        };
        let by_bounds = match (why.change(), narrowed) {
            (_, None) => true,
            (Change::AtLeast(t, v), Some(n)) => n[slot(t)].0 >= i64::from(v) || outside(n[slot(t)]),
            (Change::AtMost(t, v), Some(n)) => n[slot(t)].1 <= i64::from(v) || outside(n[slot(t)]),
            (Change::Removed(t), Some(n)) => outside(n[slot(t)]),
            _ => false,
        };
        if by_bounds {
            for v in [x, y, z] {
                if !why.at_least_min(v) || !why.at_most_max(v) {
                    return false;
                }
            }
            return true;
        }
        // The two other variables set (as `last_free` reads them): their values.
        let target = match why.change() {
            Change::AtLeast(t, _) | Change::AtMost(t, _) | Change::Removed(t) => t,
            Change::Failure => return false,
        };
        let others: smallvec::SmallVec<[VarId; 3]> = self.vars.iter().copied().filter(|&v| v != target).collect();
        if !others.is_empty() && others.iter().all(|&v| why.value(v).is_some()) {
            for v in others {
                let value = why.value(v).unwrap_or_default();
                why.equal(v, value);
            }
            return true;
        }
        if self.op == ArithOp::Abs {
            return self.explain_abs(why);
        }
        // Value by value: each value gone had no support left.
        // One block of a bitset domain at most, and operands of at most `EXPLAIN_VALUES` values
        // (checked before they are read): on the stack, never on the heap.
        let removed: smallvec::SmallVec<[Value; crate::domain::BITS]> = why.removed().collect();
        let t = match why.change() {
            Change::AtLeast(t, _) | Change::AtMost(t, _) | Change::Removed(t) if !removed.is_empty() => t,
            _ => return false,
        };
        let Some(xs) = why.initial_values(x) else { return false };
        if why.initial_len(x) > EXPLAIN_VALUES || why.initial_len(y) > EXPLAIN_VALUES {
            return false;
        }
        let xs: smallvec::SmallVec<[Value; EXPLAIN_VALUES]> = xs.collect();
        let ys: smallvec::SmallVec<[Value; EXPLAIN_VALUES]> = match self.op {
            ArithOp::Abs => smallvec::smallvec![0],
            _ if x == y => smallvec::SmallVec::new(),
            _ => match why.initial_values(y) {
                Some(ys) => ys.collect(),
                None => return false,
            },
        };
        if xs.len() > EXPLAIN_VALUES || ys.len() > EXPLAIN_VALUES || xs.len().saturating_mul(ys.len()) > EXPLAIN_PAIRS {
            return false;
        }
        removed.into_iter().all(|v| self.unsupported(why, t, v, &xs, &ys))
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        let (x, y, z) = match values {
            [x, z] => (*x, 0, *z),
            [x, y, z] => (*x, *y, *z),
            _ => return false,
        };
        self.eval(x, y) == Some(i64::from(z))
    }
}

// ---- explanations (lazy clause generation) ----------------------------------------------

/// Operand pairs looked at to explain a value without support, and values of an operand.
const EXPLAIN_PAIRS: usize = 4096;
const EXPLAIN_VALUES: usize = 256;

impl Arithmetic {
    /// The bounds `bounds` narrows the ranges to (`None`: no solution within them).
    fn narrow(&self, xr: (i64, i64), yr: (i64, i64), zr: (i64, i64)) -> Option<[(i64, i64); 3]> {
        match self.op {
            ArithOp::Times if self.x() == self.y() => interval::square(xr, zr).map(|[a, c]| [a, a, c]),
            ArithOp::Times => interval::times(xr, yr, zr),
            ArithOp::Div => interval::div(xr, yr, zr),
            ArithOp::Mod => interval::rem(xr, yr, zr),
            ArithOp::Pow => interval::pow(xr, yr, zr),
            ArithOp::Min => interval::min(xr, yr, zr),
            ArithOp::Max => interval::max(xr, yr, zr),
            ArithOp::Abs => interval::abs(xr, zr).map(|[a, c]| [a, a, c]),
        }
    }

    /// Why the values gone from `x` or `z` had no support under `z = |x|`: a value `a` of `x`
    /// by `z != |a|`, a value `v` of `z` by `x != v` and `x != -v`. At most two supports per
    /// value, so no operand is enumerated, whatever the domains' sizes.
    fn explain_abs(&self, why: &mut Antecedents<'_>) -> bool {
        let (x, z) = (self.x(), self.z());
        let t = match why.change() {
            Change::AtLeast(t, _) | Change::AtMost(t, _) | Change::Removed(t) => t,
            Change::Failure => return false,
        };
        // One block of a bitset domain at most: on the stack.
        let removed: smallvec::SmallVec<[Value; crate::domain::BITS]> = why.removed().collect();
        if removed.is_empty() {
            // An interval's bound: the bounds reasoning above, or nothing precise.
            return false;
        }
        if t == x {
            why.not_equal_all_if_absent(z, removed.iter().filter_map(|a| a.checked_abs()))
        } else {
            let support = removed.iter().filter(|&&v| v >= 0).flat_map(|&v| [Some(v), v.checked_neg()]).flatten();
            why.not_equal_all_if_absent(x, support)
        }
    }

    /// Names why value `v` of `t` had no support before the change: each pair of operands
    /// (`a` of `xs`, `b` of `ys`, the initial values; `b = 0` for `abs`, `b = a` for `x * x`)
    /// that would support it has a value gone; whether it could say.
    fn unsupported(&self, why: &mut Antecedents<'_>, t: VarId, v: Value, xs: &[Value], ys: &[Value]) -> bool {
        let (x, y, z) = (self.x(), self.y(), self.z());
        let pairs_with_y = self.op != ArithOp::Abs && x != y;
        let second = |a: Value, b: Value| match (self.op, pairs_with_y) {
            (ArithOp::Abs, _) => 0,
            (_, false) => a,
            _ => b,
        };
        // The pairs with `v` in `t`'s place.
        let (a_range, b_range): (&[Value], &[Value]) = if t == x {
            (std::slice::from_ref(&v), ys)
        } else if t == y && pairs_with_y {
            (xs, std::slice::from_ref(&v))
        } else {
            (xs, ys)
        };
        for &a in a_range {
            for &b0 in if pairs_with_y { b_range } else { &[0][..] } {
                let b = second(a, b0);
                let r = self.eval(a, b).and_then(|r| Value::try_from(r).ok());
                if t == z && r != Some(v) {
                    continue;
                }
                if t != x && !why.contains(x, a) {
                    why.not_equal(x, a);
                } else if pairs_with_y && t != y && !why.contains(y, b) {
                    why.not_equal(y, b);
                } else if t != z {
                    match r {
                        None => {}
                        Some(r) if !why.contains(z, r) => why.not_equal(z, r),
                        Some(_) => return false,
                    }
                } else {
                    return false;
                }
            }
        }
        true
    }
}

/// Keeps the values of `x` whose marks are set: `marks[k]` for its `k`-th value in increasing
/// order (as its domain was read into the marks). Whether a value went.
fn retain_marked(ctx: &mut Context<'_>, x: VarId, marks: &[bool]) -> Result<bool, Conflict> {
    let mut k = 0;
    ctx.retain(
        x,
        |_| {
            k += 1;
            marks[k - 1]
        },
        Rule::NoSupport,
    )
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::testing::{
        assert_solutions_and_gac, brute_force, model_with, projections, propagated, small_domains, solve_all,
    };

    fn op_strategy() -> impl Strategy<Value = ArithOp> {
        prop_oneof![
            Just(ArithOp::Times),
            Just(ArithOp::Div),
            Just(ArithOp::Mod),
            Just(ArithOp::Pow),
            Just(ArithOp::Min),
            Just(ArithOp::Max),
            Just(ArithOp::Abs),
        ]
    }

    proptest! {
        #[test]
        fn solutions_equal_brute_force(domains in small_domains(3, -4, 4), op in op_strategy()) {
            prop_assume!(domains.len() == 3);
            let expected = brute_force(&domains, |v| op.eval(i64::from(v[0]), i64::from(v[1])) == Some(i64::from(v[2])));
            let (mut model, v) = model_with(&domains);
            let c = if op == ArithOp::Abs { Arithmetic::abs(v[0], v[2]) } else { Arithmetic::new(op, v[0], v[1], v[2]) };
            model.post(c).unwrap();
            prop_assert_eq!(solve_all(model, &v), expected);
        }
    }

    proptest! {
        /// `op(x, x) = z` (MiniZinc writes `x * x` so), in both modes.
        #[test]
        fn aliased_operands_equal_brute_force(domains in small_domains(2, -6, 6), wide in any::<bool>(), op in op_strategy()) {
            prop_assume!(domains.len() == 2 && op != ArithOp::Abs);
            let domains = if wide { vec![(-80..=80).collect(), domains[1].clone()] } else { domains };
            let expected = brute_force(&domains, |v| op.eval(i64::from(v[0]), i64::from(v[0])) == Some(i64::from(v[1])));
            let (mut model, v) = model_with(&domains);
            model.post(Arithmetic::new(op, v[0], v[0], v[1])).unwrap();
            prop_assert_eq!(solve_all(model, &v), expected);
        }
    }

    proptest! {
        /// Min and max over bitsets (one pass over each domain, no pairs) are domain
        /// consistent: root propagation leaves exactly the solutions' projections.
        #[test]
        fn min_and_max_over_bitsets_are_domain_consistent(domains in small_domains(3, -6, 6), max in any::<bool>()) {
            prop_assume!(domains.len() == 3);
            let op = if max { ArithOp::Max } else { ArithOp::Min };
            let expected = brute_force(&domains, |v| op.eval(i64::from(v[0]), i64::from(v[1])) == Some(i64::from(v[2])));
            let build = || {
                let (mut model, v) = model_with(&domains);
                model.post(Arithmetic::new(op, v[0], v[1], v[2])).unwrap();
                (model, v)
            };
            assert_solutions_and_gac(build, &expected)?;
        }

        /// `z = |x|` with `x` an interval (its bounds only): `x`'s bounds are the solutions'
        /// extreme values and `z` keeps exactly their absolute values.
        #[test]
        fn abs_of_an_interval_moves_its_bounds_and_cuts_the_result(
            z in crate::testing::small_domain(0, 9),
            lo in -12..=4,
            width in 4..=14,
        ) {
            let hi = lo + width;
            let expected = brute_force(&[(lo..=hi).collect(), z.clone()], |v| v[0].abs() == v[1]);
            let build = || {
                let mut model = crate::Model::new();
                let zv = model.new_var(z.clone()).unwrap();
                model.set_interval_threshold(3);
                let x = model.new_var(lo..=hi).unwrap();
                assert!(model.initial_domain(x).is_interval() && !model.initial_domain(zv).is_interval());
                model.post(Arithmetic::abs(x, zv)).unwrap();
                (model, vec![x, zv])
            };
            let (model, v) = build();
            prop_assert_eq!(solve_all(model, &v), expected.clone());
            let (model, v) = build();
            match propagated(model, &v) {
                None => prop_assert!(expected.is_empty()),
                Some(d) => {
                    let p = projections(&expected, 2);
                    prop_assert_eq!((d[0].first(), d[0].last()), (p[0].first(), p[0].last()));
                    prop_assert_eq!(&d[1], &p[1]);
                }
            }
        }
    }

    #[test]
    fn abs_prunes_holes_both_ways() {
        // |x| = z: x keeps the values whose absolute value z holds (-3, 0, 4), z the absolute
        // values of those (3 only through -3), both with holes.
        let (mut model, v) = model_with(&[vec![-5, -3, 0, 2, 4], vec![0, 1, 3, 4, 6]]);
        model.post(Arithmetic::abs(v[0], v[1])).unwrap();
        assert_eq!(propagated(model, &v).unwrap(), vec![vec![-3, 0, 4], vec![0, 3, 4]]);
    }

    #[test]
    fn large_domains_use_bounds_and_stay_correct() {
        for op in [ArithOp::Times, ArithOp::Div, ArithOp::Mod, ArithOp::Min, ArithOp::Max, ArithOp::Abs, ArithOp::Pow] {
            let domains = vec![(-90..=90).collect::<Vec<_>>(), (-80..=80).collect(), (-50..=60).collect()];
            let expected =
                brute_force(&domains, |v| op.eval(i64::from(v[0]), i64::from(v[1])) == Some(i64::from(v[2])));
            let (mut model, v) = model_with(&domains);
            let c =
                if op == ArithOp::Abs { Arithmetic::abs(v[0], v[2]) } else { Arithmetic::new(op, v[0], v[1], v[2]) };
            model.post(c).unwrap();
            assert_eq!(solve_all(model, &v), expected, "{op:?}");
        }
    }
}

#[cfg(test)]
mod wide_tests {
    use proptest::prelude::*;

    use super::*;
    use crate::domain::MAX_INTERVAL_VALUE;
    use crate::model::Model;
    use crate::testing::solve_all;

    /// Where an operand's interval lies: around zero, near ±2^31, near 46341 (whose square is
    /// beyond 32 bits).
    fn interval() -> impl Strategy<Value = (Value, Value)> {
        let m = MAX_INTERVAL_VALUE;
        let base = prop_oneof![Just(0), Just(m - 80), Just(-m), Just(46_300), Just(-46_400), -100..100];
        (base, 65..=80, -10..10).prop_map(move |(b, w, off): (Value, Value, Value)| {
            let lo = (i64::from(b) + i64::from(off)).clamp(i64::from(-m), i64::from(m - w)) as Value;
            (lo, lo + w)
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(160))]

        /// Operands of more than 4096 pairs: bounds reasoning, every solution against brute force.
        #[test]
        fn bounds_mode_solutions_equal_brute_force(
            x in interval(),
            y in prop_oneof![interval(), (-5..5).prop_map(|v: Value| (v, v + 70))],
            z in prop_oneof![Just((-MAX_INTERVAL_VALUE, MAX_INTERVAL_VALUE)), (-200..200).prop_map(|v: Value| (v, v + 300))],
            op in prop_oneof![Just(ArithOp::Times), Just(ArithOp::Div), Just(ArithOp::Mod), Just(ArithOp::Pow), Just(ArithOp::Min), Just(ArithOp::Max), Just(ArithOp::Abs)],
        ) {
            let mut expected = Vec::new();
            for a in x.0..=x.1 {
                for b in if op == ArithOp::Abs { 0..=0 } else { y.0..=y.1 } {
                    if let Some(r) = op.eval(i64::from(a), i64::from(b)).and_then(|r| Value::try_from(r).ok()) {
                        if (z.0..=z.1).contains(&r) {
                            expected.push(if op == ArithOp::Abs { vec![a, r] } else { vec![a, b, r] });
                        }
                    }
                }
            }
            expected.sort();
            let mut model = Model::new();
            let vx = model.new_var(x.0..=x.1).unwrap();
            let vy = if op == ArithOp::Abs { model.new_var(0..=0) } else { model.new_var(y.0..=y.1) }.unwrap();
            let vz = model.new_var(z.0..=z.1).unwrap();
            let (c, vars) = if op == ArithOp::Abs {
                (Arithmetic::abs(vx, vz), vec![vx, vz])
            } else {
                (Arithmetic::new(op, vx, vy, vz), vec![vx, vy, vz])
            };
            model.post(c).unwrap();
            let found = solve_all(model, &vars);
            prop_assert!(found == expected, "{} solutions found, {} expected", found.len(), expected.len());
        }
    }
}

//! `Arithmetic`: `z = x * y`, `x / y`, `x mod y`, `x ^ y`, `min(x, y)`, `max(x, y)`, `|x|`.

use crate::constraints::linear::{ceil_div, floor_div, tighten};
use crate::context::Context;
use crate::error::Conflict;
use crate::id::{Value, VarId};
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
    /// `z = x ^ y`, `y >= 0`.
    Pow,
    /// `z = min(x, y)`.
    Min,
    /// `z = max(x, y)`.
    Max,
    /// `z = |x|` (`y` is ignored).
    Abs,
}

impl ArithOp {
    /// `op(x, y)`, or `None` where it is undefined (division by zero, negative exponent) or
    /// beyond 64 bits.
    pub fn eval(self, x: i64, y: i64) -> Option<i64> {
        match self {
            ArithOp::Times => x.checked_mul(y),
            ArithOp::Div => x.checked_div(y),
            ArithOp::Mod => x.checked_rem(y),
            ArithOp::Pow => u32::try_from(y).ok().and_then(|e| x.checked_pow(e)),
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
///   each value of `x`, `y` and `z` without a supporting triple is removed;
/// * on larger domains: the bounds of `z` are narrowed to those of `op` over the bounds of `x`
///   and `y` (and, for `times`, `min`, `max` and `abs`, those of `x` and `y` from `z`'s), and
///   once every variable but one is fixed, the last one keeps only its consistent values.
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
}

impl Arithmetic {
    /// `z = op(x, y)`; for [`ArithOp::Abs`], `y` is ignored (see [`abs`](Arithmetic::abs)).
    pub fn new(op: ArithOp, x: VarId, y: VarId, z: VarId) -> Arithmetic {
        let vars = if op == ArithOp::Abs { vec![x, z] } else { vec![x, y, z] };
        Arithmetic { op, vars, xs: Vec::new(), ys: Vec::new(), x_ok: Vec::new(), y_ok: Vec::new(), z_ok: Vec::new() }
    }

    /// `z = |x|`.
    pub fn abs(x: VarId, z: VarId) -> Arithmetic {
        Arithmetic::new(ArithOp::Abs, x, x, z)
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
        let (x, y, z) = (self.x(), self.y(), self.z());
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
        for (i, &a) in self.xs.iter().enumerate() {
            if !self.x_ok[i] {
                ctx.remove_value(x, a, Rule::NoSupport)?;
            }
        }
        if self.op != ArithOp::Abs {
            for (j, &b) in self.ys.iter().enumerate() {
                if !self.y_ok[j] {
                    ctx.remove_value(y, b, Rule::NoSupport)?;
                }
            }
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

    /// Bounds reasoning for large domains.
    fn bounds(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let (x, y, z) = (self.x(), self.y(), self.z());
        let b = |v: VarId| (i64::from(ctx.min(v)), i64::from(ctx.max(v)));
        let ((xl, xh), (yl, yh)) = (b(x), b(y));
        match self.op {
            ArithOp::Times => {
                let c = [xl * yl, xl * yh, xh * yl, xh * yh];
                tighten(ctx, z, *c.iter().min().unwrap_or(&0), *c.iter().max().unwrap_or(&0))?;
                // x from z / y when y has one sign (and symmetrically).
                for (a, (bl, bh)) in [(x, (yl, yh)), (y, (xl, xh))] {
                    if bl > 0 || bh < 0 {
                        let (zl, zh) = (i64::from(ctx.min(z)), i64::from(ctx.max(z)));
                        let q = [(zl, bl), (zl, bh), (zh, bl), (zh, bh)];
                        // Rounded outwards: sound, if not always tight.
                        let lo = q.iter().map(|&(n, d)| floor_div(n, d)).min().unwrap_or(0);
                        let hi = q.iter().map(|&(n, d)| ceil_div(n, d)).max().unwrap_or(0);
                        tighten(ctx, a, lo, hi)?;
                    }
                }
            }
            ArithOp::Div => {
                let mut lo = i64::MAX;
                let mut hi = i64::MIN;
                for (bl, bh) in [(yl, yh.min(-1)), (yl.max(1), yh)] {
                    if bl > bh {
                        continue;
                    }
                    for (n, d) in [(xl, bl), (xl, bh), (xh, bl), (xh, bh)] {
                        let q = n / d;
                        lo = lo.min(q);
                        hi = hi.max(q);
                    }
                }
                if lo > hi {
                    return Err(ctx.fail(Rule::Bounds));
                }
                tighten(ctx, z, lo, hi)?;
            }
            ArithOp::Mod => {
                let m = yl.abs().max(yh.abs()) - 1;
                let lo = if xl >= 0 { 0 } else { -m.min(-xl) };
                let hi = if xh <= 0 { 0 } else { m.min(xh) };
                tighten(ctx, z, lo, hi)?;
            }
            ArithOp::Min => {
                tighten(ctx, z, xl.min(yl), xh.min(yh))?;
                let zl = i64::from(ctx.min(z));
                tighten(ctx, x, zl, i64::MAX)?;
                tighten(ctx, y, zl, i64::MAX)?;
            }
            ArithOp::Max => {
                tighten(ctx, z, xl.max(yl), xh.max(yh))?;
                let zh = i64::from(ctx.max(z));
                tighten(ctx, x, i64::MIN, zh)?;
                tighten(ctx, y, i64::MIN, zh)?;
            }
            ArithOp::Abs => {
                let lo = if xl >= 0 {
                    xl
                } else if xh <= 0 {
                    -xh
                } else {
                    0
                };
                tighten(ctx, z, lo, xl.abs().max(xh.abs()))?;
                let zh = i64::from(ctx.max(z));
                tighten(ctx, x, -zh, zh)?;
            }
            ArithOp::Pow => {}
        }
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
        if ctx.size(self.x()).saturating_mul(ny) <= SUPPORT_LIMIT {
            self.supports(ctx)
        } else {
            self.bounds(ctx)
        }
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

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::testing::{brute_force, model_with, small_domains, solve_all};

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

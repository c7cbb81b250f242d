//! Narrowing an interval domain by its bounds: what `Context::retain` would do to an interval
//! (move its bounds to the smallest and largest kept values), without visiting its values, of
//! which the widest interval has 2^32 - 3.

use crate::constraints::linear::tighten;
use crate::context::Context;
use crate::error::Conflict;
use crate::id::{Value, VarId};
use crate::rule::Rule;

/// The smallest and the largest value of `b`'s domain within `lo..=hi`, if any: in constant time
/// when `b` is an interval, by one pass over its values when it is a bitset.
pub(crate) fn values_within(ctx: &Context<'_>, b: VarId, lo: i64, hi: i64) -> Option<(Value, Value)> {
    let d = ctx.domain(b);
    let (min, max) = (i64::from(d.min()?), i64::from(d.max()?));
    let (lo, hi) = (lo.max(min), hi.min(max));
    if lo > hi {
        return None;
    }
    if d.is_interval() {
        // Both within `min..=max`, so `i32` values.
        return Some((lo as Value, hi as Value));
    }
    let mut within = d.iter().filter(|&v| (lo..=hi).contains(&i64::from(v)));
    let first = within.next()?;
    Some((first, within.last().unwrap_or(first)))
}

/// Narrows interval variable `a` to the values `v` with `v + shift` in `b`'s domain: its bounds
/// move to the smallest and largest such values (an interval keeps no holes), or it is wiped
/// out. Returns whether it changed.
pub(crate) fn keep_within(ctx: &mut Context<'_>, a: VarId, b: VarId, shift: i64) -> Result<bool, Conflict> {
    let d = ctx.domain(a);
    let (Some(min), Some(max)) = (d.min(), d.max()) else { return Ok(false) };
    match values_within(ctx, b, i64::from(min) + shift, i64::from(max) + shift) {
        Some((lo, hi)) => tighten(ctx, a, i64::from(lo) - shift, i64::from(hi) - shift),
        None => ctx.wipe_out(a, Rule::NoSupport),
    }
}

/// Narrows interval variable `x` to the members of `set` (`members`) or to the values outside
/// it (`!members`): its bounds move to the smallest and largest such values, or it is wiped
/// out. `set` need not be sorted; the cost is in its length, not in the interval's width.
/// Returns whether `x` changed.
pub(crate) fn keep_members(ctx: &mut Context<'_>, x: VarId, set: &[Value], members: bool) -> Result<bool, Conflict> {
    let d = ctx.domain(x);
    let (Some(lo), Some(hi)) = (d.min(), d.max()) else { return Ok(false) };
    let (lo, hi) = (i64::from(lo), i64::from(hi));
    let (first, last) = if members {
        let within = set.iter().map(|&v| i64::from(v)).filter(|v| (lo..=hi).contains(v));
        within.fold((i64::MAX, i64::MIN), |(a, b), v| (a.min(v), b.max(v)))
    } else {
        // Each step passes a member of `set`: at most `set.len()` steps from either end.
        let inside = |v: i64| set.iter().any(|&s| i64::from(s) == v);
        let mut a = lo;
        while a <= hi && inside(a) {
            a += 1;
        }
        let mut b = hi;
        while b >= a && inside(b) {
            b -= 1;
        }
        (a, b)
    };
    if first > last {
        ctx.wipe_out(x, Rule::NoSupport)
    } else {
        tighten(ctx, x, first, last)
    }
}

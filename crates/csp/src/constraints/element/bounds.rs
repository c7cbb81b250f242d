//! [`ElementConsistency::Bounds`]: `Element` over an array of variables on the result's and
//! the entries' bounds, and the reasons of its bound changes for learning.
//!
//! The pass works on the relaxation in which the result and every entry take any value between
//! their bounds (their *hulls*):
//!
//! * `index` keeps `i` only if `array[i]`'s hull meets the result's (domain consistency on the
//!   index over the hulls);
//! * `result` keeps the values between the smallest and the largest value of the kept entries'
//!   hulls within its own (bounds consistency);
//! * once `index` is fixed to `i`, `array[i]` keeps the values within the result's bounds.
//!
//! A pass costs `O(|D(index)|)` bound look-ups, whatever the width of the domains, where
//! domain consistency visits the result's values ([`Element`]'s `# Complexity`). Holes of the
//! result and of the entries are neither made nor read, so the constraint is woken only by
//! their bound changes ([`Events::BOUNDS`]).

use super::{retain_flags, Element, ElementConsistency, ExplainedArray};
use crate::constraints::linear::tighten;
use crate::context::Context;
use crate::error::Conflict;
use crate::id::Value;
use crate::learning::explain::{Antecedents, Change};

impl Element {
    /// One bounds-consistent pass over an array of variables; whether a domain changed.
    pub(super) fn pass_bounds(&mut self, ctx: &mut Context<'_>) -> Result<bool, Conflict> {
        let (index, result) = (self.scope[0], self.scope[1]);
        let array = &self.scope[2..];
        let (lo, hi) = (ctx.min(result), ctx.max(result));
        // The positions whose entry's hull meets the result's, and the span of the meetings.
        let (mut first, mut last) = (Value::MAX, Value::MIN);
        self.keep.clear();
        for i in ctx.domain(index).iter() {
            let kept = match usize::try_from(i).ok().and_then(|p| array.get(p)) {
                Some(&a) => {
                    let (amin, amax) = (ctx.min(a), ctx.max(a));
                    let meets = amin <= hi && amax >= lo;
                    if meets {
                        (first, last) = (first.min(amin.max(lo)), last.max(amax.min(hi)));
                    }
                    meets
                }
                None => false,
            };
            self.keep.push(kept);
        }
        // No position left wipes the index out here, so the span below is never empty.
        let mut changed = retain_flags(&self.keep, ctx, index)?;
        changed |= tighten(ctx, result, i64::from(first), i64::from(last))?;
        let fixed_entry = ctx.value(index).and_then(|i| usize::try_from(i).ok()).and_then(|i| array.get(i));
        if let Some(&a) = fixed_entry {
            let (lo, hi) = (ctx.min(result), ctx.max(result));
            changed |= tighten(ctx, a, i64::from(lo), i64::from(hi))?;
        }
        Ok(changed)
    }
}

impl ExplainedArray<'_> {
    /// The reason of a bound change of the result or of the fixed entry made by
    /// [`Element::pass_bounds`]: `Some(true)` when named, `Some(false)` when it cannot be said
    /// on bounds (the generic explanation then), `None` for the changes the domain-consistent
    /// reasons cover as they are (the index's).
    ///
    /// For a bitset domain the change names the lowest (highest) value left, which may lie
    /// past holes the pass did not make; the reason is for the values removed, `x >= m` with
    /// `m` one above the highest of them (`x <= m` one below the lowest).
    pub(super) fn bounds_reason(&self, why: &mut Antecedents<'_>, removed: &[Value]) -> Option<bool> {
        let (index, result) = (self.index, self.result);
        let (x, bound, is_lower) = match why.change() {
            Change::AtLeast(x, v) if x != index => (x, removed.last().map_or(v, |&u| u.saturating_add(1)), true),
            Change::AtMost(x, v) if x != index => (x, removed.first().map_or(v, |&u| u.saturating_sub(1)), false),
            _ => return None,
        };
        if x == result {
            let len = why.len_reasons();
            if self.result_beyond(why, bound, is_lower) {
                return Some(true);
            }
            // Some position could still reach past the bound on bounds alone: the values'
            // reasons, as for domain consistency.
            why.truncate_reasons(len);
            return None;
        }
        // An entry, kept within the result's bounds once the index is fixed on it.
        let Some(j) = why.value(index) else { return Some(false) };
        if usize::try_from(j).ok().and_then(|j| self.vars.get(j)) != Some(&x) {
            return Some(false);
        }
        // The result's bound was already past the values removed.
        let holds = if is_lower {
            why.min(result).is_some_and(|r| r >= bound)
        } else {
            why.max(result).is_some_and(|r| r <= bound)
        };
        if !holds {
            return Some(false);
        }
        why.equal(index, j);
        if is_lower {
            why.at_least(result, bound);
        } else {
            why.at_most(result, bound);
        }
        Some(true)
    }
}

impl ElementConsistency {
    /// The consistency [`Element`] chooses for an array of variables whose result's initial
    /// domain has `values` values: [`Bounds`](ElementConsistency::Bounds) from
    /// [`BOUNDS_FROM`] values up, else [`Domain`](ElementConsistency::Domain).
    pub(super) fn for_result_of(values: u64) -> ElementConsistency {
        if values >= BOUNDS_FROM {
            ElementConsistency::Bounds
        } else {
            ElementConsistency::Domain
        }
    }
}

/// The smallest number of result values for which an array of variables is propagated on
/// bounds by default (see `docs/` for the measurement that chose it).
pub(super) const BOUNDS_FROM: u64 = 128;

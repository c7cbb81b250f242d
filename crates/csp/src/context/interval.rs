//! Interval domains on the propagation engine's write path.
//!
//! A variable over a large range (more than [`INTERVAL_THRESHOLD`](crate::domain::INTERVAL_THRESHOLD)
//! values) keeps two blocks in the domain store: the bit indices of its smallest and largest
//! values (`lo > hi` when empty). Its packed record has `words == 0`, which sends
//! [`Core::retain_block`] and [`Core::assign_bit`] here; [`Context`](super::Context)'s
//! by-value methods call [`Core::narrow_interval`] directly. The store saves and restores the
//! two blocks like any others, so checkpoints need nothing more.

use fixedbitset::Block;

use super::core::Core;
use crate::domain::BITS;
use crate::error::Conflict;
use crate::event::{Event, Reason};
use crate::id::VarId;
use crate::layout::{VarInfo, VarLabel};
use crate::rule::{Rule, RuleName};
use crate::subscription::Events;

impl Core {
    /// [`retain_block`](Self::retain_block) on an interval domain: the bounds move past the
    /// removed bits of block `wi` they meet; removed bits strictly inside are not represented.
    #[inline(never)]
    pub(crate) fn retain_block_interval(
        &mut self,
        vars: &[VarInfo],
        var: VarId,
        wi: usize,
        keep: Block,
        rule: Rule,
    ) -> Result<bool, Conflict> {
        let (lo, hi) = self.interval(var);
        let in_block = |b: usize| b / BITS == wi;
        let removed = |b: usize| keep & (1 << (b % BITS)) == 0;
        let mut new_lo = lo;
        while new_lo <= hi && in_block(new_lo) && removed(new_lo) {
            new_lo += 1;
        }
        let mut new_hi = hi;
        while new_hi >= new_lo && in_block(new_hi) && removed(new_hi) {
            if new_hi == 0 {
                // Every bit went: empty.
                return self.narrow_interval(vars, var, 1, 0, rule);
            }
            new_hi -= 1;
        }
        self.narrow_interval(vars, var, new_lo, new_hi, rule)
    }

    /// The bit interval `(lo, hi)` of an interval variable (empty when `lo > hi`).
    #[inline]
    pub(crate) fn interval(&self, var: VarId) -> (usize, usize) {
        let o = self.hot[var.index()].offset as usize;
        (self.store.block(o), self.store.block(o + 1))
    }

    /// Narrows the domain of interval variable `var` to the bits `lo..=hi` (intersected with
    /// what is left; `lo > hi` empties it) and raises the events. Returns whether it changed.
    pub(crate) fn narrow_interval(
        &mut self,
        vars: &[VarInfo],
        var: VarId,
        lo: usize,
        hi: usize,
        rule: Rule,
    ) -> Result<bool, Conflict> {
        let o = self.hot[var.index()].offset as usize;
        let (old_lo, old_hi) = self.interval(var);
        let (mut new_lo, mut new_hi) = (lo.max(old_lo), hi.min(old_hi));
        let empty = new_lo > new_hi;
        if empty {
            // The canonical empty interval keeps `lo > hi` whatever came before.
            (new_lo, new_hi) = (old_lo.max(1), old_lo.max(1) - 1);
        }
        if (new_lo, new_hi) == (old_lo, old_hi) {
            return Ok(false);
        }
        if self.observing {
            self.report_interval(vars, var, (old_lo, old_hi), (new_lo, new_hi), rule);
        }
        self.store.set_block(o, new_lo);
        self.store.set_block(o + 1, new_hi);
        let removed = if empty { old_hi + 1 - old_lo } else { (new_lo - old_lo) + (old_hi - new_hi) };
        self.stats.prunings += removed as u64;
        if empty {
            self.stats.failures += 1;
            return Err(Conflict { by: self.by(), var: Some(var) });
        }
        let mut mask = Events::DOMAIN | Events::BOUNDS;
        if new_lo == new_hi {
            mask = mask | Events::FIXED;
        }
        self.raise(var, mask);
        Ok(true)
    }

    /// Reports the values an interval lost, one prune event each (only while observing).
    #[cold]
    #[inline(never)]
    fn report_interval(&mut self, vars: &[VarInfo], var: VarId, old: (usize, usize), new: (usize, usize), rule: Rule) {
        // Learning hook: the change on the literal trail.
        if let Some(trail) = self.trail.as_deref_mut() {
            let level = self.store.level().saturating_sub(self.depth_base);
            trail.record_interval(var.index() as u32, old, new, self.current, level);
            self.stats.literals += 1;
            if !self.reporting {
                return;
            }
        }
        let info = &vars[var.index()];
        let depth = self.depth();
        let by = self.by();
        let gone = (old.0..=old.1).filter(|&b| b < new.0 || b > new.1);
        for bit in gone {
            let value = info.map.value(bit);
            log::trace!(target: "csp::prune", "prune depth={depth} var={} value={value} rule={}", VarLabel(info, var), RuleName(rule));
            if let Some(obs) = self.observer.as_mut() {
                let reason = Reason { constraint: by, rule, premises: &self.premises };
                obs(&Event::Prune { depth, var, value, reason });
            }
        }
        if new.0 > new.1 {
            if let Some(obs) = self.observer.as_mut() {
                let reason = Reason { constraint: by, rule, premises: &self.premises };
                obs(&Event::WipeOut { depth, var, reason });
            }
        }
    }
}

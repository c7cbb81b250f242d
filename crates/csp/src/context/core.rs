//! The propagation engine's state: the store, watch lists, queues, the write path and its
//! reporting. The loop that calls constraints is [`propagate`](crate::propagate) (one layer up).

use fixedbitset::Block;

use super::Context;
use crate::domain::BITS;
use crate::error::Conflict;
use crate::event::{Event, Observer, Reason};
use crate::id::{ConstraintId, Value, VarId};
use crate::layout::{VarInfo, VarLabel};
use crate::learning::trail::Trail;
use crate::rule::{Rule, RuleName};
use crate::stats::Stats;
use crate::store::Store;
use crate::subscription::Events;

pub(crate) const NONE: u32 = u32::MAX;

pub(crate) const QUEUED: u8 = 0x80;
pub(crate) const IDEMPOTENT: u8 = 0x40;
/// Switched off: never scheduled, its watches inactive (a stand-in does its work).
pub(crate) const DISABLED: u8 = 0x20;
/// A stand-in in force that is the only active watcher of every variable it watches: it may
/// write their domains without raising events ([`Context::write_sole`]).
pub(crate) const SOLE: u8 = 0x10;
pub(crate) const PRIORITY: u8 = 0x03;
/// The bit of [`Events::TRACK`] that is not [`Events::DOMAIN`].
pub(crate) const TRACK_BIT: u8 = Events::TRACK.0 & !Events::DOMAIN.0;

/// One entry of a variable's watch list.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Watch {
    pub(crate) constraint: u32,
    pub(crate) local: u32,
    pub(crate) events: u8,
}

/// The per-variable data the write path needs, packed in 16 bytes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct VarHot {
    pub(crate) offset: u32,
    pub(crate) watch_start: u32,
    /// End of the active part of the watch list (entries of enabled constraints come first).
    pub(crate) watch_end: u32,
    pub(crate) words: u16,
    /// The union of the events in the active part of the variable's watch list.
    pub(crate) events: u8,
}

/// A constraint that stands in for others: while it runs, they are switched off, and while
/// events are being built (an observer or prune tracing), it is switched off and they run.
#[derive(Debug)]
pub(crate) struct StandIn {
    pub(crate) by: u32,
    pub(crate) absorbed: Box<[u32]>,
}

/// What a change is, for reporting.
#[derive(Clone, Copy)]
pub(crate) enum Change {
    Remove,
    Assign(Value),
}

/// The propagation engine's state, apart from the constraints themselves.
pub(crate) struct Core {
    pub(crate) store: Store,
    /// Per variable: block offset, watch list range in `watches`, events.
    pub(crate) hot: Box<[VarHot]>,
    pub(crate) watches: Box<[Watch]>,
    /// Per variable: the end of its whole watch list (active and inactive entries).
    pub(crate) watch_ends: Box<[u32]>,
    /// Every watch list in posting order, to rebuild the active parts from.
    pub(crate) watch_order: Box<[Watch]>,
    /// Changed-variable bits of constraints subscribed with [`Events::TRACK`]: constraint `c`
    /// owns the bits `track_base[c] .. track_base[c] + scope length` ([`NONE`] if it does not
    /// track).
    pub(crate) track: Box<[u64]>,
    pub(crate) track_base: Box<[u32]>,
    pub(crate) track_len: Box<[u32]>,
    /// Constraints standing in for others, and whether they are in force.
    pub(crate) stand_ins: Box<[StandIn]>,
    pub(crate) standing_in: bool,
    /// Fixed variables whose `on_fixed` delivery is pending.
    pub(crate) fixed: Vec<u32>,
    /// FIFO queues of scheduled constraints, one per priority, with their read positions.
    pub(crate) queues: [Vec<u32>; 3],
    pub(crate) heads: [usize; 3],
    /// Per constraint: `QUEUED` (invariant: set iff the constraint is in a queue at or after
    /// its head), `IDEMPOTENT`, and the priority in the low bits.
    pub(crate) flags: Box<[u8]>,
    /// The constraint running now, or `NONE`.
    pub(crate) current: u32,
    /// The rule to report for changes made outside constraints.
    pub(crate) outside_rule: Rule,
    pub(crate) stats: Stats,
    /// Whether events are built: an observer is installed or prune tracing is on. Checked once
    /// per change; everything behind it is out of line.
    pub(crate) observing: bool,
    /// The explaining lowering (`crate::lower`): stand-ins are never in force.
    pub(crate) explaining: bool,
    /// Whether events are built for an observer or the logs (`observing` less the trail).
    pub(crate) reporting: bool,
    /// The literal trail of a learning search (`crate::learning`): while it is there, every
    /// change is recorded on it, behind the `observing` branch.
    pub(crate) trail: Option<Box<Trail>>,
    pub(crate) observer: Option<Observer>,
    pub(crate) premises: Vec<VarId>,
    /// Log label of each constraint (`all_different#3` or the name given when posting).
    pub(crate) labels: Box<[Box<str>]>,
    /// Set by a conflict, cleared by a restore: propagation refuses to run in between.
    pub(crate) failed: Option<Conflict>,
    /// Every constraint is due to run with every variable changed ([`schedule_all_later`]):
    /// done when propagation next starts, dropped with the rest of the pending work.
    ///
    /// [`schedule_all_later`]: Core::schedule_all_later
    pub(crate) all_pending: bool,
    /// Checkpoint levels below the current search's root: subtracted from the store level in
    /// reported depths, so that depth 0 is the search's root.
    pub(crate) depth_base: u32,
}

impl std::fmt::Debug for Core {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Core")
            .field("level", &self.store.level())
            .field("pending_fixed", &self.fixed.len())
            .field("failed", &self.failed)
            .finish_non_exhaustive()
    }
}

impl Core {
    /// Puts the stand-ins in force (`on`) or hands their work back to the constraints they
    /// stand in for, rebuilding the active part of every watch list. Not for the hot path:
    /// called when the observer or the log level changes.
    ///
    /// A stand-in does at least the reasoning of the constraints it stands in for, so a state
    /// at its fixed point is at theirs: handing back schedules nothing, unless a stand-in had
    /// work pending. Putting it in force makes it take in the whole current state
    /// ([`resync_stand_ins`](Self::resync_stand_ins)).
    pub(crate) fn set_standing_in(&mut self, on: bool) {
        if self.stand_ins.is_empty() || on == self.standing_in {
            return;
        }
        let pending = !on && self.stand_ins_pending();
        self.standing_in = on;
        for s in 0..self.stand_ins.len() {
            let by = self.stand_ins[s].by as usize;
            if on {
                self.flags[by] &= !DISABLED;
            } else {
                self.flags[by] |= DISABLED;
            }
            for k in 0..self.stand_ins[s].absorbed.len() {
                let c = self.stand_ins[s].absorbed[k] as usize;
                if on {
                    self.flags[c] |= DISABLED;
                } else {
                    self.flags[c] &= !DISABLED;
                }
            }
        }
        // Enabled entries first in each watch list, in posting order (which fixes the order of
        // `on_fixed` deliveries, and so of explanations); the rest are inactive.
        for x in 0..self.hot.len() {
            let (start, end) = (self.hot[x].watch_start as usize, self.watch_ends[x] as usize);
            let mut k = start;
            for enabled in [true, false] {
                for w in &self.watch_order[start..end] {
                    if (self.flags[w.constraint as usize] & DISABLED == 0) == enabled {
                        self.watches[k] = *w;
                        k += 1;
                    }
                }
                if enabled {
                    self.hot[x].watch_end = k as u32;
                }
            }
            let active = &self.watches[start..self.hot[x].watch_end as usize];
            self.hot[x].events = active.iter().fold(0, |acc, w| acc | w.events);
        }
        for s in 0..self.stand_ins.len() {
            let by = self.stand_ins[s].by;
            let alone = on
                && self.hot.iter().all(|h| {
                    let active = &self.watches[h.watch_start as usize..h.watch_end as usize];
                    active.len() == 1 || active.iter().all(|w| w.constraint != by)
                });
            if alone {
                self.flags[by as usize] |= SOLE;
            } else {
                self.flags[by as usize] &= !SOLE;
            }
        }
        if on {
            self.resync_stand_ins();
        } else if pending {
            // Changes the stand-ins had not taken in yet: every constraint looks again.
            self.schedule_all();
        }
    }

    /// Whether a stand-in is scheduled or has changes to take in.
    fn stand_ins_pending(&self) -> bool {
        self.all_pending
            || self.stand_ins.iter().any(|s| {
                let c = s.by as usize;
                let base = self.track_base[c];
                self.flags[c] & QUEUED != 0
                    || (base != NONE
                        && (base..base + self.track_len[c]).any(|b| self.track[b as usize / 64] & 1 << (b % 64) != 0))
            })
    }

    /// [`Context::take_changed`] for the running constraint.
    pub(crate) fn take_changed(&mut self, out: &mut Vec<u32>) {
        out.clear();
        let c = self.current;
        if c == NONE {
            return;
        }
        let base = self.track_base[c as usize];
        if base == NONE {
            return;
        }
        let (start, end) = (base as usize, (base + self.track_len[c as usize]) as usize);
        let mut w = start / 64;
        while w * 64 < end {
            let lo = (w * 64).max(start);
            let hi = ((w + 1) * 64).min(end);
            let span = if hi - lo == 64 { !0 } else { ((1u64 << (hi - lo)) - 1) << (lo % 64) };
            let mut bits = self.track[w] & span;
            self.track[w] &= !span;
            while bits != 0 {
                let b = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                out.push((w * 64 + b - start) as u32);
            }
            w += 1;
        }
    }

    /// The stand-in in force that no other active constraint watches beside on any of its
    /// variables, if there is one.
    pub(crate) fn sole_stand_in(&self) -> Option<usize> {
        if !self.standing_in {
            return None;
        }
        self.stand_ins.iter().map(|s| s.by as usize).find(|&by| self.flags[by] & SOLE != 0)
    }

    /// Whether the running constraint may use [`Context::write_sole`].
    #[inline]
    pub(crate) fn is_sole(&self) -> bool {
        // Stand-ins are out of force, and so not sole, whenever events are built.
        debug_assert!(!(self.current != NONE && self.flags[self.current as usize] & SOLE != 0 && self.observing));
        self.current != NONE && self.flags[self.current as usize] & SOLE != 0
    }

    /// [`Context::write_sole`].
    #[inline]
    pub(crate) fn write_sole(&mut self, writes: impl IntoIterator<Item = (usize, Block)>) {
        debug_assert!(self.is_sole());
        self.store.set_blocks(writes);
    }

    /// Schedules every stand-in in force with all its variables marked changed, so that it
    /// takes in the whole current state (after the constraints it stands in for ran instead).
    pub(crate) fn resync_stand_ins(&mut self) {
        if !self.standing_in {
            return;
        }
        for s in 0..self.stand_ins.len() {
            let c = self.stand_ins[s].by;
            self.mark_all_changed(c as usize);
            self.schedule(c);
        }
    }

    /// Marks every variable of constraint `c` changed, if it tracks changes.
    fn mark_all_changed(&mut self, c: usize) {
        let base = self.track_base[c];
        if base == NONE {
            return;
        }
        let (mut bit, end) = (base as usize, (base + self.track_len[c]) as usize);
        while bit < end {
            let n = (64 - bit % 64).min(end - bit);
            let ones = if n == 64 { !0 } else { ((1u64 << n) - 1) << (bit % 64) };
            self.track[bit / 64] |= ones;
            bit += n;
        }
    }

    /// Recomputes whether events must be built (after the observer or the log level changed).
    /// Stand-ins are in force exactly when no events are built and the lowering is not the
    /// explaining one, so that every reported pruning comes from the constraint that justifies
    /// it.
    pub(crate) fn refresh_observing(&mut self) {
        self.reporting = self.observer.is_some()
            || log::log_enabled!(target: "csp::prune", log::Level::Trace)
            || log::log_enabled!(target: "csp::conflict", log::Level::Debug);
        self.observing = self.reporting || self.trail.is_some();
        self.set_standing_in(!self.observing && !self.explaining);
    }

    pub(crate) fn set_outside_rule(&mut self, rule: Rule) {
        self.outside_rule = rule;
        self.premises.clear();
    }

    pub(crate) fn has_pending(&self) -> bool {
        self.all_pending || !self.fixed.is_empty() || (0..3).any(|p| self.heads[p] < self.queues[p].len())
    }

    /// Schedules every constraint (the root propagation, or after a restore to a state whose
    /// pending work was lost).
    /// Every variable counts as changed for the constraints that track changes.
    pub(crate) fn schedule_all(&mut self) {
        for c in 0..self.flags.len() as u32 {
            self.schedule(c);
        }
        for c in 0..self.track_base.len() {
            self.mark_all_changed(c);
        }
    }

    #[inline(always)]
    fn schedule(&mut self, c: u32) {
        let f = self.flags[c as usize];
        if f & (QUEUED | DISABLED) == 0 && !(c == self.current && f & IDEMPOTENT != 0) {
            self.flags[c as usize] = f | QUEUED;
            self.queues[(f & PRIORITY) as usize].push(c);
        }
    }

    /// [`schedule_all`](Self::schedule_all) when propagation next starts, unless the pending
    /// work is dropped first (as the next reset of a batch does).
    pub(crate) fn schedule_all_later(&mut self) {
        self.all_pending = true;
    }

    pub(crate) fn clear_pending(&mut self) {
        self.all_pending = false;
        self.fixed.clear();
        self.track.fill(0);
        for p in 0..3 {
            for &c in &self.queues[p][self.heads[p]..] {
                self.flags[c as usize] &= !QUEUED;
            }
            self.queues[p].clear();
            self.heads[p] = 0;
        }
        self.current = NONE;
    }

    #[inline]
    pub(crate) fn pop_scheduled(&mut self) -> Option<u32> {
        for p in 0..3 {
            let h = self.heads[p];
            if h < self.queues[p].len() {
                let c = self.queues[p][h];
                if h + 1 == self.queues[p].len() {
                    self.queues[p].clear();
                    self.heads[p] = 0;
                } else {
                    self.heads[p] = h + 1;
                }
                self.flags[c as usize] &= !QUEUED;
                return Some(c);
            }
        }
        None
    }

    pub(crate) fn fail(&mut self, c: Conflict) {
        self.clear_pending();
        self.premises.clear();
        self.failed = Some(c);
    }

    #[inline]
    pub(crate) fn by(&self) -> Option<ConstraintId> {
        (self.current != NONE).then_some(ConstraintId(self.current))
    }

    /// Replaces block `wi` of `var` (`new` a strict subset of `old`) and raises the events.
    #[inline]
    #[allow(clippy::too_many_arguments, reason = "the hot write path takes everything in registers")]
    fn write(
        &mut self,
        vars: &[VarInfo],
        var: VarId,
        wi: usize,
        old: Block,
        new: Block,
        rule: Rule,
        change: Change,
    ) -> Result<(), Conflict> {
        let h = self.hot[var.index()];
        self.write_hot(vars, h, var, wi, old, new, rule, change)
    }

    /// [`write`](Self::write) with the variable's packed record already loaded.
    #[inline(always)]
    #[allow(clippy::too_many_arguments, reason = "the hot write path takes everything in registers")]
    fn write_hot(
        &mut self,
        vars: &[VarInfo],
        h: VarHot,
        var: VarId,
        wi: usize,
        old: Block,
        new: Block,
        rule: Rule,
        change: Change,
    ) -> Result<(), Conflict> {
        debug_assert!(new & !old == 0 && new != old);
        if self.observing {
            self.report(vars, var, wi, old, new, rule, change);
        }
        self.store.set_block(h.offset as usize + wi, new);
        self.stats.prunings += u64::from((old & !new).count_ones());
        let (empty, fixed) =
            if h.words == 1 { (new == 0, new & new.wrapping_sub(1) == 0) } else { self.multi_status(h, wi) };
        if empty {
            self.stats.failures += 1;
            return Err(Conflict { by: self.by(), var: Some(var) });
        }
        if h.events == 0 {
            return Ok(());
        }
        let mut mask = Events::DOMAIN.0;
        if fixed {
            mask |= Events::FIXED.0;
            if h.events & Events::ON_FIXED.0 != 0 {
                self.fixed.push(var.index() as u32);
            }
        }
        if h.events & Events::BOUNDS.0 != 0 && self.bounds_changed(h, wi, old, new) {
            mask |= Events::BOUNDS.0;
        }
        self.wake(h, mask);
        Ok(())
    }

    /// Schedules the watchers of a changed variable whose events meet `mask`, and records the
    /// change for [`Events::TRACK`] watchers (but the running constraint).
    #[inline(always)]
    fn wake(&mut self, h: VarHot, mask: u8) {
        if h.events & mask != 0 {
            for k in h.watch_start as usize..h.watch_end as usize {
                let w = self.watches[k];
                if w.events & mask != 0 {
                    if w.events & TRACK_BIT != 0 && w.constraint != self.current {
                        let bit = (self.track_base[w.constraint as usize] + w.local) as usize;
                        self.track[bit / 64] |= 1 << (bit % 64);
                    }
                    self.schedule(w.constraint);
                }
            }
        }
    }

    /// Raises the events `mask` of `var` (already written): schedules the watchers, records the
    /// change for [`Events::TRACK`] watchers and queues an [`Events::ON_FIXED`] delivery when
    /// `mask` has [`Events::FIXED`]. For writes outside [`write_hot`](Self::write_hot) (interval
    /// domains).
    pub(crate) fn raise(&mut self, var: VarId, mask: Events) {
        let h = self.hot[var.index()];
        let mask = mask.0;
        if mask & Events::FIXED.0 != 0 && h.events & Events::ON_FIXED.0 != 0 {
            self.fixed.push(var.index() as u32);
        }
        self.wake(h, mask);
    }

    /// Whether the smallest or largest value went when block `wi` went from `old` to `new`
    /// (already written).
    fn bounds_changed(&self, h: VarHot, wi: usize, old: Block, new: Block) -> bool {
        let removed = old & !new;
        let low = old & old.wrapping_neg();
        let high = 1 << (BITS - 1 - old.leading_zeros() as usize);
        if h.words == 1 {
            return removed & (low | high) != 0;
        }
        let blocks = &self.store.blocks()[h.offset as usize..h.offset as usize + h.words as usize];
        (removed & low != 0 && blocks[..wi].iter().rev().all(|&b| b == 0))
            || (removed & high != 0 && blocks[wi + 1..].iter().all(|&b| b == 0))
    }

    /// `(empty, fixed)` of a multi-block domain after a write to block `wi`.
    fn multi_status(&self, h: VarHot, wi: usize) -> (bool, bool) {
        let blocks = &self.store.blocks()[h.offset as usize..h.offset as usize + h.words as usize];
        let mut total = blocks[wi].count_ones();
        // Outward from the block written: a domain's values sit together around a bound that
        // moved, so the second value is found near it, not after a run of emptied blocks.
        let mut d = 1;
        while total < 2 && (d <= wi || wi + d < blocks.len()) {
            if wi + d < blocks.len() {
                total += blocks[wi + d].count_ones();
            }
            if d <= wi {
                total += blocks[wi - d].count_ones();
            }
            d += 1;
        }
        (total == 0, total == 1)
    }

    #[cold]
    #[inline(never)]
    #[allow(clippy::too_many_arguments, reason = "internal out-of-line reporting helper")]
    fn report(&mut self, vars: &[VarInfo], var: VarId, wi: usize, old: Block, new: Block, rule: Rule, change: Change) {
        // Learning hook: the change on the literal trail.
        if let Some(trail) = self.trail.as_deref_mut() {
            let level = self.store.level().saturating_sub(self.depth_base);
            trail.record_block(var.index() as u32, wi, old, new, self.current, level);
            self.stats.literals += 1;
            if !self.reporting {
                return;
            }
        }
        let info = &vars[var.index()];
        let blocks = &self.store.blocks()[info.offset as usize..(info.offset + info.words) as usize];
        let mut size: u32 = blocks.iter().map(|b| b.count_ones()).sum();
        let depth = self.depth();
        let by = self.by();
        let label: &str = match by {
            Some(c) => &self.labels[c.index()],
            None => match rule {
                Rule::Decision => "decision",
                Rule::Refutation => "refutation",
                _ => "external",
            },
        };
        let name = VarLabel(info, var);
        let mut removed = old & !new;
        let empty_after = size == removed.count_ones();
        while removed != 0 {
            let bit = removed.trailing_zeros() as usize;
            removed &= removed - 1;
            let value = info.map.value(wi * BITS + bit);
            log::trace!(target: "csp::prune", "prune depth={depth} var={name} value={value} by={label} rule={} size={size}->{}", RuleName(rule), size - 1);
            size -= 1;
            if matches!(change, Change::Remove) {
                if let Some(obs) = self.observer.as_mut() {
                    let reason = Reason { constraint: by, rule, premises: &self.premises };
                    obs(&Event::Prune { depth, var, value, reason });
                }
            }
        }
        if let Change::Assign(value) = change {
            if let Some(obs) = self.observer.as_mut() {
                let reason = Reason { constraint: by, rule, premises: &self.premises };
                obs(&Event::Assign { depth, var, value, reason });
            }
        }
        if empty_after {
            log::debug!(target: "csp::conflict", "wipeout depth={depth} var={name} by={label} rule={}", RuleName(rule));
            if let Some(obs) = self.observer.as_mut() {
                let reason = Reason { constraint: by, rule, premises: &self.premises };
                obs(&Event::WipeOut { depth, var, reason });
            }
        }
    }

    #[cold]
    #[inline(never)]
    pub(crate) fn report_fail(&mut self, conflict: Conflict, rule: Rule) {
        let depth = self.depth();
        if let Some(c) = conflict.by {
            log::debug!(target: "csp::conflict", "fail depth={depth} by={} rule={}", self.labels[c.index()], RuleName(rule));
        }
        if let Some(obs) = self.observer.as_mut() {
            let reason = Reason { constraint: conflict.by, rule, premises: &self.premises };
            obs(&Event::Fail { depth, conflict, reason });
        }
    }

    /// The depth reported in logs and events: decisions since the search's root.
    pub(crate) fn depth(&self) -> u32 {
        self.store.level().saturating_sub(self.depth_base)
    }

    pub(crate) fn emit(&mut self, event: &Event<'_>) {
        if let Some(obs) = self.observer.as_mut() {
            obs(event);
        }
    }

    // ---- changes -------------------------------------------------------------------------

    /// Narrows the domain of `var` to the bits `lo..=hi`: an interval's bounds, or a bitset's
    /// blocks below `lo` (first to last) and above `hi` (last to first), only those that hold
    /// such bits; `lo > hi` empties it (a bitset's blocks from the last). Returns whether it
    /// changed.
    pub(crate) fn narrow_bits(
        &mut self,
        vars: &[VarInfo],
        var: VarId,
        lo: usize,
        hi: usize,
        rule: Rule,
    ) -> Result<bool, Conflict> {
        if self.hot[var.index()].words == 0 {
            return self.narrow_interval(vars, var, lo, hi, rule);
        }
        let words = vars[var.index()].words as usize;
        let mut changed = false;
        if lo > hi {
            for w in (0..words).rev() {
                changed |= self.retain_block(vars, var, w, 0, rule)?;
            }
            return Ok(changed);
        }
        for w in 0..words.min(lo.div_ceil(BITS)) {
            let keep = if lo >= (w + 1) * BITS { 0 } else { !0 << (lo - w * BITS) };
            changed |= self.retain_block(vars, var, w, keep, rule)?;
        }
        for w in (hi.saturating_add(1) / BITS..words).rev() {
            let keep = if w * BITS > hi { 0 } else { !(!0 << (hi + 1 - w * BITS)) };
            changed |= self.retain_block(vars, var, w, keep, rule)?;
        }
        Ok(changed)
    }

    /// Keeps only the bits of `keep` in block `wi` of `var`. Returns whether anything changed.
    #[inline(always)]
    pub(crate) fn retain_block(
        &mut self,
        vars: &[VarInfo],
        var: VarId,
        wi: usize,
        keep: Block,
        rule: Rule,
    ) -> Result<bool, Conflict> {
        let h = self.hot[var.index()];
        if h.words == 0 {
            return self.retain_block_interval(vars, var, wi, keep, rule);
        }
        let old = self.store.block(h.offset as usize + wi);
        let new = old & keep;
        if new == old {
            return Ok(false);
        }
        self.write_hot(vars, h, var, wi, old, new, rule, Change::Remove).map(|()| true)
    }

    /// Sets `var` to the value of `bit`.
    #[inline(always)]
    pub(crate) fn assign_bit(
        &mut self,
        vars: &[VarInfo],
        var: VarId,
        bit: usize,
        rule: Rule,
    ) -> Result<bool, Conflict> {
        let h = self.hot[var.index()];
        if h.words == 1 && bit < BITS {
            // The common one-block domain, in line: one write at most.
            let old = self.store.block(h.offset as usize);
            let new = 1 << bit;
            if old == new {
                return Ok(false);
            }
            if old & new != 0 {
                let change = Change::Assign(vars[var.index()].map.value(bit));
                return self.write_hot(vars, h, var, 0, old, new, rule, change).map(|()| true);
            }
        }
        self.assign_bit_general(vars, var, bit, rule)
    }

    /// [`assign_bit`](Self::assign_bit) for interval and multi-block domains, and for an
    /// assignment that empties a domain.
    fn assign_bit_general(&mut self, vars: &[VarInfo], var: VarId, bit: usize, rule: Rule) -> Result<bool, Conflict> {
        if self.hot[var.index()].words == 0 {
            return self.narrow_interval(vars, var, bit, bit, rule);
        }
        let info = &vars[var.index()];
        let (off, words) = (info.offset as usize, info.words as usize);
        let (bw, bb) = (bit / BITS, bit % BITS);
        if self.store.block(off + bw) & (1 << bb) == 0 {
            // The value is gone: the assignment empties the domain.
            let mut changed = false;
            for wi in 0..words {
                let old = self.store.block(off + wi);
                if old != 0 {
                    changed = true;
                    self.write(vars, var, wi, old, 0, rule, Change::Remove)?;
                }
            }
            debug_assert!(changed || words == 0);
            self.stats.failures += 1;
            return Err(Conflict { by: self.by(), var: Some(var) });
        }
        let value = info.map.value(bit);
        let mut changed = false;
        // Clear the other blocks first so the final write sees the fixed domain.
        for wi in (0..words).filter(|&w| w != bw) {
            let old = self.store.block(off + wi);
            if old != 0 {
                changed = true;
                self.write(vars, var, wi, old, 0, rule, Change::Assign(value))?;
            }
        }
        let old = self.store.block(off + bw);
        if old != 1 << bb {
            changed = true;
            self.write(vars, var, bw, old, 1 << bb, rule, Change::Assign(value))?;
        }
        Ok(changed)
    }
}

impl Core {
    /// Changes made from outside any constraint (decisions, the caller): wrappers that pick
    /// the rule set with `set_outside_rule`. An assignment goes straight to
    /// [`assign_bit`](Self::assign_bit) when the value is in the initial domain.
    #[inline(always)]
    pub(crate) fn outside_assign(&mut self, vars: &[VarInfo], var: VarId, value: Value) -> Result<bool, Conflict> {
        let rule = self.outside_rule;
        let info = &vars[var.index()];
        if let Some(bit) = info.map.bit(value, info.len as usize) {
            return self.assign_bit(vars, var, bit, rule);
        }
        let mut ctx = Context { core: self, vars };
        ctx.assign(var, value, rule)
    }

    pub(crate) fn outside_remove(&mut self, vars: &[VarInfo], var: VarId, value: Value) -> Result<bool, Conflict> {
        let rule = self.outside_rule;
        let mut ctx = Context { core: self, vars };
        ctx.remove_value(var, value, rule)
    }
}

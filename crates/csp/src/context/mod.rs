//! What a constraint sees while it propagates: [`Context`], the current domains and the
//! operations that narrow them, over the engine's state and write path ([`Core`], in `core`;
//! interval domains in `interval`).

use fixedbitset::Block;

use crate::domain::{Domain, ValueMap, BITS};
use crate::error::Conflict;
use crate::id::{Value, VarId};
use crate::layout::VarInfo;
use crate::rule::Rule;
use crate::store::StateSlot;

pub(crate) mod core;
mod interval;

use self::core::Core;

/// What a constraint sees while it propagates: the current domains, and the operations that
/// narrow them.
///
/// Every narrowing returns `Ok(true)` if it changed the domain, `Ok(false)` if there was
/// nothing to remove, and `Err(Conflict)` if the domain became empty; return that error at once
/// (with `?`). Reading a domain after a conflict is allowed but meaningless.
///
/// Two levels of access:
///
/// * by value: [`domain`](Context::domain), [`remove_value`](Context::remove_value),
///   [`assign`](Context::assign), [`remove_below`](Context::remove_below), ...;
/// * by block, for word-level algorithms: [`blocks`](Context::blocks),
///   [`retain_block`](Context::retain_block), with bit `i` standing for the variable's `i`-th
///   initial value ([`value_of_bit`](Context::value_of_bit)).
pub struct Context<'a> {
    pub(crate) core: &'a mut Core,
    pub(crate) vars: &'a [VarInfo],
}

impl std::fmt::Debug for Context<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Context").field("constraint", &self.core.by()).finish_non_exhaustive()
    }
}

impl<'a> Context<'a> {
    #[inline]
    fn info(&self, var: VarId) -> &VarInfo {
        &self.vars[var.index()]
    }

    /// The current domain of `var`.
    #[inline]
    pub fn domain(&self, var: VarId) -> Domain<'_> {
        let info = self.info(var);
        let (o, w) = (info.offset as usize, info.words as usize);
        Domain { blocks: &self.core.store.blocks()[o..o + w], map: &info.map }
    }

    /// The number of values left in `var`'s domain.
    #[inline]
    pub fn size(&self, var: VarId) -> usize {
        self.domain(var).len()
    }

    /// Whether `var` has exactly one value left.
    #[inline]
    pub fn is_fixed(&self, var: VarId) -> bool {
        self.size(var) == 1
    }

    /// The value of `var` if it is fixed.
    #[inline]
    pub fn value(&self, var: VarId) -> Option<Value> {
        self.domain(var).single_value()
    }

    /// Whether `value` is in `var`'s domain.
    #[inline]
    pub fn contains(&self, var: VarId, value: Value) -> bool {
        self.domain(var).contains(value)
    }

    /// The smallest value of `var`.
    ///
    /// # Panics
    ///
    /// Panics if the domain is empty, which cannot happen while propagation runs normally.
    #[inline]
    pub fn min(&self, var: VarId) -> Value {
        self.domain(var).min().expect("min of an empty domain")
    }

    /// The largest value of `var`.
    ///
    /// # Panics
    ///
    /// Panics if the domain is empty, which cannot happen while propagation runs normally.
    #[inline]
    pub fn max(&self, var: VarId) -> Value {
        self.domain(var).max().expect("max of an empty domain")
    }

    /// Removes `value` from `var`.
    ///
    /// # Errors
    ///
    /// A [`Conflict`] if the domain becomes empty.
    #[inline]
    pub fn remove_value(&mut self, var: VarId, value: Value, rule: Rule) -> Result<bool, Conflict> {
        let info = &self.vars[var.index()];
        match info.map.bit(value, info.len as usize) {
            Some(bit) => self.core.retain_block(self.vars, var, bit / BITS, !(1 << (bit % BITS)), rule),
            None => Ok(false),
        }
    }

    /// Removes every value but `value` from `var`.
    ///
    /// # Errors
    ///
    /// A [`Conflict`] if `value` is not in the domain (the domain is emptied).
    pub fn assign(&mut self, var: VarId, value: Value, rule: Rule) -> Result<bool, Conflict> {
        let info = &self.vars[var.index()];
        match info.map.bit(value, info.len as usize) {
            Some(bit) => self.core.assign_bit(self.vars, var, bit, rule),
            None => self.wipe_out(var, rule),
        }
    }

    /// Sets `var` to the value of its bit `bit` (see [`value_of_bit`](Context::value_of_bit)).
    ///
    /// # Errors
    ///
    /// A [`Conflict`] if that value is no longer in the domain.
    #[inline]
    pub fn assign_bit(&mut self, var: VarId, bit: usize, rule: Rule) -> Result<bool, Conflict> {
        self.core.assign_bit(self.vars, var, bit, rule)
    }

    /// Empties `var`'s domain and returns the conflict (in constant time on an interval).
    pub(crate) fn wipe_out(&mut self, var: VarId, rule: Rule) -> Result<bool, Conflict> {
        if self.domain(var).is_interval() {
            return self.core.narrow_interval(self.vars, var, 1, 0, rule);
        }
        let words = self.info(var).words as usize;
        for wi in 0..words {
            self.core.retain_block(self.vars, var, wi, 0, rule)?;
        }
        // Only reached for an already-empty domain.
        Err(Conflict { by: self.core.by(), var: Some(var) })
    }

    /// Removes every value smaller than `bound` from `var`.
    ///
    /// # Errors
    ///
    /// A [`Conflict`] if the domain becomes empty.
    pub fn remove_below(&mut self, var: VarId, bound: Value, rule: Rule) -> Result<bool, Conflict> {
        let info = &self.vars[var.index()];
        let cut = info.map.bit_at_least(bound, info.len as usize);
        self.core.narrow_bits(self.vars, var, cut, usize::MAX, rule)
    }

    /// Removes every value larger than `bound` from `var`.
    ///
    /// # Errors
    ///
    /// A [`Conflict`] if the domain becomes empty.
    pub fn remove_above(&mut self, var: VarId, bound: Value, rule: Rule) -> Result<bool, Conflict> {
        let info = &self.vars[var.index()];
        let Some(b) = bound.checked_add(1) else { return Ok(false) };
        // Bits from `first` on are removed (all of them: an empty range).
        let first = info.map.bit_at_least(b, info.len as usize);
        match first.checked_sub(1) {
            Some(hi) => self.core.narrow_bits(self.vars, var, 0, hi, rule),
            None => self.core.narrow_bits(self.vars, var, 1, 0, rule),
        }
    }

    /// Keeps only the values of `var` for which `keep` returns true. `keep` is called once per
    /// value, in increasing order. On an interval domain (see
    /// [`Domain::is_interval`]) only the bounds move, to the smallest and the largest kept value.
    ///
    /// # Errors
    ///
    /// A [`Conflict`] if the domain becomes empty.
    pub fn retain(&mut self, var: VarId, mut keep: impl FnMut(Value) -> bool, rule: Rule) -> Result<bool, Conflict> {
        let info = &self.vars[var.index()];
        if let ValueMap::Interval { .. } = info.map {
            // Only the bounds move, to the smallest and largest kept values. `keep` sees every
            // value once, in increasing order, as for a bitset (callers may rely on it).
            let (lo, hi) = self.core.interval(var);
            let (mut first, mut last) = (None, 0);
            for b in lo..=hi {
                if keep(info.map.value(b)) {
                    first.get_or_insert(b);
                    last = b;
                }
            }
            return match first {
                Some(first) => self.core.narrow_interval(self.vars, var, first, last, rule),
                None => self.core.narrow_interval(self.vars, var, 1, 0, rule),
            };
        }
        let mut changed = false;
        for wi in 0..info.words as usize {
            let old = self.core.store.block(info.offset as usize + wi);
            let mut mask = old;
            let mut bits = old;
            while bits != 0 {
                let t = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if !keep(info.map.value(wi * BITS + t)) {
                    mask &= !(1 << t);
                }
            }
            changed |= self.core.retain_block(self.vars, var, wi, mask, rule)?;
        }
        Ok(changed)
    }

    /// The blocks of `var`'s domain (bit `i` of the run is the `i`-th initial value).
    #[inline]
    pub fn blocks(&self, var: VarId) -> &[Block] {
        let info = self.info(var);
        &self.core.store.blocks()[info.offset as usize..(info.offset + info.words) as usize]
    }

    /// The first block of `var`'s domain: the whole domain when it has at most 64 values.
    #[inline]
    pub fn block(&self, var: VarId) -> Block {
        self.core.store.block(self.core.hot[var.index()].offset as usize)
    }

    /// All blocks of the flat domain store, indexed by the offsets of
    /// [`block_offset`](crate::model::author::block_offset): read many domains with one borrow.
    #[inline]
    pub fn flat_blocks(&self) -> &[Block] {
        self.core.store.blocks()
    }

    /// The block at index `offset` of the flat domain store; `offset` comes from
    /// [`block_offset`](crate::model::author::block_offset). For word-level constraints that
    /// cache their variables' offsets when posted.
    #[inline]
    pub fn block_at(&self, offset: usize) -> Block {
        self.core.store.block(offset)
    }

    /// Keeps only the bits of `keep` in block `wi` of `var`'s domain. On an interval domain the
    /// bounds move past the removed bits they meet; removed bits inside are not represented.
    ///
    /// # Errors
    ///
    /// A [`Conflict`] if the domain becomes empty.
    #[inline(always)]
    pub fn retain_block(&mut self, var: VarId, wi: usize, keep: Block, rule: Rule) -> Result<bool, Conflict> {
        self.core.retain_block(self.vars, var, wi, keep, rule)
    }

    /// The value that bit `bit` of `var`'s domain stands for.
    #[inline]
    pub fn value_of_bit(&self, var: VarId, bit: usize) -> Value {
        self.info(var).map.value(bit)
    }

    /// The bit that stands for `value` in `var`'s domain, if `value` is in its initial domain.
    #[inline]
    pub fn bit_of_value(&self, var: VarId, value: Value) -> Option<usize> {
        let info = self.info(var);
        info.map.bit(value, info.len as usize)
    }

    /// Reports that the running constraint cannot be satisfied, without a wipe-out of its own.
    /// Return the result at once.
    pub fn fail(&mut self, rule: Rule) -> Conflict {
        let conflict = Conflict { by: self.core.by(), var: None };
        self.core.stats.failures += 1;
        if self.core.observing {
            self.core.report_fail(conflict, rule);
        }
        conflict
    }

    /// Whether explanations are being collected. Gather premises only when it is true.
    #[inline]
    pub fn is_explaining(&self) -> bool {
        self.core.reporting
    }

    /// Sets the premises reported with the following changes (until the next call). Call it
    /// only when [`is_explaining`](Context::is_explaining) is true.
    pub fn set_premises(&mut self, premises: &[VarId]) {
        self.core.premises.clear();
        self.core.premises.extend_from_slice(premises);
    }

    /// Clears the premises reported with the following changes.
    #[inline]
    pub fn clear_premises(&mut self) {
        if !self.core.premises.is_empty() {
            self.core.premises.clear();
        }
    }

    /// The current search depth: decisions since the search's root (0 outside search).
    #[inline]
    pub fn depth(&self) -> u32 {
        self.core.depth()
    }

    /// The constraint's own blocks in `slot`, reserved with
    /// [`add_state`](crate::model::author::add_state), to read.
    ///
    /// # Panics
    ///
    /// Panics if the slot is outside the store (a slot of another model).
    #[inline]
    pub fn state(&self, slot: StateSlot) -> &[Block] {
        &self.core.store.blocks()[slot.offset()..slot.offset() + slot.len()]
    }

    /// The constraint's own blocks in `slot`, reserved with
    /// [`add_state`](crate::model::author::add_state), to read and write freely: they are saved
    /// at every checkpoint and restored with the domains, like them. Writing here raises no
    /// event. With trailing checkpoints ([`SnapshotMode::Trail`](crate::store::SnapshotMode)) the
    /// blocks are saved on their first access after a checkpoint, so ask for the part you need
    /// ([`StateSlot::part`]).
    ///
    /// # Panics
    ///
    /// Panics if the slot is outside the store (a slot of another model).
    #[inline]
    pub fn state_mut(&mut self, slot: StateSlot) -> &mut [Block] {
        self.core.store.state_mut(slot.offset(), slot.len())
    }

    /// Moves the local indices of the variables that changed since the running constraint last
    /// took them into `out` (after clearing it), for a constraint subscribed with
    /// [`Events::TRACK`](crate::constraint::Events::TRACK). Changes the constraint made itself are not recorded. After a restore
    /// to a checkpoint taken with work pending, and at the first propagation, every local is
    /// reported. Does not allocate once `out` has the capacity of the scope.
    pub fn take_changed(&mut self, out: &mut Vec<u32>) {
        self.core.take_changed(out);
    }

    /// Whether the running constraint is a stand-in in force that no other active constraint
    /// watches beside on any of its variables: then [`write_sole`](Self::write_sole) may replace
    /// [`retain_block`](Self::retain_block) for its own variables.
    #[inline]
    pub(crate) fn is_sole(&self) -> bool {
        self.core.is_sole()
    }

    /// Writes each `(offset, new)`, `new` a non-empty subset of the block at `offset` of a
    /// one-block domain (the writer checks that), without raising events (nobody else
    /// listens: [`is_sole`](Self::is_sole)) or counting prunings (the writer counts them in
    /// bulk with [`add_prunings`](Self::add_prunings)); the store is borrowed once for all of
    /// them.
    #[inline]
    pub(crate) fn write_sole(&mut self, writes: impl IntoIterator<Item = (usize, Block)>) {
        self.core.write_sole(writes);
    }

    /// Adds `n` values removed by [`write_sole`](Self::write_sole) to the statistics.
    #[inline]
    pub(crate) fn add_prunings(&mut self, n: u64) {
        self.core.stats.prunings += n;
    }

    /// The conflict of a wipe-out of `var` that the running constraint found in its own view
    /// of the domains, before writing it. Return it at once.
    pub(crate) fn wiped_out(&mut self, var: VarId) -> Conflict {
        self.core.stats.failures += 1;
        Conflict { by: self.core.by(), var: Some(var) }
    }
}

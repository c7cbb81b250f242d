//! The search state's domains and their snapshots.
//!
//! All domains live in one flat [`FixedBitSet`]; variable `x` owns the blocks
//! `offset(x)..offset(x) + words(x)`. Two ways to take a checkpoint (see `docs/design.md` for
//! the measurements behind the choice):
//!
//! * **copy**: the whole bitset is copied into a preallocated stack slot with `clone_from`
//!   (one `memcpy`, no allocation after the first visit of a depth). Best for small states such
//!   as a 9x9 Sudoku (81 blocks, 648 bytes).
//! * **trail**: before the first write of a block after a checkpoint, the old block is pushed on a
//!   trail; restoring pops it. Cost proportional to what changed, which wins for large states
//!   (N-queens with N = 1000 has 16,000 blocks). A constraint's state handed out whole
//!   ([`Store::state_mut`]) is saved as one copied range, once per checkpoint, rather than
//!   block by block.

use fixedbitset::{Block, FixedBitSet};

/// How checkpoints save the domains.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum SnapshotMode {
    /// Copy when the state is at most [`SnapshotMode::COPY_LIMIT_BLOCKS`] blocks, trail otherwise.
    #[default]
    Auto,
    /// Copy all domains at each checkpoint.
    Copy,
    /// Trail the blocks changed since each checkpoint.
    Trail,
}

impl SnapshotMode {
    /// The size, in blocks of 64 bits, up to which [`SnapshotMode::Auto`] copies.
    pub const COPY_LIMIT_BLOCKS: usize = 1024;
}

/// A constraint's own blocks in the store, reserved with
/// [`add_state`](crate::model::author::add_state): saved at every checkpoint and restored with
/// the domains. Read and write them with
/// [`Context::state`](crate::constraint::Context::state) and
/// [`Context::state_mut`](crate::constraint::Context::state_mut); [`part`](StateSlot::part)
/// narrows a slot to the blocks a propagation needs. The default is an empty slot.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct StateSlot {
    offset: u32,
    len: u32,
}

/// The flag of a trail entry that stands for a saved range.
const RANGE: u32 = 1 << 31;

impl StateSlot {
    pub(crate) fn new(offset: usize, len: usize) -> StateSlot {
        let narrow = |n: usize| u32::try_from(n).expect("state offset exceeds u32::MAX");
        StateSlot { offset: narrow(offset), len: narrow(len) }
    }

    /// The number of blocks.
    #[inline]
    pub fn len(self) -> usize {
        self.len as usize
    }

    /// Whether the slot has no block.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.len == 0
    }

    /// The blocks `start .. start + len` of this slot, as a slot.
    ///
    /// # Panics
    ///
    /// Panics if the range is not inside the slot.
    #[inline]
    pub fn part(self, start: usize, len: usize) -> StateSlot {
        assert!(
            start.checked_add(len).is_some_and(|end| end <= self.len()),
            "blocks {start}..{start}+{len} outside a state slot of {} blocks",
            self.len
        );
        StateSlot { offset: self.offset + start as u32, len: len as u32 }
    }

    /// The index of the slot's first block in the store.
    #[inline]
    pub(crate) fn offset(self) -> usize {
        self.offset as usize
    }
}

#[derive(Debug)]
pub(crate) struct Store {
    /// All domains. Bits past a variable's initial size are always zero.
    pub(crate) bits: FixedBitSet,
    trailing: bool,
    /// `trailing && level > 0`: whether writes must be saved (one test on the write path).
    saving: bool,
    /// Copy mode: `saved[l]` is the state at checkpoint level `l` (slots beyond `level` are
    /// spare, kept to avoid allocating again).
    saved: Vec<FixedBitSet>,
    /// Trail mode: `(block, old value)` in write order.
    /// Saved blocks `(index, old)` in the order saved; an index with [`RANGE`] set stands for
    /// the saved range `ranges[index & !RANGE]`.
    trail: Vec<(u32, Block)>,
    /// Ranges saved whole: `(start, len, at)`, the old blocks at `range_data[at..at + len]`.
    ranges: Vec<(u32, u32, usize)>,
    range_data: Vec<Block>,
    /// Per checkpoint: the number of ranges when it was taken.
    range_marks: Vec<u32>,
    /// Trail mode: trail length when each live checkpoint was taken.
    marks: Vec<u32>,
    /// Trail mode: the epoch in which each block was last saved; a block is saved at most once
    /// per epoch.
    stamps: Vec<u32>,
    /// Trail mode: the epoch of each live checkpoint level (`epochs[level - 1]` is current).
    epochs: Vec<u32>,
    next_epoch: u32,
    /// Number of live checkpoints.
    level: u32,
}

impl Store {
    pub(crate) fn new(bits: FixedBitSet, mode: SnapshotMode) -> Store {
        let blocks = bits.as_slice().len();
        assert!(blocks < RANGE as usize, "a store of {blocks} blocks is beyond the trail's 2^31");
        let trailing = match mode {
            SnapshotMode::Auto => blocks > SnapshotMode::COPY_LIMIT_BLOCKS,
            SnapshotMode::Copy => false,
            SnapshotMode::Trail => true,
        };
        Store {
            stamps: if trailing { vec![0; blocks] } else { Vec::new() },
            bits,
            trailing,
            saving: false,
            saved: Vec::new(),
            trail: Vec::new(),
            ranges: Vec::new(),
            range_data: Vec::new(),
            range_marks: Vec::new(),
            marks: Vec::new(),
            epochs: Vec::new(),
            next_epoch: 1,
            level: 0,
        }
    }

    pub(crate) fn is_trailing(&self) -> bool {
        self.trailing
    }

    #[inline]
    pub(crate) fn blocks(&self) -> &[Block] {
        self.bits.as_slice()
    }

    #[inline]
    pub(crate) fn block(&self, i: usize) -> Block {
        self.bits.as_slice()[i]
    }

    /// Writes block `i`, saving its old value first when trailing.
    #[inline]
    pub(crate) fn set_block(&mut self, i: usize, new: Block) {
        if self.saving {
            self.save(i);
        }
        self.bits.as_mut_slice()[i] = new;
    }

    /// Writes each `(i, new)` as [`set_block`](Self::set_block) does, the blocks borrowed once
    /// when not trailing (a trailed block is saved only if it changes).
    #[inline]
    pub(crate) fn set_blocks(&mut self, writes: impl IntoIterator<Item = (usize, Block)>) {
        if self.saving {
            for (i, new) in writes {
                if self.block(i) != new {
                    self.set_block(i, new);
                }
            }
            return;
        }
        let bits = self.bits.as_mut_slice();
        for (i, new) in writes {
            bits[i] = new;
        }
    }

    /// Blocks `start .. start + len` for writing, saved first when trailing.
    #[inline]
    pub(crate) fn state_mut(&mut self, start: usize, len: usize) -> &mut [Block] {
        if self.saving {
            if len == 1 {
                // One block is saved as a domain's block is, once per checkpoint by its stamp,
                // in O(1) however many single blocks this checkpoint saved.
                self.save(start);
            } else {
                self.save_range(start, len);
            }
        }
        &mut self.bits.as_mut_slice()[start..start + len]
    }

    /// Saves blocks `start .. start + len` as one range, unless this checkpoint saved that
    /// range already; the blocks count as saved for [`save`](Self::save).
    #[inline(never)]
    fn save_range(&mut self, start: usize, len: usize) {
        let level = self.level as usize;
        let first = self.range_marks[level - 1] as usize;
        if self.ranges[first..].iter().any(|&(s, l, _)| s as usize == start && l as usize == len) {
            return;
        }
        let at = self.range_data.len();
        self.range_data.extend_from_slice(&self.bits.as_slice()[start..start + len]);
        self.stamps[start..start + len].fill(self.epochs[level - 1]);
        self.trail.push((RANGE | self.ranges.len() as u32, 0));
        self.ranges.push((start as u32, len as u32, at));
    }

    #[inline(never)]
    fn save(&mut self, i: usize) {
        let epoch = self.epochs[self.level as usize - 1];
        if self.stamps[i] != epoch {
            self.stamps[i] = epoch;
            let old = self.bits.as_slice()[i];
            self.trail.push((i as u32, old));
        }
    }

    pub(crate) fn level(&self) -> u32 {
        self.level
    }

    pub(crate) fn push_checkpoint(&mut self) {
        let l = self.level as usize;
        if self.trailing {
            self.marks.push(self.trail.len() as u32);
            self.range_marks.push(self.ranges.len() as u32);
            self.epochs.push(self.next_epoch);
            self.next_epoch = self.next_epoch.wrapping_add(1).max(1);
        } else if l < self.saved.len() {
            self.saved[l].clone_from(&self.bits);
        } else {
            self.saved.push(self.bits.clone());
        }
        self.level += 1;
        self.saving = self.trailing;
    }

    /// Restores the state of checkpoint level `level` (`level < self.level`), dropping it and
    /// every later checkpoint.
    pub(crate) fn restore_to(&mut self, level: u32) {
        debug_assert!(level < self.level, "restore to level {level} but only {} live", self.level);
        if self.trailing {
            let mark = self.marks[level as usize] as usize;
            let bits = self.bits.as_mut_slice();
            // Newest first, so that each block ends with the oldest value saved.
            for &(i, old) in self.trail[mark..].iter().rev() {
                if i & RANGE == 0 {
                    bits[i as usize] = old;
                } else {
                    let (start, len, at) = self.ranges[(i & !RANGE) as usize];
                    let (start, len) = (start as usize, len as usize);
                    bits[start..start + len].copy_from_slice(&self.range_data[at..at + len]);
                }
            }
            self.trail.truncate(mark);
            let ranges = self.range_marks[level as usize] as usize;
            if let Some(&(_, _, at)) = self.ranges.get(ranges) {
                self.range_data.truncate(at);
            }
            self.ranges.truncate(ranges);
            self.range_marks.truncate(level as usize);
            self.marks.truncate(level as usize);
            self.epochs.truncate(level as usize);
        } else {
            self.bits.clone_from(&self.saved[level as usize]);
        }
        self.level = level;
        self.saving = self.trailing && level > 0;
    }

    /// Replaces all domains and drops every checkpoint.
    pub(crate) fn reset_to(&mut self, bits: &FixedBitSet) {
        self.bits.clone_from(bits);
        self.level = 0;
        self.saving = false;
        self.trail.clear();
        self.ranges.clear();
        self.range_data.clear();
        self.range_marks.clear();
        self.marks.clear();
        self.epochs.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::{SnapshotMode, Store};
    use fixedbitset::FixedBitSet;

    /// Random writes, single blocks and whole ranges, between random checkpoints and
    /// restores: the trailing store always agrees with a stack of copies.
    #[test]
    fn trailing_blocks_and_ranges_restore_like_copies() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = move |n: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % n
        };
        for _ in 0..200 {
            let blocks = 1 + next(40) as usize;
            let mut bits = FixedBitSet::with_capacity(blocks * 64);
            bits.insert_range(..);
            let mut store = Store::new(bits.clone(), SnapshotMode::Trail);
            let mut copies: Vec<Vec<usize>> = Vec::new();
            for _ in 0..60 {
                match next(5) {
                    0 => {
                        copies.push(store.blocks().to_vec());
                        store.push_checkpoint();
                    }
                    1 if !copies.is_empty() => {
                        let level = next(copies.len() as u64) as usize;
                        store.restore_to(level as u32);
                        assert_eq!(store.blocks(), &copies[level][..]);
                        copies.truncate(level);
                    }
                    2 => {
                        let (start, len) = (next(blocks as u64) as usize, 0);
                        let len = len + 1 + next((blocks - start) as u64) as usize;
                        for b in store.state_mut(start, len) {
                            *b = next(u64::MAX) as usize;
                        }
                    }
                    _ => {
                        let i = next(blocks as u64) as usize;
                        store.set_block(i, next(u64::MAX) as usize);
                    }
                }
            }
            while let Some(copy) = copies.pop() {
                store.restore_to(copies.len() as u32);
                assert_eq!(store.blocks(), &copy[..]);
            }
        }
    }
}

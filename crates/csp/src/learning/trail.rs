//! The literal trail: every domain change of a learning search, in order, with its decision
//! level and its cause.
//!
//! An entry stands for one *atomic constraint* (an atom) that became true: the bits `mask`
//! of one block of a bitset domain are gone, an interval's lower bound reached a bit, its
//! upper bound came down to one, or (for a decision) the variable was set. The write path of
//! the engine records an entry for each write while a learning search runs
//! ([`Core::report`](crate::context::core::Core) hook, behind the `observing` branch that the
//! write path tests once per change anyway); checkpoints mark the trail's length and
//! restoring one truncates it.

use fixedbitset::Block;

use crate::domain::BITS;

/// No entry (the end of a variable's chain).
pub(crate) const NO_ENTRY: u32 = u32::MAX;

/// A clause dropped by a reduction of the clause database, in its renumbering
/// ([`Trail::renumber_clauses`]).
pub(crate) const DROPPED: u32 = u32::MAX;

/// An atomic constraint on one variable, in bit coordinates (the bit of a value in the
/// variable's initial domain).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Atom {
    /// The bits `mask` of block `wi` of a bitset domain are gone.
    Removed {
        /// The block.
        wi: u32,
        /// The bits gone.
        mask: Block,
    },
    /// An interval domain's smallest bit is at least this one.
    Ge(u32),
    /// An interval domain's largest bit is at most this one.
    Le(u32),
    /// The variable is set to this bit (a decision on a bitset domain).
    Fixed(u32),
}

impl Atom {
    /// The atom with only the bits `bits` of a removal (an explanation that needs only some
    /// of them: [`Named`]); the other atoms whole.
    #[inline]
    pub(crate) fn restricted(self, bits: Block) -> Atom {
        match self {
            Atom::Removed { wi, mask } => Atom::Removed { wi, mask: mask & bits },
            a => a,
        }
    }
}

/// The bits of block `w` in the range of bits `from..to`.
pub(crate) fn range_mask(w: usize, from: usize, to: usize) -> Block {
    let (base, end) = (w * BITS, w * BITS + BITS);
    let (from, to) = (from.max(base), to.min(end));
    if from >= to {
        return 0;
    }
    let high = if to - base == BITS { !0 } else { (1 << (to - base)) - 1 };
    high & (!0 << (from - base))
}

/// A trail entry named by an explanation, with the bits of its removal that the explanation
/// rests on (of an entry that removed values of a bitset domain; every bit, `!0`, for the
/// other atoms). A learned clause names only those (`x in (bits)`, not the whole removal):
/// an entry that took several values where the explanation needed one is, in the clause, the
/// weaker fact that that one value is gone, and the clause prunes more.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Named {
    /// The entry's position on the trail.
    pub(crate) at: u32,
    /// The bits of its removal the explanation needs.
    pub(crate) bits: Block,
}

impl Named {
    /// Entry `at`, all of it.
    pub(crate) fn whole(at: u32) -> Named {
        Named { at, bits: !0 }
    }
}

/// Why an entry is on the trail.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(crate) enum Cause {
    /// Propagated by this constraint (explained on request).
    Constraint(u32),
    /// A decision: the entry is the decision itself, changing no domain.
    Decision,
    /// A write of the decision at this trail position.
    Decided(u32),
    /// Propagated by this learned clause.
    Clause(u32),
    /// Propagated at the root by a learned clause since dropped by a reduction of the clause
    /// database: true for the rest of the search, never explained again (the analysis stops
    /// at the root; a proof wrote its unit nogoods before the drop).
    Root,
    /// True for the rest of the search whatever the decisions (the objective bound, a
    /// caller's change): never part of a learned clause.
    #[default]
    Fact,
}

/// One change.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    pub(crate) var: u32,
    /// The variable's previous entry ([`NO_ENTRY`] for none); decisions are not chained.
    pub(crate) prev: u32,
    /// For a bound of an interval variable (`Ge` or `Le`): the variable's last entry before
    /// this one that moved the other bound ([`NO_ENTRY`] for none, and for other atoms), so
    /// that a bound at a position is found in two steps ([`Trail::bound_before`]).
    other: u32,
    /// Decisions in force when the change was made.
    pub(crate) level: u32,
    pub(crate) cause: Cause,
    pub(crate) atom: Atom,
}

/// One removal from a block of a bitset domain: the entry and the bits it took.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Removal {
    /// The entry's position on the trail.
    pub(crate) at: u32,
    /// The bits gone.
    pub(crate) mask: Block,
}

/// The trail of a learning search.
#[derive(Clone, Debug, Default)]
pub(crate) struct Trail {
    pub(crate) entries: Vec<Entry>,
    /// Per variable: its last entry, or [`NO_ENTRY`].
    pub(crate) last: Vec<u32>,
    /// Per variable: the positions of its chained entries, in increasing order, so that the
    /// last one before a position is found by binary search ([`last_before`](Trail::last_before))
    /// rather than by walking every later entry of the variable.
    by_var: Vec<Vec<u32>>,
    /// Per variable and block of a bitset domain: its removals from that block, in trail order
    /// (grown as blocks are first written), so that the removals of one block before a
    /// position are found by binary search and read from one array, without walking those of
    /// the other blocks (a dictionary's index has dozens of blocks) or reading the entries.
    removals: Vec<Vec<Vec<Removal>>>,
    /// Per variable and bit of a bitset domain: the entry that removed it, or [`NO_ENTRY`]
    /// (grown as bits are first removed, cleared as entries are dropped). The entries behind
    /// a literal of a learned clause are found bit by bit, without walking the removals of a
    /// block or reading the entries.
    removers: Vec<Vec<u32>>,
    /// Per live checkpoint of the store: the trail's length when it was taken.
    marks: Vec<u32>,
    /// The cause of writes made outside any constraint (set before each such write).
    pub(crate) cause: Cause,
    /// The shortest the trail has been since [`take_low`](Trail::take_low) was last called.
    low: u32,
    /// Per interval variable: its bounds (bits) when the trail was installed, which every
    /// later move is recorded against: the bound before a position with no move of it before
    /// (`None` for a bitset variable, or one not given by [`set_root`](Trail::set_root)).
    root: Vec<Option<(u32, u32)>>,
}

impl Trail {
    /// An empty trail for `num_vars` variables, with `levels` live checkpoints already.
    pub(crate) fn new(num_vars: usize, levels: u32) -> Trail {
        Trail {
            entries: Vec::with_capacity(4 * num_vars),
            last: vec![NO_ENTRY; num_vars],
            by_var: vec![Vec::new(); num_vars],
            removals: vec![Vec::new(); num_vars],
            removers: vec![Vec::new(); num_vars],
            marks: vec![0; levels as usize],
            cause: Cause::Fact,
            low: 0,
            root: vec![None; num_vars],
        }
    }

    /// Records the bounds (bits) of interval variable `var` as the trail is installed.
    pub(crate) fn set_root(&mut self, var: usize, lo: usize, hi: usize) {
        self.root[var] = Some((lo as u32, hi as u32));
    }

    /// Interval variable `var`'s lower (`low`) or upper bound when the trail was installed.
    pub(crate) fn root_bound(&self, var: u32, low: bool) -> Option<usize> {
        let (lo, hi) = (*self.root.get(var as usize)?)?;
        Some(if low { lo } else { hi } as usize)
    }

    /// The number of entries.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.entries.len()
    }

    fn push(&mut self, var: u32, level: u32, cause: Cause, atom: Atom) {
        let at = self.entries.len() as u32;
        let prev = self.last[var as usize];
        if let Atom::Removed { wi, mask } = atom {
            let blocks = &mut self.removals[var as usize];
            if blocks.len() <= wi as usize {
                blocks.resize_with(wi as usize + 1, Vec::new);
            }
            blocks[wi as usize].push(Removal { at, mask });
            let bits = &mut self.removers[var as usize];
            let base = wi as usize * BITS;
            if bits.len() < base + BITS {
                bits.resize(base + BITS, NO_ENTRY);
            }
            let mut m = mask;
            while m != 0 {
                bits[base + m.trailing_zeros() as usize] = at;
                m &= m - 1;
            }
        }
        let other = match (atom, self.entries.get(prev as usize)) {
            (Atom::Ge(_), Some(e)) if matches!(e.atom, Atom::Le(_)) => prev,
            (Atom::Le(_), Some(e)) if matches!(e.atom, Atom::Ge(_)) => prev,
            (Atom::Ge(_) | Atom::Le(_), Some(e)) => e.other,
            _ => NO_ENTRY,
        };
        self.entries.push(Entry { var, prev, other, level, cause, atom });
        self.last[var as usize] = at;
        self.by_var[var as usize].push(at);
    }

    /// The entry on the trail that removed bit `bit` of bitset variable `var`, if one did.
    #[inline]
    pub(crate) fn remover(&self, var: u32, bit: usize) -> Option<u32> {
        self.removers[var as usize].get(bit).copied().filter(|&k| k != NO_ENTRY)
    }

    /// `var`'s removals from block `wi` of its bitset domain, in trail order.
    #[inline]
    pub(crate) fn removals(&self, var: u32, wi: u32) -> &[Removal] {
        self.removals[var as usize].get(wi as usize).map_or(&[], Vec::as_slice)
    }

    /// `var`'s removals from block `wi` before position `p`, in trail order, and the bits of
    /// that block removed at `p` or later.
    #[inline]
    pub(crate) fn removals_before(&self, var: u32, wi: u32, p: usize) -> (&[Removal], Block) {
        let all = self.removals(var, wi);
        let (before, since) = all.split_at(all.partition_point(|r| (r.at as usize) < p));
        (before, since.iter().fold(0, |bits, r| bits | r.mask))
    }

    /// `var`'s last chained entry before position `p`, or [`NO_ENTRY`]; walking `prev` from
    /// it visits all its earlier ones.
    #[inline]
    pub(crate) fn last_before(&self, var: u32, p: usize) -> u32 {
        let v = &self.by_var[var as usize];
        match v.partition_point(|&k| (k as usize) < p) {
            0 => NO_ENTRY,
            i => v[i - 1],
        }
    }

    /// The last entry of interval variable `var` before position `p` that moved its lower
    /// (`low`) or upper bound, or [`NO_ENTRY`]; `p` past the trail's end for the last one.
    #[inline]
    pub(crate) fn bound_before(&self, var: u32, p: usize, low: bool) -> u32 {
        let k = self.last_before(var, p);
        match self.entries.get(k as usize) {
            None => NO_ENTRY,
            Some(e) if matches!(e.atom, Atom::Ge(_)) == low => k,
            Some(e) => e.other,
        }
    }

    /// `var`'s chained entries at position `p` or later, the latest first (the changes to undo
    /// to see its domain before `p`).
    #[inline]
    pub(crate) fn since(&self, var: u32, p: usize) -> impl Iterator<Item = &Entry> + '_ {
        let mut k = self.last[var as usize];
        std::iter::from_fn(move || {
            if k == NO_ENTRY || (k as usize) < p {
                return None;
            }
            let e = &self.entries[k as usize];
            k = e.prev;
            Some(e)
        })
    }

    fn cause_of(&self, by: u32) -> Cause {
        if by == u32::MAX {
            self.cause
        } else {
            Cause::Constraint(by)
        }
    }

    /// Records a write of block `wi` of bitset variable `var` from `old` to `new` by
    /// constraint `by` (`u32::MAX` for outside).
    pub(crate) fn record_block(&mut self, var: u32, wi: usize, old: Block, new: Block, by: u32, level: u32) {
        let cause = self.cause_of(by);
        self.push(var, level, cause, Atom::Removed { wi: wi as u32, mask: old & !new });
    }

    /// Records a change of interval variable `var` from bits `old` to `new` (one entry per
    /// bound that moved).
    pub(crate) fn record_interval(&mut self, var: u32, old: (usize, usize), new: (usize, usize), by: u32, level: u32) {
        let cause = self.cause_of(by);
        if new.0 != old.0 {
            self.push(var, level, cause, Atom::Ge(new.0 as u32));
        }
        if new.1 != old.1 {
            self.push(var, level, cause, Atom::Le(new.1 as u32));
        }
    }

    /// Records a decision `atom` on `var` at `level` (no domain change; not chained) and
    /// returns its position: the decision's writes name it as their cause.
    pub(crate) fn record_decision(&mut self, var: u32, atom: Atom, level: u32) -> u32 {
        let at = self.entries.len() as u32;
        self.entries.push(Entry { var, prev: NO_ENTRY, other: NO_ENTRY, level, cause: Cause::Decision, atom });
        at
    }

    /// After the clause database renumbered its clauses (`remap[old]`: the new number, or
    /// [`DROPPED`]): the entries a kept clause caused name its new number, those of a dropped
    /// one become [`Cause::Root`]. Only at the root (every entry is of level 0).
    pub(crate) fn renumber_clauses(&mut self, remap: &[u32]) {
        for e in &mut self.entries {
            if let Cause::Clause(id) = e.cause {
                debug_assert_eq!(e.level, 0, "a reduction happens at the root");
                e.cause = match remap[id as usize] {
                    DROPPED => Cause::Root,
                    new => Cause::Clause(new),
                };
            }
        }
    }

    /// A checkpoint of the store was taken.
    pub(crate) fn mark(&mut self) {
        self.marks.push(self.entries.len() as u32);
    }

    /// The store went back to checkpoint level `level`: drops the entries made since.
    pub(crate) fn undo_to(&mut self, level: u32) {
        let Some(&mark) = self.marks.get(level as usize) else { return };
        while self.entries.len() > mark as usize {
            let e = self.entries.pop().expect("entries past the mark");
            if e.cause != Cause::Decision {
                self.last[e.var as usize] = e.prev;
                self.by_var[e.var as usize].pop();
                if let Atom::Removed { wi, mask } = e.atom {
                    self.removals[e.var as usize][wi as usize].pop();
                    let bits = &mut self.removers[e.var as usize][wi as usize * BITS..];
                    let mut m = mask;
                    while m != 0 {
                        bits[m.trailing_zeros() as usize] = NO_ENTRY;
                        m &= m - 1;
                    }
                }
            }
        }
        self.marks.truncate(level as usize);
        self.low = self.low.min(mark);
    }

    /// The shortest the trail has been since the last call (entries from there on may have
    /// been dropped and replaced); the first call answers 0.
    pub(crate) fn take_low(&mut self) -> usize {
        std::mem::replace(&mut self.low, self.entries.len() as u32) as usize
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    #[test]
    fn an_entry_is_forty_bytes() {
        assert_eq!(std::mem::size_of::<Entry>(), 40);
    }

    /// After a reduction, the root entries of a kept clause name its new number and those of
    /// a dropped one name none; other causes are left alone.
    #[test]
    fn renumbering_follows_the_clause_database() {
        let mut t = Trail::new(2, 0);
        for (var, cause) in [(0, Cause::Clause(0)), (1, Cause::Clause(2)), (0, Cause::Constraint(2)), (1, Cause::Fact)]
        {
            t.push(var, 0, cause, Atom::Ge(1));
        }
        t.renumber_clauses(&[DROPPED, 0, 1]);
        let causes: Vec<Cause> = t.entries.iter().map(|e| e.cause).collect();
        assert_eq!(causes, [Cause::Root, Cause::Clause(1), Cause::Constraint(2), Cause::Fact]);
    }

    proptest! {
        /// `bound_before` finds what a walk back along the variable's chain finds, at every
        /// position, through undos, for interval variables whose moves interleave.
        #[test]
        fn bounds_before_any_position_match_a_walk(
            moves in proptest::collection::vec((0u32..2, any::<bool>(), any::<bool>(), 0u32..50), 1..40),
        ) {
            let mut t = Trail::new(2, 0);
            for (i, &(var, low, mark, v)) in moves.iter().enumerate() {
                if mark {
                    t.mark();
                }
                if i % 7 == 6 {
                    t.undo_to(0);
                }
                t.push(var, 1, Cause::Fact, if low { Atom::Ge(v) } else { Atom::Le(v) });
            }
            for var in 0..2u32 {
                for p in 0..=t.len() + 1 {
                    for low in [true, false] {
                        let walk = (0..t.len().min(p))
                            .rev()
                            .find(|&k| t.entries[k].var == var && matches!(t.entries[k].atom, Atom::Ge(_)) == low)
                            .map_or(NO_ENTRY, |k| k as u32);
                        prop_assert_eq!(t.bound_before(var, p, low), walk, "var {} p {} low {}", var, p, low);
                    }
                }
            }
        }
    }
}

//! The learned clause's literals, from the atoms of the trail entries a conflict's analysis
//! stopped at.
//!
//! The trail records a change of a bitset domain block by block ([`Atom::Removed`]), so the
//! entries behind one bound can be many: `x >= 200` on a domain of 346 values is the removal
//! of bits 0 to 199, four blocks, taken by however many entries pushed the bound. Merged
//! block by block their negations would be four literals `x in (bits of block w)`, and the
//! clause would not propagate `x <= 199` once its other literals are false: each of the four
//! still allows values, so none is the clause's last. A lazy clause generation solver has one
//! literal `[x <= 199]` there, which propagates and is watched once.
//!
//! So the atoms of one bitset variable are first merged into the set of bits they removed,
//! which is then read as a lower bound (the bits gone from the bottom), an upper bound (from
//! the top) and the holes between, one literal per block. Bits gone at the root count with the
//! bounds: they never come back while the clause lives, so `x in (those bits)` is the same
//! clause with or without them. Each literal's level is the highest level of the atoms that
//! removed some of its bits: it became false there. When the asserting atom (the first unique
//! implication point's) would be split between two literals, the clause would have two of the
//! last level and assert nothing; that variable keeps one literal per block, which never
//! splits it.

use fixedbitset::Block;

use crate::domain::{ValueMap, BITS};
use crate::layout::VarInfo;
use crate::learning::trail::{range_mask, Atom, Trail};

/// An atom of a conflict on a variable, with the level it became true at and whether it is
/// the asserting one: `(variable, atom, level, asserting)`.
pub(crate) type LevelAtom = (u32, Atom, u32, bool);

/// The sort key that puts the atoms of one variable together, and within it those that merge
/// block by block.
fn key(a: &LevelAtom) -> (u32, u8, u32) {
    match a.1 {
        Atom::Removed { wi, .. } => (a.0, 0, wi),
        Atom::Ge(_) => (a.0, 1, 0),
        Atom::Le(_) => (a.0, 2, 0),
        Atom::Fixed(b) => (a.0, 3, b),
    }
}

/// Merges the atoms of a conflict into the atoms whose negations are the learned clause's
/// literals, keeping scratch memory between conflicts.
#[derive(Clone, Debug, Default)]
pub(crate) struct Merger {
    /// The bits removed by one variable's atoms.
    gone: Vec<Block>,
}

impl Merger {
    /// Sorts `atoms` and writes their merge into `out`: per variable, a bitset domain's
    /// removals as bounds and holes (see the module's documentation), an interval's bounds
    /// as the strongest of each. Reads the domains `blocks` (laid out by `vars`) and the
    /// trail at the conflict, before any backjump.
    pub(crate) fn merge(
        &mut self,
        atoms: &mut [LevelAtom],
        vars: &[VarInfo],
        blocks: &[Block],
        trail: &Trail,
        out: &mut Vec<LevelAtom>,
    ) {
        atoms.sort_unstable_by_key(key);
        out.clear();
        let mut from = 0;
        while from < atoms.len() {
            let var = atoms[from].0;
            let to = from + atoms[from..].iter().take_while(|a| a.0 == var).count();
            let group = &atoms[from..to];
            if !self.bitset_bounds(group, &vars[var as usize], blocks, trail, out) {
                merge_by_block(group, out);
            }
            from = to;
        }
    }

    /// The atoms of one bitset variable's `group` as at most a lower bound, an upper bound
    /// and holes, into `out`; false (writing nothing) for an interval, a decision `x = v`
    /// among the atoms, a group that removes every value, or an asserting atom that the
    /// reading would split.
    fn bitset_bounds(
        &mut self,
        group: &[LevelAtom],
        info: &VarInfo,
        blocks: &[Block],
        trail: &Trail,
        out: &mut Vec<LevelAtom>,
    ) -> bool {
        if matches!(info.map, ValueMap::Interval { .. }) {
            return false;
        }
        let (words, len) = (info.words as usize, info.len as usize);
        let d = &blocks[info.offset as usize..info.offset as usize + words];
        let gone = &mut self.gone;
        gone.clear();
        gone.resize(words, 0);
        for a in group {
            match a.1 {
                Atom::Removed { wi, mask } => gone[wi as usize] |= mask,
                Atom::Ge(b) => set_range(gone, 0, b as usize),
                Atom::Le(b) => set_range(gone, b as usize + 1, len),
                Atom::Fixed(_) => return false,
            }
        }
        let var = group[0].0;
        let has = |g: &[Block], b: usize| g[b / BITS] >> (b % BITS) & 1 == 1;
        // Gone for the clause: removed by an atom, or absent and not by a search's entry.
        let out_for_good = |g: &[Block], b: usize| {
            has(g, b) || (!has(d, b) && trail.remover(var, b).is_none_or(|k| trail.entries[k as usize].level == 0))
        };
        let mut lo = 0;
        while lo < len && out_for_good(gone, lo) {
            lo += 1;
        }
        if lo == len {
            return false;
        }
        let mut hi = len - 1;
        while out_for_good(gone, hi) {
            hi -= 1;
        }
        // The pieces: bits [0, lo), bits (hi, len), and the removed bits of each block in
        // between; each with the level of the atoms that took some of its bits.
        let start = out.len();
        // Whether atom `a` removed some of the bits of the piece `atom` stands for.
        let touches = |a: &LevelAtom, piece: Atom| -> bool {
            let (from, to) = match piece {
                Atom::Ge(b) => (0, b as usize),
                Atom::Le(b) => (b as usize + 1, len),
                Atom::Removed { wi, mask } => {
                    let w = wi as usize;
                    return match a.1 {
                        Atom::Removed { wi: aw, mask: am } => aw == wi && am & mask != 0,
                        Atom::Ge(b) => range_mask(w, 0, b as usize) & mask != 0,
                        Atom::Le(b) => range_mask(w, b as usize + 1, len) & mask != 0,
                        Atom::Fixed(_) => true,
                    };
                }
                Atom::Fixed(_) => (0, len),
            };
            match a.1 {
                Atom::Removed { wi, mask } => range_mask(wi as usize, from, to) & mask != 0,
                Atom::Ge(b) => from < b as usize,
                Atom::Le(b) => to > b as usize + 1,
                Atom::Fixed(_) => true,
            }
        };
        let mut piece = |atom: Atom| {
            let (mut level, mut asserting, mut any) = (0, false, false);
            for a in group.iter().filter(|&a| touches(a, atom)) {
                level = level.max(a.2);
                asserting |= a.3;
                any = true;
            }
            if any {
                out.push((var, atom, level, asserting));
            }
        };
        if lo > 0 {
            piece(Atom::Ge(lo as u32));
        }
        for (w, &g) in gone.iter().enumerate().take(hi / BITS + 1).skip(lo / BITS) {
            let mask = g & range_mask(w, lo, hi + 1);
            if mask != 0 {
                piece(Atom::Removed { wi: w as u32, mask });
            }
        }
        if hi + 1 < len {
            piece(Atom::Le(hi as u32));
        }
        if out[start..].iter().filter(|a| a.3).count() > 1 {
            out.truncate(start);
            return false;
        }
        true
    }
}

/// Merges one variable's sorted atoms block by block: the removals of a block into one,
/// bounds into the strongest.
fn merge_by_block(group: &[LevelAtom], out: &mut Vec<LevelAtom>) {
    let start = out.len();
    for &a in group {
        if let Some(m) = out[start..].last_mut() {
            if key(m) == key(&a) {
                m.1 = match (m.1, a.1) {
                    (Atom::Removed { wi, mask }, Atom::Removed { mask: m2, .. }) => {
                        Atom::Removed { wi, mask: mask | m2 }
                    }
                    (Atom::Ge(x), Atom::Ge(y)) => Atom::Ge(x.max(y)),
                    (Atom::Le(x), Atom::Le(y)) => Atom::Le(x.min(y)),
                    (m1, _) => m1,
                };
                m.2 = m.2.max(a.2);
                m.3 |= a.3;
                continue;
            }
        }
        out.push(a);
    }
}

/// Sets the bits `from..to` of `bits`.
fn set_range(bits: &mut [Block], from: usize, to: usize) {
    for (w, b) in bits.iter_mut().enumerate() {
        *b |= range_mask(w, from, to);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_cut_blocks() {
        assert_eq!(range_mask(0, 0, 64), !0);
        assert_eq!(range_mask(0, 3, 5), 0b11000);
        assert_eq!(range_mask(1, 60, 66), 0b11);
        assert_eq!(range_mask(1, 130, 140), 0);
        let mut b = vec![0; 3];
        set_range(&mut b, 62, 129);
        assert_eq!(b, vec![0b11 << 62, !0, 1]);
    }
}

//! Where each watched literal of a clause waits to be visited: at one bit of its variable's
//! domain, or in its variable's list.
//!
//! Clause propagation visits a watch when a trail entry may have made its literal false. With
//! one list per variable, every change of a variable visits every clause watching one of its
//! literals, and a model whose learned clauses crowd onto a few variables (the starts of a
//! schedule) spends most of its time reading watches that no change concerns.
//!
//! So a literal of a bitset domain (a set of bits of one block, or all bits but one) waits at a
//! *sentinel*: one bit it allows. It can only become false once that bit is gone, so the
//! watch is visited only when an entry removes that bit, and then either moves to another
//! bit the literal allows and the domain still has, or finds the literal false. A false
//! literal waits at the allowed bit removed *last* (by the trail's latest entry): jumping
//! back restores bits latest first, so the literal becomes open again exactly when that bit
//! comes back, and a later removal of it is seen. The literals of interval domains, and of
//! bitsets too wide for a list per bit, wait in their variable's list, visited at every
//! entry of the variable that may make them false ([`Lit::may_be_falsified_by`]).
//!
//! This is the role that one watch list per Boolean literal plays in a SAT solver, or per
//! predicate in a lazy clause generation solver, without creating a Boolean per value.

use std::cmp::Ordering;

use fixedbitset::Block;

use super::{Lit, LitKind};
use crate::domain::{ValueMap, BITS};
use crate::layout::VarInfo;
use crate::learning::trail::Trail;

/// Bitset domains of at most this many blocks get a watch list per bit.
const BIT_LISTS_UP_TO: u32 = 16;

/// One watched literal of a clause.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Watch {
    pub(crate) clause: u32,
    pub(crate) lit: Lit,
}

/// Where a watch waits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Place {
    /// In its variable's list.
    Var(u32),
    /// At this bit of its variable.
    Bit(u32, u32),
}

/// The watch lists.
#[derive(Clone, Debug, Default)]
pub(crate) struct Watches {
    /// Per variable: the watches of its literals that have no sentinel.
    vars: Vec<Vec<Watch>>,
    /// Per variable with lists per bit: per bit, the watches waiting at it (sized when the
    /// variable is first watched).
    bits: Vec<Vec<Vec<Watch>>>,
}

impl Watches {
    /// No watches, for `num_vars` variables.
    pub(crate) fn new(num_vars: usize) -> Watches {
        Watches { vars: vec![Vec::new(); num_vars], bits: vec![Vec::new(); num_vars] }
    }

    /// Drops every watch (keeping the lists' memory).
    pub(crate) fn clear(&mut self) {
        self.vars.iter_mut().for_each(Vec::clear);
        self.bits.iter_mut().flatten().for_each(Vec::clear);
    }

    /// Adds `watch` where `place` says.
    pub(crate) fn push(&mut self, place: Place, watch: Watch) {
        self.list(place).push(watch);
    }

    /// The list at `place`.
    pub(crate) fn list(&mut self, place: Place) -> &mut Vec<Watch> {
        match place {
            Place::Var(x) => &mut self.vars[x as usize],
            Place::Bit(x, b) => &mut self.bits[x as usize][b as usize],
        }
    }

    /// Every watch and where it waits.
    #[cfg(test)]
    pub(crate) fn all(&self) -> impl Iterator<Item = (Place, Watch)> + '_ {
        let vars = self.vars.iter().enumerate().flat_map(|(x, l)| l.iter().map(move |&w| (Place::Var(x as u32), w)));
        let bits = self.bits.iter().enumerate().flat_map(|(x, lists)| {
            lists.iter().enumerate().flat_map(move |(b, l)| l.iter().map(move |&w| (Place::Bit(x as u32, b as u32), w)))
        });
        vars.chain(bits)
    }

    /// Whether a watch of variable `x` may wait at a bit (its lists per bit are sized).
    pub(crate) fn waits_at_bits(&self, x: u32) -> bool {
        !self.bits[x as usize].is_empty()
    }

    /// Whether variable `x` has lists per bit (sizing them on the first call for a domain
    /// that gets them).
    fn has_bit_lists(&mut self, x: u32, info: &VarInfo) -> bool {
        let lists = &mut self.bits[x as usize];
        if lists.is_empty() {
            if matches!(info.map, ValueMap::Interval { .. }) || info.words > BIT_LISTS_UP_TO {
                return false;
            }
            lists.resize_with(info.words as usize * BITS, Vec::new);
        }
        true
    }

    /// Where a watch on `lit` waits, given the domains `blocks` laid out by `vars` and the
    /// trail's removals (see the module's documentation).
    pub(crate) fn place(&mut self, lit: Lit, vars: &[VarInfo], blocks: &[Block], trail: &Trail) -> Place {
        let info = &vars[lit.var as usize];
        if !self.has_bit_lists(lit.var, info) {
            return Place::Var(lit.var);
        }
        let d = &blocks[info.offset as usize..(info.offset + info.words) as usize];
        let bit = present_bit(lit.kind, d).unwrap_or_else(|| last_removed(lit, info.words, trail));
        Place::Bit(lit.var, bit)
    }
}

/// The bits of block `w` that `kind` allows.
#[inline]
fn allowed(kind: LitKind, w: usize) -> Block {
    match kind {
        LitKind::In { wi, mask } => {
            if wi as usize == w {
                mask
            } else {
                0
            }
        }
        LitKind::Ne(b) if b as usize / BITS == w => !(1 << (b as usize % BITS)),
        LitKind::Ne(_) => !0,
        LitKind::Ge(b) => match (b as usize / BITS).cmp(&w) {
            Ordering::Less => !0,
            Ordering::Equal => !0 << (b as usize % BITS),
            Ordering::Greater => 0,
        },
        LitKind::Le(b) => match (b as usize / BITS).cmp(&w) {
            Ordering::Less => 0,
            Ordering::Equal => !0 >> (BITS - 1 - b as usize % BITS),
            Ordering::Greater => !0,
        },
    }
}

/// The blocks that hold bits `kind` allows, of a domain of `words` blocks.
#[inline]
fn blocks_of(kind: LitKind, words: usize) -> (usize, usize) {
    let (from, to) = match kind {
        LitKind::In { wi, .. } => (wi as usize, wi as usize + 1),
        LitKind::Ne(_) => (0, words),
        LitKind::Ge(b) => (b as usize / BITS, words),
        LitKind::Le(b) => (0, b as usize / BITS + 1),
    };
    (from.min(words), to.min(words))
}

/// A bit of domain `d` that `kind` allows: the highest one of the last block that has one
/// (a bound literal's is then the last one to go as the bound it allows is pushed: a start
/// pushed up never passes `x <= b`'s sentinel before it makes the literal false).
pub(crate) fn present_bit(kind: LitKind, d: &[Block]) -> Option<u32> {
    let (from, to) = blocks_of(kind, d.len());
    (from..to).rev().find_map(|w| {
        let b = d[w] & allowed(kind, w);
        (b != 0).then(|| (w * BITS + BITS - 1 - b.leading_zeros() as usize) as u32)
    })
}

/// The bit allowed by `lit` (of a domain of `words` blocks) that the trail's latest entry
/// removed; the first allowed bit if none of them was removed by an entry on the trail (gone
/// before the search, for good).
fn last_removed(lit: Lit, words: u32, trail: &Trail) -> u32 {
    let (from, to) = blocks_of(lit.kind, words as usize);
    let mut best: Option<(u32, u32)> = None;
    let mut first = None;
    for w in from..to {
        let allow = allowed(lit.kind, w);
        if allow == 0 {
            continue;
        }
        first.get_or_insert((w * BITS) as u32 + allow.trailing_zeros());
        // The block's latest removal of an allowed bit (removals are in trail order).
        if let Some(r) = trail.removals(lit.var, w as u32).iter().rev().find(|r| r.mask & allow != 0) {
            if best.is_none_or(|(at, _)| r.at > at) {
                best = Some((r.at, (w * BITS) as u32 + (r.mask & allow).trailing_zeros()));
            }
        }
    }
    best.map(|(_, b)| b).or(first).unwrap_or(0)
}

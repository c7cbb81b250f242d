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

use super::{Lit, LitKind, Truth};
use crate::domain::{ValueMap, BITS};
use crate::layout::VarInfo;
use crate::learning::trail::Trail;

/// Bitset domains of at most this many blocks get a watch list per bit.
const BIT_LISTS_UP_TO: u32 = 16;

/// The smallest segment a list gets, as a power of two (that of a `Vec` of watches).
const MIN_CLASS: u32 = 2;

/// No segment, no list.
const NONE: u32 = u32::MAX;

/// One watched literal of a clause.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Watch {
    pub(crate) clause: u32,
    /// Where the clause's literals start in the clause arena ([`ClauseInfo::start`]), so that
    /// a visit reads its first two literals without reading the clause's
    /// [`ClauseInfo`] first (in the four bytes a `Watch` would otherwise pad).
    ///
    /// [`ClauseInfo`]: super::ClauseInfo
    /// [`ClauseInfo::start`]: super::ClauseInfo::start
    pub(crate) start: u32,
    pub(crate) lit: Lit,
}

/// A `Watch` is as large with `start` as without it.
const _: () = assert!(std::mem::size_of::<Watch>() == 32);

/// What fills the arena's slots that no list holds (a free segment's first slot names the
/// next free segment of its size in `clause`).
const FILLER: Watch = Watch { clause: NONE, start: 0, lit: Lit { var: 0, kind: LitKind::Ne(0) } };

/// Where a watch waits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Place {
    /// In its variable's list.
    Var(u32),
    /// At this bit of its variable.
    Bit(u32, u32),
}

/// A list: its segment of the arena (`cap` slots from `start`, a power of two, or none) and
/// how many watches it holds. Taken out of [`Watches`] while it is visited
/// ([`Watches::take`]), and read and changed through it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct List {
    start: u32,
    len: u32,
    cap: u32,
}

impl List {
    /// The number of watches.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.len as usize
    }
}

/// The watch lists, all in one arena.
///
/// A list holds its watches in order in a segment of the arena of a power-of-two size, and
/// behaves as a `Vec` (a push at the end, a swap with the last to remove), so a visit reads
/// consecutive slots. A full list moves to a segment twice as large and frees its old one,
/// which the next list to need that size takes: the lists grow by taking the segments others
/// left, and the arena itself (one buffer) grows only when no free segment fits, by doubling.
/// With a `Vec` per list, each of the hundreds of lists per value of a schedule's starts
/// allocated as it doubled.
#[derive(Clone, Debug, Default)]
pub(crate) struct Watches {
    /// Every list's slots.
    arena: Vec<Watch>,
    /// The lists: first one per variable (its watches that have no sentinel), then, for a
    /// variable with lists per bit, one per bit from `bit_lists[x]`.
    lists: Vec<List>,
    /// Per variable: its first list per bit, or [`NONE`] while it has none (sized when the
    /// variable is first watched).
    bit_lists: Vec<u32>,
    /// Per size class: the first free segment of that size, or [`NONE`].
    free: [u32; 32],
}

impl Watches {
    /// No watches, for `num_vars` variables.
    pub(crate) fn new(num_vars: usize) -> Watches {
        Watches {
            arena: Vec::new(),
            lists: vec![List::default(); num_vars],
            bit_lists: vec![NONE; num_vars],
            free: [NONE; 32],
        }
    }

    /// Drops every watch (each list keeps its segment).
    pub(crate) fn clear(&mut self) {
        self.lists.iter_mut().for_each(|s| s.len = 0);
    }

    /// The list at `place` (of a variable with lists per bit for [`Place::Bit`]).
    #[inline]
    fn id(&self, place: Place) -> usize {
        match place {
            Place::Var(x) => x as usize,
            Place::Bit(x, b) => (self.bit_lists[x as usize] + b) as usize,
        }
    }

    /// Takes the list at `place` out, to visit it; nothing is pushed at `place` until it is
    /// [put back](Watches::put_back).
    #[inline]
    pub(crate) fn take(&mut self, place: Place) -> List {
        let id = self.id(place);
        std::mem::take(&mut self.lists[id])
    }

    /// Puts `list`, taken from `place`, back.
    #[inline]
    pub(crate) fn put_back(&mut self, place: Place, list: List) {
        let id = self.id(place);
        debug_assert_eq!(self.lists[id], List::default(), "nothing was pushed at {place:?}");
        self.lists[id] = list;
    }

    /// The `k`-th watch of `list`.
    #[inline]
    pub(crate) fn get(&self, list: &List, k: usize) -> Watch {
        debug_assert!(k < list.len());
        self.arena[list.start as usize + k]
    }

    /// Removes the `k`-th watch of `list`, its last taking its place.
    #[inline]
    pub(crate) fn swap_remove(&mut self, list: &mut List, k: usize) {
        debug_assert!(k < list.len());
        list.len -= 1;
        self.arena[list.start as usize + k] = self.arena[(list.start + list.len) as usize];
    }

    /// Adds `watch` at the end of `list`.
    #[inline(always)]
    pub(crate) fn push_into(&mut self, list: &mut List, watch: Watch) {
        push(&mut self.arena, &mut self.free, list, watch);
    }

    /// Adds `watch` where `place` says.
    #[inline(always)]
    pub(crate) fn push(&mut self, place: Place, watch: Watch) {
        let id = self.id(place);
        push(&mut self.arena, &mut self.free, &mut self.lists[id], watch);
    }

    /// Every watch and where it waits.
    #[cfg(test)]
    pub(crate) fn all(&self) -> impl Iterator<Item = (Place, Watch)> + '_ {
        // Each list's place: a variable's own list, or a bit of the variable whose lists per
        // bit start last at or before it.
        let num_vars = self.bit_lists.len();
        let mut firsts: Vec<(u32, u32)> =
            (0..num_vars as u32).filter(|&x| self.waits_at_bits(x)).map(|x| (self.bit_lists[x as usize], x)).collect();
        firsts.sort_unstable();
        (0..self.lists.len()).flat_map(move |id| {
            let place = if id < num_vars {
                Place::Var(id as u32)
            } else {
                let &(first, x) =
                    firsts.iter().rev().find(|&&(first, _)| first as usize <= id).expect("a list per bit");
                Place::Bit(x, id as u32 - first)
            };
            let l = &self.lists[id];
            (l.start..l.start + l.len).map(move |k| (place, self.arena[k as usize]))
        })
    }

    /// Whether a watch of variable `x` may wait at a bit (its lists per bit are sized).
    pub(crate) fn waits_at_bits(&self, x: u32) -> bool {
        self.bit_lists[x as usize] != NONE
    }

    /// Whether variable `x` has lists per bit (sizing them on the first call for a domain
    /// that gets them).
    fn has_bit_lists(&mut self, x: u32, info: &VarInfo) -> bool {
        if self.bit_lists[x as usize] == NONE {
            if !gets_bit_lists(info) {
                return false;
            }
            self.bit_lists[x as usize] = self.lists.len() as u32;
            self.lists.resize(self.lists.len() + info.words as usize * BITS, List::default());
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

    /// Where a watch on `lit` waits, as [`place`](Watches::place) says, if `lit` is not false
    /// in the domains `blocks` laid out by `vars`; `None` if it is false. One pass where
    /// [`Lit::truth`] then `place` read a bitset domain twice: on a bitset, a literal is not
    /// false exactly when the domain has a bit it allows, which is where it waits.
    #[inline]
    pub(crate) fn place_if_not_false(&mut self, lit: Lit, vars: &[VarInfo], blocks: &[Block]) -> Option<Place> {
        let info = &vars[lit.var as usize];
        if !gets_bit_lists(info) {
            return (lit.truth(vars, blocks) != Truth::False).then_some(Place::Var(lit.var));
        }
        let d = &blocks[info.offset as usize..(info.offset + info.words) as usize];
        let bit = present_bit(lit.kind, d);
        debug_assert_eq!(bit.is_some(), lit.truth(vars, blocks) != Truth::False, "{lit:?} on {d:?}");
        let bit = bit?;
        self.has_bit_lists(lit.var, info);
        Some(Place::Bit(lit.var, bit))
    }

    /// Where a watch on `lit`, false in the domains `blocks` laid out by `vars`, waits when
    /// its variable has lists per bit (a watch visited at one of its bits): at the allowed
    /// bit the trail removed last, as [`place`](Watches::place) says, without looking for a
    /// present bit first (the caller found none).
    #[inline]
    pub(crate) fn place_false_at_bits(&self, lit: Lit, vars: &[VarInfo], blocks: &[Block], trail: &Trail) -> Place {
        let info = &vars[lit.var as usize];
        debug_assert!(self.waits_at_bits(lit.var));
        debug_assert_eq!(
            present_bit(lit.kind, &blocks[info.offset as usize..(info.offset + info.words) as usize]),
            None
        );
        Place::Bit(lit.var, last_removed(lit, info.words, trail))
    }
}

/// Whether a variable laid out as `info` gets lists per bit (when first watched): a bitset
/// domain of at most [`BIT_LISTS_UP_TO`] blocks.
#[inline]
fn gets_bit_lists(info: &VarInfo) -> bool {
    !matches!(info.map, ValueMap::Interval { .. }) && info.words <= BIT_LISTS_UP_TO
}

/// Adds `watch` at the end of `list`, a list of `arena` whose free segments are `free`.
#[inline(always)]
fn push(arena: &mut Vec<Watch>, free: &mut [u32; 32], list: &mut List, watch: Watch) {
    if list.len == list.cap {
        grow(arena, free, list);
    }
    arena[(list.start + list.len) as usize] = watch;
    list.len += 1;
}

/// Moves the watches of full `list` of `arena` to a segment twice as large (or of
/// `1 << MIN_CLASS` slots), the first free one of that size in `free` or else new slots at
/// the arena's end, and frees its own.
#[cold]
#[inline(never)]
fn grow(arena: &mut Vec<Watch>, free: &mut [u32; 32], list: &mut List) {
    let cap = if list.cap == 0 { 1 << MIN_CLASS } else { list.cap * 2 };
    let class = cap.trailing_zeros() as usize;
    let start = match free[class] {
        NONE => {
            let start = arena.len();
            arena.resize(start + cap as usize, FILLER);
            start as u32
        }
        f => {
            free[class] = arena[f as usize].clause;
            f
        }
    };
    arena.copy_within(list.start as usize..(list.start + list.len) as usize, start as usize);
    if list.cap != 0 {
        let old = list.cap.trailing_zeros() as usize;
        arena[list.start as usize].clause = free[old];
        free[old] = list.start;
    }
    (list.start, list.cap) = (start, cap);
}

/// The bits of block `w` that `kind` allows.
#[inline]
pub(super) fn allowed(kind: LitKind, w: usize) -> Block {
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
    if let [b] = d {
        // One block (a roster's shifts): no blocks to choose from.
        let b = b & allowed(kind, 0);
        return (b != 0).then(|| (BITS - 1 - b.leading_zeros() as usize) as u32);
    }
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

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// An operation on the lists of variables `0..4`.
    #[derive(Clone, Debug)]
    enum Op {
        Push(u32),
        Remove(u32, usize),
        /// Takes a list out, removes the watch at the index from it and pushes two into it,
        /// pushes one elsewhere, and puts it back.
        Visit(u32, usize, u32),
        Clear,
    }

    fn op() -> impl Strategy<Value = Op> {
        prop_oneof![
            6 => (0u32..4).prop_map(Op::Push),
            3 => (0u32..4, any::<usize>()).prop_map(|(x, k)| Op::Remove(x, k)),
            2 => (0u32..4, any::<usize>(), 0u32..4).prop_map(|(x, k, y)| Op::Visit(x, k, y)),
            1 => Just(Op::Clear),
        ]
    }

    fn watch(clause: u32) -> Watch {
        Watch { clause, start: clause, lit: Lit { var: clause % 7, kind: LitKind::Ne(clause) } }
    }

    /// A literal on bits below 192 and a domain (of `words` blocks, some bits of `dense`, or
    /// one bit): what `place_if_not_false` is given.
    fn lit_and_domain() -> impl Strategy<Value = (LitKind, Vec<Block>)> {
        let kind = prop_oneof![
            (0u32..3, any::<Block>()).prop_map(|(wi, mask)| LitKind::In { wi, mask }),
            (0u32..192).prop_map(LitKind::Ne),
            (0u32..192).prop_map(LitKind::Ge),
            (0u32..192).prop_map(LitKind::Le),
        ];
        let domain = (1usize..=3, any::<[Block; 3]>(), 0usize..192, any::<bool>()).prop_filter_map(
            "nonempty",
            |(words, dense, bit, single)| {
                let mut d = dense[..words].to_vec();
                if single {
                    d.iter_mut().for_each(|b| *b = 0);
                    *d.get_mut(bit / BITS)? = 1 << (bit % BITS);
                }
                d.iter().any(|&b| b != 0).then_some(d)
            },
        );
        (kind, domain)
    }

    proptest! {
        /// `place_if_not_false` answers as `Lit::truth` then `place` do: nothing for a false
        /// literal, else the same place (a present bit it allows on a bitset, the variable's
        /// list on an interval).
        #[test]
        fn place_if_not_false_is_truth_then_place((kind, d) in lit_and_domain(), lo in 0usize..192, hi in 0usize..192) {
            let words = d.len() as u32;
            // An `In` literal names a block of its domain.
            prop_assume!(!matches!(kind, LitKind::In { wi, .. } if wi >= words));
            let (lo, hi) = (lo.min(hi), lo.max(hi));
            let vars = [
                VarInfo { offset: 0, words, len: words * BITS as u32, map: ValueMap::Range { min: 0 }, name: None },
                VarInfo { offset: words, words: 2, len: 192, map: ValueMap::Interval { min: 0 }, name: None },
            ];
            let blocks: Vec<Block> = d.iter().copied().chain([lo as Block, hi as Block]).collect();
            let trail = Trail::new(2, 0);
            for var in [0, 1] {
                if var == 1 && matches!(kind, LitKind::In { .. }) {
                    continue; // not produced for intervals
                }
                let lit = Lit { var, kind };
                let mut w = Watches::new(2);
                let want = (lit.truth(&vars, &blocks) != Truth::False).then(|| w.place(lit, &vars, &blocks, &trail));
                let mut w = Watches::new(2);
                prop_assert_eq!(w.place_if_not_false(lit, &vars, &blocks), want, "{:?} on {:?}", lit, blocks);
                if var == 0 {
                    // On the bitset, the highest bit the literal allows, by brute force.
                    let allows = |b: u32| match kind {
                        LitKind::In { wi, mask } => b / BITS as u32 == wi && mask >> (b % BITS as u32) & 1 == 1,
                        LitKind::Ne(v) => b != v,
                        LitKind::Ge(v) => b >= v,
                        LitKind::Le(v) => b <= v,
                    };
                    let top = (0..words * BITS as u32).rev().find(|&b| d[b as usize / BITS] >> (b as usize % BITS) & 1 == 1 && allows(b));
                    prop_assert_eq!(want, top.map(|b| Place::Bit(0, b)));
                }
            }
        }
    }

    /// The clauses of list `x`, in order.
    fn read(w: &mut Watches, x: u32) -> Vec<u32> {
        let list = w.take(Place::Var(x));
        let clauses = (0..list.len()).map(|k| w.get(&list, k).clause).collect();
        w.put_back(Place::Var(x), list);
        clauses
    }

    proptest! {
        /// The lists in one arena hold what a `Vec` per list would, in the same order (the
        /// search's order of visits), through pushes that move lists to larger segments and
        /// reuse those freed, removals, visits and clears.
        #[test]
        fn lists_behave_as_vecs(ops in proptest::collection::vec(op(), 0..300)) {
            let mut w = Watches::new(4);
            let mut model: Vec<Vec<u32>> = vec![Vec::new(); 4];
            for (n, op) in ops.into_iter().enumerate() {
                let n = n as u32;
                match op {
                    Op::Push(x) => {
                        w.push(Place::Var(x), watch(n));
                        model[x as usize].push(n);
                    }
                    Op::Remove(x, k) if !model[x as usize].is_empty() => {
                        let k = k % model[x as usize].len();
                        let mut list = w.take(Place::Var(x));
                        w.swap_remove(&mut list, k);
                        w.put_back(Place::Var(x), list);
                        model[x as usize].swap_remove(k);
                    }
                    Op::Remove(..) => {}
                    Op::Visit(x, k, y) => {
                        let mut list = w.take(Place::Var(x));
                        let mine = &mut model[x as usize];
                        if !mine.is_empty() {
                            w.swap_remove(&mut list, k % mine.len());
                            mine.swap_remove(k % mine.len());
                        }
                        for c in [n, n + 1000] {
                            w.push_into(&mut list, watch(c));
                            mine.push(c);
                        }
                        if y != x {
                            w.push(Place::Var(y), watch(n + 2000));
                            model[y as usize].push(n + 2000);
                        }
                        w.put_back(Place::Var(x), list);
                    }
                    Op::Clear => {
                        w.clear();
                        model.iter_mut().for_each(Vec::clear);
                    }
                }
                for x in 0..4 {
                    prop_assert_eq!(read(&mut w, x), model[x as usize].clone());
                }
            }
            // Every list's segment is its own: no slot is shared.
            let mut slots: Vec<(u32, u32)> = w.lists.iter().filter(|l| l.cap > 0).map(|l| (l.start, l.start + l.cap)).collect();
            slots.sort_unstable();
            prop_assert!(slots.windows(2).all(|p| p[0].1 <= p[1].0), "{:?}", slots);
        }
    }
}

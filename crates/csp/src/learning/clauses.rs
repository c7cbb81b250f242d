//! Learned clauses over atomic constraints, propagated by two watched literals.
//!
//! A clause is a disjunction of [`Lit`]s, each the negation of an [`Atom`] of the trail: the
//! nogood "these atoms never hold together" read as "one of their negations holds". A literal
//! is *false* when its atom holds in the current domains, *true* when the domains already
//! satisfy it, and open otherwise. Each clause of two or more literals watches its first two;
//! a watch moves when its literal becomes false, and when no other literal can take it the
//! clause is unit (the other watch is enforced) or in conflict.

pub(crate) mod watches;

use fixedbitset::Block;

use super::explain::removed_range;
use super::trail::{Atom, Trail, DROPPED};
use crate::domain::{ValueMap, BITS};
use crate::layout::VarInfo;
use watches::{Watch, Watches};

/// A literal of a clause: what must hold, on one variable, in bit coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LitKind {
    /// The variable takes a value among the bits `mask` of block `wi`.
    In {
        /// The block.
        wi: u32,
        /// The bits allowed.
        mask: Block,
    },
    /// The variable does not take this bit.
    Ne(u32),
    /// The variable's smallest bit is at least this one.
    Ge(u32),
    /// The variable's largest bit is at most this one.
    Le(u32),
}

/// A literal on a variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Lit {
    pub(crate) var: u32,
    pub(crate) kind: LitKind,
}

/// A literal's state in the current domains.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Truth {
    True,
    False,
    Open,
}

impl Lit {
    /// The literal that holds exactly when `atom` on `var` does not.
    pub(crate) fn negate(var: u32, atom: Atom) -> Lit {
        let kind = match atom {
            Atom::Removed { wi, mask } => LitKind::In { wi, mask },
            Atom::Ge(b) => LitKind::Le(b.saturating_sub(1)),
            Atom::Le(b) => LitKind::Ge(b + 1),
            Atom::Fixed(b) => LitKind::Ne(b),
        };
        Lit { var, kind }
    }

    /// The atom that holds exactly when this literal is false.
    pub(crate) fn negation(self) -> Atom {
        match self.kind {
            LitKind::In { wi, mask } => Atom::Removed { wi, mask },
            LitKind::Ne(b) => Atom::Fixed(b),
            LitKind::Ge(b) => Atom::Le(b.saturating_sub(1)),
            LitKind::Le(b) => Atom::Ge(b + 1),
        }
    }

    /// The literal's state in the domains `blocks` laid out by `vars`.
    pub(crate) fn truth(self, vars: &[VarInfo], blocks: &[Block]) -> Truth {
        let info = &vars[self.var as usize];
        let (o, w) = (info.offset as usize, info.words as usize);
        let d = &blocks[o..o + w];
        let interval = matches!(info.map, ValueMap::Interval { .. });
        if let ([b], false) = (d, interval) {
            // A nonempty bitset of one block (a roster's shifts): its bits the literal allows
            // and those it does not say.
            if *b != 0 {
                let allow = watches::allowed(self.kind, 0);
                return if b & allow == 0 {
                    Truth::False
                } else if b & !allow == 0 {
                    Truth::True
                } else {
                    Truth::Open
                };
            }
        }
        // The bounds, read only where the literal needs them (a bitset's take a scan).
        let bounds = || if interval { (d[0], d[1]) } else { bit_bounds(d) };
        match self.kind {
            LitKind::In { wi, mask } => {
                if interval {
                    // Not produced for intervals; read as "within the block's bits".
                    let (lo, hi) = bounds();
                    let (blo, bhi) = (wi as usize * BITS, wi as usize * BITS + BITS - 1);
                    return if hi < blo || lo > bhi {
                        Truth::False
                    } else if lo >= blo && hi <= bhi && mask == !0 {
                        Truth::True
                    } else {
                        Truth::Open
                    };
                }
                let b = d[wi as usize];
                if b & mask == 0 {
                    Truth::False
                } else if b & !mask == 0 && d.iter().enumerate().all(|(i, &x)| i == wi as usize || x == 0) {
                    Truth::True
                } else {
                    Truth::Open
                }
            }
            LitKind::Ne(bit) => {
                let bit = bit as usize;
                if interval {
                    let (lo, hi) = bounds();
                    return if !(lo..=hi).contains(&bit) {
                        Truth::True
                    } else if lo == hi {
                        Truth::False
                    } else {
                        Truth::Open
                    };
                }
                let wi = bit / BITS;
                match d.get(wi) {
                    Some(&b) if b >> (bit % BITS) & 1 == 1 => {
                        let alone = b.count_ones() == 1 && d.iter().enumerate().all(|(i, &x)| i == wi || x == 0);
                        if alone {
                            Truth::False
                        } else {
                            Truth::Open
                        }
                    }
                    _ => Truth::True,
                }
            }
            LitKind::Ge(bit) => {
                let bit = bit as usize;
                let (lo, hi) = bounds();
                if lo >= bit {
                    Truth::True
                } else if hi < bit {
                    Truth::False
                } else {
                    Truth::Open
                }
            }
            LitKind::Le(bit) => {
                let bit = bit as usize;
                let (lo, hi) = bounds();
                if hi <= bit {
                    Truth::True
                } else if lo > bit {
                    Truth::False
                } else {
                    Truth::Open
                }
            }
        }
    }

    /// Whether a change `atom` of this literal's variable can be the one that made the
    /// literal false: a necessary condition, read from the two alone, so that clause
    /// propagation skips the watches a change cannot concern without reading the domain. A
    /// literal becomes false at the change that takes the last of what it allows, which that
    /// change names: a bound literal `Le(b)` (`Ge(b)`) at a removal of a bit at most (at
    /// least) `b` or a lower (upper) bound past `b`; `In` at a removal of some of its bits;
    /// `Ne(b)` at a removal of other values than `b`.
    pub(crate) fn may_be_falsified_by(self, atom: Atom) -> bool {
        match (self.kind, atom) {
            (LitKind::Le(b), Atom::Removed { wi, mask }) => removed_range(wi, mask).0 <= b as usize,
            (LitKind::Ge(b), Atom::Removed { wi, mask }) => removed_range(wi, mask).1 >= b as usize,
            (LitKind::In { wi, mask }, Atom::Removed { wi: w, mask: m }) => wi == w && mask & m != 0,
            (LitKind::Ne(b), Atom::Removed { wi, mask }) => {
                !(b as usize / BITS == wi as usize && mask >> (b as usize % BITS) & 1 == 1)
            }
            (LitKind::Le(b), Atom::Ge(c)) => c > b,
            (LitKind::Le(_), Atom::Le(_)) | (LitKind::Ge(_), Atom::Ge(_)) => false,
            (LitKind::Ge(b), Atom::Le(c)) => c < b,
            _ => true,
        }
    }
}

/// The smallest and largest bit of a bitset domain (`(1, 0)` when empty).
fn bit_bounds(d: &[Block]) -> (usize, usize) {
    let lo = d.iter().position(|&b| b != 0);
    let hi = d.iter().rposition(|&b| b != 0);
    match (lo, hi) {
        (Some(l), Some(h)) => {
            (l * BITS + d[l].trailing_zeros() as usize, h * BITS + BITS - 1 - d[h].leading_zeros() as usize)
        }
        _ => (1, 0),
    }
}

/// One clause's place and standing.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ClauseInfo {
    pub(crate) start: u32,
    pub(crate) len: u32,
    /// Literal block distance when learned (distinct decision levels).
    pub(crate) lbd: u32,
    /// Learned (may be deleted) rather than kept for good (a solution's blocking clause).
    pub(crate) learned: bool,
}

/// The clause database.
#[derive(Clone, Debug, Default)]
pub(crate) struct Clauses {
    pub(crate) lits: Vec<Lit>,
    pub(crate) info: Vec<ClauseInfo>,
    /// Where each clause's two watched literals wait.
    pub(crate) watches: Watches,
    /// Per clause, when cores are tracked: the constraints its derivation used (sorted).
    pub(crate) support: Vec<Box<[u32]>>,
    /// The renumbering of the last [`retain`](Clauses::retain), kept to reuse its memory.
    remap: Vec<u32>,
}

impl Clauses {
    /// An empty database for `num_vars` variables.
    pub(crate) fn new(num_vars: usize) -> Clauses {
        Clauses { watches: Watches::new(num_vars), ..Clauses::default() }
    }

    /// The number of clauses.
    pub(crate) fn len(&self) -> usize {
        self.info.len()
    }

    /// The literals of clause `id`.
    pub(crate) fn clause(&self, id: u32) -> &[Lit] {
        let c = self.info[id as usize];
        &self.lits[c.start as usize..(c.start + c.len) as usize]
    }

    /// Adds a clause and returns its identifier; [`watch`](Clauses::watch) then watches it.
    pub(crate) fn add(&mut self, lits: &[Lit], lbd: u32, learned: bool, support: Box<[u32]>) -> u32 {
        let id = self.info.len() as u32;
        let start = self.lits.len() as u32;
        self.lits.extend_from_slice(lits);
        self.info.push(ClauseInfo { start, len: lits.len() as u32, lbd, learned });
        self.support.push(support);
        id
    }

    /// Watches the first two literals of clause `id` (of two or more), each where it waits
    /// in the current domains `blocks` laid out by `vars` ([`Watches::place`]).
    pub(crate) fn watch(&mut self, id: u32, vars: &[VarInfo], blocks: &[Block], trail: &Trail) {
        let c = self.info[id as usize];
        if c.len >= 2 {
            for k in 0..2 {
                let lit = self.lits[c.start as usize + k];
                let place = self.watches.place(lit, vars, blocks, trail);
                self.watches.push(place, Watch { clause: id, start: c.start, lit });
            }
        }
    }

    /// Keeps the clauses `keep[id]` (renumbered in order, in place) and watches them again in
    /// the current domains `blocks` laid out by `vars`; returns each old clause's new number,
    /// or [`DROPPED`]. Only at the root, where the trail entries a clause propagated are then
    /// renumbered too ([`Trail::renumber_clauses`](super::trail::Trail::renumber_clauses)).
    /// Allocates nothing: a kept clause only moves down, in the arena and in the tables.
    pub(crate) fn retain(&mut self, keep: &[bool], vars: &[VarInfo], blocks: &[Block], trail: &Trail) -> &[u32] {
        self.remap.clear();
        let (mut n, mut end) = (0usize, 0usize);
        for (id, &kept) in keep.iter().enumerate().take(self.info.len()) {
            if !kept {
                self.remap.push(DROPPED);
                continue;
            }
            let c = self.info[id];
            self.lits.copy_within(c.start as usize..(c.start + c.len) as usize, end);
            self.info[n] = ClauseInfo { start: end as u32, ..c };
            self.support.swap(n, id);
            self.remap.push(n as u32);
            n += 1;
            end += c.len as usize;
        }
        self.lits.truncate(end);
        self.info.truncate(n);
        self.support.truncate(n);
        self.watches.clear();
        for id in 0..n as u32 {
            self.watch(id, vars, blocks, trail);
        }
        &self.remap
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use watches::Place;

    /// The literal's truth over the bits of a nonempty domain, by brute force.
    fn brute(kind: LitKind, bits: &[usize]) -> Truth {
        let holds = |b: usize| match kind {
            LitKind::In { wi, mask } => b / BITS == wi as usize && mask >> (b % BITS) & 1 == 1,
            LitKind::Ne(v) => b != v as usize,
            LitKind::Ge(v) => b >= v as usize,
            LitKind::Le(v) => b <= v as usize,
        };
        match bits.iter().filter(|&&b| holds(b)).count() {
            0 => Truth::False,
            n if n == bits.len() => Truth::True,
            _ => Truth::Open,
        }
    }

    /// A literal on bits below 192: its bit one of the domain's (`near`) or any.
    fn kind(near: usize) -> impl Strategy<Value = LitKind> {
        let v = prop_oneof![Just(near as u32), 0u32..192];
        prop_oneof![
            (0u32..3, any::<Block>()).prop_map(|(wi, mask)| LitKind::In { wi, mask }),
            v.clone().prop_map(LitKind::Ne),
            v.clone().prop_map(LitKind::Ge),
            v.prop_map(LitKind::Le),
        ]
    }

    /// A domain of three blocks: dense (random blocks) or sparse (a few bits, often in one
    /// block), with one of its bits.
    fn domain() -> impl Strategy<Value = (Vec<Block>, usize)> {
        let dense = proptest::collection::vec(any::<Block>(), 3).prop_filter("nonempty", |d| d.iter().any(|&b| b != 0));
        let sparse = (0usize..3, proptest::collection::vec(0usize..192, 1..4)).prop_map(|(w, bits)| {
            let mut d = vec![0; 3];
            for (i, &b) in bits.iter().enumerate() {
                // Most bits in block `w`, so that a block holds one bit or a few.
                let b = if i % 2 == 0 { w * BITS + b % BITS } else { b };
                d[b / BITS] |= 1 << (b % BITS);
            }
            d
        });
        prop_oneof![dense, sparse].prop_flat_map(|d| {
            let bits: Vec<usize> = (0..192).filter(|&b| d[b / BITS] >> (b % BITS) & 1 == 1).collect();
            (Just(d), proptest::sample::select(bits))
        })
    }

    proptest! {
        /// On bitset domains of three blocks and on intervals, a literal is true, false or
        /// open as its values say.
        #[test]
        fn truth_is_what_the_values_say(
            (d, kind, (lo, hi)) in domain().prop_flat_map(|(d, near)| (Just(d), kind(near), (0usize..192, 0usize..192))),
        ) {
            let bitset = [VarInfo { offset: 0, words: 3, len: 192, map: ValueMap::Range { min: 0 }, name: None }];
            let bits: Vec<usize> = (0..192).filter(|&b| d[b / BITS] >> (b % BITS) & 1 == 1).collect();
            prop_assert_eq!(Lit { var: 0, kind }.truth(&bitset, &d), brute(kind, &bits));
            // The same literal on a domain of one block (each of the three in turn).
            let one = [VarInfo { offset: 0, words: 1, len: 64, map: ValueMap::Range { min: 0 }, name: None }];
            for w in (0..3).filter(|&w| d[w] != 0) {
                let bits: Vec<usize> = (0..BITS).filter(|&b| d[w] >> b & 1 == 1).collect();
                prop_assert_eq!(Lit { var: 0, kind }.truth(&one, &d[w..=w]), brute(kind, &bits), "{:?} on {:#x}", kind, d[w]);
            }
            let (lo, hi) = (lo.min(hi), lo.max(hi));
            let interval = [VarInfo { offset: 0, words: 2, len: 192, map: ValueMap::Interval { min: 0 }, name: None }];
            let bits: Vec<usize> = (lo..=hi).collect();
            if !matches!(kind, LitKind::In { .. }) {
                prop_assert_eq!(Lit { var: 0, kind }.truth(&interval, &[lo, hi]), brute(kind, &bits));
            }
        }

        /// `retain` keeps the clauses asked for, in order, each with its literals, LBD and
        /// support, renumbers them as it answers, and leaves each clause of two literals or
        /// more watched on its first two literals, each at a value it allows, and nothing
        /// else watched; twice in a row, so that the second works in the memory the first
        /// left.
        #[test]
        fn retain_keeps_what_it_is_asked_to_and_renumbers(
            clauses in proptest::collection::vec(
                (proptest::collection::vec((0u32..4, 0u32..8), 1..5), any::<bool>(), any::<bool>()), 0..12),
            again in proptest::collection::vec(any::<bool>(), 12),
        ) {
            let mut db = Clauses::new(4);
            let vars: Vec<VarInfo> = (0..4)
                .map(|i| VarInfo { offset: i, words: 1, len: 8, map: ValueMap::Range { min: 0 }, name: None })
                .collect();
            let (blocks, trail) = ([0xff; 4], Trail::new(4, 0));
            let mut model = Vec::new();
            for (id, (lits, learned, _)) in clauses.iter().enumerate() {
                let lits: Vec<Lit> = lits.iter().map(|&(var, b)| Lit { var, kind: LitKind::Ne(b) }).collect();
                db.add(&lits, id as u32, *learned, vec![id as u32].into());
                model.push((lits, id as u32, *learned));
            }
            for keep in [clauses.iter().map(|c| c.2).collect::<Vec<_>>(), again] {
                let keep = &keep[..model.len()];
                let remap = db.retain(keep, &vars, &blocks, &trail).to_vec();
                let mut n = 0;
                for (old, &k) in keep.iter().enumerate() {
                    prop_assert_eq!(remap[old], if k { n } else { DROPPED });
                    n += u32::from(k);
                }
                model = model.into_iter().zip(keep).filter(|(_, &k)| k).map(|(c, _)| c).collect();
                prop_assert_eq!(db.len(), model.len());
                for (id, (lits, tag, learned)) in model.iter().enumerate() {
                    prop_assert_eq!(db.clause(id as u32), &lits[..]);
                    prop_assert_eq!((db.info[id].lbd, db.info[id].learned), (*tag, *learned));
                    prop_assert_eq!(&db.support[id][..], &[*tag][..]);
                }
                prop_assert_eq!(db.lits.len(), model.iter().map(|c| c.0.len()).sum::<usize>());
                let mut want: Vec<(u32, Lit)> = Vec::new();
                for (id, (lits, _, _)) in model.iter().enumerate() {
                    if lits.len() >= 2 {
                        want.extend([(id as u32, lits[0]), (id as u32, lits[1])]);
                    }
                }
                let mut got = Vec::new();
                for (place, w) in db.watches.all() {
                    let LitKind::Ne(b) = w.lit.kind else { unreachable!() };
                    prop_assert!(matches!(place, Place::Bit(x, bit) if x == w.lit.var && bit != b), "{:?} {:?}", place, w);
                    prop_assert_eq!(w.start, db.info[w.clause as usize].start);
                    got.push((w.clause, w.lit));
                }
                let key = |&(id, l): &(u32, Lit)| (id, format!("{l:?}"));
                want.sort_unstable_by_key(key);
                got.sort_unstable_by_key(key);
                prop_assert_eq!(got, want);
            }
        }
    }
}

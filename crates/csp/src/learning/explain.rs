//! Explanations on request: what a constraint sees when the conflict analysis asks it why it
//! made a change ([`Antecedents`]), and the trail walks that turn atoms into trail entries.
//!
//! Nothing is recorded for an explanation while the search runs: the analysis asks a
//! constraint for the reason of a trail entry only when it resolves that entry, and the
//! constraint reads the domains *as they were just before the entry* from the trail (the
//! current domains with the later entries put back). With learning off nothing here runs.

use fixedbitset::Block;

use super::trail::{range_mask, Atom, Entry, Named, Removal, Trail, NO_ENTRY};
use crate::domain::{ValueMap, BITS};
use crate::id::{Value, VarId};
use crate::layout::VarInfo;

/// A domain's blocks, on the stack for domains of up to 4,096 values (512 bytes).
type WideBits = smallvec::SmallVec<[Block; 64]>;

/// What a constraint is asked to explain (see [`Antecedents::change`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// The constraint failed: the domains it saw (before the failure) have no support.
    Failure,
    /// The variable's values below this one are gone.
    AtLeast(VarId, Value),
    /// The variable's values above this one are gone.
    AtMost(VarId, Value),
    /// The values [`Antecedents::removed`] of the variable are gone (not all beyond one
    /// bound).
    Removed(VarId),
}

/// A request for the reason of one change made by a constraint, handed to
/// [`Constraint::explain`](crate::model::constraint::Constraint::explain) by the conflict
/// analysis of a learning search ([`Solver::set_learning`](crate::search::Solver::set_learning)).
///
/// The constraint reads the domains *before the change* ([`min`](Antecedents::min),
/// [`max`](Antecedents::max), [`contains`](Antecedents::contains),
/// [`value`](Antecedents::value)) and names the facts of those domains that, with the
/// constraint, imply the change ([`at_least`](Antecedents::at_least),
/// [`at_most`](Antecedents::at_most), [`not_equal`](Antecedents::not_equal),
/// [`equal`](Antecedents::equal), [`domain`](Antecedents::domain)): each must hold in those
/// domains. The fewer and weaker the facts, the more the learned clause prunes. An explanation
/// may be stronger than the change asks (explain `x >= v` where only some values below `v`
/// went), never weaker.
///
/// # Example
///
/// `x <= y` propagated on bounds: a cut of `y`'s lower bound rests on `x`'s lower bound, a
/// cut of `x`'s upper bound on `y`'s upper bound, and a failure on both.
///
/// ```
/// use csp::constraint::{Antecedents, Change, Constraint, Context, Conflict, Rule};
/// use csp::{Value, VarId};
///
/// #[derive(Clone, Debug)]
/// struct LessEq([VarId; 2]);
///
/// impl Constraint for LessEq {
///     fn kind(&self) -> &'static str { "less_eq" }
///     fn scope(&self) -> &[VarId] { &self.0 }
///     fn propagate(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
///         let [x, y] = self.0;
///         ctx.remove_below(y, ctx.min(x), Rule::Bounds)?;
///         ctx.remove_above(x, ctx.max(y), Rule::Bounds)?;
///         Ok(())
///     }
///     fn explain(&self, why: &mut Antecedents<'_>) -> bool {
///         let [x, y] = self.0;
///         match why.change() {
///             Change::AtLeast(v, bound) if v == y => why.at_least(x, bound),
///             Change::AtMost(v, bound) if v == x => why.at_most(y, bound),
///             Change::Failure => {
///                 // x > y: x's lower bound is above y's upper bound.
///                 let (Some(lo), Some(hi)) = (why.min(x), why.max(y)) else { return false };
///                 why.at_least(x, lo);
///                 why.at_most(y, hi);
///             }
///             // Anything else (a hole, a variable given twice): the generic explanation.
///             _ => return false,
///         }
///         true
///     }
///     fn is_satisfied(&self, v: &[Value]) -> bool { v[0] <= v[1] }
/// }
///
/// let mut model = csp::Model::new();
/// let x = model.new_vars(2, 0..=9)?;
/// model.post(LessEq([x[0], x[1]]))?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Antecedents<'a> {
    trail: &'a Trail,
    vars: &'a [VarInfo],
    blocks: &'a [Block],
    /// The domains read are those before this trail position.
    at: usize,
    change: Change,
    /// The bits gone, for a change of a bitset domain: `(block, mask)`.
    mask: Option<(u32, Block)>,
    out: &'a mut Vec<Named>,
    /// The length of `out` when the request began.
    start: usize,
}

impl<'a> Antecedents<'a> {
    /// A request for the reason of trail entry `p`, its antecedent entries into `out`.
    pub(crate) fn entry(
        trail: &'a Trail,
        vars: &'a [VarInfo],
        blocks: &'a [Block],
        p: usize,
        out: &'a mut Vec<Named>,
    ) -> Antecedents<'a> {
        let e = &trail.entries[p];
        let info = &vars[e.var as usize];
        let var = VarId::from_index(e.var as usize);
        let (change, mask) = match e.atom {
            Atom::Ge(b) => (Change::AtLeast(var, info.map.value(b as usize)), None),
            Atom::Le(b) => (Change::AtMost(var, info.map.value(b as usize)), None),
            Atom::Removed { wi, mask } => {
                // The domain just after the change, block by block from each end until a bit
                // is found (no copy of a domain of thousands of values).
                let o = info.offset as usize;
                let after = |b: usize| blocks[o + b] | trail.removals_before(e.var, b as u32, p + 1).1;
                let lowest = (0..info.words as usize).find_map(|b| low_bit(b, after(b)));
                let highest = || (0..info.words as usize).rev().find_map(|b| high_bit(b, after(b)));
                let (first, last) = removed_range(wi, mask);
                // A bound's move names the bound just past the values this entry took, not
                // the new smallest (largest) value: the values of a hole beyond it were gone
                // before, by other entries, and the constraint need not explain them.
                let change = match lowest {
                    Some(lo) if last < lo => Change::AtLeast(var, info.map.value(last + 1)),
                    Some(_) => match highest() {
                        Some(hi) if first > hi => Change::AtMost(var, info.map.value(first - 1)),
                        _ => Change::Removed(var),
                    },
                    None => Change::Removed(var),
                };
                (change, Some((wi, mask)))
            }
            // A decision explains nothing; never asked.
            Atom::Fixed(_) => (Change::Failure, None),
        };
        let start = out.len();
        Antecedents { trail, vars, blocks, at: p, change, mask, out, start }
    }

    /// A request for the reason of a failure seen in the domains before trail position `p`.
    pub(crate) fn failure(
        trail: &'a Trail,
        vars: &'a [VarInfo],
        blocks: &'a [Block],
        p: usize,
        out: &'a mut Vec<Named>,
    ) -> Antecedents<'a> {
        let start = out.len();
        Antecedents { trail, vars, blocks, at: p, change: Change::Failure, mask: None, out, start }
    }

    /// What to explain.
    pub fn change(&self) -> Change {
        self.change
    }

    /// The values the change removed, for a change of a domain stored as a bitset (in
    /// increasing order); nothing for an interval domain's bound or a failure.
    pub fn removed(&self) -> impl Iterator<Item = Value> + '_ {
        let (wi, mask) = self.mask.unwrap_or((0, 0));
        let map = match self.change {
            Change::AtLeast(x, _) | Change::AtMost(x, _) | Change::Removed(x) => Some(&self.vars[x.index()].map),
            Change::Failure => None,
        };
        (0..BITS).filter(move |b| mask >> b & 1 == 1).filter_map(move |b| map.map(|m| m.value(wi as usize * BITS + b)))
    }

    /// The one value a removal took from its variable, naming for an interval domain the bound
    /// it had (`x >= u` before `x >= u + 1`, `x <= u` before `x <= u - 1`) among the reasons;
    /// `None` for a failure, a removal of several values, or a bound that moved by more than
    /// one value.
    pub fn one_value_gone(&mut self) -> Option<(VarId, Value)> {
        let z = match self.change {
            Change::AtLeast(z, _) | Change::AtMost(z, _) | Change::Removed(z) => z,
            Change::Failure => return None,
        };
        let (first, more) = {
            let mut removed = self.removed();
            (removed.next(), removed.next().is_some())
        };
        if let Some(u) = first {
            return (!more).then_some((z, u));
        }
        // An interval's bound moved past the value: from that value.
        let (u, from) = match self.change {
            Change::AtLeast(_, b) => (b.saturating_sub(1), self.min(z)),
            Change::AtMost(_, b) => (b.saturating_add(1), self.max(z)),
            _ => return None,
        };
        if from != Some(u) {
            return None;
        }
        match self.change {
            Change::AtLeast(..) => self.at_least(z, u),
            _ => self.at_most(z, u),
        }
        Some((z, u))
    }

    fn info(&self, x: VarId) -> &VarInfo {
        &self.vars[x.index()]
    }

    fn is_interval(&self, x: VarId) -> bool {
        matches!(self.info(x).map, ValueMap::Interval { .. })
    }

    /// The smallest and largest bit of `x` before the change, `None` if not known (an
    /// interval's bound moved before the search and again since) or empty.
    fn bit_bounds(&self, x: VarId) -> Option<(usize, usize)> {
        let y = x.index() as u32;
        let info = self.info(x);
        if self.is_interval(x) {
            let o = info.offset as usize;
            let (lo, hi) = (self.blocks[o], self.blocks[o + 1]);
            let lo = interval_bound_at(self.trail, y, self.at, true, lo)?;
            let hi = interval_bound_at(self.trail, y, self.at, false, hi)?;
            return (lo <= hi).then_some((lo, hi));
        }
        // The current domain's range widened by the bits removed since (no copy of the domain).
        let d = &self.blocks[info.offset as usize..(info.offset + info.words) as usize];
        let mut range = bit_range(d);
        for e in self.trail.since(y, self.at) {
            if let Atom::Removed { wi, mask } = e.atom {
                let (first, last) = removed_range(wi, mask);
                range = Some(range.map_or((first, last), |(lo, hi)| (lo.min(first), hi.max(last))));
            }
        }
        range
    }

    /// `x`'s smallest value before the change (`None` if not known).
    pub fn min(&self, x: VarId) -> Option<Value> {
        self.bit_bounds(x).map(|(lo, _)| self.info(x).map.value(lo))
    }

    /// `x`'s largest value before the change (`None` if not known).
    pub fn max(&self, x: VarId) -> Option<Value> {
        self.bit_bounds(x).map(|(_, hi)| self.info(x).map.value(hi))
    }

    /// `x`'s smallest and largest values before the change (`None` if not known).
    pub fn bounds(&self, x: VarId) -> Option<(Value, Value)> {
        self.bit_bounds(x).map(|(lo, hi)| (self.info(x).map.value(lo), self.info(x).map.value(hi)))
    }

    /// `x`'s value before the change, if it was fixed.
    pub fn value(&self, x: VarId) -> Option<Value> {
        let (lo, hi) = self.bit_bounds(x)?;
        (lo == hi).then(|| self.info(x).map.value(lo))
    }

    /// Whether `x` could take `v` before the change.
    pub fn contains(&self, x: VarId, v: Value) -> bool {
        let info = self.info(x);
        let Some(bit) = info.map.bit(v, info.len as usize) else { return false };
        if self.is_interval(x) {
            return self.bit_bounds(x).is_some_and(|(lo, hi)| (lo..=hi).contains(&bit));
        }
        let o = info.offset as usize;
        if self.blocks[o + bit / BITS] >> (bit % BITS) & 1 == 1 {
            return true;
        }
        // Gone now: was it gone before the change?
        self.removal_of(x.index() as u32, bit).is_none_or(|k| k as usize >= self.at)
    }

    /// The values `x` could take before the change, in increasing order, for a domain stored
    /// as a bitset (block by block, each block's removals since looked up once, rather than
    /// one look-up per value as [`contains`](Antecedents::contains); nothing is collected);
    /// `None` for an interval domain.
    pub fn values(&self, x: VarId) -> Option<impl Iterator<Item = Value> + '_> {
        if self.is_interval(x) {
            return None;
        }
        let info = self.info(x);
        let (y, o, len) = (x.index() as u32, info.offset as usize, info.len as usize);
        let blocks = (0..info.words as usize).map(move |wi| {
            // The block before the change: the bits left now and those removed since.
            (wi, self.blocks[o + wi] | self.trail.removals_before(y, wi as u32, self.at).1)
        });
        Some(
            blocks
                .flat_map(|(wi, block)| (0..BITS).filter(move |b| block >> b & 1 == 1).map(move |b| wi * BITS + b))
                .filter(move |&b| b < len)
                .map(move |b| info.map.value(b)),
        )
    }

    /// The values of `x`'s initial domain, for a domain stored as a bitset; `None` for an
    /// interval domain (too many to list). The iterator does not borrow the request, so that
    /// an explanation can name atoms while it walks the values (twice if it clones it)
    /// without collecting them first.
    pub fn initial_values(&self, x: VarId) -> Option<impl Iterator<Item = Value> + Clone + 'a> {
        let info: &'a VarInfo = &self.vars[x.index()];
        (!self.is_interval(x)).then(|| (0..info.len as usize).map(|b| info.map.value(b)))
    }

    /// The number of values of `x`'s initial domain.
    pub fn initial_len(&self, x: VarId) -> usize {
        self.info(x).len as usize
    }

    /// The entry that removed bit `bit` of bitset variable `y`, if one did.
    fn removal_of(&self, y: u32, bit: usize) -> Option<u32> {
        self.trail.remover(y, bit)
    }

    /// Names `x >= v` (true before the change) as a reason.
    pub fn at_least(&mut self, x: VarId, v: Value) {
        debug_assert!(self.min(x).is_none_or(|m| m >= v), "explanation: {x} >= {v} does not hold");
        let info = self.info(x);
        let bit = info.map.bit_at_least(v, info.len as usize);
        if bit == 0 {
            return;
        }
        let y = x.index() as u32;
        if self.is_interval(x) {
            atom_entries(self.trail, self.vars, y, Atom::Ge(bit as u32), self.at, self.out);
        } else {
            range_entries(self.trail, y, 0, bit, self.at, self.out);
        }
    }

    /// Names `x <= v` (true before the change) as a reason.
    pub fn at_most(&mut self, x: VarId, v: Value) {
        debug_assert!(self.max(x).is_none_or(|m| m <= v), "explanation: {x} <= {v} does not hold");
        let info = self.info(x);
        // The first bit above v.
        let above = info.map.bit_at_least(v.saturating_add(1), info.len as usize);
        if v == Value::MAX || above >= info.len as usize {
            return;
        }
        let y = x.index() as u32;
        if self.is_interval(x) {
            let Some(top) = above.checked_sub(1) else {
                // Every value is above v: the domain is empty, as the entry that emptied it says.
                return state_before(self.trail, self.vars, y, self.at, self.out);
            };
            atom_entries(self.trail, self.vars, y, Atom::Le(top as u32), self.at, self.out);
        } else {
            range_entries(self.trail, y, above, usize::MAX, self.at, self.out);
        }
    }

    /// Names `x != v` (true before the change) as a reason.
    pub fn not_equal(&mut self, x: VarId, v: Value) {
        debug_assert!(!self.contains(x, v), "explanation: {x} != {v} does not hold");
        let info = self.info(x);
        let Some(bit) = info.map.bit(v, info.len as usize) else { return };
        if self.is_interval(x) {
            match self.bit_bounds(x) {
                Some((lo, _)) if bit < lo => self.at_least(x, v.saturating_add(1)),
                Some(_) => self.at_most(x, v.saturating_sub(1)),
                None => state_before(self.trail, self.vars, x.index() as u32, self.at, self.out),
            }
            return;
        }
        if let Some(k) = self.removal_of(x.index() as u32, bit) {
            if (k as usize) < self.at {
                self.out.push(Named { at: k, bits: 1 << (bit % BITS) });
            }
        }
    }

    /// Names `x != v` for every `v` of `values` (each true before the change) as reasons, in
    /// one walk of the removals of each block of `x` that holds such a value.
    pub fn not_equal_all(&mut self, x: VarId, values: impl IntoIterator<Item = Value>) {
        if self.is_interval(x) {
            for v in values {
                self.not_equal(x, v);
            }
            return;
        }
        let mut wanted = WideBits::new();
        self.wanted_bits(x, values, &mut wanted);
        if cfg!(debug_assertions) {
            for v in self.values_of_bits(x, &wanted) {
                debug_assert!(!self.contains(x, v), "explanation: {x} != {v} does not hold");
            }
        }
        let y = x.index() as u32;
        for (wi, &want) in wanted.iter().enumerate() {
            if want != 0 {
                let (before, _) = self.trail.removals_before(y, wi as u32, self.at);
                name_removals(before, want, self.out);
            }
        }
    }

    /// Whether no value of `values` was in `x`'s domain before the change; if so, names
    /// `x != v` for each of them as reasons (as [`not_equal_all`](Antecedents::not_equal_all),
    /// in one walk of the removals of each block of `x` that holds such a value, from the
    /// latest), else names nothing. The values may repeat and come in any order; those outside
    /// `x`'s initial domain need no reason.
    ///
    /// This is the check and the naming of "no support left among these values" (an element
    /// constraint's result value whose positions are all gone from the index) at once, with
    /// no set built value by value.
    pub fn not_equal_all_if_absent(&mut self, x: VarId, values: impl IntoIterator<Item = Value>) -> bool {
        if self.is_interval(x) {
            let start = self.out.len();
            for v in values {
                if self.contains(x, v) {
                    self.out.truncate(start);
                    return false;
                }
                self.not_equal(x, v);
            }
            return true;
        }
        let mut wanted = WideBits::new();
        self.wanted_bits(x, values, &mut wanted);
        self.absent_bits(x, &wanted)
    }

    /// [`not_equal_all_if_absent`](Antecedents::not_equal_all_if_absent) for the values given
    /// as sets of `BITS` values: `(w, bits)` stands for `base + w * BITS + i` for each bit `i`
    /// of `bits`. For a domain of consecutive values the sets are shifted onto its blocks whole,
    /// not value by value (an element constraint's positions of a value, among thousands).
    pub(crate) fn not_equal_all_if_absent_in(
        &mut self,
        x: VarId,
        base: Value,
        sets: impl IntoIterator<Item = (u32, Block)>,
    ) -> bool {
        let info = self.info(x);
        let (ValueMap::Range { min }, false) = (&info.map, self.is_interval(x)) else {
            let values = sets.into_iter().flat_map(|(w, bits)| {
                (0..BITS)
                    .filter(move |&i| bits >> i & 1 == 1)
                    .filter_map(move |i| Value::try_from(i64::from(base) + i64::from(w) * BITS as i64 + i as i64).ok())
            });
            return self.not_equal_all_if_absent(x, values);
        };
        let (shift, len) = (i64::from(base) - i64::from(*min), i64::from(info.len));
        let mut wanted = WideBits::new();
        let set = |wanted: &mut WideBits, w: usize, bits: Block| {
            if bits != 0 {
                if wanted.len() <= w {
                    wanted.resize(w + 1, 0);
                }
                wanted[w] |= bits;
            }
        };
        for (w, bits) in sets {
            // The bit of the set's first value in x's domain.
            let first = shift + i64::from(w) * BITS as i64;
            if first >= 0 && first + BITS as i64 <= len {
                let (to, s) = ((first / BITS as i64) as usize, (first % BITS as i64) as u32);
                set(&mut wanted, to, bits << s);
                if s != 0 {
                    set(&mut wanted, to + 1, bits >> (BITS as u32 - s));
                }
            } else {
                // Partly outside the initial domain: bit by bit.
                for i in (0..BITS).filter(|&i| bits >> i & 1 == 1) {
                    let bit = first + i as i64;
                    if (0..len).contains(&bit) {
                        set(&mut wanted, bit as usize / BITS, 1 << (bit as usize % BITS));
                    }
                }
            }
        }
        self.absent_bits(x, &wanted)
    }

    /// Whether none of the bits `wanted` of bitset variable `x` was in its domain before the
    /// change; if so, names the entries that removed them, else names nothing.
    fn absent_bits(&mut self, x: VarId, wanted: &[Block]) -> bool {
        let start = self.out.len();
        let y = x.index() as u32;
        let o = self.info(x).offset as usize;
        for (wi, &want) in wanted.iter().enumerate() {
            if want == 0 {
                continue;
            }
            // The block before the change: the bits left now and those removed since.
            let (before, since) = self.trail.removals_before(y, wi as u32, self.at);
            if (self.blocks[o + wi] | since) & want != 0 {
                self.out.truncate(start);
                return false;
            }
            name_removals(before, want, self.out);
        }
        true
    }

    /// The bits of `values` in `x`'s initial domain (bitset), block by block, into `wanted`.
    fn wanted_bits(&self, x: VarId, values: impl IntoIterator<Item = Value>, wanted: &mut WideBits) {
        let info = self.info(x);
        wanted.clear();
        for v in values {
            let Some(bit) = info.map.bit(v, info.len as usize) else { continue };
            let wi = bit / BITS;
            if wanted.len() <= wi {
                wanted.resize(wi + 1, 0);
            }
            wanted[wi] |= 1 << (bit % BITS);
        }
    }

    /// The values of `x` at the bits `bits` (for checks).
    fn values_of_bits<'b>(&'b self, x: VarId, bits: &'b [Block]) -> impl Iterator<Item = Value> + 'b {
        let map = &self.info(x).map;
        (0..bits.len() * BITS).filter(move |&b| bits[b / BITS] >> (b % BITS) & 1 == 1).map(move |b| map.value(b))
    }

    /// Names `x = v` (true before the change) as a reason.
    pub fn equal(&mut self, x: VarId, v: Value) {
        debug_assert!(self.value(x) == Some(v), "explanation: {x} = {v} does not hold");
        if self.is_interval(x) {
            self.at_least(x, v);
            self.at_most(x, v);
        } else {
            state_before(self.trail, self.vars, x.index() as u32, self.at, self.out);
        }
    }

    /// Names `x`'s whole domain before the change as a reason (every change of it).
    pub fn domain(&mut self, x: VarId) {
        state_before(self.trail, self.vars, x.index() as u32, self.at, self.out);
    }

    /// The number of reasons named so far (to take back a partial explanation with
    /// [`truncate_reasons`](Antecedents::truncate_reasons)).
    pub fn len_reasons(&self) -> usize {
        self.out.len()
    }

    /// Takes back the reasons named since [`len_reasons`](Antecedents::len_reasons) was `len`.
    pub fn truncate_reasons(&mut self, len: usize) {
        self.out.truncate(len.max(self.start));
    }

    /// Names `x`'s lower bound before the change as a reason; whether it was known.
    pub fn at_least_min(&mut self, x: VarId) -> bool {
        match self.min(x) {
            Some(m) => {
                self.at_least(x, m);
                true
            }
            None => false,
        }
    }

    /// Names `x`'s upper bound before the change as a reason; whether it was known.
    pub fn at_most_max(&mut self, x: VarId) -> bool {
        match self.max(x) {
            Some(m) => {
                self.at_most(x, m);
                true
            }
            None => false,
        }
    }
}

/// The entries before `p` that removed a bit of `from..to` of bitset variable `y`, each with
/// the bits of that range it took, into `out`.
fn range_entries(trail: &Trail, y: u32, from: usize, to: usize, p: usize, out: &mut Vec<Named>) {
    let mut k = trail.last_before(y, p);
    while k != NO_ENTRY {
        let e = &trail.entries[k as usize];
        if (k as usize) < p {
            if let Atom::Removed { wi, mask } = e.atom {
                let bits = mask & range_mask(wi as usize, from, to);
                if bits != 0 {
                    out.push(Named { at: k, bits });
                }
            }
        }
        k = e.prev;
    }
}

/// Among the removals `before` of one block (in trail order), the latest ones that took the
/// bits of `want`, each with those of its bits, into `out`, until every bit is accounted for
/// (bits that no entry removed were gone before the search).
fn name_removals(before: &[Removal], mut want: Block, out: &mut Vec<Named>) {
    for r in before.iter().rev() {
        if want == 0 {
            break;
        }
        if r.mask & want != 0 {
            out.push(Named { at: r.at, bits: r.mask & want });
            want &= !r.mask;
        }
    }
}

/// Moves of an interval's bound looked at for the earliest one that makes an atom true.
const BOUND_WALK: usize = 16;

/// The trail entries that made `atom` on `y` true before position `p`, each with the bits of
/// the atom it took, into `out`.
pub(crate) fn atom_entries(trail: &Trail, vars: &[VarInfo], y: u32, atom: Atom, p: usize, out: &mut Vec<Named>) {
    let interval = matches!(vars[y as usize].map, ValueMap::Interval { .. });
    match atom {
        Atom::Removed { wi, mask } if !interval => {
            // Bit by bit, from each bit's remover, which names the other bits it took too.
            let base = wi as usize * BITS;
            let mut want = mask;
            while want != 0 {
                let b = want.trailing_zeros() as usize;
                want &= want - 1;
                let Some(k) = trail.remover(y, base + b) else { continue };
                if (k as usize) < p {
                    if let Atom::Removed { mask: m, .. } = trail.entries[k as usize].atom {
                        out.push(Named { at: k, bits: m & mask });
                        want &= !m;
                    }
                }
            }
        }
        Atom::Ge(_) | Atom::Le(_) if interval => {
            let k = bound_entry(trail, y, atom, p);
            if k != NO_ENTRY {
                out.push(Named::whole(k));
            }
        }
        // A bound of a bitset domain (a learned clause's bound literal): the removals below
        // or above it.
        Atom::Ge(b) => range_entries(trail, y, 0, b as usize, p, out),
        Atom::Le(b) => range_entries(trail, y, b as usize + 1, usize::MAX, p, out),
        _ => state_before(trail, vars, y, p, out),
    }
}

/// The earliest trail entry before `p` that makes the bound atom `atom` (`[y >= b]` or
/// `[y <= b]`) on interval variable `y` true, looked for among the last `BOUND_WALK` moves of
/// that bound before `p` (beyond, a later one does); [`NO_ENTRY`] if none does.
fn bound_entry(trail: &Trail, y: u32, atom: Atom, p: usize) -> u32 {
    let mut found = NO_ENTRY;
    let mut looked = 0;
    let mut k = trail.last_before(y, p);
    while k != NO_ENTRY && looked < BOUND_WALK {
        let e = &trail.entries[k as usize];
        let holds = match (atom, e.atom) {
            (Atom::Ge(b), Atom::Ge(v)) => Some(v >= b),
            (Atom::Le(b), Atom::Le(v)) => Some(v <= b),
            _ => None,
        };
        match holds {
            Some(true) => found = k,
            Some(false) => break,
            None => {}
        }
        looked += usize::from(holds.is_some());
        k = e.prev;
    }
    found
}

/// The trail entries that make up `y`'s domain before position `p` (its changes since the
/// search began; for an interval, the last move of each bound), into `out`.
pub(crate) fn state_before(trail: &Trail, vars: &[VarInfo], y: u32, p: usize, out: &mut Vec<Named>) {
    let interval = matches!(vars[y as usize].map, ValueMap::Interval { .. });
    let (mut lo, mut hi) = (false, false);
    let mut k = trail.last_before(y, p);
    while k != NO_ENTRY {
        let e = &trail.entries[k as usize];
        if (k as usize) < p {
            if interval {
                match e.atom {
                    Atom::Ge(_) if !lo => {
                        lo = true;
                        out.push(Named::whole(k));
                    }
                    Atom::Le(_) if !hi => {
                        hi = true;
                        out.push(Named::whole(k));
                    }
                    _ => {}
                }
                if lo && hi {
                    break;
                }
            } else {
                out.push(Named::whole(k));
            }
        }
        k = e.prev;
    }
}

/// The first and last bit that a removal of `mask` from block `wi` took out.
pub(crate) fn removed_range(wi: u32, mask: Block) -> (usize, usize) {
    let base = wi as usize * BITS;
    (base + mask.trailing_zeros() as usize, base + BITS - 1 - mask.leading_zeros() as usize)
}

/// An interval variable's lower (`low`) or upper bound at trail position `p`: the last move
/// of it before `p`, else `current` if it has not moved since, else its bound when the trail
/// was installed; `None` if that is not known.
pub(crate) fn interval_bound_at(trail: &Trail, y: u32, p: usize, low: bool, current: usize) -> Option<usize> {
    match trail.entries.get(trail.bound_before(y, p, low) as usize) {
        Some(&Entry { atom: Atom::Ge(v) | Atom::Le(v), .. }) => Some(v as usize),
        // No move before `p`: the bound is the current one if it has not moved since either.
        _ if trail.bound_before(y, usize::MAX, low) == NO_ENTRY => Some(current),
        // Moved since `p` only: every move since the trail's installation is on it.
        _ => trail.root_bound(y, low),
    }
}

/// The lowest bit set in block `b` holding `bits`, if any.
fn low_bit(b: usize, bits: Block) -> Option<usize> {
    (bits != 0).then(|| b * BITS + bits.trailing_zeros() as usize)
}

/// The highest bit set in block `b` holding `bits`, if any.
fn high_bit(b: usize, bits: Block) -> Option<usize> {
    (bits != 0).then(|| b * BITS + BITS - 1 - bits.leading_zeros() as usize)
}

/// The smallest and largest bit of a bitset domain.
pub(crate) fn bit_range(d: &[Block]) -> Option<(usize, usize)> {
    let lo = d.iter().position(|&b| b != 0)?;
    let hi = d.iter().rposition(|&b| b != 0)?;
    Some((lo * BITS + d[lo].trailing_zeros() as usize, hi * BITS + BITS - 1 - d[hi].leading_zeros() as usize))
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::domain::ValueMap;

    /// One bitset variable of three blocks (192 values).
    fn var() -> Vec<VarInfo> {
        vec![VarInfo { offset: 0, words: 3, len: 192, map: ValueMap::Range { min: 0 }, name: None }]
    }

    /// Runs `ops` on a trail of one variable: `(true, block, bits)` removes the bits still
    /// there, `(false, n, _)` takes a checkpoint (n even) or goes back one (n odd). Returns the
    /// trail and the domain left.
    fn run(ops: &[(bool, u32, u64)]) -> (Trail, Vec<Block>) {
        let mut trail = Trail::new(1, 0);
        let mut domain: Vec<Block> = vec![Block::MAX; 3];
        let mut saved: Vec<Vec<Block>> = Vec::new();
        for &(remove, n, bits) in ops {
            if remove {
                let wi = n as usize % 3;
                let old = domain[wi];
                let new = old & !(bits as Block);
                if new != old {
                    trail.record_block(0, wi, old, new, 0, saved.len() as u32);
                    domain[wi] = new;
                }
            } else if n % 2 == 0 {
                trail.mark();
                saved.push(domain.clone());
            } else if let Some(d) = saved.pop() {
                trail.undo_to(saved.len() as u32);
                domain = d;
            }
        }
        (trail, domain)
    }

    proptest! {
        /// The entries named for "these bits of a block are gone before position `p`" are
        /// exactly those before `p` that removed one of them (a naive scan of the trail), and
        /// a block's bits removed since `p` are those of its entries from `p` on, through
        /// removals and checkpoints gone back to.
        #[test]
        fn removals_are_found_bit_by_bit_and_block_by_block(
            ops in proptest::collection::vec((prop_oneof![3 => Just(true), 1 => Just(false)], 0u32..6, any::<u64>()), 0..60),
            queries in proptest::collection::vec((0u32..3, any::<u64>(), 0usize..80), 1..8),
        ) {
            let (trail, _) = run(&ops);
            let vars = var();
            for (wi, mask, p) in queries {
                let p = p.min(trail.len());
                let naive: Vec<u32> = (0..p as u32)
                    .filter(|&k| matches!(trail.entries[k as usize].atom, Atom::Removed { wi: w, mask: m } if w == wi && m & mask as Block != 0))
                    .collect();
                let mut named = Vec::new();
                atom_entries(&trail, &vars, 0, Atom::Removed { wi, mask: mask as Block }, p, &mut named);
                // Each entry is named with the bits asked for among those it took.
                for n in &named {
                    let Atom::Removed { mask: m, .. } = trail.entries[n.at as usize].atom else { unreachable!() };
                    prop_assert_eq!(n.bits, m & mask as Block);
                }
                let mut out: Vec<u32> = named.iter().map(|n| n.at).collect();
                out.sort_unstable();
                out.dedup();
                prop_assert_eq!(out, naive);
                let since = trail.entries[p..]
                    .iter()
                    .filter_map(|e| match e.atom { Atom::Removed { wi: w, mask: m } if w == wi => Some(m), _ => None })
                    .fold(0, |a, m| a | m);
                let (before, gone) = trail.removals_before(0, wi, p);
                prop_assert_eq!(gone, since);
                prop_assert!(before.iter().all(|r| (r.at as usize) < p));
                for bit in 0..BITS {
                    let at = (0..trail.len() as u32).find(|&k| {
                        matches!(trail.entries[k as usize].atom, Atom::Removed { wi: w, mask: m } if w == wi && m >> bit & 1 == 1)
                    });
                    prop_assert_eq!(trail.remover(0, wi as usize * BITS + bit), at);
                }
            }
        }
    }
}

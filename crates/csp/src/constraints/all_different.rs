//! `AllDifferent`: pairwise different values, at three strengths.

use fixedbitset::Block;

use crate::context::Context;
use crate::domain::BITS;
use crate::error::{Conflict, ModelError};
use crate::id::{ConstraintId, Value, VarId};
use crate::learning::explain::{Antecedents, Change};
use crate::model::constraint::Constraint;
use crate::model::Model;
use crate::rule::Rule;
use crate::subscription::{Events, Priority};

use super::matching::Matching;
use super::word_matching::{Failure, WordMatching};

mod wide;

/// How much an [`AllDifferentNetwork`](super::AllDifferentNetwork) propagates. Each level
/// does everything the previous one does; all find the same solutions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum NetworkLevel {
    /// Forward checking: a fixed variable's value leaves its peers.
    ForwardChecking,
    /// Also hidden singles and pigeonhole failures, per value-tight constraint, as
    /// [`Strength::HiddenSingles`].
    HiddenSingles,
    /// Also locked values between any two constraints sharing at least two variables, as
    /// [`Model::post_intersections`](crate::model::Model::post_intersections) adds them.
    LockedValues,
}

/// How much an [`AllDifferent`] propagates.
///
/// Each level does everything the previous one does. All levels find the same solutions; the
/// stronger ones prune more per node at a higher cost per node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Strength {
    /// Value elimination (forward checking): once a variable is fixed, its value is removed
    /// from the others. Fails when two variables are fixed to the same value.
    ForwardChecking,
    /// Also: when the variables together have exactly as many values as there are variables,
    /// every value must be used, so a value left in one domain only is assigned there (a
    /// *hidden single*); with fewer values than variables the constraint fails (pigeonhole).
    #[default]
    HiddenSingles,
    /// Generalised arc consistency (Régin 1994): every value left can be extended to an
    /// assignment of all the constraint's variables with different values. Finds Hall sets
    /// (naked pairs, triples, ...) and their duals.
    Gac,
}

/// Word-level layout: bit `b` of variable `i` is bit `b + shift[i]` of the constraint's value
/// space. Used when all domains are ranges and the value span is at most
/// [`MAX_WORDS`] blocks; `width` is the span in blocks. With `width == 1` (and so one block per
/// variable) a tight single-register path runs.
#[derive(Clone, Debug)]
struct Words {
    /// The value of bit 0 of the constraint's value space.
    base: i64,
    shifts: Vec<u32>,
    /// Block offset of each variable in the flat store ([`block_offset`](crate::model::author::block_offset)).
    offs: Vec<u32>,
    width: usize,
    /// Scratch: `once`, `twice` and `fixed` masks over the value space, `width` blocks each.
    scratch: Vec<Block>,
}

/// The largest value span, in blocks, for the word-level layout.
const MAX_WORDS: usize = 4096;

/// Adds one variable's (shifted) domain `d` to bit-sliced saturating counters:
/// `at_least[c]` holds the values with more than `c` places.
#[inline]
fn count_places(at_least: &mut [Block; 4], d: Block) {
    at_least[3] |= at_least[2] & d;
    at_least[2] |= at_least[1] & d;
    at_least[1] |= at_least[0] & d;
    at_least[0] |= d;
}

/// All variables take pairwise different values: `x[i] + offset[i] != x[j] + offset[j]` for
/// `i != j` (offsets default to zero).
///
/// # Example
///
/// ```
/// use csp::Model;
/// use csp::constraints::{AllDifferent, Strength};
///
/// let mut model = Model::new();
/// let x = model.new_vars(3, 1..=3)?;
/// // x0 in {1, 2}, x1 in {1, 2}: with GAC, x2 loses 1 and 2 at once.
/// model.post(AllDifferent::new(x.clone()).with_strength(Strength::Gac))?;
/// let mut solver = model.into_solver();
/// solver.remove_value(x[0], 3)?;
/// solver.remove_value(x[1], 3)?;
/// solver.propagate()?;
/// assert_eq!(solver.value(x[2]), Some(3));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct AllDifferent {
    vars: Vec<VarId>,
    offsets: Vec<Value>,
    strength: Strength,
    words: Option<Words>,
    /// Scratch for the value-level path: `(constraint value, local index)`.
    pairs: Vec<(i64, u32)>,
    matching: Matching,
    /// GAC when the values fit one word, and its scratch: each domain as a mask.
    word_matching: WordMatching,
    masks: Vec<u64>,
    /// Locked-value reasoning with overlapping all-different groups
    /// ([`Model::post_intersections`]).
    partners: Vec<Partner>,
    /// The most locals any partner overlap holds.
    max_overlap: u32,
    /// Scratch for locked values: the locals holding each value bit (one block's worth).
    places: Vec<u64>,
}

/// An overlapping all-different group: the locals of this constraint inside the overlap, and
/// the partner's variables outside it.
#[derive(Clone, Debug)]
struct Partner {
    own: ConstraintId,
    inside: u64,
    /// `(variable, block offset, shift into this constraint's value space)`.
    outside: Vec<(VarId, u32, u32)>,
}

impl AllDifferent {
    /// All of `vars` different, at the default strength ([`Strength::HiddenSingles`]).
    pub fn new(vars: impl Into<Vec<VarId>>) -> AllDifferent {
        AllDifferent {
            vars: vars.into(),
            offsets: Vec::new(),
            strength: Strength::default(),
            words: None,
            pairs: Vec::new(),
            matching: Matching::default(),
            word_matching: WordMatching::default(),
            masks: Vec::new(),
            partners: Vec::new(),
            max_overlap: 0,
            places: Vec::new(),
        }
    }

    /// All of `vars[i] + offsets[i]` different (N-queens diagonals: `q[i] + i`). Vectors of
    /// different lengths are a [`ModelError::InvalidConstraint`] when posted.
    pub fn with_offsets(vars: impl Into<Vec<VarId>>, offsets: impl Into<Vec<Value>>) -> AllDifferent {
        let mut c = AllDifferent::new(vars);
        c.offsets = offsets.into();
        c
    }

    /// Sets the propagation strength.
    pub fn with_strength(mut self, strength: Strength) -> AllDifferent {
        self.strength = strength;
        self
    }

    /// The propagation strength.
    pub fn strength(&self) -> Strength {
        self.strength
    }

    /// The variables.
    pub fn vars(&self) -> &[VarId] {
        &self.vars
    }

    /// The offsets (empty when all are zero).
    pub fn offsets(&self) -> &[Value] {
        &self.offsets
    }

    #[inline]
    fn offset(&self, i: usize) -> i64 {
        self.offsets.get(i).map_or(0, |&o| i64::from(o))
    }

    // ---- word-level path ----------------------------------------------------------------

    /// Régin's GAC with every value in one word ([`WordMatching`]); the same removals, in the
    /// same order, as [`Matching`] makes.
    fn word_gac(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let w = self.words.as_ref().expect("word layout");
        self.masks.clear();
        let flat = ctx.flat_blocks();
        self.masks.extend(w.offs.iter().zip(&w.shifts).map(|(&o, &s)| (flat[o as usize] as u64) << s));
        match self.word_matching.propagate(&self.masks) {
            Ok(removals) => {
                for &(p, lose) in removals {
                    let (x, shift) = (self.vars[p as usize], w.shifts[p as usize]);
                    let mut bits = lose;
                    while bits != 0 {
                        let b = bits.trailing_zeros() - shift;
                        bits &= bits - 1;
                        ctx.retain_block(x, 0, !(1 << b), Rule::HallSet)?;
                    }
                }
                Ok(())
            }
            Err(Failure::Pigeonhole) => Err(ctx.fail(Rule::Pigeonhole)),
            Err(Failure::HallSet) => Err(ctx.fail(Rule::HallSet)),
        }
    }

    fn fc_words(&self, ctx: &mut Context<'_>, i: usize) -> Result<(), Conflict> {
        let w = self.words.as_ref().expect("word layout");
        let xi = self.vars[i];
        let flat = ctx.flat_blocks();
        let d = flat[w.offs[i] as usize];
        debug_assert!(d.count_ones() == 1);
        let bit = d.trailing_zeros();
        let p = bit + w.shifts[i];
        // Read phase: which other variables still hold the value (at most 64 locals per word).
        let mut hits: u64 = 0;
        let mut spill = false;
        for (j, (&o, &sj)) in w.offs.iter().zip(&w.shifts).enumerate() {
            if p >= sj && flat[o as usize] & (1 << (p - sj)) != 0 {
                if j < 64 {
                    hits |= 1 << j;
                } else {
                    spill = true;
                }
            }
        }
        hits &= !(1u64.checked_shl(i as u32).unwrap_or(0));
        let rule = Rule::ValueTaken { var: xi, value: ctx.value_of_bit(xi, bit as usize) };
        // Write phase.
        while hits != 0 {
            let j = hits.trailing_zeros() as usize;
            hits &= hits - 1;
            ctx.retain_block(self.vars[j], 0, !(1 << (p - w.shifts[j])), rule)?;
        }
        if spill {
            for j in 64..self.vars.len() {
                let sj = w.shifts[j];
                if j != i && p >= sj {
                    ctx.retain_block(self.vars[j], 0, !(1 << (p - sj)), rule)?;
                }
            }
        }
        Ok(())
    }

    fn propagate_words(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let w = self.words.as_ref().expect("word layout");
        // Bit-sliced saturating counters: `at_least[c]` holds the values with more than `c`
        // places (the last two only serve locked values).
        let mut at_least: [Block; 4] = [0; 4];
        let mut fixed: Block = 0;
        let mut fixed_count = 0u32;
        let flat = ctx.flat_blocks();
        for (&o, &s) in w.offs.iter().zip(&w.shifts) {
            let d = flat[o as usize] << s;
            count_places(&mut at_least, d);
            if d & d.wrapping_sub(1) == 0 {
                if fixed & d != 0 {
                    // Two variables fixed to the same value.
                    return self.fc_conflict(ctx, d);
                }
                fixed |= d;
                fixed_count += 1;
            }
        }
        // Forward checking from scratch: values of fixed variables leave the others.
        if fixed & at_least[1] != 0 {
            for i in 0..self.vars.len() {
                let (o, s) = (w.offs[i] as usize, w.shifts[i]);
                let d = ctx.block_at(o);
                let taken = (fixed >> s) & d;
                if taken != 0 && d & d.wrapping_sub(1) != 0 {
                    let bit = taken.trailing_zeros() as usize;
                    let rule = self.taken_rule(ctx, (bit as u32) + s);
                    ctx.retain_block(self.vars[i], 0, !(fixed >> s), rule)?;
                }
            }
            if self.strength == Strength::ForwardChecking {
                return Ok(());
            }
            // Recount after the removals.
            at_least = [0; 4];
            let flat = ctx.flat_blocks();
            for (&o, &s) in w.offs.iter().zip(&w.shifts) {
                let d = flat[o as usize] << s;
                count_places(&mut at_least, d);
            }
        }
        if self.strength == Strength::ForwardChecking {
            return Ok(());
        }
        let n = self.vars.len() as u32;
        let once = at_least[0];
        let values = once.count_ones();
        if values < n {
            return Err(ctx.fail(Rule::Pigeonhole));
        }
        if values == n && fixed_count < n {
            let mut singles = once & !at_least[1] & !fixed;
            if singles == 0 && !self.partners.is_empty() {
                // Locked values only once the unit has no hidden single left: an assignment
                // reschedules this constraint anyway.
                return self.locked_values(ctx, &at_least, fixed);
            }
            while singles != 0 {
                let p = singles.trailing_zeros();
                singles &= singles - 1;
                for i in 0..self.vars.len() {
                    let s = w.shifts[i];
                    if p >= s && ctx.block_at(w.offs[i] as usize) & (1 << (p - s)) != 0 {
                        let (x, bit) = (self.vars[i], (p - s) as usize);
                        let value = ctx.value_of_bit(x, bit);
                        ctx.assign_bit(x, bit, Rule::OnlyPlace { value })?;
                        break;
                    }
                }
            }
        }
        Ok(())
    }

    /// With the constraint value-tight: each value whose places all lie inside the overlap
    /// with a partner is removed from the partner's variables outside the overlap.
    ///
    /// Works per value rather than per partner: one pass over the domains counts the places of
    /// every value (saturating at four) and records where each one is; only values with no
    /// more places than the largest overlap, and not already fixed, can be locked, and each of
    /// those is tested against every partner with one mask operation.
    ///
    /// `at_least` and `fixed` are the counters and the fixed values of the caller's pass over
    /// the domains.
    fn locked_values(&mut self, ctx: &mut Context<'_>, at_least: &[Block; 4], fixed: Block) -> Result<(), Conflict> {
        let Self { words, partners, max_overlap, places, .. } = self;
        let w = words.as_ref().expect("word layout");
        let crowded = match *max_overlap {
            0 => return Ok(()),
            k @ 1..=3 => at_least[k as usize],
            _ => 0,
        };
        let candidates = at_least[0] & !crowded & !fixed;
        if candidates == 0 {
            return Ok(());
        }
        // Where each candidate value is: `places[v]` is the set of locals holding value bit v
        // (`add_intersection` keeps partnered constraints to at most 64 locals). Only the
        // candidates' entries are cleared and read.
        let mut m = candidates;
        while m != 0 {
            places[m.trailing_zeros() as usize] = 0;
            m &= m - 1;
        }
        let flat = ctx.flat_blocks();
        for (k, (&o, &s)) in w.offs.iter().zip(&w.shifts).enumerate() {
            let mut m = (flat[o as usize] << s) & candidates;
            while m != 0 {
                places[m.trailing_zeros() as usize] |= 1 << k;
                m &= m - 1;
            }
        }
        let mut values = candidates;
        while values != 0 {
            let v = values.trailing_zeros();
            values &= values - 1;
            let at = places[v as usize];
            for p in partners.iter() {
                if at & !p.inside != 0 {
                    continue;
                }
                for &(x, o, s) in &p.outside {
                    if v < s {
                        continue;
                    }
                    let bit = 1 << (v - s);
                    if ctx.block_at(o as usize) & bit != 0 {
                        let value = ctx.value_of_bit(x, (v - s) as usize);
                        ctx.retain_block(x, 0, !bit, Rule::Locked { value, within: p.own })?;
                    }
                }
            }
        }
        Ok(())
    }

    /// The rule for removing constraint bit `p` because a fixed variable holds it.
    fn taken_rule(&self, ctx: &Context<'_>, p: u32) -> Rule {
        let w = self.words.as_ref().expect("word layout");
        for (&x, &s) in self.vars.iter().zip(&w.shifts) {
            let d = ctx.block(x);
            if p >= s && d == 1 << (p - s) {
                return Rule::ValueTaken { var: x, value: ctx.value_of_bit(x, (p - s) as usize) };
            }
        }
        Rule::Other
    }

    /// Two variables are fixed to the constraint bit `d`: remove it from the second one, which
    /// empties its domain and reports the wipe-out with the first as the reason.
    fn fc_conflict(&self, ctx: &mut Context<'_>, d: Block) -> Result<(), Conflict> {
        let w = self.words.as_ref().expect("word layout");
        let p = d.trailing_zeros();
        let mut first: Option<VarId> = None;
        for (&x, &s) in self.vars.iter().zip(&w.shifts) {
            if p >= s && ctx.block(x) == 1 << (p - s) {
                match first {
                    None => first = Some(x),
                    Some(y) => {
                        let value = ctx.value(y).unwrap_or_default();
                        ctx.retain_block(x, 0, 0, Rule::ValueTaken { var: y, value })?;
                    }
                }
            }
        }
        Err(ctx.fail(Rule::Other))
    }

    fn propagate_any_words(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        if self.words.as_ref().is_some_and(|w| w.width == 1) {
            self.propagate_words(ctx)
        } else {
            self.propagate_wide(ctx)
        }
    }

    // ---- value-level path ---------------------------------------------------------------

    fn fc_values(&self, ctx: &mut Context<'_>, i: usize) -> Result<(), Conflict> {
        let xi = self.vars[i];
        let Some(v) = ctx.value(xi) else { return Ok(()) };
        let cv = i64::from(v) + self.offset(i);
        let rule = Rule::ValueTaken { var: xi, value: v };
        for (j, &xj) in self.vars.iter().enumerate() {
            if j != i {
                if let Ok(u) = Value::try_from(cv - self.offset(j)) {
                    ctx.remove_value(xj, u, rule)?;
                }
            }
        }
        Ok(())
    }

    fn propagate_values(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        for i in 0..self.vars.len() {
            if ctx.is_fixed(self.vars[i]) {
                self.fc_values(ctx, i)?;
            }
        }
        if self.strength == Strength::ForwardChecking {
            return Ok(());
        }
        let mut pairs = std::mem::take(&mut self.pairs);
        pairs.clear();
        for (i, &x) in self.vars.iter().enumerate() {
            let off = self.offset(i);
            pairs.extend(ctx.domain(x).iter().map(|v| (i64::from(v) + off, i as u32)));
        }
        pairs.sort_unstable();
        let mut distinct = 0usize;
        let mut k = 0;
        while k < pairs.len() {
            let mut e = k + 1;
            while e < pairs.len() && pairs[e].0 == pairs[k].0 {
                e += 1;
            }
            distinct += 1;
            k = e;
        }
        let n = self.vars.len();
        let mut result = Ok(());
        if distinct < n {
            result = Err(ctx.fail(Rule::Pigeonhole));
        } else if distinct == n {
            let mut k = 0;
            while k < pairs.len() {
                let mut e = k + 1;
                while e < pairs.len() && pairs[e].0 == pairs[k].0 {
                    e += 1;
                }
                if e == k + 1 {
                    let (cv, i) = pairs[k];
                    let i = i as usize;
                    if let Ok(v) = Value::try_from(cv - self.offset(i)) {
                        if let Err(c) = ctx.assign(self.vars[i], v, Rule::OnlyPlace { value: v }) {
                            result = Err(c);
                            break;
                        }
                    }
                }
                k = e;
            }
        }
        self.pairs = pairs;
        result
    }
}

impl Constraint for AllDifferent {
    fn kind(&self) -> &'static str {
        "all_different"
    }

    fn scope(&self) -> &[VarId] {
        &self.vars
    }

    fn subscriptions(&self, _local: usize) -> Events {
        match self.strength {
            Strength::ForwardChecking => Events::ON_FIXED,
            _ => Events::ON_FIXED | Events::DOMAIN,
        }
    }

    fn priority(&self) -> Priority {
        match self.strength {
            Strength::Gac => Priority::Slow,
            _ => Priority::Normal,
        }
    }

    fn on_post(&mut self, model: &Model) -> Result<(), ModelError> {
        super::refuse_intervals(model, self.scope(), "all_different")?;
        if !self.offsets.is_empty() && self.offsets.len() != self.vars.len() {
            return Err(ModelError::InvalidConstraint {
                kind: "all_different",
                message: format!("{} variables but {} offsets", self.vars.len(), self.offsets.len()),
            });
        }
        // Word layout when every domain is a range and the value span fits one block.
        let mut lo = i64::MAX;
        let mut hi = i64::MIN;
        let mut ranges = true;
        for (i, &x) in self.vars.iter().enumerate() {
            match model.range_min(x) {
                Some(m) => {
                    let a = i64::from(m) + self.offset(i);
                    lo = lo.min(a);
                    hi = hi.max(a + model.initial_domain(x).len() as i64 - 1);
                }
                None => ranges = false,
            }
        }
        let span = if ranges && !self.vars.is_empty() { hi - lo + 1 } else { i64::MAX };
        self.words = (span <= (MAX_WORDS * BITS) as i64).then(|| {
            let width = (span as usize).div_ceil(BITS);
            Words {
                base: lo,
                shifts: self
                    .vars
                    .iter()
                    .enumerate()
                    .map(|(i, &x)| (i64::from(model.range_min(x).unwrap_or(0)) + self.offset(i) - lo) as u32)
                    .collect(),
                offs: self.vars.iter().map(|&x| model.block_offset(x) as u32).collect(),
                width,
                scratch: vec![0; 3 * width],
            }
        });
        Ok(())
    }

    fn on_fixed(&mut self, ctx: &mut Context<'_>, local: usize) -> Result<(), Conflict> {
        match &self.words {
            Some(w) if w.width == 1 => self.fc_words(ctx, local),
            Some(_) => self.fc_wide(ctx, local),
            None => self.fc_values(ctx, local),
        }
    }

    fn propagate(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        if self.strength == Strength::Gac {
            // Forward checking first: cheap, and it keeps the matching small.
            if self.words.is_some() {
                let saved = self.strength;
                self.strength = Strength::ForwardChecking;
                let r = self.propagate_any_words(ctx);
                self.strength = saved;
                r?;
            } else {
                for i in 0..self.vars.len() {
                    if ctx.is_fixed(self.vars[i]) {
                        self.fc_values(ctx, i)?;
                    }
                }
            }
            if !ctx.is_explaining() && self.words.as_ref().is_some_and(|w| w.width == 1) {
                return self.word_gac(ctx);
            }
            return self.matching.propagate(ctx, &self.vars, &self.offsets);
        }
        if self.words.is_some() {
            self.propagate_any_words(ctx)
        } else {
            self.propagate_values(ctx)
        }
    }

    fn implied_all_different(&self) -> Option<&[VarId]> {
        self.offsets.iter().all(|&o| o == 0).then_some(&self.vars[..])
    }

    fn explain(&self, why: &mut Antecedents<'_>) -> bool {
        // Locked values rest on a partner's variables too: the generic explanation.
        if !self.partners.is_empty() {
            return false;
        }
        if super::has_repeated_var(&self.vars) {
            return false;
        }
        match why.change() {
            Change::Failure => self.explain_failure(why),
            Change::AtLeast(x, _) | Change::AtMost(x, _) | Change::Removed(x) => {
                let Some(j) = self.vars.iter().position(|&y| y == x) else { return false };
                self.explain_removal(why, j)
            }
        }
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        let shifted = |i: usize| i64::from(values[i]) + self.offset(i);
        if values.len() <= 32 {
            // Pairwise, without allocating (this runs on every solution in debug builds).
            return (0..values.len()).all(|i| (i + 1..values.len()).all(|j| shifted(i) != shifted(j)));
        }
        let mut seen: Vec<i64> = (0..values.len()).map(shifted).collect();
        seen.sort_unstable();
        seen.windows(2).all(|w| w[0] != w[1])
    }
}

impl AllDifferent {
    /// When all this constraint does is all-different reasoning with no offsets, the
    /// [`NetworkLevel`] that covers it: a network at that level or above may stand in for it
    /// ([`Model::compile_all_different`](crate::model::Model::compile_all_different)).
    pub(crate) fn all_different_level(&self) -> Option<NetworkLevel> {
        if !self.offsets.iter().all(|&o| o == 0) {
            return None;
        }
        match self.strength {
            Strength::ForwardChecking => Some(NetworkLevel::ForwardChecking),
            Strength::HiddenSingles if self.partners.is_empty() => Some(NetworkLevel::HiddenSingles),
            Strength::HiddenSingles => Some(NetworkLevel::LockedValues),
            Strength::Gac => None,
        }
    }

    /// Offers this constraint (`own`) the locked-value reasoning of an
    /// [`Intersection`](crate::constraints::Intersection) with the overlapping all-different group
    /// `partner`: they share `shared`, and the partner's variables outside the overlap are
    /// `outside` (with their block offsets and range minimums). Returns whether it took the job.
    pub(crate) fn add_intersection(
        &mut self,
        own: ConstraintId,
        _partner: ConstraintId,
        shared: &[VarId],
        outside: &[(VarId, usize, Value)],
    ) -> bool {
        // Only on the one-block word path of hidden singles, where tightness is computed (GAC
        // and forward checking leave it to a separate `Intersection`).
        let Some(w) = self.words.as_ref().filter(|w| w.width == 1) else { return false };
        if self.vars.len() > 64 || self.strength != Strength::HiddenSingles || !self.offsets.iter().all(|&o| o == 0) {
            return false;
        }
        let mut out = Vec::with_capacity(outside.len());
        for &(x, off, min) in outside {
            // Bit b of x is value min + b, which is bit b + (min - base) of this constraint.
            let s = i64::from(min) - w.base;
            if !(0..BITS as i64).contains(&s) {
                return false;
            }
            out.push((x, off as u32, s as u32));
        }
        let inside =
            self.vars.iter().enumerate().filter(|(_, x)| shared.contains(x)).fold(0u64, |m, (k, _)| m | 1 << k);
        self.max_overlap = self.max_overlap.max(inside.count_ones());
        self.places.resize(BITS, 0);
        self.partners.push(Partner { own, inside, outside: out });
        true
    }
}

// ---- explanations (lazy clause generation) ----------------------------------------------

/// Hall intervals are looked for among at most this many variables (cubic in them).
const HALL_SEARCH_MAX: usize = 128;

impl AllDifferent {
    /// The shifted bounds of each variable before the change (`None` if unknown).
    fn shifted_bounds(&self, why: &Antecedents<'_>) -> Option<Vec<(i64, i64)>> {
        self.vars
            .iter()
            .enumerate()
            .map(|(i, &x)| Some((i64::from(why.min(x)?) + self.offset(i), i64::from(why.max(x)?) + self.offset(i))))
            .collect()
    }

    /// A Hall interval among the variables but `skip` that covers shifted value `cv` (or any,
    /// for `None`) and is full (`strict`: overfull) before the change: its bounds and members.
    fn hall_interval(
        bounds: &[(i64, i64)],
        skip: usize,
        cv: Option<i64>,
        strict: bool,
    ) -> Option<(i64, i64, Vec<usize>)> {
        if bounds.len() > HALL_SEARCH_MAX {
            return None;
        }
        for (ka, &(a, _)) in bounds.iter().enumerate() {
            for (kb, &(_, b)) in bounds.iter().enumerate() {
                if ka == skip || kb == skip || a > b || cv.is_some_and(|c| c < a || c > b) {
                    continue;
                }
                let inside: Vec<usize> =
                    (0..bounds.len()).filter(|&k| k != skip && bounds[k].0 >= a && bounds[k].1 <= b).collect();
                let need = (b - a + 1) as usize + usize::from(strict);
                if inside.len() >= need {
                    return Some((a, b, inside[..need].to_vec()));
                }
            }
        }
        None
    }

    /// Names the bounds of a Hall interval's members.
    fn explain_hall(&self, why: &mut Antecedents<'_>, a: i64, b: i64, members: &[usize]) -> bool {
        for &k in members {
            let (Ok(lo), Ok(hi)) = (Value::try_from(a - self.offset(k)), Value::try_from(b - self.offset(k))) else {
                return false;
            };
            why.at_least(self.vars[k], lo);
            why.at_most(self.vars[k], hi);
        }
        true
    }

    /// The shifted values some variable could take before the change (sorted), if every
    /// domain is a bitset.
    fn union_before(&self, why: &Antecedents<'_>) -> Option<Vec<i64>> {
        let mut union = Vec::new();
        for (i, &x) in self.vars.iter().enumerate() {
            let values: Vec<Value> = why.initial_values(x)?.collect();
            union.extend(values.into_iter().filter(|&v| why.contains(x, v)).map(|v| i64::from(v) + self.offset(i)));
        }
        union.sort_unstable();
        union.dedup();
        Some(union)
    }

    /// Names, for every variable, its initial values outside the shifted `union`.
    fn explain_within(&self, why: &mut Antecedents<'_>, union: &[i64]) -> bool {
        for (i, &x) in self.vars.iter().enumerate() {
            let Some(values) = why.initial_values(x) else { return false };
            let outside: Vec<Value> =
                values.filter(|&v| union.binary_search(&(i64::from(v) + self.offset(i))).is_err()).collect();
            why.not_equal_all(x, outside);
        }
        true
    }

    /// Why the variables had no distinct values: two fixed to one value, more variables than
    /// values between them, or an overfull Hall interval.
    fn explain_failure(&self, why: &mut Antecedents<'_>) -> bool {
        let mut fixed: Vec<(i64, usize)> = (0..self.vars.len())
            .filter_map(|i| why.value(self.vars[i]).map(|v| (i64::from(v) + self.offset(i), i)))
            .collect();
        fixed.sort_unstable();
        if let Some(w) = fixed.windows(2).find(|w| w[0].0 == w[1].0) {
            let (i, k) = (w[0].1, w[1].1);
            let (vi, vk) = (why.value(self.vars[i]), why.value(self.vars[k]));
            why.equal(self.vars[i], vi.unwrap_or_default());
            why.equal(self.vars[k], vk.unwrap_or_default());
            return true;
        }
        if let Some(union) = self.union_before(why) {
            if union.len() < self.vars.len() {
                return self.explain_within(why, &union);
            }
        }
        let Some(bounds) = self.shifted_bounds(why) else { return false };
        match Self::hall_interval(&bounds, usize::MAX, None, true) {
            Some((a, b, members)) => self.explain_hall(why, a, b, &members),
            None => false,
        }
    }

    /// Why the values [`Antecedents::removed`] left variable `j`: each taken by a fixed
    /// variable or inside a full Hall interval of the others, or (a hidden single) all the
    /// values are needed and no other variable could take the one `j` kept.
    fn explain_removal(&self, why: &mut Antecedents<'_>, j: usize) -> bool {
        let x = self.vars[j];
        let removed: Vec<Value> = why.removed().collect();
        if removed.is_empty() {
            return false;
        }
        let mut bounds: Option<Vec<(i64, i64)>> = None;
        let len = why.len_reasons();
        let mut each = true;
        for &u in &removed {
            let cv = i64::from(u) + self.offset(j);
            let taken = (0..self.vars.len())
                .find(|&i| i != j && why.value(self.vars[i]).is_some_and(|v| i64::from(v) + self.offset(i) == cv));
            if let Some(i) = taken {
                let v = why.value(self.vars[i]).unwrap_or_default();
                why.equal(self.vars[i], v);
                continue;
            }
            if bounds.is_none() {
                bounds = self.shifted_bounds(why);
            }
            let hall = bounds.as_deref().and_then(|b| Self::hall_interval(b, j, Some(cv), false));
            match hall {
                Some((a, b, members)) if self.explain_hall(why, a, b, &members) => {}
                _ => {
                    each = false;
                    break;
                }
            }
        }
        if each {
            return true;
        }
        why.truncate_reasons(len);
        // A hidden single: j kept one value w, no other variable could take it, and the
        // variables need every value of their union.
        let Some(values) = why.initial_values(x) else { return false };
        let kept: Vec<Value> = values.filter(|&v| why.contains(x, v) && !removed.contains(&v)).collect();
        let [w] = kept[..] else { return false };
        let cw = i64::from(w) + self.offset(j);
        let Some(union) = self.union_before(why) else { return false };
        if union.len() != self.vars.len() {
            return false;
        }
        for (i, &y) in self.vars.iter().enumerate() {
            if i != j {
                let Ok(v) = Value::try_from(cw - self.offset(i)) else { continue };
                if why.contains(y, v) {
                    return false;
                }
                why.not_equal(y, v);
            }
        }
        self.explain_within(why, &union)
    }
}

#[cfg(test)]
mod tests {
    use super::Strength;
    use crate::constraints::AllDifferent;
    use crate::error::Conflict;
    use crate::id::VarId;
    use crate::model::Model;
    use crate::rule::Rule;
    use crate::search::Solver;

    fn setup(domains: &[&[i32]], strength: Strength) -> (Solver, Vec<VarId>, crate::id::ConstraintId) {
        let mut m = Model::new();
        let xs: Vec<VarId> = domains.iter().map(|d| m.new_var(d.to_vec()).unwrap()).collect();
        let c = m.post(AllDifferent::new(xs.clone()).with_strength(strength)).unwrap();
        (m.into_solver(), xs, c)
    }

    fn domains(s: &Solver, xs: &[VarId]) -> Vec<Vec<i32>> {
        xs.iter().map(|&x| s.domain(x).to_vec()).collect()
    }

    #[test]
    fn forward_checking_removes_fixed_values_only() {
        let (mut s, xs, _) = setup(&[&[1], &[1, 2, 3], &[1, 2, 3], &[2, 3, 4]], Strength::ForwardChecking);
        s.propagate().unwrap();
        // 4 is left in x3 only, but forward checking does not place hidden singles.
        assert_eq!(domains(&s, &xs), vec![vec![1], vec![2, 3], vec![2, 3], vec![2, 3, 4]]);
    }

    #[test]
    fn hidden_singles_place_a_value_with_one_place_when_values_are_tight() {
        let (mut s, xs, _) = setup(&[&[1, 2], &[1, 2], &[1, 2, 3]], Strength::HiddenSingles);
        s.propagate().unwrap();
        assert_eq!(domains(&s, &xs), vec![vec![1, 2], vec![1, 2], vec![3]]);
        // With a spare value, a value with one place is not forced.
        let (mut s, xs, _) = setup(&[&[1, 2], &[1, 2, 4], &[1, 2, 3]], Strength::HiddenSingles);
        s.propagate().unwrap();
        assert_eq!(domains(&s, &xs), vec![vec![1, 2], vec![1, 2, 4], vec![1, 2, 3]]);
    }

    #[test]
    fn gac_removes_hall_set_values() {
        let (mut s, xs, _) = setup(&[&[1, 2], &[1, 2], &[1, 2, 3, 4], &[2, 3, 4]], Strength::Gac);
        s.propagate().unwrap();
        assert_eq!(domains(&s, &xs), vec![vec![1, 2], vec![1, 2], vec![3, 4], vec![3, 4]]);
    }

    #[test]
    fn every_strength_wipes_out_two_variables_fixed_alike() {
        for strength in [Strength::ForwardChecking, Strength::HiddenSingles, Strength::Gac] {
            let (mut s, xs, c) = setup(&[&[5], &[5], &[1, 5]], strength);
            let err = s.propagate().expect_err("two variables fixed to 5");
            assert_eq!(err.by, Some(c), "{strength:?}");
            assert!(err.var == Some(xs[1]) || err.var == Some(xs[2]) || err.var.is_none(), "{strength:?}: {err:?}");
        }
    }

    #[test]
    fn hidden_singles_and_gac_fail_on_pigeonhole() {
        for strength in [Strength::HiddenSingles, Strength::Gac] {
            let (mut s, _, c) = setup(&[&[1, 2], &[1, 2], &[1, 2]], strength);
            let err = s.propagate().expect_err("three variables, two values");
            assert_eq!(err, Conflict { by: Some(c), var: None }, "{strength:?}");
        }
        // Forward checking alone does not see it until variables are fixed.
        let (mut s, _, _) = setup(&[&[1, 2], &[1, 2], &[1, 2]], Strength::ForwardChecking);
        assert!(s.propagate().is_ok());
        assert_eq!(s.count_solutions(10).count, 0);
    }

    #[test]
    fn fixing_by_search_wipes_out_through_forward_checking() {
        let (mut s, xs, _) = setup(&[&[1, 2], &[1, 2], &[1, 2, 3]], Strength::ForwardChecking);
        s.propagate().unwrap();
        s.assign(xs[0], 1).unwrap();
        s.propagate().unwrap();
        assert_eq!(domains(&s, &xs), vec![vec![1], vec![2], vec![3]]);
        s.assign(xs[2], 2).expect_err("2 was removed from x2");
        // A cascade: x1 = 1 fixes x0 to 2, which empties x2.
        let (mut s, xs, c) = setup(&[&[1, 2], &[1], &[2]], Strength::ForwardChecking);
        let err = s.propagate().expect_err("x1 = 1 forces x0 = 2, which x2 also needs");
        assert_eq!(err.by, Some(c));
        assert!(err.var == Some(xs[2]) || err.var == Some(xs[0]), "{err:?}");
    }

    #[test]
    fn offsets_shift_the_compared_values() {
        // x0 + 0 != x1 + 1: with x1 = 1, x0 cannot be 2.
        let mut m = Model::new();
        let x0 = m.new_var(1..=3).unwrap();
        let x1 = m.new_var(1..=1).unwrap();
        m.post(AllDifferent::with_offsets(vec![x0, x1], vec![0, 1])).unwrap();
        let mut s = m.into_solver();
        s.propagate().unwrap();
        assert_eq!(s.domain(x0).to_vec(), vec![1, 3]);
    }

    #[test]
    fn explicit_domains_use_the_value_path() {
        let (mut s, xs, _) = setup(&[&[10, 1000], &[10, 1000], &[10, 1000, -7]], Strength::HiddenSingles);
        s.propagate().unwrap();
        assert_eq!(domains(&s, &xs)[2], vec![-7]);
        let (mut s, xs, _) = setup(&[&[10, 1000], &[10, 1000], &[10, 1000, -7]], Strength::Gac);
        s.propagate().unwrap();
        assert_eq!(domains(&s, &xs)[2], vec![-7]);
    }

    #[test]
    fn removals_carry_the_rule_that_made_them() {
        use std::sync::{Arc, Mutex};
        let (mut s, xs, c) = setup(&[&[1], &[1, 2], &[1, 2, 3]], Strength::HiddenSingles);
        let seen = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&seen);
        s.set_observer(Some(Box::new(move |e: &crate::event::Event<'_>| {
            if let crate::event::Event::Prune { var, value, reason, .. }
            | crate::event::Event::Assign { var, value, reason, .. } = e
            {
                sink.lock().unwrap().push((*var, *value, reason.constraint, reason.rule));
            }
        })));
        s.propagate().unwrap();
        let seen = seen.lock().unwrap();
        assert!(seen.contains(&(xs[1], 1, Some(c), Rule::ValueTaken { var: xs[0], value: 1 })), "{seen:?}");
        assert!(
            seen.iter().any(|&(v, val, _, r)| v == xs[2] && val == 3 && r == Rule::OnlyPlace { value: 3 }
                || v == xs[2] && r == Rule::ValueTaken { var: xs[1], value: 2 }),
            "{seen:?}"
        );
    }

    /// Two all-different groups `a` (own) and `b` sharing `shared` locals of `a`: the model,
    /// with intersections posted, and the variables of `a` and of `b` outside the overlap.
    fn overlapping(n: usize, shared: usize, outside: usize) -> (Solver, Vec<VarId>, Vec<VarId>) {
        let mut m = Model::new();
        let a = m.new_vars(n, 1..=n as i32).unwrap();
        let rest = m.new_vars(outside, 1..=n as i32).unwrap();
        let b: Vec<VarId> = a[..shared].iter().chain(&rest).copied().collect();
        m.post(AllDifferent::new(a.clone())).unwrap();
        m.post(AllDifferent::new(b)).unwrap();
        assert_eq!(m.post_intersections().unwrap(), 1);
        (m.into_solver(), a, rest)
    }

    #[test]
    fn a_value_locked_in_the_overlap_leaves_the_partner() {
        // a = x0..x3, b = {x0, x1, y0, y1}: with 1 gone from x2 and x3, a must put 1 in x0 or
        // x1, so b cannot put it in y0 or y1.
        let (mut s, a, rest) = overlapping(4, 2, 2);
        s.remove_value(a[2], 1).unwrap();
        s.remove_value(a[3], 1).unwrap();
        s.propagate().unwrap();
        assert_eq!(domains(&s, &rest), vec![vec![2, 3, 4], vec![2, 3, 4]]);
        assert_eq!(domains(&s, &a[..2]), vec![vec![1, 2, 3, 4], vec![1, 2, 3, 4]]);
        // Two values locked at once.
        let (mut s, a, rest) = overlapping(4, 2, 2);
        for v in [1, 2] {
            s.remove_value(a[2], v).unwrap();
            s.remove_value(a[3], v).unwrap();
        }
        s.propagate().unwrap();
        assert_eq!(domains(&s, &rest), vec![vec![3, 4], vec![3, 4]]);
    }

    #[test]
    fn locked_values_with_an_overlap_wider_than_three() {
        // a = x0..x4, b = {x0..x3, y0}: 5 gone from x4 locks 5 into the overlap of four.
        let (mut s, a, rest) = overlapping(5, 4, 1);
        s.remove_value(a[4], 5).unwrap();
        s.propagate().unwrap();
        assert_eq!(domains(&s, &rest), vec![vec![1, 2, 3, 4]]);
        // A value with a place outside the overlap stays.
        let (mut s, a, rest) = overlapping(5, 4, 1);
        s.remove_value(a[3], 5).unwrap();
        s.propagate().unwrap();
        assert_eq!(domains(&s, &rest), vec![vec![1, 2, 3, 4, 5]]);
    }
}

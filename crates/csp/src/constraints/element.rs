//! `Element`: `result = array[index]`, with an array of variables or of constants.

use fixedbitset::Block;

use crate::constraints::linear::tighten;
use crate::constraints::narrow::{keep_within, values_within};
use crate::context::Context;
use crate::domain::BITS;
use crate::error::{Conflict, ModelError};
use crate::id::{Value, VarId};
use crate::learning::explain::{Antecedents, Change};
use crate::model::constraint::Constraint;
use crate::model::Model;
use crate::rule::Rule;
use crate::subscription::{Events, Priority};

mod bounds;

/// How an [`Element`] over an array of variables propagates: on every value of the result
/// and the entries, or on their bounds. (An array of constants is always domain-consistent.)
///
/// Both find the same solutions; [`Domain`](ElementConsistency::Domain) prunes more per node,
/// [`Bounds`](ElementConsistency::Bounds) costs less per node where the result's domain is
/// wide. Unless one is chosen with [`Element::with_consistency`], an array of variables is
/// propagated on bounds when its result's initial domain has 16 values or more, and on
/// values below that (measured on the MiniZinc development set; see `docs/constraints.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ElementConsistency {
    /// Domain consistency (generalised arc consistency): the index keeps the positions whose
    /// entry shares a value with the result, the result the values some entry left can take,
    /// and the entry the index is fixed on the result's values.
    Domain,
    /// Bounds consistency on the result and the entries, over their hulls (every value
    /// between the bounds): the index keeps the positions whose entry's bounds overlap the
    /// result's, the result's bounds move to the smallest and largest value of those overlaps,
    /// and the entry the index is fixed on moves within the result's bounds. Holes are
    /// neither made nor read, so changes inside the bounds do not wake the constraint.
    Bounds,
}

/// `result = array[index]`: a variable picks an entry of an array, by position (from 0).
///
/// The array holds variables ([`Element::new`]) or constants ([`Element::constants`]); a
/// constant array turns a lookup table into a constraint (the cost of item `index` is
/// `result`). Indices outside `0..array.len()` are removed from `index`.
///
/// # Propagation
///
/// For an array of variables, at [`ElementConsistency::Domain`] or
/// [`ElementConsistency::Bounds`] ([`with_consistency`](Element::with_consistency); by
/// default chosen by the width of the result's domain). Domain consistency, repeated to a
/// fixed point:
///
/// * `index` keeps `i` only if `array[i]` and `result` have a value in common;
/// * `result` keeps `v` only if some `array[i]` with `i` in `index` can be `v`;
/// * once `index` is fixed to `i`, `array[i]` keeps only the values of `result`.
///
/// With distinct variables this is generalised arc consistency. Removals have the rule
/// [`Rule::NoSupport`]. Bounds consistency does the same on the hulls of the result and the
/// entries (see [`ElementConsistency::Bounds`]); its bound changes have the rule
/// [`Rule::Bounds`].
///
/// # Complexity
///
/// `O(|D(index)| * |D(result)|)` domain look-ups per pass at domain consistency,
/// `O(|D(index)|)` bound look-ups at bounds consistency.
///
/// # Example
///
/// ```
/// use csp::Model;
/// use csp::constraints::Element;
///
/// let mut model = Model::new();
/// let item = model.new_var(0..=9)?;
/// let cost = model.new_var(0..=100)?;
/// model.post(Element::constants(item, [30, 10, 20, 10], cost))?;
/// let mut solver = model.into_solver();
/// solver.propagate()?;
/// assert_eq!(solver.domain(item).to_vec(), vec![0, 1, 2, 3]);
/// assert_eq!(solver.domain(cost).to_vec(), vec![10, 20, 30]);
/// solver.remove_value(cost, 10)?;
/// solver.propagate()?;
/// assert_eq!(solver.domain(item).to_vec(), vec![0, 2]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Element {
    /// `[index, result, array...]` (the array part is empty for constants).
    scope: Vec<VarId>,
    /// The constant array, or `None` for an array of variables.
    constants: Option<Vec<Value>>,
    /// For a constant array: its positions grouped by value, for explanations.
    positions: Option<Positions>,
    /// Scratch: keep flags, in domain order, for `Context::retain`.
    keep: Vec<bool>,
    /// Scratch, per distinct value of a constant array: whether the result has it, then
    /// whether a position left in the index holds it.
    reached: Vec<bool>,
    /// For a constant array with few distinct values over a bitset index: per block of the
    /// index and distinct value, the bits of the positions holding it (block-major), so that
    /// a pass works a block at a time. Built at the first propagation (`masks_built`); empty
    /// when not worth it.
    masks: Vec<Block>,
    masks_built: bool,
    /// An array of variables whose result's initial domain is a range of at most
    /// [`RESIDUE_SPAN`] values: the smallest value, and per value of that range the index
    /// last found to support it ([`NO_RESIDUE`] if none), tried first next time.
    residue_base: Option<Value>,
    residues: Vec<u32>,
    /// An array of variables: per entry, the value last found in both its domain and the
    /// result's, tried first next time.
    witnesses: Vec<Value>,
    /// The consistency asked for an array of variables, `None` for the default (chosen when
    /// posted, from the result's initial domain).
    consistency: Option<ElementConsistency>,
    /// An array of variables propagated on bounds: the consistency asked, or the default
    /// chosen when posted.
    on_bounds: bool,
}

/// The widest range of result values for which an array of variables keeps residues.
const RESIDUE_SPAN: i64 = 1 << 12;
/// No support known.
const NO_RESIDUE: u32 = u32::MAX;

impl Element {
    /// `result = array[index]` for an array of variables.
    pub fn new(index: VarId, array: impl Into<Vec<VarId>>, result: VarId) -> Element {
        let mut scope = vec![index, result];
        scope.extend(array.into());
        Element::with_parts(scope, None)
    }

    /// `result = array[index]` for an array of constants.
    pub fn constants(index: VarId, array: impl Into<Vec<Value>>, result: VarId) -> Element {
        Element::with_parts(vec![index, result], Some(array.into()))
    }

    /// The constraint over `scope` (`[index, result, array...]`) and the constant array, if
    /// any, with empty scratch.
    fn with_parts(scope: Vec<VarId>, constants: Option<Vec<Value>>) -> Element {
        Element {
            scope,
            positions: constants.as_deref().map(Positions::new),
            constants,
            keep: Vec::new(),
            reached: Vec::new(),
            masks: Vec::new(),
            masks_built: false,
            residue_base: None,
            residues: Vec::new(),
            witnesses: Vec::new(),
            consistency: None,
            on_bounds: false,
        }
    }

    /// The same constraint at consistency `consistency` for an array of variables (an array
    /// of constants is always domain-consistent).
    ///
    /// # Example
    ///
    /// ```
    /// use csp::Model;
    /// use csp::constraints::{Element, ElementConsistency};
    ///
    /// let mut model = Model::new();
    /// let index = model.new_var(0..=1)?;
    /// let a = model.new_var([1, 5])?;
    /// let b = model.new_var([3, 9])?;
    /// let result = model.new_var(0..=9)?;
    /// model.post(Element::new(index, [a, b], result).with_consistency(ElementConsistency::Bounds))?;
    /// let mut solver = model.into_solver();
    /// solver.propagate()?;
    /// // The bounds of the entries, 1 and 9; domain consistency would leave {1, 3, 5, 9}.
    /// assert_eq!(solver.domain(result).to_vec(), (1..=9).collect::<Vec<_>>());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_consistency(mut self, consistency: ElementConsistency) -> Element {
        self.consistency = Some(consistency);
        self
    }

    /// The consistency of an array of variables: the one asked with
    /// [`with_consistency`](Element::with_consistency), else, once posted, the default chosen
    /// from the result's initial domain (before that, `None`).
    pub fn consistency(&self) -> Option<ElementConsistency> {
        self.consistency
    }

    /// The number of entries of the array.
    pub fn len(&self) -> usize {
        match &self.constants {
            Some(c) => c.len(),
            None => self.scope.len() - 2,
        }
    }

    /// Whether the array is empty (the constraint can then not be satisfied).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn pass_constants(&mut self, ctx: &mut Context<'_>) -> Result<bool, Conflict> {
        let (index, result) = (self.scope[0], self.scope[1]);
        let Some(p) = self.positions.as_ref() else { return Ok(false) };
        // Per distinct value of the array: whether the result still has it; a position stays
        // in the index if its value does.
        self.reached.clear();
        self.reached.extend(p.values.iter().map(|&v| ctx.contains(result, v)));
        let supported = &self.reached;
        self.keep.clear();
        self.keep.extend(
            ctx.domain(index)
                .iter()
                .map(|i| usize::try_from(i).ok().and_then(|i| p.ids.get(i)).is_some_and(|&id| supported[id as usize])),
        );
        let changed = retain_flags(&self.keep, ctx, index)?;
        // Per distinct value: whether a position left holds it (no sort of the values).
        self.reached.iter_mut().for_each(|r| *r = false);
        for i in ctx.domain(index).iter() {
            if let Some(&id) = usize::try_from(i).ok().and_then(|i| p.ids.get(i)) {
                self.reached[id as usize] = true;
            }
        }
        Ok(changed | keep_reached(ctx, result, &p.values, &self.reached, &mut self.keep)?)
    }

    /// Builds `masks` for a constant array of at most 64 distinct values over a bitset index
    /// (a dictionary's letters), unless they would take more than 64K blocks.
    fn build_masks(&mut self, ctx: &Context<'_>) {
        self.masks_built = true;
        let (index, Some(p)) = (self.scope[0], self.positions.as_ref()) else { return };
        let (d, words) = (p.values.len(), ctx.blocks(index).len());
        if d == 0 || ctx.domain(index).is_interval() || d > 64 || d * words > 1 << 16 {
            return;
        }
        self.masks = vec![0; d * words];
        for (k, &id) in p.ids.iter().enumerate() {
            if let Some(b) = Value::try_from(k).ok().and_then(|k| ctx.bit_of_value(index, k)) {
                self.masks[b / BITS * d + id as usize] |= 1 << (b % BITS);
            }
        }
    }

    /// [`pass_constants`](Self::pass_constants) a block of the index at a time, from `masks`.
    fn pass_constants_by_blocks(&mut self, ctx: &mut Context<'_>) -> Result<bool, Conflict> {
        let (index, result) = (self.scope[0], self.scope[1]);
        let Some(p) = self.positions.as_ref() else { return Ok(false) };
        let d = p.values.len();
        self.reached.clear();
        self.reached.extend(p.values.iter().map(|&v| ctx.contains(result, v)));
        // The index keeps the positions of the values the result has.
        let mut changed = false;
        for (w, row) in self.masks.chunks_exact(d).enumerate() {
            let current = ctx.blocks(index)[w];
            if current == 0 {
                continue;
            }
            let keep = row.iter().zip(&self.reached).filter(|(_, &r)| r).fold(0, |k, (&m, _)| k | m);
            if current & !keep != 0 {
                changed |= ctx.retain_block(index, w, keep, Rule::NoSupport)?;
            }
        }
        // The values some position left holds.
        self.reached.iter_mut().for_each(|r| *r = false);
        for (w, row) in self.masks.chunks_exact(d).enumerate() {
            let current = ctx.blocks(index)[w];
            if current != 0 {
                for (r, &m) in self.reached.iter_mut().zip(row) {
                    *r |= m & current != 0;
                }
            }
        }
        Ok(changed | keep_reached(ctx, result, &p.values, &self.reached, &mut self.keep)?)
    }

    fn pass_vars(&mut self, ctx: &mut Context<'_>) -> Result<bool, Conflict> {
        let (index, result) = (self.scope[0], self.scope[1]);
        let array = &self.scope[2..];
        if self.witnesses.len() != array.len() {
            self.witnesses = vec![Value::MIN; array.len()];
        }
        self.keep.clear();
        for i in ctx.domain(index).iter() {
            let Some(p) = usize::try_from(i).ok().filter(|&p| p < array.len()) else {
                self.keep.push(false);
                continue;
            };
            let (a, w) = (array[p], self.witnesses[p]);
            let kept = (ctx.contains(a, w) && ctx.contains(result, w))
                || match common_value(ctx, a, result) {
                    Some(v) => {
                        self.witnesses[p] = v;
                        true
                    }
                    None => false,
                };
            self.keep.push(kept);
        }
        let mut changed = retain_flags(&self.keep, ctx, index)?;
        let array = &self.scope[2..];
        if ctx.domain(result).is_interval() {
            // Only the bounds move: to the smallest and largest values some entry can take.
            let (lo, hi) = (i64::from(ctx.min(result)), i64::from(ctx.max(result)));
            let (mut first, mut last) = (i64::MAX, i64::MIN);
            for i in ctx.domain(index).iter() {
                let Some(&a) = usize::try_from(i).ok().and_then(|i| array.get(i)) else { continue };
                if let Some((f, l)) = values_within(ctx, a, lo, hi) {
                    (first, last) = (first.min(i64::from(f)), last.max(i64::from(l)));
                }
            }
            changed |=
                if first > last { ctx.wipe_out(result, Rule::NoSupport)? } else { tighten(ctx, result, first, last)? };
        } else {
            self.keep.clear();
            let supports = |v: Value| {
                ctx.domain(index)
                    .iter()
                    .find(|&i| usize::try_from(i).ok().and_then(|i| array.get(i)).is_some_and(|&a| ctx.contains(a, v)))
            };
            match self.residue_base {
                Some(base) => {
                    for v in ctx.domain(result).iter() {
                        // Within the initial range, so the slot exists.
                        let slot = (i64::from(v) - i64::from(base)) as usize;
                        let r = self.residues[slot];
                        let kept =
                            (r != NO_RESIDUE && ctx.contains(index, r as Value) && ctx.contains(array[r as usize], v))
                                || match supports(v) {
                                    Some(i) => {
                                        self.residues[slot] = i as u32;
                                        true
                                    }
                                    None => false,
                                };
                        self.keep.push(kept);
                    }
                }
                None => self.keep.extend(ctx.domain(result).iter().map(|v| supports(v).is_some())),
            }
            changed |= retain_flags(&self.keep, ctx, result)?;
        }
        let fixed_entry = ctx.value(index).and_then(|i| usize::try_from(i).ok()).and_then(|i| self.scope.get(2 + i));
        if let Some(&a) = fixed_entry {
            if ctx.domain(a).is_interval() {
                changed |= keep_within(ctx, a, result, 0)?;
            } else {
                self.keep.clear();
                self.keep.extend(ctx.domain(a).iter().map(|v| ctx.contains(result, v)));
                changed |= retain_flags(&self.keep, ctx, a)?;
            }
        }
        Ok(changed)
    }
}

/// Restricts `result` to the distinct values `values[id]` (sorted) with `reached[id]`: an
/// interval to the smallest and largest of them within its bounds, a bitset to them all
/// (`keep` is scratch). Whether it changed.
fn keep_reached(
    ctx: &mut Context<'_>,
    result: VarId,
    values: &[Value],
    reached: &[bool],
    keep: &mut Vec<bool>,
) -> Result<bool, Conflict> {
    if ctx.domain(result).is_interval() {
        // Only the bounds move: to the smallest and largest reachable values within them.
        let (lo, hi) = (ctx.min(result), ctx.max(result));
        let within = |id: usize| reached[id] && (lo..=hi).contains(&values[id]);
        let first = (0..values.len()).find(|&id| within(id));
        let last = (0..values.len()).rev().find(|&id| within(id));
        return match (first, last) {
            (Some(f), Some(l)) => tighten(ctx, result, i64::from(values[f]), i64::from(values[l])),
            _ => ctx.wipe_out(result, Rule::NoSupport),
        };
    }
    keep.clear();
    keep.extend(ctx.domain(result).iter().map(|v| values.binary_search(&v).is_ok_and(|id| reached[id])));
    retain_flags(keep, ctx, result)
}

/// Keeps the values of `x` whose flag in `keep` (in domain order) is set.
fn retain_flags(keep: &[bool], ctx: &mut Context<'_>, x: VarId) -> Result<bool, Conflict> {
    if keep.iter().all(|&k| k) {
        return Ok(false);
    }
    let mut it = keep.iter();
    ctx.retain(x, |_| *it.next().unwrap_or(&true), Rule::NoSupport)
}

/// A value the domains of `a` and `b` share, if any.
fn common_value(ctx: &Context<'_>, a: VarId, b: VarId) -> Option<Value> {
    let (da, db) = (ctx.domain(a), ctx.domain(b));
    let bounds = |d: crate::domain::Domain<'_>| (i64::from(d.min().unwrap_or(0)), i64::from(d.max().unwrap_or(-1)));
    if da.is_interval() {
        let (lo, hi) = bounds(da);
        return values_within(ctx, b, lo, hi).map(|(first, _)| first);
    }
    if db.is_interval() {
        let (lo, hi) = bounds(db);
        return values_within(ctx, a, lo, hi).map(|(first, _)| first);
    }
    if da.len() <= db.len() {
        da.iter().find(|&v| db.contains(v))
    } else {
        db.iter().find(|&v| da.contains(v))
    }
}

impl Constraint for Element {
    fn kind(&self) -> &'static str {
        "element"
    }

    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn priority(&self) -> Priority {
        Priority::Normal
    }

    fn is_idempotent(&self) -> bool {
        true
    }

    fn subscriptions(&self, local: usize) -> Events {
        // On bounds, only the index's holes matter.
        if self.on_bounds && local > 0 {
            Events::BOUNDS
        } else {
            Events::DOMAIN
        }
    }

    fn on_post(&mut self, model: &Model) -> Result<(), ModelError> {
        let result = self.scope[1];
        let d = model.initial_domain(result);
        if self.constants.is_none() {
            let c = *self.consistency.get_or_insert_with(|| ElementConsistency::for_result_of(d.len() as u64));
            self.on_bounds = c == ElementConsistency::Bounds;
        }
        if let (None, false, Some(lo), Some(hi)) = (&self.constants, self.on_bounds, model.range_min(result), d.max()) {
            if i64::from(hi) - i64::from(lo) < RESIDUE_SPAN {
                self.residue_base = Some(lo);
                self.residues = vec![NO_RESIDUE; (i64::from(hi) - i64::from(lo) + 1) as usize];
            }
        }
        Ok(())
    }

    fn propagate(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let index = self.scope[0];
        if ctx.domain(index).is_interval() {
            // The positions of the array first, so that no pass visits an interval's every value.
            tighten(ctx, index, 0, self.len() as i64 - 1)?;
        }
        if self.constants.is_some() && !self.masks_built {
            self.build_masks(ctx);
        }
        loop {
            let changed = if self.on_bounds {
                self.pass_bounds(ctx)?
            } else if self.constants.is_none() {
                self.pass_vars(ctx)?
            } else if self.masks.is_empty() {
                self.pass_constants(ctx)?
            } else {
                self.pass_constants_by_blocks(ctx)?
            };
            if !changed {
                return Ok(());
            }
        }
    }

    fn explain(&self, why: &mut Antecedents<'_>) -> bool {
        let (index, result) = (self.scope[0], self.scope[1]);
        // The index or the result also in another role: the generic explanation. (An array
        // may hold a variable twice, as FlatZinc's do.)
        if index == result || self.scope[2..].iter().any(|&a| a == index || a == result) {
            return false;
        }
        let entries = ExplainedArray {
            index,
            result,
            vars: &self.scope[2..],
            constants: self.constants.as_deref(),
            positions: self.positions.as_ref(),
        };
        // One block of a bitset domain at most: on the stack.
        let removed: smallvec::SmallVec<[Value; 64]> = why.removed().collect();
        if self.on_bounds {
            if let Some(named) = entries.bounds_reason(why, &removed) {
                return named;
            }
        }
        match why.change() {
            Change::Failure => false,
            // A bitset domain: value by value (the values gone, not those gone before).
            Change::AtLeast(x, _) | Change::AtMost(x, _) | Change::Removed(x) if x == index && !removed.is_empty() => {
                entries.positions_apart(why, removed.into_iter())
            }
            Change::AtLeast(x, _) | Change::AtMost(x, _) | Change::Removed(x) if x == result && !removed.is_empty() => {
                entries.values_unreachable(why, &removed)
            }
            Change::AtLeast(x, v) if x == index => entries.positions_apart(why, 0..v.min(entries.len())),
            Change::AtMost(x, v) if x == index => {
                entries.positions_apart(why, v.saturating_add(1).max(0)..entries.len())
            }
            Change::AtLeast(x, v) if x == result => entries.result_beyond(why, v, true),
            Change::AtMost(x, v) if x == result => entries.result_beyond(why, v, false),
            Change::Removed(x) if x == index || x == result => false,
            Change::AtLeast(x, _) | Change::AtMost(x, _) | Change::Removed(x) => {
                // An entry of the array, kept within the result's domain once the index is
                // fixed on it.
                let Some(j) = why.value(index) else { return false };
                if usize::try_from(j).ok().and_then(|j| entries.vars.get(j)) != Some(&x) {
                    return false;
                }
                why.equal(index, j);
                match why.change() {
                    Change::AtLeast(_, v) => why.at_least(result, v),
                    Change::AtMost(_, v) => why.at_most(result, v),
                    _ => {
                        for v in removed {
                            if why.contains(result, v) {
                                return false;
                            }
                            why.not_equal(result, v);
                        }
                    }
                }
                true
            }
        }
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        let Ok(i) = usize::try_from(values[0]) else { return false };
        let entry = match &self.constants {
            Some(c) => c.get(i).copied(),
            None => values.get(2 + i).copied(),
        };
        entry == Some(values[1])
    }
}

// ---- explanations (lazy clause generation) ----------------------------------------------

/// An element constraint's parts, as its explanations read them.
struct ExplainedArray<'c> {
    index: VarId,
    result: VarId,
    vars: &'c [VarId],
    constants: Option<&'c [Value]>,
    positions: Option<&'c Positions>,
}

/// A constant array's positions grouped by value, as sets of `BITS` positions: the positions
/// holding `values[i]` are, for each `(w, bits)` of `sets[starts[i]..starts[i + 1]]`, the
/// `w * BITS + b` for each bit `b` of `bits`. Built once when the constraint is made
/// (`O(n log n)`), so that explaining why a result value is unreachable visits only the sets
/// of positions holding it, not the whole array (a dictionary of thousands of words), and
/// hands them to the index's domain whole.
#[derive(Clone, Debug, Default)]
struct Positions {
    values: Vec<Value>,
    starts: Vec<u32>,
    sets: Vec<(u32, Block)>,
    /// Per position: its value's place in `values`.
    ids: Vec<u32>,
}

impl Positions {
    fn new(array: &[Value]) -> Positions {
        let mut order: Vec<u32> = (0..array.len() as u32).collect();
        order.sort_by_key(|&k| (array[k as usize], k));
        let mut p = Positions { ids: vec![0; array.len()], ..Positions::default() };
        for &k in &order {
            let v = array[k as usize];
            let (w, bit) = (k / BITS as u32, 1 << (k as usize % BITS));
            let first = p.values.last() != Some(&v);
            if first {
                p.values.push(v);
                p.starts.push(p.sets.len() as u32);
            }
            p.ids[k as usize] = p.values.len() as u32 - 1;
            // A later position of the value in the same block joins its last set.
            match p.sets.last_mut() {
                Some(last) if !first && last.0 == w => last.1 |= bit,
                _ => p.sets.push((w, bit)),
            }
        }
        p.starts.push(p.sets.len() as u32);
        p
    }

    /// The sets of positions holding `v`, in increasing order.
    fn of(&self, v: Value) -> &[(u32, Block)] {
        match self.values.binary_search(&v) {
            Ok(i) => &self.sets[self.starts[i] as usize..self.starts[i + 1] as usize],
            Err(_) => &[],
        }
    }
}

impl ExplainedArray<'_> {
    fn len(&self) -> Value {
        let n = self.constants.map_or(self.vars.len(), <[Value]>::len);
        Value::try_from(n).unwrap_or(Value::MAX)
    }

    /// Names why position `k` cannot be the index (an array of variables): out of the array,
    /// or its entry and the result had no value in common before the change; whether it could
    /// say.
    fn disjoint(&self, why: &mut Antecedents<'_>, k: Value) -> bool {
        let Ok(i) = usize::try_from(k) else { return true };
        let Some(&a) = self.vars.get(i) else { return true };
        let r = self.result;
        let (Some(alo), Some(ahi), Some(rlo), Some(rhi)) = (why.min(a), why.max(a), why.min(r), why.max(r)) else {
            return false;
        };
        // Apart by bounds; else value by value, each value out of one of the two.
        if ahi < rlo {
            why.at_most(a, ahi);
            why.at_least(r, rlo);
            return true;
        }
        if rhi < alo {
            why.at_most(r, rhi);
            why.at_least(a, alo);
            return true;
        }
        // Value by value only over small domains (else the generic explanation is cheaper).
        if why.initial_len(a) > 256 {
            return false;
        }
        let Some(values) = why.initial_values(a) else { return false };
        let values = values.filter(|&v| v >= rlo && v <= rhi);
        if values.clone().any(|v| why.contains(a, v) && why.contains(r, v)) {
            return false;
        }
        why.at_least(r, rlo);
        why.at_most(r, rhi);
        for v in values {
            if why.contains(a, v) {
                why.not_equal(r, v);
            } else {
                why.not_equal(a, v);
            }
        }
        true
    }

    /// Names why no position of `positions` can be the index: each is out of the array, or
    /// its entry and the result had no value in common before the change; whether it could say.
    fn positions_apart(&self, why: &mut Antecedents<'_>, mut positions: impl Iterator<Item = Value>) -> bool {
        match self.constants {
            // The result had none of those positions' values: one walk per block of them.
            Some(c) => why.not_equal_all_if_absent(
                self.result,
                positions.filter_map(|k| usize::try_from(k).ok().and_then(|i| c.get(i)).copied()),
            ),
            None => positions.all(|k| self.disjoint(why, k)),
        }
    }

    /// Names why no position of the index reaches any value of `values` of the result before
    /// the change; whether it could say.
    fn values_unreachable(&self, why: &mut Antecedents<'_>, values: &[Value]) -> bool {
        match self.positions {
            // The positions holding those values, all gone from the index: only they are
            // visited, and the index's removals once per block holding one of them.
            Some(p) => {
                why.not_equal_all_if_absent_in(self.index, 0, values.iter().flat_map(|&v| p.of(v).iter().copied()))
            }
            None => values.iter().all(|&v| self.value_unreachable_by_position(why, v)),
        }
    }

    /// Names why no position of the index reaches value `v` of the result before the change,
    /// position by position (an array of variables); whether it could say.
    fn value_unreachable_by_position(&self, why: &mut Antecedents<'_>, v: Value) -> bool {
        for k in 0..self.len() {
            let i = k as usize;
            let entry_excludes = match self.constants {
                Some(c) => c[i] != v,
                None => !why.contains(self.vars[i], v),
            };
            if entry_excludes {
                if let (None, Some(&a)) = (self.constants, self.vars.get(i)) {
                    why.not_equal(a, v);
                }
            } else if !why.contains(self.index, k) {
                why.not_equal(self.index, k);
            } else {
                return false;
            }
        }
        true
    }

    /// Names why the result's values below `v` (`lower`), or above it, are unreachable before
    /// the change: each position is out of the index, or its entry has no value between the
    /// result's old bound and `v`; whether it could say.
    fn result_beyond(&self, why: &mut Antecedents<'_>, v: Value, lower: bool) -> bool {
        let r = self.result;
        let Some(old) = (if lower { why.min(r) } else { why.max(r) }) else { return false };
        let mut old_used = false;
        for k in 0..self.len() {
            let i = k as usize;
            let (lo, hi) = match self.constants {
                Some(c) => (c[i], c[i]),
                None => match (why.min(self.vars[i]), why.max(self.vars[i])) {
                    (Some(lo), Some(hi)) => (lo, hi),
                    _ => (Value::MAX, Value::MIN),
                },
            };
            // The entry's values lie beyond v, or all on the far side of the old bound.
            let beyond = if lower { lo >= v } else { hi <= v };
            let outside = if lower { hi < old } else { lo > old };
            if beyond {
                if self.constants.is_none() {
                    let a = self.vars[i];
                    if lower {
                        why.at_least(a, v);
                    } else {
                        why.at_most(a, v);
                    }
                }
            } else if outside {
                old_used = true;
                if self.constants.is_none() {
                    let a = self.vars[i];
                    if lower {
                        why.at_most(a, hi);
                    } else {
                        why.at_least(a, lo);
                    }
                }
            } else if !why.contains(self.index, k) {
                why.not_equal(self.index, k);
            } else {
                return false;
            }
        }
        if old_used {
            if lower {
                why.at_least(r, old);
            } else {
                why.at_most(r, old);
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::model::Model;
    use crate::search::Solver;
    use crate::testing::{brute_force, model_with, projections, propagated, small_domain, solve_all};

    #[test]
    fn index_loses_out_of_range_and_unsupported_positions() {
        let (mut model, v) = model_with(&[(-2..=5).collect(), vec![4, 5], vec![1, 4], vec![2, 3], vec![5, 9]]);
        model.post(Element::new(v[0], vec![v[2], v[3], v[4]], v[1])).unwrap();
        let d = propagated(model, &v).unwrap();
        assert_eq!(d[0], vec![0, 2]);
        assert_eq!(d[1], vec![4, 5]);
        // Index not fixed: the array keeps its values.
        assert_eq!(d[2..], [vec![1, 4], vec![2, 3], vec![5, 9]]);
    }

    #[test]
    fn fixed_index_makes_entry_and_result_equal() {
        let (mut model, v) = model_with(&[vec![1], (0..=9).collect(), vec![0, 1], vec![2, 3, 4, 12]]);
        model.post(Element::new(v[0], vec![v[2], v[3]], v[1])).unwrap();
        let d = propagated(model, &v).unwrap();
        assert_eq!(d, vec![vec![1], vec![2, 3, 4], vec![0, 1], vec![2, 3, 4]]);
    }

    #[test]
    fn constants_filter_index_and_result() {
        let (mut model, v) = model_with(&[(0..=9).collect(), vec![10, 20, 25]]);
        model.post(Element::constants(v[0], [30, 10, 20, 10], v[1])).unwrap();
        assert_eq!(propagated(model, &v).unwrap(), vec![vec![1, 2, 3], vec![10, 20]]);
    }

    #[test]
    fn wipes_out_the_index_without_a_matching_entry() {
        let (mut model, v) = model_with(&[(0..=1).collect(), vec![7]]);
        model.post(Element::constants(v[0], [1, 2], v[1])).unwrap();
        let c = Solver::new(model).propagate().expect_err("7 is not in the array");
        assert_eq!(c.var, Some(v[0]));
    }

    #[test]
    fn wipes_out_the_index_of_an_empty_array() {
        let (mut model, v) = model_with(&[(0..=1).collect(), vec![7]]);
        model.post(Element::new(v[0], Vec::new(), v[1])).unwrap();
        let c = Solver::new(model).propagate().expect_err("no entry at all");
        assert_eq!(c.var, Some(v[0]));
    }

    #[test]
    fn fails_when_the_fixed_entry_disagrees_with_the_result() {
        // The index is fixed by a removal; its entry has nothing in common with the result, so
        // the index loses its last value. (Every failure goes through the index: a result or an
        // entry can only lose its last value if the index has no supported position left.)
        let (mut model, v) = model_with(&[vec![0, 1], vec![1, 2], vec![1, 2], vec![1, 2]]);
        model.post(Element::new(v[0], vec![v[2], v[3]], v[1])).unwrap();
        let mut solver = Solver::new(model);
        solver.propagate().unwrap();
        solver.remove_value(v[0], 0).unwrap();
        solver.remove_value(v[1], 1).unwrap();
        solver.remove_value(v[3], 2).unwrap();
        solver.propagate().expect_err("x3 = 1 but the result is 2");
    }

    #[test]
    fn index_may_appear_in_the_array() {
        // x = [x, 1][x]: x = 0 picks itself (0 = 0); x = 1 picks 1.
        let mut model = Model::new();
        let x = model.new_var(0..=2).unwrap();
        let one = model.new_var(1..=1).unwrap();
        model.post(Element::new(x, vec![x, one], x)).unwrap();
        assert_eq!(solve_all(model, &[x]), vec![vec![0], vec![1]]);
    }

    proptest! {
        #[test]
        fn variable_array_solutions_equal_brute_force_and_propagation_is_gac(
            index in small_domain(-1, 3),
            result in small_domain(0, 3),
            array in proptest::collection::vec(small_domain(0, 3), 0..=3),
        ) {
            let mut domains = vec![index, result];
            domains.extend(array);
            let n = domains.len() - 2;
            let holds = |vs: &[Value]| usize::try_from(vs[0]).ok().filter(|&i| i < n).is_some_and(|i| vs[2 + i] == vs[1]);
            let expected = brute_force(&domains, holds);
            let (mut model, v) = model_with(&domains);
            model.post(Element::new(v[0], v[2..].to_vec(), v[1])).unwrap();
            prop_assert_eq!(solve_all(model, &v), expected.clone());
            let (mut model, v) = model_with(&domains);
            model.post(Element::new(v[0], v[2..].to_vec(), v[1])).unwrap();
            match propagated(model, &v) {
                None => prop_assert!(expected.is_empty()),
                Some(d) => prop_assert_eq!(d, projections(&expected, v.len())),
            }
        }

        #[test]
        fn constant_array_solutions_equal_brute_force_and_propagation_is_gac(
            index in small_domain(-1, 4),
            result in small_domain(0, 3),
            array in proptest::collection::vec(0i32..=3, 0..=4),
        ) {
            let domains = vec![index, result];
            let holds = |vs: &[Value]| usize::try_from(vs[0]).ok().and_then(|i| array.get(i)) == Some(&vs[1]);
            let expected = brute_force(&domains, holds);
            let (mut model, v) = model_with(&domains);
            model.post(Element::constants(v[0], array.clone(), v[1])).unwrap();
            prop_assert_eq!(solve_all(model, &v), expected.clone());
            let (mut model, v) = model_with(&domains);
            model.post(Element::constants(v[0], array.clone(), v[1])).unwrap();
            match propagated(model, &v) {
                None => prop_assert!(expected.is_empty()),
                Some(d) => prop_assert_eq!(d, projections(&expected, 2)),
            }
        }
    }
}

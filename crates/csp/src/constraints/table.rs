//! `Table`: the tuples a group of variables may (or may not) take, listed extensionally.

use fixedbitset::Block;

use crate::context::Context;
use crate::domain::BITS;
use crate::error::{Conflict, ModelError};
use crate::id::{Value, VarId};
use crate::learning::explain::{Antecedents, Change};
use crate::model::constraint::Constraint;
use crate::model::Model;
use crate::rule::Rule;
use crate::store::StateSlot;
use crate::subscription::{Events, Priority};

/// Whether a [`Table`] lists the allowed or the forbidden tuples.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Mode {
    Allowed,
    Forbidden,
}

/// An extensional constraint: the variables take one of the listed tuples
/// ([`Table::allowed`]), or none of them ([`Table::forbidden`]).
///
/// Where [`Binary`](crate::constraints::Binary) states a relation of two variables by a predicate, a table
/// states a relation of any arity by its tuples. Both modes reach *generalised arc consistency*
/// (GAC): every value left is part of some tuple of values left that satisfies the constraint.
///
/// A variable may appear more than once in the scope; a tuple then counts only if it gives
/// every occurrence the same value. The constraint's [`scope`](Constraint::scope) lists each
/// variable once, in order of first appearance, and tuples are stored projected on it,
/// deduplicated.
///
/// # Propagation
///
/// * Allowed tuples: *compact-table* (Demeulenaere et al. 2016). The tuples still valid are a
///   bitset (`currTable`, one bit per tuple, `W = ⌈t / 64⌉` words), with a sparse index of its
///   non-zero words and their count (`limit`, the reversible sparse bitset); each value `x = a`
///   has the bitset of the tuples with `x = a` (`supports`). A call (1) intersects
///   `currTable` with, for each variable changed since the last call, the union of the supports
///   of its values left; fails when no tuple is left; (2) removes each value whose supports no
///   longer meet `currTable` ([`Rule::NoSupport`]), checking first the word where the last
///   support was found (its *residue*). Generalised arc consistency.
///   With [`Table::with_state`], `currTable` and `limit` live in the solver's state
///   ([`add_state`](crate::model::author::add_state)), saved and restored with the domains, and a call looks only at the
///   variables changed since the last ([`Events::TRACK`](crate::constraint::Events::TRACK)); without it,
///   each call rebuilds `currTable` from all the domains (the same pruning, at the cost of a
///   pass over every variable).
/// * Forbidden tuples, by counting: `x = v` has no support when the valid forbidden tuples with
///   `x = v` are as many as the combinations of the other domains. Repeated until nothing
///   changes.
///
/// When explanations are collected, a removal's premises are the other variables of the
/// table.
///
/// # Errors
///
/// [`Model::post`] refuses a table with a tuple of the wrong length or a value outside the
/// initial domain of its variable ([`ModelError::InvalidConstraint`]): such a tuple could never
/// match, and it is more often a typo than an intent. Filter the tuples first if it is intended.
/// An empty list of allowed tuples is accepted and makes the model unsatisfiable.
///
/// # Complexity
///
/// Allowed: `O(Σ_{x changed} |D(x)| * limit)` word operations to update `currTable`, and
/// `O(Σ_x |D(x)|)` residue checks plus `O(limit)` per value whose residue failed, with
/// `limit <= W` the non-zero words; memory `O(W * Σ |D0(x)|)` words for the supports. Forbidden:
/// each propagation scans every tuple, `O(t * n)`.
///
/// # Bibliography
///
/// * J. Demeulenaere, R. Hartert, C. Lecoutre, G. Perez, L. Perron, J.-C. Régin and
///   P. Schaus, "Compact-Table: efficiently filtering table constraints with reversible
///   sparse bit-sets", CP 2016.
/// * J. R. Ullmann, "Partition search for non-binary constraint satisfaction", Information
///   Sciences 177, 2007 (simple tabular reduction, which this replaces).
///
/// # Example
///
/// ```
/// use csp::Model;
/// use csp::constraints::Table;
///
/// let mut model = Model::new();
/// let x = model.new_vars(3, 0..=2)?;
/// // x0 + x1 = x2 with x0 < x1, as a table.
/// model.post(Table::allowed(x.clone(), [[0, 1, 1], [0, 2, 2], [1, 2, 3]]))
///     .expect_err("3 is not in the domain of x2");
/// model.post(Table::allowed(x.clone(), [[0, 1, 1], [0, 2, 2]]))?;
/// let mut solver = model.into_solver();
/// solver.propagate()?;
/// assert_eq!(solver.value(x[0]), Some(0));
/// assert_eq!(solver.domain(x[1]).to_vec(), vec![1, 2]);
/// solver.remove_value(x[2], 2)?;
/// solver.propagate()?;
/// assert_eq!(solver.value(x[1]), Some(1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Table {
    mode: Mode,
    /// The distinct variables, in order of first appearance.
    vars: Vec<VarId>,
    /// The tuples projected on `vars`, flat (`vars.len()` values each), sorted and distinct.
    values: Vec<Value>,
    /// For each stored tuple, its index in the caller's list (for error messages).
    origin: Vec<usize>,
    /// The first malformed tuple seen by the constructor, reported by `on_post`.
    error: Option<String>,
    /// Built by `on_post`: `bits[t * n + p]` is the domain bit of tuple `t`'s value at `p`.
    bits: Vec<u32>,
    /// Built by `on_post`: first block of variable `p` in `marks` (and `offsets[n]` the total).
    offsets: Vec<usize>,
    /// Scratch: one bitset per variable (supported values, or values to remove).
    marks: Vec<Block>,
    /// Scratch for forbidden tables: per (variable, bit), valid forbidden tuples with it.
    /// Invariant: all zero between calls.
    counts: Vec<u32>,
    /// Scratch for forbidden tables: the valid tuples of the current pass.
    valid: Vec<u32>,
    /// Scratch for forbidden tables: current domain sizes.
    sizes: Vec<u64>,
    premises: Vec<VarId>,
    /// Compact-table: words of the tuple bitsets (`⌈len / 64⌉`).
    words: usize,
    /// Compact-table, built by `on_post`: `supports[(offsets[p] * BITS + b) * words + w]`, word
    /// `w` of the tuples with bit `b` at position `p`.
    supports: Vec<Block>,
    /// Compact-table: per (position, bit), the word where a support was last found (a hint,
    /// not restored on backtracking).
    residues: Vec<u32>,
    /// Compact-table: the non-zero words of `currTable` are `index[..limit]`. Only swapped
    /// within the current `limit`, so restoring `limit` restores the set (Demeulenaere et al.).
    index: Vec<u32>,
    /// Compact-table: where `currTable` (`words` blocks) and `limit` (one block) live in the
    /// solver's state, if reserved ([`Table::with_state`]).
    state: Option<StateSlot>,
    /// Compact-table without state: `currTable` and `limit`, rebuilt at each call.
    local: Vec<Block>,
    local_limit: usize,
    /// Scratch: the union of the supports of one variable's values.
    mask: Vec<Block>,
    /// Scratch: the positions changed since the last call.
    changed: Vec<u32>,
}

impl Table {
    /// The variables take one of `tuples` (in the order of `vars`).
    ///
    /// Tuples of the wrong length are reported by [`Model::post`]. No tuple at all is not an
    /// error: the table then allows nothing, and a model that posts it is unsatisfiable (as
    /// MiniZinc's `table(x, [])`, which is `false`). A table over no variable allows the empty
    /// assignment only when the empty tuple is listed.
    ///
    /// # Example
    ///
    /// ```
    /// use csp::{Model, Outcome};
    /// use csp::constraints::Table;
    ///
    /// let mut model = Model::new();
    /// let x = model.new_vars(2, 0..=2)?;
    /// model.post(Table::allowed(x.clone(), Vec::<[i32; 2]>::new()))?; // accepted: allows nothing
    /// assert!(matches!(model.into_solver().solve(), Outcome::Unsatisfiable));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn allowed<T: AsRef<[Value]>>(vars: impl Into<Vec<VarId>>, tuples: impl IntoIterator<Item = T>) -> Table {
        Table::build(Mode::Allowed, vars.into(), tuples)
    }

    /// The variables take any values except those of `tuples` (in the order of `vars`).
    ///
    /// Tuples of the wrong length are reported by [`Model::post`]. No tuple at all forbids
    /// nothing: the constraint always holds.
    pub fn forbidden<T: AsRef<[Value]>>(vars: impl Into<Vec<VarId>>, tuples: impl IntoIterator<Item = T>) -> Table {
        Table::build(Mode::Forbidden, vars.into(), tuples)
    }

    fn build<T: AsRef<[Value]>>(mode: Mode, scope: Vec<VarId>, tuples: impl IntoIterator<Item = T>) -> Table {
        let mut vars: Vec<VarId> = Vec::with_capacity(scope.len());
        let mut position = Vec::with_capacity(scope.len());
        for &x in &scope {
            match vars.iter().position(|&y| y == x) {
                Some(p) => position.push(p),
                None => {
                    position.push(vars.len());
                    vars.push(x);
                }
            }
        }
        let n = vars.len();
        let mut error = None;
        let mut projected: Vec<(Vec<Value>, usize)> = Vec::new();
        'tuples: for (k, t) in tuples.into_iter().enumerate() {
            let t = t.as_ref();
            if t.len() != scope.len() {
                if error.is_none() {
                    error = Some(format!("tuple {k} has {} values for {} variables", t.len(), scope.len()));
                }
                continue;
            }
            let mut row: Vec<Option<Value>> = vec![None; n];
            for (&v, &p) in t.iter().zip(&position) {
                match row[p] {
                    Some(u) if u != v => continue 'tuples, // a repeated variable with two values
                    _ => row[p] = Some(v),
                }
            }
            projected.push((row.into_iter().map(|v| v.unwrap_or_default()).collect(), k));
        }
        projected.sort();
        projected.dedup_by(|later, first| later.0 == first.0);
        let mut values = Vec::with_capacity(projected.len() * n);
        let mut origin = Vec::with_capacity(projected.len());
        for (row, k) in projected {
            values.extend_from_slice(&row);
            origin.push(k);
        }
        Table {
            mode,
            vars,
            values,
            origin,
            error,
            bits: Vec::new(),
            offsets: Vec::new(),
            marks: Vec::new(),
            counts: Vec::new(),
            valid: Vec::new(),
            sizes: Vec::new(),
            premises: Vec::new(),
            words: 0,
            supports: Vec::new(),
            residues: Vec::new(),
            index: Vec::new(),
            state: None,
            local: Vec::new(),
            local_limit: 0,
            mask: Vec::new(),
            changed: Vec::new(),
        }
    }

    /// Reserves the table's compact-table state in `model`'s solver state
    /// ([`add_state`](crate::model::author::add_state)): the bitset of valid tuples is then kept from one call to the
    /// next, restored on backtracking, and each call looks only at the variables that changed.
    /// Post the table into the same `model` afterwards. Does nothing for forbidden tuples.
    ///
    /// # Example
    ///
    /// ```
    /// use csp::Model;
    /// use csp::constraints::Table;
    ///
    /// let mut model = Model::new();
    /// let x = model.new_vars(2, 0..=2)?;
    /// let t = Table::allowed(x.clone(), [[0, 1], [1, 2], [2, 0]]).with_state(&mut model);
    /// model.post(t)?;
    /// let mut solver = model.into_solver();
    /// solver.remove_value(x[1], 1)?;
    /// solver.propagate()?;
    /// assert_eq!(solver.domain(x[0]).to_vec(), vec![1, 2]);
    /// assert_eq!(solver.count_solutions(10).count, 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_state(mut self, model: &mut Model) -> Table {
        if self.mode == Mode::Allowed && self.state.is_none() {
            let t = self.origin.len();
            let words = t.div_ceil(BITS);
            let mut initial = vec![u64::MAX; words + 1];
            if !t.is_multiple_of(BITS) {
                initial[words - 1] = (1 << (t % BITS)) - 1;
            }
            initial[words] = words as u64;
            self.state = Some(model.add_state(&initial));
        }
        self
    }

    /// The number of distinct tuples stored (after projection on the distinct variables).
    pub fn len(&self) -> usize {
        self.origin.len()
    }

    /// Whether no tuple is stored: an allowed table is then unsatisfiable, a forbidden one
    /// always satisfied.
    pub fn is_empty(&self) -> bool {
        self.origin.is_empty()
    }

    /// Whether the tuples are the forbidden ones.
    pub fn is_forbidden(&self) -> bool {
        self.mode == Mode::Forbidden
    }

    /// Whether tuple `t` has all its values in the current domains.
    #[inline]
    fn is_valid(&self, ctx: &Context<'_>, t: usize) -> bool {
        let n = self.vars.len();
        self.bits[t * n..(t + 1) * n].iter().zip(&self.vars).all(|(&b, &x)| {
            let b = b as usize;
            ctx.blocks(x)[b / BITS] & (1 << (b % BITS)) != 0
        })
    }

    fn set_premises_except(&mut self, ctx: &mut Context<'_>, skip: usize) {
        self.premises.clear();
        self.premises.extend(self.vars.iter().enumerate().filter(|&(j, _)| j != skip).map(|(_, &x)| x));
        ctx.set_premises(&self.premises);
    }

    /// Keeps, for each variable, the bits of `marks` (or removes them if `remove`). Returns
    /// whether a domain changed.
    fn apply_marks(&mut self, ctx: &mut Context<'_>, remove: bool) -> Result<bool, Conflict> {
        let mut changed = false;
        for p in 0..self.vars.len() {
            let (start, end) = (self.offsets[p], self.offsets[p + 1]);
            let x = self.vars[p];
            let mut premises_set = false;
            for wi in 0..end - start {
                let m = self.marks[start + wi];
                let keep = if remove { !m } else { m };
                if ctx.blocks(x)[wi] & !keep == 0 {
                    continue;
                }
                if ctx.is_explaining() && !premises_set {
                    self.set_premises_except(ctx, p);
                    premises_set = true;
                }
                changed |= ctx.retain_block(x, wi, keep, Rule::NoSupport)?;
            }
        }
        Ok(changed)
    }

    fn fail(&mut self, ctx: &mut Context<'_>) -> Conflict {
        if ctx.is_explaining() {
            self.set_premises_except(ctx, usize::MAX);
        }
        ctx.fail(Rule::NoSupport)
    }

    /// Word `w` of `currTable`.
    #[inline]
    fn current(&self, ctx: &Context<'_>, w: usize) -> Block {
        match self.state {
            Some(s) => ctx.state(s)[w],
            None => self.local[w],
        }
    }

    #[inline]
    fn set_current(&mut self, ctx: &mut Context<'_>, w: usize, value: Block) {
        match self.state {
            // One block saved alone when trailing: constant time, however many this
            // checkpoint saved before.
            Some(s) => ctx.state_mut(s.part(w, 1))[0] = value,
            None => self.local[w] = value,
        }
    }

    fn limit(&self, ctx: &Context<'_>) -> usize {
        match self.state {
            Some(s) => ctx.state(s)[self.words],
            None => self.local_limit,
        }
    }

    fn set_limit(&mut self, ctx: &mut Context<'_>, limit: usize) {
        match self.state {
            Some(s) => ctx.state_mut(s.part(self.words, 1))[0] = limit,
            None => self.local_limit = limit,
        }
    }

    /// Compact-table (allowed tuples).
    fn propagate_allowed(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let (n, nw) = (self.vars.len(), self.words);
        if self.state.is_some() {
            ctx.take_changed(&mut self.changed);
        } else {
            // No saved state: start again from every tuple, with every variable changed.
            let t = self.origin.len();
            self.local.fill(!0);
            if !t.is_multiple_of(BITS) {
                self.local[nw - 1] = (1 << (t % BITS)) - 1;
            }
            self.local_limit = nw;
            self.changed.clear();
            self.changed.extend(0..n as u32);
        }
        let mut limit = self.limit(ctx);
        if limit == 0 {
            return Err(self.fail(ctx));
        }
        // 1. Update currTable with the variables changed since the last call.
        for k in 0..self.changed.len() {
            let p = self.changed[k] as usize;
            let x = self.vars[p];
            for i in 0..limit {
                self.mask[self.index[i] as usize] = 0;
            }
            for (bw, &block) in ctx.blocks(x).iter().enumerate() {
                let mut bits = block;
                while bits != 0 {
                    let b = bw * BITS + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let base = (self.offsets[p] * BITS + b) * nw;
                    for i in 0..limit {
                        let w = self.index[i] as usize;
                        self.mask[w] |= self.supports[base + w];
                    }
                }
            }
            let mut i = limit;
            while i > 0 {
                i -= 1;
                let w = self.index[i] as usize;
                let old = self.current(ctx, w);
                let new = old & self.mask[w];
                if new != old {
                    self.set_current(ctx, w, new);
                    if new == 0 {
                        limit -= 1;
                        self.index.swap(i, limit);
                    }
                }
            }
            if limit == 0 {
                self.set_limit(ctx, 0);
                return Err(self.fail(ctx));
            }
        }
        self.set_limit(ctx, limit);
        // 2. Remove the values whose supports miss currTable.
        self.marks.fill(0);
        let mut any = false;
        for p in 0..n {
            let x = self.vars[p];
            for bw in 0..self.offsets[p + 1] - self.offsets[p] {
                let mut bits = ctx.blocks(x)[bw];
                while bits != 0 {
                    let b = bw * BITS + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let at = self.offsets[p] * BITS + b;
                    let base = at * nw;
                    let r = self.residues[at] as usize;
                    if self.current(ctx, r) & self.supports[base + r] != 0 {
                        continue;
                    }
                    let found = (0..limit)
                        .map(|i| self.index[i] as usize)
                        .find(|&w| self.current(ctx, w) & self.supports[base + w] != 0);
                    match found {
                        Some(w) => self.residues[at] = w as u32,
                        None => {
                            self.marks[self.offsets[p] + bw] |= 1 << (b % BITS);
                            any = true;
                        }
                    }
                }
            }
        }
        if any {
            self.apply_marks(ctx, true)?;
        }
        Ok(())
    }

    fn propagate_forbidden(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let n = self.vars.len();
        if n == 0 {
            // The empty tuple is the only assignment; it is forbidden if listed.
            return if self.origin.is_empty() { Ok(()) } else { Err(self.fail(ctx)) };
        }
        loop {
            self.valid.clear();
            for t in 0..self.origin.len() {
                if self.is_valid(ctx, t) {
                    self.valid.push(t as u32);
                    for p in 0..n {
                        self.counts[self.offsets[p] * BITS + self.bits[t * n + p] as usize] += 1;
                    }
                }
            }
            self.sizes.clear();
            self.sizes.extend(self.vars.iter().map(|&x| ctx.size(x) as u64));
            self.marks.fill(0);
            let mut any = false;
            for p in 0..n {
                // Combinations of the other domains; beyond the number of tuples nothing is
                // removed, so saturating is exact enough.
                let others = (0..n).filter(|&q| q != p).fold(1u64, |acc, q| acc.saturating_mul(self.sizes[q]));
                if others > self.valid.len() as u64 {
                    continue;
                }
                for &t in &self.valid {
                    let b = self.bits[t as usize * n + p] as usize;
                    if u64::from(self.counts[self.offsets[p] * BITS + b]) == others {
                        self.marks[self.offsets[p] + b / BITS] |= 1 << (b % BITS);
                        any = true;
                    }
                }
            }
            // Restore the all-zero invariant of `counts`.
            for &t in &self.valid {
                for p in 0..n {
                    self.counts[self.offsets[p] * BITS + self.bits[t as usize * n + p] as usize] = 0;
                }
            }
            if !any || !self.apply_marks(ctx, true)? {
                return Ok(());
            }
        }
    }
}

impl Constraint for Table {
    fn kind(&self) -> &'static str {
        "table"
    }

    fn scope(&self) -> &[VarId] {
        &self.vars
    }

    fn priority(&self) -> Priority {
        Priority::Slow
    }

    fn subscriptions(&self, _local: usize) -> Events {
        // Compact-table with saved state works on the variables changed since its last call.
        if self.state.is_some() {
            Events::TRACK
        } else {
            Events::DOMAIN
        }
    }

    fn is_idempotent(&self) -> bool {
        // Allowed: the valid tuples stay valid after the removals. Forbidden: loops.
        true
    }

    fn on_post(&mut self, model: &Model) -> Result<(), ModelError> {
        super::refuse_intervals(model, self.scope(), "table")?;
        if let Some(message) = self.error.take() {
            return Err(ModelError::InvalidConstraint { kind: "table", message });
        }
        let n = self.vars.len();
        self.bits.clear();
        self.bits.reserve(self.values.len());
        for (k, row) in self.values.chunks(n.max(1)).enumerate().take(self.origin.len()) {
            for (&v, &x) in row.iter().zip(&self.vars) {
                let info = model.var_info(x);
                let Some(bit) = info.map.bit(v, info.len as usize) else {
                    return Err(ModelError::InvalidConstraint {
                        kind: "table",
                        message: format!(
                            "tuple {} has value {v} for {}, outside its initial domain",
                            self.origin[k],
                            model.display_var(x)
                        ),
                    });
                };
                self.bits.push(bit as u32);
            }
        }
        self.offsets.clear();
        let mut total = 0;
        for &x in &self.vars {
            self.offsets.push(total);
            total += model.var_info(x).words as usize;
        }
        self.offsets.push(total);
        self.marks = vec![0; total];
        if self.mode == Mode::Forbidden {
            self.counts = vec![0; total * BITS];
            return Ok(());
        }
        let t = self.origin.len();
        let nw = t.div_ceil(BITS);
        self.words = nw;
        self.supports = vec![0; total * BITS * nw];
        for k in 0..t {
            for p in 0..n {
                let at = self.offsets[p] * BITS + self.bits[k * n + p] as usize;
                self.supports[at * nw + k / BITS] |= 1 << (k % BITS);
            }
        }
        self.residues = vec![0; total * BITS];
        self.index = (0..nw as u32).collect();
        self.mask = vec![0; nw];
        self.local = vec![0; nw];
        self.changed = Vec::with_capacity(n);
        Ok(())
    }

    fn propagate(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let r = match self.mode {
            Mode::Allowed => self.propagate_allowed(ctx),
            Mode::Forbidden => self.propagate_forbidden(ctx),
        };
        if ctx.is_explaining() {
            ctx.clear_premises();
        }
        r
    }

    fn explain(&self, why: &mut Antecedents<'_>) -> bool {
        let n = self.vars.len();
        if n == 0 {
            return false;
        }
        let (p, removed): (Option<usize>, smallvec::SmallVec<[Value; 16]>) = match why.change() {
            Change::Failure => (None, smallvec::SmallVec::new()),
            Change::AtLeast(x, _) | Change::AtMost(x, _) | Change::Removed(x) => {
                let Some(p) = self.vars.iter().position(|&y| y == x) else { return false };
                (Some(p), why.removed().collect())
            }
        };
        if p.is_some() && removed.is_empty() {
            return false;
        }
        let rows = self.values.chunks(n);
        match self.mode {
            // Each tuple that would support a value gone (or, for a failure, any tuple) has
            // another value gone; values already named are preferred.
            Mode::Allowed => {
                let mut named: smallvec::SmallVec<[(usize, Value); 16]> = smallvec::SmallVec::new();
                for row in rows {
                    if let Some(p) = p {
                        if !removed.contains(&row[p]) {
                            continue;
                        }
                    }
                    let gone = |q: usize| Some(q) != p && !why.contains(self.vars[q], row[q]);
                    if (0..n).any(|q| gone(q) && named.contains(&(q, row[q]))) {
                        continue;
                    }
                    let Some(q) = (0..n).find(|&q| gone(q)) else { return false };
                    named.push((q, row[q]));
                }
                for (q, v) in named {
                    why.not_equal(self.vars[q], v);
                }
                true
            }
            // A forbidden tuple whose other values are all set, for each value gone (or, for a
            // failure, one whose values are all set).
            Mode::Forbidden => {
                let targets: smallvec::SmallVec<[Option<Value>; 16]> =
                    if p.is_some() { removed.iter().map(|&v| Some(v)).collect() } else { smallvec::smallvec![None] };
                for v in targets {
                    let set = |row: &[Value]| {
                        (0..n).all(|q| {
                            if Some(q) == p {
                                Some(row[q]) == v
                            } else {
                                why.value(self.vars[q]) == Some(row[q])
                            }
                        })
                    };
                    let Some(row) = self.values.chunks(n).find(|row| set(row)) else { return false };
                    for q in (0..n).filter(|&q| Some(q) != p) {
                        why.equal(self.vars[q], row[q]);
                    }
                }
                true
            }
        }
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        let n = self.vars.len();
        let listed = if n == 0 { !self.origin.is_empty() } else { self.values.chunks(n).any(|row| row == values) };
        listed == (self.mode == Mode::Allowed)
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::search::Solver;
    use crate::testing::{
        assert_same_walk, assert_solutions_and_gac, brute_force, model_with, propagated, small_domains, solve_all,
        walks,
    };

    fn table(domains: &[Vec<Value>], forbidden: bool, tuples: &[Vec<Value>]) -> (Model, Vec<VarId>) {
        let (mut model, vars) = model_with(domains);
        let t = if forbidden { Table::forbidden(vars.clone(), tuples) } else { Table::allowed(vars.clone(), tuples) };
        model.post(t).unwrap();
        (model, vars)
    }

    #[test]
    fn allowed_keeps_only_values_of_valid_tuples() {
        let tuples = vec![vec![1, 2, 3], vec![2, 2, 1], vec![3, 1, 1], vec![3, 3, 3]];
        let (model, v) = table(&vec![(1..=3).collect::<Vec<_>>(); 3], false, &tuples);
        let mut solver = Solver::new(model);
        solver.remove_value(v[1], 3).unwrap();
        solver.propagate().unwrap();
        // (3, 3, 3) is no longer valid: 3 left D(x1).
        let d: Vec<Vec<Value>> = v.iter().map(|&x| solver.domain(x).to_vec()).collect();
        assert_eq!(d, vec![vec![1, 2, 3], vec![1, 2], vec![1, 3]]);
    }

    #[test]
    fn allowed_reacts_to_removals() {
        let tuples = vec![vec![1, 2], vec![2, 3], vec![3, 1]];
        let (model, v) = table(&[(1..=3).collect(), (1..=3).collect()], false, &tuples);
        let mut solver = Solver::new(model);
        solver.remove_value(v[1], 3).unwrap();
        solver.propagate().unwrap();
        assert_eq!(solver.domain(v[0]).to_vec(), vec![1, 3]);
    }

    #[test]
    fn allowed_fails_without_valid_tuple() {
        let (model, _) = table(&[vec![1, 2], vec![1, 2]], false, &[vec![1, 1], vec![2, 2]]);
        let mut solver = Solver::new(model);
        solver.remove_value(VarId::from_index(0), 1).unwrap();
        solver.remove_value(VarId::from_index(1), 2).unwrap();
        let c = solver.propagate().expect_err("(2, 1) is not allowed");
        assert_eq!(c.var, None);
    }

    #[test]
    fn empty_allowed_table_is_unsatisfiable() {
        let (model, _) = table(&[vec![1, 2]], false, &[]);
        Solver::new(model).propagate().expect_err("no tuple at all");
    }

    #[test]
    fn forbidden_removes_a_value_whose_combinations_are_all_forbidden() {
        // x = 1 is forbidden with every y; then y = 2 is forbidden with the x left.
        let tuples = vec![vec![1, 1], vec![1, 2], vec![2, 2], vec![3, 2]];
        let (model, v) = table(&[(1..=3).collect(), vec![1, 2]], true, &tuples);
        assert_eq!(propagated(model, &v).unwrap(), vec![vec![2, 3], vec![1]]);
    }

    #[test]
    fn forbidden_wipes_out_a_variable_with_every_value_forbidden() {
        let (model, v) = table(&[vec![1, 2], vec![5]], true, &[vec![1, 5], vec![2, 5]]);
        let c = Solver::new(model).propagate().expect_err("every pair is forbidden");
        assert!(c.var == Some(v[0]) || c.var == Some(v[1]), "{c:?}");
    }

    #[test]
    fn forbidden_empty_tuple_of_no_variable_fails() {
        let mut model = Model::new();
        model.post(Table::forbidden(Vec::new(), [[0i32; 0]])).unwrap();
        Solver::new(model).propagate().expect_err("the only assignment is forbidden");
    }

    #[test]
    fn repeated_variable_needs_equal_values() {
        let mut model = Model::new();
        let x = model.new_var(1..=3).unwrap();
        let y = model.new_var(1..=3).unwrap();
        let t = Table::allowed(vec![x, y, x], [[1, 1, 2], [2, 3, 2], [3, 1, 3]]);
        assert_eq!(t.len(), 2);
        model.post(t).unwrap();
        assert_eq!(solve_all(model, &[x, y]), vec![vec![2, 3], vec![3, 1]]);
    }

    #[test]
    fn duplicate_forbidden_tuples_count_once() {
        let (model, v) = table(&[vec![1, 2], vec![1, 2]], true, &[vec![1, 1], vec![1, 1], vec![1, 2]]);
        assert_eq!(solve_all(model, &v), vec![vec![2, 1], vec![2, 2]]);
    }

    #[test]
    fn post_rejects_a_tuple_of_the_wrong_length() {
        let mut model = Model::new();
        let x = model.new_vars(2, 0..=1).unwrap();
        let err = model.post(Table::allowed(x, vec![vec![0, 1], vec![1]])).unwrap_err();
        assert_eq!(
            err,
            ModelError::InvalidConstraint { kind: "table", message: "tuple 1 has 1 values for 2 variables".into() }
        );
    }

    #[test]
    fn post_rejects_a_value_outside_the_initial_domain() {
        let mut model = Model::new();
        let x = model.new_named_var("a", 0..=1).unwrap();
        let y = model.new_named_var("b", 0..=1).unwrap();
        let err = model.post(Table::forbidden(vec![x, y], [[0, 1], [1, 7]])).unwrap_err();
        assert_eq!(
            err,
            ModelError::InvalidConstraint {
                kind: "table",
                message: "tuple 1 has value 7 for b, outside its initial domain".into()
            }
        );
    }

    #[test]
    fn large_domains_use_several_blocks() {
        let mut model = Model::new();
        let x = model.new_var(0..=199).unwrap();
        let y = model.new_var(0..=199).unwrap();
        let tuples: Vec<[Value; 2]> = (0..200).map(|i| [i, (i * 7) % 200]).collect();
        model.post(Table::allowed(vec![x, y], tuples)).unwrap();
        let mut solver = Solver::new(model);
        solver.remove_value(y, 7).unwrap();
        solver.propagate().unwrap();
        assert!(!solver.domain(x).contains(1));
        assert_eq!(solver.domain(x).len(), 199);
        for v in 151..200 {
            solver.remove_value(x, v).unwrap();
        }
        solver.propagate().unwrap();
        assert_eq!(solver.domain(y).len(), 150);
    }

    fn tuples_strategy() -> impl Strategy<Value = (Vec<Vec<Value>>, Vec<Vec<Value>>)> {
        small_domains(3, 0, 3).prop_flat_map(|domains| {
            let tuple: Vec<_> = domains.iter().cloned().map(proptest::sample::select).collect();
            (Just(domains), proptest::collection::vec(tuple, 0..12))
        })
    }

    proptest! {
        #[test]
        fn compact_table_with_state_equals_the_stateless_scan_through_checkpoints(
            (domains, tuples) in tuples_strategy(),
            walk in walks(16, 3, 0..=3),
            trail in any::<bool>(),
        ) {
            use crate::store::SnapshotMode;
            let (plain, v) = table(&domains, false, &tuples);
            let (mut model, w) = model_with(&domains);
            let t = Table::allowed(w.clone(), &tuples).with_state(&mut model);
            model.post(t).unwrap();
            let (mut a, mut b) = (Solver::new(plain), Solver::new(model));
            let mode = if trail { SnapshotMode::Trail } else { SnapshotMode::Copy };
            a.set_snapshot_mode(mode);
            b.set_snapshot_mode(mode);
            assert_same_walk(&mut a, &v, &mut b, &w, &walk)?;
            let expected = brute_force(&domains, |vs| tuples.iter().any(|t| t == vs));
            let (mut model, w) = model_with(&domains);
            let t = Table::allowed(w.clone(), &tuples).with_state(&mut model);
            model.post(t).unwrap();
            prop_assert_eq!(solve_all(model, &w), expected);
        }
    }

    proptest! {
        #[test]
        fn solutions_equal_brute_force_and_root_propagation_is_gac(
            (domains, tuples) in tuples_strategy(),
            forbidden in any::<bool>(),
        ) {
            let expected = brute_force(&domains, |vs| tuples.iter().any(|t| t == vs) != forbidden);
            assert_solutions_and_gac(|| table(&domains, forbidden, &tuples), &expected)?;
        }
    }
}

//! Models: variables with their initial domains, and posted constraints.

use std::fmt;
use std::sync::atomic::{AtomicU32, Ordering as AtomicOrdering};

use fixedbitset::{Block, FixedBitSet};

use crate::domain::{
    Domain, InitialDomain, ValueMap, BITS, INTERVAL_THRESHOLD, MAX_BITSET_VALUES, MAX_INTERVAL_VALUE,
    MIN_INTERVAL_VALUE,
};
use crate::error::ModelError;
use crate::id::{ConstraintId, Value, VarId, NO_MODEL};
use crate::layout::{VarInfo, VarLabel};
use crate::store::StateSlot;

pub(crate) mod author;
pub(crate) mod constraint;
pub(crate) mod kernel;

use self::constraint::Constraint;

/// A constraint satisfaction problem: variables with finite domains and constraints on them.
///
/// A model is built once, then handed to a [`Solver`](crate::search::Solver) ([`Model::into_solver`]), which owns it
/// and keeps the search state apart. Building errors are returned as [`ModelError`].
///
/// # Example
///
/// ```
/// use csp::{Model, Outcome};
/// use csp::constraints::AllDifferent;
///
/// let mut model = Model::new();
/// let xs = model.new_vars(3, 1..=3)?;
/// model.post(AllDifferent::new(xs.clone()))?;
/// let x0 = xs[0];
/// model.post(csp::constraints::NotEqual::new(x0, xs[1]))?;
/// let mut solver = model.into_solver();
/// assert_eq!(solver.count_solutions(100).count, 6);
/// match solver.solve() {
///     Outcome::Solved(solution) => assert_eq!(solution[x0], 1),
///     other => panic!("expected a solution, got {other:?}"),
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct Model {
    pub(crate) vars: Vec<VarInfo>,
    pub(crate) initial: FixedBitSet,
    pub(crate) constraints: Vec<Box<dyn Constraint>>,
    pub(crate) constraint_names: Vec<Option<Box<str>>>,
    /// Constraints that stand in for others ([`Model::compile_all_different`]).
    pub(crate) stand_ins: Vec<(ConstraintId, Vec<ConstraintId>)>,
    /// The objective recorded by [`Model::minimize`] or [`Model::maximize`], if any.
    pub(crate) objective: Option<crate::goal::Goal>,
    /// The objectives after the first of a lexicographic objective
    /// ([`Model::lexicographic`]), in order; empty for one objective.
    pub(crate) later_objectives: Vec<crate::goal::Goal>,
    /// The tag in every [`VarId`] this model creates (shared by its clones), never
    /// [`NO_MODEL`]: how a variable of another model is told apart.
    pub(crate) tag: u32,
    /// Ranges of more values than this become intervals ([`Model::set_interval_threshold`]).
    pub(crate) interval_threshold: usize,
    /// The variables marked as defined by the others ([`Model::mark_defined`]).
    pub(crate) defined: FixedBitSet,
}

/// The tag of the next model created: a process-wide counter, so that two models built in one
/// program have different tags (a wrap-around after 2^32 - 1 models skips [`NO_MODEL`]).
static NEXT_TAG: AtomicU32 = AtomicU32::new(NO_MODEL + 1);

fn next_tag() -> u32 {
    loop {
        let t = NEXT_TAG.fetch_add(1, AtomicOrdering::Relaxed);
        if t != NO_MODEL {
            return t;
        }
    }
}

impl Default for Model {
    fn default() -> Model {
        Model::new()
    }
}

impl fmt::Debug for Model {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Model")
            .field("vars", &self.vars.len())
            .field("constraints", &self.constraints.len())
            .field("blocks", &self.initial.as_slice().len())
            .finish()
    }
}

/// The panic of a public accessor given a variable of another model, out of line so that the
/// check costs one comparison on the caller's path.
#[cold]
#[inline(never)]
#[track_caller]
pub(crate) fn foreign(var: VarId) -> ! {
    panic!("{}", ModelError::ForeignVar { var })
}

/// Each variable's peers ([`Model::peers`]), in one list.
#[derive(Clone, Debug)]
pub(crate) struct Peers {
    /// Those of variable `i` are `list[at[i]..at[i + 1]]`, in increasing order.
    at: Box<[u32]>,
    list: Box<[u32]>,
}

impl Peers {
    /// The peers of variable `i`.
    pub(crate) fn of(&self, i: usize) -> &[u32] {
        &self.list[self.at[i] as usize..self.at[i + 1] as usize]
    }
}

impl Model {
    /// An empty model.
    pub fn new() -> Model {
        Model {
            vars: Vec::new(),
            initial: FixedBitSet::new(),
            constraints: Vec::new(),
            constraint_names: Vec::new(),
            stand_ins: Vec::new(),
            objective: None,
            later_objectives: Vec::new(),
            tag: next_tag(),
            interval_threshold: INTERVAL_THRESHOLD,
            defined: FixedBitSet::new(),
        }
    }

    /// Makes the ranges of more than `values` values that variables are created with from now
    /// on intervals (their bounds only, see [`Domain::is_interval`](crate::domain::Domain::is_interval))
    /// rather than bitsets; the default is [`INTERVAL_THRESHOLD`](crate::domain::INTERVAL_THRESHOLD).
    /// Lists of values stay bitsets, and variables created before keep their domains.
    ///
    /// A lower threshold trades the holes of mid-sized domains (a value removed inside an
    /// interval is not represented) for bounds that cost one word whatever the range: a
    /// learning search ([`Solver::set_learning`](crate::search::Solver::set_learning)) explains
    /// a bound of an interval with one fact, and one of a bitset with a fact per block of
    /// values below it. `fzn-csp` uses 1,024 (see `docs/learning.md`).
    ///
    /// ```
    /// use csp::Model;
    ///
    /// let mut model = Model::new();
    /// model.set_interval_threshold(1024);
    /// let wide = model.new_var(0..=5000)?;
    /// let narrow = model.new_var(0..=1000)?;
    /// assert!(model.initial_domain(wide).is_interval());
    /// assert!(!model.initial_domain(narrow).is_interval());
    /// # Ok::<(), csp::ModelError>(())
    /// ```
    pub fn set_interval_threshold(&mut self, values: usize) {
        self.interval_threshold = values;
    }

    /// Creates a variable with the given initial domain: a range (`1..=9`) or a set of values
    /// (`vec![1, 5, 7]`, `[2, 4]`).
    ///
    /// # Errors
    ///
    /// [`ModelError::EmptyDomain`] for no value; [`ModelError::DomainTooLarge`] for more than
    /// [`MAX_BITSET_VALUES`](crate::domain::MAX_BITSET_VALUES) listed values; [`ModelError::BeyondLimits`]
    /// for a range of more than [`INTERVAL_THRESHOLD`](crate::domain::INTERVAL_THRESHOLD) values (an
    /// interval; see [`Model::set_interval_threshold`]) not within [`MIN_INTERVAL_VALUE`](crate::domain::MIN_INTERVAL_VALUE)`..=`[`MAX_INTERVAL_VALUE`](crate::domain::MAX_INTERVAL_VALUE).
    pub fn new_var(&mut self, domain: impl Into<InitialDomain>) -> Result<VarId, ModelError> {
        self.add_var(domain.into(), None)
    }

    /// Creates a variable with a name, used in logs and explanations (`"r3c7"`). Names should
    /// not contain whitespace, so that log lines stay `key=value` greppable.
    ///
    /// # Errors
    ///
    /// As [`Model::new_var`].
    pub fn new_named_var(
        &mut self,
        name: impl Into<String>,
        domain: impl Into<InitialDomain>,
    ) -> Result<VarId, ModelError> {
        self.add_var(domain.into(), Some(name.into()))
    }

    /// Creates `n` variables with the same initial domain.
    ///
    /// # Errors
    ///
    /// As [`Model::new_var`].
    pub fn new_vars(&mut self, n: usize, domain: impl Into<InitialDomain>) -> Result<Vec<VarId>, ModelError> {
        let d = domain.into();
        (0..n).map(|_| self.add_var(d.clone(), None)).collect()
    }

    fn add_var(&mut self, d: InitialDomain, name: Option<String>) -> Result<VarId, ModelError> {
        if d.len == 0 {
            return Err(ModelError::EmptyDomain { name });
        }
        let id = VarId::tagged(self.vars.len(), self.tag);
        let offset = self.initial.as_slice().len();
        if let (ValueMap::Range { min }, true) = (&d.map, d.len > self.interval_threshold) {
            // A large range: an interval, two blocks holding its lowest and highest bits. Its
            // values stay within the limits, so that bound arithmetic cannot overflow (and its
            // size, at most 2^32 - 3, fits the record's `u32`).
            let max = i64::from(*min) + d.len as i64 - 1;
            if *min < MIN_INTERVAL_VALUE || max > i64::from(MAX_INTERVAL_VALUE) {
                return Err(ModelError::BeyondLimits { min: *min, max: max as Value });
            }
            self.initial.grow((offset + 2) * BITS);
            self.initial.as_mut_slice()[offset + 1] = d.len - 1;
            self.vars.push(VarInfo {
                offset: offset as u32,
                words: 2,
                len: d.len as u32,
                map: ValueMap::Interval { min: *min },
                name: name.map(String::into_boxed_str),
            });
            return Ok(id);
        }
        if d.len > MAX_BITSET_VALUES {
            // The propagation engine counts a bitset domain's blocks in 16 bits.
            return Err(ModelError::DomainTooLarge { len: d.len as u64 });
        }
        let words = d.len.div_ceil(BITS);
        let start = offset * BITS;
        self.initial.grow((offset + words) * BITS);
        self.initial.insert_range(start..start + d.len);
        self.vars.push(VarInfo {
            offset: offset as u32,
            words: words as u32,
            len: d.len as u32,
            map: d.map,
            name: name.map(String::into_boxed_str),
        });
        Ok(id)
    }

    /// Marks `var` as defined by the other variables: a constraint fixes it once they are
    /// fixed, as the result of an expression (`x + y`, `|x - y|`) or a variable FlatZinc
    /// annotates `is_defined_var`. The learning search
    /// ([`Solver::set_learning`](crate::search::Solver::set_learning)) decides on such a
    /// variable only when every variable not marked is fixed, so that it branches on the
    /// problem's own choices; it still decides on one that propagation leaves open. The marks
    /// change no solution, only that search's order.
    ///
    /// # Errors
    ///
    /// As [`Model::check_var`]: `var` is not a variable of this model.
    ///
    /// ```
    /// use csp::constraints::{Comparison, Linear};
    /// use csp::Model;
    ///
    /// let mut model = Model::new();
    /// let [x, y] = [model.new_var(0..=9)?, model.new_var(0..=9)?];
    /// let sum = model.new_var(0..=18)?;
    /// model.post(Linear::new([(1, x), (1, y), (-1, sum)], Comparison::Equal, 0))?;
    /// model.mark_defined(sum)?;
    /// assert!(model.is_defined(sum) && !model.is_defined(x));
    /// # Ok::<(), csp::ModelError>(())
    /// ```
    pub fn mark_defined(&mut self, var: VarId) -> Result<(), ModelError> {
        self.check_var(var)?;
        self.defined.grow(self.vars.len());
        self.defined.insert(var.index());
        Ok(())
    }

    /// Whether `var` is marked as defined by the other variables ([`Model::mark_defined`]).
    ///
    /// # Panics
    ///
    /// Panics if `var` is not a variable of this model.
    pub fn is_defined(&self, var: VarId) -> bool {
        self.own_info(var);
        self.defined.contains(var.index())
    }

    /// The number of variables.
    pub fn num_vars(&self) -> usize {
        self.vars.len()
    }

    /// All variables, in creation order.
    pub fn vars(&self) -> impl ExactSizeIterator<Item = VarId> + '_ {
        let tag = self.tag;
        (0..self.vars.len()).map(move |i| VarId::tagged(i, tag))
    }

    /// The number of posted constraints.
    pub fn num_constraints(&self) -> usize {
        self.constraints.len()
    }

    /// The name given to `var`, if any.
    ///
    /// # Panics
    ///
    /// Panics if `var` is not a variable of this model.
    pub fn var_name(&self, var: VarId) -> Option<&str> {
        self.own_info(var).name.as_deref()
    }

    /// Something that displays `var` by its name, or as `x12` without one.
    ///
    /// # Panics
    ///
    /// Panics if `var` is not a variable of this model.
    pub fn display_var(&self, var: VarId) -> impl fmt::Display + '_ {
        VarLabel(self.own_info(var), var)
    }

    /// The initial domain of `var`.
    ///
    /// # Panics
    ///
    /// Panics if `var` is not a variable of this model.
    pub fn initial_domain(&self, var: VarId) -> Domain<'_> {
        let info = self.own_info(var);
        let (o, w) = (info.offset as usize, info.words as usize);
        Domain { blocks: &self.initial.as_slice()[o..o + w], map: &info.map }
    }

    /// The value of `var`'s smallest initial value when its domain is a contiguous range
    /// (public as [`author::range_min`]).
    pub(crate) fn range_min(&self, var: VarId) -> Option<Value> {
        self.var_info(var).map.range_min()
    }

    /// The index of `var`'s first block in the flat domain store (public as
    /// [`author::block_offset`]).
    pub(crate) fn block_offset(&self, var: VarId) -> usize {
        self.var_info(var).offset as usize
    }

    /// The first block of `var`'s initial domain.
    pub(crate) fn initial_block(&self, var: VarId) -> fixedbitset::Block {
        self.initial.as_slice()[self.var_info(var).offset as usize]
    }

    /// Reserves blocks in the store for a constraint's own state (public as
    /// [`author::add_state`]).
    pub(crate) fn add_state(&mut self, initial: &[u64]) -> StateSlot {
        let offset = self.initial.as_slice().len();
        self.initial.grow((offset + initial.len()) * BITS);
        for (block, &word) in self.initial.as_mut_slice()[offset..].iter_mut().zip(initial) {
            *block = word as Block;
        }
        StateSlot::new(offset, initial.len())
    }

    /// [`var_info`](Model::var_info) for the public accessors (the model's, the engine's and
    /// the solver's), which also refuse a variable of another model with
    /// [`ModelError::ForeignVar`]'s message (off the search's path, where ids come from the
    /// model itself).
    #[inline]
    pub(crate) fn own_info(&self, var: VarId) -> &VarInfo {
        if var.model_tag() != self.tag && var.model_tag() != NO_MODEL {
            foreign(var);
        }
        self.var_info(var)
    }

    #[inline]
    pub(crate) fn var_info(&self, var: VarId) -> &VarInfo {
        match self.vars.get(var.index()) {
            Some(info) => info,
            None => panic!("variable {var} is not in this model of {} variables", self.vars.len()),
        }
    }

    /// Checks that `var` belongs to the model.
    ///
    /// # Errors
    ///
    /// [`ModelError::ForeignVar`] for a variable created by another model;
    /// [`ModelError::UnknownVar`] for an index the model does not have.
    ///
    /// # Example
    ///
    /// ```
    /// use csp::{Model, ModelError};
    ///
    /// let mut a = Model::new();
    /// let mut b = Model::new();
    /// let x = a.new_var(0..=3)?;
    /// let _y = b.new_var(0..=3)?;
    /// assert_eq!(a.check_var(x), Ok(()));
    /// assert!(matches!(b.check_var(x), Err(ModelError::ForeignVar { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check_var(&self, var: VarId) -> Result<(), ModelError> {
        if var.model_tag() != self.tag && var.model_tag() != NO_MODEL {
            Err(ModelError::ForeignVar { var })
        } else if var.index() < self.vars.len() {
            Ok(())
        } else {
            Err(ModelError::UnknownVar { var, num_vars: self.vars.len() })
        }
    }

    /// Runs `build` and, when it fails, takes back every variable, constraint and state block
    /// it added: a builder of several steps (a new variable and its constraint, say) that
    /// fails leaves the model as it was.
    pub(crate) fn atomically<T>(
        &mut self,
        build: impl FnOnce(&mut Model) -> Result<T, ModelError>,
    ) -> Result<T, ModelError> {
        let (vars, constraints, stand_ins) = (self.vars.len(), self.constraints.len(), self.stand_ins.len());
        let blocks = self.initial.as_slice().len();
        let r = build(self);
        if r.is_err() {
            self.vars.truncate(vars);
            if self.defined.len() > vars {
                self.defined.set_range(vars.., false);
            }
            self.constraints.truncate(constraints);
            self.constraint_names.truncate(constraints);
            self.stand_ins.truncate(stand_ins);
            if self.initial.as_slice().len() > blocks {
                let mut initial = FixedBitSet::with_capacity(blocks * BITS);
                initial.as_mut_slice().copy_from_slice(&self.initial.as_slice()[..blocks]);
                self.initial = initial;
            }
        }
        r
    }

    /// Checks every variable of `vars` with [`Model::check_var`].
    pub(crate) fn check_vars(&self, vars: impl IntoIterator<Item = VarId>) -> Result<(), ModelError> {
        vars.into_iter().try_for_each(|v| self.check_var(v))
    }

    /// Posts a constraint.
    ///
    /// # Errors
    ///
    /// [`ModelError::ForeignVar`] if the scope names a variable of another model,
    /// [`ModelError::UnknownVar`] for an index the model does not have, or the constraint's own
    /// error from [`Constraint::on_post`].
    pub fn post<C: Constraint + 'static>(&mut self, constraint: C) -> Result<ConstraintId, ModelError> {
        self.post_boxed(Box::new(constraint), None)
    }

    /// Posts a constraint with a name, used in logs (`by=row3`) and explanations.
    ///
    /// # Errors
    ///
    /// As [`Model::post`].
    pub fn post_named<C: Constraint + 'static>(
        &mut self,
        name: impl Into<String>,
        constraint: C,
    ) -> Result<ConstraintId, ModelError> {
        self.post_boxed(Box::new(constraint), Some(name.into()))
    }

    /// Posts a boxed constraint, optionally named.
    ///
    /// # Errors
    ///
    /// As [`Model::post`].
    pub fn post_boxed(
        &mut self,
        mut constraint: Box<dyn Constraint>,
        name: Option<String>,
    ) -> Result<ConstraintId, ModelError> {
        for &v in constraint.scope() {
            self.check_var(v)?;
        }
        constraint.on_post(self)?;
        constraint.reserve_state(self);
        let id = ConstraintId::from_index(self.constraints.len());
        self.constraints.push(constraint);
        self.constraint_names.push(name.map(String::into_boxed_str));
        Ok(id)
    }

    /// The constraint `id`.
    ///
    /// # Panics
    ///
    /// Panics if `id` is not a constraint of this model.
    #[track_caller]
    pub fn constraint(&self, id: ConstraintId) -> &dyn Constraint {
        match self.constraints.get(id.index()) {
            Some(c) => &**c,
            None => panic!("constraint {id} is not in this model of {} constraints", self.constraints.len()),
        }
    }

    /// The name given to constraint `id` when posting, if any.
    pub fn constraint_name(&self, id: ConstraintId) -> Option<&str> {
        self.constraint_names.get(id.index()).and_then(|n| n.as_deref())
    }

    /// The label of constraint `id` in logs: its name, or `kind#index`.
    ///
    /// # Panics
    ///
    /// As [`Model::constraint`].
    #[track_caller]
    pub fn constraint_label(&self, id: ConstraintId) -> String {
        match self.constraint_name(id) {
            Some(n) => n.to_string(),
            None => format!("{}#{}", self.constraint(id).kind(), id.index()),
        }
    }

    /// All posted constraints with their identifiers.
    pub fn constraints(&self) -> impl Iterator<Item = (ConstraintId, &dyn Constraint)> + '_ {
        self.constraints.iter().enumerate().map(|(i, c)| (ConstraintId::from_index(i), &**c))
    }

    /// Each variable's peers: the variables that must differ from it (sharing a constraint that
    /// implies all-different).
    pub(crate) fn peers(&self) -> Peers {
        let mut peers: Vec<Vec<u32>> = vec![Vec::new(); self.num_vars()];
        for c in &self.constraints {
            let Some(scope) = c.implied_all_different() else { continue };
            for &x in scope {
                peers[x.index()].extend(scope.iter().filter(|&&y| y != x).map(|y| y.index() as u32));
            }
        }
        let mut at = Vec::with_capacity(peers.len() + 1);
        let mut list = Vec::new();
        at.push(0);
        for mut p in peers {
            p.sort_unstable();
            p.dedup();
            list.extend_from_slice(&p);
            at.push(list.len() as u32);
        }
        Peers { at: at.into(), list: list.into() }
    }

    /// Checks a full assignment against every constraint, independently of propagation:
    /// `values[i]` is the value of variable `i`. Returns the first violated constraint.
    ///
    /// # Errors
    ///
    /// The identifier of a violated constraint, or [`ModelError::ValueNotInDomain`] wrapped as
    /// `Err(None)` when a value is outside its variable's initial domain.
    pub fn check_assignment(&self, values: &[Value]) -> Result<(), Option<ConstraintId>> {
        if values.len() != self.vars.len() {
            return Err(None);
        }
        for (i, &v) in values.iter().enumerate() {
            if !self.initial_domain(VarId::from_index(i)).contains(v) {
                return Err(None);
            }
        }
        self.check_with(values, &mut Vec::new())
    }

    /// [`check_assignment`](Model::check_assignment) with a caller's scratch buffer.
    pub(crate) fn check_with(&self, values: &[Value], buf: &mut Vec<Value>) -> Result<(), Option<ConstraintId>> {
        for (i, c) in self.constraints.iter().enumerate() {
            buf.clear();
            buf.extend(c.scope().iter().map(|x| values[x.index()]));
            if !c.is_satisfied(buf) {
                return Err(Some(ConstraintId::from_index(i)));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod clone_tests {
    use crate::constraints::{AllDifferent, Linear};
    use crate::model::Model;

    fn assert_send<T: Send + Clone>() {}

    #[test]
    fn model_is_send_and_clone() {
        assert_send::<Model>();
    }

    #[test]
    fn cloned_model_solves_independently_of_its_original() {
        let mut model = Model::new();
        let x = model.new_vars(4, 0..4).unwrap();
        model.post(AllDifferent::new(x.clone())).unwrap();
        let copy = model.clone();
        // A constraint posted after the copy binds only the original.
        model.post(Linear::new([(1, x[0])], crate::constraints::Comparison::Equal, 3)).unwrap();
        assert_eq!(model.into_solver().count_solutions(u64::MAX).count, 6);
        assert_eq!(copy.into_solver().count_solutions(u64::MAX).count, 24);
    }
}

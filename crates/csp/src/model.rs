//! Models: variables with their initial domains, and posted constraints.

use std::fmt;

use fixedbitset::FixedBitSet;

use crate::constraint::{downcast_mut, downcast_ref, Constraint, ConstraintId};
use crate::constraints::{AllDifferent, AllDifferentNetwork, Binary, Equal, NetworkLevel, NotEqual};
use crate::domain::{Domain, InitialDomain, ValueMap, BITS, INTERVAL_THRESHOLD};
use crate::error::ModelError;
use crate::propagate::VarLabel;
use crate::search::Solver;
use crate::var::{Value, VarId};

/// The largest domain supported, in values.
const MAX_DOMAIN: u64 = 1 << 28;

/// A variable's layout in the flat domain store.
#[derive(Clone, Debug)]
pub(crate) struct VarInfo {
    /// First block of the domain in the store.
    pub(crate) offset: u32,
    /// Number of blocks (at least one).
    pub(crate) words: u32,
    /// Number of initial values.
    pub(crate) len: u32,
    pub(crate) map: ValueMap,
    pub(crate) name: Option<Box<str>>,
}

/// A constraint satisfaction problem: variables with finite domains and constraints on them.
///
/// A model is built once, then handed to a [`Solver`] ([`Model::into_solver`]), which owns it
/// and keeps the search state apart. Building errors are returned as [`ModelError`].
///
/// # Example
///
/// ```
/// use csp::{AllDifferent, Model, Outcome};
///
/// let mut model = Model::new();
/// let xs = model.new_vars(3, 1..=3)?;
/// model.post(AllDifferent::new(xs.clone()))?;
/// let x0 = xs[0];
/// model.post(csp::NotEqual::new(x0, xs[1]))?;
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
    pub(crate) objective: Option<crate::optimize::Goal>,
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
        }
    }

    /// Creates a variable with the given initial domain: a range (`1..=9`) or a set of values
    /// (`vec![1, 5, 7]`, `[2, 4]`).
    ///
    /// # Errors
    ///
    /// [`ModelError::EmptyDomain`] for no value, [`ModelError::DomainTooLarge`] beyond 2^28
    /// values.
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
        if d.len as u64 > MAX_DOMAIN {
            return Err(ModelError::DomainTooLarge { len: d.len as u64 });
        }
        let id = VarId::from_index(self.vars.len());
        let offset = self.initial.as_slice().len();
        if let (ValueMap::Range { min }, true) = (&d.map, d.len > INTERVAL_THRESHOLD) {
            // A large range: an interval, two blocks holding its lowest and highest bits.
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
        let words = d.len.div_ceil(BITS);
        if words > usize::from(u16::MAX) {
            // The propagation engine counts a bitset domain's blocks in 16 bits.
            return Err(ModelError::DomainTooLarge { len: d.len as u64 });
        }
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

    /// The number of variables.
    pub fn num_vars(&self) -> usize {
        self.vars.len()
    }

    /// All variables, in creation order.
    pub fn vars(&self) -> impl ExactSizeIterator<Item = VarId> + '_ {
        (0..self.vars.len()).map(VarId::from_index)
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
        self.var_info(var).name.as_deref()
    }

    /// Something that displays `var` by its name, or as `x12` without one.
    ///
    /// # Panics
    ///
    /// Panics if `var` is not a variable of this model.
    pub fn display_var(&self, var: VarId) -> impl fmt::Display + '_ {
        VarLabel(self.var_info(var), var)
    }

    /// The initial domain of `var`.
    ///
    /// # Panics
    ///
    /// Panics if `var` is not a variable of this model.
    pub fn initial_domain(&self, var: VarId) -> Domain<'_> {
        let info = self.var_info(var);
        let (o, w) = (info.offset as usize, info.words as usize);
        Domain { blocks: &self.initial.as_slice()[o..o + w], map: &info.map }
    }

    /// The value of `var`'s smallest initial value when its domain is a contiguous range, which
    /// makes bit `i` stand for `min + i` (word-level algorithms use it).
    pub fn range_min(&self, var: VarId) -> Option<Value> {
        self.var_info(var).map.range_min()
    }

    /// The index of `var`'s first block in the flat domain store: a low-level handle for
    /// word-level constraints, read with [`Context::block_at`](crate::Context::block_at).
    /// Stable for the life of the model.
    ///
    /// # Panics
    ///
    /// Panics if `var` is not a variable of this model.
    pub fn block_offset(&self, var: VarId) -> usize {
        self.var_info(var).offset as usize
    }

    /// The first block of `var`'s initial domain.
    pub(crate) fn initial_block(&self, var: VarId) -> fixedbitset::Block {
        self.initial.as_slice()[self.var_info(var).offset as usize]
    }

    /// Reserves blocks in the store for a constraint's own state, set to `initial`, and returns
    /// the offset of the first. The blocks are saved at every checkpoint and restored with the
    /// domains (and reset with them by [`Solver::reset`]); the constraint reads them with
    /// [`Context::block_at`](crate::Context::block_at) and writes them with
    /// [`Context::state_mut`](crate::Context::state_mut). For incremental state (counters,
    /// supports) that must follow the search back: a state of this kind costs nothing to restore.
    ///
    /// # Example
    ///
    /// ```
    /// use csp::Model;
    ///
    /// let mut model = Model::new();
    /// let x = model.new_var(0..=3)?;
    /// let state = model.add_state(&[7, 0]);
    /// assert_ne!(state, model.block_offset(x));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn add_state(&mut self, initial: &[fixedbitset::Block]) -> usize {
        let offset = self.initial.as_slice().len();
        self.initial.grow((offset + initial.len()) * BITS);
        self.initial.as_mut_slice()[offset..].copy_from_slice(initial);
        offset
    }

    /// Compiles the all-different reasoning of the model into one [`AllDifferentNetwork`] and
    /// posts it: every constraint that implies all-different
    /// ([`Constraint::implied_all_different`]) over variables with range domains of at most
    /// 64 values (all within 64 values of the smallest) becomes one group of the network.
    /// Constraints whose whole reasoning the network does at `level`
    /// ([`Constraint::all_different_level`]) are switched off while it runs; the others (a
    /// [`DistinctSum`](crate::DistinctSum)'s sum, GAC) keep running beside it. Returns the
    /// network's identifier, or `None` when no constraint qualifies.
    ///
    /// The network builds no reasons: while events are built (an observer installed with
    /// [`Solver::set_observer`], or `csp::prune` tracing on) the engine switches it off and
    /// runs the constraints it stands in for, so explanations and traces are those of the
    /// model as posted. Solutions and counts are the same either way.
    ///
    /// # Errors
    ///
    /// As [`Model::post`].
    ///
    /// # Example
    ///
    /// ```
    /// use csp::{AllDifferent, Model, NetworkLevel, Outcome};
    ///
    /// // Two overlapping groups: x0..x2 and x2..x4 over 1..=3.
    /// let mut model = Model::new();
    /// let x = model.new_vars(5, 1..=3)?;
    /// model.post(AllDifferent::new(x[..3].to_vec()))?;
    /// model.post(AllDifferent::new(x[2..].to_vec()))?;
    /// assert!(model.compile_all_different(NetworkLevel::LockedValues)?.is_some());
    /// let mut solver = model.into_solver();
    /// solver.assign(x[0], 1)?;
    /// solver.assign(x[3], 2)?;
    /// solver.propagate()?;
    /// // x2 is neither 1 (x0) nor 2 (x3): 3. Then x1 = 2 and x4 = 1.
    /// assert_eq!((solver.value(x[2]), solver.value(x[1]), solver.value(x[4])), (Some(3), Some(2), Some(1)));
    /// assert_eq!(solver.count_solutions(10).count, 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn compile_all_different(&mut self, level: NetworkLevel) -> Result<Option<ConstraintId>, ModelError> {
        let eligible = |m: &Model, x: &VarId| {
            let info = m.var_info(*x);
            info.words == 1 && info.len as usize <= crate::NETWORK_MAX_VALUES && info.map.range_min().is_some()
        };
        let mut groups: Vec<(ConstraintId, Vec<VarId>)> = Vec::new();
        for (i, c) in self.constraints.iter().enumerate() {
            let Some(scope) = c.implied_all_different() else { continue };
            let mut sorted = scope.to_vec();
            sorted.sort_unstable();
            sorted.dedup();
            if sorted.len() != scope.len()
                || !(2..=64).contains(&scope.len())
                || !scope.iter().all(|x| eligible(self, x))
            {
                continue;
            }
            groups.push((ConstraintId::from_index(i), scope.to_vec()));
        }
        // One value space of at most 64 values, from the smallest value.
        let Some(base) = groups.iter().flat_map(|(_, s)| s).filter_map(|&x| self.range_min(x)).min() else {
            return Ok(None);
        };
        let fits = |m: &Model, x: VarId| {
            let top = i64::from(m.range_min(x).unwrap_or(base)) + m.var_info(x).len as i64 - 1;
            top - i64::from(base) < crate::NETWORK_MAX_VALUES as i64
        };
        groups.retain(|(_, s)| s.iter().all(|&x| fits(self, x)));
        if groups.is_empty() {
            return Ok(None);
        }
        let absorbed: Vec<ConstraintId> = groups
            .iter()
            .map(|(c, _)| *c)
            .filter(|c| {
                downcast_ref::<AllDifferent>(&*self.constraints[c.index()])
                    .and_then(AllDifferent::all_different_level)
                    .is_some_and(|l| l <= level)
            })
            .collect();
        let network = AllDifferentNetwork::build(self, &groups, level)?;
        let id = self.post_named("all_different_network", network)?;
        self.stand_ins.push((id, absorbed));
        Ok(Some(id))
    }

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
    /// [`ModelError::UnknownVar`] otherwise.
    pub fn check_var(&self, var: VarId) -> Result<(), ModelError> {
        if var.index() < self.vars.len() {
            Ok(())
        } else {
            Err(ModelError::UnknownVar { var, num_vars: self.vars.len() })
        }
    }

    /// Posts a constraint.
    ///
    /// # Errors
    ///
    /// [`ModelError::UnknownVar`] if the scope names a variable of another model, or the
    /// constraint's own error from [`Constraint::on_post`].
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
    pub fn constraint(&self, id: ConstraintId) -> &dyn Constraint {
        &*self.constraints[id.index()]
    }

    /// The name given to constraint `id` when posting, if any.
    pub fn constraint_name(&self, id: ConstraintId) -> Option<&str> {
        self.constraint_names.get(id.index()).and_then(|n| n.as_deref())
    }

    /// The label of constraint `id` in logs: its name, or `kind#index`.
    pub fn constraint_label(&self, id: ConstraintId) -> String {
        match self.constraint_name(id) {
            Some(n) => n.to_string(),
            None => format!("{}#{}", self.constraints[id.index()].kind(), id.index()),
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

    /// Posts an [`Intersection`](crate::Intersection) (locked values) for every pair of posted
    /// constraints that imply all-different ([`Constraint::implied_all_different`]: plain
    /// [`AllDifferent`] without offsets, for one) sharing at least two variables, with
    /// word-level domains. Returns how many were posted.
    ///
    /// # Errors
    ///
    /// As [`Model::post`].
    pub fn post_intersections(&mut self) -> Result<usize, ModelError> {
        let alldiffs: Vec<(ConstraintId, Vec<VarId>)> = self
            .constraints
            .iter()
            .enumerate()
            .filter_map(|(i, c)| c.implied_all_different().map(|s| (ConstraintId::from_index(i), s.to_vec())))
            .filter(|(_, s)| s.len() <= 64)
            .collect();
        let mut posted = 0;
        // Per variable, the last constraint of the outer loop that has it: shared variables
        // counted in one pass over the other scope.
        let mut in_a = vec![usize::MAX; self.num_vars()];
        for (k, (a, av)) in alldiffs.iter().enumerate() {
            for x in av {
                in_a[x.index()] = k;
            }
            for (b, bv) in &alldiffs[k + 1..] {
                if bv.iter().filter(|x| in_a[x.index()] == k).count() < 2 {
                    continue;
                }
                // Preferably inside each constraint's own propagator (no extra scheduling);
                // otherwise as a separate constraint.
                let outside = |mine: &[VarId], theirs: &[VarId]| -> Option<Vec<(VarId, usize, Value)>> {
                    theirs
                        .iter()
                        .filter(|x| !mine.contains(x))
                        .map(|&x| self.range_min(x).map(|m| (x, self.block_offset(x), m)))
                        .collect()
                };
                let (b_out, a_out) = (outside(av, bv), outside(bv, av));
                let shared: Vec<VarId> = av.iter().copied().filter(|x| bv.contains(x)).collect();
                if let (Some(b_out), Some(a_out)) = (b_out, a_out) {
                    // Ask both first (without committing): each must accept.
                    let mut offer = |own: ConstraintId, partner, outside: &[(VarId, usize, Value)]| {
                        downcast_mut::<AllDifferent>(&mut *self.constraints[own.index()])
                            .is_some_and(|c| c.add_intersection(own, partner, &shared, outside))
                    };
                    let took_a = offer(*a, *b, &b_out);
                    let took_b = took_a && offer(*b, *a, &a_out);
                    if took_b {
                        posted += 1;
                        continue;
                    }
                    // Otherwise a separate constraint below does both halves (if `a` took its
                    // half, that half is done twice: redundant, not wrong).
                }
                let c = crate::Intersection::new(*a, av, *b, bv);
                match self.post(c) {
                    Ok(_) => posted += 1,
                    Err(ModelError::InvalidConstraint { .. }) => {}
                    Err(e) => return Err(e),
                }
            }
        }
        Ok(posted)
    }

    /// Shorthand for posting [`AllDifferent::new`].
    ///
    /// # Errors
    ///
    /// As [`Model::post`].
    pub fn all_different(&mut self, vars: impl Into<Vec<VarId>>) -> Result<ConstraintId, ModelError> {
        self.post(AllDifferent::new(vars))
    }

    /// Shorthand for posting [`NotEqual::new`] (`x != y`).
    ///
    /// # Errors
    ///
    /// As [`Model::post`].
    pub fn not_equal(&mut self, x: VarId, y: VarId) -> Result<ConstraintId, ModelError> {
        self.post(NotEqual::new(x, y))
    }

    /// Shorthand for posting [`Equal::new`] (`x = y`).
    ///
    /// # Errors
    ///
    /// As [`Model::post`].
    pub fn equal(&mut self, x: VarId, y: VarId) -> Result<ConstraintId, ModelError> {
        self.post(Equal::new(x, y))
    }

    /// Shorthand for posting a [`Binary`] relation given by a predicate.
    ///
    /// # Errors
    ///
    /// As [`Model::post`].
    pub fn relation(
        &mut self,
        x: VarId,
        y: VarId,
        allowed: impl Fn(Value, Value) -> bool + Send + Sync + 'static,
    ) -> Result<ConstraintId, ModelError> {
        self.post(Binary::new(x, y, allowed))
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

    /// Hands the model to a new solver.
    pub fn into_solver(self) -> Solver {
        Solver::new(self)
    }
}

#[cfg(test)]
mod clone_tests {
    use crate::{AllDifferent, Linear, Model};

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
        model.post(Linear::new([(1, x[0])], crate::Comparison::Equal, 3)).unwrap();
        assert_eq!(model.into_solver().count_solutions(u64::MAX).count, 6);
        assert_eq!(copy.into_solver().count_solutions(u64::MAX).count, 24);
    }
}

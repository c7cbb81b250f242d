//! Depth-first search: one solution, all solutions lazily, or a count up to a maximum.
//!
//! The search branches on `x = v` (left) and, after that subtree, `x != v` (right): binary
//! branching, so that the refutation propagates too. Before each decision it takes a
//! checkpoint; backtracking restores it. Every search starts from the solver's current state
//! and leaves it as it found it.

use std::fmt;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use fixedbitset::FixedBitSet;

use crate::context::core::Core;
use crate::domain::Domain;
use crate::error::Conflict;
use crate::event::Observer;
use crate::id::{Value, VarId};
use crate::model::{Model, Peers};
use crate::rule::Rule;
use crate::select::{Rng, TieBreak, ValueOrder, VarOrder};
use crate::stats::Stats;
use crate::store::{SnapshotMode, Store};
use brancher::Custom;
use strategy::Backend;

mod board;
mod brancher;
mod dfs;
mod fork;
mod lcg;
mod learn;
mod objective;
mod outcome;
mod step;
mod strategy;

pub(crate) use objective::{ObjectiveBound, Side};

pub use brancher::{SearchView, Termination, ValueSelector, VariableSelector};
pub use learn::Restarts;
pub use outcome::{Count, CountStatus, Limit, Limits, Outcome, SearchEnd, Solution};

/// How far apart (at most, roughly) the search reads the clock when a timeout is set.
const CLOCK_INTERVAL: Duration = Duration::from_millis(1);
/// The most steps between two reads of the clock.
const MAX_STRIDE: u32 = 1024;

/// A saved search state, to go back to with [`Solver::restore_to`].
///
/// Opaque: the implementation may copy the domains or trail changes (see [`SnapshotMode`]).
#[derive(Debug, PartialEq, Eq)]
#[must_use = "a checkpoint is only useful to restore to"]
pub struct Checkpoint {
    level: u32,
    generation: u64,
}

/// What a checkpoint records beside the store.
#[derive(Clone, Copy, Debug)]
struct Saved {
    /// Whether propagation work was pending.
    pending: bool,
    /// The conflict, if the state was failed.
    failed: Option<Conflict>,
    /// Whether stand-ins were in force ([`Model::compile_all_different`]).
    standing_in: bool,
}

#[derive(Clone, Copy, Debug)]
struct Frame {
    var: u32,
    bit: u32,
    /// Store level before the decision's checkpoint: restoring it undoes the decision.
    level: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Idle,
    /// Searching; `true` when the state is a solution that must be left first.
    Running(bool),
    Done(SearchEnd),
}

pub(crate) enum Step {
    Solution,
    End(SearchEnd),
}

/// Solves a [`Model`]: propagation, checkpoints and depth-first search.
///
/// The solver owns the model, the current domains and all scratch space; build it once and
/// reuse it: [`reset`](Solver::reset) returns to the model's root state without allocating.
///
/// # Example
///
/// ```
/// use csp::Model;
/// use csp::branching::{TieBreak, VarOrder};
/// use csp::constraints::AllDifferent;
/// use csp::solve::CountStatus;
///
/// // Latin square of order 3: 12 solutions.
/// let mut model = Model::new();
/// let cells = model.new_vars(9, 1..=3)?;
/// for i in 0..3 {
///     model.post(AllDifferent::new((0..3).map(|j| cells[3 * i + j]).collect::<Vec<_>>()))?;
///     model.post(AllDifferent::new((0..3).map(|j| cells[3 * j + i]).collect::<Vec<_>>()))?;
/// }
/// let mut solver = model.into_solver();
/// solver.set_var_order(VarOrder::Mrv(TieBreak::First));
/// let count = solver.count_solutions(1000);
/// assert_eq!((count.count, count.status), (12, CountStatus::Complete));
/// println!("{}", solver.stats());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Solver {
    model: Model,
    core: Core,
    /// The root fixed point of the model alone, once known, and whether stand-ins were in
    /// force when it was reached: `reset` restores it.
    root: Option<(FixedBitSet, bool)>,
    /// Whether the state is the model's initial state plus pending root propagation.
    pristine: bool,
    var_order: VarOrder,
    value_order: ValueOrder,
    seed: u64,
    rng: Rng,
    limits: Limits,
    /// Static degree of each variable: the number of constraints on it.
    degree: Box<[u32]>,
    /// Each variable's peers ([`TieBreak::MostUnfixedPeers`]), listed when that order is set.
    peers: Option<Peers>,
    /// Whether every domain is one block at offset == index (enables a tight MRV loop).
    flat: bool,
    // Checkpoints: per live level, whether work was pending when it was taken, the conflict if
    // the state was failed, and its generation (to catch stale checkpoints).
    dirty: Vec<Saved>,
    generations: Vec<u64>,
    next_generation: u64,
    // Search.
    stack: Vec<Frame>,
    phase: Phase,
    base_level: u32,
    nodes_at_start: u64,
    deadline: Option<Instant>,
    started: Option<Instant>,
    // Steps since the clock was last read, and how many steps to let pass between two reads:
    // adapted so that reads are about [`CLOCK_INTERVAL`] apart whatever a step costs (a GAC
    // node on a 25x25 grid takes milliseconds, a forward-checking node on 9x9 a microsecond).
    ticks: u32,
    stride: u32,
    last_clock: Option<Instant>,
    values: Vec<Value>,
    /// Branch and bound: the bound on the objective that every state reached by backtracking
    /// must meet, set by an optimisation while it runs.
    pub(crate) objective: Option<ObjectiveBound>,
    /// Variables branched on before all others (search annotations); empty for none.
    priority: Box<[VarId]>,
    /// The backend of the running search, chosen when it begins: the network's own state
    /// when it alone constrains every variable (see [`board_network`](Solver::board_network)).
    backend: Backend,
    /// Whether decisions and refutations are logged (`csp::search` at `debug`), read when a
    /// search begins.
    logging_search: bool,
    /// The learning search's state ([`learn`]): weights, phases, nogoods, restart schedule.
    learning: Option<Box<learn::Learning>>,
    /// Lazy clause generation ([`Solver::set_learning`]): whether it is on, and its state.
    learning_on: bool,
    lcg: Option<Box<lcg::Lcg>>,
    /// Whether the orders and restarts are the solver's own choice: then a model that is not
    /// made of all-different constraints alone gets the learning search
    /// ([`Solver::set_restarts`]).
    auto_strategy: bool,
    /// The custom selectors and termination ([`brancher`]), if any.
    custom: Custom,
    /// Each worker's statistics in the last parallel search.
    worker_stats: Vec<Stats>,
    /// [`Stats::time`] when the running search began.
    time_before: Duration,
    #[cfg(debug_assertions)]
    check_buf: Vec<Value>,
}

impl fmt::Debug for Solver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Solver")
            .field("model", &self.model)
            .field("core", &self.core)
            .field("var_order", &self.var_order)
            .field("value_order", &self.value_order)
            .field("stats", &self.core.stats)
            .finish_non_exhaustive()
    }
}

impl Model {
    /// Hands the model to a new solver.
    pub fn into_solver(self) -> Solver {
        Solver::new(self)
    }
}

impl Solver {
    /// Builds a solver for `model`; the root propagation runs with the first propagation or
    /// search.
    pub fn new(model: Model) -> Solver {
        let store = Store::new(model.initial.clone(), SnapshotMode::Auto);
        Solver::with_store(model, store)
    }

    fn with_store(model: Model, store: Store) -> Solver {
        let labels: Box<[Box<str>]> = (0..model.num_constraints())
            .map(|i| model.constraint_label(crate::id::ConstraintId::from_index(i)).into_boxed_str())
            .collect();
        let stand_ins = model
            .stand_ins
            .iter()
            .map(|(by, absorbed)| crate::context::core::StandIn {
                by: by.index() as u32,
                absorbed: absorbed.iter().map(|c| c.index() as u32).collect(),
            })
            .collect();
        let mut core = Core::new(store, &model.vars, &model.constraints, labels, stand_ins);
        core.schedule_all();
        let mut degree = vec![0u32; model.num_vars()];
        for c in &model.constraints {
            let mut scope: Vec<VarId> = c.scope().to_vec();
            scope.sort_unstable();
            scope.dedup();
            for v in scope {
                degree[v.index()] += 1;
            }
        }
        let flat = model.vars.iter().enumerate().all(|(i, v)| v.words == 1 && v.offset as usize == i);
        let n = model.num_vars();
        Solver {
            core,
            root: None,
            pristine: true,
            var_order: VarOrder::Mrv(TieBreak::First),
            value_order: ValueOrder::Ascending,
            seed: 0,
            rng: Rng::new(0),
            limits: Limits::default(),
            degree: degree.into(),
            peers: None,
            flat,
            dirty: Vec::new(),
            generations: Vec::new(),
            next_generation: 1,
            stack: Vec::with_capacity(n),
            phase: Phase::Idle,
            base_level: 0,
            nodes_at_start: 0,
            deadline: None,
            started: None,
            ticks: 0,
            stride: 1,
            last_clock: None,
            values: Vec::with_capacity(n),
            objective: None,
            priority: Box::new([]),
            backend: Backend::Store,
            logging_search: false,
            learning: None,
            learning_on: false,
            lcg: None,
            auto_strategy: true,
            custom: Custom::default(),
            worker_stats: Vec::new(),
            time_before: Duration::ZERO,
            #[cfg(debug_assertions)]
            check_buf: Vec::new(),
            model,
        }
    }

    /// The model being solved.
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// Gives the model back.
    pub fn into_model(self) -> Model {
        self.model
    }

    /// Chooses how checkpoints save the state. Resets the solver.
    pub fn set_snapshot_mode(&mut self, mode: SnapshotMode) {
        self.core.store = Store::new(self.model.initial.clone(), mode);
        self.root = None;
        self.reset();
    }

    /// Whether checkpoints trail changes (rather than copy all domains).
    pub fn is_trailing(&self) -> bool {
        self.core.store.is_trailing()
    }

    /// Whether the engine was built by the explaining lowering
    /// ([`Lowering::explaining`](crate::lower::Lowering::explaining)): every pruning is made by
    /// the constraint as posted, never by a network standing in for it.
    pub fn is_explaining(&self) -> bool {
        self.core.explaining
    }

    /// Whether stand-ins (a network) are in force now.
    #[cfg(test)]
    pub(crate) fn is_standing_in(&self) -> bool {
        self.core.standing_in
    }

    /// Chooses the explaining lowering or the fast one (see [`crate::lower`]).
    pub(crate) fn set_explaining(&mut self, on: bool) {
        self.core.explaining = on;
        self.core.refresh_observing();
    }

    /// Sets the variable order (default: MRV, first on ties).
    pub fn set_var_order(&mut self, order: VarOrder) {
        self.auto_strategy = false;
        self.var_order = order;
        if order == VarOrder::Mrv(TieBreak::MostUnfixedPeers) && self.peers.is_none() {
            self.peers = Some(self.model.peers());
        }
    }

    /// Sets the value order (default: ascending).
    pub fn set_value_order(&mut self, order: ValueOrder) {
        self.auto_strategy = false;
        self.value_order = order;
    }

    /// Branches on `vars` first, in the [`VarOrder`] among them (MRV ties go to the first in
    /// `vars`), and on the other variables only once these are all fixed: the variables of a
    /// search annotation, say. An empty list (the default) branches on every variable alike.
    ///
    /// # Panics
    ///
    /// Panics if a variable is not in the model.
    pub fn set_branching_vars(&mut self, vars: impl Into<Vec<VarId>>) {
        let vars: Vec<VarId> = vars.into();
        for &v in &vars {
            self.model.var_info(v);
        }
        self.priority = vars.into();
    }

    /// Seeds the random tie-breaks and value choices. Same seed, same search.
    pub fn set_seed(&mut self, seed: u64) {
        self.seed = seed;
        self.rng = Rng::new(seed);
    }

    /// Sets the limits of the following searches.
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// The current limits.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The statistics so far.
    pub fn stats(&self) -> &Stats {
        &self.core.stats
    }

    /// Zeroes the statistics.
    pub fn reset_stats(&mut self) {
        self.core.stats = Stats::default();
    }

    /// Installs (or removes, with `None`) an observer that receives every [`Event`](crate::event::Event).
    pub fn set_observer(&mut self, observer: Option<Observer>) {
        self.core.observer = observer;
        self.core.refresh_observing();
    }

    /// Returns to the root state: the model's domains after root propagation, no checkpoint, no
    /// pending work, zeroed statistics. Allocation-free once the root state is known.
    pub fn reset(&mut self) {
        self.finish_search();
        self.core.clear_pending();
        self.core.failed = None;
        self.dirty.clear();
        self.generations.clear();
        match &self.root {
            Some((root, standing_in)) => {
                self.core.store.reset_to(root);
                self.pristine = false;
                // A root reached by the constraints the stand-ins replace is not at the
                // stand-ins' fixed point (the other way round, it is).
                if !*standing_in {
                    self.core.resync_stand_ins();
                }
            }
            None => {
                self.core.store.reset_to(&self.model.initial);
                self.core.schedule_all();
                self.pristine = true;
            }
        }
        self.core.stats = Stats::default();
        self.rng = Rng::new(self.seed);
    }

    /// The current domain of `var`.
    ///
    /// # Panics
    ///
    /// Panics if `var` is not a variable of the model.
    #[inline]
    pub fn domain(&self, var: VarId) -> Domain<'_> {
        let info = self.model.var_info(var);
        let (o, w) = (info.offset as usize, info.words as usize);
        Domain { blocks: &self.core.store.blocks()[o..o + w], map: &info.map }
    }

    /// The value of `var` if it is fixed.
    pub fn value(&self, var: VarId) -> Option<Value> {
        self.domain(var).single_value()
    }

    /// Whether a conflict happened since the last restore: the state is failed.
    pub fn is_failed(&self) -> bool {
        self.core.failed.is_some()
    }

    fn touch(&mut self) {
        self.finish_search();
        if self.pristine && self.core.store.level() == 0 && self.core.failed.is_none() {
            // Reach the model's root fixed point before the caller's first change, so that
            // `reset` can return to it without propagating again.
            let _ = self.propagate();
        }
        self.pristine = false;
        self.core.refresh_observing();
        self.core.set_outside_rule(Rule::External);
    }

    /// Removes `value` from `var` (propagation follows with [`propagate`](Solver::propagate) or
    /// the next search). Returns whether the domain changed.
    ///
    /// # Errors
    ///
    /// A [`Conflict`] if the domain becomes empty, or if the state is already failed.
    ///
    /// # Panics
    ///
    /// Panics if `var` is not a variable of the model.
    pub fn remove_value(&mut self, var: VarId, value: Value) -> Result<bool, Conflict> {
        self.model.var_info(var);
        self.touch();
        if let Some(c) = self.core.failed {
            return Err(c);
        }
        let r = self.core.outside_remove(&self.model.vars, var, value);
        if let Err(c) = r {
            self.core.fail(c);
        }
        r
    }

    /// Removes every value but `value` from `var`. Returns whether the domain changed.
    ///
    /// # Errors
    ///
    /// A [`Conflict`] if `value` is not in the domain, or if the state is already failed.
    ///
    /// # Panics
    ///
    /// Panics if `var` is not a variable of the model.
    pub fn assign(&mut self, var: VarId, value: Value) -> Result<bool, Conflict> {
        self.model.var_info(var);
        self.touch();
        if let Some(c) = self.core.failed {
            return Err(c);
        }
        let r = self.core.outside_assign(&self.model.vars, var, value);
        if let Err(c) = r {
            self.core.fail(c);
        }
        r
    }

    /// Assigns every `(variable, value)` pair in turn, as [`assign`](Solver::assign) would, but
    /// with the per-call bookkeeping done once: for loading the givens of a puzzle into a reset
    /// solver. Stops at the first conflict, which leaves the state failed.
    ///
    /// # Errors
    ///
    /// The [`Conflict`] of a value not in its variable's domain, or of an already failed state.
    ///
    /// # Panics
    ///
    /// Panics if a variable is not a variable of the model.
    ///
    /// # Example
    ///
    /// ```
    /// use csp::Model;
    /// use csp::constraints::AllDifferent;
    ///
    /// let mut model = Model::new();
    /// let x = model.new_vars(3, 1..=3)?;
    /// model.post(AllDifferent::new(x.clone()))?;
    /// let mut solver = model.into_solver();
    /// solver.assign_all([(x[0], 1), (x[1], 2)])?;
    /// solver.propagate()?;
    /// assert_eq!(solver.value(x[2]), Some(3));
    /// assert!(solver.assign_all([(x[2], 1)]).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn assign_all(&mut self, assignments: impl IntoIterator<Item = (VarId, Value)>) -> Result<(), Conflict> {
        self.touch();
        if let Some(c) = self.core.failed {
            return Err(c);
        }
        for (var, value) in assignments {
            self.model.var_info(var);
            if let Err(c) = self.core.outside_assign(&self.model.vars, var, value) {
                self.core.fail(c);
                return Err(c);
            }
        }
        Ok(())
    }

    /// Propagates to a fixed point.
    ///
    /// # Errors
    ///
    /// The [`Conflict`] that stopped propagation; the state is then failed until a restore.
    pub fn propagate(&mut self) -> Result<(), Conflict> {
        self.finish_search();
        self.core.refresh_observing();
        let r = self.core.propagate(&self.model.vars, &mut self.model.constraints);
        if self.pristine && self.core.store.level() == 0 {
            self.pristine = false;
            if r.is_ok() {
                self.root = Some((self.core.store.bits.clone(), self.core.standing_in));
            }
        }
        r
    }

    /// Saves the current state. Take checkpoints at a fixed point; work pending at that moment
    /// is redone (by scheduling every constraint) if the checkpoint is restored.
    pub fn new_checkpoint(&mut self) -> Checkpoint {
        self.finish_search();
        self.pristine = false;
        self.push_checkpoint()
    }

    fn push_checkpoint(&mut self) -> Checkpoint {
        let level = self.core.store.level();
        self.dirty.push(Saved {
            pending: self.core.has_pending(),
            failed: self.core.failed,
            standing_in: self.core.standing_in,
        });
        let generation = self.next_generation;
        self.next_generation += 1;
        self.generations.push(generation);
        self.core.store.push_checkpoint();
        if let Some(t) = self.core.trail.as_deref_mut() {
            t.mark();
        }
        Checkpoint { level, generation }
    }

    /// Restores the state saved by `checkpoint`, undoing every change since, and drops it and
    /// every later checkpoint. Clears a failed state.
    ///
    /// # Panics
    ///
    /// Panics if the checkpoint was already dropped (restored, or older than a restored one).
    pub fn restore_to(&mut self, checkpoint: Checkpoint) {
        self.finish_search();
        let Checkpoint { level, generation } = checkpoint;
        assert!(
            self.generations.get(level as usize) == Some(&generation),
            "checkpoint at level {level} was already dropped (current level {})",
            self.core.store.level()
        );
        self.restore_level(level);
    }

    fn restore_level(&mut self, level: u32) {
        self.core.store.restore_to(level);
        if let Some(t) = self.core.trail.as_deref_mut() {
            t.undo_to(level);
        }
        self.core.clear_pending();
        let saved = self.dirty[level as usize];
        self.core.failed = saved.failed;
        self.dirty.truncate(level as usize);
        self.generations.truncate(level as usize);
        if saved.pending {
            self.core.schedule_all_later();
        } else if !saved.standing_in {
            // Saved at the fixed point of the constraints the stand-ins replace, which need
            // not be theirs.
            self.core.resync_stand_ins();
        }
    }

    // ---- search ------------------------------------------------------------------------

    /// Looks for one solution from the current state, which is restored afterwards.
    pub fn solve(&mut self) -> Outcome {
        let mut it = self.solutions();
        let outcome = match it.next() {
            Some(s) => Outcome::Solved(s),
            None => match it.end() {
                Some(SearchEnd::LimitReached(l)) => Outcome::LimitReached(l),
                _ => Outcome::Unsatisfiable,
            },
        };
        drop(it);
        outcome
    }

    /// Enumerates solutions lazily, from the current state (restored when the iterator is
    /// dropped). After `None`, [`Solutions::end`] tells whether the enumeration was complete.
    pub fn solutions(&mut self) -> Solutions<'_> {
        self.begin_search();
        Solutions { solver: self }
    }

    /// Counts solutions up to `max`, without building them.
    pub fn count_solutions(&mut self, max: u64) -> Count {
        self.begin_search();
        let mut count = 0;
        let status = loop {
            if count >= max {
                break CountStatus::MaxReached;
            }
            match self.step() {
                Step::Solution => count += 1,
                Step::End(SearchEnd::Exhausted) => break CountStatus::Complete,
                Step::End(SearchEnd::LimitReached(l)) => break CountStatus::LimitReached(l),
            }
        };
        self.finish_search();
        Count { count, status }
    }

    pub(crate) fn begin_search(&mut self) {
        self.finish_search();
        if self.learning_on {
            // Learning hook: the trail records from the root propagation on.
            self.install_trail();
        }
        self.core.refresh_observing();
        self.logging_search = log::log_enabled!(target: "csp::search", log::Level::Debug);
        self.started = Some(Instant::now());
        self.time_before = self.core.stats.time;
        // A timeout too far in the future to represent (`Instant + Duration` would panic) is
        // no deadline at all.
        self.deadline = self.limits.timeout.and_then(|t| Instant::now().checked_add(t));
        self.nodes_at_start = self.core.stats.nodes;
        self.ticks = 0;
        self.stride = 1;
        self.last_clock = self.started;
        self.stack.clear();
        let pristine = self.pristine && self.core.store.level() == 0 && self.core.failed.is_none();
        self.base_level = self.core.store.level();
        let _ = self.push_checkpoint();
        self.core.depth_base = self.base_level + 1;
        self.core.set_outside_rule(Rule::External);
        let r = self.core.propagate(&self.model.vars, &mut self.model.constraints);
        if pristine {
            // The root fixed point of the model alone: `reset` returns to it from now on.
            self.pristine = false;
            if r.is_ok() {
                self.root = Some((self.core.store.bits.clone(), self.core.standing_in));
            }
        }
        self.phase = match r {
            Ok(()) => Phase::Running(false),
            Err(_) => Phase::Done(SearchEnd::Exhausted),
        };
        self.backend = Backend::Store;
        if self.learning_on {
            self.begin_lcg(r);
            self.backend = Backend::Lcg;
            return;
        }
        if self.auto_strategy {
            self.choose_strategy();
        }
        if r.is_ok() {
            if self.wants_learning() {
                self.begin_learning();
                self.backend = Backend::Learn;
            } else {
                self.begin_on_board();
            }
        }
    }

    /// Begins a search whose states must meet an objective bound once one is set
    /// ([`objective`](Solver::objective)): on the engine's store, the backend that applies it.
    pub(crate) fn begin_bounded_search(&mut self) {
        self.begin_search();
        if matches!(self.backend, Backend::Board(_)) {
            self.backend = Backend::Store;
        }
    }

    /// Brings [`Stats::time`] up to date while a search runs (between the steps of an
    /// iterator over solutions or improvements).
    pub(crate) fn update_time(&mut self) {
        if let Some(t) = self.started {
            self.core.stats.time = self.time_before + t.elapsed();
        }
    }

    /// Ends a search, if one runs: restores the state it started from.
    pub(crate) fn finish_search(&mut self) {
        self.objective = None;
        self.backend = Backend::Store;
        if self.phase == Phase::Idle {
            return;
        }
        if let Some(t) = self.started.take() {
            self.core.stats.time = self.time_before + t.elapsed();
        }
        self.stack.clear();
        self.restore_level(self.base_level);
        self.core.depth_base = 0;
        self.remove_trail();
        if log::log_enabled!(target: "csp::search", log::Level::Info) {
            let end = match self.phase {
                Phase::Done(SearchEnd::Exhausted) => "exhausted",
                Phase::Done(SearchEnd::LimitReached(_)) => "limit",
                _ => "enough_solutions",
            };
            log::info!(target: "csp::search", "search end={end} vars={} constraints={} {}", self.model.num_vars(), self.model.num_constraints(), self.core.stats);
        }
        self.phase = Phase::Idle;
    }

    fn limit_hit(&mut self) -> Option<Limit> {
        if self.custom.termination.is_some() && self.custom_stop() {
            return Some(Limit::Stopped);
        }
        if let Some(max) = self.limits.max_nodes {
            if self.core.stats.nodes - self.nodes_at_start >= max {
                return Some(Limit::Nodes);
            }
        }
        if let Some(flag) = &self.limits.cancel {
            if flag.load(Ordering::Relaxed) {
                return Some(Limit::Cancelled);
            }
        }
        if let Some(deadline) = self.deadline {
            self.ticks += 1;
            if self.ticks >= self.stride {
                self.ticks = 0;
                let now = Instant::now();
                if now >= deadline {
                    return Some(Limit::Time);
                }
                let since = self.last_clock.map_or(Duration::ZERO, |t| now.saturating_duration_since(t));
                self.last_clock = Some(now);
                if since > CLOCK_INTERVAL {
                    self.stride = (self.stride / 2).max(1);
                } else if since < CLOCK_INTERVAL / 4 {
                    self.stride = (self.stride * 2).min(MAX_STRIDE);
                }
            }
        }
        None
    }

    /// Where a step starts: the end if the search is over, else after a solution the next
    /// state by `backtrack`, and the end if that was the last.
    #[inline]
    fn resume(&mut self, backtrack: impl FnOnce(&mut Self) -> Result<(), SearchEnd>) -> Option<Step> {
        match self.phase {
            Phase::Done(end) => Some(Step::End(end)),
            Phase::Idle => Some(Step::End(SearchEnd::Exhausted)),
            Phase::Running(true) => backtrack(self).err().map(|end| self.end_with(end)),
            Phase::Running(false) => None,
        }
    }

    /// The end of the search if a limit is reached.
    #[inline]
    fn limit_end(&mut self) -> Option<Step> {
        let limit = self.limit_hit()?;
        Some(self.end_with(SearchEnd::LimitReached(limit)))
    }

    /// Ends the search with `end`.
    fn end_with(&mut self, end: SearchEnd) -> Step {
        self.phase = Phase::Done(end);
        Step::End(end)
    }

    /// The current assignment, when every variable is fixed.
    pub(crate) fn current_solution(&mut self) -> Solution {
        self.fill_values();
        Solution { values: self.values.as_slice().into() }
    }

    /// The value of every (fixed) variable, into `values`.
    fn fill_values(&mut self) {
        self.values.clear();
        if self.flat {
            // One block per variable, in order: the value of each fixed domain's only bit.
            let blocks = &self.core.store.blocks()[..self.model.num_vars()];
            self.values.extend(self.model.vars.iter().zip(blocks).map(|(info, &b)| {
                debug_assert!(b.count_ones() == 1, "solution domains are fixed");
                info.map.value(b.trailing_zeros() as usize)
            }));
        } else {
            for i in 0..self.model.num_vars() {
                let v = VarId::from_index(i);
                let d = self.domain(v);
                self.values.push(d.min().expect("solution domains are not empty"));
            }
        }
    }

    /// Checks the solution against every constraint's own checker (debug builds), without
    /// allocating once the buffers are warm.
    #[cfg(debug_assertions)]
    fn debug_check_solution(&mut self) {
        self.fill_values();
        let mut buf = std::mem::take(&mut self.check_buf);
        if let Err(c) = self.model.check_with(&self.values, &mut buf) {
            panic!("engine bug: solution {:?} violates constraint {c:?}", self.values);
        }
        self.check_buf = buf;
    }
}

/// A lazy enumeration of solutions; see [`Solver::solutions`].
///
/// Dropping it ends the search and restores the state the search started from.
#[derive(Debug)]
pub struct Solutions<'s> {
    solver: &'s mut Solver,
}

impl Solutions<'_> {
    /// How the enumeration ended, once `next` returned `None`; `None` while it runs.
    pub fn end(&self) -> Option<SearchEnd> {
        match self.solver.phase {
            Phase::Done(end) => Some(end),
            _ => None,
        }
    }

    /// The statistics so far.
    pub fn stats(&self) -> &Stats {
        self.solver.stats()
    }

    /// The domain of `var` at the solution just returned.
    pub fn domain(&self, var: VarId) -> Domain<'_> {
        self.solver.domain(var)
    }

    /// The next solution as the value of every variable, by index, borrowed until the next
    /// call: [`next`](Iterator::next) without a [`Solution`] to allocate, for callers that
    /// read each solution once (counting, converting, printing).
    ///
    /// # Example
    ///
    /// ```
    /// use csp::Model;
    /// use csp::constraints::NotEqual;
    ///
    /// let mut model = Model::new();
    /// let x = model.new_var(0..=2)?;
    /// let y = model.new_var(0..=2)?;
    /// model.post(NotEqual::new(x, y))?;
    /// let mut solver = model.into_solver();
    /// let mut solutions = solver.solutions();
    /// let mut sums = 0;
    /// while let Some(values) = solutions.next_values() {
    ///     assert_ne!(values[x.index()], values[y.index()]);
    ///     sums += values.iter().sum::<i32>();
    /// }
    /// assert_eq!(sums, 12); // six solutions, each with a sum of 1, 2 or 3, twice
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn next_values(&mut self) -> Option<&[Value]> {
        let step = self.solver.step();
        self.solver.update_time();
        match step {
            Step::Solution => {
                self.solver.fill_values();
                Some(&self.solver.values)
            }
            Step::End(_) => None,
        }
    }
}

impl Iterator for Solutions<'_> {
    type Item = Solution;
    fn next(&mut self) -> Option<Solution> {
        self.next_values().map(|values| Solution { values: values.into() })
    }
}

impl Drop for Solutions<'_> {
    fn drop(&mut self) {
        self.solver.finish_search();
    }
}

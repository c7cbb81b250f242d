//! Depth-first search: one solution, all solutions lazily, or a count up to a maximum.
//!
//! The search branches on `x = v` (left) and, after that subtree, `x != v` (right): binary
//! branching, so that the refutation propagates too. Before each decision it takes a
//! checkpoint; backtracking restores it. Every search starts from the solver's current state
//! and leaves it as it found it.
//!
//! The search drives an [`Engine`] (`crate::engine`: the model, the domains, propagation and
//! checkpoints), which knows nothing of it. The [`Solver`] and its construction are here; the
//! rest goes by concept: its settings (`settings.rs`), the caller's changes, which end a
//! running search before they reach the engine (`state.rs`), a search's run with its limits and clock (`run.rs`), the searches a user
//! calls (`solutions.rs`), the loop (`step.rs`) over the backends (`strategy.rs`: `dfs.rs`,
//! `board.rs`; `learn.rs`, `lcg/`), the open search (`brancher.rs`), outcomes
//! (`outcome.rs`), workers (`fork.rs`) and the branch-and-bound hook (`objective.rs`).

use std::fmt;
use std::time::{Duration, Instant};

use crate::engine::Engine;
use crate::id::{Value, VarId};
use crate::model::{Model, Peers};
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
mod proof;
mod run;
mod settings;
mod solutions;
mod state;
mod step;
mod strategy;
mod turns;

pub(crate) use objective::{ObjectiveBound, Side};

pub use brancher::{SearchView, Termination, ValueSelector, VariableSelector};
pub use lcg::LearningRestarts;
pub use learn::Restarts;
pub use outcome::{Count, CountStatus, Limit, Limits, Outcome, SearchEnd, Solution};
pub use solutions::Solutions;
pub(crate) use turns::{Turn, Turns};

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

/// Solves a [`Model`]: a search (decisions, limits, restarts, learning) over an [`Engine`]
/// (propagation and checkpoints).
///
/// The solver owns the engine, which owns the model and the current domains, and all scratch
/// space; build it once and reuse it: [`reset`](Solver::reset) returns to the model's root
/// state without allocating.
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
    /// The model, the domains and propagation: what the search drives.
    pub(crate) engine: Engine,
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
    /// The backend of the running search, chosen when it begins: a constraint's
    /// [`SearchKernel`](crate::constraint::SearchKernel) (an all-different network's own state)
    /// when it alone constrains every variable (see [`board_kernel`](Solver::board_kernel)).
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
    /// A portfolio worker's place in the turns on fewer cores than workers, if any.
    pub(crate) turn: Option<Turn>,
    /// How many of a portfolio's workers run at once; 0 for all of them.
    portfolio_cores: usize,
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
            .field("engine", &self.engine)
            .field("var_order", &self.var_order)
            .field("value_order", &self.value_order)
            .field("stats", &self.engine.core.stats)
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
        Solver::over(Engine::with_store(model, store))
    }

    fn with_store(model: Model, store: Store) -> Solver {
        Solver::over(Engine::with_store(model, store))
    }

    /// The search over `engine`, from its current state.
    ///
    /// # Example
    ///
    /// ```
    /// use csp::{Model, Solver};
    /// use csp::constraints::AllDifferent;
    ///
    /// let mut model = Model::new();
    /// let x = model.new_vars(3, 1..=3)?;
    /// model.post(AllDifferent::new(x.clone()))?;
    /// let mut engine = model.into_engine();
    /// engine.assign(x[0], 2)?;
    /// engine.propagate()?;
    /// // Search from the engine's state: x0 = 2 holds in every solution.
    /// let mut solver = Solver::over(engine);
    /// assert_eq!(solver.count_solutions(10).count, 2);
    /// assert_eq!(solver.engine().value(x[0]), Some(2));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn over(engine: Engine) -> Solver {
        let model = &engine.model;
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
            var_order: VarOrder::Mrv(TieBreak::First),
            value_order: ValueOrder::Ascending,
            seed: 0,
            rng: Rng::new(0),
            limits: Limits::default(),
            degree: degree.into(),
            peers: None,
            flat,
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
            turn: None,
            portfolio_cores: 0,
            worker_stats: Vec::new(),
            time_before: Duration::ZERO,
            #[cfg(debug_assertions)]
            check_buf: Vec::new(),
            engine,
        }
    }
}

//! The engine: a model's constraints over a store of domains, propagated to a fixed point, with
//! checkpoints to go back to. It knows nothing of search: the [`Solver`](crate::Solver) drives
//! an engine (decisions, limits, restarts, learning), and so can a caller who only propagates
//! (a hint, a consistency check, a step of an explanation).
//!
//! The engine and its construction are here; the current state and the caller's changes to it
//! are in `state.rs`, checkpoints in `checkpoint.rs`.

use std::fmt;

use fixedbitset::FixedBitSet;

use crate::context::core::{Core, StandIn};
use crate::event::Observer;
use crate::id::ConstraintId;
use crate::model::Model;
use crate::stats::Stats;
use crate::store::{SnapshotMode, Store};

mod checkpoint;
mod state;

pub use checkpoint::Checkpoint;

/// A model lowered for propagation: its constraints, the current domains, the propagation
/// queues and the checkpoints taken on them.
///
/// Build it with [`Model::into_engine`]; a [`Solver`](crate::Solver) owns one and searches over
/// it ([`Solver::engine`](crate::Solver::engine)).
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
/// let mut engine = model.into_engine();
/// let before = engine.new_checkpoint();
/// engine.assign(x[0], 1)?;
/// engine.assign(x[1], 2)?;
/// engine.propagate()?;
/// assert_eq!(engine.value(x[2]), Some(3));
/// engine.restore_to(before);
/// assert_eq!(engine.domain(x[2]).len(), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Engine {
    pub(crate) model: Model,
    pub(crate) core: Core,
    /// The root fixed point of the model alone, once known, and whether stand-ins were in
    /// force when it was reached: `reset` restores it.
    pub(crate) root: Option<(FixedBitSet, bool)>,
    /// Whether the state is the model's initial state plus pending root propagation.
    pub(crate) pristine: bool,
    // Checkpoints: per live level, whether work was pending when it was taken, the conflict if
    // the state was failed, and its generation (to catch stale checkpoints).
    pub(crate) dirty: Vec<checkpoint::Saved>,
    pub(crate) generations: Vec<u64>,
    pub(crate) next_generation: u64,
}

impl fmt::Debug for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Engine").field("model", &self.model).field("core", &self.core).finish_non_exhaustive()
    }
}

impl Model {
    /// Hands the model to a new engine, for propagation without search.
    pub fn into_engine(self) -> Engine {
        Engine::new(self)
    }
}

impl Engine {
    /// Builds an engine for `model`; the root propagation runs with the first propagation.
    pub fn new(model: Model) -> Engine {
        let store = Store::new(model.initial.clone(), SnapshotMode::Auto);
        Engine::with_store(model, store)
    }

    pub(crate) fn with_store(model: Model, store: Store) -> Engine {
        let labels: Box<[Box<str>]> = (0..model.num_constraints())
            .map(|i| model.constraint_label(ConstraintId::from_index(i)).into_boxed_str())
            .collect();
        let stand_ins = model
            .stand_ins
            .iter()
            .map(|(by, absorbed)| StandIn {
                by: by.index() as u32,
                absorbed: absorbed.iter().map(|c| c.index() as u32).collect(),
            })
            .collect();
        let mut core = Core::new(store, &model.vars, &model.constraints, labels, stand_ins);
        core.schedule_all();
        Engine {
            core,
            root: None,
            pristine: true,
            dirty: Vec::new(),
            generations: Vec::new(),
            next_generation: 1,
            model,
        }
    }

    /// The model the engine propagates.
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// Takes the model back.
    pub fn into_model(self) -> Model {
        self.model
    }

    /// The engine's statistics: propagations, prunings, failures, and the search's counts when
    /// a [`Solver`](crate::Solver) drives it.
    pub fn stats(&self) -> &Stats {
        &self.core.stats
    }

    /// Zeroes the statistics.
    pub fn reset_stats(&mut self) {
        self.core.stats = Stats::default();
    }

    /// Chooses how checkpoints save the domains (copy or trail); takes the engine back to the
    /// model's initial state.
    pub fn set_snapshot_mode(&mut self, mode: SnapshotMode) {
        self.core.store = Store::new(self.model.initial.clone(), mode);
        self.root = None;
        self.reset();
    }

    /// Installs (or removes, with `None`) an observer that receives every
    /// [`Event`](crate::observe::Event).
    pub fn set_observer(&mut self, observer: Option<Observer>) {
        self.core.observer = observer;
        self.core.refresh_observing();
    }

    /// Chooses the explaining lowering or the fast one (see [`crate::lower`]).
    pub(crate) fn set_explaining(&mut self, on: bool) {
        self.core.explaining = on;
        self.core.refresh_observing();
    }

    /// Whether checkpoints trail changes rather than copy the domains.
    pub fn is_trailing(&self) -> bool {
        self.core.store.is_trailing()
    }

    /// Whether the engine was built by the explaining lowering
    /// ([`Lowering::explaining`](crate::lower::Lowering::explaining)): every pruning is made by
    /// the constraint as posted, never by a network standing in for it.
    pub fn is_explaining(&self) -> bool {
        self.core.explaining
    }
}

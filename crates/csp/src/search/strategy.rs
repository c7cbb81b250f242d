//! Search strategies: the backends of the depth-first search, behind one trait.
//!
//! Every search runs one loop ([`Solver::step`]): select a decision and take it; after a
//! failure, undo decisions and take their other branches; at a solution, make it readable. The
//! limits, statistics, phases and solution bookkeeping are the loop's; the work is the
//! backend's ([`Strategy`]), chosen once when a search begins ([`Backend`]): the engine's store
//! ([`StoreSearch`]) or an all-different network's own state ([`BoardSearch`]). The learning
//! search (restarts with nogoods, LNS) is a third backend, on the store, with a loop of its own
//! (`search/learn.rs`); the parallel portfolio (`crate::portfolio`) runs copies of the solver.

use super::board::BoardSearch;
use super::dfs::StoreSearch;
use super::{Phase, SearchEnd, Solver, Step};
use crate::event::Event;

/// How a depth-first search selects, decides, refutes and reads its solution. A strategy is a
/// plain choice (`Copy`); the state it works on is the solver's.
pub(super) trait Strategy: Copy {
    /// A decision to take.
    type Choice;
    /// A decision undone, to refute.
    type Undone;

    /// The decision to take next, or `None` when every variable is fixed.
    fn select(self, s: &mut Solver) -> Option<Self::Choice>;

    /// Takes the decision (a node) and propagates: whether a fixed point was reached.
    fn decide(self, s: &mut Solver, choice: Self::Choice) -> bool;

    /// Undoes the deepest decision in force (a backtrack), or `None` when there is none.
    fn undo(self, s: &mut Solver) -> Option<Self::Undone>;

    /// Takes the other branch of an undone decision and propagates: whether a fixed point was
    /// reached.
    fn refute(self, s: &mut Solver, undone: Self::Undone) -> bool;

    /// Makes the solution readable in the store, every variable being fixed; returns the
    /// depth to report.
    fn read_solution(self, s: &mut Solver) -> u32;
}

/// The backend of the running search, chosen when it begins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Backend {
    /// The engine's store, propagation and checkpoints ([`StoreSearch`]).
    Store,
    /// The own state of the network that is constraint `c` ([`BoardSearch`]).
    Board(usize),
    /// The learning search on the engine's store (`search/learn.rs`): learnt orders, restarts
    /// with nogoods, LNS. Its loop has restart points, so it is a backend of its own.
    Learn,
    /// Lazy clause generation (`search/lcg.rs`): clauses learned from every conflict.
    Lcg,
}

impl Solver {
    /// One step of the running search: on to the next solution or the end.
    pub(crate) fn step(&mut self) -> Step {
        match self.backend {
            Backend::Board(c) => self.step_with(BoardSearch { c }),
            Backend::Store => self.step_with(StoreSearch),
            Backend::Learn => self.learn_step(),
            Backend::Lcg => self.lcg_step(),
        }
    }

    /// [`step`](Self::step) with `strategy`.
    fn step_with<S: Strategy>(&mut self, strategy: S) -> Step {
        if let Some(end) = self.resume(|s| s.backtrack_with(strategy)) {
            return end;
        }
        loop {
            if let Some(end) = self.limit_end() {
                return end;
            }
            let Some(choice) = strategy.select(self) else {
                return self.solution_found(strategy);
            };
            if !strategy.decide(self, choice) {
                if let Err(end) = self.backtrack_with(strategy) {
                    return self.end_with(end);
                }
            }
        }
    }

    /// Undoes decisions until a refutation propagates without conflict.
    fn backtrack_with<S: Strategy>(&mut self, strategy: S) -> Result<(), SearchEnd> {
        loop {
            let Some(undone) = strategy.undo(self) else { return Err(SearchEnd::Exhausted) };
            if let Some(limit) = self.limit_hit() {
                return Err(SearchEnd::LimitReached(limit));
            }
            if strategy.refute(self, undone) {
                return Ok(());
            }
        }
    }

    /// Every variable is fixed: counts, reports and (in debug builds) checks the solution.
    fn solution_found<S: Strategy>(&mut self, strategy: S) -> Step {
        let depth = strategy.read_solution(self);
        self.core.stats.solutions += 1;
        self.phase = Phase::Running(true);
        log::debug!(target: "csp::search", "solution depth={depth} nodes={}", self.core.stats.nodes);
        if self.core.observer.is_some() {
            self.core.emit(&Event::Solution { depth });
        }
        #[cfg(debug_assertions)]
        self.debug_check_solution();
        Step::Solution
    }
}

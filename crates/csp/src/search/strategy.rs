//! Search strategies: the backends of the depth-first search, behind one trait.
//!
//! Every search runs one loop (`search/step.rs`): select a decision and take it; after a
//! failure, undo decisions and take their other branches; at a solution, make it readable. The
//! limits, statistics, phases and solution bookkeeping are the loop's; the work is the
//! backend's ([`Strategy`]), chosen once when a search begins ([`Backend`]): the engine's store
//! (`search/dfs.rs`) or an all-different network's own state (`search/board.rs`). The learning
//! search (restarts with nogoods, LNS) is a third backend, on the store, with a loop of its own
//! (`search/learn.rs`); the parallel portfolio (`crate::portfolio`) runs copies of the solver.

use super::Solver;

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
    /// The engine's store, propagation and checkpoints (`search/dfs.rs`).
    Store,
    /// The own state of the network that is constraint `c` (`search/board.rs`).
    Board(usize),
    /// The learning search on the engine's store (`search/learn.rs`): learnt orders, restarts
    /// with nogoods, LNS. Its loop has restart points, so it is a backend of its own.
    Learn,
    /// Lazy clause generation (`search/lcg/`): clauses learned from every conflict.
    Lcg,
}

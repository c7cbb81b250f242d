//! Search kernels: a constraint that can carry a whole search on its own state.
//!
//! When one constraint alone constrains every variable of a model (an all-different network
//! standing in for a Sudoku's rows, columns and boxes), its own data structures can decide,
//! propagate and undo faster than the engine's general store and queues. Such a constraint
//! offers a [`SearchKernel`] ([`Constraint::kernel`](super::constraint::Constraint::kernel)),
//! and the [`Solver`](crate::Solver) runs its search on it with the same decisions, refutations,
//! limits and statistics as on the engine.

use fixedbitset::Block;

use crate::store::Store;

/// What a decision or a refutation on a kernel did, counted as the engine counts a propagator's
/// run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KernelMove {
    /// Values removed: those of the move itself, and those of its propagation if it did not
    /// fail.
    pub removed: u64,
    /// Whether propagation reached a fixed point (else the state failed).
    pub ok: bool,
}

/// The engine's domains, for a kernel to write a solution into.
#[derive(Debug)]
pub struct SolutionWriter<'a> {
    store: &'a mut Store,
}

impl<'a> SolutionWriter<'a> {
    pub(crate) fn new(store: &'a mut Store) -> SolutionWriter<'a> {
        SolutionWriter { store }
    }

    /// The block at `offset` of the flat domain store
    /// ([`Context::flat_blocks`](crate::constraint::Context::flat_blocks)).
    #[inline]
    pub fn block(&self, offset: usize) -> Block {
        self.store.block(offset)
    }

    /// Writes each `(offset, block)`.
    #[inline]
    pub fn set_blocks(&mut self, writes: impl IntoIterator<Item = (usize, Block)>) {
        self.store.set_blocks(writes);
    }
}

/// A search on a constraint's own state: depth-first, binary (`x = v`, then `x != v`),
/// smallest value first, on variables local to the constraint's scope.
///
/// The solver uses a kernel only when the constraint's scope is every variable of the model and
/// nothing else is in force (no other constraint active, no objective, no observer), and only
/// for the orders a kernel implements (fewest values first). A kernel must reach the same
/// fixed points as the constraint's [`propagate`](super::constraint::Constraint::propagate), so
/// that answers and node counts are the same on either.
pub trait SearchKernel {
    /// Whether a search fits the kernel's state (small enough to copy at each decision).
    fn fits(&self) -> bool;

    /// Starts a search from the current domains: `blocks` is the flat domain store
    /// ([`Context::flat_blocks`](crate::constraint::Context::flat_blocks)), at a fixed point of
    /// the constraint.
    fn begin(&mut self, blocks: &[Block]);

    /// The unfixed variable (a local index) with the fewest values, or `None` when every one
    /// is fixed. Among equals: with `most_unfixed_peers`, the one with the most unfixed peers;
    /// then the first.
    fn select(&mut self, most_unfixed_peers: bool) -> Option<u32>;

    /// Decides local `local` = its smallest value, and propagates.
    fn decide(&mut self, local: u32) -> KernelMove;

    /// Undoes the latest decision and takes its other branch (the value removed), propagating;
    /// `None` when no decision is in force.
    fn refute(&mut self) -> Option<KernelMove>;

    /// The number of decisions in force.
    fn depth(&self) -> usize;

    /// Writes the current (solved) state's domains into the engine's store.
    fn write_solution(&self, out: &mut SolutionWriter<'_>);
}

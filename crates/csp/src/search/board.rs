//! The solver's search on a constraint's own state, through its public
//! [`SearchKernel`]: when one constraint (an all-different network, see
//! `constraints/network/board.rs`) is the whole model, the search's backend is its kernel
//! instead of the engine's store, with the same decisions, refutations, limits and statistics
//! as the engine's search.

use super::strategy::{Backend, Strategy};
use super::Solver;
use crate::model::constraint::Constraint;
use crate::model::kernel::{KernelMove, SearchKernel, SolutionWriter};
use crate::select::{TieBreak, ValueOrder, VarOrder};

/// The kernel of constraint `c`, which the search runs on.
#[inline]
fn kernel(constraints: &mut [Box<dyn Constraint>], c: usize) -> &mut dyn SearchKernel {
    constraints[c].kernel().expect("the search on a constraint's state runs on a kernel")
}

/// The search on the own state of the network that is constraint `c`.
#[derive(Clone, Copy, Debug)]
pub(super) struct BoardSearch {
    pub(super) c: usize,
}

impl Strategy for BoardSearch {
    /// The network's local index of the variable: its smallest value is tried.
    type Choice = u32;
    type Undone = ();

    #[inline]
    fn select(self, s: &mut Solver) -> Option<u32> {
        let by_peers = s.var_order == VarOrder::Mrv(TieBreak::MostUnfixedPeers);
        kernel(&mut s.engine.model.constraints, self.c).select(by_peers)
    }

    #[inline]
    fn decide(self, s: &mut Solver, i: u32) -> bool {
        let net = kernel(&mut s.engine.model.constraints, self.c);
        let m = net.decide(i);
        let depth = net.depth() as u32;
        s.engine.core.stats.nodes += 1;
        s.engine.core.stats.max_depth = s.engine.core.stats.max_depth.max(depth);
        s.count_move(m)
    }

    #[inline]
    fn undo(self, s: &mut Solver) -> Option<()> {
        // The refutation undoes the decision and takes the other branch at once.
        if kernel(&mut s.engine.model.constraints, self.c).depth() == 0 {
            return None;
        }
        s.engine.core.stats.backtracks += 1;
        Some(())
    }

    #[inline]
    fn refute(self, s: &mut Solver, (): ()) -> bool {
        let m = kernel(&mut s.engine.model.constraints, self.c).refute().expect("a decision is in force");
        s.count_move(m)
    }

    #[inline]
    fn read_solution(self, s: &mut Solver) -> u32 {
        let net = kernel(&mut s.engine.model.constraints, self.c);
        let depth = net.depth() as u32;
        net.write_solution(&mut SolutionWriter::new(&mut s.engine.core.store));
        depth
    }
}

impl Solver {
    /// At the start of a search, after the root propagation succeeded: moves the search onto a
    /// constraint's own state if one can carry it ([`board_kernel`](Self::board_kernel)).
    pub(super) fn begin_on_board(&mut self) {
        if let Some(c) = self.board_kernel() {
            self.backend = Backend::Board(c);
            kernel(&mut self.engine.model.constraints, c).begin(self.engine.core.store.blocks());
        }
    }

    /// The constraint whose [`SearchKernel`] the search can run on (its own state, without the
    /// engine's store and scheduling; an all-different network's), if there is one: a stand-in
    /// in force that alone constrains every variable, small enough to copy at each decision,
    /// and a search that
    /// branches as the board does (fewest values first, ties to the first variable or to the
    /// most unfixed peers, smallest value first) with no events to report, no decisions to log
    /// and no objective to bound.
    fn board_kernel(&mut self) -> Option<usize> {
        if self.engine.core.observing
            || self.logging_search
            || self.objective.is_some()
            || !self.priority.is_empty()
            || !matches!(self.var_order, VarOrder::Mrv(TieBreak::First | TieBreak::MostUnfixedPeers))
            || self.value_order != ValueOrder::Ascending
            || self.custom.selects()
        {
            return None;
        }
        let c = self.engine.core.sole_stand_in()?;
        let n = self.engine.model.num_vars();
        let con = &mut self.engine.model.constraints[c];
        if con.scope().len() != n {
            return None;
        }
        con.kernel()?.fits().then_some(c)
    }

    /// Counts a decision's or a refutation's propagation as the engine does (one propagator
    /// run, its prunings, a failure if it failed); whether it reached a fixed point.
    fn count_move(&mut self, m: KernelMove) -> bool {
        let stats = &mut self.engine.core.stats;
        stats.propagations += 1;
        stats.prunings += m.removed;
        if !m.ok {
            stats.failures += 1;
        }
        m.ok
    }
}

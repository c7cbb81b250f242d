//! The solver's search on an all-different network's own state: when the network is the whole
//! model, the search's backend is the network's board (see `constraints/network/board.rs`)
//! instead of the engine's store, with the same decisions, refutations, limits and statistics
//! as the engine's search.

use super::strategy::{Backend, Strategy};
use super::Solver;
use crate::constraints::{AllDifferentNetwork, BoardMove};
use crate::model::constraint::Constraint;
use crate::select::{TieBreak, ValueOrder, VarOrder};

/// Constraint `c`, the network the search runs on.
fn network(constraints: &mut [Box<dyn Constraint>], c: usize) -> &mut AllDifferentNetwork {
    crate::model::constraint::downcast_mut::<AllDifferentNetwork>(&mut *constraints[c])
        .expect("the search on a network's state runs on a network")
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
        network(&mut s.model.constraints, self.c).board_select(by_peers)
    }

    #[inline]
    fn decide(self, s: &mut Solver, i: u32) -> bool {
        let net = network(&mut s.model.constraints, self.c);
        let m = net.board_decide(i);
        let depth = net.board_depth() as u32;
        s.core.stats.nodes += 1;
        s.core.stats.max_depth = s.core.stats.max_depth.max(depth);
        s.count_move(m)
    }

    #[inline]
    fn undo(self, s: &mut Solver) -> Option<()> {
        // The refutation undoes the decision and takes the other branch at once.
        if network(&mut s.model.constraints, self.c).board_depth() == 0 {
            return None;
        }
        s.core.stats.backtracks += 1;
        Some(())
    }

    #[inline]
    fn refute(self, s: &mut Solver, (): ()) -> bool {
        let m = network(&mut s.model.constraints, self.c).board_refute().expect("a decision is in force");
        s.count_move(m)
    }

    #[inline]
    fn read_solution(self, s: &mut Solver) -> u32 {
        let net = network(&mut s.model.constraints, self.c);
        let depth = net.board_depth() as u32;
        net.board_write(&mut s.core.store);
        depth
    }
}

impl Solver {
    /// At the start of a search, after the root propagation succeeded: moves the search onto a
    /// network's own state if one can carry it ([`board_network`](Self::board_network)).
    pub(super) fn begin_on_board(&mut self) {
        if let Some(c) = self.board_network() {
            self.backend = Backend::Board(c);
            network(&mut self.model.constraints, c).board_begin(&self.core.store);
        }
    }

    /// The network the search can run on ([`AllDifferentNetwork`]'s own state, without the
    /// engine's store and scheduling), if there is one: a network in force that alone
    /// constrains every variable, small enough to copy at each decision, and a search that
    /// branches as the board does (fewest values first, ties to the first variable or to the
    /// most unfixed peers, smallest value first) with no events to report, no decisions to log
    /// and no objective to bound.
    fn board_network(&mut self) -> Option<usize> {
        if self.core.observing
            || self.logging_search
            || self.objective.is_some()
            || !self.priority.is_empty()
            || !matches!(self.var_order, VarOrder::Mrv(TieBreak::First | TieBreak::MostUnfixedPeers))
            || self.value_order != ValueOrder::Ascending
            || self.custom.selects()
        {
            return None;
        }
        let c = self.core.sole_stand_in()?;
        let n = self.model.num_vars();
        let net = crate::model::constraint::downcast_mut::<AllDifferentNetwork>(&mut *self.model.constraints[c])?;
        (net.scope().len() == n && net.board_fits()).then_some(c)
    }

    /// Counts a decision's or a refutation's propagation as the engine does (one propagator
    /// run, its prunings, a failure if it failed); whether it reached a fixed point.
    fn count_move(&mut self, m: BoardMove) -> bool {
        let stats = &mut self.core.stats;
        stats.propagations += 1;
        stats.prunings += m.removed;
        if !m.ok {
            stats.failures += 1;
        }
        m.ok
    }
}

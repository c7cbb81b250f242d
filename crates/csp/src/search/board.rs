//! The solver's search on an all-different network's own state: when the network is the whole
//! model, [`Solver::step`] runs here with the network's board (see
//! `constraints/network/board.rs`) instead of the engine's store, with the same decisions,
//! refutations, limits and statistics as the engine's search.

use super::{Phase, SearchEnd, Solver, Step};
use crate::constraints::{AllDifferentNetwork, BoardMove};
use crate::model::constraint::Constraint;
use crate::select::{TieBreak, ValueOrder, VarOrder};

/// Constraint `c`, the network the search runs on.
fn network(constraints: &mut [Box<dyn Constraint>], c: usize) -> &mut AllDifferentNetwork {
    crate::model::constraint::downcast_mut::<AllDifferentNetwork>(&mut *constraints[c])
        .expect("the search on a network's state runs on a network")
}

impl Solver {
    /// At the start of a search, after the root propagation succeeded: moves the search onto a
    /// network's own state if one can carry it ([`board_network`](Self::board_network)).
    pub(super) fn begin_on_board(&mut self) {
        self.board = self.board_network();
        if let Some(c) = self.board {
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
        {
            return None;
        }
        let c = self.core.sole_stand_in()?;
        let n = self.model.num_vars();
        let net = crate::model::constraint::downcast_mut::<AllDifferentNetwork>(&mut *self.model.constraints[c])?;
        (net.scope().len() == n && net.board_fits()).then_some(c)
    }

    /// [`step`](Self::step) on the network `c`'s own state.
    pub(super) fn board_step(&mut self, c: usize) -> Step {
        if let Some(end) = self.resume(|s| s.board_backtrack(c)) {
            return end;
        }
        let by_peers = self.var_order == VarOrder::Mrv(TieBreak::MostUnfixedPeers);
        loop {
            if let Some(end) = self.limit_end() {
                return end;
            }
            let net = network(&mut self.model.constraints, c);
            let Some(i) = net.board_select(by_peers) else {
                let depth = net.board_depth();
                net.board_write(&mut self.core.store);
                self.core.stats.solutions += 1;
                self.phase = Phase::Running(true);
                log::debug!(target: "csp::search", "solution depth={depth} nodes={}", self.core.stats.nodes);
                #[cfg(debug_assertions)]
                self.debug_check_solution();
                return Step::Solution;
            };
            let m = net.board_decide(i);
            let depth = net.board_depth() as u32;
            self.core.stats.nodes += 1;
            self.core.stats.max_depth = self.core.stats.max_depth.max(depth);
            if !self.count_move(m) {
                if let Err(end) = self.board_backtrack(c) {
                    return self.end_with(end);
                }
            }
        }
    }

    /// [`backtrack`](Self::backtrack) on the network `c`'s own state.
    fn board_backtrack(&mut self, c: usize) -> Result<(), SearchEnd> {
        loop {
            if network(&mut self.model.constraints, c).board_depth() == 0 {
                return Err(SearchEnd::Exhausted);
            }
            self.core.stats.backtracks += 1;
            if let Some(limit) = self.limit_hit() {
                return Err(SearchEnd::LimitReached(limit));
            }
            let m = network(&mut self.model.constraints, c).board_refute().expect("a decision is in force");
            if self.count_move(m) {
                return Ok(());
            }
        }
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

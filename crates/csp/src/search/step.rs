//! The search loop: one step on to the next solution or the end, with the backend chosen when
//! the search began ([`Backend`]), each behind the [`Strategy`] trait.

use super::board::BoardSearch;
use super::dfs::StoreSearch;
use super::strategy::{Backend, Strategy};
use super::{Phase, SearchEnd, Solver, Step};
use crate::event::Event;

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
        self.note_solution(depth);
        Step::Solution
    }

    /// A solution at `depth` (every variable fixed, readable in the store): counts, logs,
    /// reports and (in debug builds) checks it, for every backend.
    pub(super) fn note_solution(&mut self, depth: u32) {
        self.engine.core.stats.solutions += 1;
        self.phase = Phase::Running(true);
        log::debug!(target: "csp::search", "solution depth={depth} nodes={}", self.engine.core.stats.nodes);
        if self.engine.core.observer.is_some() {
            self.engine.core.emit(&Event::Solution { depth });
        }
        #[cfg(debug_assertions)]
        self.debug_check_solution();
    }
}

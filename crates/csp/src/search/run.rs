//! A search's run: its beginning (root propagation, the backend, the clock), its limits, read
//! at every step, and its end.

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use super::outcome::{Limit, SearchEnd};
use super::strategy::Backend;
use super::{Phase, Solver, Step};
use crate::rule::Rule;

/// How far apart (at most, roughly) the search reads the clock when a timeout is set or it
/// takes turns with other workers.
const CLOCK_INTERVAL: Duration = Duration::from_millis(1);
/// The most steps between two reads of the clock.
const MAX_STRIDE: u32 = 1024;
/// [`MAX_STRIDE`] for the learning searches.
const LEARNING_STRIDE: u32 = 16;

impl Solver {
    pub(crate) fn begin_search(&mut self) {
        self.finish_search();
        if self.learning_on {
            // Learning hook: the trail records from the root propagation on.
            self.install_trail();
        }
        self.engine.core.refresh_observing();
        self.logging_search = log::log_enabled!(target: "csp::search", log::Level::Debug);
        self.started = Some(Instant::now());
        self.time_before = self.engine.core.stats.time;
        // A timeout too far in the future to represent (`Instant + Duration` would panic) is
        // no deadline at all.
        self.deadline = self.limits.timeout.and_then(|t| Instant::now().checked_add(t));
        self.nodes_at_start = self.engine.core.stats.nodes;
        self.ticks = 0;
        self.stride = 1;
        self.last_clock = self.started;
        if let Some(turn) = &mut self.turn {
            turn.since = Instant::now();
        }
        self.stack.clear();
        let pristine = self.engine.pristine && self.engine.core.store.level() == 0 && self.engine.core.failed.is_none();
        self.base_level = self.engine.core.store.level();
        let _ = self.engine.push_checkpoint();
        self.engine.core.depth_base = self.base_level + 1;
        self.engine.core.set_outside_rule(Rule::External);
        let r = self.engine.core.propagate(&self.engine.model.vars, &mut self.engine.model.constraints);
        if pristine {
            // The root fixed point of the model alone: `reset` returns to it from now on.
            self.engine.pristine = false;
            if r.is_ok() {
                self.engine.root = Some((self.engine.core.store.bits.clone(), self.engine.core.standing_in));
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
            self.engine.core.stats.time = self.time_before + t.elapsed();
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
            self.engine.core.stats.time = self.time_before + t.elapsed();
        }
        self.stack.clear();
        self.engine.restore_level(self.base_level);
        self.engine.core.depth_base = 0;
        self.remove_trail();
        if log::log_enabled!(target: "csp::search", log::Level::Info) {
            let end = match self.phase {
                Phase::Done(SearchEnd::Exhausted) => "exhausted",
                Phase::Done(SearchEnd::LimitReached(_)) => "limit",
                _ => "enough_solutions",
            };
            log::info!(target: "csp::search", "search end={end} vars={} constraints={} {}", self.engine.model.num_vars(), self.engine.model.num_constraints(), self.engine.core.stats);
        }
        self.phase = Phase::Idle;
    }

    pub(super) fn limit_hit(&mut self) -> Option<Limit> {
        if self.custom.termination.is_some() && self.custom_stop() {
            return Some(Limit::Stopped);
        }
        if let Some(max) = self.limits.max_nodes {
            if self.engine.core.stats.nodes - self.nodes_at_start >= max {
                return Some(Limit::Nodes);
            }
        }
        if let Some(flag) = &self.limits.cancel {
            if flag.load(Ordering::Relaxed) {
                return Some(Limit::Cancelled);
            }
        }
        if self.deadline.is_some() || self.turn.is_some() {
            self.ticks += 1;
            if self.ticks >= self.stride {
                self.ticks = 0;
                let mut now = Instant::now();
                if let Some(turn) = &mut self.turn {
                    if turn.maybe_pass(now) {
                        // Waited for a turn: the clock moved on, and the stride must not
                        // count the wait as a step's cost.
                        now = Instant::now();
                        self.last_clock = Some(now);
                    }
                }
                if self.deadline.is_some_and(|deadline| now >= deadline) {
                    return Some(Limit::Time);
                }
                let since = self.last_clock.map_or(Duration::ZERO, |t| now.saturating_duration_since(t));
                self.last_clock = Some(now);
                if since > CLOCK_INTERVAL {
                    self.stride = (self.stride / 2).max(1);
                } else if since < CLOCK_INTERVAL / 4 {
                    // A learning search's steps vary most in cost (a conflict's analysis on
                    // wide domains can take milliseconds where a step took microseconds), and
                    // cost the most, so a clock read is cheap beside them: fewer steps between
                    // reads bound how far a jump in cost can overrun the deadline.
                    let cap = if matches!(self.backend, Backend::Learn | Backend::Lcg) {
                        LEARNING_STRIDE
                    } else {
                        MAX_STRIDE
                    };
                    self.stride = (self.stride * 2).min(cap);
                }
            }
        }
        None
    }

    /// Where a step starts: the end if the search is over, else after a solution the next
    /// state by `backtrack`, and the end if that was the last.
    #[inline]
    pub(super) fn resume(&mut self, backtrack: impl FnOnce(&mut Self) -> Result<(), SearchEnd>) -> Option<Step> {
        match self.phase {
            Phase::Done(end) => Some(Step::End(end)),
            Phase::Idle => Some(Step::End(SearchEnd::Exhausted)),
            Phase::Running(true) => backtrack(self).err().map(|end| self.end_with(end)),
            Phase::Running(false) => None,
        }
    }

    /// The end of the search if a limit is reached.
    #[inline]
    pub(super) fn limit_end(&mut self) -> Option<Step> {
        let limit = self.limit_hit()?;
        Some(self.end_with(SearchEnd::LimitReached(limit)))
    }

    /// Ends the search with `end`.
    pub(super) fn end_with(&mut self, end: SearchEnd) -> Step {
        self.phase = Phase::Done(end);
        Step::End(end)
    }
}

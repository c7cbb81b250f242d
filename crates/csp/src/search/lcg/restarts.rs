//! When the search with lazy clause generation starts again from the root: the policy
//! ([`LearningRestarts`], Luby's sequence or Glucose's rule on the quality of recent clauses)
//! and what it counts ([`Restarter`]).

use crate::search::learn::luby;

/// Conflicts per unit of the Luby sequence by default.
const RESTART_SCALE: u32 = 100;
/// Glucose's window of recent LBDs and its margin, as published (K = 0.8).
const GLUCOSE_WINDOW: u32 = 50;
const GLUCOSE_PERCENT: u32 = 80;

/// When the search with lazy clause generation ([`Solver::set_learning`](crate::Solver::set_learning)) starts again from
/// the root. A restart keeps the learned clauses, the activities and the saved phases; the
/// clause database is reduced only at a restart.
///
/// # Example
///
/// ```
/// use csp::branching::LearningRestarts;
///
/// assert_eq!(LearningRestarts::default(), LearningRestarts::Luby { scale: 100 });
/// assert_eq!(LearningRestarts::glucose(), LearningRestarts::Glucose { window: 50, percent: 80 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum LearningRestarts {
    /// After `scale` times the next term of the Luby sequence (1, 1, 2, 1, 1, 2, 4, 1, ...)
    /// of conflicts (Luby, Sinclair and Zuckerman 1993). The default, with a scale of 100.
    Luby {
        /// Conflicts per unit of the sequence.
        scale: u32,
    },
    /// Glucose's (Audemard and Simon, CP 2012): when the clauses learned lately are worse
    /// than usual, that is, when the mean LBD of the last `window` learned clauses, times
    /// `percent`%, exceeds the mean LBD of all the clauses learned in the search; so at
    /// least `window` conflicts after the last restart. A search that keeps learning good
    /// clauses goes on, one that learns poor ones starts again sooner. Also when the clause
    /// database is due for a reduction (reductions happen at restarts), unless cores are
    /// tracked ([`Solver::set_core_tracking`](crate::Solver::set_core_tracking)), which keeps every clause.
    Glucose {
        /// The number of recent LBDs averaged (50 in Glucose).
        window: u32,
        /// The margin, in percent (80 in Glucose: K = 0.8).
        percent: u32,
    },
}

impl Default for LearningRestarts {
    fn default() -> LearningRestarts {
        LearningRestarts::Luby { scale: RESTART_SCALE }
    }
}

impl LearningRestarts {
    /// Glucose's restarts with its published settings: a window of 50 and K = 0.8.
    pub fn glucose() -> LearningRestarts {
        LearningRestarts::Glucose { window: GLUCOSE_WINDOW, percent: GLUCOSE_PERCENT }
    }
}

/// A learning search's restart policy and what it counts over the search.
#[derive(Clone, Debug, Default)]
pub(crate) struct Restarter {
    /// The policy, kept from one search to the next.
    pub(crate) policy: LearningRestarts,
    /// Restarts so far, conflicts since the last, and (Luby's) the conflicts this run may take.
    runs: u64,
    run_conflicts: u64,
    cutoff: u64,
    /// Glucose's: the LBDs of the last learned clauses (a ring of the window's length, emptied
    /// at each restart), the next place in it and their sum; the sum of the LBDs of all the
    /// search's learned clauses, and their count.
    recent: Vec<u32>,
    recent_at: usize,
    recent_sum: u64,
    lbd_total: u64,
    learned: u64,
}

impl Restarter {
    /// Starts a search: nothing counted yet, the policy and the ring's buffer kept (sized to
    /// the window here, so that no conflict allocates).
    pub(super) fn begin(&mut self) {
        *self = Restarter { policy: self.policy, recent: std::mem::take(&mut self.recent), ..Restarter::default() };
        self.recent.clear();
        if let LearningRestarts::Glucose { window, .. } = self.policy {
            self.recent.reserve(window.max(1) as usize);
        }
        self.cutoff = self.next_cutoff();
    }

    /// Restarts so far in this search.
    pub(super) fn runs(&self) -> u64 {
        self.runs
    }

    /// Counts a conflict whose learned clause has `lbd`.
    pub(super) fn conflict(&mut self, lbd: u32) {
        self.run_conflicts += 1;
        let LearningRestarts::Glucose { window, .. } = self.policy else { return };
        self.lbd_total += u64::from(lbd);
        self.learned += 1;
        let window = window.max(1) as usize;
        if self.recent.len() < window {
            self.recent.push(lbd);
        } else {
            self.recent_sum -= u64::from(self.recent[self.recent_at]);
            self.recent[self.recent_at] = lbd;
        }
        self.recent_sum += u64::from(lbd);
        self.recent_at = (self.recent_at + 1) % window;
    }

    /// Why the search should start again now, if it should; `reduction_due`: the clause
    /// database is due for a reduction (which Glucose's policy restarts for).
    pub(super) fn due(&self, reduction_due: bool) -> Option<&'static str> {
        match self.policy {
            LearningRestarts::Luby { .. } => (self.run_conflicts >= self.cutoff).then_some("luby"),
            LearningRestarts::Glucose { window, percent } => {
                if reduction_due {
                    return Some("reduction");
                }
                let window = window.max(1);
                // recent_sum / window * percent / 100 > lbd_total / learned
                let recent = u128::from(self.recent_sum) * u128::from(percent) * u128::from(self.learned);
                let all = u128::from(self.lbd_total) * 100 * u128::from(window);
                (self.recent.len() >= window as usize && recent > all).then_some("glucose")
            }
        }
    }

    /// Notes a restart: a new run begins.
    pub(super) fn restarted(&mut self) {
        self.runs += 1;
        self.run_conflicts = 0;
        self.cutoff = self.next_cutoff();
        self.recent.clear();
        self.recent_at = 0;
        self.recent_sum = 0;
    }

    /// The conflicts the next run may take under Luby's policy (unbounded under Glucose's).
    fn next_cutoff(&self) -> u64 {
        match self.policy {
            LearningRestarts::Luby { scale } => u64::from(scale.max(1)).saturating_mul(luby(self.runs)),
            LearningRestarts::Glucose { .. } => u64::MAX,
        }
    }
}

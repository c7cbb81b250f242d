//! VSIDS, the learning search's variable order: a variable's activity grows each time a
//! conflict's analysis meets it, and every activity decays by a factor with each conflict,
//! so that the search decides first on the variables of the recent conflicts.
//!
//! The factor is 0.95 throughout. Lower factors after each solution of an optimisation, or
//! rising from 0.80 as Glucose's do, took fewer failures on the benchmark's instances they
//! were chosen on but not on others generated alike (`docs/learning.md`, "The decay of
//! activities").

/// Activities decay by this factor per conflict (by raising the increment).
const DECAY: f64 = 0.95;
/// A score past this scales every score (and the increment) down by [`RESCALE_BY`].
const RESCALE: f64 = 1e100;
const RESCALE_BY: f64 = 1e-100;

/// The activities of the variables, with the increment a bump adds.
#[derive(Clone, Debug)]
pub(super) struct Activity {
    scores: Vec<f64>,
    /// What a bump adds; grows by the inverse of the decay at each conflict (which decays
    /// every score at once, relative to the bumps to come).
    inc: f64,
}

impl Default for Activity {
    fn default() -> Activity {
        Activity::new(0)
    }
}

impl Activity {
    /// Every score 0.
    pub(super) fn new(num_vars: usize) -> Activity {
        Activity { scores: vec![0.0; num_vars], inc: 1.0 }
    }

    /// The activity of `var`.
    #[inline]
    pub(super) fn of(&self, var: u32) -> f64 {
        self.scores[var as usize]
    }

    /// `var` took part in a conflict: its activity grows by the increment (every score is
    /// scaled down together when one grows past [`RESCALE`], which keeps the order).
    #[inline]
    pub(super) fn bump(&mut self, var: u32) {
        let a = &mut self.scores[var as usize];
        *a += self.inc;
        if *a > RESCALE {
            for a in &mut self.scores {
                *a *= RESCALE_BY;
            }
            self.inc *= RESCALE_BY;
        }
    }

    /// After a conflict: every activity decays by the factor (the increment grows by its
    /// inverse).
    #[inline]
    pub(super) fn decay(&mut self) {
        self.inc /= DECAY;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decay_favours_recent_bumps_and_rescaling_keeps_the_order() {
        let mut a = Activity::new(3);
        a.bump(0);
        a.decay();
        a.bump(1);
        assert!(a.of(1) > a.of(0));
        assert_eq!(a.of(1), 1.0 / DECAY);
        // Thousands of conflicts push the increment past RESCALE: the scores are scaled
        // down together, and the order stays.
        for _ in 0..6000 {
            a.bump(2);
            a.decay();
        }
        assert!(a.inc < RESCALE, "rescaled: {}", a.inc);
        assert!(a.of(2) > a.of(1) && a.of(1) > a.of(0) && a.of(0) > 0.0);
        assert!(a.of(2) <= RESCALE);
    }
}

//! Compiling a model's all-different constraints into one [`AllDifferentNetwork`].

use super::{AllDifferentNetwork, NetworkLevel, NETWORK_MAX_VALUES};
use crate::constraints::AllDifferent;
use crate::error::ModelError;
use crate::id::{ConstraintId, VarId};
use crate::model::constraint::downcast_ref;
use crate::model::Model;

impl Model {
    /// Compiles the all-different reasoning of the model into one [`AllDifferentNetwork`] and
    /// posts it: every constraint that implies all-different
    /// ([`Constraint::implied_all_different`](crate::model::constraint::Constraint::implied_all_different)) over
    /// variables with range domains of at most 64 values (all within 64 values of the smallest)
    /// becomes one group of the network. Constraints whose whole reasoning the network does at
    /// `level` (plain [`AllDifferent`]s without offsets, at a strength the level covers) are
    /// switched off while it runs; the others (a [`DistinctSum`](crate::constraints::DistinctSum)'s sum,
    /// GAC) keep running beside it. Returns the network's identifier, or `None` when no
    /// constraint qualifies.
    ///
    /// The network builds no reasons: while events are built (an observer installed with
    /// [`Solver::set_observer`](crate::search::Solver::set_observer), or `csp::prune` tracing on) the
    /// engine switches it off and runs the constraints it stands in for, so explanations and
    /// traces are those of the model as posted. Solutions and counts are the same either way.
    ///
    /// # Errors
    ///
    /// As [`Model::post`].
    ///
    /// # Example
    ///
    /// ```
    /// use csp::{Model, Outcome};
    /// use csp::constraints::{AllDifferent, NetworkLevel};
    ///
    /// // Two overlapping groups: x0..x2 and x2..x4 over 1..=3.
    /// let mut model = Model::new();
    /// let x = model.new_vars(5, 1..=3)?;
    /// model.post(AllDifferent::new(x[..3].to_vec()))?;
    /// model.post(AllDifferent::new(x[2..].to_vec()))?;
    /// assert!(model.compile_all_different(NetworkLevel::LockedValues)?.is_some());
    /// let mut solver = model.into_solver();
    /// solver.assign(x[0], 1)?;
    /// solver.assign(x[3], 2)?;
    /// solver.propagate()?;
    /// // x2 is neither 1 (x0) nor 2 (x3): 3. Then x1 = 2 and x4 = 1.
    /// assert_eq!((solver.value(x[2]), solver.value(x[1]), solver.value(x[4])), (Some(3), Some(2), Some(1)));
    /// assert_eq!(solver.count_solutions(10).count, 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn compile_all_different(&mut self, level: NetworkLevel) -> Result<Option<ConstraintId>, ModelError> {
        let eligible = |m: &Model, x: &VarId| {
            let info = m.var_info(*x);
            info.words == 1 && info.len as usize <= NETWORK_MAX_VALUES && info.map.range_min().is_some()
        };
        let mut groups: Vec<(ConstraintId, Vec<VarId>)> = Vec::new();
        for (i, c) in self.constraints.iter().enumerate() {
            let Some(scope) = c.implied_all_different() else { continue };
            let mut sorted = scope.to_vec();
            sorted.sort_unstable();
            sorted.dedup();
            if sorted.len() != scope.len()
                || !(2..=64).contains(&scope.len())
                || !scope.iter().all(|x| eligible(self, x))
            {
                continue;
            }
            groups.push((ConstraintId::from_index(i), scope.to_vec()));
        }
        // One value space of at most 64 values, from the smallest value.
        let Some(base) = groups.iter().flat_map(|(_, s)| s).filter_map(|&x| self.range_min(x)).min() else {
            return Ok(None);
        };
        let fits = |m: &Model, x: VarId| {
            let top = i64::from(m.range_min(x).unwrap_or(base)) + m.var_info(x).len as i64 - 1;
            top - i64::from(base) < NETWORK_MAX_VALUES as i64
        };
        groups.retain(|(_, s)| s.iter().all(|&x| fits(self, x)));
        if groups.is_empty() {
            return Ok(None);
        }
        let absorbed: Vec<ConstraintId> = groups
            .iter()
            .map(|(c, _)| *c)
            .filter(|c| {
                downcast_ref::<AllDifferent>(&*self.constraints[c.index()])
                    .and_then(AllDifferent::all_different_level)
                    .is_some_and(|l| l <= level)
            })
            .collect();
        let network = AllDifferentNetwork::build(self, &groups, level)?;
        let id = self.post_named("all_different_network", network)?;
        self.stand_ins.push((id, absorbed));
        Ok(Some(id))
    }
}

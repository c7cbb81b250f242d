//! Optimisation: branch and bound over an objective variable.
//!
//! # Background
//!
//! To minimise an objective variable `z`, the search looks for any solution; when it finds one
//! with `z = v`, every later state must do better, so from then on the search keeps `z <= v - 1`
//! (the *bound*). The bound is imposed again after each backtrack, since restoring a checkpoint
//! taken before the solution undoes it; propagation then prunes every subtree that cannot
//! improve. When the search space is exhausted, the last solution found is optimal: no
//! assignment with a smaller `z` exists. Maximising is the same with `z >= v + 1`.
//!
//! A limit may stop the search first: the best solution so far is then only *feasible*
//! ([`Optimum::LimitReached`]), never reported as optimal.
//!
//! # Bibliography
//!
//! * E. L. Lawler and D. E. Wood, "Branch-and-bound methods: a survey", *Operations Research*
//!   14(4), 1966.
//! * P. Van Hentenryck, *Constraint Satisfaction in Logic Programming*, MIT Press, 1989
//!   (branch and bound in constraint programming).

pub use crate::goal::Goal;
use crate::id::{Value, VarId};
use crate::search::{Limit, ObjectiveBound, SearchEnd, Side, Solution, Solver, Step};

/// The bound every state must meet once a solution with objective `value` was found: the
/// objective strictly better than `value`, as the search's own [`ObjectiveBound`].
fn bound(goal: Goal, value: Value) -> ObjectiveBound {
    match goal {
        Goal::Minimize(var) => ObjectiveBound { var, side: Side::Below(value) },
        Goal::Maximize(var) => ObjectiveBound { var, side: Side::Above(value) },
    }
}

/// The result of an optimisation. "No solution" and "stopped by a limit" are outcomes, never
/// errors; a limit-stopped search never claims optimality.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Optimum {
    /// The search space was exhausted: this solution is optimal.
    Optimal(Solution),
    /// There is no solution at all.
    Unsatisfiable,
    /// A limit stopped the search: `best` is the best solution found so far (if any), not
    /// proven optimal.
    LimitReached {
        /// The best solution found before the limit.
        best: Option<Solution>,
        /// The limit that stopped the search.
        limit: Limit,
    },
}

impl Optimum {
    /// The best solution found, optimal or not.
    pub fn solution(&self) -> Option<&Solution> {
        match self {
            Optimum::Optimal(s) => Some(s),
            Optimum::LimitReached { best, .. } => best.as_ref(),
            Optimum::Unsatisfiable => None,
        }
    }
}

/// Better and better solutions of an optimisation, lazily; see [`Solver::improvements`].
///
/// Each solution is strictly better than the one before. Once `next` returns `None`,
/// [`end`](Improvements::end) says whether the search was exhausted (the last solution is
/// optimal) or stopped by a limit. Dropping the iterator ends the search and restores the state
/// the search started from.
#[derive(Debug)]
pub struct Improvements<'s> {
    solver: &'s mut Solver,
    goal: Goal,
    end: Option<SearchEnd>,
}

impl Improvements<'_> {
    /// How the search ended, once `next` returned `None`: [`SearchEnd::Exhausted`] proves the
    /// last solution optimal (or, with none, the model unsatisfiable).
    pub fn end(&self) -> Option<SearchEnd> {
        self.end
    }

    /// The goal being optimised.
    pub fn goal(&self) -> Goal {
        self.goal
    }

    /// The statistics so far.
    pub fn stats(&self) -> &crate::stats::Stats {
        self.solver.stats()
    }
}

impl Iterator for Improvements<'_> {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        if self.end.is_some() {
            return None;
        }
        let step = self.solver.step();
        self.solver.update_time();
        match step {
            Step::Solution => {
                let s = self.solver.current_solution();
                let value = s.value(self.goal.var());
                log::debug!(target: "csp::search", "improved objective={value}");
                self.solver.objective = Some(bound(self.goal, value));
                Some(s)
            }
            Step::End(end) => {
                self.end = Some(end);
                None
            }
        }
    }
}

impl Drop for Improvements<'_> {
    fn drop(&mut self) {
        self.solver.finish_search();
    }
}

impl Solver {
    /// Enumerates better and better solutions for `goal` by branch and bound, from the current
    /// state (restored when the iterator is dropped). The limits of
    /// [`set_limits`](Solver::set_limits) apply to the whole optimisation.
    ///
    /// # Panics
    ///
    /// Panics if the goal's variable is not in the model (as [`Solver::optimize`]).
    ///
    /// # Example
    ///
    /// ```
    /// use csp::Model;
    /// use csp::constraints::{Linear, Comparison};
    /// use csp::solve::{Goal, SearchEnd};
    ///
    /// let mut model = Model::new();
    /// let x = model.new_var(0..=5)?;
    /// let y = model.new_var(0..=5)?;
    /// let z = model.new_var(0..=20)?;
    /// model.post(Linear::new([(2, x), (3, y), (-1, z)], Comparison::Equal, 0))?; // z = 2x + 3y
    /// model.post(Linear::sum([x, y], Comparison::GreaterOrEqual, 4))?; // x + y >= 4
    /// let mut solver = model.into_solver();
    /// let mut it = solver.improvements(Goal::Minimize(z));
    /// let values: Vec<i32> = it.by_ref().map(|s| s[z]).collect();
    /// assert!(values.windows(2).all(|w| w[1] < w[0]));
    /// assert_eq!(values.last(), Some(&8)); // x = 4, y = 0
    /// assert_eq!(it.end(), Some(SearchEnd::Exhausted));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn improvements(&mut self, goal: Goal) -> Improvements<'_> {
        self.model().own_info(goal.var());
        // Every state reached by backtracking must meet the bound.
        self.begin_bounded_search();
        Improvements { solver: self, goal, end: None }
    }

    /// Finds an optimal solution for `goal`, or says why none was proven; see
    /// [`improvements`](Solver::improvements) to see each better solution as it is found.
    ///
    /// # Panics
    ///
    /// Panics if the goal's variable is not in the model (an index it does not have, or a
    /// variable of another model: [`ModelError::ForeignVar`](crate::error::ModelError::ForeignVar)'s
    /// message).
    pub fn optimize(&mut self, goal: Goal) -> Optimum {
        let mut it = self.improvements(goal);
        let best = it.by_ref().last();
        match (it.end(), best) {
            (Some(SearchEnd::LimitReached(limit)), best) => Optimum::LimitReached { best, limit },
            (_, Some(s)) => Optimum::Optimal(s),
            (_, None) => Optimum::Unsatisfiable,
        }
    }

    /// The smallest value of `var`: [`optimize`](Solver::optimize) with [`Goal::Minimize`].
    ///
    /// # Example
    ///
    /// ```
    /// use csp::Model;
    /// use csp::constraints::NotEqual;
    /// use csp::solve::Optimum;
    ///
    /// let mut model = Model::new();
    /// let x = model.new_var(1..=3)?;
    /// let y = model.new_var(1..=1)?;
    /// model.post(NotEqual::new(x, y))?;
    /// let mut solver = model.into_solver();
    /// match solver.minimize(x) {
    ///     Optimum::Optimal(s) => assert_eq!(s[x], 2),
    ///     other => panic!("{other:?}"),
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn minimize(&mut self, var: VarId) -> Optimum {
        self.optimize(Goal::Minimize(var))
    }

    /// The largest value of `var`: [`optimize`](Solver::optimize) with [`Goal::Maximize`].
    pub fn maximize(&mut self, var: VarId) -> Optimum {
        self.optimize(Goal::Maximize(var))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::constraints::{Comparison, Linear};
    use crate::model::Model;
    use crate::search::Limits;

    /// Brute force: the best objective over all solutions.
    fn brute_best(model_fn: impl Fn() -> (Model, VarId), goal_max: bool) -> Option<Value> {
        let (model, z) = model_fn();
        let mut solver = model.into_solver();
        let all: Vec<Value> = solver.solutions().map(|s| s[z]).collect();
        if goal_max {
            all.into_iter().max()
        } else {
            all.into_iter().min()
        }
    }

    fn knapsack() -> (Model, VarId) {
        let mut m = Model::new();
        let x = m.new_vars(5, 0..=3).unwrap();
        let w = [3, 4, 5, 7, 2];
        let p = [4, 5, 7, 9, 2];
        let profit = m.new_var(0..=100).unwrap();
        m.post(Linear::new(x.iter().zip(w).map(|(&x, w)| (w, x)), Comparison::LessOrEqual, 17)).unwrap();
        let terms: Vec<(Value, VarId)> = x.iter().zip(p).map(|(&x, p)| (p, x)).chain([(-1, profit)]).collect();
        m.post(Linear::new(terms, Comparison::Equal, 0)).unwrap();
        (m, profit)
    }

    #[test]
    fn maximize_finds_the_brute_force_optimum_with_improving_steps() {
        let (m, z) = knapsack();
        let mut solver = m.into_solver();
        let mut it = solver.improvements(Goal::Maximize(z));
        let values: Vec<Value> = it.by_ref().map(|s| s[z]).collect();
        assert_eq!(it.end(), Some(SearchEnd::Exhausted));
        assert!(values.windows(2).all(|w| w[1] > w[0]), "{values:?}");
        assert_eq!(values.last().copied(), brute_best(knapsack, true));
    }

    #[test]
    fn minimize_and_maximize_agree_with_brute_force() {
        let (m, z) = knapsack();
        let mut solver = m.into_solver();
        let min = solver.minimize(z);
        assert_eq!(min.solution().map(|s| s[z]), brute_best(knapsack, false));
        assert!(matches!(min, Optimum::Optimal(_)));
        // The solver is reusable: the bound of the first optimisation is gone.
        let max = solver.maximize(z);
        assert_eq!(max.solution().map(|s| s[z]), brute_best(knapsack, true));
        let s = max.solution().unwrap();
        assert_eq!(solver.model().check_assignment(s.values()), Ok(()));
    }

    #[test]
    fn unsatisfiable_model_has_no_optimum() {
        let mut m = Model::new();
        let x = m.new_var(0..=3).unwrap();
        m.post(Linear::sum([x], Comparison::GreaterOrEqual, 5)).unwrap();
        let mut solver = m.into_solver();
        assert_eq!(solver.minimize(x), Optimum::Unsatisfiable);
    }

    #[test]
    fn a_node_limit_never_claims_optimality() {
        let (m, z) = knapsack();
        let mut solver = m.into_solver();
        solver.set_limits(Limits { max_nodes: Some(3), ..Limits::default() });
        match solver.maximize(z) {
            Optimum::LimitReached { limit, .. } => assert_eq!(limit, Limit::Nodes),
            other => panic!("expected a limit, got {other:?}"),
        }
    }
}

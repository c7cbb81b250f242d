//! Objectives as expressions: [`Model::minimize`], [`Model::maximize`] and
//! [`Solver::solve_optimal`].
//!
//! The engine optimises one variable by branch and bound ([`Solver::optimize`]). An objective
//! given as an expression gets a variable of its own ([`Model::expr_var`]: itself when it is
//! one variable), recorded on the model as its [`Goal`]; [`Solver::solve_optimal`] optimises
//! it, and [`Solver::improvements`] takes it for the better solutions one by one
//! (`solver.improvements(goal)` with the goal from [`Model::objective`]).

use crate::error::ModelError;
use crate::expr::LinExpr;
use crate::id::VarId;
use crate::model::Model;
use crate::optimize::{Goal, Optimum};
use crate::search::{Outcome, Solver};

impl Model {
    /// Records `expr` as the objective to minimise and returns its variable (the expression's
    /// own when it is one variable; see [`Model::expr_var`]).
    ///
    /// # Errors
    ///
    /// [`ModelError::SecondObjective`] if the model already has an objective (replace it with
    /// [`Model::clear_objective`] first); otherwise as [`Model::expr_var`].
    ///
    /// # Example
    ///
    /// ```
    /// use csp::Model;
    /// use csp::solve::Optimum;
    ///
    /// let mut model = Model::new();
    /// let x = model.new_var(0..=9)?;
    /// let y = model.new_var(0..=9)?;
    /// model.add((x + y).ge(7))?;
    /// let cost = model.minimize(3 * x + 2 * y)?;
    /// let mut solver = model.into_solver();
    /// let Optimum::Optimal(s) = solver.solve_optimal() else { panic!() };
    /// assert_eq!((s[x], s[y], s[cost]), (0, 7, 14));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn minimize(&mut self, expr: impl Into<LinExpr>) -> Result<VarId, ModelError> {
        self.no_objective_yet()?;
        let z = self.expr_var(expr)?;
        self.objective = Some(Goal::Minimize(z));
        Ok(z)
    }

    /// Records `expr` as the objective to maximise; see [`Model::minimize`].
    ///
    /// # Errors
    ///
    /// As [`Model::minimize`].
    pub fn maximize(&mut self, expr: impl Into<LinExpr>) -> Result<VarId, ModelError> {
        self.no_objective_yet()?;
        let z = self.expr_var(expr)?;
        self.objective = Some(Goal::Maximize(z));
        Ok(z)
    }

    /// The objective recorded by [`Model::minimize`] or [`Model::maximize`], if any.
    pub fn objective(&self) -> Option<Goal> {
        self.objective
    }

    /// Forgets the objective: the model is a satisfaction problem again.
    pub fn clear_objective(&mut self) {
        self.objective = None;
    }

    fn no_objective_yet(&self) -> Result<(), ModelError> {
        match self.objective {
            Some(goal) => Err(ModelError::SecondObjective { first: goal.var() }),
            None => Ok(()),
        }
    }
}

impl Solver {
    /// Optimises the model's objective ([`Model::minimize`], [`Model::maximize`]) by branch
    /// and bound, under the solver's limits; see [`Solver::optimize`]. Without an objective,
    /// any solution is optimal: the first one found is returned as [`Optimum::Optimal`].
    ///
    /// A limit never yields [`Optimum::Optimal`]: the best solution so far comes back in
    /// [`Optimum::LimitReached`].
    pub fn solve_optimal(&mut self) -> Optimum {
        match self.model().objective() {
            Some(goal) => self.optimize(goal),
            None => match self.solve() {
                Outcome::Solved(s) => Optimum::Optimal(s),
                Outcome::Unsatisfiable => Optimum::Unsatisfiable,
                Outcome::LimitReached(limit) => Optimum::LimitReached { best: None, limit },
            },
        }
    }
}

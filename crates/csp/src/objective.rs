//! Objectives as expressions: [`Model::minimize`], [`Model::maximize`] and
//! [`Solver::solve_optimal`].
//!
//! The engine optimises one variable by branch and bound ([`Solver::optimize`]). An objective
//! given as an expression gets a variable of its own ([`Model::expr_var`]: itself when it is
//! one variable), recorded on the model as its [`Goal`]; [`Solver::solve_optimal`] optimises
//! it, and [`Solver::improvements`] takes it for the better solutions one by one
//! (`solver.improvements(goal)` with the goal from [`Model::objective`]).
//!
//! A lexicographic objective ([`Model::lexicographic`], [`Model::minimize_lex`]) is solved by
//! successive optimisation: the first objective is optimised, its optimal value fixed, then the
//! second is optimised among the solutions that keep it, and so on. Each stage is a complete
//! branch and bound, so the answer is the lexicographic optimum; a limit stops the stage it
//! falls in, and the best solution found so far comes back unproven.

use crate::error::ModelError;
use crate::expr::LinExpr;
use crate::id::VarId;
use crate::model::Model;
use crate::optimize::{Goal, Optimum};
use crate::search::{Outcome, Solution, Solver};

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

    /// Records objectives in lexicographic order: the first matters most, each later one
    /// breaks the ties of those before it (CP-SAT's successive objectives, MiniZinc's
    /// `lex_minimize`). [`Solver::solve_optimal`] optimises them one after another, each with
    /// the earlier ones fixed at their optimum. Give goals over variables
    /// ([`Model::expr_var`] makes one for an expression); [`Model::minimize_lex`] takes
    /// expressions to minimise. One goal is the same as [`Model::minimize`] or
    /// [`Model::maximize`].
    ///
    /// # Errors
    ///
    /// [`ModelError::SecondObjective`] if the model already has an objective;
    /// [`ModelError::InvalidConstraint`] (kind `"lexicographic"`) for no goal;
    /// [`ModelError::ForeignVar`] or [`ModelError::UnknownVar`] for a goal's variable not of
    /// this model.
    ///
    /// # Example
    ///
    /// Fewest machines first, then the earliest end:
    ///
    /// ```
    /// use csp::Model;
    /// use csp::solve::{Goal, Optimum};
    ///
    /// let mut model = Model::new();
    /// let machines = model.new_var(1..=3)?;
    /// let end = model.new_var(0..=10)?;
    /// model.add((machines * 3 + end).ge(10))?; // more machines, earlier end
    /// model.lexicographic([Goal::Minimize(machines), Goal::Minimize(end)])?;
    /// let Optimum::Optimal(s) = model.into_solver().solve_optimal() else { panic!() };
    /// assert_eq!((s[machines], s[end]), (1, 7));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn lexicographic(&mut self, goals: impl IntoIterator<Item = Goal>) -> Result<(), ModelError> {
        self.no_objective_yet()?;
        let goals: Vec<Goal> = goals.into_iter().collect();
        self.check_vars(goals.iter().map(|g| g.var()))?;
        let Some((&first, later)) = goals.split_first() else {
            return Err(ModelError::InvalidConstraint {
                kind: "lexicographic",
                message: "no objective given".to_string(),
            });
        };
        self.objective = Some(first);
        self.later_objectives = later.to_vec();
        Ok(())
    }

    /// Records expressions to minimise in lexicographic order (see [`Model::lexicographic`])
    /// and returns their variables.
    ///
    /// # Errors
    ///
    /// As [`Model::lexicographic`] and [`Model::expr_var`].
    ///
    /// # Example
    ///
    /// ```
    /// use csp::Model;
    /// use csp::solve::Optimum;
    ///
    /// let mut model = Model::new();
    /// let x = model.new_vars(3, 0..=4)?;
    /// model.add((x[0] + x[1] + x[2]).ge(6))?;
    /// model.all_different(x.clone())?;
    /// let z = model.minimize_lex([x[0] + x[1], 4 - x[2]])?;
    /// let Optimum::Optimal(s) = model.into_solver().solve_optimal() else { panic!() };
    /// assert_eq!((s[x[0]] + s[x[1]], s[x[2]], s[z[0]]), (2, 4, 2));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn minimize_lex<T: Into<LinExpr>>(
        &mut self,
        exprs: impl IntoIterator<Item = T>,
    ) -> Result<Vec<VarId>, ModelError> {
        self.no_objective_yet()?;
        let vars = exprs.into_iter().map(|e| self.expr_var(e)).collect::<Result<Vec<_>, _>>()?;
        self.lexicographic(vars.iter().map(|&z| Goal::Minimize(z)))?;
        Ok(vars)
    }

    /// The objective recorded by [`Model::minimize`] or [`Model::maximize`], if any: for a
    /// lexicographic objective, the first (see [`Model::objectives`] for all).
    pub fn objective(&self) -> Option<Goal> {
        self.objective
    }

    /// Every objective, most important first: none, one, or those of
    /// [`Model::lexicographic`].
    pub fn objectives(&self) -> Vec<Goal> {
        self.objective.into_iter().chain(self.later_objectives.iter().copied()).collect()
    }

    /// Forgets the objective (all of a lexicographic one): the model is a satisfaction
    /// problem again.
    pub fn clear_objective(&mut self) {
        self.objective = None;
        self.later_objectives.clear();
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
        if !self.model().later_objectives.is_empty() {
            let goals = self.model().objectives();
            return self.optimize_lex(&goals);
        }
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

impl Solver {
    /// Optimises `goals` in lexicographic order by successive branch and bound: each goal's
    /// optimum is fixed (at the root, undone at the end) before the next is optimised. The
    /// solver's limits apply to each stage.
    fn optimize_lex(&mut self, goals: &[Goal]) -> Optimum {
        let root = self.new_checkpoint();
        let mut best: Option<Solution> = None;
        let mut answer = None;
        for &goal in goals {
            match self.optimize(goal) {
                Optimum::Optimal(s) => {
                    let value = s[goal.var()];
                    best = Some(s);
                    // The optimum was just reached from this state with this value, so fixing
                    // it cannot fail; if it did, the best solution so far is still a solution.
                    if self.assign(goal.var(), value).and_then(|_| self.propagate()).is_err() {
                        break;
                    }
                }
                Optimum::Unsatisfiable => {
                    // Only the first stage can find nothing: the later ones keep a solution.
                    if best.is_none() {
                        answer = Some(Optimum::Unsatisfiable);
                    }
                    break;
                }
                Optimum::LimitReached { best: b, limit } => {
                    answer = Some(Optimum::LimitReached { best: b.or(best.take()), limit });
                    break;
                }
            }
        }
        self.restore_to(root);
        match (answer, best) {
            (Some(a), _) => a,
            (None, Some(s)) => Optimum::Optimal(s),
            (None, None) => Optimum::Unsatisfiable,
        }
    }
}

//! Solving under assumptions: Boolean literals taken as true for one search, and, when there is
//! no solution, the assumptions the refutation used (a *core*).
//!
//! Each assumption is posted on a copy of the model as a unit clause, and the search learns
//! clauses with core tracking ([`Solver::set_core_tracking`]): every learned clause keeps the
//! constraints its derivation used, so an exhausted search names the constraints of its
//! refutation, and the assumptions among them are the failed ones. The model itself is left as
//! it was. As in SAT solvers' assumption interfaces (MiniSat's `solve(assumps)` and its final
//! conflict), the failed set need not be minimal; [`Model::explain_unsat_among`] minimises.

use crate::constraints::Clause;
use crate::error::ModelError;
use crate::expr::boolean::Lit;
use crate::id::ConstraintId;
use crate::model::Model;
use crate::search::{Limit, Limits, Outcome, Solution};

/// The answer of a search under assumptions ([`Model::solve_assuming`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Assumed {
    /// A solution of the model in which every assumption holds.
    Solved(Solution),
    /// The model with these assumptions (some of those given, in their order) has no solution.
    /// Empty when the model alone has none.
    Failed(Vec<Lit>),
    /// A limit stopped the search: nothing is proven.
    LimitReached(Limit),
}

impl Model {
    /// Searches for a solution in which every literal of `assumptions` is true, under
    /// `limits`; when there is none, says which assumptions the proof used.
    ///
    /// # Errors
    ///
    /// A [`ModelError`] if an assumption's variable is not a 0/1 variable of this model.
    ///
    /// # Example
    ///
    /// ```
    /// use csp::{Limits, Model};
    /// use csp::solve::Assumed;
    ///
    /// // At most one of a, b, c; d is free.
    /// let mut model = Model::new();
    /// let [a, b, c, d] = [model.new_bool(), model.new_bool(), model.new_bool(), model.new_bool()];
    /// model.add((a + b + c).le(1))?;
    /// let Assumed::Failed(core) = model.solve_assuming(&[a.lit(), d.lit(), c.lit()], Limits::default())? else {
    ///     panic!("a and c cannot both hold")
    /// };
    /// assert_eq!(core, [a.lit(), c.lit()]);
    /// assert!(matches!(model.solve_assuming(&[a.lit(), !c], Limits::default())?, Assumed::Solved(_)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve_assuming(&self, assumptions: &[Lit], limits: Limits) -> Result<Assumed, ModelError> {
        let mut m = self.clone();
        m.clear_objective();
        let mut posted: Vec<ConstraintId> = Vec::with_capacity(assumptions.len());
        for &lit in assumptions {
            let unit = if lit.is_positive() { Clause::new([lit.var()], []) } else { Clause::new([], [lit.var()]) };
            posted.push(m.post(unit)?);
        }
        let mut solver = m.into_solver();
        solver.set_learning(true);
        solver.set_core_tracking(true);
        solver.set_limits(limits);
        Ok(match solver.solve() {
            Outcome::Solved(s) => Assumed::Solved(s),
            Outcome::LimitReached(l) => Assumed::LimitReached(l),
            Outcome::Unsatisfiable => {
                let core = solver.unsat_core();
                let used = |id: &ConstraintId| core.as_ref().is_none_or(|c| c.contains(id));
                Assumed::Failed(assumptions.iter().zip(&posted).filter(|(_, id)| used(id)).map(|(&l, _)| l).collect())
            }
        })
    }
}

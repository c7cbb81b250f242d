//! Solution hints: a partial assignment that the search tries first ([`Solver::set_hints`]).
//!
//! A hint is guidance, never a constraint: at each decision on a hinted variable whose hinted
//! value is still in its domain, the search tries that value first (as a saved phase), and on
//! failure goes on with the other values exactly as without the hint. The answers do not
//! change (the same solutions are counted, the same optimum is proven); only the order in which
//! solutions are met, and so the time to the first, does. A complete and consistent hint is
//! found without a single failure.

use crate::error::ModelError;
use crate::id::{Value, VarId};
use crate::search::{SearchView, Solver, ValueSelector};

/// The value selector of [`Solver::set_hints`]: the hinted value of each variable, if any.
#[derive(Clone, Debug)]
struct Hints {
    /// Indexed by variable.
    values: Vec<Option<Value>>,
}

impl ValueSelector for Hints {
    fn select(&mut self, search: &mut SearchView<'_>, var: VarId) -> Option<Value> {
        let v = (*self.values.get(var.index())?)?;
        search.domain(var).contains(v).then_some(v)
    }
}

impl Solver {
    /// Hints a partial assignment: the search tries `var = value` first at each decision on a
    /// hinted variable while `value` is in its domain (CP-SAT's `AddHint`). The hints never
    /// change an answer (satisfiability, solution counts, optima), only the order in which
    /// solutions are found. A later call replaces the hints; hints are a value selector
    /// ([`Solver::set_value_selector`]) and [`Solver::clear_custom_search`] removes them. They
    /// guide the depth-first search (the default); the learning searches follow their own
    /// phases. On a variable with an interval domain only a hint at a bound is tried first.
    ///
    /// # Errors
    ///
    /// [`ModelError::ForeignVar`] or [`ModelError::UnknownVar`] for a variable not of the
    /// solver's model, [`ModelError::ValueNotInDomain`] for a value outside its variable's
    /// initial domain (most likely a slip); nothing is installed then.
    ///
    /// # Example
    ///
    /// ```
    /// use csp::{Model, Outcome};
    ///
    /// let mut model = Model::new();
    /// let x = model.new_vars(4, 1..=4)?;
    /// model.all_different(x.clone())?;
    /// let mut solver = model.into_solver();
    /// solver.set_hints([(x[0], 3), (x[1], 1), (x[2], 4), (x[3], 2)])?;
    /// let Outcome::Solved(s) = solver.solve() else { panic!() };
    /// assert_eq!(x.iter().map(|&v| s[v]).collect::<Vec<_>>(), vec![3, 1, 4, 2]);
    /// assert_eq!(solver.stats().failures, 0);
    /// assert_eq!(solver.count_solutions(100).count, 24); // the answer is unchanged
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_hints(&mut self, hints: impl IntoIterator<Item = (VarId, Value)>) -> Result<(), ModelError> {
        let model = self.model();
        let mut values = vec![None; model.num_vars()];
        for (var, value) in hints {
            model.check_var(var)?;
            if !model.initial_domain(var).contains(value) {
                return Err(ModelError::ValueNotInDomain { var, value });
            }
            values[var.index()] = Some(value);
        }
        self.set_value_selector(Hints { values });
        Ok(())
    }
}

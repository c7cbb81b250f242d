//! Open search: the variable and value selection and the termination of a search as traits a
//! user can implement ([`VariableSelector`], [`ValueSelector`], [`Termination`]), with the
//! built-in orders ([`VarOrder`], [`ValueOrder`]) as implementations of them.
//!
//! A selector sees the search through a [`SearchView`]: the current domains, the model, the
//! statistics and the depth. It may decline (`None`), and what it returns is checked: a
//! variable that is already fixed, or a value outside the variable's domain, is replaced by
//! the built-in order's choice, so a selector can never make the search skip a variable or
//! lose a solution. Installing one costs the search one test per node; without one, nothing.
//!
//! The search on an all-different network's own state (`search/board.rs`) has its own
//! selection: with a custom selector installed, the search runs on the engine's store.
//! Parallel searches ([`crate::portfolio`]) run the built-in orders in their workers.

use std::fmt;

use super::Solver;
use crate::domain::Domain;
use crate::id::{Value, VarId};
use crate::model::Model;
use crate::select::{Rng, ValueOrder, VarOrder};
use crate::stats::Stats;

/// What a selector sees of the running search.
pub struct SearchView<'a> {
    pub(super) solver: &'a mut Solver,
}

impl fmt::Debug for SearchView<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SearchView").field("depth", &self.depth()).finish_non_exhaustive()
    }
}

impl SearchView<'_> {
    /// The current domain of `var`.
    pub fn domain(&self, var: VarId) -> Domain<'_> {
        self.solver.domain(var)
    }

    /// The model searched.
    pub fn model(&self) -> &Model {
        self.solver.model()
    }

    /// The statistics so far (nodes, failures, ...).
    pub fn stats(&self) -> &Stats {
        self.solver.stats()
    }

    /// The number of decisions in force.
    pub fn depth(&self) -> u32 {
        self.solver.engine.core.depth()
    }

    /// The solver's seeded generator ([`Solver::set_seed`]): the same seed gives the same
    /// search.
    pub fn rng(&mut self) -> &mut Rng {
        &mut self.solver.rng
    }
}

/// Chooses the variable to branch on next.
///
/// # Example
///
/// Branch on the unfixed variable with the largest domain (the opposite of MRV):
///
/// ```
/// use csp::branching::{SearchView, VariableSelector};
/// use csp::constraints::AllDifferent;
/// use csp::{Model, VarId};
///
/// #[derive(Debug)]
/// struct LargestDomain;
///
/// impl VariableSelector for LargestDomain {
///     fn select(&mut self, search: &mut SearchView<'_>) -> Option<VarId> {
///         search.model().vars().filter(|&v| search.domain(v).len() > 1).max_by_key(|&v| search.domain(v).len())
///     }
/// }
///
/// let mut model = Model::new();
/// let x = model.new_vars(4, 1..=4)?;
/// model.post(AllDifferent::new(x.clone()))?;
/// let mut solver = model.into_solver();
/// solver.set_variable_selector(LargestDomain);
/// assert_eq!(solver.count_solutions(100).count, 24);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait VariableSelector: Send + fmt::Debug {
    /// An unfixed variable to branch on, or `None` to leave the choice to the solver's
    /// built-in order ([`Solver::set_var_order`]).
    fn select(&mut self, search: &mut SearchView<'_>) -> Option<VarId>;
}

/// Chooses the value to try first for the variable branched on. The search takes `x = v`
/// first, then `x != v`. On a variable with an interval domain (no holes), only its smallest or
/// largest value can be tried first: another choice leaves it to the built-in order.
///
/// # Example
///
/// Try the value closest to the middle of the domain first:
///
/// ```
/// use csp::branching::{SearchView, ValueSelector};
/// use csp::{Model, Outcome, Value, VarId};
///
/// #[derive(Debug)]
/// struct Middle;
///
/// impl ValueSelector for Middle {
///     fn select(&mut self, search: &mut SearchView<'_>, var: VarId) -> Option<Value> {
///         let d = search.domain(var);
///         let mid = (d.min()? + d.max()?) / 2;
///         d.iter().min_by_key(|&v| (v - mid).abs())
///     }
/// }
///
/// let mut model = Model::new();
/// let x = model.new_var(0..=10)?;
/// let mut solver = model.into_solver();
/// solver.set_value_selector(Middle);
/// let Outcome::Solved(s) = solver.solve() else { panic!() };
/// assert_eq!(s[x], 5);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait ValueSelector: Send + fmt::Debug {
    /// A value of `var`'s domain to try first, or `None` to leave the choice to the solver's
    /// built-in order ([`Solver::set_value_order`]).
    fn select(&mut self, search: &mut SearchView<'_>, var: VarId) -> Option<Value>;
}

/// Decides when a search stops, beyond [`Limits`](super::Limits): asked before every decision,
/// a search it stops ends with [`Limit::Stopped`](super::Limit::Stopped), never taken for
/// "no solution".
///
/// # Example
///
/// Stop after 10 failures:
///
/// ```
/// use csp::branching::Termination;
/// use csp::constraints::AllDifferent;
/// use csp::solve::Limit;
/// use csp::{Model, Outcome, Stats};
///
/// #[derive(Debug)]
/// struct Failures(u64);
///
/// impl Termination for Failures {
///     fn should_stop(&mut self, stats: &Stats) -> bool {
///         stats.failures >= self.0
///     }
/// }
///
/// // Pigeonhole: 6 pigeons, 5 holes; plain forward checking fails many times.
/// let mut model = Model::new();
/// let x = model.new_vars(6, 1..=5)?;
/// for i in 0..6 {
///     for j in i + 1..6 {
///         model.add(x[i].ne(x[j]))?;
///     }
/// }
/// let mut solver = model.into_solver();
/// solver.set_termination(Failures(10));
/// assert_eq!(solver.solve(), Outcome::LimitReached(Limit::Stopped));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Termination: Send + fmt::Debug {
    /// Whether the search should stop now.
    fn should_stop(&mut self, stats: &Stats) -> bool;
}

impl VariableSelector for VarOrder {
    fn select(&mut self, search: &mut SearchView<'_>) -> Option<VarId> {
        search.solver.select_var_by(*self)
    }
}

impl ValueSelector for ValueOrder {
    fn select(&mut self, search: &mut SearchView<'_>, var: VarId) -> Option<Value> {
        if search.domain(var).len() < 2 {
            return None;
        }
        let bit = search.solver.select_value_by(*self, var);
        Some(search.solver.model().var_info(var).map.value(bit))
    }
}

/// The custom selectors and termination installed on a solver.
#[derive(Debug, Default)]
pub(super) struct Custom {
    pub(super) var: Option<Box<dyn VariableSelector>>,
    pub(super) value: Option<Box<dyn ValueSelector>>,
    pub(super) termination: Option<Box<dyn Termination>>,
}

impl Custom {
    /// Whether a selector is installed (the board search then stays off).
    pub(super) fn selects(&self) -> bool {
        self.var.is_some() || self.value.is_some()
    }
}

impl Solver {
    /// Branches with `selector` before the built-in order ([`set_var_order`](Self::set_var_order)),
    /// which decides where it declines or returns a fixed variable.
    pub fn set_variable_selector(&mut self, selector: impl VariableSelector + 'static) {
        self.custom.var = Some(Box::new(selector));
    }

    /// Tries the value `selector` chooses first; the built-in order
    /// ([`set_value_order`](Self::set_value_order)) decides where it declines or returns a
    /// value outside the domain. Under phase saving ([`ValueOrder::Phase`](crate::select::ValueOrder::Phase),
    /// the learning search's order) a variable's saved phase comes first, and the selector
    /// chooses for the variables that have none yet.
    pub fn set_value_selector(&mut self, selector: impl ValueSelector + 'static) {
        self.custom.value = Some(Box::new(selector));
    }

    /// Stops every search when `termination` says so ([`Limit::Stopped`](super::Limit::Stopped)).
    pub fn set_termination(&mut self, termination: impl Termination + 'static) {
        self.custom.termination = Some(Box::new(termination));
    }

    /// Removes the custom selectors and termination: the built-in orders and [`Limits`](super::Limits)
    /// alone decide again.
    pub fn clear_custom_search(&mut self) {
        self.custom = Custom::default();
    }

    /// The custom variable selector's choice, if it makes a valid one.
    #[cold]
    #[inline(never)]
    pub(super) fn select_var_custom(&mut self) -> Option<VarId> {
        let mut selector = self.custom.var.take()?;
        let var = selector.select(&mut SearchView { solver: self });
        self.custom.var = Some(selector);
        var.filter(|&v| v.index() < self.model().num_vars() && self.domain(v).len() > 1)
    }

    /// The bit of the custom value selector's choice for `var`, if it makes a valid one.
    #[cold]
    #[inline(never)]
    pub(super) fn select_value_custom(&mut self, var: VarId) -> Option<usize> {
        let mut selector = self.custom.value.take()?;
        let value = selector.select(&mut SearchView { solver: self }, var);
        self.custom.value = Some(selector);
        let d = self.domain(var);
        // An interval has no holes: its refutation must remove a bound, so only a bound may
        // be tried first.
        let valid = |v: Value| d.contains(v) && (!d.is_interval() || d.min() == Some(v) || d.max() == Some(v));
        let value = value.filter(|&v| valid(v))?;
        let info = self.model().var_info(var);
        info.map.bit(value, info.len as usize)
    }

    /// Whether the custom termination stops the search now.
    #[cold]
    #[inline(never)]
    pub(super) fn custom_stop(&mut self) -> bool {
        let stats = &self.engine.core.stats;
        self.custom.termination.as_mut().is_some_and(|t| t.should_stop(stats))
    }
}

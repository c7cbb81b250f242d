//! Variables for the values of expressions: linear ones, `|e|`, `min`, `max`, `array[index]`.

use super::{to_value, LinExpr};
use crate::constraints::{ArithOp, Arithmetic, Element};
use crate::domain::{MAX_INTERVAL_VALUE, MIN_INTERVAL_VALUE};
use crate::error::ModelError;
use crate::id::{Value, VarId};
use crate::model::constraint::Constraint;
use crate::model::Model;

/// An array that [`Model::element`] indexes: constants (`[Value]`, `Vec<Value>`) or variables
/// (`[VarId]`, `Vec<VarId>`).
pub trait ElementArray {
    /// The smallest and largest value an entry can take (over the initial domains), or `None`
    /// for an empty array.
    fn entry_bounds(&self, model: &Model) -> Option<(Value, Value)>;

    /// Checks that the entries that are variables belong to `model` ([`Model::check_var`]).
    ///
    /// # Errors
    ///
    /// As [`Model::check_var`].
    fn check_vars(&self, model: &Model) -> Result<(), ModelError> {
        let _ = model;
        Ok(())
    }

    /// The constraint `result = self[index]`.
    fn element(&self, index: VarId, result: VarId) -> Element;
}

impl ElementArray for [Value] {
    fn entry_bounds(&self, _model: &Model) -> Option<(Value, Value)> {
        Some((*self.iter().min()?, *self.iter().max()?))
    }

    fn element(&self, index: VarId, result: VarId) -> Element {
        Element::constants(index, self.to_vec(), result)
    }
}

impl ElementArray for [VarId] {
    fn check_vars(&self, model: &Model) -> Result<(), ModelError> {
        model.check_vars(self.iter().copied())
    }

    fn entry_bounds(&self, model: &Model) -> Option<(Value, Value)> {
        let lo = self.iter().filter_map(|&x| model.initial_domain(x).min()).min()?;
        let hi = self.iter().filter_map(|&x| model.initial_domain(x).max()).max()?;
        Some((lo, hi))
    }

    fn element(&self, index: VarId, result: VarId) -> Element {
        Element::new(index, self.to_vec(), result)
    }
}

impl<T: ElementArray + ?Sized> ElementArray for &T {
    fn entry_bounds(&self, model: &Model) -> Option<(Value, Value)> {
        (**self).entry_bounds(model)
    }

    fn check_vars(&self, model: &Model) -> Result<(), ModelError> {
        (**self).check_vars(model)
    }

    fn element(&self, index: VarId, result: VarId) -> Element {
        (**self).element(index, result)
    }
}

impl<T> ElementArray for Vec<T>
where
    [T]: ElementArray,
{
    fn entry_bounds(&self, model: &Model) -> Option<(Value, Value)> {
        self.as_slice().entry_bounds(model)
    }

    fn check_vars(&self, model: &Model) -> Result<(), ModelError> {
        self.as_slice().check_vars(model)
    }

    fn element(&self, index: VarId, result: VarId) -> Element {
        self.as_slice().element(index, result)
    }
}

impl<T, const N: usize> ElementArray for [T; N]
where
    [T]: ElementArray,
{
    fn entry_bounds(&self, model: &Model) -> Option<(Value, Value)> {
        self.as_slice().entry_bounds(model)
    }

    fn check_vars(&self, model: &Model) -> Result<(), ModelError> {
        self.as_slice().check_vars(model)
    }

    fn element(&self, index: VarId, result: VarId) -> Element {
        self.as_slice().element(index, result)
    }
}

impl Model {
    /// A variable equal to `expr`: `expr` itself when it is one variable, otherwise a new
    /// variable over the expression's bounds ([`LinExpr::bounds`]) tied to it by one
    /// [`Linear`](crate::constraints::Linear) (`expr - z = 0`) and marked as defined
    /// ([`Model::mark_defined`]). CP-SAT's `NewIntVar` plus `Add(z == expr)`.
    ///
    /// # Errors
    ///
    /// [`ModelError::InvalidConstraint`] if the bounds are beyond 32 bits; as [`Model::add`].
    ///
    /// # Example
    ///
    /// ```
    /// use csp::Model;
    ///
    /// let mut model = Model::new();
    /// let x = model.new_var(0..=5)?;
    /// let y = model.new_var(-2..=2)?;
    /// let z = model.expr_var(2 * x - y + 1)?;
    /// assert_eq!((model.initial_domain(z).min(), model.initial_domain(z).max()), (Some(-1), Some(13)));
    /// assert_eq!(model.expr_var(x)?, x);
    /// // A new variable is marked as defined by the expression (see `Model::mark_defined`).
    /// assert!(model.is_defined(z) && !model.is_defined(x));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn expr_var(&mut self, expr: impl Into<LinExpr>) -> Result<VarId, ModelError> {
        let expr = expr.into();
        self.check_vars(expr.terms.iter().map(|&(_, x)| x))?;
        expr.check_overflow()?;
        if let Some(x) = expr.as_var() {
            return Ok(x);
        }
        let (lo, hi) = expr.bounds(self);
        self.atomically(|m| {
            let z =
                m.new_var(to_value(lo, "linear", "expression bound")?..=to_value(hi, "linear", "expression bound")?)?;
            m.mark_defined(z)?;
            m.add(expr.eq(z))?;
            Ok(z)
        })
    }

    /// A new variable over `lo..=hi`, with the bounds checked, for an expression's result
    /// (marked as defined).
    fn bounded_var(&mut self, lo: i64, hi: i64, kind: &'static str) -> Result<VarId, ModelError> {
        let z = self.new_var(to_value(lo, kind, "bound")?..=to_value(hi, kind, "bound")?)?;
        self.mark_defined(z)?;
        Ok(z)
    }

    /// A variable equal to `|expr|`, posted as [`Arithmetic::abs`] (domain consistency), with
    /// bounds from those of `expr`.
    ///
    /// # Errors
    ///
    /// As [`Model::expr_var`].
    ///
    /// # Example
    ///
    /// ```
    /// use csp::Model;
    ///
    /// let mut model = Model::new();
    /// let x = model.new_var(0..=9)?;
    /// let y = model.new_var(0..=9)?;
    /// let gap = model.abs(x - y)?;
    /// model.add(gap.ge(8))?;
    /// assert_eq!(model.into_solver().count_solutions(100).count, 6);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn abs(&mut self, expr: impl Into<LinExpr>) -> Result<VarId, ModelError> {
        let expr = expr.into();
        self.atomically(|m| m.abs_var(expr))
    }

    fn abs_var(&mut self, expr: LinExpr) -> Result<VarId, ModelError> {
        let x = self.expr_var(expr)?;
        let d = self.initial_domain(x);
        let (lo, hi) = (i64::from(d.min().unwrap_or(0)), i64::from(d.max().unwrap_or(0)));
        let (zlo, zhi) = if lo >= 0 {
            (lo, hi)
        } else if hi <= 0 {
            (-hi, -lo)
        } else {
            (0, hi.max(-lo))
        };
        let z = self.bounded_var(zlo, zhi, "abs")?;
        self.post(Arithmetic::abs(x, z))?;
        Ok(z)
    }

    /// A variable equal to `a * b`, posted as one [`Arithmetic`] (`x * x` when both are the
    /// same variable: a square). Its bounds are those of the product over the operands' bounds,
    /// within `MIN_INTERVAL_VALUE..=MAX_INTERVAL_VALUE` (a product beyond has no solution).
    ///
    /// # Errors
    ///
    /// [`ModelError::InvalidConstraint`] (kind `"times"`) when no product is within the limits;
    /// as [`Model::expr_var`].
    ///
    /// # Example
    ///
    /// ```
    /// use csp::Model;
    ///
    /// let mut model = Model::new();
    /// let w = model.new_var(1..=9)?;
    /// let h = model.new_var(1..=9)?;
    /// let area = model.product(w, h + 1)?; // area = w * (h + 1)
    /// model.add(area.eq(12))?;
    /// assert_eq!(model.into_solver().count_solutions(100).count, 4); // 2*6, 3*4, 4*3, 6*2
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn product(&mut self, a: impl Into<LinExpr>, b: impl Into<LinExpr>) -> Result<VarId, ModelError> {
        self.arith_var(ArithOp::Times, a, b)
    }

    /// A variable equal to `a / b` rounded towards zero (MiniZinc's `div`), posted as one
    /// [`Arithmetic`]; `b = 0` has no solution.
    ///
    /// # Errors
    ///
    /// [`ModelError::InvalidConstraint`] (kind `"div"`) when `b` can only be 0; as
    /// [`Model::expr_var`].
    ///
    /// # Example
    ///
    /// ```
    /// use csp::Model;
    ///
    /// let mut model = Model::new();
    /// let seconds = model.new_var(0..=86_399)?;
    /// let hour = model.quotient(seconds, 3600)?;
    /// model.add(hour.eq(7))?;
    /// let mut solver = model.into_solver();
    /// solver.propagate()?;
    /// let d = solver.domain(seconds);
    /// assert_eq!((d.min(), d.max()), (Some(25_200), Some(28_799)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn quotient(&mut self, a: impl Into<LinExpr>, b: impl Into<LinExpr>) -> Result<VarId, ModelError> {
        self.arith_var(ArithOp::Div, a, b)
    }

    /// A variable equal to `a mod b`, the remainder of [`Model::quotient`] (the sign of `a`),
    /// posted as one [`Arithmetic`]; `b = 0` has no solution.
    ///
    /// # Errors
    ///
    /// As [`Model::quotient`] (kind `"mod"`).
    ///
    /// # Example
    ///
    /// ```
    /// use csp::Model;
    ///
    /// let mut model = Model::new();
    /// let x = model.new_var(-20..=20)?;
    /// let r = model.remainder(x, 7)?;
    /// model.add(r.eq(-3))?;
    /// let mut solver = model.into_solver();
    /// solver.propagate()?;
    /// assert_eq!(solver.domain(x).to_vec(), vec![-17, -10, -3]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn remainder(&mut self, a: impl Into<LinExpr>, b: impl Into<LinExpr>) -> Result<VarId, ModelError> {
        self.arith_var(ArithOp::Mod, a, b)
    }

    /// A variable equal to `a ^ b` ([`ArithOp::Pow`]: MiniZinc's semantics for negative
    /// exponents), posted as one [`Arithmetic`].
    ///
    /// # Errors
    ///
    /// As [`Model::product`] (kind `"pow"`).
    ///
    /// # Example
    ///
    /// ```
    /// use csp::Model;
    ///
    /// let mut model = Model::new();
    /// let x = model.new_var(-10..=10)?;
    /// let cube = model.power(x, 3)?;
    /// model.add(cube.ge(100))?;
    /// let mut solver = model.into_solver();
    /// solver.propagate()?;
    /// assert_eq!(solver.domain(x).to_vec(), vec![5, 6, 7, 8, 9, 10]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn power(&mut self, a: impl Into<LinExpr>, b: impl Into<LinExpr>) -> Result<VarId, ModelError> {
        self.arith_var(ArithOp::Pow, a, b)
    }

    /// `op(a, b)` as a new variable over the bounds of the result (the model unchanged on an
    /// error).
    fn arith_var(&mut self, op: ArithOp, a: impl Into<LinExpr>, b: impl Into<LinExpr>) -> Result<VarId, ModelError> {
        let (a, b) = (a.into(), b.into());
        self.atomically(|m| m.arith_var_steps(op, a, b))
    }

    fn arith_var_steps(&mut self, op: ArithOp, a: LinExpr, b: LinExpr) -> Result<VarId, ModelError> {
        let x = self.expr_var(a)?;
        let y = self.expr_var(b)?;
        let bounds = |m: &Model, v: VarId| {
            let d = m.initial_domain(v);
            (i64::from(d.min().unwrap_or(0)), i64::from(d.max().unwrap_or(0)))
        };
        let limit = (i64::from(MIN_INTERVAL_VALUE), i64::from(MAX_INTERVAL_VALUE));
        let kind = Arithmetic::new(op, x, y, x).kind();
        let Some((lo, hi)) = Arithmetic::result_bounds(op, bounds(self, x), bounds(self, y), x == y, limit) else {
            return Err(ModelError::InvalidConstraint {
                kind,
                message: "no values of the operands give a defined result within the limits".to_string(),
            });
        };
        let z = self.bounded_var(lo, hi, kind)?;
        self.post(Arithmetic::new(op, x, y, z))?;
        Ok(z)
    }

    /// A variable equal to the smallest of `exprs`, posted as a chain of [`Arithmetic`]
    /// `min` constraints (one per expression after the first).
    ///
    /// # Errors
    ///
    /// [`ModelError::InvalidConstraint`] (kind `"min"`) for no expression; as
    /// [`Model::expr_var`].
    pub fn min<T: Into<LinExpr>>(&mut self, exprs: impl IntoIterator<Item = T>) -> Result<VarId, ModelError> {
        self.fold(exprs, ArithOp::Min, "min")
    }

    /// A variable equal to the largest of `exprs` (a makespan, say), posted as a chain of
    /// [`Arithmetic`] `max` constraints.
    ///
    /// # Errors
    ///
    /// [`ModelError::InvalidConstraint`] (kind `"max"`) for no expression; as
    /// [`Model::expr_var`].
    ///
    /// # Example
    ///
    /// ```
    /// use csp::Model;
    /// use csp::solve::Optimum;
    ///
    /// let mut model = Model::new();
    /// let ends = model.new_vars(3, 2..=9)?;
    /// model.all_different(ends.clone())?;
    /// let makespan = model.max(ends.iter().copied())?;
    /// model.minimize(makespan)?;
    /// let Optimum::Optimal(s) = model.into_solver().solve_optimal() else { panic!() };
    /// assert_eq!(s[makespan], 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn max<T: Into<LinExpr>>(&mut self, exprs: impl IntoIterator<Item = T>) -> Result<VarId, ModelError> {
        self.fold(exprs, ArithOp::Max, "max")
    }

    fn fold<T: Into<LinExpr>>(
        &mut self,
        exprs: impl IntoIterator<Item = T>,
        op: ArithOp,
        kind: &'static str,
    ) -> Result<VarId, ModelError> {
        self.atomically(|m| m.fold_steps(exprs, op, kind))
    }

    fn fold_steps<T: Into<LinExpr>>(
        &mut self,
        exprs: impl IntoIterator<Item = T>,
        op: ArithOp,
        kind: &'static str,
    ) -> Result<VarId, ModelError> {
        let mut acc: Option<VarId> = None;
        for e in exprs {
            let x = self.expr_var(e)?;
            acc = Some(match acc {
                None => x,
                Some(a) => {
                    let (da, dx) = (self.initial_domain(a), self.initial_domain(x));
                    let (al, ah, xl, xh) = (da.min(), da.max(), dx.min(), dx.max());
                    let pick = |u: Option<Value>, v: Option<Value>| {
                        let (u, v) = (i64::from(u.unwrap_or(0)), i64::from(v.unwrap_or(0)));
                        if op == ArithOp::Min {
                            u.min(v)
                        } else {
                            u.max(v)
                        }
                    };
                    let z = self.bounded_var(pick(al, xl), pick(ah, xh), kind)?;
                    self.post(Arithmetic::new(op, a, x, z))?;
                    z
                }
            });
        }
        acc.ok_or_else(|| ModelError::InvalidConstraint { kind, message: "no expression given".to_string() })
    }

    /// A variable equal to `array[index]` (from 0), posted as one [`Element`]: `array` holds
    /// constants (a lookup table) or variables. The index expression gets a variable of its own
    /// if it is not one. The index comes first, as in [`Element::new`] and CP-SAT's
    /// `AddElement(index, array, target)`.
    ///
    /// # Errors
    ///
    /// [`ModelError::InvalidConstraint`] (kind `"element"`) for an empty array; as
    /// [`Model::expr_var`].
    ///
    /// # Example
    ///
    /// ```
    /// use csp::Model;
    /// use csp::solve::Optimum;
    ///
    /// let mut model = Model::new();
    /// let item = model.new_var(0..=3)?;
    /// let cost = model.element(item, [30, 10, 20, 10])?;
    /// let weight = model.element(item, vec![4, 9, 2, 7])?;
    /// model.add(weight.le(5))?;
    /// model.minimize(cost)?;
    /// let Optimum::Optimal(s) = model.into_solver().solve_optimal() else { panic!() };
    /// assert_eq!((s[item], s[cost]), (2, 20));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn element(&mut self, index: impl Into<LinExpr>, array: impl ElementArray) -> Result<VarId, ModelError> {
        array.check_vars(self)?;
        let Some((lo, hi)) = array.entry_bounds(self) else {
            return Err(ModelError::InvalidConstraint { kind: "element", message: "the array is empty".to_string() });
        };
        let index = index.into();
        self.atomically(|m| {
            let index = m.expr_var(index)?;
            let z = m.new_var(lo..=hi)?;
            m.mark_defined(z)?;
            m.post(array.element(index, z))?;
            Ok(z)
        })
    }
}

//! Integer expressions and the relations they post: `x + 2 * y - z`, `sum(...)`, comparisons.
//!
//! # Background
//!
//! A [`LinExpr`] is a linear expression `a1*x1 + ... + an*xn + c` over variables ([`VarId`],
//! [`BoolVar`], [`Lit`]) and constants, built with Rust's `+`, `-`, `*` (by a constant), unary
//! `-`, [`sum`] and [`Sum`](std::iter::Sum). Comparing two expressions with
//! [`le`](LinExpr::le), [`lt`](LinExpr::lt), [`ge`](LinExpr::ge), [`gt`](LinExpr::gt),
//! [`eq`](LinExpr::eq) or [`ne`](LinExpr::ne) gives a [`Relation`], a constraint not yet
//! posted; [`Model::add`] posts it, [`Relation::only_if`] and [`Relation::iff`] make it hold
//! under a Boolean literal (half and full reification) before it is posted.
//!
//! Non-linear terms (`|e|`, `min`, `max`, `array[index]`) need a variable for their value:
//! [`Model::abs`], [`Model::min`], [`Model::max`] and [`Model::element`] create it, with bounds
//! computed from the arguments, post the defining constraint ([`Arithmetic`], [`Element`]) and
//! return it for use in further expressions. [`Model::expr_var`] does the same for a linear
//! expression.
//!
//! # Why methods and not `<=`
//!
//! Rust's `<=` (`PartialOrd`) must return a `bool`, so it cannot build a constraint. The
//! comparisons are methods named after the operators (`le` for `<=`, as in `PartialOrd`):
//! `(x + d).le(y)` reads left to right as `x + d <= y`, needs no import (they are inherent
//! methods of [`VarId`], [`LinExpr`], [`BoolVar`] and [`Lit`]) and works with every
//! expression, unlike a macro, which cannot parse `a <= b` out of Rust expressions without
//! re-implementing their grammar. On a [`VarId`] they take precedence over `PartialOrd::le`
//! and friends, which compare identifiers, not values: `x.le(y)` is a constraint.
//!
//! # Cost
//!
//! An expression compiles to exactly the constraint one would write by hand, so a model
//! written with expressions searches the same nodes in the same time:
//!
//! | relation | posted as |
//! |---|---|
//! | `x - y ⋈ c` for `=` and `!=` (unit coefficients of opposite signs) | [`Equal::with_offset`], [`NotEqual::with_offset`] |
//! | any other linear relation | one [`Linear`], terms on the same variable merged, constants moved right |
//! | `lt`, `gt` | `<= c - 1`, `>= c + 1` |
//! | [`or`], [`Lit::implies`], a literal | one [`Clause`] |
//! | [`and`], [`xor`] | one [`Linear`] over the literals (`!b` counts as `1 - b`) |
//! | `rel.only_if(b)`, `rel.iff(b)` | one [`ReifiedLinear`] (half or full), or a [`Clause`] with `!b` added |
//! | [`Model::either`]`(r1, r2)` | a new Boolean `b`, `r1.only_if(b)`, `r2.only_if(!b)` |
//!
//! # Example
//!
//! ```
//! use csp::{sum, Model, Outcome};
//!
//! let mut model = Model::new();
//! let x = model.new_vars(3, 0..=9)?;
//! model.add((x[0] + 2 * x[1] - x[2]).eq(7))?; // one Linear: x0 + 2 x1 - x2 = 7
//! model.add(sum(&x).le(20))?; // x0 + x1 + x2 <= 20
//! model.add(x[0].ne(x[2]))?; // NotEqual
//! model.add(x[2].gt(x[1] + 1))?; // x2 >= x1 + 2
//! let Outcome::Solved(s) = model.into_solver().solve() else { panic!("solvable") };
//! assert_eq!(s[x[0]] + 2 * s[x[1]] - s[x[2]], 7);
//! assert!(s[x[2]] > s[x[1]] + 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`Arithmetic`]: crate::constraints::Arithmetic
//! [`Element`]: crate::constraints::Element
//! [`Equal::with_offset`]: crate::constraints::Equal::with_offset
//! [`NotEqual::with_offset`]: crate::constraints::NotEqual::with_offset
//! [`Linear`]: crate::constraints::Linear
//! [`Clause`]: crate::constraints::Clause
//! [`ReifiedLinear`]: crate::constraints::ReifiedLinear
//! [`BoolVar`]: crate::expr::boolean::BoolVar
//! [`Lit`]: crate::expr::boolean::Lit
//! [`Lit::implies`]: crate::expr::boolean::Lit::implies
//! [`or`]: crate::expr::or
//! [`and`]: crate::expr::and
//! [`xor`]: crate::expr::xor
//! [`Model::add`]: crate::model::Model::add
//! [`Model::either`]: crate::model::Model::either

pub mod boolean;
mod connective;
pub mod interval;
mod nonlinear;
mod ops;
mod relation;

use std::fmt;

pub use connective::{and, exactly, or, xor};
pub use interval::{IntervalSize, IntervalVar};
pub use nonlinear::ElementArray;
pub use relation::Relation;

use crate::constraints::Comparison;
use crate::error::ModelError;
use crate::id::{Value, VarId};
use crate::model::Model;

/// A linear expression `a1*x1 + ... + an*xn + c` over variables, with integer coefficients.
///
/// Built from [`VarId`]s, Booleans and constants with `+`, `-`, `*` by a constant and unary
/// `-`; see the [module docs](self) for the comparisons that turn it into a constraint. Terms
/// on one variable are kept apart until the constraint is built, where they merge.
///
/// Coefficients and the constant are kept in 64 bits; a constraint built from the expression
/// needs them within `i32` (the engine's [`Value`]) and says so with a [`ModelError`] otherwise.
/// An operator never panics: a result beyond 64 bits saturates and marks the expression
/// ([`LinExpr::overflows`]), and posting it ([`Model::add`], [`Model::expr_var`], an
/// objective) is then a [`ModelError::InvalidConstraint`].
///
/// # Example
///
/// ```
/// use csp::{LinExpr, Model};
///
/// let mut model = Model::new();
/// let x = model.new_var(0..=5)?;
/// let y = model.new_var(0..=5)?;
/// let e: LinExpr = 3 * (x - y) + 2 - x;
/// assert_eq!(e.constant(), 2);
/// assert_eq!(e.merged_terms(), vec![(2, x), (-3, y)]);
/// assert_eq!(e.eval(|v| if v == x { 4 } else { 1 }), 3 * 3 + 2 - 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LinExpr {
    /// `(coefficient, variable)`, in the order written; a variable may appear more than once.
    pub(crate) terms: Vec<(i64, VarId)>,
    pub(crate) constant: i64,
    /// Whether an operator's result went beyond 64 bits (and saturated).
    pub(crate) overflow: bool,
}

impl LinExpr {
    /// The constant expression `c`.
    pub fn constant_expr(c: Value) -> LinExpr {
        LinExpr { terms: Vec::new(), constant: i64::from(c), overflow: false }
    }

    /// `Σ coefficient * var` for the given `(coefficient, var)` pairs: a weighted sum, the
    /// `LinearExpr.WeightedSum` of CP-SAT.
    pub fn weighted(terms: impl IntoIterator<Item = (Value, VarId)>) -> LinExpr {
        LinExpr { terms: terms.into_iter().map(|(a, x)| (i64::from(a), x)).collect(), constant: 0, overflow: false }
    }

    /// The constant part.
    pub fn constant(&self) -> i64 {
        self.constant
    }

    /// The terms as written, before merging.
    pub fn terms(&self) -> &[(i64, VarId)] {
        &self.terms
    }

    /// The terms with those on one variable merged and zero coefficients dropped, in
    /// increasing variable order (a merged coefficient beyond 64 bits saturates; see
    /// [`LinExpr::overflows`]).
    pub fn merged_terms(&self) -> Vec<(i64, VarId)> {
        merge(&self.terms).0
    }

    /// Whether a coefficient or the constant went beyond 64 bits while the expression was
    /// built (or would when its terms on one variable merge): such an expression saturated,
    /// and posting it is a [`ModelError::InvalidConstraint`].
    ///
    /// # Example
    ///
    /// ```
    /// use csp::{Model, ModelError};
    ///
    /// let mut model = Model::new();
    /// let x = model.new_var(0..=1)?;
    /// let e = x * i32::MAX * i32::MAX * i32::MAX;
    /// assert!(e.overflows());
    /// let err = model.add(e.le(1)).unwrap_err();
    /// assert!(matches!(err, ModelError::InvalidConstraint { kind: "linear", .. }));
    /// assert!(!(x * i32::MAX * i32::MAX).overflows());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn overflows(&self) -> bool {
        self.overflow || merge(&self.terms).1
    }

    /// The error of an expression that [`overflows`](LinExpr::overflows), if it does.
    pub(crate) fn check_overflow(&self) -> Result<(), ModelError> {
        if self.overflows() {
            return Err(overflow_error());
        }
        Ok(())
    }

    /// The value of the expression when each variable `x` has the value `value(x)`,
    /// saturated to 64 bits.
    pub fn eval(&self, value: impl Fn(VarId) -> Value) -> i64 {
        let total = self.terms.iter().map(|&(a, x)| i128::from(a) * i128::from(value(x))).sum::<i128>();
        saturate(total + i128::from(self.constant))
    }

    /// The smallest and largest values the expression can take over the variables' initial
    /// domains in `model` (bounds reasoning: holes are ignored).
    ///
    /// # Panics
    ///
    /// Panics if a variable is not in `model`.
    pub fn bounds(&self, model: &Model) -> (i64, i64) {
        let (mut lo, mut hi) = (self.constant, self.constant);
        for (a, x) in merge(&self.terms).0 {
            let d = model.initial_domain(x);
            let (l, h) = (i64::from(d.min().unwrap_or(0)), i64::from(d.max().unwrap_or(0)));
            let (u, w) = (a.saturating_mul(l), a.saturating_mul(h));
            lo = lo.saturating_add(u.min(w));
            hi = hi.saturating_add(u.max(w));
        }
        (lo, hi)
    }

    /// The variable this expression is, if it is exactly one variable with coefficient 1 and
    /// no constant.
    pub fn as_var(&self) -> Option<VarId> {
        match merge(&self.terms).0[..] {
            [(1, x)] if self.constant == 0 => Some(x),
            _ => None,
        }
    }

    /// `self <= rhs`.
    pub fn le(self, rhs: impl Into<LinExpr>) -> Relation {
        Relation::compare(self, Comparison::LessOrEqual, rhs.into(), 0)
    }

    /// `self < rhs`, posted as `self - rhs <= -1`.
    pub fn lt(self, rhs: impl Into<LinExpr>) -> Relation {
        Relation::compare(self, Comparison::LessOrEqual, rhs.into(), -1)
    }

    /// `self >= rhs`.
    pub fn ge(self, rhs: impl Into<LinExpr>) -> Relation {
        Relation::compare(self, Comparison::GreaterOrEqual, rhs.into(), 0)
    }

    /// `self > rhs`, posted as `self - rhs >= 1`.
    pub fn gt(self, rhs: impl Into<LinExpr>) -> Relation {
        Relation::compare(self, Comparison::GreaterOrEqual, rhs.into(), 1)
    }

    /// `self = rhs`. (Not `PartialEq::eq`, which compares two expressions as written.)
    #[allow(clippy::should_implement_trait, reason = "a constraint, not a comparison of expressions")]
    pub fn eq(self, rhs: impl Into<LinExpr>) -> Relation {
        Relation::compare(self, Comparison::Equal, rhs.into(), 0)
    }

    /// `self != rhs`.
    pub fn ne(self, rhs: impl Into<LinExpr>) -> Relation {
        Relation::compare(self, Comparison::NotEqual, rhs.into(), 0)
    }
}

/// Merges terms on the same variable and drops zero coefficients; sorted by variable. A
/// merged coefficient beyond 64 bits saturates; the flag says whether one did.
pub(crate) fn merge(terms: &[(i64, VarId)]) -> (Vec<(i64, VarId)>, bool) {
    let mut t: Vec<(i64, VarId)> = terms.to_vec();
    t.sort_by_key(|&(_, x)| x);
    let mut out: Vec<(i128, VarId)> = Vec::with_capacity(t.len());
    for (a, x) in t {
        match out.last_mut() {
            // At most 2^64 terms of at most 2^63 each: the sum stays within 128 bits.
            Some((b, y)) if *y == x => *b += i128::from(a),
            _ => out.push((i128::from(a), x)),
        }
    }
    out.retain(|&(a, _)| a != 0);
    let overflow = out.iter().any(|&(a, _)| i64::try_from(a).is_err());
    (out.into_iter().map(|(a, x)| (saturate(a), x)).collect(), overflow)
}

/// `v` clamped to 64 bits.
pub(crate) fn saturate(v: i128) -> i64 {
    v.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64
}

/// The error of an expression whose coefficient or constant went beyond 64 bits.
pub(crate) fn overflow_error() -> ModelError {
    ModelError::InvalidConstraint {
        kind: "linear",
        message: "a coefficient or the constant of the expression is beyond 64 bits".to_string(),
    }
}

/// A value in 64 bits as an engine [`Value`], or the error that says which part is too large.
pub(crate) fn to_value(v: i64, kind: &'static str, what: &str) -> Result<Value, ModelError> {
    Value::try_from(v).map_err(|_| ModelError::InvalidConstraint {
        kind,
        message: format!("{what} {v} is beyond the 32-bit range of values"),
    })
}

impl fmt::Display for LinExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for &(a, x) in &self.terms {
            let (sign, m) = if a < 0 { ("-", -(a as i128)) } else { ("+", a as i128) };
            match (first, sign) {
                (true, "-") => f.write_str("-")?,
                (true, _) => {}
                (false, s) => write!(f, " {s} ")?,
            }
            if m == 1 {
                write!(f, "{x}")?;
            } else {
                write!(f, "{m}*{x}")?;
            }
            first = false;
        }
        match (first, self.constant) {
            (true, c) => write!(f, "{c}"),
            (false, 0) => Ok(()),
            (false, c) if c < 0 => write!(f, " - {}", -(c as i128)),
            (false, c) => write!(f, " + {c}"),
        }
    }
}

/// The sum of expressions (variables, Booleans, literals, constants or [`LinExpr`]s): CP-SAT's
/// `sum(...)`, MiniZinc's `sum(...)`.
///
/// # Example
///
/// ```
/// use csp::{sum, Model};
///
/// let mut model = Model::new();
/// let x = model.new_vars(4, 0..=3)?;
/// let weights = [2, 3, 5, 7];
/// model.add(sum(x.iter().zip(weights).map(|(&x, w)| w * x)).le(20))?;
/// model.add(sum(x.iter().copied()).eq(6))?;
/// assert_eq!(model.num_constraints(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn sum<T: Into<LinExpr>>(items: impl IntoIterator<Item = T>) -> LinExpr {
    items.into_iter().fold(LinExpr::default(), |acc, e| acc + e)
}

impl<T: Into<LinExpr>> std::iter::Sum<T> for LinExpr {
    fn sum<I: Iterator<Item = T>>(iter: I) -> LinExpr {
        sum(iter)
    }
}

/// Comparisons on a variable, as on a [`LinExpr`]: they build constraints (they take precedence
/// over `PartialOrd::le` and friends, which compare identifiers).
impl VarId {
    /// `self <= rhs`; see [`LinExpr::le`].
    pub fn le(self, rhs: impl Into<LinExpr>) -> Relation {
        LinExpr::from(self).le(rhs)
    }

    /// `self < rhs`; see [`LinExpr::lt`].
    pub fn lt(self, rhs: impl Into<LinExpr>) -> Relation {
        LinExpr::from(self).lt(rhs)
    }

    /// `self >= rhs`; see [`LinExpr::ge`].
    pub fn ge(self, rhs: impl Into<LinExpr>) -> Relation {
        LinExpr::from(self).ge(rhs)
    }

    /// `self > rhs`; see [`LinExpr::gt`].
    pub fn gt(self, rhs: impl Into<LinExpr>) -> Relation {
        LinExpr::from(self).gt(rhs)
    }

    /// `self = rhs`; see [`LinExpr::eq`].
    #[allow(clippy::should_implement_trait, reason = "a constraint, not a comparison of identifiers")]
    pub fn eq(self, rhs: impl Into<LinExpr>) -> Relation {
        LinExpr::from(self).eq(rhs)
    }

    /// `self != rhs`; see [`LinExpr::ne`].
    pub fn ne(self, rhs: impl Into<LinExpr>) -> Relation {
        LinExpr::from(self).ne(rhs)
    }
}

#[cfg(test)]
mod tests;

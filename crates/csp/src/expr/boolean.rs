//! Boolean variables and literals: `b`, `!b`, and the clauses `or`, `and`, `implies`, `xor`.
//!
//! A [`BoolVar`] is an ordinary 0/1 variable of the model (1 is true) with a type that says
//! so; a [`Lit`] is a Boolean or its negation. Negation is a *view*: `!b` creates no variable
//! and no constraint, it only flips how constraints read `b` (a [`Clause`](crate::Clause)
//! lists it among its negative literals, a linear term counts it as `1 - b`).
//!
//! Booleans take part in expressions (`sum(bools)` counts the true ones) and reify relations
//! ([`Relation::only_if`], [`Relation::iff`], [`Model::reify`]).
//!
//! # Example
//!
//! A job-shop disjunction: task `a` (duration 3) before `b` (duration 2), or the other way.
//!
//! ```
//! use csp::{Model, Outcome};
//!
//! let mut model = Model::new();
//! let a = model.new_var(0..=10)?;
//! let b = model.new_var(0..=10)?;
//! let a_first = model.new_bool();
//! model.add((a + 3).le(b).iff(a_first))?;
//! model.add((b + 2).le(a).only_if(!a_first))?;
//! model.add(b.le(1))?; // too early for b after a: a_first is false
//! let Outcome::Solved(s) = model.into_solver().solve() else { panic!() };
//! assert_eq!(s.value(a_first.var()), 0);
//! assert!(s[b] + 2 <= s[a]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::ops::Not;

use super::{LinExpr, Relation};
use crate::constraints::Comparison;
use crate::error::ModelError;
use crate::id::VarId;
use crate::model::Model;

/// A Boolean variable: a variable of the model with domain `{0, 1}`, 1 standing for true.
///
/// Created with [`Model::new_bool`]; `!b` is its negation ([`Lit`]), and it converts to an
/// expression ([`LinExpr`]) worth 0 or 1. [`var`](BoolVar::var) gives the underlying variable,
/// to read a solution (`solution[b.var()]`, or `solution.value(b.var()) == 1`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BoolVar(VarId);

impl BoolVar {
    /// Views a variable as a Boolean.
    ///
    /// # Errors
    ///
    /// [`ModelError::InvalidConstraint`] (kind `"bool"`) if `var`'s initial domain is not
    /// within `{0, 1}`, [`ModelError::UnknownVar`] if it is not in `model`.
    pub fn from_var(model: &Model, var: VarId) -> Result<BoolVar, ModelError> {
        model.check_var(var)?;
        let d = model.initial_domain(var);
        if d.min().is_some_and(|m| m < 0) || d.max().is_some_and(|m| m > 1) {
            return Err(ModelError::InvalidConstraint {
                kind: "bool",
                message: format!("variable {} ranges over {d}, not within 0 and 1", model.display_var(var)),
            });
        }
        Ok(BoolVar(var))
    }

    /// The underlying 0/1 variable.
    #[inline]
    pub fn var(self) -> VarId {
        self.0
    }

    /// The positive literal `self`.
    #[inline]
    pub fn lit(self) -> Lit {
        Lit { var: self.0, positive: true }
    }

    /// `self -> other` (a clause `!self ∨ other`).
    pub fn implies(self, other: impl Into<Lit>) -> Relation {
        self.lit().implies(other)
    }

    /// `self <= rhs`, as an expression worth 0 or 1; see [`LinExpr::le`].
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

    /// `self = rhs`; see [`LinExpr::eq`]. `a.eq(b)` on two Booleans is `a <-> b`.
    #[allow(clippy::should_implement_trait, reason = "a constraint, not a comparison of identifiers")]
    pub fn eq(self, rhs: impl Into<LinExpr>) -> Relation {
        LinExpr::from(self).eq(rhs)
    }

    /// `self != rhs`; see [`LinExpr::ne`]. `a.ne(b)` on two Booleans is `a xor b`.
    pub fn ne(self, rhs: impl Into<LinExpr>) -> Relation {
        LinExpr::from(self).ne(rhs)
    }
}

impl fmt::Debug for BoolVar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "BoolVar({})", self.0.index())
    }
}

impl fmt::Display for BoolVar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl Not for BoolVar {
    type Output = Lit;
    fn not(self) -> Lit {
        Lit { var: self.0, positive: false }
    }
}

/// A Boolean literal: a [`BoolVar`] (`b`, true when `b = 1`) or its negation (`!b`, true when
/// `b = 0`). Negation is free: no variable or constraint is created.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Lit {
    var: VarId,
    positive: bool,
}

impl Lit {
    /// The underlying 0/1 variable.
    #[inline]
    pub fn var(self) -> VarId {
        self.var
    }

    /// Whether the literal is `b` rather than `!b`.
    #[inline]
    pub fn is_positive(self) -> bool {
        self.positive
    }

    /// The value of [`var`](Lit::var) that makes the literal true: 1 for `b`, 0 for `!b`.
    #[inline]
    pub fn true_value(self) -> crate::Value {
        crate::Value::from(self.positive)
    }

    /// `self -> other`, posted as the clause `!self ∨ other`.
    ///
    /// # Example
    ///
    /// ```
    /// use csp::Model;
    ///
    /// let mut model = Model::new();
    /// let [rain, wet] = [model.new_bool(), model.new_bool()];
    /// model.add(rain.implies(wet))?;
    /// model.add(!wet)?;
    /// let s = model.into_solver().solve();
    /// assert_eq!(s.solution().map(|s| s[rain.var()]), Some(0));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn implies(self, other: impl Into<Lit>) -> Relation {
        or([!self, other.into()])
    }
}

impl fmt::Debug for Lit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{:?}", if self.positive { "" } else { "!" }, self.var)
    }
}

impl fmt::Display for Lit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", if self.positive { "" } else { "!" }, self.var)
    }
}

impl Not for Lit {
    type Output = Lit;
    fn not(self) -> Lit {
        Lit { var: self.var, positive: !self.positive }
    }
}

impl From<BoolVar> for Lit {
    fn from(b: BoolVar) -> Lit {
        b.lit()
    }
}

impl From<&Lit> for Lit {
    fn from(l: &Lit) -> Lit {
        *l
    }
}

impl From<&BoolVar> for Lit {
    fn from(b: &BoolVar) -> Lit {
        b.lit()
    }
}

/// At least one literal is true: one [`Clause`](crate::Clause). An empty `or` is false.
///
/// # Example
///
/// ```
/// use csp::{or, Model};
///
/// let mut model = Model::new();
/// let b = model.new_bools(3);
/// model.add(or([b[0], b[1]]))?;
/// model.add(or([!b[0], b[2].into()]))?;
/// assert_eq!(model.into_solver().count_solutions(100).count, 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn or<L: Into<Lit>>(lits: impl IntoIterator<Item = L>) -> Relation {
    let (mut pos, mut neg) = (Vec::new(), Vec::new());
    for l in lits {
        let l: Lit = l.into();
        if l.positive {
            pos.push(l.var);
        } else {
            neg.push(l.var);
        }
    }
    Relation::clause(pos, neg)
}

/// Every literal is true: one [`Linear`](crate::Linear) (`Σ lits >= n`), which fixes them all
/// at the root; reified (`and(..).iff(b)`), `b` is the conjunction. An empty `and` is true.
pub fn and<L: Into<Lit>>(lits: impl IntoIterator<Item = L>) -> Relation {
    let lits: Vec<Lit> = lits.into_iter().map(Into::into).collect();
    let n = lits.len() as i32;
    super::sum(lits).ge(n)
}

/// Exactly one of `a` and `b` is true (`a != b`).
pub fn xor(a: impl Into<Lit>, b: impl Into<Lit>) -> Relation {
    LinExpr::from(a.into()).ne(LinExpr::from(b.into()))
}

/// Exactly `k` of the literals are true: `Σ lits = k`, one [`Linear`](crate::Linear).
pub fn exactly<L: Into<Lit>>(k: i32, lits: impl IntoIterator<Item = L>) -> Relation {
    super::sum(lits.into_iter().map(Into::into)).eq(k)
}

/// A literal alone is the constraint that it is true (a unit clause).
impl From<Lit> for Relation {
    fn from(l: Lit) -> Relation {
        or([l])
    }
}

/// A Boolean alone is the constraint that it is true.
impl From<BoolVar> for Relation {
    fn from(b: BoolVar) -> Relation {
        or([b])
    }
}

impl Model {
    /// Creates a Boolean variable (domain `{0, 1}`).
    pub fn new_bool(&mut self) -> BoolVar {
        BoolVar(self.new_var(0..=1).unwrap_or_else(|e| unreachable!("{{0, 1}} is a valid domain: {e}")))
    }

    /// Creates a named Boolean variable (see [`Model::new_named_var`]).
    pub fn new_named_bool(&mut self, name: impl Into<String>) -> BoolVar {
        BoolVar(self.new_named_var(name, 0..=1).unwrap_or_else(|e| unreachable!("{{0, 1}} is a valid domain: {e}")))
    }

    /// Creates `n` Boolean variables.
    pub fn new_bools(&mut self, n: usize) -> Vec<BoolVar> {
        (0..n).map(|_| self.new_bool()).collect()
    }

    /// A new Boolean that is true exactly when `relation` holds (`relation.iff(b)`, posted):
    /// MiniZinc's `bool2int(x < y)`, to count or weigh the relations that hold.
    ///
    /// # Errors
    ///
    /// As [`Model::add`].
    ///
    /// # Panics
    ///
    /// Panics if `relation` is already reified.
    ///
    /// # Example
    ///
    /// ```
    /// use csp::{sum, Model, Optimum};
    ///
    /// let mut model = Model::new();
    /// let x = model.new_vars(4, 0..=3)?;
    /// model.all_different(x.clone())?;
    /// // Count the ascents x[i] < x[i + 1], and maximise them.
    /// let ascents: Vec<_> = x.windows(2).map(|w| model.reify(w[0].lt(w[1]))).collect::<Result<_, _>>()?;
    /// model.maximize(sum(ascents))?;
    /// let Optimum::Optimal(s) = model.into_solver().solve_optimal() else { panic!() };
    /// assert_eq!(x.iter().map(|&v| s[v]).collect::<Vec<_>>(), vec![0, 1, 2, 3]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn reify(&mut self, relation: impl Into<Relation>) -> Result<BoolVar, ModelError> {
        let b = self.new_bool();
        self.add(relation.into().iff(b))?;
        Ok(b)
    }
}

impl Model {
    /// One of two relations holds: a new Boolean `b` with `first.only_if(b)` and
    /// `second.only_if(!b)` posted, returned. A job-shop disjunction in one line.
    ///
    /// # Errors
    ///
    /// As [`Model::add`].
    ///
    /// # Panics
    ///
    /// Panics if a relation is already reified.
    ///
    /// # Example
    ///
    /// ```
    /// use csp::{Model, Outcome};
    ///
    /// let mut model = Model::new();
    /// let (a, b) = (model.new_var(0..=10)?, model.new_var(0..=10)?);
    /// let a_first = model.either((a + 3).le(b), (b + 2).le(a))?; // no overlap
    /// model.add(b.le(1))?;
    /// let Outcome::Solved(s) = model.into_solver().solve() else { panic!() };
    /// assert_eq!((s[a_first.var()], s[b] + 2 <= s[a]), (0, true));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn either(&mut self, first: impl Into<Relation>, second: impl Into<Relation>) -> Result<BoolVar, ModelError> {
        let b = self.new_bool();
        self.add(first.into().only_if(b))?;
        self.add(second.into().only_if(!b))?;
        Ok(b)
    }
}

/// The comparison of a relation's negation: `!(s <= c)` is `s >= c + 1`, and so on.
pub(crate) fn negate(cmp: Comparison, rhs: i64) -> (Comparison, i64) {
    match cmp {
        Comparison::Equal => (Comparison::NotEqual, rhs),
        Comparison::NotEqual => (Comparison::Equal, rhs),
        Comparison::LessOrEqual => (Comparison::GreaterOrEqual, rhs + 1),
        Comparison::GreaterOrEqual => (Comparison::LessOrEqual, rhs - 1),
    }
}

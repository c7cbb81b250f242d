//! Boolean variables and literals: `b`, `!b`, and the clauses `or`, `and`, `implies`, `xor`.
//!
//! A [`BoolVar`] is an ordinary 0/1 variable of the model (1 is true) with a type that says
//! so; a [`Lit`] is a Boolean or its negation. Negation is a *view*: `!b` creates no variable
//! and no constraint, it only flips how constraints read `b` (a [`Clause`](crate::constraints::Clause)
//! lists it among its negative literals, a linear term counts it as `1 - b`).
//!
//! Booleans take part in expressions (`sum(bools)` counts the true ones) and reify relations
//! ([`Relation::only_if`](super::Relation::only_if), [`Relation::iff`](super::Relation::iff), [`Model::reify`]).
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
use std::ops::{Index, Not};

use crate::error::ModelError;
use crate::id::VarId;
use crate::model::Model;
use crate::search::Solution;

/// A Boolean variable: a variable of the model with domain `{0, 1}`, 1 standing for true.
///
/// Created with [`Model::new_bool`]; `!b` is its negation ([`Lit`]), and it converts to an
/// expression ([`LinExpr`](super::LinExpr)) worth 0 or 1. A solution indexed by it gives a
/// `bool` (`solution[b]`, `solution[!b]`); [`var`](BoolVar::var) gives the underlying variable
/// (`solution[b.var()]` is 0 or 1).
///
/// # Example
///
/// ```
/// use csp::{Model, Outcome};
///
/// let mut model = Model::new();
/// let (a, b) = (model.new_bool(), model.new_bool());
/// model.add(csp::expr::xor(a, b))?;
/// model.add(a.var().le(0))?;
/// let Outcome::Solved(s) = model.into_solver().solve() else { panic!() };
/// assert_eq!((s[a], s[b], s[!a], s[b.var()]), (false, true, true, 1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
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
    pub fn true_value(self) -> crate::id::Value {
        crate::id::Value::from(self.positive)
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

impl Index<BoolVar> for Solution {
    type Output = bool;

    /// Whether `b` is true in the solution.
    ///
    /// # Panics
    ///
    /// Panics if `b` is not a variable of the solved model.
    fn index(&self, b: BoolVar) -> &bool {
        &self[b.lit()]
    }
}

impl Index<Lit> for Solution {
    type Output = bool;

    /// Whether the literal is true in the solution.
    ///
    /// # Panics
    ///
    /// Panics if the literal's variable is not a variable of the solved model.
    fn index(&self, lit: Lit) -> &bool {
        if self[lit.var] == lit.true_value() {
            &true
        } else {
            &false
        }
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
}

//! The Boolean connectives and reification: `or`, `and`, `xor`, `exactly`, implications,
//! comparisons of Booleans, and the relations a Boolean stands for ([`Model::reify`],
//! [`Model::either`]).

use super::boolean::{BoolVar, Lit};
use super::relation::Relation;
use super::LinExpr;
use crate::error::ModelError;
use crate::model::Model;

impl BoolVar {
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

impl Lit {
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

/// At least one literal is true: one [`Clause`](crate::constraints::Clause). An empty `or` is false.
///
/// # Example
///
/// ```
/// use csp::Model;
/// use csp::expr::or;
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
        if l.is_positive() {
            pos.push(l.var());
        } else {
            neg.push(l.var());
        }
    }
    Relation::clause(pos, neg)
}

/// Every literal is true: one [`Linear`](crate::constraints::Linear) (`Σ lits >= n`), which fixes them all
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

/// Exactly `k` of the literals are true: `Σ lits = k`, one [`Linear`](crate::constraints::Linear).
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
    /// A new Boolean that is true exactly when `relation` holds (`relation.iff(b)`, posted):
    /// MiniZinc's `bool2int(x < y)`, to count or weigh the relations that hold.
    ///
    /// # Errors
    ///
    /// As [`Model::add`] (a relation already reified is an error); the model is unchanged then.
    ///
    /// # Example
    ///
    /// ```
    /// use csp::{sum, Model};
    /// use csp::solve::Optimum;
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
        let relation = relation.into();
        self.atomically(|m| {
            let b = m.new_bool();
            m.add(relation.iff(b))?;
            Ok(b)
        })
    }
}

impl Model {
    /// One of two relations holds: a new Boolean `b` with `first.only_if(b)` and
    /// `second.only_if(!b)` posted, returned. A job-shop disjunction in one line.
    ///
    /// # Errors
    ///
    /// As [`Model::add`] (a relation already reified is an error); the model is unchanged then.
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
        let (first, second) = (first.into(), second.into());
        self.atomically(|m| {
            let b = m.new_bool();
            m.add(first.only_if(b))?;
            m.add(second.only_if(!b))?;
            Ok(b)
        })
    }
}

//! [`Relation`]: a constraint built from expressions, not yet posted, and [`Model::add`].

use std::ops::Not;

use super::{merge, overflow_error, saturate, to_value, LinExpr};
use crate::constraint::ConstraintId;
use crate::constraints::{Clause, Comparison, Equal, Linear, NotEqual, ReifiedLinear};
use crate::error::ModelError;
use crate::expr::boolean::Lit;
use crate::id::VarId;
use crate::model::Model;

/// A constraint built from expressions (`x.le(y + 3)`, [`or`](crate::expr::or)`([a, !b])`), not yet
/// posted: post it with [`Model::add`].
///
/// Before posting, [`only_if`](Relation::only_if) (half reification, CP-SAT's
/// `OnlyEnforceIf`) and [`iff`](Relation::iff) (full reification) tie it to a literal, and `!`
/// negates it. A relation compiles to exactly one engine constraint (see the
/// [`expr`](crate::expr) module for which).
#[derive(Clone, Debug, PartialEq, Eq)]
#[must_use = "a relation does nothing until posted with Model::add"]
pub struct Relation {
    kind: Kind,
    enforce: Enforce,
    /// A misuse found while building (a second reification, the negation of a reified
    /// relation), reported by [`Model::add`] as an error.
    misuse: Option<&'static str>,
    /// Whether a coefficient or the constant went beyond 64 bits (reported by
    /// [`Model::add`]).
    overflow: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Kind {
    /// `Σ terms ⋈ rhs` (terms unmerged).
    Linear { terms: Vec<(i64, VarId)>, cmp: Comparison, rhs: i64 },
    /// `∨ pos ∨ ¬neg` over 0/1 variables.
    Clause { pos: Vec<VarId>, neg: Vec<VarId> },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Enforce {
    Always,
    /// `lit -> relation`.
    OnlyIf(Lit),
    /// `lit <-> relation`.
    Iff(Lit),
}

impl Relation {
    /// `lhs - rhs ⋈ shift`, i.e. `lhs ⋈ rhs + shift`.
    pub(crate) fn compare(lhs: LinExpr, cmp: Comparison, rhs: LinExpr, shift: i64) -> Relation {
        let e = lhs - rhs;
        let overflow = e.overflows();
        let rhs = i128::from(shift) - i128::from(e.constant);
        let kind = Kind::Linear { terms: e.terms, cmp, rhs: saturate(rhs) };
        Relation { kind, enforce: Enforce::Always, misuse: None, overflow: overflow || saturate(rhs) as i128 != rhs }
    }

    pub(crate) fn clause(pos: Vec<VarId>, neg: Vec<VarId>) -> Relation {
        Relation { kind: Kind::Clause { pos, neg }, enforce: Enforce::Always, misuse: None, overflow: false }
    }

    /// `lit -> self`: the relation must hold when `lit` is true; when it cannot hold, `lit` is
    /// made false (half reification; CP-SAT's `OnlyEnforceIf`, MiniZinc's `b -> c`).
    ///
    /// A relation already reified stays so, and [`Model::add`] refuses it (use a Boolean for
    /// the conjunction of the two literals instead).
    ///
    /// # Example
    ///
    /// ```
    /// use csp::Model;
    ///
    /// let mut model = Model::new();
    /// let x = model.new_var(0..=9)?;
    /// let small = model.new_bool();
    /// model.add(x.le(3).only_if(small))?;
    /// model.add(x.ge(5))?;
    /// let mut solver = model.into_solver();
    /// solver.propagate()?;
    /// assert_eq!(solver.value(small.var()), Some(0));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn only_if(self, lit: impl Into<Lit>) -> Relation {
        self.enforced(Enforce::OnlyIf(lit.into()))
    }

    /// `lit <-> self`: `lit` is true exactly when the relation holds (full reification;
    /// MiniZinc's `b <-> c`, FlatZinc's `*_reif`).
    ///
    /// A relation already reified stays so, and [`Model::add`] refuses it.
    pub fn iff(self, lit: impl Into<Lit>) -> Relation {
        self.enforced(Enforce::Iff(lit.into()))
    }

    fn enforced(self, e: Enforce) -> Relation {
        if self.enforce != Enforce::Always {
            return Relation {
                misuse: self
                    .misuse
                    .or(Some("the relation is reified twice (use a Boolean for the conjunction of the literals)")),
                ..self
            };
        }
        Relation { enforce: e, ..self }
    }

    /// The relation in linear form over the variables: a clause `∨ pos ∨ ¬neg` is
    /// `Σ pos - Σ neg >= 1 - |neg|`.
    fn linear_form(&self) -> (Vec<(i64, VarId)>, Comparison, i64) {
        match &self.kind {
            Kind::Linear { terms, cmp, rhs } => (terms.clone(), *cmp, *rhs),
            Kind::Clause { pos, neg } => {
                let terms = pos.iter().map(|&x| (1, x)).chain(neg.iter().map(|&x| (-1, x))).collect();
                (terms, Comparison::GreaterOrEqual, 1 - neg.len() as i64)
            }
        }
    }

    /// Compiles the relation into its one engine constraint and posts it.
    fn post(self, model: &mut Model, name: Option<String>) -> Result<ConstraintId, ModelError> {
        if let Some(message) = self.misuse {
            return Err(ModelError::InvalidConstraint { kind: "relation", message: message.to_string() });
        }
        if self.overflow {
            return Err(overflow_error());
        }
        match &self.kind {
            Kind::Linear { terms, .. } => model.check_vars(terms.iter().map(|&(_, x)| x))?,
            Kind::Clause { pos, neg } => model.check_vars(pos.iter().chain(neg).copied())?,
        }
        if let Enforce::OnlyIf(l) | Enforce::Iff(l) = self.enforce {
            model.check_var(l.var())?;
        }
        let b = match (self.enforce, &self.kind) {
            (Enforce::Always, Kind::Clause { pos, neg }) => {
                return model.post_boxed(Box::new(Clause::new(pos.clone(), neg.clone())), name);
            }
            (Enforce::OnlyIf(l), Kind::Clause { pos, neg }) => {
                // l -> clause is the clause with !l added.
                let (mut pos, mut neg) = (pos.clone(), neg.clone());
                if l.is_positive() {
                    neg.push(l.var());
                } else {
                    pos.push(l.var());
                }
                return model.post_boxed(Box::new(Clause::new(pos, neg)), name);
            }
            (Enforce::Always, _) => None,
            (Enforce::OnlyIf(l), _) => Some((l, true)),
            (Enforce::Iff(l), _) => Some((l, false)),
        };
        let (terms, cmp, rhs) = self.linear_form();
        let (terms, _) = merge(&terms);
        let rhs32 = to_value(rhs, "linear", "the constant")?;
        let terms32 = terms
            .iter()
            .map(|&(a, x)| Ok((to_value(a, "linear", "coefficient")?, x)))
            .collect::<Result<Vec<_>, ModelError>>()?;
        let c: Box<dyn crate::model::constraint::Constraint> = match b {
            Some((l, half)) => {
                let r = if half {
                    ReifiedLinear::implied_by(terms32, cmp, rhs32, l.var())
                } else {
                    ReifiedLinear::new(terms32, cmp, rhs32, l.var())
                };
                Box::new(if l.is_positive() { r } else { r.negated() })
            }
            None => match (&terms32[..], cmp) {
                // x - y ⋈ c: x ⋈ y + c, the binary constraints a modeller would write.
                ([(a, x), (b, y)], Comparison::Equal | Comparison::NotEqual) if i64::from(*a) * i64::from(*b) == -1 => {
                    let (x, y) = if *a == 1 { (*x, *y) } else { (*y, *x) };
                    if cmp == Comparison::Equal {
                        Box::new(Equal::with_offset(x, y, rhs32))
                    } else {
                        Box::new(NotEqual::with_offset(x, y, rhs32))
                    }
                }
                _ => Box::new(Linear::new(terms32, cmp, rhs32)),
            },
        };
        model.post_boxed(c, name)
    }
}

/// The relation as written after normalisation: `2*x0 - x1 <= 3`, `x0 ∨ ¬x1`, with
/// ` if b`/` iff b` for a reified one.
impl std::fmt::Display for Relation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.kind {
            Kind::Linear { terms, cmp, rhs } => {
                let lhs = LinExpr { terms: merge(terms).0, constant: 0, overflow: false };
                write!(f, "{lhs} {cmp} {rhs}")?;
            }
            Kind::Clause { pos, neg } => {
                let lits: Vec<String> =
                    pos.iter().map(|x| x.to_string()).chain(neg.iter().map(|x| format!("¬{x}"))).collect();
                if lits.is_empty() {
                    f.write_str("false")?;
                } else {
                    f.write_str(&lits.join(" ∨ "))?;
                }
            }
        }
        match self.enforce {
            Enforce::Always => Ok(()),
            Enforce::OnlyIf(l) => write!(f, " if {l}"),
            Enforce::Iff(l) => write!(f, " iff {l}"),
        }
    }
}

/// The negation of a relation: `!(x.le(y))` is `x.gt(y)`, `!or([a, b])` is `and([!a, !b])`.
///
/// The negation of a reified relation is refused by [`Model::add`] (an error, as a second
/// reification is).
impl Not for Relation {
    type Output = Relation;
    fn not(self) -> Relation {
        if self.enforce != Enforce::Always {
            return Relation { misuse: self.misuse.or(Some("a reified relation cannot be negated")), ..self };
        }
        let (terms, cmp, rhs) = self.linear_form();
        // `rhs ± 1` past 64 bits saturates: the overflow is reported when posted.
        let past = matches!((cmp, rhs), (Comparison::LessOrEqual, i64::MAX) | (Comparison::GreaterOrEqual, i64::MIN));
        let overflow = self.overflow || past;
        let (cmp, rhs) = negate(cmp, rhs);
        Relation { kind: Kind::Linear { terms, cmp, rhs }, enforce: Enforce::Always, misuse: self.misuse, overflow }
    }
}

impl Model {
    /// Posts a relation built from expressions: one engine constraint, whose identifier is
    /// returned (the constraint a modeller would write by hand; see [`expr`](crate::expr)).
    ///
    /// # Errors
    ///
    /// [`ModelError::InvalidConstraint`] when a coefficient or constant of the relation is
    /// beyond 32 bits, or a literal's variable is not 0/1; otherwise as [`Model::post`].
    ///
    /// # Example
    ///
    /// ```
    /// use csp::{Model, Outcome};
    ///
    /// let mut model = Model::new();
    /// let s1 = model.new_var(0..=10)?;
    /// let s2 = model.new_var(0..=10)?;
    /// let d = 4;
    /// model.add((s1 + d).le(s2))?; // s1 + 4 <= s2, no sign to get wrong
    /// let Outcome::Solved(s) = model.into_solver().solve() else { panic!() };
    /// assert!(s[s1] + d <= s[s2]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn add(&mut self, relation: impl Into<Relation>) -> Result<ConstraintId, ModelError> {
        relation.into().post(self, None)
    }

    /// Posts a relation with a name, used in logs and in explanations of unsatisfiability
    /// ([`Model::explain_unsat`]); see [`Model::add`].
    ///
    /// # Errors
    ///
    /// As [`Model::add`].
    pub fn add_named(
        &mut self,
        name: impl Into<String>,
        relation: impl Into<Relation>,
    ) -> Result<ConstraintId, ModelError> {
        relation.into().post(self, Some(name.into()))
    }
}

/// The comparison of a relation's negation: `!(s <= c)` is `s >= c + 1`, and so on.
pub(crate) fn negate(cmp: Comparison, rhs: i64) -> (Comparison, i64) {
    match cmp {
        Comparison::Equal => (Comparison::NotEqual, rhs),
        Comparison::NotEqual => (Comparison::Equal, rhs),
        Comparison::LessOrEqual => (Comparison::GreaterOrEqual, rhs.saturating_add(1)),
        Comparison::GreaterOrEqual => (Comparison::LessOrEqual, rhs.saturating_sub(1)),
    }
}

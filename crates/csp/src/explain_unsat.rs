//! Why a model has no solution: a minimal set of constraints (or of assignments) that has no
//! solution on its own, found by QuickXplain.
//!
//! # Background
//!
//! A *conflict* is a set of constraints with no solution; it is *minimal* when removing any
//! one of its members leaves a set that has one. Among the constraints of an unsatisfiable
//! model, some are *hard* (always kept: the rules of the puzzle) and the others *soft* (the
//! suspects: the givens, the clues, the user's requests); the explanation is a minimal set of
//! soft constraints that, with all the hard ones, has no solution.
//!
//! QuickXplain (Junker 2004) finds one by divide and conquer: split the suspects in halves;
//! if the first half is already in conflict with the hard constraints, the second is not
//! needed; otherwise explain the second half given the first, then the first given what was
//! found in the second. Each step is a satisfiability check, a complete search on the
//! sub-model. For a conflict of `k` members among `n` suspects it makes
//! `O(k log(n / k) + k)` checks, against `n` for deletion one by one.
//!
//! Each check is a search, which may be long; the explanation runs under [`Limits`] for all
//! checks together (nodes, time, cancellation), and a limit gives
//! [`Explanation::LimitReached`], never a set that was not proven minimal.
//!
//! Two entry points:
//!
//! * [`Model::explain_unsat`] and [`Model::explain_unsat_among`]: suspects are constraints,
//!   named as the model names them ([`Model::post_named`], [`Model::add_named`]);
//! * [`Solver::explain_assignments`]: suspects are assignments `x = v` (the givens of a
//!   puzzle) on top of the solver's current state, all checked on one solver by checkpoints.
//!
//! # Bibliography
//!
//! * U. Junker, "QuickXplain: preferred explanations and relaxations for over-constrained
//!   problems", AAAI 2004.
//! * J. L. de Siqueira N. and J.-F. Puget, "Explanation-based generalisation of failures",
//!   ECAI 1988 (deletion filtering).

use std::fmt;
use std::time::Instant;

use crate::constraints::{AllDifferent, Intersection};
use crate::id::ConstraintId;
use crate::id::{Value, VarId};
use crate::model::constraint::downcast_ref;
use crate::model::Model;
use crate::search::{Limit, Limits, Outcome, Solution, Solver};

/// The answer to "why is there no solution?": a minimal conflict, a solution, or a limit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Explanation<T> {
    /// The hard constraints with these suspects have no solution, and removing any one of
    /// them gives a set that has one. Empty when the hard constraints alone have none.
    Minimal(Vec<T>),
    /// There is a solution with every suspect: nothing to explain.
    Satisfiable(Solution),
    /// A limit stopped the checks: nothing is proven.
    LimitReached(Limit),
}

impl<T> Explanation<T> {
    /// The members of the minimal conflict, if one was found.
    pub fn conflict(&self) -> Option<&[T]> {
        match self {
            Explanation::Minimal(m) => Some(m),
            _ => None,
        }
    }
}

/// A constraint of a minimal conflict: its identifier and its label, the name it was posted
/// with or `kind#index` ([`Model::constraint_label`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConflictMember {
    /// The constraint.
    pub id: ConstraintId,
    /// Its name, or `kind#index` without one.
    pub label: String,
}

impl fmt::Display for ConflictMember {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.label)
    }
}

/// The limits of a whole explanation, shared by its checks.
struct Budget {
    max_nodes: Option<u64>,
    deadline: Option<Instant>,
    limits: Limits,
    /// Nodes used so far.
    used: u64,
}

impl Budget {
    fn new(limits: Limits) -> Budget {
        let deadline = limits.timeout.and_then(|t| Instant::now().checked_add(t));
        Budget { max_nodes: limits.max_nodes, deadline, limits, used: 0 }
    }

    /// The limits of the next check, or the limit already reached.
    fn next(&self) -> Result<Limits, Limit> {
        let max_nodes = match self.max_nodes {
            Some(m) if self.used >= m => return Err(Limit::Nodes),
            Some(m) => Some(m - self.used),
            None => None,
        };
        let timeout = match self.deadline {
            Some(d) => match d.checked_duration_since(Instant::now()) {
                Some(t) if !t.is_zero() => Some(t),
                _ => return Err(Limit::Time),
            },
            None => None,
        };
        Ok(Limits { max_nodes, timeout, cancel: self.limits.cancel.clone() })
    }

    /// Runs one search under the remaining budget: `Ok(Some(solution))`, `Ok(None)` for
    /// unsatisfiable, or the limit.
    fn solve(&mut self, solver: &mut Solver) -> Result<Option<Solution>, Limit> {
        let saved = solver.limits().clone();
        solver.set_limits(self.next()?);
        let before = solver.stats().nodes;
        let outcome = solver.solve();
        self.used += solver.stats().nodes - before;
        solver.set_limits(saved);
        match outcome {
            Outcome::Solved(s) => Ok(Some(s)),
            Outcome::Unsatisfiable => Ok(None),
            Outcome::LimitReached(l) => Err(l),
        }
    }
}

/// QuickXplain over suspects `0..n`: `consistent(set)` says whether the hard constraints with
/// the suspects of `set` have a solution.
fn quickxplain<E>(
    n: usize,
    consistent: &mut impl FnMut(&[usize]) -> Result<Option<Solution>, E>,
) -> Result<Result<Vec<usize>, Solution>, E> {
    let all: Vec<usize> = (0..n).collect();
    if let Some(s) = consistent(&all)? {
        return Ok(Err(s));
    }
    if consistent(&[])?.is_none() {
        return Ok(Ok(Vec::new()));
    }
    let mut background = Vec::new();
    let mut found = qx(&mut background, false, &all, consistent)?;
    found.sort_unstable();
    Ok(Ok(found))
}

/// Junker's QX(B, Δ, C): a minimal subset of `c` in conflict with `b`, given that `b ∪ c` is.
fn qx<E>(
    b: &mut Vec<usize>,
    delta_nonempty: bool,
    c: &[usize],
    consistent: &mut impl FnMut(&[usize]) -> Result<Option<Solution>, E>,
) -> Result<Vec<usize>, E> {
    if delta_nonempty && consistent(b)?.is_none() {
        return Ok(Vec::new());
    }
    if c.len() == 1 {
        return Ok(c.to_vec());
    }
    let (c1, c2) = c.split_at(c.len() / 2);
    let len = b.len();
    b.extend_from_slice(c1);
    let d2 = qx(b, !c1.is_empty(), c2, consistent)?;
    b.truncate(len);
    b.extend_from_slice(&d2);
    let mut d1 = qx(b, !d2.is_empty(), c1, consistent)?;
    b.truncate(len);
    d1.extend(d2);
    Ok(d1)
}

/// Deletion with core refinement over suspects `0..n`: `check(set)` says whether the hard
/// constraints with the suspects of `set` have a solution, and if not, which suspects of
/// `set` its refutation used (a subset of `set` that is in conflict on its own).
///
/// The first check, with every suspect, gives a core; then each member in turn is left out:
/// if the rest still has no solution, its (smaller) core replaces the candidates, else the
/// member is necessary. Every member kept was shown necessary against a superset of the
/// result, so the result is minimal (a subset of a satisfiable set is satisfiable).
fn deletion_with_cores<E>(
    n: usize,
    check: &mut impl FnMut(&[usize]) -> Result<Result<Vec<usize>, Solution>, E>,
) -> Result<Result<Vec<usize>, Solution>, E> {
    let all: Vec<usize> = (0..n).collect();
    let mut cands = match check(&all)? {
        Err(solution) => return Ok(Err(solution)),
        Ok(core) => core,
    };
    let mut i = 0;
    let mut test = Vec::with_capacity(cands.len());
    while i < cands.len() {
        test.clear();
        test.extend(cands.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &c)| c));
        match check(&test)? {
            Ok(core) => {
                // The core keeps the candidates' order; the member at `i` is new.
                cands = core;
            }
            Err(_) => i += 1,
        }
    }
    Ok(Ok(cands))
}

impl Model {
    /// A minimal set of this model's constraints that has no solution: every constraint is a
    /// suspect. See [`Model::explain_unsat_among`].
    ///
    /// # Example
    ///
    /// ```
    /// use csp::{Limits, Model};
    /// use csp::solve::Explanation;
    ///
    /// let mut model = Model::new();
    /// let x = model.new_var(0..=9)?;
    /// let y = model.new_var(0..=9)?;
    /// model.add_named("x small", x.le(2))?;
    /// model.add_named("y large", y.ge(5))?;
    /// model.add_named("x after y", x.gt(y))?;
    /// model.add_named("x positive", x.ge(1))?;
    /// let Explanation::Minimal(conflict) = model.explain_unsat(Limits::default()) else { panic!() };
    /// let names: Vec<String> = conflict.iter().map(|m| m.label.clone()).collect();
    /// assert_eq!(names, ["x small", "y large", "x after y"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn explain_unsat(&self, limits: Limits) -> Explanation<ConflictMember> {
        let all: Vec<ConstraintId> = self.constraints().map(|(id, _)| id).collect();
        self.explain_unsat_among(&all, limits)
    }

    /// A minimal set among the `soft` constraints that, with all the other constraints of
    /// the model (the hard ones), has no solution: QuickXplain. Members come in increasing
    /// identifier order, each with its label. Under `limits` for all checks together.
    ///
    /// Constraints the engine derives from others are left out of every check, as they are
    /// implied: the network of [`Model::compile_all_different`] and the intersections of
    /// [`Model::post_intersections`] (an all-different that took an intersection is checked
    /// as posted, without it).
    ///
    /// # Panics
    ///
    /// Panics if a soft identifier is not a constraint of this model.
    pub fn explain_unsat_among(&self, soft: &[ConstraintId], limits: Limits) -> Explanation<ConflictMember> {
        let n = self.num_constraints();
        let mut is_soft = vec![false; n];
        for &id in soft {
            assert!(id.index() < n, "constraint {id} is not in this model of {n} constraints");
            is_soft[id.index()] = true;
        }
        let soft: Vec<ConstraintId> = (0..n).filter(|&i| is_soft[i]).map(ConstraintId::from_index).collect();
        let derived: Vec<bool> = (0..n)
            .map(|i| {
                self.stand_ins.iter().any(|(by, _)| by.index() == i)
                    || downcast_ref::<Intersection>(&*self.constraints[i]).is_some()
            })
            .collect();
        let mut budget = Budget::new(limits);
        let mut keep = vec![false; n];
        // Learning hook: each check is a search with lazy clause generation that, when it
        // finds no solution, names the constraints its refutation used (a core).
        let mut check = |set: &[usize]| -> Result<Result<Vec<usize>, Solution>, Limit> {
            keep.iter_mut().enumerate().for_each(|(i, k)| *k = !is_soft[i] && !derived[i]);
            for &s in set {
                keep[soft[s].index()] = true;
            }
            let (sub, origin) = self.submodel(&keep);
            let mut solver = sub.into_solver();
            solver.set_learning(true);
            solver.set_core_tracking(true);
            match budget.solve(&mut solver)? {
                Some(solution) => Ok(Err(solution)),
                None => {
                    let used: Vec<bool> = match solver.unsat_core() {
                        Some(core) => {
                            let mut used = vec![false; n];
                            for c in core {
                                used[origin[c.index()]] = true;
                            }
                            used
                        }
                        None => vec![true; n],
                    };
                    Ok(Ok(set.iter().copied().filter(|&s| used[soft[s].index()]).collect()))
                }
            }
        };
        match deletion_with_cores(soft.len(), &mut check) {
            Ok(Ok(found)) => Explanation::Minimal(
                found
                    .into_iter()
                    .map(|s| ConflictMember { id: soft[s], label: self.constraint_label(soft[s]) })
                    .collect(),
            ),
            Ok(Err(solution)) => Explanation::Satisfiable(solution),
            Err(limit) => Explanation::LimitReached(limit),
        }
    }

    /// The model with only the constraints `keep[i]`, as posted (no stand-ins; an all-different
    /// without the intersections it took, which depend on other constraints), and the index
    /// in this model of each of its constraints.
    fn submodel(&self, keep: &[bool]) -> (Model, Vec<usize>) {
        let mut origin = Vec::new();
        let mut m = self.clone();
        m.constraints.clear();
        m.constraint_names.clear();
        m.stand_ins.clear();
        m.objective = None;
        for (i, c) in self.constraints.iter().enumerate().filter(|&(i, _)| keep[i]) {
            let name = self.constraint_names[i].as_ref().map(|n| n.to_string());
            let posted = match downcast_ref::<AllDifferent>(&**c) {
                Some(ad) => {
                    let fresh = if ad.offsets().is_empty() {
                        AllDifferent::new(ad.vars())
                    } else {
                        AllDifferent::with_offsets(ad.vars(), ad.offsets())
                    };
                    let fresh = fresh.with_strength(ad.strength());
                    m.post_boxed(Box::new(fresh), name)
                }
                None => {
                    m.constraints.push(c.clone());
                    m.constraint_names.push(name.map(String::into_boxed_str));
                    Ok(ConstraintId::from_index(m.constraints.len() - 1))
                }
            };
            posted.unwrap_or_else(|e| unreachable!("a constraint the model accepted is refused again: {e}"));
            origin.resize(m.constraints.len(), i);
        }
        (m, origin)
    }
}

impl Solver {
    /// A minimal set among the assignments `soft` (`x = v`, such as the givens of a puzzle)
    /// that, from the solver's current state, leaves no solution: QuickXplain, with every
    /// check a search on this solver between a checkpoint and its restore. Members come in the
    /// order of `soft`. Under `limits` for all checks together; the solver's own limits are
    /// restored afterwards, and its statistics count the checks' work.
    ///
    /// An assignment outside its variable's current domain is in conflict on its own.
    ///
    /// # Panics
    ///
    /// Panics if a variable is not in the model.
    ///
    /// # Example
    ///
    /// A row of three cells, all different over `1..=3`; the givens `a = 1`, `b = 2` and
    /// `c = 2` cannot all hold, and `b = 2, c = 2` alone already cannot.
    ///
    /// ```
    /// use csp::{Limits, Model};
    /// use csp::solve::Explanation;
    ///
    /// let mut model = Model::new();
    /// let [a, b, c] = [(); 3].map(|_| model.new_var(1..=3).unwrap());
    /// model.all_different([a, b, c])?;
    /// let mut solver = model.into_solver();
    /// let givens = [(a, 1), (b, 2), (c, 2)];
    /// let e = solver.explain_assignments(&givens, Limits::default());
    /// assert_eq!(e, Explanation::Minimal(vec![(b, 2), (c, 2)]));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn explain_assignments(&mut self, soft: &[(VarId, Value)], limits: Limits) -> Explanation<(VarId, Value)> {
        for &(x, _) in soft {
            self.model().var_info(x);
        }
        let mut budget = Budget::new(limits);
        let mut consistent = |set: &[usize]| -> Result<Option<Solution>, Limit> {
            let cp = self.new_checkpoint();
            let fixed = set.iter().all(|&i| {
                let (x, v) = soft[i];
                self.domain(x).contains(v) && self.assign(x, v).is_ok()
            });
            let r = if fixed { budget.solve(self) } else { Ok(None) };
            self.restore_to(cp);
            r
        };
        match quickxplain(soft.len(), &mut consistent) {
            Ok(Ok(found)) => Explanation::Minimal(found.into_iter().map(|i| soft[i]).collect()),
            Ok(Err(solution)) => Explanation::Satisfiable(solution),
            Err(limit) => Explanation::LimitReached(limit),
        }
    }
}

#[cfg(test)]
mod tests;

//! Learning from conflicts: the engine's prunings as literals on a trail, their explanations,
//! and clauses learned from each conflict (lazy clause generation).
//!
//! # Background
//!
//! A learning search remembers *why* each branch failed (Ohrimenko, Stuckey and Codish 2009).
//! Every domain change is an *atomic constraint* made true (`[x != v]`, `[x >= v]`, a block
//! of values gone, a decision `[x = v]`), recorded on a trail ([`trail`]) with its decision
//! level and its cause: a decision, a constraint, a learned clause. At a conflict, the
//! analysis (`search/lcg/`) asks the causes for their *explanations*, conjunctions of atoms
//! that were true before and imply the change, and resolves them backwards from the conflict
//! until one atom of the last decision level is left (the first unique implication point).
//! The atoms it stopped at can never all hold together: their negations form a clause
//! ([`clauses`]), watched and propagated from then on, and the search jumps back to the level
//! where that clause first propagates.
//!
//! Every propagator is explained without help: the *generic explanation* of a change made by
//! a constraint is the state of the constraint's scope just before the change (the atoms of
//! every earlier change of its variables). A monotone propagator makes the same change (or a
//! stronger one) from any state inside that one, so the clause is sound; it is as weak as it
//! is general, which a precise explanation improves on: a constraint gives one through
//! [`Constraint::explain`](crate::model::constraint::Constraint::explain), asked lazily by the
//! analysis with an [`explain::Antecedents`] that reads the domains before the change from
//! the trail (nothing is recorded for it while the search runs; once asked for, it is kept
//! while its entry lives, [`reasons`]).
//!
//! # Bibliography
//!
//! * O. Ohrimenko, P. J. Stuckey and M. Codish, "Propagation via lazy clause generation",
//!   Constraints 14, 2009.
//! * J. P. Marques-Silva and K. A. Sakallah, "GRASP: a search algorithm for propositional
//!   satisfiability", IEEE Trans. Computers 48, 1999 (first-UIP learning).
//! * G. Audemard and L. Simon, "Predicting learnt clauses quality in modern SAT solvers",
//!   IJCAI 2009 (LBD).

pub(crate) mod clauses;
pub(crate) mod explain;
pub(crate) mod literals;
pub(crate) mod proof;
pub(crate) mod reasons;
pub(crate) mod trail;

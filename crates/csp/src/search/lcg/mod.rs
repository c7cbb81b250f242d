//! The search with lazy clause generation: decisions, propagation of the constraints and of
//! the learned clauses, first-UIP conflict analysis over the literal trail
//! (`crate::learning`), backjumping, VSIDS with phase saving, restarts
//! ([`LearningRestarts`]: Luby's or Glucose's) and a clause database reduced by LBD. Switched
//! on with [`Solver::set_learning`]. By concept: the variables' activities (`activity.rs`),
//! when to restart (`restarts.rs`), clause minimisation (`minimise.rs`), unsatisfiable cores
//! (`cores.rs`), and what tests read of the search, the explanations audited and the clauses
//! kept (`audit.rs`); the loop, propagation, conflict analysis and the clause database here.
//!
//! The analysis explains a change made by a constraint by asking it
//! ([`Constraint::explain`], on the domains before the change read from the trail), else with
//! the generic explanation (the state of the constraint's scope before the change, see
//! `crate::learning`), and a change made by a clause with the clause's other literals. With cores tracked
//! ([`Solver::set_core_tracking`]), every clause also keeps the constraints its derivation
//! used, and an exhausted search leaves the constraints of its refutation
//! ([`Solver::unsat_core`]).

use super::{SearchEnd, Solver, Step};
use activity::Activity;
use minimise::{abstract_level, Minimiser, Redundancy};
use restarts::Restarter;

use audit::AuditedExplanation;
pub use restarts::LearningRestarts;

mod activity;
mod audit;
mod cores;
mod minimise;
mod restarts;
use fixedbitset::Block;

use crate::domain::{ValueMap, BITS};
use crate::error::Conflict;
use crate::id::VarId;
use crate::layout::VarInfo;
use crate::learning::clauses::watches::{present_bit, Place, Watch};
use crate::learning::clauses::{Clauses, Lit, LitKind, Truth};
use crate::learning::explain::{atom_entries, state_before, Antecedents};
use crate::learning::literals::{LevelAtom, Merger};
use crate::learning::proof::{ProofSlot, ProofState};
use crate::learning::reasons::{Known, Reasons};
use crate::learning::trail::{Atom, Cause, Named, Trail};
use crate::model::constraint::Constraint;
use crate::rule::Rule;

/// No saved phase.
const NO_PHASE: u32 = u32::MAX;
/// Learned clauses kept before the first reduction, and the growth per reduction.
const FIRST_REDUCE: usize = 4000;
const REDUCE_STEP: usize = 1000;

/// What failed: the engine (a constraint or an outside write) or a clause.
#[derive(Clone, Copy, Debug)]
pub(super) enum Clash {
    Engine(Conflict),
    Clause(u32),
}

/// The state of the search with lazy clause generation; lives across searches, forgets
/// what it learnt when one begins.
#[derive(Clone, Debug, Default)]
pub(crate) struct Lcg {
    pub(super) clauses: Clauses,
    /// The next trail entry the clauses have not seen.
    qhead: usize,
    /// VSIDS: the variables' activities.
    activity: Activity,
    phases: Vec<u32>,
    /// The trail position of each decision in force.
    decisions: Vec<u32>,
    /// When to restart, and what that policy counts.
    pub(super) restarter: Restarter,
    max_learned: usize,
    learned: usize,
    /// Scratch of the analysis.
    seen: Vec<bool>,
    /// Per trail entry marked by the analysis running: the bits of its removal that the
    /// explanations resolved so far name (`Named`): the clause names only those.
    bits: Vec<Block>,
    marked: Vec<u32>,
    lower: Vec<u32>,
    reasons: Vec<Named>,
    atoms: Vec<LevelAtom>,
    /// The atoms merged per variable and block, the entries minimisation keeps, and the
    /// learned clause's levels.
    merged: Vec<LevelAtom>,
    merger: Merger,
    kept: Vec<u32>,
    levels: Vec<u32>,
    pub(super) lits: Vec<Lit>,
    /// Cores: whether tracked, the constraints marked in the analysis running, entries seen
    /// by the walks through root entries, and the last refutation's constraints.
    track_core: bool,
    /// When set (tests): every precise explanation of the trail at each conflict.
    audit: Option<Vec<AuditedExplanation>>,
    core_mark: Vec<bool>,
    core_list: Vec<u32>,
    core_seen: Vec<bool>,
    core_visited: Vec<u32>,
    core_stack: Vec<u32>,
    core_out: Vec<Named>,
    core: Option<Vec<u32>>,
    /// Per constraint: changes explained by the generic explanation.
    pub(crate) generic: Vec<u64>,
    /// Clause minimisation: per trail entry, what is known of it in the analysis running,
    /// the entries so marked, and a buffer of explanations per depth.
    redundancy: Vec<Redundancy>,
    redundancy_touched: Vec<u32>,
    minimise_bufs: Vec<Vec<Named>>,
    /// The precise explanations asked for so far, while their entries live.
    pub(super) explained: Reasons,
    /// Entries left out of learned clauses by minimisation.
    minimised: u64,
    /// Scratch of a reduction of the clause database: the learned clauses' LBDs, and which
    /// clauses stay.
    reduce_lbds: Vec<u32>,
    reduce_keep: Vec<bool>,
    spare: Option<Box<Trail>>,
    /// The proof log, if one is written (`search/proof.rs`), and what it knows of this search.
    pub(super) proof: ProofSlot,
    pub(super) proof_state: ProofState,
}

/// The entries explaining entry `p`, into `out`; whether the explanation was the generic one.
#[allow(clippy::too_many_arguments, reason = "the analysis' borrowed parts, split for the borrow checker")]
pub(super) fn reason_of(
    trail: &Trail,
    clauses: &Clauses,
    constraints: &[Box<dyn Constraint>],
    vars: &[VarInfo],
    blocks: &[Block],
    explained: &mut Reasons,
    p: usize,
    out: &mut Vec<Named>,
) -> bool {
    reason_or_generic(trail, clauses, constraints, vars, blocks, explained, p, out, true)
}

/// [`reason_of`], leaving `out` without the generic explanation (but still answering `true`)
/// when `generic` is false: clause minimisation gives up on such an entry rather than walk its
/// constraint's whole scope. A constraint's precise explanation, and the entries behind a
/// clause's other literals, are found once and kept in `explained` while the entry lives.
#[allow(clippy::too_many_arguments, reason = "the analysis' borrowed parts, split for the borrow checker")]
fn reason_or_generic(
    trail: &Trail,
    clauses: &Clauses,
    constraints: &[Box<dyn Constraint>],
    vars: &[VarInfo],
    blocks: &[Block],
    explained: &mut Reasons,
    p: usize,
    out: &mut Vec<Named>,
    generic: bool,
) -> bool {
    match trail.entries[p].cause {
        Cause::Constraint(c) => {
            let con = &*constraints[c as usize];
            match explained.get(p) {
                Known::Precise(entries) => {
                    out.extend_from_slice(entries);
                    return false;
                }
                Known::Generic => {}
                Known::Unknown => {
                    let len = out.len();
                    if con.explain(&mut Antecedents::entry(trail, vars, blocks, p, out)) {
                        explained.keep(p, &out[len..]);
                        return false;
                    }
                    out.truncate(len);
                    explained.keep_generic(p);
                }
            }
            if !generic {
                return true;
            }
            for &y in con.scope() {
                state_before(trail, vars, y.index() as u32, p, out);
            }
            true
        }
        Cause::Decided(d) => {
            out.push(Named::whole(d));
            false
        }
        Cause::Clause(id) => {
            if let Known::Precise(entries) = explained.get(p) {
                out.extend_from_slice(entries);
                return false;
            }
            let len = out.len();
            for l in &clauses.clause(id)[1..] {
                atom_entries(trail, vars, l.var, l.negation(), p, out);
            }
            explained.keep(p, &out[len..]);
            false
        }
        Cause::Decision | Cause::Fact | Cause::Root => false,
    }
}

/// Whether every trail entry caused by a clause names one in the database whose first
/// literal, the one it enforced, is on the entry's variable and true (checked after a
/// reduction renumbers the clauses, at the root).
fn causes_name_their_clauses(trail: &Trail, clauses: &Clauses, vars: &[VarInfo], blocks: &[Block]) -> bool {
    trail.entries.iter().all(|e| match e.cause {
        Cause::Clause(id) => {
            (id as usize) < clauses.len() && {
                let first = clauses.clause(id)[0];
                first.var == e.var && first.truth(vars, blocks) == Truth::True
            }
        }
        _ => true,
    })
}

/// Whether no clause is left in conflict or unit with its one literal not false still open,
/// once clause propagation is done: the watches missed nothing (checked in debug builds on
/// databases small enough to read whole at every fixed point).
#[cfg(debug_assertions)]
fn clauses_at_fixed_point(clauses: &Clauses, vars: &[VarInfo], blocks: &[Block]) -> bool {
    (0..clauses.len() as u32).all(|id| {
        let mut open = clauses.clause(id).iter().map(|l| l.truth(vars, blocks)).filter(|&t| t != Truth::False);
        !matches!((open.next(), open.next()), (None, _) | (Some(Truth::Open), None))
    })
}

impl Lcg {
    pub(super) fn new(num_vars: usize, num_constraints: usize) -> Lcg {
        Lcg {
            clauses: Clauses::new(num_vars),
            activity: Activity::new(num_vars),
            phases: vec![NO_PHASE; num_vars],
            max_learned: FIRST_REDUCE,
            core_mark: vec![false; num_constraints],
            generic: vec![0; num_constraints],
            ..Lcg::default()
        }
    }

    /// Forgets the explanations kept for entries the trail dropped since the last look.
    fn forget_dropped(&mut self, trail: &mut Trail) {
        self.explained.forget_from(trail.take_low());
    }

    /// Whether the clause database is due for a reduction (at the next restart): more learned
    /// clauses than the limit, and cores not tracked (which keeps every clause).
    fn reduction_due(&self) -> bool {
        !self.track_core && self.learned > self.max_learned
    }
}

impl Solver {
    /// Switches lazy clause generation on or off for the following searches: every domain
    /// change is recorded on a literal trail, each conflict is analysed into a clause that
    /// is propagated from then on, and the search jumps back to where that clause
    /// propagates. Off by default. The variable and value orders and the restart policy of
    /// the other searches do not apply while it is on (it branches by VSIDS with phase
    /// saving and restarts by its own policy, [`set_learning_restarts`]).
    ///
    /// [`set_learning_restarts`]: Solver::set_learning_restarts
    ///
    /// # Example
    ///
    /// ```
    /// use csp::{Model, Outcome};
    /// use csp::constraints::NotEqual;
    ///
    /// // A triangle of pairwise different variables over two values: no solution.
    /// let mut model = Model::new();
    /// let x = model.new_vars(3, 0..=1)?;
    /// model.post(NotEqual::new(x[0], x[1]))?;
    /// model.post(NotEqual::new(x[1], x[2]))?;
    /// model.post(NotEqual::new(x[0], x[2]))?;
    /// let mut solver = model.into_solver();
    /// solver.set_learning(true);
    /// assert_eq!(solver.solve(), Outcome::Unsatisfiable);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_learning(&mut self, on: bool) {
        self.learning_on = on;
    }

    /// Whether lazy clause generation is on ([`set_learning`](Solver::set_learning)).
    pub fn is_learning(&self) -> bool {
        self.learning_on
    }

    /// When the search with learning starts again from the root (default: Luby's sequence
    /// with a scale of 100 conflicts). [`LearningRestarts::glucose`] restarts on the quality
    /// of the clauses learned lately: on the rosters measured (`docs/learning.md`) it needs
    /// fewer conflicts to prove, on the MiniZinc development set it found worse solutions in
    /// two optimisations, hence not the default.
    ///
    /// # Example
    ///
    /// ```
    /// use csp::{Model, Outcome};
    /// use csp::branching::LearningRestarts;
    /// use csp::constraints::NotEqual;
    ///
    /// // Four pairwise different variables over three values: no solution.
    /// let mut model = Model::new();
    /// let x = model.new_vars(4, 0..=2)?;
    /// for i in 0..4 {
    ///     for j in i + 1..4 {
    ///         model.post(NotEqual::new(x[i], x[j]))?;
    ///     }
    /// }
    /// let mut solver = model.into_solver();
    /// solver.set_learning(true);
    /// solver.set_learning_restarts(LearningRestarts::glucose());
    /// assert_eq!(solver.solve(), Outcome::Unsatisfiable);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_learning_restarts(&mut self, restarts: LearningRestarts) {
        let (n, m) = (self.engine.model.num_vars(), self.engine.model.num_constraints());
        self.lcg.get_or_insert_with(|| Box::new(Lcg::new(n, m))).restarter.policy = restarts;
    }

    /// Installs the literal trail before a learning search's root propagation.
    pub(super) fn install_trail(&mut self) {
        let (n, m) = (self.engine.model.num_vars(), self.engine.model.num_constraints());
        let l = self.lcg.get_or_insert_with(|| Box::new(Lcg::new(n, m)));
        let mut t = l.spare.take().unwrap_or_else(|| Box::new(Trail::new(n, 0)));
        *t = Trail::new(n, self.engine.core.store.level());
        // Intervals' bounds now, which the bounds before a position fall back on.
        let blocks = self.engine.core.store.blocks();
        for (i, info) in self.engine.model.vars.iter().enumerate() {
            if matches!(info.map, crate::domain::ValueMap::Interval { .. }) {
                let o = info.offset as usize;
                t.set_root(i, blocks[o], blocks[o + 1]);
            }
        }
        self.engine.core.trail = Some(t);
    }

    /// Removes the literal trail at the end of a learning search, logging (`csp::learn` at
    /// `info`) the kinds of constraint explained by the generic explanation, most first.
    pub(super) fn remove_trail(&mut self) {
        if let (true, Some(l)) = (log::log_enabled!(target: "csp::learn", log::Level::Info), self.lcg.as_ref()) {
            let mut kinds: Vec<(&'static str, u64)> = Vec::new();
            for (c, &n) in l.generic.iter().enumerate().filter(|&(_, &n)| n > 0) {
                let kind = self.engine.model.constraints[c].kind();
                match kinds.iter_mut().find(|(k, _)| *k == kind) {
                    Some((_, total)) => *total += n,
                    None => kinds.push((kind, n)),
                }
            }
            kinds.sort_by_key(|&(k, n)| (std::cmp::Reverse(n), k));
            let st = &self.engine.core.stats;
            log::info!(target: "csp::learn", "learning end learned={} mean_lbd={:.2} mean_len={:.2} literals={} explained_generic={} explained_precise={} minimised={} generic_by_kind={kinds:?}", st.learned, st.mean_lbd(), st.mean_clause_length(), st.literals, st.explained_generic, st.explained_precise, l.minimised);
        }
        if let Some(t) = self.engine.core.trail.take() {
            if let Some(l) = self.lcg.as_mut() {
                l.spare = Some(t);
            }
            self.engine.core.refresh_observing();
        }
    }

    /// Sets up a learning search after its root propagation (`root`: its outcome).
    pub(super) fn begin_lcg(&mut self, root: Result<(), Conflict>) {
        let (n, m) = (self.engine.model.num_vars(), self.engine.model.num_constraints());
        let mut l = self.lcg.take().unwrap_or_else(|| Box::new(Lcg::new(n, m)));
        let track = l.track_core;
        let spare = l.spare.take();
        let audit = l.audit.take();
        let proof = std::mem::take(&mut l.proof);
        let mut restarter = std::mem::take(&mut l.restarter);
        restarter.begin();
        *l = Lcg::new(n, m);
        l.proof = proof;
        l.track_core = track;
        l.restarter = restarter;
        l.spare = spare;
        l.audit = audit;
        let open = (0..n as u32).filter(|&i| self.domain(VarId::from_index(i as usize)).len() > 1);
        l.activity.begin(open, &self.engine.model.defined);
        self.lcg = Some(l);
        if let Err(c) = root {
            self.final_core(Clash::Engine(c));
            if let Some(mut l) = self.lcg.take() {
                self.proof_conflict(&mut l, Clash::Engine(c), true);
                self.lcg = Some(l);
            }
        }
    }

    /// [`step`](Solver::step) of the learning search.
    pub(super) fn lcg_step(&mut self) -> Step {
        if let Some(end) = self.resume(Self::lcg_after_solution) {
            return end;
        }
        loop {
            if let Some(end) = self.limit_end() {
                return end;
            }
            let due =
                self.lcg.as_ref().and_then(|l| l.restarter.due(l.reduction_due())).filter(|_| !self.stack.is_empty());
            if let Some(why) = due {
                if let Err(end) = self.lcg_restart(why) {
                    return self.end_with(end);
                }
                continue;
            }
            let Some(var) = self.lcg_select() else {
                return self.lcg_solution();
            };
            let r = self.lcg_decide(var);
            if let Err(clash) = r {
                if let Err(end) = self.lcg_conflict(clash) {
                    return self.end_with(end);
                }
            }
        }
    }

    /// The unfixed variable of the highest activity (ties to the smaller domain, then the
    /// smaller index), among those the model does not mark as defined
    /// ([`Model::mark_defined`](crate::Model::mark_defined)) if one is open: the first of
    /// the activities' heap once the fixed variables at its top are taken out, or the best
    /// of those level with it.
    fn lcg_select(&mut self) -> Option<VarId> {
        let mut l = self.lcg.take().expect("learning search");
        while let Some(v) = l.activity.top() {
            if self.domain(VarId::from_index(v as usize)).len() > 1 {
                break;
            }
            l.activity.pop();
        }
        let mut best = None;
        l.activity.level_with_top(|v| {
            let size = self.domain(VarId::from_index(v as usize)).len();
            if size > 1 && best.is_none_or(|b| (size, v) < b) {
                best = Some((size, v));
            }
        });
        self.lcg = Some(l);
        let chosen = best.map(|(_, v)| VarId::from_index(v as usize));
        debug_assert_eq!(chosen, self.lcg_select_by_every_domain(), "the heap's choice is not the best variable");
        chosen
    }

    /// What [`lcg_select`](Self::lcg_select) chooses, from every variable's domain (the
    /// debug builds' check of the heap).
    fn lcg_select_by_every_domain(&self) -> Option<VarId> {
        let l = self.lcg.as_ref().expect("learning search");
        let key = |i: u32| {
            let size = self.domain(VarId::from_index(i as usize)).len();
            (self.engine.model.defined.contains(i as usize), l.activity.of(i), size, i)
        };
        let open = (0..self.engine.model.num_vars() as u32).map(key).filter(|&(_, _, size, _)| size > 1);
        let better = |a: &(bool, f64, usize, u32), b: &(bool, f64, usize, u32)| {
            (!a.0 && b.0) || (a.0 == b.0 && (a.1 > b.1 || (a.1 == b.1 && (a.2, a.3) < (b.2, b.3))))
        };
        open.reduce(|best, v| if better(&v, &best) { v } else { best }).map(|v| VarId::from_index(v.3 as usize))
    }

    /// Decides on `var` (its saved phase, else its smallest value) and propagates.
    fn lcg_decide(&mut self, var: VarId) -> Result<(), Clash> {
        let phase = self.lcg.as_ref().map_or(NO_PHASE, |l| l.phases[var.index()]);
        let d = self.domain(var);
        let interval = d.interval();
        let lo = d.min_bit().expect("an unfixed variable has values");
        let (atom, bit) = match interval {
            Some((lo, hi)) => {
                let p = phase as usize;
                if phase != NO_PHASE && p > lo && p <= hi {
                    if p == hi {
                        (Atom::Ge(p as u32), p)
                    } else {
                        (Atom::Le(p as u32), p)
                    }
                } else {
                    (Atom::Le(lo as u32), lo)
                }
            }
            None => {
                let p = phase as usize;
                let present = phase != NO_PHASE && d.blocks.get(p / BITS).is_some_and(|b| b >> (p % BITS) & 1 == 1);
                if present && p > lo {
                    // Towards the saved value by a bound, as on an interval: the learned
                    // clauses then name `x >= p + 1` (or `x <= p - 1`), not `x != p` alone.
                    if Some(p) == d.max_bit() {
                        (Atom::Ge(p as u32), p)
                    } else {
                        (Atom::Le(p as u32), p)
                    }
                } else {
                    (Atom::Fixed(lo as u32), lo)
                }
            }
        };
        let depth = self.open_node(var, bit, self.engine.core.reporting);
        let trail = self.engine.core.trail.as_mut().expect("learning search trail");
        let at = trail.record_decision(var.index() as u32, atom, depth);
        trail.cause = Cause::Decided(at);
        let l = self.lcg.as_mut().expect("learning search");
        l.decisions.push(at);
        l.phases[var.index()] = bit as u32;
        self.engine.core.set_outside_rule(Rule::Decision);
        let vars = &self.engine.model.vars;
        let r = match atom {
            Atom::Ge(b) => self.engine.core.narrow_bits(vars, var, b as usize, usize::MAX, Rule::Decision),
            Atom::Le(b) => self.engine.core.narrow_bits(vars, var, 0, b as usize, Rule::Decision),
            _ => self.engine.core.assign_bit(vars, var, bit, Rule::Decision),
        };
        self.engine.core.trail.as_mut().expect("learning search trail").cause = Cause::Fact;
        match r {
            Ok(_) => self.lcg_propagate(),
            Err(c) => Err(Clash::Engine(c)),
        }
    }

    /// Propagates the constraints and the clauses together to a fixed point.
    fn lcg_propagate(&mut self) -> Result<(), Clash> {
        loop {
            if let Err(c) = self.engine.core.propagate(&self.engine.model.vars, &mut self.engine.model.constraints) {
                return Err(Clash::Engine(c));
            }
            if !self.propagate_clauses()? {
                #[cfg(debug_assertions)]
                if let Some(l) = self.lcg.as_ref().filter(|l| l.clauses.len() <= 300) {
                    debug_assert!(
                        clauses_at_fixed_point(&l.clauses, &self.engine.model.vars, self.engine.core.store.blocks()),
                        "a clause is unit or in conflict at a fixed point"
                    );
                }
                return Ok(());
            }
        }
    }

    /// Makes `lit` true, each write caused by `cause`.
    fn enforce(&mut self, lit: Lit, cause: Cause) -> Result<(), Conflict> {
        let var = VarId::from_index(lit.var as usize);
        self.engine.core.trail.as_mut().expect("learning search trail").cause = cause;
        self.engine.core.set_outside_rule(Rule::Nogood);
        let vars = &self.engine.model.vars;
        let words = vars[lit.var as usize].words as usize;
        let interval = matches!(vars[lit.var as usize].map, ValueMap::Interval { .. });
        let r = (|| {
            match lit.kind {
                LitKind::In { wi, mask } => {
                    if interval {
                        let (lo, hi) = (wi as usize * BITS, wi as usize * BITS + BITS - 1);
                        self.engine.core.narrow_interval(vars, var, lo, hi, Rule::Nogood)?;
                        return Ok(());
                    }
                    for w in (0..words).filter(|&w| w != wi as usize) {
                        self.engine.core.retain_block(vars, var, w, 0, Rule::Nogood)?;
                    }
                    self.engine.core.retain_block(vars, var, wi as usize, mask, Rule::Nogood)?;
                }
                LitKind::Ne(b) => {
                    let b = b as usize;
                    self.engine.core.retain_block(vars, var, b / BITS, !(1 << (b % BITS)), Rule::Nogood)?;
                }
                LitKind::Ge(b) => {
                    self.engine.core.narrow_bits(vars, var, b as usize, usize::MAX, Rule::Nogood)?;
                }
                LitKind::Le(b) => {
                    self.engine.core.narrow_bits(vars, var, 0, b as usize, Rule::Nogood)?;
                }
            }
            Ok(())
        })();
        self.engine.core.trail.as_mut().expect("learning search trail").cause = Cause::Fact;
        r
    }

    /// One pass of the clauses over the trail entries they have not seen: whether a domain
    /// changed.
    fn propagate_clauses(&mut self) -> Result<bool, Clash> {
        let mut l = self.lcg.take().expect("learning search");
        let r = self.propagate_clauses_with(&mut l);
        self.lcg = Some(l);
        r
    }

    fn propagate_clauses_with(&mut self, l: &mut Lcg) -> Result<bool, Clash> {
        let mut changed = false;
        loop {
            let trail = self.engine.core.trail.as_ref().expect("learning search trail");
            if l.qhead >= trail.len() {
                return Ok(changed);
            }
            let e = trail.entries[l.qhead];
            l.qhead += 1;
            if e.cause == Cause::Decision {
                continue;
            }
            let x = e.var;
            // The watches waiting at the bits this entry removed, then those in x's list.
            if let Atom::Removed { wi, mask } = e.atom {
                if l.clauses.watches.waits_at_bits(x) {
                    let mut m = mask;
                    while m != 0 {
                        let bit = wi * BITS as u32 + m.trailing_zeros();
                        m &= m - 1;
                        changed |= self.visit_watches(l, Place::Bit(x, bit), e.atom)?;
                    }
                }
            }
            changed |= self.visit_watches(l, Place::Var(x), e.atom)?;
        }
    }

    /// Visits the watches at `place` for a trail entry `atom` that may have made their
    /// literals false: each false one moves to a literal of its clause that is not false, or
    /// its clause propagates its other watch, or is in conflict. Whether a domain changed.
    fn visit_watches(&mut self, l: &mut Lcg, place: Place, atom: Atom) -> Result<bool, Clash> {
        let mut list = l.clauses.watches.take(place);
        let mut changed = false;
        let mut result = Ok(());
        let mut k = 0;
        while k < list.len() {
            let w = l.clauses.watches.get(&list, k);
            let (vars, blocks) = (&self.engine.model.vars[..], self.engine.core.store.blocks());
            // The watched literal alone first, without reading its clause: most watches
            // visited are not false (a bound that did not reach them, a value still allowed).
            match place {
                Place::Var(_) => {
                    if !(w.lit.may_be_falsified_by(atom) && w.lit.truth(vars, blocks) == Truth::False) {
                        k += 1;
                        continue;
                    }
                }
                Place::Bit(x, _) => {
                    let info = &vars[x as usize];
                    let d = &blocks[info.offset as usize..(info.offset + info.words) as usize];
                    if let Some(bit) = present_bit(w.lit.kind, d) {
                        // Still allowed elsewhere: wait at a bit the domain has.
                        l.clauses.watches.swap_remove(&mut list, k);
                        l.clauses.watches.push(Place::Bit(x, bit), w);
                        continue;
                    }
                }
            }
            // The clause's first two literals, found from the watch alone: its length (in
            // `info`, another cache line) is read only to look past them.
            debug_assert_eq!(w.start, l.clauses.info[w.clause as usize].start);
            let s = w.start as usize;
            let trail = self.engine.core.trail.as_ref().expect("learning search trail");
            let head = &mut l.clauses.lits[s..s + 2];
            // A watch its clause no longer has is dropped.
            if head[0] != w.lit && head[1] != w.lit {
                l.clauses.watches.swap_remove(&mut list, k);
                continue;
            }
            // The false watch goes second (the first literal of a clause that propagated is
            // the one it made true, which its explanation leaves out: never a false one).
            if head[0] == w.lit {
                head.swap(0, 1);
            }
            let first = head[0];
            let first_truth = first.truth(vars, blocks);
            if first_truth != Truth::True {
                let lits = &mut l.clauses.lits[s..s + l.clauses.info[w.clause as usize].len as usize];
                let watches = &mut l.clauses.watches;
                let found =
                    (2..lits.len()).find_map(|j| watches.place_if_not_false(lits[j], vars, blocks).map(|to| (j, to)));
                if let Some((j, to)) = found {
                    lits.swap(1, j);
                    let lit = lits[1];
                    l.clauses.watches.swap_remove(&mut list, k);
                    if to == place {
                        // Back into this list (a literal of the same variable's list).
                        l.clauses.watches.push_into(&mut list, Watch { lit, ..w });
                    } else {
                        l.clauses.watches.push(to, Watch { lit, ..w });
                    }
                    continue;
                }
            }
            // The watch stays on its false literal: at the bit removed last.
            if let Place::Bit(..) = place {
                let to = l.clauses.watches.place_false_at_bits(w.lit, vars, blocks, trail);
                if to != place {
                    l.clauses.watches.swap_remove(&mut list, k);
                    l.clauses.watches.push(to, w);
                } else {
                    k += 1;
                }
            } else {
                k += 1;
            }
            // The domains are as they were when `first` was read.
            debug_assert_eq!(first_truth, first.truth(vars, blocks));
            match first_truth {
                Truth::True => {}
                Truth::False => {
                    result = Err(Clash::Clause(w.clause));
                    break;
                }
                Truth::Open => match self.enforce(first, Cause::Clause(w.clause)) {
                    Ok(()) => changed = true,
                    Err(_) => {
                        result = Err(Clash::Clause(w.clause));
                        break;
                    }
                },
            }
        }
        // Nothing was pushed at `place` while its list was out (a watch that stays goes back
        // into `list`), so it is put back whole.
        l.clauses.watches.put_back(place, list);
        result.map(|()| changed)
    }

    /// Learns from `clash` and jumps back until propagation succeeds: Err when the search
    /// is over (no solution left, or a limit).
    fn lcg_conflict(&mut self, mut clash: Clash) -> Result<(), SearchEnd> {
        loop {
            self.engine.core.stats.backtracks += 1;
            let Some((bj, lbd)) = self.analyze(clash) else {
                return Err(SearchEnd::Exhausted);
            };
            if let Some(limit) = self.limit_hit() {
                return Err(SearchEnd::LimitReached(limit));
            }
            self.backjump(bj);
            let mut l = self.lcg.take().expect("learning search");
            let lits = std::mem::take(&mut l.lits);
            let support = if l.track_core { l.core_take() } else { Box::default() };
            let id = l.clauses.add(&lits, lbd, true, support);
            let trail = self.engine.core.trail.as_ref().expect("learning search trail");
            l.clauses.watch(id, &self.engine.model.vars, self.engine.core.store.blocks(), trail);
            if l.proof.0.is_some() {
                l.proof_state.clauses.push(l.proof_state.pending);
            }
            l.learned += 1;
            l.restarter.conflict(lbd);
            l.activity.decay();
            l.lits = lits;
            let first = l.lits[0];
            self.engine.core.stats.learned += 1;
            self.engine.core.stats.lbd_sum += u64::from(lbd);
            self.engine.core.stats.learned_literals += l.lits.len() as u64;
            self.lcg = Some(l);
            let r = self.apply_bound().and_then(|()| self.enforce(first, Cause::Clause(id)));
            let r = match r {
                Ok(()) => self.lcg_propagate(),
                Err(c) => Err(Clash::Engine(c)),
            };
            match r {
                Ok(()) => return Ok(()),
                Err(c) => clash = c,
            }
        }
    }

    /// Imposes the objective bound again (after a backjump), as a fact.
    fn apply_bound(&mut self) -> Result<(), Conflict> {
        if let Some(bound) = self.objective {
            self.engine.core.trail.as_mut().expect("learning search trail").cause = Cause::Fact;
            bound.apply(&mut self.engine.core, &self.engine.model.vars)?;
        }
        Ok(())
    }

    /// Undoes the decisions above `level`.
    fn backjump(&mut self, level: u32) {
        let level = level as usize;
        if level >= self.stack.len() {
            return;
        }
        let to = self.stack[level].level;
        self.stack.truncate(level);
        let l = self.lcg.as_mut().expect("learning search");
        // The variables the backjump changes may be unfixed again: back into the heap.
        if let (Some(&from), Some(trail)) = (l.decisions.get(level), self.engine.core.trail.as_ref()) {
            for e in &trail.entries[from as usize..] {
                l.activity.insert(e.var);
            }
        }
        self.engine.restore_level(to);
        let l = self.lcg.as_mut().expect("learning search");
        l.decisions.truncate(level);
        let len = self.engine.core.trail.as_ref().map_or(0, |t| t.len());
        l.qhead = l.qhead.min(len);
    }

    /// First-UIP analysis of `clash`: leaves the learned clause in `lits` (the asserting
    /// literal first, then the one of the highest level) and returns the level to jump back
    /// to and the clause's LBD; `None` when the conflict is at the root.
    fn analyze(&mut self, clash: Clash) -> Option<(u32, u32)> {
        let mut l = self.lcg.take().expect("learning search");
        l.forget_dropped(self.engine.core.trail.as_mut().expect("learning search trail"));
        if l.audit.is_some() {
            self.audit_explanations(&mut l, clash);
        }
        let r = self.analyze_with(&mut l, clash);
        if l.proof.0.is_some() {
            self.proof_conflict(&mut l, clash, r.is_none());
        }
        self.lcg = Some(l);
        r
    }

    /// The entries the conflict rests on, into `l.reasons`.
    fn conflict_entries(&self, l: &mut Lcg, clash: Clash) -> u64 {
        let mut generic = 0;
        let trail = self.engine.core.trail.as_ref().expect("learning search trail");
        let vars = &self.engine.model.vars[..];
        l.reasons.clear();
        match clash {
            Clash::Clause(id) => {
                for lit in l.clauses.clause(id) {
                    atom_entries(trail, vars, lit.var, lit.negation(), trail.len(), &mut l.reasons);
                }
                if l.track_core {
                    for k in 0..l.clauses.support[id as usize].len() {
                        let c = l.clauses.support[id as usize][k];
                        l.core_add(c);
                    }
                }
            }
            Clash::Engine(c) => {
                // The write that emptied a domain, if it is the last entry: explained by the
                // state before it.
                let mut p = trail.len();
                if let (Some(x), Some(last)) = (c.var, trail.entries.last()) {
                    if last.var as usize == x.index() && self.domain(x).is_empty() {
                        p -= 1;
                    }
                }
                let blocks = self.engine.core.store.blocks();
                match (c.by, c.var) {
                    (Some(by), _) => {
                        let con = &*self.engine.model.constraints[by.index()];
                        // A write that emptied a domain: its own explanation and the rest of
                        // that domain; else the failure's.
                        let wiped = p < trail.len();
                        let precise = if wiped {
                            con.explain(&mut Antecedents::entry(trail, vars, blocks, p, &mut l.reasons))
                        } else {
                            con.explain(&mut Antecedents::failure(trail, vars, blocks, p, &mut l.reasons))
                        };
                        if precise && wiped {
                            state_before(trail, vars, trail.entries[p].var, p, &mut l.reasons);
                        }
                        if !precise {
                            l.reasons.clear();
                            for &y in con.scope() {
                                state_before(trail, vars, y.index() as u32, p, &mut l.reasons);
                            }
                            l.generic[by.index()] += 1;
                            generic += 1;
                        }
                        if l.track_core {
                            l.core_add(by.index() as u32);
                        }
                    }
                    (None, Some(x)) => state_before(trail, vars, x.index() as u32, p, &mut l.reasons),
                    (None, None) => {}
                }
            }
        }
        if l.reasons.is_empty() {
            // Nothing to resolve: the decisions in force are the nogood.
            l.reasons.extend(l.decisions.iter().map(|&d| Named::whole(d)));
        }
        generic
    }

    fn analyze_with(&mut self, l: &mut Lcg, clash: Clash) -> Option<(u32, u32)> {
        let generic_conflict = self.conflict_entries(l, clash);
        self.engine.core.stats.explained_generic += generic_conflict;
        let trail = self.engine.core.trail.as_ref().expect("learning search trail");
        let vars = &self.engine.model.vars[..];
        let blocks = self.engine.core.store.blocks();
        let constraints = &self.engine.model.constraints[..];
        let cur = l
            .reasons
            .iter()
            .map(|n| &trail.entries[n.at as usize])
            .filter(|e| e.cause != Cause::Fact)
            .map(|e| e.level)
            .max()
            .unwrap_or(0);
        if cur == 0 {
            if l.track_core {
                let reasons = std::mem::take(&mut l.reasons);
                for n in &reasons {
                    l.core_walk(trail, constraints, vars, blocks, n.at);
                }
                l.reasons = reasons;
                let core = l.core_take();
                l.core = Some(core.into_vec());
            }
            return None;
        }
        if l.seen.len() < trail.len() {
            l.seen.resize(trail.len(), false);
            l.bits.resize(trail.len(), 0);
        }
        let mut pending = 0usize;
        l.marked.clear();
        l.lower.clear();
        let mut reasons = std::mem::take(&mut l.reasons);
        let mut generic = 0u64;
        let mut precise = 0u64;
        let mut p = trail.len();
        let uip = loop {
            for &Named { at: k, bits } in &reasons {
                let e = &trail.entries[k as usize];
                if l.seen[k as usize] {
                    l.bits[k as usize] |= bits;
                    continue;
                }
                if e.cause == Cause::Fact {
                    continue;
                }
                if e.level == 0 {
                    if l.track_core {
                        l.core_walk(trail, constraints, vars, blocks, k);
                    }
                    continue;
                }
                l.seen[k as usize] = true;
                l.bits[k as usize] = bits;
                l.marked.push(k);
                l.activity.bump(e.var);
                if e.level >= cur {
                    pending += 1;
                } else {
                    l.lower.push(k);
                }
            }
            // The latest marked entry of the current level.
            loop {
                p -= 1;
                if l.seen[p] && trail.entries[p].level >= cur {
                    break;
                }
            }
            pending -= 1;
            if pending == 0 {
                break p;
            }
            reasons.clear();
            if l.track_core {
                match trail.entries[p].cause {
                    Cause::Constraint(c) => l.core_add(c),
                    Cause::Clause(id) => l.core_add_clause(id),
                    _ => {}
                }
            }
            if reason_of(trail, &l.clauses, constraints, vars, blocks, &mut l.explained, p, &mut reasons) {
                generic += 1;
                if let Cause::Constraint(c) = trail.entries[p].cause {
                    l.generic[c as usize] += 1;
                }
            } else {
                precise += 1;
            }
        };
        l.reasons = reasons;
        // Clause minimisation (MiniSat's recursive one): a lower entry whose explanation rests
        // only on entries of the clause, the root, facts, or entries that do so in turn, is
        // implied by the rest of the clause and left out. (Not with cores: the constraints of
        // those explanations would have to join the clause's support.)
        if !l.track_core && !l.lower.is_empty() {
            if l.redundancy.len() < trail.len() {
                l.redundancy.resize(trail.len(), Redundancy::Unknown);
            }
            let levels =
                l.lower.iter().fold(abstract_level(cur), |a, &k| a | abstract_level(trail.entries[k as usize].level));
            let mut m = Minimiser {
                trail,
                clauses: &l.clauses,
                constraints,
                vars,
                blocks,
                seen: &l.seen,
                bits: &l.bits,
                cur,
                levels,
                cache: &mut l.redundancy,
                explained: &mut l.explained,
                touched: &mut l.redundancy_touched,
                bufs: &mut l.minimise_bufs,
            };
            l.kept.clear();
            for &k in &l.lower {
                if !m.implied(k, 0) {
                    l.kept.push(k);
                }
            }
            for &k in m.touched.iter() {
                m.cache[k as usize] = Redundancy::Unknown;
            }
            m.touched.clear();
            l.minimised += (l.lower.len() - l.kept.len()) as u64;
            std::mem::swap(&mut l.lower, &mut l.kept);
        }
        for &k in &l.marked {
            l.seen[k as usize] = false;
        }
        self.engine.core.stats.explained_generic += generic;
        self.engine.core.stats.explained_precise += precise;
        // The atoms: the UIP's and the lower ones, of a removal only the values the
        // explanations named, merged per variable (bitset domains' into bounds where they
        // are, `learning/literals.rs`).
        l.atoms.clear();
        let u = &trail.entries[uip];
        l.atoms.push((u.var, u.atom.restricted(l.bits[uip]), cur, true));
        for &k in &l.lower {
            let e = &trail.entries[k as usize];
            l.atoms.push((e.var, e.atom.restricted(l.bits[k as usize]), e.level, false));
        }
        l.merger.merge(&mut l.atoms, vars, blocks, trail, &mut l.merged);
        let merged = &mut l.merged;
        // Asserting literal first, then the highest level.
        let ui = merged.iter().position(|a| a.3).expect("the UIP is among the atoms");
        merged.swap(0, ui);
        if merged.len() > 2 {
            let hi = 1 + merged[1..].iter().enumerate().max_by_key(|(_, a)| a.2).map_or(0, |(i, _)| i);
            merged.swap(1, hi);
        }
        let bj = merged.get(1).map_or(0, |a| a.2);
        l.levels.clear();
        l.levels.extend(merged.iter().map(|a| a.2));
        l.levels.sort_unstable();
        l.levels.dedup();
        l.lits.clear();
        l.lits.extend(merged.iter().map(|a| Lit::negate(a.0, a.1)));
        Some((bj, l.levels.len() as u32))
    }

    /// Every variable is fixed: a solution. Saves it as the phases.
    fn lcg_solution(&mut self) -> Step {
        self.note_solution(self.engine.core.depth());
        let n = self.engine.model.num_vars();
        for i in 0..n {
            let bit = self.domain(VarId::from_index(i)).min_bit();
            if let (Some(b), Some(l)) = (bit, self.lcg.as_mut()) {
                l.phases[i] = b as u32;
            }
        }
        Step::Solution
    }

    /// After a solution: in optimisation, back to the root under the tighter bound; else a
    /// clause that blocks the decisions of this solution.
    fn lcg_after_solution(&mut self) -> Result<(), SearchEnd> {
        if self.objective.is_some() {
            return self.lcg_restart("solution");
        }
        let l = self.lcg.as_mut().expect("learning search");
        if l.decisions.is_empty() {
            return Err(SearchEnd::Exhausted);
        }
        let trail = self.engine.core.trail.as_ref().expect("learning search trail");
        l.lits.clear();
        for &d in l.decisions.iter().rev() {
            let e = &trail.entries[d as usize];
            l.lits.push(Lit::negate(e.var, e.atom));
        }
        let bj = l.decisions.len() as u32 - 1;
        self.backjump(bj);
        let mut l = self.lcg.take().expect("learning search");
        let lits = std::mem::take(&mut l.lits);
        let id = l.clauses.add(&lits, lits.len() as u32, false, Box::default());
        let trail = self.engine.core.trail.as_ref().expect("learning search trail");
        l.clauses.watch(id, &self.engine.model.vars, self.engine.core.store.blocks(), trail);
        if l.proof.0.is_some() {
            // A solution's blocking clause: not implied by the model, never justified.
            l.proof_state.clauses.push((0, 0));
        }
        let first = lits[0];
        l.lits = lits;
        self.lcg = Some(l);
        let r = match self.enforce(first, Cause::Clause(id)) {
            Ok(()) => self.lcg_propagate(),
            Err(c) => Err(Clash::Engine(c)),
        };
        match r {
            Ok(()) => Ok(()),
            Err(clash) => self.lcg_conflict(clash),
        }
    }

    /// Starts again from the root, keeping the clauses (the worst half of the learned ones
    /// dropped when there are too many), activities and phases.
    fn lcg_restart(&mut self, why: &'static str) -> Result<(), SearchEnd> {
        self.engine.core.stats.restarts += 1;
        self.backjump(0);
        let mut l = self.lcg.take().expect("learning search");
        l.restarter.restarted();
        if l.reduction_due() {
            // In the scratch kept for it: a reduction allocates nothing.
            let mut lbds = std::mem::take(&mut l.reduce_lbds);
            lbds.clear();
            lbds.extend(l.clauses.info.iter().filter(|c| c.learned).map(|c| c.lbd));
            let mid = lbds.len() / 2;
            let limit = (*lbds.select_nth_unstable(mid).1).max(2);
            l.reduce_lbds = lbds;
            let mut keep = std::mem::take(&mut l.reduce_keep);
            keep.clear();
            keep.extend(l.clauses.info.iter().map(|c| !c.learned || c.lbd <= limit || c.len <= 2));
            if l.proof.0.is_some() {
                l.forget_dropped(self.engine.core.trail.as_mut().expect("learning search trail"));
                self.proof_reduce(&mut l, &keep);
            }
            let trail = self.engine.core.trail.as_mut().expect("learning search trail");
            let remap = l.clauses.retain(&keep, &self.engine.model.vars, self.engine.core.store.blocks(), trail);
            l.reduce_keep = keep;
            // The root entries the clauses propagated name them by their new numbers.
            trail.renumber_clauses(remap);
            debug_assert!(
                causes_name_their_clauses(trail, &l.clauses, &self.engine.model.vars, self.engine.core.store.blocks()),
                "a trail entry names a clause that is not its cause"
            );
            l.learned = l.clauses.info.iter().filter(|c| c.learned).count();
            l.max_learned += REDUCE_STEP;
        }
        log::debug!(target: "csp::learn", "restart why={why} runs={} conflicts={} learned={} clauses={} mean_lbd={:.2}", l.restarter.runs(), self.engine.core.stats.failures, self.engine.core.stats.learned, l.clauses.len(), self.engine.core.stats.mean_lbd());
        self.lcg = Some(l);
        let r = match self.apply_bound() {
            Ok(()) => self.lcg_propagate(),
            Err(c) => Err(Clash::Engine(c)),
        };
        match r {
            Ok(()) => Ok(()),
            Err(clash) => self.lcg_conflict(clash),
        }
    }
}

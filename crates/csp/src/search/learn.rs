//! The learning search: a depth-first search that remembers where it failed.
//!
//! # Background
//!
//! Plain depth-first search with MRV has a heavy tail: a bad early decision can cost an
//! exponential subtree before it is undone (Gomes, Selman, Crato and Kautz 2000). This backend
//! keeps the engine's propagation, checkpoints, limits and statistics and adds:
//!
//! * **dom/wdeg** ([`VarOrder::DomWdeg`]): each variable has a weight, its number of
//!   constraints to start with, raised by one for each variable of a constraint that fails;
//!   the search branches on the smallest ratio of domain size to weight, so variables of
//!   constraints that fail often come first, and the weights survive restarts.
//! * **Last conflict** (Lecoutre, Sais, Tabary and Vidal 2009): after a decision fails, its
//!   variable is branched on again first, until a decision on it succeeds.
//! * **Phase saving** ([`ValueOrder::Phase`]): each variable's last decided value (and, after a
//!   solution, its value there) is tried first; in optimisation this is solution-guided
//!   search.
//! * **Restarts** ([`Restarts`]): after a number of failures that follows the Luby sequence
//!   or grows geometrically, the search starts again from the root, keeping what it learnt.
//! * **Nogoods from restarts** (Lecoutre, Saïs, Tabary and Vidal 2007): before a restart,
//!   every refuted decision `x = a` of the current branch, together with the decisions above
//!   it, is recorded as a *reduced nld-nogood* "not all of these at once". A store with two
//!   watched literals per nogood propagates them, so no restart explores a refuted subtree
//!   again, and exhausting the search still proves unsatisfiability (or optimality).
//! * **Large neighbourhood search** in optimisation (Shaw 1998; Perron, Shaw and Furnon
//!   2004): every other restart after a solution, the run begins by fixing a random part of
//!   the variables to the incumbent's values (as ordinary decisions, so the nogoods stay
//!   valid) and gives up, restarting, when that neighbourhood is exhausted or a small failure
//!   budget is spent. The runs in between are complete, with growing cutoffs, so the optimum
//!   is still proven.
//!
//! # Bibliography
//!
//! * F. Boussemart, F. Hemery, C. Lecoutre and L. Saïs, "Boosting systematic search by
//!   weighting constraints", ECAI 2004.
//! * M. Luby, A. Sinclair and D. Zuckerman, "Optimal speedup of Las Vegas algorithms",
//!   Information Processing Letters 47, 1993.
//! * C. Lecoutre, L. Saïs, S. Tabary and V. Vidal, "Recording and minimizing nogoods from
//!   restarts", JSAT 1, 2007.
//! * C. Lecoutre, L. Saïs, S. Tabary and V. Vidal, "Reasoning from last conflict(s) in
//!   constraint programming", Artificial Intelligence 173, 2009.
//! * P. Shaw, "Using constraint programming and local search methods to solve vehicle routing
//!   problems", CP 1998; L. Perron, P. Shaw and V. Furnon, "Propagation guided large
//!   neighborhood search", CP 2004.

use crate::domain::{Domain, BITS};
use crate::error::Conflict;
use crate::id::VarId;
use crate::rule::Rule;
use crate::select::{ValueOrder, VarOrder};

use super::{SearchEnd, Solver, Step};

/// When the learning search starts again from the root.
///
/// A restart keeps the variable weights, saved phases and the nogoods learnt from the branch
/// it leaves, so it is complete: an exhausted search still proves that there is no (better)
/// solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Restarts {
    /// Never: one depth-first search.
    #[default]
    Never,
    /// After `scale` times the next term of the Luby sequence (1, 1, 2, 1, 1, 2, 4, 1, ...)
    /// of failures (Luby, Sinclair and Zuckerman 1993).
    Luby {
        /// Failures per unit of the sequence.
        scale: u32,
    },
    /// After `first` failures, then each cutoff `percent`% of the one before (at least one
    /// more).
    Geometric {
        /// The first cutoff, in failures.
        first: u32,
        /// Growth per restart, in percent (150 is a factor of 1.5).
        percent: u32,
    },
}

/// The `i`-th term (from 0) of the Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, ...
pub(crate) fn luby(mut i: u64) -> u64 {
    // The sequence is built from complete subsequences of length 2^k - 1 ending in 2^(k-1).
    let mut size = 1u64;
    let mut k = 0u32;
    while size < i + 1 {
        k += 1;
        size = 2 * size + 1;
    }
    while size - 1 != i {
        size = (size - 1) >> 1;
        k -= 1;
        i %= size;
    }
    1 << k
}

/// Failures per unit of the Luby sequence in the robust search.
const ROBUST_SCALE: u32 = 100;

/// CHS's first step size, its floor, and its decrease per conflict (Habet and Terrioux).
const CHS_ALPHA: f64 = 0.4;
const CHS_ALPHA_MIN: f64 = 0.06;
const CHS_ALPHA_STEP: f64 = 1e-6;

/// No saved phase.
const NO_PHASE: u32 = u32::MAX;

/// Failures an LNS run may spend before it gives up on its neighbourhood.
const LNS_FAILURES: u64 = 50;

/// A refuted decision `var = bit` taken with `depth` decisions in force.
#[derive(Clone, Copy, Debug)]
struct Refuted {
    depth: u32,
    var: u32,
    bit: u32,
}

/// Nogoods with two watched literals each. A literal `(x, b)` stands for "x takes the value
/// of bit b"; a nogood forbids all its literals at once. A literal is *true* when its
/// variable is fixed to that value and *false* when the value is gone.
///
/// Invariant: the first two literals of each nogood of two or more are its watches; the
/// watch lists only grow when a nogood is added (at a restart) or a watch moves.
#[derive(Clone, Debug, Default)]
pub(crate) struct Nogoods {
    /// The literals of every nogood, one after the other.
    lits: Vec<(u32, u32)>,
    /// Nogood `i` is `lits[starts[i]..starts[i + 1]]`.
    starts: Vec<u32>,
    /// Per variable: the nogoods that watch one of its literals.
    watches: Vec<Vec<u32>>,
    /// Variables that have had a watch (each once), and whether each variable is listed.
    watched: Vec<u32>,
    listed: Vec<bool>,
    /// Unit nogoods (one literal): values removed at the root after each restart.
    units: Vec<(u32, u32)>,
    /// Per variable: the checkpoint (level, generation) in force when its watch list was last
    /// gone through with the variable fixed, or [`NOT_DONE`]. While that checkpoint stands the
    /// variable stays fixed and the list needs no new pass, so each pass of propagation goes
    /// through the lists of the newly fixed variables only.
    done: Vec<(u32, u64)>,
}

/// No pass over a variable's watch list stands.
const NOT_DONE: (u32, u64) = (u32::MAX, 0);

/// A literal's state in the current domains.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Truth {
    True,
    False,
    Open,
}

fn has_bit(d: &Domain<'_>, bit: usize) -> bool {
    match d.interval() {
        Some((lo, hi)) => (lo..=hi).contains(&bit),
        None => d.blocks.get(bit / BITS).is_some_and(|b| b >> (bit % BITS) & 1 == 1),
    }
}

impl Nogoods {
    /// Adds nogood `id` to the watch list of variable `x`.
    fn watch(&mut self, x: u32, id: u32) {
        self.watches[x as usize].push(id);
        if !self.listed[x as usize] {
            self.listed[x as usize] = true;
            self.watched.push(x);
        }
    }

    /// The number of nogoods recorded.
    pub(crate) fn len(&self) -> usize {
        self.starts.len().saturating_sub(1) + self.units.len()
    }

    fn add(&mut self, lits: &[(u32, u32)], num_vars: usize) {
        match lits {
            [] => {}
            [unit] => self.units.push(*unit),
            _ => {
                if self.starts.is_empty() {
                    self.starts.push(0);
                }
                if self.watches.len() < num_vars {
                    self.watches.resize(num_vars, Vec::new());
                    self.listed.resize(num_vars, false);
                }
                // A new nogood may watch a variable whose list was gone through.
                self.done.clear();
                self.done.resize(num_vars, NOT_DONE);
                let id = self.starts.len() as u32 - 1;
                self.lits.extend_from_slice(lits);
                self.starts.push(self.lits.len() as u32);
                for &(x, _) in &lits[..2] {
                    self.watch(x, id);
                }
            }
        }
    }
}

/// The learning search's state: weights, phases, the current run's refutations, nogoods and
/// the restart schedule. Its buffers live across searches; what it learnt is dropped when a
/// search begins.
#[derive(Clone, Debug)]
pub(crate) struct Learning {
    pub(crate) restarts: Restarts,
    /// Per variable: dom/wdeg weight.
    weights: Vec<u64>,
    /// Per variable: CHS score, and the conflict count at its last update.
    chs: Vec<f64>,
    chs_at: Vec<u64>,
    /// Conflicts so far in this search, and CHS's step size.
    conflicts: u64,
    alpha: f64,
    /// Per variable: saved phase (bit), or [`NO_PHASE`].
    phases: Vec<u32>,
    /// The variable of the last failed decision, branched on first while unfixed.
    last_conflict: Option<VarId>,
    /// The refutations in force on the current branch, in the order they were made.
    refuted: Vec<Refuted>,
    pub(crate) nogoods: Nogoods,
    /// Failures since the run began, and the run's cutoff.
    run_failures: u64,
    cutoff: u64,
    /// Restarts made (the index into the restart sequence).
    runs: u64,
    /// Whether the current run is an LNS run, and how many of the stack's decisions are its
    /// fixings.
    lns_prefix: u32,
    /// Whether optimisation runs LNS between complete runs.
    pub(crate) lns: bool,
    /// Whether complete runs alternate between the orders set and the robust search
    /// ([`Solver::set_alternating_search`]), and whether the current run is a robust one.
    pub(crate) alternate: bool,
    robust_run: bool,
    /// The incumbent's value of each variable (bits), once a solution is known.
    incumbent: Vec<u32>,
    /// The best objective value of all workers of a parallel search (`i64`), read at restarts.
    pub(crate) shared_best: Option<std::sync::Arc<std::sync::atomic::AtomicI64>>,
    /// The variables unfixed when the search began (after root propagation): no other can be
    /// unfixed later, so the variable orders scan only these.
    open: Vec<u32>,
    /// Scratch: literals of a nogood being built, and variables to fix in an LNS run.
    scratch: Vec<(u32, u32)>,
    order: Vec<u32>,
}

impl Learning {
    pub(crate) fn new(num_vars: usize, degree: &[u32]) -> Learning {
        Learning {
            restarts: Restarts::Never,
            weights: degree.iter().map(|&d| u64::from(d) + 1).collect(),
            phases: vec![NO_PHASE; num_vars],
            chs: vec![0.0; num_vars],
            chs_at: vec![0; num_vars],
            conflicts: 0,
            alpha: CHS_ALPHA,
            last_conflict: None,
            refuted: Vec::with_capacity(num_vars),
            nogoods: Nogoods::default(),
            run_failures: 0,
            cutoff: u64::MAX,
            runs: 0,
            lns_prefix: 0,
            lns: true,
            alternate: false,
            robust_run: false,
            incumbent: Vec::new(),
            shared_best: None,
            open: Vec::with_capacity(num_vars),
            scratch: Vec::with_capacity(num_vars),
            order: Vec::with_capacity(num_vars),
        }
    }

    /// Forgets everything learnt, so that a search's answers depend only on the state it
    /// starts from, the settings and the seed (not on earlier searches).
    pub(crate) fn forget(&mut self, degree: &[u32]) {
        self.weights.clear();
        self.weights.extend(degree.iter().map(|&d| u64::from(d) + 1));
        self.phases.fill(NO_PHASE);
        self.chs.fill(0.0);
        self.chs_at.fill(0);
        self.conflicts = 0;
        self.alpha = CHS_ALPHA;
        self.nogoods = Nogoods::default();
        self.incumbent.clear();
        self.refuted.clear();
        self.last_conflict = None;
    }

    fn next_cutoff(&mut self) -> u64 {
        match self.restarts {
            Restarts::Never => u64::MAX,
            Restarts::Luby { scale } => u64::from(scale.max(1)).saturating_mul(luby(self.runs)),
            Restarts::Geometric { first, percent } => {
                let mut c = u64::from(first.max(1));
                for _ in 0..self.runs.min(200) {
                    c = (c.saturating_mul(u64::from(percent)) / 100).max(c + 1);
                }
                c
            }
        }
    }
}

impl Solver {
    /// Whether the learning search runs this search: an order or restart policy that needs it.
    pub(super) fn wants_learning(&self) -> bool {
        matches!(self.var_order, VarOrder::DomWdeg | VarOrder::Chs)
            || self.value_order == ValueOrder::Phase
            || self.learning.as_ref().is_some_and(|l| l.restarts != Restarts::Never)
    }

    /// Sets up a learning run at the start of a search (root propagation done).
    pub(super) fn begin_learning(&mut self) {
        let n = self.engine.model.num_vars();
        let l = self.learning.get_or_insert_with(|| Box::new(Learning::new(n, &self.degree)));
        l.forget(&self.degree);
        l.runs = 0;
        l.run_failures = 0;
        l.lns_prefix = 0;
        l.robust_run = false;
        l.cutoff = l.next_cutoff();
        let mut open = std::mem::take(&mut l.open);
        open.clear();
        open.extend((0..n as u32).filter(|&i| self.domain(VarId::from_index(i as usize)).len() > 1));
        self.learning.as_mut().expect("learning search").open = open;
        // Unit nogoods and root propagation of the others happen at restarts only; a new
        // search starts with none.
    }

    /// [`step`](Self::step) of the learning search.
    pub(super) fn learn_step(&mut self) -> Step {
        if let Some(end) = self.resume(Self::learn_backtrack) {
            return end;
        }
        loop {
            if let Some(end) = self.limit_end() {
                return end;
            }
            if self.restart_due() {
                if let Err(end) = self.restart() {
                    return self.end_with(end);
                }
                continue;
            }
            let Some(var) = self.learn_select() else {
                return self.learn_solution();
            };
            let bit = self.learn_value(var);
            if let Err(end) = self.decide(var, bit) {
                return self.end_with(end);
            }
        }
    }

    /// Takes the decision `var = bit`; on failure, backtracks. Err: the search is over.
    fn decide(&mut self, var: VarId, bit: usize) -> Result<(), SearchEnd> {
        self.open_node(var, bit, self.engine.core.observing);
        let phase = self.value_order == ValueOrder::Phase;
        let l = self.learning.as_mut().expect("learning search");
        if (phase || l.robust_run) && l.phases.len() > var.index() {
            l.phases[var.index()] = bit as u32;
        }
        self.engine.core.set_outside_rule(Rule::Decision);
        let r = self.engine.core.assign_bit(&self.engine.model.vars, var, bit, Rule::Decision).map(|_| ());
        let r = match r {
            Ok(()) => self.propagate_with_nogoods(),
            Err(c) => {
                self.engine.core.fail(c);
                Err(c)
            }
        };
        match r {
            Ok(()) => {
                let l = self.learning.as_mut().expect("learning search");
                if l.last_conflict == Some(var) {
                    l.last_conflict = None;
                }
                Ok(())
            }
            Err(c) => {
                self.learn_from(c);
                self.learning.as_mut().expect("learning search").last_conflict = Some(var);
                self.learn_backtrack()
            }
        }
    }

    /// Propagation to a fixed point of the constraints and the nogoods together.
    fn propagate_with_nogoods(&mut self) -> Result<(), Conflict> {
        loop {
            self.engine.core.propagate(&self.engine.model.vars, &mut self.engine.model.constraints)?;
            if !self.propagate_nogoods()? {
                return Ok(());
            }
        }
    }

    /// One pass of nogood propagation over the watched variables that are fixed; whether it
    /// removed a value (then the constraints run again).
    fn propagate_nogoods(&mut self) -> Result<bool, Conflict> {
        let Some(l) = self.learning.as_mut() else { return Ok(false) };
        if l.nogoods.watched.is_empty() {
            return Ok(false);
        }
        let mut changed = false;
        // The checkpoint in force, and whether a pass made under (level, generation) stands.
        let generations = &self.engine.generations;
        let here = (generations.len() as u32, generations.last().copied().unwrap_or(0));
        let stands = |(level, generation): (u32, u64)| {
            level != u32::MAX && (level == 0 || generations.get(level as usize - 1) == Some(&generation))
        };
        let mut wi = 0;
        while wi < l.nogoods.watched.len() {
            let x = l.nogoods.watched[wi] as usize;
            wi += 1;
            if stands(l.nogoods.done[x]) {
                continue;
            }
            let d = domain_of(&self.engine.model.vars, &self.engine.core.store, x);
            let Some(value_bit) = fixed_bit(&d) else { continue };
            let mut k = 0;
            while k < l.nogoods.watches[x].len() {
                let id = l.nogoods.watches[x][k] as usize;
                let (s, e) = (l.nogoods.starts[id] as usize, l.nogoods.starts[id + 1] as usize);
                // Put the watch on `x` first.
                if l.nogoods.lits[s].0 as usize != x {
                    l.nogoods.lits.swap(s, s + 1);
                }
                if l.nogoods.lits[s].1 as usize != value_bit {
                    // x's literal is false: the nogood is satisfied.
                    k += 1;
                    continue;
                }
                // Find another literal that is not true to watch.
                let mut moved = false;
                for j in s + 2..e {
                    let (y, b) = l.nogoods.lits[j];
                    if truth(&self.engine.model.vars, &self.engine.core.store, y, b) != Truth::True {
                        l.nogoods.lits.swap(s, j);
                        l.nogoods.watches[x].swap_remove(k);
                        l.nogoods.watch(y, id as u32);
                        moved = true;
                        break;
                    }
                }
                if moved {
                    continue;
                }
                k += 1;
                let (y, b) = l.nogoods.lits[s + 1];
                match truth(&self.engine.model.vars, &self.engine.core.store, y, b) {
                    Truth::False => {}
                    Truth::True => {
                        let c = Conflict { by: None, var: Some(VarId::from_index(y as usize)) };
                        self.engine.core.fail(c);
                        return Err(c);
                    }
                    Truth::Open => {
                        let var = VarId::from_index(y as usize);
                        let b = b as usize;
                        self.engine.core.set_outside_rule(Rule::Nogood);
                        match self.engine.core.retain_block(
                            &self.engine.model.vars,
                            var,
                            b / BITS,
                            !(1 << (b % BITS)),
                            Rule::Nogood,
                        ) {
                            Ok(c) => changed |= c,
                            Err(c) => {
                                self.engine.core.fail(c);
                                return Err(c);
                            }
                        }
                    }
                }
            }
            l.nogoods.done[x] = here;
        }
        Ok(changed)
    }

    /// dom/wdeg and CHS: raises the weight and the conflict score of each variable of the
    /// constraint that failed.
    fn learn_from(&mut self, c: Conflict) {
        let l = self.learning.as_mut().expect("learning search");
        l.run_failures += 1;
        l.conflicts += 1;
        let scope: &[VarId] = match (c.by, c.var.as_ref()) {
            (Some(by), _) => self.engine.model.constraints[by.index()].scope(),
            (None, Some(x)) => std::slice::from_ref(x),
            (None, None) => &[],
        };
        // The runs of the orders set, between the robust ones, leave the robust search's
        // weights alone: a poor order fails where it should not have branched, and the
        // weights of those failures would mislead the robust runs.
        let scope = if l.alternate && !l.robust_run { &[] } else { scope };
        for &x in scope {
            let i = x.index();
            if let Some(w) = l.weights.get_mut(i) {
                *w += 1;
                let reward = 1.0 / (l.conflicts - l.chs_at[i] + 1) as f64;
                l.chs[i] = (1.0 - l.alpha) * l.chs[i] + l.alpha * reward;
                l.chs_at[i] = l.conflicts;
            }
        }
        l.alpha = (l.alpha - CHS_ALPHA_STEP).max(CHS_ALPHA_MIN);
    }

    /// Undoes decisions until a refutation propagates without conflict (recording each
    /// refutation for the nogoods of the next restart).
    fn learn_backtrack(&mut self) -> Result<(), SearchEnd> {
        loop {
            let lns_prefix = self.learning.as_ref().map_or(0, |l| l.lns_prefix);
            if lns_prefix > 0 && self.stack.len() as u32 <= lns_prefix {
                // The neighbourhood is exhausted: give up on it, not on its fixings.
                return self.restart();
            }
            let Some(f) = self.stack.pop() else { return Err(SearchEnd::Exhausted) };
            self.engine.restore_level(f.level);
            self.engine.core.stats.backtracks += 1;
            let var = VarId::from_index(f.var as usize);
            if self.engine.core.observing || self.logging_search {
                self.report_refutation(var, f.bit as usize, self.stack.len() as u32);
            }
            if let Some(limit) = self.limit_hit() {
                return Err(SearchEnd::LimitReached(limit));
            }
            let depth = self.stack.len() as u32;
            let l = self.learning.as_mut().expect("learning search");
            while l.refuted.last().is_some_and(|r| r.depth > depth) {
                l.refuted.pop();
            }
            l.refuted.push(Refuted { depth, var: f.var, bit: f.bit });
            self.engine.core.set_outside_rule(Rule::Refutation);
            let bit = f.bit as usize;
            let mut r = self.engine.core.retain_block(
                &self.engine.model.vars,
                var,
                bit / BITS,
                !(1 << (bit % BITS)),
                Rule::Refutation,
            );
            if let (Some(bound), true) = (self.objective, r.is_ok()) {
                r = bound.apply(&mut self.engine.core, &self.engine.model.vars);
            }
            let r = match r {
                Ok(_) => self.propagate_with_nogoods(),
                Err(c) => {
                    self.engine.core.fail(c);
                    Err(c)
                }
            };
            match r {
                Ok(()) => return Ok(()),
                Err(c) => self.learn_from(c),
            }
            if self.restart_due() && !self.stack.is_empty() {
                return self.restart();
            }
        }
    }

    fn restart_due(&self) -> bool {
        self.learning
            .as_ref()
            .is_some_and(|l| l.restarts != Restarts::Never && l.run_failures >= l.cutoff && !self.stack.is_empty())
    }

    /// Starts a new run from the root: records the branch's nogoods, restores the root state,
    /// propagates the nogoods there, and, in optimisation, may fix part of the incumbent (LNS).
    fn restart(&mut self) -> Result<(), SearchEnd> {
        let n = self.engine.model.num_vars();
        let Some(mut l) = self.learning.take() else { return Err(SearchEnd::Exhausted) };
        // Reduced nld-nogoods: each refutation with the decisions above it.
        for r in &l.refuted {
            l.scratch.clear();
            l.scratch.extend(self.stack[..r.depth as usize].iter().map(|f| (f.var, f.bit)));
            l.scratch.push((r.var, r.bit));
            let lits = std::mem::take(&mut l.scratch);
            l.nogoods.add(&lits, n);
            l.scratch = lits;
        }
        self.engine.core.stats.nogoods = l.nogoods.len() as u64;
        l.refuted.clear();
        l.last_conflict = None;
        let was_lns = l.lns_prefix > 0;
        l.lns_prefix = 0;
        if !was_lns {
            l.runs += 1;
            l.robust_run = l.alternate && !l.robust_run;
        }
        self.engine.core.stats.restarts += 1;
        // CHS at a restart: the step size starts again, and scores decay with their age.
        l.alpha = CHS_ALPHA;
        for (q, &at) in l.chs.iter_mut().zip(&l.chs_at) {
            *q *= 0.995f64.powi((l.conflicts - at).min(10_000) as i32);
        }
        let root = self.stack.first().map(|f| f.level);
        self.stack.clear();
        if let Some(level) = root {
            self.engine.restore_level(level);
        }
        log::debug!(target: "csp::search", "restart runs={} nogoods={} failures={}", l.runs, l.nogoods.len(), self.engine.core.stats.failures);
        // Root: the unit nogoods and the objective bound, then everything to a fixed point.
        self.engine.core.set_outside_rule(Rule::Nogood);
        let mut r = Ok(());
        for &(x, b) in &l.nogoods.units {
            let b = b as usize;
            r = self
                .engine
                .core
                .retain_block(
                    &self.engine.model.vars,
                    VarId::from_index(x as usize),
                    b / BITS,
                    !(1 << (b % BITS)),
                    Rule::Nogood,
                )
                .map(|_| ());
            if r.is_err() {
                break;
            }
        }
        if let (Some(shared), Some(bound)) = (&l.shared_best, self.objective.as_mut()) {
            bound.tighten(shared.load(std::sync::atomic::Ordering::Relaxed));
        }
        if let (Some(bound), true) = (self.objective, r.is_ok()) {
            r = bound.apply(&mut self.engine.core, &self.engine.model.vars).map(|_| ());
        }
        let lns_now = l.lns && self.objective.is_some() && !l.incumbent.is_empty() && !was_lns;
        self.learning = Some(l);
        let r = match r {
            Ok(()) => self.propagate_with_nogoods(),
            Err(c) => {
                self.engine.core.fail(c);
                Err(c)
            }
        };
        if r.is_err() {
            return Err(SearchEnd::Exhausted);
        }
        let l = self.learning.as_mut().expect("learning search");
        l.run_failures = 0;
        if lns_now {
            l.cutoff = LNS_FAILURES;
            self.engine.core.stats.lns_runs += 1;
            return self.fix_neighbourhood();
        }
        l.cutoff = l.next_cutoff();
        Ok(())
    }

    /// An LNS run: fixes a random 30% to 90% of the variables to the incumbent's values, as
    /// decisions (so that a failure among them only refutes the neighbourhood).
    fn fix_neighbourhood(&mut self) -> Result<(), SearchEnd> {
        let Some(mut l) = self.learning.take() else { return Ok(()) };
        let n = self.engine.model.num_vars();
        l.order.clear();
        l.order.extend(0..n as u32);
        let rng = &mut self.rng;
        for i in (1..l.order.len()).rev() {
            let j = rng.index(i + 1);
            l.order.swap(i, j);
        }
        let share = 30 + rng.below(61) as usize;
        let keep = n * share / 100;
        let order = std::mem::take(&mut l.order);
        let incumbent = std::mem::take(&mut l.incumbent);
        self.learning = Some(l);
        let mut result = Ok(());
        for &x in &order[..keep] {
            let var = VarId::from_index(x as usize);
            let bit = incumbent[x as usize] as usize;
            let d = self.domain(var);
            if d.len() <= 1 || !has_bit(&d, bit) {
                continue;
            }
            let depth = self.stack.len() as u32;
            self.learning.as_mut().expect("learning search").lns_prefix = depth + 1;
            if let Err(end) = self.decide(var, bit) {
                result = Err(end);
                break;
            }
            // A failed fixing restarts (the neighbourhood is empty): stop fixing.
            if self.learning.as_ref().is_some_and(|l| l.lns_prefix == 0) {
                break;
            }
        }
        let l = self.learning.as_mut().expect("learning search");
        l.order = order;
        l.incumbent = incumbent;
        result
    }

    /// The variable to branch on: the last conflict's if it is unfixed, else by the order.
    fn learn_select(&mut self) -> Option<VarId> {
        if let Some(x) = self.learning.as_ref().and_then(|l| l.last_conflict) {
            if self.domain(x).len() > 1 {
                return Some(x);
            }
        }
        if self.robust_run() {
            return self.select_dom_wdeg();
        }
        self.select_var()
    }

    /// Whether the current run is one of the robust search's, between runs of the orders set
    /// ([`set_alternating_search`](Self::set_alternating_search)).
    fn robust_run(&self) -> bool {
        self.learning.as_ref().is_some_and(|l| l.robust_run)
    }

    /// dom/wdeg: the unfixed variable with the smallest domain size over weight (compared as
    /// `size_a * w_b < size_b * w_a`), ties to the first; MRV when no weights are kept.
    pub(super) fn select_dom_wdeg(&self) -> Option<VarId> {
        match self.learning.as_deref() {
            Some(l) if !l.open.is_empty() => self.dom_wdeg_among(l.open.iter().map(|&i| i as usize), &l.weights),
            Some(l) => self.dom_wdeg_among(0..self.engine.model.num_vars(), &l.weights),
            None => self.dom_wdeg_among(0..self.engine.model.num_vars(), &[]),
        }
    }

    /// [`select_dom_wdeg`](Self::select_dom_wdeg) over the variables `among` (weight 1 for a
    /// variable beyond `weights`).
    fn dom_wdeg_among(&self, among: impl Iterator<Item = usize>, weights: &[u64]) -> Option<VarId> {
        let mut best: Option<(VarId, u64, u64)> = None;
        for i in among {
            let v = VarId::from_index(i);
            let d = self.domain(v);
            if d.interval().is_none() && d.blocks.len() == 1 && d.blocks[0] & d.blocks[0].wrapping_sub(1) == 0 {
                // Fixed (or empty), told without a population count.
                continue;
            }
            let size = d.len() as u64;
            if size <= 1 {
                continue;
            }
            let w = weights.get(i).copied().unwrap_or(1);
            match best {
                Some((_, bs, bw)) if size * bw >= bs * w => {}
                _ => best = Some((v, size, w)),
            }
        }
        best.map(|(v, _, _)| v)
    }

    /// CHS: the unfixed variable with the largest conflict score over domain size (a small
    /// constant keeps variables that never failed in order of size), ties to the first.
    pub(super) fn select_chs(&self) -> Option<VarId> {
        let scores = self.learning.as_ref().map(|l| &l.chs[..]);
        let mut best: Option<(VarId, f64)> = None;
        for i in 0..self.engine.model.num_vars() {
            let v = VarId::from_index(i);
            let size = self.domain(v).len();
            if size <= 1 {
                continue;
            }
            let s = (scores.map_or(0.0, |q| q[i]) + 1e-6) / size as f64;
            if best.is_none_or(|(_, b)| s > b) {
                best = Some((v, s));
            }
        }
        best.map(|(v, _)| v)
    }

    /// Sets when the search restarts (default: see [`Solver::set_var_order`]'s note on the
    /// automatic strategy). Any policy but [`Restarts::Never`] runs the learning search, which
    /// records nogoods at each restart, so that it stays complete: an exhausted search still
    /// proves that there is no solution, or no better one.
    ///
    /// # Example
    ///
    /// ```
    /// use csp::{Model, Outcome};
    /// use csp::branching::{Restarts, ValueOrder, VarOrder};
    /// use csp::constraints::{Linear, Comparison};
    ///
    /// // x0 + ... + x7 = 20 over 0..=4, with x_i != x_{i+1}: solvable.
    /// let mut model = Model::new();
    /// let x = model.new_vars(8, 0..=4)?;
    /// model.post(Linear::sum(x.clone(), Comparison::Equal, 20))?;
    /// for w in x.windows(2) {
    ///     model.post(csp::constraints::NotEqual::new(w[0], w[1]))?;
    /// }
    /// let mut solver = model.into_solver();
    /// solver.set_var_order(VarOrder::DomWdeg);
    /// solver.set_value_order(ValueOrder::Phase);
    /// solver.set_restarts(Restarts::Luby { scale: 10 });
    /// let Outcome::Solved(s) = solver.solve() else { panic!("solvable") };
    /// assert_eq!(x.iter().map(|&v| s[v]).sum::<i32>(), 20);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_restarts(&mut self, restarts: Restarts) {
        self.auto_strategy = false;
        let n = self.engine.model.num_vars();
        let l = self.learning.get_or_insert_with(|| Box::new(Learning::new(n, &self.degree)));
        l.restarts = restarts;
    }

    /// Whether optimisation with restarts alternates large-neighbourhood runs (part of the
    /// incumbent fixed, a small failure budget) with complete runs. Default: on.
    pub fn set_lns(&mut self, on: bool) {
        let n = self.engine.model.num_vars();
        let l = self.learning.get_or_insert_with(|| Box::new(Learning::new(n, &self.degree)));
        l.lns = on;
    }

    /// Whether the search alternates, one complete run (between two restarts) after the
    /// other, between the orders set (a search annotation's [`set_branching_vars`],
    /// [`set_var_order`] and [`set_value_order`], say) and the robust search
    /// ([`set_robust_search`]'s dom/wdeg with phase saving), as Chuffed alternates an
    /// annotation and its own search. The nogoods and the solutions' phases are shared, so the
    /// search stays complete; only the robust runs raise the dom/wdeg weights and save the
    /// phases of their decisions. A poor annotation then costs at most half the runs.
    /// Needs restarts ([`set_restarts`]); default: off.
    ///
    /// [`set_branching_vars`]: Self::set_branching_vars
    /// [`set_var_order`]: Self::set_var_order
    /// [`set_value_order`]: Self::set_value_order
    /// [`set_robust_search`]: Self::set_robust_search
    /// [`set_restarts`]: Self::set_restarts
    ///
    /// # Example
    ///
    /// ```
    /// use csp::Model;
    /// use csp::branching::{Restarts, VarOrder};
    /// use csp::constraints::AllDifferent;
    ///
    /// let mut model = Model::new();
    /// let x = model.new_vars(5, 1..=5)?;
    /// model.post(AllDifferent::new(x.clone()))?;
    /// let mut solver = model.into_solver();
    /// solver.set_var_order(VarOrder::Input);
    /// solver.set_branching_vars(x.clone());
    /// solver.set_restarts(Restarts::Luby { scale: 10 });
    /// solver.set_alternating_search(true);
    /// assert_eq!(solver.count_solutions(u64::MAX).count, 120);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_alternating_search(&mut self, on: bool) {
        let n = self.engine.model.num_vars();
        let l = self.learning.get_or_insert_with(|| Box::new(Learning::new(n, &self.degree)));
        l.alternate = on;
    }

    /// The learning search with its defaults: dom/wdeg, phase saving, last-conflict, Luby
    /// restarts (scale 100) with nogoods, and LNS in optimisation.
    pub fn set_robust_search(&mut self) {
        self.set_var_order(VarOrder::DomWdeg);
        self.set_value_order(ValueOrder::Phase);
        self.set_restarts(Restarts::Luby { scale: ROBUST_SCALE });
    }

    /// The automatic strategy, chosen when a search begins while no order or restart policy
    /// was set: MRV depth-first on a model of all-different constraints only (whose own
    /// search is fastest on it), the robust learning search on any other.
    pub(super) fn choose_strategy(&mut self) {
        use crate::constraints::{AllDifferent, AllDifferentNetwork, Intersection};
        use crate::model::constraint::downcast_ref;
        let pure = self.engine.model.constraints.iter().all(|c| {
            downcast_ref::<AllDifferent>(&**c).is_some()
                || downcast_ref::<AllDifferentNetwork>(&**c).is_some()
                || downcast_ref::<Intersection>(&**c).is_some()
        });
        let n = self.engine.model.num_vars();
        if pure || n == 0 {
            self.var_order = VarOrder::Mrv(crate::select::TieBreak::First);
            self.value_order = ValueOrder::Ascending;
            if let Some(l) = self.learning.as_mut() {
                l.restarts = Restarts::Never;
            }
        } else {
            self.var_order = VarOrder::DomWdeg;
            self.value_order = ValueOrder::Phase;
            let l = self.learning.get_or_insert_with(|| Box::new(Learning::new(n, &self.degree)));
            l.restarts = Restarts::Luby { scale: ROBUST_SCALE };
        }
    }

    /// The value to try: the saved phase if it is still in the domain, else by the order.
    fn learn_value(&mut self, var: VarId) -> usize {
        if self.value_order == ValueOrder::Phase || self.robust_run() {
            let p = self.learning.as_ref().map_or(NO_PHASE, |l| l.phases[var.index()]);
            let d = self.domain(var);
            if p != NO_PHASE && has_bit(&d, p as usize) && (!d.is_interval() || d.min_bit() == Some(p as usize)) {
                return p as usize;
            }
            // No saved phase yet: a custom value selector (solution hints) gives the first one.
            if self.custom.value.is_some() {
                if let Some(bit) = self.select_value_custom(var) {
                    return bit;
                }
            }
            return self.domain(var).min_bit().expect("a variable chosen for branching has at least two values");
        }
        self.select_value(var)
    }

    /// Every variable is fixed: a solution. Saves it as phases and incumbent.
    fn learn_solution(&mut self) -> Step {
        self.note_solution(self.engine.core.depth());
        let n = self.engine.model.num_vars();
        if let Some(mut l) = self.learning.take() {
            l.incumbent.clear();
            for i in 0..n {
                let d = self.domain(VarId::from_index(i));
                let bit = fixed_bit(&d).expect("solution domains are fixed") as u32;
                l.incumbent.push(bit);
                l.phases[i] = bit;
            }
            self.learning = Some(l);
        }
        Step::Solution
    }
}

/// The domain of variable `x` in `store`.
fn domain_of<'a>(vars: &'a [crate::layout::VarInfo], store: &'a crate::store::Store, x: usize) -> Domain<'a> {
    let info = &vars[x];
    let (o, w) = (info.offset as usize, info.words as usize);
    Domain { blocks: &store.blocks()[o..o + w], map: &info.map }
}

/// The bit of a fixed domain.
fn fixed_bit(d: &Domain<'_>) -> Option<usize> {
    if d.interval().is_some() {
        return if d.is_fixed() { d.min_bit() } else { None };
    }
    // A bitset: exactly one bit set, found without a population count (which the default
    // x86-64 target has no instruction for).
    let mut found = None;
    for (wi, &b) in d.blocks.iter().enumerate() {
        if b == 0 {
            continue;
        }
        if found.is_some() || b & b.wrapping_sub(1) != 0 {
            return None;
        }
        found = Some(wi * BITS + b.trailing_zeros() as usize);
    }
    found
}

fn truth(vars: &[crate::layout::VarInfo], store: &crate::store::Store, x: u32, bit: u32) -> Truth {
    let d = domain_of(vars, store, x as usize);
    if !has_bit(&d, bit as usize) {
        Truth::False
    } else if fixed_bit(&d).is_some() {
        Truth::True
    } else {
        Truth::Open
    }
}

#[cfg(test)]
mod tests {
    use super::luby;

    #[test]
    fn luby_sequence_starts_as_published() {
        let seq: Vec<u64> = (0..15).map(luby).collect();
        assert_eq!(seq, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }
}

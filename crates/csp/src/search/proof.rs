//! Proof logging for the learning search (`crate::learning::proof` writes the steps): at each
//! conflict, the walk from the failure back to the learned clause's atoms through the
//! explanations the analysis used, written as inferences and one nogood; at the end, the
//! conclusion.

use std::cell::RefCell;

use fixedbitset::Block;

use super::lcg::{reason_of, Clash, Lcg};
use super::{Side, Solver};
use crate::error::Conflict;
use crate::id::VarId;
use crate::layout::VarInfo;
use crate::learning::clauses::Clauses;
use crate::learning::explain::{atom_entries, state_before, Antecedents};
use crate::learning::proof::{atoms_of, Datom, Op, Proof, ProofSlot, ProofState};
use crate::learning::reasons::Reasons;
use crate::learning::trail::{Cause, Named, Trail};
use crate::model::constraint::Constraint;
use crate::model::Model;

/// The most holes of an initial domain written as atoms.
const MAX_HOLES: i32 = 256;

/// The checker's rules that read only the variables an inference names (the others count as
/// unconstrained).
const NAMED_ONLY: [&str; 1] = ["all_different"];

/// How the failure of a conflict reads in the proof.
#[derive(Clone, Copy, Debug)]
enum Failure {
    /// A constraint fails on the atoms of the roots.
    Constraint(u32),
    /// A clause is false.
    Clause(u32),
    /// A domain is empty once the roots' atoms hold.
    Empty,
}

/// What one walk reads.
struct Walk<'a> {
    trail: &'a Trail,
    vars: &'a [VarInfo],
    blocks: &'a [Block],
    constraints: &'a [Box<dyn Constraint>],
    clauses: &'a Clauses,
    /// The explanations the analysis kept (current: forgotten for the entries dropped), which
    /// the walk reads and adds to.
    explained: RefCell<&'a mut Reasons>,
    model: &'a Model,
    /// The bound on the objective in force.
    bound: Option<Datom>,
}

impl Solver {
    /// Writes a proof of the following learning searches' conclusions to `proof` (`None`: no
    /// proof, the default): every learned clause as a nogood of the DRCP format with the
    /// inferences it rests on, and, when a search ends by exhausting its space, the conclusion
    /// (unsatisfiable, or the bound on the objective proven). See [`Proof`] and
    /// `docs/proofs.md`. Only a learning search ([`set_learning`](Solver::set_learning))
    /// writes one; off, it costs one branch per conflict.
    ///
    /// # Example
    ///
    /// ```
    /// use csp::Model;
    /// use csp::constraints::{Comparison, Linear};
    /// use csp::solve::{Optimum, Proof};
    ///
    /// // The smallest z = x + y with x + y >= 3: 3, and the proof concludes z >= 3.
    /// let mut model = Model::new();
    /// let x = model.new_named_var("x", 0..=4)?;
    /// let y = model.new_named_var("y", 0..=4)?;
    /// let z = model.new_named_var("z", 0..=8)?;
    /// model.post(Linear::new([(1, x), (1, y), (-1, z)], Comparison::Equal, 0))?;
    /// model.post(Linear::new([(1, x), (1, y)], Comparison::GreaterOrEqual, 3))?;
    /// let mut solver = model.into_solver();
    /// solver.set_learning(true);
    /// solver.set_proof(Some(Proof::in_memory()));
    /// assert!(matches!(solver.minimize(z), Optimum::Optimal(s) if s[z] == 3));
    /// let text = String::from_utf8(solver.take_proof().expect("set").finish()?)?;
    /// let claim = text.lines().last().and_then(|l| l.strip_prefix("c ")).expect("a conclusion");
    /// assert!(text.contains(&format!("a {claim} [z >= 3]")));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_proof(&mut self, proof: Option<Proof>) {
        let (n, m) = (self.engine.model.num_vars(), self.engine.model.num_constraints());
        self.lcg.get_or_insert_with(|| Box::new(Lcg::new(n, m))).proof = ProofSlot(proof.map(Box::new));
    }

    /// Takes back the proof set by [`set_proof`](Solver::set_proof) (to
    /// [`finish`](Proof::finish) it).
    pub fn take_proof(&mut self) -> Option<Proof> {
        self.lcg.as_mut()?.proof.0.take().map(|p| *p)
    }

    /// The bound on the objective in force, as an atom.
    fn bound_atom(&self) -> Option<Datom> {
        let b = self.objective?;
        let var = b.var.index() as u32;
        Some(match b.side {
            Side::Below(v) => Datom { var, op: Op::Le, value: v.checked_sub(1)? },
            Side::Above(v) => Datom { var, op: Op::Ge, value: v.checked_add(1)? },
        })
    }

    /// Logs the conflict `clash` just analysed: the nogood of the clause left in `l.lits`, or
    /// (`last`: the conflict is at the root) the final nogood and the conclusion.
    pub(super) fn proof_conflict(&self, l: &mut Lcg, clash: Clash, last: bool) {
        let Some(mut p) = l.proof.0.take() else { return };
        if let Some(trail) = self.engine.core.trail.as_ref() {
            let w = self.walk(trail, &l.clauses, &mut l.explained);
            let st = &mut l.proof_state;
            st.nogood.clear();
            if !last {
                for lit in &l.lits {
                    atoms_of(w.vars, lit.var, lit.negation(), &mut st.nogood);
                }
            }
            st.nogood.extend(w.bound);
            let step = w.derive(&mut p, st, clash, |x| self.domain(x).is_empty());
            let bound = w.bound.map_or(0, |b| p.atom(w.vars, b));
            if last {
                let claim = w.bound.map(|b| p.atom(w.vars, b.negated()));
                p.conclude(claim);
            } else {
                st.pending = (step, bound);
            }
        }
        l.proof.0 = Some(p);
    }

    /// Before the clause database drops clauses: every root change made by a clause to be
    /// dropped gets its unit nogoods now (its entry's cause becomes [`Cause::Root`], which names
    /// no clause), then the proof's clause table follows `keep`.
    pub(super) fn proof_reduce(&self, l: &mut Lcg, keep: &[bool]) {
        let Some(mut p) = l.proof.0.take() else { return };
        if let Some(trail) = self.engine.core.trail.as_ref() {
            let w = self.walk(trail, &l.clauses, &mut l.explained);
            let st = &mut l.proof_state;
            for k in 0..trail.len() as u32 {
                let e = &trail.entries[k as usize];
                if e.level == 0 && matches!(e.cause, Cause::Clause(id) if !keep[id as usize]) {
                    w.ensure_root(&mut p, st, k);
                }
            }
            st.retain(keep);
        }
        l.proof.0 = Some(p);
    }

    fn walk<'a>(&'a self, trail: &'a Trail, clauses: &'a Clauses, explained: &'a mut Reasons) -> Walk<'a> {
        Walk {
            trail,
            explained: RefCell::new(explained),
            vars: &self.engine.model.vars,
            blocks: self.engine.core.store.blocks(),
            constraints: &self.engine.model.constraints,
            clauses,
            model: &self.engine.model,
            bound: self.bound_atom(),
        }
    }
}

impl Walk<'_> {
    /// The entries explaining entry `k`, as the analysis had them (kept), else asked for.
    fn reasons(&self, k: u32, out: &mut Vec<Named>) {
        let mut explained = self.explained.borrow_mut();
        reason_of(self.trail, self.clauses, self.constraints, self.vars, self.blocks, &mut explained, k as usize, out);
    }

    /// The atoms of trail entry `k`, into `out`.
    fn entry_atoms(&self, k: u32, out: &mut Vec<Datom>) {
        self.named_atoms(Named::whole(k), out);
    }

    /// The atoms of the bits of an entry an explanation named, into `out`.
    fn named_atoms(&self, n: Named, out: &mut Vec<Datom>) {
        let e = &self.trail.entries[n.at as usize];
        atoms_of(self.vars, e.var, e.atom.restricted(n.bits), out);
    }

    /// The initial domain of variable `x` as atoms, into `out`: its bounds, and its holes
    /// (up to [`MAX_HOLES`]; an interval domain has none).
    fn initial(&self, x: u32, out: &mut Vec<Datom>) {
        let d = self.model.initial_domain(VarId::from_index(x as usize));
        let (Some(lo), Some(hi)) = (d.min(), d.max()) else { return };
        if lo == hi && self.vars[x as usize].name.is_none() {
            // A constant made a variable (a checker reads the constant itself).
            return;
        }
        out.push(Datom { var: x, op: Op::Ge, value: lo });
        out.push(Datom { var: x, op: Op::Le, value: hi });
        if !d.is_interval() && (d.len() as i64) < i64::from(hi) - i64::from(lo) + 1 {
            let mut next = lo;
            let mut holes = 0;
            for v in d.iter() {
                while next < v && holes < MAX_HOLES {
                    out.push(Datom { var: x, op: Op::Ne, value: next });
                    next += 1;
                    holes += 1;
                }
                next = v.saturating_add(1);
            }
        }
    }

    /// The atoms of clause `id`'s nogood (its literals' negations and its bound), into `out`;
    /// its step (0: none).
    fn clause_atoms(&self, st: &ProofState, id: u32, out: &mut Vec<Datom>) -> (u32, u32) {
        for lit in self.clauses.clause(id) {
            atoms_of(self.vars, lit.var, lit.negation(), out);
        }
        st.clauses.get(id as usize).copied().unwrap_or((0, 0))
    }

    /// The entries the failure of `clash` rests on, into `roots`.
    fn failure(&self, clash: Clash, roots: &mut Vec<Named>, empty: impl Fn(VarId) -> bool) -> Failure {
        let (trail, vars) = (self.trail, self.vars);
        match clash {
            Clash::Clause(id) => {
                for lit in self.clauses.clause(id) {
                    atom_entries(trail, vars, lit.var, lit.negation(), trail.len(), roots);
                }
                Failure::Clause(id)
            }
            Clash::Engine(Conflict { by, var, .. }) => {
                let p = trail.len();
                if let (Some(x), Some(last)) = (var, trail.entries.last()) {
                    if last.var as usize == x.index() && empty(x) {
                        roots.push(Named::whole(p as u32 - 1));
                        state_before(trail, vars, last.var, p - 1, roots);
                        return Failure::Empty;
                    }
                }
                match by {
                    Some(by) => {
                        let con = &*self.constraints[by.index()];
                        if !con.explain(&mut Antecedents::failure(trail, vars, self.blocks, p, roots)) {
                            roots.clear();
                            for &y in con.scope() {
                                state_before(trail, vars, y.index() as u32, p, roots);
                            }
                        }
                        Failure::Constraint(by.index() as u32)
                    }
                    None => {
                        if let Some(x) = var {
                            state_before(trail, vars, x.index() as u32, p, roots);
                        }
                        Failure::Empty
                    }
                }
            }
        }
    }

    fn touch(&self, st: &mut ProofState, x: u32) {
        if st.touched_mark.len() < self.vars.len() {
            st.touched_mark.resize(self.vars.len(), 0);
        }
        if st.touched_mark[x as usize] != st.now {
            st.touched_mark[x as usize] = st.now;
            st.touched.push(x);
        }
    }

    /// Adds to the premises in `st.datoms` (an inference by `con` with rule `label`, of
    /// `consequent`) the initial domains it reads: of every variable of the scope, except for
    /// a rule that counts the variables it is told about (`all_different`: a Hall set among
    /// the variables named), where only the variables already named get theirs.
    fn initial_premises(&self, con: &dyn Constraint, label: &str, consequent: Option<Datom>, st: &mut ProofState) {
        if NAMED_ONLY.contains(&label) {
            let mut named: Vec<u32> = st.datoms.iter().map(|a| a.var).chain(consequent.map(|a| a.var)).collect();
            named.extend(self.hall_set(con, consequent, &st.datoms));
            named.sort_unstable();
            named.dedup();
            for x in named {
                self.initial(x, &mut st.datoms);
            }
        } else {
            for &y in con.scope() {
                self.initial(y.index() as u32, &mut st.datoms);
            }
        }
    }

    /// For an `all_different` inference: variables of `con` that form a Hall set (fewer values
    /// than variables) in the state the premises `atoms` and the negated `consequent` leave,
    /// each variable's initial domain otherwise; the checker counts only the variables named,
    /// and an explanation leaves out those still at their initial domain. Looks at intervals
    /// of values; none when the domains are too large to list.
    fn hall_set(&self, con: &dyn Constraint, consequent: Option<Datom>, atoms: &[Datom]) -> Vec<u32> {
        const MAX_VALUES: usize = 4096;
        let not_c = consequent.map(Datom::negated);
        let mut doms: Vec<(u32, Vec<i32>)> = Vec::new();
        for &y in con.scope() {
            let x = y.index() as u32;
            let d = self.model.initial_domain(y);
            if d.is_interval() || d.len() > MAX_VALUES {
                return Vec::new();
            }
            let on_x: Vec<Datom> = atoms.iter().copied().chain(not_c).filter(|a| a.var == x).collect();
            let values: Vec<i32> = d.iter().filter(|&v| on_x.iter().all(|a| holds(*a, v))).collect();
            doms.push((x, values));
        }
        let mut ends: Vec<i32> =
            doms.iter().flat_map(|(_, v)| v.first().into_iter().chain(v.last())).copied().collect();
        ends.sort_unstable();
        ends.dedup();
        for (i, &lo) in ends.iter().enumerate() {
            for &hi in &ends[i..] {
                let inside: Vec<&(u32, Vec<i32>)> =
                    doms.iter().filter(|(_, v)| v.iter().all(|&w| (lo..=hi).contains(&w))).collect();
                let mut union: Vec<i32> = inside.iter().flat_map(|(_, v)| v.iter().copied()).collect();
                union.sort_unstable();
                union.dedup();
                if union.len() < inside.len() {
                    return inside.iter().map(|(x, _)| *x).collect();
                }
            }
        }
        Vec::new()
    }

    /// Writes the `initial_domain` inferences of the touched variables into the hints.
    fn initial_hints(&self, p: &mut Proof, st: &mut ProofState) {
        let mut atoms = Vec::new();
        for i in 0..st.touched.len() {
            atoms.clear();
            self.initial(st.touched[i], &mut atoms);
            for &a in &atoms {
                let id = p.atom(self.vars, a);
                let s = p.inference(&[], Some(id), None, "initial_domain");
                st.hints.push(s);
            }
        }
    }

    /// Writes the inference of atom `a` (numbered `id`) of trail entry `k` and adds it to the
    /// hints; whether it could (else a gap is counted).
    fn infer(&self, p: &mut Proof, st: &mut ProofState, k: u32, a: Datom, id: u32) -> bool {
        match self.premises(p, st, k, a) {
            Some((tag, label)) => {
                let ids = std::mem::take(&mut st.ids);
                let s = p.inference(&ids, Some(id), Some(tag), &label);
                st.ids = ids;
                st.hints.push(s);
                true
            }
            None => {
                p.gaps += 1;
                false
            }
        }
    }

    /// The premises (atom numbers) of entry `k`'s propagation of `a`, into `st.ids`, and its
    /// tag and label; `None` when the proof cannot justify it.
    fn premises(&self, p: &mut Proof, st: &mut ProofState, k: u32, a: Datom) -> Option<(u32, String)> {
        st.ids.clear();
        let e = &self.trail.entries[k as usize];
        match e.cause {
            Cause::Constraint(c) => {
                st.buf.clear();
                self.reasons(k, &mut st.buf);
                st.datoms.clear();
                for &r in &st.buf {
                    self.named_atoms(r, &mut st.datoms);
                }
                let con = &*self.constraints[c as usize];
                let (tag, label) = p.constraint_tag(c, con.kind());
                self.initial_premises(con, &label, Some(a), st);
                for i in 0..st.datoms.len() {
                    let id = p.atom(self.vars, st.datoms[i]);
                    st.ids.push(id);
                }
                Some((tag, label))
            }
            Cause::Clause(id) => {
                st.datoms.clear();
                let mut atoms = std::mem::take(&mut st.datoms);
                let (step, bound) = self.clause_atoms(st, id, &mut atoms);
                let not_a = a.negated();
                for &b in &atoms {
                    if !not_a.implies(b) {
                        let id = p.atom(self.vars, b);
                        st.ids.push(id);
                    }
                }
                st.datoms = atoms;
                if bound != 0 {
                    st.ids.push(bound);
                }
                (step != 0).then(|| (step, "nogood".to_string()))
            }
            _ => None,
        }
    }

    /// Writes the unit nogoods of root entry `k` and of the root entries it rests on.
    fn ensure_root(&self, p: &mut Proof, st: &mut ProofState, k: u32) {
        let mut stack = vec![(k, false)];
        while let Some((k, expanded)) = stack.pop() {
            if st.root.contains_key(&k) {
                continue;
            }
            let e = self.trail.entries[k as usize];
            let mut reasons = Vec::new();
            if matches!(e.cause, Cause::Constraint(_) | Cause::Clause(_)) {
                self.reasons(k, &mut reasons);
            }
            if !expanded {
                stack.push((k, true));
                stack.extend(reasons.iter().filter(|r| !st.root.contains_key(&r.at)).map(|r| (r.at, false)));
                continue;
            }
            let bound = self.bound.map_or(0, |b| p.atom(self.vars, b));
            if e.cause == Cause::Fact && bound != 0 {
                // The bound on the objective (or an older, weaker one): every nogood written
                // from now on holds the bound in force, which implies it.
                st.root.insert(k, (st.units.len() as u32, 0));
                continue;
            }
            let mut atoms = Vec::new();
            self.entry_atoms(k, &mut atoms);
            let start = st.units.len() as u32;
            for &a in &atoms {
                let id = p.atom(self.vars, a);
                let not_a = p.atom(self.vars, a.negated());
                let mut nogood = vec![not_a];
                if bound != 0 {
                    nogood.push(bound);
                }
                let step = match e.cause {
                    Cause::Constraint(_) | Cause::Clause(_) => {
                        st.now += 1;
                        st.touched.clear();
                        st.hints.clear();
                        self.touch(st, e.var);
                        if let Cause::Constraint(c) = e.cause {
                            for &y in self.constraints[c as usize].scope() {
                                self.touch(st, y.index() as u32);
                            }
                        }
                        for r in &reasons {
                            self.touch(st, self.trail.entries[r.at as usize].var);
                        }
                        self.initial_hints(p, st);
                        let given = [a.negated()].into_iter().chain(self.bound).collect::<Vec<_>>();
                        for r in &reasons {
                            self.unit_hints(p, st, r.at, &given);
                        }
                        if self.infer(p, st, k, a, id) {
                            let hints = std::mem::take(&mut st.hints);
                            let s = p.nogood(&nogood, &hints);
                            st.hints = hints;
                            s
                        } else {
                            0
                        }
                    }
                    _ => {
                        p.gaps += 1;
                        0
                    }
                };
                st.units.push((a, id, step, bound));
            }
            st.root.insert(k, (start, atoms.len() as u32));
        }
    }

    /// Brings the unit nogoods of root entry `r` into the hints (one `nogood` inference per
    /// atom not implied by the `given` premises of the nogood being written).
    fn unit_hints(&self, p: &mut Proof, st: &mut ProofState, r: u32, given: &[Datom]) {
        let Some(&(start, len)) = st.root.get(&r) else {
            p.gaps += 1;
            return;
        };
        for u in start..start + len {
            let (atom, a, step, bound) = st.units[u as usize];
            if given.iter().any(|g| g.implies(atom)) {
                continue;
            }
            if step == 0 {
                p.gaps += 1;
                continue;
            }
            let premises: &[u32] = if bound != 0 { &[bound] } else { &[] };
            let s = p.inference(premises, Some(a), Some(step), "nogood");
            st.hints.push(s);
        }
    }

    /// Writes the inferences from the atoms of `st.nogood` to the failure of `clash`, then the
    /// nogood; returns its step.
    fn derive(&self, p: &mut Proof, st: &mut ProofState, clash: Clash, empty: impl Fn(VarId) -> bool) -> u32 {
        st.now += 1;
        if st.stamp.len() < self.trail.len() {
            st.stamp.resize(self.trail.len(), 0);
        }
        let mut roots = std::mem::take(&mut st.roots);
        roots.clear();
        let failure = self.failure(clash, &mut roots, empty);
        // The entries to derive: back from the failure to the nogood's atoms (or the root).
        st.needed.clear();
        let mut root_needed = Vec::new();
        st.stack.clear();
        st.stack.extend_from_slice(&roots);
        while let Some(n) = st.stack.pop() {
            let k = n.at;
            if st.stamp[k as usize] == st.now {
                continue;
            }
            // The bits named of the entry, if the nogood's atoms imply them, need no
            // inference (other bits of it, named elsewhere, may).
            st.datoms.clear();
            self.named_atoms(n, &mut st.datoms);
            if st.datoms.iter().all(|&a| st.nogood.iter().any(|g| g.implies(a))) {
                continue;
            }
            st.stamp[k as usize] = st.now;
            let e = self.trail.entries[k as usize];
            match e.cause {
                // A root entry whose clause was dropped has its unit nogoods already.
                Cause::Constraint(_) | Cause::Clause(_) | Cause::Root => {}
                _ => {
                    p.gaps += 1;
                    continue;
                }
            }
            if e.level == 0 {
                root_needed.push(k);
                continue;
            }
            st.needed.push(k);
            st.buf.clear();
            self.reasons(k, &mut st.buf);
            st.stack.extend_from_slice(&st.buf);
        }
        for &r in &root_needed {
            self.ensure_root(p, st, r);
        }
        // The variables whose initial bounds the inferences and the nogood read.
        st.now += 1;
        st.touched.clear();
        for i in 0..st.nogood.len() {
            self.touch(st, st.nogood[i].var);
        }
        let needed = std::mem::take(&mut st.needed);
        for &k in needed.iter().chain(&root_needed).chain(roots.iter().map(|r| &r.at)) {
            self.touch(st, self.trail.entries[k as usize].var);
            if let Cause::Constraint(c) = self.trail.entries[k as usize].cause {
                for &y in self.constraints[c as usize].scope() {
                    self.touch(st, y.index() as u32);
                }
            }
        }
        if let Failure::Constraint(c) = failure {
            for &y in self.constraints[c as usize].scope() {
                self.touch(st, y.index() as u32);
            }
        }
        st.hints.clear();
        self.initial_hints(p, st);
        let given = st.nogood.clone();
        for &r in &root_needed {
            self.unit_hints(p, st, r, &given);
        }
        let mut needed = needed;
        needed.sort_unstable();
        let mut atoms = Vec::new();
        for &k in &needed {
            atoms.clear();
            self.entry_atoms(k, &mut atoms);
            for &a in &atoms {
                let id = p.atom(self.vars, a);
                self.infer(p, st, k, a, id);
            }
        }
        match failure {
            Failure::Constraint(c) => {
                st.datoms.clear();
                for &r in &roots {
                    self.named_atoms(r, &mut st.datoms);
                }
                let con = &*self.constraints[c as usize];
                let (tag, label) = p.constraint_tag(c, con.kind());
                self.initial_premises(con, &label, None, st);
                let ids: Vec<u32> = st.datoms.iter().map(|&a| p.atom(self.vars, a)).collect();
                let s = p.inference(&ids, None, Some(tag), &label);
                st.hints.push(s);
            }
            Failure::Clause(id) => {
                atoms.clear();
                let (step, bound) = self.clause_atoms(st, id, &mut atoms);
                if step == 0 {
                    p.gaps += 1;
                } else {
                    let mut ids: Vec<u32> = atoms.iter().map(|&a| p.atom(self.vars, a)).collect();
                    if bound != 0 {
                        ids.push(bound);
                    }
                    let s = p.inference(&ids, None, Some(step), "nogood");
                    st.hints.push(s);
                }
            }
            Failure::Empty => {}
        }
        st.needed = needed;
        st.roots = roots;
        let ids: Vec<u32> = st.nogood.iter().map(|&a| p.atom(self.vars, a)).collect();
        let hints = std::mem::take(&mut st.hints);
        let s = p.nogood(&ids, &hints);
        st.hints = hints;
        s
    }
}

/// Whether atom `a` holds when its variable takes `v`.
fn holds(a: Datom, v: i32) -> bool {
    match a.op {
        Op::Ge => v >= a.value,
        Op::Le => v <= a.value,
        Op::Eq => v == a.value,
        Op::Ne => v != a.value,
    }
}

//! Unsatisfiable cores of the learning search ([`Solver::set_core_tracking`]): every learned
//! clause keeps the constraints its derivation used (its support), and a conflict at the root
//! collects the constraints behind it, through the supports of the clauses and the reasons of
//! the root entries it rests on ([`Solver::unsat_core`]).

use fixedbitset::Block;

use super::{reason_of, Clash, Lcg};
use crate::id::ConstraintId;
use crate::layout::VarInfo;
use crate::learning::trail::{Cause, Trail};
use crate::model::constraint::Constraint;
use crate::search::Solver;

impl Lcg {
    pub(super) fn core_add(&mut self, c: u32) {
        if !self.core_mark[c as usize] {
            self.core_mark[c as usize] = true;
            self.core_list.push(c);
        }
    }

    pub(super) fn core_add_clause(&mut self, id: u32) {
        for k in 0..self.clauses.support[id as usize].len() {
            let c = self.clauses.support[id as usize][k];
            self.core_add(c);
        }
    }

    /// Cores: adds the constraints behind root entry `k` (through the reasons of the entries
    /// it rests on, all at the root).
    pub(super) fn core_walk(
        &mut self,
        trail: &Trail,
        constraints: &[Box<dyn Constraint>],
        vars: &[VarInfo],
        blocks: &[Block],
        k: u32,
    ) {
        if self.core_seen.len() < trail.len() {
            self.core_seen.resize(trail.len(), false);
        }
        self.core_stack.clear();
        self.core_stack.push(k);
        let mut out = std::mem::take(&mut self.core_out);
        while let Some(k) = self.core_stack.pop() {
            if self.core_seen[k as usize] {
                continue;
            }
            self.core_seen[k as usize] = true;
            self.core_visited.push(k);
            match trail.entries[k as usize].cause {
                Cause::Constraint(c) => self.core_add(c),
                Cause::Clause(id) => self.core_add_clause(id),
                _ => {}
            }
            out.clear();
            reason_of(trail, &self.clauses, constraints, vars, blocks, &mut self.explained, k as usize, &mut out);
            self.core_stack.extend(out.iter().map(|n| n.at));
        }
        self.core_out = out;
    }

    /// Ends a core collection: the constraints marked, sorted, with the marks cleared.
    pub(super) fn core_take(&mut self) -> Box<[u32]> {
        for &c in &self.core_list {
            self.core_mark[c as usize] = false;
        }
        // Entry positions are reused after a backjump, and each core needs its own walk.
        for &k in &self.core_visited {
            self.core_seen[k as usize] = false;
        }
        self.core_visited.clear();
        self.core_list.sort_unstable();
        let out: Box<[u32]> = self.core_list.as_slice().into();
        self.core_list.clear();
        out
    }
}

impl Solver {
    /// With learning on, keeps for every learned clause the constraints its derivation used,
    /// so that a search that ends exhausted leaves the constraints of its refutation in
    /// [`unsat_core`](Solver::unsat_core). Off by default (it costs memory per clause and
    /// keeps every clause).
    pub fn set_core_tracking(&mut self, on: bool) {
        let (n, m) = (self.engine.model.num_vars(), self.engine.model.num_constraints());
        self.lcg.get_or_insert_with(|| Box::new(Lcg::new(n, m))).track_core = on;
    }

    /// After a search with learning and core tracking that found no solution: constraints
    /// that have none together (the ones the refutation used), in increasing order. `None`
    /// when no such search ran.
    pub fn unsat_core(&self) -> Option<Vec<ConstraintId>> {
        let core = self.lcg.as_ref()?.core.as_ref()?;
        Some(core.iter().map(|&c| ConstraintId::from_index(c as usize)).collect())
    }

    /// A conflict at the root: with cores tracked, the constraints behind it.
    pub(super) fn final_core(&mut self, clash: Clash) {
        let Some(mut l) = self.lcg.take() else { return };
        if let (true, Some(trail)) = (l.track_core, self.engine.core.trail.as_mut()) {
            l.forget_dropped(trail);
            self.conflict_entries(&mut l, clash);
            let reasons = std::mem::take(&mut l.reasons);
            if let Some(trail) = self.engine.core.trail.as_ref() {
                for n in &reasons {
                    l.core_walk(
                        trail,
                        &self.engine.model.constraints,
                        &self.engine.model.vars,
                        self.engine.core.store.blocks(),
                        n.at,
                    );
                }
            }
            l.reasons = reasons;
            l.core = Some(l.core_take().into_vec());
        }
        self.lcg = Some(l);
    }
}

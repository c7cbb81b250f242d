//! The explanation audit and the learned clauses as tests read them: every precise
//! explanation of the trail at each conflict, and each kept clause as values per variable,
//! for the tests that check them by brute force.

use super::{Clash, Lcg};
use crate::domain::BITS;
use crate::error::Conflict;
use crate::id::{ConstraintId, VarId};
use crate::layout::VarInfo;
use crate::learning::clauses::LitKind;
use crate::learning::explain::Antecedents;
use crate::learning::trail::{Atom, Cause, Named};
use crate::search::Solver;

/// An atom as tests read it: `(variable, lowest, highest, values excluded)`, true when the
/// variable's value is within `lowest..=highest` and not excluded.
pub(crate) type AuditedAtom = (VarId, crate::id::Value, crate::id::Value, Vec<crate::id::Value>);

/// A precise explanation as tests read it: the constraint, the atom it explained (`None` for
/// a failure), and the atoms it named.
pub(crate) type AuditedExplanation = (ConstraintId, Option<AuditedAtom>, Vec<AuditedAtom>);

/// The entry's atom as tests read it.
fn audited_atom(vars: &[VarInfo], var: u32, atom: Atom) -> AuditedAtom {
    let info = &vars[var as usize];
    let (first, last) = (info.map.value(0), info.map.value(info.len as usize - 1));
    let x = VarId::from_index(var as usize);
    match atom {
        Atom::Removed { wi, mask } => {
            let gone =
                (0..BITS).filter(|b| mask >> b & 1 == 1).map(|b| info.map.value(wi as usize * BITS + b)).collect();
            (x, first, last, gone)
        }
        Atom::Ge(b) => (x, info.map.value(b as usize), last, Vec::new()),
        Atom::Le(b) => (x, first, info.map.value(b as usize), Vec::new()),
        Atom::Fixed(b) => (x, info.map.value(b as usize), info.map.value(b as usize), Vec::new()),
    }
}

impl Solver {
    /// Tests: from the next learning search on, every conflict asks each constraint change on
    /// the trail (and the failing constraint) for its precise explanation, and keeps those
    /// given ([`audited_explanations`](Solver::audited_explanations)), up to `limit`.
    #[doc(hidden)]
    pub fn set_explanation_audit(&mut self, on: bool) {
        let (n, m) = (self.engine.model.num_vars(), self.engine.model.num_constraints());
        self.lcg.get_or_insert_with(|| Box::new(Lcg::new(n, m))).audit = on.then(Vec::new);
    }

    /// Tests: the entries clause minimisation left out of the clauses of the last learning
    /// search.
    #[doc(hidden)]
    pub fn minimised_entries(&self) -> u64 {
        self.lcg.as_ref().map_or(0, |l| l.minimised)
    }

    /// Tests: the explanations kept by [`set_explanation_audit`](Solver::set_explanation_audit).
    #[doc(hidden)]
    pub fn audited_explanations(&self) -> &[AuditedExplanation] {
        self.lcg.as_ref().and_then(|l| l.audit.as_deref()).unwrap_or(&[])
    }

    /// Asks every constraint change on the trail, and the failure of `clash`, for a precise
    /// explanation, into `l.audit`.
    pub(super) fn audit_explanations(&self, l: &mut Lcg, clash: Clash) {
        const LIMIT: usize = 20_000;
        let (Some(trail), Some(audit)) = (self.engine.core.trail.as_ref(), l.audit.as_mut()) else { return };
        let (vars, blocks) = (&self.engine.model.vars[..], self.engine.core.store.blocks());
        let mut out = Vec::new();
        let read = |out: &[Named]| -> Vec<AuditedAtom> {
            out.iter()
                .map(|n| {
                    let e = &trail.entries[n.at as usize];
                    audited_atom(vars, e.var, e.atom.restricted(n.bits))
                })
                .collect()
        };
        for p in 0..trail.len() {
            let e = &trail.entries[p];
            let Cause::Constraint(c) = e.cause else { continue };
            let con = &*self.engine.model.constraints[c as usize];
            out.clear();
            if audit.len() < LIMIT && con.explain(&mut Antecedents::entry(trail, vars, blocks, p, &mut out)) {
                audit.push((ConstraintId::from_index(c as usize), Some(audited_atom(vars, e.var, e.atom)), read(&out)));
            }
        }
        if let Clash::Engine(Conflict { by: Some(by), var, .. }) = clash {
            if var.is_some_and(|x| self.domain(x).is_empty()) {
                // A wipe-out: its entry is explained above.
                return;
            }
            let con = &*self.engine.model.constraints[by.index()];
            out.clear();
            if audit.len() < LIMIT && con.explain(&mut Antecedents::failure(trail, vars, blocks, trail.len(), &mut out))
            {
                audit.push((by, None, read(&out)));
            }
        }
    }

    /// The clauses the last learning search kept, each literal as its variable and the values
    /// of the variable's initial domain that satisfy it: for tests that check, by brute
    /// force, that every clause holds in every solution of the model.
    #[doc(hidden)]
    pub fn learned_clauses(&self) -> Vec<Vec<(VarId, Vec<crate::id::Value>)>> {
        let Some(l) = self.lcg.as_ref() else { return Vec::new() };
        (0..l.clauses.len() as u32)
            .filter(|&id| l.clauses.info[id as usize].learned)
            .map(|id| {
                l.clauses
                    .clause(id)
                    .iter()
                    .map(|lit| {
                        let info = &self.engine.model.vars[lit.var as usize];
                        let values = (0..info.len as usize)
                            .filter(|&b| match lit.kind {
                                LitKind::In { wi, mask } => b / BITS == wi as usize && mask >> (b % BITS) & 1 == 1,
                                LitKind::Ne(x) => b != x as usize,
                                LitKind::Ge(x) => b >= x as usize,
                                LitKind::Le(x) => b <= x as usize,
                            })
                            .map(|b| info.map.value(b))
                            .collect();
                        (VarId::from_index(lit.var as usize), values)
                    })
                    .collect()
            })
            .collect()
    }
}

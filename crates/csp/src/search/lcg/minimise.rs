//! Clause minimisation (MiniSat's recursive minimisation over trail entries): an entry of a
//! learned clause is left out when its explanation rests only on the clause's other entries,
//! the root or facts, directly or through explanations followed to a bounded depth.

use fixedbitset::Block;

use super::reason_or_generic;
use crate::layout::VarInfo;
use crate::learning::clauses::Clauses;
use crate::learning::reasons::Reasons;
use crate::learning::trail::{Atom, Cause, Named, Trail};
use crate::model::constraint::Constraint;

/// What clause minimisation knows of a trail entry.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) enum Redundancy {
    #[default]
    Unknown,
    /// Implied by the clause's other entries.
    Implied,
    /// Not shown to be.
    Needed,
}

/// Explanations deeper than this are not followed by clause minimisation.
const MINIMISE_DEPTH: usize = 24;

/// A decision level's bit among 64 (levels are told apart modulo 64).
pub(super) fn abstract_level(level: u32) -> u64 {
    1 << (level & 63)
}

/// The state of one clause minimisation.
pub(super) struct Minimiser<'a> {
    pub(super) trail: &'a Trail,
    pub(super) clauses: &'a Clauses,
    pub(super) constraints: &'a [Box<dyn Constraint>],
    pub(super) vars: &'a [VarInfo],
    pub(super) blocks: &'a [Block],
    /// The entries of the clause (and those resolved away, all later than the entries asked
    /// about).
    pub(super) seen: &'a [bool],
    /// Per entry of the clause: the bits of it the clause names (`Lcg::bits`); the entries
    /// of the current level (`cur` and above) are implied whole.
    pub(super) bits: &'a [Block],
    pub(super) cur: u32,
    /// The clause's decision levels, one bit per level modulo 64 (MiniSat's abstract levels):
    /// an entry of a level without a bit here rests on that level's decision, which is not in
    /// the clause, so it is taken as needed without asking for its explanation. (An entry
    /// whose explanation lies wholly at lower levels is then kept, which is only weaker.)
    pub(super) levels: u64,
    pub(super) cache: &'a mut Vec<Redundancy>,
    pub(super) explained: &'a mut Reasons,
    pub(super) touched: &'a mut Vec<u32>,
    pub(super) bufs: &'a mut Vec<Vec<Named>>,
}

impl Minimiser<'_> {
    /// Whether entry `k` of the clause is implied by its other entries (through the
    /// explanations of the entries it rests on, `depth` deep so far).
    pub(super) fn implied(&mut self, k: u32, depth: usize) -> bool {
        match self.trail.entries[k as usize].cause {
            Cause::Decision => return false,
            Cause::Fact | Cause::Root => return true,
            _ => {}
        }
        if depth >= MINIMISE_DEPTH {
            return false;
        }
        if self.bufs.len() <= depth {
            self.bufs.resize_with(depth + 1, Vec::new);
        }
        let mut out = std::mem::take(&mut self.bufs[depth]);
        out.clear();
        // An entry explained only generically is kept (its explanation is the whole scope's
        // state: rarely all in the clause, and costly to walk).
        let generic = reason_or_generic(
            self.trail,
            self.clauses,
            self.constraints,
            self.vars,
            self.blocks,
            self.explained,
            k as usize,
            &mut out,
            false,
        );
        if generic {
            self.bufs[depth] = out;
            return false;
        }
        let mut implied = true;
        for &Named { at: r, bits } in &out {
            let e = &self.trail.entries[r as usize];
            if e.level == 0 || e.cause == Cause::Fact {
                continue;
            }
            // An entry of the clause implies the bits the clause names of it (all of it at
            // the current level); beyond those, it is asked about as any other.
            if self.seen[r as usize] && (e.level >= self.cur || !self.needs_beyond(r, bits)) {
                continue;
            }
            if self.levels & abstract_level(e.level) == 0 {
                implied = false;
                break;
            }
            let known = match self.cache[r as usize] {
                Redundancy::Unknown => {
                    let v = self.implied(r, depth + 1);
                    self.cache[r as usize] = if v { Redundancy::Implied } else { Redundancy::Needed };
                    self.touched.push(r);
                    v
                }
                c => c == Redundancy::Implied,
            };
            if !known {
                implied = false;
                break;
            }
        }
        self.bufs[depth] = out;
        implied
    }

    /// Whether `bits` of entry `r` reach past the bits the clause names of it.
    fn needs_beyond(&self, r: u32, bits: Block) -> bool {
        let e = &self.trail.entries[r as usize];
        matches!(e.atom, Atom::Removed { mask, .. } if mask & bits & !self.bits[r as usize] != 0)
    }
}

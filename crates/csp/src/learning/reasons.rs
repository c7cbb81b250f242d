//! The explanations of trail entries already asked for, kept while each entry lives.
//!
//! An entry's explanation rests only on earlier entries, so it stays valid as long as the
//! entry is on the trail: the analysis asks a constraint once, not at every conflict that
//! reaches the entry (clause minimisation reaches the same entries of lower levels conflict
//! after conflict), as lazy clause generation solvers keep an explanation once generated
//! (Ohrimenko, Stuckey and Codish 2009). The trail tells how far it went back since the last
//! look ([`Trail::take_low`](super::trail::Trail::take_low)), and what was kept for the
//! entries dropped is forgotten.

use super::trail::Named;

/// Not asked for yet.
const NONE: u32 = u32::MAX;
/// Explained by the generic explanation only (the constraint has no precise one here).
const GENERIC: u32 = u32::MAX - 1;
/// Kept explanations' entries before all is forgotten (16 MiB), so that entries dropped by
/// backjumps do not hold memory for ever.
const ARENA_LIMIT: usize = 1 << 20;

/// What is known of the explanation of an entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Known<'a> {
    /// Not asked for yet.
    Unknown,
    /// The constraint gave no precise explanation.
    Generic,
    /// The entries of its precise explanation.
    Precise(&'a [Named]),
}

/// Per trail position, the explanation kept for it.
#[derive(Clone, Debug, Default)]
pub(crate) struct Reasons {
    /// Per position: the start of its explanation in `arena` and its length, or
    /// [`NONE`] / [`GENERIC`] as the start.
    at: Vec<(u32, u32)>,
    arena: Vec<Named>,
}

impl Reasons {
    /// What is kept for the entry at `p`.
    #[inline]
    pub(crate) fn get(&self, p: usize) -> Known<'_> {
        match self.at.get(p) {
            None => Known::Unknown,
            Some(&(NONE, _)) => Known::Unknown,
            Some(&(GENERIC, _)) => Known::Generic,
            Some(&(start, len)) => Known::Precise(&self.arena[start as usize..(start + len) as usize]),
        }
    }

    /// Keeps `entries` as the precise explanation of the entry at `p`.
    pub(crate) fn keep(&mut self, p: usize, entries: &[Named]) {
        if self.arena.len() + entries.len() > ARENA_LIMIT {
            self.at.clear();
            self.arena.clear();
        }
        let start = self.arena.len() as u32;
        self.arena.extend_from_slice(entries);
        self.set(p, (start, entries.len() as u32));
    }

    /// Notes that the entry at `p` has no precise explanation.
    pub(crate) fn keep_generic(&mut self, p: usize) {
        self.set(p, (GENERIC, 0));
    }

    fn set(&mut self, p: usize, v: (u32, u32)) {
        if self.at.len() <= p {
            self.at.resize(p + 1, (NONE, 0));
        }
        self.at[p] = v;
    }

    /// Forgets the explanations of the entries from position `len` on (dropped from the
    /// trail).
    pub(crate) fn forget_from(&mut self, len: usize) {
        if len < self.at.len() {
            self.at.truncate(len);
            if self.at.is_empty() {
                self.arena.clear();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kept_until_the_entry_is_dropped() {
        let mut r = Reasons::default();
        assert_eq!(r.get(3), Known::Unknown);
        let named = [Named::whole(0), Named { at: 2, bits: 0b10 }];
        r.keep(3, &named);
        r.keep_generic(5);
        assert_eq!(r.get(3), Known::Precise(&named));
        assert_eq!(r.get(5), Known::Generic);
        assert_eq!(r.get(4), Known::Unknown);
        r.forget_from(4);
        assert_eq!(r.get(3), Known::Precise(&named));
        assert_eq!(r.get(5), Known::Unknown);
        r.forget_from(0);
        assert_eq!(r.get(3), Known::Unknown);
        assert!(r.arena.is_empty());
    }

    #[test]
    fn everything_is_forgotten_past_the_limit() {
        let mut r = Reasons::default();
        r.keep(0, &[Named::whole(7)]);
        r.keep(1, &vec![Named::whole(1); ARENA_LIMIT]);
        assert_eq!(r.get(0), Known::Unknown);
        assert!(matches!(r.get(1), Known::Precise(e) if e.len() == ARENA_LIMIT));
    }
}

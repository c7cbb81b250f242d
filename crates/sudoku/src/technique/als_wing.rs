//! ALS wings: WXYZ- to TUVWXYZ-wings, an almost locked set and a two-digit pivot (`logic::als`).

use std::fmt;

use logic::als;

use super::board::{Board, Found};
use super::uses::Parts;
use super::words::{CellList, Symbol};
use super::{Pattern, Rung};
use crate::digits::Digits;
use crate::grid::Cell;

/// An ALS wing (WXYZ-, VWXYZ-, UVWXYZ-, TUVWXYZ-wing): `set`, 3 to 6 cells that see each
/// other and hold one digit more than cells (an almost locked set), and `pivot`, a cell
/// holding two of those digits, `linked` and `digit`, with every place of `linked` in the
/// set seeing the pivot. The pivot or the set takes `digit`, which leaves the cells seeing
/// all its places: `WXYZ-wing 2 in r2c1, r2c4, r3c1 and r9c4 (linked by 5)`. Doubly linked
/// (`digit`'s places in the set see the pivot too), the set and the pivot take each of the
/// set's digits once: `... (doubly linked by 5 and 2)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AlsWing {
    /// The digit taken by the pivot or in the set (single link).
    pub digit: u8,
    /// The restricted common digit.
    pub linked: u8,
    /// The almost locked set.
    pub set: Vec<Cell>,
    /// The cell holding two digits.
    pub pivot: Cell,
    /// Whether `digit` is restricted too.
    pub double: bool,
    /// The most candidates of a cell of the set (Sukaku Explainer rates by it).
    pub largest: u8,
}

/// The ratings of ALS wings (an almost locked set of 3, 4, 5, 6 cells and a two-digit cell),
/// in tenths, as Sukaku Explainer rates them (SE 1.2.1 has none): WXYZ 5.5, 5.6 when the
/// set's largest cell holds 3 digits; VWXYZ 6.2 and 0.1 more for each step the largest cell's
/// count is nearer 3 (6.3 for 2 or 4 digits, 6.4 for 3); UVWXYZ 7.2 (Sukaku Explainer: 6.6,
/// but of the sample's puzzles a UVWXYZ-wing decided at 6.6, 32 of 41 rate SE 7.1: at 7.2
/// the chains rated 7.1 and less come first); TUVWXYZ 7.5.
fn als_wing_rating(size: usize, largest: u32) -> u32 {
    match size {
        ..=3 => 55 + 1u32.saturating_sub(largest.abs_diff(3)),
        4 => 62 + 2u32.saturating_sub(largest.abs_diff(3)),
        5 => 72,
        _ => 75,
    }
}

impl Pattern for AlsWing {
    fn name(&self) -> &'static str {
        match self.set.len() {
            ..=3 => "WXYZ-wing",
            4 => "VWXYZ-wing",
            5 => "UVWXYZ-wing",
            _ => "TUVWXYZ-wing",
        }
    }
    fn rating(&self) -> u32 {
        als_wing_rating(self.set.len(), u32::from(self.largest))
    }
    fn uses(&self, parts: &mut Parts) {
        parts.cells(&[self.pivot]);
        parts.cells(&self.set);
        parts.candidates(&[self.pivot], Digits::single(self.linked));
        parts.candidates(&self.set, Digits::single(self.digit));
    }
}

impl fmt::Display for AlsWing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (name, set, pivot) = (self.name(), CellList(&self.set), self.pivot);
        if self.double {
            write!(
                f,
                "{name} in {set} and {pivot} (doubly linked by {} and {})",
                Symbol(self.linked),
                Symbol(self.digit)
            )
        } else {
            write!(f, "{name} {} in {set} and {pivot} (linked by {})", Symbol(self.digit), Symbol(self.linked))
        }
    }
}

/// ALS wings of this many set cells (WXYZ-wings: 3), the easiest first (the first of the
/// lowest rating).
pub(super) struct Finder(pub(super) usize);
impl Rung for Finder {
    fn rating(&self) -> u32 {
        (2..=self.0 as u32 + 1).map(|largest| als_wing_rating(self.0, largest)).min().unwrap_or(0)
    }
    fn find(&self, b: &Board) -> Option<Found> {
        let size = self.0;
        let w = als::wings(&b.cands, size).into_iter().min_by_key(|w| als_wing_rating(size, w.largest))?;
        let technique = AlsWing {
            digit: b.digit(w.bit),
            linked: b.digit(w.linked),
            set: b.cells(&w.set),
            pivot: b.cell(w.pivot),
            double: w.double,
            largest: w.largest as u8,
        };
        Some(Found::Eliminate { removals: w.removals, technique: technique.into() })
    }
}

//! XY-wings and XYZ-wings (`logic::wings`).

use std::fmt;

use logic::wings;

use super::board::{Board, Found};
use super::uses::Parts;
use super::words::Symbol;
use super::{Pattern, Rung};
use crate::digits::Digits;
use crate::grid::Cell;

/// An XY-wing (`pivot` holds two digits) or XYZ-wing (three): whatever the pivot takes,
/// `digit` goes in a pincer (or, for an XYZ-wing, the pivot), so the cells that see them all
/// lose it: `XY-wing 7 in r1c1 (pivot), r1c5, r4c1`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wing {
    /// The digit forced.
    pub digit: u8,
    /// The pivot.
    pub pivot: Cell,
    /// The two pincers.
    pub pincers: [Cell; 2],
    /// Whether the pivot holds three digits (an XYZ-wing).
    pub xyz: bool,
}

impl Pattern for Wing {
    fn name(&self) -> &'static str {
        if self.xyz {
            "XYZ-wing"
        } else {
            "XY-wing"
        }
    }
    fn rating(&self) -> u32 {
        42 + 2 * u32::from(self.xyz)
    }
    fn uses(&self, parts: &mut Parts) {
        let [p, q] = self.pincers;
        parts.cells(&[self.pivot, p, q]);
        parts.candidates(&[p, q], Digits::single(self.digit));
    }
}

impl fmt::Display for Wing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [p, q] = self.pincers;
        write!(f, "{} {} in {} (pivot), {p}, {q}", self.name(), Symbol(self.digit), self.pivot)
    }
}

/// XY-wings (`false`) or XYZ-wings (`true`).
pub(super) struct Finder(pub(super) bool);
impl Rung for Finder {
    fn rating(&self) -> u32 {
        42 + 2 * u32::from(self.0)
    }
    fn find(&self, b: &Board) -> Option<Found> {
        let w = wings::find(&b.cands, self.0).into_iter().next()?;
        let technique =
            Wing { digit: b.digit(w.bit), pivot: b.cell(w.pivot), pincers: w.pincers.map(|l| b.cell(l)), xyz: w.xyz };
        Some(Found::digit_leaves(w.bit, &w.removals, technique))
    }
}

//! Fish without fins: X-wings, swordfish, jellyfish (`logic::fish`).

use std::fmt;

use logic::fish;

use super::board::{Board, Found};
use super::uses::Parts;
use super::words::{CellList, Symbol, UnitList};
use super::{Pattern, Rung};
use crate::digits::Digits;
use crate::grid::{Cell, Unit};

/// A fish of size `bases.len()` (X-wing, swordfish, jellyfish): in the base units the
/// digit can only go in `cells`, which lie in as many cover units, so the rest of the
/// covers loses it: `X-wing 7 in r1c2, r1c5, r4c2, r4c5 (rows 1, 4; columns 2, 5)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fish {
    /// The digit.
    pub digit: u8,
    /// Its places in the bases.
    pub cells: Vec<Cell>,
    /// The base units (all rows or all columns).
    pub bases: Vec<Unit>,
    /// The cover units.
    pub covers: Vec<Unit>,
}

impl Pattern for Fish {
    fn name(&self) -> &'static str {
        match self.bases.len() {
            2 => "X-wing",
            3 => "swordfish",
            4 => "jellyfish",
            _ => "fish",
        }
    }
    fn rating(&self) -> u32 {
        [32, 38, 52].get(self.bases.len().saturating_sub(2)).copied().unwrap_or(52)
    }
    fn uses(&self, parts: &mut Parts) {
        parts.candidates(&self.cells, Digits::single(self.digit));
        parts.units(&self.bases);
        parts.units(&self.covers);
    }
}

impl fmt::Display for Fish {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} in {} ({}; {})",
            self.name(),
            Symbol(self.digit),
            CellList(&self.cells),
            UnitList(&self.bases),
            UnitList(&self.covers)
        )
    }
}

/// Fish of this size, rows then columns as bases.
pub(super) struct Finder(pub(super) usize);
impl Rung for Finder {
    fn rating(&self) -> u32 {
        [32, 38, 52][self.0.clamp(2, 4) - 2]
    }
    fn find(&self, b: &Board) -> Option<Found> {
        let c = &b.cands;
        let f = fish::find_first(c, b.rows, b.cols, self.0).or_else(|| fish::find_first(c, b.cols, b.rows, self.0))?;
        let technique = Fish {
            digit: b.digit(f.bit),
            cells: b.cells(&f.places),
            bases: f.bases.iter().map(|&g| b.unit(g)).collect(),
            covers: f.covers.iter().map(|&g| b.unit(g)).collect(),
        };
        Some(Found::digit_leaves(f.bit, &f.removals, technique))
    }
}

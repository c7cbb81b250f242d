//! Naked and hidden subsets (pairs, triples, quads) in one unit (`logic::subsets`).

use std::fmt;

use logic::subsets;

use super::board::{Board, Found};
use super::uses::Parts;
use super::words::CellList;
use super::{Pattern, Rung};
use crate::digits::Digits;
use crate::grid::{Cell, Unit};

/// `cells` of `unit` can only hold `digits`, as many as they are, so the rest of the unit
/// loses them: `naked pair {3, 7} in r1c2, r1c5 (row 1)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NakedSubset {
    /// The digits.
    pub digits: Digits,
    /// The cells.
    pub cells: Vec<Cell>,
    /// The unit.
    pub unit: Unit,
}

/// `digits` can only go in `cells` of `unit`, as many as they are, so those cells lose
/// every other digit: `hidden pair {3, 7} in r1c2, r1c5 (row 1)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HiddenSubset {
    /// The digits.
    pub digits: Digits,
    /// The cells.
    pub cells: Vec<Cell>,
    /// The unit.
    pub unit: Unit,
}

/// `naked pair`, `hidden triple`, ... by side and size.
fn subset_name(naked: bool, size: usize) -> &'static str {
    match (naked, size) {
        (true, 2) => "naked pair",
        (true, 3) => "naked triple",
        (true, 4) => "naked quad",
        (true, _) => "naked subset",
        (false, 2) => "hidden pair",
        (false, 3) => "hidden triple",
        (false, 4) => "hidden quad",
        (false, _) => "hidden subset",
    }
}

impl Pattern for NakedSubset {
    fn name(&self) -> &'static str {
        subset_name(true, self.cells.len())
    }
    fn rating(&self) -> u32 {
        [30, 36, 50].get(self.cells.len().saturating_sub(2)).copied().unwrap_or(50)
    }
    fn uses(&self, parts: &mut Parts) {
        parts.candidates(&self.cells, self.digits);
        parts.units(&[self.unit]);
    }
}

impl fmt::Display for NakedSubset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} in {} ({})", self.name(), self.digits, CellList(&self.cells), self.unit)
    }
}

impl Pattern for HiddenSubset {
    fn name(&self) -> &'static str {
        subset_name(false, self.cells.len())
    }
    fn rating(&self) -> u32 {
        [34, 40, 54].get(self.cells.len().saturating_sub(2)).copied().unwrap_or(54)
    }
    fn uses(&self, parts: &mut Parts) {
        parts.candidates(&self.cells, self.digits);
        parts.units(&[self.unit]);
    }
}

impl fmt::Display for HiddenSubset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} in {} ({})", self.name(), self.digits, CellList(&self.cells), self.unit)
    }
}

/// A Hall set found, as the step it is.
fn found(b: &Board, s: subsets::HallSet) -> Found {
    let (digits, cells, unit) = (b.digits(s.values), b.cells(&s.vars), b.unit(s.group));
    let technique =
        if s.naked { NakedSubset { digits, cells, unit }.into() } else { HiddenSubset { digits, cells, unit }.into() };
    Found::Eliminate { removals: s.removals, technique }
}

/// Naked subsets of this size.
pub(super) struct Naked(pub(super) usize);
impl Rung for Naked {
    fn rating(&self) -> u32 {
        [30, 36, 50][self.0.clamp(2, 4) - 2]
    }
    fn find(&self, b: &Board) -> Option<Found> {
        subsets::naked_first(&b.cands, self.0).map(|s| found(b, s))
    }
}

/// Hidden subsets of this size.
pub(super) struct Hidden(pub(super) usize);
impl Rung for Hidden {
    fn rating(&self) -> u32 {
        [34, 40, 54][self.0.clamp(2, 4) - 2]
    }
    fn find(&self, b: &Board) -> Option<Found> {
        subsets::hidden_first(&b.cands, self.0).map(|s| found(b, s))
    }
}

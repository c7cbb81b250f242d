//! Unique rectangles, hidden ones and those of types 1 to 6 (`logic::uniqueness`); puzzles
//! proven unique only.

use std::fmt;

use logic::uniqueness;

use super::board::{Board, Found};
use super::uses::Parts;
use super::words::{subset_word, CellList};
use super::{Pattern, Rung};
use crate::digits::Digits;
use crate::grid::{Cell, Unit};

/// A unique rectangle: four cells in two rows, two columns and two boxes that, holding
/// only `digits`, would let the puzzle's solution swap them into a second one; used only
/// for puzzles proven to have one solution. Type 1: three cells hold exactly the two
/// digits, so the fourth loses them; type 2: the two others, in one unit, hold one more
/// digit, the same, which one of them must take; type 5: so do two diagonal corners, or
/// three: the cells that see them all lose it; type 6: two diagonal corners hold exactly
/// the two digits and one of them has no other place in the rectangle's two rows (or
/// columns), so the other two corners lose it:
/// `unique rectangle {3, 7} in r1c1, r1c5, r4c5, r4c1 (type 1)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UniqueRectangle {
    /// The two digits.
    pub digits: Digits,
    /// The four cells, around the rectangle.
    pub cells: Vec<Cell>,
    /// 1, 2, 4, 5 or 6; 0 for a hidden unique rectangle.
    pub kind: u8,
}

/// A unique rectangle of type 3: two corners hold exactly `digits`, the other two, in one
/// unit, more digits (`extra` between them), one of which one of them takes; with the
/// cells `subset` of that unit they form a naked subset of `values`, which leave the rest
/// of the unit: `unique rectangle {3, 7} in r5c1, r5c3, r9c3, r9c1 (type 3) with naked
/// triple {1, 4, 5} in r9c7, r9c9 and the rectangle (row 9)`. Puzzles proven unique only.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UniqueRectangleSubset {
    /// The rectangle's two digits.
    pub digits: Digits,
    /// The four corners, around the rectangle.
    pub cells: Vec<Cell>,
    /// The digits of the subset.
    pub values: Digits,
    /// The cells of the unit that join the two corners in the subset.
    pub subset: Vec<Cell>,
    /// The unit.
    pub unit: Unit,
}

/// The rating of a hidden unique rectangle, in tenths (HoDoKu rates it with the types 2 to 4;
/// SE has none).
const HIDDEN_RECTANGLE_RATING: u32 = 55;

impl Pattern for UniqueRectangle {
    fn name(&self) -> &'static str {
        if self.kind == 0 {
            "hidden unique rectangle"
        } else {
            "unique rectangle"
        }
    }
    fn rating(&self) -> u32 {
        match self.kind {
            0 => HIDDEN_RECTANGLE_RATING,
            // Type 5 with type 2, which it extends; type 6 with type 4 (HoDoKu rates every
            // type alike, SE 1.2.1 has neither).
            4 | 6 => 47,
            5 => 46,
            k => 44 + u32::from(k),
        }
    }
    fn uses(&self, parts: &mut Parts) {
        parts.candidates(&self.cells, self.digits);
    }
}

impl fmt::Display for UniqueRectangle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} in {}", self.name(), self.digits, CellList(&self.cells))?;
        if self.kind != 0 {
            write!(f, " (type {})", self.kind)?;
        }
        Ok(())
    }
}

impl Pattern for UniqueRectangleSubset {
    fn name(&self) -> &'static str {
        "unique rectangle"
    }
    fn rating(&self) -> u32 {
        45 + self.values.len() as u32
    }
    fn uses(&self, parts: &mut Parts) {
        parts.candidates(&self.cells, self.digits);
        parts.candidates(&self.subset, self.values);
        parts.units(&[self.unit]);
    }
}

impl fmt::Display for UniqueRectangleSubset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} in {} (type 3) with naked {} {} in {} and the rectangle ({})",
            self.name(),
            self.digits,
            CellList(&self.cells),
            subset_word(self.values.len()),
            self.values,
            CellList(&self.subset),
            self.unit
        )
    }
}

/// The first unique rectangle of the smallest rating: hidden ones (`hidden`) or those of
/// types 1 to 6.
fn rectangle(b: &Board, hidden: bool) -> Option<Found> {
    if !b.unique {
        return None;
    }
    let all = uniqueness::rectangles(&b.cands);
    let found = all.into_iter().filter(|r| (r.kind == 0) == hidden).map(|r| {
        let (digits, cells) = (b.digits(r.values), b.cells(&r.vars));
        let technique = match (r.kind, r.group) {
            (3, Some(g)) => {
                let values = r.removals.first().map_or(0, |&(_, m)| m);
                UniqueRectangleSubset {
                    digits,
                    cells,
                    values: b.digits(values),
                    subset: b.cells(&r.subset),
                    unit: b.unit(g),
                }
                .into()
            }
            (kind, _) => UniqueRectangle { digits, cells, kind }.into(),
        };
        Found::Eliminate { removals: r.removals, technique }
    });
    found.min_by_key(|f| f.technique().rating())
}

/// Unique rectangles of types 1 to 6.
pub(super) struct Finder;
impl Rung for Finder {
    fn rating(&self) -> u32 {
        45
    }
    fn find(&self, b: &Board) -> Option<Found> {
        rectangle(b, false)
    }
}

/// Hidden unique rectangles.
pub(super) struct Hidden;
impl Rung for Hidden {
    fn rating(&self) -> u32 {
        HIDDEN_RECTANGLE_RATING
    }
    fn find(&self, b: &Board) -> Option<Found> {
        rectangle(b, true)
    }
}

//! Sue de Coq: two or three cells where a line meets a box, with their two sides
//! (`logic::sue_de_coq`).

use std::fmt;

use logic::sue_de_coq;

use super::board::{Board, Found};
use super::uses::Parts;
use super::words::CellList;
use super::{Pattern, Rung};
use crate::digits::Digits;
use crate::grid::{Cell, Unit};

/// Sue de Coq: `core`, two or three cells where `line` meets `block`, hold `digits[0]`, at
/// least two digits more than cells; `line_cells` (of the line, outside the box) hold
/// `digits[1]` and `box_cells` (of the box, outside the line) `digits[2]`, no digit in
/// both, and all of them hold as many digits as cells: each digit is taken there, the line
/// side's in the line, the box side's in the box, the others in both. So the rest of the
/// line loses every digit but the box side's, the rest of the box every digit but the line
/// side's: `Sue de Coq {1, 2, 5, 7} in r1c1, r1c2 with {1, 5} in r1c5 (row 1) and {2, 7}
/// in r3c3 (box 1)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SueDeCoq {
    /// The cells of the intersection.
    pub core: Vec<Cell>,
    /// The cells of the line outside the box.
    pub line_cells: Vec<Cell>,
    /// The cells of the box outside the line.
    pub box_cells: Vec<Cell>,
    /// The digits of `core`, `line_cells` and `box_cells`.
    pub digits: [Digits; 3],
    /// The line (a row or column).
    pub line: Unit,
    /// The box.
    pub block: Unit,
}

/// The rating of Sue de Coq, in tenths (SE 1.2.1 has none; HoDoKu rates it with the finned
/// jellyfish, below X-chains and ALS-XZ).
const SUE_DE_COQ_RATING: u32 = 57;

impl Pattern for SueDeCoq {
    fn name(&self) -> &'static str {
        "Sue de Coq"
    }
    fn rating(&self) -> u32 {
        SUE_DE_COQ_RATING
    }
    fn uses(&self, parts: &mut Parts) {
        parts.candidates(&self.core, self.digits[0]);
        parts.candidates(&self.line_cells, self.digits[1]);
        parts.candidates(&self.box_cells, self.digits[2]);
        parts.units(&[self.line, self.block]);
    }
}

impl fmt::Display for SueDeCoq {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [d, l, b] = self.digits;
        write!(
            f,
            "{} {d} in {} with {l} in {} ({}) and {b} in {} ({})",
            self.name(),
            CellList(&self.core),
            CellList(&self.line_cells),
            self.line,
            CellList(&self.box_cells),
            self.block
        )
    }
}

/// The first Sue de Coq on a row and a box, then on a column and a box; grids of up to 9x9
/// only (HoDoKu's; on larger grids the search grows as the sixth power of a line's open
/// cells: an empty 25x25 grid's explanation ran more than two minutes instead of 0.4 s).
pub(super) struct Finder;
impl Rung for Finder {
    fn rating(&self) -> u32 {
        SUE_DE_COQ_RATING
    }
    fn find(&self, b: &Board) -> Option<Found> {
        if b.shape.size() > 9 {
            return None;
        }
        let c = &b.cands;
        let s = sue_de_coq::find_first(c, b.rows, b.boxes).or_else(|| sue_de_coq::find_first(c, b.cols, b.boxes))?;
        let technique = SueDeCoq {
            core: b.cells(&s.core),
            line_cells: b.cells(&s.sides[0]),
            box_cells: b.cells(&s.sides[1]),
            digits: s.values.map(|v| b.digits(v)),
            line: b.unit(s.groups[0]),
            block: b.unit(s.groups[1]),
        };
        Some(Found::Eliminate { removals: s.removals, technique: technique.into() })
    }
}

//! Empty rectangles: a box whose places of a digit lie in one row and one column, with a
//! strong link (`logic::links`).

use std::fmt;

use logic::links;

use super::board::{Board, Found};
use super::uses::Parts;
use super::words::Symbol;
use super::{Pattern, Rung};
use crate::digits::Digits;
use crate::grid::{Cell, Unit};

/// An empty rectangle: in `block`, the digit's places all lie in `row` and `column`
/// (in neither alone); with a strong link `link[0] = link[1]` whose first cell lies in
/// one of them outside the box, a cell of the other line that sees `link[1]` loses the
/// digit (it would leave the box no place): `empty rectangle 5 in box 4 (r5, c2) with
/// r5c8 = r2c8`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EmptyRectangle {
    /// The digit.
    pub digit: u8,
    /// The box.
    pub block: Unit,
    /// The line holding the link's first cell.
    pub through: Unit,
    /// The line of the cells that lose the digit.
    pub across: Unit,
    /// The strong link: its cell in `through`, then its other cell.
    pub link: [Cell; 2],
    /// The unit of the strong link.
    pub unit: Unit,
}

/// The rating of an empty rectangle, in tenths: SE's "turbot fish", 6.6 (SE has none by
/// name; HoDoKu places it with the X-wing).
const EMPTY_RECTANGLE_RATING: u32 = 66;

impl Pattern for EmptyRectangle {
    fn name(&self) -> &'static str {
        "empty rectangle"
    }
    fn rating(&self) -> u32 {
        EMPTY_RECTANGLE_RATING
    }
    fn uses(&self, parts: &mut Parts) {
        let d = self.digit;
        parts.candidates(&self.link, Digits::single(d));
        parts.units(&[self.block, self.through, self.across, self.unit]);
        parts.links.push(((self.link[0], d), (self.link[1], d), "strong"));
    }
}

impl fmt::Display for EmptyRectangle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [p, q] = self.link;
        let (block, through, across) = (self.block, self.through, self.across);
        write!(f, "{} {} in {block} ({through}, {across}) with {p} = {q}", self.name(), Symbol(self.digit))
    }
}

/// An empty rectangle: the group emptied is a box, the two groups through its places a
/// row and a column.
fn found(b: &Board, g: links::Grouped) -> Option<Found> {
    let (block, through, across) = (b.unit(g.group), b.unit(g.through), b.unit(g.across));
    let lines = matches!((through, across), (Unit::Row(_), Unit::Column(_)) | (Unit::Column(_), Unit::Row(_)));
    if !matches!(block, Unit::Box(_)) || !lines {
        return None;
    }
    let technique = EmptyRectangle {
        digit: b.digit(g.bit),
        block,
        through,
        across,
        link: [b.cell(g.link.inner), b.cell(g.link.outer)],
        unit: b.unit(g.link.group),
    };
    Some(Found::digit_leaves(g.bit, &g.removals, technique))
}

/// Empty rectangles.
pub(super) struct Finder;
impl Rung for Finder {
    fn rating(&self) -> u32 {
        EMPTY_RECTANGLE_RATING
    }
    fn find(&self, b: &Board) -> Option<Found> {
        links::grouped(&b.cands).into_iter().find_map(|g| found(b, g))
    }
}

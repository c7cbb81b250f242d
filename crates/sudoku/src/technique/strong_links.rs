//! Two strong links of a digit joined by a weak link: skyscrapers, 2-string kites, turbot fish
//! (`logic::links`).

use std::fmt;

use logic::links;

use super::board::{Board, Found};
use super::uses::Parts;
use super::words::Symbol;
use super::{Pattern, Rung};
use crate::digits::Digits;
use crate::grid::{Cell, Unit};

/// Two strong links of one digit (each a unit where it has only two places) joined by a
/// weak link (their inner ends share a unit): one of the outer ends holds the digit, so
/// the cells that see both lose it. Named by the units, as in HoDoKu: a skyscraper (two
/// parallel rows or columns), a 2-string kite (a row and a column joined in a box), a
/// turbot fish (any other): `skyscraper 4 in r1c2 = r6c2 - r6c7 = r2c7`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StrongLinks {
    /// The digit.
    pub digit: u8,
    /// The chain: outer end, inner end (first link), inner end, outer end (second link).
    pub cells: [Cell; 4],
    /// The units of the two strong links.
    pub units: [Unit; 2],
}

/// The rating of the named two-link patterns (skyscraper, 2-string kite, turbot fish), in
/// tenths: a sashimi X-wing's, 5.4, since a skyscraper is one (HoDoKu places them with the
/// X-wing; SE finds them as its "turbot fish", 6.6, but on the rated sample most puzzles they
/// decide rate SE 5.5 to 5.7).
const STRONG_LINKS_RATING: u32 = 54;

impl Pattern for StrongLinks {
    fn name(&self) -> &'static str {
        match self.units {
            [Unit::Row(_), Unit::Row(_)] | [Unit::Column(_), Unit::Column(_)] => "skyscraper",
            [Unit::Row(_), Unit::Column(_)] | [Unit::Column(_), Unit::Row(_)] => "2-string kite",
            _ => "turbot fish",
        }
    }
    fn rating(&self) -> u32 {
        STRONG_LINKS_RATING
    }
    fn uses(&self, parts: &mut Parts) {
        parts.candidates(&self.cells, Digits::single(self.digit));
        parts.units(&self.units);
        let nodes: Vec<(Cell, u8)> = self.cells.iter().map(|&c| (c, self.digit)).collect();
        parts.alternating(&nodes, true);
    }
}

impl fmt::Display for StrongLinks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [o1, e1, e2, o2] = self.cells;
        write!(f, "{} {} in {o1} = {e1} - {e2} = {o2}", self.name(), Symbol(self.digit))
    }
}

/// The two links as the step they are.
pub(super) fn found(b: &Board, t: links::TwoLinks) -> Found {
    let [p, q] = t.links;
    let technique = StrongLinks {
        digit: b.digit(t.bit),
        cells: [b.cell(p.outer), b.cell(p.inner), b.cell(q.inner), b.cell(q.outer)],
        units: [b.unit(p.group), b.unit(q.group)],
    };
    Found::digit_leaves(t.bit, &t.removals, technique)
}

/// Two strong links of a digit joined by a weak link.
pub(super) struct Finder;
impl Rung for Finder {
    fn rating(&self) -> u32 {
        STRONG_LINKS_RATING
    }
    fn find(&self, b: &Board) -> Option<Found> {
        links::two_links(&b.cands).into_iter().next().map(|t| found(b, t))
    }
}

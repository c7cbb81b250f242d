//! W-wings: two cells holding the same two digits, joined by a strong link of one of them
//! (`logic::links`).

use std::fmt;

use logic::links;

use super::board::{Board, Found};
use super::uses::Parts;
use super::words::Symbol;
use super::{Pattern, Rung};
use crate::digits::Digits;
use crate::grid::{Cell, Unit};

/// A W-wing: `cells` hold exactly `{digit, link_digit}` and do not see each other; the
/// strong link `link[0] = link[1]` of `link_digit` in `unit` has one end seeing each.
/// Were neither cell `digit`, both would be `link_digit` and the link would have no place
/// for it: so the cells that see both lose `digit`:
/// `W-wing 5 in r2c2, r3c9 with 2 in r2c5 = r3c6 (box 2)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WWing {
    /// The digit removed.
    pub digit: u8,
    /// The two cells holding the same two digits.
    pub cells: [Cell; 2],
    /// The digit of the strong link.
    pub link_digit: u8,
    /// The strong link: its end seeing `cells[0]`, then its end seeing `cells[1]`.
    pub link: [Cell; 2],
    /// The unit of the strong link.
    pub unit: Unit,
}

/// The rating of a W-wing, in tenths (SE has none: it is a chain of two cells and a strong
/// link; HoDoKu rates it with the XY-wing).
const W_WING_RATING: u32 = 71;

impl Pattern for WWing {
    fn name(&self) -> &'static str {
        "W-wing"
    }
    fn rating(&self) -> u32 {
        W_WING_RATING
    }
    fn uses(&self, parts: &mut Parts) {
        let ([a, b], [p, q], d) = (self.cells, self.link, self.link_digit);
        parts.candidates(&self.cells, Digits::single(self.digit));
        parts.candidates(&self.cells, Digits::single(d));
        parts.candidates(&self.link, Digits::single(d));
        parts.units(&[self.unit]);
        parts.alternating(&[(a, d), (p, d), (q, d), (b, d)], false);
    }
}

impl fmt::Display for WWing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ([a, b], [p, q]) = (self.cells, self.link);
        let (digit, link_digit) = (Symbol(self.digit), Symbol(self.link_digit));
        write!(f, "{} {digit} in {a}, {b} with {link_digit} in {p} = {q} ({})", self.name(), self.unit)
    }
}

/// W-wings.
pub(super) struct Finder;
impl Rung for Finder {
    fn rating(&self) -> u32 {
        W_WING_RATING
    }
    fn find(&self, b: &Board) -> Option<Found> {
        let w = links::w_wing_first(&b.cands)?;
        let technique = WWing {
            digit: b.digit(w.bit),
            cells: w.ends.map(|l| b.cell(l)),
            link_digit: b.digit(w.link_bit),
            link: [b.cell(w.link.inner), b.cell(w.link.outer)],
            unit: b.unit(w.link.group),
        };
        Some(Found::digit_leaves(w.bit, &w.removals, technique))
    }
}

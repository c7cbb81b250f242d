//! Simple colouring (traps and wraps) and remote pairs: two colours along strong links
//! (`logic::colouring`).

use std::fmt;

use logic::colouring;

use super::board::{Board, Found};
use super::uses::Parts;
use super::words::{CellList, Symbol};
use super::{Pattern, Rung};
use crate::digits::Digits;
use crate::grid::Cell;

/// Simple colouring: the strong links of `digit` chain `colours[0]` and `colours[1]`,
/// alternately, so one colour holds the digit and the other does not. A colour wrap: two
/// cells of `colours[0]` see each other, so it is the false colour; a colour trap: the
/// cells that see both colours lose the digit:
/// `colour trap 7: r1c3, r7c1, r5c2, r8c4 / r1c4, r2c1, r4c3, r8c2, r5c5`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Colouring {
    /// The digit.
    pub digit: u8,
    /// The two colours (for a wrap, the false one first).
    pub colours: [Vec<Cell>; 2],
    /// A wrap (else a trap).
    pub wrap: bool,
}

/// Remote pairs: a chain of cells holding the same two digits, each seeing the next, so
/// that the cells alternate; coloured alternately, a cell that sees both colours loses
/// both digits: `remote pairs {5, 9}: r5c4, r8c6 / r5c9, r6c6`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RemotePairs {
    /// The two digits.
    pub digits: Digits,
    /// The two colours.
    pub colours: [Vec<Cell>; 2],
}

/// The rating of simple colouring, in tenths (SE finds it as X-chains and cycles, 6.5 and up).
const COLOURING_RATING: u32 = 65;
/// The rating of remote pairs, in tenths (SE finds them as XY-chains).
const REMOTE_PAIRS_RATING: u32 = 65;

impl Pattern for Colouring {
    fn name(&self) -> &'static str {
        if self.wrap {
            "colour wrap"
        } else {
            "colour trap"
        }
    }
    fn rating(&self) -> u32 {
        COLOURING_RATING
    }
    fn uses(&self, parts: &mut Parts) {
        parts.candidates(&self.colours[0], Digits::single(self.digit));
        parts.candidates(&self.colours[1], Digits::single(self.digit));
    }
}

impl fmt::Display for Colouring {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b] = &self.colours;
        write!(f, "{} {}: {} / {}", self.name(), Symbol(self.digit), CellList(a), CellList(b))
    }
}

impl Pattern for RemotePairs {
    fn name(&self) -> &'static str {
        "remote pairs"
    }
    fn rating(&self) -> u32 {
        REMOTE_PAIRS_RATING
    }
    fn uses(&self, parts: &mut Parts) {
        parts.candidates(&self.colours[0], self.digits);
        parts.candidates(&self.colours[1], self.digits);
    }
}

impl fmt::Display for RemotePairs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b] = &self.colours;
        write!(f, "{} {}: {} / {}", self.name(), self.digits, CellList(a), CellList(b))
    }
}

/// A simple colouring (one value) or remote pairs (two).
fn found(b: &Board, f: colouring::Colouring) -> Found {
    let colours = [b.cells(&f.colours[0]), b.cells(&f.colours[1])];
    let technique = if f.values.count_ones() == 1 {
        Colouring { digit: b.digit(f.values.trailing_zeros()), colours, wrap: f.wrap }.into()
    } else {
        RemotePairs { digits: b.digits(f.values), colours }.into()
    };
    Found::Eliminate { removals: f.removals, technique }
}

/// Simple colouring (traps and wraps).
pub(super) struct Simple;
impl Rung for Simple {
    fn rating(&self) -> u32 {
        COLOURING_RATING
    }
    fn find(&self, b: &Board) -> Option<Found> {
        colouring::simple(&b.cands).map(|f| found(b, f))
    }
}

/// Remote pairs.
pub(super) struct Pairs;
impl Rung for Pairs {
    fn rating(&self) -> u32 {
        REMOTE_PAIRS_RATING
    }
    fn find(&self, b: &Board) -> Option<Found> {
        colouring::remote_pairs(&b.cands).map(|f| found(b, f))
    }
}

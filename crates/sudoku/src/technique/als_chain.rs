//! ALS-XZ and ALS-XY-wings: almost locked sets joined by restricted commons (`logic::als`).
//! Tried after the static chains, where none rates lower.

use std::fmt;

use logic::als;

use super::board::{Board, Found};
use super::uses::Parts;
use super::words::{CellList, Symbol};
use super::{Pattern, Rung};
use crate::digits::Digits;
use crate::grid::Cell;

/// An ALS-XZ (two sets) or ALS-XY-wing (three, the pivot set last): almost locked sets,
/// each some cells of one unit holding one digit more than cells, joined by *restricted
/// commons* (a digit whose places in one set all see its places in the other, so at
/// most one of them holds it): `r4c6 != 1: ALS-XZ r4c2, r4c3 {1, 5, 8} and r6c5 {1, 8}
/// (linked by 8)`. The common digits left are in one of the sets, and leave the cells that
/// see all their places there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AlsChain {
    /// The sets' cells and digits.
    pub sets: Vec<(Vec<Cell>, Digits)>,
    /// The restricted commons: of the two sets (one or two), or of each set with the pivot.
    pub linked: Vec<u8>,
}

/// The ratings of ALS-XZ and ALS-XY-wings, in tenths (SE has neither: it finds what they
/// find as forcing chains, 7.0 and up; HoDoKu rates them above XY-chains and nice loops,
/// below forcing chains). The ladder takes one only where no static chain rates lower.
const ALS_XZ_RATING: u32 = 75;
const ALS_XY_RATING: u32 = 78;

impl Pattern for AlsChain {
    fn name(&self) -> &'static str {
        if self.sets.len() > 2 {
            "ALS-XY-wing"
        } else {
            "ALS-XZ"
        }
    }
    fn rating(&self) -> u32 {
        if self.sets.len() > 2 {
            ALS_XY_RATING
        } else {
            ALS_XZ_RATING
        }
    }
    fn uses(&self, parts: &mut Parts) {
        for (cells, digits) in &self.sets {
            parts.candidates(cells, *digits);
        }
    }
}

impl fmt::Display for AlsChain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sets = &self.sets;
        write!(f, "{}", self.name())?;
        for (i, (cells, digits)) in sets.iter().enumerate() {
            let sep = match i {
                0 => " ",
                _ if i + 1 == sets.len() && sets.len() > 2 => ", pivot ",
                _ if sets.len() > 2 => ", ",
                _ => " and ",
            };
            write!(f, "{sep}{} {digits}", CellList(cells))?;
        }
        let linked: Vec<String> = self.linked.iter().map(|&d| Symbol(d).to_string()).collect();
        write!(f, " (linked by {})", linked.join(" and "))
    }
}

/// The first ALS-XZ of sets of up to four cells, else the first ALS-XY-wing of sets of up
/// to three.
pub(super) struct Finder;
impl Rung for Finder {
    fn rating(&self) -> u32 {
        ALS_XZ_RATING
    }
    fn find(&self, b: &Board) -> Option<Found> {
        let c = &b.cands;
        let x = als::xz(c, 4).into_iter().next().or_else(|| als::xy_wings(c, 3).into_iter().next())?;
        let technique = AlsChain {
            sets: x.sets.iter().map(|s| (b.cells(&s.vars), b.digits(s.values))).collect(),
            linked: x.linked.iter().map(|&bit| b.digit(bit)).collect(),
        };
        Some(Found::Eliminate { removals: x.removals, technique: technique.into() })
    }
}

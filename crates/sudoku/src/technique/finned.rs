//! Finned and sashimi fish: X-wings and swordfish with fins (`logic::finned`).

use std::fmt;

use logic::{finned, links};

use super::board::{Board, Found};
use super::uses::Parts;
use super::words::{CellList, Symbol, UnitList};
use super::{strong_links, Pattern, Rung};
use crate::digits::Digits;
use crate::grid::{Cell, Unit};

/// A finned (or sashimi) fish: in the base units the digit can only go in `cells`, inside
/// the covers, or in the `fins`, outside them but in one unit. Either a fin holds it, or
/// the fish does: the cells of the covers outside the bases that see every fin lose it:
/// `sashimi X-wing 6 in r3c7, r9c5, r9c7 (rows 3, 9; columns 5, 7) fins r3c4, r3c6`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FinnedFish {
    /// The digit.
    pub digit: u8,
    /// Its places in the bases inside the covers.
    pub cells: Vec<Cell>,
    /// Its places in the bases outside the covers.
    pub fins: Vec<Cell>,
    /// The base units.
    pub bases: Vec<Unit>,
    /// The cover units.
    pub covers: Vec<Unit>,
    /// Whether a base keeps fewer than two places without its fins (a sashimi fish).
    pub sashimi: bool,
}

/// The ratings of finned (and sashimi) X-wings, swordfish and jellyfish, in tenths (SE has
/// none; HoDoKu rates them just above the fish without fins). Finned jellyfish rate as the
/// forcing chains SE finds in their place (7.1 and 7.2 on the puzzles of the calibration
/// half one decides; at 5.7 the calibration half's Spearman fell from 0.94498 to 0.94385,
/// at 7.1 it rises to 0.94534), and are tried after the static chains: `docs/grading.md`.
const FINNED_RATINGS: [u32; 3] = [53, 55, 71];

impl Pattern for FinnedFish {
    fn name(&self) -> &'static str {
        match (self.sashimi, self.bases.len()) {
            (false, 2) => "finned X-wing",
            (false, 3) => "finned swordfish",
            (false, 4) => "finned jellyfish",
            (false, _) => "finned fish",
            (true, 2) => "sashimi X-wing",
            (true, 3) => "sashimi swordfish",
            (true, 4) => "sashimi jellyfish",
            (true, _) => "sashimi fish",
        }
    }
    fn rating(&self) -> u32 {
        finned_rating(self.bases.len()) + u32::from(self.sashimi)
    }
    fn uses(&self, parts: &mut Parts) {
        parts.candidates(&self.cells, Digits::single(self.digit));
        parts.candidates(&self.fins, Digits::single(self.digit));
        parts.units(&self.bases);
        parts.units(&self.covers);
    }
}

impl fmt::Display for FinnedFish {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} in {} ({}; {}) fins {}",
            self.name(),
            Symbol(self.digit),
            CellList(&self.cells),
            UnitList(&self.bases),
            UnitList(&self.covers),
            CellList(&self.fins)
        )
    }
}

/// A finned fish, or, for a sashimi X-wing that is two strong links joined by a weak
/// link (a skyscraper, 2-string kite or turbot fish removing at least as much), those
/// links: the simplest name of the same deduction, at the same rating.
fn found(b: &Board, f: finned::FinnedFish) -> Found {
    if f.sashimi && f.bases.len() == 2 {
        let same = links::two_links(&b.cands)
            .into_iter()
            .find(|t| t.bit == f.bit && f.removals.iter().all(|r| t.removals.contains(r)));
        if let Some(t) = same {
            return strong_links::found(b, t);
        }
    }
    let technique = FinnedFish {
        digit: b.digit(f.bit),
        cells: b.cells(&f.places),
        fins: b.cells(&f.fins),
        bases: f.bases.iter().map(|&g| b.unit(g)).collect(),
        covers: f.covers.iter().map(|&g| b.unit(g)).collect(),
        sashimi: f.sashimi,
    };
    Found::digit_leaves(f.bit, &f.removals, technique)
}

/// The rating of a finned fish of `k` bases without sashimi, in tenths.
fn finned_rating(k: usize) -> u32 {
    FINNED_RATINGS[k.clamp(2, 4) - 2]
}

/// Finned and sashimi fish of this size (2 or 3 among the rungs; 4, finned jellyfish, among
/// the late rungs: tried where no static chain rates lower).
pub(super) struct Finder(pub(super) usize);
impl Rung for Finder {
    fn rating(&self) -> u32 {
        finned_rating(self.0)
    }
    fn find(&self, b: &Board) -> Option<Found> {
        let c = &b.cands;
        finned::find_first(c, b.rows, b.cols, self.0)
            .or_else(|| finned::find_first(c, b.cols, b.rows, self.0))
            .map(|f| found(b, f))
    }
}

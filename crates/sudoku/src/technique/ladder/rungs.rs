//! The rungs of the ladder between locked candidates and chains: each technique behind one
//! trait ([`Rung`]: how it rates, how it is found; its wording is its [`Technique`]'s), and
//! the ladder is the table of them ([`RUNGS`]), in the order of their ratings. A new
//! technique is one implementation of [`Rung`] and one row of the table.

use logic::{colouring, finned, fish, links, subsets, uniqueness, wings};

use super::{Found, Ladder};
use crate::step::Technique;
use crate::technique::{
    als_wing_rating, COLOURING_RATING, EMPTY_RECTANGLE_RATING, FINNED_RATINGS, HIDDEN_RECTANGLE_RATING,
    REMOTE_PAIRS_RATING, STRONG_LINKS_RATING, SUE_DE_COQ_RATING, W_WING_RATING,
};

/// A technique of the ladder: how hard it is, and where it applies.
pub(super) trait Rung: Sync {
    /// The rating of the easiest step it finds, in tenths (`technique/mod.rs`).
    fn rating(&self) -> u32;
    /// The first step it finds in the ladder's candidates as they stand, ready to apply.
    fn find(&self, ladder: &Ladder) -> Option<Found>;
}

/// The rungs, 3.0 to 7.1, by rating (a test checks the order; of equal ratings, the first
/// listed is tried first).
pub(super) static RUNGS: [&dyn Rung; 29] = [
    &Naked(2),
    &Fish(2),
    &Hidden(2),
    &Naked(3),
    &Fish(3),
    &Hidden(3),
    &Wing(false),
    &Wing(true),
    &Rectangle,
    &CageBlocking,
    &Naked(4),
    &Fish(4),
    &Finned(2),
    &Hidden(4),
    &StrongLinks,
    &HiddenRectangle,
    &AlsWing(3),
    &Finned(3),
    &Bug,
    &BugExtra,
    &BugLink,
    &SueDeCoq,
    &BugSubset,
    &AlsWing(4),
    &RemotePairs,
    &Colouring,
    &AlsWing(5),
    &EmptyRectangle,
    &WWing,
];

/// Naked subsets of this size.
struct Naked(usize);
impl Rung for Naked {
    fn rating(&self) -> u32 {
        [30, 36, 50][self.0.clamp(2, 4) - 2]
    }
    fn find(&self, l: &Ladder) -> Option<Found> {
        subsets::naked_first(&l.cands, self.0).map(|s| l.subset(s))
    }
}

/// Hidden subsets of this size.
struct Hidden(usize);
impl Rung for Hidden {
    fn rating(&self) -> u32 {
        [34, 40, 54][self.0.clamp(2, 4) - 2]
    }
    fn find(&self, l: &Ladder) -> Option<Found> {
        subsets::hidden_first(&l.cands, self.0).map(|s| l.subset(s))
    }
}

/// Fish of this size (X-wing, swordfish, jellyfish), rows then columns as bases.
struct Fish(usize);
impl Rung for Fish {
    fn rating(&self) -> u32 {
        [32, 38, 52][self.0.clamp(2, 4) - 2]
    }
    fn find(&self, l: &Ladder) -> Option<Found> {
        let c = &l.cands;
        fish::find_first(c, l.rows, l.cols, self.0)
            .or_else(|| fish::find_first(c, l.cols, l.rows, self.0))
            .map(|f| l.fish(f))
    }
}

/// XY-wings (`false`) or XYZ-wings (`true`).
struct Wing(bool);
impl Rung for Wing {
    fn rating(&self) -> u32 {
        42 + 2 * u32::from(self.0)
    }
    fn find(&self, l: &Ladder) -> Option<Found> {
        wings::find(&l.cands, self.0).into_iter().next().map(|w| l.wing(w))
    }
}

/// Unique rectangles of types 1 to 6 (puzzles proven unique only).
struct Rectangle;
impl Rung for Rectangle {
    fn rating(&self) -> u32 {
        45
    }
    fn find(&self, l: &Ladder) -> Option<Found> {
        l.unique.then(|| l.rectangle(false)).flatten()
    }
}

/// Hidden unique rectangles (idem).
struct HiddenRectangle;
impl Rung for HiddenRectangle {
    fn rating(&self) -> u32 {
        HIDDEN_RECTANGLE_RATING
    }
    fn find(&self, l: &Ladder) -> Option<Found> {
        l.unique.then(|| l.rectangle(true)).flatten()
    }
}

/// ALS wings of this many set cells (WXYZ-wings: 3).
struct AlsWing(usize);
impl Rung for AlsWing {
    fn rating(&self) -> u32 {
        (2..=self.0 as u32 + 1).map(|largest| als_wing_rating(self.0, largest)).min().unwrap_or(0)
    }
    fn find(&self, l: &Ladder) -> Option<Found> {
        l.als_wing(self.0)
    }
}

/// BUG+1 (puzzles proven unique only).
struct Bug;
impl Rung for Bug {
    fn rating(&self) -> u32 {
        56
    }
    fn find(&self, l: &Ladder) -> Option<Found> {
        let (var, bit) = uniqueness::bug(&l.cands).filter(|_| l.unique)?;
        Some(Found::Place { var, bit, technique: Technique::Bug { cell: l.cell(var) } })
    }
}

/// BUG type 2 (idem).
struct BugExtra;
impl Rung for BugExtra {
    fn rating(&self) -> u32 {
        57
    }
    fn find(&self, l: &Ladder) -> Option<Found> {
        let b = uniqueness::bug_type_2(&l.cands).filter(|_| l.unique)?;
        Some(Found::Eliminate {
            removals: b.removals.iter().map(|&v| (v, 1 << b.bit)).collect(),
            technique: Technique::BugExtra { digit: l.digit(b.bit), cells: l.cells(&b.vars) },
        })
    }
}

/// BUG type 4 (idem).
struct BugLink;
impl Rung for BugLink {
    fn rating(&self) -> u32 {
        57
    }
    fn find(&self, l: &Ladder) -> Option<Found> {
        l.unique.then(|| l.bug_group(4)).flatten()
    }
}

/// BUG type 3 (idem).
struct BugSubset;
impl Rung for BugSubset {
    fn rating(&self) -> u32 {
        58
    }
    fn find(&self, l: &Ladder) -> Option<Found> {
        l.unique.then(|| l.bug_group(3)).flatten()
    }
}

/// Two strong links of a digit joined by a weak link (skyscraper, 2-string kite, turbot fish).
struct StrongLinks;
impl Rung for StrongLinks {
    fn rating(&self) -> u32 {
        STRONG_LINKS_RATING
    }
    fn find(&self, l: &Ladder) -> Option<Found> {
        links::two_links(&l.cands).into_iter().next().map(|t| l.strong_links(t))
    }
}

/// Empty rectangles.
struct EmptyRectangle;
impl Rung for EmptyRectangle {
    fn rating(&self) -> u32 {
        EMPTY_RECTANGLE_RATING
    }
    fn find(&self, l: &Ladder) -> Option<Found> {
        links::grouped(&l.cands).into_iter().find_map(|g| l.empty_rectangle(g))
    }
}

/// W-wings.
struct WWing;
impl Rung for WWing {
    fn rating(&self) -> u32 {
        W_WING_RATING
    }
    fn find(&self, l: &Ladder) -> Option<Found> {
        links::w_wing_first(&l.cands).map(|w| l.w_wing(w))
    }
}

/// Finned and sashimi fish of this size (2 or 3: finned jellyfish are left to chains, their
/// search costs more than they bring).
struct Finned(usize);
impl Rung for Finned {
    fn rating(&self) -> u32 {
        FINNED_RATINGS[self.0.clamp(2, 4) - 2]
    }
    fn find(&self, l: &Ladder) -> Option<Found> {
        let c = &l.cands;
        finned::find_first(c, l.rows, l.cols, self.0)
            .or_else(|| finned::find_first(c, l.cols, l.rows, self.0))
            .map(|f| l.finned_or_links(f))
    }
}

/// Simple colouring (traps and wraps).
struct Colouring;
impl Rung for Colouring {
    fn rating(&self) -> u32 {
        COLOURING_RATING
    }
    fn find(&self, l: &Ladder) -> Option<Found> {
        colouring::simple(&l.cands).map(|f| l.colouring(f))
    }
}

/// Remote pairs.
struct RemotePairs;
impl Rung for RemotePairs {
    fn rating(&self) -> u32 {
        REMOTE_PAIRS_RATING
    }
    fn find(&self, l: &Ladder) -> Option<Found> {
        colouring::remote_pairs(&l.cands).map(|f| l.colouring(f))
    }
}

/// Sue de Coq.
struct SueDeCoq;
impl Rung for SueDeCoq {
    fn rating(&self) -> u32 {
        SUE_DE_COQ_RATING
    }
    fn find(&self, l: &Ladder) -> Option<Found> {
        l.sue_de_coq()
    }
}

/// A killer's cage blocking (`cages`).
struct CageBlocking;
impl Rung for CageBlocking {
    fn rating(&self) -> u32 {
        crate::killer_reasoning::BLOCKING
    }
    fn find(&self, l: &Ladder) -> Option<Found> {
        l.cage_blocking()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rungs_are_in_the_order_of_their_ratings() {
        let ratings: Vec<u32> = RUNGS.iter().map(|r| r.rating()).collect();
        assert!(ratings.is_sorted(), "{ratings:?}");
    }
}

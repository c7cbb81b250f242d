//! Franken and mutant fish: fish whose bases and covers mix rows, columns and boxes
//! (`logic::franken`), with fins or without.

use std::fmt;

use logic::franken::{self, Search};

use super::board::{Board, Found};
use super::uses::Parts;
use super::words::{CellList, Symbol};
use super::{Pattern, Rung};
use crate::digits::Digits;
use crate::grid::{Cell, Unit};

/// A Franken fish (rows or columns and boxes as bases, the other lines and boxes as covers,
/// a box among them) or a mutant fish (rows and columns mixed on one side): in the base
/// units the digit can only go in `cells`, inside the covers, or in the `fins`. Either a
/// fin holds it, or the fish does and the covers take it in the bases: the cells of the
/// covers outside the bases that see every fin lose it:
/// `Franken swordfish 1 in r1c1, r1c5, r4c1, r4c5, r7c7, r9c7 (rows 1, 4, box 9; columns 1, 5, 7)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComplexFish {
    /// The digit.
    pub digit: u8,
    /// Its places in the bases inside the covers.
    pub cells: Vec<Cell>,
    /// Its places in the bases outside the covers (none for a fish without fins).
    pub fins: Vec<Cell>,
    /// The base units.
    pub bases: Vec<Unit>,
    /// The cover units.
    pub covers: Vec<Unit>,
    /// Whether rows and columns meet on one side (a mutant fish), not only boxes and one
    /// kind of line (a Franken fish).
    pub mutant: bool,
}

/// The ratings of Franken X-wings, swordfish and jellyfish without fins, in tenths; a fin
/// adds [`FIN_RATING`], a mutant fish [`MUTANT_RATING`]. SE 1.2.1 has none; HoDoKu tries
/// them after its chains and almost locked sets, so here they come after ALS-XZ (7.5), as
/// late rungs: a static chain rated lower wins. (At 6.6 one puzzle of the calibration half
/// changed grade, and grading took half as long again: `docs/grading.md`.)
const FRANKEN_RATINGS: [u32; 3] = [FRANKEN_BASE, FRANKEN_BASE + 2, FRANKEN_BASE + 4];
/// The rating of a Franken X-wing, in tenths.
const FRANKEN_BASE: u32 = 76;
/// What fins add to a Franken fish's rating, in tenths.
const FIN_RATING: u32 = 1;
/// What a mutant fish adds to a Franken fish's rating of the same size, in tenths.
const MUTANT_RATING: u32 = 2;

impl Pattern for ComplexFish {
    fn name(&self) -> &'static str {
        match (self.mutant, self.fins.is_empty(), self.bases.len()) {
            (false, true, 2) => "Franken X-wing",
            (false, true, 3) => "Franken swordfish",
            (false, true, _) => "Franken jellyfish",
            (false, false, 2) => "finned Franken X-wing",
            (false, false, 3) => "finned Franken swordfish",
            (false, false, _) => "finned Franken jellyfish",
            (true, true, 2) => "mutant X-wing",
            (true, true, 3) => "mutant swordfish",
            (true, true, _) => "mutant jellyfish",
            (true, false, 2) => "finned mutant X-wing",
            (true, false, 3) => "finned mutant swordfish",
            (true, false, _) => "finned mutant jellyfish",
        }
    }
    fn rating(&self) -> u32 {
        rating(self.bases.len(), !self.fins.is_empty(), self.mutant)
    }
    fn uses(&self, parts: &mut Parts) {
        parts.candidates(&self.cells, Digits::single(self.digit));
        parts.candidates(&self.fins, Digits::single(self.digit));
        parts.units(&self.bases);
        parts.units(&self.covers);
    }
}

/// The rating of a complex fish of `size` bases, in tenths.
fn rating(size: usize, finned: bool, mutant: bool) -> u32 {
    FRANKEN_RATINGS[size.clamp(2, 4) - 2] + FIN_RATING * u32::from(finned) + MUTANT_RATING * u32::from(mutant)
}

/// Units of mixed kinds, each kind's indices together: `rows 1, 4, box 9`.
struct MixedUnits<'a>(&'a [Unit]);

impl fmt::Display for MixedUnits<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = |u: &Unit| match u {
            Unit::Row(_) => ("row", "rows"),
            Unit::Column(_) => ("column", "columns"),
            _ => ("box", "boxes"),
        };
        let mut i = 0;
        while i < self.0.len() {
            let k = kind(&self.0[i]);
            let run = self.0[i..].iter().take_while(|u| kind(u) == k).count();
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{} ", if run == 1 { k.0 } else { k.1 })?;
            for (j, u) in self.0[i..i + run].iter().enumerate() {
                if j > 0 {
                    f.write_str(", ")?;
                }
                write!(f, "{}", u.index() + 1)?;
            }
            i += run;
        }
        Ok(())
    }
}

impl fmt::Display for ComplexFish {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} in {} ({}; {})",
            self.name(),
            Symbol(self.digit),
            CellList(&self.cells),
            MixedUnits(&self.bases),
            MixedUnits(&self.covers)
        )?;
        if !self.fins.is_empty() {
            write!(f, " fins {}", CellList(&self.fins))?;
        }
        Ok(())
    }
}

/// The kind of line of a unit: 0 row, 1 column, 2 box (or region).
fn kind(u: Unit) -> usize {
    match u {
        Unit::Row(_) => 0,
        Unit::Column(_) => 1,
        _ => 2,
    }
}

/// Whether bases and covers of these kinds make a Franken fish: one kind of line and boxes
/// as bases, the other kind and boxes as covers, and a box among them (with none it is a
/// plain or finned fish).
fn is_franken(bases: &[usize; 3], covers: &[usize; 3]) -> bool {
    let boxes = bases[2] + covers[2] > 0;
    let rows_first = bases[1] == 0 && covers[0] == 0;
    let cols_first = bases[0] == 0 && covers[1] == 0;
    boxes && (rows_first || cols_first)
}

/// Whether bases and covers of these kinds make a mutant fish: neither a Franken fish nor a
/// plain one (rows against columns).
fn is_mutant(bases: &[usize; 3], covers: &[usize; 3]) -> bool {
    let plain = (bases[1] + bases[2] == 0 && covers[0] + covers[2] == 0)
        || (bases[0] + bases[2] == 0 && covers[1] + covers[2] == 0);
    !plain && !is_franken(bases, covers)
}

/// Counts of rows, columns and boxes among `groups`.
fn kinds(b: &Board, groups: &[u32]) -> [usize; 3] {
    let mut n = [0; 3];
    for &g in groups {
        n[kind(b.unit(g))] += 1;
    }
    n
}

/// The sorted units of `groups` (rows, then columns, then boxes).
fn units(b: &Board, groups: &[u32]) -> Vec<Unit> {
    let mut u: Vec<Unit> = groups.iter().map(|&g| b.unit(g)).collect();
    u.sort_by_key(|&u| (kind(u), u.index()));
    u
}

fn found(b: &Board, f: franken::ComplexFish, mutant: bool) -> Found {
    let technique = ComplexFish {
        digit: b.digit(f.bit),
        cells: b.cells(&f.places),
        fins: b.cells(&f.fins),
        bases: units(b, &f.bases),
        covers: units(b, &f.covers),
        mutant,
    };
    Found::digit_leaves(f.bit, &f.removals, technique)
}

/// Franken fish without fins of this size: rows and boxes as bases and columns and boxes as
/// covers, then the other way round. Grids up to 9x9. (With fins the search took about half
/// as long again as the whole grading of the rated sample: `docs/grading.md`.)
pub(super) struct Finder(pub(super) usize);
impl Rung for Finder {
    fn rating(&self) -> u32 {
        rating(self.0, false, false)
    }
    fn find(&self, b: &Board) -> Option<Found> {
        let accept = |bases: &[u32], covers: &[u32]| is_franken(&kinds(b, bases), &kinds(b, covers));
        for (lines, others) in [(b.rows, b.cols), (b.cols, b.rows)] {
            let search = Search {
                base_families: &[lines, b.boxes],
                cover_families: &[others, b.boxes],
                size: self.0,
                max_fins: 0,
            };
            if let Some(f) = franken::find_first(&b.cands, &search, accept) {
                return Some(found(b, f, false));
            }
        }
        None
    }
}

/// Mutant fish without fins of this size: rows, columns and boxes on both sides, rows and
/// columns mixed on one. Grids up to 9x9.
pub(super) struct Mutant(pub(super) usize);
impl Rung for Mutant {
    fn rating(&self) -> u32 {
        rating(self.0, false, true)
    }
    fn find(&self, b: &Board) -> Option<Found> {
        let all = [b.rows, b.cols, b.boxes];
        let search = Search { base_families: &all, cover_families: &all, size: self.0, max_fins: 0 };
        let accept = |bases: &[u32], covers: &[u32]| is_mutant(&kinds(b, bases), &kinds(b, covers));
        franken::find_first(&b.cands, &search, accept).map(|f| found(b, f, true))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_franken_swordfish_is_worded_with_its_units_and_rated_7_8() {
        let at = |r: usize, c: usize| Cell::new(r - 1, c - 1);
        let fish = ComplexFish {
            digit: 1,
            cells: vec![at(1, 1), at(1, 5), at(4, 1), at(4, 5), at(7, 7), at(9, 7)],
            fins: Vec::new(),
            bases: vec![Unit::Row(0), Unit::Row(3), Unit::Box(8)],
            covers: vec![Unit::Column(0), Unit::Column(4), Unit::Column(6)],
            mutant: false,
        };
        assert_eq!(
            fish.to_string(),
            "Franken swordfish 1 in r1c1, r1c5, r4c1, r4c5, r7c7, r9c7 (rows 1, 4, box 9; columns 1, 5, 7)"
        );
        assert_eq!(fish.rating(), 78);
        let mutant = ComplexFish { mutant: true, fins: vec![at(8, 8)], ..fish };
        assert_eq!(mutant.name(), "finned mutant swordfish");
        assert!(mutant.to_string().ends_with(" fins r8c8"));
        assert_eq!(mutant.rating(), 81);
    }

    #[test]
    fn mixed_units_name_each_kind_once() {
        let u = [Unit::Row(0), Unit::Row(3), Unit::Box(8)];
        assert_eq!(MixedUnits(&u).to_string(), "rows 1, 4, box 9");
        let u = [Unit::Column(4), Unit::Box(0), Unit::Box(2)];
        assert_eq!(MixedUnits(&u).to_string(), "column 5, boxes 1, 3");
    }

    #[test]
    fn franken_fish_have_a_box_and_one_kind_of_line_on_each_side() {
        // Rows 1, 4 and box 9 against columns: Franken.
        assert!(is_franken(&[2, 0, 1], &[0, 3, 0]));
        // Rows against columns: a plain fish.
        assert!(!is_franken(&[2, 0, 0], &[0, 2, 0]));
        // A row and a column among the bases: mutant.
        assert!(!is_franken(&[1, 1, 1], &[0, 2, 1]));
        // Columns and a box against rows and a box: Franken.
        assert!(is_franken(&[0, 2, 1], &[2, 0, 1]));
        // Mutant: a row and a column on one side; not plain, not Franken.
        assert!(is_mutant(&[1, 1, 1], &[0, 2, 1]) && is_mutant(&[0, 0, 2], &[1, 1, 0]));
        assert!(!is_mutant(&[2, 0, 0], &[0, 2, 0]) && !is_mutant(&[2, 0, 1], &[0, 3, 0]));
    }
}

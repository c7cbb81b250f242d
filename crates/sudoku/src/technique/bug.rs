//! The bivalue universal grave (BUG): BUG+1 and types 2 to 4 (`logic::{uniqueness, grave}`);
//! puzzles proven unique only.

use std::fmt;

use logic::{grave, uniqueness};

use super::board::{Board, Found};
use super::uses::Parts;
use super::words::{subset_word, CellList, Symbol};
use super::{Pattern, Rung};
use crate::digits::Digits;
use crate::grid::{Cell, Unit};

/// BUG+1 (bivalue universal grave): every open cell but `cell` has two candidates, and
/// without `digit` in `cell` every digit would have two places in each of its units,
/// which would give a second solution; used only for puzzles proven to have one:
/// `r5c5 = 4: BUG+1`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bug {
    /// The cell with three candidates.
    pub cell: Cell,
}

/// BUG type 2: every open cell has two candidates but `cells`, which have three, one of
/// them `digit` in all; without it the grid would be a bivalue universal grave (two
/// solutions), so one of `cells` holds it and the cells that see them all lose it:
/// `BUG type 2 (9 in r5c2, r6c9)`. Puzzles proven unique only.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BugExtra {
    /// The digit.
    pub digit: u8,
    /// The cells with three candidates.
    pub cells: Vec<Cell>,
}

/// BUG type 3: every open cell has two candidates but `cells`, all in `unit`, which have
/// more (`extra` those beyond a grave's two); one of them takes an extra digit, so they
/// act as one cell holding `extra`, which with `subset` forms a naked subset of `values`;
/// the rest of the unit loses them:
/// `BUG type 3 ({1, 7} in r5c2, r5c6) with naked pair {1, 7} in r5c8 and the BUG cells (row 5)`.
/// Puzzles proven unique only.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BugSubset {
    /// The cells with more than two candidates.
    pub cells: Vec<Cell>,
    /// Their extra digits.
    pub extra: Digits,
    /// The digits of the subset.
    pub values: Digits,
    /// The other cells of the subset.
    pub subset: Vec<Cell>,
    /// The unit.
    pub unit: Unit,
}

/// BUG type 4: every open cell has two candidates but `cells`, two in `unit`, which have
/// more; one of them takes an extra digit, and `digit`, one of the two that both keep,
/// has no other place in the unit: so the other takes `digit`, and neither keeps its
/// other digit: `BUG type 4 in r5c2, r5c6 with 3 only there (row 5)`. Puzzles proven unique
/// only.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BugLink {
    /// The two cells with more than two candidates.
    pub cells: [Cell; 2],
    /// The digit with no other place in the unit.
    pub digit: u8,
    /// The unit.
    pub unit: Unit,
}

impl Pattern for Bug {
    fn name(&self) -> &'static str {
        "BUG+1"
    }
    fn rating(&self) -> u32 {
        56
    }
    fn uses(&self, parts: &mut Parts) {
        parts.cells(&[self.cell]);
    }
}

impl fmt::Display for Bug {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Pattern for BugExtra {
    fn name(&self) -> &'static str {
        "BUG type 2"
    }
    fn rating(&self) -> u32 {
        57
    }
    fn uses(&self, parts: &mut Parts) {
        parts.candidates(&self.cells, Digits::single(self.digit));
    }
}

impl fmt::Display for BugExtra {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({} in {})", self.name(), Symbol(self.digit), CellList(&self.cells))
    }
}

impl Pattern for BugSubset {
    fn name(&self) -> &'static str {
        "BUG type 3"
    }
    fn rating(&self) -> u32 {
        56 + self.values.len() as u32
    }
    fn uses(&self, parts: &mut Parts) {
        parts.candidates(&self.cells, self.extra);
        parts.candidates(&self.subset, self.values);
        parts.units(&[self.unit]);
    }
}

impl fmt::Display for BugSubset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} ({} in {}) with naked {} {} in {} and the BUG cells ({})",
            self.name(),
            self.extra,
            CellList(&self.cells),
            subset_word(self.values.len()),
            self.values,
            CellList(&self.subset),
            self.unit
        )
    }
}

impl Pattern for BugLink {
    fn name(&self) -> &'static str {
        "BUG type 4"
    }
    fn rating(&self) -> u32 {
        57
    }
    fn uses(&self, parts: &mut Parts) {
        parts.candidates(&self.cells, Digits::single(self.digit));
        parts.units(&[self.unit]);
    }
}

impl fmt::Display for BugLink {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b] = self.cells;
        write!(f, "{} in {a}, {b} with {} only there ({})", self.name(), Symbol(self.digit), self.unit)
    }
}

/// BUG+1.
pub(super) struct PlusOne;
impl Rung for PlusOne {
    fn rating(&self) -> u32 {
        56
    }
    fn find(&self, b: &Board) -> Option<Found> {
        let (var, bit) = uniqueness::bug(&b.cands).filter(|_| b.unique)?;
        Some(Found::Place { var, bit, technique: Bug { cell: b.cell(var) }.into() })
    }
}

/// BUG type 2.
pub(super) struct Extra;
impl Rung for Extra {
    fn rating(&self) -> u32 {
        57
    }
    fn find(&self, b: &Board) -> Option<Found> {
        let g = uniqueness::bug_type_2(&b.cands).filter(|_| b.unique)?;
        Some(Found::digit_leaves(g.bit, &g.removals, BugExtra { digit: b.digit(g.bit), cells: b.cells(&g.vars) }))
    }
}

/// The first BUG of type `kind` (3 or 4) of the smallest rating.
fn bug_group(b: &Board, kind: u8) -> Option<Found> {
    if !b.unique {
        return None;
    }
    let found = grave::find(&b.cands).into_iter().filter(|g| g.kind == kind).map(|g| {
        let unit = b.unit(g.group);
        let technique = match g.vars[..] {
            [e, f] if kind == 4 => {
                BugLink { cells: [b.cell(e), b.cell(f)], digit: b.digit(g.values.trailing_zeros()), unit }.into()
            }
            _ => BugSubset {
                cells: b.cells(&g.vars),
                extra: b.digits(g.extra),
                values: b.digits(g.values),
                subset: b.cells(&g.subset),
                unit,
            }
            .into(),
        };
        Found::Eliminate { removals: g.removals, technique }
    });
    found.min_by_key(|f| f.technique().rating())
}

/// BUG type 4.
pub(super) struct Link;
impl Rung for Link {
    fn rating(&self) -> u32 {
        57
    }
    fn find(&self, b: &Board) -> Option<Found> {
        bug_group(b, 4)
    }
}

/// BUG type 3.
pub(super) struct Subset;
impl Rung for Subset {
    fn rating(&self) -> u32 {
        58
    }
    fn find(&self, b: &Board) -> Option<Found> {
        bug_group(b, 3)
    }
}

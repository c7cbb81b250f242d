//! The words of killer reasoning: the steps that use cage sums, as a killer solver says them.
//!
//! The reasoning itself is the engine's ([`logic::sums`]: combinations of distinct
//! digits, the values each cell takes in one of them, innies and outies of a union of
//! units); the ladder ([`crate::technique`]) finds the steps and this module names and rates
//! them.
//!
//! ```text
//! r1c1, r1c2 != 1, 2, 3, 4, 5, 6, 7: cage combination: cage 3 (17 in 2 cells) is {8, 9}
//! r5c5 = 4: innies of box 5 (r5c5) add up to 4
//! r2c1, r2c2 != 9: outies of rows 1-2 (r3c1, r3c4) add up to 10
//! r1c4, r1c5 != 7: cage pointing 7 in r1c1, r1c2 (cage 3, row 1)
//! r4c2 != 1, 2: innies and outies of box 1: r3c1 + r3c2 - r4c2 = 8
//! r2c7, r3c7 != 6: cage interaction in box 3 (cages 5, 6, 8, 11)
//! r4c2 != 6: cage blocking: if r4c2 = 6 then cage 13 (28 in 5 cells) has no combination left
//! r2c2 != 5: sum chain of 4: if r2c2 = 5 then r2c3 = 9 (cage 4), r1c3 = 2, so cage 2 (9 in 2 cells) has no combination left
//! r6c5 != 9: sum chain of 6: if r6c5 = 9 then r8c5 = 3 (rule of 45 on columns 1-4), ..., so no place left for 2 in box 8
//! ```
//!
//! | step | rating |
//! |---|---|
//! | cage combination | 2.0 |
//! | innies or outies of one unit | 2.2, 2.3 |
//! | innies or outies of a union of units | 2.2 or 2.3, plus 0.2 per unit after the first |
//! | cage pointing (a digit every combination holds, confined to one unit) | 2.7 |
//! | innies and outies (cage splitting) of one unit | 2.5, plus 0.2 per unit after the first |
//! | cage interaction (the cages crossing a unit cannot fill it at once otherwise) | 3.2 |
//! | cage blocking (a digit leaving a cell's units leaves a cage without a combination) | 4.5 |
//! | sum chain | 8.0 plus SE's length increments, as a forcing net ([`SUM_CHAIN_BASE`]) |
//!
//! Innies and outies are looked for over one unit, then two consecutive rows or columns (below
//! locked candidates), then three and four (after cage pointing), for at most 6 cells; cage
//! splitting over the same areas after each, for at most 5 cells; cage interactions after
//! those (boxes, then rows, then columns); cage blocking among the classic steps by its
//! rating, after unique rectangles.
//!
//! **Calibration.** Sudoku Explainer, the classic scale, rates no sum step; the ratings place
//! each one beside the classic step a person finds as easily. A cage combination is read off
//! the cage like a naked single off a cell, and rates just above the singles (1.0 to 1.5)
//! and below pointing (2.6); innies and outies need adding a unit's cages, a little more;
//! cage splitting (a cage taken whole, another left out) and cage pointing, which combine two
//! facts, sit with the locked candidates (2.6 to 2.8). A cage interaction checks every cage
//! crossing a unit against the others at once, a Hall-set argument over the cages' digit
//! sets, and rates with the subsets (3.2, between a naked pair and a hidden pair); cage
//! blocking follows one digit out of a cell into a cage's combinations, as an XYZ-wing or a
//! unique rectangle follows a few cells (4.5). A sum chain follows an assumption
//! through singles and cage combinations as they change, as a forcing net (SE's dynamic
//! forcing chain) follows singles, so it takes the net's base and length increments; it is
//! tried after forcing nets and before dynamic chains.

use std::fmt;

use crate::dead_end::DeadEnd;
use crate::digits::Digits;
use crate::grid::{Cell, Unit};

/// The base rating of a sum chain, in tenths: a forcing net's (see the [module](self) docs).
pub const SUM_CHAIN_BASE: u32 = 80;

/// A killer step: reasoning with cage sums.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SumTechnique {
    /// The digit sets that make a cage's sum and fit its cells' candidates; digits in none
    /// of them (and, cell by cell, digits no set can give that cell) go:
    /// `cage combination: cage 3 (17 in 2 cells) is {8, 9}`.
    Combination {
        /// The cage.
        cage: Unit,
        /// Its sum.
        sum: u32,
        /// Its number of cells.
        size: usize,
        /// The digit sets left.
        combinations: Vec<Digits>,
    },
    /// The rule of 45: a union of rows, columns or boxes holds each digit once per unit, so
    /// its cells outside the cages lying wholly inside it (the innies) add up to the rest;
    /// the cells outside it of the cages crossing its border (the outies) add up to those
    /// cages' sums minus that: `innies of box 5 (r5c5) add up to 4`.
    Innies {
        /// The units of the union.
        area: Vec<Unit>,
        /// The innies or the outies.
        cells: Vec<Cell>,
        /// Their total.
        sum: u32,
        /// Outies rather than innies.
        outies: bool,
    },
    /// Every combination left of a cage holds `digit`, whose places in the cage all lie in
    /// `line`: the rest of `line` loses it: `cage pointing 7 in r1c1, r1c2 (cage 3, row 1)`.
    Pointing {
        /// The digit.
        digit: u8,
        /// Its places in the cage.
        cells: Vec<Cell>,
        /// The cage.
        cage: Unit,
        /// The unit it leaves outside the cage.
        line: Unit,
    },
    /// The rule of 45 with cage splitting: a union of units holds each digit once per unit;
    /// take away the cages inside it and, whole, the cages mostly inside it: the cells left
    /// inside (`plus`) add up to `total` more than the cells of those cages outside it
    /// (`minus`): `innies and outies of box 1: r3c1 + r3c2 - r4c2 = 8`. Placed cells are
    /// counted in the total.
    Split {
        /// The units of the union.
        area: Vec<Unit>,
        /// The cells counted positively.
        plus: Vec<Cell>,
        /// The cells counted negatively.
        minus: Vec<Cell>,
        /// The right-hand side (at least 0: the sides are swapped otherwise).
        total: u32,
    },
    /// The cages with a cell in a unit, taken together: each can only take a share of the
    /// unit that one of its combinations holds and that leaves the others room to fill the
    /// rest of it; the digits no such share gives a cell go: `cage interaction in box 3
    /// (cages 5, 6, 8, 11)`.
    Interaction {
        /// The row, column or box.
        unit: Unit,
        /// The cages with an open cell in it.
        cages: Vec<Unit>,
    },
    /// A digit that, leaving the units of a cell, would leave a cage without a combination
    /// that fits its cells: the cell loses it: `cage blocking: if r5c2 = 9 then cage 9 (31
    /// in 5 cells) has no combination left`.
    Blocking {
        /// The cell.
        cell: Cell,
        /// The digit.
        digit: u8,
        /// The cage blocked.
        cage: Unit,
        /// Its sum.
        sum: u32,
        /// Its number of cells.
        size: usize,
    },
    /// A sum chain: assuming `cell = digit`, singles, the combinations of the cages it
    /// touches and the rule of 45 place `links` and remove candidates (`deductions` times),
    /// and end in a dead end: `sum chain of 4: if r2c2 = 5 then r2c3 = 9 (cage 4), r1c3 = 2, so cage 2 (9 in 2
    /// cells) has no combination left`.
    Chain {
        /// The assumption's cell.
        cell: Cell,
        /// The assumption's digit.
        digit: u8,
        /// The placements that follow, in order, each with the cage or the area of the rule
        /// of 45 that leaves it (`None`: a single).
        links: Vec<(Cell, u8, Option<SumReason>)>,
        /// Cage combinations and rules of 45 that removed candidates on the way.
        deductions: u32,
        /// The dead end.
        end: SumChainEnd,
        /// The rating, in tenths ([`SUM_CHAIN_BASE`] and the length increments of chains).
        rating: u32,
    },
}

/// Why a placement of a sum chain follows, besides singles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SumReason {
    /// The cage's combinations leave the cell one digit: `(cage 4)`.
    Cage(Unit),
    /// The rule of 45 over the units (innies and outies, cages split) leaves the cell one
    /// digit: `(rule of 45 on rows 1-2)`.
    Area(Vec<Unit>),
}

impl fmt::Display for SumReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SumReason::Cage(cage) => write!(f, "{cage}"),
            SumReason::Area(area) => write!(f, "rule of 45 on {}", Area(area)),
        }
    }
}

/// Where a sum chain ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SumChainEnd {
    /// A cell without candidates, a digit without a place.
    DeadEnd(DeadEnd),
    /// The innies and outies of an area cannot add up to what the rule of 45 says.
    Area(Vec<Unit>),
    /// A cage without a combination of its sum that fits its cells.
    Cage {
        /// The cage.
        cage: Unit,
        /// Its sum.
        sum: u32,
        /// Its number of cells.
        size: usize,
    },
}

impl fmt::Display for SumChainEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SumChainEnd::DeadEnd(d) => write!(f, "{d}"),
            SumChainEnd::Cage { cage, sum, size } => {
                let cells = if *size == 1 { "cell" } else { "cells" };
                write!(f, "{cage} ({sum} in {size} {cells}) has no combination left")
            }
            SumChainEnd::Area(area) => write!(f, "the rule of 45 on {} cannot hold", Area(area)),
        }
    }
}

/// The rating of innies of a single unit, in tenths.
const INNIES: u32 = 22;
/// The rating of cage splitting over a single unit, in tenths.
const SPLIT: u32 = 25;
/// The rating of a cage interaction, in tenths.
const INTERACTION: u32 = 32;
/// The rating of a cage blocking, in tenths.
pub(crate) const BLOCKING: u32 = 45;

impl SumTechnique {
    /// The name: `cage combination`, `innies`, `outies`, `cage pointing`, `innies and
    /// outies`, `sum chain`.
    pub fn name(&self) -> &'static str {
        match self {
            SumTechnique::Combination { .. } => "cage combination",
            SumTechnique::Innies { outies: false, .. } => "innies",
            SumTechnique::Innies { outies: true, .. } => "outies",
            SumTechnique::Pointing { .. } => "cage pointing",
            SumTechnique::Split { .. } => "innies and outies",
            SumTechnique::Interaction { .. } => "cage interaction",
            SumTechnique::Blocking { .. } => "cage blocking",
            SumTechnique::Chain { .. } => "sum chain",
        }
    }

    /// The rating, in tenths (see the [module](self) docs).
    pub fn rating(&self) -> u32 {
        match self {
            SumTechnique::Combination { .. } => 20,
            SumTechnique::Innies { area, outies, .. } => {
                INNIES + u32::from(*outies) + 2 * (area.len().max(1) as u32 - 1)
            }
            SumTechnique::Pointing { .. } => 27,
            SumTechnique::Split { area, .. } => SPLIT + 2 * (area.len().max(1) as u32 - 1),
            SumTechnique::Interaction { .. } => INTERACTION,
            SumTechnique::Blocking { .. } => BLOCKING,
            SumTechnique::Chain { rating, .. } => *rating,
        }
    }
}

/// Cells separated by commas.
fn cells(f: &mut fmt::Formatter<'_>, cells: &[Cell]) -> fmt::Result {
    for (i, c) in cells.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{c}")?;
    }
    Ok(())
}

/// `row 3`, `rows 1-3`, `columns 4-5`, `boxes 1, 2`.
struct Area<'a>(&'a [Unit]);

impl fmt::Display for Area<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            [one] => write!(f, "{one}"),
            many => {
                let kind = match many.first() {
                    Some(Unit::Row(_)) => "rows",
                    Some(Unit::Column(_)) => "columns",
                    _ => "boxes",
                };
                let idx: Vec<usize> = many.iter().map(|u| u.index() + 1).collect();
                if idx.windows(2).all(|w| w[1] == w[0] + 1) {
                    write!(f, "{kind} {}-{}", idx[0], idx[idx.len() - 1])
                } else {
                    let list: Vec<String> = idx.iter().map(|i| i.to_string()).collect();
                    write!(f, "{kind} {}", list.join(", "))
                }
            }
        }
    }
}

impl fmt::Display for SumTechnique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = self.name();
        match self {
            SumTechnique::Combination { cage, sum, size, combinations } => {
                let cells = if *size == 1 { "cell" } else { "cells" };
                write!(f, "{name}: {cage} ({sum} in {size} {cells}) is ")?;
                match combinations.as_slice() {
                    [one] => write!(f, "{one}"),
                    many => {
                        f.write_str("one of ")?;
                        for (i, d) in many.iter().enumerate() {
                            if i > 0 {
                                f.write_str(", ")?;
                            }
                            write!(f, "{d}")?;
                        }
                        Ok(())
                    }
                }
            }
            SumTechnique::Innies { area, cells: c, sum, .. } => {
                write!(f, "{name} of {} (", Area(area))?;
                cells(f, c)?;
                write!(f, ") add up to {sum}")
            }
            SumTechnique::Pointing { digit, cells: c, cage, line } => {
                write!(f, "{name} {digit} in ")?;
                cells(f, c)?;
                write!(f, " ({cage}, {line})")
            }
            SumTechnique::Split { area, plus, minus, total } => {
                write!(f, "{name} of {}: ", Area(area))?;
                for (i, c) in plus.iter().enumerate() {
                    write!(f, "{}{c}", if i > 0 { " + " } else { "" })?;
                }
                for c in minus {
                    write!(f, " - {c}")?;
                }
                write!(f, " = {total}")
            }
            SumTechnique::Interaction { unit, cages } => {
                write!(f, "{name} in {unit} (cages ")?;
                for (i, k) in cages.iter().enumerate() {
                    write!(f, "{}{}", if i > 0 { ", " } else { "" }, k.index() + 1)?;
                }
                f.write_str(")")
            }
            SumTechnique::Blocking { cell, digit, cage, sum, size } => {
                let end = SumChainEnd::Cage { cage: *cage, sum: *sum, size: *size };
                write!(f, "{name}: if {cell} = {digit} then {end}")
            }
            SumTechnique::Chain { cell, digit, links, deductions, end, .. } => {
                let length = links.len() as u32 + deductions + 1;
                write!(f, "{name} of {length}: if {cell} = {digit} then ")?;
                for (c, d, why) in links {
                    match why {
                        Some(why) => write!(f, "{c} = {d} ({why}), ")?,
                        None => write!(f, "{c} = {d}, ")?,
                    }
                }
                if !links.is_empty() {
                    f.write_str("so ")?;
                }
                write!(f, "{end}")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sum_steps_read_as_a_killer_solver_says_them() {
        let combination = SumTechnique::Combination {
            cage: Unit::Cage(2),
            sum: 17,
            size: 2,
            combinations: vec![[8, 9].into_iter().collect()],
        };
        assert_eq!(combination.to_string(), "cage combination: cage 3 (17 in 2 cells) is {8, 9}");
        let innies = SumTechnique::Innies {
            area: vec![Unit::Row(0), Unit::Row(1)],
            cells: vec![Cell::new(2, 0), Cell::new(2, 3)],
            sum: 10,
            outies: true,
        };
        assert_eq!(innies.to_string(), "outies of rows 1-2 (r3c1, r3c4) add up to 10");
        assert_eq!(innies.rating(), 25);
        let pointing =
            SumTechnique::Pointing { digit: 7, cells: vec![Cell::new(0, 0)], cage: Unit::Cage(2), line: Unit::Row(0) };
        assert_eq!(pointing.to_string(), "cage pointing 7 in r1c1 (cage 3, row 1)");
        let split = SumTechnique::Split {
            area: vec![Unit::Box(0)],
            plus: vec![Cell::new(2, 0), Cell::new(2, 1)],
            minus: vec![Cell::new(3, 1)],
            total: 8,
        };
        assert_eq!(split.to_string(), "innies and outies of box 1: r3c1 + r3c2 - r4c2 = 8");
        assert_eq!(split.rating(), 25);
        let chain = SumTechnique::Chain {
            cell: Cell::new(1, 1),
            digit: 5,
            links: vec![
                (Cell::new(1, 2), 9, Some(SumReason::Cage(Unit::Cage(3)))),
                (Cell::new(0, 2), 2, None),
                (Cell::new(0, 3), 1, Some(SumReason::Area(vec![Unit::Row(0), Unit::Row(1)]))),
            ],
            deductions: 1,
            end: SumChainEnd::Cage { cage: Unit::Cage(1), sum: 9, size: 2 },
            rating: 81,
        };
        assert_eq!(
            chain.to_string(),
            "sum chain of 5: if r2c2 = 5 then r2c3 = 9 (cage 4), r1c3 = 2, r1c4 = 1 (rule of 45 on rows 1-2), \
             so cage 2 (9 in 2 cells) has no combination left"
        );
        let interaction = SumTechnique::Interaction { unit: Unit::Box(2), cages: vec![Unit::Cage(4), Unit::Cage(5)] };
        assert_eq!(
            (interaction.to_string(), interaction.rating()),
            ("cage interaction in box 3 (cages 5, 6)".into(), 32)
        );
        let blocking =
            SumTechnique::Blocking { cell: Cell::new(4, 1), digit: 9, cage: Unit::Cage(8), sum: 31, size: 5 };
        assert_eq!(
            (blocking.to_string(), blocking.rating()),
            ("cage blocking: if r5c2 = 9 then cage 9 (31 in 5 cells) has no combination left".into(), 45)
        );
        let end = SumChainEnd::Area(vec![Unit::Box(4)]);
        assert_eq!(end.to_string(), "the rule of 45 on box 5 cannot hold");
        assert_eq!((chain.name(), chain.rating()), ("sum chain", 81));
    }
}

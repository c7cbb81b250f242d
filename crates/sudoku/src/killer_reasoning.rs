//! The words of killer reasoning: the steps that use cage sums, as a killer solver says them.
//!
//! The reasoning itself is the engine's ([`csp::reasoning::sums`]: combinations of distinct
//! digits, the values each cell takes in one of them, innies and outies of a union of
//! units); the ladder ([`crate::technique`]) finds the steps and this module names and rates
//! them.
//!
//! ```text
//! r1c1, r1c2 != 1, 2, 3, 4, 5, 6, 7: cage combination: cage 3 (17 in 2 cells) is {8, 9}
//! r5c5 = 4: innies of box 5 (r5c5) add up to 4
//! r2c1, r2c2 != 9: outies of rows 1-2 (r3c1, r3c4) add up to 10
//! r1c4, r1c5 != 7: cage pointing 7 in r1c1, r1c2 (cage 3, row 1)
//! ```
//!
//! | step | rating |
//! |---|---|
//! | cage combination | 2.0 |
//! | innies or outies of one unit | 2.2, 2.3 |
//! | innies or outies of a union of units | 2.2 or 2.3, plus 0.2 per unit after the first |
//! | cage pointing (a digit every combination holds, confined to one unit) | 2.7 |
//!
//! Innies and outies are looked for over one unit, then two consecutive rows or columns (below
//! locked candidates), then three and four (after cage pointing), for at most 6 cells.

use std::fmt;

use crate::digits::Digits;
use crate::grid::{Cell, Unit};

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
}

/// The rating of innies of a single unit, in tenths.
const INNIES: u32 = 22;

impl SumTechnique {
    /// The name: `cage combination`, `innies`, `outies`, `cage pointing`.
    pub fn name(&self) -> &'static str {
        match self {
            SumTechnique::Combination { .. } => "cage combination",
            SumTechnique::Innies { outies: false, .. } => "innies",
            SumTechnique::Innies { outies: true, .. } => "outies",
            SumTechnique::Pointing { .. } => "cage pointing",
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
    }
}

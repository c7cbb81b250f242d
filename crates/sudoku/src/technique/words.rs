//! The words steps are written with: digits by their symbols, lists of cells, digits and
//! units (`r3c1, r3c4`, `3, 7`, `rows 1, 4`).

use std::fmt;

use crate::digits::Digits;
use crate::grid::{digit_symbol, Cell, Unit};

/// Digits separated by commas, without braces: `3, 7`.
pub(crate) struct DigitList(pub(crate) Digits);

impl fmt::Display for DigitList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{}", Symbol(d))?;
        }
        Ok(())
    }
}

/// A digit printed with its symbol (`7`, `A` for 10).
pub(crate) struct Symbol(pub(crate) u8);

impl fmt::Display for Symbol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match digit_symbol(self.0) {
            Some(c) => write!(f, "{c}"),
            None => write!(f, "{}", self.0),
        }
    }
}

/// Cells separated by commas: `r3c1, r3c4`.
pub(crate) struct CellList<'a>(pub(crate) &'a [Cell]);

impl fmt::Display for CellList<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

/// `pair`, `triple`, `quad` by size (`subset` beyond).
pub(crate) fn subset_word(size: usize) -> &'static str {
    match size {
        2 => "pair",
        3 => "triple",
        4 => "quad",
        _ => "subset",
    }
}

/// Units of one kind, plural: `rows 1, 4`, `columns 2, 5, 8`.
pub(crate) struct UnitList<'a>(pub(crate) &'a [Unit]);

impl fmt::Display for UnitList<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.0.first() {
            Some(Unit::Row(_)) => "rows",
            Some(Unit::Column(_)) => "columns",
            _ => "boxes",
        };
        write!(f, "{kind} ")?;
        for (i, u) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{}", u.index() + 1)?;
        }
        Ok(())
    }
}

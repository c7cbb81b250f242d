//! Input errors: [`ParseError`] for text that is not a puzzle, [`Clash`] for givens that break
//! a rule before any search.

use std::fmt;

use crate::grid::{digit_symbol, Cell, Shape, Unit};

/// Two cells of one unit hold the same digit.
///
/// Found by [`Grid::validate`](crate::Grid::validate) and reported by the parsers as
/// [`ParseError::Clash`]. `first` comes before `second` in reading order.
///
/// `Display`: `row 3 has 5 twice: r3c2 and r3c7`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Clash {
    /// The row, column or box that holds the digit twice.
    pub unit: Unit,
    /// The digit, from 1.
    pub digit: u8,
    /// The earlier cell, in reading order.
    pub first: Cell,
    /// The later cell.
    pub second: Cell,
}

impl fmt::Display for Clash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let symbol = digit_symbol(self.digit).unwrap_or('?');
        write!(f, "{} has {symbol} twice: {} and {}", self.unit, self.first, self.second)
    }
}

impl std::error::Error for Clash {}

/// Why a text is not a valid puzzle.
///
/// Positions are 1-based: `line` counts every line of the text (blank and comment lines too),
/// `column` counts characters (not bytes) within the line. Messages are lowercase without a
/// final period, as `line 3, column 7: unexpected character 'x'`.
///
/// # Example
///
/// ```
/// use sudoku::{Grid, ParseError};
///
/// let err = Grid::parse("12.4\n34x2\n....\n....").unwrap_err();
/// assert_eq!(err, ParseError::InvalidChar { line: 2, column: 3, ch: 'x' });
/// assert_eq!(err.to_string(), "line 2, column 3: unexpected character 'x'");
/// assert_eq!((err.line(), err.column()), (Some(2), Some(3)));
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum ParseError {
    /// A character that is neither a symbol (`1-9`, `A-P`), an empty cell (`.`, `0`, `_`, `*`,
    /// `-`) nor, in the grid form, a separator (space, tab, `|`, `+`, a `-` line) or comment
    /// (`#`).
    InvalidChar {
        /// The line, from 1.
        line: usize,
        /// The column in characters, from 1.
        column: usize,
        /// The character.
        ch: char,
    },
    /// The number of cells is not that of a supported grid (16, 36, 81, 144, 256 or 625).
    WrongCellCount {
        /// The number of cells found.
        found: usize,
    },
    /// A symbol is valid but too large for the grid's size, as `G` in a 9x9 grid.
    SymbolOutOfRange {
        /// The line, from 1.
        line: usize,
        /// The column in characters, from 1.
        column: usize,
        /// The symbol.
        ch: char,
        /// The shape inferred from the number of cells.
        shape: Shape,
    },
    /// Two givens of one unit hold the same digit.
    Clash(Clash),
}

impl ParseError {
    /// The line of the error, for errors that have a position.
    pub fn line(&self) -> Option<usize> {
        match *self {
            ParseError::InvalidChar { line, .. } | ParseError::SymbolOutOfRange { line, .. } => Some(line),
            _ => None,
        }
    }

    /// The column of the error, for errors that have a position.
    pub fn column(&self) -> Option<usize> {
        match *self {
            ParseError::InvalidChar { column, .. } | ParseError::SymbolOutOfRange { column, .. } => Some(column),
            _ => None,
        }
    }

    /// The same error with its line number replaced by `line`, for a caller that parsed one
    /// line of a larger file (as a batch reader does with [`Grid::from_line`]). Errors without
    /// a position are returned unchanged.
    ///
    /// [`Grid::from_line`]: crate::Grid::from_line
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku::Grid;
    ///
    /// let err = Grid::from_line("12x4").unwrap_err().at_line(17);
    /// assert_eq!(err.to_string(), "line 17, column 3: unexpected character 'x'");
    /// ```
    #[must_use]
    pub fn at_line(mut self, new_line: usize) -> ParseError {
        match &mut self {
            ParseError::InvalidChar { line, .. } | ParseError::SymbolOutOfRange { line, .. } => *line = new_line,
            _ => {}
        }
        self
    }
}

/// The valid cell counts, nearest to `found` first: `81 (9x9) or one of 16 (4x4), ...`.
fn expected_counts(found: usize, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let mut shapes = Shape::ALL;
    shapes.sort_by_key(|s| (s.num_cells().abs_diff(found), s.num_cells()));
    let [nearest, rest @ ..] = shapes;
    write!(f, "{} ({nearest}) or one of ", nearest.num_cells())?;
    let mut rest = rest;
    rest.sort_by_key(|s| s.num_cells());
    for (i, s) in rest.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{} ({s})", s.num_cells())?;
    }
    Ok(())
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::InvalidChar { line, column, ch } => {
                write!(f, "line {line}, column {column}: unexpected character '{}'", ch.escape_debug())
            }
            ParseError::WrongCellCount { found } => {
                let noun = if *found == 1 { "cell" } else { "cells" };
                write!(f, "found {found} {noun}, expected ")?;
                expected_counts(*found, f)
            }
            ParseError::SymbolOutOfRange { line, column, ch, shape } => write!(
                f,
                "line {line}, column {column}: symbol '{ch}' is out of range for a {shape} grid ({})",
                shape.symbol_range()
            ),
            ParseError::Clash(clash) => clash.fmt(f),
        }
    }
}

impl std::error::Error for ParseError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ParseError::Clash(c) => Some(c),
            _ => None,
        }
    }
}

impl From<Clash> for ParseError {
    fn from(clash: Clash) -> ParseError {
        ParseError::Clash(clash)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrong_count_lists_the_nearest_size_first() {
        let msg = ParseError::WrongCellCount { found: 80 }.to_string();
        assert_eq!(
            msg,
            "found 80 cells, expected 81 (9x9) or one of 16 (4x4), 36 (6x6), 144 (12x12), 256 (16x16), 625 (25x25)"
        );
        let msg = ParseError::WrongCellCount { found: 1 }.to_string();
        assert!(msg.starts_with("found 1 cell, expected 16 (4x4) or one of 36 (6x6), 81 (9x9)"), "{msg}");
        let msg = ParseError::WrongCellCount { found: 10_000 }.to_string();
        assert!(msg.starts_with("found 10000 cells, expected 625 (25x25) or one of 16 (4x4)"), "{msg}");
    }

    #[test]
    fn control_characters_are_escaped_in_messages() {
        let msg = ParseError::InvalidChar { line: 1, column: 4, ch: '\0' }.to_string();
        assert_eq!(msg, "line 1, column 4: unexpected character '\\0'");
    }

    #[test]
    fn out_of_range_names_the_valid_symbols() {
        let e = ParseError::SymbolOutOfRange { line: 1, column: 12, ch: 'G', shape: Shape::SIZE_9 };
        assert_eq!(e.to_string(), "line 1, column 12: symbol 'G' is out of range for a 9x9 grid (1-9)");
        let e = ParseError::SymbolOutOfRange { line: 2, column: 1, ch: 'H', shape: Shape::SIZE_16 };
        assert_eq!(e.to_string(), "line 2, column 1: symbol 'H' is out of range for a 16x16 grid (1-9, A-G)");
    }

    #[test]
    fn at_line_keeps_errors_without_position() {
        let e = ParseError::WrongCellCount { found: 3 };
        assert_eq!(e.clone().at_line(9), e);
        assert_eq!(e.line(), None);
    }
}

//! Input errors: [`ParseError`] for text that is not a puzzle, [`Clash`] for givens that break
//! a rule before any search.

use std::fmt;

use crate::grid::{digit_symbol, Cell, Clash, Shape, Unit};

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

/// A set of cells whose digits must all differ, in any variant: a row, column or box, a
/// diagonal of an X-sudoku, a jigsaw region or a killer cage.
///
/// `Display`: `row 3`, `the main diagonal`, `region 'c'`, `cage 'a'`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum Area {
    /// A row, column or box.
    Unit(Unit),
    /// The main diagonal, from the top-left cell to the bottom-right one.
    MainDiagonal,
    /// The anti-diagonal, from the top-right cell to the bottom-left one.
    AntiDiagonal,
    /// The jigsaw region with this label.
    Region(char),
    /// The killer cage with this label.
    Cage(char),
}

impl fmt::Display for Area {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Area::Unit(u) => u.fmt(f),
            Area::MainDiagonal => f.write_str("the main diagonal"),
            Area::AntiDiagonal => f.write_str("the anti-diagonal"),
            Area::Region(label) => write!(f, "region '{label}'"),
            Area::Cage(label) => write!(f, "cage '{label}'"),
        }
    }
}

/// Two givens of one [`Area`] hold the same digit: the [`Clash`] of the variants.
///
/// `Display`: `the main diagonal has 5 twice: r1c1 and r4c4`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct AreaClash {
    /// The area that holds the digit twice.
    pub area: Area,
    /// The digit, from 1.
    pub digit: u8,
    /// The earlier cell, in reading order.
    pub first: Cell,
    /// The later cell.
    pub second: Cell,
}

impl fmt::Display for AreaClash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let symbol = digit_symbol(self.digit).unwrap_or('?');
        write!(f, "{} has {symbol} twice: {} and {}", self.area, self.first, self.second)
    }
}

impl std::error::Error for AreaClash {}

impl From<Clash> for AreaClash {
    fn from(c: Clash) -> AreaClash {
        AreaClash { area: Area::Unit(c.unit), digit: c.digit, first: c.first, second: c.second }
    }
}

/// Which label map an error is about: the regions of a jigsaw or the cages of a killer.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MapKind {
    /// The region map of a jigsaw sudoku.
    Regions,
    /// The cage map of a killer sudoku.
    Cages,
}

impl MapKind {
    /// `region` or `cage`.
    pub fn noun(self) -> &'static str {
        match self {
            MapKind::Regions => "region",
            MapKind::Cages => "cage",
        }
    }
}

impl fmt::Display for MapKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} map", self.noun())
    }
}

/// Why a text is not a valid puzzle of a variant ([`Puzzle::parse`](crate::Puzzle::parse)),
/// or why a region map or cage list is not valid.
///
/// Lines and columns are 1-based and count every line of the text (blank and comment lines
/// too); columns count characters. Messages are lowercase without a final period, as
/// `region 'c' has 8 cells, expected 9` or `line 3, column 5: unexpected character '%' in the
/// cage map`.
///
/// # Example
///
/// ```
/// use sudoku::{Puzzle, Variant, VariantError};
///
/// let err = Puzzle::parse(Variant::Killer, "aabb\naabb\nccdd\nccde\na 10\nb 10\nc 10\nd 10\ne 1").unwrap_err();
/// assert_eq!(err.to_string(), "line 8: cage 'd' has 3 cells: its sum must be between 6 and 9, found 10");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum VariantError {
    /// The puzzle grid is not valid: a character, cell count or symbol error of
    /// [`Grid::parse`](crate::Grid::parse), with positions in the whole text. (Clashing
    /// givens are reported as [`VariantError::Clash`].)
    Grid(ParseError),
    /// The puzzle grid does not have the size of the map.
    GridSize {
        /// The number of cells of the grid found.
        found: usize,
        /// The shape of the map.
        expected: Shape,
    },
    /// The text holds no map (only blank lines and comments).
    MissingMap {
        /// The missing map.
        map: MapKind,
    },
    /// A character in a map that is not a label: labels are ASCII letters and digits.
    InvalidLabel {
        /// The map.
        map: MapKind,
        /// The line, from 1.
        line: usize,
        /// The column in characters, from 1.
        column: usize,
        /// The character.
        ch: char,
    },
    /// The first line of a map does not have the side of a supported grid (4, 6, 9, 12, 16
    /// or 25 labels).
    UnsupportedSide {
        /// The map.
        map: MapKind,
        /// The line, from 1.
        line: usize,
        /// The number of labels on it.
        found: usize,
    },
    /// A line of a map has another number of labels than the first.
    WrongRowLength {
        /// The map.
        map: MapKind,
        /// The line, from 1.
        line: usize,
        /// The number of labels on it.
        found: usize,
        /// The side of the map (the number of labels on its first line).
        expected: usize,
    },
    /// The text ends before the map has as many lines as labels per line.
    MissingMapLines {
        /// The map.
        map: MapKind,
        /// The number of map lines found.
        found: usize,
        /// The side of the map.
        expected: usize,
    },
    /// Text follows a map that should stand alone ([`Regions::parse`](crate::Regions::parse),
    /// [`Cages::parse`](crate::Cages::parse)).
    UnexpectedLine {
        /// The line, from 1.
        line: usize,
    },
    /// A jigsaw region does not have as many cells as the side of the grid.
    RegionSize {
        /// The region's label.
        label: char,
        /// Its first cell, in reading order.
        first: Cell,
        /// Its number of cells.
        found: usize,
        /// The side of the grid.
        expected: usize,
    },
    /// A region or cage is not connected (cells are connected through shared edges): two of
    /// its cells are in separate parts, which usually means a label was used twice.
    NotConnected {
        /// The map.
        map: MapKind,
        /// The label.
        label: char,
        /// The first cell of the label, in reading order.
        first: Cell,
        /// A cell of the label that cannot be reached from `first`.
        apart: Cell,
    },
    /// A `.` in a cage map: the cages must cover the grid, so every cell needs a cage label.
    Uncaged {
        /// The line, from 1.
        line: usize,
        /// The column in characters, from 1.
        column: usize,
        /// The cell without a cage.
        cell: Cell,
    },
    /// A cage has more cells than there are digits, so its digits cannot all differ.
    CageTooLarge {
        /// The cage's label.
        label: char,
        /// Its first cell, in reading order.
        first: Cell,
        /// Its number of cells.
        cells: usize,
        /// The number of digits (the side of the grid).
        max: usize,
    },
    /// A cage of the map has no sum line.
    MissingSum {
        /// The cage's label.
        label: char,
        /// Its first cell, in reading order.
        first: Cell,
    },
    /// A sum line names a label that is not in the cage map.
    UnknownCage {
        /// The line, from 1.
        line: usize,
        /// The label.
        label: char,
    },
    /// A cage has two sum lines.
    DuplicateSum {
        /// The line of the second sum, from 1.
        line: usize,
        /// The cage's label.
        label: char,
        /// The line of the first sum.
        first_line: usize,
    },
    /// A sum line whose sum is missing or not a number.
    InvalidSum {
        /// The line, from 1.
        line: usize,
        /// The column of the sum (or just after the label, when it is missing), from 1.
        column: usize,
        /// The text found instead of a sum (empty when it is missing).
        text: String,
    },
    /// A cage sum that distinct digits cannot make in a cage of this size.
    ImpossibleSum {
        /// The line of the sum, from 1.
        line: usize,
        /// The cage's label.
        label: char,
        /// Its number of cells.
        cells: usize,
        /// The smallest possible sum, `1 + 2 + ... + cells`.
        min: u32,
        /// The largest possible sum, of the `cells` largest digits.
        max: u32,
        /// The sum given.
        found: u32,
    },
    /// The cage sums do not add up to the sum of all digits
    /// of a solved grid (`45 * 9 = 405` for 9x9).
    WrongTotal {
        /// The total of the cage sums.
        found: u64,
        /// The total of a solved grid.
        expected: u64,
    },
    /// Two givens of one row, column, box, diagonal, region or cage hold the same digit.
    Clash(AreaClash),
}

impl fmt::Display for VariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VariantError::Grid(e) => e.fmt(f),
            VariantError::GridSize { found, expected } => write!(
                f,
                "the puzzle grid has {found} cells, expected {} (the map is {expected})",
                expected.num_cells()
            ),
            VariantError::MissingMap { map } => {
                write!(f, "no {map}: expected lines of {} labels first", map.noun())
            }
            VariantError::InvalidLabel { map, line, column, ch } => write!(
                f,
                "line {line}, column {column}: unexpected character '{}' in the {map}",
                ch.escape_debug()
            ),
            VariantError::UnsupportedSide { map, line, found } => write!(
                f,
                "line {line}: the {map} starts with {found} labels, but a grid has 4, 6, 9, 12, 16 or 25 columns"
            ),
            VariantError::WrongRowLength { map, line, found, expected } => {
                write!(f, "line {line}: found {found} labels, expected {expected} (the {map} is {expected}x{expected})")
            }
            VariantError::MissingMapLines { map, found, expected } => {
                write!(f, "the {map} has {found} lines, expected {expected}")
            }
            VariantError::UnexpectedLine { line } => write!(f, "line {line}: unexpected text after the map"),
            VariantError::RegionSize { label, first, found, expected } => {
                write!(f, "region '{label}' (first cell {first}) has {found} cells, expected {expected}")
            }
            VariantError::NotConnected { map, label, first, apart } => write!(
                f,
                "{} '{label}' is not connected: {apart} cannot be reached from {first} (labels must be connected through cell edges)",
                map.noun()
            ),
            VariantError::Uncaged { line, column, cell } => write!(
                f,
                "line {line}, column {column}: cell {cell} is in no cage (the cages must cover the grid)"
            ),
            VariantError::CageTooLarge { label, first, cells, max } => {
                write!(f, "cage '{label}' (first cell {first}) has {cells} cells, more than the {max} digits")
            }
            VariantError::MissingSum { label, first } => {
                write!(f, "cage '{label}' (first cell {first}) has no sum: expected a line '{label} SUM'")
            }
            VariantError::UnknownCage { line, label } => {
                write!(f, "line {line}: sum for cage '{label}', which is not in the cage map")
            }
            VariantError::DuplicateSum { line, label, first_line } => {
                write!(f, "line {line}: second sum for cage '{label}' (the first is on line {first_line})")
            }
            VariantError::InvalidSum { line, column, text } if text.is_empty() => {
                write!(f, "line {line}, column {column}: expected a sum after the cage label")
            }
            VariantError::InvalidSum { line, column, text } => {
                write!(f, "line {line}, column {column}: invalid sum '{}'", text.escape_debug())
            }
            VariantError::ImpossibleSum { line, label, cells, min, max, found } => {
                let noun = if *cells == 1 { "cell" } else { "cells" };
                write!(f, "line {line}: cage '{label}' has {cells} {noun}: its sum must be between {min} and {max}, found {found}")
            }
            VariantError::WrongTotal { found, expected } => write!(
                f,
                "the cage sums add up to {found}, but the cages cover the grid, whose digits add up to {expected}"
            ),
            VariantError::Clash(c) => c.fmt(f),
        }
    }
}

impl std::error::Error for VariantError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            VariantError::Grid(e) => Some(e),
            VariantError::Clash(c) => Some(c),
            _ => None,
        }
    }
}

impl From<AreaClash> for VariantError {
    fn from(clash: AreaClash) -> VariantError {
        VariantError::Clash(clash)
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

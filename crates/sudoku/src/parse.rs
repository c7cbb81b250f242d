//! Reading puzzles: the one-line form and the multi-line grid form.
//!
//! # Symbols
//!
//! Digits are written `1`-`9`, then `A`-`P` for 10 to 25 (uppercase). An empty cell is `.`,
//! `0`, `_`, `*` or `-`.
//!
//! # The line form ([`Grid::from_line`])
//!
//! One cell per character, in reading order, nothing else: `53..7....6..195...` (81 cells for
//! a 9x9 grid). Whitespace around the line is ignored; whitespace inside it is an error.
//!
//! # The grid form ([`Grid::parse`])
//!
//! Any number of lines. Cells are read in order; spaces, tabs, `|` and `+` are ignored, as are
//! blank lines and comments (from `#` to the end of the line). A line made only of `-`, `+`,
//! `|` and spaces is a separator, with one exception that keeps `-` usable as an empty cell:
//! a line of `-`, `|` and spaces without `+` counts as cells when that is the only way to
//! reach a valid cell count (a row of empty cells written `- - - | - - - | - - -`). The frames
//! HoDoKu and Simple Sudoku draw (`.-------.-------.`, `:-------+-------:`, `'-------'`,
//! `*-----------*`) are separators too. Every boxed grid printed by [`Grid`]'s `Display`
//! reads back, and so does the line form.
//!
//! The size is inferred from the number of cells (16, 36, 81, 144, 256 or 625).
//!
//! # Errors
//!
//! See [`ParseError`]; checks run in this order: characters, cell count, symbol range, then
//! clashing givens ([`Grid::validate`]).

use std::str::FromStr;

use crate::error::ParseError;
use crate::grid::{symbol_digit, Grid, Shape};

/// The role of one character of the input.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    /// A digit symbol, not yet checked against the grid's size.
    Digit(u8),
    /// `.`, `0`, `_` or `*`: an empty cell.
    Empty,
    /// `-`: an empty cell, or part of a separator line.
    Dash,
    /// `|` or `+`.
    Separator,
    /// Whitespace.
    Space,
    /// `#`: the rest of the line is a comment.
    Comment,
    /// Anything else.
    Invalid,
}

fn kind(ch: char) -> Kind {
    match ch {
        '.' | '0' | '_' | '*' => Kind::Empty,
        '-' => Kind::Dash,
        '|' | '+' => Kind::Separator,
        '#' => Kind::Comment,
        c if c.is_whitespace() => Kind::Space,
        c => symbol_digit(c).map_or(Kind::Invalid, Kind::Digit),
    }
}

/// What one line of the grid form holds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Class {
    /// Nothing (blank, comment, or only `|` and spaces).
    Blank,
    /// Cells: at least one symbol or non-dash empty cell. `-` in it are empty cells.
    Cells(usize),
    /// Only `-`, `+`, `|` and spaces, with a `+`: a separator.
    Rule,
    /// Only `-`, `|` and spaces: a separator, or a row of empty cells (this many).
    Dashes(usize),
}

/// The part of a line before its comment.
fn strip_comment(line: &str) -> &str {
    line.split_once('#').map_or(line, |(before, _)| before)
}

/// Whether `line` is the frame of a drawn grid: HoDoKu's (`.-------.-------.`, `:-------+`,
/// `'-------'`) or Simple Sudoku's (`*-----------*`): only `-`, `=`, `+`, `|`, the corners
/// `.`, `:`, `'`, `*` and spaces, with a run of two dashes (so that `.` and `*` in it are
/// corners, not empty cells) and a corner at each end.
fn is_frame(line: &str) -> bool {
    let body = line.trim();
    let corner = |c: Option<char>| c.is_some_and(|c| ".:'*+|".contains(c));
    (body.contains("--") || body.contains("=="))
        && body.chars().all(|c| "-=+|.:'*".contains(c) || c.is_whitespace())
        && body.chars().any(|c| ".:'*".contains(c))
        && corner(body.chars().next())
        && corner(body.chars().last())
}

/// Classifies one line, or finds its first invalid character.
fn classify(line: &str, number: usize) -> Result<Class, ParseError> {
    if is_frame(strip_comment(line)) {
        return Ok(Class::Rule);
    }
    let (mut cells, mut dashes, mut plus) = (0usize, 0usize, false);
    for (i, ch) in strip_comment(line).chars().enumerate() {
        match kind(ch) {
            Kind::Digit(_) | Kind::Empty => cells += 1,
            Kind::Dash => dashes += 1,
            Kind::Separator => plus |= ch == '+',
            Kind::Space => {}
            Kind::Comment | Kind::Invalid => return Err(ParseError::InvalidChar { line: number, column: i + 1, ch }),
        }
    }
    Ok(match (cells, dashes, plus) {
        (0, 0, _) => Class::Blank,
        (0, _, true) => Class::Rule,
        (0, d, false) => Class::Dashes(d),
        (c, d, _) => Class::Cells(c + d),
    })
}

/// Appends the cells of `line` to `out`, checking each symbol against `shape`.
fn push_cells(line: &str, number: usize, shape: Shape, out: &mut Vec<u8>) -> Result<(), ParseError> {
    for (i, ch) in strip_comment(line).chars().enumerate() {
        match kind(ch) {
            Kind::Digit(d) if d > shape.max_digit() => {
                return Err(ParseError::SymbolOutOfRange { line: number, column: i + 1, ch, shape })
            }
            Kind::Digit(d) => out.push(d),
            Kind::Empty | Kind::Dash => out.push(0),
            _ => {}
        }
    }
    Ok(())
}

/// Parses either form; see the [module docs](self).
pub(crate) fn parse_grid(text: &str) -> Result<Grid, ParseError> {
    parse_grid_with(text, true)
}

/// Parses either form, checking for clashing givens if `validate`.
pub(crate) fn parse_grid_with(text: &str, validate: bool) -> Result<Grid, ParseError> {
    // Pass 1: classify lines, count cells.
    let mut cells = 0usize;
    let mut dash_lines: Vec<usize> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        match classify(line, i + 1)? {
            Class::Cells(c) => cells += c,
            Class::Dashes(d) => dash_lines.push(d),
            Class::Blank | Class::Rule => {}
        }
    }
    // Which dash-only lines are rows of empty cells: none if the count is already right, all
    // if that makes it right, else those with exactly one row's worth of dashes.
    let all_dashes: usize = dash_lines.iter().sum();
    let choice = if let Some(shape) = Shape::from_num_cells(cells) {
        Some((shape, None))
    } else if let Some(shape) = Shape::from_num_cells(cells + all_dashes).filter(|_| !dash_lines.is_empty()) {
        Some((shape, Some(0)))
    } else {
        Shape::ALL.into_iter().find_map(|s| {
            let rows = dash_lines.iter().filter(|&&d| d == s.size()).count();
            (rows > 0 && cells + rows * s.size() == s.num_cells()).then_some((s, Some(s.size())))
        })
    };
    // `dash_rows`: `None` for no dash line, `Some(0)` for all, `Some(n)` for those of n dashes.
    let Some((shape, dash_rows)) = choice else {
        let found = if cells == 0 { all_dashes } else { cells };
        return Err(ParseError::WrongCellCount { found });
    };
    // Pass 2: read the cells.
    let mut digits = Vec::with_capacity(shape.num_cells());
    for (i, line) in text.lines().enumerate() {
        let take = match classify(line, i + 1)? {
            Class::Cells(_) => true,
            Class::Dashes(d) => dash_rows.is_some_and(|n| n == 0 || n == d),
            Class::Blank | Class::Rule => false,
        };
        if take {
            push_cells(line, i + 1, shape, &mut digits)?;
        }
    }
    finish(shape, digits, "grid", validate)
}

/// Parses the strict line form; see the [module docs](self).
pub(crate) fn parse_line(line: &str) -> Result<Grid, ParseError> {
    let body = line.trim();
    // Columns count from the start of `line`, leading whitespace included.
    let lead = line[..line.len() - line.trim_start().len()].chars().count();
    if body.is_ascii() {
        return parse_ascii_line(body, lead);
    }
    let mut count = 0usize;
    for (i, ch) in body.chars().enumerate() {
        match kind(ch) {
            Kind::Digit(_) | Kind::Empty | Kind::Dash => count += 1,
            _ => return Err(ParseError::InvalidChar { line: 1, column: lead + i + 1, ch }),
        }
    }
    let Some(shape) = Shape::from_num_cells(count) else {
        return Err(ParseError::WrongCellCount { found: count });
    };
    let mut digits = Vec::with_capacity(count);
    for (i, ch) in body.chars().enumerate() {
        match kind(ch) {
            Kind::Digit(d) if d > shape.max_digit() => {
                return Err(ParseError::SymbolOutOfRange { line: 1, column: lead + i + 1, ch, shape })
            }
            Kind::Digit(d) => digits.push(d),
            _ => digits.push(0),
        }
    }
    finish(shape, digits, "line", true)
}

/// The entry of a byte in [`ASCII_CELLS`] that is no cell symbol.
const INVALID: u8 = 0x80;

/// What each ASCII byte stands for in a line: a digit (`1`-`9`, `A`-`P`), 0 for an empty cell
/// (`.`, `0`, `_`, `*`, `-`), [`INVALID`] for anything else.
const ASCII_CELLS: [u8; 256] = {
    let mut table = [INVALID; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = match b as u8 {
            b'1'..=b'9' => b as u8 - b'0',
            b'A'..=b'P' => b as u8 - b'A' + 10,
            b'.' | b'0' | b'_' | b'*' | b'-' => 0,
            _ => INVALID,
        };
        b += 1;
    }
    table
};

/// [`parse_line`] for an ASCII line (every file of puzzles in practice): one pass over the
/// bytes, with the same errors in the same order (an unexpected character, then the cell
/// count, then a symbol too large for the grid).
fn parse_ascii_line(body: &str, lead: usize) -> Result<Grid, ParseError> {
    // A table lookup per byte, with any invalid byte noticed once at the end (its entry has
    // the high bit set, which no digit has).
    let digits: Vec<u8> = body.bytes().map(|b| ASCII_CELLS[usize::from(b)]).collect();
    // One pass for both later checks: any invalid byte, and the largest digit.
    let (any, largest) = digits.iter().fold((0, 0), |(any, largest), &d| (any | d, largest.max(d)));
    if any & INVALID != 0 {
        let i = digits.iter().position(|&d| d & INVALID != 0).unwrap_or(0);
        let ch = char::from(body.as_bytes()[i]);
        return Err(ParseError::InvalidChar { line: 1, column: lead + i + 1, ch });
    }
    let Some(shape) = Shape::from_num_cells(digits.len()) else {
        return Err(ParseError::WrongCellCount { found: digits.len() });
    };
    if largest > shape.max_digit() {
        let i = digits.iter().position(|&d| d > shape.max_digit()).unwrap_or(0);
        let ch = char::from(body.as_bytes()[i]);
        return Err(ParseError::SymbolOutOfRange { line: 1, column: lead + i + 1, ch, shape });
    }
    finish(shape, digits, "line", true)
}

fn finish(shape: Shape, digits: Vec<u8>, form: &str, validate: bool) -> Result<Grid, ParseError> {
    let grid = Grid::from_raw(shape, digits.into_boxed_slice());
    if validate {
        grid.validate()?;
    }
    log::debug!(target: "sudoku::parse", "parsed form={form} shape={shape} givens={}", grid.num_filled());
    Ok(grid)
}

impl Grid {
    /// Parses a puzzle in the line form or the grid form (see the [`parse`](crate::parse)
    /// module); the size is inferred from the number of cells.
    ///
    /// # Errors
    ///
    /// A [`ParseError`]: an unexpected character, a cell count that fits no grid, a symbol
    /// too large for the grid, or clashing givens.
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku::Grid;
    ///
    /// let grid = Grid::parse("
    ///     1 . | . .   # a 4x4 puzzle: comments run to the end of the line
    ///     . . | 1 .
    ///     ----+----
    ///     . 1 | . .
    ///     . . | . 1
    /// ")?;
    /// assert_eq!(grid.to_line(), "1.....1..1.....1");
    /// let err = Grid::parse("1 . . 1\n. . . .\n. . . .\n. . . .").unwrap_err();
    /// assert_eq!(err.to_string(), "row 1 has 1 twice: r1c1 and r1c4");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse(text: &str) -> Result<Grid, ParseError> {
        parse_grid(text)
    }

    /// Parses a puzzle as [`Grid::parse`] does, but keeps clashing givens instead of
    /// rejecting them, for a caller that wants to show every clash (as
    /// [`Explainer::explain`](crate::Explainer::explain) does). [`Grid::validate`] finds them.
    ///
    /// # Errors
    ///
    /// As [`Grid::parse`], except [`ParseError::Clash`].
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku::Grid;
    ///
    /// let grid = Grid::parse_keeping_clashes("1..1............")?;
    /// assert_eq!(grid.validate().unwrap_err().to_string(), "row 1 has 1 twice: r1c1 and r1c4");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_keeping_clashes(text: &str) -> Result<Grid, ParseError> {
        parse_grid_with(text, false)
    }

    /// Parses a puzzle in the strict line form: one character per cell, `.`, `0`, `_`, `*` or
    /// `-` for an empty cell, nothing else but whitespace around it. Errors are on line 1
    /// (see [`ParseError::at_line`]).
    ///
    /// # Errors
    ///
    /// As [`Grid::parse`]; whitespace or separators inside the line are unexpected characters.
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku::{Grid, ParseError, Shape};
    ///
    /// let grid = Grid::from_line("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")?;
    /// assert_eq!((grid.shape(), grid.num_filled()), (Shape::SIZE_9, 30));
    /// assert_eq!(
    ///     Grid::from_line("53..7").unwrap_err().to_string(),
    ///     "found 5 cells, expected 16 (4x4) or one of 36 (6x6), 81 (9x9), 144 (12x12), 256 (16x16), 625 (25x25)"
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_line(line: &str) -> Result<Grid, ParseError> {
        parse_line(line)
    }
}

impl FromStr for Grid {
    type Err = ParseError;

    /// As [`Grid::parse`].
    fn from_str(s: &str) -> Result<Grid, ParseError> {
        parse_grid(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Clash;
    use crate::grid::{Cell, Unit};

    const LEETCODE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn every_empty_symbol_reads_as_empty() {
        for e in ['.', '0', '_', '*', '-'] {
            let line: String = LEETCODE.chars().map(|c| if c == '.' { e } else { c }).collect();
            assert_eq!(Grid::from_line(&line).unwrap().to_line(), LEETCODE, "empty symbol {e:?}");
        }
    }

    #[test]
    fn line_form_accepts_surrounding_whitespace_and_crlf() {
        let g = Grid::from_line(&format!("  {LEETCODE}\r\n")).unwrap();
        assert_eq!(g.to_line(), LEETCODE);
    }

    #[test]
    fn line_form_rejects_inner_space_at_its_column() {
        let line = format!("  {} {}", &LEETCODE[..40], &LEETCODE[40..]);
        assert_eq!(Grid::from_line(&line), Err(ParseError::InvalidChar { line: 1, column: 43, ch: ' ' }));
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        assert_eq!(Grid::from_line("12é4"), Err(ParseError::InvalidChar { line: 1, column: 3, ch: 'é' }));
        assert_eq!(Grid::parse("12\n3éx"), Err(ParseError::InvalidChar { line: 2, column: 2, ch: 'é' }));
    }

    #[test]
    fn lowercase_letters_are_not_symbols() {
        let line = "a".repeat(16);
        assert_eq!(Grid::from_line(&line), Err(ParseError::InvalidChar { line: 1, column: 1, ch: 'a' }));
    }

    #[test]
    fn grid_form_reads_the_printed_grid_back() {
        for shape in Shape::ALL {
            // The diagonal holds every digit once: no clash, every symbol of the size used.
            let mut g = Grid::empty(shape);
            for k in 0..shape.size() {
                g.set(Cell::new(k, k), Some(k as u8 + 1));
            }
            assert_eq!(Grid::parse(&g.to_string()), Ok(g.clone()), "{shape}");
            assert_eq!(Grid::parse(&g.to_line()), Ok(g.clone()), "{shape}");
            assert_eq!(Grid::from_line(&g.to_line()), Ok(g), "{shape}");
        }
    }

    #[test]
    fn comments_blank_lines_and_separators_are_ignored() {
        let text = "# header\n\n1 2 | 3 4   # first row\n3 4 | 1 2\n=\n";
        // '=' is not a separator.
        assert_eq!(Grid::parse(text), Err(ParseError::InvalidChar { line: 5, column: 1, ch: '=' }));
        let text = "# header\n\n1 2 | 3 4   # first row\n3 4 | 1 2\n----+----\n2 1 | 4 3\n\t4 3 | 2 1\n";
        assert_eq!(Grid::parse(text).unwrap().to_line(), "1234341221434321");
    }

    #[test]
    fn a_dash_row_is_empty_cells_when_the_count_needs_it() {
        // The first row of a 17-clue puzzle is empty; written with dashes it looks like a rule.
        let text = "- - - | - - - | - - -\n\
                    . . . | . . . | . 1 .\n\
                    . . . | . . 2 | . . 3\n\
                    ------+-------+------\n\
                    . . . | 4 . . | . . .\n\
                    . . . | . . . | 5 . .\n\
                    4 . 1 | 6 . . | . . .\n\
                    ---------------------\n\
                    . . 7 | 1 . . | . . .\n\
                    . 5 . | . . . | 2 . .\n\
                    . . . | . 8 . | . 4 .\n";
        let g = Grid::parse(text).unwrap();
        assert_eq!(g.shape(), Shape::SIZE_9);
        assert_eq!(g.get(Cell::new(1, 7)), Some(1));
        assert_eq!(&g.to_line()[..18], "................1.");
        // And a whole line of dashes is an empty puzzle.
        assert_eq!(Grid::parse(&"-".repeat(81)).unwrap(), Grid::empty(Shape::SIZE_9));
        // Dash separators alone are separators.
        let text = "12|34\n34|12\n-----\n21|43\n43|21\n";
        assert_eq!(Grid::parse(text).unwrap().to_line(), "1234341221434321");
    }

    #[test]
    fn hodoku_and_simple_sudoku_frames_read_as_separators() {
        // HoDoKu's givens grid: cells spaced, `.`, `:` and `'` corners.
        let spaced = |r: &str| r.chars().map(|c| format!("{c} ")).collect::<String>();
        let mut hodoku = String::from(".-------.-------.-------.\n");
        for (i, row) in LEETCODE.as_bytes().chunks(9).enumerate() {
            if i == 3 || i == 6 {
                hodoku.push_str(":-------+-------+-------:\n");
            }
            let r = std::str::from_utf8(row).unwrap();
            hodoku.push_str(&format!("| {}| {}| {}|\n", spaced(&r[..3]), spaced(&r[3..6]), spaced(&r[6..])));
        }
        hodoku.push_str("'-------'-------'-------'\n");
        assert_eq!(Grid::parse(&hodoku).unwrap().to_line(), LEETCODE, "{hodoku}");
        // Simple Sudoku's: `*-----------*` frame, `|---+---+---|` between bands.
        let mut simple = String::from("*-----------*\n");
        for (i, row) in LEETCODE.as_bytes().chunks(9).enumerate() {
            if i == 3 || i == 6 {
                simple.push_str("|---+---+---|\n");
            }
            let r = std::str::from_utf8(row).unwrap();
            simple.push_str(&format!("|{}|{}|{}|\n", &r[..3], &r[3..6], &r[6..]));
        }
        simple.push_str("*-----------*\n");
        assert_eq!(Grid::parse(&simple).unwrap().to_line(), LEETCODE, "{simple}");
        // A row of empty cells in dashes still reads as cells.
        assert!(!is_frame("- - - | - - - | - - -"));
        assert!(!is_frame("..-..-..."));
    }

    #[test]
    fn wrong_count_reports_the_cells_found() {
        assert_eq!(Grid::parse(""), Err(ParseError::WrongCellCount { found: 0 }));
        assert_eq!(Grid::parse(&LEETCODE[1..]), Err(ParseError::WrongCellCount { found: 80 }));
        assert_eq!(Grid::parse(&"-".repeat(80)), Err(ParseError::WrongCellCount { found: 80 }));
        let two = format!("{LEETCODE}\n{LEETCODE}\n");
        assert_eq!(Grid::parse(&two), Err(ParseError::WrongCellCount { found: 162 }));
    }

    #[test]
    fn symbol_too_large_for_the_size_is_reported_at_its_position() {
        let line = format!("{}G", &LEETCODE[..80]);
        let err = Grid::from_line(&line).unwrap_err();
        assert_eq!(err, ParseError::SymbolOutOfRange { line: 1, column: 81, ch: 'G', shape: Shape::SIZE_9 });
        let err = Grid::parse("12 34\n34 1.\n.. 5.\n.. ..").unwrap_err();
        assert_eq!(err, ParseError::SymbolOutOfRange { line: 3, column: 4, ch: '5', shape: Shape::SIZE_4 });
    }

    #[test]
    fn clashing_givens_name_both_cells_and_the_unit() {
        let mut line: Vec<u8> = vec![b'.'; 81];
        line[2 * 9 + 1] = b'5';
        line[2 * 9 + 6] = b'5';
        let err = Grid::from_line(std::str::from_utf8(&line).unwrap()).unwrap_err();
        assert_eq!(
            err,
            ParseError::Clash(Clash { unit: Unit::Row(2), digit: 5, first: Cell::new(2, 1), second: Cell::new(2, 6) })
        );
        assert_eq!(err.to_string(), "row 3 has 5 twice: r3c2 and r3c7");
    }

    #[test]
    fn from_str_is_parse() {
        let g: Grid = LEETCODE.parse().unwrap();
        assert_eq!(g, Grid::parse(LEETCODE).unwrap());
    }
}

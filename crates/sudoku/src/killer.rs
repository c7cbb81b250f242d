//! The cages of a killer sudoku: [`Cages`], each [`Cage`] a set of cells whose digits differ
//! and add up to its sum.
//!
//! # The cage format
//!
//! A cage map (N lines of N labels, as in the [`regions`](crate::regions) module: every cell
//! is in a cage), then one line per cage: its label, whitespace, its sum
//! (`a 10`). Blank lines and `#` comments may appear anywhere. A sum line whose label is a
//! digit or an uppercase letter up to `P` (symbols a grid can hold) must be exactly
//! `LABEL SUM`; any other line starting with one of those ends the sums.
//!
//! # Checks
//!
//! In this order, after reading: no cage has more cells than there are digits; every cage is
//! connected; every cage has a sum; each sum lies between the smallest and largest sums of
//! distinct digits for its number of cells; and the sums add up to the total of a solved grid
//! (405 for 9x9). A `.` in the map (a cell in no cage) is an error, [`VariantError::Uncaged`].

use std::fmt;
use std::ops::RangeInclusive;

use crate::error::{MapKind, VariantError};
use crate::grid::{symbol_digit, Cell, Shape};
use crate::regions::{expect_end, is_blank, lines_of, LabelMap};

/// One cage of a killer sudoku: cells whose digits are all different and add up to `sum`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Cage {
    label: char,
    sum: u32,
    /// In reading order; connected; at most `size` cells.
    cells: Vec<Cell>,
}

impl Cage {
    /// The cage's label in the map.
    pub fn label(&self) -> char {
        self.label
    }

    /// The sum of its digits.
    pub fn sum(&self) -> u32 {
        self.sum
    }

    /// Its cells, in reading order.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The sums that `cells` different digits from 1 to `side` can make: from `1 + 2 + ...`
    /// to the sum of the `cells` largest digits. `None` if `cells` is 0 or more than `side`.
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku::Cage;
    ///
    /// assert_eq!(Cage::sum_range(2, 9), Some(3..=17));
    /// assert_eq!(Cage::sum_range(9, 9), Some(45..=45));
    /// assert_eq!(Cage::sum_range(10, 9), None);
    /// ```
    pub fn sum_range(cells: usize, side: usize) -> Option<RangeInclusive<u32>> {
        if cells == 0 || cells > side {
            return None;
        }
        let (k, n) = (cells as u32, side as u32);
        Some(k * (k + 1) / 2..=k * (2 * n - k + 1) / 2)
    }
}

/// The cages of a killer sudoku: a cage map with a sum for every cage.
///
/// Built by [`Cages::parse`] (see the [module docs](self) for the format and the checks); always
/// valid. `Display` prints the map and the sum lines back.
///
/// # Example
///
/// ```
/// use sudoku::{Cages, Cell};
///
/// let cages = Cages::parse("
///     a a b b
///     c a d b
///     c e d f
///     g e d f
///     a 7
///     b 9
///     c 5
///     d 7
///     e 4
///     f 4
///     g 4
/// ")?;
/// assert_eq!(cages.len(), 7);
/// let a = cages.get('a').ok_or("no cage a")?;
/// assert_eq!((a.sum(), a.cells().len()), (7, 3));
/// assert_eq!(cages.cage_of(Cell::new(3, 2)).map(|c| c.label()), Some('d'));
///
/// let err = Cages::parse("aabb\ncadb\ncedf\ngedf\na 7\nb 9\nc 5\nd 7\ne 4\nf 4").unwrap_err();
/// assert_eq!(err.to_string(), "cage 'g' (first cell r4c1) has no sum: expected a line 'g SUM'");
/// let err = Cages::parse("aabb\ncadb\nce.f\ngedf\na 7\nb 9\nc 5\nd 7\ne 4\nf 4\ng 4").unwrap_err();
/// assert_eq!(err.to_string(), "line 3, column 3: cell r3c3 is in no cage (the cages must cover the grid)");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Cages {
    map: LabelMap,
    /// `cages[k]` has label `map.labels()[k]`.
    cages: Vec<Cage>,
}

/// A sum line: the label, its column, and the text after it with its column.
struct SumLine<'a> {
    label: char,
    label_column: usize,
    rest: &'a str,
    rest_column: usize,
}

/// Whether `line` (non-blank, comment removed) is a sum line; see the [module docs](self).
fn sum_line(line: &str) -> Option<SumLine<'_>> {
    let lead = line.len() - line.trim_start().len();
    let body = &line[lead..];
    let label = body.chars().next().filter(char::is_ascii_alphanumeric)?;
    let after = &body[1..];
    let rest = after.trim();
    let grid_symbol = label == '0' || symbol_digit(label).is_some();
    if grid_symbol {
        let separated = after.is_empty() || after.starts_with(char::is_whitespace);
        if !separated || !rest.chars().all(|c| c.is_ascii_digit()) {
            return None;
        }
    }
    let label_column = line[..lead].chars().count() + 1;
    let rest_start = lead + 1 + (after.len() - after.trim_start().len());
    let rest_column = line[..rest_start].chars().count() + 1;
    Some(SumLine { label, label_column, rest, rest_column })
}

impl Cages {
    /// Parses a cage map and its sums alone (nothing but blank lines and comments may follow).
    ///
    /// # Errors
    ///
    /// A [`VariantError`]: the errors of a map ([`Regions::parse`](crate::Regions::parse)),
    /// an invalid, unknown or repeated sum line, and the failed checks of the
    /// [module docs](self), as [`VariantError::MissingSum`] or
    /// [`VariantError::ImpossibleSum`].
    pub fn parse(text: &str) -> Result<Cages, VariantError> {
        let lines = lines_of(text);
        let (cages, end) = Cages::read(&lines, 0)?;
        expect_end(&lines, end)?;
        Ok(cages)
    }

    /// Reads and checks a cage map and its sum lines from `lines[start..]`; returns the cages
    /// and the index of the first line after the sums.
    pub(crate) fn read(lines: &[&str], start: usize) -> Result<(Cages, usize), VariantError> {
        let (map, mut i) = LabelMap::read(lines, start, MapKind::Cages)?;
        // The sum and line of each label.
        let mut sums: Vec<Option<(u32, usize)>> = vec![None; map.labels().len()];
        while let Some(line) = lines.get(i) {
            if is_blank(line) {
                i += 1;
                continue;
            }
            let Some(s) = sum_line(line) else { break };
            let number = i + 1;
            let Some(k) = map.position(s.label) else {
                return Err(VariantError::UnknownCage { line: number, label: s.label });
            };
            let sum = match s.rest.parse::<u32>() {
                Ok(sum) if s.rest.chars().all(|c| c.is_ascii_digit()) => sum,
                _ if s.rest.is_empty() => {
                    return Err(VariantError::InvalidSum {
                        line: number,
                        column: s.label_column + 1,
                        text: String::new(),
                    })
                }
                _ => {
                    return Err(VariantError::InvalidSum {
                        line: number,
                        column: s.rest_column,
                        text: s.rest.to_string(),
                    })
                }
            };
            if let Some((_, first_line)) = sums[k] {
                return Err(VariantError::DuplicateSum { line: number, label: s.label, first_line });
            }
            sums[k] = Some((sum, number));
            i += 1;
        }
        let cages = Cages::check(map, &sums)?;
        Ok((cages, i))
    }

    /// The checks of the [module docs](self), in order.
    fn check(map: LabelMap, sums: &[Option<(u32, usize)>]) -> Result<Cages, VariantError> {
        let n = map.shape().size();
        for (k, &label) in map.labels().iter().enumerate() {
            let cells = map.cells(k);
            if cells.len() > n {
                return Err(VariantError::CageTooLarge { label, first: cells[0], cells: cells.len(), max: n });
            }
        }
        map.check_connected(MapKind::Cages)?;
        let mut cages = Vec::with_capacity(map.labels().len());
        for (k, &label) in map.labels().iter().enumerate() {
            let Some((sum, line)) = sums[k] else {
                return Err(VariantError::MissingSum { label, first: map.cells(k)[0] });
            };
            cages.push((Cage { label, sum, cells: map.cells(k).to_vec() }, line));
        }
        for (cage, line) in &cages {
            let cells = cage.cells.len();
            // `cells` is between 1 and n: checked above, and a label has at least one cell.
            let range = Cage::sum_range(cells, n).unwrap_or(0..=0);
            if !range.contains(&cage.sum) {
                let (min, max) = (*range.start(), *range.end());
                return Err(VariantError::ImpossibleSum {
                    line: *line,
                    label: cage.label,
                    cells,
                    min,
                    max,
                    found: cage.sum,
                });
            }
        }
        let found: u64 = cages.iter().map(|(c, _)| u64::from(c.sum)).sum();
        let n = n as u64;
        let expected = n * n * (n + 1) / 2;
        if found != expected {
            return Err(VariantError::WrongTotal { found, expected });
        }
        Ok(Cages { map, cages: cages.into_iter().map(|(c, _)| c).collect() })
    }

    /// The grid shape the map covers.
    pub fn shape(&self) -> Shape {
        self.map.shape()
    }

    /// The number of cages.
    pub fn len(&self) -> usize {
        self.cages.len()
    }

    /// Whether there is no cage (never, for a parsed map).
    pub fn is_empty(&self) -> bool {
        self.cages.is_empty()
    }

    /// The cages, in the order their first cell appears in reading order.
    pub fn iter(&self) -> std::slice::Iter<'_, Cage> {
        self.cages.iter()
    }

    /// The cage labelled `label`.
    pub fn get(&self, label: char) -> Option<&Cage> {
        self.map.position(label).map(|k| &self.cages[k])
    }

    /// The cage holding `cell`: `Some` for every cell of the grid, since the cages cover it.
    ///
    /// # Panics
    ///
    /// Panics if `cell` is outside the grid.
    pub fn cage_of(&self, cell: Cell) -> Option<&Cage> {
        self.map.index_of(cell).map(|k| &self.cages[k])
    }

    /// The label of `cell` in the map.
    pub(crate) fn symbol(&self, cell: Cell) -> char {
        self.map.symbol(cell)
    }
}

impl<'a> IntoIterator for &'a Cages {
    type Item = &'a Cage;
    type IntoIter = std::slice::Iter<'a, Cage>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl fmt::Display for Cages {
    /// The map (labels separated by spaces), then one `LABEL SUM` line per cage.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.map.write(f)?;
        for cage in &self.cages {
            writeln!(f, "{} {}", cage.label, cage.sum)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 4x4 killer whose cages cover the grid: the solution 1234/3412/2143/4321.
    const FOUR: &str = "aabb\ncadb\ncedf\ngedf\na 7\nb 9\nc 5\nd 7\ne 4\nf 4\ng 4\n";

    #[test]
    fn cages_read_with_their_sums_and_print_back() {
        let cages = Cages::parse(FOUR).unwrap();
        assert_eq!(cages.len(), 7);
        let sums: Vec<(char, u32, usize)> = cages.iter().map(|c| (c.label(), c.sum(), c.cells().len())).collect();
        assert_eq!(sums, [('a', 7, 3), ('b', 9, 3), ('c', 5, 2), ('d', 7, 3), ('e', 4, 2), ('f', 4, 2), ('g', 4, 1)]);
        assert_eq!(Cages::parse(&cages.to_string()), Ok(cages));
    }

    #[test]
    fn sum_ranges_of_distinct_digits() {
        assert_eq!(Cage::sum_range(1, 9), Some(1..=9));
        assert_eq!(Cage::sum_range(2, 9), Some(3..=17));
        assert_eq!(Cage::sum_range(3, 4), Some(6..=9));
        assert_eq!(Cage::sum_range(4, 4), Some(10..=10));
        assert_eq!(Cage::sum_range(0, 4), None);
        assert_eq!(Cage::sum_range(25, 25), Some(325..=325));
    }

    #[test]
    fn a_label_without_a_sum_is_reported() {
        let text = FOUR.replace("e 4\n", "");
        assert_eq!(Cages::parse(&text), Err(VariantError::MissingSum { label: 'e', first: Cell::new(2, 1) }));
    }

    #[test]
    fn sum_lines_for_unknown_or_repeated_labels_are_reported_with_their_line() {
        let text = format!("{FOUR}z 3\n");
        assert_eq!(Cages::parse(&text), Err(VariantError::UnknownCage { line: 12, label: 'z' }));
        let text = format!("{FOUR}b 9\n");
        let err = Cages::parse(&text).unwrap_err();
        assert_eq!(err, VariantError::DuplicateSum { line: 12, label: 'b', first_line: 6 });
        assert_eq!(err.to_string(), "line 12: second sum for cage 'b' (the first is on line 6)");
    }

    #[test]
    fn malformed_sums_are_reported_at_their_column() {
        let text = FOUR.replace("c 5", "c  5x");
        let err = Cages::parse(&text).unwrap_err();
        assert_eq!(err, VariantError::InvalidSum { line: 7, column: 4, text: "5x".into() });
        assert_eq!(err.to_string(), "line 7, column 4: invalid sum '5x'");
        let text = FOUR.replace("c 5", "c");
        assert_eq!(
            Cages::parse(&text).unwrap_err().to_string(),
            "line 7, column 2: expected a sum after the cage label"
        );
        let text = FOUR.replace("c 5", "c=5");
        assert_eq!(Cages::parse(&text).unwrap_err().to_string(), "line 7, column 2: invalid sum '=5'");
        let text = FOUR.replace("c 5", "c 99999999999");
        assert!(matches!(Cages::parse(&text), Err(VariantError::InvalidSum { line: 7, column: 3, .. })));
    }

    #[test]
    fn impossible_sums_give_the_range() {
        let text = FOUR.replace("c 5", "c 8");
        let err = Cages::parse(&text).unwrap_err();
        assert_eq!(err, VariantError::ImpossibleSum { line: 7, label: 'c', cells: 2, min: 3, max: 7, found: 8 });
        assert_eq!(err.to_string(), "line 7: cage 'c' has 2 cells: its sum must be between 3 and 7, found 8");
        let text = FOUR.replace("g 4", "g 0");
        assert_eq!(
            Cages::parse(&text).unwrap_err().to_string(),
            "line 11: cage 'g' has 1 cell: its sum must be between 1 and 4, found 0"
        );
    }

    #[test]
    fn sums_that_do_not_add_up_to_the_grid_total_are_reported() {
        let text = FOUR.replace("g 4", "g 3");
        let err = Cages::parse(&text).unwrap_err();
        assert_eq!(err, VariantError::WrongTotal { found: 39, expected: 40 });
    }

    #[test]
    fn a_cell_in_no_cage_is_reported_at_its_position() {
        let text = "aabb\ncadb\ncedf\ng e.f\na 7\nb 9\nc 5\nd 7\ne 4\nf 4\ng 4\n";
        let err = Cages::parse(text).unwrap_err();
        assert_eq!(err, VariantError::Uncaged { line: 4, column: 4, cell: Cell::new(3, 2) });
    }

    #[test]
    fn a_dot_beyond_the_side_of_the_map_is_a_row_length_error() {
        // Before, the `.` was reported as the cell r2c5 of a 4x4 map, outside the grid.
        let text = "aabb
cadb.
cedf
gedf
a 7
b 9
c 5
d 7
e 4
f 4
g 4
";
        let err = Cages::parse(text).unwrap_err();
        assert_eq!(err, VariantError::WrongRowLength { map: MapKind::Cages, line: 2, found: 5, expected: 4 });
        // On the first line, the side is not supported.
        let err = Cages::parse(
            "aabb.
",
        )
        .unwrap_err();
        assert_eq!(err, VariantError::UnsupportedSide { map: MapKind::Cages, line: 1, found: 5 });
    }

    #[test]
    fn a_cage_larger_than_the_digits_is_reported_before_sums() {
        let text = "aaaa\nacbd\neeff\ngghh\na 10\nb 1\nc 1\nd 1\ne 3\nf 3\ng 3\nh 3\n";
        assert_eq!(
            Cages::parse(text),
            Err(VariantError::CageTooLarge { label: 'a', first: Cell::new(0, 0), cells: 5, max: 4 })
        );
        assert_eq!(
            Cages::parse(text).unwrap_err().to_string(),
            "cage 'a' (first cell r1c1) has 5 cells, more than the 4 digits"
        );
    }

    #[test]
    fn a_cage_in_two_pieces_is_not_connected() {
        let text = "abac\ndddd\neeee\nffff\na 3\nb 1\nc 2\nd 10\ne 10\nf 10\n";
        let err = Cages::parse(text).unwrap_err();
        assert_eq!(
            err,
            VariantError::NotConnected {
                map: MapKind::Cages,
                label: 'a',
                first: Cell::new(0, 0),
                apart: Cell::new(0, 2)
            }
        );
    }

    #[test]
    fn digit_labels_take_only_the_exact_sum_line_shape() {
        // "1 2 3 4" is a grid row, not a sum line for cage '1': reading stops there.
        let sums: String = (1..=8).map(|k| format!("{k} 5\n")).collect();
        let text = format!("1122\n3344\n5566\n7788\n{sums}1 2 3 4\n");
        let lines = lines_of(&text);
        let (cages, end) = Cages::read(&lines, 0).unwrap();
        assert_eq!((cages.len(), end), (8, 12));
        // A lowercase label always starts a sum line.
        assert!(sum_line("a 1 2").is_some());
        assert!(sum_line("1 2 3").is_none());
        assert!(sum_line("12").is_none());
        assert!(sum_line("P 12").is_some());
        assert!(sum_line("% 12").is_none());
    }
}

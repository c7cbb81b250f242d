//! Label maps: the irregular [`Regions`] of a jigsaw sudoku, and the reading of any map of
//! labels (shared with the cages of a killer sudoku, [`Cages`](crate::Cages)).
//!
//! # The map format
//!
//! A map is N lines of N labels, one label per cell in reading order, for a supported side N
//! (4, 6, 9, 12, 16 or 25). A label is an ASCII letter or digit (`a-z`, `A-Z`, `0-9`, case
//! sensitive); cells with the same label belong to the same region (or cage). Spaces and tabs
//! between labels are ignored, as are blank lines and comments (from `#` to the end of the
//! line). The side is the number of labels on the first line. Every cell has a label: the regions
//! of a jigsaw and the cages of a killer cover the grid.
//!
//! Every region and cage must be *connected*: each of its cells can be reached from the others
//! through cells of the same label that share an edge. This catches a label used twice by
//! mistake, and all published jigsaw and killer puzzles we know of follow it.

use std::fmt;

use crate::error::{MapKind, VariantError};
use crate::grid::{Cell, Shape};

/// The text's lines, 0-based index `i` being line `i + 1`, with comments removed.
pub(crate) fn lines_of(text: &str) -> Vec<&str> {
    text.lines().map(|l| l.split_once('#').map_or(l, |(before, _)| before)).collect()
}

/// Whether a line holds nothing but whitespace (after its comment is removed).
pub(crate) fn is_blank(line: &str) -> bool {
    line.chars().all(char::is_whitespace)
}

/// The marker of a cell outside every label in [`LabelMap::of_cell`].
const NONE: u16 = u16::MAX;

/// A map of labels over the cells of a grid: which cells share a label.
///
/// Labels are numbered in the order of their first cell in reading order.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub(crate) struct LabelMap {
    shape: Shape,
    /// The label of each index, in order of first appearance.
    labels: Vec<char>,
    /// The cells of each label, in reading order; none is empty.
    cells: Vec<Vec<Cell>>,
    /// The label index of each cell (row-major), or [`NONE`].
    of_cell: Box<[u16]>,
}

impl LabelMap {
    /// Reads a map from `lines[start..]`; returns it and the index of the first line after it.
    pub(crate) fn read(lines: &[&str], start: usize, map: MapKind) -> Result<(LabelMap, usize), VariantError> {
        let mut rows: Vec<Vec<Option<char>>> = Vec::new();
        let mut side = 0usize;
        for (i, line) in lines.iter().enumerate().skip(start) {
            if is_blank(line) {
                continue;
            }
            let number = i + 1;
            let mut row = Vec::new();
            // The first `.` of the line (cage maps): its column and cell.
            let mut uncaged = None;
            for (k, ch) in line.chars().enumerate() {
                if ch.is_whitespace() {
                    continue;
                }
                if ch.is_ascii_alphanumeric() {
                    row.push(Some(ch));
                } else if ch == '.' && map == MapKind::Cages {
                    // An empty-cell symbol: the cell would be in no cage. Reported once the
                    // line's length is checked, so that the cell is one of the grid.
                    uncaged.get_or_insert((k + 1, Cell::new(rows.len(), row.len())));
                    row.push(None);
                } else {
                    return Err(VariantError::InvalidLabel { map, line: number, column: k + 1, ch });
                }
            }
            if rows.is_empty() {
                if Shape::from_size(row.len()).is_none() {
                    return Err(VariantError::UnsupportedSide { map, line: number, found: row.len() });
                }
                side = row.len();
            } else if row.len() != side {
                return Err(VariantError::WrongRowLength { map, line: number, found: row.len(), expected: side });
            }
            if let Some((column, cell)) = uncaged {
                return Err(VariantError::Uncaged { line: number, column, cell });
            }
            rows.push(row);
            if rows.len() == side {
                let shape = Shape::from_size(side).ok_or(VariantError::MissingMap { map })?;
                let cells: Vec<Option<char>> = rows.into_iter().flatten().collect();
                return Ok((LabelMap::from_cells(shape, &cells), i + 1));
            }
        }
        Err(if rows.is_empty() {
            VariantError::MissingMap { map }
        } else {
            VariantError::MissingMapLines { map, found: rows.len(), expected: side }
        })
    }

    /// The map of `cells` (row-major, `shape.num_cells()` of them, `None` outside every label).
    fn from_cells(shape: Shape, cells: &[Option<char>]) -> LabelMap {
        debug_assert_eq!(cells.len(), shape.num_cells());
        let mut labels: Vec<char> = Vec::new();
        let mut members: Vec<Vec<Cell>> = Vec::new();
        let mut of_cell = vec![NONE; shape.num_cells()].into_boxed_slice();
        for (i, label) in cells.iter().enumerate() {
            let Some(label) = *label else { continue };
            let k = match labels.iter().position(|&l| l == label) {
                Some(k) => k,
                None => {
                    labels.push(label);
                    members.push(Vec::new());
                    labels.len() - 1
                }
            };
            members[k].push(shape.cell(i));
            // At most 62 labels (ASCII letters and digits): the index fits.
            of_cell[i] = k as u16;
        }
        LabelMap { shape, labels, cells: members, of_cell }
    }

    pub(crate) fn shape(&self) -> Shape {
        self.shape
    }

    pub(crate) fn labels(&self) -> &[char] {
        &self.labels
    }

    pub(crate) fn cells(&self, k: usize) -> &[Cell] {
        &self.cells[k]
    }

    /// The label index of `cell`, if it has a label.
    pub(crate) fn index_of(&self, cell: Cell) -> Option<usize> {
        match self.of_cell[self.shape.index(cell)] {
            NONE => None,
            k => Some(usize::from(k)),
        }
    }

    /// The index of `label`.
    pub(crate) fn position(&self, label: char) -> Option<usize> {
        self.labels.iter().position(|&l| l == label)
    }

    /// Checks that every label's cells are connected through shared edges.
    pub(crate) fn check_connected(&self, map: MapKind) -> Result<(), VariantError> {
        let n = self.shape.size();
        let mut seen = vec![false; self.shape.num_cells()];
        let mut stack: Vec<Cell> = Vec::new();
        for (k, cells) in self.cells.iter().enumerate() {
            let first = cells[0];
            seen[self.shape.index(first)] = true;
            stack.push(first);
            while let Some(c) = stack.pop() {
                let (r, col) = (c.row(), c.col());
                let neighbours = [
                    (r > 0).then(|| Cell::new(r - 1, col)),
                    (r + 1 < n).then(|| Cell::new(r + 1, col)),
                    (col > 0).then(|| Cell::new(r, col - 1)),
                    (col + 1 < n).then(|| Cell::new(r, col + 1)),
                ];
                for next in neighbours.into_iter().flatten() {
                    let i = self.shape.index(next);
                    if !seen[i] && usize::from(self.of_cell[i]) == k {
                        seen[i] = true;
                        stack.push(next);
                    }
                }
            }
            if let Some(&apart) = cells.iter().find(|&&c| !seen[self.shape.index(c)]) {
                return Err(VariantError::NotConnected { map, label: self.labels[k], first, apart });
            }
        }
        Ok(())
    }

    /// The map's lines: labels separated by spaces, `.` for a cell without a label.
    pub(crate) fn write(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.shape.size();
        for r in 0..n {
            let row: Vec<String> = (0..n).map(|c| self.symbol(Cell::new(r, c)).to_string()).collect();
            writeln!(f, "{}", row.join(" "))?;
        }
        Ok(())
    }

    /// The label of `cell`, or `.`.
    pub(crate) fn symbol(&self, cell: Cell) -> char {
        self.index_of(cell).map_or('.', |k| self.labels[k])
    }
}

/// Checks that nothing but blank lines and comments follows a standalone map.
pub(crate) fn expect_end(lines: &[&str], start: usize) -> Result<(), VariantError> {
    match lines.iter().enumerate().skip(start).find(|(_, l)| !is_blank(l)) {
        Some((i, _)) => Err(VariantError::UnexpectedLine { line: i + 1 }),
        None => Ok(()),
    }
}

/// The irregular regions of a jigsaw sudoku: N connected regions of N cells each, which replace
/// the boxes (rows and columns stay).
///
/// Built by [`Regions::parse`] from a map (see the [module docs](self)); always valid: every
/// cell is in exactly one region, every region has N cells and is connected. `Display` prints
/// the map back (labels separated by spaces).
///
/// # Example
///
/// ```
/// use sudoku::{Cell, Regions};
///
/// let regions = Regions::parse("
///     a a a b
///     c a b b
///     c c d b
///     c d d d
/// ")?;
/// assert_eq!(regions.len(), 4);
/// assert_eq!(regions.labels(), ['a', 'b', 'c', 'd']);
/// assert_eq!(regions.region_of(Cell::new(1, 1)), 0);
/// assert_eq!(regions.cells(3), [Cell::new(2, 2), Cell::new(3, 1), Cell::new(3, 2), Cell::new(3, 3)]);
///
/// let err = Regions::parse("aaab\ncabb\nccdb\ncddc").unwrap_err();
/// assert_eq!(err.to_string(), "region 'c' (first cell r2c1) has 5 cells, expected 4");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Regions {
    /// Exactly `size` labels of `size` connected cells each, covering the grid.
    map: LabelMap,
}

impl Regions {
    /// Parses a region map alone (nothing but blank lines and comments may follow).
    ///
    /// # Errors
    ///
    /// A [`VariantError`]: an invalid character, a side that is not supported, a line of
    /// another length, too few lines, text after the map, a region of the wrong size
    /// ([`VariantError::RegionSize`]) or not connected.
    pub fn parse(text: &str) -> Result<Regions, VariantError> {
        let lines = lines_of(text);
        let (regions, end) = Regions::read(&lines, 0)?;
        expect_end(&lines, end)?;
        regions.check()?;
        Ok(regions)
    }

    /// Reads the map from `lines[start..]` (unchecked): the regions and the next line index.
    pub(crate) fn read(lines: &[&str], start: usize) -> Result<(Regions, usize), VariantError> {
        let (map, end) = LabelMap::read(lines, start, MapKind::Regions)?;
        Ok((Regions { map }, end))
    }

    /// Checks sizes, then connectivity.
    pub(crate) fn check(&self) -> Result<(), VariantError> {
        let n = self.map.shape().size();
        for (k, &label) in self.map.labels().iter().enumerate() {
            let cells = self.map.cells(k);
            if cells.len() != n {
                return Err(VariantError::RegionSize { label, first: cells[0], found: cells.len(), expected: n });
            }
        }
        self.map.check_connected(MapKind::Regions)
    }

    /// The grid shape the map covers.
    pub fn shape(&self) -> Shape {
        self.map.shape()
    }

    /// The number of regions (the side of the grid).
    pub fn len(&self) -> usize {
        self.map.labels().len()
    }

    /// Always `false`: a map has at least four regions. Present for API symmetry with
    /// [`len`](Regions::len).
    pub fn is_empty(&self) -> bool {
        self.map.labels().is_empty()
    }

    /// The labels, region by region (regions are numbered in the order their first cell
    /// appears in reading order).
    pub fn labels(&self) -> &[char] {
        self.map.labels()
    }

    /// The cells of region `k`, in reading order.
    ///
    /// # Panics
    ///
    /// Panics if `k` is not below [`len`](Regions::len).
    pub fn cells(&self, k: usize) -> &[Cell] {
        self.map.cells(k)
    }

    /// The region of `cell`.
    ///
    /// # Panics
    ///
    /// Panics if `cell` is outside the grid.
    pub fn region_of(&self, cell: Cell) -> usize {
        // Every cell has a region: checked when the map was built.
        self.map.index_of(cell).unwrap_or(0)
    }

    /// The label of `cell`.
    ///
    /// # Panics
    ///
    /// Panics if `cell` is outside the grid.
    pub fn label_of(&self, cell: Cell) -> char {
        self.map.symbol(cell)
    }
}

impl fmt::Display for Regions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.map.write(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SIX: &str = "aaabbb\naacbbb\nacccdd\neecddd\neecfdf\neeffff\n";

    #[test]
    fn a_valid_6x6_map_reads_and_prints_back() {
        let r = Regions::parse(SIX).unwrap();
        assert_eq!(r.shape(), Shape::SIZE_6);
        assert_eq!(r.labels(), ['a', 'b', 'c', 'd', 'e', 'f']);
        assert!((0..6).all(|k| r.cells(k).len() == 6));
        assert_eq!(Regions::parse(&r.to_string()), Ok(r.clone()));
        assert_eq!(r.label_of(Cell::new(5, 0)), 'e');
    }

    #[test]
    fn spaces_tabs_blank_lines_and_comments_are_ignored() {
        let text = "# regions\n\n a a a b b b\n\ta a c b b b  # row 2\na c c c d d\n\ne e c d d d\neecfdf\neeffff";
        assert_eq!(Regions::parse(text), Regions::parse(SIX));
    }

    #[test]
    fn wrong_region_size_names_the_first_region_in_reading_order() {
        let text = "aaabbb\naacbbb\nacccdd\neecddd\neecfdd\neeffff\n";
        assert_eq!(
            Regions::parse(text),
            Err(VariantError::RegionSize { label: 'd', first: Cell::new(2, 4), found: 7, expected: 6 })
        );
    }

    #[test]
    fn a_region_in_two_pieces_is_not_connected() {
        // 'a' has four cells but r4c4 is apart from the others.
        let text = "aabb\nabbc\nddcc\ndcda\n";
        let err = Regions::parse(text).unwrap_err();
        // Sizes first: d has 4 cells, c has 4, b has 4, a 4.
        assert_eq!(
            err,
            VariantError::NotConnected {
                map: MapKind::Regions,
                label: 'a',
                first: Cell::new(0, 0),
                apart: Cell::new(3, 3)
            }
        );
        assert_eq!(
            err.to_string(),
            "region 'a' is not connected: r4c4 cannot be reached from r1c1 (labels must be connected through cell edges)"
        );
    }

    #[test]
    fn map_shape_errors_have_positions() {
        assert_eq!(Regions::parse(""), Err(VariantError::MissingMap { map: MapKind::Regions }));
        assert_eq!(
            Regions::parse("aabbc\n").unwrap_err().to_string(),
            "line 1: the region map starts with 5 labels, but a grid has 4, 6, 9, 12, 16 or 25 columns"
        );
        assert_eq!(
            Regions::parse("aabb\naab\n").unwrap_err().to_string(),
            "line 2: found 3 labels, expected 4 (the region map is 4x4)"
        );
        assert_eq!(
            Regions::parse("aabb\naabb\nccdd\n").unwrap_err().to_string(),
            "the region map has 3 lines, expected 4"
        );
        assert_eq!(
            Regions::parse("aabb\naa%b\n").unwrap_err().to_string(),
            "line 2, column 3: unexpected character '%' in the region map"
        );
        assert_eq!(
            Regions::parse("aabb\naa.b\n"),
            Err(VariantError::InvalidLabel { map: MapKind::Regions, line: 2, column: 3, ch: '.' })
        );
        assert_eq!(Regions::parse("aabb\naabb\nccdd\nccdd\nx\n"), Err(VariantError::UnexpectedLine { line: 5 }));
    }

    #[test]
    fn labels_are_case_sensitive_and_digits_count() {
        let lines = lines_of("aA11\naA11\nbB22\nbB22");
        let (r, end) = Regions::read(&lines, 0).unwrap();
        assert_eq!((r.labels(), end), (&['a', 'A', '1', 'b', 'B', '2'][..], 4));
        assert_eq!(
            r.check(),
            Err(VariantError::RegionSize { label: 'a', first: Cell::new(0, 0), found: 2, expected: 4 })
        );
    }
}

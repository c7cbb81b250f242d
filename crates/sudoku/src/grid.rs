//! Grid geometry and contents: [`Shape`], [`Cell`], [`Unit`] and [`Grid`], and the [`Clash`] of
//! two givens.
//!
//! Rows, columns and boxes are numbered from 0 in the API and from 1 in everything a person
//! reads (`Display`, error messages, engine variable names): the cell at row index 2, column
//! index 6 prints as `r3c7`.

use std::fmt;

/// The largest side supported: 25 (5x5 boxes), the number of symbols `1-9` and `A-P`.
pub const MAX_SIZE: usize = 25;

/// The symbols of the digits 1 to 25, in order.
const SYMBOLS: &[u8; MAX_SIZE] = b"123456789ABCDEFGHIJKLMNOP";

/// The byte of each cell value in the line form: `.` for an empty cell (and for any byte that
/// is no digit), then [`SYMBOLS`]: one lookup per cell.
const LINE_SYMBOLS: [u8; 256] = {
    let mut table = [b'.'; 256];
    let mut d = 0;
    while d < MAX_SIZE {
        table[d + 1] = SYMBOLS[d];
        d += 1;
    }
    table
};

/// The symbol that prints `digit`: `1`-`9` for 1 to 9, then `A`-`P` for 10 to 25.
///
/// Returns `None` for 0 and for digits above 25. The inverse is [`symbol_digit`].
///
/// # Example
///
/// ```
/// assert_eq!(sudoku::digit_symbol(7), Some('7'));
/// assert_eq!(sudoku::digit_symbol(10), Some('A'));
/// assert_eq!(sudoku::digit_symbol(26), None);
/// ```
#[inline]
pub fn digit_symbol(digit: u8) -> Option<char> {
    let i = usize::from(digit).checked_sub(1)?;
    SYMBOLS.get(i).map(|&b| char::from(b))
}

/// The digit a symbol stands for: `1`-`9` are 1 to 9, `A`-`P` are 10 to 25 (uppercase only).
///
/// Returns `None` for anything else, including the empty-cell symbols. The inverse is
/// [`digit_symbol`].
///
/// # Example
///
/// ```
/// assert_eq!(sudoku::symbol_digit('G'), Some(16));
/// assert_eq!(sudoku::symbol_digit('.'), None);
/// ```
#[inline]
pub fn symbol_digit(symbol: char) -> Option<u8> {
    match symbol {
        '1'..='9' => Some(symbol as u8 - b'0'),
        'A'..='P' => Some(symbol as u8 - b'A' + 10),
        _ => None,
    }
}

/// The geometry of a grid: its boxes are `box_rows` rows by `box_cols` columns, and its side is
/// `box_rows * box_cols`.
///
/// The supported shapes are the ones in [`Shape::ALL`]: 4x4 (2x2 boxes), 6x6 (2x3), 9x9 (3x3),
/// 12x12 (3x4), 16x16 (4x4) and 25x25 (5x5). Each side has exactly one shape, so a side (or a
/// cell count) determines the shape ([`Shape::from_size`], [`Shape::from_num_cells`]).
///
/// `Display` prints the side, as `9x9`.
///
/// # Example
///
/// ```
/// use sudoku::Shape;
///
/// let shape = Shape::from_num_cells(144).ok_or("no such shape")?;
/// assert_eq!((shape.size(), shape.box_rows(), shape.box_cols()), (12, 3, 4));
/// assert_eq!(shape.to_string(), "12x12");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape {
    /// Rows per box, at least 2; `box_rows <= box_cols`.
    box_rows: u8,
    /// Columns per box.
    box_cols: u8,
}

impl Shape {
    /// 4x4 grids with 2x2 boxes.
    pub const SIZE_4: Shape = Shape { box_rows: 2, box_cols: 2 };
    /// 6x6 grids with boxes of 2 rows by 3 columns.
    pub const SIZE_6: Shape = Shape { box_rows: 2, box_cols: 3 };
    /// The classic 9x9 grid with 3x3 boxes.
    pub const SIZE_9: Shape = Shape { box_rows: 3, box_cols: 3 };
    /// 12x12 grids with boxes of 3 rows by 4 columns.
    pub const SIZE_12: Shape = Shape { box_rows: 3, box_cols: 4 };
    /// 16x16 grids with 4x4 boxes.
    pub const SIZE_16: Shape = Shape { box_rows: 4, box_cols: 4 };
    /// 25x25 grids with 5x5 boxes.
    pub const SIZE_25: Shape = Shape { box_rows: 5, box_cols: 5 };

    /// Every supported shape, smallest first.
    pub const ALL: [Shape; 6] =
        [Shape::SIZE_4, Shape::SIZE_6, Shape::SIZE_9, Shape::SIZE_12, Shape::SIZE_16, Shape::SIZE_25];

    /// The shape with boxes of `box_rows` by `box_cols`, if it is supported.
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku::Shape;
    ///
    /// assert_eq!(Shape::new(2, 3), Some(Shape::SIZE_6));
    /// assert_eq!(Shape::new(3, 2), None); // 6x6 grids have boxes 3 wide
    /// ```
    pub fn new(box_rows: usize, box_cols: usize) -> Option<Shape> {
        Shape::ALL.into_iter().find(|s| s.box_rows() == box_rows && s.box_cols() == box_cols)
    }

    /// The shape whose side is `size` (4, 6, 9, 12, 16 or 25).
    pub fn from_size(size: usize) -> Option<Shape> {
        Shape::ALL.into_iter().find(|s| s.size() == size)
    }

    /// The shape with `n` cells (16, 36, 81, 144, 256 or 625).
    pub fn from_num_cells(n: usize) -> Option<Shape> {
        Shape::ALL.into_iter().find(|s| s.num_cells() == n)
    }

    /// Rows per box.
    #[inline]
    pub fn box_rows(self) -> usize {
        usize::from(self.box_rows)
    }

    /// Columns per box.
    #[inline]
    pub fn box_cols(self) -> usize {
        usize::from(self.box_cols)
    }

    /// The side: the number of rows, of columns, of boxes and of digits.
    #[inline]
    pub fn size(self) -> usize {
        self.box_rows() * self.box_cols()
    }

    /// The number of cells, `size * size`.
    #[inline]
    pub fn num_cells(self) -> usize {
        self.size() * self.size()
    }

    /// The largest digit, equal to the side.
    #[inline]
    pub fn max_digit(self) -> u8 {
        self.box_rows * self.box_cols
    }

    /// Whether `cell` lies inside grids of this shape.
    #[inline]
    pub fn contains(self, cell: Cell) -> bool {
        cell.row < self.size() && cell.col < self.size()
    }

    /// The row-major index of `cell` (`row * size + col`), as used by [`Grid::digits`] and by
    /// the engine's variables.
    ///
    /// # Panics
    ///
    /// Panics if `cell` is outside the grid.
    #[inline]
    pub fn index(self, cell: Cell) -> usize {
        assert!(self.contains(cell), "cell {cell} is outside a {self} grid");
        cell.row * self.size() + cell.col
    }

    /// The cell with row-major index `index`.
    ///
    /// # Panics
    ///
    /// Panics if `index` is not below [`num_cells`](Shape::num_cells).
    #[inline]
    pub fn cell(self, index: usize) -> Cell {
        assert!(index < self.num_cells(), "cell index {index} is outside a {self} grid");
        Cell { row: index / self.size(), col: index % self.size() }
    }

    /// The index of the box holding `cell`: boxes are numbered row-major from 0 at the top
    /// left.
    #[inline]
    pub fn box_index(self, cell: Cell) -> usize {
        let boxes_per_band = self.size() / self.box_cols();
        (cell.row / self.box_rows()) * boxes_per_band + cell.col / self.box_cols()
    }

    /// All cells, row-major.
    pub fn cells(self) -> impl ExactSizeIterator<Item = Cell> {
        (0..self.num_cells()).map(move |i| self.cell(i))
    }

    /// All units: every row, then every column, then every box.
    pub fn units(self) -> impl ExactSizeIterator<Item = Unit> {
        let n = self.size();
        (0..3 * n).map(move |i| match i / n {
            0 => Unit::Row(i % n),
            1 => Unit::Column(i % n),
            _ => Unit::Box(i % n),
        })
    }

    /// The cells of `unit`, in reading order (left to right, then top to bottom).
    ///
    /// # Panics
    ///
    /// Panics if the unit's index is not below [`size`](Shape::size), or if the unit is a
    /// region or a cage (their cells are the puzzle's, not the shape's).
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku::{Shape, Unit};
    ///
    /// let cells: Vec<String> = Shape::SIZE_6.unit_cells(Unit::Box(3)).map(|c| c.to_string()).collect();
    /// assert_eq!(cells, ["r3c4", "r3c5", "r3c6", "r4c4", "r4c5", "r4c6"]);
    /// ```
    pub fn unit_cells(self, unit: Unit) -> impl ExactSizeIterator<Item = Cell> {
        let n = self.size();
        let (kind, k) = match unit {
            Unit::Row(k) => (0, k),
            Unit::Column(k) => (1, k),
            Unit::Box(k) => (2, k),
            Unit::Diagonal(k) => (3 + k.min(1), 0),
            Unit::Region(_) | Unit::Cage(_) => panic!("the cells of {unit} are the puzzle's, not a {self} grid's"),
        };
        assert!(k < n, "{unit} is outside a {self} grid");
        let (br, bc) = (self.box_rows(), self.box_cols());
        let boxes_per_band = n / bc;
        (0..n).map(move |i| match kind {
            0 => Cell { row: k, col: i },
            1 => Cell { row: i, col: k },
            3 => Cell { row: i, col: i },
            4 => Cell { row: i, col: n - 1 - i },
            _ => Cell { row: (k / boxes_per_band) * br + i / bc, col: (k % boxes_per_band) * bc + i % bc },
        })
    }

    /// The symbols of this shape's digits, for messages: `1-9`, or `1-9, A-G` for 16x16.
    pub(crate) fn symbol_range(self) -> String {
        let last = digit_symbol(self.max_digit()).unwrap_or('?');
        if self.size() <= 9 {
            format!("1-{last}")
        } else {
            format!("1-9, A-{last}")
        }
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{0}x{0}", self.size())
    }
}

impl fmt::Debug for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Shape({}x{} boxes, {self})", self.box_rows, self.box_cols)
    }
}

/// One cell of a grid, by row and column index (both from 0).
///
/// `Display` prints the 1-based name used in messages and engine logs: row index 2, column
/// index 6 is `r3c7`.
///
/// # Example
///
/// ```
/// use sudoku::Cell;
///
/// let cell = Cell::new(2, 6);
/// assert_eq!((cell.row(), cell.col()), (2, 6));
/// assert_eq!(cell.to_string(), "r3c7");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Cell {
    row: usize,
    col: usize,
}

impl Cell {
    /// The cell at row index `row` and column index `col`, both from 0.
    #[inline]
    pub const fn new(row: usize, col: usize) -> Cell {
        Cell { row, col }
    }

    /// The row index, from 0.
    #[inline]
    pub const fn row(self) -> usize {
        self.row
    }

    /// The column index, from 0.
    #[inline]
    pub const fn col(self) -> usize {
        self.col
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row + 1, self.col + 1)
    }
}

/// A row, column or box, or a variant's diagonal, region or cage: a set of cells whose digits
/// all differ (a row, column, box, diagonal or region holds each digit exactly once).
///
/// The index is from 0; `Display` prints it from 1 (`row 3`, `column 7`, `box 2`). Boxes are
/// numbered row-major from the top left.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Unit {
    /// The row with this index.
    Row(usize),
    /// The column with this index.
    Column(usize),
    /// The box with this index.
    Box(usize),
    /// A main diagonal of an X-sudoku: 0 from the top-left cell to the bottom-right one
    /// (`main diagonal`), 1 from the top-right cell to the bottom-left one (`anti-diagonal`).
    Diagonal(usize),
    /// The jigsaw region with this index, in the order of the region map's labels (`region 4`).
    Region(usize),
    /// The killer cage with this index, in the order of the cage map's labels (`cage 12`).
    Cage(usize),
}

impl Unit {
    /// The unit's index, from 0.
    pub fn index(self) -> usize {
        match self {
            Unit::Row(i) | Unit::Column(i) | Unit::Box(i) => i,
            Unit::Diagonal(i) | Unit::Region(i) | Unit::Cage(i) => i,
        }
    }

    /// The name of the engine constraint for this unit: `row3`, `col7` or `box2` (1-based,
    /// no spaces, so that log lines stay `key=value`).
    pub fn constraint_name(self) -> String {
        match self {
            Unit::Row(i) => format!("row{}", i + 1),
            Unit::Column(i) => format!("col{}", i + 1),
            Unit::Box(i) => format!("box{}", i + 1),
            Unit::Diagonal(i) => format!("diag{}", i + 1),
            Unit::Region(i) => format!("region{}", i + 1),
            Unit::Cage(i) => format!("cage{}", i + 1),
        }
    }
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unit::Row(i) => write!(f, "row {}", i + 1),
            Unit::Column(i) => write!(f, "column {}", i + 1),
            Unit::Box(i) => write!(f, "box {}", i + 1),
            Unit::Diagonal(0) => f.write_str("main diagonal"),
            Unit::Diagonal(_) => f.write_str("anti-diagonal"),
            Unit::Region(i) => write!(f, "region {}", i + 1),
            Unit::Cage(i) => write!(f, "cage {}", i + 1),
        }
    }
}

/// A grid of a given [`Shape`]: each cell empty or holding a digit from 1 to the side.
///
/// A grid is a plain container: it may hold a puzzle, a partial assignment or a solution, and
/// it may even hold clashing digits ([`Grid::validate`] finds them; the parsers reject them).
///
/// `Display` prints the boxed form, which [`Grid::parse`] reads back; [`Grid::to_line`] gives
/// the one-line form. Empty cells print as `.`.
///
/// # Example
///
/// ```
/// use sudoku::{Cell, Grid, Shape};
///
/// let mut grid = Grid::empty(Shape::SIZE_4);
/// grid.set(Cell::new(0, 0), Some(1));
/// grid.set(Cell::new(3, 3), Some(4));
/// assert_eq!(grid.to_line(), "1..............4");
/// assert_eq!(grid.to_string(), "\
/// 1 . | . .
/// . . | . .
/// ----+----
/// . . | . .
/// . . | . 4
/// ");
/// assert_eq!(grid.num_filled(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    shape: Shape,
    /// Row-major, `shape.num_cells()` entries: 0 for empty, else a digit in `1..=size`.
    cells: Box<[u8]>,
}

impl Grid {
    /// A grid of `shape` with every cell empty.
    pub fn empty(shape: Shape) -> Grid {
        Grid { shape, cells: vec![0; shape.num_cells()].into_boxed_slice() }
    }

    /// A grid from row-major digits, 0 for an empty cell. Used by the parsers, which check
    /// the length and range first.
    pub(crate) fn from_raw(shape: Shape, cells: Box<[u8]>) -> Grid {
        debug_assert_eq!(cells.len(), shape.num_cells());
        debug_assert!(cells.iter().all(|&d| d <= shape.max_digit()));
        Grid { shape, cells }
    }

    /// The grid's shape.
    #[inline]
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The digit in `cell`, or `None` if it is empty.
    ///
    /// # Panics
    ///
    /// Panics if `cell` is outside the grid.
    #[inline]
    pub fn get(&self, cell: Cell) -> Option<u8> {
        match self.cells[self.shape.index(cell)] {
            0 => None,
            d => Some(d),
        }
    }

    /// Puts `digit` in `cell`, or empties it with `None`. Clashes are allowed (see
    /// [`Grid::validate`]).
    ///
    /// # Panics
    ///
    /// Panics if `cell` is outside the grid or `digit` is not in `1..=size`.
    pub fn set(&mut self, cell: Cell, digit: Option<u8>) {
        let i = self.shape.index(cell);
        let d = digit.unwrap_or(0);
        assert!(
            digit.is_none() || (1..=self.shape.max_digit()).contains(&d),
            "digit {d} is not in 1..={} for a {} grid",
            self.shape.max_digit(),
            self.shape
        );
        self.cells[i] = d;
    }

    /// All cells as digits, row-major, with 0 for an empty cell.
    #[inline]
    pub fn digits(&self) -> &[u8] {
        &self.cells
    }

    /// The cells with their contents, row-major.
    pub fn cells(&self) -> impl ExactSizeIterator<Item = (Cell, Option<u8>)> + '_ {
        self.cells.iter().enumerate().map(|(i, &d)| (self.shape.cell(i), (d != 0).then_some(d)))
    }

    /// The number of filled cells (the givens, for a puzzle).
    pub fn num_filled(&self) -> usize {
        self.cells.iter().filter(|&&d| d != 0).count()
    }

    /// Whether every cell holds a digit (clashes or not).
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&d| d != 0)
    }

    /// Whether the grid is a solved Sudoku: complete, and no unit holds a digit twice.
    ///
    /// This check is independent of the solver.
    pub fn is_solved(&self) -> bool {
        self.is_complete() && self.validate().is_ok()
    }

    /// Whether `self` is a solution of `puzzle`: the same shape, solved, and keeping every
    /// digit of `puzzle`.
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku::Grid;
    ///
    /// let puzzle = Grid::from_line("1.3.3.1..1.3..2.")?;
    /// let solution = Grid::from_line("1234341221434321")?;
    /// assert!(solution.is_solution_of(&puzzle));
    /// assert!(!puzzle.is_solution_of(&puzzle));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_solution_of(&self, puzzle: &Grid) -> bool {
        self.shape == puzzle.shape
            && self.is_solved()
            && puzzle.cells.iter().zip(self.cells.iter()).all(|(&p, &s)| p == 0 || p == s)
    }

    /// Checks that no row, column or box holds a digit twice.
    ///
    /// # Errors
    ///
    /// The first [`Clash`] found: cells are visited in reading order, and the clash reported
    /// is the one whose second cell comes first; when that cell clashes in several units, the
    /// row is named before the column and the column before the box.
    ///
    /// # Complexity
    ///
    /// One pass over the cells: O(size²).
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku::{Cell, Grid, Shape};
    ///
    /// let mut grid = Grid::empty(Shape::SIZE_9);
    /// grid.set(Cell::new(2, 1), Some(5));
    /// grid.set(Cell::new(2, 6), Some(5));
    /// let clash = grid.validate().unwrap_err();
    /// assert_eq!(clash.to_string(), "row 3 has 5 twice: r3c2 and r3c7");
    /// ```
    pub fn validate(&self) -> Result<(), Clash> {
        let (n, br, bc) = (self.shape.size(), self.shape.box_rows(), self.shape.box_cols());
        // Per row, column and box, the digits seen so far: no allocation (at most 25 units of
        // each kind, of at most 25 digits). Rows and columns are walked in order, so that each
        // cell's units come without a division.
        let (mut rows, mut cols, mut boxes) = ([0u32; 25], [0u32; 25], [0u32; 25]);
        for (row, cells) in self.cells.chunks_exact(n).enumerate() {
            // The box of the row's first column: the band's first box.
            let band = row / br * br;
            for (col, &d) in cells.iter().enumerate() {
                if d == 0 {
                    continue;
                }
                let (bx, bit) = (band + col / bc, 1u32 << d);
                if (rows[row] | cols[col] | boxes[bx]) & bit != 0 {
                    return Err(self.clash(Cell { row, col }, bx, d, rows[row] & bit != 0, cols[col] & bit != 0));
                }
                rows[row] |= bit;
                cols[col] |= bit;
                boxes[bx] |= bit;
            }
        }
        Ok(())
    }

    /// Every pair of givens that hold the same digit in a unit, each pair once (unit by unit,
    /// in the order of [`Shape::units`]); empty for a valid grid. [`validate`](Grid::validate)
    /// stops at the first.
    pub(crate) fn clashes(&self) -> Vec<Clash> {
        let shape = self.shape();
        let mut found: Vec<Clash> = Vec::new();
        for unit in shape.units() {
            let cells: Vec<(Cell, u8)> = shape.unit_cells(unit).filter_map(|c| self.get(c).map(|d| (c, d))).collect();
            for (i, &(a, da)) in cells.iter().enumerate() {
                for &(b, db) in &cells[i + 1..] {
                    let (first, second) = if a <= b { (a, b) } else { (b, a) };
                    if da == db && !found.iter().any(|c| (c.first, c.second) == (first, second)) {
                        found.push(Clash { unit, digit: da, first, second });
                    }
                }
            }
        }
        found
    }

    /// The clash of the given `d` at `second` (in box `bx`) with an earlier given of `d` in
    /// its row (`in_row`), else its column (`in_col`), else its box (a rare path). Units list
    /// their cells in reading order, so the first cell of `d` found is the earlier given.
    #[cold]
    fn clash(&self, second: Cell, bx: usize, d: u8, in_row: bool, in_col: bool) -> Clash {
        let unit = if in_row {
            Unit::Row(second.row)
        } else if in_col {
            Unit::Column(second.col)
        } else {
            Unit::Box(bx)
        };
        let first = self
            .shape
            .unit_cells(unit)
            .find(|&c| self.get(c) == Some(d))
            .expect("a digit seen in a unit has a first cell");
        Clash { unit, digit: d, first, second }
    }

    /// The one-line form: every cell in reading order, `.` for an empty cell.
    ///
    /// [`Grid::from_line`] reads it back.
    pub fn to_line(&self) -> String {
        // Bytes from a table, then one check that they are UTF-8 (they are ASCII).
        let bytes: Vec<u8> = self.cells.iter().map(|&d| LINE_SYMBOLS[usize::from(d)]).collect();
        String::from_utf8(bytes).expect("cell symbols are ASCII")
    }
}

impl fmt::Display for Grid {
    /// The boxed form: digits separated by spaces, `|` between boxes, a `-+-` line between
    /// bands of boxes, one row per line (each ending with a newline).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (n, br, bc) = (self.shape.size(), self.shape.box_rows(), self.shape.box_cols());
        let stacks = n / bc;
        let mut separator = String::new();
        for s in 0..stacks {
            if s > 0 {
                separator.push('+');
            }
            let width = 2 * bc - 1 + usize::from(s > 0) + usize::from(s + 1 < stacks);
            separator.extend(std::iter::repeat_n('-', width));
        }
        for r in 0..n {
            if r > 0 && r % br == 0 {
                writeln!(f, "{separator}")?;
            }
            let mut line = String::with_capacity(4 * n);
            for c in 0..n {
                if c > 0 {
                    line.push_str(if c % bc == 0 { " | " } else { " " });
                }
                line.push(digit_symbol(self.cells[r * n + c]).unwrap_or('.'));
            }
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({} {:?})", self.shape, self.to_line())
    }
}

/// Two cells of one unit hold the same digit.
///
/// Found by [`Grid::validate`](crate::Grid::validate) and reported by the parsers as
/// [`ParseError::Clash`](crate::ParseError::Clash). `first` comes before `second` in reading order.
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symbols_and_digits_are_inverse() {
        for d in 1..=25u8 {
            let s = digit_symbol(d).unwrap();
            assert_eq!(symbol_digit(s), Some(d));
        }
        assert_eq!(digit_symbol(0), None);
        assert_eq!(digit_symbol(26), None);
        assert_eq!(symbol_digit('0'), None);
        assert_eq!(symbol_digit('Q'), None);
        assert_eq!(symbol_digit('a'), None);
    }

    #[test]
    fn every_shape_is_found_by_side_and_cell_count() {
        for s in Shape::ALL {
            assert_eq!(Shape::from_size(s.size()), Some(s));
            assert_eq!(Shape::from_num_cells(s.num_cells()), Some(s));
            assert_eq!(Shape::new(s.box_rows(), s.box_cols()), Some(s));
            assert_eq!(s.size() % s.box_cols(), 0);
        }
        assert_eq!(Shape::from_size(8), None);
        assert_eq!(Shape::from_num_cells(80), None);
        assert_eq!(Shape::SIZE_25.max_digit(), 25);
    }

    #[test]
    fn each_unit_holds_every_cell_once_and_each_cell_is_in_three_units() {
        for s in Shape::ALL {
            let n = s.size();
            let mut hits = vec![0u32; s.num_cells()];
            for u in s.units() {
                let cells: Vec<Cell> = s.unit_cells(u).collect();
                assert_eq!(cells.len(), n);
                for c in cells {
                    assert!(s.contains(c));
                    hits[s.index(c)] += 1;
                    if let Unit::Box(b) = u {
                        assert_eq!(s.box_index(c), b, "{c} in {u} of {s}");
                    }
                }
            }
            assert!(hits.iter().all(|&h| h == 3), "{s}");
        }
    }

    #[test]
    fn boxes_of_a_6x6_grid_are_two_rows_by_three_columns() {
        let s = Shape::SIZE_6;
        assert_eq!(s.box_index(Cell::new(0, 2)), 0);
        assert_eq!(s.box_index(Cell::new(0, 3)), 1);
        assert_eq!(s.box_index(Cell::new(2, 0)), 2);
        assert_eq!(s.box_index(Cell::new(5, 5)), 5);
    }

    #[test]
    fn cells_and_units_print_one_based() {
        assert_eq!(Cell::new(0, 0).to_string(), "r1c1");
        assert_eq!(Cell::new(24, 9).to_string(), "r25c10");
        assert_eq!(Unit::Row(2).to_string(), "row 3");
        assert_eq!(Unit::Column(6).to_string(), "column 7");
        assert_eq!(Unit::Box(1).to_string(), "box 2");
        assert_eq!(Unit::Column(6).constraint_name(), "col7");
    }

    #[test]
    fn boxed_display_of_a_9x9_grid_has_norvig_separators() {
        let g = Grid::empty(Shape::SIZE_9);
        let text = g.to_string();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 11);
        assert_eq!(lines[0], ". . . | . . . | . . .");
        assert_eq!(lines[3], "------+-------+------");
        assert_eq!(lines[3].len(), lines[0].len());
    }

    #[test]
    fn boxed_display_of_a_12x12_grid_has_three_stacks_of_four() {
        let text = Grid::empty(Shape::SIZE_12).to_string();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 12 + 3);
        assert_eq!(lines[0], ". . . . | . . . . | . . . .");
        assert_eq!(lines[3], "--------+---------+--------");
    }

    #[test]
    fn validate_reports_the_earliest_clash_with_row_before_column_before_box() {
        let mut g = Grid::empty(Shape::SIZE_9);
        g.set(Cell::new(0, 0), Some(4));
        g.set(Cell::new(1, 1), Some(4)); // box clash with r1c1
        g.set(Cell::new(1, 5), Some(4)); // row clash with r2c2, later
        let c = g.validate().unwrap_err();
        assert_eq!(c, Clash { unit: Unit::Box(0), digit: 4, first: Cell::new(0, 0), second: Cell::new(1, 1) });
        assert_eq!(c.to_string(), "box 1 has 4 twice: r1c1 and r2c2");
        g.set(Cell::new(0, 0), None);
        let c = g.validate().unwrap_err();
        assert_eq!(c.to_string(), "row 2 has 4 twice: r2c2 and r2c6");
    }

    #[test]
    fn clash_in_a_16x16_grid_names_the_letter() {
        let mut g = Grid::empty(Shape::SIZE_16);
        g.set(Cell::new(0, 3), Some(11));
        g.set(Cell::new(9, 3), Some(11));
        assert_eq!(g.validate().unwrap_err().to_string(), "column 4 has B twice: r1c4 and r10c4");
    }

    #[test]
    #[should_panic(expected = "digit 10 is not in 1..=9 for a 9x9 grid")]
    fn set_rejects_a_digit_above_the_side() {
        Grid::empty(Shape::SIZE_9).set(Cell::new(0, 0), Some(10));
    }

    #[test]
    #[should_panic(expected = "cell r10c1 is outside a 9x9 grid")]
    fn get_outside_the_grid_panics_with_the_cell_name() {
        let _ = Grid::empty(Shape::SIZE_9).get(Cell::new(9, 0));
    }

    #[test]
    fn debug_shows_shape_and_line() {
        let g = Grid::empty(Shape::SIZE_4);
        assert_eq!(format!("{g:?}"), "Grid(4x4 \"................\")");
    }
}

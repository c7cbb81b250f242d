//! Sudoku variants: [`Variant`] names them, [`Puzzle`] is a grid of givens with the variant's
//! extra structure ([`Rules`]), and [`encode_puzzle`] turns the rules into a [`csp::Model`].
//!
//! | variant | rules | input ([`Puzzle::parse`]) |
//! |---|---|---|
//! | `plain` | rows, columns, boxes | a grid (line or grid form, as [`Grid::parse`]) |
//! | `x` | also both main diagonals | a grid |
//! | `killer` | also cages: digits all different, with a given sum | a cage map, one `LABEL SUM` line per cage, then an optional grid of givens |
//! | `jigsaw` | rows, columns, irregular regions instead of boxes | a region map, then an optional grid of givens |
//!
//! The map formats and their checks are in the [`regions`](crate::regions) and
//! [`killer`](crate::killer) modules; `docs/variants.md` has examples of each.
//!
//! # Lines and positions
//!
//! A puzzle text is read top to bottom: the map (jigsaw, killer), the sum lines (killer), then
//! the grid, which runs to the end of the text. Every error position counts the lines of the
//! whole text, so a bad character in the grid of a killer is reported on its own line. A
//! missing grid (nothing but blank lines and comments after the map or sums) is an empty grid.
//!
//! # Checks
//!
//! In reading order (map, sums, grid), then the structure (sizes, connectivity, sums: see the
//! map modules), then clashing givens under the variant's rules ([`Puzzle::validate`]). For a
//! jigsaw, two equal givens in one standard box are not a clash.

use std::fmt;
use std::str::FromStr;

use csp::constraints::{AllDifferent, DistinctSum, Strength};
use csp::{Model, ModelError, VarId};

use crate::encode::{cell_var, encode};
use crate::error::{Area, AreaClash, ParseError, VariantError};
use crate::grid::{digit_symbol, Cell, Clash, Grid, Shape, Unit};
use crate::killer::Cages;
use crate::parse::parse_grid_with;
use crate::regions::{is_blank, lines_of, Regions};

/// A kind of sudoku: which rules apply beyond "each row and column holds every digit once".
///
/// `Display` and [`FromStr`] use the lowercase names `plain`, `x`, `killer` and `jigsaw`.
///
/// # Example
///
/// ```
/// use sudoku::Variant;
///
/// let v: Variant = "killer".parse()?;
/// assert_eq!(v, Variant::Killer);
/// assert_eq!(Variant::ALL.map(|v| v.to_string()), ["plain", "x", "killer", "jigsaw"]);
/// assert_eq!("y".parse::<Variant>().unwrap_err().to_string(), "unknown variant 'y': expected plain, x, killer or jigsaw");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[non_exhaustive]
pub enum Variant {
    /// Rows, columns and boxes.
    #[default]
    Plain,
    /// X-sudoku (sudoku X, diagonal sudoku): also both main diagonals hold every digit once.
    X,
    /// Killer sudoku: also cages whose digits are all different and add up to the cage's sum.
    Killer,
    /// Jigsaw sudoku (irregular, geometric): irregular regions of N cells instead of boxes.
    Jigsaw,
}

impl Variant {
    /// Every variant, in the order of the CLI's help.
    pub const ALL: [Variant; 4] = [Variant::Plain, Variant::X, Variant::Killer, Variant::Jigsaw];

    /// The lowercase name: `plain`, `x`, `killer` or `jigsaw`.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Plain => "plain",
            Variant::X => "x",
            Variant::Killer => "killer",
            Variant::Jigsaw => "jigsaw",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not one of [`Variant::ALL`]; see [`Variant`]'s `FromStr`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct UnknownVariant {
    /// The name given.
    pub name: String,
}

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown variant '{}': expected plain, x, killer or jigsaw", self.name.escape_debug())
    }
}

impl std::error::Error for UnknownVariant {}

impl FromStr for Variant {
    type Err = UnknownVariant;

    /// The variant named `s` (lowercase, surrounding whitespace ignored).
    fn from_str(s: &str) -> Result<Variant, UnknownVariant> {
        Variant::ALL.into_iter().find(|v| v.name() == s.trim()).ok_or_else(|| UnknownVariant { name: s.to_string() })
    }
}

/// The rules of a puzzle beyond rows and columns, with their structure.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum Rules {
    /// Boxes.
    Plain,
    /// Boxes and both main diagonals.
    X,
    /// Boxes and these cages.
    Killer(Cages),
    /// These regions instead of boxes.
    Jigsaw(Regions),
}

impl Rules {
    /// The variant these rules belong to.
    pub fn variant(&self) -> Variant {
        match self {
            Rules::Plain => Variant::Plain,
            Rules::X => Variant::X,
            Rules::Killer(_) => Variant::Killer,
            Rules::Jigsaw(_) => Variant::Jigsaw,
        }
    }
}

/// A puzzle of any [`Variant`]: a grid of givens and the variant's [`Rules`].
///
/// Built by [`Puzzle::parse`], or from a grid and a parsed structure ([`Puzzle::plain`],
/// [`Puzzle::x`], [`Puzzle::killer`], [`Puzzle::jigsaw`]). Solved by a
/// [`Solver`](crate::Solver), as a [`Grid`] is.
///
/// `Display` prints the puzzle in its input format, which [`Puzzle::parse`] reads back;
/// [`Puzzle::render`] shows a grid (a solution, say) next to the region or cage map.
///
/// # Example
///
/// ```
/// use sudoku::{Puzzle, Solver, Uniqueness, Variant};
///
/// // A 4x4 jigsaw: the regions, then the givens.
/// let puzzle = Puzzle::parse(Variant::Jigsaw, "
///     a a a b
///     c a b b
///     c c d b
///     c d d d
///
///     . . . .
///     2 . . .
///     . . . .
///     4 3 . .
/// ")?;
/// let mut solver = Solver::new(puzzle.shape());
/// let Uniqueness::Unique(solution) = solver.solve_unique(&puzzle) else { panic!("unique") };
/// assert_eq!(solution.to_line(), "1234241331424321");
/// assert!(puzzle.is_solution(&solution));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Puzzle {
    /// The givens; of the shape of the map, if any.
    grid: Grid,
    rules: Rules,
}

impl Puzzle {
    /// Parses a puzzle of `variant` (see the [module docs](self) and `docs/variants.md`).
    ///
    /// # Errors
    ///
    /// A [`VariantError`]: grid errors ([`VariantError::Grid`], with positions in the whole
    /// text), map and sum errors, a grid of the wrong size, and clashing givens
    /// ([`VariantError::Clash`], under the variant's rules).
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku::{Puzzle, Variant};
    ///
    /// // Both main diagonals hold every digit once: a 1 on each is a clash.
    /// let err = Puzzle::parse(Variant::X, "1...\n.2..\n..1.\n....").unwrap_err();
    /// assert_eq!(err.to_string(), "the main diagonal has 1 twice: r1c1 and r3c3");
    /// let err = Puzzle::parse(Variant::Killer, "aabb\naabb\nccdd\nccdd\na 10\nb 10\nc 10\n").unwrap_err();
    /// assert_eq!(err.to_string(), "cage 'd' (first cell r3c3) has no sum: expected a line 'd SUM'");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse(variant: Variant, text: &str) -> Result<Puzzle, VariantError> {
        let lines = lines_of(text);
        let (rules, grid_start, shape) = match variant {
            Variant::Plain | Variant::X => {
                let grid = parse_grid_with(text, false).map_err(VariantError::Grid)?;
                let rules = if variant == Variant::X { Rules::X } else { Rules::Plain };
                let puzzle = Puzzle { grid, rules };
                puzzle.validate()?;
                return Ok(puzzle);
            }
            Variant::Killer => {
                let (cages, end) = Cages::read(&lines, 0)?;
                let shape = cages.shape();
                (Rules::Killer(cages), end, shape)
            }
            Variant::Jigsaw => {
                let (regions, end) = Regions::read(&lines, 0)?;
                regions.check()?;
                let shape = regions.shape();
                (Rules::Jigsaw(regions), end, shape)
            }
        };
        let grid = read_grid(text, &lines, grid_start, shape)?;
        let puzzle = Puzzle { grid, rules };
        puzzle.validate()?;
        Ok(puzzle)
    }

    /// A plain puzzle. Clashing givens are kept (the solver answers "no solution").
    pub fn plain(grid: Grid) -> Puzzle {
        Puzzle { grid, rules: Rules::Plain }
    }

    /// An X-sudoku. Clashing givens are kept.
    pub fn x(grid: Grid) -> Puzzle {
        Puzzle { grid, rules: Rules::X }
    }

    /// A killer sudoku with these givens (often an empty grid) and cages.
    ///
    /// # Errors
    ///
    /// [`VariantError::GridSize`] if the grid and the cage map differ in size.
    pub fn killer(grid: Grid, cages: Cages) -> Result<Puzzle, VariantError> {
        check_size(&grid, cages.shape())?;
        Ok(Puzzle { grid, rules: Rules::Killer(cages) })
    }

    /// A jigsaw sudoku with these givens and regions.
    ///
    /// # Errors
    ///
    /// [`VariantError::GridSize`] if the grid and the region map differ in size.
    pub fn jigsaw(grid: Grid, regions: Regions) -> Result<Puzzle, VariantError> {
        check_size(&grid, regions.shape())?;
        Ok(Puzzle { grid, rules: Rules::Jigsaw(regions) })
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.rules.variant()
    }

    /// The givens.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The grid's shape.
    pub fn shape(&self) -> Shape {
        self.grid.shape()
    }

    /// The rules, with the cages or regions.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The regions of a jigsaw.
    pub fn regions(&self) -> Option<&Regions> {
        match &self.rules {
            Rules::Jigsaw(r) => Some(r),
            _ => None,
        }
    }

    /// The cages of a killer.
    pub fn cages(&self) -> Option<&Cages> {
        match &self.rules {
            Rules::Killer(c) => Some(c),
            _ => None,
        }
    }

    /// Every area whose digits must all differ, with its cells in reading order: rows, columns,
    /// boxes (not for a jigsaw), diagonals (X), regions (jigsaw), cages (killer).
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku::{Area, Grid, Puzzle, Shape};
    ///
    /// let areas = Puzzle::x(Grid::empty(Shape::SIZE_9)).areas();
    /// assert_eq!(areas.len(), 29);
    /// assert_eq!(areas[28].0, Area::AntiDiagonal);
    /// assert_eq!(areas[28].1[0].to_string(), "r1c9");
    /// ```
    pub fn areas(&self) -> Vec<(Area, Vec<Cell>)> {
        let shape = self.shape();
        let n = shape.size();
        let mut areas: Vec<(Area, Vec<Cell>)> = shape
            .units()
            .filter(|u| !(matches!(u, Unit::Box(_)) && matches!(self.rules, Rules::Jigsaw(_))))
            .map(|u| (Area::Unit(u), shape.unit_cells(u).collect()))
            .collect();
        match &self.rules {
            Rules::Plain => {}
            Rules::X => {
                areas.push((Area::MainDiagonal, (0..n).map(|k| Cell::new(k, k)).collect()));
                areas.push((Area::AntiDiagonal, (0..n).map(|k| Cell::new(k, n - 1 - k)).collect()));
            }
            Rules::Killer(cages) => {
                areas.extend(cages.iter().map(|c| (Area::Cage(c.label()), c.cells().to_vec())));
            }
            Rules::Jigsaw(regions) => {
                areas.extend(
                    regions.labels().iter().enumerate().map(|(k, &l)| (Area::Region(l), regions.cells(k).to_vec())),
                );
            }
        }
        areas
    }

    /// Checks that no two givens of one area hold the same digit.
    ///
    /// # Errors
    ///
    /// The first clash: the one whose second cell comes first in reading order; for a cell
    /// that clashes in several areas, the first area in the order of [`Puzzle::areas`].
    /// (Cage sums are not checked here: a cage whose givens cannot make its sum has no
    /// solution, which the solver finds.)
    ///
    /// # Complexity
    ///
    /// O(cells * areas per cell + areas * digits).
    pub fn validate(&self) -> Result<(), AreaClash> {
        let shape = self.shape();
        let n = shape.size();
        let areas = self.areas();
        // The areas of each cell, in area order.
        let mut of_cell: Vec<Vec<usize>> = vec![Vec::new(); shape.num_cells()];
        for (a, (_, cells)) in areas.iter().enumerate() {
            for &c in cells {
                of_cell[shape.index(c)].push(a);
            }
        }
        // seen[area * n + digit - 1]: the first cell (index + 1) of that area holding the digit.
        let mut seen = vec![0usize; areas.len() * n];
        for (i, &d) in self.grid.digits().iter().enumerate() {
            if d == 0 {
                continue;
            }
            let cell = shape.cell(i);
            for &a in &of_cell[i] {
                let slot = &mut seen[a * n + usize::from(d) - 1];
                if *slot != 0 {
                    return Err(AreaClash { area: areas[a].0, digit: d, first: shape.cell(*slot - 1), second: cell });
                }
                *slot = i + 1;
            }
        }
        Ok(())
    }

    /// Whether `solution` solves this puzzle: same shape, complete, every area's digits
    /// different, every cage's digits adding up to its sum, and every given kept.
    ///
    /// This check is independent of the solver.
    pub fn is_solution(&self, solution: &Grid) -> bool {
        if solution.shape() != self.shape() || !solution.is_complete() {
            return false;
        }
        let keeps = self.grid.digits().iter().zip(solution.digits()).all(|(&p, &s)| p == 0 || p == s);
        let distinct = self.areas().iter().all(|(_, cells)| {
            let mut seen = 0u32;
            cells.iter().all(|&c| {
                let bit = 1u32 << solution.get(c).unwrap_or(0);
                let fresh = seen & bit == 0;
                seen |= bit;
                fresh
            })
        });
        let sums = self.cages().is_none_or(|cages| {
            cages
                .iter()
                .all(|c| c.cells().iter().map(|&x| u32::from(solution.get(x).unwrap_or(0))).sum::<u32>() == c.sum())
        });
        keeps && distinct && sums
    }

    /// `grid` (a solution, or the givens) as text for people: the boxed grid for plain and X
    /// puzzles; for a killer, the boxed grid with the boxed cage map to its right; for a
    /// jigsaw, the grid without boxes, with the region map to its right.
    ///
    /// # Panics
    ///
    /// Panics if `grid` is not of the puzzle's shape.
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku::{Puzzle, Variant};
    ///
    /// // A jigsaw whose grid is full (box 1 holds 2 twice: fine for a jigsaw).
    /// let puzzle = Puzzle::parse(Variant::Jigsaw, "aaab\ncabb\nccdb\ncddd\n1234241331424321")?;
    /// assert_eq!(puzzle.render(puzzle.grid()), "\
    /// 1 2 3 4    a a a b
    /// 2 4 1 3    c a b b
    /// 3 1 4 2    c c d b
    /// 4 3 2 1    c d d d
    /// ");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn render(&self, grid: &Grid) -> String {
        let shape = self.shape();
        assert_eq!(grid.shape(), shape, "a {} grid rendered with a {shape} puzzle", grid.shape());
        let digit = |c: Cell| grid.get(c).and_then(digit_symbol).unwrap_or('.');
        match &self.rules {
            Rules::Plain | Rules::X => grid.to_string(),
            Rules::Killer(cages) => side_by_side(&boxed(shape, digit), &cage_sums(shape, cages)),
            Rules::Jigsaw(regions) => side_by_side(&rows(shape, digit), &rows(shape, |c| regions.label_of(c))),
        }
    }
}

/// The first clash of `grid`'s givens under `rules` ([`Puzzle::validate`]), as a [`Clash`] of
/// the ladder's units: a diagonal, region or cage by its index.
pub(crate) fn area_clash(grid: &Grid, rules: &Rules) -> Option<Clash> {
    let puzzle = Puzzle { grid: grid.clone(), rules: rules.clone() };
    let clash = puzzle.validate().err()?;
    let index = |labels: &[char], l: char| labels.iter().position(|&x| x == l).unwrap_or(0);
    let unit = match (clash.area, rules) {
        (Area::Unit(u), _) => u,
        (Area::MainDiagonal, _) => Unit::Diagonal(0),
        (Area::AntiDiagonal, _) => Unit::Diagonal(1),
        (Area::Region(l), Rules::Jigsaw(r)) => Unit::Region(index(r.labels(), l)),
        (Area::Cage(l), Rules::Killer(c)) => Unit::Cage(c.iter().position(|cage| cage.label() == l).unwrap_or(0)),
        (Area::Region(_), _) => Unit::Region(0),
        (Area::Cage(_), _) => Unit::Cage(0),
    };
    Some(Clash { unit, digit: clash.digit, first: clash.first, second: clash.second })
}

/// Reads the grid from `lines[start..]`: an empty grid if there is nothing but blank lines.
fn read_grid(text: &str, lines: &[&str], start: usize, shape: Shape) -> Result<Grid, VariantError> {
    if lines.iter().skip(start).all(|l| is_blank(l)) {
        return Ok(Grid::empty(shape));
    }
    // The grid's own lines, after as many empty lines as came before: positions stay those of
    // the whole text.
    let rest: Vec<&str> = text.lines().skip(start).collect();
    let shifted = format!("{}{}", "\n".repeat(start), rest.join("\n"));
    let grid = parse_grid_with(&shifted, false).map_err(|e| match e {
        ParseError::WrongCellCount { found } => VariantError::GridSize { found, expected: shape },
        e => VariantError::Grid(e),
    })?;
    check_size(&grid, shape)?;
    Ok(grid)
}

fn check_size(grid: &Grid, shape: Shape) -> Result<(), VariantError> {
    if grid.shape() == shape {
        Ok(())
    } else {
        Err(VariantError::GridSize { found: grid.shape().num_cells(), expected: shape })
    }
}

/// The rows of `shape`, symbols separated by spaces.
fn rows(shape: Shape, symbol: impl Fn(Cell) -> char) -> Vec<String> {
    let n = shape.size();
    (0..n).map(|r| (0..n).map(|c| symbol(Cell::new(r, c)).to_string()).collect::<Vec<_>>().join(" ")).collect()
}

/// The rows of `shape` as [`Grid`]'s `Display` prints them: `|` between boxes, a rule between
/// bands.
fn boxed(shape: Shape, symbol: impl Fn(Cell) -> char) -> Vec<String> {
    // The empty grid's Display for the separators; then each cell's symbol in place of its `.`.
    let template = Grid::empty(shape).to_string();
    let n = shape.size();
    let mut out = Vec::new();
    let mut r = 0;
    for line in template.lines() {
        if line.contains('.') {
            let mut c = 0;
            let row: String = line
                .chars()
                .map(|ch| {
                    if ch == '.' {
                        let s = symbol(Cell::new(r, c));
                        c += 1;
                        s
                    } else {
                        ch
                    }
                })
                .collect();
            debug_assert_eq!(c, n);
            out.push(row);
            r += 1;
        } else {
            out.push(line.to_string());
        }
    }
    out
}

/// The cage map as killer puzzles are printed: each cage's sum at its top-left cell (the
/// first in reading order), after its label (`a17`); the cage's other cells show its label.
/// Columns are as wide as the widest token, boxes separated as in [`boxed`].
fn cage_sums(shape: Shape, cages: &Cages) -> Vec<String> {
    let token = |c: Cell| -> String {
        let label = cages.symbol(c);
        match cages.cage_of(c) {
            Some(cage) if cage.cells().iter().min() == Some(&c) => format!("{label}{}", cage.sum()),
            _ => label.to_string(),
        }
    };
    let width = shape.cells().map(|c| token(c).len()).max().unwrap_or(1);
    let n = shape.size();
    let (br, bc) = (shape.box_rows(), shape.box_cols());
    let mut out = Vec::new();
    for r in 0..n {
        if r > 0 && r % br == 0 {
            // As the grid's rules: a box's cells and their spaces, one more inside the middle.
            let last = n / bc - 1;
            let rule: Vec<String> =
                (0..=last).map(|b| "-".repeat(bc * (width + 1) + usize::from(b > 0 && b < last))).collect();
            out.push(rule.join("+"));
        }
        let mut line = String::new();
        for c in 0..n {
            if c > 0 {
                line.push_str(if c % bc == 0 { " | " } else { " " });
            }
            line.push_str(&format!("{:<width$}", token(Cell::new(r, c))));
        }
        out.push(line.trim_end().to_string());
    }
    out
}

/// Two blocks of lines next to each other, four spaces apart, each line ending with `\n`.
fn side_by_side(left: &[String], right: &[String]) -> String {
    let width = left.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    let mut out = String::new();
    for (l, r) in left.iter().zip(right) {
        let pad = width - l.chars().count();
        out.push_str(l);
        out.extend(std::iter::repeat_n(' ', pad + 4));
        out.push_str(r);
        out.push('\n');
    }
    out
}

impl fmt::Display for Puzzle {
    /// The input format of the variant: the grid (plain, X); the region map, a blank line and
    /// the grid (jigsaw); the cage map, the sums, and the grid if it has givens (killer).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.rules {
            Rules::Plain | Rules::X => self.grid.fmt(f),
            Rules::Killer(cages) => {
                cages.fmt(f)?;
                if self.grid.num_filled() > 0 {
                    writeln!(f)?;
                    self.grid.fmt(f)?;
                }
                Ok(())
            }
            Rules::Jigsaw(regions) => {
                regions.fmt(f)?;
                writeln!(f)?;
                let digit = |c: Cell| self.grid.get(c).and_then(digit_symbol).unwrap_or('.');
                for row in rows(self.shape(), digit) {
                    writeln!(f, "{row}")?;
                }
                Ok(())
            }
        }
    }
}

/// Builds the model of `puzzle`'s rules (its givens are not part of it, as in [`encode`]):
/// one variable per cell as in [`encode`] ([`cell_var`]), then one `AllDifferent` per row and
/// column (`row3`, `col7`), and
///
/// * plain: per box (`box2`);
/// * X: per box, then the main diagonal (`diag1`) and the anti-diagonal (`diag2`);
/// * killer: per box, then one [`DistinctSum`] per cage (`cage_a`), its all-different part
///   at `strength`;
/// * jigsaw: per region (`region_a`), instead of boxes.
///
/// # Errors
///
/// A [`ModelError`] from the engine; none happens for a valid puzzle.
///
/// # Example
///
/// ```
/// use csp::constraint::ConstraintId;
/// use csp::constraints::Strength;
/// use sudoku::{encode_puzzle, Puzzle, Variant};
///
/// let puzzle = Puzzle::parse(Variant::Killer, "aabb\naabb\nccdd\nccdd\na 10\nb 10\nc 10\nd 10")?;
/// let model = encode_puzzle(&puzzle, Strength::Gac)?;
/// assert_eq!((model.num_vars(), model.num_constraints()), (16, 16));
/// assert_eq!(model.constraint_label(ConstraintId::from_index(12)), "cage_a");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn encode_puzzle(puzzle: &Puzzle, strength: Strength) -> Result<Model, ModelError> {
    encode_rules(puzzle.shape(), &puzzle.rules, strength)
}

/// The unit of each constraint [`encode_rules`] posts for `shape` and `rules`, by constraint
/// index: the typed map from the model's constraints to the grid's units (rows, columns, boxes,
/// diagonals, regions and cages in label order), so that nothing reads a unit back from a
/// constraint's name.
pub(crate) fn rule_units(shape: Shape, rules: &Rules) -> Vec<Unit> {
    match rules {
        Rules::Plain => shape.units().collect(),
        Rules::X => shape.units().chain([Unit::Diagonal(0), Unit::Diagonal(1)]).collect(),
        Rules::Killer(cages) => shape.units().chain((0..cages.len()).map(Unit::Cage)).collect(),
        Rules::Jigsaw(regions) => shape
            .units()
            .filter(|u| !matches!(u, Unit::Box(_)))
            .chain((0..regions.labels().len()).map(Unit::Region))
            .collect(),
    }
}

/// [`encode_puzzle`] for a puzzle of `shape` under `rules` (a classic grid: [`Rules::Plain`]).
pub(crate) fn encode_rules(shape: Shape, rules: &Rules, strength: Strength) -> Result<Model, ModelError> {
    let vars = |cells: &[Cell]| -> Vec<VarId> { cells.iter().map(|&c| cell_var(shape, c)).collect() };
    match rules {
        Rules::Plain => encode(shape, strength),
        Rules::X => {
            let mut model = encode(shape, strength)?;
            let n = shape.size();
            let main: Vec<Cell> = (0..n).map(|k| Cell::new(k, k)).collect();
            let anti: Vec<Cell> = (0..n).map(|k| Cell::new(k, n - 1 - k)).collect();
            model.post_named("diag1", AllDifferent::new(vars(&main)).with_strength(strength))?;
            model.post_named("diag2", AllDifferent::new(vars(&anti)).with_strength(strength))?;
            Ok(model)
        }
        Rules::Killer(cages) => {
            let mut model = encode(shape, strength)?;
            for cage in cages {
                // The sum is at most 325 (25x25): it fits.
                let sum = i32::try_from(cage.sum()).unwrap_or(i32::MAX);
                let c = DistinctSum::new(vars(cage.cells()), sum).with_strength(strength);
                model.post_named(format!("cage_{}", cage.label()), c)?;
            }
            Ok(model)
        }
        Rules::Jigsaw(regions) => {
            let mut model = Model::new();
            let n = shape.size();
            for cell in shape.cells() {
                model.new_named_var(cell.to_string(), 1..=n as i32)?;
            }
            for unit in shape.units().filter(|u| !matches!(u, Unit::Box(_))) {
                let cells: Vec<Cell> = shape.unit_cells(unit).collect();
                model.post_named(unit.constraint_name(), AllDifferent::new(vars(&cells)).with_strength(strength))?;
            }
            for (k, &label) in regions.labels().iter().enumerate() {
                let c = AllDifferent::new(vars(regions.cells(k))).with_strength(strength);
                model.post_named(format!("region_{label}"), c)?;
            }
            Ok(model)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::MapKind;

    const JIGSAW_4: &str = "aaab\ncabb\nccdb\ncddd\n\n....\n2...\n....\n43..\n";

    #[test]
    fn the_unit_map_has_one_unit_per_constraint_of_the_encoder_and_names_agree() {
        let killer = "aabb\ncadb\ncedf\ngedf\na 7\nb 9\nc 5\nd 7\ne 4\nf 4\ng 4\n\n1...\n....\n....\n...1\n";
        let cases =
            [(Variant::Plain, "1.3.3.1..1.3..2."), (Variant::X, "1...\n..1.\n....\n.1.."), (Variant::Killer, killer)];
        for (v, text) in cases.into_iter().chain([(Variant::Jigsaw, JIGSAW_4)]) {
            let p = Puzzle::parse(v, text).unwrap();
            let model = encode_puzzle(&p, Strength::ForwardChecking).unwrap();
            let units = rule_units(p.shape(), &p.rules);
            assert_eq!(units.len(), model.num_constraints(), "{v}");
            for (k, unit) in units.iter().enumerate() {
                let id = csp::constraint::ConstraintId::from_index(k);
                let cells: Vec<usize> = model.constraint(id).scope().iter().map(|x| x.index()).collect();
                let expected: Vec<usize> = match unit {
                    Unit::Diagonal(0) => (0..4).map(|i| i * 4 + i).collect(),
                    Unit::Diagonal(_) => (0..4).map(|i| i * 4 + 3 - i).collect(),
                    Unit::Cage(c) => match &p.rules {
                        Rules::Killer(cages) => {
                            cages.iter().nth(*c).unwrap().cells().iter().map(|c| c.row() * 4 + c.col()).collect()
                        }
                        _ => unreachable!(),
                    },
                    Unit::Region(r) => match &p.rules {
                        Rules::Jigsaw(regions) => regions.cells(*r).iter().map(|c| c.row() * 4 + c.col()).collect(),
                        _ => unreachable!(),
                    },
                    u => p.shape().unit_cells(*u).map(|c| c.row() * 4 + c.col()).collect(),
                };
                assert_eq!(cells, expected, "{v}: constraint {k} is {unit:?}");
            }
        }
    }

    #[test]
    fn variant_names_round_trip() {
        for v in Variant::ALL {
            assert_eq!(v.to_string().parse::<Variant>(), Ok(v));
        }
        assert_eq!(" x ".parse::<Variant>(), Ok(Variant::X));
        assert!("X".parse::<Variant>().is_err());
        assert_eq!(Variant::default(), Variant::Plain);
    }

    #[test]
    fn every_variant_prints_in_a_form_it_reads_back() {
        let killer = "aabb\ncadb\ncedf\ngedf\na 7\nb 9\nc 5\nd 7\ne 4\nf 4\ng 4\n\n1...\n....\n....\n...1\n";
        let cases =
            [(Variant::Plain, "1.3.3.1..1.3..2."), (Variant::X, "1...\n..1.\n....\n.1.."), (Variant::Killer, killer)];
        for (v, text) in cases.into_iter().chain([(Variant::Jigsaw, JIGSAW_4)]) {
            let p = Puzzle::parse(v, text).unwrap();
            assert_eq!(p.variant(), v);
            assert_eq!(Puzzle::parse(v, &p.to_string()), Ok(p.clone()), "{v}:\n{p}");
        }
    }

    #[test]
    fn a_jigsaw_allows_equal_givens_in_a_standard_box() {
        // r1c2 (region 'a') and r2c1 (region 'c') share the top-left box.
        let text = "aaab\ncabb\nccdb\ncddd\n\n.1..\n1...\n....\n....\n";
        let p = Puzzle::parse(Variant::Jigsaw, text).unwrap();
        assert_eq!(p.grid().num_filled(), 2);
        // Under plain rules that is a box clash.
        assert!(Puzzle::parse(Variant::Plain, ".1..\n1...\n....\n....").is_err());
        // And a clash in a region is reported with the region's label.
        let text = "aaab\ncabb\nccdb\ncddd\n\n1...\n.1..\n....\n....\n";
        let err = Puzzle::parse(Variant::Jigsaw, text).unwrap_err();
        assert_eq!(err.to_string(), "region 'a' has 1 twice: r1c1 and r2c2");
    }

    #[test]
    fn grid_errors_are_positioned_in_the_whole_text() {
        let text = "aaab\ncabb\nccdb\ncddd\n# givens\n....\n..x4\n2..1\n....\n";
        assert_eq!(
            Puzzle::parse(Variant::Jigsaw, text),
            Err(VariantError::Grid(ParseError::InvalidChar { line: 7, column: 3, ch: 'x' }))
        );
        let text = "aaab\ncabb\nccdb\ncddd\n\n....\n...4\n2..1\n";
        assert_eq!(
            Puzzle::parse(Variant::Jigsaw, text).unwrap_err().to_string(),
            "the puzzle grid has 12 cells, expected 16 (the map is 4x4)"
        );
        let nine = ".".repeat(81);
        let text = format!("aaab\ncabb\nccdb\ncddd\n{nine}\n");
        assert_eq!(
            Puzzle::parse(Variant::Jigsaw, &text),
            Err(VariantError::GridSize { found: 81, expected: Shape::SIZE_4 })
        );
    }

    #[test]
    fn killer_cage_clash_and_missing_grid() {
        let cages = "aabb\ncadb\ncedf\ngedf\na 7\nb 9\nc 5\nd 7\ne 4\nf 4\ng 4\n";
        let p = Puzzle::parse(Variant::Killer, cages).unwrap();
        assert_eq!(p.grid(), &Grid::empty(Shape::SIZE_4));
        assert_eq!(p.cages().map(Cages::len), Some(7));
        // r2c3 and r4c3 are both in cage 'd' (and column 3: the column is named first).
        let text = format!("{cages}\n....\n..1.\n....\n..1.\n");
        assert_eq!(
            Puzzle::parse(Variant::Killer, &text).unwrap_err().to_string(),
            "column 3 has 1 twice: r2c3 and r4c3"
        );
        // r1c1 and r2c2 are in cage 'a' and box 1: the box comes first.
        let text = format!("{cages}\n2...\n.2..\n....\n....\n");
        assert_eq!(Puzzle::parse(Variant::Killer, &text).unwrap_err().to_string(), "box 1 has 2 twice: r1c1 and r2c2");
        // r1c3 and r2c4: cage 'b' and box 2.
        let text = format!("{cages}\n..3.\n....\n....\n....\n");
        assert!(Puzzle::parse(Variant::Killer, &text).is_ok());
    }

    #[test]
    fn map_errors_name_the_map() {
        assert_eq!(
            Puzzle::parse(Variant::Killer, "\n# nothing\n"),
            Err(VariantError::MissingMap { map: MapKind::Cages })
        );
        assert_eq!(
            Puzzle::parse(Variant::Jigsaw, "").unwrap_err().to_string(),
            "no region map: expected lines of region labels first"
        );
    }

    #[test]
    fn is_solution_checks_every_rule() {
        let p = Puzzle::parse(Variant::Jigsaw, JIGSAW_4).unwrap();
        // Not a plain sudoku (box 1 holds 2 twice): read without the plain checks.
        let good = parse_grid_with("1234241331424321", false).unwrap();
        assert!(p.is_solution(&good));
        assert!(!p.is_solution(&Grid::from_line("1234341221434321").unwrap()), "changes the given r2c1");
        // A solved plain grid that breaks region 'a' (r1c3 and r2c2 hold 4).
        let plain = Grid::from_line("2143341212344321").unwrap();
        let empty = Puzzle::jigsaw(Grid::empty(Shape::SIZE_4), p.regions().unwrap().clone()).unwrap();
        assert!(plain.is_solved() && !empty.is_solution(&plain));
        let plain = Grid::from_line("1234341221434321").unwrap();
        let killer =
            Puzzle::parse(Variant::Killer, "aabb\ncadb\ncedf\ngedf\na 7\nb 9\nc 5\nd 7\ne 4\nf 4\ng 4\n").unwrap();
        assert!(killer.is_solution(&plain));
        let other = Grid::from_line("2143341212344321").unwrap();
        assert!(other.is_solved() && !killer.is_solution(&other));
    }

    #[test]
    fn killer_render_shows_the_boxed_cage_map() {
        let p = Puzzle::parse(Variant::Killer, "aabb\ncadb\ncedf\ngedf\na 7\nb 9\nc 5\nd 7\ne 4\nf 4\ng 4\n").unwrap();
        let shown = p.render(&Grid::from_line("1234341221434321").unwrap());
        assert_eq!(
            shown,
            "1 2 | 3 4    a7 a  | b9 b\n3 4 | 1 2    c5 a  | d7 b\n----+----    ------+------\n2 1 | 4 3    c  e4 | d  f4\n4 3 | 2 1    g4 e  | d  f\n"
        );
    }

    #[test]
    fn encodings_name_their_constraints() {
        let x = encode_puzzle(&Puzzle::x(Grid::empty(Shape::SIZE_9)), Strength::Gac).unwrap();
        assert_eq!(x.num_constraints(), 29);
        assert_eq!(x.constraint_label(csp::constraint::ConstraintId::from_index(28)), "diag2");
        let j = encode_puzzle(&Puzzle::parse(Variant::Jigsaw, JIGSAW_4).unwrap(), Strength::Gac).unwrap();
        assert_eq!(j.num_constraints(), 12);
        assert_eq!(j.constraint_label(csp::constraint::ConstraintId::from_index(8)), "region_a");
        assert_eq!(j.var_name(cell_var(Shape::SIZE_4, Cell::new(1, 2))), Some("r2c3"));
    }
}

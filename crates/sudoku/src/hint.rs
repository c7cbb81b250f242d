//! Hints: the single easiest next step for a grid as it stands.

use crate::error::ParseError;
use crate::grid::{symbol_digit, Cell, Clash, Grid, Shape};
use crate::technique::step::{Contradiction, DeadEnd, Digits, Step, StepKind};
use crate::technique::Ladder;

/// The easiest next step for a grid, with the pencil marks it was found from; built by
/// [`Explainer::hint`](crate::Explainer::hint).
///
/// # Example
///
/// ```
/// use sudoku::{Explainer, Grid};
///
/// let grid = Grid::from_line("...3..4114..3...")?;
/// let hint = Explainer::new(grid.shape()).hint(&grid);
/// assert_eq!(hint.step().unwrap().to_string(), "r1c3 = 2: full house in box 2");
/// assert_eq!(hint.candidates(sudoku::Cell::new(0, 0)).to_string(), "{2, 4}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Hint {
    pub(crate) shape: Shape,
    step: Option<Step>,
    /// By cell index: the candidates (a placed digit alone).
    pub(crate) marks: Vec<Digits>,
    /// By cell index: whether the cell was filled in the grid.
    pub(crate) given: Vec<bool>,
    /// Two solutions that differ, when the grid (with its marks) has several: then there is
    /// no hint to give.
    several: Option<Box<(Grid, Grid)>>,
}

impl Hint {
    /// The step: a placement or an elimination by the easiest technique that applies; a
    /// guess to try if none does; the contradiction if the grid has one (a wrong digit, or
    /// clashing digits); [`StepKind::TimedOut`] if the time limit ran out before a step was
    /// found. `None` for a complete grid.
    pub fn step(&self) -> Option<&Step> {
        self.step.as_ref()
    }

    /// Two solutions that differ, when the grid has several (or its pencil marks allow
    /// several): the grid is not a puzzle to take hints on, and [`step`](Hint::step) is
    /// `None`.
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku::{Explainer, Grid};
    ///
    /// let grid = Grid::from_line(".2.4.4.221434321")?; // 1 and 3 swap in two columns
    /// let hint = Explainer::new(grid.shape()).hint(&grid);
    /// let (a, b) = hint.solutions().expect("two solutions");
    /// assert!(a != b && a.is_solution_of(&grid) && b.is_solution_of(&grid));
    /// assert!(hint.step().is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solutions(&self) -> Option<(&Grid, &Grid)> {
        self.several.as_deref().map(|(a, b)| (a, b))
    }

    /// This hint for a grid with the two solutions `two`: no step.
    pub(crate) fn with_solutions(mut self, two: (Grid, Grid)) -> Hint {
        self.step = None;
        self.several = Some(Box::new(two));
        self
    }

    /// The candidates of `cell` when the hint was found: the digits no filled cell of its
    /// units excludes (the solver's pencil marks, before any technique).
    ///
    /// # Panics
    ///
    /// Panics if `cell` is outside the grid.
    pub fn candidates(&self, cell: Cell) -> Digits {
        self.marks[self.shape.index(cell)]
    }
}

/// A grid with a person's pencil marks: each cell's candidates.
///
/// The text form is the one [`Hint::marks`] prints: one token per cell, row by row, separated
/// by spaces (and `|` between boxes); a token is the cell's candidates (`147`), a single
/// symbol a filled cell, `.` a cell without marks (every digit); border lines of `-`, `+` and
/// HoDoKu's `.`, `:` and `'` corners, and comments from `#`, are ignored. A Sukaku line is
/// read too: 729 characters for a 9x9 grid (`size` cubed), `size` per cell, digit `k` at
/// position `k` or `.`/`0`.
///
/// # Example
///
/// ```
/// use sudoku::{Explainer, PencilMarks};
///
/// // The 4x4 puzzle "...3..4114..3..." with r1c1's 2 crossed out by hand.
/// let marks = PencilMarks::parse("4 12 2 3\n 2 23 4 1\n 1 4 23 2\n 3 2 12 24")?;
/// let hint = Explainer::new(marks.grid().shape()).hint_with_marks(&marks);
/// assert_eq!(hint.step().unwrap().to_string(), "r1c2 = 1: full house in row 1");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PencilMarks {
    pub(crate) grid: Grid,
    /// By cell index: the candidates (a filled cell: its digit).
    pub(crate) marks: Vec<Digits>,
}

impl PencilMarks {
    /// Whether `text` looks like pencil marks rather than a plain grid: as many tokens as a
    /// grid has cells, some of several symbols; or a Sukaku line.
    pub fn looks_like(text: &str) -> bool {
        if sukaku_line(text).is_some() {
            return true;
        }
        let tokens: Vec<&str> = text
            .lines()
            .map(|l| l.split('#').next().unwrap_or(""))
            .filter(|l| !is_border(l))
            .flat_map(|l| l.split(|c: char| c.is_whitespace() || c == '|'))
            .filter(|t| !t.is_empty())
            .collect();
        Shape::from_num_cells(tokens.len()).is_some()
            && tokens.iter().any(|t| t.chars().count() > 1 && t.chars().all(|c| symbol_digit(c).is_some()))
    }

    /// Parses pencil marks (see the type's docs).
    ///
    /// # Errors
    ///
    /// [`ParseError::InvalidChar`] for a character that is not a symbol, `.` or a separator,
    /// [`ParseError::WrongCellCount`] if the tokens are not a supported grid's cells,
    /// [`ParseError::SymbolOutOfRange`] for a digit too large for the grid.
    pub fn parse(text: &str) -> Result<PencilMarks, ParseError> {
        if let Some((line, size)) = sukaku_line(text) {
            return Ok(PencilMarks::from_sukaku(line, size));
        }
        // (line, column of the token's first character, token)
        let mut tokens: Vec<(usize, usize, &str)> = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("");
            if is_border(line) {
                continue;
            }
            let mut start = None;
            for (col, (byte, c)) in
                line.char_indices().enumerate().chain(std::iter::once((line.chars().count(), (line.len(), ' '))))
            {
                let sep = c.is_whitespace() || c == '|';
                match (sep, start) {
                    (false, None) => start = Some((col, byte)),
                    (true, Some((c0, b0))) => {
                        tokens.push((i + 1, c0 + 1, &line[b0..byte]));
                        start = None;
                    }
                    _ => {}
                }
            }
        }
        let shape = Shape::from_num_cells(tokens.len()).ok_or(ParseError::WrongCellCount { found: tokens.len() })?;
        let mut grid = Grid::empty(shape);
        let mut marks = Vec::with_capacity(tokens.len());
        for (index, &(line, column, token)) in tokens.iter().enumerate() {
            let mut digits = Digits::EMPTY;
            if token == "." {
                digits = Digits::from_mask((1 << shape.size()) - 1);
            } else {
                for (k, ch) in token.chars().enumerate() {
                    let column = column + k;
                    let d = symbol_digit(ch).ok_or(ParseError::InvalidChar { line, column, ch })?;
                    if usize::from(d) > shape.size() {
                        return Err(ParseError::SymbolOutOfRange { line, column, ch, shape });
                    }
                    digits = Digits::from_mask(digits.mask() | 1 << (d - 1));
                }
            }
            if digits.len() == 1 && token != "." {
                grid.set(shape.cell(index), digits.iter().next());
            }
            marks.push(digits);
        }
        Ok(PencilMarks { grid, marks })
    }

    /// The marks of a Sukaku line (`size` cubed characters, checked by [`sukaku_line`]).
    fn from_sukaku(line: &str, size: usize) -> PencilMarks {
        let shape = Shape::from_num_cells(size * size).expect("checked by sukaku_line");
        let mut grid = Grid::empty(shape);
        let chars: Vec<char> = line.chars().collect();
        let marks: Vec<Digits> = chars
            .chunks(size)
            .enumerate()
            .map(|(index, cell)| {
                let digits: Digits = cell.iter().filter_map(|&ch| symbol_digit(ch)).collect();
                if digits.len() == 1 {
                    grid.set(shape.cell(index), digits.iter().next());
                }
                digits
            })
            .collect();
        PencilMarks { grid, marks }
    }

    /// The filled cells.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The candidates of `cell` (a filled cell: its digit).
    ///
    /// # Panics
    ///
    /// Panics if `cell` is outside the grid.
    pub fn candidates(&self, cell: Cell) -> Digits {
        self.marks[self.grid.shape().index(cell)]
    }
}

/// Whether `line` is a border of a drawn grid: `-`, `=`, `+`, `|` and the corners HoDoKu
/// draws (`.`, `:`, `'`), with at least one `-` or `=` (a line of `.` alone is a row of cells
/// without marks).
fn is_border(line: &str) -> bool {
    line.chars().all(|c| "-=+|.:'*".contains(c) || c.is_whitespace())
        && (line.contains('-') || line.contains('=') || line.trim().is_empty())
}

/// The Sukaku line in `text` and its grid's size: one line (comments and blank lines aside)
/// of `size` cubed characters, cell by cell, each cell's `size` characters holding digit `k`
/// at position `k` or `.`/`0` (the common 729-character form for 9x9 grids).
pub(crate) fn sukaku_line(text: &str) -> Option<(&str, usize)> {
    let mut lines = text.lines().map(|l| l.split('#').next().unwrap_or("").trim()).filter(|l| !l.is_empty());
    let line = lines.next()?;
    if lines.next().is_some() {
        return None;
    }
    let n = line.chars().count();
    let size = [4usize, 6, 9].into_iter().find(|&s| s * s * s == n)?;
    let ok = line
        .chars()
        .enumerate()
        .all(|(i, ch)| ch == '.' || ch == '0' || symbol_digit(ch).is_some_and(|d| usize::from(d) == i % size + 1));
    ok.then_some((line, size))
}

/// The hint for `grid` from `ladder`, a ladder started on its givens (or the clashes that
/// make it invalid), with the candidates a person crossed out (`crossed`, by cell index: the
/// candidates kept) taken out first; `fault`, the contradiction of a grid without solution
/// (`Solver::hint_fault`), is the hint's step if there is one.
pub(crate) fn from_ladder(
    grid: &Grid,
    ladder: Result<Ladder, Vec<Clash>>,
    crossed: Option<&[Digits]>,
    fault: Option<Step>,
) -> Hint {
    let shape = grid.shape();
    let given: Vec<bool> = grid.digits().iter().map(|&d| d != 0).collect();
    let filled =
        |grid: &Grid| grid.digits().iter().map(|&d| Digits::from_mask(if d == 0 { 0 } else { 1 << (d - 1) })).collect();
    let mut ladder = match ladder {
        Ok(l) => l,
        Err(clashes) => {
            let step = clashes.into_iter().next().map(|c| Step {
                depth: 0,
                refuted: false,
                kind: StepKind::Contradiction(Contradiction::Clash(c)),
            });
            return Hint { shape, step, marks: filled(grid), given, several: None };
        }
    };
    if let Some(kept) = crossed {
        for (cell, &d) in shape.cells().zip(kept) {
            if grid.get(cell).is_none() {
                ladder.restrict(cell, d);
            }
        }
    }
    ladder.settle(0);
    let marks: Vec<Digits> = shape.cells().map(|c| ladder.candidates(c)).collect();
    let dead =
        |end: DeadEnd| Step { depth: 0, refuted: false, kind: StepKind::Contradiction(Contradiction::DeadEnd(end)) };
    let no_cell = |s: &Step| matches!(s.kind, StepKind::Contradiction(Contradiction::NoSolution(None)));
    let step = if fault.as_ref().is_some_and(|f| !no_cell(f) || ladder.contradiction().is_none()) {
        fault
    } else if let Some(end) = ladder.contradiction() {
        // No solution, and the candidates show where: the dead end names the cell.
        Some(dead(end))
    } else if ladder.is_solved() {
        None
    } else if let Some(found) = ladder.next(true) {
        ladder.apply(0, found);
        ladder.steps.pop()
    } else if ladder.timed_out() {
        // The chains stopped at the time limit: no step found, and no guess in its place.
        Some(Step { depth: 0, refuted: false, kind: StepKind::TimedOut })
    } else {
        // Nothing applies: the cell with the fewest candidates is the one to try.
        shape.cells().filter(|&c| grid.get(c).is_none()).min_by_key(|&c| ladder.candidates(c).len()).map(|cell| {
            let candidates = ladder.candidates(cell);
            let digit = candidates.iter().next().unwrap_or(1);
            Step { depth: 0, refuted: false, kind: StepKind::Guess { cell, digit, candidates } }
        })
    };
    Hint { shape, step, marks, given, several: None }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::Explainer;

    /// The marks of `line`'s puzzle, as `--hint=marks` prints them.
    fn marks_of(line: &str) -> PencilMarks {
        let grid = Grid::from_line(line).unwrap();
        let hint = Explainer::new(grid.shape()).hint(&grid);
        let text = hint.marks().to_string();
        PencilMarks::parse(&text).unwrap()
    }

    const PUZZLE: &str = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

    #[test]
    fn hodoku_grid_and_sukaku_line_read_as_the_same_marks() {
        let marks = marks_of(PUZZLE);
        let shape = marks.grid().shape();
        let token = |c: Cell| marks.candidates(c).iter().map(|d| char::from(b'0' + d)).collect::<String>();
        // HoDoKu's print: `.---.` borders, `:---+---:` between bands, `'---'` at the bottom.
        let mut hodoku = String::from(".----------.----------.----------.\n");
        for r in 0..9 {
            if r == 3 || r == 6 {
                hodoku.push_str(":----------+----------+----------:\n");
            }
            hodoku.push('|');
            for c in 0..9 {
                hodoku.push_str(&format!(" {:<9}", token(Cell::new(r, c))));
                if c % 3 == 2 {
                    hodoku.push('|');
                }
            }
            hodoku.push('\n');
        }
        hodoku.push_str("'----------'----------'----------'\n");
        assert!(PencilMarks::looks_like(&hodoku));
        assert_eq!(PencilMarks::parse(&hodoku).unwrap(), marks, "{hodoku}");
        let sukaku: String = shape
            .cells()
            .flat_map(|c| (1..=9u8).map(move |d| (c, d)))
            .map(|(c, d)| if marks.candidates(c).contains(d) { char::from(b'0' + d) } else { '.' })
            .collect();
        assert_eq!(sukaku.len(), 729);
        assert!(PencilMarks::looks_like(&sukaku));
        assert_eq!(PencilMarks::parse(&sukaku).unwrap(), marks);
        assert_eq!(PencilMarks::parse(&sukaku.replace('.', "0")).unwrap(), marks);
        // A digit out of its place is not a Sukaku line.
        let wrong = format!("2{}", &sukaku[1..]);
        assert!(sukaku_line(&wrong).is_none());
    }
}

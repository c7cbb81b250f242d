//! Hints: the single easiest next step for a grid as it stands.

use std::fmt;

use crate::error::ParseError;
use crate::explain::{Contradiction, Digits, Step, StepKind};
use crate::grid::{symbol_digit, Cell, Grid, Shape};
use crate::solve::Solver;
use crate::technique::DeadEnd;

/// The easiest next step for a grid, with the pencil marks it was found from; built by
/// [`Solver::hint`].
///
/// # Example
///
/// ```
/// use sudoku::{Grid, Solver};
///
/// let grid = Grid::from_line("...3..4114..3...")?;
/// let hint = Solver::new(grid.shape()).hint(&grid);
/// assert_eq!(hint.step().unwrap().to_string(), "r1c3 = 2: full house in box 2");
/// assert_eq!(hint.candidates(sudoku::Cell::new(0, 0)).to_string(), "{2, 4}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Hint {
    shape: Shape,
    step: Option<Step>,
    /// By cell index: the candidates (a placed digit alone).
    marks: Vec<Digits>,
    given: Vec<bool>,
}

impl Hint {
    /// The step: a placement or an elimination by the easiest technique that applies; a
    /// guess to try if none does; the contradiction if the grid has one (a wrong digit, or
    /// clashing digits). `None` for a complete grid.
    pub fn step(&self) -> Option<&Step> {
        self.step.as_ref()
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

    /// The pencil marks as a grid: each cell's candidates (a filled cell its digit), columns
    /// aligned, boxes ruled.
    pub fn marks(&self) -> impl fmt::Display + '_ {
        Marks(self)
    }
}

struct Marks<'a>(&'a Hint);

impl fmt::Display for Marks<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let hint = self.0;
        let shape = hint.shape;
        let text: Vec<String> = hint
            .marks
            .iter()
            .zip(&hint.given)
            .map(|(d, &g)| {
                let s: String = d.iter().filter_map(crate::grid::digit_symbol).collect();
                if g || s.is_empty() {
                    if s.is_empty() {
                        "-".to_string()
                    } else {
                        s
                    }
                } else {
                    s
                }
            })
            .collect();
        let n = shape.size();
        let width: Vec<usize> = (0..n).map(|c| (0..n).map(|r| text[r * n + c].len()).max().unwrap_or(1)).collect();
        let rule: String = (0..n)
            .map(|c| {
                let sep = if c > 0 && c % shape.box_cols() == 0 {
                    "-+-"
                } else if c > 0 {
                    "-"
                } else {
                    ""
                };
                format!("{sep}{}", "-".repeat(width[c]))
            })
            .collect();
        for r in 0..n {
            if r > 0 && r % shape.box_rows() == 0 {
                writeln!(f, "{rule}")?;
            }
            let mut line = String::new();
            for c in 0..n {
                if c > 0 {
                    line.push_str(if c % shape.box_cols() == 0 { " | " } else { " " });
                }
                line.push_str(&format!("{:w$}", text[r * n + c], w = width[c]));
            }
            writeln!(f, "{}", line.trim_end())?;
        }
        Ok(())
    }
}

/// A grid with a person's pencil marks: each cell's candidates.
///
/// The text form is the one [`Hint::marks`] prints: one token per cell, row by row, separated
/// by spaces (and `|` between boxes); a token is the cell's candidates (`147`), a single
/// symbol a filled cell, `.` a cell without marks (every digit); lines of `-` and `+`, and
/// comments from `#`, are ignored.
///
/// # Example
///
/// ```
/// use sudoku::{PencilMarks, Solver};
///
/// // The 4x4 puzzle "...3..4114..3..." with r1c1's 2 crossed out by hand.
/// let marks = PencilMarks::parse("4 12 2 3\n 2 23 4 1\n 1 4 23 2\n 3 2 12 24")?;
/// let hint = Solver::new(marks.grid().shape()).hint_with_marks(&marks);
/// assert_eq!(hint.step().unwrap().to_string(), "r1c2 = 1: full house in row 1");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PencilMarks {
    grid: Grid,
    /// By cell index: the candidates (a filled cell: its digit).
    marks: Vec<Digits>,
}

impl PencilMarks {
    /// Whether `text` looks like pencil marks rather than a plain grid: as many tokens as a
    /// grid has cells, some of several symbols.
    pub fn looks_like(text: &str) -> bool {
        let tokens: Vec<&str> = text
            .lines()
            .map(|l| l.split('#').next().unwrap_or(""))
            .filter(|l| !l.chars().all(|c| c == '-' || c == '+' || c == '|' || c.is_whitespace()))
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
        // (line, column of the token's first character, token)
        let mut tokens: Vec<(usize, usize, &str)> = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("");
            if line.chars().all(|c| c == '-' || c == '+' || c == '|' || c.is_whitespace()) {
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

impl Solver {
    /// [`hint`](Solver::hint) for a grid with a person's pencil marks: the candidates the
    /// marks cross out are out (whether or not the solver would have crossed them out), and
    /// the step is the easiest one from there.
    pub fn hint_with_marks(&mut self, marks: &PencilMarks) -> Hint {
        self.hint_from(&marks.grid, Some(&marks.marks))
    }

    /// The single easiest next step for `grid` as it stands, the way a person asks a helper
    /// for one step at a time: the first technique of the ladder ([`crate::technique`]) that
    /// applies to the candidates left by the filled cells, chains included.
    ///
    /// The hint says nothing about whether the grid's digits are right beyond what a step
    /// finds: a contradiction is reported when the candidates show one. Hints never use
    /// uniqueness techniques (unique rectangles, BUG+1): a grid as a person left it, or its
    /// pencil marks, is not known to have a single solution.
    pub fn hint(&mut self, grid: &Grid) -> Hint {
        self.hint_from(grid, None)
    }

    fn hint_from(&mut self, grid: &Grid, crossed: Option<&[Digits]>) -> Hint {
        let shape = grid.shape();
        let given: Vec<bool> = grid.digits().iter().map(|&d| d != 0).collect();
        let filled = |grid: &Grid| {
            grid.digits().iter().map(|&d| Digits::from_mask(if d == 0 { 0 } else { 1 << (d - 1) })).collect()
        };
        let mut ladder = match self.ladder(grid, false) {
            Ok(l) => l,
            Err(clashes) => {
                let step = clashes.into_iter().next().map(|c| Step {
                    depth: 0,
                    refuted: false,
                    kind: StepKind::Contradiction(Contradiction::Clash(c)),
                });
                return Hint { shape, step, marks: filled(grid), given };
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
        let dead = |end: DeadEnd| Step {
            depth: 0,
            refuted: false,
            kind: StepKind::Contradiction(Contradiction::DeadEnd(end)),
        };
        let step = if let Some(end) = ladder.contradiction() {
            Some(dead(end))
        } else if ladder.is_solved() {
            None
        } else if let Some(found) = ladder.next(true).into_iter().next() {
            ladder.apply(0, found);
            ladder.steps.pop()
        } else {
            // Nothing applies: the cell with the fewest candidates is the one to try.
            shape.cells().filter(|&c| grid.get(c).is_none()).min_by_key(|&c| ladder.candidates(c).len()).map(|cell| {
                let candidates = ladder.candidates(cell);
                let digit = candidates.iter().next().unwrap_or(1);
                Step { depth: 0, refuted: false, kind: StepKind::Guess { cell, digit, candidates } }
            })
        };
        Hint { shape, step, marks, given }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_complete_grid_has_no_hint_and_a_wrong_one_a_contradiction() {
        let mut solver = Solver::new(Shape::SIZE_4);
        let done = Grid::from_line("1234341221434321").unwrap();
        assert!(solver.hint(&done).step().is_none());
        let clash = Grid::parse_keeping_clashes("11..............").unwrap();
        let step = solver.hint(&clash).step().unwrap().to_string();
        assert_eq!(step, "contradiction: givens r1c1 and r1c2 both hold 1 in row 1");
    }

    #[test]
    fn pencil_marks_read_back_what_a_hint_prints() {
        let grid = Grid::from_line("...3..4114..3...").unwrap();
        let hint = Solver::new(grid.shape()).hint(&grid);
        let marks = PencilMarks::parse(&hint.marks().to_string()).unwrap();
        // A cell with one candidate reads back as filled.
        assert!(grid.cells().all(|(c, d)| d.is_none() || marks.grid().get(c) == d));
        assert_eq!(marks.grid().to_line(), "..232.4114.232..");
        assert!(PencilMarks::looks_like(&hint.marks().to_string()));
        assert!(!PencilMarks::looks_like("...3..4114..3..."));
        assert!(!PencilMarks::looks_like("1234341221434321"));
        assert!(!PencilMarks::looks_like("12 34\n34 12\n21 43\n43 21"));
        for cell in grid.shape().cells() {
            assert_eq!(marks.candidates(cell), hint.candidates(cell));
        }
        assert_eq!(PencilMarks::parse("1 2 3"), Err(ParseError::WrongCellCount { found: 3 }));
        let bad = "12 x 3 4\n1 2 3 4\n1 2 3 4\n1 2 3 4";
        assert_eq!(PencilMarks::parse(bad), Err(ParseError::InvalidChar { line: 1, column: 4, ch: 'x' }));
    }

    #[test]
    fn pencil_marks_align_columns_and_rule_boxes() {
        let grid = Grid::from_line("...3..4114..3...").unwrap();
        let hint = Solver::new(grid.shape()).hint(&grid);
        let text = hint.marks().to_string();
        assert_eq!(text.lines().count(), 5, "{text}");
        assert!(text.lines().nth(2).unwrap().starts_with("---"), "{text}");
    }
}

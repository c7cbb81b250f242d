//! Hints: the single easiest next step for a grid as it stands.

use std::fmt;

use crate::explain::{Contradiction, Digits, Step, StepKind};
use crate::grid::{Cell, Grid, Shape};
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

impl Solver {
    /// The single easiest next step for `grid` as it stands, the way a person asks a helper
    /// for one step at a time: the first technique of the ladder ([`crate::technique`]) that
    /// applies to the candidates left by the filled cells, chains included.
    ///
    /// The hint says nothing about whether the grid's digits are right beyond what a step
    /// finds: a contradiction is reported when the candidates show one.
    pub fn hint(&mut self, grid: &Grid) -> Hint {
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
    fn pencil_marks_align_columns_and_rule_boxes() {
        let grid = Grid::from_line("...3..4114..3...").unwrap();
        let hint = Solver::new(grid.shape()).hint(&grid);
        let text = hint.marks().to_string();
        assert_eq!(text.lines().count(), 5, "{text}");
        assert!(text.lines().nth(2).unwrap().starts_with("---"), "{text}");
    }
}

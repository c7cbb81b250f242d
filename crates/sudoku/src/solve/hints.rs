//! Hints: the next step for a grid as it stands, after checking that it has one solution.

use super::explain::variant_clashes;
use super::*;
use crate::grid::Grid;
use crate::hint::{self, Hint, PencilMarks};
use crate::outcome::Uniqueness;
use crate::technique::step::{self, Contradiction, Digits, Step, StepKind};
use crate::variant::Rules;

impl Solver {
    /// [`Explainer::hint_with_marks`](super::Explainer::hint_with_marks).
    pub(crate) fn hint_with_marks(&mut self, marks: &PencilMarks) -> Hint {
        self.hint_from(marks, None)
    }

    /// [`Explainer::hint`](super::Explainer::hint).
    pub(crate) fn hint<P: Solvable + ?Sized>(&mut self, puzzle: &P) -> Hint {
        self.hint_from(puzzle, None)
    }

    /// The check a hint makes first: the contradiction step if `puzzle` (valid, no clashes)
    /// has no solution under its rules, or none that its pencil marks (`crossed`, by cell
    /// index: the candidates kept) allow, with the cell at fault when one is found (a filled
    /// digit without which a plain grid has a solution, or a cell whose marks cross out its
    /// digit of the solution); or two solutions that differ, if it has several.
    pub(super) fn hint_fault<P: Solvable + ?Sized>(&mut self, puzzle: &P, crossed: Option<&[Digits]>) -> Fault {
        let step = |fault| {
            Box::new(Step { depth: 0, refuted: false, kind: StepKind::Contradiction(Contradiction::NoSolution(fault)) })
        };
        let grid = puzzle.givens();
        let shape = grid.shape();
        let plain = matches!(puzzle.rules(), Rules::Plain);
        // The rules and givens alone first (marks aside): a fault of the digits comes first.
        let rules_only = if plain { self.solve_unique(grid) } else { self.solve_unique(puzzle) };
        match rules_only {
            Uniqueness::Unsatisfiable if plain => {
                // The filled digit at fault: the only one without which the grid has a solution
                // (when several are, the hint cannot tell which is wrong).
                let mut wrong = shape.cells().filter_map(|cell| {
                    let digit = grid.get(cell)?;
                    let mut without = grid.clone();
                    without.set(cell, None);
                    let solvable = !matches!(self.solve_unique(&without), Uniqueness::Unsatisfiable);
                    solvable.then_some(step::Fault::WrongDigit { cell, digit })
                });
                let only = match (wrong.next(), wrong.next()) {
                    (Some(f), None) => Some(f),
                    _ => None,
                };
                Fault::Step(step(only))
            }
            Uniqueness::Unsatisfiable => Fault::Step(step(None)),
            Uniqueness::Unique(solution) => {
                let Some(kept) = crossed else { return Fault::None };
                let crossed_out = shape.cells().zip(kept).find_map(|(cell, &d)| {
                    let digit = solution.get(cell)?;
                    (grid.get(cell).is_none() && !d.contains(digit)).then_some(step::Fault::CrossedOut { cell, digit })
                });
                crossed_out.map_or(Fault::None, |f| Fault::Step(step(Some(f))))
            }
            Uniqueness::Multiple(a, b) => {
                let Some(kept) = crossed else { return Fault::Several(Box::new((a, b))) };
                // The marks may leave one of the solutions, none, or several.
                let marked = PencilMarks { grid: grid.clone(), marks: kept.to_vec() };
                match self.solve_unique(&marked) {
                    Uniqueness::Unsatisfiable => Fault::Step(step(None)),
                    Uniqueness::Multiple(a, b) => Fault::Several(Box::new((a, b))),
                    _ => Fault::None,
                }
            }
            Uniqueness::LimitReached(_) => Fault::None,
        }
    }

    pub(super) fn hint_from<P: Solvable + ?Sized>(&mut self, puzzle: &P, crossed: Option<&[Digits]>) -> Hint {
        let crossed = crossed.or(puzzle.marks());
        // A grid with no solution (or none its marks allow) gets that answer, not a step; a
        // grid with several gets two of them. A jigsaw's regions replace the boxes, so its
        // givens are checked against its own rules only.
        let grid = puzzle.givens();
        let clashes = match puzzle.rules() {
            Rules::Plain => grid.clashes(),
            rules => variant_clashes(grid, rules),
        };
        let deadline = self.deadline();
        let fault = if clashes.is_empty() { self.hint_fault(puzzle, crossed) } else { Fault::None };
        let ladder = self.ladder(puzzle, false).map(|mut l| {
            l.deadline = deadline;
            l
        });
        match fault {
            Fault::None => hint::from_ladder(grid, ladder, crossed, None),
            Fault::Step(step) => hint::from_ladder(grid, ladder, crossed, Some(*step)),
            Fault::Several(two) => hint::from_ladder(grid, ladder, crossed, None).with_solutions(*two),
        }
    }
}

/// What the check before a hint found ([`Solver::hint_fault`]).
pub(super) enum Fault {
    /// Nothing: the grid has one solution (or a limit stopped the check).
    None,
    /// No solution: the contradiction step.
    Step(Box<Step>),
    /// Two solutions that differ.
    Several(Box<(Grid, Grid)>),
}

//! Explanations: a solve told the way a person solves, one step per line.
//!
//! [`Explainer::explain`](crate::Explainer::explain) runs the technique ladder ([`crate::technique`]):
//! at each point the easiest technique that applies, from full houses and singles through
//! locked candidates, subsets and fish to forcing chains, and a guess only when nothing
//! applies. Each step is one line: its claims, `: `, and the technique with its cells and
//! units.
//!
//! ```text
//! r3c5 = 7: hidden single in box 2                        a placement
//! r4c4 = 2: naked single
//! r3c7, r3c9 != 7: pointing 7 in r3c1, r3c2 (box 1, row 3)  an elimination: each cell loses each digit
//! r1c4, r1c8 != 3, 7: naked pair {3, 7} in r1c2, r1c5 (row 1)
//! r1c7 != 2: forcing chain of 4: if r1c7 = 2 then r1c3 = 5, r4c3 = 7, r4c9 = 1, so r7c9 has no candidate left
//! guess r1c1 = 4: 2 candidates {4, 9}                      only when nothing applies
//! contradiction: r5c5 has no candidate left
//! backtrack: r1c1 = 4 leads to a contradiction
//! r1c1 != 4: guess r1c1 = 4 failed
//! ```
//!
//! The eliminations that follow directly from a placement (`r3c1, r3c2 != 7: r3c5 = 7 in
//! row 3`) are *implied*: recorded, and printed only with [`Detail::Full`].
//!
//! Steps made after a guess that later failed are *refuted* ([`Step::refuted`]): their
//! conclusions held only under that guess. [`Detail::Normal`] summarises each failed guess
//! in four lines, [`Detail::Full`] shows it in full, indented.

// The vocabulary of steps lives in `step` (below everything); it is re-exported here, where it
// was first defined, so that `sudoku::explain::Step` and the like keep working.
pub use crate::technique::step::{Contradiction, Detail, Digits, Step, StepKind};

use crate::grade::Grade;
use crate::grid::{Clash, Grid};
use crate::outcome::Uniqueness;
use crate::technique::Run;

/// A solve told step by step; built by [`Explainer::explain`](crate::Explainer::explain).
///
/// `Display` prints it with [`Detail::Normal`], one step per line; the alternate form
/// (`{:#}`) prints [`Detail::Full`].
///
/// # Example
///
/// ```
/// use sudoku::{Explainer, Grid, StepKind, Uniqueness};
///
/// let puzzle = Grid::from_line("...3..4114..3...")?;
/// let explanation = Explainer::new(puzzle.shape()).explain(&puzzle);
/// let Uniqueness::Unique(solution) = explanation.result() else { panic!("unique") };
/// for step in explanation.steps() {
///     if let StepKind::Place { cell, digit, .. } = step.kind {
///         assert_eq!(solution.get(cell), Some(digit));
///     }
/// }
/// let text = explanation.to_string();
/// assert!(text.lines().any(|l| l == "r4c2 = 2: full house in box 3"), "{text}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Explanation {
    puzzle: Grid,
    result: Uniqueness,
    pub(crate) steps: Vec<Step>,
    /// `(guess, backtrack)` step indices of every refuted guess, sorted by guess index.
    pub(crate) refutations: Vec<(u32, u32)>,
    grade: Grade,
}

impl Explanation {
    /// The explanation of `puzzle` from the ladder's `run` (its refutations sorted), the
    /// search's `result` and the `grade` of the run.
    pub(crate) fn new(puzzle: Grid, result: Uniqueness, run: Run, grade: Grade) -> Explanation {
        Explanation { puzzle, result, steps: run.steps, refutations: run.refutations, grade }
    }

    /// The puzzle explained.
    pub fn puzzle(&self) -> &Grid {
        &self.puzzle
    }

    /// The outcome of the search: a unique solution, two of them, none (clashing givens
    /// included), or a limit reached.
    pub fn result(&self) -> &Uniqueness {
        &self.result
    }

    /// Every step, in order, up to the first solution found (or a dead end). Steps of
    /// refuted guesses and implied eliminations included.
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// The clashing givens of an invalid puzzle; empty for a valid one.
    pub fn clashes(&self) -> impl Iterator<Item = &Clash> + '_ {
        self.steps.iter().filter_map(|s| match &s.kind {
            StepKind::Contradiction(Contradiction::Clash(c)) => Some(c),
            _ => None,
        })
    }

    /// The puzzle's grade: the hardest step explained (see [`Grade`]).
    pub fn grade(&self) -> &Grade {
        &self.grade
    }
}

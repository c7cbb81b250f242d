//! The explainer: steps, hints and grades, the way a person solves, on a [`Solver`] of its
//! own (no mode flag: a [`Solver`] answers, an [`Explainer`] explains).

use super::{Solvable, Solver};
use crate::explain::Explanation;
use crate::grade::Grade;
use crate::grid::Shape;
use crate::hint::{Hint, PencilMarks};
use csp::{Limits, Stats};

/// Explains, hints and grades puzzles of any shape and variant, one at a time, with the
/// technique ladder ([`crate::technique`]): the steps a person would take, from the easiest.
///
/// It holds a [`Solver`] of its own, for the uniqueness proofs a grade needs and for the
/// answer an explanation gives; its options (limits above all: a timeout bounds the proof and
/// the ladder together) are that solver's. Build it once and call it for every puzzle.
///
/// # Example
///
/// ```
/// use sudoku::{Band, Detail, Explainer, Grid, Puzzle, Variant};
///
/// let puzzle = Grid::from_line("...3..4114..3...")?;
/// let mut explainer = Explainer::new(puzzle.shape());
/// let explanation = explainer.explain(&puzzle);
/// println!("{}", explanation.display(Detail::Brief));
/// assert!(explanation.to_string().lines().any(|l| l == "r1c1 = 4: naked single"));
/// assert_eq!(explainer.grade(&puzzle), *explanation.grade());
/// assert_eq!(explainer.grade(&puzzle).band(), Band::Easy);
/// // A jigsaw, with the same explainer.
/// let jigsaw = Puzzle::parse(Variant::Jigsaw, "aaab\ncabb\nccdb\ncddd\n\n....\n2...\n....\n43..")?;
/// assert_eq!(explainer.grade(&jigsaw).band(), Band::Easy);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Default)]
pub struct Explainer {
    solver: Solver,
}

impl From<Solver> for Explainer {
    /// An explainer on `solver`, with its options (strength, orders, seed, limits).
    fn from(solver: Solver) -> Explainer {
        Explainer { solver }
    }
}

impl Explainer {
    /// An explainer for puzzles of `shape` (others are accepted too), with a solver of the
    /// default options ([`Solver::new`]).
    pub fn new(shape: Shape) -> Explainer {
        Explainer { solver: Solver::new(shape) }
    }

    /// Sets the limits of each following explanation, hint or grade: a timeout bounds the
    /// uniqueness proof and the ladder together (the answer then says it stopped).
    pub fn set_limits(&mut self, limits: Limits) {
        self.solver.set_limits(limits);
    }

    /// The solver the explainer proves and answers with.
    pub fn solver(&self) -> &Solver {
        &self.solver
    }

    /// The engine's statistics of the last search (an explanation's answer, a grade's
    /// uniqueness proof).
    pub fn stats(&self) -> &Stats {
        self.solver.stats()
    }

    /// Explains how to solve `puzzle`, step by step, the way a person would (see the
    /// [module](crate::explain) docs), and grades it.
    ///
    /// The outcome ([`Explanation::result`]) is that of
    /// [`Solver::solve_unique`] with this explainer's solver; the steps come from the
    /// technique ladder, which reaches the same solution for a puzzle with one. An invalid
    /// puzzle (clashing givens) is explained by its clashes; an unsolvable one by the
    /// contradictions its guesses meet. The ladder gives up after 5,000 guesses
    /// ([`StepKind::Stopped`](crate::StepKind::Stopped)).
    ///
    /// Every variant is explained: the techniques run over its groups (diagonals, jigsaw
    /// regions, killer cages as groups), a killer's steps also reason with its cage sums
    /// ([`SumTechnique`](crate::SumTechnique)).
    pub fn explain<P: Solvable + ?Sized>(&mut self, puzzle: &P) -> Explanation {
        self.solver.explain(puzzle)
    }

    /// Grades `puzzle` with the technique ladder (see the [module](crate::grade) docs): the
    /// grade [`explain`](Explainer::explain) gives, without recording the steps. An invalid
    /// grid (clashing givens) grades 0. A search first checks whether `puzzle` has exactly one
    /// solution: only then may the ladder use uniqueness techniques (unique rectangles, BUG+1).
    ///
    /// Puzzles of every variant are graded, on one scale: the ladder runs over the variant's
    /// groups (diagonals, jigsaw regions, cages) and reasons with a killer's cage sums.
    pub fn grade<P: Solvable + ?Sized>(&mut self, puzzle: &P) -> Grade {
        self.solver.grade_puzzle(puzzle)
    }

    /// The single easiest next step for `puzzle` as it stands, the way a person asks a helper
    /// for one step at a time: the first technique of the ladder ([`crate::technique`]) that
    /// applies to the candidates left by the filled cells, chains included.
    ///
    /// The grid is checked first: a grid with no solution gets that answer, with the cell at
    /// fault when one is found (a filled digit without which it has a solution; with pencil
    /// marks, a cell whose marks cross out its digit of the solution), not a step; a grid
    /// with several solutions gets a step that holds in all of them, and two of them. Hints
    /// never use uniqueness techniques (unique rectangles, BUG+1): a grid as a person left
    /// it, or its pencil marks, is not known to have a single solution.
    ///
    /// Every variant has hints: the techniques over its groups, and a killer's cage sums.
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku::{Explainer, Grid};
    ///
    /// let grid = Grid::from_line("...3..4114..3...")?;
    /// let hint = Explainer::new(grid.shape()).hint(&grid);
    /// assert_eq!(hint.step().map(|s| s.to_string()).as_deref(), Some("r1c3 = 2: full house in box 2"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn hint<P: Solvable + ?Sized>(&mut self, puzzle: &P) -> Hint {
        self.solver.hint(puzzle)
    }

    /// [`hint`](Explainer::hint) for a grid with a person's pencil marks: the candidates the
    /// marks cross out are out (whether or not the explainer would have crossed them out), and
    /// the step is the easiest one from there.
    pub fn hint_with_marks(&mut self, marks: &PencilMarks) -> Hint {
        self.solver.hint_with_marks(marks)
    }
}

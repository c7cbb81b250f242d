//! Grading: the rating of a puzzle's hardest step, and grading while searching.

use super::*;
use crate::grade::{Bounded, Grade};
use crate::grid::Grid;

impl Solver {
    /// Grades `grid` with the technique ladder (see the [module](crate::grade) docs). An
    /// invalid grid (clashing givens) grades 0. A search first checks whether `grid` has
    /// exactly one solution: only then may the ladder use uniqueness techniques (unique
    /// rectangles, BUG+1).
    ///
    /// Every variant is graded, on the same scale (see [`explain`](Solver::explain)).
    pub fn grade_puzzle<P: Solvable + ?Sized>(&mut self, puzzle: &P) -> Grade {
        Grade::of_run(&self.run_ladder(puzzle, false))
    }

    /// Grades `grid` as [`grade_puzzle`](Solver::grade_puzzle) does, but stops as soon as
    /// the grade is known to be at least `stop_at` tenths: [`Bounded::AtLeast`] with the
    /// bound known then (at least `stop_at`), else [`Bounded::Exact`] with the grade of
    /// `grade_puzzle`. For a caller that only needs to know on which side of `stop_at` the
    /// grade lies (a generator rejecting puzzles above a band, or accepting every puzzle
    /// above one): the ladder's grade is the rating of its hardest step, so it only rises
    /// along the run, and a puzzle that needs chains is known to grade at least the lowest
    /// chain rating before any chain is looked for (chains are the ladder's most expensive
    /// part).
    ///
    /// `unique` says whether `grid` is known to have exactly one solution (a generated puzzle
    /// is): `grade_puzzle` proves it by a search first, and uses uniqueness techniques only
    /// then.
    pub(crate) fn grade_until(&mut self, grid: &Grid, unique: bool, stop_at: u32) -> Bounded {
        match self.run_ladder_until(grid, false, unique, stop_at) {
            Ok(run) => Bounded::Exact(Grade::of_run(&run)),
            Err(floor) => Bounded::AtLeast(floor),
        }
    }

    /// Turns grading on or off. While on, each puzzle given to a search (solve, count, ...)
    /// is also graded, and [`grade`](Solver::grade) gives the grade of the last one. Off, it
    /// costs nothing.
    ///
    /// Puzzles of every variant are graded, on one scale: the technique ladder
    /// ([`crate::grade`]) runs over the variant's groups (diagonals, jigsaw regions, cages) and
    /// reasons with a killer's cage sums.
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku::{Band, Grid, Puzzle, Solver, Uniqueness, Variant};
    ///
    /// let plain = Grid::from_line("...3..4114..3...")?;
    /// let jigsaw = Puzzle::parse(Variant::Jigsaw, "aaab\ncabb\nccdb\ncddd\n\n....\n2...\n....\n43..")?;
    /// let mut solver = Solver::new(plain.shape());
    /// solver.set_grading(true);
    /// assert!(matches!(solver.solve_unique(&plain), Uniqueness::Unique(_)));
    /// assert_eq!(solver.grade().map(|g| g.band()), Some(Band::Easy));
    /// assert!(matches!(solver.solve_unique(&jigsaw), Uniqueness::Unique(_)));
    /// assert_eq!(solver.grade().map(|g| g.band()), Some(Band::Easy));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_grading(&mut self, on: bool) {
        self.grading = on.then_some(None);
    }

    /// Whether grading is on.
    pub fn is_grading(&self) -> bool {
        self.grading.is_some()
    }

    /// The grade of the last puzzle searched, if grading is on (see
    /// [`set_grading`](Solver::set_grading)).
    pub fn grade(&self) -> Option<Grade> {
        self.grading.flatten()
    }

    /// Grades `grid` if grading is on (called when a puzzle is loaded).
    pub(crate) fn grade_if_on(&mut self, grid: &Grid) {
        if self.grading.is_some() {
            self.grading = Some(Some(self.grade_puzzle(grid)));
        }
    }
}

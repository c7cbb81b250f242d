//! Grading: the rating of a puzzle's hardest step.

use super::*;
use crate::grade::{Bounded, Grade};
use crate::grid::Grid;

impl Solver {
    /// Grades `grid` with the technique ladder (see the [module](crate::grade) docs). An
    /// invalid grid (clashing givens) grades 0. A search first checks whether `grid` has
    /// exactly one solution: only then may the ladder use uniqueness techniques (unique
    /// rectangles, BUG+1).
    ///
    /// Every variant is graded, on the same scale (see [`Explainer::explain`](super::Explainer::explain)).
    pub(crate) fn grade_puzzle<P: Solvable + ?Sized>(&mut self, puzzle: &P) -> Grade {
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

    /// [`grade_until`](Solver::grade_until) for any puzzle (a variant's under its own
    /// rules): `unique` says whether it is known to have exactly one solution and may use
    /// uniqueness techniques (as [`run_ladder`](Solver::run_ladder) decides: never for a
    /// killer).
    pub(crate) fn grade_puzzle_until<P: Solvable + ?Sized>(
        &mut self,
        puzzle: &P,
        unique: bool,
        stop_at: u32,
    ) -> Bounded {
        if matches!(puzzle.rules(), Rules::Plain) && puzzle.marks().is_none() {
            return self.grade_until(puzzle.givens(), unique, stop_at);
        }
        let deadline = self.deadline();
        let ladder = self.ladder(puzzle, false).map(|mut l| {
            l.deadline = deadline;
            l
        });
        match crate::technique::run_from(ladder, unique, stop_at) {
            Ok(run) => Bounded::Exact(Grade::of_run(&run)),
            Err(floor) => Bounded::AtLeast(floor),
        }
    }
}

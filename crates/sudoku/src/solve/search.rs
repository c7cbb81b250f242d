//! The searches on a puzzle: one solution, the unique one, several, a count; and the searches
//! on an engine whose givens are assigned, which they share with the other concepts.

use csp::solve::{Count, CountStatus, SearchEnd};
use csp::VarId;

use super::*;
use crate::grid::{Grid, Shape};
use crate::outcome::{Outcome, Solutions, Uniqueness};
use crate::technique::step::Digits;

impl Solver {
    /// Resets the engine for `puzzle` (rebuilt if its shape or rules differ) and assigns its
    /// givens. Returns `false` if the givens already conflict (then there is no solution).
    pub(super) fn load<P: Solvable + ?Sized>(&mut self, puzzle: &P) -> bool {
        let (grid, rules) = (puzzle.givens(), puzzle.rules());
        self.prepare(grid.shape(), rules);
        load_givens(&mut self.engine, grid) && load_marks(&mut self.engine, grid, puzzle.marks())
    }

    /// Finds one solution of `puzzle` (the first in search order), without checking that it
    /// is the only one.
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku::{Grid, Outcome, Shape, Solver};
    ///
    /// let mut solver = Solver::new(Shape::SIZE_4);
    /// // An empty grid has many solutions; the first one is found.
    /// let Outcome::Solved(g) = solver.solve(&Grid::empty(Shape::SIZE_4)) else { panic!() };
    /// assert!(g.is_solved());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve<P: Solvable + ?Sized>(&mut self, puzzle: &P) -> Outcome {
        if !self.load(puzzle) {
            return Outcome::Unsatisfiable;
        }
        first_solution(&mut self.engine, self.shape)
    }

    /// Solves `puzzle` and proves the solution unique: one search that stops at the second
    /// solution.
    pub fn solve_unique<P: Solvable + ?Sized>(&mut self, puzzle: &P) -> Uniqueness {
        if !self.load(puzzle) {
            return Uniqueness::Unsatisfiable;
        }
        unique_solution(&mut self.engine, self.shape)
    }

    /// Whether `puzzle` has exactly one solution. A search stopped by a limit answers `false`;
    /// use [`Solver::solve_unique`] to tell the cases apart.
    pub fn is_unique<P: Solvable + ?Sized>(&mut self, puzzle: &P) -> bool {
        matches!(self.solve_unique(puzzle), Uniqueness::Unique(_))
    }

    /// Collects the solutions of `puzzle`, at most `max` of them.
    ///
    /// # Example
    ///
    /// ```
    /// use csp::solve::CountStatus;
    /// use sudoku::{Grid, Solver};
    ///
    /// // Two solutions: 1 and 3 can swap in the corners of r1c1, r1c3, r2c1, r2c3.
    /// let puzzle = Grid::from_line(".2.4.4.221434321")?;
    /// let found = Solver::default().solutions_up_to(&puzzle, 10);
    /// assert_eq!((found.grids.len(), found.status), (2, CountStatus::Complete));
    /// assert!(found.grids.iter().all(|g| g.is_solution_of(&puzzle)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solutions_up_to<P: Solvable + ?Sized>(&mut self, puzzle: &P, max: usize) -> Solutions {
        if !self.load(puzzle) {
            return Solutions { grids: Vec::new(), status: CountStatus::Complete };
        }
        collect_solutions(&mut self.engine, self.shape, max)
    }

    /// Counts the solutions of `puzzle` up to `max`, without building them.
    ///
    /// The count is exact when its status is [`CountStatus::Complete`]; with
    /// [`CountStatus::MaxReached`] there are at least `max`, and with
    /// [`CountStatus::LimitReached`] at least `count`.
    pub fn count_solutions_up_to<P: Solvable + ?Sized>(&mut self, puzzle: &P, max: u64) -> Count {
        if !self.load(puzzle) {
            return Count { count: 0, status: CountStatus::Complete };
        }
        self.engine.count_solutions(max)
    }
}

/// Resets the engine (cell `i` is variable `i`) and assigns the givens of `grid`. Returns
/// `false` if the givens already conflict (then there is no solution).
pub(super) fn load_givens(engine: &mut csp::Solver, grid: &Grid) -> bool {
    engine.reset();
    let givens = grid.digits().iter().enumerate().filter(|(_, &d)| d != 0);
    match engine.assign_all(givens.map(|(i, &d)| (VarId::from_index(i), i32::from(d)))) {
        Ok(()) => true,
        Err(c) => {
            log::debug!(target: "sudoku::solve", "givens conflict: {c}");
            false
        }
    }
}

/// Removes from the engine the candidates that pencil marks (`marks`, by cell index: the
/// candidates kept) cross out in the empty cells of `grid`. Returns `false` on a conflict (no
/// solution then).
pub(super) fn load_marks(engine: &mut csp::Solver, grid: &Grid, marks: Option<&[Digits]>) -> bool {
    let Some(kept) = marks else { return true };
    let shape = grid.shape();
    for (i, (cell, &d)) in shape.cells().zip(kept).enumerate() {
        if grid.get(cell).is_some() {
            continue;
        }
        for digit in (1..=shape.size() as u8).filter(|&x| !d.contains(x)) {
            if engine.remove_value(VarId::from_index(i), i32::from(digit)).is_err() {
                return false;
            }
        }
    }
    true
}

/// The first solution from the engine's current state.
pub(super) fn first_solution(engine: &mut csp::Solver, shape: Shape) -> Outcome {
    match engine.solve() {
        csp::Outcome::Solved(s) => Outcome::Solved(to_grid(shape, s.values())),
        csp::Outcome::Unsatisfiable => Outcome::Unsatisfiable,
        csp::Outcome::LimitReached(l) => Outcome::LimitReached(l),
    }
}

/// One search from the engine's current state that stops at the second solution.
pub(super) fn unique_solution(engine: &mut csp::Solver, shape: Shape) -> Uniqueness {
    let mut it = engine.solutions();
    let first = it.next_values().map(|s| to_grid(shape, s));
    let second = first.as_ref().and_then(|_| it.next_values()).map(|s| to_grid(shape, s));
    match (first, second, it.end()) {
        (Some(a), Some(b), _) => Uniqueness::Multiple(a, b),
        (_, _, Some(SearchEnd::LimitReached(l))) => Uniqueness::LimitReached(l),
        (Some(a), None, _) => Uniqueness::Unique(a),
        (None, _, _) => Uniqueness::Unsatisfiable,
    }
}

/// At most `max` solutions from the engine's current state.
pub(super) fn collect_solutions(engine: &mut csp::Solver, shape: Shape, max: usize) -> Solutions {
    let mut grids = Vec::new();
    let mut it = engine.solutions();
    let status = loop {
        if grids.len() >= max {
            break CountStatus::MaxReached;
        }
        match it.next_values() {
            Some(s) => grids.push(to_grid(shape, s)),
            None => match it.end() {
                Some(SearchEnd::LimitReached(l)) => break CountStatus::LimitReached(l),
                _ => break CountStatus::Complete,
            },
        }
    };
    Solutions { grids, status }
}

pub(super) fn to_grid(shape: Shape, values: &[csp::Value]) -> Grid {
    // The values lie in 1..=size <= 25: the engine returns values of the domains it was given.
    let digits: Box<[u8]> = values.iter().map(|&v| u8::try_from(v).unwrap_or(0)).collect();
    Grid::from_raw(shape, digits)
}

//! Explanations: the ladder of human techniques on a puzzle, step by step, and the ladders of
//! variants on an engine of their own groups.

use csp::constraints::Strength;
use csp::VarId;

use super::search::*;
use super::*;
use crate::explain::Explanation;
use crate::grade::Grade;
use crate::grid::{Clash, Grid};
use crate::outcome::Uniqueness;
use crate::technique::step::{Contradiction, StepKind};
use crate::technique::{self, Ladder, Run};
use crate::variant::{encode_rules, rule_units, Rules};

impl Solver {
    /// A ladder on `grid`'s givens (assigned on this solver's engine, not propagated), or the
    /// clashes that make it invalid.
    pub(super) fn ladder<P: Solvable + ?Sized>(&mut self, puzzle: &P, detailed: bool) -> Result<Ladder, Vec<Clash>> {
        let (grid, rules) = (puzzle.givens(), puzzle.rules());
        if !matches!(rules, Rules::Plain) {
            // A variant reasons on an engine of its own groups (`variant_ladder`).
            return variant_ladder(grid, rules, detailed);
        }
        self.prepare(grid.shape(), &Rules::Plain);
        let units = rule_units(grid.shape(), &Rules::Plain);
        let mut ladder = technique::start(&mut self.engine, grid, &units, detailed)?;
        if let Some(kept) = puzzle.marks() {
            for (cell, &d) in grid.shape().cells().zip(kept) {
                if grid.get(cell).is_none() {
                    ladder.restrict(cell, d);
                }
            }
        }
        Ok(ladder)
    }

    /// Whether a search proves that `puzzle` has exactly one solution (without grading it:
    /// this runs inside grading). `false` for clashing givens or a search stopped by a limit.
    pub(super) fn proven_unique<P: Solvable + ?Sized>(&mut self, puzzle: &P) -> bool {
        let (grid, rules) = (puzzle.givens(), puzzle.rules());
        if !matches!(rules, Rules::Plain) {
            let clashes = variant_clashes(grid, rules);
            if !clashes.is_empty() {
                return false;
            }
            self.prepare(grid.shape(), rules);
            return load_givens(&mut self.engine, grid)
                && matches!(unique_solution(&mut self.engine, self.shape), Uniqueness::Unique(_));
        }
        if !grid.clashes().is_empty() {
            return false;
        }
        self.prepare(grid.shape(), &Rules::Plain);
        load_givens(&mut self.engine, grid)
            && load_marks(&mut self.engine, grid, puzzle.marks())
            && matches!(unique_solution(&mut self.engine, self.shape), Uniqueness::Unique(_))
    }

    /// Runs the ladder on `grid` to the end: the steps, or the clashes of an invalid grid.
    ///
    /// Uniqueness techniques (unique rectangles, BUG+1) are used only if the search proves
    /// first that `grid` has exactly one solution: they are not deductions from the rules,
    /// and would be wrong on a puzzle with several solutions.
    ///
    /// For a variant, uniqueness techniques are used for X and jigsaw puzzles (their only
    /// rules are all-different groups, which the swap arguments need) and never for a killer
    /// (a swap can break a cage's sum).
    pub(crate) fn run_ladder<P: Solvable + ?Sized>(&mut self, puzzle: &P, detailed: bool) -> Run {
        // The time limit bounds the uniqueness proof and the ladder together.
        let deadline = self.deadline();
        let rules = puzzle.rules();
        if !matches!(rules, Rules::Plain) || puzzle.marks().is_some() {
            let unique = !matches!(rules, Rules::Killer(_)) && self.proven_unique(puzzle);
            let ladder = self.ladder(puzzle, detailed).map(|mut l| {
                l.deadline = deadline;
                l
            });
            return technique::run_from(ladder, unique, u32::MAX).unwrap_or_else(|_| Run::default());
        }
        let grid = puzzle.givens();
        let unique = self.proven_unique(grid);
        // Ratings are far below `u32::MAX`: the run always ends.
        self.run_ladder_until(grid, detailed, unique, u32::MAX).unwrap_or_else(|_| Run::default())
    }

    /// [`run_ladder`](Solver::run_ladder) for a grid whose uniqueness is known (`unique`:
    /// exactly one solution, proven), stopped as soon as the grade is known to be at least
    /// `stop_at` tenths: `Err` with the lower bound of the grade known then (at least
    /// `stop_at`). A run that ends is the one of `run_ladder`.
    pub(crate) fn run_ladder_until(
        &mut self,
        grid: &Grid,
        detailed: bool,
        unique: bool,
        stop_at: u32,
    ) -> Result<Run, u32> {
        let deadline = self.deadline();
        self.prepare(grid.shape(), &Rules::Plain);
        let units = rule_units(grid.shape(), &Rules::Plain);
        let ladder = technique::start(&mut self.engine, grid, &units, detailed).map(|mut l| {
            l.deadline = deadline;
            l
        });
        technique::run_from(ladder, unique, stop_at)
    }

    /// When a ladder started now must stop: the time limit ([`Limits::timeout`]) from now.
    pub(super) fn deadline(&self) -> Option<std::time::Instant> {
        self.options.limits.timeout.map(|t| std::time::Instant::now() + t)
    }

    /// [`Explainer::explain`](super::Explainer::explain) with this solver's options.
    pub(crate) fn explain<P: Solvable + ?Sized>(&mut self, puzzle: &P) -> Explanation {
        let run = self.run_ladder(puzzle, true);
        let grade = Grade::of_run(&run);
        let clash = run.steps.iter().any(|s| matches!(s.kind, StepKind::Contradiction(Contradiction::Clash(_))));
        let result = if clash {
            Uniqueness::Unsatisfiable
        } else if run.timed_out {
            Uniqueness::LimitReached(csp::solve::Limit::Time)
        } else {
            self.solve_unique(puzzle)
        };
        Explanation::new(puzzle.givens().clone(), result, run, grade)
    }
}

/// A ladder for a variant's `grid` under `rules` (not [`Rules::Plain`]): on an engine of the
/// variant's all-different groups, each cage an all-different group too (its sum is given to
/// the ladder, which reasons with it itself), the givens assigned and nothing propagated; or
/// the clashes of the givens.
pub(super) fn variant_ladder(grid: &Grid, rules: &Rules, detailed: bool) -> Result<Ladder, Vec<Clash>> {
    let clashes = variant_clashes(grid, rules);
    if !clashes.is_empty() {
        return Err(clashes);
    }
    let shape = grid.shape();
    let groups = match rules {
        Rules::Killer(_) => Rules::Plain,
        rules => rules.clone(),
    };
    let Ok(mut model) = encode_rules(shape, &groups, Strength::ForwardChecking) else { return Err(Vec::new()) };
    let mut sums = Vec::new();
    if let Rules::Killer(cages) = rules {
        for cage in cages {
            let vars: Vec<VarId> = cage.cells().iter().map(|&c| crate::encode::cell_var(shape, c)).collect();
            if model.post_named(format!("cage_{}", cage.label()), csp::constraints::AllDifferent::new(vars)).is_err() {
                return Err(Vec::new());
            }
            sums.push(cage.sum());
        }
    }
    let mut engine = model.into_solver();
    // The groups' engine posts `groups`' constraints, then a killer's cages: the same units
    // as the killer's own rules.
    let mut ladder = technique::start_unchecked(&mut engine, grid, &rule_units(shape, rules), detailed)?;
    ladder.set_cage_sums(&sums);
    Ok(ladder)
}

/// The first clash of `grid`'s givens under `rules`, as a [`Clash`] (empty if none).
pub(super) fn variant_clashes(grid: &Grid, rules: &Rules) -> Vec<Clash> {
    crate::variant::area_clash(grid, rules).into_iter().collect()
}

//! Solving puzzles of any variant: [`VariantSolver`].
//!
//! Plain puzzles go to a plain [`Solver`], unchanged (same engine, same speed). A puzzle of
//! another variant gets an engine built from its rules ([`encode_puzzle`]), kept while the
//! following puzzles have the same rules (the same diagonals, regions or cages) and rebuilt
//! otherwise; givens are assigned on a reset engine, as for plain puzzles.

use csp::{Count, CountStatus, Limits, Stats, Strength, TieBreak, ValueOrder, VarOrder};

use crate::grade::Grade;
use crate::grid::Shape;
use crate::outcome::{Outcome, Solutions, Uniqueness};
use crate::solve::{collect_solutions, first_solution, load_givens, unique_solution, Solver};
use crate::variant::{encode_puzzle, Puzzle, Rules};

/// The engine of the last non-plain puzzle, with the rules it was built for.
#[derive(Debug)]
struct Built {
    shape: Shape,
    rules: Rules,
    engine: csp::Solver,
}

/// Which engine answered last (for [`VariantSolver::stats`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Last {
    None,
    Plain,
    Variant,
}

/// Solves, counts and checks the uniqueness of [`Puzzle`]s of any
/// [`Variant`](crate::Variant), with the options of [`Solver`].
///
/// The methods mirror [`Solver`]'s and return the same [`Outcome`], [`Uniqueness`],
/// [`Solutions`] and [`Count`]. Plain puzzles are handed to an inner [`Solver`], so they run
/// exactly as with it. Options (propagation [`Strength`], locked candidates, variable and value
/// order, seed, [`Limits`]) apply to every variant; with locked candidates on, the engine's
/// intersection reasoning also runs between regions or diagonals and the lines they overlap
/// (cages take part through their own sum reasoning, [`csp::DistinctSum`]).
///
/// # Example
///
/// ```
/// use sudoku::{Puzzle, Strength, Uniqueness, Variant, VariantSolver};
///
/// // A 4x4 killer without givens: the cages and their sums decide everything.
/// let puzzle = Puzzle::parse(Variant::Killer, "
///     a b b c
///     d d d c
///     e e f g
///     e h g g
///     a 1
///     b 5
///     c 6
///     d 8
///     e 7
///     f 4
///     g 6
///     h 3
/// ")?;
/// let mut solver = VariantSolver::with_strength(Strength::Gac);
/// let Uniqueness::Unique(solution) = solver.solve_unique(&puzzle) else { panic!("unique") };
/// assert_eq!(solution.to_line(), "1234341221434321");
/// assert!(puzzle.is_solution(&solution));
/// println!("{}\n{}", puzzle.render(&solution), solver.stats());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct VariantSolver {
    strength: Strength,
    locked: bool,
    var_order: VarOrder,
    value_order: ValueOrder,
    seed: u64,
    limits: Limits,
    /// For plain puzzles, built on first use, with the options above.
    plain: Option<Solver>,
    /// For the last non-plain puzzle's rules, with the options above.
    built: Option<Built>,
    last: Last,
    /// The statistics before any search.
    no_stats: Stats,
    /// Whether grading is on ([`VariantSolver::set_grading`]; plain puzzles are graded by
    /// `plain`).
    grading: bool,
}

impl Default for VariantSolver {
    fn default() -> VariantSolver {
        VariantSolver::new()
    }
}

impl VariantSolver {
    /// A solver with [`Solver::new`]'s defaults: [`Strength::HiddenSingles`], no locked
    /// candidates, MRV (ties to the most empty peers, then the first), ascending values, seed 0,
    /// no limits. Engines are
    /// built when the first puzzle comes.
    pub fn new() -> VariantSolver {
        VariantSolver::with_strength(Strength::HiddenSingles)
    }

    /// A solver whose all-different constraints (and cage constraints' all-different parts)
    /// propagate at `strength`.
    pub fn with_strength(strength: Strength) -> VariantSolver {
        VariantSolver {
            strength,
            locked: false,
            var_order: VarOrder::Mrv(TieBreak::MostUnfixedPeers),
            value_order: ValueOrder::Ascending,
            seed: 0,
            limits: Limits::default(),
            plain: None,
            built: None,
            last: Last::None,
            no_stats: Stats::default(),
            grading: false,
        }
    }

    /// Turns grading on or off, as [`Solver::set_grading`]: while on,
    /// [`grade`](VariantSolver::grade) gives the grade of the last puzzle if it is plain.
    ///
    /// The technique ladder that grades ([`crate::grade`]) reasons over rows, columns and
    /// boxes only, so puzzles of other variants (diagonals, jigsaw regions, cages) are not
    /// graded yet: their grade is `None`, never an estimate.
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku::{Band, Grid, Puzzle, Uniqueness, Variant, VariantSolver};
    ///
    /// let plain = Puzzle::plain(Grid::from_line("...3..4114..3...")?);
    /// let jigsaw = Puzzle::parse(Variant::Jigsaw, "aaab\ncabb\nccdb\ncddd\n\n....\n2...\n....\n43..")?;
    /// let mut solver = VariantSolver::new();
    /// solver.set_grading(true);
    /// assert!(matches!(solver.solve_unique(&plain), Uniqueness::Unique(_)));
    /// assert_eq!(solver.grade().map(|g| g.band()), Some(Band::Easy));
    /// assert!(matches!(solver.solve_unique(&jigsaw), Uniqueness::Unique(_)));
    /// assert_eq!(solver.grade(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_grading(&mut self, on: bool) {
        self.grading = on;
        if let Some(p) = &mut self.plain {
            p.set_grading(on);
        }
    }

    /// Whether grading is on.
    pub fn is_grading(&self) -> bool {
        self.grading
    }

    /// The grade of the last puzzle searched, if grading is on and that puzzle was plain
    /// (see [`set_grading`](VariantSolver::set_grading)).
    pub fn grade(&self) -> Option<Grade> {
        match (self.grading, self.last, &self.plain) {
            (true, Last::Plain, Some(p)) => p.grade(),
            _ => None,
        }
    }

    /// The propagation strength.
    pub fn strength(&self) -> Strength {
        self.strength
    }

    /// Sets the propagation strength (as [`Solver::set_strength`]); engines are rebuilt.
    pub fn set_strength(&mut self, strength: Strength) {
        if strength != self.strength {
            self.strength = strength;
            self.built = None;
            if let Some(p) = &mut self.plain {
                p.set_strength(strength);
            }
        }
    }

    /// Whether locked candidates are on.
    pub fn locked_candidates(&self) -> bool {
        self.locked
    }

    /// Turns locked candidates on or off (as [`Solver::set_locked_candidates`]); engines are
    /// rebuilt.
    pub fn set_locked_candidates(&mut self, on: bool) {
        if on != self.locked {
            self.locked = on;
            self.built = None;
            if let Some(p) = &mut self.plain {
                p.set_locked_candidates(on);
            }
        }
    }

    /// Sets how the next cell to branch on is chosen (default: MRV, ties to the cell with the
    /// most empty peers, then the first).
    pub fn set_var_order(&mut self, order: VarOrder) {
        self.var_order = order;
        self.for_each_engine(|p| p.set_var_order(order), |e| e.set_var_order(order));
    }

    /// Sets the order in which a cell's digits are tried (default: ascending).
    pub fn set_value_order(&mut self, order: ValueOrder) {
        self.value_order = order;
        self.for_each_engine(|p| p.set_value_order(order), |e| e.set_value_order(order));
    }

    /// Seeds the random choices; each puzzle starts from this seed.
    pub fn set_seed(&mut self, seed: u64) {
        self.seed = seed;
        self.for_each_engine(|p| p.set_seed(seed), |e| e.set_seed(seed));
    }

    /// Sets the limits of each following search (one search per call).
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits.clone();
        let again = limits.clone();
        self.for_each_engine(move |p| p.set_limits(limits), move |e| e.set_limits(again));
    }

    /// The current limits.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The engine's statistics for the last puzzle (zeroed when the next one starts).
    pub fn stats(&self) -> &Stats {
        match (self.last, &self.plain, &self.built) {
            (Last::Plain, Some(p), _) => p.stats(),
            (Last::Variant, _, Some(b)) => b.engine.stats(),
            _ => &self.no_stats,
        }
    }

    /// The engine that answered the last puzzle, for its model (variable and constraint
    /// names) and state; `None` before the first puzzle.
    pub fn engine(&self) -> Option<&csp::Solver> {
        match (self.last, &self.plain, &self.built) {
            (Last::Plain, Some(p), _) => Some(p.engine()),
            (Last::Variant, _, Some(b)) => Some(&b.engine),
            _ => None,
        }
    }

    fn for_each_engine(&mut self, plain: impl FnOnce(&mut Solver), variant: impl FnOnce(&mut csp::Solver)) {
        if let Some(p) = &mut self.plain {
            plain(p);
        }
        if let Some(b) = &mut self.built {
            variant(&mut b.engine);
        }
    }

    /// The plain solver, built with the options on first use.
    fn plain(&mut self, shape: Shape) -> &mut Solver {
        self.last = Last::Plain;
        let (strength, locked, var_order, value_order, seed, grading) =
            (self.strength, self.locked, self.var_order, self.value_order, self.seed, self.grading);
        let limits = &self.limits;
        self.plain.get_or_insert_with(|| {
            let mut s = Solver::with_strength(shape, strength);
            s.set_locked_candidates(locked);
            s.set_var_order(var_order);
            s.set_value_order(value_order);
            s.set_seed(seed);
            s.set_limits(limits.clone());
            s.set_grading(grading);
            s
        })
    }

    /// The engine for a non-plain `puzzle`, reset with its givens assigned; `None` if the
    /// givens already conflict (then there is no solution).
    fn load(&mut self, puzzle: &Puzzle) -> Option<&mut csp::Solver> {
        self.last = Last::Variant;
        let reuse = self.built.as_ref().is_some_and(|b| b.shape == puzzle.shape() && &b.rules == puzzle.rules());
        if !reuse {
            self.built = None;
            let engine = self.build(puzzle);
            self.built = Some(Built { shape: puzzle.shape(), rules: puzzle.rules().clone(), engine });
        }
        let b = self.built.as_mut()?;
        load_givens(&mut b.engine, puzzle.grid()).then_some(&mut b.engine)
    }

    fn build(&self, puzzle: &Puzzle) -> csp::Solver {
        log::debug!(
            target: "sudoku::solve",
            "build variant={} shape={} strength={:?} locked={}",
            puzzle.variant(),
            puzzle.shape(),
            self.strength,
            self.locked
        );
        let mut model = match encode_puzzle(puzzle, self.strength) {
            Ok(model) => model,
            // Not reachable: a `Puzzle` holds only valid structures (cells of the grid, sums
            // of distinct digits), which the engine accepts.
            Err(e) => unreachable!("the encoding of a valid {} puzzle is a valid model: {e}", puzzle.variant()),
        };
        if self.locked {
            if let Err(e) = model.post_intersections() {
                unreachable!("locked candidates for a {} puzzle: {e}", puzzle.variant());
            }
        }
        crate::encode::compile_network(&mut model, self.strength, self.locked);
        let mut engine = model.into_solver();
        engine.set_var_order(self.var_order);
        engine.set_value_order(self.value_order);
        engine.set_seed(self.seed);
        engine.set_limits(self.limits.clone());
        // The root state of the rules alone, cached for `reset` (as for plain grids). A
        // failure means the rules have no solution whatever the givens: every search then
        // answers so.
        if let Err(c) = engine.propagate() {
            log::debug!(target: "sudoku::solve", "rules without solution: {c}");
        }
        engine
    }

    /// Finds one solution of `puzzle` (the first in search order), as [`Solver::solve`].
    pub fn solve(&mut self, puzzle: &Puzzle) -> Outcome {
        if matches!(puzzle.rules(), Rules::Plain) {
            return self.plain(puzzle.shape()).solve(puzzle.grid());
        }
        match self.load(puzzle) {
            Some(engine) => first_solution(engine, puzzle.shape()),
            None => Outcome::Unsatisfiable,
        }
    }

    /// Solves `puzzle` and proves the solution unique, as [`Solver::solve_unique`].
    pub fn solve_unique(&mut self, puzzle: &Puzzle) -> Uniqueness {
        if matches!(puzzle.rules(), Rules::Plain) {
            return self.plain(puzzle.shape()).solve_unique(puzzle.grid());
        }
        match self.load(puzzle) {
            Some(engine) => unique_solution(engine, puzzle.shape()),
            None => Uniqueness::Unsatisfiable,
        }
    }

    /// Whether `puzzle` has exactly one solution; a search stopped by a limit answers `false`.
    pub fn is_unique(&mut self, puzzle: &Puzzle) -> bool {
        matches!(self.solve_unique(puzzle), Uniqueness::Unique(_))
    }

    /// Collects the solutions of `puzzle`, at most `max` of them, as
    /// [`Solver::solutions_up_to`].
    pub fn solutions_up_to(&mut self, puzzle: &Puzzle, max: usize) -> Solutions {
        if matches!(puzzle.rules(), Rules::Plain) {
            return self.plain(puzzle.shape()).solutions_up_to(puzzle.grid(), max);
        }
        match self.load(puzzle) {
            Some(engine) => collect_solutions(engine, puzzle.shape(), max),
            None => Solutions { grids: Vec::new(), status: CountStatus::Complete },
        }
    }

    /// Counts the solutions of `puzzle` up to `max`, as [`Solver::count_solutions_up_to`].
    pub fn count_solutions_up_to(&mut self, puzzle: &Puzzle, max: u64) -> Count {
        if matches!(puzzle.rules(), Rules::Plain) {
            return self.plain(puzzle.shape()).count_solutions_up_to(puzzle.grid(), max);
        }
        match self.load(puzzle) {
            Some(engine) => engine.count_solutions(max),
            None => Count { count: 0, status: CountStatus::Complete },
        }
    }
}

#[cfg(test)]
mod tests {
    use csp::Limit;

    use super::*;
    use crate::grid::Grid;
    use crate::variant::Variant;

    const STRENGTHS: [Strength; 3] = [Strength::ForwardChecking, Strength::HiddenSingles, Strength::Gac];
    const KILLER_4: &str = "abbc\ndddc\neefg\nehgg\na 1\nb 5\nc 6\nd 8\ne 7\nf 4\ng 6\nh 3\n";
    const JIGSAW_4: &str = "aaab\ncabb\nccdb\ncddd\n";

    #[test]
    fn empty_4x4_counts_agree_across_strengths_and_locked_candidates() {
        let x = Puzzle::x(Grid::empty(Shape::SIZE_4));
        let jigsaw = Puzzle::parse(Variant::Jigsaw, JIGSAW_4).unwrap();
        for s in STRENGTHS {
            for locked in [false, true] {
                let mut solver = VariantSolver::with_strength(s);
                solver.set_locked_candidates(locked);
                assert_eq!(solver.count_solutions_up_to(&jigsaw, 1000).count, 96, "{s:?} {locked}");
                let all = solver.solutions_up_to(&x, 1000);
                assert_eq!(all.status, CountStatus::Complete);
                assert!(all.grids.iter().all(|g| x.is_solution(g)), "{s:?}");
                let plain = Puzzle::plain(Grid::empty(Shape::SIZE_4));
                assert_eq!(solver.count_solutions_up_to(&plain, 1000).count, 288);
            }
        }
    }

    #[test]
    fn the_4x4_x_sudoku_has_48_solutions() {
        // As an independent brute force counts (in the integration tests too).
        let x = Puzzle::x(Grid::empty(Shape::SIZE_4));
        assert_eq!(VariantSolver::new().count_solutions_up_to(&x, 1000).count, 48);
    }

    #[test]
    fn a_killer_without_givens_is_unique_under_every_strength() {
        let p = Puzzle::parse(Variant::Killer, KILLER_4).unwrap();
        for s in STRENGTHS {
            let mut solver = VariantSolver::with_strength(s);
            match solver.solve_unique(&p) {
                Uniqueness::Unique(g) => assert_eq!(g.to_line(), "1234341221434321"),
                other => panic!("{s:?}: {other:?}"),
            }
            // 12 units, 8 cages and the all-different network.
            assert_eq!(solver.engine().map(|e| e.model().num_constraints()), Some(12 + 8 + 1));
        }
    }

    #[test]
    fn one_solver_switches_between_variants_and_back() {
        let mut solver = VariantSolver::new();
        let killer = Puzzle::parse(Variant::Killer, KILLER_4).unwrap();
        let plain = Puzzle::plain(Grid::from_line("1.3.3.1..1.3..2.").unwrap());
        let jigsaw = Puzzle::parse(Variant::Jigsaw, &format!("{JIGSAW_4}\n....\n2...\n....\n43..")).unwrap();
        for _ in 0..2 {
            assert!(solver.is_unique(&killer));
            assert!(solver.solve(&plain).solution().is_some_and(|g| g.is_solution_of(plain.grid())));
            assert_eq!(solver.solve(&jigsaw).solution().map(Grid::to_line).as_deref(), Some("1234241331424321"));
        }
    }

    #[test]
    fn conflicting_givens_and_limits_are_answers() {
        let mut solver = VariantSolver::new();
        // Cage 'a' is r1c1 alone with sum 1: a given 3 there contradicts it.
        let bad = Puzzle::parse(Variant::Killer, &format!("{KILLER_4}\n3...\n....\n....\n....\n")).unwrap();
        assert_eq!(solver.solve(&bad), Outcome::Unsatisfiable);
        assert_eq!(solver.solve_unique(&bad), Uniqueness::Unsatisfiable);
        assert_eq!(solver.count_solutions_up_to(&bad, 3), Count { count: 0, status: CountStatus::Complete });
        let x9 = Puzzle::x(Grid::empty(Shape::SIZE_9));
        solver.set_limits(Limits { max_nodes: Some(3), ..Limits::default() });
        assert_eq!(solver.solve_unique(&x9), Uniqueness::LimitReached(Limit::Nodes));
        assert_eq!(solver.count_solutions_up_to(&x9, 1_000_000).status, CountStatus::LimitReached(Limit::Nodes));
    }

    #[test]
    fn multiple_solutions_come_as_two_valid_grids() {
        let x9 = Puzzle::x(Grid::empty(Shape::SIZE_9));
        let Uniqueness::Multiple(a, b) = VariantSolver::new().solve_unique(&x9) else { panic!() };
        assert!(a != b && x9.is_solution(&a) && x9.is_solution(&b));
    }
}

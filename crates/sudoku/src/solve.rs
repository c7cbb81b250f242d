//! Solving: one reusable [`Solver`] for puzzles of every shape and variant, with one set of
//! options, that answers one puzzle at a time.
//!
//! All inference happens in the engine. For each puzzle the solver resets the engine to the
//! root state of the empty grid under the puzzle's rules (no allocation), assigns the givens,
//! and runs one search, which restores the state it started from; so a batch of puzzles of
//! one shape and rules reuses one model and one search state throughout.
//!
//! The `impl Solver` blocks go by concept: construction and options, searches,
//! explanations, grading, hints.

use csp::branching::{TieBreak, ValueOrder, VarOrder};
use csp::constraints::Strength;
use csp::solve::{Count, CountStatus, SearchEnd};
use csp::{Limits, Stats, VarId};

use crate::encode::lowering;
use crate::explain::Explanation;
use crate::grade::{Bounded, Grade};
use crate::grid::{Clash, Grid, Shape};
use crate::hint::{self, Hint, PencilMarks};
use crate::outcome::{Outcome, Solutions, Uniqueness};
use crate::step::{self, Contradiction, Digits, Step, StepKind};
use crate::technique::{self, Ladder, Run};
use crate::variant::{encode_rules, rule_units, Puzzle, Rules};

/// What a [`Solver`] solves: a [`Grid`], a classic puzzle (a variant with no rules beyond rows,
/// columns and boxes), a [`Puzzle`] of any [`Variant`](crate::Variant), or a classic grid with
/// a person's [`PencilMarks`] (the candidates they crossed out are out, in every search,
/// explanation, grade and hint).
///
/// Implemented for these three types only: the trait is sealed.
pub trait Solvable: sealed::Sealed {}

impl Solvable for Grid {}
impl Solvable for Puzzle {}
impl Solvable for PencilMarks {}

mod sealed {
    use crate::grid::Grid;
    use crate::hint::PencilMarks;
    use crate::step::Digits;
    use crate::variant::{Puzzle, Rules};

    /// The rules of a plain grid.
    static PLAIN: Rules = Rules::Plain;

    #[allow(unreachable_pub, reason = "sealed: public in a private module, so no other crate can implement it")]
    pub trait Sealed {
        /// The givens.
        fn givens(&self) -> &Grid;
        /// The rules beyond rows and columns.
        fn rules(&self) -> &Rules;
        /// By cell index, the candidates a person kept (pencil marks), if any.
        fn marks(&self) -> Option<&[Digits]> {
            None
        }
    }

    impl Sealed for PencilMarks {
        #[inline]
        fn givens(&self) -> &Grid {
            self.grid()
        }
        #[inline]
        fn rules(&self) -> &Rules {
            &PLAIN
        }
        #[inline]
        fn marks(&self) -> Option<&[Digits]> {
            Some(&self.marks)
        }
    }

    impl Sealed for Grid {
        #[inline]
        fn givens(&self) -> &Grid {
            self
        }
        #[inline]
        fn rules(&self) -> &Rules {
            &PLAIN
        }
    }

    impl Sealed for Puzzle {
        #[inline]
        fn givens(&self) -> &Grid {
            self.grid()
        }
        #[inline]
        fn rules(&self) -> &Rules {
            Puzzle::rules(self)
        }
    }
}

/// The search options, in force until changed: each engine the solver builds gets them.
#[derive(Clone, Debug)]
struct Options {
    /// The propagation strength of the all-different constraints (and of cages' all-different
    /// parts).
    strength: Strength,
    /// Whether locked-candidate reasoning between overlapping units is posted
    /// ([`csp::Model::post_intersections`]).
    locked: bool,
    var_order: VarOrder,
    value_order: ValueOrder,
    seed: u64,
    limits: Limits,
}

impl Options {
    /// Sets the search options (all but those the model is built with) on `engine`.
    fn apply(&self, engine: &mut csp::Solver) {
        engine.set_var_order(self.var_order);
        engine.set_value_order(self.value_order);
        engine.set_seed(self.seed);
        engine.set_limits(self.limits.clone());
    }
}

/// Solves puzzles of any shape and variant, one at a time, reusing one engine model and search
/// state.
///
/// Build it once and call it for every puzzle: each call resets the engine (without
/// allocating), assigns the givens and searches. A puzzle of another shape or other rules
/// (other diagonals, regions or cages) is accepted too: the solver then rebuilds its engine,
/// which is cheap but not free, so group puzzles by shape and rules when speed matters.
///
/// The searches take a [`Grid`] (a classic puzzle) or a [`Puzzle`] of any variant (see
/// [`Solvable`]); explanations, grades and hints take a [`Grid`]: the technique ladder reasons
/// over rows, columns and boxes only.
///
/// Options (propagation [`Strength`], locked candidates, variable and value order, seed,
/// [`Limits`]) stay in force until changed and apply to every variant; limits apply to each
/// search, that is to each puzzle. With locked candidates on, the engine's intersection
/// reasoning also runs between regions or diagonals and the lines they overlap (cages take
/// part through their own sum reasoning, [`csp::constraints::DistinctSum`]).
///
/// # Example
///
/// ```
/// use sudoku::{Grid, Solver, Uniqueness};
///
/// let puzzle = Grid::from_line(".5..83.17...1..4..3.4..56.8....3...9.9.8245....6....7...9....5...729..861.36.72.4")?;
/// let mut solver = Solver::new(puzzle.shape());
/// let Uniqueness::Unique(solution) = solver.solve_unique(&puzzle) else { panic!("unique puzzle") };
/// assert!(solution.is_solution_of(&puzzle));
/// assert_eq!(solver.count_solutions_up_to(&puzzle, 10).count, 1);
/// println!("{solution}\n{}", solver.stats());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// A variant puzzle, with the same solver:
///
/// ```
/// use sudoku::{Puzzle, Solver, Strength, Uniqueness, Variant};
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
/// let mut solver = Solver::with_strength(puzzle.shape(), Strength::Gac);
/// let Uniqueness::Unique(solution) = solver.solve_unique(&puzzle) else { panic!("unique") };
/// assert_eq!(solution.to_line(), "1234341221434321");
/// assert!(puzzle.is_solution(&solution));
/// println!("{}\n{}", puzzle.render(&solution), solver.stats());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Solver {
    options: Options,
    /// The shape of the puzzles `engine` is built for.
    shape: Shape,
    /// The rules `engine` is built for.
    rules: Rules,
    /// The engine for `shape` and `rules`, built and set up with `options`.
    engine: csp::Solver,
    /// While grading is on ([`Solver::set_grading`]): the grade of the last puzzle loaded
    /// (`None` for a puzzle of a variant, which the ladder does not grade).
    grading: Option<Option<Grade>>,
}

impl Default for Solver {
    /// A solver for 9x9 grids with the default options.
    fn default() -> Solver {
        Solver::new(Shape::SIZE_9)
    }
}

// ---- construction and options ------------------------------------------------------------------

impl Solver {
    /// A solver whose engine is built for plain grids of `shape` (other puzzles are accepted
    /// too), with `AllDifferent` at [`Strength::HiddenSingles`], no locked candidates, MRV
    /// variable order (ties to the cell with the most empty peers, then the first:
    /// [`TieBreak::MostUnfixedPeers`]), ascending values, seed 0 and no limits.
    pub fn new(shape: Shape) -> Solver {
        Solver::with_strength(shape, Strength::HiddenSingles)
    }

    /// A solver for grids of `shape` whose all-different constraints (and cage constraints'
    /// all-different parts) propagate at `strength`.
    pub fn with_strength(shape: Shape, strength: Strength) -> Solver {
        Solver::with_propagation(shape, strength, false)
    }

    /// A solver for grids of `shape` whose `AllDifferent` constraints propagate at `strength`,
    /// with locked candidates on or off: [`with_strength`](Solver::with_strength) then
    /// [`set_locked_candidates`](Solver::set_locked_candidates), with the engine built once.
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku::{Grid, Shape, Solver, Strength};
    ///
    /// let mut solver = Solver::with_propagation(Shape::SIZE_4, Strength::HiddenSingles, true);
    /// assert!(solver.locked_candidates());
    /// let grid = Grid::from_line("...3..4114..3...")?;
    /// assert_eq!(solver.count_solutions_up_to(&grid, 2).count, 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_propagation(shape: Shape, strength: Strength, locked: bool) -> Solver {
        let options = Options {
            strength,
            locked,
            var_order: VarOrder::Mrv(TieBreak::MostUnfixedPeers),
            value_order: ValueOrder::Ascending,
            seed: 0,
            limits: Limits::default(),
        };
        let engine = build_engine(shape, &Rules::Plain, &options);
        Solver { options, shape, rules: Rules::Plain, engine, grading: None }
    }

    fn rebuild(&mut self) {
        let (shape, strength, locked) = (self.shape, self.options.strength, self.options.locked);
        if matches!(self.rules, Rules::Plain) {
            log::debug!(target: "sudoku::solve", "build shape={shape} strength={strength:?} locked={locked}");
        } else {
            let variant = self.rules.variant();
            log::debug!(target: "sudoku::solve", "build variant={variant} shape={shape} strength={strength:?} locked={locked}");
        }
        self.engine = build_engine(shape, &self.rules, &self.options);
    }

    /// Makes the engine one for puzzles of `shape` under `rules`, rebuilding it if needed.
    fn prepare(&mut self, shape: Shape, rules: &Rules) {
        // Plain grids, the common case, compare no structure (a call per puzzle otherwise).
        let same_rules = match rules {
            Rules::Plain => matches!(self.rules, Rules::Plain),
            rules => *rules == self.rules,
        };
        if shape != self.shape || !same_rules {
            self.rebuild_for(shape, rules);
        }
    }

    /// Rebuilds the engine for puzzles of `shape` under `rules`.
    #[cold]
    fn rebuild_for(&mut self, shape: Shape, rules: &Rules) {
        self.shape = shape;
        self.rules = rules.clone();
        self.rebuild();
    }

    /// The shape of the current engine (that of the last puzzle solved, or of construction).
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The propagation strength of the all-different constraints.
    pub fn strength(&self) -> Strength {
        self.options.strength
    }

    /// Sets the propagation strength; the engine model is rebuilt if it changes. Every
    /// strength finds the same solutions; stronger ones search fewer nodes at a higher cost
    /// per node.
    pub fn set_strength(&mut self, strength: Strength) {
        if strength != self.options.strength {
            self.options.strength = strength;
            self.rebuild();
        }
    }

    /// Whether locked candidates are on (see [`set_locked_candidates`](Solver::set_locked_candidates)).
    pub fn locked_candidates(&self) -> bool {
        self.options.locked
    }

    /// Turns on (or off) the reasoning between a box and a row or column that overlap: a digit
    /// whose places in one of them all lie in the overlap leaves the rest of the other
    /// ("pointing" and "claiming"); for variants, between regions or diagonals and the lines
    /// they overlap too. It is the engine's generic [`csp::Model::post_intersections`]; it
    /// finds the same solutions with fewer nodes, at a cost per node. The engine model is
    /// rebuilt if the setting changes.
    pub fn set_locked_candidates(&mut self, on: bool) {
        if on != self.options.locked {
            self.options.locked = on;
            self.rebuild();
        }
    }

    /// Sets how the next cell to branch on is chosen (default: MRV, ties to the cell with the
    /// most empty peers, then the first).
    pub fn set_var_order(&mut self, order: VarOrder) {
        self.options.var_order = order;
        self.engine.set_var_order(order);
    }

    /// Sets the order in which a cell's digits are tried (default: ascending).
    pub fn set_value_order(&mut self, order: ValueOrder) {
        self.options.value_order = order;
        self.engine.set_value_order(order);
    }

    /// Seeds the random tie-breaks and value choices; each puzzle starts from this seed, so
    /// the same puzzle and seed give the same search.
    pub fn set_seed(&mut self, seed: u64) {
        self.options.seed = seed;
        self.engine.set_seed(seed);
    }

    /// Sets the limits of each following search (one search per call: a node limit and a
    /// timeout are per puzzle).
    pub fn set_limits(&mut self, limits: Limits) {
        self.options.limits = limits.clone();
        self.engine.set_limits(limits);
    }

    /// The current limits.
    pub fn limits(&self) -> &Limits {
        &self.options.limits
    }

    /// The engine's statistics for the last puzzle (they are zeroed when the next one starts).
    pub fn stats(&self) -> &Stats {
        self.engine.stats()
    }

    /// The engine, for its model (variable and constraint names) and state: the one built for
    /// the last puzzle's shape and rules.
    pub fn engine(&self) -> &csp::Solver {
        &self.engine
    }
}

// ---- searches ----------------------------------------------------------------------------------

impl Solver {
    /// Resets the engine for `puzzle` (rebuilt if its shape or rules differ) and assigns its
    /// givens. Returns `false` if the givens already conflict (then there is no solution).
    fn load<P: Solvable + ?Sized>(&mut self, puzzle: &P) -> bool {
        let (grid, rules) = (puzzle.givens(), puzzle.rules());
        self.prepare(grid.shape(), rules);
        if self.grading.is_some() {
            if matches!(rules, Rules::Plain) && puzzle.marks().is_none() {
                self.grade_if_on(grid);
            } else {
                self.grading = Some(Some(self.grade_puzzle(puzzle)));
                // Grading used the engine (a uniqueness proof): make it the puzzle's again.
                self.prepare(grid.shape(), rules);
            }
        }
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

// ---- explanations ------------------------------------------------------------------------------

impl Solver {
    /// A ladder on `grid`'s givens (assigned on this solver's engine, not propagated), or the
    /// clashes that make it invalid.
    fn ladder<P: Solvable + ?Sized>(&mut self, puzzle: &P, detailed: bool) -> Result<Ladder, Vec<Clash>> {
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
    fn proven_unique<P: Solvable + ?Sized>(&mut self, puzzle: &P) -> bool {
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
    fn deadline(&self) -> Option<std::time::Instant> {
        self.options.limits.timeout.map(|t| std::time::Instant::now() + t)
    }

    /// Explains how to solve `grid`, step by step, the way a person would (see the
    /// [module](crate::explain) docs), and grades it.
    ///
    /// The outcome ([`Explanation::result`]) is that of [`solve_unique`](Solver::solve_unique)
    /// with this solver's options; the steps come from the technique ladder, which reaches the
    /// same solution for a puzzle with one. An invalid puzzle (clashing givens) is explained
    /// by its clashes; an unsolvable one by the contradictions its guesses meet. The ladder
    /// gives up after 5,000 guesses ([`StepKind::Stopped`]).
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku::{Detail, Grid, Solver};
    ///
    /// let puzzle = Grid::from_line("...3..4114..3...")?;
    /// let explanation = Solver::new(puzzle.shape()).explain(&puzzle);
    /// println!("{}", explanation.display(Detail::Brief));
    /// assert!(explanation.to_string().lines().any(|l| l == "r1c1 = 4: naked single"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// Every variant is explained: the techniques run over its groups (diagonals, jigsaw
    /// regions, killer cages as groups), a killer's steps also reason with its cage sums
    /// ([`SumTechnique`](crate::SumTechnique)).
    pub fn explain<P: Solvable + ?Sized>(&mut self, puzzle: &P) -> Explanation {
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

// ---- grading -----------------------------------------------------------------------------------

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

// ---- hints -------------------------------------------------------------------------------------

impl Solver {
    /// [`hint`](Solver::hint) for a grid with a person's pencil marks: the candidates the
    /// marks cross out are out (whether or not the solver would have crossed them out), and
    /// the step is the easiest one from there.
    pub fn hint_with_marks(&mut self, marks: &PencilMarks) -> Hint {
        self.hint_from(marks, None)
    }

    /// The single easiest next step for `grid` as it stands, the way a person asks a helper
    /// for one step at a time: the first technique of the ladder ([`crate::technique`]) that
    /// applies to the candidates left by the filled cells, chains included.
    ///
    /// The grid is checked first: a grid with no solution gets that answer, with the cell at
    /// fault when one is found (a filled digit without which it has a solution; with pencil
    /// marks, a cell whose marks cross out its digit of the solution), not a step; a grid
    /// with several solutions gets a step that holds in all of them. Hints never use
    /// uniqueness techniques (unique rectangles, BUG+1): a grid as a person left it, or its
    /// pencil marks, is not known to have a single solution.
    ///
    /// Every variant has hints: the techniques over its groups, and a killer's cage sums.
    pub fn hint<P: Solvable + ?Sized>(&mut self, puzzle: &P) -> Hint {
        self.hint_from(puzzle, None)
    }

    /// The check a hint makes first: the contradiction step if `puzzle` (valid, no clashes)
    /// has no solution under its rules, or none that its pencil marks (`crossed`, by cell
    /// index: the candidates kept) allow, with the cell at fault when one is found (a filled
    /// digit without which a plain grid has a solution, or a cell whose marks cross out its
    /// digit of the solution); or two solutions that differ, if it has several.
    fn hint_fault<P: Solvable + ?Sized>(&mut self, puzzle: &P, crossed: Option<&[Digits]>) -> Fault {
        let step =
            |fault| Step { depth: 0, refuted: false, kind: StepKind::Contradiction(Contradiction::NoSolution(fault)) };
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

    fn hint_from<P: Solvable + ?Sized>(&mut self, puzzle: &P, crossed: Option<&[Digits]>) -> Hint {
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
            Fault::Step(step) => hint::from_ladder(grid, ladder, crossed, Some(step)),
            Fault::Several(two) => hint::from_ladder(grid, ladder, crossed, None).with_solutions(*two),
        }
    }
}

/// What the check before a hint found ([`Solver::hint_fault`]).
enum Fault {
    /// Nothing: the grid has one solution (or a limit stopped the check).
    None,
    /// No solution: the contradiction step.
    Step(Step),
    /// Two solutions that differ.
    Several(Box<(Grid, Grid)>),
}

/// A ladder for a variant's `grid` under `rules` (not [`Rules::Plain`]): on an engine of the
/// variant's all-different groups, each cage an all-different group too (its sum is given to
/// the ladder, which reasons with it itself), the givens assigned and nothing propagated; or
/// the clashes of the givens.
fn variant_ladder(grid: &Grid, rules: &Rules, detailed: bool) -> Result<Ladder, Vec<Clash>> {
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
fn variant_clashes(grid: &Grid, rules: &Rules) -> Vec<Clash> {
    crate::variant::area_clash(grid, rules).into_iter().collect()
}

/// The engine for puzzles of `shape` under `rules`, with no givens, its root state computed
/// and `options` set.
fn build_engine(shape: Shape, rules: &Rules, options: &Options) -> csp::Solver {
    let (strength, locked) = (options.strength, options.locked);
    let plain = matches!(rules, Rules::Plain);
    let model = match encode_rules(shape, rules, strength) {
        Ok(model) => model,
        // Not reachable from any input: the shape is one of the supported ones, whose domains
        // are non-empty and whose constraints name the model's own variables, and a `Puzzle`
        // holds only valid structures (cells of the grid, sums of distinct digits).
        Err(e) => unreachable!("the encoding of a {shape} {} puzzle is always a valid model: {e}", rules.variant()),
    };
    // Never fails for these models: every unit, diagonal or region is a plain all-different
    // over range domains, and the groups are units of distinct cells over 1..=size.
    let mut engine = match model.lower(&lowering(strength, locked)) {
        Ok(engine) => engine,
        Err(e) => unreachable!("the engine of a {shape} {} puzzle: {e}", rules.variant()),
    };
    // Propagating the empty grid once fills the engine's root cache, so that `reset` restores
    // the root state directly instead of rescheduling every constraint for each puzzle.
    if let Err(c) = engine.propagate() {
        // An empty plain grid has solutions. Other rules may have none whatever the givens:
        // every search then answers so.
        assert!(!plain, "an empty {shape} grid has solutions, but root propagation failed: {c}");
        log::debug!(target: "sudoku::solve", "rules without solution: {c}");
    }
    options.apply(&mut engine);
    engine
}

// ---- searches on an engine whose givens are assigned --------------------------------------------

/// Resets the engine (cell `i` is variable `i`) and assigns the givens of `grid`. Returns
/// `false` if the givens already conflict (then there is no solution).
fn load_givens(engine: &mut csp::Solver, grid: &Grid) -> bool {
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
fn load_marks(engine: &mut csp::Solver, grid: &Grid, marks: Option<&[Digits]>) -> bool {
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
fn first_solution(engine: &mut csp::Solver, shape: Shape) -> Outcome {
    match engine.solve() {
        csp::Outcome::Solved(s) => Outcome::Solved(to_grid(shape, s.values())),
        csp::Outcome::Unsatisfiable => Outcome::Unsatisfiable,
        csp::Outcome::LimitReached(l) => Outcome::LimitReached(l),
    }
}

/// One search from the engine's current state that stops at the second solution.
fn unique_solution(engine: &mut csp::Solver, shape: Shape) -> Uniqueness {
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
fn collect_solutions(engine: &mut csp::Solver, shape: Shape, max: usize) -> Solutions {
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

fn to_grid(shape: Shape, values: &[csp::Value]) -> Grid {
    // The values lie in 1..=size <= 25: the engine returns values of the domains it was given.
    let digits: Box<[u8]> = values.iter().map(|&v| u8::try_from(v).unwrap_or(0)).collect();
    Grid::from_raw(shape, digits)
}

#[cfg(test)]
mod tests;

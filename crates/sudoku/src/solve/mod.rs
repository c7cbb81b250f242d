//! Solving: one reusable [`Solver`] for puzzles of every shape and variant, with one set of
//! options, that answers one puzzle at a time.
//!
//! All inference happens in the engine. For each puzzle the solver resets the engine to the
//! root state of the empty grid under the puzzle's rules (no allocation), assigns the givens,
//! and runs one search, which restores the state it started from; so a batch of puzzles of
//! one shape and rules reuses one model and one search state throughout.
//!
//! The solver and its construction are here; the rest goes by concept: searches
//! (`search.rs`), explanations (`explain.rs`), grading (`grading.rs`), hints (`hints.rs`).

use csp::branching::{TieBreak, ValueOrder, VarOrder};
use csp::constraints::Strength;
use csp::{Limits, Stats};

use crate::encode::lowering;
use crate::grid::{Grid, Shape};
use crate::hint::PencilMarks;
use crate::variant::{encode_rules, Puzzle, Rules};

mod explain;
mod explainer;
mod grading;
mod hints;
mod search;

pub use explainer::Explainer;

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
    use crate::technique::step::Digits;
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
/// The searches take a [`Grid`] (a classic puzzle), a [`Puzzle`] of any variant or
/// [`PencilMarks`] (see [`Solvable`]). Steps, hints and grades are an [`Explainer`]'s: a
/// `Solver` answers, with no mode to switch.
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
        Solver { options, shape, rules: Rules::Plain, engine }
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
        Ok(engine) => csp::Solver::over(engine),
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

#[cfg(test)]
mod tests;

//! Solving: a reusable [`Solver`] that owns one engine per grid shape and answers one puzzle at
//! a time, and the outcomes it returns.
//!
//! All inference happens in the engine. For each puzzle the solver resets the engine to the
//! root state of the empty grid (no allocation), assigns the givens, and runs one search,
//! which restores the state it started from; so a batch of puzzles of one shape reuses one
//! model and one search state throughout.

use csp::{
    Count, CountStatus, Limit, Limits, NetworkLevel, SearchEnd, Stats, Strength, TieBreak, ValueOrder, VarId, VarOrder,
};

use crate::encode::encode;
use crate::grid::{Grid, Shape};

/// The result of looking for one solution, as the engine's [`csp::Outcome`]: "no solution"
/// and "stopped by a limit" are answers, never errors.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Outcome {
    /// A solution (the first found; not necessarily the only one).
    Solved(Grid),
    /// There is no solution (clashing givens included).
    Unsatisfiable,
    /// A limit stopped the search first: nothing is known.
    LimitReached(Limit),
}

impl Outcome {
    /// The solution, if one was found.
    pub fn solution(&self) -> Option<&Grid> {
        match self {
            Outcome::Solved(g) => Some(g),
            _ => None,
        }
    }
}

/// The result of solving a puzzle and proving its solution unique (a search for two
/// solutions).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Uniqueness {
    /// Exactly one solution.
    Unique(Grid),
    /// Two or more solutions: the first two found.
    Multiple(Grid, Grid),
    /// No solution.
    Unsatisfiable,
    /// A limit stopped the search before it could tell (even if one solution was found).
    LimitReached(Limit),
}

impl Uniqueness {
    /// The first solution found, if the search got that far and finished.
    pub fn solution(&self) -> Option<&Grid> {
        match self {
            Uniqueness::Unique(g) | Uniqueness::Multiple(g, _) => Some(g),
            _ => None,
        }
    }
}

/// Solutions collected up to a maximum, with how the search ended.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Solutions {
    /// The solutions, in the order found.
    pub grids: Vec<Grid>,
    /// [`CountStatus::Complete`] if these are all the solutions, [`CountStatus::MaxReached`]
    /// if the maximum was reached first (there may be more), or
    /// [`CountStatus::LimitReached`] if a limit stopped the search.
    pub status: CountStatus,
}

/// Solves puzzles of one shape at a time, reusing one engine model and search state.
///
/// Build it once and call it for every puzzle: each call resets the engine (without
/// allocating), assigns the givens and searches. A grid of another shape is accepted too: the
/// solver then rebuilds its engine for that shape, which is cheap but not free, so group
/// puzzles by shape when speed matters.
///
/// Options (propagation [`Strength`], variable and value order, seed, [`Limits`]) stay in
/// force until changed; limits apply to each search, that is to each puzzle.
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
#[derive(Debug)]
pub struct Solver {
    shape: Shape,
    strength: Strength,
    /// Whether locked-candidate reasoning between overlapping units is posted
    /// ([`csp::Model::post_intersections`]).
    locked: bool,
    var_order: VarOrder,
    value_order: ValueOrder,
    seed: u64,
    limits: Limits,
    /// The engine for `shape` and `strength`, with the options above applied.
    engine: csp::Solver,
    /// While grading is on ([`Solver::set_grading`]): the grade of the last puzzle loaded.
    pub(crate) grading: Option<Option<crate::grade::Grade>>,
}

impl Default for Solver {
    /// A solver for 9x9 grids with the default options.
    fn default() -> Solver {
        Solver::new(Shape::SIZE_9)
    }
}

impl Solver {
    /// A solver for grids of `shape`, with `AllDifferent` at [`Strength::HiddenSingles`], MRV
    /// variable order (ties to the cell with the most empty peers, then the first:
    /// [`TieBreak::MostUnfixedPeers`]), ascending values, seed 0 and no limits.
    pub fn new(shape: Shape) -> Solver {
        Solver::with_strength(shape, Strength::HiddenSingles)
    }

    /// A solver for grids of `shape` whose `AllDifferent` constraints propagate at `strength`.
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
        let var_order = VarOrder::Mrv(TieBreak::MostUnfixedPeers);
        let value_order = ValueOrder::Ascending;
        let mut solver = Solver {
            shape,
            strength,
            locked,
            var_order,
            value_order,
            seed: 0,
            limits: Limits::default(),
            engine: build_engine(shape, strength, locked),
            grading: None,
        };
        solver.apply_options();
        solver
    }

    fn apply_options(&mut self) {
        self.engine.set_var_order(self.var_order);
        self.engine.set_value_order(self.value_order);
        self.engine.set_seed(self.seed);
        self.engine.set_limits(self.limits.clone());
    }

    fn rebuild(&mut self) {
        log::debug!(target: "sudoku::solve", "build shape={} strength={:?} locked={}", self.shape, self.strength, self.locked);
        self.engine = build_engine(self.shape, self.strength, self.locked);
        self.apply_options();
    }

    /// The shape of the current engine (that of the last grid solved, or of construction).
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The propagation strength of the `AllDifferent` constraints.
    pub fn strength(&self) -> Strength {
        self.strength
    }

    /// Sets the propagation strength; the engine model is rebuilt if it changes. Every
    /// strength finds the same solutions; stronger ones search fewer nodes at a higher cost
    /// per node.
    pub fn set_strength(&mut self, strength: Strength) {
        if strength != self.strength {
            self.strength = strength;
            self.rebuild();
        }
    }

    /// Whether locked candidates are on (see [`set_locked_candidates`](Solver::set_locked_candidates)).
    pub fn locked_candidates(&self) -> bool {
        self.locked
    }

    /// Turns on (or off) the reasoning between a box and a row or column that overlap: a digit
    /// whose places in one of them all lie in the overlap leaves the rest of the other
    /// ("pointing" and "claiming"). It is the engine's generic
    /// [`csp::Model::post_intersections`]; it finds the same solutions with fewer nodes, at a
    /// cost per node. The engine model is rebuilt if the setting changes.
    pub fn set_locked_candidates(&mut self, on: bool) {
        if on != self.locked {
            self.locked = on;
            self.rebuild();
        }
    }

    /// Sets how the next cell to branch on is chosen (default: MRV, ties to the cell with the
    /// most empty peers, then the first).
    pub fn set_var_order(&mut self, order: VarOrder) {
        self.var_order = order;
        self.engine.set_var_order(order);
    }

    /// Sets the order in which a cell's digits are tried (default: ascending).
    pub fn set_value_order(&mut self, order: ValueOrder) {
        self.value_order = order;
        self.engine.set_value_order(order);
    }

    /// Seeds the random tie-breaks and value choices; each puzzle starts from this seed, so
    /// the same puzzle and seed give the same search.
    pub fn set_seed(&mut self, seed: u64) {
        self.seed = seed;
        self.engine.set_seed(seed);
    }

    /// Sets the limits of each following search (one search per call: a node limit and a
    /// timeout are per puzzle).
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits.clone();
        self.engine.set_limits(limits);
    }

    /// The current limits.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The engine's statistics for the last puzzle (they are zeroed when the next one starts).
    pub fn stats(&self) -> &Stats {
        self.engine.stats()
    }

    /// The engine, for its model (variable and constraint names) and state.
    pub fn engine(&self) -> &csp::Solver {
        &self.engine
    }

    /// The engine, to load givens for the technique ladder.
    pub(crate) fn engine_mut(&mut self) -> &mut csp::Solver {
        &mut self.engine
    }

    /// Makes the engine one for grids of `shape`, rebuilding it if needed.
    pub(crate) fn prepare_shape(&mut self, shape: Shape) {
        if shape != self.shape {
            self.shape = shape;
            self.rebuild();
        }
    }

    /// Resets the engine for `grid` and assigns its givens. Returns `false` if the givens
    /// already conflict (then there is no solution).
    fn load(&mut self, grid: &Grid) -> bool {
        self.prepare_shape(grid.shape());
        self.grade_if_on(grid);
        load_givens(&mut self.engine, grid)
    }

    /// Finds one solution of `grid` (the first in search order), without checking that it is
    /// the only one.
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
    pub fn solve(&mut self, grid: &Grid) -> Outcome {
        if !self.load(grid) {
            return Outcome::Unsatisfiable;
        }
        first_solution(&mut self.engine, self.shape)
    }

    /// Solves `grid` and proves the solution unique: one search that stops at the second
    /// solution.
    pub fn solve_unique(&mut self, grid: &Grid) -> Uniqueness {
        if !self.load(grid) {
            return Uniqueness::Unsatisfiable;
        }
        unique_solution(&mut self.engine, self.shape)
    }

    /// Whether `grid` has exactly one solution. A search stopped by a limit answers `false`;
    /// use [`Solver::solve_unique`] to tell the cases apart.
    pub fn is_unique(&mut self, grid: &Grid) -> bool {
        matches!(self.solve_unique(grid), Uniqueness::Unique(_))
    }

    /// Collects the solutions of `grid`, at most `max` of them.
    ///
    /// # Example
    ///
    /// ```
    /// use csp::CountStatus;
    /// use sudoku::{Grid, Solver};
    ///
    /// // Two solutions: 1 and 3 can swap in the corners of r1c1, r1c3, r2c1, r2c3.
    /// let puzzle = Grid::from_line(".2.4.4.221434321")?;
    /// let found = Solver::default().solutions_up_to(&puzzle, 10);
    /// assert_eq!((found.grids.len(), found.status), (2, CountStatus::Complete));
    /// assert!(found.grids.iter().all(|g| g.is_solution_of(&puzzle)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solutions_up_to(&mut self, grid: &Grid, max: usize) -> Solutions {
        if !self.load(grid) {
            return Solutions { grids: Vec::new(), status: CountStatus::Complete };
        }
        collect_solutions(&mut self.engine, self.shape, max)
    }

    /// Counts the solutions of `grid` up to `max`, without building them.
    ///
    /// The count is exact when its status is [`CountStatus::Complete`]; with
    /// [`CountStatus::MaxReached`] there are at least `max`, and with
    /// [`CountStatus::LimitReached`] at least `count`.
    pub fn count_solutions_up_to(&mut self, grid: &Grid, max: u64) -> Count {
        if !self.load(grid) {
            return Count { count: 0, status: CountStatus::Complete };
        }
        self.engine.count_solutions(max)
    }
}

/// The engine for an empty grid of `shape`, its root state computed.
fn build_engine(shape: Shape, strength: Strength, locked: bool) -> csp::Solver {
    let model = match encode(shape, strength) {
        Ok(mut model) => {
            if locked {
                // Never fails for these models: every unit is a plain all-different over
                // range domains.
                if let Err(e) = model.post_intersections() {
                    unreachable!("locked candidates for a {shape} grid: {e}");
                }
            }
            compile_network(&mut model, strength, locked);
            model
        }
        // Not reachable from any input: the shape is one of the supported ones, whose domains
        // are non-empty and whose constraints name the model's own variables.
        Err(e) => unreachable!("the encoding of a {shape} grid is always a valid model: {e}"),
    };
    let mut engine = model.into_solver();
    // Propagating the empty grid once fills the engine's root cache, so that `reset` restores
    // the root state directly instead of rescheduling every constraint for each puzzle.
    if let Err(c) = engine.propagate() {
        unreachable!("an empty {shape} grid has solutions, but root propagation failed: {c}");
    }
    engine
}

/// Compiles the units (and any other all-different groups) of `model` into the engine's
/// all-different network at the level that matches `strength` and `locked`, so that the same
/// deductions run a word at a time over the whole grid. The units stay posted: the engine runs
/// them instead whenever explanations or traces are wanted. With GAC the units keep running
/// (the network does not match them), after the network's hidden singles, which are cheaper.
pub(crate) fn compile_network(model: &mut csp::Model, strength: Strength, locked: bool) {
    let level = match strength {
        Strength::ForwardChecking => NetworkLevel::ForwardChecking,
        Strength::HiddenSingles if locked => NetworkLevel::LockedValues,
        _ => NetworkLevel::HiddenSingles,
    };
    // Never fails for these models: the groups are units of distinct cells over 1..=size.
    if let Err(e) = model.compile_all_different(level) {
        unreachable!("the all-different network of a grid model: {e}");
    }
}

// ---- searches on an engine whose givens are assigned (shared with `VariantSolver`) -----------

/// Resets the engine (cell `i` is variable `i`) and assigns the givens of `grid`. Returns
/// `false` if the givens already conflict (then there is no solution).
pub(crate) fn load_givens(engine: &mut csp::Solver, grid: &Grid) -> bool {
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

/// The first solution from the engine's current state.
pub(crate) fn first_solution(engine: &mut csp::Solver, shape: Shape) -> Outcome {
    match engine.solve() {
        csp::Outcome::Solved(s) => Outcome::Solved(to_grid(shape, s.values())),
        csp::Outcome::Unsatisfiable => Outcome::Unsatisfiable,
        csp::Outcome::LimitReached(l) => Outcome::LimitReached(l),
    }
}

/// One search from the engine's current state that stops at the second solution.
pub(crate) fn unique_solution(engine: &mut csp::Solver, shape: Shape) -> Uniqueness {
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
pub(crate) fn collect_solutions(engine: &mut csp::Solver, shape: Shape, max: usize) -> Solutions {
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
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::grid::Cell;

    const LEETCODE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    const LEETCODE_SOLUTION: &str = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    const STRENGTHS: [Strength; 3] = [Strength::ForwardChecking, Strength::HiddenSingles, Strength::Gac];

    #[test]
    fn leetcode_example_has_its_known_unique_solution_under_every_strength() {
        let puzzle = Grid::from_line(LEETCODE).unwrap();
        for s in STRENGTHS {
            let mut solver = Solver::with_strength(Shape::SIZE_9, s);
            match solver.solve_unique(&puzzle) {
                Uniqueness::Unique(g) => assert_eq!(g.to_line(), LEETCODE_SOLUTION, "{s:?}"),
                other => panic!("{s:?}: {other:?}"),
            }
            assert!(solver.is_unique(&puzzle));
        }
    }

    #[test]
    fn one_solver_serves_many_puzzles_and_shapes() {
        let mut solver = Solver::new(Shape::SIZE_9);
        let nine = Grid::from_line(LEETCODE).unwrap();
        let four = Grid::from_line("1.3.3.1..1.3..2.").unwrap();
        for _ in 0..3 {
            assert_eq!(solver.solve(&nine).solution().map(Grid::to_line).as_deref(), Some(LEETCODE_SOLUTION));
            let g = solver.solve(&four);
            assert!(g.solution().is_some_and(|g| g.is_solution_of(&four)));
            assert_eq!(solver.shape(), Shape::SIZE_4);
        }
    }

    #[test]
    fn clashing_givens_are_unsatisfiable_without_search() {
        // A grid built by hand may clash; the solver answers "no solution".
        let mut g = Grid::empty(Shape::SIZE_9);
        g.set(Cell::new(0, 0), Some(3));
        g.set(Cell::new(8, 0), Some(3));
        let mut solver = Solver::default();
        assert_eq!(solver.solve(&g), Outcome::Unsatisfiable);
        assert_eq!(solver.solve_unique(&g), Uniqueness::Unsatisfiable);
        assert_eq!(solver.count_solutions_up_to(&g, 5), Count { count: 0, status: CountStatus::Complete });
        assert_eq!(solver.solutions_up_to(&g, 5).grids, Vec::<Grid>::new());
        assert_eq!(solver.stats().nodes, 0);
    }

    #[test]
    fn an_empty_4x4_grid_has_288_solutions() {
        let empty = Grid::empty(Shape::SIZE_4);
        for s in STRENGTHS {
            let mut solver = Solver::with_strength(Shape::SIZE_4, s);
            assert_eq!(solver.count_solutions_up_to(&empty, 1000), Count { count: 288, status: CountStatus::Complete });
            let all = solver.solutions_up_to(&empty, 1000);
            assert_eq!(all.grids.len(), 288);
            assert!(all.grids.iter().all(Grid::is_solved));
            let mut lines: Vec<String> = all.grids.iter().map(Grid::to_line).collect();
            lines.sort();
            lines.dedup();
            assert_eq!(lines.len(), 288, "solutions are distinct");
        }
    }

    #[test]
    fn multiple_solutions_are_reported_with_two_different_grids() {
        let puzzle = Grid::from_line(".2.4.4.221434321").unwrap();
        let Uniqueness::Multiple(a, b) = Solver::default().solve_unique(&puzzle) else { panic!() };
        assert_ne!(a, b);
        assert!(a.is_solution_of(&puzzle) && b.is_solution_of(&puzzle));
    }

    #[test]
    fn a_node_limit_stops_the_search_and_says_so() {
        let mut solver = Solver::new(Shape::SIZE_9);
        solver.set_limits(Limits { max_nodes: Some(1), ..Limits::default() });
        let hard = Grid::from_line("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..")
            .unwrap();
        assert_eq!(solver.solve_unique(&hard), Uniqueness::LimitReached(Limit::Nodes));
        assert_eq!(solver.count_solutions_up_to(&hard, 2).status, CountStatus::LimitReached(Limit::Nodes));
        solver.set_limits(Limits { timeout: Some(Duration::from_secs(60)), ..Limits::default() });
        assert!(solver.is_unique(&hard));
    }

    #[test]
    fn same_seed_gives_the_same_random_search() {
        let puzzle = Grid::from_line(LEETCODE).unwrap();
        let run = |seed| {
            let mut solver = Solver::default();
            solver.set_var_order(VarOrder::Mrv(TieBreak::Random));
            solver.set_value_order(ValueOrder::Random);
            solver.set_seed(seed);
            let _ = solver.solve(&Grid::empty(Shape::SIZE_9));
            let first = solver.solve(&puzzle);
            (first, solver.stats().nodes, solver.stats().prunings)
        };
        assert_eq!(run(3), run(3));
    }

    #[test]
    fn changing_strength_keeps_options_and_answers() {
        let puzzle = Grid::from_line(LEETCODE).unwrap();
        let mut solver = Solver::default();
        solver.set_limits(Limits { max_nodes: Some(1_000_000), ..Limits::default() });
        solver.set_strength(Strength::Gac);
        assert_eq!(solver.strength(), Strength::Gac);
        assert_eq!(solver.limits().max_nodes, Some(1_000_000));
        assert!(solver.is_unique(&puzzle));
        // 27 units, and the network that runs before their GAC.
        assert_eq!(solver.engine().model().num_constraints(), 28);
    }
}

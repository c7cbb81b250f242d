//! Variable and value selection.
//!
//! MRV ("minimum remaining values", Haralick and Elliott 1980; Pumpkin calls it `FirstFail`)
//! branches on an unfixed variable with the fewest values left: it fails first where failure
//! is likely and keeps the tree narrow. Ties are broken by the first variable, by the largest
//! static degree (the number of constraints on the variable, Brélaz's rule), by the largest
//! number of unfixed *peers* (a dynamic degree, as in Bessière and Régin's dom/ddeg: the
//! variables that must take another value, [`TieBreak::MostUnfixedPeers`]), or at random with
//! a seed (the same seed gives the same search).

/// How the next variable to branch on is chosen. The default is MRV with first-variable ties.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum VarOrder {
    /// Fewest values left, ties broken by [`TieBreak`].
    Mrv(TieBreak),
    /// The first unfixed variable in creation order ("static order"), as plain backtracking.
    Input,
    /// Smallest ratio of domain size to learnt weight (dom/wdeg, Boussemart, Hemery, Lecoutre
    /// and Saïs 2004): each failure of a constraint adds one to the weight of its variables,
    /// and weights are kept across restarts. Runs the learning search (see [`Restarts`]).
    ///
    /// [`Restarts`]: crate::search::Restarts
    DomWdeg,
    /// The unfixed variable whose smallest value is the smallest, ties to the first
    /// (MiniZinc's `smallest`): in scheduling, the task that can start first, which with
    /// the smallest value makes a schedule from left to right.
    ///
    /// ```
    /// use csp::branching::{ValueOrder, VarOrder};
    /// use csp::constraints::{Comparison, Linear};
    /// use csp::{Model, Outcome};
    ///
    /// let mut model = Model::new();
    /// let x = model.new_var(1..=3)?;
    /// let y = model.new_var(0..=3)?;
    /// model.post(Linear::new([(1, x), (1, y)], Comparison::Equal, 3))?;
    /// let mut solver = model.into_solver();
    /// solver.set_var_order(VarOrder::Smallest);
    /// solver.set_value_order(ValueOrder::Ascending);
    /// // `y` can take 0 and goes first (the input order would set `x` to 1 first).
    /// let Outcome::Solved(s) = solver.solve() else { panic!() };
    /// assert_eq!((s[x], s[y]), (3, 0));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    Smallest,
    /// The unfixed variable whose largest value is the largest, ties to the first
    /// (MiniZinc's `largest`).
    Largest,
    /// Conflict-history search (CHS, Habet and Terrioux 2021): each variable has a score, an
    /// exponential moving average of how recently constraints on it failed (step size from
    /// 0.4 down to 0.06); the search branches on the largest score over domain size. Runs the
    /// learning search (see [`Restarts`]).
    ///
    /// [`Restarts`]: crate::search::Restarts
    Chs,
}

impl Default for VarOrder {
    fn default() -> VarOrder {
        VarOrder::Mrv(TieBreak::First)
    }
}

/// How MRV breaks ties between variables with equally many values left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum TieBreak {
    /// The first such variable in creation order.
    #[default]
    First,
    /// The one with the most constraints on it, then the first.
    MaxDegree,
    /// One chosen uniformly at random (seeded).
    Random,
    /// The one with the most unfixed peers, then the first. A variable's peers are the
    /// variables that must take a value different from its own: those sharing a constraint
    /// that implies all-different with it ([`Constraint::implied_all_different`], as
    /// [`AllDifferent`](crate::constraints::AllDifferent) does). Fixing such a variable removes its value
    /// from the most domains, so the subtree under it is the smallest: on Sudoku, 40% to 60%
    /// fewer nodes than [`First`](TieBreak::First) (see `docs/benchmarks.md`). A model
    /// without such constraints gets [`First`](TieBreak::First)'s order. The solver lists
    /// each variable's peers when this order is first used: memory proportional to the sum,
    /// over those constraints, of the square of their size.
    ///
    /// [`Constraint::implied_all_different`]: crate::model::constraint::Constraint::implied_all_different
    MostUnfixedPeers,
}

/// In which order the values of the chosen variable are tried.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum ValueOrder {
    /// Smallest value first.
    #[default]
    Ascending,
    /// Largest value first.
    Descending,
    /// A value chosen uniformly at random (seeded) at each decision.
    Random,
    /// Phase saving: the value the variable last took in a decision or in the last solution,
    /// if it is still possible, else the smallest (solution-guided search in optimisation).
    /// Runs the learning search (see [`Restarts`]).
    ///
    /// [`Restarts`]: crate::search::Restarts
    Phase,
}

/// A small, fast, seedable generator (SplitMix64, Steele et al. 2014): enough for tie-breaking,
/// shuffles and puzzle generation, and deterministic across platforms. The solver uses it for
/// its random orders ([`Solver::set_seed`](crate::search::Solver::set_seed)); front ends use it for
/// their own reproducible choices.
///
/// # Example
///
/// ```
/// use csp::branching::Rng;
///
/// let mut a = Rng::new(7);
/// let mut items = [1, 2, 3, 4, 5];
/// a.shuffle(&mut items);
/// let mut b = Rng::new(7);
/// let mut again = [1, 2, 3, 4, 5];
/// b.shuffle(&mut again);
/// assert_eq!(items, again);
/// assert!(a.index(10) < 10);
/// ```
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from `seed`: the same seed gives the same numbers.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`), by multiply-shift (a bias below `n / 2^64`).
    pub fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u64
    }

    /// [`below`](Rng::below) for an index into a slice of `n` items.
    pub fn index(&mut self, n: usize) -> usize {
        self.below(n as u64) as usize
    }

    /// Shuffles `items` uniformly (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.index(i + 1));
        }
    }
}

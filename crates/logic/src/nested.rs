//! Nested forcing chains: trial propagation whose implications may use, at each step, the
//! refutations of simpler trials.
//!
//! A dynamic trial ([`Trial::refute_deep`]) assumes `x = v` and draws consequences by
//! singles, locked values and subsets. A *nested* trial of level `n` draws the same, and when
//! they stop, looks in the candidates as they stand under the assumption for a candidate
//! `y = w` that a trial of the level below refutes there (an *inner* chain, or *branch*):
//! `y != w` holds under the assumption, so it is removed, and the drawing goes on. When the
//! candidates under the assumption reach a dead end, `x != v`. The levels, by the inner
//! trial they use:
//!
//! | level | inner trial |
//! |---|---|
//! | 1 | a static chain ([`Links::Static`]: links of the candidates under the assumption) |
//! | 2 | a forcing net ([`Links::Singles`]: naked and hidden singles as they arise) |
//! | 3 | a dynamic chain ([`Trial::refute_deep`]) |
//! | `n` >= 4 | a nested trial of level `n - 3` |
//!
//! Each level is sound because each inner refutation is: a candidate that leads to a dead end
//! under the assumption is false under it. A higher level refutes everything a lower one
//! does (its inner trials are stronger) and costs much more: every step of the outer trial
//! may try an inner trial on every candidate. A [`Nesting`] counts the work in *trials*
//! (an inner static chain or net one, a dynamic one [`DEEP_TRIALS`]) and gives up when its
//! budget runs out.
//!
//! The chain of a nested trial lists every placement drawn (like a dynamic chain, it does
//! not track which of them the dead end needs), the count of other deductions, and each
//! branch with its own chain, at the point it was drawn.

use super::candidates::{bits, Candidates, Contradiction};
use super::trial::{draw_deep, Chain, Deduced, Drawn, Implication, Links, Trial};

/// The cost of one dynamic trial (or one round of drawing by singles, locked values and
/// subsets), in trials of singles.
pub const DEEP_TRIALS: u64 = 20;

/// The longest nested chain followed, in placements, deductions and branches.
pub const NESTED_LIMIT: u32 = 400;

/// An inner refutation drawn by a nested trial: under the outer assumption, `var != bit`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Branch {
    /// The number of the outer chain's implications drawn before this branch.
    pub after: u32,
    /// The inner chain: it assumes `var = bit` (its own `var` and `bit`) under the outer
    /// assumption and reaches a dead end.
    pub chain: Nested,
}

/// A refuted assumption, `var != bit`, with what refutes it: the implications, deductions and
/// branches drawn under it, and the dead end they reach.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nested {
    /// The assumption's variable (local index).
    pub var: u32,
    /// The assumption's value bit.
    pub bit: u32,
    /// The level: 0 for a chain without nesting (a static chain, a forcing net or a dynamic
    /// chain, as `kind` says), else the nesting level (see the [module](self) table).
    pub level: u32,
    /// For level 0: which trial it is ([`Links::Static`], [`Links::Singles`], or `None` for a
    /// dynamic trial).
    pub kind: Option<Links>,
    /// The placements drawn, in order (the assumption not included).
    pub implications: Vec<Implication>,
    /// Deductions other than singles and branches drawn.
    pub deductions: u32,
    /// Those deductions, in the order drawn, each after the implications it follows (for a
    /// dynamic chain, those its dead end rests on).
    pub deduced: Vec<Deduced>,
    /// The inner refutations drawn, in order.
    pub branches: Vec<Branch>,
    /// The dead end.
    pub contradiction: Contradiction,
}

impl Nested {
    /// The chain's own length: the assumption, its implications, deductions and branches
    /// (one each; a branch's chain has its own length).
    pub fn length(&self) -> u32 {
        self.implications.len() as u32 + self.deductions + self.branches.len() as u32 + 1
    }

    fn of_chain(chain: Chain, kind: Option<Links>) -> Nested {
        Nested {
            var: chain.var,
            bit: chain.bit,
            level: 0,
            kind,
            implications: chain.implications,
            deductions: chain.deductions,
            deduced: chain.deduced,
            branches: Vec::new(),
            contradiction: chain.contradiction,
        }
    }
}

/// Nested trials with a budget of work.
///
/// # Example
///
/// ```
/// use logic::nested::Nesting;
/// use logic::{Candidates, Contradiction};
/// use csp::Model;
/// use csp::constraints::AllDifferent;
///
/// // x, y, z pairwise different over 1..=3, x and y in {1, 2}: z = 1 leaves them one value.
/// let mut model = Model::new();
/// let v = model.new_vars(3, 1..=3)?;
/// model.post(AllDifferent::new(v.clone()))?;
/// let mut solver = model.into_solver();
/// solver.remove_value(v[0], 3)?;
/// solver.remove_value(v[1], 3)?;
/// let c = Candidates::from_solver(&solver)?;
/// let mut nesting = Nesting::new(1_000);
/// let chain = nesting.refute(&c, 2, 0, 1).expect("z = 1 fails");
/// assert_eq!(chain.level, 1);
/// assert!(matches!(chain.contradiction, Contradiction::Empty { .. } | Contradiction::NoPlace { .. }));
/// assert!(nesting.refute(&c, 2, 2, 1).is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Nesting {
    trial: Trial,
    budget: u64,
}

impl Nesting {
    /// Nested trials that may do `budget` trials of work in all.
    pub fn new(budget: u64) -> Nesting {
        Nesting { trial: Trial::default(), budget }
    }

    /// The work left, in trials.
    pub fn budget(&self) -> u64 {
        self.budget
    }

    /// Whether the budget ran out.
    pub fn exhausted(&self) -> bool {
        self.budget == 0
    }

    fn spend(&mut self, trials: u64) -> bool {
        if self.budget < trials {
            self.budget = 0;
            return false;
        }
        self.budget -= trials;
        true
    }

    /// Assumes `var = bit` on `c` and draws consequences with nesting `level` (0: a forcing
    /// net alone); the chain if they reach a dead end within the budget. `c` is not changed.
    ///
    /// # Panics
    ///
    /// Panics if `var` is not a variable of `c`.
    pub fn refute(&mut self, c: &Candidates, var: u32, bit: u32, level: u32) -> Option<Nested> {
        if c.mask(var) & (1 << bit) == 0 {
            return None;
        }
        match level {
            0 => self.inner(c, var, bit, 0),
            _ => self.outer(c, var, bit, level),
        }
    }

    /// The inner trial of a nested trial of `level` (or, for 0, a forcing net).
    fn inner(&mut self, c: &Candidates, var: u32, bit: u32, level: u32) -> Option<Nested> {
        match level {
            0 | 2 => {
                if !self.spend(1) {
                    return None;
                }
                self.trial.refute_with(c, var, bit, Links::Singles).map(|ch| Nested::of_chain(ch, Some(Links::Singles)))
            }
            1 => {
                if !self.spend(1) {
                    return None;
                }
                self.trial.refute_with(c, var, bit, Links::Static).map(|ch| Nested::of_chain(ch, Some(Links::Static)))
            }
            3 => {
                if !self.spend(DEEP_TRIALS) {
                    return None;
                }
                self.trial.refute_deep(c, var, bit, NESTED_LIMIT).map(|ch| Nested::of_chain(ch, None))
            }
            n => self.outer(c, var, bit, n - 3),
        }
    }

    /// A nested trial of `level` >= 1.
    fn outer(&mut self, c: &Candidates, var: u32, bit: u32, level: u32) -> Option<Nested> {
        let mut s = c.clone();
        s.assign(var, bit);
        let mut implications = Vec::new();
        let mut deductions = 0;
        let mut deduced = Vec::new();
        let mut branches: Vec<Branch> = Vec::new();
        // Where the scan for an inner refutation starts: after the last one found, so that a
        // candidate that no inner trial refutes is not tried again and again first.
        let mut cursor = 0usize;
        loop {
            if !self.spend(DEEP_TRIALS) {
                return None;
            }
            let limit = NESTED_LIMIT.saturating_sub(branches.len() as u32);
            let drawn = deduced.len();
            let result = draw_deep(&mut s, c, var, &mut implications, &mut deductions, limit, None, Some(&mut deduced));
            for d in &mut deduced[drawn..] {
                d.branches = branches.len() as u32;
            }
            match result {
                Drawn::Contradiction(x) => {
                    return Some(Nested {
                        var,
                        bit,
                        level,
                        kind: None,
                        implications,
                        deductions,
                        deduced,
                        branches,
                        contradiction: x,
                    })
                }
                Drawn::Limit => return None,
                Drawn::Open if s.is_solved() => return None,
                Drawn::Open => {}
            }
            let candidates: Vec<(u32, u32)> = (0..s.num_vars() as u32)
                .filter(|&l| !s.is_settled(l) && s.mask(l).count_ones() >= 2)
                .flat_map(|l| bits(s.mask(l)).map(move |b| (l, b)))
                .collect();
            let n = candidates.len();
            let mut found = None;
            for k in 0..n {
                let (l, b) = candidates[(cursor + k) % n];
                if let Some(chain) = self.inner(&s, l, b, level) {
                    found = Some(((cursor + k) % n, chain));
                    break;
                }
                if self.exhausted() {
                    return None;
                }
            }
            let (at, chain) = found?;
            cursor = at;
            s.remove(chain.var, 1 << chain.bit);
            branches.push(Branch { after: implications.len() as u32, chain });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::latin_square;
    use csp::branching::Rng;
    use csp::{Outcome, Solver};

    /// Whether `solver`'s problem with `x = value` has a solution (by search, independent of
    /// the reasoning); `solver` is restored.
    fn satisfiable(solver: &mut Solver, x: csp::VarId, value: i32) -> bool {
        let checkpoint = solver.new_checkpoint();
        let found = solver.assign(x, value).is_ok() && matches!(solver.solve(), Outcome::Solved(_));
        solver.restore_to(checkpoint);
        found
    }

    #[test]
    fn every_nested_refutation_is_of_a_value_in_no_solution_and_levels_are_stronger() {
        // Latin squares of order 5 with random values removed: every refuted assumption must
        // be in no solution (checked by search); a higher level refutes at least as much.
        let mut refuted = [0usize; 4];
        for seed in 0..40 {
            let (mut solver, v) = latin_square(5);
            let mut rng = Rng::new(seed);
            for &x in &v {
                for value in 1..=5 {
                    if rng.below(10) < 3 && solver.remove_value(x, value).is_err() {
                        break;
                    }
                }
            }
            let Ok(c) = Candidates::from_solver(&solver) else { continue };
            if c.contradiction().is_some() {
                continue;
            }
            let mut nesting = Nesting::new(u64::MAX);
            for var in 0..c.num_vars() as u32 {
                for bit in bits(c.mask(var)) {
                    let mut lower = false;
                    for level in 0..4 {
                        let chain = nesting.refute(&c, var, bit, level);
                        assert!(lower <= chain.is_some(), "seed {seed}: level {level} refutes less");
                        if let Some(chain) = chain {
                            refuted[level as usize] += 1;
                            assert_eq!((chain.var, chain.bit, chain.level), (var, bit, level));
                            assert!(
                                !satisfiable(&mut solver, c.var(var), c.value(bit)),
                                "seed {seed}: {var} = {bit} refuted at level {level} but in a solution"
                            );
                            for branch in &chain.branches {
                                assert!(branch.after as usize <= chain.implications.len());
                            }
                            lower = true;
                        }
                    }
                }
            }
        }
        assert!(refuted[0] > 50 && refuted[3] > refuted[0], "{refuted:?}");
    }
}

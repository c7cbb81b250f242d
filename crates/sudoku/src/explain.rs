//! Explanations: a solve told the way a person solves, one step per line.
//!
//! [`Solver::explain`] runs the technique ladder ([`crate::technique`]): at each point the
//! easiest technique that applies, from full houses and singles through locked candidates,
//! subsets and fish to forcing chains, and a guess only when nothing applies. Each step is one
//! line: its claims, `: `, and the technique with its cells and units.
//!
//! ```text
//! r3c5 = 7: hidden single in box 2                        a placement
//! r4c4 = 2: naked single
//! r3c7, r3c9 != 7: pointing 7 in r3c1, r3c2 (box 1, row 3)  an elimination: each cell loses each digit
//! r1c4, r1c8 != 3, 7: naked pair {3, 7} in r1c2, r1c5 (row 1)
//! r1c7 != 2: forcing chain of 4: if r1c7 = 2 then r1c3 = 5, r4c3 = 7, r4c9 = 1, so r7c9 has no candidate left
//! guess r1c1 = 4: 2 candidates {4, 9}                      only when nothing applies
//! contradiction: r5c5 has no candidate left
//! backtrack: r1c1 = 4 leads to a contradiction
//! r1c1 != 4: guess r1c1 = 4 failed
//! ```
//!
//! The eliminations that follow directly from a placement (`r3c1, r3c2 != 7: r3c5 = 7 in
//! row 3`) are *implied*: recorded, and printed only with [`Detail::Full`].
//!
//! Steps made after a guess that later failed are *refuted* ([`Step::refuted`]): their
//! conclusions held only under that guess. [`Detail::Normal`] summarises each failed guess
//! in four lines, [`Detail::Full`] shows it in full, indented.

use std::fmt;

use crate::error::Clash;
use crate::grade::Grade;
use crate::grid::{digit_symbol, Cell, Grid, Unit};
use crate::ladder::{End, Ladder};
use crate::solve::{Solver, Uniqueness};
use crate::technique::{DeadEnd, Technique};

/// A set of digits (at most 25), as the candidates of a cell.
///
/// `Display` lists them in braces with symbols, as `{4, 9}` or `{A, C}`.
///
/// # Example
///
/// ```
/// use sudoku::Digits;
///
/// let d: Digits = [9, 4].into_iter().collect();
/// assert_eq!((d.len(), d.contains(4), d.contains(5)), (2, true, false));
/// assert_eq!(d.to_string(), "{4, 9}");
/// assert_eq!(d.iter().collect::<Vec<_>>(), [4, 9]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Digits(u32);

impl Digits {
    /// No digit.
    pub const EMPTY: Digits = Digits(0);

    /// The set of one digit.
    ///
    /// # Panics
    ///
    /// Panics if `digit` is not in `1..=25`.
    pub fn single(digit: u8) -> Digits {
        assert!((1..=25).contains(&digit), "digit {digit} is not in 1..=25");
        Digits(1 << (digit - 1))
    }

    /// The set whose bit `d - 1` stands for digit `d`.
    pub(crate) fn from_mask(mask: u32) -> Digits {
        Digits(mask & ((1 << 25) - 1))
    }

    /// The set as a mask, bit `d - 1` for digit `d`.
    pub(crate) fn mask(self) -> u32 {
        self.0
    }

    /// Whether `digit` is in the set.
    pub fn contains(self, digit: u8) -> bool {
        (1..=25).contains(&digit) && self.0 & (1 << (digit - 1)) != 0
    }

    /// The number of digits.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The digits, smallest first.
    pub fn iter(self) -> impl Iterator<Item = u8> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let d = bits.trailing_zeros() as u8 + 1;
                bits &= bits - 1;
                d
            })
        })
    }
}

impl FromIterator<u8> for Digits {
    /// Collects digits; values outside `1..=25` are ignored.
    fn from_iter<I: IntoIterator<Item = u8>>(iter: I) -> Digits {
        let mask = iter.into_iter().filter(|d| (1..=25).contains(d)).fold(0, |m, d| m | 1 << (d - 1));
        Digits(mask)
    }
}

impl fmt::Display for Digits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        for (i, d) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{}", Symbol(d))?;
        }
        f.write_str("}")
    }
}

impl fmt::Debug for Digits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Digits separated by commas, without braces: `3, 7`.
pub(crate) struct DigitList(pub(crate) Digits);

impl fmt::Display for DigitList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{}", Symbol(d))?;
        }
        Ok(())
    }
}

/// A digit printed with its symbol (`7`, `A` for 10).
pub(crate) struct Symbol(pub(crate) u8);

impl fmt::Display for Symbol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match digit_symbol(self.0) {
            Some(c) => write!(f, "{c}"),
            None => write!(f, "{}", self.0),
        }
    }
}

/// Cells separated by commas: `r3c1, r3c4`.
pub(crate) struct CellList<'a>(pub(crate) &'a [Cell]);

impl fmt::Display for CellList<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

/// One step of an explanation.
///
/// `Display` prints the step in its fixed form, without indentation: the claims, `: `, and the
/// reason (`r3c5 = 7: hidden single in box 2`). An elimination whose cells lose different
/// digits prints one line per set of digits, each with the same reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The number of guesses open when the step was made (0 before any guess).
    pub depth: u32,
    /// Whether the step lies inside a guess that was later refuted: its conclusions held only
    /// under that guess. Steps on the way to the solution are never refuted.
    pub refuted: bool,
    /// What happened.
    pub kind: StepKind,
}

/// What a [`Step`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum StepKind {
    /// A digit goes in a cell: `r3c5 = 7: hidden single in box 2`.
    Place {
        /// The cell.
        cell: Cell,
        /// The digit, from 1.
        digit: u8,
        /// How it was found.
        technique: Technique,
    },
    /// Candidates leave cells: `r1c4, r1c8 != 3, 7: naked pair {3, 7} in r1c2, r1c5 (row 1)`.
    Eliminate {
        /// Each cell with the digits it loses (only digits it had), in the order found.
        claims: Vec<(Cell, Digits)>,
        /// How it was found.
        technique: Technique,
    },
    /// The eliminations that follow from a placed (or given) digit in one of its units:
    /// `r3c1, r3c2 != 7: r3c5 = 7 in row 3`. Printed with [`Detail::Full`] only.
    Implied {
        /// The cells that lose the digit.
        cells: Vec<Cell>,
        /// The digit.
        digit: u8,
        /// The cell holding it.
        by: Cell,
        /// The unit they share.
        unit: Unit,
    },
    /// A guess, when no technique applies: `guess r1c1 = 4: 2 candidates {4, 9}`.
    Guess {
        /// The cell.
        cell: Cell,
        /// The digit tried.
        digit: u8,
        /// The cell's candidates at that moment.
        candidates: Digits,
    },
    /// A guess led to a contradiction and is undone: `backtrack: r1c1 = 4 leads to a
    /// contradiction`. The elimination of the guessed digit follows.
    Backtrack {
        /// The guessed cell.
        cell: Cell,
        /// The digit that was tried.
        digit: u8,
    },
    /// The candidates contradict each other: the dead end of a guess, or proof that the
    /// puzzle has no solution.
    Contradiction(Contradiction),
    /// The steps of a failed guess, counted (printed by [`Detail::Normal`] in place of
    /// them): `... 58 placements, 172 eliminations, 3 guesses`.
    Summary {
        /// Placements.
        placements: u64,
        /// Candidates eliminated, implied ones included.
        eliminations: u64,
        /// Guesses.
        guesses: u64,
    },
    /// The ladder gave up after this many guesses without a solution (a limit; the puzzle's
    /// answer is still given by the search).
    Stopped {
        /// Guesses made.
        guesses: u32,
    },
}

impl StepKind {
    /// The [`StepKind::Summary`] of `steps`.
    pub(crate) fn summary_of<'a>(steps: impl IntoIterator<Item = &'a Step>) -> StepKind {
        let (mut placements, mut eliminations, mut guesses) = (0, 0, 0);
        for step in steps {
            match &step.kind {
                StepKind::Place { .. } => placements += 1,
                StepKind::Eliminate { claims, .. } => {
                    eliminations += claims.iter().map(|(_, d)| d.len() as u64).sum::<u64>()
                }
                StepKind::Implied { cells, .. } => eliminations += cells.len() as u64,
                StepKind::Guess { .. } => guesses += 1,
                StepKind::Summary { placements: p, eliminations: e, guesses: g } => {
                    placements += p;
                    eliminations += e;
                    guesses += g;
                }
                _ => {}
            }
        }
        StepKind::Summary { placements, eliminations, guesses }
    }

    /// The technique of a placement or elimination.
    pub fn technique(&self) -> Option<&Technique> {
        match self {
            StepKind::Place { technique, .. } | StepKind::Eliminate { technique, .. } => Some(technique),
            _ => None,
        }
    }
}

/// A dead end, in cells.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Contradiction {
    /// Two givens of one unit hold the same digit (the puzzle is invalid).
    Clash(Clash),
    /// A cell without candidates, or a digit without a place in a unit.
    DeadEnd(DeadEnd),
}

impl fmt::Display for Contradiction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Contradiction::Clash(c) => {
                write!(f, "givens {} and {} both hold {} in {}", c.first, c.second, Symbol(c.digit), c.unit)
            }
            Contradiction::DeadEnd(d) => write!(f, "{d}"),
        }
    }
}

/// `58 placements, 172 eliminations, 3 guesses`, leaving out zeros (`nothing` if all are).
fn write_counts(f: &mut fmt::Formatter<'_>, placements: u64, eliminations: u64, guesses: u64) -> fmt::Result {
    let mut first = true;
    for (n, one, many) in [
        (placements, "placement", "placements"),
        (eliminations, "elimination", "eliminations"),
        (guesses, "guess", "guesses"),
    ] {
        if n == 0 {
            continue;
        }
        if !first {
            f.write_str(", ")?;
        }
        first = false;
        write!(f, "{n} {}", if n == 1 { one } else { many })?;
    }
    if first {
        f.write_str("nothing")?;
    }
    Ok(())
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            StepKind::Place { cell, digit, technique } => write!(f, "{cell} = {}: {technique}", Symbol(*digit)),
            StepKind::Eliminate { claims, technique } => {
                // One line per set of digits lost, cells in the order found.
                let mut sets: Vec<Digits> = Vec::new();
                for (_, d) in claims {
                    if !sets.contains(d) {
                        sets.push(*d);
                    }
                }
                for (i, set) in sets.iter().enumerate() {
                    if i > 0 {
                        f.write_str("\n")?;
                    }
                    let cells: Vec<Cell> = claims.iter().filter(|(_, d)| d == set).map(|&(c, _)| c).collect();
                    write!(f, "{} != {}: {technique}", CellList(&cells), DigitList(*set))?;
                }
                Ok(())
            }
            StepKind::Implied { cells, digit, by, unit } => {
                write!(f, "{} != {d}: {by} = {d} in {unit}", CellList(cells), d = Symbol(*digit))
            }
            StepKind::Guess { cell, digit, candidates } => {
                write!(f, "guess {cell} = {}: {} candidates {candidates}", Symbol(*digit), candidates.len())
            }
            StepKind::Backtrack { cell, digit } => {
                write!(f, "backtrack: {cell} = {} leads to a contradiction", Symbol(*digit))
            }
            StepKind::Contradiction(c) => write!(f, "contradiction: {c}"),
            StepKind::Summary { placements, eliminations, guesses } => {
                f.write_str("... ")?;
                write_counts(f, *placements, *eliminations, *guesses)
            }
            StepKind::Stopped { guesses } => write!(f, "stopped: {guesses} guesses without a solution"),
        }
    }
}

/// How much of an explanation [`Explanation::display`] prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Detail {
    /// The steps on the way to the solution; each failed guess as its guess, backtrack and
    /// elimination only.
    Brief,
    /// The steps on the way to the solution; each failed guess summarised in four lines (the
    /// guess, the count of its steps, the contradiction it ended in, the backtrack).
    #[default]
    Normal,
    /// Every step, implied eliminations included, failed guesses in full and indented.
    Full,
}

/// A solve told step by step; built by [`Solver::explain`].
///
/// `Display` prints it with [`Detail::Normal`], one step per line; the alternate form
/// (`{:#}`) prints [`Detail::Full`].
///
/// # Example
///
/// ```
/// use sudoku::{Grid, Solver, StepKind, Uniqueness};
///
/// let puzzle = Grid::from_line("...3..4114..3...")?;
/// let explanation = Solver::new(puzzle.shape()).explain(&puzzle);
/// let Uniqueness::Unique(solution) = explanation.result() else { panic!("unique") };
/// for step in explanation.steps() {
///     if let StepKind::Place { cell, digit, .. } = step.kind {
///         assert_eq!(solution.get(cell), Some(digit));
///     }
/// }
/// let text = explanation.to_string();
/// assert!(text.lines().any(|l| l == "r4c2 = 2: full house in box 3"), "{text}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Explanation {
    puzzle: Grid,
    result: Uniqueness,
    steps: Vec<Step>,
    /// `(guess, backtrack)` step indices of every refuted guess, by guess index.
    refutations: Vec<(u32, u32)>,
    grade: Grade,
}

impl Explanation {
    /// The puzzle explained.
    pub fn puzzle(&self) -> &Grid {
        &self.puzzle
    }

    /// The outcome of the search: a unique solution, two of them, none (clashing givens
    /// included), or a limit reached.
    pub fn result(&self) -> &Uniqueness {
        &self.result
    }

    /// Every step, in order, up to the first solution found (or a dead end). Steps of
    /// refuted guesses and implied eliminations included.
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// The clashing givens of an invalid puzzle; empty for a valid one.
    pub fn clashes(&self) -> impl Iterator<Item = &Clash> + '_ {
        self.steps.iter().filter_map(|s| match &s.kind {
            StepKind::Contradiction(Contradiction::Clash(c)) => Some(c),
            _ => None,
        })
    }

    /// The puzzle's grade: the hardest step explained (see [`Grade`]).
    pub fn grade(&self) -> &Grade {
        &self.grade
    }

    /// The explanation printed with `detail`, one step per line.
    pub fn display(&self, detail: Detail) -> impl fmt::Display + '_ {
        Render { explanation: self, detail }
    }
}

impl fmt::Display for Explanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let detail = if f.alternate() { Detail::Full } else { Detail::Normal };
        fmt::Display::fmt(&self.display(detail), f)
    }
}

struct Render<'a> {
    explanation: &'a Explanation,
    detail: Detail,
}

/// Writes `step` indented by `indent` levels, every line of it.
fn line(f: &mut fmt::Formatter<'_>, indent: usize, step: &Step) -> fmt::Result {
    for l in step.to_string().lines() {
        writeln!(f, "{:width$}{l}", "", width = 2 * indent)?;
    }
    Ok(())
}

impl fmt::Display for Render<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let steps = &self.explanation.steps;
        let refutations = &self.explanation.refutations;
        let backtrack_of = |i: usize| {
            refutations.binary_search_by_key(&(i as u32), |&(g, _)| g).ok().map(|k| refutations[k].1 as usize)
        };
        if self.detail == Detail::Full {
            // Indent by the number of enclosing refuted guesses.
            let mut open: Vec<usize> = Vec::new();
            for (i, step) in steps.iter().enumerate() {
                while open.last() == Some(&i) {
                    open.pop();
                }
                line(f, open.len(), step)?;
                if let Some(b) = backtrack_of(i) {
                    open.push(b);
                }
            }
            return Ok(());
        }
        let mut i = 0;
        while i < steps.len() {
            let step = &steps[i];
            if let Some(b) = backtrack_of(i).filter(|&b| b > i && b < steps.len()) {
                line(f, 0, step)?;
                if self.detail == Detail::Normal {
                    let inner = &steps[i + 1..b];
                    let kind = StepKind::summary_of(inner);
                    if kind != (StepKind::Summary { placements: 0, eliminations: 0, guesses: 0 }) {
                        line(f, 1, &Step { depth: step.depth + 1, refuted: true, kind })?;
                    }
                    if let Some(c) = inner.iter().rev().find(|s| matches!(s.kind, StepKind::Contradiction(_))) {
                        line(f, 1, c)?;
                    }
                }
                line(f, 0, &steps[b])?;
                i = b + 1;
                continue;
            }
            if !matches!(step.kind, StepKind::Implied { .. }) {
                line(f, 0, step)?;
            }
            i += 1;
        }
        Ok(())
    }
}

/// Every pair of givens that hold the same digit in a unit, each pair once.
fn clashes(grid: &Grid) -> Vec<Clash> {
    let shape = grid.shape();
    let mut found: Vec<Clash> = Vec::new();
    for unit in shape.units() {
        let cells: Vec<(Cell, u8)> = shape.unit_cells(unit).filter_map(|c| grid.get(c).map(|d| (c, d))).collect();
        for (i, &(a, da)) in cells.iter().enumerate() {
            for &(b, db) in &cells[i + 1..] {
                let (first, second) = if a <= b { (a, b) } else { (b, a) };
                if da == db && !found.iter().any(|c| (c.first, c.second) == (first, second)) {
                    found.push(Clash { unit, digit: da, first, second });
                }
            }
        }
    }
    found
}

/// The outcome of running the ladder on a puzzle.
#[derive(Default)]
pub(crate) struct Run {
    pub(crate) steps: Vec<Step>,
    pub(crate) refutations: Vec<(u32, u32)>,
    pub(crate) guesses: u32,
}

impl Solver {
    /// A ladder on `grid`'s givens (assigned on this solver's engine, not propagated), or the
    /// clashes that make it invalid.
    pub(crate) fn ladder(&mut self, grid: &Grid, detailed: bool) -> Result<Ladder, Vec<Clash>> {
        let clashes = clashes(grid);
        if !clashes.is_empty() {
            return Err(clashes);
        }
        self.prepare_shape(grid.shape());
        let engine = self.engine_mut();
        engine.reset();
        for (i, &d) in grid.digits().iter().enumerate() {
            if d != 0 {
                // Assigning a digit of the domain to an unpropagated variable cannot fail.
                let _ = engine.assign(csp::VarId::from_index(i), i32::from(d));
            }
        }
        Ladder::new(grid.shape(), self.engine(), detailed).ok_or_else(Vec::new)
    }

    /// Whether a search proves that `grid` has exactly one solution (without grading it: this
    /// runs inside grading). `false` for clashing givens or a search stopped by a limit.
    fn proven_unique(&mut self, grid: &Grid) -> bool {
        if !clashes(grid).is_empty() {
            return false;
        }
        self.prepare_shape(grid.shape());
        let shape = grid.shape();
        let engine = self.engine_mut();
        crate::solve::load_givens(engine, grid)
            && matches!(crate::solve::unique_solution(engine, shape), Uniqueness::Unique(_))
    }

    /// Runs the ladder on `grid` to the end: the steps, or the clashes of an invalid grid.
    ///
    /// Uniqueness techniques (unique rectangles, BUG+1) are used only if the search proves
    /// first that `grid` has exactly one solution: they are not deductions from the rules,
    /// and would be wrong on a puzzle with several solutions.
    pub(crate) fn run_ladder(&mut self, grid: &Grid, detailed: bool) -> Run {
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
        match self.ladder(grid, detailed) {
            Err(clashes) => Ok(Run {
                steps: clashes
                    .into_iter()
                    .map(|c| Step { depth: 0, refuted: false, kind: StepKind::Contradiction(Contradiction::Clash(c)) })
                    .collect(),
                refutations: Vec::new(),
                guesses: 0,
            }),
            Ok(mut ladder) => {
                ladder.stop_at = stop_at;
                ladder.unique = unique;
                let end = ladder.run(0);
                if end == End::Reached {
                    return Err(ladder.floor);
                }
                if end == End::Stopped {
                    let guesses = ladder.guesses;
                    ladder.steps.push(Step { depth: 0, refuted: false, kind: StepKind::Stopped { guesses } });
                }
                ladder.refutations.sort_unstable();
                Ok(Run { steps: ladder.steps, refutations: ladder.refutations, guesses: ladder.guesses })
            }
        }
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
    pub fn explain(&mut self, grid: &Grid) -> Explanation {
        let run = self.run_ladder(grid, true);
        let grade = Grade::of_run(&run);
        let clash = run.steps.iter().any(|s| matches!(s.kind, StepKind::Contradiction(Contradiction::Clash(_))));
        let result = if clash { Uniqueness::Unsatisfiable } else { self.solve_unique(grid) };
        Explanation { puzzle: grid.clone(), result, steps: run.steps, refutations: run.refutations, grade }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 4x4 puzzle with one solution.
    const FOUR: &str = "...3..4114..3...";

    fn explain(line: &str) -> Explanation {
        let grid = Grid::parse_keeping_clashes(line).unwrap();
        Solver::new(grid.shape()).explain(&grid)
    }

    #[test]
    fn uniqueness_techniques_wait_for_a_proof_of_uniqueness() {
        // Two solutions: 1 and 3 swap in r1c1, r1c3, r2c1, r2c3.
        let multi = Grid::from_line(".2.4.4.221434321").unwrap();
        let mut solver = Solver::new(multi.shape());
        assert!(!solver.proven_unique(&multi));
        assert!(solver.proven_unique(&Grid::from_line(FOUR).unwrap()));
        let e = solver.explain(&multi);
        assert!(matches!(e.result(), Uniqueness::Multiple(..)));
        assert!(e
            .steps()
            .iter()
            .all(|s| !matches!(s.kind.technique(), Some(Technique::UniqueRectangle { .. } | Technique::Bug { .. }))));
    }

    #[test]
    fn digits_print_in_braces_with_symbols() {
        let d: Digits = [12, 3, 30, 0].into_iter().collect();
        assert_eq!(d.to_string(), "{3, C}");
        assert_eq!(Digits::EMPTY.to_string(), "{}");
        assert_eq!(Digits::single(25).iter().collect::<Vec<_>>(), [25]);
    }

    #[test]
    fn a_4x4_explanation_places_every_empty_cell_once() {
        let e = explain(FOUR);
        let Uniqueness::Unique(solution) = e.result().clone() else { panic!("{:?}", e.result()) };
        let mut placed: Vec<Cell> = e
            .steps()
            .iter()
            .filter_map(|s| match s.kind {
                StepKind::Place { cell, digit, .. } => {
                    assert_eq!(solution.get(cell), Some(digit), "{s}");
                    Some(cell)
                }
                _ => None,
            })
            .collect();
        let n = placed.len();
        placed.sort();
        placed.dedup();
        assert_eq!((placed.len(), n), (10, 10), "each empty cell placed once");
    }

    #[test]
    fn implied_eliminations_show_only_in_full() {
        let e = explain(FOUR);
        let full = e.display(Detail::Full).to_string();
        assert!(full.lines().any(|l| l == "r4c2, r4c3 != 3: r4c1 = 3 in row 4"), "{full}");
        assert!(!e.to_string().contains("r4c1 = 3 in row 4"));
    }

    #[test]
    fn clashing_givens_are_named_without_search() {
        let e = explain("1..1............");
        assert_eq!(e.result(), &Uniqueness::Unsatisfiable);
        assert_eq!(e.to_string(), "contradiction: givens r1c1 and r1c4 both hold 1 in row 1\n");
        assert_eq!(e.clashes().count(), 1);
    }

    #[test]
    fn an_elimination_prints_one_line_per_set_of_digits() {
        let step = Step {
            depth: 0,
            refuted: false,
            kind: StepKind::Eliminate {
                claims: vec![
                    (Cell::new(0, 3), [3, 7].into_iter().collect()),
                    (Cell::new(0, 8), [3].into_iter().collect()),
                    (Cell::new(0, 7), [3, 7].into_iter().collect()),
                ],
                technique: Technique::NakedSubset {
                    digits: [3, 7].into_iter().collect(),
                    cells: vec![Cell::new(0, 1), Cell::new(0, 4)],
                    unit: Unit::Row(0),
                },
            },
        };
        assert_eq!(
            step.to_string(),
            "r1c4, r1c8 != 3, 7: naked pair {3, 7} in r1c2, r1c5 (row 1)\nr1c9 != 3: naked pair {3, 7} in r1c2, r1c5 (row 1)"
        );
    }
}

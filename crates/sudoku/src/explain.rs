//! Explanations: a solve told as deductions a person can check, one step per line.
//!
//! [`Solver::explain`] solves a puzzle with an observer on the engine's event stream
//! ([`csp::Event`]) and turns each event into a [`Step`] in Sudoku terms:
//!
//! ```text
//! r1c2 != 5: r1c1 = 5 in row 1                 an elimination (the engine's forward checking)
//! r3c5 = 7: only place for 7 in box 2          a placement (hidden single)
//! r4c4 = 2: last candidate                     a placement (naked single: a removal left one digit)
//! r3c6 != 7: 7 in box 2 is confined to row 3   an elimination (locked candidates)
//! r3c9 != 2: r3c1, r3c4 can only be {2, 7} (naked pair in row 3)
//! guess r1c1 = 4: 2 candidates {4, 9}          a search decision
//! contradiction: r5c5 has no candidate left: 1 (r5c1 = 1 in row 5); ...
//! backtrack: r1c1 = 4 leads to a contradiction
//! r1c1 != 4: guess r1c1 = 4 failed
//! ```
//!
//! # How events become steps
//!
//! The engine reports every removal with its [`Rule`], the constraint that applied it and its
//! premises. The explanation keeps its own copy of the candidates (restored on backtracking
//! from per-level snapshots), so it can tell what the engine does not say in one event: that
//! a removal left a cell a single candidate (a naked single), which digits a guessed cell
//! had, which digit has no place left in a unit that failed (pigeonhole), and which earlier
//! step removed each digit of a cell that ended with none. All of this costs nothing when no
//! explanation is asked for: the engine builds no event without an observer.
//!
//! Steps made after a guess that later failed are *refuted* ([`Step::refuted`]): their
//! conclusions are hypothetical. The steps on the way to the solution are complete; a
//! refuted branch is shown summarised ([`Detail::Normal`]) or in full ([`Detail::Full`]).
//! [`Detail::Brief`] keeps only the steps that the solution (or the final contradiction)
//! rests on ([`Step::needed`]), and leaves out the eliminations that merely follow from a
//! placement shown (`r3c5 != 7: r3c2 = 7 in row 3`).

use std::fmt;
use std::sync::{Arc, Mutex, PoisonError};

use crate::error::Clash;
use crate::grade::{Grade, TraceCounts};
use crate::grid::{digit_symbol, Cell, Grid, Unit};
use crate::record::{lock, observer, Recorder, Shared, STEP_BUDGET};
use crate::solve::{Solver, Uniqueness};

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

/// A digit printed with its symbol (`7`, `A` for 10).
struct Symbol(u8);

impl fmt::Display for Symbol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match digit_symbol(self.0) {
            Some(c) => write!(f, "{c}"),
            None => write!(f, "{}", self.0),
        }
    }
}

/// Cells separated by commas: `r3c1, r3c4`.
struct CellList<'a>(&'a [Cell]);

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
/// `Display` prints the step in its fixed form: the step, `: `, and the reason in words
/// (`r3c5 = 7: only place for 7 in box 2`), without indentation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The number of guesses open when the step was made (0 before any guess).
    pub depth: u32,
    /// Whether the step lies inside a guess that was later refuted: its conclusions held only
    /// under that guess. Steps on the way to the solution are never refuted.
    pub refuted: bool,
    /// Whether the outcome rests on this step: every placement, guess, backtrack and
    /// contradiction that is not refuted, and the earlier steps they depend on. The steps
    /// printed with [`Detail::Brief`].
    pub needed: bool,
    /// What happened.
    pub kind: StepKind,
}

/// What a [`Step`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum StepKind {
    /// A digit goes in a cell: `r3c5 = 7: only place for 7 in box 2`.
    Place {
        /// The cell.
        cell: Cell,
        /// The digit, from 1.
        digit: u8,
        /// Why.
        why: Placement,
    },
    /// A candidate leaves a cell: `r3c5 != 7: r3c2 = 7 in row 3`.
    Eliminate {
        /// The cell.
        cell: Cell,
        /// The digit removed, from 1.
        digit: u8,
        /// Why.
        why: Elimination,
    },
    /// The search tries a digit: `guess r1c1 = 4: 2 candidates {4, 9}`.
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
    /// The candidates contradict each other: a dead end of a guess, or proof that the puzzle
    /// has no solution.
    Contradiction(Contradiction),
    /// Steps of a failed guess left out to bound memory, counted: only in long searches
    /// (beyond 250,000 steps), where each failed guess is kept as its guess, this summary, its
    /// last contradiction and its backtrack. `... 58 placements, 170 eliminations, 3 guesses`.
    Summary {
        /// Placements left out.
        placements: u64,
        /// Eliminations left out.
        eliminations: u64,
        /// Guesses left out.
        guesses: u64,
    },
}

impl StepKind {
    /// The [`StepKind::Summary`] of `steps`: their placements, eliminations and guesses,
    /// earlier summaries included.
    pub(crate) fn summary_of<'a>(steps: impl IntoIterator<Item = &'a Step>) -> StepKind {
        let (mut placements, mut eliminations, mut guesses) = (0, 0, 0);
        for step in steps {
            match step.kind {
                StepKind::Place { .. } => placements += 1,
                StepKind::Eliminate { .. } => eliminations += 1,
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
}

/// Why a digit goes in a cell.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Placement {
    /// The cell had no other candidate left (a naked single).
    LastCandidate,
    /// The cell is the digit's only place left in the unit (a hidden single).
    OnlyPlace {
        /// The unit.
        unit: Unit,
    },
    /// A given of the puzzle (used in [`Exclusion::Holds`]).
    Given,
    /// A guess (used in [`Exclusion::Holds`]).
    Guessed,
    /// A reason the explanation does not know by name: the engine constraint's label.
    Other {
        /// The constraint's label.
        constraint: String,
    },
}

/// Why a candidate leaves a cell.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Elimination {
    /// Another cell of a unit holds the digit: `r3c2 = 7 in row 3`.
    Taken {
        /// The cell holding the digit.
        by: Cell,
        /// The unit both cells share.
        unit: Unit,
    },
    /// In `within`, the digit can only go where `within` overlaps `confined_to`, so it leaves
    /// the rest of `confined_to` (locked candidates: pointing and claiming):
    /// `7 in box 2 is confined to row 3`.
    Locked {
        /// The unit in which the digit is confined to the overlap.
        within: Unit,
        /// The overlapping unit the digit leaves, outside the overlap.
        confined_to: Unit,
    },
    /// `cells` can only hold `digits`, as many as they are, so those digits leave the rest of
    /// the unit (a naked pair, triple, ...): `r3c1, r3c4 can only be {2, 7} (naked pair in row 3)`.
    NakedSubset {
        /// The cells.
        cells: Vec<Cell>,
        /// Their digits.
        digits: Digits,
        /// The unit.
        unit: Unit,
    },
    /// `digits` can only go in `cells` of the unit, as many as they are, so those cells hold
    /// no other digit (a hidden pair, triple, ...):
    /// `{2, 7} can only go in r3c1, r3c4 (hidden pair in row 3)`.
    HiddenSubset {
        /// The digits.
        digits: Digits,
        /// Their only places in the unit.
        cells: Vec<Cell>,
        /// The unit.
        unit: Unit,
    },
    /// The guess of this digit in this cell led to a contradiction.
    Refuted,
    /// A reason the explanation does not know by name: the engine constraint's label.
    Other {
        /// The constraint's label.
        constraint: String,
    },
}

/// Why a cell cannot hold a digit, in a [`Contradiction`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Exclusion {
    /// The cell holds another digit (given, guessed or deduced), which excludes every other.
    Holds {
        /// The digit it holds.
        digit: u8,
        /// How it came to hold it.
        why: Placement,
    },
    /// The digit was eliminated from the cell.
    Eliminated {
        /// The digit.
        digit: u8,
        /// Why.
        why: Elimination,
    },
}

/// A dead end, in cells.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Contradiction {
    /// Two givens of one unit hold the same digit (the puzzle is invalid).
    Clash(Clash),
    /// A cell has no candidate left: why each digit is excluded.
    NoCandidate {
        /// The cell.
        cell: Cell,
        /// Why each digit is excluded, in digit order (a held digit first).
        exclusions: Vec<Exclusion>,
    },
    /// A digit has no place left in a unit: why each cell of the unit excludes it.
    NoPlace {
        /// The digit.
        digit: u8,
        /// The unit.
        unit: Unit,
        /// Each cell of the unit and why it cannot hold the digit.
        cells: Vec<(Cell, Exclusion)>,
    },
    /// Some cells of a unit have fewer digits between them than they are.
    TooFewDigits {
        /// The cells.
        cells: Vec<Cell>,
        /// All their candidates.
        digits: Digits,
        /// The unit.
        unit: Unit,
    },
    /// A constraint the explanation does not know by name failed.
    Other {
        /// The constraint's label.
        constraint: String,
    },
}

impl fmt::Display for Placement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Placement::LastCandidate => f.write_str("last candidate"),
            Placement::OnlyPlace { unit } => write!(f, "only place in {unit}"),
            Placement::Given => f.write_str("given"),
            Placement::Guessed => f.write_str("guessed"),
            Placement::Other { constraint } => write!(f, "by {constraint}"),
        }
    }
}

/// The reason of an elimination of `digit`, in words.
struct EliminationText<'a>(&'a Elimination, u8, Cell);

impl fmt::Display for EliminationText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let EliminationText(why, digit, cell) = *self;
        let d = Symbol(digit);
        match why {
            Elimination::Taken { by, unit } => write!(f, "{by} = {d} in {unit}"),
            Elimination::Locked { within, confined_to } => write!(f, "{d} in {within} is confined to {confined_to}"),
            Elimination::NakedSubset { cells, digits, unit } => {
                write!(f, "{} can only be {digits} ({} in {unit})", CellList(cells), subset_name("naked", cells.len()))
            }
            Elimination::HiddenSubset { digits, cells, unit } => {
                write!(
                    f,
                    "{digits} can only go in {} ({} in {unit})",
                    CellList(cells),
                    subset_name("hidden", cells.len())
                )
            }
            Elimination::Refuted => write!(f, "guess {cell} = {d} failed"),
            Elimination::Other { constraint } => write!(f, "by {constraint}"),
        }
    }
}

/// `58 placements, 170 eliminations, 3 guesses`, leaving out zeros (`nothing` if all are).
fn write_counts(f: &mut fmt::Formatter<'_>, placements: u64, eliminations: u64, guesses: u64) -> fmt::Result {
    let mut first = true;
    for (n, one, many) in [
        (placements, "placement", "placements"),
        (eliminations, "elimination", "eliminations"),
        (guesses, "guess", "guesses"),
    ] {
        if n > 0 {
            if !first {
                f.write_str(", ")?;
            }
            write!(f, "{n} {}", if n == 1 { one } else { many })?;
            first = false;
        }
    }
    if first {
        f.write_str("nothing")?;
    }
    Ok(())
}

fn subset_name(kind: &str, k: usize) -> String {
    match k {
        1 => format!("{kind} single"),
        2 => format!("{kind} pair"),
        3 => format!("{kind} triple"),
        4 => format!("{kind} quad"),
        k => format!("{kind} set of {k}"),
    }
}

/// A placement reason after `cell = digit`.
struct PlacementText<'a>(&'a Placement, u8);

impl fmt::Display for PlacementText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Placement::OnlyPlace { unit } => write!(f, "only place for {} in {unit}", Symbol(self.1)),
            other => write!(f, "{other}"),
        }
    }
}

impl fmt::Display for Contradiction {
    /// The contradiction in words, after `contradiction: `.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Contradiction::Clash(c) => {
                write!(f, "givens {} and {} both hold {} in {}", c.first, c.second, Symbol(c.digit), c.unit)
            }
            Contradiction::NoCandidate { cell, exclusions } => {
                write!(f, "{cell} has no candidate left: ")?;
                for (i, e) in exclusions.iter().enumerate() {
                    if i > 0 {
                        f.write_str("; ")?;
                    }
                    match e {
                        Exclusion::Holds { digit, why } => {
                            write!(f, "{cell} = {} ({})", Symbol(*digit), PlacementText(why, *digit))?
                        }
                        Exclusion::Eliminated { digit, why } => {
                            write!(f, "{} ({})", Symbol(*digit), EliminationText(why, *digit, *cell))?
                        }
                    }
                }
                Ok(())
            }
            Contradiction::NoPlace { digit, unit, cells } => {
                write!(f, "no place left for {} in {unit}: ", Symbol(*digit))?;
                for (i, (cell, e)) in cells.iter().enumerate() {
                    if i > 0 {
                        f.write_str("; ")?;
                    }
                    match e {
                        Exclusion::Holds { digit: held, .. } => write!(f, "{cell} = {}", Symbol(*held))?,
                        Exclusion::Eliminated { digit, why } => {
                            write!(f, "{cell} ({})", EliminationText(why, *digit, *cell))?
                        }
                    }
                }
                Ok(())
            }
            Contradiction::TooFewDigits { cells, digits, unit } => {
                write!(f, "{} can only be {digits} in {unit}", CellList(cells))
            }
            Contradiction::Other { constraint } => write!(f, "{constraint} cannot be satisfied"),
        }
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            StepKind::Place { cell, digit, why } => {
                write!(f, "{cell} = {}: {}", Symbol(*digit), PlacementText(why, *digit))
            }
            StepKind::Eliminate { cell, digit, why } => {
                write!(f, "{cell} != {}: {}", Symbol(*digit), EliminationText(why, *digit, *cell))
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
        }
    }
}

/// How much of an explanation [`Explanation::display`] prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Detail {
    /// Only the steps the outcome rests on ([`Step::needed`]), without the eliminations by a
    /// placed digit (`r3c5 != 7: r3c2 = 7 in row 3`), which follow from the placements shown;
    /// refuted guesses summarised.
    Brief,
    /// Every step on the way to the solution; each refuted guess summarised in three lines
    /// (the guess, the number of steps it took and the contradiction it ended in, the
    /// backtrack).
    #[default]
    Normal,
    /// Every step, refuted guesses in full, indented under their guess.
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
/// for step in explanation.steps().iter().filter(|s| !s.refuted) {
///     if let StepKind::Place { cell, digit, .. } = step.kind {
///         assert_eq!(solution.get(cell), Some(digit));
///     }
/// }
/// let text = explanation.to_string();
/// assert!(text.lines().any(|l| l == "r4c2 != 3: r4c1 = 3 in row 4"));
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
    pub(crate) fn new(
        puzzle: Grid,
        result: Uniqueness,
        steps: Vec<Step>,
        refutations: Vec<(u32, u32)>,
        grade: Grade,
    ) -> Explanation {
        Explanation { puzzle, result, steps, refutations, grade }
    }

    /// The puzzle explained.
    pub fn puzzle(&self) -> &Grid {
        &self.puzzle
    }

    /// The outcome: a unique solution, two of them, none (clashing givens included), or a
    /// limit reached.
    pub fn result(&self) -> &Uniqueness {
        &self.result
    }

    /// Every step, in order, up to the first solution (or to the end of a search that found
    /// none). Steps of refuted guesses included.
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

    /// The difficulty grade of the search that was explained (see [`Grade`]).
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

impl fmt::Display for Render<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let steps = &self.explanation.steps;
        let refutations = &self.explanation.refutations;
        let backtrack_of = |i: usize| {
            refutations.binary_search_by_key(&(i as u32), |&(g, _)| g).ok().map(|k| refutations[k].1 as usize)
        };
        let line = |f: &mut fmt::Formatter<'_>, indent: usize, step: &Step| -> fmt::Result {
            writeln!(f, "{:width$}{step}", "", width = 2 * indent)
        };
        if self.detail == Detail::Full {
            // Indent by the number of enclosing refuted guesses.
            let mut open: Vec<usize> = Vec::new();
            for (i, step) in steps.iter().enumerate() {
                if open.last() == Some(&i) {
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
                let inner = &steps[i + 1..b];
                let kind = StepKind::summary_of(inner);
                if kind != (StepKind::Summary { placements: 0, eliminations: 0, guesses: 0 }) {
                    let summary = Step { depth: step.depth + 1, refuted: true, needed: false, kind };
                    line(f, 1, &summary)?;
                }
                if let Some(c) = inner.iter().rev().find(|s| matches!(s.kind, StepKind::Contradiction(_))) {
                    line(f, 1, c)?;
                }
                line(f, 0, &steps[b])?;
                i = b + 1;
                continue;
            }
            let implied = matches!(step.kind, StepKind::Eliminate { why: Elimination::Taken { .. }, .. });
            if self.detail == Detail::Normal || (step.needed && !implied) {
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

impl Solver {
    /// Solves `grid` and explains how, step by step (see the [module](crate::explain) docs).
    ///
    /// The search is the one [`solve_unique`](Solver::solve_unique) runs, with this solver's
    /// options: the steps go up to the first solution, and the search goes on to tell whether
    /// it is the only one. An invalid puzzle (clashing givens) is explained by its clashes,
    /// without search; an unsolvable one by the contradictions the search met.
    ///
    /// Explaining costs time and memory in proportion to the search (every removal becomes a
    /// step); a limit set with [`set_limits`](Solver::set_limits) bounds it.
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku::{Detail, Grid, Solver};
    ///
    /// let puzzle = Grid::from_line("...3..4114..3...")?;
    /// let explanation = Solver::new(puzzle.shape()).explain(&puzzle);
    /// println!("{}", explanation.display(Detail::Brief));
    /// assert!(explanation.to_string().lines().any(|l| l == "r4c2 = 2: last candidate"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn explain(&mut self, grid: &Grid) -> Explanation {
        self.explain_within(grid, STEP_BUDGET)
    }

    /// [`explain`](Solver::explain), collapsing refuted branches beyond `budget` steps.
    fn explain_within(&mut self, grid: &Grid, budget: usize) -> Explanation {
        let clashes = clashes(grid);
        if !clashes.is_empty() {
            let steps = clashes
                .into_iter()
                .map(|c| Step {
                    depth: 0,
                    refuted: false,
                    needed: true,
                    kind: StepKind::Contradiction(Contradiction::Clash(c)),
                })
                .collect();
            let grade = Grade::from_counts(TraceCounts::default());
            return Explanation {
                puzzle: grid.clone(),
                result: Uniqueness::Unsatisfiable,
                steps,
                refutations: Vec::new(),
                grade,
            };
        }
        self.prepare_shape(grid.shape());
        let mut recorder = Recorder::new(grid.shape(), self.engine(), true);
        recorder.budget = budget;
        let shared: Shared = Arc::new(Mutex::new(recorder));
        self.engine_mut().set_observer(Some(observer(&shared)));
        let result = self.solve_unique(grid);
        self.restore_observer();
        let recorder = match Arc::try_unwrap(shared) {
            Ok(m) => m.into_inner().unwrap_or_else(PoisonError::into_inner),
            // The engine dropped its observer above, so this is the only handle; a clone
            // keeps the function total.
            Err(shared) => {
                let mut r = lock(&shared);
                std::mem::replace(&mut *r, Recorder::new(grid.shape(), self.engine(), false))
            }
        };
        recorder.into_explanation(grid.clone(), result)
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
        let placed: Vec<Cell> = e
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
        let mut sorted = placed.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), placed.len(), "each cell placed once");
        assert_eq!(placed.len(), 16 - 6);
    }

    #[test]
    fn givens_forward_checking_reads_as_taken_by_the_given() {
        let e = explain(FOUR);
        let text = e.to_string();
        assert!(text.lines().any(|l| l == "r4c2 != 3: r4c1 = 3 in row 4"), "{text}");
        assert!(text.lines().any(|l| l == "r1c1 != 3: r4c1 = 3 in column 1"), "{text}");
    }

    #[test]
    fn clashing_givens_are_named_without_search() {
        let e = explain("1..1............");
        assert_eq!(e.result(), &Uniqueness::Unsatisfiable);
        assert_eq!(e.to_string(), "contradiction: givens r1c1 and r1c4 both hold 1 in row 1\n");
        assert_eq!(e.clashes().count(), 1);
    }

    #[test]
    fn collapsing_refuted_branches_keeps_the_normal_text_and_the_path() {
        // Escargot: a long search with nested failed guesses.
        let grid = Grid::from_line("1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..")
            .unwrap();
        let mut solver = Solver::new(grid.shape());
        let whole = solver.explain(&grid);
        let small = solver.explain_within(&grid, 100);
        // Each failed guess keeps two steps: its summary and its last contradiction.
        let refuted = |e: &Explanation| e.steps().iter().filter(|s| s.refuted).count();
        let failed = small.steps().iter().filter(|s| matches!(s.kind, StepKind::Backtrack { .. })).count();
        assert_eq!(refuted(&small), 2 * failed);
        assert!(refuted(&whole) > 4 * refuted(&small), "{} vs {}", refuted(&whole), refuted(&small));
        assert!(small.steps().iter().any(|s| matches!(s.kind, StepKind::Summary { .. })));
        assert_eq!(small.to_string(), whole.to_string());
        assert_eq!(small.display(Detail::Brief).to_string(), whole.display(Detail::Brief).to_string());
        assert_eq!(small.grade(), whole.grade());
        let path = |e: &Explanation| -> Vec<String> {
            e.steps().iter().filter(|s| !s.refuted).map(|s| s.to_string()).collect()
        };
        assert_eq!(path(&small), path(&whole));
    }
}

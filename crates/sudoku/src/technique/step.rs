//! The step vocabulary: what a solve told the way a person solves is made of ([`Step`],
//! [`StepKind`], [`Digits`], [`Contradiction`], [`DeadEnd`], [`Detail`], and the parts of
//! chains: [`ChainKind`], [`Branch`], [`Cited`], [`NetBranch`]).
//!
//! These are plain data: the techniques themselves ([`Technique`]) are declared by the table
//! of the parent module, each with its rating and wording; the ladder that finds them records
//! these steps. Their text is in the crate's rendering module (every type here is
//! `Display`), and what is built from them above: [`Explanation`](crate::Explanation),
//! [`Grade`](crate::Grade) and [`Hint`](crate::Hint).

use super::Technique;
pub use crate::dead_end::DeadEnd;
pub use crate::digits::Digits;
use crate::grid::{Cell, Clash, Unit};

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
    /// The time limit ([`Limits::timeout`](csp::Limits::timeout)) ran out before the ladder
    /// finished: the steps so far stand, the rest is not explained (`stopped: the time limit
    /// ran out`).
    TimedOut,
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
    /// The grid has no solution (a hint checks this first), with the cell at fault when one
    /// is found: a filled digit without which the grid has a solution
    /// (`no solution: r3c4 = 7 is wrong`), or a cell whose pencil marks cross out its digit
    /// of the solution (`no solution: the marks of r3c4 cross out 7, its digit in the
    /// solution`).
    NoSolution(Option<Fault>),
}

/// Why a grid has no solution, at one cell ([`Contradiction::NoSolution`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Fault {
    /// The digit filled in the cell is wrong: without it the grid has a solution.
    WrongDigit {
        /// The cell.
        cell: Cell,
        /// The digit filled in.
        digit: u8,
    },
    /// The cell's pencil marks cross out `digit`, which the cell holds in the grid's only
    /// solution (the filled digits have one; the marks rule it out).
    CrossedOut {
        /// The cell.
        cell: Cell,
        /// Its digit in the solution.
        digit: u8,
    },
}

impl Fault {
    /// The cell at fault.
    pub fn cell(&self) -> Cell {
        match *self {
            Fault::WrongDigit { cell, .. } | Fault::CrossedOut { cell, .. } => cell,
        }
    }
}

/// How much of an explanation [`Explanation::display`](crate::Explanation::display) prints.
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

/// A deduction a dynamic or nested chain draws under its assumption, other than a single: a
/// link after it that is not a single in the grid as it stands rests on it. Printed before
/// that link at [`Detail::Full`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cited {
    /// How many of the chain's links were drawn before it.
    pub after: u32,
    /// How many of a nested chain's branches were drawn before it (0 in other chains).
    pub branches: u32,
    /// The deduction: [`Technique::Locked`], [`Technique::NakedSubset`] or
    /// [`Technique::HiddenSubset`], in the candidates as they stand under the assumption and
    /// the links before it.
    pub technique: Technique,
    /// What it removes there: cells and the digits each loses.
    pub claims: Vec<(Cell, Digits)>,
}

/// A branch of a forcing chain or net ([`Technique::Chain`]'s `net`): from the assumption,
/// each of `links` rests on the one before it (among others, where branches merge), and the
/// last removes `removes`, a candidate the contradiction needs gone: `r1c6 = 9 => r2c9 = 9
/// (hidden single in column 9) => r5c6 != 4`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NetBranch {
    /// Indices into the chain's links, from the assumption on.
    pub links: Vec<u32>,
    /// The candidate removed at the end.
    pub removes: (Cell, u8),
}

/// A branch of a nested forcing chain: under the outer chain's assumption, the inner chain
/// `chain` (a [`Technique::Chain`]) assumes its own cell and digit and reaches a dead end, so
/// that candidate leaves the cell and the outer chain goes on without it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Branch {
    /// How many of the outer chain's links were drawn before this branch.
    pub after: u32,
    /// The inner chain.
    pub chain: Technique,
}

impl Branch {
    /// The candidate the branch removes under the outer assumption: the inner chain's
    /// assumption.
    pub fn claim(&self) -> Option<(Cell, u8)> {
        match self.chain {
            Technique::Chain { cell, digit, .. } => Some((cell, digit)),
            _ => None,
        }
    }
}

/// The kinds of chain, from the easiest to follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ChainKind {
    /// One digit only: where it goes, where it then cannot (an X-chain).
    Digit,
    /// Cells only: a cell left one candidate takes it (a chain through two-candidate cells,
    /// an XY-chain).
    Cells,
    /// Cells only, closing a loop: an alternating inference chain through two-candidate
    /// cells whose two ends, holding the digit it removes, see each other (an XY-cycle,
    /// SE's bidirectional Y-cycle). Rated below [`Cells`](ChainKind::Cells).
    CellCycle,
    /// Both, every digit, over the links of the candidates as they stand (a cell with two
    /// candidates, a digit with two places in a unit): a forcing chain, SE's static one.
    Singles,
    /// Naked and hidden singles as the assumption leaves the candidates (a cell left one
    /// candidate, a digit left one place, whatever they had before): a forcing net, what SE
    /// calls a dynamic forcing chain.
    Net,
    /// Singles, locked candidates and subsets as the assumption leaves the candidates (a
    /// dynamic chain).
    Dynamic,
    /// A dynamic chain that also uses, at each step, the refutations of simpler chains drawn
    /// under the assumption (its branches), by nesting level: 1 uses forcing chains, 2
    /// forcing nets, 3 dynamic chains, `n` >= 4 nested chains of level `n - 3`
    /// (`logic::nested`).
    Nested(u8),
}

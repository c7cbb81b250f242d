//! Difficulty grades computed from the engine's trace of a solve.
//!
//! The grade counts what the engine did, by rule kind ([`TraceCounts`]), while it solved the
//! puzzle with the solver's options, and maps the counts to a number (higher is harder) and a
//! named [`Band`]. The definition is in `docs/grading.md`; in short:
//!
//! * **technique**: the hardest kind of deduction used: 1.0 for naked singles (a removal
//!   left one candidate), 1.5 for hidden singles (only place in a unit), 2.5 for locked
//!   candidates, 3.0 for a naked or hidden pair, plus 0.5 per cell for larger subsets (up to
//!   4.5 for five cells and more; a subset's size is that of its smaller side);
//! * **search**, when deductions were not enough: 4.0, plus `log2` of the number of guesses,
//!   plus 0.5 per level of the deepest guess beyond the first;
//! * `score = technique + search`, and the bands `easy` (below 2), `medium` (below 3), `hard`
//!   (below 5), `fiendish` (below 8) and `extreme`.
//!
//! The trace is that of the search the solver runs: with [`Solver::solve_unique`] (the
//! default of the command line) the whole search tree, so the grade does not depend on the
//! order in which digits are tried. Stronger propagation turns guesses into deductions: grades
//! are comparable between puzzles graded with the same options.

use std::fmt;
use std::sync::{Arc, Mutex};

use crate::record::{lock, observer, Recorder};
use crate::solve::Solver;

/// What the engine did during one solve, by kind of deduction (the generic [`csp::Rule`]s in
/// Sudoku terms), with the search's guesses, depth and contradictions.
///
/// Counts cover the whole search, refuted guesses included.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TraceCounts {
    /// Givens assigned.
    pub givens: u64,
    /// Cells left with one candidate by a removal (naked singles).
    pub naked_singles: u64,
    /// Digits placed in their only place in a unit ([`csp::Rule::OnlyPlace`], hidden singles).
    pub hidden_singles: u64,
    /// Candidates removed because a cell of the same unit holds the digit
    /// ([`csp::Rule::ValueTaken`]).
    pub taken: u64,
    /// Candidates removed by locked candidates ([`csp::Rule::Locked`]).
    pub locked: u64,
    /// Candidates removed by a naked or hidden subset ([`csp::Rule::HallSet`]), singles found
    /// by matching included.
    pub subsets: u64,
    /// The largest such subset, counted on its smaller side (a hidden pair is 2, not 7; a
    /// naked or hidden single 1).
    pub largest_subset: u32,
    /// Candidates removed by any other rule.
    pub other: u64,
    /// Search decisions.
    pub guesses: u64,
    /// The deepest decision level.
    pub max_depth: u32,
    /// Dead ends: cells left without candidates and units that could not be completed.
    pub contradictions: u64,
    /// Guesses undone.
    pub backtracks: u64,
    /// Solutions reached.
    pub solutions: u64,
}

/// A named difficulty range of [`Grade::score`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Band {
    /// Below 2: singles only.
    Easy,
    /// 2 to 3: locked candidates.
    Medium,
    /// 3 to 5: naked or hidden subsets.
    Hard,
    /// 5 to 8: a few guesses.
    Fiendish,
    /// 8 and above: a real search.
    Extreme,
}

impl Band {
    /// The band's name, in lowercase: `easy`, `medium`, `hard`, `fiendish`, `extreme`.
    pub fn name(self) -> &'static str {
        match self {
            Band::Easy => "easy",
            Band::Medium => "medium",
            Band::Hard => "hard",
            Band::Fiendish => "fiendish",
            Band::Extreme => "extreme",
        }
    }

    /// The band of `score`.
    pub fn of(score: f64) -> Band {
        if score < 2.0 {
            Band::Easy
        } else if score < 3.0 {
            Band::Medium
        } else if score < 5.0 {
            Band::Hard
        } else if score < 8.0 {
            Band::Fiendish
        } else {
            Band::Extreme
        }
    }
}

impl fmt::Display for Band {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A difficulty grade: a number (higher is harder) and its [`Band`], from the counts of a
/// solve's trace. See the [module documentation](crate::grade) for the formula.
///
/// `Display` prints the score with one decimal and the band: `6.3 fiendish`.
///
/// # Example
///
/// ```
/// use sudoku::{Band, Grid, Solver};
///
/// let easy = Grid::from_line("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")?;
/// let hard = Grid::from_line("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")?;
/// let mut solver = Solver::default();
/// solver.set_grading(true);
/// solver.solve_unique(&easy);
/// let a = solver.grade().expect("grading is on");
/// solver.solve_unique(&hard);
/// let b = solver.grade().expect("grading is on");
/// assert_eq!(a.band(), Band::Easy);
/// assert!(b.score() > a.score() && b.counts().guesses > 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Grade {
    /// The score in tenths (the score is rounded to one decimal).
    tenths: u32,
    band: Band,
    counts: TraceCounts,
}

impl Grade {
    /// The grade of a solve that did what `counts` says.
    pub fn from_counts(counts: TraceCounts) -> Grade {
        let technique = if counts.largest_subset >= 2 {
            3.0 + 0.5 * f64::from(counts.largest_subset.min(5) - 2)
        } else if counts.locked > 0 {
            2.5
        } else if counts.hidden_singles > 0 || counts.subsets > 0 {
            // A Hall set of one cell, or of all cells but one, is a single found by matching.
            1.5
        } else if counts.naked_singles > 0 || counts.taken > 0 {
            1.0
        } else {
            0.0
        };
        let search = if counts.guesses == 0 {
            0.0
        } else {
            4.0 + (counts.guesses as f64).log2() + 0.5 * f64::from(counts.max_depth.saturating_sub(1))
        };
        // One decimal, as printed, so that the band agrees with the number shown.
        let tenths = ((technique + search) * 10.0).round().clamp(0.0, f64::from(u32::MAX)) as u32;
        Grade { tenths, band: Band::of(f64::from(tenths) / 10.0), counts }
    }

    /// The difficulty: 0 for a complete grid, about 1 to 5 for puzzles solved by deduction,
    /// 5 and more when guesses were needed. Rounded to one decimal.
    pub fn score(&self) -> f64 {
        f64::from(self.tenths) / 10.0
    }

    /// The named range of the score.
    pub fn band(&self) -> Band {
        self.band
    }

    /// The counts the grade was computed from.
    pub fn counts(&self) -> &TraceCounts {
        &self.counts
    }
}

impl fmt::Display for Grade {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:.1} {}", self.score(), self.band)
    }
}

impl Solver {
    /// Turns grading on or off. While on, every search (solve, count, ...) is traced and
    /// [`grade`](Solver::grade) gives the grade of the last puzzle. Tracing costs time (every
    /// removal is reported to an observer); off, it costs nothing.
    pub fn set_grading(&mut self, on: bool) {
        if on == self.grading.is_some() {
            return;
        }
        self.grading = on.then(|| Arc::new(Mutex::new(Recorder::new(self.shape(), self.engine(), false))));
        self.restore_observer();
    }

    /// Whether grading is on.
    pub fn is_grading(&self) -> bool {
        self.grading.is_some()
    }

    /// The grade of the last puzzle searched, if grading is on. A puzzle with clashing givens
    /// grades 0 (nothing was searched).
    pub fn grade(&self) -> Option<Grade> {
        self.grading.as_ref().map(|g| Grade::from_counts(lock(g).counts))
    }

    /// Installs the grading observer (or none) on the engine: after a rebuild, after an
    /// explanation, or when grading is switched.
    pub(crate) fn restore_observer(&mut self) {
        let shape = self.shape();
        if let Some(g) = &self.grading {
            if lock(g).shape() != shape {
                *lock(g) = Recorder::new(shape, self.engine(), false);
            }
        }
        let obs = self.grading.as_ref().map(observer);
        self.engine_mut().set_observer(obs);
    }

    /// Forgets the trace of the previous puzzle (called when a puzzle is loaded).
    pub(crate) fn clear_grading(&mut self) {
        if let Some(g) = &self.grading {
            lock(g).clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn singles_only_is_easy_and_guessing_is_at_least_fiendish() {
        let singles = TraceCounts { naked_singles: 40, hidden_singles: 10, taken: 300, ..TraceCounts::default() };
        assert_eq!(Grade::from_counts(singles).to_string(), "1.5 easy");
        let locked = TraceCounts { locked: 3, ..singles };
        assert_eq!(Grade::from_counts(locked).band(), Band::Medium);
        let pair = TraceCounts { subsets: 4, largest_subset: 2, ..singles };
        assert_eq!(Grade::from_counts(pair).to_string(), "3.0 hard");
        let one_guess = TraceCounts { guesses: 1, max_depth: 1, ..singles };
        assert_eq!(Grade::from_counts(one_guess).to_string(), "5.5 fiendish");
        let many = TraceCounts { guesses: 64, max_depth: 5, ..singles };
        assert_eq!(Grade::from_counts(many).to_string(), "13.5 extreme");
        assert_eq!(Grade::from_counts(TraceCounts::default()).to_string(), "0.0 easy");
    }

    #[test]
    fn more_guesses_never_grade_lower() {
        let mut last = 0.0;
        for g in 0..200 {
            let s = Grade::from_counts(TraceCounts { guesses: g, max_depth: 1, ..TraceCounts::default() }).score();
            assert!(s >= last, "{g}: {s} < {last}");
            last = s;
        }
    }
}

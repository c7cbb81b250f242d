//! Difficulty grades on a scale like Sudoku Explainer's: the hardest step decides.
//!
//! A puzzle is solved with the technique ladder ([`crate::technique`]), always by the easiest
//! technique that applies; its grade is the rating of the hardest step on the way to the
//! solution, from 1.0 (a full house) through 1.1 and 1.5 (naked and hidden singles), 2.6 to
//! 6.0 (locked candidates, subsets, fish, wings, Sue de Coq, and for puzzles proven unique,
//! unique rectangles and BUG), 6.5 and up (X-chains; 7.0 and up for XY- and forcing chains;
//! longer ones rated higher), 8.5 and up (dynamic chains) and 9.5 and up (nested forcing chains,
//! by nesting level). A puzzle that needs guesses grades 10.0 plus 0.5 per doubling of
//! the guesses. The table and its calibration against Sudoku Explainer's ratings and
//! qqwing's labels are in `docs/grading.md`.

use std::fmt;

use crate::technique::step::StepKind;
use crate::technique::Technique;
use crate::technique::{Run, GUESS_RATING};

/// A named difficulty range of [`Grade::score`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Band {
    /// Below 2.5: singles only.
    Easy,
    /// 2.5 to 3.0: locked candidates.
    Medium,
    /// 3.0 to 6.0: subsets, fish, wings, unique rectangles, BUG, Sue de Coq.
    Hard,
    /// 6.0 to 8.5: X-, XY- and forcing chains.
    Fiendish,
    /// 8.5 and above: dynamic chains, guesses.
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
        if score < 2.5 {
            Band::Easy
        } else if score < 3.0 {
            Band::Medium
        } else if score < 6.0 {
            Band::Hard
        } else if score < 8.5 {
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

/// A difficulty grade: a number on an SE-like scale (higher is harder) and its [`Band`].
///
/// `Display` prints the score with one decimal and the band: `7.1 fiendish`.
///
/// # Example
///
/// ```
/// use sudoku::{Band, Explainer, Grid};
///
/// let easy = Grid::from_line("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")?;
/// let hard = Grid::from_line("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")?;
/// let mut explainer = Explainer::default();
/// let (a, b) = (explainer.grade(&easy), explainer.grade(&hard));
/// assert_eq!(a.band(), Band::Easy);
/// assert!(b.score() > 6.0 && b.score() > a.score(), "{b}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Grade {
    /// The score in tenths.
    tenths: u32,
    band: Band,
    hardest: Option<&'static str>,
    guesses: u32,
    /// Whether the time limit stopped the grading: the grade is then a lower bound.
    timed_out: bool,
}

impl Grade {
    /// The grade of a ladder run: its hardest step, and its guesses.
    pub(crate) fn of_run(run: &Run) -> Grade {
        let mut tenths = 0;
        let mut hardest = None;
        for step in run.steps.iter().filter(|s| !s.refuted) {
            if let Some(t) = step.kind.technique() {
                let r = t.rating();
                if r > tenths
                    && !matches!(step.kind, StepKind::Eliminate { technique: Technique::FailedGuess { .. }, .. })
                {
                    tenths = r;
                    hardest = Some(t.name());
                }
            }
        }
        if run.guesses > 0 {
            tenths = tenths.max(GUESS_RATING) + (5.0 * f64::from(run.guesses).log2()).round() as u32;
            hardest = Some("guess");
        }
        Grade {
            tenths,
            band: Band::of(f64::from(tenths) / 10.0),
            hardest,
            guesses: run.guesses,
            timed_out: run.timed_out,
        }
    }

    /// A grade of `tenths` tenths, with no technique named (a bound, or for tests of code that
    /// reads grades).
    pub(crate) fn of_tenths(tenths: u32) -> Grade {
        Grade { tenths, band: Band::of(f64::from(tenths) / 10.0), hardest: None, guesses: 0, timed_out: false }
    }

    /// The difficulty: 0 for a complete grid, 1.0 to 9.x for puzzles solved by deduction,
    /// 10 and more when guesses were needed. One decimal.
    pub fn score(&self) -> f64 {
        f64::from(self.tenths) / 10.0
    }

    /// The named range of the score.
    pub fn band(&self) -> Band {
        self.band
    }

    /// The name of the hardest technique used (`swordfish`, `forcing chain`, `guess`), if any.
    pub fn hardest(&self) -> Option<&'static str> {
        self.hardest
    }

    /// The guesses the ladder made.
    pub fn guesses(&self) -> u32 {
        self.guesses
    }
}

impl Grade {
    /// Whether the time limit ([`Limits::timeout`](csp::Limits::timeout)) stopped the grading
    /// before its end: the grade is then only a lower bound (that of the steps found so far).
    pub fn timed_out(&self) -> bool {
        self.timed_out
    }
}

impl fmt::Display for Grade {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:.1} {}", self.score(), self.band)
    }
}

/// A grade, or a lower bound of it from a grading stopped early
/// ([`Solver::grade_until`](crate::Solver::grade_until)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bounded {
    /// The grade.
    Exact(Grade),
    /// The grade is at least this many tenths.
    AtLeast(u32),
    /// The grade is at most this many tenths.
    AtMost(u32),
}

impl Bounded {
    /// The grade, or a grade of the bound.
    pub(crate) fn representative(self) -> Grade {
        match self {
            Bounded::Exact(g) => g,
            Bounded::AtLeast(tenths) | Bounded::AtMost(tenths) => Grade::of_tenths(tenths),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bands_follow_the_technique_scale() {
        assert_eq!(
            [1.5, 2.6, 3.2, 7.1, 8.5, 10.0].map(Band::of),
            [Band::Easy, Band::Medium, Band::Hard, Band::Fiendish, Band::Extreme, Band::Extreme]
        );
    }
}

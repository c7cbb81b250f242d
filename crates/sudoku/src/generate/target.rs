//! The difficulty a generated puzzle must have: any, a range of bands, or a range of scores;
//! and the one place where the generator reads the grading scale ([`band_of`]).

use std::fmt;
use std::str::FromStr;

use crate::grade::{Band, Grade};
use crate::grid::Shape;
use crate::variant::Variant;

/// The band of `grade`, as the generator sees it.
///
/// Every band decision of the generator goes through this function (and, for a range of
/// scores, [`Band::of`]), so that a change of the grading scale is adapted here, in one place.
pub fn band_of(grade: &Grade) -> Band {
    grade.band()
}

/// Every band, from easiest to hardest.
const BANDS: [Band; 5] = [Band::Easy, Band::Medium, Band::Hard, Band::Fiendish, Band::Extreme];

/// The bands that generated puzzles of `shape` and `variant` reach under the grading scale,
/// as measured (`docs/generation.md`): a target outside them is refused, since no effort
/// would meet it.
///
/// `hard` (naked or hidden subsets) is never reached: the grade uses the command line's
/// default propagation, which has no subset reasoning, and a puzzle that needs a guess grades
/// `fiendish` or above. 4x4 puzzles are measured over 20,000 generated puzzles each.
pub fn reachable_bands(shape: Shape, variant: Variant) -> &'static [Band] {
    const ALL_BUT_HARD: &[Band] = &[Band::Easy, Band::Medium, Band::Fiendish, Band::Extreme];
    match (shape.size(), variant) {
        (4, Variant::Plain) => &[Band::Easy],
        (4, Variant::X) => &[Band::Easy, Band::Medium],
        _ => ALL_BUT_HARD,
    }
}

/// The difficulty asked of a generated puzzle, checked on its [`Grade`].
///
/// Parsed ([`FromStr`]) from `any`, a band name (`hard`), a range of bands (`medium..fiendish`,
/// both ends included), or a range of scores (`4.5..6`, the lower end included and the upper
/// end excluded, as the bands' own limits; `7..` has no upper end).
///
/// # Example
///
/// ```
/// use sudoku::{Band, Target};
///
/// assert_eq!("hard".parse::<Target>()?, Target::Bands(Band::Hard, Band::Hard));
/// assert_eq!("easy..medium".parse::<Target>()?, Target::Bands(Band::Easy, Band::Medium));
/// assert_eq!("4.5..6".parse::<Target>()?, Target::Scores(4.5, 6.0));
/// assert_eq!("7..".parse::<Target>()?, Target::Scores(7.0, f64::INFINITY));
/// assert!("hard..easy".parse::<Target>().is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Debug, Default)]
pub enum Target {
    /// Any difficulty.
    #[default]
    Any,
    /// A band from the first to the second, both included.
    Bands(Band, Band),
    /// A score from the first (included) to the second (excluded).
    Scores(f64, f64),
}

impl Target {
    /// Whether a puzzle of this grade is wanted.
    pub fn accepts(&self, grade: &Grade) -> bool {
        match *self {
            Target::Any => true,
            Target::Bands(lo, hi) => (lo..=hi).contains(&band_of(grade)),
            Target::Scores(lo, hi) => grade.score() >= lo && grade.score() < hi,
        }
    }

    /// The bands a wanted puzzle can be in: from the first to the second, both included.
    pub(crate) fn band_range(&self) -> (Band, Band) {
        match *self {
            Target::Any => (Band::Easy, Band::Extreme),
            Target::Bands(lo, hi) => (lo, hi),
            // Scores are rounded to tenths: the highest score below `hi` is `hi - 0.1`.
            Target::Scores(lo, hi) => (Band::of(lo), if hi.is_finite() { Band::of(hi - 0.1) } else { Band::Extreme }),
        }
    }

    /// How far a grade is from the target (0 inside it): to keep the closest miss.
    pub(crate) fn distance(&self, grade: &Grade) -> f64 {
        let s = grade.score();
        let (lo, hi) = match *self {
            Target::Any => return 0.0,
            Target::Bands(lo, hi) => {
                let b = band_of(grade);
                return if b < lo {
                    f64::from(lo as u8 - b as u8)
                } else if b > hi {
                    f64::from(b as u8 - hi as u8)
                } else {
                    0.0
                };
            }
            Target::Scores(lo, hi) => (lo, hi),
        };
        if s < lo {
            lo - s
        } else if s >= hi {
            s - hi + 0.05
        } else {
            0.0
        }
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Target::Any => f.write_str("any"),
            Target::Bands(lo, hi) if lo == hi => write!(f, "{lo}"),
            Target::Bands(lo, hi) => write!(f, "{lo}..{hi}"),
            Target::Scores(lo, hi) if hi.is_infinite() => write!(f, "{lo}.."),
            Target::Scores(lo, hi) => write!(f, "{lo}..{hi}"),
        }
    }
}

/// Why a difficulty could not be read.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct BadTarget {
    /// The text given.
    pub text: String,
    /// What is wrong with it.
    pub why: &'static str,
}

impl fmt::Display for BadTarget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid difficulty '{}': {}", self.text, self.why)
    }
}

impl std::error::Error for BadTarget {}

fn band_named(s: &str) -> Option<Band> {
    BANDS.into_iter().find(|b| b.name() == s)
}

impl FromStr for Target {
    type Err = BadTarget;

    fn from_str(text: &str) -> Result<Target, BadTarget> {
        let bad = |why| BadTarget { text: text.to_string(), why };
        let s = text.trim();
        if s == "any" {
            return Ok(Target::Any);
        }
        if let Some(b) = band_named(s) {
            return Ok(Target::Bands(b, b));
        }
        let Some((lo, hi)) = s.split_once("..") else {
            return Err(bad("expected any, a band (easy, medium, hard, fiendish, extreme), BAND..BAND or MIN..MAX"));
        };
        if let (Some(lo), Some(hi)) = (band_named(lo), band_named(hi)) {
            return if lo <= hi {
                Ok(Target::Bands(lo, hi))
            } else {
                Err(bad("the first band is harder than the second"))
            };
        }
        let number = |t: &str| t.parse::<f64>().ok().filter(|x| x.is_finite() && *x >= 0.0);
        let lo = number(lo).ok_or_else(|| bad("the lower end is not a band name or a non-negative number"))?;
        let hi = if hi.is_empty() {
            f64::INFINITY
        } else {
            number(hi).ok_or_else(|| bad("the upper end is not a band name or a non-negative number"))?
        };
        if lo >= hi {
            return Err(bad("the range is empty (the upper end is excluded)"));
        }
        Ok(Target::Scores(lo, hi))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grade::TraceCounts;

    fn grade(guesses: u64) -> Grade {
        Grade::from_counts(TraceCounts { naked_singles: 3, guesses, max_depth: 1, ..TraceCounts::default() })
    }

    #[test]
    fn targets_accept_their_bands_and_scores() {
        let easy = grade(0);
        let fiendish = grade(2);
        assert_eq!((band_of(&easy), band_of(&fiendish)), (Band::Easy, Band::Fiendish));
        assert!(Target::Any.accepts(&fiendish));
        assert!(Target::Bands(Band::Hard, Band::Fiendish).accepts(&fiendish));
        assert!(!Target::Bands(Band::Hard, Band::Fiendish).accepts(&easy));
        assert!(Target::Scores(6.0, 6.1).accepts(&fiendish), "{fiendish}");
        assert!(!Target::Scores(5.0, 6.0).accepts(&fiendish));
        assert_eq!(Target::Bands(Band::Medium, Band::Hard).distance(&easy), 1.0);
        assert_eq!(Target::Scores(6.0, 8.0).band_range(), (Band::Fiendish, Band::Fiendish));
        assert_eq!(Target::Scores(2.0, 3.5).band_range(), (Band::Medium, Band::Hard));
    }

    #[test]
    fn bad_targets_say_what_is_wrong() {
        assert_eq!(
            "hardest".parse::<Target>().unwrap_err().to_string(),
            "invalid difficulty 'hardest': expected any, a band (easy, medium, hard, fiendish, extreme), BAND..BAND or MIN..MAX"
        );
        assert!("5..4".parse::<Target>().is_err());
        assert!("-1..4".parse::<Target>().is_err());
        assert!("x..4".parse::<Target>().is_err());
        for t in ["any", "hard", "easy..extreme", "4.5..6", "7.."] {
            assert_eq!(t.parse::<Target>().unwrap().to_string(), t);
        }
    }
}

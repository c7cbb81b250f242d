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

/// The bands that generated plain puzzles of `shape` reach under the grading scale, as
/// measured (`docs/generation.md`): a target outside them is refused, since no effort would
/// meet it. Empty for other variants, which are not graded.
///
/// A band is left out only where large samples never reached it: 4x4 puzzles are all `easy`
/// (20,000 puzzles); 6x6 puzzles are never `extreme` (no dynamic chain or guess in 20,000).
/// 9x9 puzzles reach `extreme` by climbing from hard ones (removal alone found none in
/// 120,000 tries). 12x12 and 16x16 puzzles are too slow to sample that widely, so every band
/// is allowed there; the rare ones are bounded by
/// [`Settings::max_tries`](super::Settings::max_tries).
pub fn reachable_bands(shape: Shape, variant: Variant) -> &'static [Band] {
    if variant != Variant::Plain {
        // Variants: every band from 6x6 on (not calibrated: a band not
        // reached makes the generator give up after its tries).
        return if shape.size() == 4 { &[Band::Easy] } else { &BANDS };
    }
    match shape.size() {
        4 => &[Band::Easy],
        6 => &[Band::Easy, Band::Medium, Band::Hard, Band::Fiendish],
        _ => &BANDS,
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

    /// The grade, in tenths, from which the target gives every grade the same answer: it
    /// rejects them all (a target with a top below `extreme` or a finite upper score) or
    /// accepts them all (a target open above). A grade known to be at least this decides a
    /// try without the rest of its grading ([`Solver::grade_until`](crate::Solver)). `None`
    /// for [`Target::Any`].
    pub(crate) fn decided_from(&self) -> Option<u32> {
        match *self {
            Target::Any => None,
            Target::Bands(lo, Band::Extreme) => Some(band_floor(lo)),
            Target::Bands(_, hi) => Some(band_floor(next_band(hi))),
            Target::Scores(lo, hi) => Some(tenths_from(if hi.is_finite() { hi } else { lo })),
        }
    }

    /// The target's answer for every grade from `lo` to `hi` tenths (both included;
    /// `u32::MAX`: no upper end), if it is the same for all of them.
    pub(crate) fn same_answer(&self, lo: u32, hi: u32) -> Option<bool> {
        let answer = self.accepts(&Grade::of_tenths(lo));
        if hi == u32::MAX {
            // Every grade from `decided_from` on gets one answer, and below it the target
            // gives the other one to at least the grade just below (see its test).
            return (self.decided_from()? <= lo).then_some(answer);
        }
        (lo..=hi).all(|t| self.accepts(&Grade::of_tenths(t)) == answer).then_some(answer)
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

/// The band after `band` (`extreme` after itself).
pub(crate) fn next_band(band: Band) -> Band {
    BANDS[(band as usize + 1).min(BANDS.len() - 1)]
}

/// The lowest grade, in tenths, of `band` or a harder one (the bands follow the score).
pub(crate) fn band_floor(band: Band) -> u32 {
    (0..).find(|&t| band_of(&Grade::of_tenths(t)) >= band).unwrap_or(0)
}

/// The lowest grade, in tenths, whose score is at least `score` (finite, non-negative).
fn tenths_from(score: f64) -> u32 {
    let mut t = (score * 10.0).ceil().max(0.0) as u32;
    while t > 0 && Grade::of_tenths(t - 1).score() >= score {
        t -= 1;
    }
    while Grade::of_tenths(t).score() < score {
        t += 1;
    }
    t
}

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

    #[test]
    fn targets_accept_their_bands_and_scores() {
        let easy = Grade::of_tenths(15);
        let fiendish = Grade::of_tenths(66);
        assert_eq!((band_of(&easy), band_of(&fiendish)), (Band::Easy, Band::Fiendish));
        assert!(Target::Any.accepts(&fiendish));
        assert!(Target::Bands(Band::Hard, Band::Fiendish).accepts(&fiendish));
        assert!(!Target::Bands(Band::Hard, Band::Fiendish).accepts(&easy));
        assert!(Target::Scores(6.6, 6.7).accepts(&fiendish), "{fiendish}");
        assert!(!Target::Scores(5.0, 6.0).accepts(&fiendish));
        assert_eq!(Target::Bands(Band::Medium, Band::Hard).distance(&easy), 1.0);
        assert_eq!(Target::Scores(6.0, 8.0).band_range(), (Band::Fiendish, Band::Fiendish));
        assert_eq!(Target::Scores(2.5, 3.5).band_range(), (Band::Medium, Band::Hard));
        assert_eq!(Target::Scores(2.0, 2.5).band_range(), (Band::Easy, Band::Easy));
    }

    #[test]
    fn a_target_gives_every_grade_from_its_decision_point_the_same_answer() {
        let targets = [
            Target::Bands(Band::Easy, Band::Easy),
            Target::Bands(Band::Medium, Band::Hard),
            Target::Bands(Band::Fiendish, Band::Extreme),
            Target::Bands(Band::Easy, Band::Extreme),
            Target::Scores(4.5, 6.0),
            Target::Scores(7.0, f64::INFINITY),
            Target::Scores(2.55, 3.05),
        ];
        for target in targets {
            let from = target.decided_from().unwrap();
            let answer = target.accepts(&Grade::of_tenths(from));
            assert!((from..300).all(|t| target.accepts(&Grade::of_tenths(t)) == answer), "{target}");
            // Not later than needed: the grade just below gets the other answer.
            if from > 0 {
                assert_ne!(target.accepts(&Grade::of_tenths(from - 1)), answer, "{target}");
            }
        }
        assert_eq!(Target::Bands(Band::Easy, Band::Easy).decided_from(), Some(25));
        assert_eq!(Target::Bands(Band::Medium, Band::Hard).decided_from(), Some(60));
        assert_eq!(Target::Bands(Band::Fiendish, Band::Extreme).decided_from(), Some(60));
        assert_eq!(Target::Scores(2.55, 3.05).decided_from(), Some(31));
        assert_eq!(Target::Any.decided_from(), None);
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

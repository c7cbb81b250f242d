//! Cryptarithms: letter sums such as `SEND + MORE = MONEY`, where each letter stands for a
//! different digit and no number starts with 0.
//!
//! The model has one variable per letter (digits `0..=9`, `1..=9` for a leading letter), an
//! [`AllDifferent`] on the letters, and one [`Linear`](csp::constraints::Linear) equation: each letter weighted by its
//! place values, `+` in the addends and `-` in the result, sums to 0.
//!
//! ```
//! use csp_sudoku::classic::cryptarithm::Cryptarithm;
//!
//! let puzzle = Cryptarithm::new(&["SEND", "MORE"], "MONEY")?;
//! let solutions = puzzle.solve_all()?;
//! assert_eq!(solutions.len(), 1);
//! assert_eq!(puzzle.word_value(&solutions[0], "MONEY"), Some(10652));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use csp::constraints::{AllDifferent, Strength};
use csp::{LinExpr, Model, ModelError, Solution, Solver, VarId};

/// The longest word accepted: its place values stay within `i32` coefficients.
pub const MAX_WORD_LEN: usize = 9;

/// Why a cryptarithm cannot be built.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CryptarithmError {
    /// No addend was given.
    NoAddend,
    /// A word is empty.
    EmptyWord,
    /// A word has a character that is not an ASCII letter.
    NotALetter {
        /// The word.
        word: String,
        /// The character.
        ch: char,
    },
    /// A word is longer than [`MAX_WORD_LEN`].
    WordTooLong {
        /// The word.
        word: String,
    },
    /// More than ten different letters: they cannot all be different digits.
    TooManyLetters {
        /// How many different letters there are.
        count: usize,
    },
}

impl fmt::Display for CryptarithmError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CryptarithmError::NoAddend => write!(f, "at least one addend is needed"),
            CryptarithmError::EmptyWord => write!(f, "a word is empty"),
            CryptarithmError::NotALetter { word, ch } => write!(f, "word '{word}' has '{ch}', which is not a letter"),
            CryptarithmError::WordTooLong { word } => {
                write!(f, "word '{word}' is longer than {MAX_WORD_LEN} letters")
            }
            CryptarithmError::TooManyLetters { count } => {
                write!(f, "{count} different letters, but only 10 digits")
            }
        }
    }
}

impl std::error::Error for CryptarithmError {}

/// A cryptarithm `addend1 + addend2 + ... = result`, checked, ready to be modelled.
#[derive(Clone, Debug)]
pub struct Cryptarithm {
    /// The addends then the result, in upper case.
    words: Vec<String>,
    /// Each distinct letter, in order of first appearance; letter `i` is variable `i`.
    letters: Vec<char>,
    /// Letters that start a word of two letters or more (never 0).
    leading: Vec<char>,
}

impl Cryptarithm {
    /// Checks the words of `addends[0] + addends[1] + ... = result` (letters are case
    /// insensitive).
    ///
    /// # Errors
    ///
    /// A [`CryptarithmError`] for no addend, an empty or too long word, a character that is
    /// not a letter, or more than ten distinct letters.
    pub fn new(addends: &[&str], result: &str) -> Result<Cryptarithm, CryptarithmError> {
        if addends.is_empty() {
            return Err(CryptarithmError::NoAddend);
        }
        let words: Vec<String> = addends.iter().chain([&result]).map(|w| w.to_ascii_uppercase()).collect();
        let mut letters: Vec<char> = Vec::new();
        let mut leading: Vec<char> = Vec::new();
        for w in &words {
            if w.is_empty() {
                return Err(CryptarithmError::EmptyWord);
            }
            if let Some(ch) = w.chars().find(|c| !c.is_ascii_alphabetic()) {
                return Err(CryptarithmError::NotALetter { word: w.clone(), ch });
            }
            if w.len() > MAX_WORD_LEN {
                return Err(CryptarithmError::WordTooLong { word: w.clone() });
            }
            for c in w.chars() {
                if !letters.contains(&c) {
                    letters.push(c);
                }
            }
            // A one-letter word may be 0; longer words do not start with 0.
            if w.len() > 1 {
                leading.extend(w.chars().next());
            }
        }
        if letters.len() > 10 {
            return Err(CryptarithmError::TooManyLetters { count: letters.len() });
        }
        Ok(Cryptarithm { words, letters, leading })
    }

    /// Builds the model: variable `i` is the digit of the `i`-th letter of
    /// [`letters`](Cryptarithm::letters).
    ///
    /// # Errors
    ///
    /// A [`ModelError`] if the engine refuses the model (not expected for checked words).
    pub fn model(&self) -> Result<Model, ModelError> {
        // model:begin cryptarithm
        let mut model = Model::new();
        let mut vars = Vec::with_capacity(self.letters.len());
        for &c in &self.letters {
            let lowest = if self.leading.contains(&c) { 1 } else { 0 };
            vars.push(model.new_named_var(c.to_string(), lowest..=9)?);
        }
        model.post_named("letters_differ", AllDifferent::new(vars.clone()).with_strength(Strength::Gac))?;
        // Σ addends - result = 0, one term per letter occurrence (merged into one Linear).
        let mut total = LinExpr::default();
        for (k, w) in self.words.iter().enumerate() {
            let sign = if k == self.words.len() - 1 { -1 } else { 1 };
            for (place, x) in w.chars().rev().filter_map(|c| self.var(c)).enumerate() {
                total += sign * 10i32.pow(place as u32) * x;
            }
        }
        model.add_named("sum", total.eq(0))?;
        // model:end
        Ok(model)
    }

    /// The addends then the result, in upper case.
    pub fn words(&self) -> &[String] {
        &self.words
    }

    /// The distinct letters, in order of first appearance (letter `i` is variable `i`).
    pub fn letters(&self) -> &[char] {
        &self.letters
    }

    /// The variable of `letter` (case insensitive), if the puzzle has it.
    pub fn var(&self, letter: char) -> Option<VarId> {
        let letter = letter.to_ascii_uppercase();
        self.letters.iter().position(|&c| c == letter).map(VarId::from_index)
    }

    /// Every solution, found by search.
    ///
    /// # Errors
    ///
    /// As [`model`](Cryptarithm::model).
    pub fn solve_all(&self) -> Result<Vec<Solution>, ModelError> {
        let mut solver = Solver::new(self.model()?);
        Ok(solver.solutions().collect())
    }

    /// The number that `word` spells in `solution`, or `None` if a letter is not in the puzzle.
    pub fn word_value(&self, solution: &Solution, word: &str) -> Option<u64> {
        word.chars().try_fold(0u64, |acc, c| {
            let digit = u64::try_from(solution[self.var(c)?]).ok()?;
            Some(acc * 10 + digit)
        })
    }
}

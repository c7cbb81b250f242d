//! Errors: where in the FlatZinc text and what.

use std::fmt;

/// A position in the FlatZinc text, both from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Pos {
    /// The line, from 1.
    pub line: u32,
    /// The column (in characters), from 1.
    pub column: u32,
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// Why a FlatZinc model cannot be read or solved. Every error names the place it comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// The text is not FlatZinc: an unexpected character or token.
    Syntax {
        /// Where.
        pos: Pos,
        /// What was expected and what was found.
        message: String,
    },
    /// A construct this solver does not support: float or set variables, an unknown built-in.
    Unsupported {
        /// Where.
        pos: Pos,
        /// The construct, named as in the model.
        what: String,
    },
    /// Well-formed FlatZinc that does not make sense: an unknown identifier, a wrong argument.
    Invalid {
        /// Where.
        pos: Pos,
        /// What is wrong.
        message: String,
    },
    /// The engine refused the model built from the item at `pos`.
    Model {
        /// Where.
        pos: Pos,
        /// The engine's error.
        error: csp::ModelError,
    },
}

impl Error {
    /// Where the error is.
    pub fn pos(&self) -> Pos {
        match self {
            Error::Syntax { pos, .. } | Error::Unsupported { pos, .. } | Error::Invalid { pos, .. } => *pos,
            Error::Model { pos, .. } => *pos,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Syntax { pos, message } => write!(f, "{pos}: syntax error: {message}"),
            Error::Unsupported { pos, what } => write!(f, "{pos}: unsupported: {what}"),
            Error::Invalid { pos, message } => write!(f, "{pos}: {message}"),
            Error::Model { pos, error } => write!(f, "{pos}: {error}"),
        }
    }
}

impl std::error::Error for Error {}

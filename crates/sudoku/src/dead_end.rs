//! Where a chain, a guess or a sum chain ends: the vocabulary that the step types and the
//! killer reasoning share, below both.

use crate::grid::{Cell, Unit};

/// Where a chain or a guess ends: a cell without candidates or a digit without a place.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DeadEnd {
    /// The cell has no candidate left.
    NoCandidate(Cell),
    /// The digit has no place left in the unit.
    NoPlace {
        /// The digit.
        digit: u8,
        /// The unit.
        unit: Unit,
    },
}

//! What a technique's finder sees ([`Board`]: the candidates as they stand, in cell, digit and
//! unit terms) and what it returns ([`Found`]: a deduction ready to apply).

use logic::Candidates;

use super::Technique;
use crate::digits::Digits;
use crate::grid::{Cell, Shape, Unit};

/// A deduction found, ready to apply.
#[derive(Clone, Debug)]
pub(crate) enum Found {
    /// A digit goes in a cell.
    Place { var: u32, bit: u32, technique: Technique },
    /// Candidates leave cells: each variable with the bits it loses.
    Eliminate { removals: Vec<(u32, u64)>, technique: Technique },
}

impl Found {
    /// The eliminations of one digit (`bit`) from the cells `vars`.
    pub(crate) fn digit_leaves(bit: u32, vars: &[u32], technique: impl Into<Technique>) -> Found {
        Found::Eliminate { removals: vars.iter().map(|&l| (l, 1 << bit)).collect(), technique: technique.into() }
    }

    /// The technique found.
    pub(crate) fn technique(&self) -> &Technique {
        match self {
            Found::Place { technique, .. } | Found::Eliminate { technique, .. } => technique,
        }
    }
}

/// The candidates of a solve in progress, with the units of their groups: what the ladder's
/// techniques search.
#[derive(Debug)]
pub(crate) struct Board {
    pub(crate) shape: Shape,
    pub(crate) cands: Candidates,
    /// By group: its unit.
    pub(crate) unit_of: Vec<Unit>,
    /// The families of rows, columns and boxes.
    pub(crate) rows: usize,
    pub(crate) cols: usize,
    pub(crate) boxes: usize,
    /// Whether the puzzle is proven to have exactly one solution (and is a plain Sudoku):
    /// only then are uniqueness techniques and nested forcing chains used.
    pub(crate) unique: bool,
}

impl Board {
    pub(crate) fn cell(&self, var: u32) -> Cell {
        self.shape.cell(var as usize)
    }

    pub(crate) fn digit(&self, bit: u32) -> u8 {
        self.cands.value(bit) as u8
    }

    pub(crate) fn digits(&self, mask: u64) -> Digits {
        Digits::from_mask(((mask << (self.cands.value(0) - 1)) & 0x1ff_ffff) as u32)
    }

    pub(crate) fn cells(&self, vars: &[u32]) -> Vec<Cell> {
        vars.iter().map(|&v| self.cell(v)).collect()
    }

    /// The unit of group `g`.
    pub(crate) fn unit(&self, g: u32) -> Unit {
        self.unit_of[g as usize]
    }
}

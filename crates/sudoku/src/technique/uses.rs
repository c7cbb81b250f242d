//! What a step uses, gathered for its JSON (`crate::json`): the cells, candidates and units a
//! technique names and the links between its candidates.

use crate::digits::Digits;
use crate::grid::{Cell, Unit};

/// A candidate: a cell and a digit.
pub(crate) type Node = (Cell, u8);

/// The parts of a step, gathered before writing.
#[derive(Default)]
pub(crate) struct Parts {
    pub(crate) placements: Vec<(Cell, u8)>,
    pub(crate) eliminations: Vec<(Cell, Digits)>,
    pub(crate) cells: Vec<Cell>,
    pub(crate) candidates: Vec<(Cell, u8)>,
    pub(crate) units: Vec<Unit>,
    /// From, to, and the kind of link.
    pub(crate) links: Vec<(Node, Node, &'static str)>,
}

impl Parts {
    pub(crate) fn cells(&mut self, cells: &[Cell]) {
        for &c in cells {
            if !self.cells.contains(&c) {
                self.cells.push(c);
            }
        }
    }

    pub(crate) fn candidates(&mut self, cells: &[Cell], digits: Digits) {
        self.cells(cells);
        for &c in cells {
            for d in digits.iter() {
                if !self.candidates.contains(&(c, d)) {
                    self.candidates.push((c, d));
                }
            }
        }
    }

    pub(crate) fn units(&mut self, units: &[Unit]) {
        for &u in units {
            if !self.units.contains(&u) {
                self.units.push(u);
            }
        }
    }

    /// Links alternating from `first` kind along `nodes`.
    pub(crate) fn alternating(&mut self, nodes: &[(Cell, u8)], strong_first: bool) {
        for (k, pair) in nodes.windows(2).enumerate() {
            let strong = (k % 2 == 0) == strong_first;
            self.links.push((pair[0], pair[1], if strong { "strong" } else { "weak" }));
        }
    }

    /// Implications from `start` along `nodes`.
    pub(crate) fn implications(&mut self, start: (Cell, u8), nodes: impl IntoIterator<Item = (Cell, u8)>) {
        let mut from = start;
        self.cells(&[start.0]);
        self.candidates.push(start);
        for to in nodes {
            self.links.push((from, to, "implies"));
            self.cells(&[to.0]);
            if !self.candidates.contains(&to) {
                self.candidates.push(to);
            }
            from = to;
        }
    }
}

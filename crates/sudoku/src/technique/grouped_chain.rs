//! Grouped AICs, ALS chains and the nice loops they close (`logic::aic`), written in Eureka
//! notation. Tried after the static chains, where none rates lower, and before forcing nets,
//! which win only rated lower.

use std::fmt;

use logic::aic;

use super::board::{Board, Found};
use super::uses::Parts;
use super::words::Symbol;
use super::{chain_rating, Pattern};
use crate::digits::Digits;
use crate::grid::Cell;

/// A node of a chain: `digit` in one of `cells` (one cell; two or three of a box and a line,
/// a group; or every place of the digit in an almost locked set).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChainNode {
    /// The digit.
    pub digit: u8,
    /// The cells.
    pub cells: Vec<Cell>,
}

/// A link of a chain: strong (`=`, one end is true) or weak (`-`, at most one end is).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChainLink {
    /// Strong, else weak.
    pub strong: bool,
    /// A strong link inside an almost locked set: the set's cells (one unit's, holding one
    /// digit more than cells); empty otherwise.
    pub set: Vec<Cell>,
}

/// The shape of a chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChainShape {
    /// An alternating inference chain: one endpoint is true, so the candidates that see both
    /// go.
    Open,
    /// A continuous nice loop (the last node weakly linked to the first): every weak link
    /// has a true end, so the candidates that see both ends of one go.
    Continuous,
    /// A discontinuous nice loop: the first node, a candidate, comes back as the last, by
    /// strong links at both ends: were it false it would be true, so it is placed.
    Discontinuous,
}

/// A grouped AIC, an ALS chain (an AIC with almost locked sets as nodes) or a nice loop, in
/// Eureka notation: `grouped AIC of 4: (1)r1c1=(1)r2c23-(1)r2c7=(1)r5c7 => r5c1<>1`; an
/// almost locked set's strong link is written `(x=y)` and the set's cells:
/// `ALS chain of 6: (4)r1c2=(4)r1c8-(4=7)r3c79-(7)r3c3=(7)r2c2 => r1c2, r2c2 ...`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupedChain {
    /// The nodes from one endpoint to the other (a discontinuous loop's first node is its
    /// last too).
    pub nodes: Vec<ChainNode>,
    /// Link `i` joins nodes `i` and `i + 1`; a continuous loop's last link joins its last
    /// node to its first.
    pub links: Vec<ChainLink>,
    /// Open chain or loop.
    pub shape: ChainShape,
    /// What it concludes, as written after `=>`: the candidates removed, each cell with its
    /// digits.
    pub removals: Vec<(Cell, Digits)>,
    /// A discontinuous loop's placement.
    pub place: Option<(Cell, u8)>,
}

/// The base rating of a grouped AIC, ALS chain or nice loop, in tenths, to which SE's length
/// increment is added: SE has neither grouped nor ALS nodes, and finds what they find as
/// region or cell forcing chains (a digit's places in a unit, a cell's digits, each leading
/// to the same conclusion: its multiple forcing chains, 8.0 and up), which is what a group's
/// or a set's strong link is. A forcing net of the same rating comes after it.
pub(crate) const GROUPED_BASE: u32 = 80;
/// The base rating of a chain with almost locked sets as nodes, in tenths: the same.
pub(crate) const ALS_CHAIN_BASE: u32 = GROUPED_BASE;
/// The largest almost locked set used as a node, in cells.
const ALS_CELLS: usize = 3;
/// The most nodes of a chain searched.
const MOST_NODES: usize = 16;

impl GroupedChain {
    fn has_sets(&self) -> bool {
        self.links.iter().any(|l| !l.set.is_empty())
    }

    fn has_groups(&self) -> bool {
        self.nodes.iter().any(|n| n.cells.len() > 1)
    }

    /// The number of distinct nodes.
    fn length(&self) -> u32 {
        (self.nodes.len() - usize::from(self.shape == ChainShape::Discontinuous)) as u32
    }

    /// The length the rating counts: each node's cells (SE's multiple forcing chains count
    /// every branch, and a group's or a set's node is a branch per cell).
    fn weight(&self) -> u32 {
        let distinct = self.length() as usize;
        self.nodes[..distinct].iter().map(|n| n.cells.len() as u32).sum()
    }
}

impl Pattern for GroupedChain {
    fn name(&self) -> &'static str {
        match (self.shape, self.has_sets()) {
            (ChainShape::Open, false) if self.has_groups() => "grouped AIC",
            (ChainShape::Open, false) => "AIC",
            (ChainShape::Open, true) => "ALS chain",
            (ChainShape::Continuous, false) => "grouped continuous nice loop",
            (ChainShape::Continuous, true) => "continuous nice loop with ALS",
            (ChainShape::Discontinuous, false) => "grouped discontinuous nice loop",
            (ChainShape::Discontinuous, true) => "discontinuous nice loop with ALS",
        }
    }
    fn rating(&self) -> u32 {
        let base = if self.has_sets() { ALS_CHAIN_BASE } else { GROUPED_BASE };
        chain_rating(base, self.weight())
    }
    fn uses(&self, parts: &mut Parts) {
        for n in &self.nodes {
            parts.candidates(&n.cells, Digits::single(n.digit));
        }
    }
}

/// Cells in compact Eureka form: `r2c23` (one row), `r23c7` (one column), else each cell,
/// joined by commas (on a grid of more than 9 rows, always so).
struct Compact<'a>(&'a [Cell]);

impl fmt::Display for Compact<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cells = self.0;
        let small = cells.iter().all(|c| c.row() < 9 && c.col() < 9);
        let row = cells.iter().all(|c| c.row() == cells[0].row());
        let col = cells.iter().all(|c| c.col() == cells[0].col());
        if cells.len() > 1 && small && (row || col) {
            let list = |pick: fn(Cell) -> usize| cells.iter().map(|&c| (pick(c) + 1).to_string()).collect::<String>();
            return if row {
                write!(f, "r{}c{}", cells[0].row() + 1, list(Cell::col))
            } else {
                write!(f, "r{}c{}", list(Cell::row), cells[0].col() + 1)
            };
        }
        for (i, c) in cells.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

impl fmt::Display for GroupedChain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} of {}: ", self.name(), self.length())?;
        let node = |n: &ChainNode| format!("({}){}", Symbol(n.digit), Compact(&n.cells));
        let sign = |l: &ChainLink| if l.strong { '=' } else { '-' };
        let mut i = 0;
        while i < self.nodes.len() {
            let n = &self.nodes[i];
            match self.links.get(i) {
                Some(l) if !l.set.is_empty() && i + 1 < self.nodes.len() => {
                    let m = &self.nodes[i + 1];
                    write!(f, "({}={}){}", Symbol(n.digit), Symbol(m.digit), Compact(&l.set))?;
                    i += 2;
                    if let Some(after) = self.links.get(i - 1) {
                        if i < self.nodes.len() || self.shape == ChainShape::Continuous {
                            write!(f, "{}", sign(after))?;
                        }
                    }
                }
                link => {
                    f.write_str(&node(n))?;
                    i += 1;
                    if let Some(l) = link {
                        write!(f, "{}", sign(l))?;
                    }
                }
            }
        }
        if self.shape == ChainShape::Continuous {
            f.write_str(&node(&self.nodes[0]))?;
        }
        f.write_str(" => ")?;
        if let Some((cell, digit)) = self.place {
            return write!(f, "{cell}={}", Symbol(digit));
        }
        for (i, (cell, digits)) in self.removals.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            let ds: Vec<String> = digits.iter().map(|d| Symbol(d).to_string()).collect();
            write!(f, "{cell}<>{}", ds.join(""))?;
        }
        Ok(())
    }
}

/// The grouped AIC, ALS chain or nice loop of the fewest nodes rated `within` or less, on a
/// grid of up to 81 cells.
pub(super) fn find(b: &Board, within: u32) -> Option<Found> {
    let c = &b.cands;
    if c.num_vars() > 81 || within < GROUPED_BASE {
        return None;
    }
    // The most cells the chain's nodes may count (its weight; its nodes are no more).
    let most = (4..=MOST_NODES).take_while(|&n| chain_rating(GROUPED_BASE, n as u32) <= within).last()?;
    let opts = aic::Options { groups: true, als: ALS_CELLS, max_nodes: most, max_weight: most };
    let chain = aic::shortest(c, &opts)?;
    let technique = GroupedChain {
        nodes: chain.nodes.iter().map(|n| ChainNode { digit: b.digit(n.bit), cells: b.cells(&n.vars) }).collect(),
        links: chain.links.iter().map(|l| ChainLink { strong: l.strong, set: b.cells(&l.set) }).collect(),
        shape: match chain.shape {
            aic::Shape::Open => ChainShape::Open,
            aic::Shape::Continuous => ChainShape::Continuous,
            aic::Shape::Discontinuous => ChainShape::Discontinuous,
        },
        removals: chain.removals.iter().map(|&(l, m)| (b.cell(l), b.digits(m))).collect(),
        place: chain.place.map(|(l, bit)| (b.cell(l), b.digit(bit))),
    };
    debug_assert!(technique.rating() <= within);
    Some(match chain.place {
        Some((var, bit)) => Found::Place { var, bit, technique: technique.into() },
        None => Found::Eliminate { removals: chain.removals, technique: technique.into() },
    })
}

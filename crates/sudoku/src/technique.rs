//! The techniques of the ladder, with their names, their wording and their ratings.
//!
//! Ratings follow the scale of Sudoku Explainer (SE), the community's standard: a technique's
//! rating is how hard it is to spot, and a puzzle's grade is its hardest step. The table is
//! in `docs/grading.md`; chains are rated by kind and length (see [`Technique::rating`]).

use std::fmt;

use crate::explain::{CellList, Digits, Symbol};
use crate::grid::{Cell, Unit};

/// How a step was found: the technique, with the cells, digits and units it names.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Technique {
    /// The last empty cell of a unit: `full house in row 3`.
    FullHouse {
        /// The unit.
        unit: Unit,
    },
    /// The digit's only place left in a unit: `hidden single in box 2`.
    HiddenSingle {
        /// The unit.
        unit: Unit,
    },
    /// The cell's only candidate left: `naked single`.
    NakedSingle,
    /// Locked candidates: in `within`, the digit can only go in `cells`, which all lie in
    /// `line`, so it leaves the rest of `line`. Pointing when `within` is a box (the digit
    /// leaves a row or column), claiming when it is a row or column (it leaves a box):
    /// `pointing 7 in r3c1, r3c2 (box 1, row 3)`.
    Locked {
        /// The digit.
        digit: u8,
        /// Its places in `within`.
        cells: Vec<Cell>,
        /// The unit it is confined in.
        within: Unit,
        /// The unit it leaves outside the overlap.
        line: Unit,
    },
    /// `cells` of `unit` can only hold `digits`, as many as they are, so the rest of the unit
    /// loses them: `naked pair {3, 7} in r1c2, r1c5 (row 1)`.
    NakedSubset {
        /// The digits.
        digits: Digits,
        /// The cells.
        cells: Vec<Cell>,
        /// The unit.
        unit: Unit,
    },
    /// `digits` can only go in `cells` of `unit`, as many as they are, so those cells lose
    /// every other digit: `hidden pair {3, 7} in r1c2, r1c5 (row 1)`.
    HiddenSubset {
        /// The digits.
        digits: Digits,
        /// The cells.
        cells: Vec<Cell>,
        /// The unit.
        unit: Unit,
    },
    /// A fish of size `bases.len()` (X-wing, swordfish, jellyfish): in the base units the
    /// digit can only go in `cells`, which lie in as many cover units, so the rest of the
    /// covers loses it: `X-wing 7 in r1c2, r1c5, r4c2, r4c5 (rows 1, 4; columns 2, 5)`.
    Fish {
        /// The digit.
        digit: u8,
        /// Its places in the bases.
        cells: Vec<Cell>,
        /// The base units (all rows or all columns).
        bases: Vec<Unit>,
        /// The cover units.
        covers: Vec<Unit>,
    },
    /// An XY-wing (`pivot` holds two digits) or XYZ-wing (three): whatever the pivot takes,
    /// `digit` goes in a pincer (or, for an XYZ-wing, the pivot), so the cells that see them all
    /// lose it: `XY-wing 7 in r1c1 (pivot), r1c5, r4c1`.
    Wing {
        /// The digit forced.
        digit: u8,
        /// The pivot.
        pivot: Cell,
        /// The two pincers.
        pincers: [Cell; 2],
        /// Whether the pivot holds three digits (an XYZ-wing).
        xyz: bool,
    },
    /// A WXYZ-wing: four cells holding four digits between them, each digit but `digit`
    /// confined to cells that see each other, so `digit` is in one of them and leaves the
    /// cells that see all its places there: `WXYZ-wing 7 in r6c1, r6c4, r6c6, r7c1`.
    WxyzWing {
        /// The digit.
        digit: u8,
        /// The cells.
        cells: Vec<Cell>,
    },
    /// A unique rectangle: four cells in two rows, two columns and two boxes that, holding
    /// only `digits`, would let the puzzle's solution swap them into a second one; used only
    /// for puzzles proven to have one solution. Type 1: three cells hold exactly the two
    /// digits, so the fourth loses them; type 2: the two others hold one more digit, the same,
    /// which one of them must take: `unique rectangle {3, 7} in r1c1, r1c5, r4c5, r4c1 (type 1)`.
    UniqueRectangle {
        /// The two digits.
        digits: Digits,
        /// The four cells, around the rectangle.
        cells: Vec<Cell>,
        /// 1 or 2.
        kind: u8,
    },
    /// BUG+1 (bivalue universal grave): every open cell but `cell` has two candidates, and
    /// without `digit` in `cell` every digit would have two places in each of its units,
    /// which would give a second solution; used only for puzzles proven to have one:
    /// `r5c5 = 4: BUG+1`.
    Bug {
        /// The cell with three candidates.
        cell: Cell,
    },
    /// A forcing chain: assuming `cell = digit`, the `links` follow by singles (or, for a
    /// dynamic chain, by all the techniques above), and end in `end`:
    /// `forcing chain of 4: if r1c7 = 2 then r1c3 = 5, r4c3 = 7, r4c9 = 1, so r7c9 has no candidate`.
    Chain {
        /// The assumption's cell.
        cell: Cell,
        /// The assumption's digit.
        digit: u8,
        /// The placements that follow, in order (those the contradiction needs).
        links: Vec<(Cell, u8)>,
        /// Deductions other than singles on the way (dynamic chains only).
        deductions: u32,
        /// The contradiction reached.
        end: DeadEnd,
        /// The kind of chain: which implications it follows.
        kind: ChainKind,
    },
    /// A guess that led to a contradiction: `guess r1c1 = 4 failed`.
    FailedGuess {
        /// The guessed cell.
        cell: Cell,
        /// The digit tried.
        digit: u8,
    },
}

/// The kinds of chain, from the easiest to follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ChainKind {
    /// One digit only: where it goes, where it then cannot (an X-chain).
    Digit,
    /// Cells only: a cell left one candidate takes it (a chain through two-candidate cells,
    /// an XY-chain).
    Cells,
    /// Both, every digit: naked and hidden singles (a forcing chain).
    Singles,
    /// Singles, locked candidates and subsets (a dynamic chain).
    Dynamic,
}

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

impl fmt::Display for DeadEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DeadEnd::NoCandidate(cell) => write!(f, "{cell} has no candidate left"),
            DeadEnd::NoPlace { digit, unit } => write!(f, "no place left for {} in {unit}", Symbol(*digit)),
        }
    }
}

/// The rating of a guess, in tenths: above every deduction.
pub(crate) const GUESS_RATING: u32 = 100;

/// The rating, in tenths, of a chain of `length` links, starting at `base`: SE's length
/// increments, one tenth each time the length passes 4, 6, 8, 12, 16, 24, 32, ... (each
/// threshold alternately 3/2 and 4/3 of the previous one).
pub(crate) fn chain_rating(base: u32, length: u32) -> u32 {
    let mut ceiling = 4u32;
    let mut added = 0;
    let mut odd = false;
    while length > ceiling && added < 40 {
        added += 1;
        ceiling = if odd { ceiling * 4 / 3 } else { ceiling * 3 / 2 };
        odd = !odd;
    }
    base + added
}

/// The base ratings of chains, in tenths (calibrated in `docs/grading.md`).
pub(crate) const X_CHAIN_BASE: u32 = 65;
/// The base rating of chains through two-candidate cells, in tenths: SE rates every static
/// chain that has links inside cells (its "Y-links") 7.0 and up, as a forcing chain; only
/// single-digit chains (X-chains) rate lower.
pub(crate) const XY_CHAIN_BASE: u32 = 70;
/// The base rating of forcing chains, in tenths.
pub(crate) const FORCING_CHAIN_BASE: u32 = 70;
/// Links counted per placement of a chain (a placement is a strong and a weak link).
pub(crate) const LINK_WEIGHT: u32 = 2;
/// The base rating of dynamic chains, in tenths.
pub(crate) const DYNAMIC_CHAIN_BASE: u32 = 85;
/// The highest rating of a single (full house, naked single, hidden single), in tenths: a
/// puzzle that singles alone solve grades at most this (the ladder tries singles first).
pub(crate) const SINGLES_TOP: u32 = 15;
/// The lowest rating of every technique but singles, in tenths (pointing): a puzzle that
/// singles alone do not solve grades at least this.
pub(crate) const ABOVE_SINGLES: u32 = 26;

/// The base rating of chains of `kind`, in tenths: the rating of the shortest, below every
/// longer one.
pub(crate) fn chain_base(kind: ChainKind) -> u32 {
    match kind {
        ChainKind::Digit => X_CHAIN_BASE,
        ChainKind::Cells => XY_CHAIN_BASE,
        ChainKind::Singles => FORCING_CHAIN_BASE,
        ChainKind::Dynamic => DYNAMIC_CHAIN_BASE,
    }
}

/// The lowest rating of any chain or guess, in tenths: a puzzle that needs one (nothing
/// else applies) grades at least this.
pub(crate) const CHAIN_FLOOR: u32 = {
    let bases = [X_CHAIN_BASE, XY_CHAIN_BASE, FORCING_CHAIN_BASE, DYNAMIC_CHAIN_BASE, GUESS_RATING];
    let mut min = u32::MAX;
    let mut i = 0;
    while i < bases.len() {
        if bases[i] < min {
            min = bases[i];
        }
        i += 1;
    }
    min
};

impl Technique {
    /// The technique's name: `full house`, `hidden single`, `naked single`, `pointing`,
    /// `claiming`, `naked pair` ... `hidden quad`, `X-wing`, `swordfish`, `jellyfish`,
    /// `XY-wing`, `XYZ-wing`, `WXYZ-wing`, `unique rectangle`, `BUG+1`, `X-chain`, `XY-chain`,
    /// `forcing chain`, `dynamic chain`, `failed guess`.
    pub fn name(&self) -> &'static str {
        match self {
            Technique::FullHouse { .. } => "full house",
            Technique::HiddenSingle { .. } => "hidden single",
            Technique::NakedSingle => "naked single",
            Technique::Locked { within: Unit::Box(_), .. } => "pointing",
            Technique::Locked { .. } => "claiming",
            Technique::NakedSubset { cells, .. } => subset_name(true, cells.len()),
            Technique::HiddenSubset { cells, .. } => subset_name(false, cells.len()),
            Technique::Fish { bases, .. } => fish_name(bases.len()),
            Technique::Wing { xyz: false, .. } => "XY-wing",
            Technique::Wing { xyz: true, .. } => "XYZ-wing",
            Technique::WxyzWing { .. } => "WXYZ-wing",
            Technique::UniqueRectangle { .. } => "unique rectangle",
            Technique::Bug { .. } => "BUG+1",
            Technique::Chain { kind: ChainKind::Digit, .. } => "X-chain",
            Technique::Chain { kind: ChainKind::Cells, .. } => "XY-chain",
            Technique::Chain { kind: ChainKind::Singles, .. } => "forcing chain",
            Technique::Chain { kind: ChainKind::Dynamic, .. } => "dynamic chain",
            Technique::FailedGuess { .. } => "failed guess",
        }
    }

    /// The rating on the SE-like scale, in tenths (`23` for a naked single, 2.3).
    ///
    /// | technique | rating |
    /// |---|---|
    /// | full house | 1.0 |
    /// | naked single | 1.1 (SE: 2.3) |
    /// | hidden single in a box, in a row or column | 1.2, 1.5 |
    /// | pointing, claiming | 2.6, 2.8 |
    /// | naked pair, X-wing, hidden pair | 3.0, 3.2, 3.4 |
    /// | naked triple, swordfish, hidden triple | 3.6, 3.8, 4.0 |
    /// | XY-wing, XYZ-wing | 4.2, 4.4 |
    /// | unique rectangle type 1, type 2 (puzzles proven unique only) | 4.5, 4.6 |
    /// | naked quad, jellyfish, hidden quad | 5.0, 5.2, 5.4 |
    /// | BUG+1 (puzzles proven unique only) | 5.6 |
    /// | WXYZ-wing | 4.6 |
    /// | X-chain of `n` (one digit) | 6.5 + SE's length increment (0.1 per threshold passed by `2n`: 4, 6, 8, 12, 16, ...) |
    /// | XY-chain, forcing chain of `n` (SE rates every chain with links inside cells 7.0) | 7.0 + the same increment |
    /// | dynamic chain of `n` | 8.5 + the same increment |
    /// | failed guess | 10.0 |
    pub fn rating(&self) -> u32 {
        match self {
            Technique::FullHouse { .. } => 10,
            Technique::HiddenSingle { unit: Unit::Box(_) } => 12,
            Technique::HiddenSingle { .. } => 15,
            Technique::NakedSingle => 11,
            Technique::Locked { within: Unit::Box(_), .. } => 26,
            Technique::Locked { .. } => 28,
            Technique::NakedSubset { cells, .. } => {
                [30, 36, 50].get(cells.len().saturating_sub(2)).copied().unwrap_or(50)
            }
            Technique::HiddenSubset { cells, .. } => {
                [34, 40, 54].get(cells.len().saturating_sub(2)).copied().unwrap_or(54)
            }
            Technique::Fish { bases, .. } => [32, 38, 52].get(bases.len().saturating_sub(2)).copied().unwrap_or(52),
            Technique::Wing { xyz, .. } => 42 + 2 * u32::from(*xyz),
            Technique::WxyzWing { .. } => 46,
            Technique::UniqueRectangle { kind, .. } => 44 + u32::from(*kind),
            Technique::Bug { .. } => 56,
            Technique::Chain { links, deductions, kind, .. } => {
                let length = links.len() as u32 + deductions + 1;
                chain_rating(chain_base(*kind), LINK_WEIGHT * length)
            }
            Technique::FailedGuess { .. } => GUESS_RATING,
        }
    }
}

/// `naked pair`, `hidden triple`, ... by side and size.
fn subset_name(naked: bool, size: usize) -> &'static str {
    match (naked, size) {
        (true, 2) => "naked pair",
        (true, 3) => "naked triple",
        (true, 4) => "naked quad",
        (true, _) => "naked subset",
        (false, 2) => "hidden pair",
        (false, 3) => "hidden triple",
        (false, 4) => "hidden quad",
        (false, _) => "hidden subset",
    }
}

/// `X-wing`, `swordfish`, `jellyfish` by size.
fn fish_name(size: usize) -> &'static str {
    match size {
        2 => "X-wing",
        3 => "swordfish",
        4 => "jellyfish",
        _ => "fish",
    }
}

/// Units of one kind, plural: `rows 1, 4`, `columns 2, 5, 8`.
struct UnitList<'a>(&'a [Unit]);

impl fmt::Display for UnitList<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.0.first() {
            Some(Unit::Row(_)) => "rows",
            Some(Unit::Column(_)) => "columns",
            _ => "boxes",
        };
        write!(f, "{kind} ")?;
        for (i, u) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{}", u.index() + 1)?;
        }
        Ok(())
    }
}

impl fmt::Display for Technique {
    /// The reason of a step, after its claims: `naked pair {3, 7} in r1c2, r1c5 (row 1)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = self.name();
        match self {
            Technique::FullHouse { unit } | Technique::HiddenSingle { unit } => write!(f, "{name} in {unit}"),
            Technique::NakedSingle => f.write_str(name),
            Technique::Locked { digit, cells, within, line } => {
                write!(f, "{name} {} in {} ({within}, {line})", Symbol(*digit), CellList(cells))
            }
            Technique::NakedSubset { digits, cells, unit } | Technique::HiddenSubset { digits, cells, unit } => {
                write!(f, "{name} {digits} in {} ({unit})", CellList(cells))
            }
            Technique::Fish { digit, cells, bases, covers } => {
                write!(
                    f,
                    "{name} {} in {} ({}; {})",
                    Symbol(*digit),
                    CellList(cells),
                    UnitList(bases),
                    UnitList(covers)
                )
            }
            Technique::Wing { digit, pivot, pincers, .. } => {
                write!(f, "{name} {} in {pivot} (pivot), {}, {}", Symbol(*digit), pincers[0], pincers[1])
            }
            Technique::UniqueRectangle { digits, cells, kind } => {
                write!(f, "{name} {digits} in {} (type {kind})", CellList(cells))
            }
            Technique::Bug { .. } => f.write_str(name),
            Technique::WxyzWing { digit, cells } => write!(f, "{name} {} in {}", Symbol(*digit), CellList(cells)),
            Technique::Chain { cell, digit, links, end, .. } => {
                write!(f, "{name} of {}: if {cell} = {} then ", self_length(self), Symbol(*digit))?;
                for (c, d) in links {
                    write!(f, "{c} = {}, ", Symbol(*d))?;
                }
                if !links.is_empty() {
                    f.write_str("so ")?;
                }
                write!(f, "{end}")
            }
            Technique::FailedGuess { cell, digit } => write!(f, "guess {cell} = {} failed", Symbol(*digit)),
        }
    }
}

/// A chain's length: its links and deductions, plus the assumption.
fn self_length(t: &Technique) -> u32 {
    match t {
        Technique::Chain { links, deductions, .. } => links.len() as u32 + deductions + 1,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn singles_rate_below_every_other_technique() {
        let (a, b, c, d) = (Cell::new(0, 0), Cell::new(0, 1), Cell::new(1, 0), Cell::new(1, 1));
        let singles = [
            Technique::FullHouse { unit: Unit::Row(0) },
            Technique::NakedSingle,
            Technique::HiddenSingle { unit: Unit::Box(0) },
            Technique::HiddenSingle { unit: Unit::Row(0) },
            Technique::HiddenSingle { unit: Unit::Column(0) },
        ];
        assert_eq!(singles.iter().map(Technique::rating).max(), Some(SINGLES_TOP));
        let mut others = vec![
            Technique::Locked { digit: 1, cells: vec![a, b], within: Unit::Box(0), line: Unit::Row(0) },
            Technique::Locked { digit: 1, cells: vec![a, b], within: Unit::Row(0), line: Unit::Box(0) },
            Technique::FailedGuess { cell: a, digit: 1 },
            Technique::Wing { digit: 1, pivot: a, pincers: [b, c], xyz: false },
            Technique::Wing { digit: 1, pivot: a, pincers: [b, c], xyz: true },
            Technique::WxyzWing { digit: 1, cells: vec![a, b, c, d] },
            Technique::UniqueRectangle { digits: [1, 2].into_iter().collect(), cells: vec![a, b, c, d], kind: 1 },
            Technique::UniqueRectangle { digits: [1, 2].into_iter().collect(), cells: vec![a, b, c, d], kind: 2 },
            Technique::Bug { cell: a },
        ];
        for n in 2..=4 {
            let cells = vec![a, b, c, d][..n].to_vec();
            let digits: Digits = (1..=n as u8).collect();
            let units = vec![Unit::Row(0), Unit::Row(1), Unit::Row(2), Unit::Row(3)][..n].to_vec();
            others.push(Technique::NakedSubset { digits, cells: cells.clone(), unit: Unit::Row(0) });
            others.push(Technique::HiddenSubset { digits, cells: cells.clone(), unit: Unit::Row(0) });
            others.push(Technique::Fish { digit: 1, cells, bases: units.clone(), covers: units });
        }
        for kind in [ChainKind::Digit, ChainKind::Cells, ChainKind::Singles, ChainKind::Dynamic] {
            let end = DeadEnd::NoCandidate(d);
            others.push(Technique::Chain { cell: a, digit: 1, links: Vec::new(), deductions: 0, end, kind });
        }
        assert_eq!(others.iter().map(Technique::rating).min(), Some(ABOVE_SINGLES));
        let chains = others.iter().filter(|t| matches!(t, Technique::Chain { .. } | Technique::FailedGuess { .. }));
        assert_eq!(chains.map(Technique::rating).min(), Some(CHAIN_FLOOR));
    }

    #[test]
    fn chain_ratings_grow_by_se_length_thresholds() {
        let r: Vec<u32> = [1, 4, 5, 6, 7, 8, 9, 12, 13, 16, 17, 24, 25].iter().map(|&n| chain_rating(66, n)).collect();
        assert_eq!(r, [66, 66, 67, 67, 68, 68, 69, 69, 70, 70, 71, 71, 72]);
    }

    #[test]
    fn techniques_read_with_their_cells_and_units() {
        let cells = vec![Cell::new(0, 1), Cell::new(0, 4)];
        let digits: Digits = [3, 7].into_iter().collect();
        let t = Technique::NakedSubset { digits, cells: cells.clone(), unit: Unit::Row(0) };
        assert_eq!(t.to_string(), "naked pair {3, 7} in r1c2, r1c5 (row 1)");
        assert_eq!(t.rating(), 30);
        let fish = Technique::Fish {
            digit: 7,
            cells: vec![Cell::new(0, 1), Cell::new(0, 4), Cell::new(3, 1), Cell::new(3, 4)],
            bases: vec![Unit::Row(0), Unit::Row(3)],
            covers: vec![Unit::Column(1), Unit::Column(4)],
        };
        assert_eq!(fish.to_string(), "X-wing 7 in r1c2, r1c5, r4c2, r4c5 (rows 1, 4; columns 2, 5)");
        let chain = Technique::Chain {
            cell: Cell::new(0, 6),
            digit: 2,
            links: vec![(Cell::new(0, 2), 5)],
            deductions: 0,
            end: DeadEnd::NoCandidate(Cell::new(6, 8)),
            kind: ChainKind::Singles,
        };
        assert_eq!(chain.to_string(), "forcing chain of 2: if r1c7 = 2 then r1c3 = 5, so r7c9 has no candidate left");
    }
}

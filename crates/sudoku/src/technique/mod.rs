//! The techniques and the ladder that applies them: their ratings, and a solve done the way a
//! person does it, always with the easiest technique that applies (`ladder`).
//!
//! Ratings follow the scale of Sudoku Explainer (SE), the community's standard: a technique's
//! rating is how hard it is to spot, and a puzzle's grade is its hardest step. The table is
//! in `docs/grading.md`; chains are rated by kind and length (see [`Technique::rating`]).

// The techniques themselves are part of the step vocabulary (`step`); they are re-exported
// here, where they were first defined, so that `sudoku::technique::Technique` keeps working.
pub use crate::step::{ChainKind, DeadEnd, Technique};

use crate::grid::Unit;

mod ladder;

pub(crate) use ladder::{run_from, start, start_unchecked, Ladder, Run};

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

/// The rating of the named two-link patterns (skyscraper, 2-string kite, turbot fish), in
/// tenths: a sashimi X-wing's, 5.4, since a skyscraper is one (HoDoKu places them with the
/// X-wing; SE finds them as its "turbot fish", 6.6, but on the rated sample most puzzles they
/// decide rate SE 5.5 to 5.7).
pub(crate) const STRONG_LINKS_RATING: u32 = 54;
/// The rating of an empty rectangle, in tenths: SE's "turbot fish", 6.6 (SE has none by
/// name; HoDoKu places it with the X-wing).
pub(crate) const EMPTY_RECTANGLE_RATING: u32 = 66;
/// The ratings of ALS wings (an almost locked set of 3, 4, 5, 6 cells and a two-digit cell),
/// in tenths, as Sukaku Explainer rates them (SE 1.2.1 has none): WXYZ 5.5, 5.6 when the
/// set's largest cell holds 3 digits; VWXYZ 6.2 and 0.1 more for each step the largest cell's
/// count is nearer 3 (6.3 for 2 or 4 digits, 6.4 for 3); UVWXYZ 6.6; TUVWXYZ 7.5.
pub(crate) fn als_wing_rating(size: usize, largest: u32) -> u32 {
    match size {
        ..=3 => 55 + 1u32.saturating_sub(largest.abs_diff(3)),
        4 => 62 + 2u32.saturating_sub(largest.abs_diff(3)),
        5 => 66,
        _ => 75,
    }
}

/// The ratings of ALS-XZ and ALS-XY-wings, in tenths (SE has neither: it finds what they
/// find as forcing chains, 7.0 and up; HoDoKu rates them above XY-chains and nice loops,
/// below forcing chains). The ladder takes one only where no static chain rates lower.
pub(crate) const ALS_XZ_RATING: u32 = 75;
pub(crate) const ALS_XY_RATING: u32 = 78;

/// The rating of a hidden unique rectangle, in tenths (HoDoKu rates it with the types 2 to 4;
/// SE has none).
pub(crate) const HIDDEN_RECTANGLE_RATING: u32 = 55;
/// The rating of Sue de Coq, in tenths (SE 1.2.1 has none; HoDoKu rates it with the finned
/// jellyfish, below X-chains and ALS-XZ).
pub(crate) const SUE_DE_COQ_RATING: u32 = 57;
/// The rating of a W-wing, in tenths (SE has none: it is a chain of two cells and a strong
/// link; HoDoKu rates it with the XY-wing).
pub(crate) const W_WING_RATING: u32 = 71;
/// The ratings of finned (and sashimi) X-wings, swordfish and jellyfish, in tenths (SE has
/// none; HoDoKu rates them just above the fish without fins).
pub(crate) const FINNED_RATINGS: [u32; 3] = [53, 55, 57];
/// The rating of simple colouring, in tenths (SE finds it as X-chains and cycles, 6.5 and up).
pub(crate) const COLOURING_RATING: u32 = 65;
/// The rating of remote pairs, in tenths (SE finds them as XY-chains).
pub(crate) const REMOTE_PAIRS_RATING: u32 = 65;

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
/// The base rating of forcing nets (singles drawn as the assumption leaves the candidates),
/// in tenths: above static forcing chains, below dynamic chains that use other techniques.
pub(crate) const FORCING_NET_BASE: u32 = 80;
/// The base rating of dynamic chains, in tenths.
pub(crate) const DYNAMIC_CHAIN_BASE: u32 = 85;
/// The base rating of nested forcing chains of level 1 (forcing chains inside), in tenths:
/// SE's nested forcing chains start at 9.5.
pub(crate) const NESTED_BASE: u32 = 95;

/// The base rating of nested forcing chains of `level`, in tenths: as SE's nesting levels,
/// 9.5 for level 1 (forcing chains inside: SE's level 2), 10.5 for level 2 (forcing nets,
/// SE's dynamic forcing chains, inside: SE's level 4), 11.0 for level 3 (dynamic chains
/// inside: SE's level 5), and 0.5 more per level above.
pub(crate) fn nested_base(level: u8) -> u32 {
    match level {
        0 | 1 => NESTED_BASE,
        2 => NESTED_BASE + 10,
        n => NESTED_BASE + 15 + 5 * (u32::from(n) - 3),
    }
}

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
        ChainKind::Net => FORCING_NET_BASE,
        ChainKind::Dynamic => DYNAMIC_CHAIN_BASE,
        ChainKind::Nested(level) => nested_base(level),
    }
}

/// The lowest rating of any chain or guess, in tenths: a puzzle that needs one (nothing
/// else applies) grades at least this.
pub(crate) const CHAIN_FLOOR: u32 = {
    let bases = [X_CHAIN_BASE, XY_CHAIN_BASE, FORCING_CHAIN_BASE, FORCING_NET_BASE, DYNAMIC_CHAIN_BASE, GUESS_RATING];
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
    /// | unique rectangle type 1, type 2 and 5 (puzzles proven unique only) | 4.5, 4.6 |
    /// | naked quad, jellyfish, hidden quad | 5.0, 5.2, 5.4 |
    /// | unique rectangle type 4 and 6, type 3 (naked pair, triple, quad) | 4.7; 4.7, 4.8, 4.9 |
    /// | WXYZ-wing (ALS wing of 3 cells) | 5.5, 5.6 |
    /// | VWXYZ-wing, UVWXYZ-wing (ALS wings of 4, 5 cells) | 6.2 to 6.4, 6.6 |
    /// | hidden unique rectangle | 5.5 |
    /// | finned (sashimi) X-wing, swordfish, jellyfish | 5.3 (5.4), 5.5 (5.6), 5.7 (5.8) |
    /// | BUG type 2, type 4 | 5.7 |
    /// | BUG type 3 (naked pair, triple, quad) | 5.8, 5.9, 6.0 |
    /// | Sue de Coq | 5.7 |
    /// | simple colouring (trap, wrap), remote pairs | 6.5 |
    /// | W-wing (SE's forcing chain of the same cells) | 7.1 |
    /// | ALS-XZ, ALS-XY-wing (where no static chain rates lower) | 7.5, 7.8 |
    /// | BUG+1 (puzzles proven unique only) | 5.6 |
    /// | skyscraper, 2-string kite, turbot fish (a sashimi X-wing where it is one) | 5.4 |
    /// | empty rectangle | 6.6 (SE's turbot fish) |
    /// | X-chain of `n` (one digit) | 6.5 + SE's length increment (0.1 per threshold passed by `2n`: 4, 6, 8, 12, 16, ...) |
    /// | XY-chain, forcing chain of `n` (SE rates every chain with links inside cells 7.0) | 7.0 + the same increment |
    /// | forcing net of `n` | 8.0 + the same increment |
    /// | dynamic chain of `n` | 8.5 + the same increment |
    /// | nested forcing chain of `n`, level 1, 2, 3 (its length counts each branch once) | 9.5, 10.5, 11.0 + the same increment (0.5 more per level above) |
    /// | failed guess | 10.0 |
    pub fn rating(&self) -> u32 {
        match self {
            Technique::FullHouse { .. } => 10,
            Technique::HiddenSingle { unit: Unit::Box(_) | Unit::Region(_) } => 12,
            Technique::HiddenSingle { .. } => 15,
            Technique::NakedSingle => 11,
            Technique::Locked { within: Unit::Box(_) | Unit::Region(_), .. } => 26,
            Technique::Locked { .. } => 28,
            Technique::NakedSubset { cells, .. } => {
                [30, 36, 50].get(cells.len().saturating_sub(2)).copied().unwrap_or(50)
            }
            Technique::HiddenSubset { cells, .. } => {
                [34, 40, 54].get(cells.len().saturating_sub(2)).copied().unwrap_or(54)
            }
            Technique::Fish { bases, .. } => [32, 38, 52].get(bases.len().saturating_sub(2)).copied().unwrap_or(52),
            Technique::Wing { xyz, .. } => 42 + 2 * u32::from(*xyz),
            Technique::AlsWing { set, largest, .. } => als_wing_rating(set.len(), u32::from(*largest)),
            Technique::UniqueRectangle { kind, .. } => match kind {
                0 => HIDDEN_RECTANGLE_RATING,
                // Type 5 with type 2, which it extends; type 6 with type 4 (HoDoKu rates every
                // type alike, SE 1.2.1 has neither).
                4 | 6 => 47,
                5 => 46,
                k => 44 + u32::from(*k),
            },
            Technique::UniqueRectangleSubset { values, .. } => 45 + values.len() as u32,
            Technique::Bug { .. } => 56,
            Technique::BugExtra { .. } => 57,
            Technique::BugSubset { values, .. } => 56 + values.len() as u32,
            Technique::BugLink { .. } => 57,
            Technique::SueDeCoq { .. } => SUE_DE_COQ_RATING,
            Technique::WWing { .. } => W_WING_RATING,
            Technique::AlsChain { sets, .. } => {
                if sets.len() > 2 {
                    ALS_XY_RATING
                } else {
                    ALS_XZ_RATING
                }
            }
            Technique::FinnedFish { bases, sashimi, .. } => {
                FINNED_RATINGS.get(bases.len().saturating_sub(2)).copied().unwrap_or(FINNED_RATINGS[2])
                    + u32::from(*sashimi)
            }
            Technique::Colouring { .. } => COLOURING_RATING,
            Technique::RemotePairs { .. } => REMOTE_PAIRS_RATING,
            Technique::Chain { links, deductions, kind, branches, .. } => {
                let length = links.len() as u32 + deductions + branches.len() as u32 + 1;
                chain_rating(chain_base(*kind), LINK_WEIGHT * length)
            }
            Technique::Sum(s) => s.rating(),
            Technique::StrongLinks { .. } => STRONG_LINKS_RATING,
            Technique::EmptyRectangle { .. } => EMPTY_RECTANGLE_RATING,
            Technique::FailedGuess { .. } => GUESS_RATING,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Cell;
    use crate::step::Digits;

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
            Technique::AlsWing { digit: 1, linked: 2, set: vec![a, b, c], pivot: d, double: false, largest: 3 },
            Technique::UniqueRectangle { digits: [1, 2].into_iter().collect(), cells: vec![a, b, c, d], kind: 1 },
            Technique::UniqueRectangle { digits: [1, 2].into_iter().collect(), cells: vec![a, b, c, d], kind: 2 },
            Technique::Bug { cell: a },
            Technique::BugExtra { digit: 1, cells: vec![a, b] },
            Technique::BugLink { cells: [a, b], digit: 1, unit: Unit::Row(0) },
            Technique::BugSubset {
                cells: vec![a, b],
                extra: [3].into_iter().collect(),
                values: [3, 4].into_iter().collect(),
                subset: vec![c],
                unit: Unit::Row(0),
            },
            Technique::SueDeCoq {
                core: vec![a, b],
                line_cells: vec![c],
                box_cells: vec![d],
                digits: [(1..=4).collect(), [1, 2].into_iter().collect(), [3, 4].into_iter().collect()],
                line: Unit::Row(0),
                block: Unit::Box(0),
            },
            Technique::UniqueRectangle { digits: [1, 2].into_iter().collect(), cells: vec![a, b, c, d], kind: 5 },
            Technique::UniqueRectangle { digits: [1, 2].into_iter().collect(), cells: vec![a, b, c, d], kind: 6 },
            Technique::UniqueRectangle { digits: [1, 2].into_iter().collect(), cells: vec![a, b, c, d], kind: 0 },
            Technique::UniqueRectangle { digits: [1, 2].into_iter().collect(), cells: vec![a, b, c, d], kind: 4 },
            Technique::WWing { digit: 1, cells: [a, d], link_digit: 2, link: [b, c], unit: Unit::Row(0) },
            Technique::Colouring { digit: 1, colours: [vec![a], vec![b]], wrap: false },
            Technique::RemotePairs { digits: [1, 2].into_iter().collect(), colours: [vec![a], vec![b]] },
        ];
        for n in 2..=4 {
            let cells = vec![a, b, c, d][..n].to_vec();
            let digits: Digits = (1..=n as u8).collect();
            let units = vec![Unit::Row(0), Unit::Row(1), Unit::Row(2), Unit::Row(3)][..n].to_vec();
            others.push(Technique::NakedSubset { digits, cells: cells.clone(), unit: Unit::Row(0) });
            others.push(Technique::HiddenSubset { digits, cells: cells.clone(), unit: Unit::Row(0) });
            others.push(Technique::Fish { digit: 1, cells, bases: units.clone(), covers: units });
        }
        let kinds = [ChainKind::Digit, ChainKind::Cells, ChainKind::Singles, ChainKind::Net, ChainKind::Dynamic];
        for kind in kinds.into_iter().chain((1..=5).map(ChainKind::Nested)) {
            let end = DeadEnd::NoCandidate(d);
            others.push(Technique::Chain {
                cell: a,
                digit: 1,
                links: Vec::new(),
                deductions: 0,
                end,
                kind,
                reasons: Vec::new(),
                aic: Vec::new(),
                branches: Vec::new(),
                cited: Vec::new(),
                net: Vec::new(),
            });
        }
        assert_eq!(others.iter().map(Technique::rating).min(), Some(ABOVE_SINGLES));
        let chains = others.iter().filter(|t| matches!(t, Technique::Chain { .. } | Technique::FailedGuess { .. }));
        assert_eq!(chains.map(Technique::rating).min(), Some(CHAIN_FLOOR));
    }

    #[test]
    fn nested_chains_rate_above_dynamic_chains_and_by_level() {
        let bases: Vec<u32> = (1..=5).map(nested_base).collect();
        assert_eq!(bases, [95, 105, 110, 115, 120]);
        assert!(bases[0] > DYNAMIC_CHAIN_BASE);
    }

    #[test]
    fn chain_ratings_grow_by_se_length_thresholds() {
        let r: Vec<u32> = [1, 4, 5, 6, 7, 8, 9, 12, 13, 16, 17, 24, 25].iter().map(|&n| chain_rating(66, n)).collect();
        assert_eq!(r, [66, 66, 67, 67, 68, 68, 69, 69, 70, 70, 71, 71, 72]);
    }
}

//! The techniques and the ladder that applies them: their ratings, and a solve done the way a
//! person does it, always with the easiest technique that applies (`ladder`).
//!
//! Ratings follow the scale of Sudoku Explainer (SE), the community's standard: a technique's
//! rating is how hard it is to spot, and a puzzle's grade is its hardest step. The table is
//! in `docs/grading.md`; chains are rated by kind and length (see [`Technique::rating`]).
//!
//! # The table of patterns
//!
//! The pattern techniques of the ladder, between locked candidates and chains (subsets, fish,
//! wings, ALS wings, unique rectangles, BUG, Sue de Coq, strong links, empty rectangles,
//! W-wings, finned fish, Franken and mutant fish, colouring, remote pairs, ALS-XZ, ALS-XY-wings and death blossoms), are each one module
//! of this one, which holds everything about it: its step's data (a public type, a variant of
//! [`Technique`]), its name, rating and wording (`Pattern`, `Display`), what its JSON shows
//! (`Pattern::uses`), and how it is found (`Rung`: in the candidates as they stand, on a
//! `Board`). The table below (one `techniques!` invocation) declares them once, and generates
//! what is closed over them: [`Technique`]'s variants and their dispatch (name, rating,
//! wording, JSON), the conversions into a `Technique`, and the ladder's ordered tables of
//! finders (`RUNGS`, by rating; `LATE_RUNGS`, tried after the static chains).
//!
//! A new pattern technique touches its own file and this table: the file `technique/NAME.rs`
//! (its type, `impl Pattern`, `impl Display`, a finder with `impl Rung`) and, here, its `mod`
//! line, its variant (`Name(name::Name)`) and its finder's row in `rungs` at its rating (a
//! test checks that order). Nothing else in the crate names it.
//!
//! Singles, locked candidates, chains, a killer's sum steps and failed guesses are not rungs
//! of this kind and stay as they are: the ladder tries singles and locked candidates before
//! the table and chains after it (`ladder`), and the sums are `killer_reasoning`'s.

mod board;
mod ladder;
pub(crate) mod step;
pub(crate) mod uses;
pub(crate) mod words;

mod als_chain;
mod als_wing;
mod bug;
mod colouring;
mod death_blossom;
mod empty_rectangle;
mod finned;
mod fish;
mod franken;
mod grouped_chain;
mod rectangle;
mod strong_links;
mod subsets;
mod sue_de_coq;
mod w_wing;
mod wings;

use std::fmt;

use crate::grid::{Cell, Unit};
use crate::killer_reasoning::SumTechnique;
use board::{Board, Found};
pub use grouped_chain::{ChainLink, ChainNode, ChainShape};
pub(crate) use ladder::{run_from, start, start_unchecked, Ladder, Run};
use step::{Branch, Cited, NetBranch};
pub use step::{ChainKind, DeadEnd};
use uses::Parts;

/// A pattern technique's step: its name, rating and wording, and what its JSON shows. One
/// implementation per type of the table (`techniques!`).
pub(crate) trait Pattern: fmt::Display {
    /// The step's name (`X-wing`, `W-wing`, ...): [`Technique::name`].
    fn name(&self) -> &'static str;
    /// The step's rating, in tenths: [`Technique::rating`].
    fn rating(&self) -> u32;
    /// The cells, candidates, units and links the step uses (`crate::json`).
    fn uses(&self, parts: &mut Parts);
}

/// A finder of the ladder: how hard its easiest step is, and where it applies.
pub(crate) trait Rung: Sync {
    /// The rating of the easiest step it finds, in tenths.
    fn rating(&self) -> u32;
    /// The first step it finds in the candidates as they stand, ready to apply.
    fn find(&self, board: &Board) -> Option<Found>;
}

/// Declares [`Technique`]: its fixed variants, then the pattern techniques (a variant each,
/// holding the module's type), and the ladder's finders in order; generates the dispatch
/// to the patterns and the tables of finders.
macro_rules! techniques {
    (
        $(#[$attr:meta])*
        pub enum Technique { $($fixed:tt)* }
        patterns { $($(#[$vattr:meta])* $Variant:ident($module:ident::$Type:ident),)* }
        rungs [ $($rung:expr,)* ]
        late_rungs [ $($late:expr,)* ]
    ) => {
        $(#[$attr])*
        pub enum Technique {
            $($fixed)*
            $($(#[$vattr])* $Variant($Type),)*
        }

        $(pub use $module::$Type;)*

        $(impl From<$Type> for Technique {
            fn from(pattern: $Type) -> Technique {
                Technique::$Variant(pattern)
            }
        })*

        impl Technique {
            /// The step of a pattern technique of the table; `None` for the others.
            pub(crate) fn pattern(&self) -> Option<&dyn Pattern> {
                match self {
                    $(Technique::$Variant(p) => Some(p),)*
                    _ => None,
                }
            }
        }

        /// The finders tried between locked candidates and chains, by rating (a test checks
        /// the order; of equal ratings, the first listed is tried first).
        pub(crate) static RUNGS: &[&dyn Rung] = &[$(&$rung),*];

        /// The finders tried after the static chains, each where no static chain rates lower.
        pub(crate) static LATE_RUNGS: &[&dyn Rung] = &[$(&$late),*];
    };
}

techniques! {
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
            /// Why each of `links` follows: `None` for a naked single (the cell's last
            /// candidate), the unit for a hidden single (the digit's last place there).
            reasons: Vec<Option<Unit>>,
            /// The chain as an alternating inference chain that eliminates the assumption, when
            /// it is one (each link rests on the one before, through a two-candidate cell or a
            /// digit's two places in a unit, and the dead end is where the last link meets the
            /// assumption): the nodes from one endpoint to the other, linked strong (`=`), weak
            /// (`-`), ..., strong, each endpoint removing the assumption, no node twice:
            /// `(2)r2c2=(2)r3c2-(2)r3c7=(2)r8c7 => r8c2<>2`. Empty otherwise.
            aic: Vec<(Cell, u8)>,
            /// The inner chains of a nested forcing chain ([`ChainKind::Nested`]), in the order
            /// drawn: each refutes a candidate under the assumption. Empty for other chains.
            branches: Vec<Branch>,
            /// The deductions other than singles drawn on the way (dynamic and nested chains), in
            /// the order drawn: for a dynamic chain, those its contradiction rests on.
            cited: Vec<Cited>,
            /// A static chain or net that is not an AIC, written as a net (explanations only):
            /// each path from the assumption through the links to a candidate the contradiction
            /// needs removed, one per branch. Empty otherwise.
            net: Vec<NetBranch>,
        },
        /// A killer step, reasoning with cage sums: `cage combination: cage 3 (17 in 2 cells) is {8, 9}`.
        Sum(SumTechnique),
        /// A guess that led to a contradiction: `guess r1c1 = 4 failed`.
        FailedGuess {
            /// The guessed cell.
            cell: Cell,
            /// The digit tried.
            digit: u8,
        },
    }
    patterns {
        /// A naked subset ([`NakedSubset`]).
        NakedSubset(subsets::NakedSubset),
        /// A hidden subset ([`HiddenSubset`]).
        HiddenSubset(subsets::HiddenSubset),
        /// An X-wing, swordfish or jellyfish ([`Fish`]).
        Fish(fish::Fish),
        /// An XY-wing or XYZ-wing ([`Wing`]).
        Wing(wings::Wing),
        /// A WXYZ- to TUVWXYZ-wing ([`AlsWing`]).
        AlsWing(als_wing::AlsWing),
        /// An ALS-XZ or ALS-XY-wing ([`AlsChain`]).
        AlsChain(als_chain::AlsChain),
        /// A unique rectangle of type 1, 2, 4, 5 or 6, or a hidden one ([`UniqueRectangle`]).
        UniqueRectangle(rectangle::UniqueRectangle),
        /// A unique rectangle of type 3 ([`UniqueRectangleSubset`]).
        UniqueRectangleSubset(rectangle::UniqueRectangleSubset),
        /// BUG+1 ([`Bug`]).
        Bug(bug::Bug),
        /// BUG type 2 ([`BugExtra`]).
        BugExtra(bug::BugExtra),
        /// BUG type 3 ([`BugSubset`]).
        BugSubset(bug::BugSubset),
        /// BUG type 4 ([`BugLink`]).
        BugLink(bug::BugLink),
        /// Sue de Coq ([`SueDeCoq`]).
        SueDeCoq(sue_de_coq::SueDeCoq),
        /// A skyscraper, 2-string kite or turbot fish ([`StrongLinks`]).
        StrongLinks(strong_links::StrongLinks),
        /// An empty rectangle ([`EmptyRectangle`]).
        EmptyRectangle(empty_rectangle::EmptyRectangle),
        /// A W-wing ([`WWing`]).
        WWing(w_wing::WWing),
        /// A finned or sashimi fish ([`FinnedFish`]).
        FinnedFish(finned::FinnedFish),
        /// A Franken or mutant fish ([`ComplexFish`]).
        ComplexFish(franken::ComplexFish),
        /// A colour trap or wrap ([`Colouring`]).
        Colouring(colouring::Colouring),
        /// Remote pairs ([`RemotePairs`]).
        RemotePairs(colouring::RemotePairs),
        /// A death blossom ([`DeathBlossom`]).
        DeathBlossom(death_blossom::DeathBlossom),
        /// A grouped AIC, ALS chain or nice loop ([`GroupedChain`]).
        GroupedChain(grouped_chain::GroupedChain),
    }
    rungs [
        subsets::Naked(2),
        fish::Finder(2),
        subsets::Hidden(2),
        subsets::Naked(3),
        fish::Finder(3),
        subsets::Hidden(3),
        wings::Finder(false),
        wings::Finder(true),
        rectangle::Finder,
        subsets::Naked(4),
        fish::Finder(4),
        finned::Finder(2),
        subsets::Hidden(4),
        strong_links::Finder,
        rectangle::Hidden,
        als_wing::Finder(3),
        finned::Finder(3),
        bug::PlusOne,
        bug::Extra,
        bug::Link,
        sue_de_coq::Finder,
        bug::Subset,
        als_wing::Finder(4),
        colouring::Pairs,
        colouring::Simple,
        empty_rectangle::Finder,
        w_wing::Finder,
        als_wing::Finder(5),
    ]
    late_rungs [
        finned::Finder(4),
        als_chain::Finder,
        franken::Finder(2),
        franken::Finder(3),
        franken::Mutant(2),
        death_blossom::Finder,
        franken::Finder(4),
        franken::Mutant(3),
    ]
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
/// The base rating of loops of two-candidate cells (an XY-chain whose two ends, holding the
/// digit it removes, see each other), in tenths: SE's bidirectional Y-cycle, 6.5, below
/// open XY-chains (SE's forcing chains, 7.0).
pub(crate) const XY_CYCLE_BASE: u32 = 65;
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
        ChainKind::CellCycle => XY_CYCLE_BASE,
        ChainKind::Singles => FORCING_CHAIN_BASE,
        ChainKind::Net => FORCING_NET_BASE,
        ChainKind::Dynamic => DYNAMIC_CHAIN_BASE,
        ChainKind::Nested(level) => nested_base(level),
    }
}

/// The lowest rating of any chain or guess, in tenths: a puzzle that needs one (nothing
/// else applies) grades at least this.
pub(crate) const CHAIN_FLOOR: u32 = {
    let bases = [
        X_CHAIN_BASE,
        XY_CYCLE_BASE,
        XY_CHAIN_BASE,
        FORCING_CHAIN_BASE,
        FORCING_NET_BASE,
        DYNAMIC_CHAIN_BASE,
        GUESS_RATING,
    ];
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
    /// `XY-wing`, `XYZ-wing`, `WXYZ-wing` (to `TUVWXYZ-wing`), `W-wing`, `finned X-wing` ...
    /// `sashimi jellyfish`, `Franken X-wing` ... `Franken jellyfish`, `mutant X-wing` ...
    /// `mutant jellyfish` (`finned` before them when they have fins), `colour trap`, `colour wrap`, `remote pairs`, `ALS-XZ`,
    /// `ALS-XY-wing`, `death blossom`, `unique rectangle`, `hidden unique rectangle`, `BUG+1`, `BUG type 2`,
    /// `BUG type 3`, `BUG type 4`, `Sue de Coq`, `skyscraper`,
    /// `2-string kite`, `turbot fish`, `empty rectangle`, `X-chain`, `XY-cycle`, `XY-chain`,
    /// `forcing chain`, `forcing net`, `dynamic chain`, `nested forcing chain`, `failed guess`,
    /// `grouped AIC`, `ALS chain`, `grouped continuous nice loop` (and the other nice loops).
    pub fn name(&self) -> &'static str {
        match self {
            Technique::FullHouse { .. } => "full house",
            Technique::HiddenSingle { .. } => "hidden single",
            Technique::NakedSingle => "naked single",
            Technique::Locked { within: Unit::Box(_) | Unit::Region(_), .. } => "pointing",
            Technique::Locked { .. } => "claiming",
            Technique::Chain { kind: ChainKind::Digit, .. } => "X-chain",
            Technique::Chain { kind: ChainKind::Cells, .. } => "XY-chain",
            Technique::Chain { kind: ChainKind::CellCycle, .. } => "XY-cycle",
            Technique::Chain { kind: ChainKind::Singles, .. } => "forcing chain",
            Technique::Chain { kind: ChainKind::Net, .. } => "forcing net",
            Technique::Chain { kind: ChainKind::Dynamic, .. } => "dynamic chain",
            Technique::Chain { kind: ChainKind::Nested(_), .. } => "nested forcing chain",
            Technique::Sum(s) => s.name(),
            Technique::FailedGuess { .. } => "failed guess",
            pattern => pattern.pattern().map_or("", Pattern::name),
        }
    }
}

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
    /// | VWXYZ-wing, UVWXYZ-wing (ALS wings of 4, 5 cells) | 6.2 to 6.4, 7.2 |
    /// | hidden unique rectangle | 5.5 |
    /// | finned (sashimi) X-wing, swordfish | 5.3 (5.4), 5.5 (5.6) |
    /// | finned (sashimi) jellyfish (where no static chain rates lower) | 7.1 (7.2) |
    /// | Franken X-wing, swordfish, jellyfish (where no static chain rates lower) | 7.6, 7.8, 8.0 |
    /// | mutant X-wing, swordfish (idem) | 7.8, 8.0 |
    /// | BUG type 2, type 4 | 5.7 |
    /// | BUG type 3 (naked pair, triple, quad) | 5.8, 5.9, 6.0 |
    /// | Sue de Coq | 5.7 |
    /// | simple colouring (trap, wrap), remote pairs | 6.5 |
    /// | W-wing (SE's forcing chain of the same cells) | 7.1 |
    /// | ALS-XZ, ALS-XY-wing (where no static chain rates lower) | 7.5, 7.8 |
    /// | death blossom (where no static chain rates lower) | 7.9 |
    /// | grouped AIC, ALS chain, nice loop (before a forcing net rated the same or more) | 8.0 + the length increment over the nodes' cells |
    /// | BUG+1 (puzzles proven unique only) | 5.6 |
    /// | skyscraper, 2-string kite, turbot fish (a sashimi X-wing where it is one) | 5.4 |
    /// | empty rectangle | 6.6 (SE's turbot fish) |
    /// | X-chain of `n` (one digit) | 6.5 + SE's length increment (0.1 per threshold passed by `2n`: 4, 6, 8, 12, 16, ...) |
    /// | XY-cycle of `n` (two-candidate cells, the two ends seeing each other: SE's bidirectional Y-cycle) | 6.5 + the same increment |
    /// | XY-chain, forcing chain of `n` (SE rates every other chain with links inside cells 7.0) | 7.0 + the same increment |
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
            Technique::Chain { links, deductions, kind, branches, .. } => {
                let length = links.len() as u32 + deductions + branches.len() as u32 + 1;
                chain_rating(chain_base(*kind), LINK_WEIGHT * length)
            }
            Technique::Sum(s) => s.rating(),
            Technique::FailedGuess { .. } => GUESS_RATING,
            pattern => pattern.pattern().map_or(0, Pattern::rating),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::digits::Digits;
    use crate::grid::Cell;

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
            Technique::Wing(Wing { digit: 1, pivot: a, pincers: [b, c], xyz: false }),
            Technique::Wing(Wing { digit: 1, pivot: a, pincers: [b, c], xyz: true }),
            Technique::AlsWing(AlsWing {
                digit: 1,
                linked: 2,
                set: vec![a, b, c],
                pivot: d,
                double: false,
                largest: 3,
            }),
            Technique::UniqueRectangle(UniqueRectangle {
                digits: [1, 2].into_iter().collect(),
                cells: vec![a, b, c, d],
                kind: 1,
            }),
            Technique::UniqueRectangle(UniqueRectangle {
                digits: [1, 2].into_iter().collect(),
                cells: vec![a, b, c, d],
                kind: 2,
            }),
            Technique::Bug(Bug { cell: a }),
            Technique::BugExtra(BugExtra { digit: 1, cells: vec![a, b] }),
            Technique::BugLink(BugLink { cells: [a, b], digit: 1, unit: Unit::Row(0) }),
            Technique::BugSubset(BugSubset {
                cells: vec![a, b],
                extra: [3].into_iter().collect(),
                values: [3, 4].into_iter().collect(),
                subset: vec![c],
                unit: Unit::Row(0),
            }),
            Technique::SueDeCoq(SueDeCoq {
                core: vec![a, b],
                line_cells: vec![c],
                box_cells: vec![d],
                digits: [(1..=4).collect(), [1, 2].into_iter().collect(), [3, 4].into_iter().collect()],
                line: Unit::Row(0),
                block: Unit::Box(0),
            }),
            Technique::UniqueRectangle(UniqueRectangle {
                digits: [1, 2].into_iter().collect(),
                cells: vec![a, b, c, d],
                kind: 5,
            }),
            Technique::UniqueRectangle(UniqueRectangle {
                digits: [1, 2].into_iter().collect(),
                cells: vec![a, b, c, d],
                kind: 6,
            }),
            Technique::UniqueRectangle(UniqueRectangle {
                digits: [1, 2].into_iter().collect(),
                cells: vec![a, b, c, d],
                kind: 0,
            }),
            Technique::UniqueRectangle(UniqueRectangle {
                digits: [1, 2].into_iter().collect(),
                cells: vec![a, b, c, d],
                kind: 4,
            }),
            Technique::WWing(WWing { digit: 1, cells: [a, d], link_digit: 2, link: [b, c], unit: Unit::Row(0) }),
            Technique::Colouring(Colouring { digit: 1, colours: [vec![a], vec![b]], wrap: false }),
            Technique::RemotePairs(RemotePairs { digits: [1, 2].into_iter().collect(), colours: [vec![a], vec![b]] }),
        ];
        for n in 2..=4 {
            let cells = vec![a, b, c, d][..n].to_vec();
            let digits: Digits = (1..=n as u8).collect();
            let units = vec![Unit::Row(0), Unit::Row(1), Unit::Row(2), Unit::Row(3)][..n].to_vec();
            others.push(Technique::NakedSubset(NakedSubset { digits, cells: cells.clone(), unit: Unit::Row(0) }));
            others.push(Technique::HiddenSubset(HiddenSubset { digits, cells: cells.clone(), unit: Unit::Row(0) }));
            others.push(Technique::Fish(Fish { digit: 1, cells, bases: units.clone(), covers: units }));
        }
        let kinds = [
            ChainKind::Digit,
            ChainKind::CellCycle,
            ChainKind::Cells,
            ChainKind::Singles,
            ChainKind::Net,
            ChainKind::Dynamic,
        ];
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
    fn the_rungs_are_in_the_order_of_their_ratings() {
        let ratings: Vec<u32> = RUNGS.iter().map(|r| r.rating()).collect();
        assert!(ratings.is_sorted(), "{ratings:?}");
        // The late rungs too (the first found rated below the chain wins), all at or above
        // the chains' floor: the ladder's lower bound of a grade assumes nothing below it
        // applies once the rungs fail.
        let late: Vec<u32> = LATE_RUNGS.iter().map(|r| r.rating()).collect();
        assert!(late.is_sorted() && late[0] >= CHAIN_FLOOR, "{late:?}");
        // A killer's cage blocking is tried among them at its rating (`ladder`).
        assert!(ratings.iter().any(|&r| r > crate::killer_reasoning::BLOCKING));
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

//! The step vocabulary: what a solve told the way a person solves is made of ([`Step`],
//! [`StepKind`], [`Technique`], [`Digits`], [`Contradiction`], [`DeadEnd`], [`Detail`]).
//!
//! These are plain data, below everything that uses them: the techniques' ratings
//! ([`Technique::rating`]) and the ladder that finds them live with the techniques, their text
//! in the crate's rendering module (every type here is `Display`), and what is built from them
//! above: [`Explanation`](crate::Explanation), [`Grade`](crate::Grade) and
//! [`Hint`](crate::Hint).

pub use crate::dead_end::DeadEnd;
pub use crate::digits::Digits;
use crate::grid::{Cell, Clash, Unit};
use crate::killer_reasoning::SumTechnique;

/// One step of an explanation.
///
/// `Display` prints the step in its fixed form, without indentation: the claims, `: `, and the
/// reason (`r3c5 = 7: hidden single in box 2`). An elimination whose cells lose different
/// digits prints one line per set of digits, each with the same reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The number of guesses open when the step was made (0 before any guess).
    pub depth: u32,
    /// Whether the step lies inside a guess that was later refuted: its conclusions held only
    /// under that guess. Steps on the way to the solution are never refuted.
    pub refuted: bool,
    /// What happened.
    pub kind: StepKind,
}

/// What a [`Step`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum StepKind {
    /// A digit goes in a cell: `r3c5 = 7: hidden single in box 2`.
    Place {
        /// The cell.
        cell: Cell,
        /// The digit, from 1.
        digit: u8,
        /// How it was found.
        technique: Technique,
    },
    /// Candidates leave cells: `r1c4, r1c8 != 3, 7: naked pair {3, 7} in r1c2, r1c5 (row 1)`.
    Eliminate {
        /// Each cell with the digits it loses (only digits it had), in the order found.
        claims: Vec<(Cell, Digits)>,
        /// How it was found.
        technique: Technique,
    },
    /// The eliminations that follow from a placed (or given) digit in one of its units:
    /// `r3c1, r3c2 != 7: r3c5 = 7 in row 3`. Printed with [`Detail::Full`] only.
    Implied {
        /// The cells that lose the digit.
        cells: Vec<Cell>,
        /// The digit.
        digit: u8,
        /// The cell holding it.
        by: Cell,
        /// The unit they share.
        unit: Unit,
    },
    /// A guess, when no technique applies: `guess r1c1 = 4: 2 candidates {4, 9}`.
    Guess {
        /// The cell.
        cell: Cell,
        /// The digit tried.
        digit: u8,
        /// The cell's candidates at that moment.
        candidates: Digits,
    },
    /// A guess led to a contradiction and is undone: `backtrack: r1c1 = 4 leads to a
    /// contradiction`. The elimination of the guessed digit follows.
    Backtrack {
        /// The guessed cell.
        cell: Cell,
        /// The digit that was tried.
        digit: u8,
    },
    /// The candidates contradict each other: the dead end of a guess, or proof that the
    /// puzzle has no solution.
    Contradiction(Contradiction),
    /// The steps of a failed guess, counted (printed by [`Detail::Normal`] in place of
    /// them): `... 58 placements, 172 eliminations, 3 guesses`.
    Summary {
        /// Placements.
        placements: u64,
        /// Candidates eliminated, implied ones included.
        eliminations: u64,
        /// Guesses.
        guesses: u64,
    },
    /// The ladder gave up after this many guesses without a solution (a limit; the puzzle's
    /// answer is still given by the search).
    Stopped {
        /// Guesses made.
        guesses: u32,
    },
    /// The time limit ([`Limits::timeout`](csp::Limits::timeout)) ran out before the ladder
    /// finished: the steps so far stand, the rest is not explained (`stopped: the time limit
    /// ran out`).
    TimedOut,
}

impl StepKind {
    /// The [`StepKind::Summary`] of `steps`.
    pub(crate) fn summary_of<'a>(steps: impl IntoIterator<Item = &'a Step>) -> StepKind {
        let (mut placements, mut eliminations, mut guesses) = (0, 0, 0);
        for step in steps {
            match &step.kind {
                StepKind::Place { .. } => placements += 1,
                StepKind::Eliminate { claims, .. } => {
                    eliminations += claims.iter().map(|(_, d)| d.len() as u64).sum::<u64>()
                }
                StepKind::Implied { cells, .. } => eliminations += cells.len() as u64,
                StepKind::Guess { .. } => guesses += 1,
                StepKind::Summary { placements: p, eliminations: e, guesses: g } => {
                    placements += p;
                    eliminations += e;
                    guesses += g;
                }
                _ => {}
            }
        }
        StepKind::Summary { placements, eliminations, guesses }
    }

    /// The technique of a placement or elimination.
    pub fn technique(&self) -> Option<&Technique> {
        match self {
            StepKind::Place { technique, .. } | StepKind::Eliminate { technique, .. } => Some(technique),
            _ => None,
        }
    }
}

/// A dead end, in cells.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Contradiction {
    /// Two givens of one unit hold the same digit (the puzzle is invalid).
    Clash(Clash),
    /// A cell without candidates, or a digit without a place in a unit.
    DeadEnd(DeadEnd),
    /// The grid has no solution (a hint checks this first), with the cell at fault when one
    /// is found: a filled digit without which the grid has a solution
    /// (`no solution: r3c4 = 7 is wrong`), or a cell whose pencil marks cross out its digit
    /// of the solution (`no solution: the marks of r3c4 cross out 7, its digit in the
    /// solution`).
    NoSolution(Option<Fault>),
}

/// Why a grid has no solution, at one cell ([`Contradiction::NoSolution`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Fault {
    /// The digit filled in the cell is wrong: without it the grid has a solution.
    WrongDigit {
        /// The cell.
        cell: Cell,
        /// The digit filled in.
        digit: u8,
    },
    /// The cell's pencil marks cross out `digit`, which the cell holds in the grid's only
    /// solution (the filled digits have one; the marks rule it out).
    CrossedOut {
        /// The cell.
        cell: Cell,
        /// Its digit in the solution.
        digit: u8,
    },
}

impl Fault {
    /// The cell at fault.
    pub fn cell(&self) -> Cell {
        match *self {
            Fault::WrongDigit { cell, .. } | Fault::CrossedOut { cell, .. } => cell,
        }
    }
}

/// How much of an explanation [`Explanation::display`](crate::Explanation::display) prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Detail {
    /// The steps on the way to the solution; each failed guess as its guess, backtrack and
    /// elimination only.
    Brief,
    /// The steps on the way to the solution; each failed guess summarised in four lines (the
    /// guess, the count of its steps, the contradiction it ended in, the backtrack).
    #[default]
    Normal,
    /// Every step, implied eliminations included, failed guesses in full and indented.
    Full,
}

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
    /// An ALS wing (WXYZ-, VWXYZ-, UVWXYZ-, TUVWXYZ-wing): `set`, 3 to 6 cells that see each
    /// other and hold one digit more than cells (an almost locked set), and `pivot`, a cell
    /// holding two of those digits, `linked` and `digit`, with every place of `linked` in the
    /// set seeing the pivot. The pivot or the set takes `digit`, which leaves the cells seeing
    /// all its places: `WXYZ-wing 2 in r2c1, r2c4, r3c1 and r9c4 (linked by 5)`. Doubly linked
    /// (`digit`'s places in the set see the pivot too), the set and the pivot take each of the
    /// set's digits once: `... (doubly linked by 5 and 2)`.
    AlsWing {
        /// The digit taken by the pivot or in the set (single link).
        digit: u8,
        /// The restricted common digit.
        linked: u8,
        /// The almost locked set.
        set: Vec<Cell>,
        /// The cell holding two digits.
        pivot: Cell,
        /// Whether `digit` is restricted too.
        double: bool,
        /// The most candidates of a cell of the set (Sukaku Explainer rates by it).
        largest: u8,
    },
    /// An ALS-XZ (two sets) or ALS-XY-wing (three, the pivot set last): almost locked sets,
    /// each some cells of one unit holding one digit more than cells, joined by *restricted
    /// commons* (a digit whose places in one set all see its places in the other, so at
    /// most one of them holds it): `r4c6 != 1: ALS-XZ r4c2, r4c3 {1, 5, 8} and r6c5 {1, 8}
    /// (linked by 8)`. The common digits left are in one of the sets, and leave the cells that
    /// see all their places there.
    AlsChain {
        /// The sets' cells and digits.
        sets: Vec<(Vec<Cell>, Digits)>,
        /// The restricted commons: of the two sets (one or two), or of each set with the pivot.
        linked: Vec<u8>,
    },
    /// A unique rectangle: four cells in two rows, two columns and two boxes that, holding
    /// only `digits`, would let the puzzle's solution swap them into a second one; used only
    /// for puzzles proven to have one solution. Type 1: three cells hold exactly the two
    /// digits, so the fourth loses them; type 2: the two others, in one unit, hold one more
    /// digit, the same, which one of them must take; type 5: so do two diagonal corners, or
    /// three: the cells that see them all lose it; type 6: two diagonal corners hold exactly
    /// the two digits and one of them has no other place in the rectangle's two rows (or
    /// columns), so the other two corners lose it:
    /// `unique rectangle {3, 7} in r1c1, r1c5, r4c5, r4c1 (type 1)`.
    UniqueRectangle {
        /// The two digits.
        digits: Digits,
        /// The four cells, around the rectangle.
        cells: Vec<Cell>,
        /// 1, 2, 4, 5 or 6; 0 for a hidden unique rectangle.
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
    /// Two strong links of one digit (each a unit where it has only two places) joined by a
    /// weak link (their inner ends share a unit): one of the outer ends holds the digit, so
    /// the cells that see both lose it. Named by the units, as in HoDoKu: a skyscraper (two
    /// parallel rows or columns), a 2-string kite (a row and a column joined in a box), a
    /// turbot fish (any other): `skyscraper 4 in r1c2 = r6c2 - r6c7 = r2c7`.
    StrongLinks {
        /// The digit.
        digit: u8,
        /// The chain: outer end, inner end (first link), inner end, outer end (second link).
        cells: [Cell; 4],
        /// The units of the two strong links.
        units: [Unit; 2],
    },
    /// An empty rectangle: in `block`, the digit's places all lie in `row` and `column`
    /// (in neither alone); with a strong link `link[0] = link[1]` whose first cell lies in
    /// one of them outside the box, a cell of the other line that sees `link[1]` loses the
    /// digit (it would leave the box no place): `empty rectangle 5 in box 4 (r5, c2) with
    /// r5c8 = r2c8`.
    EmptyRectangle {
        /// The digit.
        digit: u8,
        /// The box.
        block: Unit,
        /// The line holding the link's first cell.
        through: Unit,
        /// The line of the cells that lose the digit.
        across: Unit,
        /// The strong link: its cell in `through`, then its other cell.
        link: [Cell; 2],
        /// The unit of the strong link.
        unit: Unit,
    },
    /// A W-wing: `cells` hold exactly `{digit, link_digit}` and do not see each other; the
    /// strong link `link[0] = link[1]` of `link_digit` in `unit` has one end seeing each.
    /// Were neither cell `digit`, both would be `link_digit` and the link would have no place
    /// for it: so the cells that see both lose `digit`:
    /// `W-wing 5 in r2c2, r3c9 with 2 in r2c5 = r3c6 (box 2)`.
    WWing {
        /// The digit removed.
        digit: u8,
        /// The two cells holding the same two digits.
        cells: [Cell; 2],
        /// The digit of the strong link.
        link_digit: u8,
        /// The strong link: its end seeing `cells[0]`, then its end seeing `cells[1]`.
        link: [Cell; 2],
        /// The unit of the strong link.
        unit: Unit,
    },
    /// A finned (or sashimi) fish: in the base units the digit can only go in `cells`, inside
    /// the covers, or in the `fins`, outside them but in one unit. Either a fin holds it, or
    /// the fish does: the cells of the covers outside the bases that see every fin lose it:
    /// `sashimi X-wing 6 in r3c7, r9c5, r9c7 (rows 3, 9; columns 5, 7) fins r3c4, r3c6`.
    FinnedFish {
        /// The digit.
        digit: u8,
        /// Its places in the bases inside the covers.
        cells: Vec<Cell>,
        /// Its places in the bases outside the covers.
        fins: Vec<Cell>,
        /// The base units.
        bases: Vec<Unit>,
        /// The cover units.
        covers: Vec<Unit>,
        /// Whether a base keeps fewer than two places without its fins (a sashimi fish).
        sashimi: bool,
    },
    /// Simple colouring: the strong links of `digit` chain `colours[0]` and `colours[1]`,
    /// alternately, so one colour holds the digit and the other does not. A colour wrap: two
    /// cells of `colours[0]` see each other, so it is the false colour; a colour trap: the
    /// cells that see both colours lose the digit:
    /// `colour trap 7: r1c3, r7c1, r5c2, r8c4 / r1c4, r2c1, r4c3, r8c2, r5c5`.
    Colouring {
        /// The digit.
        digit: u8,
        /// The two colours (for a wrap, the false one first).
        colours: [Vec<Cell>; 2],
        /// A wrap (else a trap).
        wrap: bool,
    },
    /// Remote pairs: a chain of cells holding the same two digits, each seeing the next, so
    /// that the cells alternate; coloured alternately, a cell that sees both colours loses
    /// both digits: `remote pairs {5, 9}: r5c4, r8c6 / r5c9, r6c6`.
    RemotePairs {
        /// The two digits.
        digits: Digits,
        /// The two colours.
        colours: [Vec<Cell>; 2],
    },
    /// A unique rectangle of type 3: two corners hold exactly `digits`, the other two, in one
    /// unit, more digits (`extra` between them), one of which one of them takes; with the
    /// cells `subset` of that unit they form a naked subset of `values`, which leave the rest
    /// of the unit: `unique rectangle {3, 7} in r5c1, r5c3, r9c3, r9c1 (type 3) with naked
    /// triple {1, 4, 5} in r9c7, r9c9 and the rectangle (row 9)`. Puzzles proven unique only.
    UniqueRectangleSubset {
        /// The rectangle's two digits.
        digits: Digits,
        /// The four corners, around the rectangle.
        cells: Vec<Cell>,
        /// The digits of the subset.
        values: Digits,
        /// The cells of the unit that join the two corners in the subset.
        subset: Vec<Cell>,
        /// The unit.
        unit: Unit,
    },
    /// BUG type 2: every open cell has two candidates but `cells`, which have three, one of
    /// them `digit` in all; without it the grid would be a bivalue universal grave (two
    /// solutions), so one of `cells` holds it and the cells that see them all lose it:
    /// `BUG type 2 (9 in r5c2, r6c9)`. Puzzles proven unique only.
    BugExtra {
        /// The digit.
        digit: u8,
        /// The cells with three candidates.
        cells: Vec<Cell>,
    },
    /// BUG type 3: every open cell has two candidates but `cells`, all in `unit`, which have
    /// more (`extra` those beyond a grave's two); one of them takes an extra digit, so they
    /// act as one cell holding `extra`, which with `subset` forms a naked subset of `values`;
    /// the rest of the unit loses them:
    /// `BUG type 3 ({1, 7} in r5c2, r5c6) with naked pair {1, 7} in r5c8 and the BUG cells (row 5)`.
    /// Puzzles proven unique only.
    BugSubset {
        /// The cells with more than two candidates.
        cells: Vec<Cell>,
        /// Their extra digits.
        extra: Digits,
        /// The digits of the subset.
        values: Digits,
        /// The other cells of the subset.
        subset: Vec<Cell>,
        /// The unit.
        unit: Unit,
    },
    /// BUG type 4: every open cell has two candidates but `cells`, two in `unit`, which have
    /// more; one of them takes an extra digit, and `digit`, one of the two that both keep,
    /// has no other place in the unit: so the other takes `digit`, and neither keeps its
    /// other digit: `BUG type 4 in r5c2, r5c6 with 3 only there (row 5)`. Puzzles proven unique
    /// only.
    BugLink {
        /// The two cells with more than two candidates.
        cells: [Cell; 2],
        /// The digit with no other place in the unit.
        digit: u8,
        /// The unit.
        unit: Unit,
    },
    /// Sue de Coq: `core`, two or three cells where `line` meets `block`, hold `digits[0]`, at
    /// least two digits more than cells; `line_cells` (of the line, outside the box) hold
    /// `digits[1]` and `box_cells` (of the box, outside the line) `digits[2]`, no digit in
    /// both, and all of them hold as many digits as cells: each digit is taken there, the line
    /// side's in the line, the box side's in the box, the others in both. So the rest of the
    /// line loses every digit but the box side's, the rest of the box every digit but the line
    /// side's: `Sue de Coq {1, 2, 5, 7} in r1c1, r1c2 with {1, 5} in r1c5 (row 1) and {2, 7}
    /// in r3c3 (box 1)`.
    SueDeCoq {
        /// The cells of the intersection.
        core: Vec<Cell>,
        /// The cells of the line outside the box.
        line_cells: Vec<Cell>,
        /// The cells of the box outside the line.
        box_cells: Vec<Cell>,
        /// The digits of `core`, `line_cells` and `box_cells`.
        digits: [Digits; 3],
        /// The line (a row or column).
        line: Unit,
        /// The box.
        block: Unit,
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

/// A deduction a dynamic or nested chain draws under its assumption, other than a single: a
/// link after it that is not a single in the grid as it stands rests on it. Printed before
/// that link at [`Detail::Full`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cited {
    /// How many of the chain's links were drawn before it.
    pub after: u32,
    /// How many of a nested chain's branches were drawn before it (0 in other chains).
    pub branches: u32,
    /// The deduction: [`Technique::Locked`], [`Technique::NakedSubset`] or
    /// [`Technique::HiddenSubset`], in the candidates as they stand under the assumption and
    /// the links before it.
    pub technique: Technique,
    /// What it removes there: cells and the digits each loses.
    pub claims: Vec<(Cell, Digits)>,
}

/// A branch of a forcing chain or net ([`Technique::Chain`]'s `net`): from the assumption,
/// each of `links` rests on the one before it (among others, where branches merge), and the
/// last removes `removes`, a candidate the contradiction needs gone: `r1c6 = 9 => r2c9 = 9
/// (hidden single in column 9) => r5c6 != 4`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NetBranch {
    /// Indices into the chain's links, from the assumption on.
    pub links: Vec<u32>,
    /// The candidate removed at the end.
    pub removes: (Cell, u8),
}

/// A branch of a nested forcing chain: under the outer chain's assumption, the inner chain
/// `chain` (a [`Technique::Chain`]) assumes its own cell and digit and reaches a dead end, so
/// that candidate leaves the cell and the outer chain goes on without it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Branch {
    /// How many of the outer chain's links were drawn before this branch.
    pub after: u32,
    /// The inner chain.
    pub chain: Technique,
}

impl Branch {
    /// The candidate the branch removes under the outer assumption: the inner chain's
    /// assumption.
    pub fn claim(&self) -> Option<(Cell, u8)> {
        match self.chain {
            Technique::Chain { cell, digit, .. } => Some((cell, digit)),
            _ => None,
        }
    }
}

/// The kinds of chain, from the easiest to follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ChainKind {
    /// One digit only: where it goes, where it then cannot (an X-chain).
    Digit,
    /// Cells only: a cell left one candidate takes it (a chain through two-candidate cells,
    /// an XY-chain).
    Cells,
    /// Both, every digit, over the links of the candidates as they stand (a cell with two
    /// candidates, a digit with two places in a unit): a forcing chain, SE's static one.
    Singles,
    /// Naked and hidden singles as the assumption leaves the candidates (a cell left one
    /// candidate, a digit left one place, whatever they had before): a forcing net, what SE
    /// calls a dynamic forcing chain.
    Net,
    /// Singles, locked candidates and subsets as the assumption leaves the candidates (a
    /// dynamic chain).
    Dynamic,
    /// A dynamic chain that also uses, at each step, the refutations of simpler chains drawn
    /// under the assumption (its branches), by nesting level: 1 uses forcing chains, 2
    /// forcing nets, 3 dynamic chains, `n` >= 4 nested chains of level `n - 3`
    /// (`logic::nested`).
    Nested(u8),
}

impl Technique {
    /// The technique's name: `full house`, `hidden single`, `naked single`, `pointing`,
    /// `claiming`, `naked pair` ... `hidden quad`, `X-wing`, `swordfish`, `jellyfish`,
    /// `XY-wing`, `XYZ-wing`, `WXYZ-wing` (to `TUVWXYZ-wing`), `W-wing`, `finned X-wing` ...
    /// `sashimi jellyfish`, `colour trap`, `colour wrap`, `remote pairs`, `ALS-XZ`,
    /// `ALS-XY-wing`, `unique rectangle`, `hidden unique rectangle`, `BUG+1`, `BUG type 2`,
    /// `BUG type 3`, `BUG type 4`, `Sue de Coq`, `skyscraper`,
    /// `2-string kite`, `turbot fish`, `empty rectangle`, `X-chain`, `XY-chain`,
    /// `forcing chain`, `forcing net`, `dynamic chain`, `nested forcing chain`, `failed guess`.
    pub fn name(&self) -> &'static str {
        match self {
            Technique::FullHouse { .. } => "full house",
            Technique::HiddenSingle { .. } => "hidden single",
            Technique::NakedSingle => "naked single",
            Technique::Locked { within: Unit::Box(_) | Unit::Region(_), .. } => "pointing",
            Technique::Locked { .. } => "claiming",
            Technique::NakedSubset { cells, .. } => subset_name(true, cells.len()),
            Technique::HiddenSubset { cells, .. } => subset_name(false, cells.len()),
            Technique::Fish { bases, .. } => fish_name(bases.len()),
            Technique::Wing { xyz: false, .. } => "XY-wing",
            Technique::Wing { xyz: true, .. } => "XYZ-wing",
            Technique::AlsWing { set, .. } => match set.len() {
                ..=3 => "WXYZ-wing",
                4 => "VWXYZ-wing",
                5 => "UVWXYZ-wing",
                _ => "TUVWXYZ-wing",
            },
            Technique::UniqueRectangle { kind: 0, .. } => "hidden unique rectangle",
            Technique::UniqueRectangle { .. } | Technique::UniqueRectangleSubset { .. } => "unique rectangle",
            Technique::BugExtra { .. } => "BUG type 2",
            Technique::BugSubset { .. } => "BUG type 3",
            Technique::BugLink { .. } => "BUG type 4",
            Technique::SueDeCoq { .. } => "Sue de Coq",
            Technique::WWing { .. } => "W-wing",
            Technique::AlsChain { sets, .. } if sets.len() > 2 => "ALS-XY-wing",
            Technique::AlsChain { .. } => "ALS-XZ",
            Technique::FinnedFish { bases, sashimi: false, .. } => finned_name(false, bases.len()),
            Technique::FinnedFish { bases, sashimi: true, .. } => finned_name(true, bases.len()),
            Technique::Colouring { wrap: true, .. } => "colour wrap",
            Technique::Colouring { wrap: false, .. } => "colour trap",
            Technique::RemotePairs { .. } => "remote pairs",
            Technique::Bug { .. } => "BUG+1",
            Technique::Chain { kind: ChainKind::Digit, .. } => "X-chain",
            Technique::Chain { kind: ChainKind::Cells, .. } => "XY-chain",
            Technique::Chain { kind: ChainKind::Singles, .. } => "forcing chain",
            Technique::Chain { kind: ChainKind::Net, .. } => "forcing net",
            Technique::Chain { kind: ChainKind::Dynamic, .. } => "dynamic chain",
            Technique::Chain { kind: ChainKind::Nested(_), .. } => "nested forcing chain",
            Technique::Sum(s) => s.name(),
            Technique::StrongLinks { units: [a, b], .. } => match (a, b) {
                (Unit::Row(_), Unit::Row(_)) | (Unit::Column(_), Unit::Column(_)) => "skyscraper",
                (Unit::Row(_), Unit::Column(_)) | (Unit::Column(_), Unit::Row(_)) => "2-string kite",
                _ => "turbot fish",
            },
            Technique::EmptyRectangle { .. } => "empty rectangle",
            Technique::FailedGuess { .. } => "failed guess",
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

/// `finned X-wing`, `sashimi swordfish`, ... by kind and size.
fn finned_name(sashimi: bool, size: usize) -> &'static str {
    match (sashimi, size) {
        (false, 2) => "finned X-wing",
        (false, 3) => "finned swordfish",
        (false, 4) => "finned jellyfish",
        (false, _) => "finned fish",
        (true, 2) => "sashimi X-wing",
        (true, 3) => "sashimi swordfish",
        (true, 4) => "sashimi jellyfish",
        (true, _) => "sashimi fish",
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

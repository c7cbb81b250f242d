//! The technique ladder: a solve done the way a person does it, one step at a time, always
//! with the easiest technique that applies.
//!
//! The reasoning itself is the engine's ([`logic`]: singles, Hall sets, fish, trial
//! propagation over the model's all-different constraints); this module orders it by
//! difficulty, turns each deduction into a [`Step`] in cell, digit and unit terms, and
//! guesses, depth first, only when nothing applies.

use logic::nested::{Nested, Nesting};
use logic::trial::{Chain, Deduced, Deduction, Implication, Link, Links, Trial};
use logic::{bits, fish, singles, Candidates, Contradiction as Dead};

use super::board::{Board, Found};
use super::grouped_chain::{self, GROUPED_BASE};
use super::{
    chain_base, chain_rating, nested_base, CHAIN_FLOOR, DYNAMIC_CHAIN_BASE, GUESS_RATING, LATE_RUNGS, LINK_WEIGHT,
    RUNGS,
};
use crate::grid::{Cell, Clash, Grid, Shape, Unit};
use crate::killer_reasoning::BLOCKING;
use crate::technique::step::{Branch, ChainKind, Cited, Contradiction, DeadEnd, Digits, NetBranch, Step, StepKind};
use crate::technique::{HiddenSubset, NakedSubset, Technique};

mod cages;
mod chains;

pub(crate) use cages::CageSum;

/// Guesses tried before a solve gives up (a puzzle with no solution can need an exponential
/// search; a person would not go on either).
pub(crate) const GUESS_BUDGET: u32 = 5_000;

/// The longest dynamic chain tried, in placements and deductions.
const DEEP_LIMIT: u32 = 200;

/// Trial work (cells times trials, a dynamic trial counting [`DEEP_COST`] times) after which a
/// solve stops looking for chains and guesses instead: bounds the time of large grids with few
/// givens (an empty 25x25 grid has 15,625 candidates to try per scan). A hard 9x9 puzzle uses
/// a few thousand trials of 81 cells.
const TRIAL_BUDGET: u64 = 300_000 * 81;

/// The cost of one dynamic trial in [`TRIAL_BUDGET`] units.
const DEEP_COST: u64 = 20;

/// The highest nesting level of forcing chains tried (`logic::nested`: 1 uses
/// forcing chains inside, 2 forcing nets, 3 dynamic chains, 4 nested chains of level 1).
const NESTED_LEVELS: u8 = 4;

/// The work of one scan for a nested forcing chain, in trials of a 9x9 grid (an inner
/// forcing chain or net is one, a round of dynamic drawing [`logic::nested::DEEP_TRIALS`];
/// a larger grid's trials count in proportion to its cells). A scan whose budget runs out
/// keeps the best chain found so far; without one, the solve guesses. On the famous hardest
/// puzzles a scan used at most 133,112 (`docs/grading.md`).
const NESTED_SCAN_BUDGET: u64 = 1_000_000;

/// The work of nested forcing chains in one solve, in the same units: a puzzle that would
/// need more guesses instead (the famous hardest puzzles use at most 2,504,946).
const NESTED_RUN_BUDGET: u64 = 5_000_000;

/// How a solve ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum End {
    Solved,
    Dead,
    Stopped,
    /// The grade is known to be at least [`Ladder::stop_at`] ([`Ladder::floor`]).
    Reached,
    /// The time limit ran out ([`Ladder::deadline`]).
    TimedOut,
}

/// A solve in progress: the candidates, the steps so far and the scratch of trials.
#[derive(Debug)]
pub(crate) struct Ladder {
    /// The candidates and their units, which the techniques search.
    pub(crate) board: Board,
    trial: Trial,
    /// The other families of a variant (diagonals, cages), in family order.
    extra: Vec<usize>,
    /// The cages of a killer, with their sums: the ladder's sum reasoning (empty otherwise).
    pub(crate) cages: Vec<CageSum>,
    /// The supports of the cages' sums and equations that sum chains computed, kept from one
    /// scan to the next.
    sum_memo: logic::sum_trial::SumMemo,
    /// Per variable: placed by a step or given (then settled at the next pass).
    placed: Vec<bool>,
    /// Whether chains are tried (at depth 0).
    pub(crate) chains: bool,
    /// Whether implied eliminations are recorded as steps.
    detailed: bool,
    pub(crate) steps: Vec<Step>,
    /// Trials run so far, in [`TRIAL_BUDGET`] units ([`Ladder::trial_budget`]).
    trials: u64,
    /// The work left for nested forcing chains in this solve ([`NESTED_RUN_BUDGET`]).
    nested_left: u64,
    /// `(guess, backtrack)` step indices of refuted guesses, in guess order.
    pub(crate) refutations: Vec<(u32, u32)>,
    pub(crate) guesses: u32,
    /// A lower bound of the run's grade, in tenths, from what the run did so far: the
    /// hardest step at depth 0 (those steps are never refuted), the lowest chain rating once
    /// chains are needed, the rating of a guess once one is made. The grade of a run is the
    /// rating of its hardest step (more with guesses), so this only rises.
    pub(crate) floor: u32,
    /// The run stops ([`End::Reached`]) as soon as [`floor`](Ladder::floor) reaches this
    /// (`u32::MAX`: never): for a caller that only needs to know whether the grade is below
    /// it.
    pub(crate) stop_at: u32,
    /// The last `(base, best)` of a chain trial and the longest chain rated `best` or less
    /// from `base` ([`longest_within`]).
    longest: ((u32, u32), u32),
    /// When the run stops ([`End::TimedOut`]): the time limit of the caller, if any.
    pub(crate) deadline: Option<std::time::Instant>,
}

impl Ladder {
    /// A ladder on the state of `engine`, a model built by [`encode`](crate::encode) with the
    /// givens of a puzzle assigned (not propagated); `units` is the unit of each of the
    /// encoder's constraints, by constraint index ([`rule_units`](crate::variant::rule_units)).
    /// `None` if the state is failed or a group is not one of those constraints.
    pub(crate) fn new(shape: Shape, engine: &csp::Solver, units: &[Unit], detailed: bool) -> Option<Ladder> {
        let cands = Candidates::from_solver(engine).ok()?;
        // Each group's unit, from the encoder's map of its constraints.
        let unit_of: Vec<Unit> =
            cands.groups().iter().map(|g| units.get(g.constraint.index()).copied()).collect::<Option<_>>()?;
        let family = |pick: fn(Unit) -> bool| {
            cands.families().iter().position(|f| f.first().is_some_and(|&g| pick(unit_of[g as usize])))
        };
        let rows = family(|u| matches!(u, Unit::Row(_)))?;
        let cols = family(|u| matches!(u, Unit::Column(_)))?;
        let boxes = family(|u| matches!(u, Unit::Box(_) | Unit::Region(_)))?;
        let extra = (0..cands.families().len()).filter(|f| ![rows, cols, boxes].contains(f)).collect();
        if cands.num_vars() != shape.num_cells()
            || (0..cands.num_vars() as u32).any(|l| cands.var(l).index() != l as usize)
        {
            return None;
        }
        let placed = (0..cands.num_vars() as u32).map(|l| cands.fixed_bit(l).is_some()).collect();
        Some(Ladder {
            board: Board { shape, cands, unit_of, rows, cols, boxes, unique: false },
            trial: Trial::default(),
            extra,
            cages: Vec::new(),
            sum_memo: Default::default(),
            placed,
            chains: true,
            detailed,
            steps: Vec::new(),
            trials: 0,
            nested_left: NESTED_RUN_BUDGET,
            refutations: Vec::new(),
            guesses: 0,
            floor: 0,
            stop_at: u32::MAX,
            longest: ((0, u32::MAX), u32::MAX),
            deadline: None,
        })
    }

    /// Whether the deadline has passed.
    pub(crate) fn timed_out(&self) -> bool {
        self.deadline.is_some_and(|d| std::time::Instant::now() >= d)
    }

    fn cell(&self, var: u32) -> Cell {
        self.board.cell(var)
    }

    fn digit(&self, bit: u32) -> u8 {
        self.board.digit(bit)
    }

    fn digits(&self, mask: u64) -> Digits {
        self.board.digits(mask)
    }

    fn cells(&self, vars: &[u32]) -> Vec<Cell> {
        self.board.cells(vars)
    }

    /// Keeps only `digits` among the candidates of `cell`.
    pub(crate) fn restrict(&mut self, cell: Cell, digits: Digits) {
        let keep = u64::from(digits.mask()) >> (self.board.cands.value(0) - 1);
        self.board.cands.remove(self.board.shape.index(cell) as u32, !keep);
    }

    /// The candidates of `cell`.
    pub(crate) fn candidates(&self, cell: Cell) -> Digits {
        self.digits(self.board.cands.mask(self.board.shape.index(cell) as u32))
    }

    fn push(&mut self, depth: u32, kind: StepKind) {
        self.steps.push(Step { depth, refuted: false, kind });
    }

    /// The unit behind each implication of a chain (a hidden single's), or none.
    fn reasons(&self, implications: &[Implication]) -> Vec<Option<Unit>> {
        implications
            .iter()
            .map(|i| match i.why {
                Link::Hidden { group } => Some(self.board.unit_of[group as usize]),
                _ => None,
            })
            .collect()
    }

    fn dead_end(&self, x: Dead) -> DeadEnd {
        match x {
            Dead::Empty { var } => DeadEnd::NoCandidate(self.cell(var)),
            Dead::NoPlace { group, bit } => {
                DeadEnd::NoPlace { digit: self.digit(bit), unit: self.board.unit_of[group as usize] }
            }
        }
    }

    /// Settles every placed cell: its digit leaves its units (implied eliminations).
    pub(crate) fn settle(&mut self, depth: u32) {
        for l in 0..self.board.cands.num_vars() as u32 {
            if !self.placed[l as usize] || self.board.cands.is_settled(l) {
                continue;
            }
            let gone = self.board.cands.settle(l);
            if !self.detailed || gone.is_empty() {
                continue;
            }
            let Some(bit) = self.board.cands.fixed_bit(l) else { continue };
            let mut groups: Vec<u32> = gone.iter().map(|&(_, g)| g).collect();
            groups.dedup();
            for g in groups {
                let cells: Vec<Cell> = gone.iter().filter(|&&(_, h)| h == g).map(|&(v, _)| self.cell(v)).collect();
                let (by, digit, unit) = (self.cell(l), self.digit(bit), self.board.unit_of[g as usize]);
                self.push(depth, StepKind::Implied { cells, digit, by, unit });
            }
        }
    }

    /// The dead end of the current candidates, if any.
    pub(crate) fn contradiction(&self) -> Option<DeadEnd> {
        self.board.cands.contradiction().map(|x| self.dead_end(x))
    }

    /// Whether every cell is placed.
    pub(crate) fn is_solved(&self) -> bool {
        self.placed.iter().all(|&p| p)
    }

    /// The easiest deduction that applies now: the first found by the easiest technique (for
    /// chains, the first in scan order of the smallest rating). `None` if nothing applies
    /// (the cells placed must be settled).
    pub(crate) fn next(&mut self, chains: bool) -> Option<Found> {
        let c = &self.board.cands;
        // Full house: the last open cell of a unit (a group holding every digit).
        for (g, group) in c.groups().iter().enumerate().filter(|(_, g)| g.tight) {
            let mut open = group.vars.iter().filter(|&&l| !self.placed[l as usize]);
            if let (Some(&l), None) = (open.next(), open.next()) {
                if let Some(bit) = c.fixed_bit(l) {
                    let technique = Technique::FullHouse { unit: self.board.unit_of[g] };
                    return Some(Found::Place { var: l, bit, technique });
                }
            }
        }
        // Naked singles.
        for l in 0..c.num_vars() as u32 {
            if !self.placed[l as usize] {
                if let Some(bit) = c.fixed_bit(l) {
                    return Some(Found::Place { var: l, bit, technique: Technique::NakedSingle });
                }
            }
        }
        // Hidden singles, boxes first (then a variant's diagonals).
        for family in [self.board.boxes, self.board.rows, self.board.cols].into_iter().chain(self.extra.iter().copied())
        {
            // The family's groups, in group order.
            for s in singles::hidden_in(c, &c.families()[family]) {
                let singles::Why::Hidden { group } = s.why else { continue };
                if !self.placed[s.var as usize] {
                    let technique = Technique::HiddenSingle { unit: self.board.unit_of[group as usize] };
                    return Some(Found::Place { var: s.var, bit: s.bit, technique });
                }
            }
        }
        // A killer's cage combinations and the innies and outies of one or two units.
        if let Some(f) = self.sum_step(cages::Stage::Easy) {
            return Some(f);
        }
        let c = &self.board.cands;
        // Locked candidates: pointing (a box's digit in one row, then in one column), then
        // claiming (a row's digit in one box, then a column's); then between a variant's
        // diagonals or cages and the units.
        let units = [self.board.boxes, self.board.rows, self.board.cols];
        let pairs = [
            (self.board.boxes, self.board.rows),
            (self.board.boxes, self.board.cols),
            (self.board.rows, self.board.boxes),
            (self.board.cols, self.board.boxes),
        ];
        let extra = self.extra.iter().flat_map(|&e| units.into_iter().flat_map(move |u| [(e, u), (u, e)]));
        for (base, cover) in pairs.into_iter().chain(extra) {
            if let Some(f) = fish::find_first(c, base, cover, 1) {
                return Some(self.locked(f));
            }
        }
        // Cage pointing, and the innies and outies of three units.
        if let Some(f) = self.sum_step(cages::Stage::Hard) {
            return Some(f);
        }
        // Subsets, fish, wings and uniqueness patterns, by rating. The first pattern rated
        // at or above the lowest chain rating is kept aside: a chain rated lower wins over it.
        let mut pattern: Option<Found> = None;
        // A killer's cage blocking (`cages`) is tried in its place by rating.
        let mut blocking = true;
        for rung in RUNGS {
            if blocking && rung.rating() > BLOCKING {
                blocking = false;
                if let Some(f) = self.cage_blocking() {
                    return Some(f);
                }
            }
            if let Some(f) = rung.find(&self.board) {
                if rung.rating() < CHAIN_FLOOR {
                    return Some(f);
                }
                pattern = Some(f);
                break;
            }
        }
        if !chains || self.trials > self.trial_budget() {
            return pattern;
        }
        let rating = |f: &Option<Found>| match f {
            Some(Found::Eliminate { technique, .. } | Found::Place { technique, .. }) => technique.rating(),
            None => u32::MAX,
        };
        if pattern.is_none() {
            // Nothing else applies: the puzzle needs a chain or a guess, which rate at least this.
            self.floor = self.floor.max(CHAIN_FLOOR);
            if self.floor >= self.stop_at {
                return None;
            }
        }
        // Static chains rated below the pattern (a pattern wins a tie: it is the simpler
        // name), or a rung tried after them (ALS-XZ, ALS-XY-wing) where nothing rates lower.
        let within = rating(&pattern).saturating_sub(1);
        let chain = self.chains_of(&[ChainKind::Digit, ChainKind::Cells, ChainKind::Singles], within);
        let mut chain = if chain.is_some() { chain } else { pattern };
        for rung in LATE_RUNGS {
            if rating(&chain) > rung.rating() {
                let late = rung.find(&self.board);
                if rating(&late) < rating(&chain) {
                    chain = late;
                }
            }
        }
        // Grouped AICs, ALS chains and their loops: rated lower than what is found so far;
        // with nothing found, rated at most the forcing net or killer's sum chain found then
        // (a tie goes to the chain: HoDoKu's order, the chain is the one a player reads), or
        // at most a dynamic chain's base without one.
        if chain.is_some() {
            if rating(&chain) > GROUPED_BASE {
                if let Some(g) = grouped_chain::find(&self.board, rating(&chain) - 1) {
                    return Some(g);
                }
            }
            return chain;
        }
        // A killer's sum chains (singles and cage combinations) are rated as forcing nets.
        let net = self.chains_of(&[ChainKind::Net], u32::MAX).or_else(|| self.sum_chain());
        let cap = if net.is_some() { rating(&net) } else { DYNAMIC_CHAIN_BASE };
        if let Some(g) = grouped_chain::find(&self.board, cap) {
            return Some(g);
        }
        net.or_else(|| self.chains_of(&[ChainKind::Dynamic], u32::MAX)).or_else(|| self.nested_chain())
    }

    /// Locked candidates: a fish of one base.
    fn locked(&self, f: fish::Fish) -> Found {
        let technique = Technique::Locked {
            digit: self.digit(f.bit),
            cells: self.cells(&f.places),
            within: self.board.unit(f.bases[0]),
            line: self.board.unit(f.covers[0]),
        };
        Found::digit_leaves(f.bit, &f.removals, technique)
    }

    /// Applies `found` and records it as a step at `depth`.
    pub(crate) fn apply(&mut self, depth: u32, found: Found) {
        match found {
            Found::Place { var, bit, technique } => {
                self.board.cands.assign(var, bit);
                self.placed[var as usize] = true;
                let (cell, digit) = (self.cell(var), self.digit(bit));
                self.push(depth, StepKind::Place { cell, digit, technique });
            }
            Found::Eliminate { removals, technique } => {
                let mut claims: Vec<(Cell, Digits)> = Vec::new();
                for (var, mask) in removals {
                    let gone = self.board.cands.remove(var, mask);
                    if gone != 0 {
                        claims.push((self.cell(var), self.digits(gone)));
                    }
                }
                if !claims.is_empty() {
                    self.push(depth, StepKind::Eliminate { claims, technique });
                }
            }
        }
    }

    /// Solves from the current state: deductions from the easiest, chains at depth 0 if
    /// [`chains`](Ladder::chains) is set, and a guess (depth first) when nothing applies.
    pub(crate) fn run(&mut self, depth: u32) -> End {
        loop {
            if self.timed_out() {
                return End::TimedOut;
            }
            self.settle(depth);
            if let Some(end) = self.contradiction() {
                self.push(depth, StepKind::Contradiction(Contradiction::DeadEnd(end)));
                return End::Dead;
            }
            if self.is_solved() {
                return End::Solved;
            }
            if let Some(f) = self.next(self.chains && depth == 0) {
                // One step, then a fresh scan from the easiest technique: the next step is
                // found in the candidates as they stand after this one, so it never rests on
                // a candidate this one removed, and an easier technique it opens comes first.
                let first = self.steps.len();
                self.apply(depth, f);
                if depth == 0 {
                    let hardest = self.steps[first..].iter().filter_map(|s| s.kind.technique()).map(|t| t.rating());
                    self.floor = hardest.fold(self.floor, u32::max);
                }
                if self.floor >= self.stop_at {
                    return End::Reached;
                }
                continue;
            }
            if self.floor >= self.stop_at {
                return End::Reached;
            }
            if self.timed_out() {
                // The chains may have stopped early: no guess in their place.
                return End::TimedOut;
            }
            if self.guesses >= GUESS_BUDGET {
                return End::Stopped;
            }
            // Guess: the first cell with the fewest candidates, its smallest digit.
            let Some(var) = (0..self.board.cands.num_vars() as u32)
                .filter(|&l| !self.placed[l as usize])
                .min_by_key(|&l| self.board.cands.mask(l).count_ones())
            else {
                return End::Solved;
            };
            let mask = self.board.cands.mask(var);
            let bit = mask.trailing_zeros();
            let (cell, digit, candidates) = (self.cell(var), self.digit(bit), self.digits(mask));
            self.guesses += 1;
            self.floor = self.floor.max(GUESS_RATING);
            if self.floor >= self.stop_at {
                return End::Reached;
            }
            let guess_step = self.steps.len() as u32;
            self.push(depth, StepKind::Guess { cell, digit, candidates });
            let (saved, placed) = (self.board.cands.clone(), self.placed.clone());
            self.board.cands.assign(var, bit);
            self.placed[var as usize] = true;
            match self.run(depth + 1) {
                End::Dead => {}
                end => return end,
            }
            for s in &mut self.steps[guess_step as usize + 1..] {
                s.refuted = true;
            }
            self.board.cands = saved;
            self.placed = placed;
            let backtrack = self.steps.len() as u32;
            self.push(depth, StepKind::Backtrack { cell, digit });
            self.refutations.push((guess_step, backtrack));
            self.apply(
                depth,
                Found::Eliminate { removals: vec![(var, 1 << bit)], technique: Technique::FailedGuess { cell, digit } },
            );
        }
    }
}

/// The outcome of running the ladder on a puzzle.
#[derive(Default)]
pub(crate) struct Run {
    pub(crate) steps: Vec<Step>,
    pub(crate) refutations: Vec<(u32, u32)>,
    pub(crate) guesses: u32,
    /// Whether the time limit stopped the run before its end ([`StepKind::TimedOut`]).
    pub(crate) timed_out: bool,
}

/// A ladder on `grid`'s givens, assigned (not propagated) on `engine`, a model of the grid's
/// shape built by [`encode`](crate::encode) (cell `i` is variable `i`) whose constraints have
/// the units `units` (by constraint index); or the clashes that make `grid` invalid.
pub(crate) fn start(
    engine: &mut csp::Solver,
    grid: &Grid,
    units: &[Unit],
    detailed: bool,
) -> Result<Ladder, Vec<Clash>> {
    let clashes = grid.clashes();
    if !clashes.is_empty() {
        return Err(clashes);
    }
    start_unchecked(engine, grid, units, detailed)
}

/// [`start`] for givens already checked (a variant's, under its own rules).
pub(crate) fn start_unchecked(
    engine: &mut csp::Solver,
    grid: &Grid,
    units: &[Unit],
    detailed: bool,
) -> Result<Ladder, Vec<Clash>> {
    engine.reset();
    for (i, &d) in grid.digits().iter().enumerate() {
        if d != 0 {
            // Assigning a digit of the domain to an unpropagated variable cannot fail.
            let _ = engine.assign(csp::VarId::from_index(i), i32::from(d));
        }
    }
    Ladder::new(grid.shape(), engine, units, detailed).ok_or_else(Vec::new)
}

/// Runs a ladder already started (or the clashes of its grid) to the end, for a grid whose
/// uniqueness is known (`unique`: exactly one solution, proven), stopped as soon as the grade
/// is known to be at least `stop_at` tenths: `Err` with the lower bound of the grade known
/// then (at least `stop_at`). The steps of an invalid grid are its clashes.
pub(crate) fn run_from(ladder: Result<Ladder, Vec<Clash>>, unique: bool, stop_at: u32) -> Result<Run, u32> {
    match ladder {
        Err(clashes) => Ok(Run {
            steps: clashes
                .into_iter()
                .map(|c| Step { depth: 0, refuted: false, kind: StepKind::Contradiction(Contradiction::Clash(c)) })
                .collect(),
            refutations: Vec::new(),
            guesses: 0,
            timed_out: false,
        }),
        Ok(mut ladder) => {
            ladder.stop_at = stop_at;
            ladder.board.unique = unique;
            let end = ladder.run(0);
            if end == End::Reached {
                return Err(ladder.floor);
            }
            if end == End::Stopped {
                let guesses = ladder.guesses;
                ladder.steps.push(Step { depth: 0, refuted: false, kind: StepKind::Stopped { guesses } });
            }
            let timed_out = end == End::TimedOut;
            if timed_out {
                // A guess under way is left out: its steps are neither refuted nor standing.
                let refuted = &ladder.refutations;
                let pending = ladder.steps.iter().enumerate().position(|(i, s)| {
                    s.depth == 0
                        && matches!(s.kind, StepKind::Guess { .. })
                        && !refuted.iter().any(|&(g, _)| g as usize == i)
                });
                if let Some(i) = pending {
                    ladder.steps.truncate(i);
                    ladder.refutations.retain(|&(_, b)| (b as usize) < i);
                }
                ladder.steps.push(Step { depth: 0, refuted: false, kind: StepKind::TimedOut });
            }
            ladder.refutations.sort_unstable();
            Ok(Run { steps: ladder.steps, refutations: ladder.refutations, guesses: ladder.guesses, timed_out })
        }
    }
}

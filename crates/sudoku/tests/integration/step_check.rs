//! Checking an explanation step by step against the puzzle's solution, with the geometry of
//! units computed here and not taken from the solver: every placement is the solution's
//! digit, no elimination removes it, and each technique's pattern holds in the solution (see
//! `check_against`). Used by the explanation tests (`explain.rs`).

use std::collections::HashSet;

use std::cell::Cell as Counter;

use sudoku::technique::{
    AlsChain, AlsWing, Bug, BugExtra, BugLink, BugSubset, ChainNode, ChainShape, Colouring, ComplexFish, DeathBlossom,
    EmptyRectangle, FinnedFish, Fish, GroupedChain, HiddenSubset, NakedSubset, RemotePairs, StrongLinks, SueDeCoq,
    UniqueRectangle, UniqueRectangleSubset, WWing, Wing,
};
use sudoku::{
    Cell, ChainKind, DeadEnd, Digits, Explainer, Explanation, Grid, Shape, StepKind, Technique, Uniqueness, Unit,
};

use checks::chain::{check_aic, check_grouped, Board, Counts};
use checks::grid::check_solution;

/// The cells of `unit` in a grid of `shape`.
fn unit_cells(shape: Shape, unit: Unit) -> Vec<Cell> {
    shape.unit_cells(unit).collect()
}

/// The digit of `cell` in `solution`.
fn at(solution: &Grid, cell: Cell) -> u8 {
    solution.get(cell).unwrap_or(0)
}

/// The cell of `unit` where `solution` has `digit`.
fn home(solution: &Grid, unit: Unit, digit: u8) -> Cell {
    solution.shape().unit_cells(unit).find(|&c| at(solution, c) == digit).expect("every digit once per unit")
}

/// Whether two different cells share a row, column or box of `shape`.
fn sees(shape: Shape, a: Cell, b: Cell) -> bool {
    a != b && shape.units().any(|u| unit_cells(shape, u).contains(&a) && unit_cells(shape, u).contains(&b))
}

/// A fish's parts as a step names them (finned, Franken or mutant).
struct FishParts<'a> {
    digit: u8,
    places: &'a [Cell],
    fins: &'a [Cell],
    bases: &'a [Unit],
    covers: &'a [Unit],
}

impl FishParts<'_> {
    /// Whether the fish holds in `solution` and takes the digit from `cells`: each base's
    /// digit is in its places or fins; without a fin holding it, in the covers; the fins are
    /// in the bases and outside the covers; the claimed cells are in the covers, outside the
    /// bases, and see every fin.
    fn holds(&self, solution: &Grid, cells: &[Cell]) -> bool {
        let shape = solution.shape();
        let cover_cells: Vec<Cell> = self.covers.iter().flat_map(|&u| unit_cells(shape, u)).collect();
        let base_cells: Vec<Cell> = self.bases.iter().flat_map(|&u| unit_cells(shape, u)).collect();
        let homes: Vec<Cell> = self.bases.iter().map(|&u| home(solution, u, self.digit)).collect();
        let finned = self.fins.iter().any(|&f| at(solution, f) == self.digit);
        self.bases.len() == self.covers.len()
            && homes.iter().all(|h| self.places.contains(h) || self.fins.contains(h))
            && (finned || homes.iter().all(|h| cover_cells.contains(h)))
            && self.fins.iter().all(|f| base_cells.contains(f) && !cover_cells.contains(f))
            && cells.iter().all(|&c| {
                cover_cells.contains(&c) && !base_cells.contains(&c) && self.fins.iter().all(|&f| sees(shape, c, f))
            })
    }
}

/// The candidates as the steps leave them, replayed here (issue 27: each step is found in
/// the candidates as they stand, and is the easiest that applies).
#[derive(Clone)]
struct Replay {
    shape: Shape,
    /// By cell index: the candidates, bit `d - 1` for digit `d`.
    cands: Vec<u32>,
    /// By cell index: given or placed.
    placed: Vec<bool>,
}

impl Replay {
    fn new(puzzle: &Grid) -> Replay {
        let shape = puzzle.shape();
        let all = (1u32 << shape.size()) - 1;
        let cands = shape.cells().map(|c| puzzle.get(c).map_or(all, |d| 1 << (d - 1))).collect();
        let placed = shape.cells().map(|c| puzzle.get(c).is_some()).collect();
        Replay { shape, cands, placed }
    }

    fn has(&self, cell: Cell, digit: u8) -> bool {
        self.cands[self.shape.index(cell)] & (1 << (digit - 1)) != 0
    }

    fn place(&mut self, cell: Cell, digit: u8) {
        let i = self.shape.index(cell);
        self.cands[i] = 1 << (digit - 1);
        self.placed[i] = true;
    }

    fn remove(&mut self, cell: Cell, digits: u32) {
        self.cands[self.shape.index(cell)] &= !digits;
    }

    /// Places `digit` in `cell` and removes it from the cell's peers (its rows, columns and
    /// boxes, computed here).
    fn settle(&mut self, cell: Cell, digit: u8) {
        self.place(cell, digit);
        let shape = self.shape;
        for peer in shape.cells().filter(|&p| sees(shape, p, cell)) {
            self.remove(peer, 1 << (digit - 1));
        }
    }

    /// Whether `digit` in `cell` is a single as the candidates stand: the cell's only
    /// candidate, or the digit's only place in a unit of the cell (no placed cell of the unit
    /// holding it).
    fn is_single(&self, cell: Cell, digit: u8) -> bool {
        let shape = self.shape;
        if self.placed[shape.index(cell)] || !self.has(cell, digit) {
            return false;
        }
        if self.cands[shape.index(cell)] == 1 << (digit - 1) {
            return true;
        }
        // A placed cell of the unit holding the digit has it as its candidate: no single then.
        shape
            .units()
            .filter(|&u| shape.unit_cells(u).any(|c| c == cell))
            .any(|u| shape.unit_cells(u).all(|c| c == cell || !self.has(c, digit)))
    }

    /// Whether the dead end `end` holds as the candidates stand.
    fn dead(&self, end: &DeadEnd) -> bool {
        let shape = self.shape;
        match *end {
            DeadEnd::NoCandidate(cell) => self.cands[shape.index(cell)] == 0,
            DeadEnd::NoPlace { digit, unit } => {
                matches!(unit, Unit::Row(_) | Unit::Column(_) | Unit::Box(_))
                    && !shape.unit_cells(unit).any(|c| self.has(c, digit))
            }
        }
    }

    /// A single (naked or hidden) among the open cells, if any, as `(cell, digit)`.
    fn single(&self) -> Option<(Cell, u8)> {
        let shape = self.shape;
        let open = |c: Cell| !self.placed[shape.index(c)];
        if let Some(c) = shape.cells().find(|&c| open(c) && self.cands[shape.index(c)].count_ones() == 1) {
            return Some((c, self.cands[shape.index(c)].trailing_zeros() as u8 + 1));
        }
        for unit in shape.units() {
            let cells = unit_cells(shape, unit);
            for d in 1..=shape.size() as u8 {
                if cells.iter().any(|&c| !open(c) && self.has(c, d) && self.cands[shape.index(c)].count_ones() == 1) {
                    continue;
                }
                let places: Vec<Cell> = cells.iter().copied().filter(|&c| open(c) && self.has(c, d)).collect();
                if let [c] = places[..] {
                    return Some((c, d));
                }
            }
        }
        None
    }
}

/// Checks every step of `e` that is not refuted against `solution`: each claim and each
/// technique's premise that the solution decides. Returns the number of steps checked.
///
/// Also replays the candidates (every step of `e` is implied eliminations included, as
/// [`Solver::explain`] records them): a step never names a candidate an earlier step removed,
/// and no chain is taken while a single applies.
/// The candidates a chain rests on: its assumption and placements, and those of its
/// branches (a nested chain's inner chains, drawn under the assumption: each a candidate of
/// the grid as it stood before the chain).
fn chain_candidates(t: &Technique, out: &mut Vec<(Cell, u8)>) {
    if let Technique::Chain { cell, digit, links, branches, .. } = t {
        out.push((*cell, *digit));
        out.extend(links.iter().copied());
        for b in branches {
            assert!(matches!(b.chain, Technique::Chain { .. }), "a branch is a chain");
            chain_candidates(&b.chain, out);
        }
    }
}

thread_local! {
    /// Links of dynamic chains that are not a single as the grid stands after the links
    /// before them (they rest on a locked set or subset drawn on the way, which the chain
    /// does not state), over every check of this thread so far (printed by the tests).
    pub(crate) static UNSTATED: Counter<usize> = const { Counter::new(0) };
    /// Links of dynamic chains, likewise.
    pub(crate) static DYNAMIC_LINKS: Counter<usize> = const { Counter::new(0) };
    /// Every chain replayed by the independent checker (`checks::chain`): links, links that
    /// are not a single as the grid stands after the links, cited deductions and branches
    /// before them, and deductions cited.
    pub(crate) static REPLAYED: Counter<Counts> = const { Counter::new(Counts { links: 0, unstated: 0, cited: 0 }) };
    /// Chains written as alternating inference chains, each checked by `checks::chain::check_aic`.
    pub(crate) static AICS: Counter<usize> = const { Counter::new(0) };
    /// Grouped AICs, ALS chains and nice loops, each checked by `checks::chain::check_grouped`.
    pub(crate) static GROUPED: Counter<usize> = const { Counter::new(0) };
}

/// Replays the links of `chain` (a chain without branches) from `replay`, the candidates as
/// the grid stands: the assumption placed, then each link placed in turn, each one a single
/// (checked here, with peers computed here) unless the chain is dynamic, and the dead end
/// holding at the end. Counts the links of dynamic chains that are not singles.
fn replay_links(replay: &Replay, chain: &Technique) -> Result<(), String> {
    let Technique::Chain { cell, digit, links, kind, end, branches, .. } = chain else { return Ok(()) };
    if !branches.is_empty() {
        return Ok(());
    }
    let mut trial = replay.clone();
    trial.settle(*cell, *digit);
    for &(c, d) in links {
        if !trial.is_single(c, d) {
            if *kind != ChainKind::Dynamic {
                return Err(format!("link {c} = {d} is not a single as the grid stands"));
            }
            UNSTATED.with(|n| n.set(n.get() + 1));
            if !trial.has(c, d) {
                return Err(format!("link {c} = {d} places a candidate already removed"));
            }
        }
        if *kind == ChainKind::Dynamic {
            DYNAMIC_LINKS.with(|n| n.set(n.get() + 1));
        }
        trial.settle(c, d);
    }
    // A dynamic chain's dead end may also rest on its deductions.
    if *kind != ChainKind::Dynamic && !trial.dead(end) {
        return Err(format!("the links do not reach the dead end ({end})"));
    }
    Ok(())
}

pub(crate) fn check_against(e: &Explanation, puzzle: &Grid, solution: &Grid) -> Result<usize, String> {
    let shape = puzzle.shape();
    let mut placed: Vec<Cell> = Vec::new();
    let mut checked = 0;
    let mut replay = Replay::new(puzzle);
    let plain = matches!(shape.size(), 4 | 6 | 9 | 12 | 16 | 25);
    let mut board = plain.then(|| Board::new(shape.size(), puzzle.digits()));
    for (i, step) in e.steps().iter().enumerate() {
        if step.refuted {
            continue;
        }
        checked += 1;
        let fail = |why: &str| Err(format!("step {i} `{step}`: {why}"));
        match &step.kind {
            StepKind::Place { cell, digit, .. } if !replay.has(*cell, *digit) => {
                return fail("places a candidate an earlier step removed");
            }
            StepKind::Eliminate { technique: chain @ Technique::Chain { .. }, .. } => {
                if let Some((c, d)) = replay.single() {
                    return fail(&format!("a chain while a single applies ({c} = {d})"));
                }
                let mut through = Vec::new();
                chain_candidates(chain, &mut through);
                if through.iter().any(|&(c, d)| !replay.has(c, d)) {
                    return fail("a chain through a candidate an earlier step removed");
                }
                if let Err(why) = replay_links(&replay, chain) {
                    return fail(&why);
                }
                if let Some(board) = &board {
                    match board.replay(chain) {
                        Ok(counts) => REPLAYED.with(|n| {
                            let mut total = n.get();
                            total += counts;
                            n.set(total);
                        }),
                        Err(why) => return fail(&format!("the independent replay: {why}")),
                    }
                    if let Technique::Chain { cell, digit, aic, .. } = chain {
                        if !aic.is_empty() {
                            if let Err(why) = check_aic(board, aic, (*cell, *digit)) {
                                return fail(&format!("not an AIC: {why}"));
                            }
                            AICS.with(|n| n.set(n.get() + 1));
                        }
                    }
                }
            }
            StepKind::Place { technique: Technique::GroupedChain(g), .. }
            | StepKind::Eliminate { technique: Technique::GroupedChain(g), .. } => {
                if let Some((c, d)) = replay.single() {
                    return fail(&format!("a chain while a single applies ({c} = {d})"));
                }
                if let Some(board) = &board {
                    if let Err(why) = check_grouped(board, g) {
                        return fail(&format!("not a grouped chain: {why}"));
                    }
                    GROUPED.with(|n| n.set(n.get() + 1));
                }
                // In the solution: one endpoint of an open chain is true, one end of each weak
                // link of a continuous loop.
                let holds = |n: &ChainNode| n.cells.iter().any(|&c| at(solution, c) == n.digit);
                let ok = match g.shape {
                    ChainShape::Open => holds(&g.nodes[0]) || holds(&g.nodes[g.nodes.len() - 1]),
                    ChainShape::Continuous => (1..g.nodes.len())
                        .step_by(2)
                        .all(|k| holds(&g.nodes[k]) || holds(&g.nodes[(k + 1) % g.nodes.len()])),
                    ChainShape::Discontinuous => holds(&g.nodes[0]),
                };
                if !ok {
                    return fail("the chain's conclusion is false in the solution");
                }
                let claimed: Vec<(Cell, Digits)> = match &step.kind {
                    StepKind::Eliminate { claims, .. } => claims.clone(),
                    _ => Vec::new(),
                };
                if claimed
                    .iter()
                    .any(|&(c, ds)| !g.removals.iter().any(|&(r, rs)| r == c && ds.iter().all(|d| rs.contains(d))))
                {
                    return fail("claims what the chain does not remove");
                }
            }
            _ => {}
        }
        if let Some(board) = &mut board {
            match &step.kind {
                StepKind::Place { cell, digit, .. } => board.place(*cell, *digit),
                StepKind::Eliminate { claims, .. } => claims.iter().for_each(|&(c, ds)| board.remove(c, ds)),
                StepKind::Implied { cells, digit, .. } => {
                    cells.iter().for_each(|&c| board.remove(c, Digits::single(*digit)))
                }
                _ => {}
            }
        }
        match &step.kind {
            StepKind::Place { cell, digit, .. } => replay.place(*cell, *digit),
            StepKind::Guess { cell, digit, .. } if !step.refuted => {
                let refuted = e.steps()[i..].iter().any(|s| {
                    !s.refuted
                        && matches!(&s.kind, StepKind::Eliminate { technique: Technique::FailedGuess { cell: c, digit: d }, .. } if c == cell && d == digit)
                });
                if !refuted {
                    replay.place(*cell, *digit);
                }
            }
            StepKind::Eliminate { claims, .. } => {
                for &(c, ds) in claims {
                    replay.remove(c, ds.iter().fold(0, |m, d| m | 1 << (d - 1)));
                }
            }
            StepKind::Implied { cells, digit, .. } => {
                for &c in cells {
                    replay.remove(c, 1 << (digit - 1));
                }
            }
            _ => {}
        }
        match &step.kind {
            StepKind::Place { cell, digit, technique } => {
                if at(solution, *cell) != *digit || puzzle.get(*cell).is_some() {
                    return fail("the solution has another digit there, or a given");
                }
                match technique {
                    Technique::FullHouse { unit } | Technique::HiddenSingle { unit } => {
                        if !unit_cells(shape, *unit).contains(cell) {
                            return fail("the cell is not in the unit");
                        }
                    }
                    Technique::NakedSingle => {}
                    // BUG+1: the placement itself is checked above; the pattern needs candidates.
                    Technique::Bug(Bug { cell: c }) if c == cell => {}
                    // A discontinuous nice loop: checked above (`check_grouped`).
                    Technique::GroupedChain(GroupedChain { place: Some((c, d)), .. }) if c == cell && d == digit => {}
                    _ => return fail("a placement by an elimination technique"),
                }
                placed.push(*cell);
            }
            StepKind::Eliminate { claims, technique } => {
                if claims.is_empty() {
                    return fail("no claim");
                }
                for (cell, digits) in claims {
                    if digits.contains(at(solution, *cell)) {
                        return fail("eliminates the solution's digit");
                    }
                }
                let cells: Vec<Cell> = claims.iter().map(|&(c, _)| c).collect();
                let only = |d: u8| claims.iter().all(|(_, ds)| *ds == Digits::single(d));
                match technique {
                    Technique::Locked { digit, cells: places, within, line } => {
                        let (w, l) = (unit_cells(shape, *within), unit_cells(shape, *line));
                        let h = home(solution, *within, *digit);
                        if !only(*digit)
                            || !places.contains(&h)
                            || !places.iter().all(|c| w.contains(c) && l.contains(c))
                            || !cells.iter().all(|c| l.contains(c) && !w.contains(c))
                        {
                            return fail("not locked candidates");
                        }
                    }
                    Technique::NakedSubset(NakedSubset { digits, cells: set, unit }) => {
                        let u = unit_cells(shape, *unit);
                        let values: HashSet<u8> = set.iter().map(|&c| at(solution, c)).collect();
                        if set.len() != digits.len()
                            || values != digits.iter().collect()
                            || !set.iter().all(|c| u.contains(c))
                            || !cells.iter().all(|c| u.contains(c) && !set.contains(c))
                            || !claims.iter().all(|(_, ds)| ds.iter().all(|d| digits.contains(d)))
                        {
                            return fail("not a naked subset");
                        }
                    }
                    Technique::HiddenSubset(HiddenSubset { digits, cells: set, unit }) => {
                        let homes: HashSet<Cell> = digits.iter().map(|d| home(solution, *unit, d)).collect();
                        if set.len() != digits.len()
                            || homes != set.iter().copied().collect()
                            || !cells.iter().all(|c| set.contains(c))
                            || !claims.iter().all(|(_, ds)| ds.iter().all(|d| !digits.contains(d)))
                        {
                            return fail("not a hidden subset");
                        }
                    }
                    Technique::Fish(Fish { digit, cells: places, bases, covers }) => {
                        let cover_cells: Vec<Cell> = covers.iter().flat_map(|&u| unit_cells(shape, u)).collect();
                        let base_cells: Vec<Cell> = bases.iter().flat_map(|&u| unit_cells(shape, u)).collect();
                        let homes: Vec<Cell> = bases.iter().map(|&u| home(solution, u, *digit)).collect();
                        if !only(*digit)
                            || bases.len() != covers.len()
                            || !homes.iter().all(|h| places.contains(h) && cover_cells.contains(h))
                            || !cells.iter().all(|c| cover_cells.contains(c) && !base_cells.contains(c))
                        {
                            return fail("not a fish");
                        }
                    }
                    Technique::Wing(Wing { digit, pivot, pincers, xyz }) => {
                        // The digit is in a pincer (or the pivot), which every claimed cell sees.
                        let mut holders: Vec<Cell> = pincers.to_vec();
                        if *xyz {
                            holders.push(*pivot);
                        }
                        let Some(&h) = holders.iter().find(|&&c| at(solution, c) == *digit) else {
                            return fail("no pincer holds the digit");
                        };
                        if !only(*digit) || !cells.iter().all(|&c| sees(shape, c, h)) {
                            return fail("not a wing");
                        }
                    }
                    Technique::AlsWing(AlsWing { digit, linked, set, pivot, double, .. }) => {
                        // The set's cells see each other; each removed digit is in the set or
                        // the pivot in the solution, and every claimed cell that loses it sees
                        // all of those places. Singly linked, only `digit` is removed.
                        let pairwise =
                            set.iter().enumerate().all(|(i, &a)| set[i + 1..].iter().all(|&b| sees(shape, a, b)));
                        let mut all = set.clone();
                        all.push(*pivot);
                        let ok = claims.iter().all(|&(c, ds)| {
                            ds.iter().all(|d| {
                                let holders: Vec<Cell> =
                                    all.iter().copied().filter(|&h| at(solution, h) == d).collect();
                                !holders.is_empty() && holders.iter().all(|&h| sees(shape, c, h))
                            })
                        });
                        if !pairwise
                            || !(3..=6).contains(&set.len())
                            || linked == digit
                            || !ok
                            || (!double && !only(*digit))
                        {
                            return fail("not an ALS wing");
                        }
                    }
                    Technique::AlsChain(AlsChain { sets, linked }) => {
                        // Each set lies in one unit, the sets are disjoint, and each removed
                        // digit is in the first two sets in the solution (or, doubly linked, in
                        // one of them), at cells that every claimed cell losing it sees.
                        let in_a_unit = |cells: &[Cell]| {
                            let rows: HashSet<usize> = cells.iter().map(|c| c.row()).collect();
                            let cols: HashSet<usize> = cells.iter().map(|c| c.col()).collect();
                            let boxes: HashSet<usize> = cells.iter().map(|&c| shape.box_index(c)).collect();
                            rows.len() == 1 || cols.len() == 1 || boxes.len() == 1
                        };
                        let all: Vec<Cell> = sets.iter().flat_map(|(cells, _)| cells.clone()).collect();
                        let distinct: HashSet<Cell> = all.iter().copied().collect();
                        let ends: Vec<Cell> =
                            sets[..2.min(sets.len())].iter().flat_map(|(cells, _)| cells.clone()).collect();
                        let seen = |c: Cell, d: u8, cells: &[Cell]| {
                            let holders: Vec<Cell> = cells.iter().copied().filter(|&h| at(solution, h) == d).collect();
                            !holders.is_empty() && holders.iter().all(|&h| sees(shape, c, h))
                        };
                        let double = linked.len() == 2 && sets.len() == 2;
                        let ok = claims.iter().all(|&(c, ds)| {
                            ds.iter().all(|d| {
                                seen(c, d, &ends) || (double && sets.iter().any(|(cells, _)| seen(c, d, cells)))
                            })
                        });
                        let shaped =
                            sets.iter().all(|(cells, digits)| in_a_unit(cells) && digits.len() == cells.len() + 1);
                        if !(2..=3).contains(&sets.len())
                            || linked.is_empty()
                            || distinct.len() != all.len()
                            || !shaped
                            || !ok
                        {
                            return fail("not an ALS-XZ or ALS-XY-wing");
                        }
                    }
                    Technique::DeathBlossom(DeathBlossom { digit, stem, stem_digits, petals }) => {
                        // One petal per digit of the stem, each set in one unit with one digit
                        // more than cells, its places of its digit seeing the stem; the petal of
                        // the stem's digit in the solution holds the removed digit at a cell every
                        // claimed cell sees.
                        let in_a_unit = |cells: &[Cell]| {
                            shape.units().any(|u| cells.iter().all(|c| unit_cells(shape, u).contains(c)))
                        };
                        let linked: Vec<u8> = petals.iter().map(|p| p.0).collect();
                        let shaped = petals.iter().all(|(d, cells, digits)| {
                            in_a_unit(cells)
                                && digits.len() == cells.len() + 1
                                && digits.contains(*d)
                                && digits.contains(*digit)
                                && !cells.contains(stem)
                        });
                        let Some((_, cells, _)) = petals.iter().find(|p| p.0 == at(solution, *stem)) else {
                            return fail("a death blossom without the petal of the stem's digit");
                        };
                        let holder = cells.iter().copied().find(|&c| at(solution, c) == *digit);
                        let ok = holder.is_some_and(|h| {
                            claims.iter().all(|&(c, ds)| ds == Digits::single(*digit) && sees(shape, c, h))
                        });
                        if linked != stem_digits.iter().collect::<Vec<u8>>() || !shaped || !ok {
                            return fail("not a death blossom");
                        }
                    }
                    Technique::UniqueRectangle(UniqueRectangle { digits, cells: corners, kind }) => {
                        // Four corners in two rows, two columns and two boxes, which the
                        // solution does not fill with the two digits only (it is unique).
                        let rows: HashSet<usize> = corners.iter().map(|c| c.row()).collect();
                        let cols: HashSet<usize> = corners.iter().map(|c| c.col()).collect();
                        let boxes: HashSet<usize> = corners.iter().map(|&c| shape.box_index(c)).collect();
                        let inside = corners.iter().filter(|&&c| digits.contains(at(solution, c))).count();
                        if corners.len() != 4 || rows.len() != 2 || cols.len() != 2 || boxes.len() != 2 || inside == 4 {
                            return fail("not a unique rectangle");
                        }
                        let ok = match kind {
                            1 => claims.len() == 1 && corners.contains(&claims[0].0) && claims[0].1 == *digits,
                            // Types 4, 6 and hidden: corners lose one of the two digits.
                            0 | 4 | 6 => claims.iter().all(|&(c, ds)| {
                                corners.contains(&c) && ds.len() == 1 && ds.iter().all(|d| digits.contains(d))
                            }),
                            _ => claims.iter().all(|&(c, ds)| {
                                ds.len() == 1
                                    && !corners.contains(&c)
                                    && corners
                                        .iter()
                                        .any(|&k| at(solution, k) == ds.iter().next().unwrap_or(0) && sees(shape, c, k))
                            }),
                        };
                        if !ok {
                            return fail("a unique rectangle claims outside its pattern");
                        }
                    }
                    Technique::UniqueRectangleSubset(UniqueRectangleSubset {
                        digits,
                        cells: corners,
                        values,
                        subset,
                        unit,
                    }) => {
                        // A rectangle (as above), its subset in the unit, the claims in the rest
                        // of the unit, of the subset's digits.
                        let rows: HashSet<usize> = corners.iter().map(|c| c.row()).collect();
                        let cols: HashSet<usize> = corners.iter().map(|c| c.col()).collect();
                        let inside = corners.iter().filter(|&&c| digits.contains(at(solution, c))).count();
                        let u = unit_cells(shape, *unit);
                        let ok = corners.len() == 4
                            && rows.len() == 2
                            && cols.len() == 2
                            && inside < 4
                            && subset.iter().all(|c| u.contains(c) && !corners.contains(c))
                            && claims.iter().all(|&(c, ds)| {
                                u.contains(&c)
                                    && !subset.contains(&c)
                                    && !corners.contains(&c)
                                    && ds.iter().all(|d| values.contains(d))
                            });
                        if !ok {
                            return fail("not a unique rectangle of type 3");
                        }
                    }
                    Technique::BugExtra(BugExtra { digit, cells: extra }) => {
                        // One of the cells holds the digit; the claimed cells see them all.
                        let ok = only(*digit)
                            && extra.iter().any(|&c| at(solution, c) == *digit)
                            && cells.iter().all(|&c| extra.iter().all(|&x| sees(shape, c, x)));
                        if !ok {
                            return fail("not a BUG type 2");
                        }
                    }
                    Technique::BugSubset(BugSubset { cells: bug, extra, values, subset, unit }) => {
                        // A BUG cell takes an extra digit; the subset's cells take the rest of
                        // its digits; the claims are in the rest of the unit, of those digits.
                        let u = unit_cells(shape, *unit);
                        let ok = bug.iter().all(|c| u.contains(c))
                            && bug.iter().any(|&c| extra.contains(at(solution, c)))
                            && subset.iter().all(|&c| u.contains(&c) && values.contains(at(solution, c)))
                            && extra.iter().all(|d| values.contains(d))
                            && claims.iter().all(|&(c, ds)| {
                                u.contains(&c)
                                    && !bug.contains(&c)
                                    && !subset.contains(&c)
                                    && ds.iter().all(|d| values.contains(d))
                            });
                        if !ok {
                            return fail("not a BUG type 3");
                        }
                    }
                    Technique::BugLink(BugLink { cells: [a, b], digit, unit }) => {
                        // The digit's home in the unit is one of the two cells; only they lose
                        // digits, never that one.
                        let u = unit_cells(shape, *unit);
                        let h = home(solution, *unit, *digit);
                        let ok = u.contains(a)
                            && u.contains(b)
                            && (h == *a || h == *b)
                            && claims.iter().all(|&(c, ds)| (c == *a || c == *b) && !ds.contains(*digit));
                        if !ok {
                            return fail("not a BUG type 4");
                        }
                    }
                    Technique::SueDeCoq(SueDeCoq { core, line_cells, box_cells, digits: [d, l, b], line, block }) => {
                        // The pattern's cells take its digits, each once; the line side's
                        // digits lie in the line, the box side's in the box; every claimed
                        // digit is taken in the pattern in a unit of the claimed cell.
                        let (lu, bu) = (unit_cells(shape, *line), unit_cells(shape, *block));
                        let pattern: Vec<Cell> = core.iter().chain(line_cells).chain(box_cells).copied().collect();
                        let all: HashSet<u8> = d.iter().chain(l.iter()).chain(b.iter()).collect();
                        let taken: HashSet<u8> = pattern.iter().map(|&c| at(solution, c)).collect();
                        let ok = core.iter().all(|c| lu.contains(c) && bu.contains(c))
                            && line_cells.iter().all(|c| lu.contains(c) && !bu.contains(c))
                            && box_cells.iter().all(|c| bu.contains(c) && !lu.contains(c))
                            && l.iter().all(|x| !b.contains(x))
                            && taken == all
                            && taken.len() == pattern.len()
                            && claims.iter().all(|&(c, ds)| {
                                !pattern.contains(&c)
                                    && ds.iter().all(|x| {
                                        pattern.iter().any(|&p| {
                                            at(solution, p) == x
                                                && ((lu.contains(&p) && lu.contains(&c))
                                                    || (bu.contains(&p) && bu.contains(&c)))
                                        })
                                    })
                            });
                        if !ok {
                            return fail("not a Sue de Coq");
                        }
                    }
                    Technique::WWing(WWing { digit, cells: [a, b], link_digit, link: [p, q], unit }) => {
                        // a, b do not see each other; the link's ends are in its unit, each
                        // seeing one of them; one of a, b holds the digit, and every claimed
                        // cell sees both.
                        let u = unit_cells(shape, *unit);
                        let h = home(solution, *unit, *link_digit);
                        let ok = only(*digit)
                            && !sees(shape, *a, *b)
                            && u.contains(p)
                            && u.contains(q)
                            && (h == *p || h == *q)
                            && sees(shape, *p, *a)
                            && sees(shape, *q, *b)
                            && (at(solution, *a) == *digit || at(solution, *b) == *digit)
                            && cells.iter().all(|&c| sees(shape, c, *a) && sees(shape, c, *b));
                        if !ok {
                            return fail("not a W-wing");
                        }
                    }
                    Technique::FinnedFish(FinnedFish { digit, cells: places, fins, bases, covers, .. }) => {
                        let fish = FishParts { digit: *digit, places, fins, bases, covers };
                        if !only(*digit) || fins.is_empty() || !fish.holds(solution, &cells) {
                            return fail("not a finned fish");
                        }
                    }
                    Technique::ComplexFish(ComplexFish { digit, cells: places, fins, bases, covers, .. }) => {
                        // A Franken or mutant fish: as a finned one, and no two bases' digit
                        // in one cell (its bases may overlap).
                        let homes: HashSet<Cell> = bases.iter().map(|&u| home(solution, u, *digit)).collect();
                        let fish = FishParts { digit: *digit, places, fins, bases, covers };
                        if !only(*digit) || homes.len() != bases.len() || !fish.holds(solution, &cells) {
                            return fail("not a Franken or mutant fish");
                        }
                    }
                    Technique::Colouring(Colouring { digit, colours: [a, b], wrap }) => {
                        // One colour holds the digit everywhere, the other nowhere; a wrap
                        // claims its first colour (the false one), a trap cells seeing both.
                        let all =
                            |side: &[Cell], holds: bool| side.iter().all(|&c| (at(solution, c) == *digit) == holds);
                        let ok = only(*digit)
                            && ((all(a, true) && all(b, false)) || (all(a, false) && all(b, true)))
                            && if *wrap {
                                all(a, false) && cells.iter().all(|c| a.contains(c))
                            } else {
                                cells.iter().all(|&c| {
                                    a.iter().any(|&x| sees(shape, c, x)) && b.iter().any(|&y| sees(shape, c, y))
                                })
                            };
                        if !ok {
                            return fail("not a colouring");
                        }
                    }
                    Technique::RemotePairs(RemotePairs { digits, colours: [a, b] }) => {
                        // Each colour holds one of the two digits throughout; the claimed cells
                        // see both colours.
                        let one = |side: &[Cell]| {
                            let ds: HashSet<u8> = side.iter().map(|&c| at(solution, c)).collect();
                            ds.len() == 1 && ds.iter().all(|&d| digits.contains(d))
                        };
                        let ok = digits.len() == 2
                            && one(a)
                            && one(b)
                            && at(solution, a[0]) != at(solution, b[0])
                            && cells
                                .iter()
                                .all(|&c| a.iter().any(|&x| sees(shape, c, x)) && b.iter().any(|&y| sees(shape, c, y)));
                        if !ok {
                            return fail("not remote pairs");
                        }
                    }
                    Technique::StrongLinks(StrongLinks { digit, cells: [o1, e1, e2, o2], units }) => {
                        // One outer end holds the digit, and every claimed cell sees both.
                        let links = [(o1, e1, units[0]), (o2, e2, units[1])];
                        let ok = only(*digit)
                            && sees(shape, *e1, *e2)
                            && links.iter().all(|&(o, e, u)| {
                                let cells = unit_cells(shape, u);
                                let h = home(solution, u, *digit);
                                cells.contains(o) && cells.contains(e) && (h == *o || h == *e)
                            })
                            && (at(solution, *o1) == *digit || at(solution, *o2) == *digit)
                            && cells.iter().all(|&c| sees(shape, c, *o1) && sees(shape, c, *o2));
                        if !ok {
                            return fail("not two strong links");
                        }
                    }
                    Technique::EmptyRectangle(EmptyRectangle { digit, block, through, across, link: [p, q], unit }) => {
                        // The box's digit is in `through` or `across`; each claimed cell of
                        // `across` sees `q`, which holds the digit unless the box's does, in
                        // `across`.
                        let h = home(solution, *block, *digit);
                        let (t, a, u) =
                            (unit_cells(shape, *through), unit_cells(shape, *across), unit_cells(shape, *unit));
                        let ok = only(*digit)
                            && (t.contains(&h) || a.contains(&h))
                            && t.contains(p)
                            && u.contains(p)
                            && u.contains(q)
                            && (a.contains(&h) || at(solution, *q) == *digit)
                            && cells.iter().all(|&c| a.contains(&c) && sees(shape, c, *q));
                        if !ok {
                            return fail("not an empty rectangle");
                        }
                    }
                    Technique::Chain { cell, digit, .. } | Technique::FailedGuess { cell, digit } => {
                        if claims != &[(*cell, Digits::single(*digit))] {
                            return fail("a refutation claims its assumption only");
                        }
                    }
                    // Checked above (`check_grouped`, and its conclusion in the solution).
                    Technique::GroupedChain(_) => {}
                    _ => return fail("an elimination by a placement technique"),
                }
            }
            StepKind::Implied { cells, digit, by, unit } => {
                let u = unit_cells(shape, *unit);
                if at(solution, *by) != *digit || !u.contains(by) || !cells.iter().all(|c| u.contains(c) && c != by) {
                    return fail("not implied by a placed digit");
                }
            }
            StepKind::Guess { cell, digit, candidates } => {
                let refuted = e.steps()[i..].iter().any(|s| {
                    !s.refuted
                        && matches!(&s.kind, StepKind::Eliminate { technique: Technique::FailedGuess { cell: c, digit: d }, .. } if c == cell && d == digit)
                });
                if !candidates.contains(*digit) || (at(solution, *cell) == *digit) == refuted {
                    return fail("a guess is either the solution's digit or refuted later");
                }
                if !refuted {
                    placed.push(*cell);
                }
            }
            StepKind::Contradiction(_) => return fail("a contradiction on the way to the solution"),
            StepKind::Backtrack { .. } | StepKind::Summary { .. } | StepKind::Stopped { .. } => {}
            _ => {}
        }
    }
    let mut unique = placed.clone();
    unique.sort();
    unique.dedup();
    let empty = puzzle.cells().filter(|(_, d)| d.is_none()).count();
    if unique.len() != placed.len() || placed.len() != empty {
        return Err(format!("{} placements for {empty} empty cells ({} distinct)", placed.len(), unique.len()));
    }
    Ok(checked)
}

/// Explains every puzzle of `lines` (every `step`-th) and checks it; returns steps checked.
pub(crate) fn check_file<'a>(lines: impl Iterator<Item = &'a str>, step: usize) -> usize {
    let mut total = 0;
    let mut solver: Option<Explainer> = None;
    for line in lines.step_by(step) {
        let puzzle = Grid::from_line(line).unwrap();
        let s = solver.get_or_insert_with(|| Explainer::new(puzzle.shape()));
        let e = s.explain(&puzzle);
        let Uniqueness::Unique(solution) = e.result() else { panic!("{line}: {:?}", e.result()) };
        check_solution(line, &solution.to_line()).unwrap();
        total += check_against(&e, &puzzle, solution).unwrap_or_else(|why| panic!("{line}: {why}"));
    }
    total
}

//! Recording: the engine's event stream turned into explanation steps and trace counts.
//!
//! A [`Recorder`] is fed every [`csp::Event`] by an observer. It keeps a mirror of the
//! candidates (restored from per-guess snapshots on backtracking), builds the [`Step`]s of an
//! explanation with the steps each rests on, and counts what the engine did for the grade.
//! It never touches the engine.

use std::sync::{Arc, Mutex, PoisonError};

use csp::{ConstraintId, Event, Reason, Rule, VarId};

use crate::explain::{Contradiction, Digits, Elimination, Exclusion, Explanation, Placement, Step, StepKind};
use crate::grade::{Grade, TraceCounts};
use crate::grid::{Cell, Grid, Shape, Unit};
use crate::solve::Uniqueness;

/// Steps kept in full before refuted branches are collapsed as they close (about 100 bytes
/// each with their premises): bounds the memory of explaining a long search.
pub(crate) const STEP_BUDGET: usize = 250_000;

/// No step: the removal is not explained (after the first solution, or when only counting).
const NONE: u32 = u32::MAX;
/// The removal came from a given.
const GIVEN: u32 = u32::MAX - 1;

/// Whether `s` is the index of a real step.
fn is_step(s: u32) -> bool {
    s < GIVEN
}

/// The observer's state: a mirror of the candidates, the steps so far and the counts.
///
/// Fed every engine event by [`Recorder::record`]; never touches the engine.
#[derive(Debug)]
pub(crate) struct Recorder {
    shape: Shape,
    n: usize,
    cells: usize,
    /// The unit of each engine constraint, by constraint index (`None` for constraints that
    /// are not units, such as a separate intersection constraint).
    units: Vec<Option<Unit>>,
    /// Engine constraint labels, for reasons the explanation does not name.
    labels: Vec<String>,
    /// Whether steps are built (an explanation) or only counts kept (a grade).
    detailed: bool,
    /// Set at the first solution: the explanation is complete, later events only count.
    stopped: bool,
    /// Per cell: the candidates, bit `d - 1` for digit `d`.
    cand: Vec<u32>,
    /// Per cell and digit (`cell * n + d - 1`), when detailed: the step that removed it.
    removed_by: Vec<u32>,
    /// Per cell, when detailed: the step that fixed it.
    fixed_by: Vec<u32>,
    /// Per cell: the given digit, or 0.
    given: Vec<u8>,
    /// Snapshots of `cand`, `removed_by` and `fixed_by`, one per open guess, flat.
    saved: Vec<u32>,
    steps: Vec<Step>,
    /// `(step, premise step)`: the steps each step rests on.
    deps: Vec<(u32, u32)>,
    /// The open guess at each depth: its step, and the lengths of `deps` and `refutations`
    /// when it was made (what a collapse of its branch truncates to).
    open: Vec<(u32, usize, usize)>,
    /// Beyond this many steps, each refuted branch is collapsed when it closes.
    pub(crate) budget: usize,
    refutations: Vec<(u32, u32)>,
    last_backtrack: u32,
    /// Hall-set eliminations of the running batch, finished when the batch ends (their digits
    /// are only known then): `(step, first premise, premises)` into `premises`.
    pending: Vec<(u32, u32, u32)>,
    pending_by: Option<ConstraintId>,
    premises: Vec<u32>,
    pub(crate) counts: TraceCounts,
}

impl Recorder {
    /// A recorder for puzzles of `shape` solved by `engine`'s model; `detailed` builds steps.
    pub(crate) fn new(shape: Shape, engine: &csp::Solver, detailed: bool) -> Recorder {
        let model = engine.model();
        let units_by_name: Vec<Unit> = shape.units().collect();
        let (units, labels) = (0..model.num_constraints())
            .map(|i| {
                let id = ConstraintId::from_index(i);
                let unit = units_by_name
                    .iter()
                    .copied()
                    .find(|u| model.constraint_name(id) == Some(u.constraint_name().as_str()));
                (unit, model.constraint_label(id))
            })
            .unzip();
        let n = shape.size();
        let cells = shape.num_cells();
        Recorder {
            shape,
            n,
            cells,
            units,
            labels,
            detailed,
            stopped: false,
            cand: vec![(1 << n) - 1; cells],
            removed_by: if detailed { vec![NONE; cells * n] } else { Vec::new() },
            fixed_by: if detailed { vec![NONE; cells] } else { Vec::new() },
            given: vec![0; cells],
            saved: Vec::new(),
            steps: Vec::new(),
            deps: Vec::new(),
            open: Vec::new(),
            budget: STEP_BUDGET,
            refutations: Vec::new(),
            last_backtrack: NONE,
            pending: Vec::new(),
            pending_by: None,
            premises: Vec::new(),
            counts: TraceCounts::default(),
        }
    }

    /// Forgets everything recorded: ready for the next puzzle of the same shape.
    pub(crate) fn clear(&mut self) {
        let full = (1u32 << self.n) - 1;
        self.cand.iter_mut().for_each(|c| *c = full);
        self.removed_by.iter_mut().for_each(|r| *r = NONE);
        self.fixed_by.iter_mut().for_each(|r| *r = NONE);
        self.given.iter_mut().for_each(|g| *g = 0);
        self.stopped = false;
        self.saved.clear();
        self.steps.clear();
        self.deps.clear();
        self.open.clear();
        self.refutations.clear();
        self.last_backtrack = NONE;
        self.pending.clear();
        self.pending_by = None;
        self.premises.clear();
        self.counts = TraceCounts::default();
    }

    pub(crate) fn shape(&self) -> Shape {
        self.shape
    }

    /// Records one engine event.
    pub(crate) fn record(&mut self, event: &Event<'_>) {
        if !self.pending.is_empty() {
            let same_batch = matches!(event, Event::Prune { reason: Reason { rule: Rule::HallSet, constraint, .. }, .. }
                if *constraint == self.pending_by);
            if !same_batch {
                self.finish_hall();
            }
        }
        match *event {
            Event::Decision { depth, var, value } => self.decision(depth, var, value),
            Event::Refutation { depth, var, value } => self.refutation(depth, var, value),
            Event::Prune { depth, var, value, reason } => self.prune(depth, var, value, &reason),
            Event::Assign { depth, var, value, reason } => self.assign(depth, var, value, &reason),
            Event::WipeOut { depth, var, .. } => self.wipe_out(depth, var),
            Event::Fail { depth, reason, .. } => self.fail(depth, &reason),
            Event::Backtrack { depth } => self.backtrack(depth),
            Event::Solution { .. } => {
                self.counts.solutions += 1;
                self.stopped = true;
            }
            _ => {}
        }
    }

    // ---- mirror helpers ------------------------------------------------------------------

    fn cell_of(&self, var: VarId) -> Option<usize> {
        (var.index() < self.cells).then_some(var.index())
    }

    fn bit_of(&self, value: i32) -> Option<u32> {
        (1..=self.n as i32).contains(&value).then(|| 1 << (value - 1))
    }

    fn cell(&self, i: usize) -> Cell {
        self.shape.cell(i)
    }

    fn unit(&self, c: Option<ConstraintId>) -> Option<Unit> {
        c.and_then(|c| self.units.get(c.index()).copied().flatten())
    }

    fn label(&self, c: Option<ConstraintId>) -> String {
        match c {
            Some(c) => self.labels.get(c.index()).cloned().unwrap_or_else(|| c.to_string()),
            None => "the caller".to_string(),
        }
    }

    fn unit_cells(&self, unit: Unit) -> impl Iterator<Item = usize> + '_ {
        self.shape.unit_cells(unit).map(|c| self.shape.index(c))
    }

    fn removed(&self, cell: usize, digit: u8) -> u32 {
        if self.detailed {
            self.removed_by[cell * self.n + usize::from(digit) - 1]
        } else {
            NONE
        }
    }

    fn set_removed(&mut self, cell: usize, mask: u32, step: u32) {
        if self.detailed {
            let mut bits = mask;
            while bits != 0 {
                let d = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                self.removed_by[cell * self.n + d] = step;
            }
        }
    }

    fn set_fixed(&mut self, cell: usize, step: u32) {
        if self.detailed {
            self.fixed_by[cell] = step;
        }
    }

    /// Appends a step if steps are being built; returns its index or `NONE`.
    fn push(&mut self, depth: u32, kind: StepKind) -> u32 {
        if !self.detailed || self.stopped {
            return NONE;
        }
        let i = self.steps.len() as u32;
        self.steps.push(Step { depth, refuted: false, needed: false, kind });
        i
    }

    fn depend(&mut self, step: u32, on: u32) {
        if is_step(step) && is_step(on) {
            self.deps.push((step, on));
        }
    }

    /// Why `cell` cannot hold `digit` now, from the step that removed it.
    fn exclusion(&self, cell: usize, digit: u8) -> Exclusion {
        let s = self.removed(cell, digit);
        let held = |why: Placement| {
            let d = Digits::from_mask(self.cand[cell]).iter().next().unwrap_or(self.given[cell]);
            Exclusion::Holds { digit: d, why }
        };
        if s == GIVEN {
            return Exclusion::Holds { digit: self.given[cell], why: Placement::Given };
        }
        match self.steps.get(s as usize).map(|st| &st.kind) {
            Some(StepKind::Eliminate { why, .. }) => Exclusion::Eliminated { digit, why: why.clone() },
            Some(StepKind::Place { digit: d, why, .. }) => Exclusion::Holds { digit: *d, why: why.clone() },
            Some(StepKind::Guess { digit: d, .. }) => Exclusion::Holds { digit: *d, why: Placement::Guessed },
            _ => held(Placement::Other { constraint: "an unexplained step".into() }),
        }
    }

    // ---- events --------------------------------------------------------------------------

    fn decision(&mut self, depth: u32, var: VarId, value: i32) {
        self.counts.guesses += 1;
        self.counts.max_depth = self.counts.max_depth.max(depth);
        let (Some(cell), Some(_)) = (self.cell_of(var), self.bit_of(value)) else { return };
        // Snapshot the state before the decision: level `depth - 1`.
        let level = depth.saturating_sub(1) as usize;
        let snap = self.snapshot_len();
        self.saved.truncate(level * snap);
        if self.saved.len() == level * snap {
            self.saved.extend_from_slice(&self.cand);
            self.saved.extend_from_slice(&self.removed_by);
            self.saved.extend_from_slice(&self.fixed_by);
        }
        let candidates = Digits::from_mask(self.cand[cell]);
        let step = self
            .push(depth.saturating_sub(1), StepKind::Guess { cell: self.cell(cell), digit: value as u8, candidates });
        for d in 1..=self.n as u8 {
            if !candidates.contains(d) {
                self.depend(step, self.removed(cell, d));
            }
        }
        self.open.truncate(level);
        self.open.push((step, self.deps.len(), self.refutations.len()));
    }

    fn snapshot_len(&self) -> usize {
        self.cand.len() + self.removed_by.len() + self.fixed_by.len()
    }

    fn backtrack(&mut self, depth: u32) {
        let snap = self.snapshot_len();
        let level = depth as usize;
        let start = level * snap;
        if self.saved.len() >= start + snap {
            let (cand, rest) = self.saved[start..start + snap].split_at(self.cand.len());
            let (removed, fixed) = rest.split_at(self.removed_by.len());
            self.cand.copy_from_slice(cand);
            self.removed_by.copy_from_slice(removed);
            self.fixed_by.copy_from_slice(fixed);
        }
        self.saved.truncate(start);
    }

    fn refutation(&mut self, depth: u32, var: VarId, value: i32) {
        self.counts.backtracks += 1;
        let Some(cell) = self.cell_of(var) else { return };
        let (guess, deps_len, refutations_len) = self.open.get(depth as usize).copied().unwrap_or((NONE, 0, 0));
        if is_step(guess) && !self.stopped && self.steps.len() > self.budget {
            self.collapse(guess, deps_len, refutations_len);
        }
        let step = self.push(depth, StepKind::Backtrack { cell: self.cell(cell), digit: value as u8 });
        if is_step(guess) && is_step(step) {
            self.refutations.push((guess, step));
        }
        self.last_backtrack = step;
        self.open.truncate(depth as usize);
    }

    /// Replaces the steps of the branch of `guess`, which just failed, by a summary and its
    /// last contradiction. Nothing later depends on them: the candidates were restored to
    /// before the guess, and the premises and refutations recorded since are truncated.
    fn collapse(&mut self, guess: u32, deps_len: usize, refutations_len: usize) {
        let start = guess as usize + 1;
        if start >= self.steps.len() {
            return;
        }
        let depth = self.steps[guess as usize].depth + 1;
        let kind = StepKind::summary_of(&self.steps[start..]);
        let last = self.steps[start..].iter().rposition(|s| matches!(s.kind, StepKind::Contradiction(_)));
        let last = last.map(|i| self.steps.swap_remove(start + i));
        self.steps.truncate(start);
        self.deps.truncate(deps_len);
        self.refutations.truncate(refutations_len);
        self.steps.push(Step { depth, refuted: false, needed: false, kind });
        self.steps.extend(last);
    }

    fn assign(&mut self, depth: u32, var: VarId, value: i32, reason: &Reason<'_>) {
        let (Some(cell), Some(bit)) = (self.cell_of(var), self.bit_of(value)) else { return };
        if self.cand[cell] == bit || self.cand[cell] & bit == 0 {
            return;
        }
        let digit = value as u8;
        let step = match reason.rule {
            Rule::External => {
                self.given[cell] = digit;
                self.counts.givens += 1;
                GIVEN
            }
            Rule::Decision => self.open.last().map_or(NONE, |o| o.0),
            Rule::OnlyPlace { .. } => {
                self.counts.hidden_singles += 1;
                match self.unit(reason.constraint) {
                    Some(unit) => {
                        let step = self.push(
                            depth,
                            StepKind::Place { cell: self.cell(cell), digit, why: Placement::OnlyPlace { unit } },
                        );
                        if is_step(step) {
                            let others: Vec<usize> = self.unit_cells(unit).filter(|&c| c != cell).collect();
                            for c in others {
                                self.depend(step, self.removed(c, digit));
                            }
                        }
                        step
                    }
                    None => self.place_other(depth, cell, digit, reason.constraint),
                }
            }
            _ => self.place_other(depth, cell, digit, reason.constraint),
        };
        self.set_removed(cell, self.cand[cell] & !bit, step);
        self.cand[cell] = bit;
        self.set_fixed(cell, step);
    }

    fn place_other(&mut self, depth: u32, cell: usize, digit: u8, by: Option<ConstraintId>) -> u32 {
        let why = Placement::Other { constraint: self.label(by) };
        self.push(depth, StepKind::Place { cell: self.cell(cell), digit, why })
    }

    fn prune(&mut self, depth: u32, var: VarId, value: i32, reason: &Reason<'_>) {
        let (Some(cell), Some(bit)) = (self.cell_of(var), self.bit_of(value)) else { return };
        if self.cand[cell] & bit == 0 {
            return;
        }
        let digit = value as u8;
        match reason.rule {
            Rule::ValueTaken { .. } => self.counts.taken += 1,
            Rule::Locked { .. } => self.counts.locked += 1,
            Rule::HallSet => {
                self.counts.subsets += 1;
                let k = reason.premises.len();
                let size = k.min(self.n.saturating_sub(k)) as u32;
                self.counts.largest_subset = self.counts.largest_subset.max(size);
            }
            Rule::Refutation => {}
            _ => self.counts.other += 1,
        }
        let building = self.detailed && !self.stopped;
        let mut deps: Vec<u32> = Vec::new();
        let why = if !building {
            None
        } else {
            Some(match reason.rule {
                Rule::ValueTaken { var: by, value: v } => {
                    let unit = self.unit(reason.constraint);
                    // The engine may remove several taken values in one change and name the
                    // first in the rule: find the holder of this digit in the unit.
                    let holder = match (self.cell_of(by), unit) {
                        (Some(h), _) if v == value => Some(h),
                        (_, Some(u)) => self.unit_cells(u).find(|&c| c != cell && self.cand[c] == bit),
                        _ => None,
                    };
                    let unit = unit.or_else(|| holder.and_then(|h| self.common_unit(cell, h)));
                    match (holder, unit) {
                        (Some(h), Some(unit)) => {
                            deps.push(self.fixed_by[h]);
                            Elimination::Taken { by: self.cell(h), unit }
                        }
                        _ => Elimination::Other { constraint: self.label(reason.constraint) },
                    }
                }
                Rule::Locked { within, .. } => {
                    let within = self.unit(Some(within));
                    match within.and_then(|w| self.confining_unit(cell, w).map(|c| (w, c))) {
                        Some((within, confined_to)) => {
                            let overlap: Vec<usize> = self.unit_cells(confined_to).collect();
                            let outside: Vec<usize> =
                                self.unit_cells(within).filter(|c| !overlap.contains(c)).collect();
                            deps.extend(outside.into_iter().map(|c| self.removed(c, digit)));
                            Elimination::Locked { within, confined_to }
                        }
                        None => Elimination::Other { constraint: self.label(reason.constraint) },
                    }
                }
                Rule::HallSet => match self.unit(reason.constraint) {
                    Some(unit) => {
                        // Digits filled in when the batch ends.
                        Elimination::NakedSubset { cells: Vec::new(), digits: Digits::EMPTY, unit }
                    }
                    None => Elimination::Other { constraint: self.label(reason.constraint) },
                },
                Rule::Refutation => {
                    deps.push(self.last_backtrack);
                    Elimination::Refuted
                }
                _ => Elimination::Other { constraint: self.label(reason.constraint) },
            })
        };
        let step = match why {
            Some(why) => {
                let is_hall = matches!(why, Elimination::NakedSubset { .. });
                let step = self.push(depth, StepKind::Eliminate { cell: self.cell(cell), digit, why });
                for d in deps {
                    self.depend(step, d);
                }
                if is_hall && is_step(step) {
                    let start = self.premises.len() as u32;
                    let cells: Vec<u32> =
                        reason.premises.iter().filter_map(|&p| self.cell_of(p)).map(|c| c as u32).collect();
                    self.premises.extend_from_slice(&cells);
                    self.pending.push((step, start, cells.len() as u32));
                    self.pending_by = reason.constraint;
                }
                step
            }
            None => NONE,
        };
        self.set_removed(cell, bit, step);
        self.cand[cell] &= !bit;
        if self.cand[cell].count_ones() == 1 {
            self.counts.naked_singles += 1;
            let last = self.cand[cell].trailing_zeros() as u8 + 1;
            let place =
                self.push(depth, StepKind::Place { cell: self.cell(cell), digit: last, why: Placement::LastCandidate });
            if is_step(place) {
                for d in 1..=self.n as u8 {
                    if d != last {
                        self.depend(place, self.removed(cell, d));
                    }
                }
            }
            self.set_fixed(cell, place);
        }
    }

    /// A unit holding both cells (the first of row, column, box).
    fn common_unit(&self, a: usize, b: usize) -> Option<Unit> {
        let (ca, cb) = (self.cell(a), self.cell(b));
        if ca.row() == cb.row() {
            Some(Unit::Row(ca.row()))
        } else if ca.col() == cb.col() {
            Some(Unit::Column(ca.col()))
        } else if self.shape.box_index(ca) == self.shape.box_index(cb) {
            Some(Unit::Box(self.shape.box_index(ca)))
        } else {
            None
        }
    }

    /// The unit of `cell`, other than `within`, that overlaps `within` in two cells or more:
    /// where a digit of `within` is confined when it leaves `cell` by locked candidates.
    fn confining_unit(&self, cell: usize, within: Unit) -> Option<Unit> {
        let c = self.cell(cell);
        let inside: Vec<usize> = self.unit_cells(within).collect();
        [Unit::Row(c.row()), Unit::Column(c.col()), Unit::Box(self.shape.box_index(c))]
            .into_iter()
            .filter(|&u| u != within)
            .find(|&u| self.unit_cells(u).filter(|x| inside.contains(x)).count() >= 2)
    }

    /// Completes the Hall-set eliminations of the batch that just ended: the set's digits are
    /// now exactly its cells' candidates.
    fn finish_hall(&mut self) {
        let pending = std::mem::take(&mut self.pending);
        for &(step, start, len) in &pending {
            let cells: Vec<usize> =
                self.premises[start as usize..(start + len) as usize].iter().map(|&c| c as usize).collect();
            let mask = cells.iter().fold(0, |m, &c| m | self.cand[c]);
            let StepKind::Eliminate { cell: target, digit, why: Elimination::NakedSubset { unit, .. } } =
                self.steps[step as usize].kind
            else {
                continue;
            };
            let unit_cells: Vec<usize> = self.unit_cells(unit).collect();
            if cells.is_empty() {
                // The digit's own component holds no variable: its matched cell must take
                // it. By now that cell holds it (or is its only place).
                let target = self.shape.index(target);
                let bit = 1 << (digit - 1);
                let holder = unit_cells.iter().copied().find(|&c| c != target && self.cand[c] == bit);
                let places: Vec<usize> =
                    unit_cells.iter().copied().filter(|&c| c != target && self.cand[c] & bit != 0).collect();
                let why = match (holder, places.as_slice()) {
                    (Some(h), _) => {
                        self.depend(step, self.fixed_by[h]);
                        Elimination::Taken { by: self.cell(h), unit }
                    }
                    (None, &[only]) => {
                        let others: Vec<usize> = unit_cells.iter().copied().filter(|&c| c != only).collect();
                        for c in others {
                            self.depend(step, self.removed(c, digit));
                        }
                        Elimination::HiddenSubset { digits: Digits::single(digit), cells: vec![self.cell(only)], unit }
                    }
                    _ => Elimination::Other { constraint: unit.constraint_name() },
                };
                if let StepKind::Eliminate { why: w, .. } = &mut self.steps[step as usize].kind {
                    *w = why;
                }
                continue;
            }
            for &c in &cells {
                let mut outside = !mask & ((1 << self.n) - 1);
                while outside != 0 {
                    let d = outside.trailing_zeros() as u8 + 1;
                    outside &= outside - 1;
                    self.depend(step, self.removed(c, d));
                }
            }
            let why = if cells.len() * 2 <= unit_cells.len() {
                if cells.len() == 1 {
                    Elimination::Taken { by: self.cell(cells[0]), unit }
                } else {
                    Elimination::NakedSubset {
                        cells: cells.iter().map(|&c| self.cell(c)).collect(),
                        digits: Digits::from_mask(mask),
                        unit,
                    }
                }
            } else {
                let rest: Vec<Cell> = unit_cells.iter().filter(|c| !cells.contains(c)).map(|&c| self.cell(c)).collect();
                let digits = Digits::from_mask(!mask & ((1 << self.n) - 1));
                Elimination::HiddenSubset { digits, cells: rest, unit }
            };
            if let StepKind::Eliminate { why: w, .. } = &mut self.steps[step as usize].kind {
                *w = why;
            }
        }
        self.pending = pending;
        self.pending.clear();
        self.premises.clear();
        self.pending_by = None;
    }

    fn wipe_out(&mut self, depth: u32, var: VarId) {
        self.counts.contradictions += 1;
        let Some(mut cell) = self.cell_of(var) else { return };
        if !self.detailed || self.stopped {
            return;
        }
        let mut exclusions: Vec<Exclusion> = Vec::new();
        let mut deps = Vec::new();
        let mut swapped = None;
        if let Some((other, digit, unit)) = self.deduced_culprit(cell) {
            deps.push(self.fixed_by[cell]);
            swapped =
                Some((digit, Exclusion::Eliminated { digit, why: Elimination::Taken { by: self.cell(cell), unit } }));
            cell = other;
        }
        for d in 1..=self.n as u8 {
            let e = match &swapped {
                Some((digit, e)) if *digit == d => e.clone(),
                _ => {
                    deps.push(self.removed(cell, d));
                    self.exclusion(cell, d)
                }
            };
            match e {
                Exclusion::Holds { .. } => {
                    if !exclusions.iter().any(|x| matches!(x, Exclusion::Holds { .. })) {
                        exclusions.insert(0, e);
                    }
                }
                e => exclusions.push(e),
            }
        }
        let step =
            self.push(depth, StepKind::Contradiction(Contradiction::NoCandidate { cell: self.cell(cell), exclusions }));
        for d in deps {
            self.depend(step, d);
        }
    }

    /// When `cell` (emptied) held a given or guessed digit that another cell took as its last
    /// candidate: that other cell, the digit and their unit. In the reader's terms the other
    /// cell is the one left without a candidate: givens and guesses are the facts.
    fn deduced_culprit(&self, cell: usize) -> Option<(usize, u8, Unit)> {
        let held = (1..=self.n as u8).map(|d| self.removed(cell, d)).find(|&s| {
            s == GIVEN || matches!(self.steps.get(s as usize).map(|st| &st.kind), Some(StepKind::Guess { .. }))
        })?;
        let digit = (1..=self.n as u8).find(|&d| self.removed(cell, d) != held)?;
        let last = self.removed(cell, digit);
        let Some(StepKind::Eliminate { why: Elimination::Taken { by, unit }, .. }) =
            self.steps.get(last as usize).map(|s| &s.kind)
        else {
            return None;
        };
        let by = self.shape.index(*by);
        let by_last_candidate = matches!(
            self.steps.get(self.fixed_by[by] as usize).map(|s| &s.kind),
            Some(StepKind::Place { digit: d, why: Placement::LastCandidate, .. }) if *d == digit
        );
        by_last_candidate.then_some((by, digit, *unit))
    }

    fn fail(&mut self, depth: u32, reason: &Reason<'_>) {
        self.counts.contradictions += 1;
        if !self.detailed || self.stopped {
            return;
        }
        let unit = self.unit(reason.constraint);
        let mut deps = Vec::new();
        let contradiction = match (reason.rule, unit) {
            (Rule::Pigeonhole, Some(unit)) => {
                let cells: Vec<usize> = self.unit_cells(unit).collect();
                let present = cells.iter().fold(0, |m, &c| m | self.cand[c]);
                let missing = (1..=self.n as u8).find(|&d| present & (1 << (d - 1)) == 0);
                match missing {
                    Some(digit) => {
                        let entries = cells
                            .iter()
                            .map(|&c| {
                                deps.push(self.removed(c, digit));
                                (self.cell(c), self.exclusion(c, digit))
                            })
                            .collect();
                        Contradiction::NoPlace { digit, unit, cells: entries }
                    }
                    None => Contradiction::Other { constraint: self.label(reason.constraint) },
                }
            }
            (Rule::HallSet, Some(unit)) => {
                let cells: Vec<usize> = reason.premises.iter().filter_map(|&p| self.cell_of(p)).collect();
                let mask = cells.iter().fold(0, |m, &c| m | self.cand[c]);
                for &c in &cells {
                    for d in 1..=self.n as u8 {
                        if mask & (1 << (d - 1)) == 0 {
                            deps.push(self.removed(c, d));
                        }
                    }
                }
                let cells = cells.into_iter().map(|c| self.cell(c)).collect();
                Contradiction::TooFewDigits { cells, digits: Digits::from_mask(mask), unit }
            }
            _ => Contradiction::Other { constraint: self.label(reason.constraint) },
        };
        let step = self.push(depth, StepKind::Contradiction(contradiction));
        for d in deps {
            self.depend(step, d);
        }
    }

    /// The explanation of `puzzle` with outcome `result`, from what was recorded.
    pub(crate) fn into_explanation(mut self, puzzle: Grid, result: Uniqueness) -> Explanation {
        self.finish_hall();
        let n_steps = self.steps.len();
        self.refutations.sort_unstable();
        // Refuted: strictly between a refuted guess and its backtrack.
        let mut refuted = vec![false; n_steps];
        for &(g, b) in &self.refutations {
            let (from, to) = ((g as usize + 1).min(n_steps), (b as usize).min(n_steps));
            for r in &mut refuted[from..to.max(from)] {
                *r = true;
            }
        }
        // Needed: from the unrefuted placements, guesses, backtracks and contradictions, back
        // through the premises.
        self.deps.sort_unstable();
        let mut needed = vec![false; n_steps];
        let mut work: Vec<u32> = (0..n_steps as u32)
            .filter(|&i| !refuted[i as usize] && !matches!(self.steps[i as usize].kind, StepKind::Eliminate { .. }))
            .collect();
        while let Some(i) = work.pop() {
            if std::mem::replace(&mut needed[i as usize], true) {
                continue;
            }
            let from = self.deps.partition_point(|&(s, _)| s < i);
            for &(_, on) in self.deps[from..].iter().take_while(|&&(s, _)| s == i) {
                if (on as usize) < n_steps && !needed[on as usize] {
                    work.push(on);
                }
            }
        }
        for (i, step) in self.steps.iter_mut().enumerate() {
            step.refuted = refuted[i];
            step.needed = needed[i];
        }
        let grade = Grade::from_counts(self.counts);
        Explanation::new(puzzle, result, self.steps, self.refutations, grade)
    }
}

/// The recorder shared between the engine's observer and the solver.
pub(crate) type Shared = Arc<Mutex<Recorder>>;

/// Locks the shared recorder, whatever a panicking holder left behind (it only holds data).
pub(crate) fn lock(shared: &Shared) -> std::sync::MutexGuard<'_, Recorder> {
    shared.lock().unwrap_or_else(PoisonError::into_inner)
}

/// An engine observer feeding `shared`.
pub(crate) fn observer(shared: &Shared) -> csp::Observer {
    let shared = Arc::clone(shared);
    Box::new(move |event: &Event<'_>| lock(&shared).record(event))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::Solver;

    #[test]
    fn confining_unit_is_the_line_or_box_through_the_cell() {
        let solver = Solver::new(Shape::SIZE_9);
        let r = Recorder::new(Shape::SIZE_9, solver.engine(), true);
        let idx = |row, col| Shape::SIZE_9.index(Cell::new(row, col));
        // 7 in box 2 (rows 1-3, columns 4-6) confined to row 3: r3c9 loses it.
        assert_eq!(r.confining_unit(idx(2, 8), Unit::Box(1)), Some(Unit::Row(2)));
        // 7 in column 2 confined to box 1: r2c3 (box 1) loses it.
        assert_eq!(r.confining_unit(idx(1, 2), Unit::Column(1)), Some(Unit::Box(0)));
        assert_eq!(r.confining_unit(idx(8, 8), Unit::Box(0)), None);
    }
}

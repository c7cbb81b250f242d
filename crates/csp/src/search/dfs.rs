//! The depth-first search on the engine's store: decisions `x = v` and refutations `x != v`
//! written to the domains and propagated by the constraints, checkpoints to undo them, and the
//! variable and value orders (MRV and its tie-breaks, [`VarOrder`], [`ValueOrder`]).

use super::strategy::Strategy;
use super::{Frame, Solver};
use crate::domain::BITS;
use crate::event::Event;
use crate::id::{Value, VarId};
use crate::layout::VarLabel;
use crate::rule::Rule;
use crate::select::{TieBreak, ValueOrder, VarOrder};

/// The search on the engine's store.
#[derive(Clone, Copy, Debug)]
pub(super) struct StoreSearch;

impl Strategy for StoreSearch {
    /// The variable and the bit of its value.
    type Choice = (VarId, usize);
    type Undone = Frame;

    #[inline]
    fn select(self, s: &mut Solver) -> Option<(VarId, usize)> {
        let var = s.select_var()?;
        Some((var, s.select_value(var)))
    }

    #[inline]
    fn decide(self, s: &mut Solver, (var, bit): (VarId, usize)) -> bool {
        s.open_node(var, bit, s.engine.core.observing);
        s.engine.core.set_outside_rule(Rule::Decision);
        let vars = &s.engine.model.vars;
        let r = s.engine.core.assign_bit(vars, var, bit, Rule::Decision).map(|_| ());
        let r = match r {
            Ok(()) => s.engine.core.propagate(vars, &mut s.engine.model.constraints),
            Err(c) => {
                s.engine.core.fail(c);
                Err(c)
            }
        };
        r.is_ok()
    }

    #[inline]
    fn undo(self, s: &mut Solver) -> Option<Frame> {
        let f = s.stack.pop()?;
        s.engine.restore_level(f.level);
        s.engine.core.stats.backtracks += 1;
        if s.engine.core.observing || s.logging_search {
            s.report_refutation(VarId::from_index(f.var as usize), f.bit as usize, s.stack.len() as u32);
        }
        Some(f)
    }

    #[inline]
    fn refute(self, s: &mut Solver, f: Frame) -> bool {
        s.engine.core.set_outside_rule(Rule::Refutation);
        let var = VarId::from_index(f.var as usize);
        let vars = &s.engine.model.vars;
        let bit = f.bit as usize;
        let mut r = s.engine.core.retain_block(vars, var, bit / BITS, !(1 << (bit % BITS)), Rule::Refutation);
        if let (Some(bound), true) = (s.objective, r.is_ok()) {
            r = bound.apply(&mut s.engine.core, vars);
        }
        let r = match r {
            Ok(_) => s.engine.core.propagate(vars, &mut s.engine.model.constraints),
            Err(c) => {
                s.engine.core.fail(c);
                Err(c)
            }
        };
        r.is_ok()
    }

    #[inline]
    fn read_solution(self, s: &mut Solver) -> u32 {
        // The domains are the store's: nothing to write.
        s.engine.core.depth()
    }
}

impl Solver {
    /// Opens the search node of the decision `var = bit`: a checkpoint, its frame, the node
    /// and depth counts, and the report when `report` (observers) or the search log asks.
    /// Returns the node's depth.
    #[inline]
    pub(super) fn open_node(&mut self, var: VarId, bit: usize, report: bool) -> u32 {
        let level = self.engine.core.store.level();
        let _ = self.engine.push_checkpoint();
        self.stack.push(Frame { var: var.index() as u32, bit: bit as u32, level });
        self.engine.core.stats.nodes += 1;
        let depth = self.stack.len() as u32;
        self.engine.core.stats.max_depth = self.engine.core.stats.max_depth.max(depth);
        if report || self.logging_search {
            self.report_decision(var, bit, depth);
        }
        depth
    }

    #[cold]
    #[inline(never)]
    pub(super) fn report_decision(&mut self, var: VarId, bit: usize, depth: u32) {
        let info = self.engine.model.var_info(var);
        let value = info.map.value(bit);
        log::debug!(target: "csp::search", "decide depth={depth} var={} value={value} size={}", VarLabel(info, var), self.domain(var).len());
        self.engine.core.emit(&Event::Decision { depth, var, value });
    }

    #[cold]
    #[inline(never)]
    pub(super) fn report_refutation(&mut self, var: VarId, bit: usize, depth: u32) {
        let info = self.engine.model.var_info(var);
        let value = info.map.value(bit);
        log::debug!(target: "csp::search", "backtrack depth={depth} refute var={} value={value}", VarLabel(info, var));
        self.engine.core.emit(&Event::Backtrack { depth });
        self.engine.core.emit(&Event::Refutation { depth, var, value });
    }
    /// The unfixed variable to branch on, or `None` when every variable is fixed.
    pub(super) fn select_var(&mut self) -> Option<VarId> {
        if self.custom.var.is_some() {
            if let Some(v) = self.select_var_custom() {
                return Some(v);
            }
        }
        if !self.priority.is_empty() {
            if let Some(v) = self.select_priority() {
                return Some(v);
            }
        }
        self.select_var_by(self.var_order)
    }

    /// The unfixed variable `order` branches on, or `None` when every variable is fixed.
    pub(super) fn select_var_by(&mut self, order: VarOrder) -> Option<VarId> {
        match order {
            VarOrder::Input => {
                (0..self.engine.model.num_vars()).map(VarId::from_index).find(|&v| self.domain(v).len() > 1)
            }
            VarOrder::Mrv(TieBreak::First) if self.flat => {
                // The variables' blocks; constraints' state blocks follow them.
                let blocks = &self.engine.core.store.blocks()[..self.engine.model.num_vars()];
                let mut best = u32::MAX;
                let mut best_i = usize::MAX;
                for (i, &b) in blocks.iter().enumerate() {
                    // Fixed variables and two-value domains are told apart without a
                    // population count (which is a dozen instructions without `popcnt`).
                    let rest = b & b.wrapping_sub(1);
                    if rest == 0 {
                        continue;
                    }
                    if rest & rest.wrapping_sub(1) == 0 {
                        best_i = i;
                        break;
                    }
                    let c = b.count_ones();
                    if c < best {
                        best = c;
                        best_i = i;
                    }
                }
                (best_i != usize::MAX).then(|| VarId::from_index(best_i))
            }
            VarOrder::DomWdeg => self.select_dom_wdeg(),
            VarOrder::Chs => self.select_chs(),
            VarOrder::Smallest | VarOrder::Largest => self
                .select_extreme((0..self.engine.model.num_vars()).map(VarId::from_index), order == VarOrder::Largest),
            VarOrder::Mrv(TieBreak::MostUnfixedPeers) => {
                self.mrv_by_peers((0..self.engine.model.num_vars()).map(VarId::from_index))
            }
            VarOrder::Mrv(tie) => {
                let mut best = usize::MAX;
                let mut best_var = None;
                let mut ties = 0u64;
                for i in 0..self.engine.model.num_vars() {
                    let v = VarId::from_index(i);
                    let size = self.domain(v).len();
                    if size <= 1 || size > best {
                        continue;
                    }
                    let better = if size < best {
                        ties = 1;
                        true
                    } else {
                        match tie {
                            TieBreak::MaxDegree => {
                                best_var.is_some_and(|b: VarId| self.degree[i] > self.degree[b.index()])
                            }
                            TieBreak::Random => {
                                ties += 1;
                                self.rng.below(ties) == 0
                            }
                            _ => false,
                        }
                    };
                    if better {
                        best = size;
                        best_var = Some(v);
                    }
                }
                best_var
            }
        }
    }

    /// Among `vars`, an unfixed one with the fewest values, ties to the most unfixed peers,
    /// then to the first ([`TieBreak::MostUnfixedPeers`]). Peers are counted on ties only.
    fn mrv_by_peers(&self, vars: impl Iterator<Item = VarId>) -> Option<VarId> {
        // The choice so far: its variable, its size, and its unfixed peers once counted.
        let mut best: Option<(VarId, usize, Option<usize>)> = None;
        for v in vars {
            let size = self.domain(v).len();
            if size <= 1 {
                continue;
            }
            match &mut best {
                Some((_, s, _)) if size > *s => {}
                Some((b, s, most)) if size == *s => {
                    let most = *most.get_or_insert_with(|| self.unfixed_peers(b.index()));
                    let mine = self.unfixed_peers(v.index());
                    if mine > most {
                        best = Some((v, size, Some(mine)));
                    }
                }
                _ => best = Some((v, size, None)),
            }
        }
        best.map(|(v, _, _)| v)
    }

    /// Among `vars`, the first unfixed one with the smallest smallest value, or with the
    /// largest largest value ([`VarOrder::Smallest`], [`VarOrder::Largest`]).
    fn select_extreme(&self, vars: impl Iterator<Item = VarId>, largest: bool) -> Option<VarId> {
        let mut best: Option<(VarId, Value)> = None;
        for v in vars {
            let d = self.domain(v);
            if d.len() <= 1 {
                continue;
            }
            let map = &self.engine.model.vars[v.index()].map;
            let key = if largest {
                map.value(d.max_bit().expect("an unfixed variable has values"))
            } else {
                map.value(d.min_bit().expect("an unfixed variable has values"))
            };
            if best.is_none_or(|(_, b)| if largest { key > b } else { key < b }) {
                best = Some((v, key));
            }
        }
        best.map(|(v, _)| v)
    }

    /// The number of unfixed peers of variable `i` ([`TieBreak::MostUnfixedPeers`]).
    fn unfixed_peers(&self, i: usize) -> usize {
        let peers = self.peers.as_ref().expect("peers are listed when the order is set");
        peers.of(i).iter().filter(|&&j| self.domain(VarId::from_index(j as usize)).len() > 1).count()
    }

    /// The variable to branch on among [`set_branching_vars`](Solver::set_branching_vars)'s, if
    /// one is unfixed.
    fn select_priority(&self) -> Option<VarId> {
        let size = |v: VarId| self.domain(v).len();
        match self.var_order {
            VarOrder::Input => self.priority.iter().copied().find(|&v| size(v) > 1),
            VarOrder::Mrv(TieBreak::MostUnfixedPeers) => self.mrv_by_peers(self.priority.iter().copied()),
            VarOrder::Smallest | VarOrder::Largest => {
                self.select_extreme(self.priority.iter().copied(), self.var_order == VarOrder::Largest)
            }
            _ => self.priority.iter().copied().filter(|&v| size(v) > 1).min_by_key(|&v| size(v)),
        }
    }

    pub(super) fn select_value(&mut self, var: VarId) -> usize {
        if self.custom.value.is_some() {
            if let Some(bit) = self.select_value_custom(var) {
                return bit;
            }
        }
        self.select_value_by(self.value_order, var)
    }

    /// The bit of the value `order` tries first for `var`, which has at least two values.
    pub(super) fn select_value_by(&mut self, order: ValueOrder, var: VarId) -> usize {
        let r = match order {
            ValueOrder::Random => self.rng.below(self.domain(var).len() as u64) as usize,
            _ => 0,
        };
        let d = self.domain(var);
        if d.is_interval() {
            // An interval has no holes, so the refutation of a decision must remove a bound:
            // branch on the smallest value (the largest for `Descending`).
            return if order == ValueOrder::Descending { d.max_bit() } else { d.min_bit() }
                .expect("a variable chosen for branching has at least two values");
        }
        match order {
            ValueOrder::Ascending | ValueOrder::Phase => d.min_bit(),
            ValueOrder::Descending => d.max_bit(),
            ValueOrder::Random => {
                let mut k = r;
                let mut found = None;
                for (wi, &b) in d.blocks.iter().enumerate() {
                    let c = b.count_ones() as usize;
                    if k < c {
                        let mut b = b;
                        for _ in 0..k {
                            b &= b - 1;
                        }
                        found = Some(wi * BITS + b.trailing_zeros() as usize);
                        break;
                    }
                    k -= c;
                }
                found
            }
        }
        .expect("a variable chosen for branching has at least two values")
    }
}

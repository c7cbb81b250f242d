//! A depth-first search on a network's own state, for models that the network alone constrains.
//!
//! When every variable of a model belongs to one network and no other active constraint watches
//! any of them, the network's state (its copy of the domains, the dual view, the values gone
//! from each group, the value-tight groups, the groups where each value is placed) is the
//! whole state of a search, and the engine's store only repeats its domains. The solver then
//! runs its search on that state instead ([`Solver`](crate::search::Solver) decides when): a decision
//! copies the state one level up (183 blocks for a 9x9 Sudoku, where a checkpoint of the
//! engine copies its 264-block store) and runs
//! the network on the one variable that changed, without the engine's scheduling, change
//! tracking and write-back; a refutation works on the decision's saved state in place, so that
//! backtracking copies nothing.
//!
//! Everything else is the solver's: the same variable and value choice as its own search
//! (fewest values first, ties to the first variable or to the most unfixed peers; the smallest
//! value), the same limits, and
//! the same statistics (nodes, failures, prunings, propagations), so that a search gives the
//! same solutions in the same order with the same counts either way; a property test checks it.
//! The domains are written to the store at each solution, where the solver reads them.

use fixedbitset::Block;

use super::AllDifferentNetwork;
use crate::model::kernel::{KernelMove, SearchKernel, SolutionWriter};

/// The states of a search on the network's own state.
#[derive(Clone, Debug, Default)]
pub(super) struct Board {
    /// The state at each depth, the network's state length each: depth 0 is the search's root,
    /// depth `d` the state after the `d`-th decision still in force.
    states: Vec<Block>,
    /// The decisions in force, as (local, value index), the deepest last.
    frames: Vec<(u32, u32)>,
    /// The locals in the order of their variables (ties in the variable choice go to the
    /// first variable).
    order: Vec<u32>,
    /// Whether that order is the locals' own (as when the first groups list every variable in
    /// order, like a Sudoku's rows).
    in_order: bool,
    /// Scratch for the variable choice: the unfixed variables, `words` blocks.
    unfixed: Vec<Block>,
    /// Whether the state at depth 0 is still the one read from the store (no refutation
    /// changed it), whose domains the store holds.
    root_in_store: bool,
}

impl SearchKernel for AllDifferentNetwork {
    /// Starts a search on the network's own state, from the network's state in `store`
    /// (at a fixed point of the network, as after a propagation).
    fn begin(&mut self, blocks: &[Block]) {
        let t = &self.tables;
        let b = &mut self.board;
        if b.order.len() != t.vars.len() {
            b.order = (0..t.vars.len() as u32).collect();
            b.order.sort_by_key(|&i| t.vars[i as usize]);
            b.in_order = b.order.iter().enumerate().all(|(k, &i)| k == i as usize);
        }
        let l = t.layout;
        b.frames.clear();
        b.unfixed.reserve(t.words);
        b.states.clear();
        b.states.extend_from_slice(&blocks[l.start.offset()..l.start.offset() + l.len]);
        b.root_in_store = true;
    }

    /// Whether a search on the network's own state pays: its state is small enough to copy at
    /// each decision, as the store copies rather than trails a state of that size.
    fn fits(&self) -> bool {
        self.tables.layout.len <= crate::store::SnapshotMode::COPY_LIMIT_BLOCKS
    }

    /// The number of decisions in force.
    fn depth(&self) -> usize {
        self.board.frames.len()
    }

    /// The unfixed variable with the fewest values, as a local, or `None` when every variable
    /// is fixed. Among equals: with `by_peers`, the one with the most unfixed peers
    /// ([`TieBreak::MostUnfixedPeers`](crate::select::TieBreak::MostUnfixedPeers): the network's
    /// peers are the variables sharing a group with it), then the first in variable order.
    fn select(&mut self, by_peers: bool) -> Option<u32> {
        let t = &self.tables;
        let n = t.vars.len();
        let w = t.words;
        let depth = self.board.frames.len();
        let len = t.layout.len;
        let state = &self.board.states[depth * len..(depth + 1) * len];
        // The number of unfixed variables among the peers of local `i`, given the unfixed ones.
        let unfixed_peers = |i: usize, unfixed: &[Block]| -> u32 {
            t.peers[i * w..(i + 1) * w].iter().zip(unfixed).map(|(&p, &u)| (p & u).count_ones()).sum()
        };
        if self.board.in_order && w <= 2 {
            // The variables with exactly two values, all at once from the dual view (counted
            // to three, saturating, value by value): the first of them is the choice, found
            // without a branch per variable (or, by peers, the first of those with the most).
            let (mut ones, mut twos, mut threes) = ([0 as Block; 2], [0 as Block; 2], [0 as Block; 2]);
            for places in state[t.layout.dual..t.layout.dual + t.values * w].chunks_exact(w) {
                for (k, &x) in places.iter().enumerate() {
                    threes[k] |= twos[k] & x;
                    twos[k] |= ones[k] & x;
                    ones[k] |= x;
                }
            }
            if !by_peers {
                for k in 0..w {
                    let pairs = twos[k] & !threes[k];
                    if pairs != 0 {
                        return Some((64 * k) as u32 + pairs.trailing_zeros());
                    }
                }
            } else {
                // `twos`: the variables with two values or more, the unfixed ones.
                let mut best = None;
                let mut most = 0;
                for k in 0..w {
                    let mut pairs = twos[k] & !threes[k];
                    while pairs != 0 {
                        let i = 64 * k + pairs.trailing_zeros() as usize;
                        pairs &= pairs - 1;
                        let c = unfixed_peers(i, &twos[..w]);
                        if best.is_none() || c > most {
                            (best, most) = (Some(i as u32), c);
                        }
                    }
                }
                if best.is_some() || twos[..w].iter().all(|&x| x == 0) {
                    // A variable with two values, or none unfixed.
                    return best;
                }
            }
        }
        let mirror = &state[..n];
        let unfixed = &mut self.board.unfixed;
        if by_peers {
            unfixed.clear();
            unfixed.resize(w, 0);
            for (i, &d) in mirror.iter().enumerate() {
                if d & d.wrapping_sub(1) != 0 {
                    unfixed[i / 64] |= 1 << (i % 64);
                }
            }
        }
        let mut best = u32::MAX;
        let mut most = 0;
        let mut best_i = None;
        for &i in &self.board.order {
            let d = mirror[i as usize];
            let rest = d & d.wrapping_sub(1);
            if rest == 0 {
                continue;
            }
            if !by_peers && rest & rest.wrapping_sub(1) == 0 {
                return Some(i);
            }
            let c = d.count_ones();
            if c < best {
                best = c;
                best_i = Some(i);
                if by_peers {
                    most = unfixed_peers(i as usize, unfixed);
                }
            } else if by_peers && c == best {
                let m = unfixed_peers(i as usize, unfixed);
                if m > most {
                    most = m;
                    best_i = Some(i);
                }
            }
        }
        best_i
    }

    /// Decides the smallest value of local `i` (unfixed) one level up, and propagates.
    fn decide(&mut self, i: u32) -> KernelMove {
        let len = self.tables.layout.len;
        let b = &mut self.board;
        let depth = b.frames.len();
        let from = depth * len;
        if b.states.len() < from + 2 * len {
            b.states.resize(from + 2 * len, 0);
        }
        b.states.copy_within(from..from + len, from + len);
        let d = b.states[from + len + i as usize];
        let v = d.trailing_zeros();
        b.frames.push((i, v));
        let removed = u64::from(d.count_ones() - 1);
        self.board_run(depth + 1, i, 1 << v, removed)
    }

    /// Takes back the deepest decision and refutes it (its value leaves its variable in the
    /// state before it), and propagates; `None` when no decision is left.
    fn refute(&mut self) -> Option<KernelMove> {
        let (i, v) = self.board.frames.pop()?;
        let depth = self.board.frames.len();
        let at = depth * self.tables.layout.len + i as usize;
        let d = self.board.states[at] & !(1 << v);
        Some(self.board_run(depth, i, d, 1))
    }

    /// Writes the domains of the current state into `store`. Nothing to write when that state
    /// is still the one [`begin`](SearchKernel::begin) read: the network, sole watcher of
    /// its variables, wrote its domains when it reached it.
    fn write_solution(&self, store: &mut SolutionWriter<'_>) {
        let t = &self.tables;
        let at = self.board.frames.len() * t.layout.len;
        let domains = &self.board.states[at..at + t.vars.len()];
        if self.board.frames.is_empty() && self.board.root_in_store {
            debug_assert!(
                domains.iter().zip(&t.offs).zip(&t.shifts).all(|((&d, &off), &s)| store.block(off as usize) == d >> s),
                "the store holds the domains of the search's root"
            );
            return;
        }
        store.set_blocks(domains.iter().zip(&t.offs).zip(&t.shifts).map(|((&d, &off), &s)| (off as usize, d >> s)));
    }
}

impl AllDifferentNetwork {
    /// Restricts local `i` to `d` (a non-empty subset of its domain, in the value space) in the
    /// state at `depth`, and propagates there; `removed` values went with the restriction.
    fn board_run(&mut self, depth: usize, i: u32, d: Block, removed: u64) -> KernelMove {
        let t = &self.tables;
        let s = &mut self.scratch;
        let len = t.layout.len;
        s.diffs.clear();
        s.diffs.push((i, d));
        self.board.root_in_store &= depth != 0;
        let st = &mut self.board.states[depth * len..(depth + 1) * len];
        // Only the changed variable to take in, and nothing to write back.
        match t.run_state(st, s, false, false) {
            Ok(()) => KernelMove { removed: removed + s.removed, ok: true },
            Err(_) => KernelMove { removed, ok: false },
        }
    }
}

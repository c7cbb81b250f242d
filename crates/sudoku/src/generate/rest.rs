//! The second engine of a removal pass: the givens not decided yet, assigned on a stack of
//! checkpoints.
//!
//! A check of the orbits `order[i..i + k]` needs the givens kept so far (orbits before `i`
//! that had to stay) and the orbits not decided yet (`order[i + k..]`). The first engine holds
//! the kept givens at a checkpoint and assigns the undecided ones for each check: many early
//! in the pass, few late. This one holds the undecided ones: the state with `order[j..]`
//! assigned and propagated is kept at a checkpoint for the `j` of the last checks (a smaller
//! `j`, more givens, above a larger one), so each check assigns only the kept givens: few early, many late. The pass uses whichever engine has
//! fewer givens to assign, and the propagation of each check shrinks accordingly.
//!
//! As the pass goes on, `j` only grows (orbits get decided), except when a chunk of removals
//! is halved: then a deeper state is pushed again from the one below it.

use csp::solve::Checkpoint;
use csp::VarId;

use super::symmetry::Orbit;

/// The checkpoints of the undecided givens: `(j, checkpoint)` with `order[j..]` assigned,
/// `j` decreasing from the bottom (nothing assigned, `j` = the number of orbits).
#[derive(Debug)]
pub(super) struct RestStack {
    levels: Vec<(usize, Checkpoint)>,
}

impl RestStack {
    /// Starts a pass of `orbits` orbits: the engine at its root state, nothing assigned.
    pub(super) fn start(engine: &mut csp::Solver, orbits: usize) -> RestStack {
        engine.reset();
        let root = engine.new_checkpoint();
        RestStack { levels: vec![(orbits, root)] }
    }

    /// Brings `engine` to the state with the givens of the orbits `order[j..]` (digits from
    /// `solution`) assigned and propagated, at the top of the stack.
    pub(super) fn go_to(
        &mut self,
        engine: &mut csp::Solver,
        j: usize,
        order: &[usize],
        orbits: &[Orbit],
        solution: &[u8],
    ) {
        while self.levels.len() > 1 && self.levels.last().is_some_and(|&(t, _)| t < j) {
            self.levels.pop();
        }
        let Some((t, checkpoint)) = self.levels.pop() else { return };
        engine.restore_to(checkpoint);
        self.levels.push((t, engine.new_checkpoint()));
        // Push `order[j..t]`, with a checkpoint at every multiple of `STEP` on the way, so that
        // the next checks (larger `j`) find a state near theirs.
        let mut top = t;
        while top > j {
            let next = j.max((top - 1) / STEP * STEP);
            let cells = order[next..top].iter().flat_map(|&o| orbits[o].cells());
            // Cannot fail: the givens are part of a solution.
            let _ = engine
                .assign_all(cells.map(|&c| (VarId::from_index(c), i32::from(solution[c]))))
                .and_then(|()| engine.propagate());
            self.levels.push((next, engine.new_checkpoint()));
            top = next;
        }
    }
}

/// Orbits between two checkpoints of the stack: a check then assigns fewer than this many
/// orbits beyond its state's nearest checkpoint.
const STEP: usize = 2;

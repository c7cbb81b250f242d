//! `AllDifferentNetwork`: every all-different constraint over small domains as one propagator
//! with a value-indexed view.
//!
//! # Background
//!
//! A model with many overlapping all-different constraints (Sudoku's 27 units, the rows and
//! columns of a Latin square, the cliques of a colouring) spends most of its propagation on
//! small steps repeated per constraint: a variable is fixed, and each constraint on it removes
//! the value from its other variables, raising events for each; each constraint then recounts
//! the places of every value to find hidden singles. Specialised solvers do the same
//! deductions a machine word at a time over the whole problem. The network does that
//! generically:
//!
//! * a **dual view**: for every value `v`, a bitset `P[v]` over the network's variables where
//!   `v` is still possible (a variable fixed to `v` included), kept in step with the network's
//!   own copy of the domains;
//! * **forward checking** of a variable fixed to `v` is one mask over its precomputed *peers*
//!   (the union of the scopes it belongs to): `P[v] & peers(x)` is exactly the set of variables
//!   that lose `v`;
//! * **places are examined where they changed**: a removal ORs the removed variable's group
//!   mask into the dirty groups of the value, and each dirty (group, value) pair is examined
//!   once per round as `P[v] & group`: no place left (a *wipe-out* of the value), one (a
//!   *hidden single*), or places that all lie in other groups too (*locked values*: the AND of
//!   their group masks). The walk stops at the first place that shares no group with the
//!   earlier ones, so a value with many places costs two steps, and nothing is ever recounted
//!   per removal;
//! * **one write per changed variable**: the network reaches its own fixed point in its own
//!   view, then writes each changed domain once, straight into the store when no other active
//!   constraint watches its variables, else through the engine, which wakes the other
//!   constraints on it.
//!
//! A constraint `k` is *value-tight* when its variables together still allow exactly as many
//! values as it has variables: then every such value must be used, which is what makes hidden
//! singles and locked values sound for a general all-different (not only for permutations). With
//! fewer values than variables it fails (pigeonhole). Tightness is tracked per constraint.
//!
//! The network's state (its copy of the domains, the dual view, the values gone from each
//! group, the value-tight groups, the groups where each value is placed) lives in the engine's
//! store ([`add_state`](crate::model::author::add_state)), so checkpoints save and restore it with the domains at no
//! extra cost. It learns which variables changed from elsewhere through [`Events::TRACK`].
//!
//! # Explanations
//!
//! The network builds no reasons. While events are built (an observer is installed, or
//! `csp::prune` tracing is on) the engine switches it off and runs the constraints it stands in
//! for, which give every pruning its own rule and unit; see [`Model::compile_all_different`].
//!
//! # Bibliography
//!
//! * C. Schulte and G. Tack, "Views and iterators for generic constraint implementations"
//!   (advisors: propagators told which variable changed).
//! * The dual (digit-indexed) board of bitboard Sudoku solvers such as JCZSolve and tdoku, here
//!   for any set of all-different constraints.

use fixedbitset::Block;

use crate::context::Context;
use crate::error::{Conflict, ModelError};
use crate::id::{ConstraintId, Value, VarId};
use crate::model::constraint::Constraint;
use crate::model::kernel::SearchKernel;
use crate::model::Model;
use crate::rule::Rule;
use crate::store::StateSlot;
use crate::subscription::{Events, Priority};

pub use super::all_different::NetworkLevel;

mod board;
mod compile;
mod run;

use board::Board;

use run::{Run, FC, HIDDEN, LOCKED, LOCKED_LATER};

/// The most values a network variable may have: its values lie in one machine word.
pub const NETWORK_MAX_VALUES: usize = 64;

/// The most variables in one constraint of a network.
const MAX_GROUP: usize = 64;

/// Where each part of the state lies, relative to the first state block.
#[derive(Clone, Copy, Debug, Default)]
struct Layout {
    /// The state's blocks in the store.
    start: StateSlot,
    /// Number of state blocks.
    len: usize,
    /// `values * words` blocks from here: `P[v]`, the variables that still allow value `v`
    /// (fixed ones included). The network's copy of the domains comes first, `n` blocks (128 in
    /// a small network).
    dual: usize,
    /// One block per group: the values with no place left in it.
    absent: usize,
    /// `group_words` blocks: the value-tight groups.
    tight: usize,
    /// `values * group_words` blocks from here: per value, the groups where a variable fixed
    /// to it was forward-checked (its only place there, so nothing to examine).
    placed: usize,
}

/// Why a run failed.
enum Fail {
    /// The variable at this local lost its last value.
    WipeOut(u32),
    /// A value-tight group lost a value it needs.
    Pigeonhole,
}

/// Several all-different constraints over variables with at most [`NETWORK_MAX_VALUES`]
/// values each (their scopes may overlap in any way), propagated as one; built by
/// [`Model::compile_all_different`], which is the way to use it.
///
/// # Example
///
/// ```
/// use csp::Model;
/// use csp::constraints::{AllDifferent, NetworkLevel};
///
/// // A Latin square of order 4: 576 solutions, with and without the network.
/// let mut model = Model::new();
/// let x = model.new_vars(16, 1..=4)?;
/// for i in 0..4 {
///     model.post(AllDifferent::new((0..4).map(|j| x[4 * i + j]).collect::<Vec<_>>()))?;
///     model.post(AllDifferent::new((0..4).map(|j| x[4 * j + i]).collect::<Vec<_>>()))?;
/// }
/// let network = model.compile_all_different(NetworkLevel::HiddenSingles)?;
/// assert!(network.is_some());
/// let mut solver = model.into_solver();
/// assert_eq!(solver.count_solutions(u64::MAX).count, 576);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct AllDifferentNetwork {
    tables: Tables,
    scratch: Scratch,
    /// The states of a search on the network's own state ([`board`]).
    board: Board,
}

/// What a network knows and never changes while it runs (a field apart from the scratch, so
/// that a run borrows both).
#[derive(Clone, Debug)]
struct Tables {
    level: NetworkLevel,
    vars: Vec<VarId>,
    /// Per local: the block offset of the variable's domain in the store.
    offs: Vec<u32>,
    /// Per local: bit `b` of the domain is bit `b + shift` of the value space.
    shifts: Vec<u32>,
    /// The value of bit 0 of the value space.
    base: Value,
    /// The value span.
    values: usize,
    /// Blocks per set of network variables.
    words: usize,
    /// Blocks per set of groups.
    group_words: usize,
    /// The constraint each group comes from.
    sources: Vec<ConstraintId>,
    /// Per group: the number of variables.
    sizes: Vec<u32>,
    /// Per group: its variables, `words` blocks each.
    masks: Vec<Block>,
    /// Per local: the variables of its groups but itself, `words` blocks each.
    peers: Vec<Block>,
    /// Per local: its groups, `group_words` blocks each.
    groups_of: Vec<Block>,
    /// The locals of group `g`, by position, are `locals[local_at[g]..local_at[g + 1]]`.
    local_at: Vec<u32>,
    locals: Vec<u32>,
    layout: Layout,
    /// The same tables at fixed sizes, for networks of at most 128 variables and 64 groups.
    small: Option<Box<Small>>,
}

/// The tables of a network of at most 128 variables and 64 groups, at fixed sizes: indices
/// masked into range need no bounds checks on the hot paths.
#[derive(Clone, Debug)]
struct Small {
    /// Per group: its variables.
    masks: [[Block; 2]; 64],
    /// Per local: its groups.
    groups_of: [Block; 128],
    /// Per local: the variables of its groups but itself.
    peers: [[Block; 2]; 128],
}

/// The tables of networks that are not small (never read).
static NOT_SMALL: Small = Small { masks: [[0; 2]; 64], groups_of: [0; 128], peers: [[0; 2]; 128] };

/// Buffers reused by every run (no allocation once they reached their working size).
#[derive(Clone, Debug)]
struct Scratch {
    changed: Vec<u32>,
    /// `(local, its domain in the value space)` of the variables changed from outside.
    diffs: Vec<(u32, Block)>,
    /// Locals fixed in the network's view, to forward-check (again, harmlessly, at times).
    fixed: Stack<u32>,
    /// Per value, `group_words` blocks: the groups where the value lost a place since they
    /// were last examined for it.
    dirty: Vec<Block>,
    /// The values with a dirty group.
    dirty_values: Block,
    /// Per value, `group_words` blocks: the value-tight groups where the value has several
    /// places, some lost since the group was last examined for locked values.
    lock_dirty: Vec<Block>,
    /// The values with a group in `lock_dirty`.
    lock_values: Block,
    /// `group_words` blocks: the groups holding every place of a value, for locked values.
    common: Vec<Block>,
    /// The locals whose domain the run changed, `words` blocks.
    touched: Vec<Block>,
    /// `(local, domain in the value space)` to write back.
    writes: Stack<(u32, Block)>,
    /// Values the run removed, for the engine's count of prunings.
    removed: u64,
}

/// A stack with room for everything a run pushes: no capacity check or growth on the hot path.
#[derive(Clone, Debug)]
struct Stack<T> {
    items: Box<[T]>,
    len: usize,
}

impl<T: Copy + Default> Stack<T> {
    fn new(room: usize) -> Stack<T> {
        Stack { items: vec![T::default(); room].into_boxed_slice(), len: 0 }
    }

    #[inline(always)]
    fn push(&mut self, item: T) {
        self.items[self.len] = item;
        self.len += 1;
    }

    #[inline(always)]
    fn pop(&mut self) -> Option<T> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        Some(self.items[self.len])
    }

    fn clear(&mut self) {
        self.len = 0;
    }

    fn items(&self) -> &[T] {
        &self.items[..self.len]
    }
}

impl AllDifferentNetwork {
    /// Builds the network over `groups` (each a set of pairwise-different variables, with the
    /// constraint it comes from) and reserves its state in `model` ([`add_state`](crate::model::author::add_state)).
    /// Every variable must have a range domain of one block, all values must lie within
    /// [`NETWORK_MAX_VALUES`] of the smallest, and groups must have 2 to 64 distinct variables.
    pub(crate) fn build(
        model: &mut Model,
        groups: &[(ConstraintId, Vec<VarId>)],
        level: NetworkLevel,
    ) -> Result<AllDifferentNetwork, ModelError> {
        let invalid = |message: String| ModelError::InvalidConstraint { kind: "all_different_network", message };
        let mut local_of = vec![u32::MAX; model.num_vars()];
        let mut vars = Vec::new();
        for (_, scope) in groups {
            for &x in scope {
                model.check_var(x)?;
                if local_of[x.index()] == u32::MAX {
                    local_of[x.index()] = vars.len() as u32;
                    vars.push(x);
                }
            }
        }
        let mut base = Value::MAX;
        let mut top = i64::MIN;
        for &x in &vars {
            let Some(min) = model.range_min(x) else {
                return Err(invalid(format!("{x} has no range domain")));
            };
            let len = model.initial_domain(x).len();
            if len > NETWORK_MAX_VALUES {
                return Err(invalid(format!("{x} has {len} values, more than {NETWORK_MAX_VALUES}")));
            }
            base = base.min(min);
            top = top.max(i64::from(min) + len as i64 - 1);
        }
        let values = (top - i64::from(base) + 1).max(1) as usize;
        if values > NETWORK_MAX_VALUES {
            return Err(invalid(format!("the values span {values}, more than {NETWORK_MAX_VALUES}")));
        }
        let n = vars.len();
        let w = n.div_ceil(64).max(1);
        let k = groups.len();
        let gw = k.div_ceil(64).max(1);
        let mut masks: Vec<Block> = vec![0; k * w];
        let mut groups_of: Vec<Block> = vec![0; n * gw];
        let mut local_at = vec![0u32];
        let mut locals = Vec::new();
        let mut sizes = Vec::with_capacity(k);
        for (g, (_, scope)) in groups.iter().enumerate() {
            if scope.len() < 2 || scope.len() > MAX_GROUP {
                return Err(invalid(format!("a group of {} variables (2 to {MAX_GROUP})", scope.len())));
            }
            for &x in scope {
                let i = local_of[x.index()] as usize;
                let m = &mut masks[g * w + i / 64];
                if *m & 1 << (i % 64) != 0 {
                    return Err(invalid(format!("{x} appears twice in one group")));
                }
                *m |= 1 << (i % 64);
                locals.push(i as u32);
                groups_of[i * gw + g / 64] |= 1 << (g % 64);
            }
            local_at.push(locals.len() as u32);
            sizes.push(scope.len() as u32);
        }
        let mut peers: Vec<Block> = vec![0; n * w];
        for i in 0..n {
            for g in (0..k).filter(|&g| groups_of[i * gw + g / 64] & 1 << (g % 64) != 0) {
                for t in 0..w {
                    peers[i * w + t] |= masks[g * w + t];
                }
            }
            peers[i * w + i / 64] &= !(1 << (i % 64));
        }
        // A small network's copy of the domains is padded to its fixed size (see `Run`).
        let small = w <= 2 && gw == 1;
        let mut layout = Layout { dual: if small { 128 } else { n }, ..Layout::default() };
        layout.absent = layout.dual + values * w;
        layout.tight = layout.absent + k;
        layout.placed = layout.tight + gw;
        layout.len = layout.placed + values * gw;
        let offs: Vec<u32> = vars.iter().map(|&x| model.block_offset(x) as u32).collect();
        let shifts: Vec<u32> =
            vars.iter().map(|&x| (i64::from(model.range_min(x).unwrap_or(base)) - i64::from(base)) as u32).collect();

        // The initial state, from the initial domains. Value-tightness and pigeonhole failures
        // are settled by the first run, which examines every group.
        let mut state: Vec<Block> = vec![0; layout.len];
        for i in 0..n {
            let d = model.initial_block(vars[i]) << shifts[i];
            state[i] = d;
            let mut bits = d;
            while bits != 0 {
                let v = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                state[layout.dual + v * w + i / 64] |= 1 << (i % 64);
            }
        }
        let all_values: Block = if values == 64 { !0 } else { (1 << values) - 1 };
        for g in 0..k {
            let union =
                locals[local_at[g] as usize..local_at[g + 1] as usize].iter().fold(0, |u, &i| u | state[i as usize]);
            state[layout.absent + g] = all_values & !union;
        }
        let words: Vec<u64> = state.iter().map(|&b| b as u64).collect();
        layout.start = model.add_state(&words);
        let scratch = Scratch {
            changed: Vec::with_capacity(n),
            diffs: Vec::with_capacity(n),
            // A run fixes each variable once, and its first run pushes every fixed variable
            // once more.
            fixed: Stack::new(2 * n),
            dirty: vec![0; values * gw],
            dirty_values: 0,
            lock_dirty: vec![0; values * gw],
            lock_values: 0,
            common: vec![0; gw],
            touched: vec![0; w],
            writes: Stack::new(n),
            removed: 0,
        };
        let small = small.then(|| {
            let mut small = Box::new(Small { masks: [[0; 2]; 64], groups_of: [0; 128], peers: [[0; 2]; 128] });
            for g in 0..k {
                small.masks[g][..w].copy_from_slice(&masks[g * w..(g + 1) * w]);
            }
            for i in 0..n {
                small.groups_of[i] = groups_of[i];
                small.peers[i][..w].copy_from_slice(&peers[i * w..(i + 1) * w]);
            }
            small
        });
        let tables = Tables {
            small,
            level,
            offs,
            shifts,
            base,
            values,
            words: w,
            group_words: gw,
            sources: groups.iter().map(|(c, _)| *c).collect(),
            sizes,
            masks,
            peers,
            groups_of,
            local_at,
            locals,
            layout,
            vars,
        };
        Ok(AllDifferentNetwork { tables, scratch, board: Board::default() })
    }

    /// The propagation level.
    pub fn level(&self) -> NetworkLevel {
        self.tables.level
    }

    /// The constraints whose all-different reasoning the network does, one per group.
    pub fn sources(&self) -> &[ConstraintId] {
        &self.tables.sources
    }

    /// The number of values of the common value space, from the smallest value of any variable.
    pub fn value_span(&self) -> usize {
        self.tables.values
    }
}

impl Tables {
    /// One propagation: take in what changed, reach the fixed point in the network's view,
    /// write back each changed domain once.
    fn run(&self, ctx: &mut Context<'_>, s: &mut Scratch) -> Result<(), Conflict> {
        ctx.take_changed(&mut s.changed);
        if s.changed.is_empty() {
            return Ok(());
        }
        let l = self.layout;
        let full = s.changed.len() == self.vars.len();
        // What changed from outside, read before the state is borrowed.
        s.diffs.clear();
        let blocks = ctx.flat_blocks();
        for &i in &s.changed {
            let d = blocks[self.offs[i as usize] as usize] << self.shifts[i as usize];
            s.diffs.push((i, d));
        }
        let st = ctx.state_mut(l.start);
        match self.run_state(st, s, full, true) {
            Ok(()) => {}
            Err(Fail::WipeOut(i)) => return Err(ctx.wiped_out(self.vars[i as usize])),
            Err(Fail::Pigeonhole) => return Err(ctx.fail(Rule::Pigeonhole)),
        }
        if ctx.is_sole() {
            // Nobody else watches these variables: the new domains go straight to the store.
            ctx.add_prunings(s.removed);
            let writes =
                s.writes.items().iter().map(|&(i, d)| (self.offs[i as usize] as usize, d >> self.shifts[i as usize]));
            debug_assert!(
                writes.clone().all(|(offset, new)| new != 0 && new & !ctx.block_at(offset) == 0),
                "a sole write only removes values"
            );
            ctx.write_sole(writes);
            return Ok(());
        }
        for &(i, d) in s.writes.items() {
            let i = i as usize;
            ctx.retain_block(self.vars[i], 0, d >> self.shifts[i], Rule::Other)?;
        }
        Ok(())
    }

    /// The fixed point in the network's view `st` after the changes `s.diffs`, with the values
    /// removed in `s.removed`; every variable is examined again when `full`; the new domains
    /// of the changed variables are listed in `s.writes` when `write` (a run on the network's
    /// own state has nothing to write back to).
    fn run_state(&self, st: &mut [Block], s: &mut Scratch, full: bool, write: bool) -> Result<(), Fail> {
        s.fixed.clear();
        s.writes.clear();
        s.removed = 0;
        let result = match (self.words, self.group_words) {
            (1, 1) => self.run_at::<1, 1>(st, s, full, write),
            (2, 1) => self.run_at::<2, 1>(st, s, full, write),
            (_, _) => self.run_at::<0, 0>(st, s, full, write),
        };
        if result.is_err() {
            // Leave the scratch clean for the next run.
            s.dirty.fill(0);
            s.dirty_values = 0;
            s.lock_dirty.fill(0);
            s.lock_values = 0;
            s.touched.fill(0);
        }
        result
    }

    /// A run with `W` and `GW` known, dispatched on the level; with locked values, a run
    /// from the engine (`write`) looks for them only once singles are done ([`LOCKED_LATER`]).
    fn run_at<const W: usize, const GW: usize>(
        &self,
        st: &mut [Block],
        s: &mut Scratch,
        full: bool,
        write: bool,
    ) -> Result<(), Fail> {
        match self.level {
            NetworkLevel::ForwardChecking => Run::<W, GW, FC>::new(self, st, s).sync_and_run(full, write),
            NetworkLevel::HiddenSingles => Run::<W, GW, HIDDEN>::new(self, st, s).sync_and_run(full, write),
            NetworkLevel::LockedValues if write => {
                Run::<W, GW, LOCKED_LATER>::new(self, st, s).sync_and_run(full, write)
            }
            NetworkLevel::LockedValues => Run::<W, GW, LOCKED>::new(self, st, s).sync_and_run(full, write),
        }
    }

    /// The locals of group `g`, by position.
    fn group(&self, g: usize) -> &[u32] {
        &self.locals[self.local_at[g] as usize..self.local_at[g + 1] as usize]
    }
}

impl Constraint for AllDifferentNetwork {
    fn kind(&self) -> &'static str {
        "all_different_network"
    }

    fn scope(&self) -> &[VarId] {
        &self.tables.vars
    }

    fn subscriptions(&self, _local: usize) -> Events {
        Events::TRACK
    }

    fn priority(&self) -> Priority {
        Priority::Normal
    }

    fn is_idempotent(&self) -> bool {
        true
    }

    fn propagate(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        self.tables.run(ctx, &mut self.scratch)
    }

    fn kernel(&mut self) -> Option<&mut dyn SearchKernel> {
        Some(self)
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        let t = &self.tables;
        (0..t.sizes.len()).all(|g| {
            let mut seen: Block = 0;
            t.group(g).iter().all(|&i| {
                let v = i64::from(values[i as usize]) - i64::from(t.base);
                if !(0..t.values as i64).contains(&v) || seen & 1 << v != 0 {
                    return false;
                }
                seen |= 1 << v;
                true
            })
        })
    }
}

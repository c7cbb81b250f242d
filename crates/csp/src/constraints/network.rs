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
//! group, the value-tight groups) lives in the engine's store ([`Model::add_state`]), so
//! checkpoints save and restore it with the domains at no extra cost. It learns which variables
//! changed from elsewhere through [`Events::TRACK`].
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

use crate::constraint::{Constraint, ConstraintId, Events, Priority, Rule};
use crate::error::{Conflict, ModelError};
use crate::model::Model;
use crate::propagate::Context;
use crate::var::{Value, VarId};

/// How much an [`AllDifferentNetwork`] propagates. Each level does everything the previous
/// one does; all find the same solutions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum NetworkLevel {
    /// Forward checking: a fixed variable's value leaves its peers.
    ForwardChecking,
    /// Also hidden singles and pigeonhole failures, per value-tight constraint, as
    /// [`Strength::HiddenSingles`](crate::Strength::HiddenSingles).
    HiddenSingles,
    /// Also locked values between any two constraints sharing at least two variables, as
    /// [`Model::post_intersections`] adds them.
    LockedValues,
}

/// The most values a network variable may have: its values lie in one machine word.
pub const NETWORK_MAX_VALUES: usize = 64;

/// The most variables in one constraint of a network.
const MAX_GROUP: usize = 64;

/// Where each part of the state lies, relative to the first state block.
#[derive(Clone, Copy, Debug, Default)]
struct Layout {
    /// First block of the state in the store.
    start: usize,
    /// Number of state blocks.
    len: usize,
    /// `values * words` blocks from here: `P[v]`, the variables that still allow value `v`
    /// (fixed ones included). The network's copy of the domains comes first, `n` blocks.
    dual: usize,
    /// One block per group: the values with no place left in it.
    absent: usize,
    /// `group_words` blocks: the value-tight groups.
    tight: usize,
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
/// use csp::{AllDifferent, Model, NetworkLevel};
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
#[derive(Debug)]
pub struct AllDifferentNetwork {
    tables: Tables,
    scratch: Scratch,
}

/// What a network knows and never changes while it runs (a field apart from the scratch, so
/// that a run borrows both).
#[derive(Debug)]
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
#[derive(Debug)]
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
#[derive(Debug)]
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
#[derive(Debug)]
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
    /// constraint it comes from) and reserves its state in `model` ([`Model::add_state`]).
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
        let mut layout = Layout { dual: n, ..Layout::default() };
        layout.absent = layout.dual + values * w;
        layout.tight = layout.absent + k;
        layout.len = layout.tight + gw;
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
        layout.start = model.add_state(&state);
        let scratch = Scratch {
            changed: Vec::with_capacity(n),
            diffs: Vec::with_capacity(n),
            // A run fixes each variable once, and its first run pushes every fixed variable
            // once more.
            fixed: Stack::new(2 * n),
            dirty: vec![0; values * gw],
            dirty_values: 0,
            common: vec![0; gw],
            touched: vec![0; w],
            writes: Stack::new(n),
            removed: 0,
        };
        let small = (w <= 2 && gw == 1).then(|| {
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
        Ok(AllDifferentNetwork { tables, scratch })
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
        for &i in &s.changed {
            let d = ctx.block_at(self.offs[i as usize] as usize) << self.shifts[i as usize];
            s.diffs.push((i, d));
        }
        s.fixed.clear();
        s.writes.clear();
        s.removed = 0;
        let st = ctx.state_mut(l.start, l.len);
        let result = match (self.words, self.group_words) {
            (1, 1) => self.run_at::<1, 1>(st, s, full),
            (2, 1) => self.run_at::<2, 1>(st, s, full),
            (_, _) => self.run_at::<0, 0>(st, s, full),
        };
        if result.is_err() {
            // Leave the scratch clean for the next run.
            s.dirty.fill(0);
            s.dirty_values = 0;
            s.touched.fill(0);
        }
        match result {
            Ok(()) => {}
            Err(Fail::WipeOut(i)) => return Err(ctx.wiped_out(self.vars[i as usize])),
            Err(Fail::Pigeonhole) => return Err(ctx.fail(Rule::Pigeonhole)),
        }
        if ctx.is_sole() {
            // Nobody else watches these variables: the new domains go straight to the store.
            ctx.add_prunings(s.removed);
            for &(i, d) in s.writes.items() {
                let i = i as usize;
                ctx.write_sole(self.offs[i] as usize, d >> self.shifts[i]);
            }
            return Ok(());
        }
        for &(i, d) in s.writes.items() {
            let i = i as usize;
            ctx.retain_block(self.vars[i], 0, d >> self.shifts[i], Rule::Other)?;
        }
        Ok(())
    }

    /// A run with `W` and `GW` known, dispatched on the level.
    fn run_at<const W: usize, const GW: usize>(
        &self,
        st: &mut [Block],
        s: &mut Scratch,
        full: bool,
    ) -> Result<(), Fail> {
        match self.level {
            NetworkLevel::ForwardChecking => Run::<W, GW, FC>::new(self, st, s).sync_and_run(full),
            NetworkLevel::HiddenSingles => Run::<W, GW, HIDDEN>::new(self, st, s).sync_and_run(full),
            NetworkLevel::LockedValues => Run::<W, GW, LOCKED>::new(self, st, s).sync_and_run(full),
        }
    }

    /// The locals of group `g`, by position.
    fn group(&self, g: usize) -> &[u32] {
        &self.locals[self.local_at[g] as usize..self.local_at[g + 1] as usize]
    }
}

/// [`NetworkLevel`]s as const parameters of a [`Run`].
const FC: u8 = 0;
const HIDDEN: u8 = 1;
const LOCKED: u8 = 2;

/// One run's view: the network's tables, its state blocks by part, and its scratch. `W` and
/// `GW` are the blocks per set of variables and of groups when known at compile time (the
/// common small networks get loops the compiler unrolls), 0 when read from the network; `L`
/// is the level ([`FC`], [`HIDDEN`] or [`LOCKED`]).
struct Run<'a, const W: usize, const GW: usize, const L: u8> {
    net: &'a Tables,
    /// The fixed-size tables when the network is small (`W` is 1 or 2 and `GW` is 1).
    sm: &'a Small,
    /// The network's copy of each variable's domain, in the value space.
    mirror: &'a mut [Block],
    /// `P[v]`, `words` blocks per value.
    dual: &'a mut [Block],
    absent: &'a mut [Block],
    tight: &'a mut [Block],
    s: &'a mut Scratch,
}

impl<'a, const W: usize, const GW: usize, const L: u8> Run<'a, W, GW, L> {
    /// Whether the run looks for hidden singles and pigeonhole failures.
    const COUNTING: bool = L >= HIDDEN;
    /// Whether the run looks for locked values.
    const LOCKING: bool = L >= LOCKED;
    /// Whether the fixed-size tables apply.
    const SMALL: bool = W != 0 && W <= 2 && GW == 1;

    fn new(net: &'a Tables, st: &'a mut [Block], s: &'a mut Scratch) -> Self {
        let l = net.layout;
        let (mirror, st) = st.split_at_mut(l.dual);
        let (dual, st) = st.split_at_mut(l.absent - l.dual);
        let (absent, tight) = st.split_at_mut(l.tight - l.absent);
        debug_assert!((W == 0 || W == net.words) && (GW == 0 || GW == net.group_words));
        debug_assert!(L == net.level as u8);
        let sm =
            if Self::SMALL { net.small.as_deref().expect("a small network has its small tables") } else { &NOT_SMALL };
        Run { net, sm, mirror, dual, absent, tight, s }
    }

    /// Blocks per set of variables.
    #[inline(always)]
    fn w(&self) -> usize {
        if W == 0 {
            self.net.words
        } else {
            W
        }
    }

    /// Blocks per set of groups.
    #[inline(always)]
    fn gw(&self) -> usize {
        if GW == 0 {
            self.net.group_words
        } else {
            GW
        }
    }

    /// Value `v` leaves local `j` (the caller cleared its dual bit and marked `j` touched): the
    /// network's copy of the domain, and the fixing and wipe-out tests.
    #[inline(always)]
    fn lose(&mut self, j: usize, v: usize) -> Result<(), Fail> {
        let d = self.mirror[j] & !(1 << v);
        self.mirror[j] = d;
        self.s.removed += 1;
        if d & d.wrapping_sub(1) == 0 {
            if d == 0 {
                return Err(Fail::WipeOut(j as u32));
            }
            self.s.fixed.push(j as u32);
        }
        Ok(())
    }

    /// Marks the groups of local `j` dirty for value `v`.
    #[inline(always)]
    fn mark(&mut self, j: usize, v: usize) {
        if Self::SMALL {
            self.s.dirty[v] |= self.sm.groups_of[j & 127];
        } else {
            let gw = self.gw();
            for u in 0..gw {
                self.s.dirty[v * gw + u] |= self.net.groups_of[j * gw + u];
            }
        }
        self.s.dirty_values |= 1 << v;
    }

    /// Forward checking of local `i`, fixed in the network's view: its value leaves its peers.
    /// The groups of `i` are not marked: the value has its place there, at `i`.
    fn fix(&mut self, i: usize) -> Result<(), Fail> {
        if Self::SMALL {
            return self.fix_small(i);
        }
        let (w, gw) = (self.w(), self.gw());
        let net = self.net;
        let Run { mirror, dual, s, .. } = self;
        let v = mirror[i].trailing_zeros() as usize;
        let bit: Block = 1 << v;
        let places = &mut dual[v * w..(v + 1) * w];
        let peers = &net.peers[i * w..(i + 1) * w];
        let touched = &mut s.touched[..w];
        // The groups of the variables that lost `v`, gathered in a register when they fit one.
        let mut groups: Block = 0;
        let mut removed = 0;
        for t in 0..w {
            let mut lose = places[t] & peers[t];
            if lose == 0 {
                continue;
            }
            places[t] ^= lose;
            touched[t] |= lose;
            while lose != 0 {
                let j = t * 64 + lose.trailing_zeros() as usize;
                lose &= lose - 1;
                let d = mirror[j] & !bit;
                mirror[j] = d;
                removed += 1;
                if d & d.wrapping_sub(1) == 0 {
                    if d == 0 {
                        return Err(Fail::WipeOut(j as u32));
                    }
                    s.fixed.push(j as u32);
                }
                if Self::COUNTING {
                    if gw == 1 {
                        groups |= net.groups_of[j];
                    } else {
                        let theirs = &net.groups_of[j * gw..(j + 1) * gw];
                        let mine = &net.groups_of[i * gw..(i + 1) * gw];
                        for u in 0..gw {
                            s.dirty[v * gw + u] |= theirs[u] & !mine[u];
                        }
                        s.dirty_values |= bit;
                    }
                }
            }
        }
        s.removed += removed;
        if Self::COUNTING && gw == 1 {
            let groups = groups & !net.groups_of[i];
            if groups != 0 {
                s.dirty[v] |= groups;
                s.dirty_values |= bit;
            }
        }
        Ok(())
    }

    /// [`fix`](Self::fix) for small networks: the groups of the variables that lose the value
    /// gathered in a register, the stack of fixed variables held in registers.
    #[inline(always)]
    fn fix_small(&mut self, i: usize) -> Result<(), Fail> {
        let sm = self.sm;
        let Run { mirror, dual, s, .. } = self;
        let v = mirror[i].trailing_zeros() as usize & 63;
        let bit: Block = 1 << v;
        let peers = &sm.peers[i & 127];
        let mut groups: Block = 0;
        let mut removed = 0;
        let mut fixed = s.fixed.len;
        for t in 0..W {
            let mut lose = dual[v * W + t] & peers[t];
            if lose == 0 {
                continue;
            }
            dual[v * W + t] ^= lose;
            s.touched[t] |= lose;
            while lose != 0 {
                let j = t * 64 + lose.trailing_zeros() as usize;
                lose &= lose - 1;
                let d = mirror[j] & !bit;
                mirror[j] = d;
                removed += 1;
                if d & d.wrapping_sub(1) == 0 {
                    if d == 0 {
                        s.fixed.len = fixed;
                        s.removed += removed;
                        return Err(Fail::WipeOut(j as u32));
                    }
                    s.fixed.items[fixed] = j as u32;
                    fixed += 1;
                }
                if Self::COUNTING {
                    groups |= sm.groups_of[j & 127];
                }
            }
        }
        s.fixed.len = fixed;
        s.removed += removed;
        if Self::COUNTING {
            let groups = groups & !sm.groups_of[i & 127];
            if groups != 0 {
                s.dirty[v] |= groups;
                s.dirty_values |= bit;
            }
        }
        Ok(())
    }

    /// Local `j` takes value `v` (a hidden single): its other values leave it.
    fn place(&mut self, j: usize, v: usize) {
        let w = self.w();
        let mut others = self.mirror[j] & !(1 << v);
        self.mirror[j] = 1 << v;
        self.s.removed += u64::from(others.count_ones());
        self.s.touched[j / 64] |= 1 << (j % 64);
        self.s.fixed.push(j as u32);
        while others != 0 {
            let u = others.trailing_zeros() as usize;
            others &= others - 1;
            self.dual[u * w + j / 64] &= !(1 << (j % 64));
            self.mark(j, u);
        }
    }

    /// Examines value `v` in group `g`, where it lost places: no place left (pigeonhole when
    /// the group is value-tight, else one value fewer for it), one place (a hidden single), or
    /// all its places inside other groups (locked: it leaves the rest of those groups). Hidden
    /// singles and locked values only in a value-tight group.
    ///
    /// The places are walked once, and the walk stops as soon as the outcome is known: at the
    /// first place in a group that is not value-tight, at the second without locked values, and
    /// at the first place that no other group shares with all the earlier ones.
    fn check(&mut self, g: usize, v: usize) -> Result<(), Fail> {
        let net = self.net;
        let (w, gw) = (self.w(), self.gw());
        let tight = self.tight[g / 64] & 1 << (g % 64) != 0;
        let locking = tight && Self::LOCKING;
        let places = &self.dual[v * w..(v + 1) * w];
        let mask = &net.masks[g * w..(g + 1) * w];
        // The groups holding every place seen so far (without `g`), for locked values.
        let mut small: [Block; 2] = [0; 2];
        let common: &mut [Block] = if GW != 0 && GW <= 2 { &mut small[..GW] } else { &mut self.s.common };
        let (gu, gbit) = (g / 64, 1 << (g % 64));
        let mut count = 0;
        let mut first = 0;
        for t in 0..w {
            let mut p = places[t] & mask[t];
            while p != 0 {
                let j = t * 64 + p.trailing_zeros() as usize;
                p &= p - 1;
                count += 1;
                let theirs = &net.groups_of[j * gw..(j + 1) * gw];
                if count == 1 {
                    if !tight {
                        return Ok(());
                    }
                    first = j;
                    common.copy_from_slice(theirs);
                    common[gu] &= !gbit;
                } else {
                    if !locking {
                        return Ok(());
                    }
                    let mut left = 0;
                    for (c, &h) in common.iter_mut().zip(theirs) {
                        *c &= h;
                        left |= *c;
                    }
                    if left == 0 {
                        return Ok(());
                    }
                }
            }
        }
        match count {
            0 => self.value_gone(g, v),
            1 => {
                // A hidden single, unless the place is the variable fixed to `v`.
                if self.mirror[first] != 1 << v {
                    self.place(first, v);
                }
                Ok(())
            }
            _ => {
                if GW != 0 && GW <= 2 {
                    for (u, &word) in small[..GW].iter().enumerate() {
                        self.lock_out(g, v, u, word)?;
                    }
                } else {
                    for u in 0..gw {
                        let word = self.s.common[u];
                        self.lock_out(g, v, u, word)?;
                    }
                }
                Ok(())
            }
        }
    }

    /// [`check`](Self::check) of value `v` in every group of `gs`, for networks of at most
    /// 128 variables and 64 groups: the places of `v` stay in registers from one group to
    /// the next (read again only after locked values removed some).
    fn check_all(&mut self, v: usize, mut gs: Block) -> Result<(), Fail> {
        debug_assert!(Self::SMALL);
        let sm = self.sm;
        let v = v & 63;
        let mut pv: [Block; 2] = [0; 2];
        pv[..W].copy_from_slice(&self.dual[v * W..(v + 1) * W]);
        // The value-tight groups, read again when a group lost its last place of the value.
        let mut tight = self.tight[0];
        while gs != 0 {
            let g = gs.trailing_zeros() as usize & 63;
            gs &= gs - 1;
            let mask = &sm.masks[g];
            let p = [pv[0] & mask[0], pv[1] & mask[1]];
            let any = p[0] | p[1];
            if any == 0 {
                self.value_gone(g, v)?;
                tight = self.tight[0];
                continue;
            }
            if tight & 1 << g == 0 {
                continue;
            }
            if (p[0] == 0 || p[1] == 0) && any & (any - 1) == 0 {
                // A hidden single, unless the place is the variable fixed to `v`.
                let first =
                    if p[0] != 0 { p[0].trailing_zeros() as usize } else { 64 + p[1].trailing_zeros() as usize };
                if self.mirror[first] != 1 << v {
                    self.place(first, v);
                }
                continue;
            }
            if !Self::LOCKING {
                continue;
            }
            // The groups holding every place, but `g`: empty as soon as two places share none.
            let mut common: Block = !(1 << g);
            'walk: for (t, &word) in p[..W].iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    let j = t * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    common &= sm.groups_of[j & 127];
                    if common == 0 {
                        break 'walk;
                    }
                }
            }
            if common != 0 {
                self.lock_out(g, v, 0, common)?;
                pv[..W].copy_from_slice(&self.dual[v * W..(v + 1) * W]);
                tight = self.tight[0];
            }
        }
        Ok(())
    }

    /// Value `v`, whose places in group `g` all lie in the groups `64 * u + b` for the bits `b`
    /// of `word`, leaves the rest of those groups.
    fn lock_out(&mut self, g: usize, v: usize, u: usize, mut word: Block) -> Result<(), Fail> {
        let net = self.net;
        let w = self.w();
        while word != 0 {
            let h = u * 64 + word.trailing_zeros() as usize;
            word &= word - 1;
            for t in 0..w {
                let d = self.dual[v * w + t];
                let mut lose = d & net.masks[h * w + t] & !net.masks[g * w + t];
                if lose == 0 {
                    continue;
                }
                self.dual[v * w + t] = d & !lose;
                self.s.touched[t] |= lose;
                while lose != 0 {
                    let j = t * 64 + lose.trailing_zeros() as usize;
                    lose &= lose - 1;
                    self.lose(j, v)?;
                    self.mark(j, v);
                }
            }
        }
        Ok(())
    }

    /// Value `v` has no place left in group `g`: if it is newly so, one value fewer for the
    /// group. Fewer values than variables fail; exactly as many makes the group value-tight,
    /// and then every value of it is examined.
    #[cold]
    #[inline(never)]
    fn value_gone(&mut self, g: usize, v: usize) -> Result<(), Fail> {
        if self.absent[g] & 1 << v != 0 {
            return Ok(());
        }
        self.absent[g] |= 1 << v;
        self.settle(g)
    }

    /// Pigeonhole failure or value-tightness of group `g` from its values with a place.
    fn settle(&mut self, g: usize) -> Result<(), Fail> {
        let net = self.net;
        let live = net.values as u32 - self.absent[g].count_ones();
        let size = net.sizes[g];
        if live < size {
            return Err(Fail::Pigeonhole);
        }
        if live == size && self.tight[g / 64] & 1 << (g % 64) == 0 {
            self.tight[g / 64] |= 1 << (g % 64);
            self.examine(g);
        }
        Ok(())
    }

    /// Marks group `g` dirty for every value with a place in it.
    fn examine(&mut self, g: usize) {
        let net = self.net;
        let gw = self.gw();
        let mut present = !self.absent[g] & if net.values == 64 { !0 } else { (1 << net.values) - 1 };
        self.s.dirty_values |= present;
        while present != 0 {
            let v = present.trailing_zeros() as usize;
            present &= present - 1;
            self.s.dirty[v * gw + g / 64] |= 1 << (g % 64);
        }
    }

    /// Brings the network's view in step with the domains (`s.diffs`), runs to the fixed
    /// point, and lists the writes.
    fn sync_and_run(&mut self, full: bool) -> Result<(), Fail> {
        let net = self.net;
        let w = self.w();
        let counting = Self::COUNTING;
        for k in 0..self.s.diffs.len() {
            let (i, d) = self.s.diffs[k];
            let i = i as usize;
            let old = self.mirror[i];
            debug_assert!(d & !old == 0, "the network's view holds every value of the domain");
            let mut gone = old & !d;
            if gone == 0 {
                continue;
            }
            self.mirror[i] = d;
            while gone != 0 {
                let v = gone.trailing_zeros() as usize;
                gone &= gone - 1;
                self.dual[v * w + i / 64] &= !(1 << (i % 64));
                if counting {
                    self.mark(i, v);
                }
            }
            if d & d.wrapping_sub(1) == 0 {
                if d == 0 {
                    return Err(Fail::WipeOut(i as u32));
                }
                self.s.fixed.push(i as u32);
            }
        }
        if full {
            // Every fixed variable is forward-checked (again, at no cost if it was), and with
            // counting every group is settled and examined for every value.
            for i in 0..self.mirror.len() {
                let d = self.mirror[i];
                if d != 0 && d & (d - 1) == 0 {
                    self.s.fixed.push(i as u32);
                }
            }
            if counting {
                for g in 0..net.sizes.len() {
                    if self.tight[g / 64] & 1 << (g % 64) != 0 {
                        self.examine(g);
                    } else {
                        self.settle(g)?;
                    }
                }
            }
        }
        // Forward checking first (cheap and decisive), then the groups where values lost places.
        let gw = self.gw();
        loop {
            if let Some(i) = self.s.fixed.pop() {
                self.fix(i as usize)?;
                continue;
            }
            if self.s.dirty_values == 0 {
                break;
            }
            let v = self.s.dirty_values.trailing_zeros() as usize;
            self.s.dirty_values &= !(1 << v);
            for u in 0..gw {
                let mut gs = std::mem::take(&mut self.s.dirty[v * gw + u]);
                if Self::SMALL {
                    self.check_all(v, gs)?;
                    continue;
                }
                while gs != 0 {
                    let g = u * 64 + gs.trailing_zeros() as usize;
                    gs &= gs - 1;
                    self.check(g, v)?;
                }
            }
        }
        for t in 0..w {
            let mut bits = std::mem::take(&mut self.s.touched[t]);
            while bits != 0 {
                let i = t * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                self.s.writes.push((i as u32, self.mirror[i]));
            }
        }
        Ok(())
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

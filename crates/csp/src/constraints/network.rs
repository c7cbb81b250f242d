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
//!   `v` is still possible, kept in step with the network's own copy of the domains;
//! * **forward checking** of a variable fixed to `v` is one mask over its precomputed *peers*
//!   (the union of the scopes it belongs to): `P[v] & peers(x)` is exactly the set of variables
//!   that lose `v`;
//! * **places are counted incrementally**: for each constraint `k` and value `v`, the number of
//!   variables of `k` that still allow `v` goes down by one when a removal happens, so a value
//!   with one place left (a *hidden single*), none (a *wipe-out* of the value), or few enough to
//!   lie inside the overlap with another constraint (*locked values*) is noticed at the removal
//!   that causes it, never by rescanning;
//! * **one write per changed variable**: the network reaches its own fixed point in its own
//!   view, then writes each changed domain once through the engine, which wakes the other
//!   constraints on it.
//!
//! A constraint `k` is *value-tight* when its variables together still allow exactly as many
//! values as it has variables: then every such value must be used, which is what makes hidden
//! singles and locked values sound for a general all-different (not only for permutations). With
//! fewer values than variables it fails (pigeonhole). Tightness is tracked per constraint.
//!
//! The network's state (its copy of the domains, the dual view, the counters) lives in the
//! engine's store ([`Model::add_state`]), so checkpoints save and restore it with the domains at
//! no extra cost. It learns which variables changed from elsewhere through [`Events::TRACK`].
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
use smallvec::SmallVec;

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

/// The most variables in one constraint of a network (place masks are one word).
const MAX_GROUP: usize = 64;

/// Where each part of the state lies, relative to the first state block.
#[derive(Clone, Copy, Debug, Default)]
struct Layout {
    /// First block of the state in the store.
    start: usize,
    /// Number of state blocks.
    len: usize,
    /// `n` blocks: the network's copy of each variable's domain, in the value space.
    done: usize,
    /// `values * words` blocks: `P[v]`, the variables that still allow value `v`.
    dual: usize,
    /// One block per group: the values a variable of the group is fixed to (and forward-checked).
    placed: usize,
    /// `groups` blocks per value: the places of each value in each group, in group-local
    /// positions (value-major, so that one removal touches one run of blocks).
    places: usize,
    /// One byte per group: the values with a place in it (taken or not).
    live: usize,
}

/// Why a run failed.
enum Fail {
    /// The variable at this local lost its last value.
    WipeOut(u32),
    /// A value-tight group lost a value it needs.
    Pigeonhole,
}

/// A group `h` sharing at least two variables with a group `g`, seen from `g`.
#[derive(Clone, Copy, Debug)]
struct Lock {
    /// The shared variables, in `g`'s local positions.
    inside: Block,
    /// Index of `h`'s variables outside `g` in `outsides` (`words` blocks, network locals).
    outside: u32,
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
    /// The constraint each group comes from.
    sources: Vec<ConstraintId>,
    /// Per group: the number of variables.
    sizes: Vec<u8>,
    /// Per group: the most variables it shares with another group (locked values are looked
    /// for when a value has at most this many places).
    limits: Vec<u8>,
    /// Per local: the variables of its groups but itself, `words` blocks each.
    peers: Vec<Block>,
    /// The groups of local `i`, as `group << 6 | position in the group`, are
    /// `members[member_at[i]..member_at[i + 1]]`.
    member_at: Vec<u32>,
    members: Vec<u32>,
    /// The locals of group `g`, by position, are `locals[local_at[g]..local_at[g + 1]]`.
    local_at: Vec<u32>,
    locals: Vec<u32>,
    /// The groups overlapping group `g` in at least two variables, among them the one at
    /// position `p`: `locks[lock_at[64 * g + p]..lock_at[64 * g + p + 1]]`.
    lock_at: Vec<u32>,
    locks: Vec<Lock>,
    outsides: Vec<Block>,
    layout: Layout,
    scratch: Scratch,
}

/// Buffers reused by every run (no allocation once they reached their working size).
#[derive(Debug, Default)]
struct Scratch {
    changed: Vec<u32>,
    /// `(local, its domain in the value space)` of the variables changed from outside.
    diffs: Vec<(u32, Block)>,
    /// Locals fixed in the network's view, to forward-check.
    fixed: Vec<u32>,
    /// `(group, value)` pairs to examine: one place left, none, or locked in an overlap.
    checks: Vec<(u32, u32)>,
    /// Per group: the values queued in `checks`.
    pending: Vec<Block>,
    /// Per group: the values whose places changed since the group was last examined.
    dirty: Vec<Block>,
    /// The locals whose domain the run changed, `words` blocks.
    touched: Vec<Block>,
    /// `(local, domain in the value space)` to write back.
    writes: Vec<(u32, Block)>,
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
        let mut masks: Vec<Block> = vec![0; k * w];
        let mut local_at = vec![0u32];
        let mut locals = Vec::new();
        // A variable is in a few groups: inline lists spare a heap allocation per variable.
        let mut member_lists: Vec<SmallVec<[u32; 4]>> = vec![SmallVec::new(); n];
        let mut sizes = Vec::with_capacity(k);
        for (g, (_, scope)) in groups.iter().enumerate() {
            if scope.len() < 2 || scope.len() > MAX_GROUP {
                return Err(invalid(format!("a group of {} variables (2 to {MAX_GROUP})", scope.len())));
            }
            for (pos, &x) in scope.iter().enumerate() {
                let i = local_of[x.index()] as usize;
                let m = &mut masks[g * w + i / 64];
                if *m & 1 << (i % 64) != 0 {
                    return Err(invalid(format!("{x} appears twice in one group")));
                }
                *m |= 1 << (i % 64);
                locals.push(i as u32);
                member_lists[i].push((g as u32) << 6 | pos as u32);
            }
            local_at.push(locals.len() as u32);
            sizes.push(scope.len() as u8);
        }
        let mut peers: Vec<Block> = vec![0; n * w];
        let mut member_at = vec![0u32];
        let mut members = Vec::new();
        for (i, list) in member_lists.iter().enumerate() {
            for &m in list {
                let g = (m >> 6) as usize;
                for t in 0..w {
                    peers[i * w + t] |= masks[g * w + t];
                }
            }
            peers[i * w + i / 64] &= !(1 << (i % 64));
            members.extend_from_slice(list);
            member_at.push(members.len() as u32);
        }
        // Overlaps of two or more variables, for locked values.
        let mut limits = vec![u8::from(level >= NetworkLevel::HiddenSingles); k];
        let mut lock_at = vec![0u32];
        let mut locks = Vec::new();
        let mut outsides = Vec::new();
        for g in 0..k {
            let mine = &locals[local_at[g] as usize..local_at[g + 1] as usize];
            // Per other group: its shared positions in `g` and its outside mask.
            let mut partners: Vec<(usize, Block, u32)> = Vec::new();
            if level >= NetworkLevel::LockedValues {
                for h in (0..k).filter(|&h| h != g) {
                    let inside = mine
                        .iter()
                        .enumerate()
                        .filter(|(_, &i)| masks[h * w + i as usize / 64] & 1 << (i % 64) != 0)
                        .fold(0 as Block, |acc, (p, _)| acc | 1 << p);
                    if inside.count_ones() >= 2 {
                        limits[g] = limits[g].max(inside.count_ones() as u8);
                        let index = (outsides.len() / w) as u32;
                        outsides.extend((0..w).map(|t| masks[h * w + t] & !masks[g * w + t]));
                        partners.push((h, inside, index));
                    }
                }
            }
            for p in 0..64 {
                for &(_, inside, outside) in &partners {
                    if inside & 1 << p != 0 {
                        locks.push(Lock { inside, outside });
                    }
                }
                lock_at.push(locks.len() as u32);
            }
        }
        let mut layout = Layout { done: n, dual: n + w, ..Layout::default() };
        layout.placed = layout.dual + values * w;
        layout.places = layout.placed + k;
        layout.live = layout.places + k * values;
        layout.len = layout.live + k.div_ceil(8);
        let offs: Vec<u32> = vars.iter().map(|&x| model.block_offset(x) as u32).collect();
        let shifts: Vec<u32> =
            vars.iter().map(|&x| (i64::from(model.range_min(x).unwrap_or(base)) - i64::from(base)) as u32).collect();

        // The initial state, from the initial domains.
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
        for g in 0..k {
            let mut union = 0;
            for (pos, &i) in locals[local_at[g] as usize..local_at[g + 1] as usize].iter().enumerate() {
                let mut bits = state[i as usize];
                union |= bits;
                while bits != 0 {
                    let v = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    state[layout.places + v * k + g] |= 1 << pos;
                }
            }
            state[layout.live + g / 8] |= (union.count_ones() as Block) << (8 * (g % 8));
        }
        layout.start = model.add_state(&state);
        Ok(AllDifferentNetwork {
            level,
            offs,
            shifts,
            base,
            values,
            words: w,
            sources: groups.iter().map(|(c, _)| *c).collect(),
            sizes,
            limits,
            peers,
            member_at,
            members,
            local_at,
            locals,
            lock_at,
            locks,
            outsides,
            layout,
            scratch: Scratch {
                changed: Vec::with_capacity(n),
                diffs: Vec::with_capacity(n),
                fixed: Vec::with_capacity(n),
                checks: Vec::with_capacity(k * values),
                pending: vec![0; k],
                dirty: vec![0; k],
                touched: vec![0; w],
                writes: Vec::with_capacity(n),
            },
            vars,
        })
    }

    /// The propagation level.
    pub fn level(&self) -> NetworkLevel {
        self.level
    }

    /// The constraints whose all-different reasoning the network does, one per group.
    pub fn sources(&self) -> &[ConstraintId] {
        &self.sources
    }

    /// The number of values of the common value space, from the smallest value of any variable.
    pub fn value_span(&self) -> usize {
        self.values
    }

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
        s.checks.clear();
        s.pending.fill(0);
        s.dirty.fill(0);
        s.writes.clear();
        let st = ctx.state_mut(l.start, l.len);
        match Run::new(self, st, s).sync_and_run(full) {
            Ok(()) => {}
            Err(Fail::WipeOut(i)) => return Err(ctx.wiped_out(self.vars[i as usize])),
            Err(Fail::Pigeonhole) => return Err(ctx.fail(Rule::Pigeonhole)),
        }
        for &(i, d) in &s.writes {
            let i = i as usize;
            ctx.retain_block(self.vars[i], 0, d >> self.shifts[i], Rule::Other)?;
        }
        Ok(())
    }

    /// The locals of group `g`, by position.
    fn group(&self, g: usize) -> &[u32] {
        &self.locals[self.local_at[g] as usize..self.local_at[g + 1] as usize]
    }
}

/// Whether `p` has at most `k` bits (`k >= 1`; three steps without a loop cover Sudoku-like
/// overlaps of three, and this runs on every update of a place mask).
#[inline(always)]
fn at_most(p: Block, k: u8) -> bool {
    let p = p & p.wrapping_sub(1);
    if k <= 1 {
        return p == 0;
    }
    let p = p & p.wrapping_sub(1);
    if k == 2 {
        return p == 0;
    }
    let mut p = p & p.wrapping_sub(1);
    let mut left = k - 3;
    while p != 0 && left > 0 {
        p &= p.wrapping_sub(1);
        left -= 1;
    }
    p == 0
}

/// One run's view: the network's tables, its state blocks by part, and its scratch.
struct Run<'a> {
    net: &'a AllDifferentNetwork,
    mirror: &'a mut [Block],
    done: &'a mut [Block],
    dual: &'a mut [Block],
    placed: &'a mut [Block],
    places: &'a mut [Block],
    live: &'a mut [Block],
    s: &'a mut Scratch,
}

impl<'a> Run<'a> {
    fn new(net: &'a AllDifferentNetwork, st: &'a mut [Block], s: &'a mut Scratch) -> Run<'a> {
        let l = net.layout;
        let (mirror, st) = st.split_at_mut(l.done);
        let (done, st) = st.split_at_mut(l.dual - l.done);
        let (dual, st) = st.split_at_mut(l.placed - l.dual);
        let (placed, st) = st.split_at_mut(l.places - l.placed);
        let (places, live) = st.split_at_mut(l.live - l.places);
        Run { net, mirror, done, dual, placed, places, live, s }
    }

    #[inline(always)]
    fn live(&self, g: usize) -> u32 {
        ((self.live[g / 8] >> (8 * (g % 8))) & 0xff) as u32
    }

    #[inline(always)]
    fn is_tight(&self, g: usize) -> bool {
        self.live(g) == u32::from(self.net.sizes[g])
    }

    /// Queues `(g, v)` for [`check`](Self::check) once.
    #[inline(always)]
    fn queue(&mut self, g: usize, v: usize) {
        if self.s.pending[g] & 1 << v == 0 {
            self.s.pending[g] |= 1 << v;
            self.s.checks.push((g as u32, v as u32));
        }
    }

    /// Value `v` leaves local `j` (the caller cleared its dual bit): the network's copy of the
    /// domain, the fixing and wipe-out tests, and the places of `v` in `j`'s groups where `v`
    /// is not taken yet.
    #[inline(always)]
    fn remove(&mut self, j: usize, v: usize) -> Result<(), Fail> {
        let net = self.net;
        let d = self.mirror[j] & !(1 << v);
        self.mirror[j] = d;
        self.s.touched[j / 64] |= 1 << (j % 64);
        if d & d.wrapping_sub(1) == 0 {
            if d == 0 {
                return Err(Fail::WipeOut(j as u32));
            }
            self.s.fixed.push(j as u32);
        }
        if net.level == NetworkLevel::ForwardChecking {
            return Ok(());
        }
        // Branch-free: the place masks of a value already taken are never read again, and
        // every touched group is examined once per round ([`examine_dirty`](Self::examine_dirty)).
        let k = net.sizes.len();
        let places = &mut self.places[v * k..(v + 1) * k];
        let dirty = &mut self.s.dirty[..k];
        for &m in &net.members[net.member_at[j] as usize..net.member_at[j + 1] as usize] {
            let g = (m >> 6) as usize;
            places[g] &= !(1 << (m & 63));
            dirty[g] |= 1 << v;
        }
        Ok(())
    }

    /// Whether the places `p` of `v` in `g` lie inside an overlap with another group that
    /// still has `v` outside the overlap.
    #[inline(always)]
    fn lockable(&self, g: usize, v: usize, p: Block) -> bool {
        let (net, w) = (self.net, self.net.words);
        let at = 64 * g + p.trailing_zeros() as usize;
        for lock in &net.locks[net.lock_at[at] as usize..net.lock_at[at + 1] as usize] {
            if p & !lock.inside == 0 {
                let o = lock.outside as usize * w;
                for t in 0..w {
                    if self.dual[v * w + t] & net.outsides[o + t] != 0 {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// A value has no place left in group `g`: one value fewer for it. Fewer values than
    /// variables fail; exactly as many makes the group value-tight, so its values with few
    /// places are examined.
    #[cold]
    #[inline(never)]
    fn value_gone(&mut self, g: usize) -> Result<(), Fail> {
        self.live[g / 8] -= 1 << (8 * (g % 8));
        let live = self.live(g);
        let size = u32::from(self.net.sizes[g]);
        if live < size {
            return Err(Fail::Pigeonhole);
        }
        if live == size {
            self.examine_group(g);
        }
        Ok(())
    }

    /// Queues every value of group `g` not taken yet with at most the group's limit of places.
    fn examine_group(&mut self, g: usize) {
        for v in 0..self.net.values {
            let p = self.places[v * self.net.sizes.len() + g];
            if p != 0 && self.placed[g] & 1 << v == 0 && at_most(p, self.net.limits[g]) {
                self.queue(g, v);
            }
        }
    }

    /// Forward checking of local `i`, fixed in the network's view: its value is taken in its
    /// groups and leaves its peers.
    fn fix(&mut self, i: usize) -> Result<(), Fail> {
        let net = self.net;
        let w = net.words;
        if self.done[i / 64] & 1 << (i % 64) != 0 {
            return Ok(());
        }
        self.done[i / 64] |= 1 << (i % 64);
        let v = self.mirror[i].trailing_zeros() as usize;
        if net.level >= NetworkLevel::HiddenSingles {
            for &m in &net.members[net.member_at[i] as usize..net.member_at[i + 1] as usize] {
                self.placed[(m >> 6) as usize] |= 1 << v;
            }
        }
        for t in 0..w {
            let p = self.dual[v * w + t];
            let mut lose = p & net.peers[i * w + t];
            if lose == 0 {
                continue;
            }
            self.dual[v * w + t] = p & !lose;
            while lose != 0 {
                let j = t * 64 + lose.trailing_zeros() as usize;
                lose &= lose - 1;
                self.remove(j, v)?;
            }
        }
        Ok(())
    }

    /// Value `v`, not taken in group `g`, has one place left there (a hidden single), none
    /// (a pigeonhole failure), or all its places inside an overlap with another group (locked:
    /// it leaves the rest of that group). Only in a value-tight group.
    fn check(&mut self, g: usize, v: usize) -> Result<(), Fail> {
        let net = self.net;
        let w = net.words;
        self.s.pending[g] &= !(1 << v);
        if self.placed[g] & 1 << v != 0 || !self.is_tight(g) {
            return Ok(());
        }
        let p = self.places[v * net.sizes.len() + g];
        if p == 0 {
            return Err(Fail::Pigeonhole);
        }
        let first = p.trailing_zeros() as usize;
        if p & (p - 1) == 0 {
            // A hidden single: the variable at `first` takes `v`.
            let j = net.group(g)[first] as usize;
            let mut others = self.mirror[j] & !(1 << v);
            while others != 0 {
                let u = others.trailing_zeros() as usize;
                others &= others - 1;
                self.dual[u * w + j / 64] &= !(1 << (j % 64));
                self.remove(j, u)?;
            }
            return Ok(());
        }
        let at = 64 * g + first;
        for k in net.lock_at[at] as usize..net.lock_at[at + 1] as usize {
            let lock = net.locks[k];
            if p & !lock.inside != 0 {
                continue;
            }
            let o = lock.outside as usize * w;
            for t in 0..w {
                let d = self.dual[v * w + t];
                let mut lose = d & net.outsides[o + t];
                if lose == 0 {
                    continue;
                }
                self.dual[v * w + t] = d & !lose;
                while lose != 0 {
                    let j = t * 64 + lose.trailing_zeros() as usize;
                    lose &= lose - 1;
                    self.remove(j, v)?;
                }
            }
        }
        Ok(())
    }

    /// Examines the values whose places changed since the last round, group by group: no
    /// place left (pigeonhole when the group is value-tight, else one value fewer), one place
    /// (a hidden single), or few enough to be locked in an overlap. Returns whether anything was
    /// queued.
    fn examine_dirty(&mut self) -> Result<bool, Fail> {
        let net = self.net;
        let mut queued = false;
        for g in 0..self.s.dirty.len() {
            let dirty = std::mem::take(&mut self.s.dirty[g]);
            let mut values = dirty & !self.placed[g];
            while values != 0 {
                let v = values.trailing_zeros() as usize;
                values &= values - 1;
                let p = self.places[v * net.sizes.len() + g];
                if p & p.wrapping_sub(1) == 0 {
                    if p == 0 {
                        self.value_gone(g)?;
                        continue;
                    }
                } else if net.level != NetworkLevel::LockedValues
                    || !at_most(p, net.limits[g])
                    || !self.lockable(g, v, p)
                {
                    continue;
                }
                self.queue(g, v);
                queued = true;
            }
        }
        Ok(queued)
    }

    /// Every group's pigeonhole test and values with few places (after a full resynchronisation).
    fn examine_all(&mut self) -> Result<(), Fail> {
        if self.net.level == NetworkLevel::ForwardChecking {
            return Ok(());
        }
        for g in 0..self.net.sizes.len() {
            let (live, size) = (self.live(g), u32::from(self.net.sizes[g]));
            if live < size {
                return Err(Fail::Pigeonhole);
            }
            if live == size {
                self.examine_group(g);
            }
        }
        Ok(())
    }

    /// Brings the network's view in step with the domains (`s.diffs`), runs to the fixed
    /// point, and lists the writes.
    fn sync_and_run(&mut self, full: bool) -> Result<(), Fail> {
        let w = self.net.words;
        for k in 0..self.s.diffs.len() {
            let (i, d) = self.s.diffs[k];
            let i = i as usize;
            let old = self.mirror[i];
            debug_assert!(d & !old == 0, "the network's view holds every value of the domain");
            let mut gone = old & !d;
            while gone != 0 {
                let v = gone.trailing_zeros() as usize;
                gone &= gone - 1;
                self.dual[v * w + i / 64] &= !(1 << (i % 64));
                self.remove(i, v)?;
            }
            let m = self.mirror[i];
            if m & m.wrapping_sub(1) == 0 && self.done[i / 64] & 1 << (i % 64) == 0 {
                self.s.fixed.push(i as u32);
            }
        }
        if full {
            self.examine_all()?;
        }
        // Forward checking first (cheap and decisive), then the groups whose places changed.
        loop {
            if let Some(i) = self.s.fixed.pop() {
                self.fix(i as usize)?;
            } else if let Some((g, v)) = self.s.checks.pop() {
                self.check(g as usize, v as usize)?;
            } else if !self.examine_dirty()? {
                break;
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
        &self.vars
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
        // The scratch is moved out for the run, so that the tables can be borrowed beside it.
        let mut s = std::mem::take(&mut self.scratch);
        let r = self.run(ctx, &mut s);
        self.scratch = s;
        r
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        (0..self.sizes.len()).all(|g| {
            let mut seen: Block = 0;
            self.group(g).iter().all(|&i| {
                let v = i64::from(values[i as usize]) - i64::from(self.base);
                if !(0..self.values as i64).contains(&v) || seen & 1 << v != 0 {
                    return false;
                }
                seen |= 1 << v;
                true
            })
        })
    }
}

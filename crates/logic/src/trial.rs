//! Trial propagation: an assumption followed to a contradiction, which refutes it.
//!
//! Assume `x = v` and draw the consequences; if they reach a dead end (a variable without
//! values, a value without a place in a tight group), then `x != v`. The *chain* is the
//! implications the dead end rests on, in the order they were drawn; its length measures how
//! much a person has to follow to see the contradiction.
//!
//! * [`Trial::refute`] draws consequences by singles only (naked and hidden), breadth first,
//!   and records each implication's premises, so the chain is exactly the implications the
//!   contradiction needs (a forcing chain in Sudoku terms). [`Trial::refute_with`] can
//!   restrict it to the assumed value's hidden singles ([`Links::Value`]: a single-digit
//!   chain) or to naked singles ([`Links::Variables`]: a chain through two-valued variables).
//! * [`Trial::refute_deep`] also applies locked values and Hall sets between singles (a
//!   *dynamic* chain): stronger, slower. It records what each placement and deduction rests
//!   on (the removals its pattern needs, and what made them), and keeps of them only those
//!   the contradiction needs.

use super::candidates::{bits, Candidates, Contradiction, NONE};
use super::{fish, singles, subsets};

/// Which implications a trial draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Links {
    /// Only the assumed value: it leaves the assumed variable's groups, and goes to the other
    /// place of a tight group where it had two (hidden singles of one value over the links
    /// of the starting state: a static single-value chain).
    Value,
    /// Only variables: a value taken leaves the groups, and a variable that had two values
    /// takes the other (naked singles over the links of the starting state: a static chain
    /// through two-valued variables).
    Variables,
    /// Both: naked and hidden singles of every value.
    #[default]
    Singles,
    /// Both, over the links of the starting state only: a variable that had two values
    /// takes the other, a value that had two places in a tight group goes to the other (a
    /// static chain of both kinds of link).
    Static,
}

/// Why an implication of a chain holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Link {
    /// The assumption itself.
    Assumption,
    /// The variable had no other value left.
    Naked,
    /// The variable was the value's only place left in the group.
    Hidden {
        /// The group (index into [`Candidates::groups`]).
        group: u32,
    },
}

/// One implication: a variable takes a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Implication {
    /// The variable (local index).
    pub var: u32,
    /// The value's bit.
    pub bit: u32,
    /// Why.
    pub why: Link,
}

/// A deduction other than a single that a dynamic or nested trial draws on the way: the
/// placements after it may rest on what it removes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Deduction {
    /// A value confined to the overlap of two groups (a fish of size 1: locked candidates).
    Locked(fish::Fish),
    /// A naked or hidden subset.
    Subset(subsets::HallSet),
}

/// A [`Deduction`] drawn by a trial, with where it was drawn and what it removed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deduced {
    /// The number of the chain's implications drawn before it.
    pub after: u32,
    /// The number of a nested chain's branches drawn before it (0 in other chains).
    pub branches: u32,
    /// The deduction, in the candidates as they stood under the assumption.
    pub deduction: Deduction,
    /// What it removed then: each variable with the bits it lost.
    pub removed: Vec<(u32, u64)>,
}

/// A refuted assumption: `var` cannot take `bit`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chain {
    /// The assumption's variable (local index).
    pub var: u32,
    /// The assumption's value bit.
    pub bit: u32,
    /// The implications the contradiction rests on, in the order drawn (the assumption not
    /// included). For a deep chain, every placement drawn.
    pub implications: Vec<Implication>,
    /// Deductions other than singles drawn on the way (deep chains only).
    pub deductions: u32,
    /// Those deductions, in the order drawn, each after the implications it follows (deep
    /// chains only: the ones the contradiction rests on).
    pub deduced: Vec<Deduced>,
    /// The dead end.
    pub contradiction: Contradiction,
}

impl Chain {
    /// The chain's length: its implications and deductions, plus one for the assumption.
    pub fn length(&self) -> u32 {
        self.implications.len() as u32 + self.deductions + 1
    }
}

/// Scratch space for trial propagation, reused between trials (allocation-free after the
/// first trial of a given size, but for the chain returned).
///
/// # Example
///
/// ```
/// use logic::{trial::Trial, Candidates, Contradiction};
/// use csp::Model;
/// use csp::constraints::AllDifferent;
///
/// // x, y, z pairwise different over 1..=3, x and y in {1, 2}: z = 1 leaves 3 no place.
/// let mut model = Model::new();
/// let v = model.new_vars(3, 1..=3)?;
/// model.post(AllDifferent::new(v.clone()))?;
/// let mut solver = model.into_solver();
/// solver.remove_value(v[0], 3)?;
/// solver.remove_value(v[1], 3)?;
/// let c = Candidates::from_solver(&solver)?;
/// let mut trial = Trial::default();
/// let chain = trial.refute(&c, 2, 0).expect("z = 1 fails");
/// assert_eq!(chain.contradiction, Contradiction::NoPlace { group: 0, bit: 2 });
/// assert_eq!(chain.length(), 1);
/// assert!(trial.refute(&c, 2, 2).is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Trial {
    masks: Vec<u64>,
    /// By `var * 64 + bit`: the implication that removed the bit, valid when the stamp matches.
    removed_by: Vec<u32>,
    removed_stamp: Vec<u32>,
    queued: Vec<u32>,
    stamp: u32,
    implications: Vec<Implication>,
    marked: Vec<u32>,
    stack: Vec<u32>,
    links: Links,
    /// What a dynamic trial's steps rest on.
    causes: Causes,
}

impl Trial {
    /// Assumes `var = bit` on `c` and draws consequences by singles; the chain if they reach a
    /// contradiction. `c` is not changed. Variables fixed but not settled in `c` count as
    /// facts, not as links of the chain.
    ///
    /// # Panics
    ///
    /// Panics if `var` is not a variable of `c`.
    pub fn refute(&mut self, c: &Candidates, var: u32, bit: u32) -> Option<Chain> {
        self.refute_with(c, var, bit, Links::Singles)
    }

    /// [`refute`](Trial::refute), drawing only the implications of `links`.
    ///
    /// # Panics
    ///
    /// Panics if `var` is not a variable of `c`.
    pub fn refute_with(&mut self, c: &Candidates, var: u32, bit: u32, links: Links) -> Option<Chain> {
        self.refute_within(c, var, bit, links, u32::MAX)
    }

    /// [`refute_with`](Trial::refute_with), for a caller that wants only chains of at most
    /// `max_length` ([`Chain::length`]): the same chain when it is that short, else `None`,
    /// found without drawing the implications that only a longer chain could rest on.
    ///
    /// Implications are drawn breadth first: one drawn at depth `d` (the assumption and the
    /// facts at depth 0) rests on one drawn at each depth below it, so a contradiction met
    /// while following it makes a chain of length at least `d + 1`. The trial stops before
    /// following implications of depth `max_length`.
    ///
    /// # Panics
    ///
    /// Panics if `var` is not a variable of `c`.
    pub fn refute_within(
        &mut self,
        c: &Candidates,
        var: u32,
        bit: u32,
        links: Links,
        max_length: u32,
    ) -> Option<Chain> {
        self.links = links;
        let n = c.num_vars();
        if c.mask(var) & (1 << bit) == 0 {
            return None;
        }
        self.prepare(c);
        for v in 0..n as u32 {
            if !c.is_settled(v) && v != var {
                if let Some(b) = c.fixed_bit(v) {
                    self.push(v, b, Link::Naked);
                }
            }
        }
        let facts = self.implications.len() as u32;
        self.push(var, bit, Link::Assumption);
        let mut head = 0;
        // The depth of the implication at `head`, and the end of that depth's implications.
        let (mut depth, mut depth_end) = (0, self.implications.len());
        while head < self.implications.len() {
            if head == depth_end {
                depth += 1;
                depth_end = self.implications.len();
                if depth >= max_length {
                    return None;
                }
            }
            let a = head as u32;
            let Implication { var: v, bit: b, .. } = self.implications[head];
            head += 1;
            let m = self.masks[v as usize];
            if m & (1 << b) == 0 {
                // Only reachable when the facts of `c` already clash.
                return None;
            }
            let others = if self.links == Links::Value { 0 } else { m & !(1 << b) };
            for o in bits(others) {
                if let Err(x) = self.remove(c, v, o, a) {
                    return Some(self.chain(c, var, bit, facts, x)).filter(|chain| chain.length() <= max_length);
                }
            }
            for &g in c.groups_of(v) {
                for &peer in &c.groups()[g as usize].vars {
                    if peer != v && self.masks[peer as usize] & (1 << b) != 0 {
                        if let Err(x) = self.remove(c, peer, b, a) {
                            return Some(self.chain(c, var, bit, facts, x))
                                .filter(|chain| chain.length() <= max_length);
                        }
                    }
                }
            }
        }
        None
    }

    fn prepare(&mut self, c: &Candidates) {
        let n = c.num_vars();
        self.masks.clear();
        self.masks.extend_from_slice(c.masks());
        if self.queued.len() != n {
            self.removed_by = vec![0; n * 64];
            self.removed_stamp = vec![0; n * 64];
            self.queued = vec![0; n];
            self.stamp = 0;
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.removed_stamp.fill(0);
            self.queued.fill(0);
            self.stamp = 1;
        }
        self.implications.clear();
    }

    fn push(&mut self, var: u32, bit: u32, why: Link) {
        self.queued[var as usize] = self.stamp;
        self.implications.push(Implication { var, bit, why });
    }

    /// Removes `bit` from `var` because of implication `cause`, and queues what follows.
    fn remove(&mut self, c: &Candidates, var: u32, bit: u32, cause: u32) -> Result<(), Contradiction> {
        let m = self.masks[var as usize] & !(1 << bit);
        self.masks[var as usize] = m;
        let k = var as usize * 64 + bit as usize;
        self.removed_by[k] = cause;
        self.removed_stamp[k] = self.stamp;
        // A static chain ends where two of its branches meet: a variable that had two
        // values, a value that had two places. A dead end of more branches (a net) is passed
        // over, as the chain's own links would not show it.
        let two_branches = self.links != Links::Static;
        if m == 0 && (two_branches || c.mask(var).count_ones() == 2) {
            return Err(Contradiction::Empty { var });
        }
        // Chains of one kind are static: they follow only the links of the state they start
        // from (a variable with two values, a value with two places).
        let static_links = self.links != Links::Singles;
        // (`Static` draws both kinds, as `Singles` does, over the starting state's links.)
        if self.links != Links::Value
            && m.count_ones() == 1
            && self.queued[var as usize] != self.stamp
            && (!static_links || c.mask(var).count_ones() == 2)
        {
            self.push(var, m.trailing_zeros(), Link::Naked);
        }
        if self.links == Links::Variables {
            return Ok(());
        }
        for &g in c.groups_of(var) {
            let group = &c.groups()[g as usize];
            if !group.tight || group.values & (1 << bit) == 0 {
                continue;
            }
            let (mut count, mut place) = (0, NONE);
            for &l in &group.vars {
                if self.masks[l as usize] & (1 << bit) != 0 {
                    count += 1;
                    place = l;
                }
            }
            if count == 0 && (two_branches || c.places(g, bit).0 == 2) {
                return Err(Contradiction::NoPlace { group: g, bit });
            }
            if count == 1
                && self.queued[place as usize] != self.stamp
                && self.masks[place as usize] != 1 << bit
                && (!static_links || c.places(g, bit).0 == 2)
            {
                self.push(place, bit, Link::Hidden { group: g });
            }
        }
        Ok(())
    }

    /// The removal record of `bit` in `var`, if it was removed in this trial.
    fn cause(&self, var: u32, bit: u32) -> Option<u32> {
        let k = var as usize * 64 + bit as usize;
        (self.removed_stamp[k] == self.stamp).then(|| self.removed_by[k])
    }

    /// Premises of a removal set: the causes of `bit`'s removal from each of `vars` (or of
    /// every bit of `var`), pushed on the stack.
    fn push_causes(&mut self, c: &Candidates, var: u32, mask: u64) {
        let start = c.mask(var);
        for b in bits(start & mask) {
            if let Some(a) = self.cause(var, b) {
                self.stack.push(a);
            }
        }
    }

    /// The chain behind contradiction `x`: the implications it rests on.
    fn chain(&mut self, c: &Candidates, var: u32, bit: u32, facts: u32, x: Contradiction) -> Chain {
        self.stack.clear();
        match x {
            Contradiction::Empty { var: v } => self.push_causes(c, v, u64::MAX),
            Contradiction::NoPlace { group, bit: b } => {
                for &l in &c.groups()[group as usize].vars {
                    self.push_causes(c, l, 1 << b);
                }
            }
        }
        self.marked.clear();
        self.marked.resize(self.implications.len(), 0);
        while let Some(a) = self.stack.pop() {
            if self.marked[a as usize] != 0 {
                continue;
            }
            self.marked[a as usize] = 1;
            let Implication { var: v, bit: b, why } = self.implications[a as usize];
            if a < facts {
                continue;
            }
            match why {
                Link::Assumption => {}
                Link::Naked => self.push_causes(c, v, !(1 << b)),
                Link::Hidden { group } => {
                    for &l in &c.groups()[group as usize].vars {
                        if l != v {
                            self.push_causes(c, l, 1 << b);
                        }
                    }
                }
            }
        }
        let implications = (facts as usize..self.implications.len())
            .filter(|&a| self.marked[a] != 0 && self.implications[a].why != Link::Assumption)
            .map(|a| self.implications[a])
            .collect();
        Chain { var, bit, implications, deductions: 0, deduced: Vec::new(), contradiction: x }
    }

    /// Assumes `var = bit` on a copy of `c` and draws consequences by singles, locked values
    /// (fish of size 1 between any two families) and naked and hidden subsets of up to four,
    /// until a contradiction, a solution, no progress, or `max_length` implications and
    /// deductions. The chain if a contradiction comes first.
    ///
    /// # Panics
    ///
    /// Panics if `var` is not a variable of `c`.
    pub fn refute_deep(&mut self, c: &Candidates, var: u32, bit: u32, max_length: u32) -> Option<Chain> {
        if c.mask(var) & (1 << bit) == 0 {
            return None;
        }
        let mut s = c.clone();
        let causes = &mut self.causes;
        causes.reset(c);
        let gone = s.assign(var, bit);
        causes.removed(var, gone, 0);
        let mut implications = Vec::new();
        let mut deductions = 0u32;
        match draw_deep(&mut s, c, var, &mut implications, &mut deductions, max_length, Some(causes), None) {
            Drawn::Contradiction(x) => {
                let (implications, deduced) = causes.needed(c, x, implications);
                let deductions = deduced.len() as u32;
                Some(Chain { var, bit, implications, deductions, deduced, contradiction: x })
            }
            Drawn::Open | Drawn::Limit => None,
        }
    }
}

/// What a dynamic trial's placements and deductions rest on, to keep of them only those its
/// contradiction needs. Events: 0 is the assumption, then each placement and deduction.
#[derive(Clone, Debug, Default)]
pub(super) struct Causes {
    width: usize,
    /// By `var * width + bit`: the event that removed the bit, or `NONE` (not removed, or
    /// removed by a variable fixed before the trial).
    cause: Vec<u32>,
    /// By event: the events it rests on.
    premises: Vec<Vec<u32>>,
    /// By event: the index of its placement among the implications drawn, or `NONE` (the
    /// assumption, or a deduction).
    placement: Vec<u32>,
    /// The deductions drawn, with their events.
    deduced: Vec<(u32, Deduced)>,
    stack: Vec<u32>,
    kept: Vec<bool>,
}

impl Causes {
    fn reset(&mut self, c: &Candidates) {
        self.width = c.width() as usize;
        self.cause.clear();
        self.cause.resize(c.num_vars() * self.width, NONE);
        self.premises.clear();
        self.placement.clear();
        self.premises.push(Vec::new());
        self.placement.push(NONE);
        self.deduced.clear();
    }

    /// A new event resting on `premises`; its number.
    fn event(&mut self, premises: Vec<u32>, placement: u32) -> u32 {
        self.premises.push(premises);
        self.placement.push(placement);
        self.premises.len() as u32 - 1
    }

    /// Records that `event` removed `mask` from `var`.
    fn removed(&mut self, var: u32, mask: u64, event: u32) {
        for b in bits(mask) {
            let i = var as usize * self.width + b as usize;
            if self.cause[i] == NONE {
                self.cause[i] = event;
            }
        }
    }

    /// Adds to `out` the events that removed `mask` from `var`.
    fn of(&self, var: u32, mask: u64, out: &mut Vec<u32>) {
        out.extend(bits(mask).map(|b| self.cause[var as usize * self.width + b as usize]).filter(|&e| e != NONE));
    }

    /// The events that removed `bit` from the variables of `group` other than `except`.
    fn of_group(&self, origin: &Candidates, group: u32, bit: u32, except: &[u32]) -> Vec<u32> {
        let mut out = Vec::new();
        for &u in &origin.groups()[group as usize].vars {
            if !except.contains(&u) {
                self.of(u, origin.mask(u) & (1 << bit), &mut out);
            }
        }
        out
    }

    /// The placements and the deductions (in the order drawn) the contradiction `x` rests on:
    /// each deduction's [`after`](Deduced::after) counts the placements kept before it.
    fn needed(
        &mut self,
        origin: &Candidates,
        x: Contradiction,
        drawn: Vec<Implication>,
    ) -> (Vec<Implication>, Vec<Deduced>) {
        self.stack.clear();
        match x {
            Contradiction::Empty { var } => {
                let mut out = Vec::new();
                self.of(var, origin.mask(var), &mut out);
                self.stack.extend(out);
            }
            Contradiction::NoPlace { group, bit } => {
                let out = self.of_group(origin, group, bit, &[]);
                self.stack.extend(out);
            }
        }
        self.kept.clear();
        self.kept.resize(self.premises.len(), false);
        while let Some(e) = self.stack.pop() {
            if !std::mem::replace(&mut self.kept[e as usize], true) {
                self.stack.extend(self.premises[e as usize].iter().copied());
            }
        }
        let mut deduced = Vec::new();
        let mut keep = vec![false; drawn.len()];
        let mut kept = 0;
        // The deductions' records are in event order.
        let mut records = self.deduced.iter().peekable();
        for (e, &p) in self.placement.iter().enumerate().skip(1) {
            let record = match records.peek() {
                Some((event, _)) if *event as usize == e => records.next(),
                _ => None,
            };
            if !self.kept[e] {
                continue;
            }
            match p {
                NONE => {
                    if let Some((_, d)) = record {
                        deduced.push(Deduced { after: kept, ..d.clone() });
                    }
                }
                p => {
                    keep[p as usize] = true;
                    kept += 1;
                }
            }
        }
        let implications = drawn.into_iter().zip(keep).filter(|(_, k)| *k).map(|(i, _)| i).collect();
        (implications, deduced)
    }
}

/// How [`draw_deep`] ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Drawn {
    /// The candidates reached a dead end.
    Contradiction(Contradiction),
    /// Solved, or nothing more follows.
    Open,
    /// `max_length` implications and deductions were drawn.
    Limit,
}

/// Draws consequences on `s` by singles, locked values (fish of size 1 between any two
/// families) and naked and hidden subsets of up to four, to a contradiction, a solution, no
/// progress, or `max_length` implications and deductions (counting those already in
/// `implications` and `deductions`). Each placement is appended to `implications` but those
/// of `assumed` and of variables fixed in `origin`; each other deduction counts one. With
/// `causes`, records what each rests on; with `log`, appends each deduction.
#[allow(clippy::too_many_arguments, reason = "the trial's state and its two optional records")]
pub(super) fn draw_deep(
    s: &mut Candidates,
    origin: &Candidates,
    assumed: u32,
    implications: &mut Vec<Implication>,
    deductions: &mut u32,
    max_length: u32,
    mut causes: Option<&mut Causes>,
    mut log: Option<&mut Vec<Deduced>>,
) -> Drawn {
    let done = |implications: &Vec<Implication>, deductions: u32| implications.len() as u32 + deductions >= max_length;
    loop {
        // Singles to a fixed point.
        loop {
            let mut progress = false;
            for v in 0..s.num_vars() as u32 {
                if !s.is_settled(v) {
                    if let Some(b) = s.fixed_bit(v) {
                        let placed = v != assumed && origin.fixed_bit(v).is_none();
                        // The event that settling `v` removes for (`NONE`: fixed before).
                        let mut event = if v == assumed { 0 } else { NONE };
                        if placed {
                            if let Some(k) = causes.as_deref_mut() {
                                let mut premises = Vec::new();
                                k.of(v, origin.mask(v) & !(1 << b), &mut premises);
                                event = k.event(premises, implications.len() as u32);
                            }
                            implications.push(Implication { var: v, bit: b, why: Link::Naked });
                        }
                        let gone = s.settle(v);
                        if let (Some(k), true) = (causes.as_deref_mut(), event != NONE) {
                            for (peer, _) in gone {
                                k.removed(peer, 1 << b, event);
                            }
                        }
                        progress = true;
                    }
                }
            }
            if let Some(x) = s.contradiction() {
                return Drawn::Contradiction(x);
            }
            let hidden = singles::hidden(s).next();
            if let Some(h) = hidden {
                let singles::Why::Hidden { group } = h.why else { unreachable!("hidden singles only") };
                let event = causes.as_deref_mut().map(|k| {
                    let premises = k.of_group(origin, group, h.bit, &[h.var]);
                    k.event(premises, implications.len() as u32)
                });
                implications.push(Implication { var: h.var, bit: h.bit, why: Link::Hidden { group } });
                let gone = s.assign(h.var, h.bit);
                let settled = s.settle(h.var);
                if let (Some(k), Some(e)) = (causes.as_deref_mut(), event) {
                    k.removed(h.var, gone, e);
                    for (peer, _) in settled {
                        k.removed(peer, 1 << h.bit, e);
                    }
                }
                progress = true;
            }
            if !progress {
                break;
            }
            if done(implications, *deductions) {
                return Drawn::Limit;
            }
        }
        if s.is_solved() {
            return Drawn::Open;
        }
        if done(implications, *deductions) {
            return Drawn::Limit;
        }
        let after = implications.len() as u32;
        if !deduce_one(s, origin, after, causes.as_deref_mut(), log.as_deref_mut()) {
            return Drawn::Open;
        }
        *deductions += 1;
    }
}

/// Removals: (variable, bits).
type Removals = Vec<(u32, u64)>;

/// Applies the first locked value or subset of up to four found on `s`, drawn after `after`
/// implications; whether there was one. With `causes`, records what it rests on: the removals
/// that confined the value in its base, or that left the subset's variables (naked) or values
/// (hidden) as they are; with `log`, appends it.
fn deduce_one(
    s: &mut Candidates,
    origin: &Candidates,
    after: u32,
    causes: Option<&mut Causes>,
    log: Option<&mut Vec<Deduced>>,
) -> bool {
    let families = s.families().len();
    // The deduction's premises (events), removals and pattern.
    let mut found: Option<(Vec<u32>, Removals, Deduction)> = None;
    'search: for a in 0..families {
        for b in 0..families {
            if let Some(f) = fish::find(s, a, b, 1).into_iter().next() {
                let premises =
                    causes.as_ref().map_or_else(Vec::new, |k| k.of_group(origin, f.bases[0], f.bit, &f.places));
                let removals = f.removals.iter().map(|&l| (l, 1u64 << f.bit)).collect();
                found = Some((premises, removals, Deduction::Locked(f)));
                break 'search;
            }
        }
    }
    if found.is_none() {
        for k in 2..=4 {
            if let Some(set) = subsets::naked(s, k).into_iter().chain(subsets::hidden(s, k)).next() {
                let mut premises = Vec::new();
                if let Some(c) = causes.as_ref() {
                    if set.naked {
                        for &u in &set.vars {
                            c.of(u, origin.mask(u) & !set.values, &mut premises);
                        }
                    } else {
                        for &u in origin.groups()[set.group as usize].vars.iter().filter(|u| !set.vars.contains(u)) {
                            c.of(u, origin.mask(u) & set.values, &mut premises);
                        }
                    }
                }
                let removals = set.removals.clone();
                found = Some((premises, removals, Deduction::Subset(set)));
                break;
            }
        }
    }
    let Some((premises, removals, deduction)) = found else { return false };
    let mut causes = causes;
    let event = causes.as_deref_mut().map(|k| k.event(premises, NONE));
    let recorded = event.is_some() || log.is_some();
    let mut removed = Vec::new();
    for (l, m) in removals {
        let gone = s.remove(l, m);
        if let (Some(k), Some(e)) = (causes.as_deref_mut(), event) {
            k.removed(l, gone, e);
        }
        if recorded && gone != 0 {
            removed.push((l, gone));
        }
    }
    if recorded {
        let deduced = Deduced { after, branches: 0, deduction, removed };
        match (causes, event, log) {
            (Some(k), Some(e), Some(log)) => {
                log.push(deduced.clone());
                k.deduced.push((e, deduced));
            }
            (Some(k), Some(e), None) => k.deduced.push((e, deduced)),
            (_, _, Some(log)) => log.push(deduced),
            _ => {}
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use csp::constraints::AllDifferent;
    use csp::Model;

    #[test]
    fn a_chain_keeps_only_the_implications_the_contradiction_needs() {
        // Five variables over 1..=5, pairwise different; a, b in {1, 2}; d, e in {3, 4, 5}.
        let mut model = Model::new();
        let v = model.new_vars(5, 1..=5).unwrap();
        model.post(AllDifferent::new(v.clone())).unwrap();
        let mut solver = model.into_solver();
        for x in [v[0], v[1]] {
            for value in 3..=5 {
                solver.remove_value(x, value).unwrap();
            }
        }
        for x in [v[3], v[4]] {
            for value in 1..=2 {
                solver.remove_value(x, value).unwrap();
            }
        }
        let c = Candidates::from_solver(&solver).unwrap();
        let mut trial = Trial::default();
        // c = 1: a = 2 and b = 2, one of them is left empty.
        let chain = trial.refute(&c, 2, 0).expect("c = 1 fails");
        assert!(matches!(chain.contradiction, Contradiction::Empty { var: 0 | 1 }), "{chain:?}");
        assert_eq!(chain.implications.len(), 1);
        assert!(chain.implications.iter().all(|i| i.var < 2 && i.bit == 1 && i.why == Link::Naked));
        assert_eq!(chain.length(), 2);
        assert!(trial.refute(&c, 2, 2).is_none(), "c = 3 is consistent by singles");
        let deep = trial.refute_deep(&c, 2, 0, 100).expect("deep finds it too");
        assert!(matches!(deep.contradiction, Contradiction::Empty { .. }));
    }

    #[test]
    fn a_dynamic_chain_keeps_only_the_placements_its_contradiction_needs() {
        // c = 1 places d = 3 and e = 4 (group {c, d, e}), and a = 2, which leaves b empty
        // (group {c, a, b}); only a = 2 is needed.
        let mut model = Model::new();
        let v = model.new_vars(5, 1..=4).unwrap(); // d, e, a, b, c
        model.post(AllDifferent::new(vec![v[4], v[2], v[3]])).unwrap();
        model.post(AllDifferent::new(vec![v[4], v[0], v[1]])).unwrap();
        let mut solver = model.into_solver();
        for (x, out) in [(0, vec![2, 4]), (1, vec![2, 3]), (2, vec![3, 4]), (3, vec![3, 4])] {
            for value in out {
                solver.remove_value(v[x], value).unwrap();
            }
        }
        let c = Candidates::from_solver(&solver).unwrap();
        let (cl, al) = (c.local(v[4]).unwrap(), c.local(v[2]).unwrap());
        let bl = c.local(v[3]).unwrap();
        let mut trial = Trial::default();
        let deep = trial.refute_deep(&c, cl, c.bit(1).unwrap(), 100).expect("c = 1 fails");
        assert_eq!(deep.deductions, 0);
        assert_eq!(deep.implications.len(), 1, "{deep:?}");
        let kept = deep.implications[0].var;
        assert!(kept == al || kept == bl, "{deep:?}");
        assert!(matches!(deep.contradiction, Contradiction::Empty { var } if var == al || var == bl));
    }
}

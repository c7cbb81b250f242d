//! Propagation to a fixed point.
//!
//! # Background
//!
//! Each variable `x` has a domain `D(x)`, the set of values it may still take. A constraint's
//! propagator removes values that no solution can use given the other domains. *Forward
//! checking* is the weakest useful form: once a variable is fixed, remove the values it rules
//! out from the others. The engine repeats propagation until nothing changes (a *fixed point*,
//! where every propagator is at its own fixed point) or some `D(x)` becomes empty (a
//! *wipe-out*, returned as a [`Conflict`]).
//!
//! The engine is event-driven: a domain change looks up the constraints watching the variable
//! (a compact per-variable watch list) and
//!
//! 1. if the variable became fixed and some constraint asked for [`Events::ON_FIXED`], pushes it
//!    on a stack; each fixing is delivered once to [`Constraint::on_fixed`];
//! 2. schedules [`Constraint::propagate`] of each constraint whose subscription matches, in one of
//!    three FIFO queues by [`Priority`], at most once however many events arrive.
//!
//! The loop delivers every pending fixing before it runs any scheduled propagator, and a
//! higher-priority queue is empty before a lower one is served: cheap reasoning reaches its
//! fixed point first. Nothing here allocates once the queues have their full capacity (the
//! number of variables and of constraints), which they get when the solver is built.
//!
//! The engine's state and its write path are [`Core`] (one layer down, in `context`); this
//! module holds what calls the constraints: building the watch lists from their subscriptions,
//! and the loop.

use smallvec::SmallVec;

use crate::context::core::{Core, StandIn, VarHot, Watch, IDEMPOTENT, NONE};
use crate::context::Context;
use crate::domain::ValueMap;
use crate::error::Conflict;
use crate::layout::VarInfo;
use crate::model::constraint::Constraint;
use crate::rule::Rule;
use crate::stats::Stats;
use crate::store::Store;
use crate::subscription::Events;

impl Core {
    pub(crate) fn new(
        store: Store,
        vars: &[VarInfo],
        constraints: &[Box<dyn Constraint>],
        labels: Box<[Box<str>]>,
        stand_ins: Vec<StandIn>,
    ) -> Core {
        let n = vars.len();
        // Most variables are watched by a few constraints: inline lists spare one heap
        // allocation per variable when a solver is built (docs/benchmarks.md).
        let mut lists: Vec<SmallVec<[Watch; 4]>> = vec![SmallVec::new(); n];
        for (c, con) in constraints.iter().enumerate() {
            for (local, &x) in con.scope().iter().enumerate() {
                let ev = con.subscriptions(local);
                if !ev.is_empty() {
                    lists[x.index()].push(Watch { constraint: c as u32, local: local as u32, events: ev.0 });
                }
            }
        }
        let mut hot = Vec::with_capacity(n);
        let mut watches = Vec::new();
        let mut watch_ends = Vec::with_capacity(n);
        for (list, info) in lists.iter().zip(vars) {
            let start = watches.len() as u32;
            watches.extend_from_slice(list);
            watch_ends.push(watches.len() as u32);
            hot.push(VarHot {
                offset: info.offset,
                watch_start: start,
                watch_end: watches.len() as u32,
                // 0 marks an interval domain (two blocks: its bounds), written only by
                // `narrow_interval`.
                words: if matches!(info.map, ValueMap::Interval { .. }) {
                    0
                } else {
                    info.words.min(u32::from(u16::MAX)) as u16
                },
                events: list.iter().fold(0, |acc, w| acc | w.events),
            });
        }
        let m = constraints.len();
        let mut track_base = vec![NONE; m];
        let mut track_len = vec![0; m];
        let mut track_bits = 0usize;
        for (c, con) in constraints.iter().enumerate() {
            let len = con.scope().len();
            if (0..len).any(|l| con.subscriptions(l).tracks()) {
                track_base[c] = track_bits as u32;
                track_len[c] = len as u32;
                track_bits += len;
            }
        }
        let mut core = Core {
            store,
            hot: hot.into(),
            watch_order: watches.clone().into(),
            watches: watches.into(),
            watch_ends: watch_ends.into(),
            track: vec![0; track_bits.div_ceil(64)].into(),
            track_base: track_base.into(),
            track_len: track_len.into(),
            stand_ins: stand_ins.into(),
            standing_in: false,
            fixed: Vec::with_capacity(n),
            queues: [Vec::with_capacity(m), Vec::with_capacity(m), Vec::with_capacity(m)],
            heads: [0; 3],
            flags: constraints
                .iter()
                .map(|c| c.priority() as u8 | if c.is_idempotent() { IDEMPOTENT } else { 0 })
                .collect(),
            current: NONE,
            outside_rule: Rule::External,
            stats: Stats::default(),
            observing: false,
            explaining: false,
            reporting: false,
            trail: None,
            observer: None,
            premises: Vec::new(),
            labels,
            failed: None,
            all_pending: false,
            depth_base: 0,
        };
        core.set_standing_in(true);
        core
    }

    /// Runs propagation to a fixed point or a conflict. On a conflict, pending work is dropped
    /// and the core is marked failed.
    pub(crate) fn propagate(
        &mut self,
        vars: &[VarInfo],
        constraints: &mut [Box<dyn Constraint>],
    ) -> Result<(), Conflict> {
        if self.all_pending {
            self.all_pending = false;
            self.schedule_all();
        }
        if let Some(c) = self.failed {
            return Err(c);
        }
        let r = self.run(vars, constraints);
        self.current = NONE;
        if let Err(c) = r {
            self.fail(c);
        }
        r
    }

    fn run(&mut self, vars: &[VarInfo], constraints: &mut [Box<dyn Constraint>]) -> Result<(), Conflict> {
        loop {
            if let Some(x) = self.fixed.pop() {
                let h = self.hot[x as usize];
                for k in h.watch_start as usize..h.watch_end as usize {
                    let w = self.watches[k];
                    if w.events & Events::ON_FIXED.0 != 0 {
                        self.current = w.constraint;
                        self.stats.propagations += 1;
                        if self.observing {
                            self.premises.clear();
                        }
                        let mut ctx = Context { core: self, vars };
                        constraints[w.constraint as usize].on_fixed(&mut ctx, w.local as usize)?;
                    }
                }
                self.current = NONE;
                continue;
            }
            let Some(c) = self.pop_scheduled() else { return Ok(()) };
            self.current = c;
            self.stats.propagations += 1;
            if self.observing {
                // Premises belong to the constraint that set them, for its own changes only.
                self.premises.clear();
            }
            let mut ctx = Context { core: self, vars };
            constraints[c as usize].propagate(&mut ctx)?;
            self.current = NONE;
        }
    }
}

//! Proof that the search does not allocate per node: a counting global allocator (in its own
//! test binary, since it replaces the allocator of the whole process) watches whole searches
//! after a warm-up, and the second half of a learning search (whose long-lived buffers may
//! only grow by doubling). Allocations are counted per thread, so that the tests (and the test
//! harness, which allocates as it reports a test's end) do not count each other's.

#![allow(unsafe_code, reason = "a global allocator implements an unsafe trait; this one only counts and forwards")]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use csp::branching::{LearningRestarts, Termination};
use csp::constraints::{
    AllDifferent, Among, Comparison, CountEq, Cumulative, Diffn, Disjunctive, Linear, NetworkLevel, NotEqual, Strength,
};
use csp::solve::SnapshotMode;
use csp::{Model, Outcome, Solver, Stats, Value, VarId};

struct Counting;

thread_local! {
    /// This thread's allocations (a constant initialiser and no destructor: reading it never
    /// allocates).
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

fn count() {
    // `try_with`: a thread being torn down may still allocate.
    let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
}

// SAFETY: every call is forwarded unchanged to the system allocator; only a counter is added.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: forwarded with the caller's layout, as the trait requires.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was allocated by `System.alloc` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        // SAFETY: forwarded unchanged; `ptr` came from this allocator with `layout`.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The allocations made so far by the calling thread.
fn allocations() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

/// A 9x9 Sudoku written directly against the engine, its units compiled into the all-different
/// network at `network` if given.
fn sudoku(strength: Strength, network: Option<NetworkLevel>) -> (Solver, Vec<VarId>) {
    let mut m = Model::new();
    let cells = m.new_vars(81, 1..=9).unwrap();
    for u in 0..9 {
        let row: Vec<VarId> = (0..9).map(|j| cells[u * 9 + j]).collect();
        let col: Vec<VarId> = (0..9).map(|j| cells[j * 9 + u]).collect();
        let bx: Vec<VarId> = (0..9).map(|j| cells[(u / 3 * 3 + j / 3) * 9 + u % 3 * 3 + j % 3]).collect();
        for unit in [row, col, bx] {
            m.post(AllDifferent::new(unit).with_strength(strength)).unwrap();
        }
    }
    if let Some(level) = network {
        if level == NetworkLevel::LockedValues {
            m.post_intersections().unwrap();
        }
        m.compile_all_different(level).unwrap();
    }
    (m.into_solver(), cells)
}

const PUZZLES: [&str; 3] = [
    // AI Escargot, Easter Monster, Platinum Blonde's neighbour from the forum's hardest list.
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
    "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
    "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9",
];

fn run(solver: &mut Solver, cells: &[VarId], puzzle: &str) -> u64 {
    solver.reset();
    for (i, c) in puzzle.bytes().enumerate() {
        if c.is_ascii_digit() && c != b'0' && solver.assign(cells[i], i32::from(c - b'0')).is_err() {
            return 0;
        }
    }
    solver.count_solutions(2).count
}

#[test]
fn searches_allocate_nothing_after_warm_up() {
    let networks = [None, Some(NetworkLevel::HiddenSingles), Some(NetworkLevel::LockedValues)];
    for (strength, network) in [Strength::ForwardChecking, Strength::HiddenSingles, Strength::Gac]
        .into_iter()
        .map(|s| (s, None))
        .chain(networks.into_iter().skip(1).map(|n| (Strength::HiddenSingles, n)))
    {
        for mode in [SnapshotMode::Copy, SnapshotMode::Trail] {
            let (mut solver, cells) = sudoku(strength, network);
            solver.set_snapshot_mode(mode);
            // Warm-up: buffers grow to their working size (snapshot stack, queues, scratch).
            for p in PUZZLES {
                assert_eq!(run(&mut solver, &cells, p), 1, "{strength:?} {network:?} {mode:?}");
            }
            let before = allocations();
            let nodes_before = solver.stats().nodes;
            let mut nodes = 0;
            for p in PUZZLES {
                assert_eq!(run(&mut solver, &cells, p), 1);
                nodes += solver.stats().nodes;
            }
            let _ = nodes_before;
            assert!(nodes > 100, "the puzzles need real search ({nodes} nodes)");
            assert_eq!(
                allocations() - before,
                0,
                "{strength:?} {network:?} {mode:?}: allocations during {nodes} nodes"
            );
        }
    }
}

/// The pigeonhole problem, `holes + 1` pigeons into `holes` holes, as pairwise disequalities:
/// no solution, and a refutation by clauses needs exponentially many conflicts.
fn pigeonhole(holes: i32) -> Solver {
    let mut m = Model::new();
    let x = m.new_vars(holes as usize + 1, 0..=holes - 1).unwrap();
    for i in 0..x.len() {
        for j in i + 1..x.len() {
            m.post(NotEqual::new(x[i], x[j])).unwrap();
        }
    }
    m.into_solver()
}

/// The allocation counts a [`Watch`] notes: when the search first reached `half` learned
/// clauses (with the restarts then), and at the last look after that (so that the end of the
/// search is not counted).
#[derive(Debug)]
struct Marks {
    at_half: AtomicU64,
    at_last: AtomicU64,
    restarts_at_half: AtomicU64,
}

/// Never stops the search: notes the allocation count as it goes (a termination test is asked
/// at every conflict, and allocates nothing itself).
#[derive(Debug)]
struct Watch {
    half: u64,
    marks: Arc<Marks>,
}

impl Watch {
    fn new(half: u64) -> (Watch, Arc<Marks>) {
        let marks = Arc::new(Marks {
            at_half: AtomicU64::new(u64::MAX),
            at_last: AtomicU64::new(0),
            restarts_at_half: AtomicU64::new(0),
        });
        (Watch { half, marks: Arc::clone(&marks) }, marks)
    }
}

impl Termination for Watch {
    fn should_stop(&mut self, stats: &Stats) -> bool {
        if stats.learned >= self.half {
            let now = allocations();
            if self.marks.at_half.load(Ordering::Relaxed) == u64::MAX {
                self.marks.at_half.store(now, Ordering::Relaxed);
                self.marks.restarts_at_half.store(stats.restarts, Ordering::Relaxed);
            }
            self.marks.at_last.store(now, Ordering::Relaxed);
        }
        false
    }
}

/// Runs the learning search of `build` to unsatisfiability twice, the second time watching its
/// second half: the search's statistics, the restarts of that half, the clauses kept at the
/// end, and the allocations of that half.
fn second_half(build: impl Fn() -> Solver) -> (Stats, u64, u64, u64) {
    let mut solver = build();
    solver.set_learning(true);
    assert_eq!(solver.solve(), Outcome::Unsatisfiable);
    let learned = solver.stats().learned;
    let mut solver = build();
    solver.set_learning(true);
    let (watch, marks) = Watch::new(learned / 2);
    solver.set_termination(watch);
    assert_eq!(solver.solve(), Outcome::Unsatisfiable);
    let stats = solver.stats();
    assert_eq!(stats.learned, learned, "the watch changes nothing");
    let restarts = stats.restarts - marks.restarts_at_half.load(Ordering::Relaxed);
    let kept = solver.learned_clauses().len() as u64;
    let allocated = marks.at_last.load(Ordering::Relaxed) - marks.at_half.load(Ordering::Relaxed);
    (stats.clone(), restarts, kept, allocated)
}

/// The second half of the pigeonhole refutation that `restarts` sets up (on a solver with
/// its own settings) restarts at least 10 times, the clause database was reduced, and it
/// allocates only as the long-lived buffers (clause arena, trail, kept explanations, the
/// watch lists' one arena) grow by doubling: a growth or two per buffer, fewer than one
/// allocation per 1,000 conflicts.
fn reduces_and_allocates_only_as_buffers_double(restarts: impl Fn(&mut Solver)) {
    let (stats, restarts_then, kept, second_half) = second_half(|| {
        let mut solver = pigeonhole(HOLES);
        restarts(&mut solver);
        solver
    });
    let learned = stats.learned;
    assert!(restarts_then >= 10 && kept < learned - 4000, "{learned} conflicts, {restarts_then} restarts, {kept} kept");
    eprintln!(
        "{learned} conflicts, {restarts_then} restarts in the second half, {kept} clauses kept: {second_half} allocations"
    );
    let conflicts = learned - learned / 2;
    assert!(second_half < conflicts / 1000, "{second_half} allocations over {conflicts} conflicts");
}

/// With the default restarts (Luby's): about 21,000 conflicts in the second half; 5
/// allocations since the watch lists share an arena, 64 when each of the 81 lists (one per
/// variable and per value) was a `Vec`.
#[test]
fn a_learning_search_allocates_only_as_its_buffers_double() {
    reduces_and_allocates_only_as_buffers_double(|_| {});
}

/// With Glucose's restarts, which restart when the clauses learned lately are worse than
/// usual, and also when the clause database is due for a reduction (without those, a search
/// that learns well would never reduce its clauses): 13 allocations over about 17,000
/// conflicts.
#[test]
fn a_learning_search_with_glucose_restarts_reduces_its_clauses_and_allocates_only_as_its_buffers_double() {
    reduces_and_allocates_only_as_buffers_double(|s| s.set_learning_restarts(LearningRestarts::glucose()));
}

/// A schedule with no room: tasks on a cumulative resource, a machine (a disjunctive) shared
/// by some of them, two lanes (a diffn) shared by others, and precedences, all to end by a
/// horizon below the shortest makespan.
fn tight_schedule(tasks: usize, horizon: Value) -> Solver {
    let mut m = Model::new();
    // Durations 2 to 9 and usages 1 to 3, from a fixed linear congruential sequence.
    let mut seed = 12345u32;
    let mut next = |k: u32| {
        seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
        (seed >> 16) % k
    };
    let d: Vec<Value> = (0..tasks).map(|_| 2 + next(8) as Value).collect();
    let r: Vec<Value> = (0..tasks).map(|_| 1 + next(3) as Value).collect();
    let s: Vec<VarId> = d.iter().map(|&d| m.new_var(0..=horizon - d).unwrap()).collect();
    for j in 1..tasks {
        if next(3) == 0 {
            let i = next(j as u32) as usize;
            m.post(Linear::new([(1, s[j]), (-1, s[i])], Comparison::GreaterOrEqual, d[i])).unwrap();
        }
    }
    m.post(Cumulative::new(s.clone(), d.clone(), r, 4)).unwrap();
    let machine: Vec<usize> = (0..tasks).filter(|&i| i % 3 == 0).collect();
    let (ms, md) = machine.iter().map(|&i| (s[i], d[i])).unzip();
    m.post(Disjunctive::new(ms, md)).unwrap();
    // Others in two lanes: rectangles of their duration by one lane.
    let laned: Vec<usize> = (0..tasks).filter(|&i| i % 3 == 1).collect();
    let lanes = m.new_vars(laned.len(), 0..=1).unwrap();
    let (ls, ld): (Vec<VarId>, Vec<Value>) = laned.iter().map(|&i| (s[i], d[i])).unzip();
    m.post(Diffn::new(ls, lanes, ld, vec![1; laned.len()])).unwrap();
    m.into_solver()
}

#[test]
fn explaining_schedules_allocates_only_as_buffers_double() {
    let (stats, restarts, kept, second_half) = second_half(|| tight_schedule(TASKS, HORIZON));
    let learned = stats.learned;
    eprintln!(
        "{learned} conflicts, {restarts} restarts in the second half, {kept} clauses kept: {second_half} allocations"
    );
    assert!(learned > 2000, "the schedule needs real search ({learned} conflicts)");
    // The cumulative's, the disjunctive's and the diffn's explanations, asked at every
    // conflict, work in buffers kept in the constraints (before: about 340 allocations per
    // conflict). What is left is the growth of the long-lived buffers, a few doublings each
    // however long the search: 13 allocations over about 5,300 conflicts since the watch lists
    // share an arena, 34 over 2,994 since clauses name only the values needed (a shorter
    // search, so fewer of the buffers are at their full size by its second half); 455 when
    // each of the watch lists, one per value of each start (16 starts of about 40 values: some
    // 640 lists), was a `Vec` doubling a few times (664 with the diffn's explanations
    // allocating).
    let conflicts = learned - learned / 2;
    assert!(second_half < 64, "{second_half} allocations over {conflicts} conflicts");
}

const TASKS: usize = 16;
const HORIZON: Value = 46;
const HOLES: i32 = 8;

/// The pigeonhole problem stated with counts: `holes + 1` pigeons, each hole taken at most
/// once, by a `CountEq` (even holes) or an `Among` (odd ones) with a 0/1 count.
fn pigeonhole_by_counts(holes: i32) -> Solver {
    let mut m = Model::new();
    let x = m.new_vars(holes as usize + 1, 0..=holes - 1).unwrap();
    for h in 0..holes {
        let taken = m.new_var(0..=1).unwrap();
        if h % 2 == 0 {
            let hole = m.new_var(h..=h).unwrap();
            m.post(CountEq::new(x.clone(), hole, taken)).unwrap();
        } else {
            m.post(Among::new(taken, x.clone(), [h])).unwrap();
        }
    }
    m.into_solver()
}

/// `CountEq`'s and `Among`'s explanations allocate nothing: over the second half of a learning
/// search of the pigeonhole problem stated with them (every change explained precisely), the
/// allocations are those of the long-lived buffers' growth, far fewer than the conflicts.
#[test]
fn count_and_among_explanations_allocate_nothing() {
    let (stats, _, _, second_half) = second_half(|| pigeonhole_by_counts(HOLES));
    let learned = stats.learned;
    assert!(stats.explained_generic == 0 && stats.explained_precise > learned, "{stats}");
    eprintln!(
        "{learned} conflicts, {} explained: {second_half} allocations in the second half",
        stats.explained_precise
    );
    // 9 allocations since the watch lists share an arena, 75 with a `Vec` per list.
    let conflicts = learned - learned / 2;
    assert!(conflicts > 1000 && second_half < conflicts / 1000, "{second_half} allocations over {conflicts} conflicts");
}
